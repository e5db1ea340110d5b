//! The moves of Blackjack: the small steps of a round, chained by their consequences within
//! each step of the game's flow ([`Blackjack`]'s `Game::flow`). The dealer is played by them. The cards move between the places of the table by the moves
//! every game with places shares ([`PieceMove`]); Blackjack's own moves are the rules around
//! them.

use meeple::{Move, MoveContext, PerPlayer, PieceMove, PlayerIndex, Viewer};
use serde::{Deserialize, Serialize};

use super::hand::{HandResult, HandValue};
use super::{Blackjack, BlackjackPlace};
use crate::french::Card;

/// A step of a game of Blackjack. The flow plays a round's steps, each a record whose moves
/// run as consequences of the one before: the deal, `StartRound -> (Piece(Move) x cards on
/// the table -> TableCleared) -> (Piece(Move) -> Dealt) x (2 x players + 2)`; the peek,
/// `Peek`; each player's `Hit -> Piece(Move) -> Dealt` or `Stand`; the dealer's,
/// `DealerTurn -> Piece(Move) -> HoleTurnedUp -> (Piece(Move) -> Dealt) ... -> Settle`;
/// after the last round, `EndGame`. Whenever a card is needed and the shoe is empty,
/// `GatherDiscard -> Piece(Move) x cards discarded -> Piece(Shuffle) -> Piece(Arrange)`
/// come first and then deal it. The setup shuffles the shoe: `Piece(Shuffle) ->
/// Piece(Arrange)`.
///
/// What each viewer sees is [`PieceMove::view`]'s, by the view of the place a card lands
/// in: a card dealt face up is seen by all, the hole card by nobody but the admin (a hidden
/// piece with its token), the cards gathered into the shoe by nobody, a shuffle's order by
/// nobody but the admin. Blackjack's own moves carry nothing hidden.
///
/// Serialized with a `move` tag: `{"move":"hit","player":0}`, or for a card moved,
/// `{"move":"piece","piece_move":"move","from":"shoe","index":51,"to":{"hands":0},"at":0}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "move", rename_all = "snake_case")]
pub enum BlackjackMove {
    /// A card moves between the places of the table (dealt, turned up, discarded, gathered
    /// into the shoe), or the shoe is shuffled.
    Piece(PieceMove<BlackjackPlace, Card>),
    /// Round `round` (0-based) begins: the cards of the last round go to the discard pile
    /// (a [`Piece`](Self::Piece) move each, then [`TableCleared`](Self::TableCleared)), then
    /// the deal.
    StartRound {
        /// The round's number, 0 for the first.
        round: u32,
    },
    /// The cards on the table (the hands and the dealer's cards) lie in the discard pile,
    /// face up (the [`Piece`](Self::Piece) moves before this one took them there). Then the
    /// deal.
    TableCleared,
    /// The shoe is empty and a card is needed: the whole discard pile goes into the shoe (a
    /// [`Piece`](Self::Piece) move each, bottom first; the cards on the table stay), which is
    /// shuffled; then the card is dealt to `resume`.
    GatherDiscard {
        /// Where the card that asked for the shuffle goes.
        resume: BlackjackPlace,
    },
    /// The top card of the shoe has been dealt (the [`Piece`](Self::Piece) move before this
    /// one). The step goes on: the next card of the deal, or the dealer's next card or the
    /// settlement; after a player's hit, nothing (the flow asks them again or moves on).
    Dealt,
    /// The dealer, showing an ace or a ten-valued card, checks the hole card for blackjack
    /// ([`BlackjackConfig::dealer_peeks`](super::BlackjackConfig::dealer_peeks)). With one,
    /// the players have no turn and the dealer plays; without, their turns begin. Public:
    /// everyone learns the answer, as at a casino table.
    Peek {
        /// Whether the dealer has blackjack.
        blackjack: bool,
    },
    /// `player` takes a card (dealt by the moves that follow).
    Hit {
        /// The player.
        player: PlayerIndex,
    },
    /// `player` keeps their hand: their turn is over.
    Stand {
        /// The player.
        player: PlayerIndex,
    },
    /// The players are done: the dealer plays, turning up the hole card first (a
    /// [`Piece`](Self::Piece) move from the hole to the dealer's cards, then
    /// [`HoleTurnedUp`](Self::HoleTurnedUp)).
    DealerTurn,
    /// The hole card lies face up among the dealer's cards (the [`Piece`](Self::Piece) move
    /// before this one turned it up). Then the dealer draws to 17.
    HoleTurnedUp,
    /// The round is settled: each player's score changes by their hand's payout.
    Settle {
        /// The value of the dealer's final hand.
        dealer: HandValue,
        /// How each player's hand settled.
        results: PerPlayer<HandResult>,
    },
    /// The game is over: the highest score wins. The last round's cards stay on the table.
    EndGame,
}

impl From<PieceMove<BlackjackPlace, Card>> for BlackjackMove {
    fn from(piece: PieceMove<BlackjackPlace, Card>) -> Self {
        BlackjackMove::Piece(piece)
    }
}

impl Move<Blackjack> for BlackjackMove {
    fn apply(&self, game: &mut Blackjack, next: &mut MoveContext<'_, Self>) {
        match self {
            BlackjackMove::Piece(piece) => {
                // The rules only move cards that lie where the move says (a bug otherwise),
                // and a refused move changes nothing.
                let applied = piece.apply(game, next);
                debug_assert_eq!(applied, Ok(()), "{piece:?}");
                if applied.is_ok()
                    && let PieceMove::Arrange {
                        place: BlackjackPlace::Shoe,
                        ..
                    } = piece
                {
                    game.shuffles += 1;
                }
            }
            BlackjackMove::StartRound { round } => {
                game.round = *round;
                game.stood = meeple::PlayerSet::EMPTY;
                game.peek = None;
                let mut cleared = game.clear_table_moves().peekable();
                if cleared.peek().is_none() {
                    drop(cleared);
                    game.proceed(next);
                } else {
                    for piece in cleared {
                        next.then(BlackjackMove::Piece(piece));
                    }
                    next.then(BlackjackMove::TableCleared);
                }
            }
            BlackjackMove::TableCleared | BlackjackMove::Dealt | BlackjackMove::HoleTurnedUp => {
                game.proceed(next);
            }
            BlackjackMove::GatherDiscard { resume } => {
                for piece in game.gather_discard_moves() {
                    next.then(BlackjackMove::Piece(piece));
                }
                next.then(BlackjackMove::Piece(PieceMove::Shuffle {
                    place: BlackjackPlace::Shoe,
                }));
                // The shoe then holds its cards and the whole discard pile: its top card
                // is dealt.
                let top = (game.shoe.len() + game.discard.len()).saturating_sub(1);
                next.then(BlackjackMove::Piece(game.deal_move(top, *resume)));
                next.then(BlackjackMove::Dealt);
            }
            BlackjackMove::Peek { blackjack } => game.peek = Some(*blackjack),
            BlackjackMove::Hit { player } => game.deal(BlackjackPlace::Hands(*player), next),
            BlackjackMove::Stand { player } => game.stood = game.stood.with(*player),
            BlackjackMove::DealerTurn => game.turn_up_hole(next),
            BlackjackMove::Settle { dealer, results } => game.settle_round(*dealer, results),
            BlackjackMove::EndGame => game.over = true,
        }
    }

    /// A card's move as [`PieceMove::view`] shows it; Blackjack's own moves are public.
    fn view(&self, after: &Blackjack, viewer: Viewer) -> Option<Self> {
        Some(match self {
            BlackjackMove::Piece(piece) => BlackjackMove::Piece(piece.view(after, viewer)),
            other => other.clone(),
        })
    }
}
