//! Rules tests of Tic-tac-toe started from positions ([`Engine::from_start`] with
//! [`TicTacToe::from_rows`]): a win found from a position, a forced last mark played by the
//! engine or offered when it does not play forced moves, positions the game refuses, and a
//! log started from a position that replays byte for byte.

use meeple::{
    Engine, Finish, FollowUp, GameLog, PlayerIndex, PositionSettings, ReplayError, SetupError,
    Start, Status, Submission,
};
use meeple_games::tictactoe::{
    Mark, Place, PlaceArgs, TicTacToe, TicTacToeAction, TicTacToeConfig,
};

const X: PlayerIndex = PlayerIndex(0);
const O: PlayerIndex = PlayerIndex(1);

fn position(rows: &[&str]) -> TicTacToe {
    TicTacToe::from_rows(TicTacToeConfig::default(), rows).expect("a board of 3 by 3")
}

fn place(engine: &mut Engine<TicTacToe>, player: PlayerIndex, space: &str) {
    let space = engine
        .position()
        .state()
        .space(space)
        .expect("a space on the board");
    engine
        .submit_submission(player, &Submission::new("place").with("space", space.0))
        .unwrap_or_else(|error| panic!("{player} on {space:?}: {error}"));
}

#[test]
fn x_completes_a_line_from_a_position() {
    let mut engine =
        Engine::from_start(Start::new(position(&["XX.", "OO.", "..."]), 2)).expect("a position");
    assert_eq!(
        engine.position().status(),
        Status::Acting(PlayerIndex(0).into())
    );
    assert_eq!(engine.position().count_completions(X), 5);
    place(&mut engine, X, "0,2");
    let outcome = engine.position().outcome().expect("X made a line");
    assert_eq!(outcome.finish(), Finish::Win(X));
    // The log's first record is the start, without moves; then the flow's record of X's
    // turn beginning, then X's mark (the game is over: no turn ends after it).
    assert_eq!(engine.records().len(), 3);
    assert!(engine.records()[0].moves.is_empty());
    assert_eq!(engine.records()[1].kind, meeple::RecordKind::Flow);
    assert_eq!(engine.records()[2].name(), "place");
}

/// One free space left: the engine plays it for the player at once, even inside
/// `from_start`, unless its settings say not to; then it is offered like any choice.
#[test]
fn a_forced_last_mark_is_played_unless_the_settings_say_not() {
    let rows = ["XOX", "XOO", "OX."];
    let engine = Engine::from_start(Start::new(position(&rows), 2)).expect("a position");
    assert_eq!(
        engine
            .position()
            .state()
            .mark(engine.position().state().space("2,2").expect("a space")),
        Some(Mark::X)
    );
    assert!(
        engine
            .position()
            .outcome()
            .expect("the board is full")
            .is_draw()
    );
    assert_eq!(
        engine.records().len(),
        3,
        "the start, X's turn, then X's forced mark"
    );

    let settings = PositionSettings {
        autoplay_forced: false,
        ..PositionSettings::default()
    };
    let engine = Engine::from_start(Start::new(position(&rows), 2).with_settings(settings))
        .expect("a position");
    assert_eq!(engine.position().outcome(), None);
    let only = engine.position().state().space("2,2").expect("a space");
    assert_eq!(
        engine.position().completions(X),
        [TicTacToeAction::Place(Place { space: only })]
    );
}

#[test]
fn positions_the_game_cannot_reach_are_refused() {
    let refused = |rows: &[&str]| {
        Engine::from_start(Start::new(position(rows), 2))
            .err()
            .map(|error| error.to_string())
    };
    assert_eq!(
        refused(&["XXX", "...", "..."]),
        Some(
            "invalid state to start from: X has 3 marks on the board and O 0: X moves first, so X has as many as O or one more"
                .to_owned()
        )
    );
    assert_eq!(
        refused(&["OO.", "X..", "..."]),
        Some(
            "invalid state to start from: X has 1 marks on the board and O 2: X moves first, so X has as many as O or one more"
                .to_owned()
        )
    );
    assert_eq!(
        refused(&["XXX", "OOO", "X.."]),
        Some("invalid state to start from: both X and O have a line".to_owned())
    );
    assert_eq!(
        refused(&["OOO", "XX.", "X.X"]),
        Some("invalid state to start from: O has a line, but X moved last".to_owned())
    );
    // A seat outside the table, a follow-up asked of one, and a bad count.
    let follow_up = FollowUp::<TicTacToe> {
        player: PlayerIndex(2),
        args: PlaceArgs {}.into(),
        prompt: None,
        joint: false,
    };
    assert_eq!(
        Engine::from_start(
            Start::new(position(&["...", "...", "..."]), 2).with_follow_up(follow_up)
        )
        .err(),
        Some(SetupError::State {
            reason: "a follow-up is asked of player 2, who is not at this table of 2".to_owned()
        })
    );
    assert!(matches!(
        Engine::from_start(Start::new(position(&["...", "...", "..."]), 3)),
        Err(SetupError::PlayerCount { players: 3, .. })
    ));
    assert_eq!(
        TicTacToe::from_rows(TicTacToeConfig::default(), &["X?.", "...", "..."]).err(),
        Some(SetupError::State {
            reason: "`?` in row 0, column 1 is not `X`, `O` or `.`".to_owned()
        })
    );
}

/// A log started from a position carries the position, and replays byte for byte, its
/// seal included; a log whose starting state was changed does not.
#[test]
fn a_game_started_from_a_position_replays() {
    let start = Start::new(position(&["X..", ".O.", "..."]), 2).with_seed(9);
    let mut engine = Engine::from_start(start).expect("a position");
    place(&mut engine, X, "0,2");
    place(&mut engine, O, "0,1");
    place(&mut engine, X, "2,0");
    let log = engine.sealed_log();
    let json = serde_json::to_string(&log).expect("a log serializes");
    let replayed = Engine::<TicTacToe>::replay_json(&json).expect("the log replays");
    assert_eq!(
        serde_json::to_string(replayed.position().state()).expect("state"),
        serde_json::to_string(engine.position().state()).expect("state")
    );
    assert_eq!(replayed.log(), engine.log());

    let mut changed: GameLog<TicTacToe> = serde_json::from_str(&json).expect("a log");
    let start = changed
        .start
        .as_mut()
        .expect("the log starts from a position");
    start.state = serde_json::to_value(position(&["...", ".O.", "X.."])).expect("a state");
    assert!(matches!(
        Engine::replay(&changed),
        Err(ReplayError::Diverged { .. }
            | ReplayError::Refused { .. }
            | ReplayError::SealDigest { .. })
    ));
}
