//! [`FirstPosition`]: a table's set-up position, kept to start many games from.

use super::Position;
use super::settings::{PENDING_ROOM, PositionSettings};
use crate::pieces::chance::Chance;
use crate::rules::game::{Game, SetupError};

/// A table's first position (a game of `config` for `players` seats, set up and with the
/// forced plays after its setup played), set up once and kept to start many games from:
/// a simulation, a search agent's playouts, a benchmark.
///
/// [`start`](Self::start) with a seed gives the position that
/// [`Position::with_settings`] gives with that seed (its state, chance, flow and pending
/// moves alike), and the same games from it. When the setup drew no chance (a board game's
/// empty board), that position is the kept one with its chance seeded anew: a copy, with
/// no setup run, and [`start_into`](Self::start_into) copies into a position's own room
/// (the engine's buffers keep theirs; the state is copied by its `Clone`, which allocates
/// what a derived `Clone` allocates). When it drew chance (Hearts deals at its setup),
/// every start sets the table up again from its seed, as `with_settings` does.
///
/// After the search agents, which copy a set-up position rather than set up a new one
/// for each playout.
#[derive(Clone, Debug)]
pub struct FirstPosition<G: Game> {
    /// The table as set up with seed 0.
    first: Position<G>,
    config: G::Config,
    /// Whether the setup, or what the engine played after it, drew chance: then the seed
    /// made the first position, and each start sets it up again.
    drew_chance: bool,
}

impl<G: Game> FirstPosition<G> {
    /// Sets up a game of `players` seats from `config` under `settings`, with chance
    /// seeded by 0, to start games from.
    ///
    /// # Errors
    /// As [`Position::with_settings`]: [`SetupError::PlayerCount`], [`SetupError::Config`],
    /// the game's own [`SetupError`], [`SetupError::ForcedWithoutEnd`].
    pub fn new(
        config: &G::Config,
        players: usize,
        settings: PositionSettings,
    ) -> Result<Self, SetupError> {
        let first = Position::with_settings(config, players, 0, settings)?;
        Ok(FirstPosition {
            drew_chance: first.chance.draws() > 0,
            first,
            config: config.clone(),
        })
    }

    /// The first position with chance seeded by `seed`: equal to
    /// `Position::with_settings(config, players, seed, settings)` with this table's
    /// config, seats and settings.
    ///
    /// # Errors
    /// Only when the setup drew chance and this seed's setup fails as
    /// [`Position::with_settings`] does (a game whose setup refuses some deals); a setup
    /// that drew no chance cannot fail again.
    pub fn start(&self, seed: u64) -> Result<Position<G>, SetupError> {
        if self.drew_chance {
            return self.set_up(seed);
        }
        let mut position = self.first.clone();
        position.chance = Chance::from_seed(seed);
        // A copy's stack has no room of its own: the room a new position makes.
        position.stack.reserve(PENDING_ROOM);
        Ok(position)
    }

    /// As [`start`](Self::start), into `position`, keeping its room: a copy field by field
    /// ([`Clone::clone_from`]) when the setup drew no chance, so that a loop of playouts
    /// reuses the engine's buffers from game to game.
    ///
    /// # Errors
    /// As [`start`](Self::start); `position` is then as it was.
    pub fn start_into(&self, seed: u64, position: &mut Position<G>) -> Result<(), SetupError> {
        if self.drew_chance {
            *position = self.set_up(seed)?;
            return Ok(());
        }
        position.clone_from(&self.first);
        position.chance = Chance::from_seed(seed);
        Ok(())
    }

    /// The table as set up with chance seeded by 0: what layouts are read from (a
    /// board's size, the seats), never the game a seed starts.
    #[must_use]
    pub fn position(&self) -> &Position<G> {
        &self.first
    }

    /// Whether a start copies the kept position (the setup drew no chance) rather than
    /// setting the table up again.
    #[must_use]
    pub fn copies(&self) -> bool {
        !self.drew_chance
    }

    /// The table set up again with `seed`.
    fn set_up(&self, seed: u64) -> Result<Position<G>, SetupError> {
        Position::with_settings(&self.config, self.first.players, seed, self.first.settings)
    }
}
