//! Backgammon played whole: prompts at each kind of decision and the table (insta), random
//! games from fixed seeds with pinned results, logged and replayed byte for byte, and UCT
//! against random play to the end.

use meeple::{Budget, Engine, PlayerIndex, RandomAgent, SearchAgent, Start, Viewer};
use meeple_games::backgammon::{Backgammon, BackgammonConfig, Checkers};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::json;

mod matches;

use matches::play_match;

const X: PlayerIndex = PlayerIndex(0);

fn json_of<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("serializes")
}

/// Plays a game with random completions, seeded; returns the engine at the end.
fn random_game(config: BackgammonConfig, seed: u64) -> Engine<Backgammon> {
    let mut engine = Engine::<Backgammon>::new(config, 2, seed).expect("a valid setup");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    while let Some(player) = engine.position().to_act().first() {
        let count = engine.position().count_completions(player);
        assert!(count > 0, "{player} has nothing to play");
        let pick = rng.random_range(0..count);
        let action = engine
            .position()
            .nth_completion(player, pick)
            .expect("a completion");
        engine
            .submit(player, action)
            .expect("an offered completion is accepted");
    }
    engine
}

/// The opening position with X to play 3 and 1: the checkers X may move, then the pips
/// of the one chosen, then the second checker; the table as text and as pieces.
#[test]
fn prompts_at_each_kind_of_decision() {
    let state = Backgammon::new(BackgammonConfig::default(), Checkers::start(), X)
        .with_dice([1, 3])
        .expect("faces");
    let engine = Engine::from_start(Start::new(state, 2)).expect("the start");
    insta::assert_json_snapshot!("backgammon_first_checker", engine.position().prompt(X));
    insta::assert_json_snapshot!(
        "backgammon_pips_of_the_eight",
        engine
            .position()
            .prompt_action(X, "play_dice", &[json!({"point": 16})])
            .expect("offered")
    );
    insta::assert_json_snapshot!(
        "backgammon_second_checker",
        engine
            .position()
            .prompt_action(X, "play_dice", &[json!({"point": 16}), json!(3)])
            .expect("offered")
    );
    insta::assert_snapshot!(
        "backgammon_summary",
        engine.position().state().summary(Viewer::Player(X))
    );
    insta::assert_json_snapshot!(
        "backgammon_scene",
        engine.position().scene(Viewer::Player(X))
    );
}

/// Random games from fixed seeds end with these results, each log replaying to the same
/// state and writing the same log again, byte for byte.
#[test]
fn random_games_end_with_these_results_and_replay_byte_for_byte() {
    let mut results = Vec::new();
    for seed in 0..3 {
        let engine = random_game(BackgammonConfig::default(), seed);
        let state = engine.position().state();
        results.push((state.finish(), state.turns()));
        let log = json_of(&engine.log());
        let replayed = Engine::<Backgammon>::replay(&serde_json::from_str(&log).expect("a log"))
            .expect("the log replays");
        assert_eq!(
            json_of(replayed.position().state()),
            json_of(engine.position().state())
        );
        assert_eq!(json_of(&replayed.log()), log);
    }
    insta::assert_json_snapshot!("backgammon_random_results", results);
}

/// UCT (20 playouts a decision, each cut at the turn limit) against random play, in a
/// game of forty turns at most: played to its end, and its log replays.
#[test]
fn uct_plays_a_game_to_its_end() {
    let config = BackgammonConfig {
        max_turns: 40,
        ..BackgammonConfig::default()
    };
    let mut engine = Engine::<Backgammon>::new(config, 2, 11).expect("setup");
    let mut uct = SearchAgent::uct(11, Budget::Iterations(20));
    let mut random = RandomAgent::new(11);
    play_match(&mut engine, X, &mut uct, &mut random, |step| 11_000 + step);
    assert!(engine.position().state().finish().is_some());
    let log = json_of(&engine.log());
    let replayed = Engine::<Backgammon>::replay(&serde_json::from_str(&log).expect("a log"))
        .expect("the log replays");
    assert_eq!(json_of(&replayed.log()), log);
}
