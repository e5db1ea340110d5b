//! The moves of Blackjack: the small steps of a round, chained by their consequences. The
//! dealer is played by them.

use meeple::{Arrangement, Move, MoveContext, PerPlayer, PlayerIndex, Policy, Slot, Viewer};
use serde::{Deserialize, Serialize};

use super::hand::{HandResult, HandValue};
use super::{Blackjack, Phase};
use crate::french::Card;

/// Where a dealt card goes.
///
/// Serialized as `{"player":0}`, `"dealer"` or `"hole"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Spot {
    /// A player's hand, face up.
    Player(PlayerIndex),
    /// The dealer's face-up cards.
    Dealer,
    /// The dealer's face-down hole card.
    Hole,
}

impl Spot {
    /// How much `viewer` sees of a card put there: the hole card is followed by its token
    /// only ([`Policy::Order`]), except by the admin; every other spot is face up.
    #[must_use]
    pub fn policy(self, viewer: Viewer) -> Policy {
        match (self, viewer) {
            (Spot::Hole, Viewer::Player(_) | Viewer::Observer) => Policy::Order,
            _ => Policy::Visible,
        }
    }
}

/// A step of a game of Blackjack. Each runs as a consequence of the one before; a round goes
/// `StartRound -> (ClearTable) -> Deal x (2 x players + 2) -> (Peek) -> Turn -> Hit -> Deal
/// ... Stand -> Turn ... -> DealerTurn -> RevealHole -> Deal ... -> Settle -> StartRound |
/// EndGame`. Whenever a card is needed and the shoe is empty, `GatherDiscard ->
/// ArrangeShoe` come first and then deal it.
///
/// The moves that carry cards carry them as each viewer sees them where they land
/// ([`Move::view`]): a card dealt face up is seen by all, the hole card by nobody (a hidden
/// piece with its token), the cards gathered into the shoe by nobody, a shuffle's order by
/// nobody but the admin.
///
/// Serialized with a `move` tag: `{"move":"hit","player":0}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "move", rename_all = "snake_case")]
pub enum BlackjackMove {
    /// The dealer shuffles the shoe (at setup): draws a shuffle from chance for the
    /// [`ArrangeShoe`](Self::ArrangeShoe) that follows. Changes nothing itself.
    ShuffleShoe,
    /// The shoe takes the shuffled order. Then, when the shuffle was made for a card
    /// (`resume`), that card is dealt.
    ArrangeShoe {
        /// The new order of the shoe; concealed (only fresh tokens) for everyone but the
        /// admin.
        arrangement: Arrangement,
        /// Where the card that asked for the shuffle goes, if one did.
        resume: Option<Spot>,
    },
    /// The shoe is empty and a card is needed: the whole discard pile goes into the shoe
    /// (the cards on the table stay), which is shuffled ([`ArrangeShoe`](Self::ArrangeShoe),
    /// drawn from chance here).
    GatherDiscard {
        /// The cards of the discard pile, bottom first, as the viewer sees them in the
        /// shoe: hidden for everyone but the admin.
        cards: Vec<Slot<Card>>,
        /// Where the card that asked for the shuffle goes.
        resume: Option<Spot>,
    },
    /// Round `round` (0-based) begins: the cards of the last round go to the discard pile
    /// ([`ClearTable`](Self::ClearTable)), then the deal.
    StartRound {
        /// The round's number, 0 for the first.
        round: u32,
    },
    /// The cards on the table (the hands and the dealer's cards) go to the discard pile,
    /// face up. Then the deal.
    ClearTable,
    /// The top card of the shoe goes to `to`. Reveals the card, except the hole card. Then
    /// the round goes on: the next card of the deal, the next turn after a bust or a 21,
    /// the dealer's next card or the settlement.
    Deal {
        /// Where the card goes.
        to: Spot,
        /// The card as the viewer sees it there: face up, or a hidden piece in the hole.
        card: Slot<Card>,
    },
    /// The dealer, showing an ace or a ten-valued card, checks the hole card for blackjack
    /// ([`BlackjackConfig::dealer_peeks`](super::BlackjackConfig::dealer_peeks)). With one,
    /// the dealer plays at once ([`DealerTurn`](Self::DealerTurn)); without, the players'
    /// turns begin. Public: everyone learns the answer, as at a casino table.
    Peek {
        /// Whether the dealer has blackjack.
        blackjack: bool,
    },
    /// It is `player`'s turn to hit or stand.
    Turn {
        /// The player.
        player: PlayerIndex,
    },
    /// `player` takes a card ([`Deal`](Self::Deal) follows).
    Hit {
        /// The player.
        player: PlayerIndex,
    },
    /// `player` keeps their hand; the next turn follows.
    Stand {
        /// The player.
        player: PlayerIndex,
    },
    /// The players are done: the dealer plays, turning up the hole card first.
    DealerTurn,
    /// The dealer turns up the hole card. Reveals it. Then the dealer draws to 17.
    RevealHole {
        /// The hole card, face up.
        card: Slot<Card>,
    },
    /// The round is settled: each player's score changes by their hand's payout. Then the
    /// next round, or the end of the game after the last.
    Settle {
        /// The value of the dealer's final hand.
        dealer: HandValue,
        /// How each player's hand settled.
        results: PerPlayer<HandResult>,
    },
    /// The game is over: the highest score wins. The last round's cards stay on the table.
    EndGame,
}

impl Move<Blackjack> for BlackjackMove {
    fn apply(&self, game: &mut Blackjack, next: &mut MoveContext<'_, Self>) {
        match self {
            BlackjackMove::ShuffleShoe => {
                let arrangement = Arrangement::shuffle(game.shoe.len(), next.chance());
                next.then(BlackjackMove::ArrangeShoe {
                    arrangement,
                    resume: None,
                });
            }
            BlackjackMove::ArrangeShoe {
                arrangement,
                resume,
            } => {
                // Drawn for this very shoe (or concealed from it), so it permutes the shoe.
                if game.shoe.arrange(arrangement).is_ok() {
                    game.shuffles += 1;
                }
                if let Some(to) = resume {
                    game.deal(*to, next);
                }
            }
            BlackjackMove::GatherDiscard { cards, resume } => {
                game.gather_discard(cards);
                let arrangement = Arrangement::shuffle(game.shoe.len(), next.chance());
                next.then(BlackjackMove::ArrangeShoe {
                    arrangement,
                    resume: *resume,
                });
            }
            BlackjackMove::StartRound { round } => {
                game.phase = Phase::Dealing;
                game.round = *round;
                if game.table_has_cards() {
                    next.then(BlackjackMove::ClearTable);
                } else {
                    game.proceed(next);
                }
            }
            BlackjackMove::ClearTable => {
                game.clear_table();
                game.proceed(next);
            }
            BlackjackMove::Deal { to, card } => {
                game.deal_top(*to, card);
                game.proceed(next);
            }
            BlackjackMove::Peek { blackjack } => {
                if *blackjack {
                    next.then(BlackjackMove::DealerTurn);
                } else {
                    next.then(game.turn_after(None));
                }
            }
            BlackjackMove::Turn { player } => {
                game.phase = Phase::Players;
                game.to_play = Some(*player);
            }
            BlackjackMove::Hit { player } => game.deal(Spot::Player(*player), next),
            BlackjackMove::Stand { player } => next.then(game.turn_after(Some(*player))),
            BlackjackMove::DealerTurn => {
                game.phase = Phase::Dealer;
                game.to_play = None;
                game.proceed(next);
            }
            BlackjackMove::RevealHole { card } => {
                game.turn_up_hole(card);
                game.proceed(next);
            }
            BlackjackMove::Settle { dealer, results } => {
                game.settle_round(*dealer, results);
                let round = game.round + 1;
                next.then(if round < game.config.rounds {
                    BlackjackMove::StartRound { round }
                } else {
                    BlackjackMove::EndGame
                });
            }
            BlackjackMove::EndGame => game.phase = Phase::Over,
        }
    }

    /// Every card as the viewer sees it where it lands: the hole card dealt as a hidden
    /// piece (with its token), the cards gathered into the shoe hidden, a shuffle's order
    /// concealed. The admin sees every move as it is.
    fn view(&self, _after: &Blackjack, viewer: Viewer) -> Option<Self> {
        if viewer == Viewer::Admin {
            return Some(self.clone());
        }
        Some(match self {
            BlackjackMove::ArrangeShoe {
                arrangement,
                resume,
            } => BlackjackMove::ArrangeShoe {
                arrangement: arrangement.concealed(),
                resume: *resume,
            },
            BlackjackMove::GatherDiscard { cards, resume } => BlackjackMove::GatherDiscard {
                cards: cards
                    .iter()
                    .map(|card| card.concealed(Policy::Len))
                    .collect(),
                resume: *resume,
            },
            BlackjackMove::Deal { to, card } => BlackjackMove::Deal {
                to: *to,
                card: card.concealed(to.policy(viewer)),
            },
            other => other.clone(),
        })
    }
}
