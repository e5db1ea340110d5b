//! Unit tests of the rules, from hands dealt by hand ([`LeducPoker::dealt`]) and seeded
//! deals, with OpenSpiel's examples.

use meeple::testing::check_views;
use meeple::{Engine, PlayerSet, Start, Submission};

use super::*;

const FIRST: PlayerIndex = PlayerIndex(0);
const SECOND: PlayerIndex = PlayerIndex(1);
const THIRD: PlayerIndex = PlayerIndex(2);

/// Two players' cards: J, Q, K of spades (suit 0) and hearts (suit 1).
const J1: Card = Card { rank: 0, suit: 0 };
const J2: Card = Card { rank: 0, suit: 1 };
const Q1: Card = Card { rank: 1, suit: 0 };
const K2: Card = Card { rank: 2, suit: 1 };

fn start(config: &LeducConfig, cards: &[Card], public: Option<Card>) -> Engine<LeducPoker> {
    let state = LeducPoker::dealt(config, cards, public).expect("a hand a game can deal");
    Engine::from_start(Start::new(state, cards.len())).expect("a position a game can reach")
}

/// Plays `bets` (`(seat, "fold" | "call" | "raise")`) in order.
fn bet(engine: &mut Engine<LeducPoker>, bets: &[(PlayerIndex, &str)]) {
    for &(player, action) in bets {
        engine
            .submit_submission(player, &Submission::new(action))
            .unwrap_or_else(|error| panic!("{player} {action}: {error}"));
    }
}

fn net(engine: &Engine<LeducPoker>) -> Vec<i64> {
    engine.position().outcome().expect("over").scores().to_vec()
}

/// OpenSpiel's examples: J1 against K2 with Q1 public, checked twice: the king wins the
/// antes; with J2 public, the pair of jacks does.
#[test]
fn the_showdown_ranks_a_pair_over_a_high_card_as_in_openspiel() {
    let checks = [(FIRST, "call"), (SECOND, "call")];
    let mut engine = start(&LeducConfig::default(), &[J1, K2], Some(Q1));
    bet(&mut engine, &checks);
    assert_eq!(net(&engine), [-1, 1]);
    let finish = engine.position().state().finish().expect("over");
    assert!(finish.showdown);
    let mut engine = start(&LeducConfig::default(), &[J1, K2], Some(J2));
    bet(&mut engine, &checks);
    assert_eq!(net(&engine), [1, -1]);
    // Equal hands split the pot.
    let mut engine = start(&LeducConfig::default(), &[J1, J2], Some(Q1));
    bet(&mut engine, &checks);
    assert_eq!(net(&engine), [0, 0]);
    assert_eq!(
        engine.position().state().finish().expect("over").winners,
        PlayerSet::all(2)
    );
}

/// OpenSpiel's examples of folds: a raise and a fold win 1; a raise, a re-raise and a fold
/// lose 3. Round 1 raises by 2.
#[test]
fn a_fold_gives_the_pot_to_the_player_left() {
    let mut engine = start(&LeducConfig::default(), &[J1, K2], None);
    bet(&mut engine, &[(FIRST, "raise"), (SECOND, "fold")]);
    assert_eq!(net(&engine), [1, -1]);
    assert!(!engine.position().state().finish().expect("over").showdown);
    let mut engine = start(&LeducConfig::default(), &[J1, K2], None);
    bet(
        &mut engine,
        &[(FIRST, "raise"), (SECOND, "raise"), (FIRST, "fold")],
    );
    assert_eq!(net(&engine), [-3, 3]);
}

/// Raise, re-raise, call in both rounds, the second raising by 4: 13 chips each in the
/// pot, won or lost whole (OpenSpiel's largest return).
#[test]
fn two_raises_a_round_reach_thirteen_chips() {
    let mut engine = Engine::<LeducPoker>::new(LeducConfig::default(), 2, 4).expect("setup");
    let round = [(FIRST, "raise"), (SECOND, "raise"), (FIRST, "call")];
    bet(&mut engine, &round);
    let state = engine.position().state();
    assert_eq!(
        (state.round(), state.put_in(FIRST), state.put_in(SECOND)),
        (2, 5, 5)
    );
    assert!(state.public_card().is_some());
    // The second round begins at seat 0 again.
    assert_eq!(engine.position().to_act(), PlayerSet::one(FIRST));
    bet(&mut engine, &[(FIRST, "raise"), (SECOND, "raise")]);
    // Two raises: no third.
    let actions: Vec<String> = engine
        .position()
        .prompt(FIRST)
        .actions
        .into_iter()
        .map(|action| action.action)
        .collect();
    assert_eq!(actions, ["fold", "call"]);
    bet(&mut engine, &[(FIRST, "call")]);
    let scores = net(&engine);
    assert_eq!(
        scores.iter().map(|score| score.abs()).collect::<Vec<_>>(),
        [13, 13]
    );
    assert_eq!(scores.iter().sum::<i64>(), 0);
}

/// Nothing to match: no fold offered, the call is a check; the refusal names what is.
#[test]
fn a_fold_is_offered_only_when_facing_a_bet() {
    let mut engine = start(&LeducConfig::default(), &[J1, K2], None);
    let prompt = engine.position().prompt(FIRST);
    let offered: Vec<(String, String)> = prompt
        .actions
        .iter()
        .map(|action| (action.action.clone(), action.prompt.clone()))
        .collect();
    assert_eq!(
        offered,
        [
            ("call".to_owned(), "Check".to_owned()),
            ("raise".to_owned(), "Raise 2".to_owned())
        ]
    );
    let before = serde_json::to_string(engine.position().state()).expect("JSON");
    assert_eq!(
        engine
            .submit_submission(FIRST, &Submission::new("fold"))
            .err()
            .map(|error| error.to_string()),
        Some("`fold` is not available to Player 1 now; available: call, raise".to_owned())
    );
    assert_eq!(
        serde_json::to_string(engine.position().state()).expect("JSON"),
        before
    );
    bet(&mut engine, &[(FIRST, "raise")]);
    let prompt = engine.position().prompt(SECOND);
    let offered: Vec<String> = prompt
        .actions
        .iter()
        .map(|action| action.prompt.clone())
        .collect();
    assert_eq!(offered, ["Fold", "Call 2", "Raise 2"]);
}

/// Three players: the one who folded is skipped in the rest of the hand, and the round
/// ends once the others have matched the raise.
#[test]
fn a_folded_seat_is_skipped() {
    let cards = [J1, Q1, K2];
    let mut engine = start(&LeducConfig::default(), &cards, None);
    bet(
        &mut engine,
        &[(FIRST, "raise"), (SECOND, "fold"), (THIRD, "call")],
    );
    let state = engine.position().state();
    assert_eq!(state.round(), 2);
    assert_eq!(engine.position().to_act(), PlayerSet::one(FIRST));
    bet(&mut engine, &[(FIRST, "call")]);
    assert_eq!(engine.position().to_act(), PlayerSet::one(THIRD));
    bet(&mut engine, &[(THIRD, "call")]);
    let state = engine.position().state();
    let finish = state.finish().expect("over");
    assert_eq!(finish.pot, 7);
    assert_eq!(finish.net[SECOND], -1);
    // The showdown shows the hands still in, not the one folded.
    let shown = state.shown().expect("a showdown");
    assert_eq!(
        (shown[FIRST], shown[SECOND], shown[THIRD]),
        (Some(J1), None, Some(K2))
    );
}

/// Kuhn poker: one round, raises of 1, one raise; the higher card wins.
#[test]
fn kuhn_is_one_round_of_one_raise() {
    let kuhn = LeducConfig {
        variant: Variant::Kuhn,
    };
    let jack = Card { rank: 0, suit: 0 };
    let king = Card { rank: 2, suit: 0 };
    let mut engine = start(&kuhn, &[jack, king], None);
    bet(&mut engine, &[(FIRST, "call"), (SECOND, "raise")]);
    let actions: Vec<String> = engine
        .position()
        .prompt(FIRST)
        .actions
        .into_iter()
        .map(|action| action.action)
        .collect();
    assert_eq!(actions, ["fold", "call"]);
    bet(&mut engine, &[(FIRST, "call")]);
    assert_eq!(net(&engine), [-2, 2]);
    assert_eq!(engine.position().state().public_card(), None);
    assert_eq!(
        LeducPoker::dealt(&kuhn, &[jack, king], Some(Card { rank: 1, suit: 0 })).err(),
        Some(SetupError::State {
            reason: "Kuhn poker has no public card".to_owned()
        })
    );
}

/// A seat out of time checks, or folds when facing a bet.
#[test]
fn the_timeout_checks_or_folds() {
    let mut engine = start(&LeducConfig::default(), &[J1, K2], None);
    let progress = engine.position().progress();
    assert_eq!(
        engine.position().state().timeout_action(progress, FIRST),
        Some(LeducAction::Call(Call))
    );
    bet(&mut engine, &[(FIRST, "raise")]);
    let progress = engine.position().progress();
    assert_eq!(
        engine.position().state().timeout_action(progress, SECOND),
        Some(LeducAction::Fold(Fold))
    );
}

#[test]
fn views_hide_the_private_cards_at_every_step() {
    for (config, players) in [
        (LeducConfig::default(), 2),
        (LeducConfig::default(), 4),
        (
            LeducConfig {
                variant: Variant::Kuhn,
            },
            3,
        ),
    ] {
        let report = check_views::<LeducPoker>(&config, players, 0..10, None, 100)
            .unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(report.games, 10);
    }
}
