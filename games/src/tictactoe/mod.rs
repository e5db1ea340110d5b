//! Tic-tac-toe, and its k-in-a-row generalisation on a square board.
//!
//! The rules are the common ones (Wikipedia's "Tic-tac-toe"): two players, X (seat 0,
//! first) and O (seat 1), take turns putting one of their marks on an empty space of a 3x3
//! grid; the first to have three marks in a row, a column or a diagonal wins; a full board
//! without such a line is a draw. [`TicTacToeConfig`] plays the same game on a larger board
//! with a longer line (`size` 3..=7, `in_a_row` 3..=`size`, as in Gomoku-like m,n,k-games).
//!
//! The marks are components: a deck of `ceil(n/2)` X marks and `floor(n/2)` O marks for the
//! `n` spaces, each player's supply a [`Stack`], the board a [`Board`]; a turn moves the top
//! mark of the player's supply onto the space they choose with `choose_on_board`.
//! Everything is visible to everyone.
//!
//! The places are addressed as data by `#[derive(Places)]` ([`TicTacToePlace`]), so the
//! action [`Place`] declares its move of a mark with the `move_piece(..)` attribute (a
//! [`PieceMove`] of the framework's), and the game's own move [`TicTacToeMove::Marked`]
//! says what follows it: a line, a full board, or the other player's turn.
//!
//! ```
//! use meeple::{Engine, PlayerIndex, Submission};
//! use meeple_games::tictactoe::{TicTacToe, TicTacToeConfig};
//!
//! let mut engine = Engine::<TicTacToe>::new(TicTacToeConfig::default(), 2, 0)?;
//! for (seat, space) in [(0, "1,1"), (1, "0,0"), (0, "0,2"), (1, "2,0"), (0, "1,0"),
//!                       (1, "1,2"), (0, "0,1"), (1, "2,1")] {
//!     let space = engine.position().state().space(space)?;
//!     engine.submit_submission(PlayerIndex(seat), &Submission::new("place").with("space", space.0))?;
//! }
//! // X's last mark had one free space left, 2,2: it was played for them.
//! let outcome = engine.position().outcome().expect("the board is full");
//! assert!(outcome.is_draw());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod view;

#[cfg(test)]
mod tests;

use std::fmt;
use std::ops::RangeInclusive;

use meeple::flow::Step;
use meeple::{
    Action, Actions, Board, Chest, Coord, CoordParseError, Deck, DeckId, Flow, Game, Grid, Move,
    MoveContext, Outcome, PerPlayer, PieceMove, Places, PlayerIndex, Search, Seats, Setup,
    SetupError, Slot, Space, Stack, View, Viewer, move_piece,
};
use serde::{Deserialize, Serialize};

use crate::sides::{KeptSides, bit};

/// The table: X and O.
pub const SEATS: Seats = Seats::new(2);

/// A mark: X (seat 0, who begins) or O (seat 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Mark {
    /// The first player's mark.
    X,
    /// The second player's mark.
    O,
}

impl Mark {
    /// The mark of `player`: X for seat 0, O for any other.
    #[must_use]
    pub fn of(player: PlayerIndex) -> Mark {
        if player.0 == 0 { Mark::X } else { Mark::O }
    }

    /// The player whose mark this is: seat 0 for X, seat 1 for O.
    #[must_use]
    pub fn player(self) -> PlayerIndex {
        PlayerIndex(match self {
            Mark::X => 0,
            Mark::O => 1,
        })
    }
}

impl fmt::Display for Mark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Mark::X => "X",
            Mark::O => "O",
        })
    }
}

/// The board of a game: its size and the length of a winning line. [`Default`] is the
/// classic 3x3 game with three in a row.
///
/// Read from JSON with every field optional (`{"size": 4}`); unknown fields are refused.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct TicTacToeConfig {
    /// Rows and columns of the square board: `3..=7`. Default 3.
    pub size: usize,
    /// How many marks in a line win: `3..=size`. Default 3.
    pub in_a_row: usize,
}

impl Default for TicTacToeConfig {
    fn default() -> Self {
        TicTacToeConfig {
            size: 3,
            in_a_row: 3,
        }
    }
}

impl TicTacToeConfig {
    /// Checks that the board can be played.
    ///
    /// # Errors
    /// [`SetupError::Config`] naming `size` or `in_a_row` and the accepted range.
    pub fn validate(&self) -> Result<(), SetupError> {
        if !(3..=7).contains(&self.size) {
            return Err(SetupError::Config {
                field: "size",
                reason: format!("{} is not in 3..=7", self.size),
            });
        }
        if !(3..=self.size).contains(&self.in_a_row) {
            return Err(SetupError::Config {
                field: "in_a_row",
                reason: format!(
                    "{} is not in 3..={} (the board's size)",
                    self.in_a_row, self.size
                ),
            });
        }
        Ok(())
    }
}

/// The deck of marks of a board of `spaces` spaces: the X marks first, then the O marks.
#[must_use]
pub fn marks(spaces: usize) -> Deck<Mark> {
    let x = spaces.div_ceil(2);
    let components = std::iter::repeat_n(Mark::X, x)
        .chain(std::iter::repeat_n(Mark::O, spaces - x))
        .collect();
    Deck::new(DeckId(0), "marks", components)
}

/// The chest of a game with `config`: its one deck of marks, for the one-place check.
#[must_use]
pub fn chest(config: &TicTacToeConfig) -> Chest {
    Chest::new().with(&marks(config.size * config.size))
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Finish {
    /// `player` made `line`.
    Won {
        /// The winner.
        player: PlayerIndex,
        /// The spaces of the winning line, in order along it.
        line: Vec<Space>,
    },
    /// The board is full and nobody made a line.
    Draw,
}

/// The state of a game: the board, each player's supply of marks, whose turn it is and how
/// the game ended. Everything is public.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, View, Places, meeple::Observe)]
#[places(component = Mark)]
pub struct TicTacToe {
    #[observe(skip)]
    config: TicTacToeConfig,
    #[view(place)]
    board: Board<Mark>,
    #[view(place)]
    supplies: PerPlayer<Stack<Mark>>,
    #[observe(skip)]
    finish: Option<Finish>,
    /// Each player's marks as bits, for the win check.
    #[serde(skip)]
    #[observe(skip)]
    marks: KeptSides,
}

/// Tic-tac-toe hides nothing and is scored at its end: the defaults.
impl Search for TicTacToe {}

impl Game for TicTacToe {
    type Config = TicTacToeConfig;
    type Move = TicTacToeMove;
    type Actions = TicTacToeAction;
    const NAME: &'static str = "tictactoe";
    const PLAYERS: RangeInclusive<usize> = SEATS.count()..=SEATS.count();

    /// [`TicTacToeConfig::validate`].
    ///
    /// # Errors
    /// As [`TicTacToeConfig::validate`].
    fn validate_config(config: &TicTacToeConfig, _: Seats) -> Result<(), SetupError> {
        config.validate()
    }

    /// An empty board; X's supply holds the X marks and O's the O marks; X begins.
    ///
    /// # Errors
    /// [`SetupError::Config`] if the marks cannot be dealt (never for a config that passed
    /// [`TicTacToeConfig::validate`]).
    fn setup(config: &TicTacToeConfig, _: Seats) -> Result<Setup<Self>, SetupError> {
        let grid = Grid::new(config.size, config.size);
        let deck = marks(grid.len());
        let mut supply_x = deck.stack(());
        let mut supply_o = Stack::new(deck.id());
        while let Some(top) = supply_x.top_index() {
            if supply_x.get(top).and_then(Slot::component) != Some(&Mark::O) {
                break;
            }
            move_piece(&mut supply_x, top, &mut supply_o, Some(0)).map_err(|error| {
                SetupError::Config {
                    field: "size",
                    reason: format!("the marks cannot be dealt: {error}"),
                }
            })?;
        }
        Ok(Setup {
            state: TicTacToe {
                config: config.clone(),
                board: Board::new(deck.id(), grid),
                supplies: PerPlayer::from_fn(SEATS, |seat| {
                    if seat.0 == 0 {
                        supply_x.clone()
                    } else {
                        supply_o.clone()
                    }
                }),
                finish: None,
                marks: KeptSides::default(),
            },
            moves: Vec::new(),
        })
    }

    /// A position a game of these rules can reach: X has as many marks on the board as O
    /// or one more, the player to move is the one with fewer (X when even), every mark
    /// lies in one place, and the game is over exactly when a line was made (by the one
    /// player who moved last) or the board is full.
    ///
    /// # Errors
    /// [`SetupError::State`] saying which of these fails.
    fn validate_state(&self, config: &TicTacToeConfig, _: Seats) -> Result<(), SetupError> {
        let invalid = |reason: String| Err(SetupError::State { reason });
        if self.config != *config || self.board.grid() != Grid::new(config.size, config.size) {
            return invalid("the state's board is not the config's".to_owned());
        }
        let mut pieces = Vec::new();
        self.visit_pieces(&mut |piece| pieces.push(piece));
        if let Err(error) = chest(config).check(pieces) {
            return invalid(format!("the marks are not each in one place: {error}"));
        }
        let on_board = |mark: Mark| {
            self.board
                .taken()
                .filter(|&space| self.mark(space) == Some(mark))
                .count()
        };
        let (x, o) = (on_board(Mark::X), on_board(Mark::O));
        if x != o && x != o + 1 {
            return invalid(format!(
                "X has {x} marks on the board and O {o}: X moves first, so X has as many as O or one more"
            ));
        }
        let lines: Vec<(Mark, Vec<Space>)> = self
            .board
            .taken()
            .filter_map(|space| {
                let mark = self.mark(space)?;
                self.line_through(space, mark).map(|line| (mark, line))
            })
            .collect();
        let last = if x > o { Mark::X } else { Mark::O };
        match (&self.finish, lines.first()) {
            (_, Some((mark, _))) if lines.iter().any(|(other, _)| other != mark) => {
                invalid("both X and O have a line".to_owned())
            }
            (_, Some((mark, _))) if *mark != last => {
                invalid(format!("{mark} has a line, but {last} moved last"))
            }
            (None, Some((mark, _))) => invalid(format!("{mark} has a line, but the game goes on")),
            (Some(Finish::Won { player, line }), _)
                if !lines
                    .iter()
                    .any(|(mark, made)| *mark == Mark::of(*player) && made == line) =>
            {
                invalid(format!(
                    "{} is said to have won, but has no such line",
                    Mark::of(*player)
                ))
            }
            (Some(Finish::Draw), _) if !lines.is_empty() || self.board.free().next().is_some() => {
                invalid(
                    "the game is said to be drawn, but the board is not full without a line"
                        .to_owned(),
                )
            }
            (None, None) if self.board.free().next().is_none() => {
                invalid("the board is full, but the game goes on".to_owned())
            }
            _ => Ok(()),
        }
    }

    /// Round after round, each player in turn from the one with fewer marks (X on an
    /// empty board): a turn is one mark. The game ends with a line or a full board.
    fn flow() -> Flow<Self> {
        Flow::new(Step::forever(
            "rounds",
            [Step::each_player(
                "turns",
                |game, _| game.to_play(),
                [Step::turn("place").offering::<Place>()],
            )],
        ))
    }

    /// A move in words for `viewer`: see the game's view module.
    fn describe_move(&self, applied: &TicTacToeMove, viewer: meeple::Viewer) -> Option<String> {
        self.move_in_words(applied, viewer)
    }

    /// A win, or a draw once the board is full without a line; no scores.
    fn outcome(&self) -> Option<Outcome> {
        Some(match self.finish.as_ref()? {
            Finish::Won { player, .. } => Outcome::win(*player, SEATS),
            Finish::Draw => Outcome::draw(SEATS),
        })
    }

    /// `X` and `O`.
    fn player_name(&self, player: PlayerIndex) -> String {
        Mark::of(player).to_string()
    }

    /// `row,column` ([`TicTacToe::space_label`]).
    fn space_name(&self, space: Space) -> String {
        self.space_label(space)
    }

    /// The board, each seat's marks left, how the game ended.
    fn scene(&self, _viewer: Viewer, seats: Seats) -> meeple::scene::Scene {
        self.draw_scene(seats)
    }
}

impl TicTacToe {
    /// The rules this game is played with.
    #[must_use]
    pub fn config(&self) -> &TicTacToeConfig {
        &self.config
    }

    /// The board.
    #[must_use]
    pub fn board(&self) -> &Board<Mark> {
        &self.board
    }

    /// The mark on `space`, if any.
    #[must_use]
    pub fn mark(&self, space: Space) -> Option<Mark> {
        self.board.component(space).copied()
    }

    /// The marks `player` has not placed yet.
    #[must_use]
    pub fn supply(&self, player: PlayerIndex) -> usize {
        self.supplies.get(player).map_or(0, Stack::len)
    }

    /// Whose turn it is by the marks on the board: X when both have as many, else O
    /// (the last player to move, once the game is over). Where the flow's rounds begin.
    #[must_use]
    pub fn to_play(&self) -> PlayerIndex {
        // Counted from the supplies, dealt as `marks` deals them (X the larger half): the
        // flow asks at every round.
        let spaces = self.board.grid().len();
        let placed_x = spaces
            .div_ceil(2)
            .saturating_sub(self.supply(PlayerIndex(0)));
        let placed_o = (spaces / 2).saturating_sub(self.supply(PlayerIndex(1)));
        PlayerIndex(usize::from(placed_x > placed_o))
    }

    /// How the game ended, once it has.
    #[must_use]
    pub fn finish(&self) -> Option<&Finish> {
        self.finish.as_ref()
    }

    /// The position of a board of `config` from its `rows`, top first, a character per
    /// space: `X`, `O`, or `.` for an empty one. Each mark is the top of its player's
    /// supply moved onto its space; the player to move is the one with fewer marks (X when
    /// both have as many), and a line already made, or a full board, ends the game. For
    /// rules tests and puzzles, started with [`meeple::Engine::from_start`]; whether such
    /// a game could be reached is [`Game::validate_state`]'s to say.
    ///
    /// ```
    /// use meeple::{Engine, Finish, PlayerIndex, Start};
    /// use meeple_games::tictactoe::{TicTacToe, TicTacToeConfig};
    ///
    /// let state = TicTacToe::from_rows(TicTacToeConfig::default(), &["XX.", "OO.", "..."])?;
    /// let mut engine = Engine::from_start(Start::new(state, 2))?;
    /// let space = engine.position().state().space("0,2")?;
    /// engine.submit_submission(PlayerIndex(0), &meeple::Submission::new("place").with("space", space.0))?;
    /// assert_eq!(engine.position().outcome().map(|outcome| outcome.finish()), Some(Finish::Win(PlayerIndex(0))));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`SetupError::Config`] for a config [`TicTacToeConfig::validate`] refuses;
    /// [`SetupError::State`] for a row count or row length other than the board's size,
    /// a character other than `X`, `O` and `.`, or more marks of one player than their
    /// supply holds.
    pub fn from_rows(config: TicTacToeConfig, rows: &[&str]) -> Result<Self, SetupError> {
        config.validate()?;
        let invalid = |reason: String| SetupError::State { reason };
        let mut game = Self::setup(&config, SEATS)?.state;
        let legend = [('X', Some(Mark::X)), ('O', Some(Mark::O)), ('.', None)];
        for (space, mark) in game.board.grid().read_rows(rows, &legend)? {
            let player = PlayerIndex(usize::from(mark == Mark::O));
            let supply = &mut game.supplies[player];
            let top = supply
                .top_index()
                .ok_or_else(|| invalid(format!("{mark} has no mark left")))?;
            move_piece(supply, top, &mut game.board, Some(space.0))
                .map_err(|error| invalid(error.to_string()))?;
        }
        let line = game.board.taken().find_map(|space| {
            let mark = game.mark(space)?;
            let line = game.line_through(space, mark)?;
            Some((mark, line))
        });
        game.finish = match line {
            Some((mark, line)) => Some(Finish::Won {
                player: PlayerIndex(usize::from(mark == Mark::O)),
                line,
            }),
            None if game.board.free().next().is_none() => Some(Finish::Draw),
            None => None,
        };
        Ok(game)
    }

    /// The empty spaces, where the player to move may put a mark.
    pub fn free_spaces(&self) -> impl Iterator<Item = Space> + '_ {
        self.board.free()
    }

    /// The space named `row,column` (0-based), like `"1,1"` for the centre.
    ///
    /// # Errors
    /// [`CoordParseError`] when the text is not `row,column` or names a space off the
    /// board.
    pub fn space(&self, text: &str) -> Result<Space, CoordParseError> {
        let coord: Coord = text.parse()?;
        self.board
            .grid()
            .space(coord)
            .ok_or_else(|| CoordParseError {
                text: text.to_owned(),
            })
    }

    /// How a space is shown in prompts: `row,column`.
    #[must_use]
    pub fn space_label(&self, space: Space) -> String {
        self.board
            .grid()
            .coord(space)
            .map_or_else(|| format!("#{}", space.0), |coord| coord.to_string())
    }

    /// The line of `in_a_row` marks of `mark` through `space`, if there is one: the first
    /// among the board's lines ([`Grid::lines`]: by first space in reading order, then
    /// along a row, a column, and the two diagonals), read from the marks as a word
    /// ([`Grid::first_line_through`]): no line is listed at each mark.
    ///
    /// # Panics
    /// On a board of more than 64 spaces, which no config allows: a state read from
    /// elsewhere is checked by [`Game::validate_state`] before it is played.
    #[must_use]
    pub fn line_through(&self, space: Space, mark: Mark) -> Option<Vec<Space>> {
        let marks = self
            .board
            .taken()
            .filter(|&on| self.mark(on) == Some(mark))
            .fold(0u64, |marks, on| marks | bit(on));
        self.board
            .grid()
            .first_line_through(marks, space, self.config.in_a_row)
    }
}

/// A step of Tic-tac-toe: `Piece(Move) -> Marked -> Win | Draw` (or the turn passes to the
/// other player). Everything is public, so every viewer sees the moves as they are.
///
/// Serialized with a `move` tag: `{"move":"marked","player":0,"space":4}`, or for the mark
/// moved, `{"move":"piece","piece_move":"move","from":{"supplies":0},"index":4,"to":"board","at":4}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "move", rename_all = "snake_case")]
pub enum TicTacToeMove {
    /// A mark moves from a supply onto the board (declared by [`Place`]'s `move_piece`).
    Piece(PieceMove<TicTacToePlace, Mark>),
    /// `player` has put the top mark of their supply on `space` (the [`Piece`](Self::Piece)
    /// move before this one). Then the player wins if it makes a line, the game is drawn
    /// if the board is full, else the other player is to move.
    Marked {
        /// Who placed the mark.
        player: PlayerIndex,
        /// Where.
        space: Space,
    },
    /// `player` wins with `line`.
    Win {
        /// The winner.
        player: PlayerIndex,
        /// The winning line.
        line: Vec<Space>,
    },
    /// The board is full: a draw.
    Draw,
}

impl From<PieceMove<TicTacToePlace, Mark>> for TicTacToeMove {
    fn from(piece: PieceMove<TicTacToePlace, Mark>) -> Self {
        TicTacToeMove::Piece(piece)
    }
}

impl Move<TicTacToe> for TicTacToeMove {
    fn apply(&self, game: &mut TicTacToe, next: &mut MoveContext<'_, Self>) {
        match self {
            TicTacToeMove::Piece(piece) => {
                // The action checked that the space is free and the supply is not empty,
                // and a refused move changes nothing.
                let placed = piece.apply(game, next);
                debug_assert_eq!(placed, Ok(()), "{piece:?}");
                match *piece {
                    PieceMove::Move {
                        from: TicTacToePlace::Supplies(player),
                        to: TicTacToePlace::Board,
                        at,
                        ..
                    } if placed.is_ok() => game.marks.put(player, Space(at)),
                    _ => game.marks.forget(),
                }
            }
            TicTacToeMove::Marked { player, space } => {
                let marks = game.marks.of(*player, &game.board, |mark| mark.player());
                let grid = game.board.grid();
                // The test of a word first: which line it is, only at a win.
                let line = if grid.contains_line(marks, game.config.in_a_row) {
                    grid.first_line_through(marks, *space, game.config.in_a_row)
                } else {
                    None
                };
                if let Some(line) = line {
                    next.then(TicTacToeMove::Win {
                        player: *player,
                        line,
                    });
                } else if game.board.free().next().is_none() {
                    next.then(TicTacToeMove::Draw);
                }
            }
            TicTacToeMove::Win { player, line } => {
                game.finish = Some(Finish::Won {
                    player: *player,
                    line: line.clone(),
                });
            }
            TicTacToeMove::Draw => game.finish = Some(Finish::Draw),
        }
    }
}

/// Put your mark on an empty space: the top mark of your supply moves onto it. Submitted as
/// `{"action":"place","selections":{"space":4}}` (spaces numbered row by row from 0).
#[derive(Clone, Debug, PartialEq, Eq, Action)]
#[action(
    prompt = format!("Place an {}", Mark::of(player)),
    condition = game.supply(player) > 0,
    description = "{player} is choosing a space",
    message = "{player} marks {space}",
    move_piece(
        from = TicTacToePlace::Supplies(player),
        index = game.supply(player).saturating_sub(1),
        to = TicTacToePlace::Board,
        at = space.0
    ),
    behaviour = [TicTacToeMove::Marked { player, space: *space }]
)]
pub struct Place {
    /// The empty space.
    #[choose_on_board(game.free_spaces(), label = game.space_label(*space))]
    pub space: Space,
}

/// Every action of Tic-tac-toe.
#[derive(Clone, Debug, PartialEq, Eq, Actions)]
#[actions(game = TicTacToe)]
pub enum TicTacToeAction {
    /// See [`Place`].
    Place(Place),
}

/// A space as a distinct action, for learning agents: its number on the board, among all
/// the board's spaces (fixed by the config).
impl meeple::Distinct<TicTacToe> for meeple::Space {
    fn count(game: &TicTacToe) -> usize {
        game.board.spaces().slots().len()
    }

    fn index(&self, _game: &TicTacToe) -> usize {
        self.0
    }
}

/// A mark as the observer sees it, for learning agents: 0 their own, 1 the other's.
impl meeple::Categorical<TicTacToe> for Mark {
    fn categories(_game: &TicTacToe) -> usize {
        2
    }

    fn category(&self, _game: &TicTacToe, observer: &meeple::Observer<'_>) -> usize {
        observer.relative(self.player())
    }
}
