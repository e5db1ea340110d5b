//! What one viewer sees of a game of Memory, as text for the terminal.

use std::fmt::Write as _;

use meeple::scene::{Layout, Part, Piece, Scene};
use meeple::{Game, PieceMove, PlayerIndex, Seats, Slot, Space, Viewer};

use super::Memory;
use super::moves::MemoryMove;

/// How a face-down card shows in [`Memory::summary`].
const FACE_DOWN: &str = "??";
/// How a space whose pair was taken shows in [`Memory::summary`].
const EMPTY: &str = "..";

impl Memory {
    /// The table as `viewer` may see it, as lines of text: the size of the table and the
    /// pairs left; the grid with a row and column number on each side, each face-down card
    /// as `??`, each face-up card as its face and each space whose pair was taken as `..`;
    /// every player's pairs (`(you)` after the viewer); and whose turn it is, with the card
    /// awaiting its match or the two cards of the last miss still face up; or the winners.
    ///
    /// Shows no face-down card, whoever the viewer: every viewer sees the same table, so
    /// a `viewer` that is not a seat (an observer) only loses the `(you)` mark.
    #[must_use]
    pub fn summary(&self, viewer: PlayerIndex) -> String {
        let mut text = String::new();
        let grid = self.face_down.grid();
        let _ = writeln!(
            text,
            "Memory: {} x {} table, {} pairs, {} left",
            grid.rows,
            grid.columns,
            self.config.pairs(),
            self.pairs_left()
        );
        let width = self
            .config
            .faces_in_play()
            .iter()
            .map(|face| face.0.chars().count())
            .max()
            .unwrap_or(0)
            .max(FACE_DOWN.len());
        let margin = (grid.rows.saturating_sub(1)).to_string().len();
        let mut header = " ".repeat(margin);
        for column in 0..grid.columns {
            let _ = write!(header, " {column:<width$}");
        }
        let _ = writeln!(text, "{}", header.trim_end());
        for row in 0..grid.rows {
            let mut line = format!("{row:>margin$}");
            for column in 0..grid.columns {
                let space = Space(row * grid.columns + column);
                let cell = match (self.face_at(space), self.face_down.get(space)) {
                    (Some(face), _) => face.to_string(),
                    (None, Some(_)) => FACE_DOWN.to_owned(),
                    (None, None) => EMPTY.to_owned(),
                };
                let _ = write!(line, " {cell:<width$}");
            }
            let _ = writeln!(text, "{}", line.trim_end());
        }
        let pairs: Vec<String> = self
            .captured
            .players()
            .map(|player| {
                let you = if player == viewer { " (you)" } else { "" };
                format!("{}{you}: {}", self.player_name(player), self.pairs(player))
            })
            .collect();
        let _ = writeln!(text, "Pairs taken: {}", pairs.join(", "));
        if let Some(outcome) = self.outcome() {
            let winners = self.winners_named(&outcome);
            let best = outcome.scores().iter().copied().max().unwrap_or(0);
            let _ = writeln!(
                text,
                "Game over. Most pairs ({best}): {}",
                winners.join(", ")
            );
            return text;
        }
        if let Some(spaces) = self.waiting {
            let cards: Vec<String> = spaces
                .iter()
                .map(|&space| {
                    let face = self
                        .face_at(space)
                        .map_or_else(String::new, ToString::to_string);
                    format!("{face} at {}", self.coord(space))
                })
                .collect();
            let _ = writeln!(
                text,
                "No pair: {} wait to be turned face down",
                cards.join(" and ")
            );
        }
        let _ = match self.first_card() {
            Some((first, face)) => writeln!(
                text,
                "Next: a second card, to match {face} at {}",
                self.coord(first)
            ),
            None => writeln!(text, "Next: a card turned over"),
        };
        text
    }

    /// A move as `viewer` may see it, for the terminal: `"Player 1 turns over A at 0,2"`,
    /// `"You take the pair of A"`, `"The cards at 0,1 and 2,3 are turned face down"`. Never
    /// names a face-down card (not even to the admin's state: the shuffle is not shown).
    /// Reads only the move's data, the grid and the seat names, so it may be called with any
    /// later state. `None` for moves with nothing to show.
    #[must_use]
    pub(super) fn move_in_words(&self, applied: &MemoryMove, viewer: Viewer) -> Option<String> {
        let name = |player: PlayerIndex, verb: &str, verb_you: &str| {
            if viewer.player() == Some(player) {
                format!("You {verb_you}")
            } else {
                format!("{} {verb}", self.player_name(player))
            }
        };
        let both = |spaces: &[Space; 2]| {
            format!("{} and {}", self.coord(spaces[0]), self.coord(spaces[1]))
        };
        let text = match applied {
            MemoryMove::Piece(PieceMove::Shuffle { .. }) => {
                "The cards are shuffled and laid face down".to_owned()
            }
            // The cards' moves are told by the rules' moves around them.
            MemoryMove::Piece(_) => return None,
            MemoryMove::Turned {
                player,
                space,
                face,
            } => format!(
                "{} {face} at {}",
                name(*player, "turns over", "turn over"),
                self.coord(*space)
            ),
            MemoryMove::Capture { player, face, .. } => {
                format!(
                    "{} {face}",
                    name(*player, "takes the pair of", "take the pair of")
                )
            }
            MemoryMove::Miss { player, spaces } => {
                // The flow's turns go round the table in seat order.
                let next = self.seats().next(*player);
                format!(
                    "{}: the cards at {} stay face up; {} to play",
                    name(*player, "finds no pair", "find no pair"),
                    both(spaces),
                    if viewer.player() == Some(next) {
                        "you".to_owned()
                    } else {
                        self.player_name(next)
                    }
                )
            }
            MemoryMove::Hidden { spaces } => {
                format!("The cards at {} are turned face down", both(spaces))
            }
            MemoryMove::EndGame => "Every pair is taken: the game is over".to_owned(),
        };
        Some(text)
    }
}

impl Memory {
    /// The table as pieces ([`Game::scene`]): one grid of cards, face down or face up where
    /// they lie (a space whose pair was taken is empty), the first card of the turn and the
    /// two of a miss marked; each seat's pairs, with their faces; who won. Every viewer sees
    /// the same table: no face-down card is named.
    pub(super) fn draw_scene(&self, seats: Seats) -> Scene {
        let mut scene = Scene::for_seats(seats);
        let grid = self.face_down.grid();
        let spaces = grid
            .spaces()
            .map(|space| {
                let card = match (self.face_at(space), self.face_down.get(space)) {
                    (Some(face), _) => Piece::face_up(face.to_string())
                        .titled(format!("{face}, face up at {}", self.coord(space))),
                    (None, Some(_)) => {
                        Piece::face_down().titled(format!("face down at {}", self.coord(space)))
                    }
                    (None, None) => return None,
                };
                let card = if self.first == Some(space) {
                    card.marked("turned this turn")
                } else if self.waiting.is_some_and(|waiting| waiting.contains(&space)) {
                    card.marked("no pair")
                } else {
                    card
                };
                Some(card.choosing(space))
            })
            .collect();
        scene.table.push(
            Part::grid("Cards", grid.rows, grid.columns, spaces)
                .noted(format!("{} pairs left", self.pairs_left())),
        );
        for (seat, area) in scene.seats.iter_mut().enumerate() {
            let player = PlayerIndex(seat);
            let taken = self.captured(player);
            // One card of each pair taken.
            let pairs = taken
                .iter()
                .step_by(2)
                .filter_map(Slot::component)
                .map(|face| Piece::face_up(face.to_string()).owned_by(player))
                .collect();
            area.parts.push(Part::cards("Pairs", Layout::Row, pairs));
            area.summary.push(match self.pairs(player) {
                1 => "1 pair".to_owned(),
                count => format!("{count} pairs"),
            });
        }
        if let Some(outcome) = self.outcome() {
            scene.summary.push(format!(
                "Most pairs: {}.",
                self.winners_named(&outcome).join(" and ")
            ));
        } else if self.waiting.is_some() {
            scene
                .summary
                .push("No pair: the two cards stay face up a moment.".to_owned());
        }
        scene
    }

    /// The names of `outcome`'s winners, seat order.
    fn winners_named(&self, outcome: &meeple::Outcome) -> Vec<String> {
        outcome
            .winners()
            .iter()
            .map(|winner| self.player_name(winner))
            .collect()
    }
}
