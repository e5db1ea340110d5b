//! Breakthrough, with OpenSpiel's rules (`breakthrough`, 8x8): Black (seat 0, first) has
//! sixteen pawns on the two top ranks (8 and 7), White (seat 1) sixteen on the two bottom
//! ones (2 and 1). In turn, a player moves one pawn one space forward (Black down, White
//! up), straight or diagonally, onto an empty space ([`Advance`]), or diagonally forward
//! onto an opponent's pawn, which is taken off the board ([`Capture`]). Whoever reaches
//! the far rank, or takes every pawn of the other, wins. There is no draw.
//!
//! The pawns are components: a deck of sixteen black and sixteen white pawns on a
//! [`Board`] of a [`Grid`] (row 0 at the top, rank 8), spaces named as in chess and in
//! OpenSpiel (`a8` top left, `h1` bottom right). Both actions choose a pawn and where it
//! goes with `choose_on_board`, and declare their first move of pieces with the
//! `move_piece(..)` attribute: an advance moves the pawn within the board; a capture first
//! moves the pawn taken off the board, into its captor's [`Stack`] of pawns taken, then
//! the captor onto its space. Every pawn lies in one place at every moment (the one-place
//! check of the conformance suite). Everything is visible to everyone.
//!
//! ```
//! use meeple::{Engine, Finish, PlayerIndex, Start, Submission};
//! use meeple_games::breakthrough::Breakthrough;
//!
//! // White's pawn on b7 steps onto the far rank.
//! let state = Breakthrough::from_rows(&[
//!     "b.b.....",
//!     ".w......",
//!     "........",
//!     "........",
//!     "........",
//!     "........",
//!     "........",
//!     ".......w",
//! ], PlayerIndex(1))?;
//! let mut engine = Engine::from_start(Start::new(state, 2))?;
//! let (from, to) = (engine.position().state().space("b7")?, engine.position().state().space("b8")?);
//! engine.submit_submission(
//!     PlayerIndex(1),
//!     &Submission::new("advance").with("from", from.0).with("to", to.0),
//! )?;
//! assert_eq!(engine.position().outcome().map(|outcome| outcome.finish()), Some(Finish::Win(PlayerIndex(1))));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod steps;
mod view;

#[cfg(test)]
mod tests;

use std::fmt;
use std::ops::RangeInclusive;

use meeple::flow::Step;
use meeple::{
    Action, Actions, Board, Chest, Coord, CoordParseError, Deck, DeckId, Direction, Flow, Game,
    Grid, Move, MoveContext, Outcome, PerPlayer, PieceMove, Places, PlayerIndex, Search, Seats,
    Setup, SetupError, Space, Stack, View, move_piece,
};
use serde::{Deserialize, Serialize};

pub use steps::Steps;

/// The table: Black and White.
pub const SEATS: Seats = Seats::new(2);

/// The rows and the columns of the board.
pub const SIZE: usize = 8;

/// A pawn: black (seat 0, who begins, moving down the board) or white (seat 1, moving up).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Pawn {
    /// The first player's colour.
    Black,
    /// The second player's colour.
    White,
}

impl Pawn {
    /// The pawn of `player`: black for seat 0, white for any other.
    #[must_use]
    pub fn of(player: PlayerIndex) -> Pawn {
        if player.0 == 0 {
            Pawn::Black
        } else {
            Pawn::White
        }
    }

    /// The seat that plays this colour.
    #[must_use]
    pub fn player(self) -> PlayerIndex {
        PlayerIndex(usize::from(self == Pawn::White))
    }

    /// `b` or `w`, as [`Breakthrough::from_rows`] reads it and the terminal shows it
    /// (OpenSpiel's letters).
    #[must_use]
    pub fn letter(self) -> char {
        match self {
            Pawn::Black => 'b',
            Pawn::White => 'w',
        }
    }

    /// The directions this colour's pawns move in: straight ahead, then the two
    /// diagonals ahead.
    #[must_use]
    pub fn forward(self) -> [Direction; 3] {
        match self {
            Pawn::Black => [Direction::South, Direction::SouthWest, Direction::SouthEast],
            Pawn::White => [Direction::North, Direction::NorthWest, Direction::NorthEast],
        }
    }

    /// The row this colour wins on reaching: the far one.
    #[must_use]
    pub fn goal_row(self) -> usize {
        match self {
            Pawn::Black => SIZE - 1,
            Pawn::White => 0,
        }
    }
}

impl fmt::Display for Pawn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Pawn::Black => "Black",
            Pawn::White => "White",
        })
    }
}

/// The deck of pawns: sixteen black, then sixteen white.
#[must_use]
pub fn pawns() -> Deck<Pawn> {
    let components = std::iter::repeat_n(Pawn::Black, 2 * SIZE)
        .chain(std::iter::repeat_n(Pawn::White, 2 * SIZE))
        .collect();
    Deck::new(DeckId(0), "pawns", components)
}

/// The chest of the game: its one deck of pawns, for the one-place check.
#[must_use]
pub fn chest() -> Chest {
    Chest::new().with(&pawns())
}

/// The state of a game: the board, the pawns each player has taken, whose turn it is and
/// who won. Everything is public.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, View, Places, meeple::Observe)]
#[places(component = Pawn)]
pub struct Breakthrough {
    #[view(place)]
    board: Board<Pawn>,
    /// The opponent's pawns each player took, in the order taken.
    #[view(place)]
    taken: PerPlayer<Stack<Pawn>>,
    /// Who moves first from this position (Black in a new game): where the flow's rounds
    /// begin.
    first: PlayerIndex,
    #[observe(skip)]
    winner: Option<PlayerIndex>,
    /// The board as bitboards, for the moves' count and draw.
    #[serde(skip)]
    #[observe(skip)]
    bitboards: steps::KeptBitboards,
}

/// Breakthrough hides nothing and is scored at its end: the defaults.
impl Search for Breakthrough {}

impl Game for Breakthrough {
    type Config = ();
    type Move = BreakthroughMove;
    type Actions = BreakthroughAction;
    const NAME: &'static str = "breakthrough";
    const PLAYERS: RangeInclusive<usize> = SEATS.count()..=SEATS.count();

    /// Black's pawns on the two top rows, White's on the two bottom ones; Black begins.
    ///
    /// # Errors
    /// Never: the pawns are always set out.
    fn setup(_: &(), _: Seats) -> Result<Setup<Self>, SetupError> {
        let mut rows = vec!["bbbbbbbb", "bbbbbbbb"];
        rows.extend(std::iter::repeat_n("........", SIZE - 4));
        rows.extend(["wwwwwwww", "wwwwwwww"]);
        Ok(Setup {
            state: Self::from_rows(&rows, PlayerIndex(0))?,
            moves: Vec::new(),
        })
    }

    /// A position a game can reach: every pawn in one place, the pawns taken of the
    /// other colour, and the game over exactly when a pawn stands on its far row or a
    /// colour has no pawn left.
    ///
    /// # Errors
    /// [`SetupError::State`] saying which of these fails.
    fn validate_state(&self, _: &(), _: Seats) -> Result<(), SetupError> {
        let invalid = |reason: String| Err(SetupError::State { reason });
        let mut pieces = Vec::new();
        self.visit_pieces(&mut |piece| pieces.push(piece));
        if let Err(error) = chest().check(pieces) {
            return invalid(format!("the pawns are not each in one place: {error}"));
        }
        if self.board.grid() != Grid::new(SIZE, SIZE) {
            return invalid(format!("the board is not {SIZE} by {SIZE}"));
        }
        for player in SEATS.iter() {
            let own = Pawn::of(player);
            if self.taken[player]
                .pieces()
                .any(|piece| piece.component() == &own)
            {
                return invalid(format!("{own} has taken a pawn of its own"));
            }
        }
        if self.broke_through(Pawn::Black) && self.broke_through(Pawn::White) {
            return invalid("both Black and White have broken through".to_owned());
        }
        match (self.winner, self.decided()) {
            (None, Some(winner)) => invalid(format!(
                "{} has won, but the game goes on",
                Pawn::of(winner)
            )),
            (Some(said), Some(winner)) if said != winner => invalid(format!(
                "{} is said to have won, but {} has",
                Pawn::of(said),
                Pawn::of(winner)
            )),
            (Some(said), None) => invalid(format!(
                "{} is said to have won, but has not",
                Pawn::of(said)
            )),
            _ => Ok(()),
        }
    }

    /// Round after round, each player in turn from the one who moves first: a turn is
    /// one advance or one capture. The game ends when someone breaks through.
    fn flow() -> Flow<Self> {
        Flow::new(Step::forever(
            "rounds",
            [Step::each_player(
                "turns",
                |game, _| game.first(),
                [Step::turn("move")
                    .offering::<Advance>()
                    .offering::<Capture>()],
            )],
        ))
    }

    /// A move in words for `viewer`: see the game's view module.
    fn describe_move(&self, applied: &BreakthroughMove, viewer: meeple::Viewer) -> Option<String> {
        self.move_in_words(applied, viewer)
    }

    /// A win; no scores.
    fn outcome(&self) -> Option<Outcome> {
        self.winner.map(|winner| Outcome::win(winner, SEATS))
    }

    /// `Black` and `White`.
    fn player_name(&self, player: PlayerIndex) -> String {
        Pawn::of(player).to_string()
    }

    /// As in chess: `a8` for the top left ([`Breakthrough::space_name`]).
    fn space_name(&self, space: Space) -> String {
        Breakthrough::space_name(self, space)
    }

    /// The board in its colours, each seat's count, who won.
    fn scene(&self, _viewer: meeple::Viewer, seats: Seats) -> meeple::scene::Scene {
        self.draw_scene(seats)
    }
}

impl Breakthrough {
    /// The position of the board from its `rows`, top first (rank 8 to rank 1), a
    /// character per space: `b`, `w`, or `.` for an empty one, with `to_play` to move.
    /// Every pawn of the deck not on the board has been taken by the other colour; a pawn
    /// already on its far row, or a colour without pawns, decides the game. For rules tests
    /// and puzzles, started with [`meeple::Engine::from_start`].
    ///
    /// # Errors
    /// [`SetupError::State`] for other than 8 rows of 8 spaces, a character other than `b`,
    /// `w` and `.`, more than sixteen pawns of a colour, or a seat other than 0 and 1 to
    /// play.
    pub fn from_rows(rows: &[&str], to_play: PlayerIndex) -> Result<Self, SetupError> {
        let invalid = |reason: String| SetupError::State { reason };
        if to_play.0 >= SEATS.count() {
            return Err(invalid(format!("{to_play} is not at this table of 2")));
        }
        let deck = pawns();
        let mut off_board = deck.stack(());
        let mut game = Breakthrough {
            board: Board::new(deck.id(), Grid::new(SIZE, SIZE)),
            // Room for every pawn: a capture never reallocates.
            taken: PerPlayer::from_fn(SEATS, |_| Stack::with_capacity(deck.id(), deck.len())),
            first: to_play,
            winner: None,
            bitboards: steps::KeptBitboards::default(),
        };
        let legend = [
            ('b', Some(Pawn::Black)),
            ('w', Some(Pawn::White)),
            ('.', None),
        ];
        for (space, pawn) in game.board.grid().read_rows(rows, &legend)? {
            let index = off_board
                .pieces()
                .position(|piece| piece.component() == &pawn)
                .ok_or_else(|| invalid(format!("more than {} {pawn} pawns", 2 * SIZE)))?;
            move_piece(&mut off_board, index, &mut game.board, Some(space.0))
                .map_err(|error| invalid(error.to_string()))?;
        }
        // What is left was taken by the other colour.
        while let Some(top) = off_board.top_index() {
            let Some(pawn) = off_board.pieces().last().map(|piece| *piece.component()) else {
                break;
            };
            let captor = &mut game.taken[SEATS.next(pawn.player())];
            move_piece(&mut off_board, top, captor, Some(0))
                .map_err(|error| invalid(error.to_string()))?;
        }
        game.winner = game.decided();
        Ok(game)
    }

    /// The board.
    #[must_use]
    pub fn board(&self) -> &Board<Pawn> {
        &self.board
    }

    /// The pawn on `space`, if any.
    #[must_use]
    pub fn pawn(&self, space: Space) -> Option<Pawn> {
        self.board.component(space).copied()
    }

    /// How many pawns of the other colour `player` has taken.
    #[must_use]
    pub fn taken(&self, player: PlayerIndex) -> usize {
        self.taken.get(player).map_or(0, Stack::len)
    }

    /// Who moves first from this position: Black in a new game, the seat given to
    /// [`from_rows`](Self::from_rows) otherwise. Whose turn it is now is the engine's to
    /// say ([`meeple::Position::turn`]).
    #[must_use]
    pub fn first(&self) -> PlayerIndex {
        self.first
    }

    /// The winner, once there is one.
    #[must_use]
    pub fn winner(&self) -> Option<PlayerIndex> {
        self.winner
    }

    /// The spaces of `player`'s pawns, in reading order.
    pub fn pawns_of(&self, player: PlayerIndex) -> impl Iterator<Item = Space> + '_ {
        let own = Pawn::of(player);
        self.board
            .taken()
            .filter(move |&space| self.board.component(space) == Some(&own))
    }

    /// Where `player`'s pawn on `from` may advance: the empty spaces one step ahead,
    /// straight or diagonally. Nothing when `from` holds no pawn of theirs.
    pub fn advances(&self, player: PlayerIndex, from: Space) -> impl Iterator<Item = Space> + '_ {
        let own = Pawn::of(player);
        let mine = self.board.component(from) == Some(&own);
        let grid = self.board.grid();
        own.forward()
            .into_iter()
            .filter(move |_| mine)
            .filter_map(move |direction| grid.step(from, direction))
            .filter(|&to| self.board.is_free(to))
    }

    /// Where `player`'s pawn on `from` may capture: the spaces one step diagonally ahead
    /// that hold a pawn of the other colour. Nothing when `from` holds no pawn of theirs.
    pub fn captures(&self, player: PlayerIndex, from: Space) -> impl Iterator<Item = Space> + '_ {
        let own = Pawn::of(player);
        let mine = self.board.component(from) == Some(&own);
        let grid = self.board.grid();
        let [_, left, right] = own.forward();
        [left, right]
            .into_iter()
            .filter(move |_| mine)
            .filter_map(move |direction| grid.step(from, direction))
            .filter(move |&to| self.board.component(to).is_some_and(|pawn| *pawn != own))
    }

    /// The space named `text` as in chess: a file `a` to `h` from the left, a rank `1` to
    /// `8` from the bottom (`a8` is the top left).
    ///
    /// # Errors
    /// [`CoordParseError`] when the text names no space of the board.
    pub fn space(&self, text: &str) -> Result<Space, CoordParseError> {
        let error = || CoordParseError {
            text: text.to_owned(),
        };
        let mut characters = text.chars();
        let (Some(file), Some(rank), None) =
            (characters.next(), characters.next(), characters.next())
        else {
            return Err(error());
        };
        let column = (file as usize)
            .checked_sub('a' as usize)
            .filter(|&column| column < SIZE);
        let rank = rank
            .to_digit(10)
            .map(|rank| rank as usize)
            .filter(|rank| (1..=SIZE).contains(rank));
        let (Some(column), Some(rank)) = (column, rank) else {
            return Err(error());
        };
        self.board
            .grid()
            .space(Coord {
                row: SIZE - rank,
                column,
            })
            .ok_or_else(error)
    }

    /// The name of `space` as in chess: `a8` for the top left.
    #[must_use]
    pub fn space_name(&self, space: Space) -> String {
        match self.board.grid().coord(space) {
            Some(Coord { row, column }) if row < SIZE && column < SIZE => {
                let file = char::from(b'a' + column as u8);
                format!("{file}{}", SIZE - row)
            }
            _ => format!("#{}", space.0),
        }
    }

    /// Who has won by the board alone: a pawn on its far row, or a colour without pawns.
    fn decided(&self) -> Option<PlayerIndex> {
        [Pawn::Black, Pawn::White]
            .into_iter()
            .find(|&pawn| self.broke_through(pawn) || self.taken(pawn.player()) == 2 * SIZE)
            .map(Pawn::player)
    }

    /// Whether a pawn of `pawn`'s colour stands on its far row.
    fn broke_through(&self, pawn: Pawn) -> bool {
        let grid = self.board.grid();
        (0..SIZE).any(|column| {
            grid.space(Coord {
                row: pawn.goal_row(),
                column,
            })
            .is_some_and(|space| self.board.component(space) == Some(&pawn))
        })
    }
}

/// A step of Breakthrough: `Piece(Move) [-> Piece(Move)] -> Moved -> Win` (or the turn
/// passes). Everything is public, so every viewer sees the moves as they are.
///
/// Serialized with a `move` tag: `{"move":"moved","player":0,"to":40}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "move", rename_all = "snake_case")]
pub enum BreakthroughMove {
    /// A pawn moves: within the board (an advance, or a captor onto its space), or off it
    /// to the captor's pawns taken.
    Piece(PieceMove<BreakthroughPlace, Pawn>),
    /// `player`'s pawn arrived on `to` (the [`Piece`](Self::Piece) moves before this
    /// one). Then the player wins if it stands on the far row or took the last pawn of the
    /// other, else the other player is to move.
    Moved {
        /// Who moved.
        player: PlayerIndex,
        /// Where the pawn arrived.
        to: Space,
    },
    /// `player` broke through (or took every pawn of the other).
    Win {
        /// The winner.
        player: PlayerIndex,
    },
}

impl From<PieceMove<BreakthroughPlace, Pawn>> for BreakthroughMove {
    fn from(piece: PieceMove<BreakthroughPlace, Pawn>) -> Self {
        BreakthroughMove::Piece(piece)
    }
}

impl Move<Breakthrough> for BreakthroughMove {
    fn apply(&self, game: &mut Breakthrough, next: &mut MoveContext<'_, Self>) {
        match *self {
            BreakthroughMove::Piece(ref piece) => {
                game.bitboards = steps::KeptBitboards::default();
                // The actions checked the spaces, and a refused move changes nothing.
                let moved = piece.apply(game, next);
                debug_assert_eq!(moved, Ok(()), "{piece:?}");
            }
            BreakthroughMove::Moved { player, to } => {
                let pawn = Pawn::of(player);
                let broke_through = game
                    .board
                    .grid()
                    .coord(to)
                    .is_some_and(|coord| coord.row == pawn.goal_row());
                if broke_through || game.taken(player) == 2 * SIZE {
                    next.then(BreakthroughMove::Win { player });
                }
            }
            BreakthroughMove::Win { player } => game.winner = Some(player),
        }
    }
}

/// Move a pawn one space forward, straight or diagonally, onto an empty space. Submitted as
/// `{"action":"advance","selections":{"from":9,"to":17}}` (spaces numbered row by row
/// from a8, 0 to 63), the spaces shown by their names.
#[derive(Clone, Debug, PartialEq, Eq, Action)]
#[action(
    prompt = "Advance a pawn",
    description = "{player} is choosing a move",
    message = "{player} advances {from} to {to}",
    move_piece(
        from = BreakthroughPlace::Board,
        index = from.0,
        to = BreakthroughPlace::Board,
        at = to.0
    ),
    behaviour = [BreakthroughMove::Moved { player, to: *to }],
    completions = game.advance_steps(player)
)]
pub struct Advance {
    /// The pawn.
    #[choose_on_board(game.pawns_of(player), label = game.space_name(*from))]
    pub from: Space,
    /// Where it goes: an empty space one step ahead.
    #[choose_on_board(game.advances(player, *from), label = game.space_name(*to))]
    pub to: Space,
}

/// Move a pawn one space diagonally forward onto a pawn of the other colour, which is
/// taken off the board. Submitted as `{"action":"capture","selections":{"from":..,"to":..}}`.
#[derive(Clone, Debug, PartialEq, Eq, Action)]
#[action(
    prompt = "Capture a pawn",
    description = "{player} is choosing a move",
    message = "{player} captures {to} from {from}",
    move_piece(
        from = BreakthroughPlace::Board,
        index = to.0,
        to = BreakthroughPlace::Taken(player),
        at = game.taken(player)
    ),
    behaviour = [
        BreakthroughMove::Piece(PieceMove::Move {
            from: BreakthroughPlace::Board,
            index: from.0,
            to: BreakthroughPlace::Board,
            at: to.0,
            seen: None,
        }),
        BreakthroughMove::Moved { player, to: *to },
    ],
    completions = game.capture_steps(player)
)]
pub struct Capture {
    /// The captor.
    #[choose_on_board(game.pawns_of(player), label = game.space_name(*from))]
    pub from: Space,
    /// The pawn taken: one step diagonally ahead.
    #[choose_on_board(game.captures(player, *from), label = game.space_name(*to))]
    pub to: Space,
}

/// Every action of Breakthrough.
#[derive(Clone, Debug, PartialEq, Eq, Actions)]
#[actions(game = Breakthrough)]
pub enum BreakthroughAction {
    /// See [`Advance`].
    Advance(Advance),
    /// See [`Capture`].
    Capture(Capture),
}

/// A space as a distinct action, for learning agents: its number on the board, among all
/// the board's spaces (fixed by the config).
impl meeple::Distinct<Breakthrough> for meeple::Space {
    fn count(game: &Breakthrough) -> usize {
        game.board.spaces().slots().len()
    }

    fn index(&self, _game: &Breakthrough) -> usize {
        self.0
    }
}

/// A pawn as the observer sees it, for learning agents: 0 their own, 1 the other's.
impl meeple::Categorical<Breakthrough> for Pawn {
    fn categories(_game: &Breakthrough) -> usize {
        2
    }

    fn category(&self, _game: &Breakthrough, observer: &meeple::Observer<'_>) -> usize {
        observer.relative(self.player())
    }
}
