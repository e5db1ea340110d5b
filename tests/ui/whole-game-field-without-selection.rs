// One mistake in a whole small game: a field without a selection. The derives stand in for what they could not
// generate, so the author sees this one error and none in the rest of the game.

use meeple::{Action, Actions, Engine, Game, Move, MoveContext, Outcome, PlayerIndex, PlayerSet, Setup, SetupError, Seats};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Serialize, Deserialize, meeple::View)]
struct Pile {
    seats: Seats,
    tokens: u32,
    next: PlayerIndex,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
enum PileMove {
    Take { player: PlayerIndex, tokens: u32 },
}

impl Move<Pile> for PileMove {
    fn apply(&self, pile: &mut Pile, _next: &mut MoveContext<'_, Self>) {
        let PileMove::Take { player, tokens } = *self;
        pile.tokens -= tokens;
        pile.next = pile.seats.next(player);
    }
}

#[derive(Clone, Debug, Action)]
#[action(prompt = "Take tokens", message = "{player} takes {tokens}",
         behaviour = [PileMove::Take { player, tokens: *tokens }])]
struct Take {
    tokens: u32,
}

#[derive(Clone, Debug, Action)]
#[action(prompt = "Pass", behaviour = [])]
struct Pass {}

#[derive(Clone, Debug, Actions)]
#[actions(game = Pile)]
enum PileAction {
    Take(Take),
    Pass(Pass),
}

impl Game for Pile {
    type Config = ();
    type Move = PileMove;
    type Actions = PileAction;
    const NAME: &'static str = "pile";
    const PLAYERS: std::ops::RangeInclusive<usize> = 2..=2;
    fn setup(_: &(), seats: Seats) -> Result<Setup<Self>, SetupError> {
        Ok(Setup { state: Pile { seats, tokens: 10, next: PlayerIndex(0) }, moves: vec![] })
    }
    fn to_act(&self) -> PlayerSet {
        if self.tokens == 0 { PlayerSet::EMPTY } else { PlayerSet::one(self.next) }
    }
    fn outcome(&self) -> Option<Outcome> {
        (self.tokens == 0).then(|| Outcome::win(self.next, self.seats))
    }
}

fn main() {
    let mut engine = Engine::<Pile>::new((), 2, 7).unwrap();
    engine.submit(PlayerIndex(0), PileAction::Take(Take { tokens: 3 })).unwrap();
    let _ = engine.position().prompt(PlayerIndex(1));
}
