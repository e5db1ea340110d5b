//! What the terminal and the table show of a hand of Leduc (or Kuhn) poker.

use std::fmt::Write as _;

use meeple::scene::{Ink, Layout, Part, Piece, Scene};
use meeple::{Game, PlayerIndex, Seats, Viewer};

use super::{Card, LeducMove, LeducPoker};

impl LeducPoker {
    /// `card` face up, with its ink (spades black, hearts red; Kuhn's cards black).
    fn card_piece(&self, card: Card) -> Piece {
        Piece::face_up(self.card_name(card))
            .titled(self.card_name(card))
            .inked(if card.suit == 1 { Ink::Red } else { Ink::Black })
    }

    /// The hand as text for `viewer`: their own card (every hand still in, once shown), the
    /// public
    /// card, the pot and each seat's chips in it, the bets of each round, and how the hand
    /// ended. Nothing another seat's card hides.
    #[must_use]
    pub fn summary(&self, viewer: Viewer) -> String {
        let mut text = String::new();
        if let Some(shown) = self.shown() {
            for (seat, card) in shown.enumerate() {
                if let Some(card) = card {
                    let _ = writeln!(
                        text,
                        "{}'s card: {}",
                        self.player_name(seat),
                        self.card_name(*card)
                    );
                }
            }
        } else if let Viewer::Player(seat) = viewer
            && let Some(card) = self.card(seat)
        {
            let _ = writeln!(text, "Your card: {}", self.card_name(card));
        }
        if let Some(public) = self.public_card() {
            let _ = writeln!(text, "Public card: {}", self.card_name(public));
        }
        let chips: Vec<String> = (0..self.put_in.len())
            .map(|seat| {
                let seat = PlayerIndex(seat);
                let folded = if self.folded().contains(seat) {
                    " (folded)"
                } else {
                    ""
                };
                format!("{} {}{folded}", self.player_name(seat), self.put_in(seat))
            })
            .collect();
        let _ = writeln!(text, "Pot: {} ({})", self.pot(), chips.join(", "));
        for round in 1..=self.round() {
            let bets: Vec<String> = self
                .bets()
                .iter()
                .filter(|(bet_round, _, _)| *bet_round == round)
                .map(|(_, player, bet)| format!("{} {bet}", self.player_name(*player)))
                .collect();
            if !bets.is_empty() {
                let _ = writeln!(text, "Round {round}: {}", bets.join(", "));
            }
        }
        if let Some(finish) = self.finish() {
            let winners: Vec<String> = finish
                .winners
                .iter()
                .map(|winner| self.player_name(winner))
                .collect();
            let _ = writeln!(
                text,
                "{} won the pot of {}",
                winners.join(" and "),
                finish.pot
            );
        }
        text
    }

    /// A move for the terminal, for `viewer`: `"The cards are dealt: yours is Q♥"`,
    /// `"Player 1 raises, putting in 3"`, `"Player 2 calls 2"`, `"Player 2 checks"`, `"Player 1
    /// folds"`, `"The public card: K♠"`, `"The cards: Player 1 Q♥, Player 2 J♠"`, `"Player
    /// 1 wins the pot of 6"`. The deal names only the viewer's own card.
    #[must_use]
    pub(super) fn move_in_words(&self, applied: &LeducMove, viewer: Viewer) -> Option<String> {
        Some(match applied {
            LeducMove::Deal | LeducMove::DealPublic => return None,
            LeducMove::Dealt { cards } => match viewer {
                Viewer::Player(seat) => match cards.get(seat).copied().flatten() {
                    Some(card) => format!("The cards are dealt: yours is {}", self.card_name(card)),
                    None => "The cards are dealt".to_owned(),
                },
                _ => "The cards are dealt".to_owned(),
            },
            LeducMove::Folded { player } => format!("{} folds", self.player_name(*player)),
            LeducMove::Called { player, chips: 0 } => {
                format!("{} checks", self.player_name(*player))
            }
            LeducMove::Called { player, chips } => {
                format!("{} calls {chips}", self.player_name(*player))
            }
            LeducMove::Raised { player, chips } => {
                format!("{} raises, putting in {chips}", self.player_name(*player))
            }
            LeducMove::PublicDealt { card } => {
                format!("The public card: {}", self.card_name(*card))
            }
            LeducMove::Shown { cards } => {
                let each: Vec<String> = cards
                    .enumerate()
                    .filter_map(|(seat, card)| {
                        card.map(|card| {
                            format!("{} {}", self.player_name(seat), self.card_name(card))
                        })
                    })
                    .collect();
                format!("The cards: {}", each.join(", "))
            }
            LeducMove::Ended(finish) => {
                let winners: Vec<String> = finish
                    .winners
                    .iter()
                    .map(|winner| self.player_name(winner))
                    .collect();
                if winners.len() == 1 {
                    format!("{} wins the pot of {}", winners.join(""), finish.pot)
                } else {
                    format!("{} split the pot of {}", winners.join(" and "), finish.pot)
                }
            }
        })
    }

    /// The table as pieces ([`Game::scene`]): the public card and the pot on the table;
    /// in each seat's area its card (face up for the viewer's own and for all at the
    /// showdown) and its chips in the pot.
    pub(super) fn draw_scene(&self, viewer: Viewer, seats: Seats) -> Scene {
        let mut scene = Scene::for_seats(seats);
        let public: Vec<Piece> = self
            .public_card()
            .map(|card| self.card_piece(card))
            .into_iter()
            .collect();
        scene
            .table
            .push(Part::cards("Public card", Layout::Row, public));
        let mut pot = Part::counter("Pot", i64::from(self.pot()));
        for round in 1..=self.round() {
            let bets: Vec<String> = self
                .bets()
                .iter()
                .filter(|(bet_round, _, _)| *bet_round == round)
                .map(|(_, player, bet)| format!("{} {bet}", self.player_name(*player)))
                .collect();
            if !bets.is_empty() {
                pot = pot.noted(format!("Round {round}: {}", bets.join(", ")));
            }
        }
        scene.table.push(pot);
        for (seat, area) in scene.seats.iter_mut().enumerate() {
            let player = PlayerIndex(seat);
            let shown = self
                .shown()
                .and_then(|shown| shown.get(player).copied().flatten())
                .or_else(|| self.card(player).filter(|_| viewer.owns(player)));
            let card = match shown {
                Some(card) => self.card_piece(card).owned_by(player),
                None => Piece::face_down().titled("a card").owned_by(player),
            };
            let mut part = Part::cards("Card", Layout::Hand, vec![card]);
            if self.folded().contains(player) {
                part = part.noted("folded");
            }
            area.parts.push(part);
            area.parts.push(Part::counter(
                "Chips in the pot",
                i64::from(self.put_in(player)),
            ));
        }
        if let Some(finish) = self.finish() {
            let winners: Vec<String> = finish
                .winners
                .iter()
                .map(|winner| self.player_name(winner))
                .collect();
            scene.summary.push(format!(
                "{} won the pot of {}.",
                winners.join(" and "),
                finish.pot
            ));
        }
        scene
    }
}
