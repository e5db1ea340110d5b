//! The table of a game of Memory, as a typed config checked at setup: the size of the grid
//! and the faces of the pairs.

use std::fmt;
use std::sync::Arc;

use meeple::SetupError;
use serde::{Deserialize, Serialize};

/// The face of a card: the symbol that two cards of a pair share (`"A"`, `"Q"`, `"🍒"`).
///
/// Serialized as a bare string: `"A"`. Shared, not copied: the moves that show a card
/// carry its face, and cloning one must not allocate (a move of Memory touches no
/// allocator, issue 30).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Face(pub Arc<str>);

impl Face {
    /// The face of `text`, as written (checked by [`MemoryConfig::validate`]).
    #[must_use]
    pub fn new(text: &str) -> Face {
        Face(Arc::from(text))
    }

    /// The face's text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Face {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The size of the table and the faces of the cards: [`Default`] is a 4 x 4 grid of 8
/// pairs, faced `A` to `H`.
///
/// Read from JSON with every field optional (`{"rows": 2, "columns": 3}`); unknown fields
/// are refused. [`validate`](Self::validate) (called by the game's setup) refuses tables
/// that cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct MemoryConfig {
    /// How many rows of cards. Default 4; must be in `1..=`[`MAX_SIDE`](Self::MAX_SIDE).
    pub rows: usize,
    /// How many cards in each row. Default 4; must be in `1..=`[`MAX_SIDE`](Self::MAX_SIDE).
    /// `rows * columns` must be even: every card has its pair.
    pub columns: usize,
    /// The faces of the pairs, one per pair: the first `rows * columns / 2` are used, in
    /// order. Default `A` to `Z` (enough for 52 cards). Each must be 1 to
    /// [`MAX_FACE_CHARS`](Self::MAX_FACE_CHARS) characters without whitespace, and no two
    /// may be equal (a card matches only its own pair).
    pub faces: Vec<Face>,
    /// How long, in milliseconds of the game's clock, the two cards of a miss lie face up
    /// before a timer turns them face down, unless the next player does it first; `None`
    /// for no timer (they stay up until the next player's action). Default 3,000; at most
    /// [`MAX_HIDE_AFTER_MS`](Self::MAX_HIDE_AFTER_MS).
    pub hide_after_ms: Option<u64>,
}

impl Default for MemoryConfig {
    fn default() -> Self {
        MemoryConfig {
            rows: 4,
            columns: 4,
            faces: ('A'..='Z')
                .map(|letter| Face::new(letter.encode_utf8(&mut [0; 4])))
                .collect(),
            hide_after_ms: Some(3_000),
        }
    }
}

impl MemoryConfig {
    /// The most rows, and the most columns, a table may have.
    pub const MAX_SIDE: usize = 10;
    /// The most characters a face may have (so that the grid stays readable).
    pub const MAX_FACE_CHARS: usize = 4;
    /// The most faces a config may list: one per pair of the largest table
    /// ([`MAX_SIDE`](Self::MAX_SIDE) x [`MAX_SIDE`](Self::MAX_SIDE)).
    pub const MAX_FACES: usize = Self::MAX_SIDE * Self::MAX_SIDE / 2;
    /// The longest delay before the cards of a miss are turned face down: an hour.
    pub const MAX_HIDE_AFTER_MS: u64 = 3_600_000;

    /// A table of `rows` x `columns` cards with the default faces.
    #[must_use]
    pub fn grid(rows: usize, columns: usize) -> Self {
        MemoryConfig {
            rows,
            columns,
            ..MemoryConfig::default()
        }
    }

    /// How many cards lie on the table at the start: `rows * columns`.
    #[must_use]
    pub fn cards(&self) -> usize {
        self.rows.saturating_mul(self.columns)
    }

    /// How many pairs the game has: half the cards.
    #[must_use]
    pub fn pairs(&self) -> usize {
        self.cards() / 2
    }

    /// The faces in play, one per pair (the first [`pairs`](Self::pairs) of
    /// [`faces`](Self::faces)).
    #[must_use]
    pub fn faces_in_play(&self) -> &[Face] {
        &self.faces[..self.pairs().min(self.faces.len())]
    }

    /// Checks that the table can be played.
    ///
    /// # Errors
    /// [`SetupError::Config`] naming the field, with these reasons (for a 4 x 4 table):
    /// - `rows` or `columns` outside `1..=10`:
    ///   `"must be between 1 and 10, not 0"`;
    /// - an odd number of cards (field `rows x columns`):
    ///   `"a 3 x 3 table holds 9 cards, but cards come in pairs: make rows x columns even"`;
    /// - fewer faces than pairs (field `faces`):
    ///   `"a 4 x 4 table needs 8 faces, one per pair, but 5 are listed"`;
    /// - more faces than the largest table uses (field `faces`):
    ///   `"51 faces are listed, but at most 50 are used (one per pair of a 10 x 10 table)"`;
    /// - a face that is empty, too long or holds whitespace (field `faces`):
    ///   ``"`A B` is not a face: write each with 1 to 4 characters, without spaces"``;
    /// - a face listed twice (field `faces`):
    ///   ``"`A` is listed twice: each pair needs its own face"``;
    /// - a delay past an hour (field `hide_after_ms`):
    ///   `"must be at most 3600000 (an hour), not 3600001"`.
    pub fn validate(&self) -> Result<(), SetupError> {
        if let Some(delay) = self
            .hide_after_ms
            .filter(|&delay| delay > Self::MAX_HIDE_AFTER_MS)
        {
            return Err(SetupError::Config {
                field: "hide_after_ms",
                reason: format!(
                    "must be at most {} (an hour), not {delay}",
                    Self::MAX_HIDE_AFTER_MS
                ),
            });
        }
        for (field, value) in [("rows", self.rows), ("columns", self.columns)] {
            if !(1..=Self::MAX_SIDE).contains(&value) {
                return Err(SetupError::Config {
                    field,
                    reason: format!("must be between 1 and {}, not {value}", Self::MAX_SIDE),
                });
            }
        }
        if !self.cards().is_multiple_of(2) {
            return Err(SetupError::Config {
                field: "rows x columns",
                reason: format!(
                    "a {} x {} table holds {} cards, but cards come in pairs: make rows x columns even",
                    self.rows,
                    self.columns,
                    self.cards()
                ),
            });
        }
        if self.faces.len() < self.pairs() {
            return Err(SetupError::Config {
                field: "faces",
                reason: format!(
                    "a {} x {} table needs {} faces, one per pair, but {} {} listed",
                    self.rows,
                    self.columns,
                    self.pairs(),
                    self.faces.len(),
                    if self.faces.len() == 1 { "is" } else { "are" }
                ),
            });
        }
        if self.faces.len() > Self::MAX_FACES {
            return Err(SetupError::Config {
                field: "faces",
                reason: format!(
                    "{} faces are listed, but at most {} are used (one per pair of a {side} x {side} table)",
                    self.faces.len(),
                    Self::MAX_FACES,
                    side = Self::MAX_SIDE,
                ),
            });
        }
        let mut seen = std::collections::HashSet::with_capacity(self.faces.len());
        for face in &self.faces {
            let chars = face.0.chars().count();
            if chars == 0 || chars > Self::MAX_FACE_CHARS || face.0.chars().any(char::is_whitespace)
            {
                return Err(SetupError::Config {
                    field: "faces",
                    reason: format!(
                        "`{face}` is not a face: write each with 1 to {} characters, without spaces",
                        Self::MAX_FACE_CHARS
                    ),
                });
            }
            if !seen.insert(face) {
                return Err(SetupError::Config {
                    field: "faces",
                    reason: format!("`{face}` is listed twice: each pair needs its own face"),
                });
            }
        }
        Ok(())
    }
}
