//! The moves of Hearts: the small steps of a hand, chained by their consequences.

use meeple::{Move, MoveContext, PerPlayer, PlayerIndex, Viewer};
use serde::{Deserialize, Serialize};

use super::{Hearts, SEATS};
use crate::french::{Card, CardSet};

/// A step of a game of Hearts. Each runs as a consequence of the one before:
/// `StartHand -> Deal (-> StartPlay in a hand without passing)`, `Pass (the fourth) ->
/// TakePassed x4 -> StartPlay`, `Play (the fourth of a trick) -> TakeTrick -> (the
/// thirteenth trick) EndHand -> StartHand | EndGame`.
///
/// Each player sees their own cards in these moves and nobody else's
/// ([`Move::view`]).
///
/// Serialized with a `move` tag: `{"move":"play","player":2,"card":"QS"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "move", rename_all = "snake_case")]
pub enum HeartsMove {
    /// Hand `hand` (0-based) begins: the taken cards and hand points are cleared, the pass
    /// direction is set from the rotation, and the deck is shuffled (the only chance of the
    /// game) to build the [`Deal`](Self::Deal) that follows.
    StartHand {
        /// The hand's number, 0 for the first.
        hand: u32,
    },
    /// Each seat receives its thirteen cards. Reveals each hand to its owner. Then the
    /// players pass, or, in a hand without passing, the holder of the 2 of clubs leads.
    Deal {
        /// The cards of each seat.
        hands: PerPlayer<CardSet>,
    },
    /// The tricks begin: `leader`, who holds the 2 of clubs, leads it. Public: everyone
    /// sees who leads.
    StartPlay {
        /// The holder of the 2 of clubs.
        leader: PlayerIndex,
    },
    /// `player` puts three cards aside for `to`. The fourth pass has every seat take the
    /// cards passed to it ([`TakePassed`](Self::TakePassed)).
    Pass {
        /// Who passes.
        player: PlayerIndex,
        /// Who will receive the cards.
        to: PlayerIndex,
        /// The three cards.
        cards: CardSet,
    },
    /// `player` takes the cards `from` passed to them. Reveals those cards to `player`.
    /// Once every seat has taken its cards, the tricks begin ([`StartPlay`](Self::StartPlay)).
    TakePassed {
        /// Who receives.
        player: PlayerIndex,
        /// Who passed them.
        from: PlayerIndex,
        /// The cards.
        cards: CardSet,
    },
    /// `player` plays `card` to the trick. The fourth card of a trick has its winner take it
    /// ([`TakeTrick`](Self::TakeTrick)).
    Play {
        /// Who plays.
        player: PlayerIndex,
        /// The card.
        card: Card,
    },
    /// `winner` (the highest card of the suit led) takes the four cards of the trick and
    /// leads the next one. After the thirteenth trick the hand ends
    /// ([`EndHand`](Self::EndHand)).
    TakeTrick {
        /// Who takes the trick.
        winner: PlayerIndex,
        /// The trick's four cards.
        cards: CardSet,
        /// Their points: 1 per heart, 13 for the queen of spades (and -10 for the jack of
        /// diamonds in that variant).
        points: i32,
    },
    /// The hand is scored: each seat's `scores` are added to its total. Then the next hand
    /// begins, or the game ends once a total reaches the target score.
    EndHand {
        /// What each seat scores for the hand, shooting the moon already counted.
        scores: PerPlayer<i32>,
        /// The seat that shot the moon (took every heart and the queen of spades), if any.
        moon: Option<PlayerIndex>,
    },
    /// The game is over: the lowest total wins.
    EndGame,
}

/// The deck shuffled by the game's chance and dealt thirteen cards to each seat, in seat
/// order. Out of line: its deck on the stack would otherwise enlarge the frame of every
/// move's `apply`, most of which are a card played.
#[inline(never)]
fn shuffled_hands(next: &mut MoveContext<'_, HeartsMove>) -> PerPlayer<CardSet> {
    let mut deck = Card::ALL;
    next.chance().shuffle(&mut deck);
    let mut dealt = deck.chunks_exact(13);
    PerPlayer::from_fn(SEATS, |_| {
        dealt.next().map_or(CardSet::EMPTY, |hand| {
            let bits = hand.iter().fold(0, |bits, card| bits | 1 << card.index());
            CardSet::from_bits(bits)
        })
    })
}

impl Move<Hearts> for HeartsMove {
    fn apply(&self, game: &mut Hearts, next: &mut MoveContext<'_, Self>) {
        match self {
            HeartsMove::StartHand { hand } => {
                game.start_hand(*hand);
                let hands = shuffled_hands(next);
                next.then(HeartsMove::Deal { hands });
            }
            HeartsMove::Deal { hands } => {
                game.hands = hands.clone();
                if !game.passes_this_hand() {
                    next.then(HeartsMove::StartPlay {
                        leader: game.two_of_clubs_holder(),
                    });
                }
            }
            HeartsMove::StartPlay { leader } => game.leader = *leader,
            HeartsMove::Pass { player, cards, .. } => {
                game.hands[*player] = game.hands[*player].difference(*cards);
                game.has_passed = game.has_passed.with(*player);
                game.passed[*player] = *cards;
                if SEATS.iter().all(|seat| game.has_passed.contains(seat)) {
                    for from in SEATS.iter() {
                        next.then(HeartsMove::TakePassed {
                            player: game.pass_target(from).unwrap_or(from),
                            from,
                            cards: game.passed[from],
                        });
                    }
                }
            }
            HeartsMove::TakePassed {
                player,
                from,
                cards,
            } => {
                game.hands[*player] = game.hands[*player].union(*cards);
                game.received[*player] = *cards;
                game.has_passed = game.has_passed.without(*from);
                game.passed[*from] = CardSet::EMPTY;
                if game.has_passed.is_empty() {
                    next.then(HeartsMove::StartPlay {
                        leader: game.two_of_clubs_holder(),
                    });
                }
            }
            HeartsMove::Play { player, card } => {
                game.hands[*player].remove(*card);
                if let Some(led) = game.trick[game.leader]
                    && led.suit != card.suit
                {
                    game.shown_out[*player] =
                        game.shown_out[*player].union(CardSet::suit(led.suit));
                }
                game.trick[*player] = Some(*card);
                if card.is_heart()
                    || (*card == Card::QUEEN_OF_SPADES && game.config.queen_breaks_hearts)
                {
                    game.hearts_broken = true;
                }
                // The trick is full once play comes back round to its leader.
                if SEATS.next(*player) == game.leader
                    && let Some(winner) = game.trick_winner()
                {
                    let cards: CardSet = game.trick.iter().flatten().collect();
                    let points = game.points_of(cards);
                    next.then(HeartsMove::TakeTrick {
                        winner,
                        cards,
                        points,
                    });
                }
            }
            HeartsMove::TakeTrick {
                winner,
                cards,
                points,
            } => {
                game.taken[*winner] = game.taken[*winner].union(*cards);
                game.points[*winner] += points;
                game.trick.iter_mut().for_each(|card| *card = None);
                game.leader = *winner;
                game.tricks_played += 1;
                if game.hands.iter().all(|hand| hand.is_empty()) {
                    let (scores, moon) = game.hand_scores();
                    next.then(HeartsMove::EndHand { scores, moon });
                }
            }
            HeartsMove::EndHand { scores, .. } => {
                for (total, score) in game.totals.iter_mut().zip(scores) {
                    *total += score;
                }
                game.last_hand = Some(scores.clone());
                let target = i64::from(game.config.target_score);
                if game.totals.iter().any(|&total| i64::from(total) >= target) {
                    next.then(HeartsMove::EndGame);
                } else {
                    next.then(HeartsMove::StartHand {
                        hand: game.hand_number + 1,
                    });
                }
            }
            HeartsMove::EndGame => game.over = true,
        }
    }

    /// The deal shows each player their own hand; a pass shows the cards to the passer
    /// only, and taking them to the receiver only. The admin sees every card.
    fn view(&self, _after: &Hearts, viewer: Viewer) -> Option<Self> {
        Some(match self {
            HeartsMove::Deal { hands } => HeartsMove::Deal {
                hands: hands.seen_by(viewer, |_| CardSet::EMPTY),
            },
            HeartsMove::Pass { player, to, .. } if !viewer.owns(*player) => HeartsMove::Pass {
                player: *player,
                to: *to,
                cards: CardSet::EMPTY,
            },
            HeartsMove::TakePassed { player, from, .. } if !viewer.owns(*player) => {
                HeartsMove::TakePassed {
                    player: *player,
                    from: *from,
                    cards: CardSet::EMPTY,
                }
            }
            other => other.clone(),
        })
    }
}
