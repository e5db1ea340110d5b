//! The moves of one colour as bitboards: where each pawn may advance or capture, counted
//! and drawn with word operations, as OpenSpiel's and every chess engine's move generators
//! do. [`Advance`](super::Advance) and [`Capture`](super::Capture) declare them as their
//! `completions`, so that an agent or a simulation counts a decision's moves with a few
//! popcounts instead of walking every pawn's selections; the selections stay what prompts
//! show and submissions are checked against, and yield the same moves in the same order.

use std::sync::OnceLock;

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
    /// The pawns of `game`'s board, read once per position ([`KeptBitboards`]).
    pub(super) fn of(game: &Breakthrough) -> Self {
        *game.bitboards.0.get_or_init(|| Self::read(game))
    }

    /// The pawns of `game`'s board: its taken spaces as the board keeps them
    /// ([`Board::taken_set`](meeple::Board::taken_set), one word for 64 spaces), each read
    /// once for its colour.
    fn read(game: &Breakthrough) -> Self {
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

/// A state's [`Bitboards`], read at its first decision and kept until a move of a pawn
/// changes the board ([`BreakthroughMove::apply`](super::BreakthroughMove) empties it): a
/// decision counts both actions and draws one, from one reading. Not part of the state:
/// not serialized (a state read back reads its board again), and equal whatever it holds.
#[derive(Clone, Debug, Default)]
pub(super) struct KeptBitboards(OnceLock<Bitboards>);

impl PartialEq for KeptBitboards {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for KeptBitboards {}

/// The moves of one colour of a kind (advances or captures), in the order the selections
/// of the action walk them: pawn by pawn in reading order, then each direction in
/// [`Pawn::forward`]'s order (straight, then the diagonals to the pawn's left and right).
///
/// `movers[d]` holds the pawns that may move in direction `d`, `offsets[d]` is that
/// direction's step in space numbers (a capture has no straight move: its `movers[2]` is
/// empty).
#[derive(Clone, Debug)]
pub struct Steps {
    movers: [u64; 3],
    offsets: [isize; 3],
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
            },
            // White moves up: -8, -9 (left of it) or -7.
            Pawn::White => Steps {
                movers: [
                    boards.white & (free << SIZE),
                    boards.white & NOT_FIRST_COLUMN & (free << (SIZE + 1)),
                    boards.white & NOT_LAST_COLUMN & (free << (SIZE - 1)),
                ],
                offsets: [-8, -9, -7],
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
            },
            Pawn::White => Steps {
                movers: [
                    boards.white & NOT_FIRST_COLUMN & (boards.black << (SIZE + 1)),
                    boards.white & NOT_LAST_COLUMN & (boards.black << (SIZE - 1)),
                    0,
                ],
                offsets: [-9, -7, 0],
            },
        }
    }

    /// The moves left of the pawns under `mask`, without walking them.
    fn len_within(&self, mask: u64) -> usize {
        let [a, b, c] = self.movers;
        ((a & mask).count_ones() + (b & mask).count_ones() + (c & mask).count_ones()) as usize
    }

    /// The first move left of the pawn on bit `from` after skipping `n` of its moves,
    /// taking out the moves up to it; `None` when it has no more than `n` left.
    fn take_of(&mut self, from: usize, mut n: usize) -> Option<(Space, Space)> {
        let bit = 1 << from;
        for (movers, offset) in self.movers.iter_mut().zip(self.offsets) {
            if *movers & bit == 0 {
                continue;
            }
            *movers &= !bit;
            if n == 0 {
                return Some((Space(from), Space(from.checked_add_signed(offset)?)));
            }
            n -= 1;
        }
        None
    }

    /// Takes out the moves of every pawn below bit `from`.
    fn skip_below(&mut self, from: usize) {
        let below = (1_u64 << from) - 1;
        for movers in &mut self.movers {
            *movers &= !below;
        }
    }
}

impl Iterator for Steps {
    type Item = (Space, Space);

    fn next(&mut self) -> Option<(Space, Space)> {
        let [a, b, c] = self.movers;
        let pawns = a | b | c;
        if pawns == 0 {
            return None;
        }
        self.take_of(pawns.trailing_zeros() as usize, 0)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let len = self.len_within(u64::MAX);
        (len, Some(len))
    }

    fn count(self) -> usize {
        self.len_within(u64::MAX)
    }

    /// The pawn of the `n`-th move found by halving (the moves of the pawns below a bit
    /// are three popcounts), then the direction within it.
    fn nth(&mut self, n: usize) -> Option<(Space, Space)> {
        if n >= self.len_within(u64::MAX) {
            self.movers = [0; 3];
            return None;
        }
        // The lowest `high` such that the pawns below bit `high` have more than `n` moves:
        // the pawn of the `n`-th move is on bit `high - 1`.
        let (mut low, mut high) = (0, u64::BITS as usize);
        while high - low > 1 {
            let middle = (low + high) / 2;
            if self.len_within((1_u64 << middle) - 1) > n {
                high = middle;
            } else {
                low = middle;
            }
        }
        let from = high - 1;
        let skipped = self.len_within((1_u64 << from) - 1);
        self.skip_below(from);
        self.take_of(from, n - skipped)
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
