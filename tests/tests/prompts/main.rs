//! Snapshots of generated prompts over small test games, each written only with the
//! public `meeple` API and the derive macros: the skip strategies, validation errors kept
//! in place, forced selections and actions, follow-ups with arguments, dependent and wide
//! number ranges, and tree-shaking; with the typed errors of bad submissions, which leave
//! the state and the log as they were.
//!
//! Regenerate with `INSTA_UPDATE=always cargo test -p meeple-tests --test prompts`, then
//! read every changed `.snap` and check it against the semantics stated in its test before
//! committing it. Each topic is a module of its own file; the helpers are `meeple_tests`'.

use meeple::{
    Action, ActionPrompt, ActionSet, Actions, Behaviour, DecodeError, Engine, Game, Move,
    MoveContext, Outcome, PlayerIndex, PlayerSet, PositionSettings, RecordKind, Refusal, Seats,
    SelectionKind, Setup, SetupError, Status, Submission, SubmitError, WhenStuck,
};
use meeple_tests::{Journal, Note, P0, P1, offered, refused, seat, submit};
use serde::{Deserialize, Serialize};
use serde_json::json;

mod empty_sets;
mod follow_ups;
mod forced;
mod numbers;
mod skips;
mod templates;
mod tree_shaking;
mod unshaken;
mod validation;
