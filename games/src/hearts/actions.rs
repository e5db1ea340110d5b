//! The two actions of Hearts: passing three cards and playing a card.

use meeple::{Action, Actions};

use super::moves::HeartsMove;
use super::{Hearts, SEATS};
use crate::french::{Card, CardSet};

/// Pass three cards of your hand in this hand's direction. Every seat passes at once; the
/// cards are taken once all four have passed.
///
/// Offered by the flow's passing phase to each seat that has not passed yet, in a hand
/// whose direction is not hold.
/// Submitted as `{"action":"pass_cards","selections":{"cards":["2C","QS","AH"]}}`.
#[derive(Clone, Debug, PartialEq, Eq, Action)]
#[action(
    prompt = game.pass_prompt(player),
    description = "{player} is choosing three cards to pass",
    message(to = SEATS.everyone().without(player), "{player} passed three cards"),
    message(to = player, "{player} passed {cards}"),
    behaviour = [HeartsMove::Pass {
        player,
        to: game.pass_target(player).unwrap_or(player),
        cards: *cards,
    }]
)]
pub struct PassCards {
    /// The three cards, from the player's hand: a set, so choosing one costs no
    /// allocation.
    #[choose_from(game.hand(player), count = 3, of = Card)]
    pub cards: CardSet,
}

/// Play a card of your hand to the trick, when it is your turn.
///
/// Every card of the hand is shown; those the rules refuse carry the reason
/// ([`Hearts::may_play`]). Submitted as `{"action":"play_card","selections":{"card":"QS"}}`.
#[derive(Clone, Debug, PartialEq, Eq, Action)]
#[action(
    prompt = game.play_prompt(),
    description = "{player} is choosing a card to play",
    message = "{player} played {card}",
    behaviour = [HeartsMove::Play { player, card: *card }]
)]
pub struct PlayCard {
    /// The card, from the player's hand, allowed by the rules: the legal cards are found
    /// as a set ([`Hearts::legal_cards`]) and each refused card is explained by
    /// [`Hearts::may_play`].
    #[choose_from(
        game.hand(player),
        validate = game.may_play(player, *card),
        valid = game.legal_cards(player)
    )]
    pub card: Card,
}

/// Every action of Hearts.
#[derive(Clone, Debug, PartialEq, Eq, Actions)]
#[actions(game = Hearts)]
pub enum HeartsAction {
    /// See [`PassCards`].
    PassCards(PassCards),
    /// See [`PlayCard`].
    PlayCard(PlayCard),
}
