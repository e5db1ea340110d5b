//! Unit tests of the rules.

use meeple::testing::check_views;
use meeple::{
    Engine, NamedSeat, PlayerIndex, Refusal, SetupError, Start, Submission, SubmitError, UndoError,
};

use super::*;

const X: PlayerIndex = PlayerIndex(0);
const O: PlayerIndex = PlayerIndex(1);

/// Plays `moves` (`(seat, "row,column")`) from a new game of `config`.
fn play(config: TicTacToeConfig, moves: &[(PlayerIndex, &str)]) -> Engine<TicTacToe> {
    let mut engine = Engine::<TicTacToe>::new(config, 2, 0).expect("a valid setup");
    for &(player, space) in moves {
        let space = engine
            .position()
            .state()
            .space(space)
            .expect("a space on the board");
        engine
            .submit_submission(player, &Submission::new("place").with("space", space.0))
            .unwrap_or_else(|error| panic!("{player} on {space:?}: {error}"));
    }
    engine
}

#[test]
fn three_in_a_row_wins_and_ends_the_game() {
    let mut engine = play(
        TicTacToeConfig::default(),
        &[(X, "0,0"), (O, "1,0"), (X, "1,1"), (O, "2,0"), (X, "2,2")],
    );
    assert_eq!(
        engine.position().state().finish(),
        Some(&Finish::Won {
            player: X,
            line: vec![Space(0), Space(4), Space(8)]
        })
    );
    let outcome = engine.position().outcome().expect("over");
    assert_eq!(outcome.finish(), meeple::Finish::Win(X));
    assert_eq!(outcome.places(), [1, 2]);
    assert!(!outcome.has_scores());
    assert_eq!(
        engine.submit_submission(O, &Submission::new("place").with("space", 1)),
        Err(SubmitError::Refused(Refusal::GameOver))
    );
}

#[test]
fn a_full_board_without_a_line_is_a_draw_shared_by_both() {
    let engine = play(
        TicTacToeConfig::default(),
        &[
            (X, "1,1"),
            (O, "0,0"),
            (X, "0,2"),
            (O, "2,0"),
            (X, "1,0"),
            (O, "1,2"),
            (X, "0,1"),
            (O, "2,1"),
        ],
    );
    // X's last mark had one free space left: it was played for them.
    assert_eq!(engine.position().state().mark(Space(8)), Some(Mark::X));
    assert_eq!(engine.position().state().finish(), Some(&Finish::Draw));
    assert!(engine.position().outcome().expect("over").is_draw());
    // Every mark left its supply for the board.
    assert_eq!(engine.position().state().supply(X), 0);
    assert_eq!(engine.position().state().supply(O), 0);
}

#[test]
fn a_taken_space_is_not_offered_and_is_refused() {
    let mut engine = play(TicTacToeConfig::default(), &[(X, "1,1")]);
    let before = serde_json::to_string(engine.position().state()).expect("JSON");
    let records = engine.records().len();
    let refused = engine.submit_submission(O, &Submission::new("place").with("space", 4));
    assert_eq!(
        refused,
        Err(SubmitError::Refused(Refusal::NotOffered {
            action: "place",
            selection: "space",
            value: "4".to_owned(),
            reason: "it is not among the options".to_owned()
        }))
    );
    assert_eq!(
        engine.submit_submission(X, &Submission::new("place").with("space", 0)),
        Err(SubmitError::Refused(Refusal::NotYourTurn {
            player: NamedSeat::new(X, "X"),
            to_act: vec![NamedSeat::new(O, "O")]
        }))
    );
    assert_eq!(
        serde_json::to_string(engine.position().state()).expect("JSON"),
        before
    );
    assert_eq!(engine.records().len(), records);
    let offered = engine.position().completions(O).len();
    assert_eq!(offered, 8);
}

#[test]
fn the_last_free_space_is_played_for_the_player() {
    // X O X / X O O / O X _ : X's last move is forced.
    let engine = play(
        TicTacToeConfig::default(),
        &[
            (X, "0,0"),
            (O, "0,1"),
            (X, "0,2"),
            (O, "1,1"),
            (X, "1,0"),
            (O, "1,2"),
            (X, "2,1"),
            (O, "2,0"),
        ],
    );
    let last = engine.records().last().expect("a record");
    assert_eq!(last.kind, meeple::RecordKind::Forced);
    assert_eq!(engine.position().state().mark(Space(8)), Some(Mark::X));
    assert_eq!(engine.position().state().finish(), Some(&Finish::Draw));
}

#[test]
fn a_larger_board_needs_a_longer_line() {
    let config = TicTacToeConfig {
        size: 4,
        in_a_row: 4,
    };
    let engine = play(
        config.clone(),
        &[
            (X, "0,0"),
            (O, "1,0"),
            (X, "0,1"),
            (O, "1,1"),
            (X, "0,2"),
            (O, "1,2"),
        ],
    );
    assert_eq!(
        engine.position().state().finish(),
        None,
        "three in a row is not enough"
    );
    let engine = play(
        config,
        &[
            (X, "0,0"),
            (O, "1,0"),
            (X, "0,1"),
            (O, "1,1"),
            (X, "0,2"),
            (O, "1,2"),
            (X, "0,3"),
        ],
    );
    assert!(
        matches!(engine.position().state().finish(), Some(Finish::Won { player, .. }) if *player == X)
    );
}

#[test]
fn configs_that_cannot_be_played_are_refused() {
    let refused = |config: TicTacToeConfig| Engine::<TicTacToe>::new(config, 2, 0).err();
    assert_eq!(
        refused(TicTacToeConfig {
            size: 8,
            in_a_row: 3
        }),
        Some(SetupError::Config {
            field: "size",
            reason: "8 is not in 3..=7".to_owned()
        })
    );
    assert_eq!(
        refused(TicTacToeConfig {
            size: 3,
            in_a_row: 4
        })
        .map(|error| error.to_string()),
        Some("invalid config: in_a_row: 4 is not in 3..=3 (the board's size)".to_owned())
    );
    assert_eq!(
        Engine::<TicTacToe>::new(TicTacToeConfig::default(), 3, 0)
            .err()
            .map(|error| error.to_string()),
        Some("tictactoe is played by 2 players, not 3".to_owned())
    );
}

#[test]
fn undo_takes_back_a_mark() {
    let mut engine = play(TicTacToeConfig::default(), &[(X, "1,1"), (O, "0,0")]);
    let initial = serde_json::to_string(play(TicTacToeConfig::default(), &[]).position().state())
        .expect("JSON");
    assert_eq!(
        engine.undo(X).err(),
        Some(UndoError::Followed {
            player: NamedSeat::new(X, "X"),
            action: "Place an X".to_owned()
        })
    );
    engine.undo(O).expect("O's mark is the last action");
    engine.undo(X).expect("then X's");
    assert_eq!(
        serde_json::to_string(engine.position().state()).expect("JSON"),
        initial
    );
    assert_eq!(engine.position().state().supply(X), 5);
}

#[test]
fn views_and_prompts_pass_the_harness() {
    for config in [
        TicTacToeConfig::default(),
        TicTacToeConfig {
            size: 4,
            in_a_row: 3,
        },
    ] {
        let report = check_views::<TicTacToe>(&config, 2, 0..20, Some(&chest(&config)), 100)
            .unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(report.games, 20);
    }
}

/// The line found through a space, looking along the axes from it, is the first of the
/// board's lines ([`Grid::lines`]) through it, on every board size and line length, at
/// every step of random games.
#[test]
fn lines_through_a_space_are_the_first_of_the_boards_lines() {
    use rand::{RngExt, SeedableRng};
    for (size, in_a_row) in [(3, 3), (4, 3), (5, 4), (7, 3), (7, 5)] {
        let config = TicTacToeConfig { size, in_a_row };
        for seed in 0..20 {
            let mut engine = Engine::<TicTacToe>::new(config.clone(), 2, seed).expect("a setup");
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            loop {
                let game = engine.position().state();
                let lines = game.board().grid().lines(in_a_row);
                for space in game.board().grid().spaces() {
                    for mark in [Mark::X, Mark::O] {
                        let listed = lines.iter().find(|line| {
                            line.contains(&space)
                                && line.iter().all(|&on| game.mark(on) == Some(mark))
                        });
                        assert_eq!(game.line_through(space, mark).as_ref(), listed, "{space:?}");
                    }
                }
                let Some(player) = engine.position().to_act().first() else {
                    break;
                };
                let count = engine.position().count_completions(player);
                engine
                    .submit_nth(player, rng.random_range(0..count))
                    .expect("a completion");
            }
        }
    }
}

/// A state read from elsewhere whose board is not its config's (a 9 x 9 grid: 81 spaces,
/// more than a word holds) is refused before anything reads its lines.
#[test]
fn a_state_whose_board_is_not_its_configs_is_refused() {
    let state = TicTacToe::from_rows(TicTacToeConfig::default(), &["X..", ".O.", "..X"])
        .expect("a position");
    let mut json = serde_json::to_value(&state).expect("a state writes");
    json["board"]["grid"] = serde_json::json!({ "rows": 9, "columns": 9 });
    let crafted: TicTacToe = serde_json::from_value(json).expect("a state reads");
    assert_eq!(
        Engine::from_start(Start::new(crafted, 2)).err(),
        Some(SetupError::State {
            reason: "the state's board is not the config's".to_owned()
        })
    );
}
