//! How a position treats forced completions: [`PositionSettings`].

use crate::pieces::player::PlayerSet;

/// How the engine treats forced completions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PositionSettings {
    /// Play a player's only possible completion for them (recorded as
    /// [`RecordKind::Forced`](crate::RecordKind::Forced)). Default: true.
    pub autoplay_forced: bool,
    /// Seats whose forced completions are asked of them all the same, even with
    /// [`autoplay_forced`](Self::autoplay_forced): a test that plays one seat by hand
    /// while the engine plays the others' forced moves, or a person who wants to press
    /// every button. Kept in the log, so a replay asks them the same. Default: nobody.
    pub asked_always: PlayerSet,
    /// Forced completions are played only for the player who acted (the seat played for,
    /// after a timeout; the first player forced, after the setup or a timer), and stop at
    /// the next player: once the only completion is another seat's, it is asked of them.
    /// For a test from a position built by hand, where forced plays would otherwise chain
    /// on through every seat before the test could look. Kept in the log, so a replay
    /// stops the same. Default: false.
    pub stop_forced_at_next_player: bool,
    /// How many records the engine plays in a row for the players (forced completions and
    /// passes) before it decides the game cannot go on without one: a game whose only
    /// action is always forced and never ends would otherwise never return. Default:
    /// [`FORCED_LIMIT`].
    pub forced_limit: usize,
    /// A clock per move: each player to act has this long, from when they became to act
    /// or last acted, before the engine plays for them the game's timeout move
    /// ([`Game::timeout_action`](crate::Game::timeout_action), else their first completion
    /// in [`Position::for_each_completion`](crate::Position::for_each_completion)'s
    /// order), recorded as [`RecordKind::Timeout`](crate::RecordKind::Timeout). Kept with
    /// the flow's own timers: time enters only through
    /// [`Engine::advance_clock`](crate::Engine::advance_clock), each deadline is counted
    /// from the clock of the record that started it, so a game restored from its log
    /// keeps every deadline and a replay fires each timeout where the game did. Only the
    /// logged [`Engine`](crate::Engine) knows who acted; a lookahead's copy runs no clock.
    /// Default: `None`, no clock.
    pub move_clock: Option<std::time::Duration>,
}

/// The pending moves a position makes room for at its start ([`Position`]'s stack of
/// consequences, reused from record to record).
pub(super) const PENDING_ROOM: usize = 32;

/// The default [`PositionSettings::forced_limit`]: far above any real game's run of forced
/// plays (a game of Hearts has about 60 records in all).
pub const FORCED_LIMIT: usize = 10_000;

impl PositionSettings {
    /// Whether the engine plays `player`'s forced completions for them: by
    /// [`autoplay_forced`](Self::autoplay_forced), unless they are
    /// [`asked_always`](Self::asked_always).
    #[must_use]
    pub fn plays_forced_for(&self, player: crate::pieces::player::PlayerIndex) -> bool {
        self.autoplay_forced && !self.asked_always.contains(player)
    }
}

impl Default for PositionSettings {
    fn default() -> Self {
        PositionSettings {
            autoplay_forced: true,
            asked_always: PlayerSet::EMPTY,
            stop_forced_at_next_player: false,
            forced_limit: FORCED_LIMIT,
            move_clock: None,
        }
    }
}
