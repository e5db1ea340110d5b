//! The options of Blackjack, as a typed config checked at setup.

use meeple::SetupError;
use serde::{Deserialize, Serialize};

/// The rules of a game of Blackjack: [`Default`] is a six-deck shoe, five rounds, a dealer
/// who stands on every 17 and peeks for blackjack (the common casino rules).
///
/// Read from JSON with every field optional (`{"decks": 1, "rounds": 10}`); unknown fields
/// are refused. [`validate`](Self::validate) (called by the game's setup) refuses values
/// that cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct BlackjackConfig {
    /// How many standard 52-card decks the shoe holds. Default 6; must be in
    /// `1..=`[`MAX_DECKS`](Self::MAX_DECKS) (casino shoes hold 1, 2, 4, 6 or 8).
    pub decks: u32,
    /// How many rounds the game lasts. Default 5; must be in
    /// `1..=`[`MAX_ROUNDS`](Self::MAX_ROUNDS).
    pub rounds: u32,
    /// Whether the dealer draws on a soft 17 (an ace counted 11 and six more: the "H17"
    /// rule). Default false: the dealer stands on every 17 ("S17").
    pub dealer_hits_soft_17: bool,
    /// Whether the dealer, showing an ace or a ten-valued card, checks the hole card for
    /// blackjack right after the deal (the American "peek"): with a blackjack the dealer
    /// turns it up at once and the players do not play the round. Default true. Without
    /// doubling or splitting the results are the same either way; only the pointless
    /// decisions are saved.
    pub dealer_peeks: bool,
}

impl Default for BlackjackConfig {
    fn default() -> Self {
        BlackjackConfig {
            decks: 6,
            rounds: 5,
            dealer_hits_soft_17: false,
            dealer_peeks: true,
        }
    }
}

impl BlackjackConfig {
    /// The most decks a shoe holds.
    pub const MAX_DECKS: u32 = 8;
    /// The most rounds a game lasts.
    pub const MAX_ROUNDS: u32 = 1000;

    /// Checks that the config can be played.
    ///
    /// # Errors
    /// [`SetupError::Config`] naming the field: `decks` outside `1..=8`
    /// (`"invalid config: decks: the shoe holds 1 to 8 decks, not 0"`), or `rounds` outside
    /// `1..=1000` (`"invalid config: rounds: a game lasts 1 to 1000 rounds, not 0"`).
    pub fn validate(&self) -> Result<(), SetupError> {
        if !(1..=Self::MAX_DECKS).contains(&self.decks) {
            return Err(SetupError::Config {
                field: "decks",
                reason: format!(
                    "the shoe holds 1 to {} decks, not {}",
                    Self::MAX_DECKS,
                    self.decks
                ),
            });
        }
        if !(1..=Self::MAX_ROUNDS).contains(&self.rounds) {
            return Err(SetupError::Config {
                field: "rounds",
                reason: format!(
                    "a game lasts 1 to {} rounds, not {}",
                    Self::MAX_ROUNDS,
                    self.rounds
                ),
            });
        }
        Ok(())
    }

    /// The dealer's rule on 17 in words: `"the dealer stands on soft 17"` or
    /// `"the dealer hits soft 17"`.
    #[must_use]
    pub fn dealer_rule(&self) -> &'static str {
        if self.dealer_hits_soft_17 {
            "the dealer hits soft 17"
        } else {
            "the dealer stands on soft 17"
        }
    }
}
