//! The two actions of Memory: turning a card over, and turning the cards of the last miss
//! face down.

use meeple::{Action, Actions, Space};

use super::Memory;

/// Turn over a card, on your turn (the flow's): the first of the turn, then the second.
///
/// Chosen on the board among every face-down card, labelled by its space as `row,column`
/// (0-based), and, while the two cards of the last miss still lie face up, among those two
/// as well: they are turned face down first ([`Memory::hide_moves`]), then the chosen
/// card is turned over. Submitted as `{"action":"reveal","selections":{"space":5}}`.
#[derive(Clone, Debug, PartialEq, Eq, Action)]
#[action(
    prompt = game.reveal_prompt(),
    description = "{player} is choosing a card to turn over",
    message = "{player} turns over the card at {space}",
    behaviour = game.reveal_moves(player, *space)
)]
pub struct Reveal {
    /// The space of the card, among [`Memory::revealable`].
    #[choose_on_board(game.revealable(), label = game.coord(*space))]
    pub space: Space,
}

/// Turn the two face-up cards of the last miss face down, at the start of your turn, before
/// choosing a card. Optional: turning over a card does it anyway.
///
/// Offered while those cards lie face up. Submitted as
/// `{"action":"hide","selections":{}}`.
#[derive(Clone, Debug, PartialEq, Eq, Action)]
#[action(
    prompt = "Turn the two face-up cards face down",
    condition = game.may_hide(),
    message = "{player} turns the two face-up cards face down",
    behaviour = game.hide_moves()
)]
pub struct Hide;

/// Every action of Memory.
#[derive(Clone, Debug, PartialEq, Eq, Actions)]
#[actions(game = Memory)]
pub enum MemoryAction {
    /// See [`Reveal`].
    Reveal(Reveal),
    /// See [`Hide`].
    Hide(Hide),
}
