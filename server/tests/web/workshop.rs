//! A game of the tests' own that asks for one selection of every kind the web client
//! draws, none of which the shipped games use: a piece placed with a rotation on a board
//! (`place_piece`), two spaces of it (`choose_on_board` of several), a few of some options
//! (`choose_from`, 1 to 3), a number from a wide range (`choose_number`), a text
//! (`enter_text`), a group of numbers and text checked together, and a confirmation.

use meeple::{
    Action, Actions, Game, Grid, Move, MoveContext, Outcome, Placement, PlayerIndex, PlayerSet,
    Search, Seats, Setup, SetupError, Space, View,
};
use serde::{Deserialize, Serialize};

const ROWS: usize = 2;
const COLUMNS: usize = 3;

/// One player's workshop, set up step by step.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, View)]
pub struct Workshop {
    /// The yard, in the shape the client draws a board from (the runtime's `Board`).
    yard: Yard,
    step: u8,
    tools: Vec<String>,
    bid: Option<u32>,
    name: Option<String>,
    cart: Option<(u32, u32, String)>,
    closed: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Yard {
    grid: Grid,
    spaces: Slots,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Slots {
    slots: Vec<Option<String>>,
}

impl Workshop {
    fn free(&self) -> impl Iterator<Item = Space> + '_ {
        (0..ROWS * COLUMNS)
            .map(Space)
            .filter(|space| self.yard.spaces.slots[space.0].is_none())
    }

    /// An arrow may not point off the yard.
    fn points_inside(at: &Placement) -> Result<(), String> {
        let (row, column) = (at.space.0 / COLUMNS, at.space.0 % COLUMNS);
        let inside = match at.rotation {
            0 => row > 0,
            1 => column + 1 < COLUMNS,
            2 => row + 1 < ROWS,
            _ => column > 0,
        };
        if inside {
            Ok(())
        } else {
            Err("the arrow would point off the yard".to_owned())
        }
    }
}

const ARROWS: [&str; 4] = ["↑", "→", "↓", "←"];

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum WorkshopMove {
    Lay(Placement),
    Fence(Vec<Space>),
    Tools(Vec<String>),
    Bid(u32),
    Name(String),
    Load(u32, u32, String),
    Close,
}

impl Move<Workshop> for WorkshopMove {
    fn apply(&self, game: &mut Workshop, _next: &mut MoveContext<'_, Self>) {
        match self {
            WorkshopMove::Lay(at) => {
                game.yard.spaces.slots[at.space.0] =
                    Some(ARROWS[usize::from(at.rotation)].to_owned());
            }
            WorkshopMove::Fence(spaces) => {
                for space in spaces {
                    game.yard.spaces.slots[space.0] = Some("#".to_owned());
                }
            }
            WorkshopMove::Tools(tools) => game.tools.clone_from(tools),
            WorkshopMove::Bid(amount) => game.bid = Some(*amount),
            WorkshopMove::Name(name) => game.name = Some(name.clone()),
            WorkshopMove::Load(wood, stone, label) => {
                game.cart = Some((*wood, *stone, label.clone()))
            }
            WorkshopMove::Close => game.closed = true,
        }
        game.step += 1;
    }
}

#[derive(Clone, Debug, PartialEq, Action)]
#[action(prompt = "Lay an arrow", condition = game.step == 0, behaviour = [WorkshopMove::Lay(*at)])]
pub struct Lay {
    #[place_piece(
        game.free(),
        rotations = 4,
        label = format!("{} {}", at.space.0, ARROWS[usize::from(at.rotation)]),
        validate = Workshop::points_inside(at)
    )]
    at: Placement,
}

#[derive(Clone, Debug, PartialEq, Action)]
#[action(prompt = "Fence two spaces", condition = game.step == 0, behaviour = [WorkshopMove::Fence(spaces.clone())])]
pub struct Fence {
    #[choose_on_board(game.free(), count = 2)]
    spaces: Vec<Space>,
}

#[derive(Clone, Debug, PartialEq, Action)]
#[action(prompt = "Take your tools", condition = game.step == 1, behaviour = [WorkshopMove::Tools(tools.clone())])]
pub struct Tools {
    #[choose_from(["saw", "plane", "chisel", "mallet"].map(String::from), min = 1, max = 3)]
    tools: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Action)]
#[action(prompt = "Bid for the wood", condition = game.step == 2, behaviour = [WorkshopMove::Bid(*amount)])]
pub struct Bid {
    #[choose_number(min = 1, max = 100_000)]
    amount: u32,
}

#[derive(Clone, Debug, PartialEq, Action)]
#[action(prompt = "Name the workshop", condition = game.step == 3, behaviour = [WorkshopMove::Name(name.clone())])]
pub struct Name {
    #[enter_text(validate = !name.is_empty())]
    name: String,
}

fn three_crates(wood: u32, stone: u32) -> Result<(), String> {
    if wood + stone == 3 {
        Ok(())
    } else {
        Err(format!("load exactly 3 crates, not {}", wood + stone))
    }
}

#[derive(Clone, Debug, PartialEq, Action)]
#[action(
    prompt = "Load the cart",
    condition = game.step == 4,
    group(cart, prompt = "Load the cart", validate = three_crates(*wood, *stone)),
    behaviour = [WorkshopMove::Load(*wood, *stone, label.clone())]
)]
pub struct Load {
    #[choose_number(min = 0, max = 3, group = cart)]
    wood: u32,
    #[choose_number(min = 0, max = 3, group = cart)]
    stone: u32,
    #[enter_text(group = cart, prompt = "Label the load")]
    label: String,
}

#[derive(Clone, Debug, PartialEq, Action)]
#[action(
    prompt = "Close the workshop",
    confirm = "Close the workshop for good?",
    condition = game.step == 5,
    behaviour = [WorkshopMove::Close]
)]
pub struct Close {}

#[derive(Clone, Debug, PartialEq, Actions)]
#[actions(game = Workshop)]
pub enum WorkshopAction {
    Lay(Lay),
    Fence(Fence),
    Tools(Tools),
    Bid(Bid),
    Name(Name),
    Load(Load),
    Close(Close),
}

impl Game for Workshop {
    type Config = ();
    type Move = WorkshopMove;
    type Actions = WorkshopAction;
    const NAME: &'static str = "workshop";
    const PLAYERS: std::ops::RangeInclusive<usize> = 1..=1;

    fn setup(_: &(), _: Seats) -> Result<Setup<Self>, SetupError> {
        Ok(Setup {
            state: Workshop {
                yard: Yard {
                    grid: Grid::new(ROWS, COLUMNS),
                    spaces: Slots {
                        slots: vec![None; ROWS * COLUMNS],
                    },
                },
                step: 0,
                tools: Vec::new(),
                bid: None,
                name: None,
                cart: None,
                closed: false,
            },
            moves: Vec::new(),
        })
    }

    fn to_act(&self) -> PlayerSet {
        if self.closed {
            PlayerSet::EMPTY
        } else {
            PlayerSet::one(PlayerIndex(0))
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.closed
            .then(|| Outcome::win(PlayerIndex(0), Seats::new(1)))
    }
}

impl Search for Workshop {}
