//! The two actions of Blackjack: hit and stand.

use meeple::{Action, Actions};

use super::Blackjack;
use super::moves::BlackjackMove;

/// Take another card from the shoe, on your turn. Over 21 the hand is bust and the turn
/// ends; at 21 it stands by itself.
///
/// Offered by the flow to the player whose turn it is, while [`Blackjack::may_draw`];
/// no selection.
/// Submitted as `{"action":"hit"}`.
#[derive(Clone, Debug, PartialEq, Eq, Action)]
#[action(
    prompt = "Hit: take another card",
    description = "{player} is deciding",
    message = "{player} hits",
    behaviour = [BlackjackMove::Hit { player }]
)]
pub struct Hit;

/// Keep your hand as it is and end your turn.
///
/// Offered by the flow to the player whose turn it is, while [`Blackjack::may_draw`];
/// no selection.
/// Submitted as `{"action":"stand"}`.
#[derive(Clone, Debug, PartialEq, Eq, Action)]
#[action(
    prompt = "Stand: keep your hand",
    description = "{player} is deciding",
    message = "{player} stands",
    behaviour = [BlackjackMove::Stand { player }]
)]
pub struct Stand;

/// Every action of Blackjack.
#[derive(Clone, Debug, PartialEq, Eq, Actions)]
#[actions(game = Blackjack)]
pub enum BlackjackAction {
    /// See [`Hit`].
    Hit(Hit),
    /// See [`Stand`].
    Stand(Stand),
}
