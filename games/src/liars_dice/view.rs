//! What the terminal and the table show of a game of Liar's Dice.

use std::fmt::Write as _;

use meeple::scene::{Layout, Part, Piece, Scene};
use meeple::{Game, PlayerIndex, Seats, Viewer};

use super::{Dice, LiarsDice, LiarsDiceMove};

/// The dice faces as pips, 1 to 6.
const PIPS: [&str; 6] = ["⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];

impl LiarsDice {
    /// The table as text for `viewer`: their own dice (or every seat's, once shown), the
    /// bids made, and how the game ended. Nothing another seat's cup hides.
    #[must_use]
    pub fn summary(&self, viewer: Viewer) -> String {
        let mut text = String::new();
        if let Some(shown) = self.shown() {
            for (seat, dice) in shown.iter().enumerate() {
                let _ = writeln!(
                    text,
                    "{}'s dice: {dice}",
                    self.player_name(PlayerIndex(seat))
                );
            }
        } else if let Viewer::Player(seat) = viewer
            && let Some(dice) = self.dice(seat)
        {
            let _ = writeln!(text, "Your dice: {dice}");
        }
        let _ = writeln!(
            text,
            "{} dice on the table; 6s count for any face",
            self.total_dice()
        );
        if self.bids().is_empty() {
            text.push_str("No bid yet\n");
        }
        for (bidder, bid) in self.bids() {
            let _ = writeln!(text, "{} bid {}", self.player_name(*bidder), bid.words());
        }
        if let Some(finish) = self.finish() {
            let _ = writeln!(
                text,
                "{} dice count for {}: {} wins, {} loses",
                finish.matching,
                finish.bid.face,
                self.player_name(finish.winner),
                self.player_name(finish.loser)
            );
        }
        text
    }

    /// A move for the terminal, for `viewer`: `"The dice are rolled: yours show 2 5"`,
    /// `"Player 1 bids 2 dice showing 4"`, `"Player 2 calls liar"`, `"The dice: Player 1
    /// 2 5, Player 2 6"`, `"3 dice count for 4, 6s included: the bid holds; Player 1
    /// wins"`. The roll names only the viewer's own dice.
    #[must_use]
    pub(super) fn move_in_words(&self, applied: &LiarsDiceMove, viewer: Viewer) -> Option<String> {
        Some(match applied {
            LiarsDiceMove::Roll => return None,
            LiarsDiceMove::Rolled { dice } => match viewer {
                Viewer::Player(seat) => match dice.get(seat) {
                    Some(dice) if !dice.is_empty() => {
                        format!("The dice are rolled: yours show {dice}")
                    }
                    _ => "The dice are rolled".to_owned(),
                },
                _ => "The dice are rolled".to_owned(),
            },
            LiarsDiceMove::Bid { player, bid } => {
                format!("{} bids {}", self.player_name(*player), bid.words())
            }
            LiarsDiceMove::Called { player } => {
                format!("{} calls liar", self.player_name(*player))
            }
            LiarsDiceMove::Revealed { dice } => {
                let each: Vec<String> = dice
                    .iter()
                    .enumerate()
                    .map(|(seat, dice)| format!("{} {dice}", self.player_name(PlayerIndex(seat))))
                    .collect();
                format!("The dice: {}", each.join(", "))
            }
            LiarsDiceMove::Ended(finish) => format!(
                "{} dice count for {}, 6s included: the bid {}; {} wins",
                finish.matching,
                finish.bid.face,
                if finish.winner == finish.bidder {
                    "holds"
                } else {
                    "fails"
                },
                self.player_name(finish.winner)
            ),
        })
    }

    /// The table as pieces ([`Game::scene`]): each seat's dice in its area, face up for
    /// the viewer's own and for all once shown, face down otherwise; the bids on the table;
    /// how the game ended.
    pub(super) fn draw_scene(&self, viewer: Viewer, seats: Seats) -> Scene {
        let mut scene = Scene::for_seats(seats);
        let dice_each = usize::from(self.dice_each);
        for (seat, area) in scene.seats.iter_mut().enumerate() {
            let player = PlayerIndex(seat);
            let shown = self
                .shown()
                .and_then(|shown| shown.get(player))
                .or_else(|| {
                    self.dice(player)
                        .filter(|dice| viewer.owns(player) && !dice.is_empty())
                });
            let pieces = match shown {
                Some(dice) => drawn(dice, player),
                None => (0..dice_each)
                    .map(|_| {
                        Piece::face_down()
                            .titled("a die under the cup")
                            .owned_by(player)
                    })
                    .collect(),
            };
            area.parts.push(Part::cards("Dice", Layout::Row, pieces));
        }
        let bids: Vec<String> = self
            .bids()
            .iter()
            .map(|(bidder, bid)| format!("{}: {}", self.player_name(*bidder), bid.words()))
            .collect();
        let mut part = Part::counter("Dice on the table", i64::from(self.total_dice()))
            .noted("6s count for any face");
        for bid in bids {
            part = part.noted(bid);
        }
        scene.table.push(part);
        if let Some(finish) = self.finish() {
            scene.summary.push(format!(
                "{} dice count for {}: the bid {}. {} wins.",
                finish.matching,
                finish.bid.face,
                if finish.winner == finish.bidder {
                    "holds"
                } else {
                    "fails"
                },
                self.player_name(finish.winner)
            ));
        }
        scene
    }
}

/// `dice` face up, each as its pips, owned by `player`.
fn drawn(dice: &Dice, player: PlayerIndex) -> Vec<Piece> {
    dice.faces()
        .iter()
        .map(|&face| {
            let pips = PIPS
                .get(usize::from(face).wrapping_sub(1))
                .copied()
                .unwrap_or("?");
            Piece::face_up(pips)
                .titled(format!("a die showing {face}"))
                .owned_by(player)
        })
        .collect()
}
