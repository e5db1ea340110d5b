//! Boards: spaces on a grid of rows and columns, or joined by an explicit graph, each
//! holding at most one piece.
//!
//! A [`Board`] is a [`SizedStack`] whose slots are the spaces of a [`Grid`]: pieces move
//! onto and off it with [`move_piece`](crate::move_piece) like any place. A space is named
//! by its index ([`Space`]) or by its row and column, written `"row,column"` (0-based),
//! after boardgame's ranged stack indices. A board keeps its taken spaces as bits too
//! ([`SpaceSet`]): the occupancy bitboard of chess and go engines, OpenSpiel's among them.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::pieces::components::{
    Arrangement, ComponentId, DeckId, Place, PlaceError, SizedStack, Slot,
};
use smallvec::SmallVec;

/// A space of a board: its index, row by row from the top left corner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Space(pub usize);

/// Where a piece is put by a `place_piece` selection: a space and a rotation.
///
/// Serialized as `{"space":4,"rotation":1}`; shown as `#4` or `#4 r1` unless the selection
/// gives a `label`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Placement {
    /// The space the piece goes on.
    pub space: Space,
    /// How many quarter turns (or steps of the piece's own symmetry) it is rotated: `0`
    /// for pieces without rotations.
    pub rotation: u8,
}

impl fmt::Display for Placement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.space.0)?;
        if self.rotation > 0 {
            write!(f, " r{}", self.rotation)?;
        }
        Ok(())
    }
}

/// Every placement of a piece on `positions`, with `rotations` rotations each (at least 1,
/// at most 256), position by position: what a `place_piece` selection offers.
pub fn placements(
    positions: impl IntoIterator<Item = Space>,
    rotations: usize,
) -> impl Iterator<Item = Placement> {
    let rotations = u8::try_from(rotations.clamp(1, 256) - 1).unwrap_or(u8::MAX);
    positions
        .into_iter()
        .flat_map(move |space| (0..=rotations).map(move |rotation| Placement { space, rotation }))
}

/// A row and a column, 0-based, written `"row,column"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Coord {
    /// The row, 0 at the top.
    pub row: usize,
    /// The column, 0 at the left.
    pub column: usize,
}

impl fmt::Display for Coord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.row, self.column)
    }
}

/// Why a text is not a coordinate.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{text}` is not a space: write it `row,column`, like `2,0`")]
pub struct CoordParseError {
    /// The text read.
    pub text: String,
}

impl FromStr for Coord {
    type Err = CoordParseError;

    /// Reads `"row,column"` (spaces around the numbers allowed).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let error = || CoordParseError {
            text: text.to_owned(),
        };
        let (row, column) = text.split_once(',').ok_or_else(error)?;
        Ok(Coord {
            row: row.trim().parse().map_err(|_| error())?,
            column: column.trim().parse().map_err(|_| error())?,
        })
    }
}

/// One of the eight directions on a grid; north is towards row 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Direction {
    /// Up: row - 1.
    North,
    /// Up and right.
    NorthEast,
    /// Right: column + 1.
    East,
    /// Down and right.
    SouthEast,
    /// Down: row + 1.
    South,
    /// Down and left.
    SouthWest,
    /// Left: column - 1.
    West,
    /// Up and left.
    NorthWest,
}

impl Direction {
    /// The four orthogonal directions, clockwise from north.
    pub const ORTHOGONAL: [Direction; 4] = [
        Direction::North,
        Direction::East,
        Direction::South,
        Direction::West,
    ];
    /// The four diagonal directions, clockwise from north-east.
    pub const DIAGONAL: [Direction; 4] = [
        Direction::NorthEast,
        Direction::SouthEast,
        Direction::SouthWest,
        Direction::NorthWest,
    ];
    /// All eight directions, clockwise from north.
    pub const ALL: [Direction; 8] = [
        Direction::North,
        Direction::NorthEast,
        Direction::East,
        Direction::SouthEast,
        Direction::South,
        Direction::SouthWest,
        Direction::West,
        Direction::NorthWest,
    ];

    /// The step in rows and columns.
    #[must_use]
    pub fn delta(self) -> (isize, isize) {
        match self {
            Direction::North => (-1, 0),
            Direction::NorthEast => (-1, 1),
            Direction::East => (0, 1),
            Direction::SouthEast => (1, 1),
            Direction::South => (1, 0),
            Direction::SouthWest => (1, -1),
            Direction::West => (0, -1),
            Direction::NorthWest => (-1, -1),
        }
    }

    /// The direction the other way (south for north).
    #[must_use]
    pub fn opposite(self) -> Direction {
        match self {
            Direction::North => Direction::South,
            Direction::NorthEast => Direction::SouthWest,
            Direction::East => Direction::West,
            Direction::SouthEast => Direction::NorthWest,
            Direction::South => Direction::North,
            Direction::SouthWest => Direction::NorthEast,
            Direction::West => Direction::East,
            Direction::NorthWest => Direction::SouthEast,
        }
    }

    /// The four axes of a grid, each by one of its two directions: east (a row), south (a
    /// column), south-east and south-west (the diagonals). What "n in a row" games look
    /// along ([`Grid::run_through`]).
    pub const AXES: [Direction; 4] = [
        Direction::East,
        Direction::South,
        Direction::SouthEast,
        Direction::SouthWest,
    ];
}

/// Which neighbours of a grid space are adjacent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Adjacency {
    /// The four spaces sharing a side.
    Orthogonal,
    /// The four spaces sharing only a corner.
    Diagonal,
    /// All eight (a king's move).
    All,
}

impl Adjacency {
    /// The directions this adjacency follows.
    #[must_use]
    pub fn directions(self) -> &'static [Direction] {
        match self {
            Adjacency::Orthogonal => &Direction::ORTHOGONAL,
            Adjacency::Diagonal => &Direction::DIAGONAL,
            Adjacency::All => &Direction::ALL,
        }
    }
}

/// The shape of a rectangular board: `rows` x `columns` spaces, numbered row by row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Grid {
    /// How many rows.
    pub rows: usize,
    /// How many columns.
    pub columns: usize,
}

impl Grid {
    /// A grid of `rows` x `columns`.
    #[must_use]
    pub fn new(rows: usize, columns: usize) -> Self {
        Grid { rows, columns }
    }

    /// How many spaces.
    #[must_use]
    pub fn len(self) -> usize {
        self.rows * self.columns
    }

    /// Whether the grid has no space.
    #[must_use]
    pub fn is_empty(self) -> bool {
        self.len() == 0
    }

    /// Every space, row by row.
    pub fn spaces(self) -> impl Iterator<Item = Space> {
        (0..self.len()).map(Space)
    }

    /// The space at `coord`, if it is on the grid.
    #[must_use]
    #[inline]
    pub fn space(self, coord: Coord) -> Option<Space> {
        (coord.row < self.rows && coord.column < self.columns)
            .then_some(Space(coord.row * self.columns + coord.column))
    }

    /// The row and column of `space`, if it is on the grid.
    #[must_use]
    #[inline]
    pub fn coord(self, space: Space) -> Option<Coord> {
        (space.0 < self.len()).then(|| Coord {
            row: space.0 / self.columns,
            column: space.0 % self.columns,
        })
    }

    /// The space one step from `space` in `direction`, if it is on the grid.
    #[must_use]
    #[inline]
    pub fn step(self, space: Space, direction: Direction) -> Option<Space> {
        let coord = self.coord(space)?;
        let (rows, columns) = direction.delta();
        self.space(Coord {
            row: coord.row.checked_add_signed(rows)?,
            column: coord.column.checked_add_signed(columns)?,
        })
    }

    /// The spaces adjacent to `space`, in the order of [`Adjacency::directions`].
    pub fn neighbours(self, space: Space, adjacency: Adjacency) -> impl Iterator<Item = Space> {
        adjacency
            .directions()
            .iter()
            .filter_map(move |&direction| self.step(space, direction))
    }

    /// Reads a position drawn as text: `rows`, the top first, a character per space, each
    /// looked up in `legend` (`('X', Some(Mark::X))`, `('.', None)` for an empty space).
    /// Returns every piece drawn with its space, in reading order: how a game builds the
    /// positions of its rules tests (Tic-tac-toe's `from_rows`).
    ///
    /// # Errors
    /// [`RowsError`] for another number of rows than the grid's, a row of another length,
    /// or a character the legend does not have, saying which (`` `?` in row 0, column 1 is
    /// not `X`, `O` or `.` ``). It converts into
    /// [`SetupError::State`](crate::SetupError::State), so `?` carries it out of a
    /// game's `from_rows`.
    pub fn read_rows<T: Clone>(
        self,
        rows: &[&str],
        legend: &[(char, Option<T>)],
    ) -> Result<Vec<(Space, T)>, RowsError> {
        if rows.len() != self.rows {
            return Err(RowsError::Rows {
                found: rows.len(),
                expected: self.rows,
            });
        }
        let mut pieces = Vec::new();
        for (row, text) in rows.iter().enumerate() {
            let length = text.chars().count();
            if length != self.columns {
                return Err(RowsError::Length {
                    row,
                    text: (*text).to_owned(),
                    found: length,
                    expected: self.columns,
                });
            }
            for (column, character) in text.chars().enumerate() {
                let Some((_, piece)) = legend.iter().find(|(letter, _)| *letter == character)
                else {
                    let letters: Vec<String> = legend
                        .iter()
                        .map(|(letter, _)| format!("`{letter}`"))
                        .collect();
                    return Err(RowsError::Unknown {
                        character,
                        row,
                        column,
                        legend: crate::pieces::player::in_prose(&letters).replace(" and ", " or "),
                    });
                };
                if let (Some(piece), Some(space)) = (piece, self.space(Coord { row, column })) {
                    pieces.push((space, piece.clone()));
                }
            }
        }
        Ok(pieces)
    }

    /// How many spaces in a row, through `space` along `direction`'s axis (both ways),
    /// `same` holds for: 0 when it does not hold for `space` itself. The test of "n in a
    /// row" games after a piece lands on `space`, without listing any line (no allocation):
    /// `grid.run_through(space, Direction::East, |other| board.component(other) == mine) >= 4`.
    pub fn run_through(
        self,
        space: Space,
        direction: Direction,
        same: impl Fn(Space) -> bool,
    ) -> usize {
        if !same(space) {
            return 0;
        }
        let mut run = 1;
        for way in [direction, direction.opposite()] {
            let mut at = space;
            while let Some(next) = self.step(at, way).filter(|&next| same(next)) {
                run += 1;
                at = next;
            }
        }
        run
    }

    /// Whether `spaces` (bit `i` is `Space(i)`, as [`SpaceSet::as_u64`] gives a board's)
    /// holds a whole line of `length` spaces: one of [`lines`](Self::lines), along a row, a
    /// column or a diagonal. The win check of "n in a row" games on a word per colour, with
    /// no walk: for each axis, the spaces that begin a run are the word shifted onto
    /// itself `length - 1` times (the bitboard technique of John Tromp's Fhourstones),
    /// kept only where the run stays within the rows it crosses. `false` for a `length`
    /// of 0, as `lines` has no line then. Bits past the grid's last space are ignored.
    ///
    /// # Panics
    /// When the grid has more than 64 spaces: a word cannot hold them
    /// ([`run_through`](Self::run_through) walks any grid).
    #[must_use]
    pub fn contains_line(self, spaces: u64, length: usize) -> bool {
        let Some(spaces) = self.word_for_lines(spaces, length) else {
            return false;
        };
        let columns = self.columns;
        // Too few spaces for any line: most of a game's first moves.
        if (spaces.count_ones() as usize) < length {
            return false;
        }
        if length == 1 {
            return true;
        }
        if run_starts(spaces, length, columns) != 0 {
            return true;
        }
        if length > columns {
            return false;
        }
        let (rightwards, leftwards) = self.start_columns(length);
        run_starts(spaces, length, 1) & rightwards != 0
            || run_starts(spaces, length, columns + 1) & rightwards != 0
            || run_starts(spaces, length, columns - 1) & leftwards != 0
    }

    /// The first of [`lines`](Self::lines)`(length)` (by first space in reading order, then
    /// along a row, a column and the two diagonals) that passes through `through` and lies
    /// wholly in `spaces` (bit `i` for `Space(i)`), as its spaces in order: the winning line
    /// of an "n in a row" game, read from the words of [`contains_line`](Self::contains_line)
    /// rather than walked. `None` when there is none.
    ///
    /// # Panics
    /// As [`contains_line`](Self::contains_line), on a grid of more than 64 spaces.
    #[must_use]
    pub fn first_line_through(
        self,
        spaces: u64,
        through: Space,
        length: usize,
    ) -> Option<Vec<Space>> {
        let mut first: Option<(usize, usize)> = None;
        for (starts, shift) in self.line_starts(spaces, length) {
            if starts == 0 {
                continue;
            }
            // The starts of this axis whose line reaches `through` (a line that starts
            // somewhere holds at most 64 spaces).
            let mut reaching = 0u64;
            for k in 0..length.min(WORD) {
                match k
                    .checked_mul(shift)
                    .and_then(|back| through.0.checked_sub(back))
                {
                    Some(start) if start < WORD => reaching |= 1 << start,
                    _ => break,
                }
            }
            let hits = starts & reaching;
            if hits != 0 {
                let start = hits.trailing_zeros() as usize;
                if first.is_none_or(|(earliest, _)| start < earliest) {
                    first = Some((start, shift));
                }
            }
        }
        let (start, shift) = first?;
        Some((0..length).map(|k| Space(start + k * shift)).collect())
    }

    /// For each of [`Direction::AXES`] in order, the spaces of `spaces` where a run of
    /// `length` along it begins, and the axis's step in space numbers; every word 0 when
    /// `length` is 0.
    fn line_starts(self, spaces: u64, length: usize) -> [(u64, usize); 4] {
        let columns = self.columns;
        let shifts = [1, columns, columns + 1, columns.saturating_sub(1)];
        let mut found = shifts.map(|shift| (0, shift));
        let Some(spaces) = self.word_for_lines(spaces, length) else {
            return found;
        };
        if length == 1 {
            found[0].0 = spaces;
            return found;
        }
        found[1].0 = run_starts(spaces, length, columns);
        if length <= columns {
            let (rightwards, leftwards) = self.start_columns(length);
            found[0].0 = run_starts(spaces, length, 1) & rightwards;
            found[2].0 = run_starts(spaces, length, columns + 1) & rightwards;
            found[3].0 = run_starts(spaces, length, columns - 1) & leftwards;
        }
        found
    }

    /// `spaces` without the bits past the grid's end; `None` when no line can be: a
    /// `length` of 0, or an empty grid.
    ///
    /// # Panics
    /// When the grid has more than 64 spaces.
    #[inline]
    fn word_for_lines(self, spaces: u64, length: usize) -> Option<u64> {
        assert!(
            self.len() <= WORD,
            "a grid of {} spaces does not fit a word",
            self.len()
        );
        (length > 0 && !self.is_empty()).then(|| spaces & low_bits(self.len()))
    }

    /// The spaces where a line of `length` (at most the row's) may begin going right (a
    /// row, the down-right diagonal) and going left (the down-left diagonal): the columns
    /// from which it stays within the rows it crosses.
    #[inline]
    fn start_columns(self, length: usize) -> (u64, u64) {
        let columns = self.columns;
        // A row's columns as bits, repeated in every row: no carry, since each row's bits
        // stay below the next row's first.
        let every_row = (0..self.rows).fold(0u64, |rows, row| rows | 1 << (row * columns));
        (
            low_bits(columns - length + 1).wrapping_mul(every_row),
            (low_bits(columns) & !low_bits(length - 1)).wrapping_mul(every_row),
        )
    }

    /// Every straight line of `length` spaces (rows, columns and both diagonals), each from
    /// its first space in reading order: the lines of "n in a row" games.
    #[must_use]
    pub fn lines(self, length: usize) -> Vec<Vec<Space>> {
        let mut lines = Vec::new();
        if length == 0 {
            return lines;
        }
        let forward = [
            Direction::East,
            Direction::South,
            Direction::SouthEast,
            Direction::SouthWest,
        ];
        for start in self.spaces() {
            for direction in forward {
                let mut line = vec![start];
                while line.len() < length {
                    let Some(next) = line.last().and_then(|&last| self.step(last, direction))
                    else {
                        break;
                    };
                    line.push(next);
                }
                if line.len() == length {
                    lines.push(line);
                }
            }
        }
        lines
    }
}

/// The shape of a board whose spaces are joined by an explicit graph (a map, a track).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Graph {
    /// For each space, the spaces it leads to.
    edges: Vec<Vec<Space>>,
}

impl Graph {
    /// A graph of `spaces` spaces without edges.
    #[must_use]
    pub fn new(spaces: usize) -> Self {
        Graph {
            edges: vec![Vec::new(); spaces],
        }
    }

    /// This graph with an edge both ways between `a` and `b`.
    ///
    /// # Panics
    /// Panics if either space is not in the graph.
    #[must_use]
    pub fn joined(self, a: Space, b: Space) -> Self {
        self.directed(a, b).directed(b, a)
    }

    /// This graph with an edge from `from` to `to` only.
    ///
    /// # Panics
    /// Panics if either space is not in the graph.
    #[must_use]
    pub fn directed(mut self, from: Space, to: Space) -> Self {
        let spaces = self.edges.len();
        assert!(
            from.0 < spaces && to.0 < spaces,
            "edge {}->{} leaves a graph of {spaces} spaces",
            from.0,
            to.0
        );
        if !self.edges[from.0].contains(&to) {
            self.edges[from.0].push(to);
        }
        self
    }

    /// How many spaces.
    #[must_use]
    pub fn len(&self) -> usize {
        self.edges.len()
    }

    /// Whether the graph has no space.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.edges.is_empty()
    }

    /// The spaces `space` leads to, in the order the edges were added.
    #[must_use]
    pub fn neighbours(&self, space: Space) -> &[Space] {
        self.edges.get(space.0).map_or(&[], Vec::as_slice)
    }

    /// Whether an edge leads from `from` to `to`.
    #[must_use]
    pub fn adjacent(&self, from: Space, to: Space) -> bool {
        self.neighbours(from).contains(&to)
    }
}

/// Bits per word of a [`SpaceSet`].
const WORD: usize = u64::BITS as usize;

/// A set of the spaces of a board of `len` spaces, bit `i` of `first` for [`Space`] `i`
/// below 64, bit `i % 64` of word `i / 64 - 1` of `rest` above: the first 64 spaces (every
/// space of most boards) are read from a word of their own, outside the `SmallVec`, and a
/// board of up to 128 spaces keeps its words inline, so a copy of it allocates nothing
/// more.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SpaceSet {
    first: u64,
    rest: SmallVec<[u64; 1]>,
    len: usize,
}

impl SpaceSet {
    /// The empty set of a board of `len` spaces.
    #[must_use]
    pub(crate) fn empty(len: usize) -> Self {
        SpaceSet {
            first: 0,
            rest: SmallVec::from_elem(0, len.div_ceil(WORD).saturating_sub(1)),
            len,
        }
    }

    /// How many spaces the board has: the set's spaces are below it.
    #[must_use]
    pub fn board_len(&self) -> usize {
        self.len
    }

    /// Whether `space` is in the set (`false` off the board).
    #[must_use]
    #[inline]
    pub fn contains(&self, space: Space) -> bool {
        if space.0 < WORD {
            self.first >> space.0 & 1 == 1
        } else {
            self.rest
                .get(space.0 / WORD - 1)
                .is_some_and(|word| word >> (space.0 % WORD) & 1 == 1)
        }
    }

    /// The word holding `space`'s bit, if it is on the board.
    fn word_mut(&mut self, space: Space) -> Option<&mut u64> {
        if space.0 >= self.len {
            None
        } else if space.0 < WORD {
            Some(&mut self.first)
        } else {
            self.rest.get_mut(space.0 / WORD - 1)
        }
    }

    /// Adds `space`; nothing for a space off the board.
    #[inline]
    pub(crate) fn insert(&mut self, space: Space) {
        if let Some(word) = self.word_mut(space) {
            *word |= 1 << (space.0 % WORD);
        }
    }

    /// Removes `space`.
    #[inline]
    pub(crate) fn remove(&mut self, space: Space) {
        if let Some(word) = self.word_mut(space) {
            *word &= !(1 << (space.0 % WORD));
        }
    }

    /// How many spaces are in the set.
    #[must_use]
    pub fn len(&self) -> usize {
        self.words()
            .map(|(_, word)| word.count_ones() as usize)
            .sum()
    }

    /// Whether the set is empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.words().all(|(_, word)| word == 0)
    }

    /// The set as one word, bit `i` for [`Space`] `i`, for a board of at most 64 spaces
    /// (`None` for a larger one): what a game's own bitboards start from.
    #[must_use]
    #[inline]
    pub fn as_u64(&self) -> Option<u64> {
        (self.len <= WORD).then_some(self.first)
    }

    /// The spaces in the set, in order.
    pub fn iter(&self) -> impl Iterator<Item = Space> + '_ {
        self.spaces(false)
    }

    /// The board's spaces not in the set, in order.
    pub fn complement(&self) -> impl Iterator<Item = Space> + '_ {
        self.spaces(true)
    }

    /// Each word with the space of its bit 0, in order.
    fn words(&self) -> impl Iterator<Item = (usize, u64)> + '_ {
        std::iter::once((0, self.first))
            .chain((WORD..).step_by(WORD).zip(self.rest.iter().copied()))
    }

    /// The spaces of the set's words (of their complements when `inverted`), in order,
    /// each word read bit by bit from its lowest; the bits past the board's last space are
    /// no spaces.
    fn spaces(&self, inverted: bool) -> impl Iterator<Item = Space> + '_ {
        let len = self.len;
        self.words().flat_map(move |(start, word)| {
            let mut bits = if inverted { !word } else { word };
            let room = len.saturating_sub(start);
            if room < WORD {
                bits &= (1 << room) - 1;
            }
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let bit = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    Space(start + bit)
                })
            })
        })
    }
}

/// A board: a [`Grid`] of spaces, each empty or holding one piece of one deck.
///
/// The board keeps its taken spaces as bits too ([`taken_set`](Self::taken_set)), kept
/// with every move of a piece: its empty and taken spaces are listed and tested without
/// reading the spaces. They are not serialized (a board reads them again from its spaces).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(
    from = "BoardSpaces<C, V>",
    bound(deserialize = "C: Deserialize<'de>, V: Deserialize<'de>")
)]
pub struct Board<C, V = ()> {
    grid: Grid,
    spaces: SizedStack<C, V>,
    #[serde(skip)]
    taken: SpaceSet,
}

/// A board as serialized: its shape and its spaces, the taken ones read from them.
#[derive(Deserialize)]
struct BoardSpaces<C, V> {
    grid: Grid,
    spaces: SizedStack<C, V>,
}

impl<C, V> From<BoardSpaces<C, V>> for Board<C, V> {
    fn from(BoardSpaces { grid, spaces }: BoardSpaces<C, V>) -> Self {
        let mut board = Board {
            grid,
            taken: SpaceSet::empty(spaces.positions()),
            spaces,
        };
        board.read_taken();
        board
    }
}

impl<C, V> Board<C, V> {
    /// An empty board of `grid`'s shape for pieces of `deck`.
    #[must_use]
    pub fn new(deck: DeckId, grid: Grid) -> Self {
        Board {
            grid,
            spaces: SizedStack::new(deck, grid.len()),
            taken: SpaceSet::empty(grid.len()),
        }
    }

    /// The taken spaces read again from the spaces, after a move that may change any.
    fn read_taken(&mut self) {
        self.taken = SpaceSet::empty(self.spaces.positions());
        for index in self.spaces.taken() {
            self.taken.insert(Space(index));
        }
    }

    /// The taken spaces as a set of bits: for a game's own bitboards
    /// ([`SpaceSet::as_u64`] on a board of up to 64 spaces), or to test many spaces at once.
    #[must_use]
    pub fn taken_set(&self) -> &SpaceSet {
        &self.taken
    }

    /// The board's shape.
    #[must_use]
    pub fn grid(&self) -> Grid {
        self.grid
    }

    /// The spaces as a sized stack, one slot per space.
    #[must_use]
    pub fn spaces(&self) -> &SizedStack<C, V> {
        &self.spaces
    }

    /// The piece on `space`, if any.
    #[must_use]
    pub fn get(&self, space: Space) -> Option<&Slot<C, V>> {
        self.spaces.get(space.0)
    }

    /// The component on `space`, if a known piece lies there.
    #[must_use]
    pub fn component(&self, space: Space) -> Option<&C> {
        self.get(space).and_then(Slot::component)
    }

    /// Whether `space` is on the board and empty.
    #[must_use]
    pub fn is_free(&self, space: Space) -> bool {
        self.spaces.is_free(space.0)
    }

    /// The empty spaces, in order.
    pub fn free(&self) -> impl Iterator<Item = Space> + '_ {
        self.spaces.free().map(Space)
    }

    /// The taken spaces, in order.
    pub fn taken(&self) -> impl Iterator<Item = Space> + '_ {
        self.spaces.taken().map(Space)
    }

    /// The dynamic value of the piece on `space`, to change it.
    ///
    /// # Errors
    /// [`PlaceError::EmptySlot`] when no known piece lies there.
    pub fn value_mut(&mut self, space: Space) -> Result<&mut V, PlaceError> {
        self.spaces.value_mut(space.0)
    }

    /// Moves the piece on `from` to the empty space `to`.
    ///
    /// # Errors
    /// As [`SizedStack::move_within`].
    pub fn move_within(&mut self, from: Space, to: Space) -> Result<(), PlaceError> {
        self.spaces.move_within(from.0, to.0)?;
        self.taken.remove(from);
        self.taken.insert(to);
        Ok(())
    }
}

impl<C, V> Place<C, V> for Board<C, V> {
    fn deck(&self) -> DeckId {
        self.spaces.deck()
    }

    fn check_take(&self, index: usize) -> Result<(), PlaceError> {
        self.spaces.check_take(index)
    }

    fn check_put(&self, index: Option<usize>) -> Result<usize, PlaceError> {
        self.spaces.check_put(index)
    }

    fn take_unchecked(&mut self, index: usize) -> Slot<C, V> {
        self.taken.remove(Space(index));
        self.spaces.take_unchecked(index)
    }

    fn put_unchecked(&mut self, index: usize, slot: Slot<C, V>) {
        self.spaces.put_unchecked(index, slot);
        self.taken.insert(Space(index));
    }

    fn slot(&self, index: usize) -> Option<&Slot<C, V>> {
        self.spaces.slot(index)
    }

    fn replace_unchecked(&mut self, index: usize, slot: Slot<C, V>) -> Slot<C, V> {
        self.spaces.replace_unchecked(index, slot)
    }

    fn positions(&self) -> usize {
        self.spaces.positions()
    }

    fn reorder(&mut self, order: &[u16]) -> Result<(), PlaceError> {
        self.spaces.reorder(order)?;
        self.read_taken();
        Ok(())
    }

    fn arrange(&mut self, arrangement: &Arrangement) -> Result<(), PlaceError> {
        self.spaces.arrange(arrangement)?;
        self.read_taken();
        Ok(())
    }
}

impl<C, V> crate::pieces::components::Pieces for Board<C, V> {
    fn visit_pieces(&self, visit: &mut dyn FnMut(ComponentId)) {
        self.spaces.visit_pieces(visit);
    }
}

/// Why a position drawn as text ([`Grid::read_rows`]) could not be read. Nothing was read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RowsError {
    /// Another number of rows than the grid has.
    #[error("{found} rows, not {expected}")]
    Rows {
        /// The rows given.
        found: usize,
        /// The grid's rows.
        expected: usize,
    },
    /// A row of another length than the grid's width.
    #[error("row {row} `{text}` has {found} spaces, not {expected}")]
    Length {
        /// The row, from 0 at the top.
        row: usize,
        /// The row as given.
        text: String,
        /// Its characters.
        found: usize,
        /// The grid's columns.
        expected: usize,
    },
    /// A character the legend does not have.
    #[error("`{character}` in row {row}, column {column} is not {legend}")]
    Unknown {
        /// The character.
        character: char,
        /// Its row, from 0 at the top.
        row: usize,
        /// Its column, from 0 at the left.
        column: usize,
        /// The legend's characters, in prose (`` `X`, `O` or `.` ``).
        legend: String,
    },
}

/// Where in `spaces` a run of `length` (at least 2) along steps of `shift` space numbers
/// begins: every space of it in the word. The caller masks the starts whose run would
/// leave the rows it crosses.
#[inline]
fn run_starts(spaces: u64, length: usize, shift: usize) -> u64 {
    let mut run = spaces;
    let mut by = shift;
    for _ in 1..length {
        if by >= WORD {
            return 0;
        }
        run &= spaces >> by;
        by += shift;
    }
    run
}

/// The word whose `count` lowest bits are set: the spaces `0..count` (every bit from 64).
#[inline]
fn low_bits(count: usize) -> u64 {
    u32::try_from(count)
        .ok()
        .and_then(|count| 1u64.checked_shl(count))
        .map_or(u64::MAX, |bit| bit - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_of_a_large_board_keeps_its_spaces_across_words() {
        let mut set = SpaceSet::empty(100);
        for space in [0, 63, 64, 99, 100] {
            set.insert(Space(space));
        }
        assert_eq!(set.iter().collect::<Vec<_>>(), [0, 63, 64, 99].map(Space));
        assert_eq!(set.len(), 4);
        assert!(set.contains(Space(64)) && !set.contains(Space(65)) && !set.contains(Space(100)));
        assert_eq!(set.complement().count(), 96);
        assert_eq!(set.as_u64(), None);
        set.remove(Space(63));
        assert_eq!(set.iter().collect::<Vec<_>>(), [0, 64, 99].map(Space));
    }

    #[test]
    fn a_set_of_a_small_board_is_one_word_without_the_spaces_past_its_end() {
        let mut set = SpaceSet::empty(9);
        set.insert(Space(4));
        assert_eq!(set.as_u64(), Some(1 << 4));
        assert_eq!(
            set.complement().collect::<Vec<_>>(),
            [0, 1, 2, 3, 5, 6, 7, 8].map(Space)
        );
        let full = SpaceSet::empty(64);
        assert_eq!(full.complement().count(), 64);
        assert!(SpaceSet::empty(0).is_empty());
    }

    #[test]
    fn a_board_keeps_its_taken_spaces_through_moves_and_serde() {
        use crate::pieces::components::{Deck, move_piece};
        let deck = Deck::new(DeckId(0), "marks", vec!['x', 'o', 'x']);
        let mut supply = deck.stack(());
        let mut board: Board<char> = Board::new(deck.id(), Grid::new(3, 3));
        for at in [4, 0, 8] {
            move_piece(&mut supply, 0, &mut board, Some(at)).expect("an empty space");
        }
        board
            .move_within(Space(8), Space(7))
            .expect("an empty space");
        move_piece(&mut board, 0, &mut supply, None).expect("a piece");
        assert_eq!(board.taken().collect::<Vec<_>>(), [Space(4), Space(7)]);
        assert_eq!(board.taken_set().as_u64(), Some(1 << 4 | 1 << 7));
        assert!(board.is_free(Space(0)) && !board.is_free(Space(4)) && !board.is_free(Space(9)));
        assert_eq!(board.free().count(), 7);
        let json = serde_json::to_string(&board).expect("a board serializes");
        assert!(!json.contains("taken"), "{json}");
        let read: Board<char> = serde_json::from_str(&json).expect("and reads back");
        assert_eq!(read, board);
        assert_eq!(read.taken_set(), board.taken_set());
    }

    #[test]
    fn contains_line_finds_exactly_the_lines_of_the_grid() {
        // Every line of every grid up to 7 x 7 and every length, alone, then with one
        // space left out (no line), then with noise past the grid's end.
        for rows in 1..=7 {
            for columns in 1..=7 {
                let grid = Grid::new(rows, columns);
                let past_end = !low_bits(grid.len());
                for length in 0..=8 {
                    let lines = grid.lines(length);
                    assert_eq!(grid.contains_line(u64::MAX, length), !lines.is_empty());
                    for line in &lines {
                        let word = line.iter().fold(0u64, |word, space| word | 1 << space.0);
                        assert!(grid.contains_line(word, length), "{grid:?} {line:?}");
                        assert!(grid.contains_line(word | past_end, length));
                        for left_out in line {
                            let word = word & !(1 << left_out.0);
                            let holds = lines
                                .iter()
                                .any(|other| other.iter().all(|space| word & (1 << space.0) != 0));
                            assert_eq!(
                                grid.contains_line(word, length),
                                holds,
                                "{grid:?} {line:?}"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn first_line_through_is_the_first_listed_line_through_the_space() {
        // Random words on grids up to 7 x 7: the line found is the first of `lines` that
        // passes through the space and is wholly in the word.
        let mut word = 0x9e37_79b9_7f4a_7c15u64;
        for rows in 1..=7 {
            for columns in 1..=7 {
                let grid = Grid::new(rows, columns);
                for length in 0..=5 {
                    let lines = grid.lines(length);
                    for _ in 0..40 {
                        // xorshift: words dense enough to hold lines.
                        word ^= word << 13;
                        word ^= word >> 7;
                        word ^= word << 17;
                        let spaces = word | word.rotate_left(19);
                        for through in grid.spaces() {
                            let listed = lines.iter().find(|line| {
                                line.contains(&through)
                                    && line.iter().all(|space| spaces >> space.0 & 1 == 1)
                            });
                            assert_eq!(
                                grid.first_line_through(spaces, through, length).as_ref(),
                                listed,
                                "{grid:?}, length {length}, {spaces:#x}, {through:?}"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn lines_on_grids_of_64_spaces_are_found_at_their_last_bits() {
        // The word's last bit and shifts of 64 and more: 8 x 8, 1 x 64, 64 x 1, 2 x 32.
        for (rows, columns) in [(8, 8), (1, 64), (64, 1), (2, 32)] {
            let grid = Grid::new(rows, columns);
            for length in [1, 2, 5, 8, 32, 64, 65] {
                let lines = grid.lines(length);
                assert_eq!(grid.contains_line(u64::MAX, length), !lines.is_empty());
                for line in lines.iter().rev().take(12) {
                    let word = line.iter().fold(0u64, |word, space| word | 1 << space.0);
                    assert!(grid.contains_line(word, length), "{grid:?} {line:?}");
                    let last = line[line.len() - 1];
                    let found = grid.first_line_through(word, last, length);
                    let listed = lines.iter().find(|other| {
                        other.contains(&last) && other.iter().all(|space| word >> space.0 & 1 == 1)
                    });
                    assert_eq!(found.as_ref(), listed, "{grid:?} {line:?}");
                    if length > 1 {
                        let word = word & !(1 << last.0);
                        assert!(grid.first_line_through(word, last, length).is_none());
                    }
                }
            }
        }
        // No line on an empty grid, and none of a length past any count of spaces.
        assert!(!Grid::new(0, 0).contains_line(u64::MAX, 3));
        assert_eq!(
            Grid::new(1, 1).first_line_through(1, Space(0), usize::MAX),
            None
        );
    }

    #[test]
    fn contains_line_sees_no_line_across_the_edge_of_a_row() {
        // Runs of space numbers that wrap from one row to the next: along a row (2, 3, 4
        // of a 3 x 3), down-right (2, 7, 12 of a 4 x 4) and down-left (0, 3, 6).
        let word = |spaces: &[usize]| spaces.iter().fold(0u64, |word, space| word | 1 << space);
        assert!(!Grid::new(3, 3).contains_line(word(&[2, 3, 4]), 3));
        assert!(!Grid::new(4, 4).contains_line(word(&[2, 7, 12]), 3));
        assert!(!Grid::new(4, 4).contains_line(word(&[0, 3, 6]), 3));
        assert!(Grid::new(3, 3).contains_line(word(&[2, 4, 6]), 3));
        assert!(Grid::new(4, 4).contains_line(word(&[3, 6, 9]), 3));
    }
}
