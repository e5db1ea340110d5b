//! The variants of Hearts, as a typed config checked at setup.

use std::fmt;

use meeple::SetupError;
use serde::{Deserialize, Serialize};

/// Where the three passed cards go in a hand.
///
/// Seats sit clockwise `0, 1, 2, 3` and play goes to the left, so "left" is the next seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PassDirection {
    /// To the next seat (seat `p + 1`).
    Left,
    /// To the previous seat (seat `p + 3`).
    Right,
    /// To the seat opposite (seat `p + 2`).
    Across,
    /// No passing in this hand: play starts right after the deal.
    Hold,
}

impl PassDirection {
    /// How many seats to the left the cards go: 1, 3 or 2; `None` for [`Hold`](Self::Hold).
    #[must_use]
    pub const fn steps(self) -> Option<usize> {
        match self {
            PassDirection::Left => Some(1),
            PassDirection::Right => Some(3),
            PassDirection::Across => Some(2),
            PassDirection::Hold => None,
        }
    }
}

impl fmt::Display for PassDirection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PassDirection::Left => "left",
            PassDirection::Right => "right",
            PassDirection::Across => "across",
            PassDirection::Hold => "hold",
        })
    }
}

/// How a hand in which one player took every heart and the queen of spades ("shooting the
/// moon") is scored.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MoonScoring {
    /// The shooter scores 0 and every other player 26 (the standard rule).
    #[default]
    AddToOthers,
    /// The shooter scores -26 and the others 0.
    SubtractFromSelf,
    /// No special scoring: the shooter takes their 26 points.
    Off,
}

/// The rules of a game of Hearts: [`Default`] is the standard game (Pagat's "Hearts",
/// the rules of OpenSpiel's `hearts` with its default parameters).
///
/// Read from JSON with every field optional (`{"target_score": 50}`); unknown fields are
/// refused. [`validate`](Self::validate) (called by the game's setup) refuses values that
/// cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct HeartsConfig {
    /// The game ends after the hand in which a player's total reaches this many points.
    /// Default 100; must be in `1..=10000`.
    pub target_score: u32,
    /// The pass direction of each hand, repeating: hand `n` passes
    /// `pass_rotation[n % len]`. Default left, right, across, hold; must not be empty.
    pub pass_rotation: Vec<PassDirection>,
    /// Whether playing the queen of spades breaks hearts (as a heart does). Default true.
    pub queen_breaks_hearts: bool,
    /// Whether hearts may be led only once broken (unless the leader holds only hearts).
    /// Default true.
    pub hearts_must_be_broken: bool,
    /// Whether hearts and the queen of spades may be played on the first trick by a player
    /// who cannot follow clubs. Default false: only when the hand holds nothing else.
    pub points_on_first_trick: bool,
    /// How shooting the moon is scored. Default [`MoonScoring::AddToOthers`].
    pub moon: MoonScoring,
    /// Whether the jack of diamonds counts -10 points for the player who takes it (the
    /// "Omnibus" variant; it is not needed to shoot the moon and keeps its value then).
    /// Default false.
    pub jack_of_diamonds: bool,
}

impl Default for HeartsConfig {
    fn default() -> Self {
        HeartsConfig {
            target_score: 100,
            pass_rotation: vec![
                PassDirection::Left,
                PassDirection::Right,
                PassDirection::Across,
                PassDirection::Hold,
            ],
            queen_breaks_hearts: true,
            hearts_must_be_broken: true,
            points_on_first_trick: false,
            moon: MoonScoring::AddToOthers,
            jack_of_diamonds: false,
        }
    }
}

impl HeartsConfig {
    /// The highest target score accepted.
    pub const MAX_TARGET_SCORE: u32 = 10_000;
    /// The longest pass rotation accepted: a cycle of directions longer than this is no
    /// variant anyone plays.
    pub const MAX_PASS_ROTATION: usize = 16;

    /// Checks that the config can be played.
    ///
    /// # Errors
    /// [`SetupError::Config`] naming the field: a `target_score` of 0 or above
    /// [`MAX_TARGET_SCORE`](Self::MAX_TARGET_SCORE), an empty `pass_rotation`, or one of
    /// more than [`MAX_PASS_ROTATION`](Self::MAX_PASS_ROTATION) directions.
    pub fn validate(&self) -> Result<(), SetupError> {
        if !(1..=Self::MAX_TARGET_SCORE).contains(&self.target_score) {
            return Err(SetupError::Config {
                field: "target_score",
                reason: format!(
                    "the game ends when a total reaches the target, so it must be between 1 and {}, not {}",
                    Self::MAX_TARGET_SCORE,
                    self.target_score
                ),
            });
        }
        if self.pass_rotation.is_empty() {
            return Err(SetupError::Config {
                field: "pass_rotation",
                reason: "list at least one direction (left, right, across or hold); \
                         use [\"hold\"] for a game without passing"
                    .to_owned(),
            });
        }
        if self.pass_rotation.len() > Self::MAX_PASS_ROTATION {
            return Err(SetupError::Config {
                field: "pass_rotation",
                reason: format!(
                    "list at most {} directions, the cycle the hands pass by; {} are listed",
                    Self::MAX_PASS_ROTATION,
                    self.pass_rotation.len()
                ),
            });
        }
        Ok(())
    }

    /// The pass direction of hand `hand` (0-based).
    #[must_use]
    pub fn pass_direction(&self, hand: u32) -> PassDirection {
        let len = self.pass_rotation.len().max(1);
        self.pass_rotation
            .get(hand as usize % len)
            .copied()
            .unwrap_or(PassDirection::Hold)
    }
}

/// A hand's direction of passing as a learning agent sees it: one-hot over left, right,
/// across and hold.
impl<G> meeple::Observe<G> for PassDirection {
    fn layout(
        _value: Option<&Self>,
        _game: &G,
        name: &str,
        layout: &mut meeple::ObservationLayout,
    ) {
        layout.push(name, vec![4]);
    }

    fn observe(&self, _game: &G, observer: &mut meeple::Observer<'_>) {
        let index = match self {
            PassDirection::Left => 0,
            PassDirection::Right => 1,
            PassDirection::Across => 2,
            PassDirection::Hold => 3,
        };
        observer.one_hot(index, 4);
    }
}
