//! What one viewer sees of a game of Blackjack, as text for the terminal.

use std::fmt::Write as _;

use meeple::scene::{Layout, Part, Piece, Scene, Shape};
use meeple::{Game, PieceMove, PlayerIndex, Seats, Slot, Stack, Viewer};

use super::hand::{HandResult, HandValue, chips};
use super::moves::BlackjackMove;
use super::{Blackjack, BlackjackPlace};
use crate::french::Card;

/// The cards of a place as text: each card's two characters, `??` for a hidden one.
fn cards_text(place: &Stack<Card>) -> impl Iterator<Item = String> + '_ {
    place.slots().iter().map(|slot| match slot.component() {
        Some(card) => card.to_string(),
        None => "??".to_owned(),
    })
}

impl Blackjack {
    /// The table as `viewer` may see it, as lines of text: the round and the rules, how many
    /// cards the shoe and the discard pile hold, the dealer's cards (the hole card as `??`
    /// until the dealer turns it up) with what they show, each hand with its value, the
    /// scores in chips, how the last round settled, and whose turn it is.
    ///
    /// Shows nothing hidden from `viewer`: no card of the shoe, not the hole card. A
    /// `viewer` that is not a seat (an observer) sees the same, without "(you)".
    #[must_use]
    pub fn summary(&self, viewer: PlayerIndex) -> String {
        let mut text = String::new();
        let _ = writeln!(
            text,
            "Blackjack, round {} of {} ({} deck{}; {})",
            self.round + 1,
            self.config.rounds,
            self.config.decks,
            if self.config.decks == 1 { "" } else { "s" },
            self.config.dealer_rule()
        );
        let _ = writeln!(
            text,
            "Shoe: {} cards; discard: {} cards",
            self.shoe.len(),
            self.discard.len()
        );
        let dealer: Vec<String> = cards_text(&self.dealer)
            .chain(cards_text(&self.hole).map(|_| "??".to_owned()))
            .collect();
        let dealer_value = self.dealer_value();
        let shown = if dealer.is_empty() {
            "-".to_owned()
        } else if self.hole.is_empty() {
            format!("{} ({dealer_value})", dealer.join(" "))
        } else {
            format!("{} (showing {})", dealer.join(" "), dealer_value.total)
        };
        let _ = writeln!(text, "Dealer: {shown}");
        for (seat, hand) in self.hands.enumerate() {
            let you = if seat == viewer { " (you)" } else { "" };
            let cards: Vec<String> = cards_text(hand).collect();
            let shown = if cards.is_empty() {
                "-".to_owned()
            } else {
                format!(
                    "{} ({})",
                    cards.join(" "),
                    HandValue::of(hand.components().copied())
                )
            };
            let turn = if self.stood(seat) { ", stands" } else { "" };
            let _ = writeln!(text, "{}{you}: {shown}{turn}", self.player_name(seat));
        }
        let scores: Vec<String> = self
            .scores
            .enumerate()
            .map(|(seat, &score)| format!("{} {}", self.player_name(seat), chips(score)))
            .collect();
        let _ = writeln!(text, "Scores in chips: {}", scores.join(", "));
        if let Some(last) = &self.last_round
            && !self.over
        {
            let dealer: Vec<String> = last.dealer_cards.iter().map(Card::to_string).collect();
            let hands: Vec<String> = last
                .results
                .enumerate()
                .map(|(seat, result)| {
                    format!(
                        "{} {}: {} {}",
                        self.player_name(seat),
                        last.hands[seat],
                        result.describe(),
                        chips(result.payout())
                    )
                })
                .collect();
            let _ = writeln!(
                text,
                "Last round: dealer {} ({}); {}",
                dealer.join(" "),
                last.dealer,
                hands.join(", ")
            );
        }
        if let Some(outcome) = self.outcome() {
            let winners: Vec<String> = outcome
                .winners()
                .iter()
                .map(|seat| self.player_name(seat))
                .collect();
            let best = outcome.scores().iter().copied().max().unwrap_or_default();
            let _ = writeln!(
                text,
                "Game over. Highest score ({}): {}",
                chips(best),
                winners.join(", ")
            );
        }
        text
    }

    /// A move as `viewer` may see it, for the terminal: `"Player 2 is dealt 7H"`,
    /// `"The dealer turns up the hole card: KD"`, `"Round over: dealer 19; Player 1 wins
    /// +1"`. Never shows the hole card before it is turned up, nor the order of a shuffle.
    /// Reads only the move's data, the seat names and the config, so it may be called with
    /// any later state.
    ///
    /// A card is named from what the viewer saw of its move (the `seen` of a
    /// [`PieceMove::Move`] as [`Move::view`](meeple::Move::view) shows it), so describe the
    /// moves as the viewer sees them ([`Engine::viewed_records`](meeple::Engine::viewed_records)):
    /// a full move, which carries no card, says "a card". `None` for the moves with nothing
    /// to show: the shuffle's draw (the arrangement that follows shows it), the cards'
    /// moves to the discard pile and back into the shoe (told by the rules' moves around
    /// them), and the rules' moves that only let the round go on.
    #[must_use]
    pub(super) fn move_in_words(&self, applied: &BlackjackMove, viewer: Viewer) -> Option<String> {
        let name = |seat: PlayerIndex| {
            if viewer.player() == Some(seat) {
                "You".to_owned()
            } else {
                self.player_name(seat)
            }
        };
        let text = match applied {
            BlackjackMove::Piece(piece) => return self.describe_piece_move(piece, viewer),
            BlackjackMove::Dealt | BlackjackMove::HoleTurnedUp => return None,
            BlackjackMove::GatherDiscard { .. } => {
                "The shoe is empty: the discard pile goes back into it".to_owned()
            }
            BlackjackMove::StartRound { round } => {
                format!("Round {} of {} begins", round + 1, self.config.rounds)
            }
            BlackjackMove::TableCleared => "The cards go to the discard pile".to_owned(),
            BlackjackMove::Peek { blackjack: true } => {
                "The dealer checks the hole card: blackjack!".to_owned()
            }
            BlackjackMove::Peek { blackjack: false } => {
                "The dealer checks the hole card: no blackjack".to_owned()
            }
            BlackjackMove::Hit { player } => {
                let verb = if viewer.player() == Some(*player) {
                    "hit"
                } else {
                    "hits"
                };
                format!("{} {verb}", name(*player))
            }
            BlackjackMove::Stand { player } => {
                let verb = if viewer.player() == Some(*player) {
                    "stand"
                } else {
                    "stands"
                };
                format!("{} {verb}", name(*player))
            }
            BlackjackMove::DealerTurn => "The dealer plays".to_owned(),
            BlackjackMove::Settle { dealer, results } => {
                let results: Vec<String> = results
                    .enumerate()
                    .map(|(seat, result)| {
                        format!(
                            "{} {} {}",
                            self.player_name(seat),
                            result.describe(),
                            chips(result.payout())
                        )
                    })
                    .collect();
                format!("Round over: dealer {dealer}; {}", results.join(", "))
            }
            BlackjackMove::EndGame => "The game is over".to_owned(),
        };
        Some(text)
    }

    /// A card's move as `viewer` may see it (see [`move_in_words`](Self::move_in_words)): a
    /// card dealt, the hole card turned up, the shoe shuffled.
    fn describe_piece_move(
        &self,
        piece: &PieceMove<BlackjackPlace, Card>,
        viewer: Viewer,
    ) -> Option<String> {
        match piece {
            PieceMove::Move {
                from: BlackjackPlace::Shoe,
                to,
                seen,
                ..
            } => {
                let card = match seen {
                    _ if *to == BlackjackPlace::Hole => "a card face down".to_owned(),
                    Some(Slot::Known(piece)) => piece.component().to_string(),
                    Some(Slot::Hidden(_)) | None => "a card".to_owned(),
                };
                Some(match to {
                    BlackjackPlace::Hands(seat) if viewer.player() == Some(*seat) => {
                        format!("You are dealt {card}")
                    }
                    BlackjackPlace::Hands(seat) => {
                        format!("{} is dealt {card}", self.player_name(*seat))
                    }
                    _ => format!("The dealer is dealt {card}"),
                })
            }
            PieceMove::Move {
                from: BlackjackPlace::Hole,
                seen,
                ..
            } => Some(match seen.as_ref().and_then(Slot::component) {
                Some(card) => format!("The dealer turns up the hole card: {card}"),
                None => "The dealer turns up the hole card".to_owned(),
            }),
            PieceMove::Arrange { arrangement, .. } => Some(format!(
                "The shoe is shuffled ({} cards)",
                arrangement.order.len()
            )),
            _ => None,
        }
    }
}

impl Blackjack {
    /// The table as pieces ([`Game::scene`]), drawn from a viewer's own view: the shoe and
    /// the discard pile as piles (the shoe face down), the dealer's cards with the hole card
    /// face down until the dealer plays; each seat's cards with their value, whether it
    /// stands, and its chips; the round and the dealer's rule in words.
    pub(super) fn draw_scene(&self, seats: Seats) -> Scene {
        let mut scene = Scene::for_seats(seats);
        scene.summary.push(format!(
            "Round {} of {}; {}.",
            (self.round + 1).min(self.config.rounds),
            self.config.rounds,
            self.config.dealer_rule()
        ));
        // The end of the last round, in words, until the next is settled.
        if let Some(last) = &self.last_round {
            let results: Vec<String> = last
                .results
                .enumerate()
                .map(|(seat, result)| {
                    let said = match result {
                        HandResult::Blackjack => "wins with a blackjack",
                        HandResult::Win => "wins",
                        HandResult::Push => "pushes",
                        HandResult::Lose => "loses",
                        HandResult::Bust => "busts",
                    };
                    format!("{} {said}", self.player_name(seat))
                })
                .collect();
            scene.summary.push(format!(
                "Round {}: the dealer had {}; {}.",
                last.round + 1,
                last.dealer,
                results.join(", ")
            ));
        }
        let face_down = |stack: &Stack<Card>| vec![Piece::face_down(); stack.len()];
        scene
            .table
            .push(Part::cards("Shoe", Layout::Pile, face_down(&self.shoe)));
        let mut dealer = Part::stack("Dealer", Layout::Row, &self.dealer, |piece| {
            piece.component().piece()
        });
        if let Shape::Cards { pieces, .. } = &mut dealer.shape {
            pieces.extend(face_down(&self.hole));
        }
        let value = self.dealer_value();
        scene.table.push(if self.dealer.is_empty() {
            dealer
        } else if self.hole.is_empty() {
            dealer.noted(value.to_string())
        } else {
            dealer.noted(format!("showing {}", value.total))
        });
        scene.table.push(Part::stack(
            "Discard",
            Layout::Pile,
            &self.discard,
            |piece| piece.component().piece(),
        ));
        for (seat, hand) in self.hands.enumerate() {
            let Some(area) = scene.seat_mut(seat) else {
                continue;
            };
            let cards = Part::stack("Cards", Layout::Row, hand, |piece| {
                piece.component().piece().owned_by(seat)
            });
            area.parts.push(if hand.is_empty() {
                cards
            } else {
                cards.noted(HandValue::of(hand.components().copied()).to_string())
            });
            area.summary
                .push(format!("{} chips", chips(self.scores[seat])));
            if self.stood(seat) {
                area.summary.push("Stands".to_owned());
            }
        }
        scene
    }
}
