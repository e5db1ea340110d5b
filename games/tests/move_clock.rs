//! A clock per move ([`PositionSettings::move_clock`], issue 32): each seat to act has its
//! own deadline, from when it became to act or last acted; when it runs out, the engine
//! plays the game's timeout move for it (Hearts: its three highest cards, its lowest legal
//! card), else its first completion, as a record of kind `timeout`. Time enters only by
//! `advance_clock`; a clocked game replays byte for byte and keeps its deadlines when
//! restored from its log or from a snapshot.

use std::time::Duration;

use meeple::{Engine, Game, PlayerIndex, PlayerSet, PositionSettings, RecordKind};
use meeple_games::french::{Card, CardSet};
use meeple_games::hearts::{Hearts, HeartsAction, HeartsConfig};
use meeple_games::tictactoe::TicTacToe;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

const NORTH: PlayerIndex = PlayerIndex(0);
const EAST: PlayerIndex = PlayerIndex(1);

fn ms(millis: u64) -> Duration {
    Duration::from_millis(millis)
}

fn clocked<G: Game>(players: usize, seed: u64, clock: u64) -> Engine<G> {
    let settings = PositionSettings {
        move_clock: Some(ms(clock)),
        ..PositionSettings::default()
    };
    Engine::<G>::with_settings(G::Config::default(), players, seed, settings)
        .expect("a valid setup")
}

fn bytes<G: Game + serde::Serialize>(engine: &Engine<G>) -> Vec<u8> {
    serde_json::to_vec(&(engine.position().state(), engine.clock(), engine.deadline()))
        .expect("the game serializes")
}

#[test]
fn a_seat_out_of_time_has_its_first_completion_played() {
    let mut engine = clocked::<TicTacToe>(2, 1, 1_000);
    assert_eq!(engine.position().to_act(), PlayerSet::one(NORTH));
    assert_eq!(engine.deadline(), Some(ms(1_000)));
    assert_eq!(engine.move_deadline(NORTH), Some(ms(1_000)));
    assert_eq!(engine.move_deadline(EAST), None);

    let records = engine.records().len();
    assert_eq!(engine.advance_clock(ms(999)), Ok(0), "not yet");
    assert_eq!(engine.records().len(), records);

    // Tic-tac-toe has no timeout move of its own: the first completion is played.
    let mut expected = engine.clone();
    expected.submit_nth(NORTH, 0).expect("a completion");
    assert_eq!(engine.advance_clock(ms(1_000)), Ok(1));
    let timeout = engine.records()[records..]
        .iter()
        .find(|record| record.kind != RecordKind::Flow)
        .expect("the timeout's record");
    assert_eq!(timeout.kind, RecordKind::Timeout);
    assert_eq!(timeout.player, Some(NORTH));
    assert_eq!(timeout.clock, 1_000);
    assert_eq!(engine.position().state(), expected.position().state());

    // The other seat has the whole clock from when it became to act.
    assert_eq!(engine.position().to_act(), PlayerSet::one(EAST));
    assert_eq!(engine.move_deadline(EAST), Some(ms(2_000)));
    assert_eq!(engine.move_deadline(NORTH), None);
    engine.advance_clock(ms(1_500)).expect("time moves on");
    engine.submit_nth(EAST, 0).expect("a completion");
    assert_eq!(engine.move_deadline(NORTH), Some(ms(2_500)));

    // Late by far: one timeout, and the next seat's clock starts then, not before.
    assert_eq!(engine.advance_clock(ms(10_000)), Ok(1));
    assert_eq!(engine.move_deadline(EAST), Some(ms(11_000)));
}

#[test]
fn seats_that_act_at_once_keep_their_own_deadlines_and_the_game_plays_its_timeout_move() {
    let mut engine = clocked::<Hearts>(4, 7, 1_000);
    assert_eq!(
        engine.position().to_act(),
        PlayerSet::all(4),
        "everyone passes"
    );
    engine.advance_clock(ms(400)).expect("time moves on");
    engine.submit_nth(NORTH, 0).expect("North passes");
    for seat in 1..4 {
        assert_eq!(
            engine.move_deadline(PlayerIndex(seat)),
            Some(ms(1_000)),
            "nobody gains time from another's pass"
        );
    }
    assert_eq!(engine.move_deadline(NORTH), None);

    let hands: Vec<CardSet> = (0..4)
        .map(|seat| engine.position().state().hand(PlayerIndex(seat)))
        .collect();
    let before = engine.records().len();
    assert_eq!(engine.advance_clock(ms(1_000)), Ok(3));
    let timeouts: Vec<_> = engine.records()[before..]
        .iter()
        .filter(|record| record.kind == RecordKind::Timeout)
        .collect();
    assert_eq!(
        timeouts
            .iter()
            .map(|record| record.player)
            .collect::<Vec<_>>(),
        vec![
            Some(PlayerIndex(1)),
            Some(PlayerIndex(2)),
            Some(PlayerIndex(3))
        ],
        "in seat order"
    );
    // Each passed its three highest cards (aces high).
    for timeout in timeouts {
        let seat = timeout.player.expect("a seat").0;
        let mut hand: Vec<Card> = hands[seat].iter().collect();
        hand.sort_by_key(|card| (card.rank, card.suit));
        let highest: CardSet = hand[10..]
            .iter()
            .fold(CardSet::EMPTY, |cards, &card| cards.with(card));
        let Some(HeartsAction::PassCards(passed)) = &timeout.action else {
            panic!("a pass: {timeout:?}");
        };
        let passed = passed.cards;
        assert_eq!(passed, highest);
    }

    // In play, a seat out of time plays its lowest legal card.
    let player = engine.position().to_act().first().expect("someone plays");
    let legal = engine.position().state().legal_cards(player);
    let lowest = legal
        .iter()
        .min_by_key(|card| (card.rank, card.suit))
        .expect("a legal card");
    let deadline = engine.move_deadline(player).expect("their clock runs");
    assert_eq!(engine.advance_clock(deadline), Ok(1));
    assert!(
        engine
            .position()
            .state()
            .trick()
            .any(|(by, card)| by == player && card == lowest)
    );
}

#[test]
fn a_clocked_game_replays_byte_for_byte_and_keeps_its_deadlines() {
    let config = HeartsConfig {
        target_score: 26,
        ..HeartsConfig::default()
    };
    let settings = PositionSettings {
        move_clock: Some(ms(500)),
        ..PositionSettings::default()
    };
    let mut engine = Engine::<Hearts>::with_settings(config, 4, 3, settings).expect("a setup");
    let mut random = StdRng::seed_from_u64(5);
    let mut now = 0;
    let mut timeouts = 0;
    while engine.position().outcome().is_none() {
        if random.random_bool(0.3) {
            // A seat out of time.
            now = millis(engine.deadline().expect("a clock runs"));
        } else {
            now += random.random_range(0..400);
        }
        let fired = engine.advance_clock(ms(now)).expect("time moves on");
        timeouts += fired;
        if engine.position().outcome().is_some() {
            break;
        }
        if fired == 0 {
            let player = engine.position().to_act().first().expect("someone acts");
            let count = engine.position().count_completions(player);
            engine
                .submit_nth(player, random.random_range(0..count))
                .expect("a completion");
        }
        if random.random_bool(0.2) {
            let log = engine.log();
            let restored = Engine::<Hearts>::restore(&log).expect("the log restores");
            assert_eq!(bytes(&restored), bytes(&engine));
            // From a snapshot too: every seat's deadline comes along.
            let snapshot = Engine::<Hearts>::restore(&engine.snapshot().expect("a snapshot"))
                .expect("the snapshot restores");
            assert_eq!(snapshot.position().state(), engine.position().state());
            for seat in 0..4 {
                assert_eq!(
                    restored.move_deadline(PlayerIndex(seat)),
                    engine.move_deadline(PlayerIndex(seat))
                );
                assert_eq!(
                    snapshot.move_deadline(PlayerIndex(seat)),
                    engine.move_deadline(PlayerIndex(seat))
                );
            }
        }
    }
    assert!(timeouts > 10, "{timeouts} timeouts");
    let log = engine.log();
    assert_eq!(log.move_clock_ms, Some(500));
    let json = serde_json::to_string(&log).expect("the log serializes");
    let replayed = Engine::<Hearts>::replay_json(&json).expect("the log replays");
    assert_eq!(bytes(&replayed), bytes(&engine));
    assert_eq!(
        serde_json::to_string(&replayed.log()).expect("the log serializes"),
        json
    );
}

#[test]
fn a_game_without_a_clock_has_no_deadline_and_writes_none() {
    let mut engine = Engine::<TicTacToe>::new(Default::default(), 2, 1).expect("a setup");
    assert_eq!(engine.deadline(), None);
    assert_eq!(engine.advance_clock(ms(1_000_000)), Ok(0));
    assert_eq!(engine.log().move_clock_ms, None);
    let json = serde_json::to_string(&engine.log()).expect("the log serializes");
    assert!(!json.contains("move_clock_ms"), "{json}");
}

fn millis(duration: Duration) -> u64 {
    u64::try_from(duration.as_millis()).expect("a short game")
}
