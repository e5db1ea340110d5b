//! Unit tests of the rules, from dice set by hand ([`LiarsDice::with_dice`]) and from
//! seeded rolls.

use meeple::testing::check_views;
use meeple::{Engine, PlayerSet, Refusal, Start, Submission, SubmitError, Viewer};

use super::*;

const FIRST: PlayerIndex = PlayerIndex(0);
const SECOND: PlayerIndex = PlayerIndex(1);

fn start(dice: &[&[u8]]) -> Engine<LiarsDice> {
    let state = LiarsDice::with_dice(dice).expect("dice a game can have");
    Engine::from_start(Start::new(state, dice.len())).expect("a position a game can reach")
}

fn bid(engine: &mut Engine<LiarsDice>, player: PlayerIndex, quantity: u8, face: u8) {
    engine
        .submit_submission(
            player,
            &Submission::new("make_bid")
                .with("quantity", quantity)
                .with("face", face),
        )
        .unwrap_or_else(|error| panic!("{player} bids {quantity}-{face}: {error}"));
}

fn call(engine: &mut Engine<LiarsDice>, player: PlayerIndex) {
    engine
        .submit_submission(player, &Submission::new("call_liar"))
        .unwrap_or_else(|error| panic!("{player} calls: {error}"));
}

/// OpenSpiel's examples, the first die seat 0's: a 6 counts for any face but a bid on 6
/// counts only 6s.
#[test]
fn the_call_is_judged_with_sixes_wild_as_in_openspiel() {
    for (dice, quantity, face, winner) in [
        ([6, 3], 1, 4, FIRST),
        ([6, 3], 2, 3, FIRST),
        ([6, 3], 2, 6, SECOND),
        ([1, 3], 1, 6, SECOND),
    ] {
        let mut engine = start(&[&dice[..1], &dice[1..]]);
        bid(&mut engine, FIRST, quantity, face);
        // After the highest bid (2-6), the call is the only action: the engine plays it.
        if engine.position().outcome().is_none() {
            call(&mut engine, SECOND);
        }
        let finish = engine.position().state().finish().expect("over");
        assert_eq!(finish.winner, winner, "{dice:?} {quantity}-{face}");
        let outcome = engine.position().outcome().expect("over");
        assert_eq!(outcome.finish(), meeple::Finish::Win(winner));
    }
}

/// Each seat sees its own dice only, in the state and in the roll's words, until the
/// call shows them all.
#[test]
fn dice_are_hidden_from_the_other_seats_until_the_call() {
    let mut engine = Engine::<LiarsDice>::new(LiarsDiceConfig { dice: 2 }, 3, 5).expect("setup");
    let full = engine.position().state().clone();
    for seat in 0..3 {
        let view = engine.position().view(Viewer::Player(PlayerIndex(seat)));
        for other in 0..3 {
            let dice = view.dice(PlayerIndex(other)).expect("a seat");
            if other == seat {
                assert_eq!(dice, full.dice(PlayerIndex(other)).expect("a seat"));
                assert_eq!(dice.faces().len(), 2);
            } else {
                assert!(dice.is_empty(), "seat {seat} sees seat {other}'s dice");
            }
        }
        let roll = &engine.records()[0].moves[1];
        let words = view
            .describe_move(roll, Viewer::Player(PlayerIndex(seat)))
            .expect("words");
        assert_eq!(
            words,
            format!(
                "The dice are rolled: yours show {}",
                full.dice(PlayerIndex(seat)).expect("a seat")
            )
        );
    }
    bid(&mut engine, FIRST, 1, 2);
    call(&mut engine, SECOND);
    let view = engine.position().view(Viewer::Player(FIRST));
    assert_eq!(view.shown(), Some(&full.dice));
}

/// A bid that does not rise is refused with the reason, and changes nothing; the call is
/// not offered before a bid, nor to anyone out of turn.
#[test]
fn a_bid_must_rise_and_the_call_needs_a_bid() {
    let mut engine = start(&[&[2, 5], &[3, 6]]);
    assert_eq!(
        engine
            .submit_submission(FIRST, &Submission::new("call_liar"))
            .err()
            .map(|error| error.to_string()),
        Some("`call_liar` is not available to Player 1 now; available: make_bid".to_owned())
    );
    bid(&mut engine, FIRST, 2, 4);
    let before = serde_json::to_string(engine.position().state()).expect("JSON");
    let records = engine.records().len();
    // A lower quantity, or the same quantity of a face not higher, is refused by the
    // face's validation.
    let refused = engine.submit_submission(
        SECOND,
        &Submission::new("make_bid")
            .with("quantity", 1)
            .with("face", 6),
    );
    assert_eq!(
        refused,
        Err(SubmitError::Refused(Refusal::Invalid {
            action: "make_bid",
            selection: "face",
            message: "a bid must rise above 2 dice showing 4: more dice, or a higher face"
                .to_owned(),
        }))
    );
    assert_eq!(
        engine
            .submit_submission(
                SECOND,
                &Submission::new("make_bid")
                    .with("quantity", 2)
                    .with("face", 3)
            )
            .err()
            .map(|error| error.to_string()),
        Some(
            "`make_bid`: a bid must rise above 2 dice showing 4: more dice, or a higher face"
                .to_owned()
        ),
        "the exact refusal"
    );
    assert_eq!(
        serde_json::to_string(engine.position().state()).expect("JSON"),
        before
    );
    assert_eq!(engine.records().len(), records);
    // 2-5 rises: the same quantity of a higher face.
    bid(&mut engine, SECOND, 2, 5);
    assert_eq!(engine.position().to_act(), PlayerSet::one(FIRST));
}

/// The prompt preselects the lowest bid that rises: after 2-4, two dice, then face 5; with
/// three dice, face 1. After the highest bid, only the call is left.
#[test]
fn the_lowest_rising_bid_is_preselected() {
    let mut engine = start(&[&[2, 5], &[3, 6]]);
    bid(&mut engine, FIRST, 2, 4);
    let quantity = engine
        .position()
        .prompt_action(SECOND, "make_bid", &[])
        .expect("offered");
    let selection = quantity.selection.expect("the quantity");
    assert_eq!(
        selection.kind,
        meeple::SelectionKind::ChooseNumber {
            min: 2,
            max: 4,
            initial: Some(2)
        }
    );
    let face = |quantity: u8| {
        let prompt = engine
            .position()
            .prompt_action(SECOND, "make_bid", &[serde_json::json!(quantity)])
            .expect("offered");
        prompt.selection.expect("the face").kind
    };
    assert_eq!(
        face(2),
        meeple::SelectionKind::ChooseNumber {
            min: 5,
            max: 6,
            initial: Some(5)
        }
    );
    assert_eq!(
        face(3),
        meeple::SelectionKind::ChooseNumber {
            min: 1,
            max: 6,
            initial: Some(1)
        }
    );
    // After the highest bid, the call is the only action left: the engine plays it.
    bid(&mut engine, SECOND, 4, 6);
    let finish = engine
        .position()
        .state()
        .finish()
        .expect("the call was forced");
    assert_eq!((finish.caller, finish.bidder), (FIRST, SECOND));
    assert_eq!(finish.matching, 1);
    assert_eq!(finish.winner, FIRST);
}

#[test]
fn tables_outside_the_rules_are_refused() {
    assert_eq!(
        Engine::<LiarsDice>::new(LiarsDiceConfig { dice: 6 }, 2, 0)
            .err()
            .map(|error| error.to_string()),
        Some("invalid config: dice: each player rolls 1 to 5 dice, not 6".to_owned())
    );
    assert_eq!(
        Engine::<LiarsDice>::new(LiarsDiceConfig::default(), 7, 0)
            .err()
            .map(|error| error.to_string()),
        Some("liars_dice is played by 2 to 6 players, not 7".to_owned())
    );
    assert_eq!(
        LiarsDice::with_dice(&[&[1], &[7]]).err(),
        Some(SetupError::State {
            reason: "a die shows 1 to 6, not 7".to_owned()
        })
    );
}

/// A seat out of time bids the lowest bid that rises, and calls after the highest (asked
/// with forced completions left to the player, so the call after 2-6 waits).
#[test]
fn the_timeout_bids_the_lowest_rise_or_calls() {
    let state = LiarsDice::with_dice(&[&[2], &[3]]).expect("dice");
    let settings = meeple::PositionSettings {
        autoplay_forced: false,
        ..meeple::PositionSettings::default()
    };
    let mut engine = Engine::from_start(Start::new(state, 2).with_settings(settings))
        .expect("a position a game can reach");
    bid(&mut engine, FIRST, 1, 5);
    let state = engine.position().state();
    assert_eq!(
        state.timeout_action(engine.position().progress(), SECOND),
        Some(LiarsDiceAction::MakeBid(MakeBid {
            quantity: 1,
            face: 6
        }))
    );
    bid(&mut engine, SECOND, 2, 6);
    assert!(engine.position().outcome().is_none());
    let state = engine.position().state();
    assert_eq!(
        state.timeout_action(engine.position().progress(), FIRST),
        Some(LiarsDiceAction::CallLiar(CallLiar))
    );
}

#[test]
fn views_hide_the_dice_at_every_step() {
    for players in [2, 4] {
        let config = LiarsDiceConfig { dice: 2 };
        let report = check_views::<LiarsDice>(&config, players, 0..10, None, 100)
            .unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(report.games, 10);
    }
}
