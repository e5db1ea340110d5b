//! The board of Othello as two words, bit `row * 8 + column` for each player's discs: where
//! a player may place a disc and which discs a placement turns, by shifting whole words
//! along the eight directions (the usual bitboard method), without walking the board.

use meeple::Space;

/// Every space but those of column `a`: what a shift towards `h` may land on.
const NOT_A: u64 = !0x0101_0101_0101_0101;

/// Every space but those of column `h`: what a shift towards `a` may land on.
const NOT_H: u64 = !0x8080_8080_8080_8080;

/// The eight directions, in OpenSpiel's order (up, down, left, right, up-left, up-right,
/// down-left, down-right), as shifts of a word: row 0 (rank 1) is the top.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ray {
    Up,
    Down,
    Left,
    Right,
    UpLeft,
    UpRight,
    DownLeft,
    DownRight,
}

impl Ray {
    /// All eight, in OpenSpiel's order: the order in which a placement turns its lines.
    pub(crate) const ALL: [Ray; 8] = [
        Ray::Up,
        Ray::Down,
        Ray::Left,
        Ray::Right,
        Ray::UpLeft,
        Ray::UpRight,
        Ray::DownLeft,
        Ray::DownRight,
    ];

    /// Every space of `spaces` moved one step along this ray; those that would leave the
    /// board are dropped.
    #[inline]
    pub(crate) fn shift(self, spaces: u64) -> u64 {
        match self {
            Ray::Up => spaces >> 8,
            Ray::Down => spaces << 8,
            Ray::Left => (spaces >> 1) & NOT_H,
            Ray::Right => (spaces << 1) & NOT_A,
            Ray::UpLeft => (spaces >> 9) & NOT_H,
            Ray::UpRight => (spaces >> 7) & NOT_A,
            Ray::DownLeft => (spaces << 7) & NOT_H,
            Ray::DownRight => (spaces << 9) & NOT_A,
        }
    }
}

/// The empty spaces where the player of `own` may place a disc: those from which a ray
/// crosses one or more of `opponent`'s discs and ends on one of `own`.
#[must_use]
pub(crate) fn placements(own: u64, opponent: u64) -> u64 {
    let empty = !(own | opponent);
    let mut found = 0;
    for ray in Ray::ALL {
        // The opponent's discs reached from one of ours along the ray, up to six deep.
        let mut line = ray.shift(own) & opponent;
        for _ in 0..5 {
            line |= ray.shift(line) & opponent;
        }
        found |= ray.shift(line) & empty;
    }
    found
}

/// The discs of `opponent` that a disc of `own`'s player placed on `at` turns, one ray
/// after the other in [`Ray::ALL`]'s order, nearest first within a ray; pushed to `turned`.
pub(crate) fn flips(own: u64, opponent: u64, at: Space, turned: &mut Vec<Space>) {
    let Some(start) = bit(at) else {
        return;
    };
    for ray in Ray::ALL {
        let mut line = 0;
        let mut reach = ray.shift(start);
        while reach & opponent != 0 {
            line |= reach;
            reach = ray.shift(reach);
        }
        if reach & own != 0 && line != 0 {
            let mut reach = ray.shift(start);
            while reach & line != 0 {
                turned.push(Space(reach.trailing_zeros() as usize));
                reach = ray.shift(reach);
            }
        }
    }
}

/// How many of `opponent`'s discs a disc of `own`'s player placed on `at` would turn: the
/// timeout's choice weighs placements by it.
#[must_use]
pub(crate) fn flip_count(own: u64, opponent: u64, at: Space) -> u32 {
    let mut turned = Vec::new();
    flips(own, opponent, at, &mut turned);
    u32::try_from(turned.len()).unwrap_or(u32::MAX)
}

/// `space` as a word with its bit set; `None` off a board of 64 spaces.
#[must_use]
pub(crate) fn bit(space: Space) -> Option<u64> {
    u32::try_from(space.0)
        .ok()
        .and_then(|at| 1u64.checked_shl(at))
}

/// The spaces of a word, in increasing order.
pub(crate) fn spaces(mut word: u64) -> impl Iterator<Item = Space> {
    std::iter::from_fn(move || {
        if word == 0 {
            return None;
        }
        let at = word.trailing_zeros() as usize;
        word &= word - 1;
        Some(Space(at))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The opening: White on d4 and e5, Black on e4 and d5 (row 0 at the top).
    const WHITE: u64 = (1 << 27) | (1 << 36);
    const BLACK: u64 = (1 << 28) | (1 << 35);

    #[test]
    fn the_opening_offers_black_four_placements() {
        let found: Vec<usize> = spaces(placements(BLACK, WHITE)).map(|s| s.0).collect();
        // d3, c4, f5, e6, as OpenSpiel lists them.
        assert_eq!(found, [19, 26, 37, 44]);
    }

    #[test]
    fn a_placement_turns_the_line_it_closes() {
        let mut turned = Vec::new();
        flips(BLACK, WHITE, Space(19), &mut turned);
        assert_eq!(turned, [Space(27)]);
    }

    #[test]
    fn rays_do_not_wrap_around_the_edges() {
        // A black disc on h1 and white ones on a2, b2: nothing is closed across the edge.
        let own = 1 << 7;
        let opponent = (1 << 8) | (1 << 9);
        assert_eq!(placements(own, opponent) & (1 << 10), 0);
        // A full board shifted loses a row, a column, or both: 56 or 49 spaces left.
        for ray in Ray::ALL {
            let straight = matches!(ray, Ray::Up | Ray::Down | Ray::Left | Ray::Right);
            let left = if straight { 56 } else { 49 };
            assert_eq!(ray.shift(u64::MAX).count_ones(), left, "{ray:?}");
        }
        // Column a shifted left, column h shifted right: off the board, not wrapped.
        let column_a = 0x0101_0101_0101_0101;
        assert_eq!(Ray::Left.shift(column_a), 0);
        assert_eq!(Ray::Right.shift(column_a << 7), 0);
    }
}
