//! What each player has seen ([`Recall`]), kept as an append-only list in shared chunks
//! ([`Seen`]), so that copying a position does not copy a game's whole history of moves.

use std::borrow::Cow;
use std::sync::Arc;

use crate::pieces::player::PlayerIndex;

/// The moves each player has seen, as they saw them ([`Game::RECALLS`]): part of what a
/// player knows of a position (their information state, as a history of observations in
/// OpenSpiel), which a search agent's determinization must stay consistent with.
///
/// [`Game::RECALLS`]: crate::Game::RECALLS
#[derive(Debug)]
pub(super) enum Recall<M> {
    /// The game recalls nothing, or this copy's player saw nothing yet that it carries.
    Untracked,
    /// A game's own position, by seat: every move applied is added as each seat sees it.
    Tracked(Vec<Seen<M>>),
    /// A player's copy ([`Position::for_agent`](super::Position::for_agent)): what that
    /// player saw until the copy was made, in one piece, shared by the copies made from it
    /// (a search agent makes one per playout). Looking ahead adds nothing to it.
    Seat(PlayerIndex, Arc<Vec<M>>),
}

impl<M: Clone> Clone for Recall<M> {
    fn clone(&self) -> Self {
        match self {
            Recall::Untracked => Recall::Untracked,
            Recall::Tracked(seen) => Recall::Tracked(seen.clone()),
            Recall::Seat(player, seen) => Recall::Seat(*player, Arc::clone(seen)),
        }
    }

    /// Seat by seat into the old one's room, when both track: the checkpoint's copy.
    fn clone_from(&mut self, source: &Self) {
        match (self, source) {
            (Recall::Tracked(seen), Recall::Tracked(from)) => seen.clone_from(from),
            (this, source) => *this = source.clone(),
        }
    }
}

impl<M: Clone> Recall<M> {
    /// Every seat's history, empty, for a table of `players`.
    pub(super) fn tracked(players: usize) -> Self {
        Recall::Tracked((0..players).map(|_| Seen::default()).collect())
    }

    /// Every seat's history as a snapshot carried it.
    pub(super) fn restored(seen: Vec<Vec<M>>) -> Self {
        Recall::Tracked(seen.into_iter().map(Seen::from).collect())
    }

    /// What `player` saw, as their copy carries it: in one piece, made once per copy for an
    /// agent (a copy of what they saw, which the agent's own copies then share).
    pub(super) fn of(&self, player: PlayerIndex) -> Self {
        match self {
            Recall::Tracked(seen) => seen.get(player.0).map_or(Recall::Untracked, |seen| {
                Recall::Seat(player, Arc::new(seen.to_vec()))
            }),
            Recall::Seat(seat, seen) if *seat == player => Recall::Seat(player, Arc::clone(seen)),
            _ => Recall::Untracked,
        }
    }

    /// What `player` saw, in order: borrowed from an agent's copy, gathered from the
    /// chunks of a game's own position.
    pub(super) fn seen(&self, player: PlayerIndex) -> Cow<'_, [M]> {
        match self {
            Recall::Tracked(seen) => seen
                .get(player.0)
                .map_or(Cow::Borrowed(&[]), |seen| Cow::Owned(seen.to_vec())),
            Recall::Seat(seat, seen) if *seat == player => Cow::Borrowed(&seen[..]),
            _ => Cow::Borrowed(&[]),
        }
    }

    /// Every seat's history in one piece each, for a snapshot; `None` when untracked.
    pub(super) fn to_vecs(&self) -> Option<Vec<Vec<M>>> {
        match self {
            Recall::Tracked(seen) => Some(seen.iter().map(Seen::to_vec).collect()),
            _ => None,
        }
    }
}

/// The moves one seat has seen: full chunks of [`SEEN_CHUNK`] moves, shared and never
/// changed, then the moves since, owned. A copy shares the chunks and copies at most a
/// chunk's worth of moves, where one list behind an `Arc` was copied whole by the first
/// move added after any copy of the position: the logged table copies its position at
/// every checkpoint, and an undo starts from one, so a long game of Memory copied its
/// whole history every few submissions (`docs/PERFORMANCE.md`).
#[derive(Debug)]
pub(super) struct Seen<M> {
    chunks: Vec<Arc<[M]>>,
    tail: Vec<M>,
}

/// The moves in a full chunk of [`Seen`]: what a copy copies at most.
const SEEN_CHUNK: usize = 64;

impl<M> Default for Seen<M> {
    fn default() -> Self {
        Seen {
            chunks: Vec::new(),
            tail: Vec::new(),
        }
    }
}

impl<M: Clone> Clone for Seen<M> {
    fn clone(&self) -> Self {
        Seen {
            chunks: self.chunks.clone(),
            tail: self.tail.clone(),
        }
    }

    /// Into the old one's room: the logged table copies its position into its checkpoint.
    fn clone_from(&mut self, source: &Self) {
        self.chunks.clone_from(&source.chunks);
        self.tail.clone_from(&source.tail);
    }
}

impl<M: Clone> Seen<M> {
    /// Adds `seen`, the move as this seat saw it.
    pub(super) fn push(&mut self, seen: M) {
        if self.tail.capacity() == 0 {
            self.tail.reserve_exact(SEEN_CHUNK);
        }
        self.tail.push(seen);
        if self.tail.len() == SEEN_CHUNK {
            let full = std::mem::replace(&mut self.tail, Vec::with_capacity(SEEN_CHUNK));
            self.chunks.push(Arc::from(full));
        }
    }

    /// Every move seen, in order, in one list.
    pub(super) fn to_vec(&self) -> Vec<M> {
        let mut all = Vec::with_capacity(self.chunks.len() * SEEN_CHUNK + self.tail.len());
        for chunk in &self.chunks {
            all.extend_from_slice(chunk);
        }
        all.extend_from_slice(&self.tail);
        all
    }
}

impl<M: Clone> From<Vec<M>> for Seen<M> {
    fn from(moves: Vec<M>) -> Self {
        let mut seen = Seen::default();
        for moved in moves {
            seen.push(moved);
        }
        seen
    }
}

#[cfg(test)]
mod tests {
    use super::{SEEN_CHUNK, Seen};

    #[test]
    fn a_copy_shares_the_full_chunks_and_goes_its_own_way() {
        let count = SEEN_CHUNK * 2 + 5;
        let mut seen: Seen<usize> = (0..count).collect::<Vec<_>>().into();
        assert_eq!(seen.chunks.len(), 2);
        assert_eq!(seen.tail.len(), 5);
        let copy = seen.clone();
        assert!(std::sync::Arc::ptr_eq(&seen.chunks[0], &copy.chunks[0]));
        seen.push(count);
        assert_eq!(seen.to_vec(), (0..=count).collect::<Vec<_>>());
        assert_eq!(copy.to_vec(), (0..count).collect::<Vec<_>>());
    }
}
