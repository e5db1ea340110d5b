//! The moves of one colour as bitboards: where each pawn may advance or capture, counted
//! and drawn with word operations, as OpenSpiel's and every chess engine's move generators
//! do. [`Advance`](super::Advance) and [`Capture`](super::Capture) declare them as their
//! `completions`, so that an agent or a simulation counts a decision's moves with a few
//! popcounts instead of walking every pawn's selections; the selections stay what prompts
//! show and submissions are checked against, and yield the same moves in the same order.

use meeple::{PlayerIndex, Space};

use super::{Breakthrough, Pawn, SIZE};

/// Every space but those of the leftmost column (`a`).
const NOT_FIRST_COLUMN: u64 = !0x0101_0101_0101_0101;
/// Every space but those of the rightmost column (`h`).
const NOT_LAST_COLUMN: u64 = !0x8080_8080_8080_8080;

/// The pawns of each colour as bits, bit `i` for [`Space`] `i` (row by row from `a8`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Bitboards {
    /// Black's pawns.
    black: u64,
    /// White's pawns.
    white: u64,
}

impl Bitboards {
    /// The pawns of `game`'s board: its taken spaces as the board keeps them
    /// ([`Board::taken_set`](meeple::Board::taken_set), one word for 64 spaces), each read
    /// once for its colour.
    pub(super) fn of(game: &Breakthrough) -> Self {
        // An 8 by 8 board is one word.
        let taken = game.board.taken_set().as_u64().unwrap_or_default();
        let mut white = 0;
        let mut bits = taken;
        while bits != 0 {
            let space = bits.trailing_zeros() as usize;
            if game.board.component(Space(space)) == Some(&Pawn::White) {
                white |= 1 << space;
            }
            bits &= bits - 1;
        }
        Bitboards {
            black: taken & !white,
            white,
        }
    }

    /// The empty spaces.
    fn free(self) -> u64 {
        !(self.black | self.white)
    }
}

/// The moves of one colour of a kind (advances or captures), in the order the selections
/// of the action walk them: pawn by pawn in reading order, then each direction in
/// [`Pawn::forward`]'s order (straight, then the diagonals to the pawn's left and right).
///
/// `movers[d]` holds the pawns that may move in direction `d`, `offsets[d]` is that
/// direction's step in space numbers; directions past `directions` are unused.
#[derive(Clone, Debug)]
pub struct Steps {
    movers: [u64; 3],
    offsets: [isize; 3],
    directions: usize,
}

impl Steps {
    /// Where `player`'s pawns may advance: one step ahead, straight or diagonally, onto an
    /// empty space.
    pub(super) fn advances(boards: Bitboards, player: PlayerIndex) -> Self {
        let free = boards.free();
        match Pawn::of(player) {
            // Black moves down the board: a step of +8, +7 (left of it) or +9.
            Pawn::Black => Steps {
                movers: [
                    boards.black & (free >> SIZE),
                    boards.black & NOT_FIRST_COLUMN & (free >> (SIZE - 1)),
                    boards.black & NOT_LAST_COLUMN & (free >> (SIZE + 1)),
                ],
                offsets: [8, 7, 9],
                directions: 3,
            },
            // White moves up: -8, -9 (left of it) or -7.
            Pawn::White => Steps {
                movers: [
                    boards.white & (free << SIZE),
                    boards.white & NOT_FIRST_COLUMN & (free << (SIZE + 1)),
                    boards.white & NOT_LAST_COLUMN & (free << (SIZE - 1)),
                ],
                offsets: [-8, -9, -7],
                directions: 3,
            },
        }
    }

    /// Where `player`'s pawns may capture: one step diagonally ahead, onto a pawn of the
    /// other colour.
    pub(super) fn captures(boards: Bitboards, player: PlayerIndex) -> Self {
        match Pawn::of(player) {
            Pawn::Black => Steps {
                movers: [
                    boards.black & NOT_FIRST_COLUMN & (boards.white >> (SIZE - 1)),
                    boards.black & NOT_LAST_COLUMN & (boards.white >> (SIZE + 1)),
                    0,
                ],
                offsets: [7, 9, 0],
                directions: 2,
            },
            Pawn::White => Steps {
                movers: [
                    boards.white & NOT_FIRST_COLUMN & (boards.black << (SIZE + 1)),
                    boards.white & NOT_LAST_COLUMN & (boards.black << (SIZE - 1)),
                    0,
                ],
                offsets: [-9, -7, 0],
                directions: 2,
            },
        }
    }

    /// The moves left, without walking them.
    fn len(&self) -> usize {
        self.movers[..self.directions]
            .iter()
            .map(|movers| movers.count_ones() as usize)
            .sum()
    }

    /// The first move left (the lowest pawn's first direction), taken out.
    fn take_first(&mut self) -> Option<(Space, Space)> {
        let pawns = self.movers[..self.directions]
            .iter()
            .fold(0, |pawns, movers| pawns | movers);
        if pawns == 0 {
            return None;
        }
        let from = pawns.trailing_zeros() as usize;
        let bit = 1 << from;
        let direction = self.movers[..self.directions]
            .iter()
            .position(|movers| movers & bit != 0)?;
        self.movers[direction] &= !bit;
        Some((
            Space(from),
            Space(from.checked_add_signed(self.offsets[direction])?),
        ))
    }
}

impl Iterator for Steps {
    type Item = (Space, Space);

    fn next(&mut self) -> Option<(Space, Space)> {
        self.take_first()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let len = self.len();
        (len, Some(len))
    }

    fn count(self) -> usize {
        self.len()
    }

    /// Skips whole pawns by their counts of moves, then the directions within the pawn.
    fn nth(&mut self, mut n: usize) -> Option<(Space, Space)> {
        let movers = &mut self.movers[..self.directions];
        let mut pawns = movers.iter().fold(0, |pawns, movers| pawns | movers);
        while pawns != 0 {
            let from = pawns.trailing_zeros() as usize;
            let bit = 1 << from;
            pawns &= !bit;
            for (direction, offset) in movers.iter_mut().zip(self.offsets) {
                if *direction & bit == 0 {
                    continue;
                }
                *direction &= !bit;
                if n == 0 {
                    return Some((Space(from), Space(from.checked_add_signed(offset)?)));
                }
                n -= 1;
            }
        }
        None
    }
}

impl ExactSizeIterator for Steps {}

impl Breakthrough {
    /// Every advance of `player`'s, as (pawn, where it goes), in the order
    /// [`Advance`](super::Advance)'s selections list them: [`pawns_of`](Self::pawns_of),
    /// then [`advances`](Self::advances) of each. Counted and drawn from bitboards.
    #[must_use]
    pub fn advance_steps(&self, player: PlayerIndex) -> Steps {
        Steps::advances(Bitboards::of(self), player)
    }

    /// Every capture of `player`'s, as (captor, pawn taken), in the order
    /// [`Capture`](super::Capture)'s selections list them: [`pawns_of`](Self::pawns_of),
    /// then [`captures`](Self::captures) of each. Counted and drawn from bitboards.
    #[must_use]
    pub fn capture_steps(&self, player: PlayerIndex) -> Steps {
        Steps::captures(Bitboards::of(self), player)
    }
}
