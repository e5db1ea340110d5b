//! Whole games of the Smash Up–style game: played to the end by agents, deterministic from
//! the seed and the answers, replayed byte for byte, and unmoved by bad submissions.

use meeple::{Engine, PlayerIndex, RandomAgent, Submission};
use meeple_games::smash::{Smash, SmashConfig, WINNING_VP};
use proptest::prelude::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{Value, json};

/// Plays a game of `players` from `seed` to its end by random completions drawn from
/// `answers`.
fn played(players: usize, seed: u64, answers: u64) -> Engine<Smash> {
    let mut engine = Engine::<Smash>::new(SmashConfig::default(), players, seed).expect("a table");
    let mut rng = ChaCha8Rng::seed_from_u64(answers);
    while engine.position().outcome().is_none() {
        let player = engine
            .position()
            .to_act()
            .first()
            .expect("someone acts until the end");
        let count = engine.position().count_completions(player);
        assert!(count > 0, "{player} has a completion");
        engine
            .submit_nth(player, rng.random_range(0..count))
            .expect("a completion is accepted");
    }
    engine
}

fn json_of<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("serializes")
}

#[test]
fn the_same_seed_and_answers_give_the_same_events_and_the_log_replays_byte_for_byte() {
    for players in 2..=4 {
        let first = played(players, 11, 5);
        let second = played(players, 11, 5);
        assert_eq!(
            json_of(&first.position().state().effects.events),
            json_of(&second.position().state().effects.events)
        );
        assert_eq!(json_of(&first.log()), json_of(&second.log()));
        let outcome = first.position().outcome().expect("over");
        let best = outcome.scores().iter().copied().max().unwrap_or(0);
        assert!(
            best >= i64::from(WINNING_VP)
                || first.position().state().turns_played()
                    >= meeple_games::smash::TURN_LIMIT as usize,
            "{players} players: {outcome:?}"
        );
        let replayed =
            Engine::<Smash>::replay(&serde_json::from_str(&json_of(&first.log())).expect("a log"))
                .expect("the log replays");
        assert_eq!(
            json_of(replayed.position().state()),
            json_of(first.position().state())
        );
        // Other answers, another game.
        let other = played(players, 11, 6);
        assert_ne!(json_of(&other.log()), json_of(&first.log()));
    }
}

#[test]
fn agents_play_to_the_end() {
    use meeple::Agent;
    let mut engine = Engine::<Smash>::new(SmashConfig::default(), 3, 4).expect("a table");
    let mut agents: Vec<RandomAgent> = (0..3).map(RandomAgent::new).collect();
    while engine.position().outcome().is_none() {
        let player = engine.position().to_act().first().expect("someone acts");
        let action = agents[player.0]
            .choose(engine.position(), player)
            .expect("a choice");
        engine.submit(player, action).expect("accepted");
    }
}

/// A value a bad submission may hold: a number, a card that exists or not, a target of
/// any shape, a list, nothing.
fn value() -> impl Strategy<Value = Value> {
    prop_oneof![
        (0u64..40).prop_map(|number| json!(number)),
        (0u16..90).prop_map(|index| json!(format!("Cannon#{index}"))),
        (0u16..90).prop_map(|index| json!(format!("Microbot#{index}"))),
        Just(json!("Nobody#1")),
        Just(json!("Cannon")),
        (0u8..6).prop_map(|slot| json!({ "Base": slot })),
        (0u16..90).prop_map(|index| json!({ "Minion": format!("Gremlin#{index}") })),
        (0usize..6).prop_map(|player| json!({ "Player": player })),
        Just(json!([])),
        (0u16..90).prop_map(|index| json!([format!("Zapbot#{index}")])),
        Just(Value::Null),
        Just(json!(-1)),
    ]
}

const ACTIONS: [&str; 9] = [
    "play_minion",
    "play_action",
    "end_plays",
    "may_destroy",
    "move_buccaneer",
    "discard_card",
    "order_triggers",
    "choose_replacement",
    "no_such_action",
];

const SELECTIONS: [&str; 7] = ["card", "base", "target", "targets", "to", "next", "choice"];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// A submission that is refused changes nothing: the state and the log stay exactly as
    /// they were.
    #[test]
    fn bad_submissions_change_nothing(
        seed in any::<u64>(),
        steps in 0usize..120,
        seat in 0usize..3,
        action in 0usize..ACTIONS.len(),
        selections in prop::collection::vec((0usize..SELECTIONS.len(), value()), 0..4),
    ) {
        let mut engine = Engine::<Smash>::new(SmashConfig::default(), 2, seed).expect("a table");
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..steps {
            let Some(player) = engine.position().to_act().first() else { break };
            let count = engine.position().count_completions(player);
            engine.submit_nth(player, rng.random_range(0..count)).expect("accepted");
        }
        let mut submission = Submission::new(ACTIONS[action]);
        for (name, value) in selections {
            submission = submission.with(SELECTIONS[name], value);
        }
        let state = json_of(engine.position().state());
        let log = json_of(&engine.log());
        if engine.submit_submission(PlayerIndex(seat), &submission).is_err() {
            prop_assert_eq!(json_of(engine.position().state()), state);
            prop_assert_eq!(json_of(&engine.log()), log);
        }
    }
}
