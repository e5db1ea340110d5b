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

impl Move<Heap> for PileMove {
    fn apply(&self, heap: &mut Heap, _next: &mut MoveContext<'_, Self>) {
        let PileMove::Take { tokens } = *self;
        heap.stones -= tokens;
    }
}

#[derive(Clone, Debug, Action)]
#[action(behaviour = [PileMove::Take { tokens: *tokens }])]
struct Take {
    #[choose_number(min = 1, max = 3)]
    tokens: u32,
}

#[derive(Clone, Debug, Actions)]
#[actions(game = Pile)]
enum PileAction {
    Take(Take),
}

/// Another game, with an action of its own.
#[derive(Clone, Debug, Serialize, Deserialize, meeple::View)]
struct Heap {
    stones: u32,
}

#[derive(Clone, Debug, Action)]
#[action(behaviour = [PileMove::Take { tokens: *stones }])]
struct Grab {
    #[choose_number(min = 1, max = 2)]
    stones: u32,
}

#[derive(Clone, Debug, Actions)]
#[actions(game = Heap)]
enum HeapAction {
    Grab(Grab),
}

impl Game for Heap {
    type Config = ();
    type Move = PileMove;
    type Actions = HeapAction;
    const NAME: &'static str = "heap";
    const PLAYERS: std::ops::RangeInclusive<usize> = 1..=4;
    fn setup(_: &(), _: Seats) -> Result<Setup<Self>, SetupError> {
        Ok(Setup { state: Heap { stones: 10 }, moves: vec![] })
    }
    fn outcome(&self) -> Option<Outcome> {
        None
    }
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
    // `Grab` is the heap's action, not the pile's.
    fn flow() -> Flow<Self> {
        Flow::new(Step::forever("rounds", [Step::everyone("take").offering::<Grab>()]))
    }
    fn outcome(&self) -> Option<Outcome> {
        None
    }
}

fn main() {}
