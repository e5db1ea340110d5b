//! Tic-tac-toe played whole: prompts and views at characteristic moments (insta), random
//! games from fixed seeds with pinned results. Their replay is checked by the conformance
//! suite (`conformance.rs`).

use meeple::{Engine, Finish, PlayerIndex, Submission, Viewer};
use meeple_games::tictactoe::{TicTacToe, TicTacToeConfig};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

const X: PlayerIndex = PlayerIndex(0);
const O: PlayerIndex = PlayerIndex(1);

fn play(engine: &mut Engine<TicTacToe>, player: PlayerIndex, space: &str) {
    let space = engine
        .position()
        .state()
        .space(space)
        .expect("a space on the board");
    engine
        .submit_submission(player, &Submission::new("place").with("space", space.0))
        .unwrap_or_else(|error| panic!("{player} on {space:?}: {error}"));
}

/// Plays a game with random completions, seeded; returns the engine at the end.
fn random_game(config: TicTacToeConfig, seed: u64) -> Engine<TicTacToe> {
    let mut engine = Engine::<TicTacToe>::new(config, 2, seed).expect("a valid setup");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    while let Some(player) = engine.position().to_act().first() {
        let mut completions = engine.position().completions(player);
        assert!(!completions.is_empty(), "{player} has nothing to play");
        let pick = rng.random_range(0..completions.len());
        engine
            .submit(player, completions.swap_remove(pick))
            .expect("an offered completion is accepted");
    }
    engine
}

/// The first prompt: every space of the empty board, by `row,column`.
#[test]
fn the_first_prompt_offers_every_space() {
    let engine = Engine::<TicTacToe>::new(TicTacToeConfig::default(), 2, 0).expect("setup");
    insta::assert_json_snapshot!("first_prompt", engine.position().prompt(X));
    assert!(engine.position().prompt(O).actions.is_empty());
}

/// In the middle of a game: O's prompt without the taken spaces, O's view (everything is
/// public), and the table as text.
#[test]
fn a_game_in_progress() {
    let mut engine = Engine::<TicTacToe>::new(TicTacToeConfig::default(), 2, 0).expect("setup");
    play(&mut engine, X, "1,1");
    play(&mut engine, O, "0,0");
    play(&mut engine, X, "2,2");
    insta::assert_json_snapshot!("middle_prompt", engine.position().prompt(O));
    insta::assert_json_snapshot!("middle_view", engine.position().view(Viewer::Player(O)));
    insta::assert_snapshot!("middle_summary", engine.position().state().summary(O));
}

/// A win: the line, the outcome and the table.
#[test]
fn a_won_game() {
    let mut engine = Engine::<TicTacToe>::new(TicTacToeConfig::default(), 2, 0).expect("setup");
    for (player, space) in [(X, "0,0"), (O, "1,0"), (X, "0,1"), (O, "1,1"), (X, "0,2")] {
        play(&mut engine, player, space);
    }
    insta::assert_snapshot!("won_summary", engine.position().state().summary(O));
    insta::assert_json_snapshot!(
        "won_moves",
        engine.records().last().map(|record| &record.moves)
    );
    let outcome = engine.position().outcome().expect("over");
    assert_eq!(outcome.finish(), Finish::Win(X));
}

/// Random games from fixed seeds end with these results (winners by seat, draws shared).
/// Their replay from the log is checked by the conformance suite (`conformance.rs`).
#[test]
fn random_games_end_with_these_results() {
    let results: Vec<Vec<usize>> = (0..8)
        .map(|seed| {
            random_game(TicTacToeConfig::default(), seed)
                .position()
                .outcome()
                .expect("over")
                .winners()
                .iter()
                .map(|winner| winner.0)
                .collect()
        })
        .collect();
    insta::assert_json_snapshot!("random_results", results);
}
