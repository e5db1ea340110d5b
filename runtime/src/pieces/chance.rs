//! Chance: the engine's seeded random generator.

use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha20Rng;
use serde::{Deserialize, Serialize};

/// The only source of randomness of a game: a ChaCha20 generator seeded once per game.
///
/// Only the engine holds it; moves reach it through
/// [`MoveContext::chance`](crate::MoveContext::chance) while they compute their
/// consequences, and must put what they drew into the data of those consequences (a `Deal`
/// move carries the dealt hands), so that moves stay deterministic and a record shows what
/// chance decided. Replaying the same submissions from the same seed draws the same values.
///
/// It counts its draws: an action record that drew chance cannot be undone.
/// Its state is in no view, prompt or message.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Chance {
    rng: ChaCha20Rng,
    draws: u64,
}

impl Chance {
    /// A generator seeded with `seed`: the same seed gives the same draws.
    #[must_use]
    pub fn from_seed(seed: u64) -> Self {
        Chance {
            rng: ChaCha20Rng::seed_from_u64(seed),
            draws: 0,
        }
    }

    /// Shuffles `items` uniformly in place (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        self.draws += 1;
        items.shuffle(&mut self.rng);
    }

    /// A uniform integer in `low..=high`, e.g. `roll(1, 6)` for a die.
    ///
    /// # Panics
    /// Panics if `low > high`.
    pub fn roll(&mut self, low: i64, high: i64) -> i64 {
        assert!(
            low <= high,
            "Chance::roll needs low <= high, got {low}..={high}"
        );
        self.draws += 1;
        self.rng.random_range(low..=high)
    }

    /// `count` uniform 64-bit values: fresh tokens for shuffled pieces
    /// ([`Arrangement::shuffle`](crate::Arrangement::shuffle)).
    pub fn tokens(&mut self, count: usize) -> Vec<u64> {
        self.draws += 1;
        (0..count).map(|_| self.rng.random::<u64>()).collect()
    }

    /// How many times chance has been drawn since the game began.
    #[must_use]
    pub fn draws(&self) -> u64 {
        self.draws
    }
}
