//! An action with `#[arg]` fields, asked for as a follow-up with its arguments.

use meeple::{Action, Actions, Behaviour, Engine, Game, Move, MoveContext, Outcome, PlayerIndex, PlayerSet, Setup, SetupError, Seats};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Serialize, Deserialize, meeple::View)]
struct Cards {
    deck: Vec<u8>,
    hand: Vec<u8>,
    discarded: Vec<u8>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
enum CardMove {
    Draw { cards: usize },
    Discard { cards: Vec<u8> },
}

impl Move<Cards> for CardMove {
    fn apply(&self, game: &mut Cards, _next: &mut MoveContext<'_, Self>) {
        match self {
            CardMove::Draw { cards } => {
                let drawn = game.deck.split_off(game.deck.len() - cards);
                game.hand.extend(drawn);
            }
            CardMove::Discard { cards } => {
                game.hand.retain(|card| !cards.contains(card));
                game.discarded.extend(cards);
            }
        }
    }
}

/// Draws cards, then must discard all of them but one.
#[derive(Clone, Debug, Action)]
#[action(
    message = "{player} draws {cards}",
    behaviour = Behaviour::moves([CardMove::Draw { cards: *cards }])
        .follow_up(player, DiscardArgs { amount: *cards - 1, reason: "drawing".to_owned() }),
)]
struct Draw {
    #[choose_number(min = 2, max = game.deck.len().min(3))]
    cards: usize,
}

/// Only ever a follow-up: its arguments say how many cards to discard and why.
#[derive(Clone, Debug, Action)]
#[action(
    prompt = format!("Discard {amount} after {reason}"),
    description = "{player} discards {amount} after {reason}",
    message = "{player} discards {cards}",
    behaviour = [CardMove::Discard { cards: cards.clone() }],
)]
struct Discard {
    #[arg]
    amount: usize,
    #[arg]
    reason: String,
    #[choose_from(game.hand.iter().copied(), count = *amount)]
    cards: Vec<u8>,
}

#[derive(Clone, Debug, Actions)]
#[actions(game = Cards)]
enum CardAction {
    Draw(Draw),
    Discard(Discard),
}

impl Game for Cards {
    type Config = ();
    type Move = CardMove;
    type Actions = CardAction;
    const NAME: &'static str = "cards";
    const PLAYERS: std::ops::RangeInclusive<usize> = 1..=4;
    fn setup(_: &(), _: Seats) -> Result<Setup<Self>, SetupError> {
        let state = Cards { deck: (1..=10).collect(), hand: vec![], discarded: vec![] };
        Ok(Setup { state, moves: vec![] })
    }
    fn to_act(&self) -> PlayerSet {
        PlayerSet::one(PlayerIndex(0))
    }
    fn outcome(&self) -> Option<Outcome> {
        None
    }
}

fn main() {
    let mut engine = Engine::<Cards>::new((), 1, 7).unwrap();
    engine.submit(PlayerIndex(0), CardAction::Draw(Draw { cards: 2 })).unwrap();
    assert_eq!(engine.position().state().hand, vec![9, 10]);
    let prompt = engine.position().prompt(PlayerIndex(0));
    assert_eq!(prompt.actions.len(), 1, "{prompt:#?}");
    let discard = Discard { amount: 1, reason: "drawing".to_owned(), cards: vec![10] };
    engine.submit(PlayerIndex(0), CardAction::Discard(discard)).unwrap();
    assert_eq!(engine.position().state().hand, vec![9]);
    assert_eq!(engine.position().state().discarded, vec![10]);
}
