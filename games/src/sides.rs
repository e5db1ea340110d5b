//! Each player's pieces on a board of up to 64 spaces as a word, kept move by move: the win
//! checks of Tic-tac-toe and Connect Four test a line on it ([`Grid::contains_line`])
//! instead of walking the board from the space just taken.
//!
//! [`Grid::contains_line`]: meeple::Grid::contains_line

use meeple::{Board, PlayerIndex, Space};

/// The spaces of each of two players' pieces on a board, bit `i` for `Space(i)`: read from
/// the board when first asked, then kept by [`put`](Self::put) with each piece a player
/// puts on it, and read again after [`forget`](Self::forget) (any other move of a piece).
///
/// Not part of the state: not serialized (a state read back reads its board again), and
/// equal whatever it holds, so a state's equality, views and records are the board's.
#[derive(Clone, Debug, Default)]
pub(crate) struct KeptSides(Option<[u64; 2]>);

impl PartialEq for KeptSides {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for KeptSides {}

impl KeptSides {
    /// `player`'s spaces on `board` (of up to 64 spaces), where `side` says whose piece a
    /// component is (seat 0 or 1).
    pub(crate) fn of<C>(
        &mut self,
        player: PlayerIndex,
        board: &Board<C>,
        side: impl Fn(&C) -> PlayerIndex,
    ) -> u64 {
        let sides = self.0.get_or_insert_with(|| {
            let mut sides = [0; 2];
            for space in board.taken() {
                if let Some(component) = board.component(space)
                    && let Some(word) = sides.get_mut(side(component).0)
                {
                    *word |= bit(space);
                }
            }
            sides
        });
        sides.get(player.0).copied().unwrap_or(0)
    }

    /// Keeps a piece of `player`'s put on `space`; nothing when the sides are not read yet.
    pub(crate) fn put(&mut self, player: PlayerIndex, space: Space) {
        if let Some(word) = self.0.as_mut().and_then(|sides| sides.get_mut(player.0)) {
            *word |= bit(space);
        }
    }

    /// Drops what is kept: read from the board again when next asked.
    pub(crate) fn forget(&mut self) {
        self.0 = None;
    }
}

/// `space` as a bit of a word (none past the 64th space).
pub(crate) fn bit(space: Space) -> u64 {
    u32::try_from(space.0)
        .ok()
        .and_then(|at| 1u64.checked_shl(at))
        .unwrap_or(0)
}
