//! Names that left the crate's root in 0.3, kept for one release so that an author's code
//! still builds (with a warning that says what to write instead). See `CHANGELOG.md`.
//! Removed in 0.4.

#![allow(deprecated)]

use crate::engine::Engine;
use crate::pieces::chance::Chance;
use crate::pieces::components::Chest;
use crate::pieces::player::PlayerIndex;
use crate::rules::game::Game;
use crate::rules::moves::Move;
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
