//! How a position treats forced completions: [`EngineSettings`].

/// How the engine treats forced completions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EngineSettings {
    /// Play a player's only possible completion for them (recorded as
    /// [`RecordKind::Forced`](crate::RecordKind::Forced)). Default: true.
    pub autoplay_forced: bool,
    /// How many records the engine plays in a row for the players (forced completions and
    /// passes) before it decides the game cannot go on without one: a game whose only
    /// action is always forced and never ends would otherwise never return. Default:
    /// [`FORCED_LIMIT`].
    pub forced_limit: usize,
}

/// The pending moves a position makes room for at its start ([`Position`]'s stack of
/// consequences, reused from record to record).
pub(super) const PENDING_ROOM: usize = 32;

/// The default [`EngineSettings::forced_limit`]: far above any real game's run of forced
/// plays (a game of Hearts has about 60 records in all).
pub const FORCED_LIMIT: usize = 10_000;

impl Default for EngineSettings {
    fn default() -> Self {
        EngineSettings {
            autoplay_forced: true,
            forced_limit: FORCED_LIMIT,
        }
    }
}
