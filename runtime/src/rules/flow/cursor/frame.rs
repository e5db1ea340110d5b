//! One entered step ([`Frame`]) and the fixed stack of them a position keeps.

use serde::{Deserialize, Serialize};

use crate::pieces::player::PlayerIndex;
use crate::rules::flow::{DEPTH, StepId};

/// One entered step of a flow, innermost last in a [`FlowPosition`](super::FlowPosition): twelve
/// bytes, since every lookahead copies the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Frame {
    /// The step, by its index in the flow (depth-first order of the declaration).
    pub(super) step: u16,
    /// An each-player loop's player whose turn it is ([`NO_TURN`] for none).
    #[serde(
        rename = "player",
        default = "no_turn",
        skip_serializing_if = "is_no_turn"
    )]
    pub(super) turn: u8,
    /// A sequence's current step, a loop's round (0 for the first), a branch's side (0
    /// for `then`).
    pub(super) round: u32,
    /// A [`Repeat::Times`](crate::rules::flow::Repeat::Times) loop's count, a for-each loop's items
    /// (as bits), fixed at entry; an each-player loop's first player.
    pub(super) limit: u32,
}

/// A frame's `turn` when it is nobody's: seats are fewer than
/// [`Seats::MAX`](crate::pieces::player::Seats::MAX).
pub(super) const NO_TURN: u8 = u8::MAX;

pub(super) fn no_turn() -> u8 {
    NO_TURN
}

pub(super) fn is_no_turn(turn: &u8) -> bool {
    *turn == NO_TURN
}

impl Frame {
    pub(super) fn new(step: StepId) -> Self {
        Frame {
            step,
            turn: NO_TURN,
            round: 0,
            limit: 0,
        }
    }

    /// The step, by its index in the flow (depth-first order of its declaration).
    #[must_use]
    pub fn step(&self) -> u16 {
        self.step
    }

    /// A sequence's current step, a loop's round (0 for the first), a branch's side (0
    /// for `then`).
    #[must_use]
    pub fn round(&self) -> u32 {
        self.round
    }

    /// For an each-player loop, the player whose turn it is.
    #[must_use]
    pub fn player(&self) -> Option<PlayerIndex> {
        (self.turn != NO_TURN).then_some(PlayerIndex(usize::from(self.turn)))
    }

    #[inline]
    pub(super) fn set_turn(&mut self, player: Option<PlayerIndex>) {
        self.turn = player
            .and_then(|player| u8::try_from(player.0).ok())
            .unwrap_or(NO_TURN);
    }
}

/// The steps a flow position has entered, innermost last: at most [`DEPTH`], in place (a
/// position is cloned by every lookahead, and read at every decision without the branch
/// of a vector that may spill).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Frames {
    pub(super) frames: [Frame; DEPTH],
    pub(super) len: u8,
}

impl Default for Frames {
    fn default() -> Self {
        Frames {
            frames: [Frame::new(0); DEPTH],
            len: 0,
        }
    }
}

impl std::ops::Deref for Frames {
    type Target = [Frame];

    #[inline]
    fn deref(&self) -> &[Frame] {
        &self.frames[..usize::from(self.len).min(DEPTH)]
    }
}

impl std::ops::DerefMut for Frames {
    #[inline]
    fn deref_mut(&mut self) -> &mut [Frame] {
        &mut self.frames[..usize::from(self.len).min(DEPTH)]
    }
}

impl Frames {
    /// Enters `frame`; a compiled flow never nests deeper than [`DEPTH`]
    /// ([`Flow::new`](crate::rules::flow::Flow::new)), so a frame past it is dropped.
    #[inline]
    pub(super) fn push(&mut self, frame: Frame) {
        if let Some(slot) = self.frames.get_mut(usize::from(self.len)) {
            *slot = frame;
            self.len += 1;
        }
    }

    #[inline]
    pub(super) fn pop(&mut self) {
        self.len = self.len.saturating_sub(1);
    }

    #[inline]
    pub(super) fn last(&self) -> Option<&Frame> {
        usize::from(self.len)
            .checked_sub(1)
            .and_then(|top| self.frames.get(top))
    }

    #[inline]
    pub(super) fn last_mut(&mut self) -> Option<&mut Frame> {
        usize::from(self.len)
            .checked_sub(1)
            .and_then(|top| self.frames.get_mut(top))
    }
}

impl Serialize for Frames {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for Frames {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let read = Vec::<Frame>::deserialize(deserializer)?;
        if read.len() > DEPTH {
            return Err(serde::de::Error::custom(format!(
                "{} steps entered, more than a flow nests ({DEPTH})",
                read.len()
            )));
        }
        let mut frames = Frames::default();
        for frame in read {
            frames.push(frame);
        }
        Ok(frames)
    }
}
