//! Names that left the crate's root in 0.3, kept for one release so that an author's code
//! still builds (with a warning that says what to write instead). See `CHANGELOG.md`.
//! Removed in 0.4.

#![allow(deprecated)]

use std::ops::ControlFlow;

use serde_json::Value;

use crate::engine::Engine;
use crate::error::SubmitError;
use crate::pieces::chance::Chance;
use crate::pieces::components::Chest;
use crate::pieces::outcome::Outcome;
use crate::pieces::player::PlayerIndex;
use crate::pieces::player::PlayerSet;
use crate::position::{Played, Status};
use crate::rules::action::FollowUp;
use crate::rules::game::Game;
use crate::rules::moves::Move;
use crate::seen::prompt::{ActionPrompt, Prompt};
use crate::seen::scene::Scene;
use crate::seen::submission::Submission;
use crate::seen::view::Viewer;
use crate::testing;

// Traits that only generated code names: no warning can be put on a re-export, so they
// are hidden instead, and leave in 0.4.
#[doc(hidden)]
pub use crate::pieces::board::placements;
#[doc(hidden)]
pub use crate::rules::action::{Condition, IntoBehaviour, Validation};
#[doc(hidden)]
pub use crate::rules::template::TemplateValue;

/// Deprecated: [`testing::ViewReport`].
#[deprecated(since = "0.3.0", note = "use meeple::testing::ViewReport")]
pub type ViewReport = testing::ViewReport;

/// Deprecated: [`testing::ViewCheckError`].
#[deprecated(since = "0.3.0", note = "use meeple::testing::ViewCheckError")]
pub type ViewCheckError = testing::ViewCheckError;

/// Deprecated: [`testing::ECHO_LIMIT`].
#[deprecated(since = "0.3.0", note = "use meeple::testing::ECHO_LIMIT")]
pub const ECHO_LIMIT: usize = testing::ECHO_LIMIT;

/// Deprecated: [`testing::FORCED_LIMIT`].
#[deprecated(since = "0.3.0", note = "use meeple::testing::FORCED_LIMIT")]
pub const FORCED_LIMIT: usize = testing::FORCED_LIMIT;

/// Deprecated: [`testing::check_views`], which it calls with the same arguments.
///
/// # Errors
/// As [`testing::check_views`].
#[deprecated(since = "0.3.0", note = "use meeple::testing::check_views")]
pub fn check_views<G: Game>(
    config: &G::Config,
    players: usize,
    seeds: impl IntoIterator<Item = u64>,
    chest: Option<&Chest>,
    max_submissions: usize,
) -> Result<ViewReport, ViewCheckError> {
    testing::check_views::<G>(config, players, seeds, chest, max_submissions)
}

/// Deprecated: [`testing::check_hidden_fields`], which it calls with the same arguments.
///
/// # Errors
/// As [`testing::check_hidden_fields`].
#[deprecated(since = "0.3.0", note = "use meeple::testing::check_hidden_fields")]
pub fn check_hidden_fields<'a, G: Game>(
    states: impl IntoIterator<Item = &'a G>,
    players: usize,
    view: impl Fn(&G, Viewer) -> G,
) -> Result<(), String> {
    testing::check_hidden_fields(states, players, view)
}

/// Deprecated: [`testing::check_completions`], which it calls with the same arguments.
///
/// # Errors
/// As [`testing::check_completions`].
#[deprecated(since = "0.3.0", note = "use meeple::testing::check_completions")]
pub fn check_completions<G: Game>(engine: &Engine<G>, player: PlayerIndex) -> Result<u64, String> {
    testing::check_completions(engine, player)
}

/// Deprecated: [`testing::echo`].
#[deprecated(since = "0.3.0", note = "use meeple::testing::echo")]
#[must_use]
pub fn echo(text: &str) -> String {
    testing::echo(text)
}

/// Deprecated: [`testing::apply_alone`].
#[deprecated(since = "0.3.0", note = "use meeple::testing::apply_alone")]
pub fn apply_alone<G, M: Move<G>>(game: &mut G, scratch: &mut Chance, applied: &M) {
    testing::apply_alone(game, scratch, applied);
}

/// Deprecated: [`RecordFollower`](crate::RecordFollower), the follower of records (the
/// glossary's word).
#[deprecated(since = "0.3.0", note = "renamed RecordFollower")]
pub type MoveViewer<G> = crate::records::follower::RecordFollower<G>;

/// Deprecated: [`WaitingResolution`](crate::WaitingResolution), the moves waiting for a
/// decision (a frame is a step the flow entered).
#[deprecated(since = "0.3.0", note = "renamed WaitingResolution")]
pub type ResolutionFrame<M> = crate::rules::moves::WaitingResolution<M>;

/// The engine's questions that are the position's: deprecated in 0.3 for
/// [`Engine::position`], removed in 0.4.
impl<G: Game> Engine<G> {
    /// Deprecated: ask the position, [`Position::state`](crate::Position::state) through
    /// [`Engine::position`]: `engine.position().state()`. The engine answers what only it knows
    /// (the log, undo, replay, seal, the clock).
    #[deprecated(
        since = "0.3.0",
        note = "ask the position: `engine.position().state()`"
    )]
    pub fn state(&self) -> &G {
        self.position().state()
    }

    /// Deprecated: ask the position, [`Position::view`](crate::Position::view) through
    /// [`Engine::position`]: `engine.position().view(viewer)`. The engine answers what only it
    /// knows (the log, undo, replay, seal, the clock).
    #[deprecated(
        since = "0.3.0",
        note = "ask the position: `engine.position().view(viewer)`"
    )]
    pub fn view(&self, viewer: Viewer) -> G {
        self.position().view(viewer)
    }

    /// Deprecated: ask the position, [`Position::scene`](crate::Position::scene) through
    /// [`Engine::position`]: `engine.position().scene(viewer)`. The engine answers what only it
    /// knows (the log, undo, replay, seal, the clock).
    #[deprecated(
        since = "0.3.0",
        note = "ask the position: `engine.position().scene(viewer)`"
    )]
    pub fn scene(&self, viewer: Viewer) -> Scene {
        self.position().scene(viewer)
    }

    /// Deprecated: ask the position, [`Position::players`](crate::Position::players) through
    /// [`Engine::position`]: `engine.position().players()`. The engine answers what only it knows
    /// (the log, undo, replay, seal, the clock).
    #[deprecated(
        since = "0.3.0",
        note = "ask the position: `engine.position().players()`"
    )]
    pub fn players(&self) -> usize {
        self.position().players()
    }

    /// Deprecated: ask the position, [`Position::played`](crate::Position::played) through
    /// [`Engine::position`]: `engine.position().played()`. The engine answers what only it knows
    /// (the log, undo, replay, seal, the clock).
    #[deprecated(
        since = "0.3.0",
        note = "ask the position: `engine.position().played()`"
    )]
    pub fn played(&self) -> Played {
        self.position().played()
    }

    /// Deprecated: ask the position, [`Position::follow_ups`](crate::Position::follow_ups) through
    /// [`Engine::position`]: `engine.position().follow_ups()`. The engine answers what only it
    /// knows (the log, undo, replay, seal, the clock).
    #[deprecated(
        since = "0.3.0",
        note = "ask the position: `engine.position().follow_ups()`"
    )]
    pub fn follow_ups(&self) -> &[FollowUp<G>] {
        self.position().follow_ups()
    }

    /// Deprecated: ask the position, [`Position::outcome`](crate::Position::outcome) through
    /// [`Engine::position`]: `engine.position().outcome()`. The engine answers what only it knows
    /// (the log, undo, replay, seal, the clock).
    #[deprecated(
        since = "0.3.0",
        note = "ask the position: `engine.position().outcome()`"
    )]
    pub fn outcome(&self) -> Option<Outcome> {
        self.position().outcome()
    }

    /// Deprecated: ask the position, [`Position::to_act`](crate::Position::to_act) through
    /// [`Engine::position`]: `engine.position().to_act()`. The engine answers what only it knows
    /// (the log, undo, replay, seal, the clock).
    #[deprecated(
        since = "0.3.0",
        note = "ask the position: `engine.position().to_act()`"
    )]
    pub fn to_act(&self) -> PlayerSet {
        self.position().to_act()
    }

    /// Deprecated: ask the position, [`Position::status`](crate::Position::status) through
    /// [`Engine::position`]: `engine.position().status()`. The engine answers what only it knows
    /// (the log, undo, replay, seal, the clock).
    #[deprecated(
        since = "0.3.0",
        note = "ask the position: `engine.position().status()`"
    )]
    pub fn status(&self) -> Status {
        self.position().status()
    }

    /// Deprecated: ask the position, [`Position::prompt`](crate::Position::prompt) through
    /// [`Engine::position`]: `engine.position().prompt(player)`. The engine answers what only it
    /// knows (the log, undo, replay, seal, the clock).
    #[deprecated(
        since = "0.3.0",
        note = "ask the position: `engine.position().prompt(player)`"
    )]
    pub fn prompt(&self, player: PlayerIndex) -> Prompt {
        self.position().prompt(player)
    }

    /// Deprecated: ask the position,
    /// [`Position::prompt_from_view`](crate::Position::prompt_from_view) through
    /// [`Engine::position`]: `engine.position().prompt_from_view(player)`. The engine answers what
    /// only it knows (the log, undo, replay, seal, the clock).
    #[deprecated(
        since = "0.3.0",
        note = "ask the position: `engine.position().prompt_from_view(player)`"
    )]
    pub fn prompt_from_view(&self, player: PlayerIndex) -> Prompt {
        self.position().prompt_from_view(player)
    }

    /// Deprecated: ask the position, [`Position::prompt_action`](crate::Position::prompt_action)
    /// through [`Engine::position`]: `engine.position().prompt_action(player, action, prefix)`. The
    /// engine answers what only it knows (the log, undo, replay, seal, the clock).
    ///
    /// # Errors
    /// As [`Position::prompt_action`](crate::Position::prompt_action).
    #[deprecated(
        since = "0.3.0",
        note = "ask the position: `engine.position().prompt_action(player, action, prefix)`"
    )]
    pub fn prompt_action(
        &self,
        player: PlayerIndex,
        action: &str,
        prefix: &[Value],
    ) -> Result<ActionPrompt, SubmitError> {
        self.position().prompt_action(player, action, prefix)
    }

    /// Deprecated: ask the position,
    /// [`Position::prompt_submission`](crate::Position::prompt_submission) through
    /// [`Engine::position`]: `engine.position().prompt_submission(player, submission)`. The engine
    /// answers what only it knows (the log, undo, replay, seal, the clock).
    ///
    /// # Errors
    /// As [`Position::prompt_submission`](crate::Position::prompt_submission).
    #[deprecated(
        since = "0.3.0",
        note = "ask the position: `engine.position().prompt_submission(player, submission)`"
    )]
    pub fn prompt_submission(
        &self,
        player: PlayerIndex,
        submission: &Submission,
    ) -> Result<ActionPrompt, SubmitError> {
        self.position().prompt_submission(player, submission)
    }

    /// Deprecated: ask the position, [`Position::completions`](crate::Position::completions)
    /// through [`Engine::position`]: `engine.position().completions(player)`. The engine answers
    /// what only it knows (the log, undo, replay, seal, the clock).
    #[deprecated(
        since = "0.3.0",
        note = "ask the position: `engine.position().completions(player)`"
    )]
    pub fn completions(&self, player: PlayerIndex) -> Vec<G::Actions> {
        self.position().completions(player)
    }

    /// Deprecated: ask the position,
    /// [`Position::for_each_completion`](crate::Position::for_each_completion) through
    /// [`Engine::position`]: `engine.position().for_each_completion(player, visit)`. The engine
    /// answers what only it knows (the log, undo, replay, seal, the clock).
    #[deprecated(
        since = "0.3.0",
        note = "ask the position: `engine.position().for_each_completion(player, visit)`"
    )]
    pub fn for_each_completion(
        &self,
        player: PlayerIndex,
        visit: &mut dyn FnMut(G::Actions) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.position().for_each_completion(player, visit)
    }

    /// Deprecated: ask the position,
    /// [`Position::count_completions`](crate::Position::count_completions) through
    /// [`Engine::position`]: `engine.position().count_completions(player)`. The engine answers what
    /// only it knows (the log, undo, replay, seal, the clock).
    #[deprecated(
        since = "0.3.0",
        note = "ask the position: `engine.position().count_completions(player)`"
    )]
    pub fn count_completions(&self, player: PlayerIndex) -> u64 {
        self.position().count_completions(player)
    }

    /// Deprecated: ask the position, [`Position::nth_completion`](crate::Position::nth_completion)
    /// through [`Engine::position`]: `engine.position().nth_completion(player, index)`. The engine
    /// answers what only it knows (the log, undo, replay, seal, the clock).
    #[deprecated(
        since = "0.3.0",
        note = "ask the position: `engine.position().nth_completion(player, index)`"
    )]
    pub fn nth_completion(&self, player: PlayerIndex, index: u64) -> Option<G::Actions> {
        self.position().nth_completion(player, index)
    }
}

/// Deprecated: [`NamedSeat`](crate::NamedSeat), a seat with its name as errors print it.
/// The word `Seat` is the glossary's for a seat itself (today's
/// [`PlayerIndex`](crate::PlayerIndex)), which it names from 0.4.
#[deprecated(
    since = "0.3.0",
    note = "renamed NamedSeat; from 0.4, `Seat` names a seat itself (today's PlayerIndex)"
)]
pub type Seat = crate::error::NamedSeat;

/// Deprecated: [`StoredRecord`](crate::StoredRecord), a record as a log and a store hold
/// it (every kind of record, not only actions).
#[deprecated(since = "0.3.0", note = "renamed StoredRecord")]
pub type ActionRecord<M> = crate::records::log::StoredRecord<M>;

/// Deprecated: [`PositionSettings`](crate::PositionSettings), what a position is played
/// with (the engine only hands them on).
#[deprecated(since = "0.3.0", note = "renamed PositionSettings")]
pub type EngineSettings = crate::position::PositionSettings;
