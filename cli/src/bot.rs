//! The bots of the command line: uniform random play over completions.

use meeple::{Engine, Game, PlayerIndex};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A bot that picks uniformly among all completions of its prompt (not among the first
/// selection's options), from its own seeded generator: the same seed plays the same game.
pub(crate) struct RandomBot {
    rng: ChaCha8Rng,
}

impl RandomBot {
    /// A bot seeded with `seed`.
    pub(crate) fn new(seed: u64) -> Self {
        RandomBot {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// A completion for `player`, or `None` when they have none that can be enumerated.
    pub(crate) fn choose<G: Game>(
        &mut self,
        engine: &Engine<G>,
        player: PlayerIndex,
    ) -> Option<G::Actions> {
        let mut completions = engine.completions(player);
        if completions.is_empty() {
            return None;
        }
        let index = self.rng.random_range(0..completions.len());
        Some(completions.swap_remove(index))
    }
}

/// The seed of a game's bots, derived from the game's seed so the two differ.
pub(crate) fn bot_seed(game_seed: u64) -> u64 {
    game_seed ^ 0x9E37_79B9_7F4A_7C15
}
