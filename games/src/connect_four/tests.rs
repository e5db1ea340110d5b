//! Unit tests of the rules, each from a position ([`ConnectFour::from_rows`]).

use meeple::{Engine, NamedSeat, PlayerSet, Refusal, Start, Submission, SubmitError};

use super::*;

const RED: PlayerIndex = PlayerIndex(0);
const YELLOW: PlayerIndex = PlayerIndex(1);

fn start(rows: &[&str]) -> Engine<ConnectFour> {
    let state = ConnectFour::from_rows(rows).expect("a board of 6 by 7");
    Engine::from_start(Start::new(state, 2)).expect("a position a game can reach")
}

/// Drops a disc of `player` into `column` (1 at the left).
fn drop(engine: &mut Engine<ConnectFour>, player: PlayerIndex, column: usize) {
    let space = engine
        .position()
        .state()
        .landing(column - 1)
        .expect("a column not full");
    engine
        .submit_submission(player, &Submission::new("drop_disc").with("space", space.0))
        .unwrap_or_else(|error| panic!("{player} in column {column}: {error}"));
}

#[test]
fn a_disc_falls_to_the_lowest_empty_space() {
    let mut engine = Engine::<ConnectFour>::new((), 2, 0).expect("a valid setup");
    drop(&mut engine, RED, 4);
    drop(&mut engine, YELLOW, 4);
    let grid = engine.position().state().board().grid();
    let at = |row, column| {
        engine
            .position()
            .state()
            .disc(grid.space(Coord { row, column }).expect("a space"))
    };
    assert_eq!(at(5, 3), Some(Disc::Red));
    assert_eq!(at(4, 3), Some(Disc::Yellow));
    assert_eq!(at(3, 3), None);
    assert_eq!(engine.position().state().supply(RED), 20);
    assert_eq!(engine.position().to_act(), PlayerSet::one(RED));
}

#[test]
fn four_in_a_row_a_column_or_a_diagonal_wins() {
    // A row: Red drops the fourth in the bottom row.
    let mut engine = start(&[
        ".......", ".......", ".......", ".......", "YYY....", "RRR....",
    ]);
    drop(&mut engine, RED, 4);
    assert_eq!(
        engine.position().outcome().map(|outcome| outcome.finish()),
        Some(meeple::Finish::Win(RED))
    );
    // A column: Yellow's fourth on top of three.
    let mut engine = start(&[
        ".......", ".......", "......Y", "R.....Y", "R.....Y", "R.....R",
    ]);
    drop(&mut engine, YELLOW, 7);
    assert_eq!(
        engine.position().outcome().map(|outcome| outcome.finish()),
        Some(meeple::Finish::Win(YELLOW))
    );
    // A diagonal, up to the right, completed in its middle.
    let mut engine = start(&[
        ".......", ".......", "...R...", "..RY...", "..YY...", "RYYR..R",
    ]);
    assert_eq!(engine.position().to_act(), PlayerSet::one(RED));
    drop(&mut engine, RED, 2);
    assert_eq!(
        engine.position().outcome().map(|outcome| outcome.finish()),
        Some(meeple::Finish::Win(RED))
    );
    // Three in a row is not four.
    let mut engine = start(&[
        ".......", ".......", ".......", ".......", "YY.....", "RR.....",
    ]);
    drop(&mut engine, RED, 3);
    assert_eq!(engine.position().outcome(), None);
}

#[test]
fn a_full_column_is_not_offered_and_is_refused() {
    let mut engine = start(&[
        "Y......", "R......", "Y......", "R......", "Y......", "R......",
    ]);
    assert_eq!(engine.position().count_completions(RED), 6);
    assert!(engine.position().state().landing(0).is_none());
    // The top space of the full column is not a landing.
    let error = engine
        .submit_submission(RED, &Submission::new("drop_disc").with("space", 0))
        .err();
    assert_eq!(
        error,
        Some(SubmitError::Refused(Refusal::NotOffered {
            action: "drop_disc",
            selection: "space",
            value: "0".to_owned(),
            reason: "it is not among the options".to_owned(),
        }))
    );
    let error = engine
        .submit_submission(YELLOW, &Submission::new("drop_disc").with("space", 35))
        .err();
    assert_eq!(
        error,
        Some(SubmitError::Refused(Refusal::NotYourTurn {
            player: NamedSeat::new(YELLOW, "Yellow"),
            to_act: vec![NamedSeat::new(RED, "Red")],
        }))
    );
}

/// The last disc fills the board without four: a draw, played by the engine since it is
/// the only completion.
#[test]
fn a_full_board_without_four_is_a_draw() {
    let engine = start(&[
        "RRYYRR.", "YYRRYYR", "RRYYRRY", "YYRRYYR", "RRYYRRY", "YYRRYYR",
    ]);
    assert!(
        engine
            .position()
            .outcome()
            .expect("the last disc was forced")
            .is_draw()
    );
    // The start, the flow's record of Red's turn beginning, then Red's forced disc.
    assert_eq!(engine.records().len(), 3);
}

#[test]
fn positions_a_game_cannot_reach_are_refused() {
    let refused = |rows: &[&str]| {
        Engine::from_start(Start::new(ConnectFour::from_rows(rows).expect("rows"), 2))
            .err()
            .map(|error| error.to_string())
    };
    assert_eq!(
        refused(&[
            ".......", ".......", ".......", "R......", ".......", "Y......"
        ]),
        Some(
            "invalid state to start from: the disc at row 4, column 1 floats over an empty space"
                .to_owned()
        )
    );
    assert_eq!(
        refused(&[".......", ".......", ".......", ".......", ".......", "RR....."]),
        Some("invalid state to start from: Red has 2 discs on the board and Yellow 0: Red moves first, so Red has as many as Yellow or one more".to_owned())
    );
    assert_eq!(
        refused(&[
            ".......", ".......", ".......", ".......", "YYYY...", "RRRR..."
        ]),
        Some("invalid state to start from: both Red and Yellow have four in a row".to_owned())
    );
    assert_eq!(
        ConnectFour::from_rows(&["......."]).err(),
        Some(SetupError::State {
            reason: "1 rows, not 6".to_owned()
        })
    );
}

#[test]
fn views_hide_nothing_and_replay() {
    let mut engine = Engine::<ConnectFour>::new((), 2, 3).expect("a valid setup");
    for column in [4, 4, 3, 5, 2] {
        let player = engine.position().to_act().first().expect("a player to act");
        drop(&mut engine, player, column);
    }
    assert_eq!(
        engine.position().view(meeple::Viewer::Observer),
        *engine.position().state()
    );
    let replayed = Engine::<ConnectFour>::replay(&engine.sealed_log()).expect("replays");
    assert_eq!(replayed.position().state(), engine.position().state());
}
