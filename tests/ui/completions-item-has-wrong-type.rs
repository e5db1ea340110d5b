use meeple::{Action, Actions, Game, Move, MoveContext, Outcome, PlayerIndex, PlayerSet, Setup, SetupError, Seats};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Serialize, Deserialize, meeple::View)]
struct Pile {
    tokens: u32,
    name: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
enum PileMove {
    Take { tokens: u32 },
}

impl Move<Pile> for PileMove {
    fn apply(&self, pile: &mut Pile, _next: &mut MoveContext<'_, Self>) {
        let PileMove::Take { tokens } = *self;
        pile.tokens -= tokens;
    }
}

// Each item is the selections' values as a tuple, in order: `(u32, bool)` here.
#[derive(Clone, Debug, Action)]
#[action(
    behaviour = [PileMove::Take { tokens: *tokens }],
    completions = [1_u32, 2].into_iter().map(|tokens| (tokens, "all")),
)]
struct Take {
    #[choose_from([1, 2])]
    tokens: u32,
    #[choose_from([true, false])]
    all: bool,
}

#[derive(Clone, Debug, Actions)]
#[actions(game = Pile)]
enum PileAction {
    Take(Take),
}

impl Game for Pile {
    type Config = ();
    type Move = PileMove;
    type Actions = PileAction;
    const NAME: &'static str = "pile";
    const PLAYERS: std::ops::RangeInclusive<usize> = 1..=4;
    fn setup(_: &(), _: Seats) -> Result<Setup<Self>, SetupError> {
        Ok(Setup { state: Pile { tokens: 10, name: String::new() }, moves: vec![] })
    }
    fn to_act(&self) -> PlayerSet {
        PlayerSet::one(PlayerIndex(0))
    }
    fn outcome(&self) -> Option<Outcome> {
        None
    }
}

fn main() {}
