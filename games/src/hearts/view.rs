//! What one viewer sees of a game of Hearts, as text for the terminal.

use std::fmt::Write as _;

use meeple::scene::{Layout, Part, Piece, Scene};
use meeple::{Game, PlayerIndex, Viewer};

use super::moves::HeartsMove;
use super::{Hearts, SEATS, seat_name};
use crate::french::{Card, Suit};

impl Hearts {
    /// The table as `viewer` may see it, as lines of text: the hand number and pass
    /// direction, the scores (this hand's points and totals), whether hearts are broken,
    /// the current trick (who played what, who plays next), and the viewer's own hand grouped
    /// by suit with the cards they passed or received.
    ///
    /// Shows nothing hidden from `viewer`: not the others' hands, not the cards the others
    /// passed. A `viewer` that is not a seat (an observer) sees only public information.
    #[must_use]
    pub fn summary(&self, viewer: PlayerIndex) -> String {
        let mut text = String::new();
        let seated = viewer.0 < SEATS.count();
        let passing = match self.pass_direction.steps() {
            Some(_) => format!("pass {}", self.pass_direction),
            None => "no passing".to_owned(),
        };
        let _ = writeln!(
            text,
            "Hearts, hand {} ({passing}), game to {} points",
            self.hand_number + 1,
            self.config.target_score
        );
        let scores: Vec<String> = SEATS
            .iter()
            .map(|seat| {
                format!(
                    "{} {} (total {})",
                    seat_name(seat),
                    self.hand_points(seat),
                    self.totals[seat]
                )
            })
            .collect();
        let _ = writeln!(text, "Points this hand: {}", scores.join(", "));
        if let Some(last) = &self.last_hand {
            let last: Vec<String> = last
                .enumerate()
                .map(|(seat, score)| format!("{} {score}", seat_name(seat)))
                .collect();
            let _ = writeln!(text, "Last hand: {}", last.join(", "));
        }
        if self.over {
            if let Some(outcome) = self.outcome() {
                let winners: Vec<String> = outcome.winners().iter().map(seat_name).collect();
                let _ = writeln!(text, "Game over. Lowest total: {}", winners.join(", "));
            }
        } else if self.pass_pending() {
            let waiting: Vec<String> = SEATS
                .iter()
                .filter(|&seat| !self.has_passed.contains(seat))
                .map(seat_name)
                .collect();
            let _ = writeln!(
                text,
                "Passing {}: waiting for {}",
                self.pass_direction,
                waiting.join(", ")
            );
            if seated && let Some(to) = self.pass_target(viewer) {
                match self.passed(viewer) {
                    Some(cards) => {
                        let _ = writeln!(text, "You passed {cards} to {}", seat_name(to));
                    }
                    None => {
                        let _ = writeln!(text, "You pass three cards to {}", seat_name(to));
                    }
                }
            }
        } else if self.playing_tricks() {
            let _ = writeln!(
                text,
                "Trick {} of 13; hearts {}broken",
                self.tricks_played + 1,
                if self.hearts_broken { "" } else { "not " }
            );
            let played: Vec<String> = self
                .trick()
                .map(|(seat, card)| format!("{} {card}", seat_name(seat)))
                .collect();
            let to_play = self.next_in_trick();
            let next = if to_play == viewer {
                "you to play".to_owned()
            } else {
                format!("{} to play", seat_name(to_play))
            };
            if played.is_empty() {
                let _ = writeln!(text, "Trick: {next} (lead)");
            } else {
                let _ = writeln!(text, "Trick: {}; {next}", played.join(", "));
            }
        }
        if seated && !self.over {
            let hand = self.hand(viewer);
            let _ = writeln!(
                text,
                "Your hand ({}, {} cards):",
                seat_name(viewer),
                hand.len()
            );
            for suit in Suit::ALL {
                let cards = hand.of_suit(suit);
                let shown = if cards.is_empty() {
                    "-".to_owned()
                } else {
                    cards.to_string()
                };
                let _ = writeln!(text, "  {:<9} {shown}", suit.name());
            }
            let received = self.received(viewer);
            let giver = self
                .pass_direction
                .steps()
                .map(|steps| SEATS.before(viewer, steps));
            if self.playing_tricks()
                && !received.is_empty()
                && let Some(giver) = giver
            {
                let _ = writeln!(text, "You received {received} from {}", seat_name(giver));
            }
        }
        text
    }

    /// A move as `viewer` may see it, for the terminal: `"East plays QS"`,
    /// `"North takes the trick (2C 5C 9C KC): 0 points"`. Shows the dealt cards and the
    /// passed cards only to the seat that holds them. Reads only the move's data and the
    /// seat names, so it may be called with any later state. `None` for moves with nothing
    /// to show.
    #[must_use]
    pub(super) fn move_in_words(&self, applied: &HeartsMove, viewer: Viewer) -> Option<String> {
        let name = seat_name;
        let text = match applied {
            HeartsMove::StartHand { hand } => format!(
                "Hand {} begins (pass {})",
                hand + 1,
                self.config.pass_direction(*hand)
            ),
            HeartsMove::Deal { hands } => {
                match viewer.player().and_then(|seat| hands.iter().nth(seat.0)) {
                    Some(hand) => format!("You are dealt {hand}"),
                    None => "The cards are dealt".to_owned(),
                }
            }
            HeartsMove::Pass { player, to, cards } => {
                if viewer.player() == Some(*player) {
                    format!("You pass {cards} to {}", name(*to))
                } else {
                    format!("{} passes three cards to {}", name(*player), name(*to))
                }
            }
            HeartsMove::TakePassed {
                player,
                from,
                cards,
            } => {
                if viewer.player() == Some(*player) {
                    format!("You receive {cards} from {}", name(*from))
                } else {
                    return None;
                }
            }
            HeartsMove::StartPlay { leader } => format!("{} leads", name(*leader)),
            HeartsMove::Play { player, card } => format!("{} plays {card}", name(*player)),
            HeartsMove::TakeTrick {
                winner,
                cards,
                points,
            } => format!(
                "{} takes the trick ({cards}): {points} point{}",
                name(*winner),
                if points.abs() == 1 { "" } else { "s" }
            ),
            HeartsMove::EndHand { scores, moon } => {
                let scores: Vec<String> = scores
                    .enumerate()
                    .map(|(seat, score)| format!("{} {score:+}", name(seat)))
                    .collect();
                let moon = moon
                    .map(|shooter| format!(" {} shot the moon!", name(shooter)))
                    .unwrap_or_default();
                format!("Hand over: {}.{moon}", scores.join(", "))
            }
            HeartsMove::EndGame => "The game is over".to_owned(),
        };
        Some(text)
    }
}

impl Hearts {
    /// The table as pieces for `viewer` ([`Game::scene`]), drawn from `viewer`'s own view:
    /// the trick in the middle, each card by the seat that played it; each seat's hand (the
    /// viewer's face up and sorted, the cards received in the pass marked; the others' face
    /// down, as many as they hold), the cards the viewer passed, the tricks each seat took
    /// and its points this hand and in all; the hand, the pass and whether hearts are
    /// broken in words.
    pub(super) fn draw_scene(&self, viewer: Viewer) -> Scene {
        let mut scene = Scene::for_seats(SEATS);
        let passing = match self.pass_direction.steps() {
            Some(_) => format!("pass {}", self.pass_direction),
            None => "no passing".to_owned(),
        };
        scene.summary.push(format!(
            "Hand {} ({passing}); the game ends at {} points.",
            self.hand_number + 1,
            self.config.target_score
        ));
        let scores = |scores: &meeple::PerPlayer<i32>| {
            scores
                .enumerate()
                .map(|(seat, score)| format!("{} {score}", seat_name(seat)))
                .collect::<Vec<_>>()
                .join(", ")
        };
        match (self.between_hands(), &self.last_hand) {
            // Between the last trick and the next deal: the hand just scored.
            (true, Some(last)) => {
                scene
                    .summary
                    .push(format!("The hand is over: {}.", scores(last)));
            }
            (_, Some(last)) if self.tricks_played == 0 => {
                scene.summary.push(format!("Last hand: {}.", scores(last)));
            }
            _ => {}
        }
        if self.playing_tricks() {
            scene.summary.push(format!(
                "Trick {} of 13; hearts are {}broken.",
                (u32::from(self.tricks_played) + 1).min(13),
                if self.hearts_broken { "" } else { "not " }
            ));
        }
        let trick: Vec<Piece> = self
            .trick()
            .map(|(seat, card)| card.piece().owned_by(seat).marked(seat_name(seat)))
            .collect();
        scene
            .table
            .push(Part::cards("The trick", Layout::Row, trick));
        for (seat, area) in scene.seats.iter_mut().enumerate() {
            let seat = PlayerIndex(seat);
            let hand = if viewer.owns(seat) {
                let received = self.received(seat);
                self.hand(seat)
                    .iter()
                    .map(|card| {
                        let piece = card.piece().owned_by(seat);
                        if received.contains(card) {
                            piece.marked("received")
                        } else {
                            piece
                        }
                    })
                    .collect()
            } else {
                vec![Piece::face_down(); self.cards_held(seat)]
            };
            area.parts.push(Part::cards("Hand", Layout::Hand, hand));
            if viewer.owns(seat)
                && let Some(passed) = self.passed(seat)
                && self.pass_pending()
            {
                let to = self.pass_target(seat).map_or_else(String::new, seat_name);
                area.parts.push(Part::cards(
                    format!("Passed to {to}"),
                    Layout::Row,
                    passed.iter().map(Card::piece).collect(),
                ));
            }
            let tricks = self.taken(seat).len() / SEATS.count();
            area.parts.push(Part::counter(
                "Tricks",
                i64::try_from(tricks).unwrap_or(i64::MAX),
            ));
            area.parts.push(Part::counter(
                "Points this hand",
                i64::from(self.hand_points(seat)),
            ));
            area.parts
                .push(Part::counter("Total", i64::from(self.totals[seat])));
            if self.pass_pending() {
                area.summary.push(if self.has_passed.contains(seat) {
                    "Passed".to_owned()
                } else {
                    "Choosing cards to pass".to_owned()
                });
            }
        }
        scene
    }

    /// How many cards `seat` holds, from what everyone sees: thirteen less the tricks
    /// played, the card on the trick and the three passed while they wait to be taken;
    /// none between hands.
    fn cards_held(&self, seat: PlayerIndex) -> usize {
        if self.between_hands() {
            return 0;
        }
        13usize
            .saturating_sub(3 * usize::from(self.has_passed.contains(seat)))
            .saturating_sub(usize::from(self.tricks_played))
            .saturating_sub(usize::from(self.trick[seat].is_some()))
    }
}
