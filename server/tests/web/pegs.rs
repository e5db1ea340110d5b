//! A game of the tests' own, written as an author writes one from the public API, with a
//! `Board`, a `Stack` of pieces per seat and `move_piece`, and no scene of its own and no
//! JavaScript: the web client draws it from the scene the runtime writes out of its view
//! (`Scene::written_out`). Two players take turns putting the top peg of their supply on
//! a free hole; when both supplies are empty, the one with more pegs in the middle row
//! wins.

use std::fmt;

use meeple::flow::Step;
use meeple::{
    Action, Actions, Board, Deck, DeckId, Flow, Game, Grid, Move, MoveContext, Outcome, PerPlayer,
    PieceMove, Places, PlayerIndex, Search, Seats, Setup, SetupError, Space, Stack, View,
    move_piece,
};
use serde::{Deserialize, Serialize};

/// The holes of the board, in rows and columns.
const SIZE: usize = 3;
/// The pegs each player has.
const PEGS: usize = 4;

/// A peg, in its player's colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Peg {
    /// The first player's.
    Amber,
    /// The second player's.
    Teal,
}

impl fmt::Display for Peg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:?}")
    }
}

/// The board and each player's supply.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, View, Places)]
#[places(component = Peg)]
pub struct Pegs {
    #[view(place)]
    board: Board<Peg>,
    #[view(place)]
    supplies: PerPlayer<Stack<Peg>>,
}

impl Pegs {
    fn supply(&self, player: PlayerIndex) -> usize {
        self.supplies.get(player).map_or(0, Stack::len)
    }

    fn to_play(&self) -> PlayerIndex {
        PlayerIndex(usize::from(
            self.supply(PlayerIndex(0)) < self.supply(PlayerIndex(1)),
        ))
    }

    fn in_the_middle(&self, peg: Peg) -> usize {
        (SIZE..2 * SIZE)
            .filter(|&space| self.board.component(Space(space)) == Some(&peg))
            .count()
    }
}

/// A peg moves from a supply to the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PegsMove {
    /// The move of the peg.
    Piece(PieceMove<PegsPlace, Peg>),
}

impl From<PieceMove<PegsPlace, Peg>> for PegsMove {
    fn from(piece: PieceMove<PegsPlace, Peg>) -> Self {
        PegsMove::Piece(piece)
    }
}

impl Move<Pegs> for PegsMove {
    fn apply(&self, game: &mut Pegs, next: &mut MoveContext<'_, Self>) {
        let PegsMove::Piece(piece) = self;
        let placed = piece.apply(game, next);
        debug_assert_eq!(placed, Ok(()), "{piece:?}");
    }
}

/// Put your top peg in a free hole.
#[derive(Clone, Debug, PartialEq, Eq, Action)]
#[action(
    prompt = "Put a peg in a hole",
    condition = game.supply(player) > 0,
    move_piece(
        from = PegsPlace::Supplies(player),
        index = game.supply(player).saturating_sub(1),
        to = PegsPlace::Board,
        at = hole.0
    )
)]
pub struct Put {
    #[choose_on_board(game.board.free(), label = format!("hole {}", hole.0 + 1))]
    hole: Space,
}

/// Every action of the game.
#[derive(Clone, Debug, PartialEq, Eq, Actions)]
#[actions(game = Pegs)]
pub enum PegsAction {
    /// See [`Put`].
    Put(Put),
}

/// Perfect information, scored at the end: the defaults.
impl Search for Pegs {}

impl Game for Pegs {
    type Config = ();
    type Move = PegsMove;
    type Actions = PegsAction;
    const NAME: &'static str = "pegs";
    const PLAYERS: std::ops::RangeInclusive<usize> = 2..=2;

    fn setup(_: &(), _: Seats) -> Result<Setup<Self>, SetupError> {
        let deck = Deck::new(
            DeckId(0),
            "pegs",
            [Peg::Amber; PEGS]
                .into_iter()
                .chain([Peg::Teal; PEGS])
                .collect(),
        );
        let mut amber = deck.stack(());
        let mut teal = Stack::new(deck.id());
        for _ in 0..PEGS {
            let top = amber.len() - 1;
            move_piece(&mut amber, top, &mut teal, Some(0)).map_err(|error| {
                SetupError::Config {
                    field: "pegs",
                    reason: error.to_string(),
                }
            })?;
        }
        Ok(Setup {
            state: Pegs {
                board: Board::new(deck.id(), Grid::new(SIZE, SIZE)),
                supplies: PerPlayer::from_fn(Seats::new(2), |seat| {
                    if seat.0 == 0 {
                        amber.clone()
                    } else {
                        teal.clone()
                    }
                }),
            },
            moves: Vec::new(),
        })
    }

    fn flow() -> Flow<Self> {
        Flow::new(Step::forever(
            "rounds",
            [Step::each_player(
                "turns",
                |pegs, _| pegs.to_play(),
                [Step::turn("put").offering::<Put>()],
            )],
        ))
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.supplies.iter().any(|supply| !supply.is_empty()) {
            return None;
        }
        let (amber, teal) = (
            self.in_the_middle(Peg::Amber),
            self.in_the_middle(Peg::Teal),
        );
        Some(match amber.cmp(&teal) {
            std::cmp::Ordering::Greater => Outcome::win(PlayerIndex(0), Seats::new(2)),
            std::cmp::Ordering::Less => Outcome::win(PlayerIndex(1), Seats::new(2)),
            std::cmp::Ordering::Equal => Outcome::draw(Seats::new(2)),
        })
    }
}
