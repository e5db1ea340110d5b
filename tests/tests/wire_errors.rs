//! Refusals and errors as a server sends them: typed JSON tagged by `error` (and by
//! `stage` for a submission), field by field, from real refusals of a real game.

#![allow(clippy::unwrap_used)]

use meeple::{ClockError, Engine, PlayerIndex, Submission, UndoError};
use meeple_games::tictactoe::TicTacToe;
use serde_json::json;

#[test]
fn refusals_serialize_as_tagged_json() {
    let mut engine = Engine::<TicTacToe>::new(Default::default(), 2, 1).unwrap();
    let out_of_turn = engine
        .submit_submission(
            PlayerIndex(1),
            &Submission::new("place").with("space", json!("b2")),
        )
        .unwrap_err();
    assert_eq!(
        serde_json::to_value(&out_of_turn).unwrap(),
        json!({
            "stage": "refused",
            "reason": {
                "error": "not_your_turn",
                "player": { "index": 1, "name": "O" },
                "to_act": [{ "index": 0, "name": "X" }],
            }
        })
    );
    let unknown = engine
        .submit_submission(PlayerIndex(0), &Submission::new("resign"))
        .unwrap_err();
    assert_eq!(
        serde_json::to_value(&unknown).unwrap(),
        json!({
            "stage": "decode",
            "reason": { "error": "unknown_action", "action": "resign", "known": ["place"] }
        })
    );
    let nothing = engine.undo(PlayerIndex(0)).unwrap_err();
    assert_eq!(
        serde_json::to_value(&nothing).unwrap(),
        json!({ "error": "nothing_to_undo", "player": { "index": 0, "name": "X" } })
    );
    assert!(matches!(nothing, UndoError::NothingToUndo { .. }));
    let backwards = engine
        .advance_clock(std::time::Duration::from_millis(5))
        .and_then(|_| engine.advance_clock(std::time::Duration::from_millis(2)))
        .unwrap_err();
    assert_eq!(
        serde_json::to_value(&backwards).unwrap(),
        json!({ "error": "backwards", "clock": 5, "now": 2 })
    );
    assert!(matches!(backwards, ClockError::Backwards { .. }));
}
