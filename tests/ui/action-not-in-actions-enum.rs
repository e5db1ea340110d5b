use std::ops::RangeInclusive;

use meeple::{
    Action, Actions, Game, Move, MoveContext, Outcome, PlayerIndex, PlayerSet, Seats, Setup,
    SetupError,
};
use serde::{Deserialize, Serialize};

/// Players take tokens from a pile in turn. `TakeTwice` is written (selections reading the
/// state, a condition, a valid set, messages) but not listed in the enum: one error, at its
/// derive.
#[derive(Clone, Debug, Serialize, Deserialize, meeple::View)]
struct Pile {
    seats: Seats,
    tokens: u32,
    next: PlayerIndex,
    winner: Option<PlayerIndex>,
}

impl Pile {
    fn takeable(&self) -> Vec<u32> {
        (1..=self.tokens.min(3)).collect()
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
enum PileMove {
    Take { player: PlayerIndex, tokens: u32 },
}

impl Move<Pile> for PileMove {
    fn apply(&self, pile: &mut Pile, _next: &mut MoveContext<'_, Self>) {
        let PileMove::Take { player, tokens } = *self;
        pile.tokens -= tokens;
        if pile.tokens == 0 {
            pile.winner = Some(player);
        }
        pile.next = pile.seats.next(player);
    }
}

#[derive(Clone, Debug, PartialEq, Action)]
#[action(prompt = "Take tokens", message = "{player} takes {tokens}",
         condition = game.tokens > 0,
         behaviour = [PileMove::Take { player, tokens: *tokens }])]
struct Take {
    #[choose_number(min = 1, max = game.tokens.min(3))]
    tokens: u32,
}

// Written, but not listed in `PileAction` below.
#[derive(Clone, Debug, PartialEq, Action)]
#[action(prompt = "Take in two handfuls", message = "{player} takes {first} and {second}",
         condition = if game.tokens >= 2 { Ok(()) } else { Err("fewer than two tokens") },
         behaviour = [PileMove::Take { player, tokens: *first + *second }])]
struct TakeTwice {
    #[choose_from(game.takeable(), prompt = "First handful, {player}",
                  validate = *first < game.tokens)]
    first: u32,
    #[choose_from(game.takeable(), valid = game.takeable(),
                  validate = if *first + *second <= game.tokens { Ok(()) } else {
                      Err(format!("{} cannot take that many", game.player_name(player)))
                  })]
    second: u32,
    #[choose_from(game.takeable(), count = 2, prompt = "Two numbers")]
    numbers: Vec<u32>,
}

#[derive(Clone, Debug, PartialEq, Actions)]
#[actions(game = Pile)]
enum PileAction {
    Take(Take),
}

impl Game for Pile {
    type Config = ();
    type Move = PileMove;
    type Actions = PileAction;
    const NAME: &'static str = "pile";
    const PLAYERS: RangeInclusive<usize> = 2..=2;

    fn setup(_: &(), seats: Seats) -> Result<Setup<Self>, SetupError> {
        let state = Pile { seats, tokens: 10, next: PlayerIndex(0), winner: None };
        Ok(Setup { state, moves: vec![] })
    }

    fn to_act(&self) -> PlayerSet {
        if self.winner.is_some() { PlayerSet::EMPTY } else { PlayerSet::one(self.next) }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.winner.map(|winner| Outcome::win(winner, self.seats))
    }
}

fn main() {}
