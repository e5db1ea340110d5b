//! Every selection kind and every attribute of `#[action]` and of the selections.

use meeple::{Action, Actions, Engine, Game, Move, MoveContext, Outcome, PlayerIndex, PlayerSet, Setup, SetupError, Seats};
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
enum Good {
    Wood,
    Stone,
}

impl Good {
    const ALL: [Good; 2] = [Good::Wood, Good::Stone];
}

#[derive(Clone, Debug, Serialize, Deserialize, meeple::View)]
struct Market {
    seats: Seats,
    coins: u32,
    hand: Vec<u8>,
    names: Vec<String>,
    next: PlayerIndex,
}

impl Market {
    fn price(&self, good: Good) -> u32 {
        match good {
            Good::Wood => 1,
            Good::Stone => 2,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
enum MarketMove {
    Buy { good: Good, amount: u32 },
    Discard { cards: Vec<u8> },
    Name { name: String },
}

impl Move<Market> for MarketMove {
    fn apply(&self, market: &mut Market, _next: &mut MoveContext<'_, Self>) {
        match self {
            MarketMove::Buy { good, amount } => market.coins -= market.price(*good) * amount,
            MarketMove::Discard { cards } => market.hand.retain(|card| !cards.contains(card)),
            MarketMove::Name { name } => market.names.push(name.clone()),
        }
        market.next = market.seats.next(market.next);
    }
}

/// `choose_from` of one value with a label, `choose_number` whose bounds depend on the
/// selection above, `validate` returning `bool`, and every action attribute.
#[derive(Clone, Debug, Action)]
#[action(
    prompt = "Buy goods",
    condition = game.coins > 0,
    description = "{player} is at the market",
    confirm = format!("Spend up to {} coins?", game.coins),
    message = "{player} bought {amount} {good}",
    message(to = player, "You bought {amount} {good}"),
    message(to = PlayerSet::all(2).without(player), "{player} went shopping"),
    behaviour = [MarketMove::Buy { good: *good, amount: *amount }],
)]
struct Buy {
    #[choose_from(Good::ALL, label = format!("{good:?}"), prompt = "Which good?", skip_if = "never")]
    good: Good,
    #[choose_number(
        min = 1,
        max = game.coins / game.price(*good),
        prompt = format!("How much {good:?}?"),
        validate = *amount != 13,
        skip_if = "always",
    )]
    amount: u32,
}

/// `choose_from` of exactly `count` values into a `Vec`.
#[derive(Clone, Debug, Action)]
#[action(behaviour = vec![MarketMove::Discard { cards: cards.clone() }])]
struct Discard {
    #[choose_from(game.hand.iter().copied(), count = 2, validate = cards[0] != cards[1], skip_if = "only-one")]
    cards: Vec<u8>,
}

/// `choose_from` of `min` to `max` values, skipped by an expression.
#[derive(Clone, Debug, Action)]
#[action(behaviour = vec![MarketMove::Discard { cards: cards.clone() }])]
struct Keep {
    #[choose_from(game.hand.iter().copied(), min = 1, max = game.hand.len() - 1, skip_if = game.hand.len() < 3)]
    cards: Vec<u8>,
}

/// `enter_text` with `validate` returning a `Result`.
#[derive(Clone, Debug, Action)]
#[action(message = "{player} is now called {name}", behaviour = [MarketMove::Name { name: name.clone() }])]
struct Name {
    #[enter_text(
        prompt = "Your name",
        validate = if name.trim().is_empty() { Err("a name cannot be empty") } else { Ok(()) },
    )]
    name: String,
}

#[derive(Clone, Debug, Actions)]
#[actions(game = Market)]
enum MarketAction {
    Buy(Buy),
    Discard(Discard),
    Keep(Keep),
    Name(Name),
}

impl Game for Market {
    type Config = ();
    type Move = MarketMove;
    type Actions = MarketAction;
    const NAME: &'static str = "market";
    const PLAYERS: std::ops::RangeInclusive<usize> = 2..=2;
    fn setup(_: &(), seats: Seats) -> Result<Setup<Self>, SetupError> {
        let state = Market { seats, coins: 5, hand: vec![1, 2, 3], names: vec![], next: PlayerIndex(0) };
        Ok(Setup { state, moves: vec![] })
    }
    fn to_act(&self) -> PlayerSet {
        PlayerSet::one(self.next)
    }
    fn outcome(&self) -> Option<Outcome> {
        None
    }
}

fn main() {
    let mut engine = Engine::<Market>::new((), 2, 7).unwrap();
    let prompt = engine.position().prompt(PlayerIndex(0));
    assert_eq!(prompt.actions.len(), 4, "{prompt:#?}");
    engine
        .submit(PlayerIndex(0), MarketAction::Buy(Buy { good: Good::Stone, amount: 2 }))
        .unwrap();
    assert_eq!(engine.position().state().coins, 1);
    engine
        .submit(PlayerIndex(1), MarketAction::Name(Name { name: "Ada".to_owned() }))
        .unwrap();
    let refused = engine.submit(PlayerIndex(0), MarketAction::Name(Name { name: " ".to_owned() }));
    assert!(refused.is_err());
}
