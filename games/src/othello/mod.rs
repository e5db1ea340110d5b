//! Othello, with OpenSpiel's rules (`othello`, OpenSpiel 2.0.2): an 8x8 board, spaces named
//! `a1` (top left) to `h8` (bottom right); White on d4 and e5, Black on e4 and d5; Black
//! (seat 0) moves first. A player places a disc of their colour on an empty space that
//! closes one or more lines of the other's discs between it and one of their own, in any of
//! the eight directions, and every disc so closed in turns to their colour. A player who
//! has no such space passes; the game ends when neither player has one (a full board
//! included), and whoever has more discs on the board wins (empty spaces count for nobody);
//! equal counts are a draw.
//!
//! The discs are components: a deck of 64 two-sided discs, the side up being a piece's
//! value ([`Colour`]) on a [`Board`]: four on the board as it is set up, the other sixty in
//! a common supply ([`Stack`]), enough for every empty space. [`PlaceDisc`] chooses its
//! space with `choose_on_board` among the spaces that turn something, and declares the
//! disc's move from the supply with the `move_piece(..)` attribute; the game's own move
//! [`OthelloMove::Placed`] then turns each disc it closes in, one
//! [`OthelloMove::Flipped`] consequence per disc, nearest first along each direction in
//! OpenSpiel's order, so that a client animates them one by one. A player with nothing to
//! place passes through [`Game::when_stuck`], a forced `pass` of the engine's
//! ([`OthelloMove::Passed`]); the game ends right after the placement that leaves neither
//! player a space ([`OthelloMove::Ended`]), as in OpenSpiel, never after a pass. Where a
//! player may place is found on two words of bits, one per colour ([`Othello::placements`]),
//! not by walking the board. Everything is visible to everyone.
//!
//! Where it differs from OpenSpiel: a pass is not a choice (OpenSpiel's action 64, the only
//! legal one when a player has no placement) but a move the engine records for the player;
//! and, as meeple makes every forced choice, a player with exactly one space to place on is
//! not asked.
//!
//! ```
//! use meeple::{Engine, PlayerIndex, Submission};
//! use meeple_games::othello::{Colour, Othello};
//!
//! // Black opens on d3 and turns d4.
//! let mut engine = Engine::<Othello>::new((), 2, 0)?;
//! let d3 = engine.position().state().space("d3")?;
//! engine.submit_submission(PlayerIndex(0), &Submission::new("place_disc").with("space", d3.0))?;
//! let d4 = engine.position().state().space("d4")?;
//! assert_eq!(engine.position().state().colour(d4), Some(Colour::Black));
//! assert_eq!(engine.position().state().count(Colour::Black), 4);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod bits;
mod view;

#[cfg(test)]
mod tests;

use std::fmt;
use std::ops::RangeInclusive;

use meeple::flow::{Progress, Step};
use meeple::{
    Action, Actions, Board, Chest, Coord, CoordParseError, Deck, DeckId, Flow, Game, Grid, Move,
    MoveContext, Outcome, PieceMove, Places, PlayerIndex, Search, Seats, Setup, SetupError, Slot,
    Space, Stack, View, WhenStuck, move_piece,
};
use serde::{Deserialize, Serialize};

/// The table: Black and White.
pub const SEATS: Seats = Seats::new(2);

/// The rows and the columns of the board.
pub const SIZE: usize = 8;

/// The discs of the game, one for each space of the board.
pub const DISCS: usize = SIZE * SIZE;

/// The side of a disc that lies up: black (seat 0, who begins) or white (seat 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Colour {
    /// The first player's colour.
    Black,
    /// The second player's colour.
    White,
}

impl Colour {
    /// The colour of `player`: black for seat 0, white for any other.
    #[must_use]
    pub fn of(player: PlayerIndex) -> Colour {
        if player.0 == 0 {
            Colour::Black
        } else {
            Colour::White
        }
    }

    /// The seat that plays this colour.
    #[must_use]
    pub fn player(self) -> PlayerIndex {
        PlayerIndex(usize::from(self == Colour::White))
    }

    /// The other side of the disc.
    #[must_use]
    pub fn flipped(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }

    /// `x` for black and `o` for white, as OpenSpiel prints the board and
    /// [`Othello::from_rows`] reads it.
    #[must_use]
    pub fn letter(self) -> char {
        match self {
            Colour::Black => 'x',
            Colour::White => 'o',
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Colour::Black => "Black",
            Colour::White => "White",
        })
    }
}

/// One of the 64 discs, black on one side and white on the other: which side lies up is
/// its piece's value, a [`Colour`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Disc;

/// The deck of discs: 64, one for each space of the board.
#[must_use]
pub fn discs() -> Deck<Disc> {
    Deck::new(DeckId(0), "discs", vec![Disc; DISCS])
}

/// The chest of the game: its one deck of discs, for the one-place check.
#[must_use]
pub fn chest() -> Chest {
    Chest::new().with(&discs())
}

/// How a game ended: the discs of each colour on the board, when neither player could
/// place one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Finish {
    /// Black's discs.
    pub black: usize,
    /// White's discs.
    pub white: usize,
}

impl Finish {
    /// The player with more discs; `None` for a draw.
    #[must_use]
    pub fn winner(self) -> Option<PlayerIndex> {
        match self.black.cmp(&self.white) {
            std::cmp::Ordering::Greater => Some(PlayerIndex(0)),
            std::cmp::Ordering::Less => Some(PlayerIndex(1)),
            std::cmp::Ordering::Equal => None,
        }
    }
}

/// Each colour's discs on the board as a word (bit `i` for `Space(i)`), kept move by move:
/// not part of the state (not serialized, equal whatever it holds), read from the board
/// again when a state is read back.
#[derive(Clone, Debug, Default)]
struct KeptColours(Option<[u64; 2]>);

impl PartialEq for KeptColours {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for KeptColours {}

/// The state of a game: the board, the supply of discs, who begins each round of turns and
/// how the game ended. Everything is public.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, View, Places)]
#[places(component = Disc, value = Colour)]
pub struct Othello {
    #[view(place)]
    board: Board<Disc, Colour>,
    #[view(place)]
    supply: Stack<Disc, Colour>,
    /// The seat whose turn begins each round: Black, but for a position set up with White
    /// to move.
    first: PlayerIndex,
    finish: Option<Finish>,
    /// Each colour's discs as bits, for the placements and flips.
    #[serde(skip)]
    colours: KeptColours,
}

/// Othello hides nothing and is scored at its end: the defaults.
impl Search for Othello {}

impl Game for Othello {
    type Config = ();
    type Move = OthelloMove;
    type Actions = OthelloAction;
    const NAME: &'static str = "othello";
    const PLAYERS: RangeInclusive<usize> = SEATS.count()..=SEATS.count();

    /// White on d4 and e5, Black on e4 and d5, the other sixty discs in the supply; Black
    /// begins.
    ///
    /// # Errors
    /// Never: the four discs are always placed.
    fn setup(_: &(), _: Seats) -> Result<Setup<Self>, SetupError> {
        let state = Othello::from_rows(
            &[
                "........", "........", "........", "...ox...", "...xo...", "........", "........",
                "........",
            ],
            PlayerIndex(0),
        )?;
        Ok(Setup {
            state,
            moves: Vec::new(),
        })
    }

    /// A position a game can reach: every disc in one place, the four spaces of the centre
    /// taken (discs never leave the board), the game over exactly when neither player can
    /// place a disc, with the counts of the board.
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
        if self.board.grid() != Grid::new(SIZE, SIZE) {
            return invalid(format!("the board is not {SIZE} by {SIZE}"));
        }
        if let Some(free) = ["d4", "e4", "d5", "e5"].into_iter().find(|name| {
            self.space(name)
                .is_ok_and(|space| self.board.is_free(space))
        }) {
            return invalid(format!(
                "{free} is empty, but the centre is taken from the start"
            ));
        }
        if self.first.0 >= SEATS.count() {
            return invalid(format!("{} is not a seat", self.first.0));
        }
        let over = self.placements_of(Colour::Black) == 0 && self.placements_of(Colour::White) == 0;
        match self.finish {
            None if over => {
                invalid("neither player can place a disc, but the game goes on".to_owned())
            }
            Some(_) if !over => invalid(
                "the game is said to be over, but a player can still place a disc".to_owned(),
            ),
            Some(finish) if finish != self.counts() => invalid(format!(
                "the game is said to end {} to {}, but the board has {} to {}",
                finish.black,
                finish.white,
                self.count(Colour::Black),
                self.count(Colour::White)
            )),
            _ => Ok(()),
        }
    }

    /// Round after round, each player in turn from [`first`](Othello::first) (Black): a
    /// turn is one disc, or a pass when the player has none to place. The game ends when
    /// neither can place one.
    fn flow() -> Flow<Self> {
        Flow::new(Step::forever(
            "rounds",
            [Step::each_player(
                "turns",
                |game, _| game.first,
                [Step::turn("place").offering::<PlaceDisc>()],
            )],
        ))
    }

    /// A player with no space to place a disc on passes ([`OthelloMove::Passed`]).
    fn when_stuck(&self, player: PlayerIndex) -> WhenStuck<OthelloMove> {
        WhenStuck::Pass(vec![OthelloMove::Passed { player }])
    }

    /// A move in words for `viewer`: see the game's view module.
    fn describe_move(&self, applied: &OthelloMove, viewer: meeple::Viewer) -> Option<String> {
        self.move_in_words(applied, viewer)
    }

    /// A win for the player with more discs, or a draw; each player's discs as scores.
    fn outcome(&self) -> Option<Outcome> {
        let finish = self.finish?;
        let outcome = match finish.winner() {
            Some(winner) => Outcome::win(winner, SEATS),
            None => Outcome::draw(SEATS),
        };
        Some(outcome.with_scores([finish.black, finish.white].map(|discs| discs as i64)))
    }

    /// `Black` and `White`.
    fn player_name(&self, player: PlayerIndex) -> String {
        Colour::of(player).to_string()
    }

    /// `d3`: the column's letter, then the row from 1 at the top ([`Othello::space_name`]).
    fn space_name(&self, space: Space) -> String {
        Othello::space_name(self, space)
    }

    /// The placement that turns the most discs, the first in reading order among equals: a
    /// greedy player's move, for a seat out of time.
    fn timeout_action(&self, _flow: Progress<'_>, player: PlayerIndex) -> Option<OthelloAction> {
        let [own, opponent] = self.words(Colour::of(player));
        bits::spaces(self.placements(player))
            .max_by_key(|&space| {
                (
                    bits::flip_count(own, opponent, space),
                    std::cmp::Reverse(space.0),
                )
            })
            .map(|space| OthelloAction::PlaceDisc(PlaceDisc { space }))
    }

    /// The board in its colours, each seat's discs, who won.
    fn scene(&self, _viewer: meeple::Viewer, seats: Seats) -> meeple::scene::Scene {
        self.draw_scene(seats)
    }
}

impl Othello {
    /// The position of the board from its `rows`, top (row 1) first, a character per
    /// space: `x` for black, `o` for white, `.` or `-` for an empty space (OpenSpiel prints
    /// `-`), with `to_move` beginning each round of turns. Each disc comes from the supply,
    /// turned to its colour; a board where neither player can place a disc is a game over.
    /// For rules tests and puzzles, started with [`meeple::Engine::from_start`]; whether
    /// such a position could be reached is [`Game::validate_state`]'s to say.
    ///
    /// # Errors
    /// [`SetupError::State`] for other than 8 rows of 8 spaces, or a character other than
    /// `x`, `o`, `.` and `-`.
    pub fn from_rows(rows: &[&str], to_move: PlayerIndex) -> Result<Self, SetupError> {
        let invalid = |reason: String| SetupError::State { reason };
        let deck = discs();
        let mut game = Othello {
            board: Board::new(deck.id(), Grid::new(SIZE, SIZE)),
            supply: deck.stack(Colour::Black),
            first: to_move,
            finish: None,
            colours: KeptColours::default(),
        };
        let legend = [
            ('x', Some(Colour::Black)),
            ('o', Some(Colour::White)),
            ('.', None),
            ('-', None),
        ];
        for (space, colour) in game.board.grid().read_rows(rows, &legend)? {
            let top = game
                .supply
                .top_index()
                .ok_or_else(|| invalid("no disc is left".to_owned()))?;
            move_piece(&mut game.supply, top, &mut game.board, Some(space.0))
                .map_err(|error| invalid(error.to_string()))?;
            *game
                .board
                .value_mut(space)
                .map_err(|error| invalid(error.to_string()))? = colour;
        }
        game.colours = KeptColours(Some(game.read_words()));
        if game.placements_of(Colour::Black) == 0 && game.placements_of(Colour::White) == 0 {
            game.finish = Some(game.counts());
        }
        Ok(game)
    }

    /// The board: each disc with its colour up as its value.
    #[must_use]
    pub fn board(&self) -> &Board<Disc, Colour> {
        &self.board
    }

    /// The colour of the disc on `space`, if any.
    #[must_use]
    pub fn colour(&self, space: Space) -> Option<Colour> {
        match self.board.get(space)? {
            Slot::Known(piece) => Some(*piece.value()),
            Slot::Hidden(_) => None,
        }
    }

    /// How many discs of `colour` lie on the board.
    #[must_use]
    pub fn count(&self, colour: Colour) -> usize {
        self.words(colour)[0].count_ones() as usize
    }

    /// How many discs are left in the supply.
    #[must_use]
    pub fn supply(&self) -> usize {
        self.supply.len()
    }

    /// The seat whose turn begins each round of the flow: Black, unless a position was set
    /// up with White to move ([`from_rows`](Self::from_rows)).
    #[must_use]
    pub fn first(&self) -> PlayerIndex {
        self.first
    }

    /// How the game ended, once it has.
    #[must_use]
    pub fn finish(&self) -> Option<Finish> {
        self.finish
    }

    /// Where `player` may place a disc, as bits (bit `i` for `Space(i)`): the empty spaces
    /// from which a line of the other's discs ends on one of theirs.
    #[must_use]
    pub fn placements(&self, player: PlayerIndex) -> u64 {
        self.placements_of(Colour::of(player))
    }

    /// The spaces where `player` may place a disc, in reading order.
    pub fn placement_spaces(&self, player: PlayerIndex) -> impl Iterator<Item = Space> {
        bits::spaces(self.placements(player))
    }

    /// The discs that `player` placing on `space` would turn: one line after the other in
    /// OpenSpiel's order of directions (up, down, left, right, then the diagonals), nearest
    /// first. Empty when the placement is not allowed.
    #[must_use]
    pub fn flips(&self, player: PlayerIndex, space: Space) -> Vec<Space> {
        let [own, opponent] = self.words(Colour::of(player));
        let mut turned = Vec::new();
        if bits::bit(space).is_some_and(|at| (own | opponent) & at == 0) {
            bits::flips(own, opponent, space, &mut turned);
        }
        turned
    }

    /// The space named `name`: the column's letter `a` to `h`, then the row from 1 at the
    /// top (`d3`), as OpenSpiel names them.
    ///
    /// # Errors
    /// [`CoordParseError`] for a name that is not a space of the board.
    pub fn space(&self, name: &str) -> Result<Space, CoordParseError> {
        let mut chars = name.chars();
        let column = chars.next().and_then(|letter| "abcdefgh".find(letter));
        let row = chars.as_str().parse::<usize>().ok();
        column
            .zip(row.and_then(|row| row.checked_sub(1)))
            .and_then(|(column, row)| self.board.grid().space(Coord { row, column }))
            .ok_or_else(|| CoordParseError {
                text: name.to_owned(),
            })
    }

    /// `space` by its name: `d3`.
    #[must_use]
    pub fn space_name(&self, space: Space) -> String {
        self.board.grid().coord(space).map_or_else(
            || format!("#{}", space.0),
            |coord| {
                let letter = char::from(b'a' + u8::try_from(coord.column).unwrap_or(0));
                format!("{letter}{}", coord.row + 1)
            },
        )
    }

    /// Each colour's discs.
    fn counts(&self) -> Finish {
        Finish {
            black: self.count(Colour::Black),
            white: self.count(Colour::White),
        }
    }

    /// Where `colour` may place a disc, as bits.
    fn placements_of(&self, colour: Colour) -> u64 {
        let [own, opponent] = self.words(colour);
        bits::placements(own, opponent)
    }

    /// `colour`'s discs, then the other's, as words: kept, or read from the board.
    fn words(&self, colour: Colour) -> [u64; 2] {
        let [black, white] = self.colours.0.unwrap_or_else(|| self.read_words());
        match colour {
            Colour::Black => [black, white],
            Colour::White => [white, black],
        }
    }

    /// Black's discs and White's as words, read from the board.
    fn read_words(&self) -> [u64; 2] {
        let mut words = [0; 2];
        for space in self.board.taken() {
            if let (Some(colour), Some(bit)) = (self.colour(space), bits::bit(space)) {
                words[colour.player().0] |= bit;
            }
        }
        words
    }

    /// Turns the disc on `space` to `colour`, in the board and the kept words.
    fn turn(&mut self, space: Space, colour: Colour) {
        let mut words = self.colours.0.unwrap_or_else(|| self.read_words());
        if let Ok(value) = self.board.value_mut(space) {
            *value = colour;
            if let Some(bit) = bits::bit(space) {
                words[colour.player().0] |= bit;
                words[colour.flipped().player().0] &= !bit;
            }
        }
        self.colours = KeptColours(Some(words));
    }
}

/// A step of Othello: `Piece(Move) -> Placed -> Flipped...` (then `Ended` when neither
/// player can place a disc), or `Passed`. Everything is public, so every viewer sees the
/// moves as they are.
///
/// Serialized with a `move` tag: `{"move":"placed","player":0,"space":19,"flips":[27]}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "move", rename_all = "snake_case")]
pub enum OthelloMove {
    /// A disc moves from the supply onto the board (declared by [`PlaceDisc`]'s
    /// `move_piece`).
    Piece(PieceMove<OthelloPlace, Disc, Colour>),
    /// `player`'s disc, just moved onto `space`, lies with their colour up; each disc of
    /// `flips` then turns ([`Flipped`](Self::Flipped), in that order), and the game ends
    /// when neither player can place a disc after them.
    Placed {
        /// Who placed the disc.
        player: PlayerIndex,
        /// Where.
        space: Space,
        /// The discs it closes in, in the order they turn ([`Othello::flips`]).
        flips: Vec<Space>,
    },
    /// The disc on `space` turns to show `colour`.
    Flipped {
        /// Where it lies.
        space: Space,
        /// The side now up.
        colour: Colour,
    },
    /// `player` has no space to place a disc on, and passes.
    Passed {
        /// Who passes.
        player: PlayerIndex,
    },
    /// Neither player can place a disc: the game is over, with these counts.
    Ended(Finish),
}

impl From<PieceMove<OthelloPlace, Disc, Colour>> for OthelloMove {
    fn from(piece: PieceMove<OthelloPlace, Disc, Colour>) -> Self {
        OthelloMove::Piece(piece)
    }
}

impl Move<Othello> for OthelloMove {
    fn apply(&self, game: &mut Othello, next: &mut MoveContext<'_, Self>) {
        match self {
            OthelloMove::Piece(piece) => {
                // The action checked that the space is free and the supply is not empty,
                // and a refused move changes nothing.
                let placed = piece.apply(game, next);
                debug_assert_eq!(placed, Ok(()), "{piece:?}");
            }
            OthelloMove::Placed {
                player,
                space,
                flips,
            } => {
                let colour = Colour::of(*player);
                game.turn(*space, colour);
                let [mut own, mut opponent] = game.words(colour);
                for &flipped in flips {
                    if let Some(bit) = bits::bit(flipped) {
                        own |= bit;
                        opponent &= !bit;
                    }
                    next.then(OthelloMove::Flipped {
                        space: flipped,
                        colour,
                    });
                }
                if bits::placements(own, opponent) == 0 && bits::placements(opponent, own) == 0 {
                    let (black, white) = match colour {
                        Colour::Black => (own, opponent),
                        Colour::White => (opponent, own),
                    };
                    next.then(OthelloMove::Ended(Finish {
                        black: black.count_ones() as usize,
                        white: white.count_ones() as usize,
                    }));
                }
            }
            OthelloMove::Flipped { space, colour } => game.turn(*space, *colour),
            OthelloMove::Passed { .. } => {}
            OthelloMove::Ended(finish) => game.finish = Some(*finish),
        }
    }
}

/// Place a disc: the top disc of the supply goes onto an empty space that closes one or
/// more lines of the other's discs, and turns them. Submitted as
/// `{"action":"place_disc","selections":{"space":19}}` (spaces numbered row by row from
/// `a1`, 0 to 63), the space shown by its name.
#[derive(Clone, Debug, PartialEq, Eq, Action)]
#[action(
    prompt = "Place a disc",
    condition = game.supply() > 0,
    description = "{player} is choosing where to place a disc",
    message = "{player} places a disc on {space}",
    move_piece(
        from = OthelloPlace::Supply,
        index = game.supply().saturating_sub(1),
        to = OthelloPlace::Board,
        at = space.0
    ),
    behaviour = [OthelloMove::Placed { player, space: *space, flips: game.flips(player, *space) }]
)]
pub struct PlaceDisc {
    /// Where the disc goes: an empty space that turns at least one disc.
    #[choose_on_board(game.placement_spaces(player), label = game.space_name(*space))]
    pub space: Space,
}

/// Every action of Othello.
#[derive(Clone, Debug, PartialEq, Eq, Actions)]
#[actions(game = Othello)]
pub enum OthelloAction {
    /// See [`PlaceDisc`].
    PlaceDisc(PlaceDisc),
}

/// A space as a distinct action, for learning agents: its number on the board, 0 to 63, as
/// OpenSpiel numbers its placements.
impl meeple::Distinct<Othello> for Space {
    fn count(_game: &Othello) -> usize {
        DISCS
    }

    fn index(&self, _game: &Othello) -> usize {
        self.0
    }
}

/// The board as OpenSpiel observes it: planes of shape `[8, 8, 3]`, for each space one-hot
/// of empty, the observer's disc, the other's (relative to the observer, as OpenSpiel's
/// `ObservationTensor`), named `board`.
impl meeple::Observe<Othello> for Othello {
    fn layout(
        _value: Option<&Self>,
        _game: &Othello,
        name: &str,
        layout: &mut meeple::ObservationLayout,
    ) {
        let name = if name.is_empty() {
            "board".to_owned()
        } else {
            format!("{name}.board")
        };
        layout.push(name, vec![SIZE, SIZE, 3]);
    }

    fn observe(&self, _game: &Othello, observer: &mut meeple::Observer<'_>) {
        for space in self.board.grid().spaces() {
            let index = self
                .colour(space)
                .map_or(0, |colour| 1 + observer.relative(colour.player()).min(1));
            observer.one_hot(index, 3);
        }
    }
}
