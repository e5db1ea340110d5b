//! A selection's name may be bound again inside an expression that cannot use it yet
//! (a closure parameter, a `let`, a `match` arm, a `for` or an `if let`), and a field or a
//! method of that name is no use of it.

use meeple::{Action, Actions, Engine, Game, Move, MoveContext, Outcome, PlayerIndex, PlayerSet, Setup, SetupError, Seats};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Serialize, Deserialize, meeple::View)]
struct Table {
    hand: Vec<u8>,
    amount: u8,
}

impl Table {
    fn card(&self) -> u8 {
        self.hand[0]
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
enum TableMove {
    Play { card: u8, amount: u8 },
}

impl Move<Table> for TableMove {
    fn apply(&self, table: &mut Table, _next: &mut MoveContext<'_, Self>) {
        let TableMove::Play { card, amount } = *self;
        table.hand.retain(|held| *held != card);
        table.amount -= amount;
    }
}

#[derive(Clone, Debug, Action)]
#[action(
    condition = game.hand.iter().any(|card| *card > 0) && game.amount > 0,
    prompt = format!("Play one of {} cards", game.hand.len()),
    behaviour = [TableMove::Play { card: *card, amount: *amount }],
)]
struct Play {
    #[choose_from(
        game.hand.iter().copied().filter(|card| *card != game.card() || game.hand.len() == 1),
        prompt = { let card = game.card(); format!("Not {card}") },
    )]
    card: u8,
    #[choose_number(
        min = match game.hand.first() { Some(amount) => (*amount).min(1), None => 1 },
        max = {
            let mut most = 0;
            for amount in 1..=game.amount { most = most.max(amount) }
            if let Some(amount) = game.hand.last() { most.min(*amount + *card) } else { most }
        },
        skip_if = game.amount == 1,
    )]
    amount: u8,
}

#[derive(Clone, Debug, Actions)]
#[actions(game = Table)]
enum TableAction {
    Play(Play),
}

impl Game for Table {
    type Config = ();
    type Move = TableMove;
    type Actions = TableAction;
    const NAME: &'static str = "table";
    const PLAYERS: std::ops::RangeInclusive<usize> = 1..=4;
    fn setup(_: &(), _: Seats) -> Result<Setup<Self>, SetupError> {
        Ok(Setup { state: Table { hand: vec![1, 2, 3], amount: 5 }, moves: vec![] })
    }
    fn to_act(&self) -> PlayerSet {
        PlayerSet::one(PlayerIndex(0))
    }
    fn outcome(&self) -> Option<Outcome> {
        None
    }
}

fn main() {
    let mut engine = Engine::<Table>::new((), 1, 7).unwrap();
    engine.submit(PlayerIndex(0), TableAction::Play(Play { card: 2, amount: 3 })).unwrap();
    assert_eq!(engine.position().state().hand, vec![1, 3]);
    assert_eq!(engine.position().state().amount, 2);
}
