use meeple::flow::Step;
use meeple::{Action, Actions, Flow, Game, Move, MoveContext, Outcome, Setup, SetupError, Seats};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Serialize, Deserialize, meeple::View)]
struct Pile {
    tokens: u32,
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

#[derive(Clone, Debug, Action)]
#[action(behaviour = [PileMove::Take { tokens: *tokens }])]
struct Take {
    #[choose_number(min = 1, max = 3)]
    tokens: u32,
}

/// An action of the pile's, but left out of its actions enum.
#[derive(Clone, Debug, Action)]
#[action(behaviour = [PileMove::Take { tokens: 0 }])]
struct Pass;

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
        Ok(Setup { state: Pile { tokens: 10 }, moves: vec![] })
    }
    fn flow() -> Flow<Self> {
        Flow::new(Step::forever(
            "rounds",
            [Step::everyone("take").offering::<Take>().offering::<Pass>()],
        ))
    }
    fn outcome(&self) -> Option<Outcome> {
        None
    }
}

fn main() {}
