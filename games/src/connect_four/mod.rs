//! Connect Four, with OpenSpiel's rules (`connect_four`): a board of 7 columns and 6 rows
//! standing upright; two players, Red (seat 0, first) and Yellow (seat 1), in turn drop a
//! disc of their colour into a column that is not full, where it falls to the lowest empty
//! space; four discs of one colour in a row, a column or a diagonal win; a full board
//! without four is a draw.
//!
//! The discs are components: a deck of 21 red and 21 yellow discs, each player's supply a
//! [`Stack`], the board a [`Board`] on a [`Grid`] (row 0 at the top). A turn moves the top
//! disc of the player's supply onto the space where it lands, chosen with
//! `choose_on_board` among the lowest empty space of each column and declared with the
//! `move_piece(..)` attribute; the game's own move [`ConnectFourMove::Dropped`] then looks
//! for four through that space along each axis of the grid ([`Grid::run_through`]), without
//! listing any line. Everything is visible to everyone.
//!
//! ```
//! use meeple::{Engine, Finish, PlayerIndex, Start, Submission};
//! use meeple_games::connect_four::ConnectFour;
//!
//! // Red has three in the bottom row and drops the fourth.
//! let state = ConnectFour::from_rows(&[
//!     ".......",
//!     ".......",
//!     ".......",
//!     ".......",
//!     "YYY....",
//!     "RRR....",
//! ])?;
//! let mut engine = Engine::from_start(Start::new(state, 2))?;
//! let space = engine.position().state().landing(3).expect("column 4 is not full");
//! engine.submit_submission(PlayerIndex(0), &Submission::new("drop_disc").with("space", space.0))?;
//! assert_eq!(engine.position().outcome().map(|outcome| outcome.finish()), Some(Finish::Win(PlayerIndex(0))));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod view;

#[cfg(test)]
mod tests;

use std::fmt;
use std::ops::RangeInclusive;

use meeple::flow::Step;
use meeple::{
    Action, Actions, Board, Chest, Coord, Deck, DeckId, Direction, Flow, Game, Grid, Move,
    MoveContext, Outcome, PerPlayer, PieceMove, Places, PlayerIndex, Search, Seats, Setup,
    SetupError, Slot, Space, Stack, View, move_piece,
};
use serde::{Deserialize, Serialize};

use crate::sides::KeptSides;

/// The table: Red and Yellow.
pub const SEATS: Seats = Seats::new(2);

/// The rows of the board, 0 at the top.
pub const ROWS: usize = 6;

/// The columns of the board, 0 at the left.
pub const COLUMNS: usize = 7;

/// How many discs in a row win.
pub const IN_A_ROW: usize = 4;

/// The spaces of the first column as bits (bit `i` for `Space(i)`): a column's are these
/// shifted by its number.
const FIRST_COLUMN: u64 = {
    let mut word = 0;
    let mut row = 0;
    while row < ROWS {
        word |= 1 << (row * COLUMNS);
        row += 1;
    }
    word
};

/// A disc: red (seat 0, who begins) or yellow (seat 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Disc {
    /// The first player's colour.
    Red,
    /// The second player's colour.
    Yellow,
}

impl Disc {
    /// The disc of `player`: red for seat 0, yellow for any other.
    #[must_use]
    pub fn of(player: PlayerIndex) -> Disc {
        if player.0 == 0 {
            Disc::Red
        } else {
            Disc::Yellow
        }
    }

    /// The seat that plays this colour.
    #[must_use]
    pub fn player(self) -> PlayerIndex {
        PlayerIndex(usize::from(self == Disc::Yellow))
    }

    /// `R` or `Y`, as [`ConnectFour::from_rows`] reads it and the terminal shows it.
    #[must_use]
    pub fn letter(self) -> char {
        match self {
            Disc::Red => 'R',
            Disc::Yellow => 'Y',
        }
    }
}

impl fmt::Display for Disc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Disc::Red => "Red",
            Disc::Yellow => "Yellow",
        })
    }
}

/// The deck of discs: 21 red, then 21 yellow, one for each space of the board.
#[must_use]
pub fn discs() -> Deck<Disc> {
    let half = ROWS * COLUMNS / 2;
    let components = std::iter::repeat_n(Disc::Red, half)
        .chain(std::iter::repeat_n(Disc::Yellow, half))
        .collect();
    Deck::new(DeckId(0), "discs", components)
}

/// The chest of the game: its one deck of discs, for the one-place check.
#[must_use]
pub fn chest() -> Chest {
    Chest::new().with(&discs())
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Finish {
    /// `player` made four in a row with the disc dropped on `space`.
    Won {
        /// The winner.
        player: PlayerIndex,
        /// Where their last disc landed.
        space: Space,
    },
    /// The board is full and nobody made four.
    Draw,
}

/// The state of a game: the board, each player's supply of discs, whose turn it is and
/// how the game ended. Everything is public.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, View, Places, meeple::Observe)]
#[places(component = Disc)]
pub struct ConnectFour {
    #[view(place)]
    board: Board<Disc>,
    #[view(place)]
    supplies: PerPlayer<Stack<Disc>>,
    #[observe(skip)]
    finish: Option<Finish>,
    /// Each player's discs as bits, for the win check.
    #[serde(skip)]
    #[observe(skip)]
    discs: KeptSides,
}

/// Connect Four hides nothing and is scored at its end: the defaults.
impl Search for ConnectFour {}

impl Game for ConnectFour {
    type Config = ();
    type Move = ConnectFourMove;
    type Actions = ConnectFourAction;
    const NAME: &'static str = "connect_four";
    const PLAYERS: RangeInclusive<usize> = SEATS.count()..=SEATS.count();

    /// An empty board; Red's supply holds the red discs and Yellow's the yellow ones; Red
    /// begins.
    ///
    /// # Errors
    /// Never: the discs are always dealt.
    fn setup(_: &(), _: Seats) -> Result<Setup<Self>, SetupError> {
        let deck = discs();
        let mut red = deck.stack(());
        let mut yellow = Stack::new(deck.id());
        while let Some(top) = red.top_index() {
            if red.get(top).and_then(Slot::component) != Some(&Disc::Yellow) {
                break;
            }
            move_piece(&mut red, top, &mut yellow, Some(0)).map_err(|error| SetupError::State {
                reason: format!("the discs cannot be dealt: {error}"),
            })?;
        }
        Ok(Setup {
            state: ConnectFour {
                board: Board::new(deck.id(), Grid::new(ROWS, COLUMNS)),
                supplies: PerPlayer::from_fn(SEATS, |seat| {
                    if seat.0 == 0 {
                        red.clone()
                    } else {
                        yellow.clone()
                    }
                }),
                finish: None,
                discs: KeptSides::default(),
            },
            moves: Vec::new(),
        })
    }

    /// A position a game can reach: every disc in one place, none floating above an empty
    /// space, Red with as many discs on the board as Yellow or one more, the player with
    /// fewer to move (Red when even), and the game over exactly when the last player to
    /// move made four (and only they) or the board is full.
    ///
    /// # Errors
    /// [`SetupError::State`] saying which of these fails.
    fn validate_state(&self, _: &(), _: Seats) -> Result<(), SetupError> {
        let invalid = |reason: String| Err(SetupError::State { reason });
        let mut pieces = Vec::new();
        self.visit_pieces(&mut |piece| pieces.push(piece));
        if let Err(error) = chest().check(pieces) {
            return invalid(format!("the discs are not each in one place: {error}"));
        }
        let grid = self.board.grid();
        if grid != Grid::new(ROWS, COLUMNS) {
            return invalid(format!("the board is not {ROWS} rows by {COLUMNS} columns"));
        }
        for space in self.board.taken() {
            let below = grid.step(space, Direction::South);
            if below.is_some_and(|below| self.board.is_free(below)) {
                return invalid(format!(
                    "the disc at {} floats over an empty space",
                    self.space_name(space)
                ));
            }
        }
        let (red, yellow) = (
            self.discs_on_board(Disc::Red),
            self.discs_on_board(Disc::Yellow),
        );
        if red != yellow && red != yellow + 1 {
            return invalid(format!(
                "Red has {red} discs on the board and Yellow {yellow}: Red moves first, so Red has as many as Yellow or one more"
            ));
        }
        let last = if red > yellow {
            Disc::Red
        } else {
            Disc::Yellow
        };
        let fours: Vec<Disc> = [Disc::Red, Disc::Yellow]
            .into_iter()
            .filter(|&disc| self.board.taken().any(|space| self.makes_four(space, disc)))
            .collect();
        let full = self.is_full();
        match (&self.finish, fours.as_slice()) {
            (_, [_, _]) => invalid("both Red and Yellow have four in a row".to_owned()),
            (_, [disc]) if *disc != last => {
                invalid(format!("{disc} has four in a row, but {last} moved last"))
            }
            (None, [disc]) => invalid(format!("{disc} has four in a row, but the game goes on")),
            (Some(Finish::Won { player, space }), _)
                if !self.makes_four(*space, Disc::of(*player)) =>
            {
                invalid(format!(
                    "{} is said to have won at {}, but has no four there",
                    Disc::of(*player),
                    self.space_name(*space)
                ))
            }
            (Some(Finish::Draw), _) if !fours.is_empty() || !full => invalid(
                "the game is said to be drawn, but the board is not full without four".to_owned(),
            ),
            (None, []) if full => invalid("the board is full, but the game goes on".to_owned()),
            _ => Ok(()),
        }
    }

    /// Round after round, each player in turn from the one with fewer discs down (Red on
    /// an empty board): a turn is one disc. The game ends with four or a full board.
    fn flow() -> Flow<Self> {
        Flow::new(Step::forever(
            "rounds",
            [Step::each_player(
                "turns",
                |game, _| game.to_play(),
                [Step::turn("drop").offering::<DropDisc>()],
            )],
        ))
    }

    /// A move in words for `viewer`: see the game's view module.
    fn describe_move(&self, applied: &ConnectFourMove, viewer: meeple::Viewer) -> Option<String> {
        self.move_in_words(applied, viewer)
    }

    /// A win, or a draw once the board is full without four; no scores.
    fn outcome(&self) -> Option<Outcome> {
        Some(match self.finish.as_ref()? {
            Finish::Won { player, .. } => Outcome::win(*player, SEATS),
            Finish::Draw => Outcome::draw(SEATS),
        })
    }

    /// `Red` and `Yellow`.
    fn player_name(&self, player: PlayerIndex) -> String {
        Disc::of(player).to_string()
    }

    /// `row 6, column 4` ([`ConnectFour::space_name`]).
    fn space_name(&self, space: Space) -> String {
        ConnectFour::space_name(self, space)
    }

    /// The board in its colours, each seat's count, who won.
    fn scene(&self, _viewer: meeple::Viewer, seats: Seats) -> meeple::scene::Scene {
        self.draw_scene(seats)
    }
}

impl ConnectFour {
    /// The position of the board from its `rows`, top first, a character per space: `R`,
    /// `Y`, or `.` for an empty one. Each disc is the top of its player's supply moved onto
    /// its space; the player to move is the one with fewer discs (Red when even), and four
    /// in a row already made, or a full board, ends the game. For rules tests and puzzles,
    /// started with [`meeple::Engine::from_start`]; whether such a game could be reached
    /// (no disc floating, the counts) is [`Game::validate_state`]'s to say.
    ///
    /// # Errors
    /// [`SetupError::State`] for other than 6 rows of 7 spaces, a character other than `R`,
    /// `Y` and `.`, or more discs of a colour than its 21.
    pub fn from_rows(rows: &[&str]) -> Result<Self, SetupError> {
        let invalid = |reason: String| SetupError::State { reason };
        let mut game = Self::setup(&(), SEATS)?.state;
        let legend = [
            ('R', Some(Disc::Red)),
            ('Y', Some(Disc::Yellow)),
            ('.', None),
        ];
        for (space, disc) in game.board.grid().read_rows(rows, &legend)? {
            let supply = &mut game.supplies[disc.player()];
            let top = supply
                .top_index()
                .ok_or_else(|| invalid(format!("{disc} has no disc left")))?;
            move_piece(supply, top, &mut game.board, Some(space.0))
                .map_err(|error| invalid(error.to_string()))?;
        }
        let four = game.board.taken().find_map(|space| {
            let disc = *game.board.component(space)?;
            game.makes_four(space, disc).then_some((disc, space))
        });
        game.finish = match four {
            Some((disc, space)) => Some(Finish::Won {
                player: disc.player(),
                space,
            }),
            None if game.is_full() => Some(Finish::Draw),
            None => None,
        };
        Ok(game)
    }

    /// The board.
    #[must_use]
    pub fn board(&self) -> &Board<Disc> {
        &self.board
    }

    /// The disc on `space`, if any.
    #[must_use]
    pub fn disc(&self, space: Space) -> Option<Disc> {
        self.board.component(space).copied()
    }

    /// How many discs `player` has left to drop.
    #[must_use]
    pub fn supply(&self, player: PlayerIndex) -> usize {
        self.supplies.get(player).map_or(0, Stack::len)
    }

    /// Whose turn it is by the discs down: Red when both have as many, else Yellow (the
    /// last to move, once the game is over). Where the flow's rounds begin; read from the
    /// supplies, which start even.
    #[must_use]
    pub fn to_play(&self) -> PlayerIndex {
        PlayerIndex(usize::from(
            self.supply(PlayerIndex(0)) < self.supply(PlayerIndex(1)),
        ))
    }

    /// How the game ended, once it has.
    #[must_use]
    pub fn finish(&self) -> Option<&Finish> {
        self.finish.as_ref()
    }

    /// Where a disc dropped into `column` (0 at the left) lands: the lowest empty space of
    /// the column; `None` when it is full or off the board.
    #[must_use]
    pub fn landing(&self, column: usize) -> Option<Space> {
        if column >= COLUMNS {
            return None;
        }
        // The free spaces of the column as bits: the lowest is the highest bit.
        if let Some(taken) = self.board.taken_set().as_u64() {
            let free = !taken & (FIRST_COLUMN << column) & ((1 << (ROWS * COLUMNS)) - 1);
            return (free != 0).then(|| Space(free.ilog2() as usize));
        }
        let grid = self.board.grid();
        (0..ROWS)
            .rev()
            .filter_map(|row| grid.space(Coord { row, column }))
            .find(|&space| self.board.is_free(space))
    }

    /// Where a disc can land now: the lowest empty space of each column that is not full,
    /// from the left.
    pub fn landings(&self) -> impl Iterator<Item = Space> + '_ {
        (0..COLUMNS).filter_map(|column| self.landing(column))
    }

    /// The column of `space`, as players count them, 1 at the left: `column 4`.
    #[must_use]
    pub fn column_label(&self, space: Space) -> String {
        self.board.grid().coord(space).map_or_else(
            || format!("#{}", space.0),
            |coord| format!("column {}", coord.column + 1),
        )
    }

    /// `space` in words: `row 6, column 4` (counted from 1, rows from the top).
    #[must_use]
    pub fn space_name(&self, space: Space) -> String {
        self.board.grid().coord(space).map_or_else(
            || format!("#{}", space.0),
            |coord| format!("row {}, column {}", coord.row + 1, coord.column + 1),
        )
    }

    /// Whether a `disc` on `space` is one of four or more of its colour in a row, a column
    /// or a diagonal. Allocates nothing.
    #[must_use]
    pub fn makes_four(&self, space: Space, disc: Disc) -> bool {
        let grid = self.board.grid();
        let same = |other: Space| self.board.component(other) == Some(&disc);
        Direction::AXES
            .into_iter()
            .any(|axis| grid.run_through(space, axis, same) >= IN_A_ROW)
    }

    /// How many discs of `disc`'s colour lie on the board.
    fn discs_on_board(&self, disc: Disc) -> usize {
        self.board
            .taken()
            .filter(|&space| self.board.component(space) == Some(&disc))
            .count()
    }

    /// Whether every column is full.
    fn is_full(&self) -> bool {
        let grid = self.board.grid();
        (0..COLUMNS)
            .filter_map(|column| grid.space(Coord { row: 0, column }))
            .all(|space| !self.board.is_free(space))
    }
}

/// A step of Connect Four: `Piece(Move) -> Dropped -> Win | Draw` (or the turn passes to
/// the other player). Everything is public, so every viewer sees the moves as they are.
///
/// Serialized with a `move` tag: `{"move":"dropped","player":0,"space":38}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "move", rename_all = "snake_case")]
pub enum ConnectFourMove {
    /// A disc moves from a supply onto the board (declared by [`DropDisc`]'s
    /// `move_piece`).
    Piece(PieceMove<ConnectFourPlace, Disc>),
    /// `player`'s disc landed on `space` (the [`Piece`](Self::Piece) move before this
    /// one). Then the player wins with four in a row through it, the game is drawn if the
    /// board is full, else the other player is to move.
    Dropped {
        /// Who dropped the disc.
        player: PlayerIndex,
        /// Where it landed.
        space: Space,
    },
    /// `player` has four in a row through `space`.
    Win {
        /// The winner.
        player: PlayerIndex,
        /// Where their last disc landed.
        space: Space,
    },
    /// The board is full: a draw.
    Draw,
}

impl From<PieceMove<ConnectFourPlace, Disc>> for ConnectFourMove {
    fn from(piece: PieceMove<ConnectFourPlace, Disc>) -> Self {
        ConnectFourMove::Piece(piece)
    }
}

impl Move<ConnectFour> for ConnectFourMove {
    fn apply(&self, game: &mut ConnectFour, next: &mut MoveContext<'_, Self>) {
        match *self {
            ConnectFourMove::Piece(ref piece) => {
                // The action checked that the space is a landing and the supply is not
                // empty, and a refused move changes nothing.
                let dropped = piece.apply(game, next);
                debug_assert_eq!(dropped, Ok(()), "{piece:?}");
                match *piece {
                    PieceMove::Move {
                        from: ConnectFourPlace::Supplies(player),
                        to: ConnectFourPlace::Board,
                        at,
                        ..
                    } if dropped.is_ok() => game.discs.put(player, Space(at)),
                    _ => game.discs.forget(),
                }
            }
            ConnectFourMove::Dropped { player, space } => {
                // Four anywhere is four through `space`: a position where the player
                // already had four was over.
                let discs = game.discs.of(player, &game.board, |disc| disc.player());
                if game.board.grid().contains_line(discs, IN_A_ROW) {
                    next.then(ConnectFourMove::Win { player, space });
                } else if game.is_full() {
                    next.then(ConnectFourMove::Draw);
                }
            }
            ConnectFourMove::Win { player, space } => {
                game.finish = Some(Finish::Won { player, space });
            }
            ConnectFourMove::Draw => game.finish = Some(Finish::Draw),
        }
    }
}

/// Drop a disc into a column: the top disc of your supply lands on the lowest empty space
/// of the column. Submitted as `{"action":"drop_disc","selections":{"space":38}}` (spaces
/// numbered row by row from the top left, 0 to 41), the space shown as its column.
#[derive(Clone, Debug, PartialEq, Eq, Action)]
#[action(
    prompt = "Drop a disc",
    condition = game.supply(player) > 0,
    description = "{player} is choosing a column",
    message = "{player} drops a disc in {space}",
    move_piece(
        from = ConnectFourPlace::Supplies(player),
        index = game.supply(player).saturating_sub(1),
        to = ConnectFourPlace::Board,
        at = space.0
    ),
    behaviour = [ConnectFourMove::Dropped { player, space: *space }]
)]
pub struct DropDisc {
    /// Where the disc lands: the lowest empty space of its column.
    #[choose_on_board(game.landings(), label = game.column_label(*space))]
    pub space: Space,
}

/// Every action of Connect Four.
#[derive(Clone, Debug, PartialEq, Eq, Actions)]
#[actions(game = ConnectFour)]
pub enum ConnectFourAction {
    /// See [`DropDisc`].
    DropDisc(DropDisc),
}

/// A space as a distinct action, for learning agents: its number on the board, among all
/// the board's spaces (fixed by the config).
impl meeple::Distinct<ConnectFour> for meeple::Space {
    fn count(game: &ConnectFour) -> usize {
        game.board.spaces().slots().len()
    }

    fn index(&self, _game: &ConnectFour) -> usize {
        self.0
    }
}

/// A disc as the observer sees it, for learning agents: 0 their own, 1 the other's.
impl meeple::Categorical<ConnectFour> for Disc {
    fn categories(_game: &ConnectFour) -> usize {
        2
    }

    fn category(&self, _game: &ConnectFour, observer: &meeple::Observer<'_>) -> usize {
        observer.relative(PlayerIndex(match self {
            Disc::Red => 0,
            Disc::Yellow => 1,
        }))
    }
}
