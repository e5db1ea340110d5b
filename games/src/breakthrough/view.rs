//! What the terminal shows of a game of Breakthrough.

use std::fmt::Write as _;

use meeple::scene::{Ink, Part, Piece, Scene};
use meeple::{Coord, Game, PlayerIndex, Seats, Viewer};

use super::{Breakthrough, BreakthroughMove, Pawn, SIZE};

impl Breakthrough {
    /// The board as text, as OpenSpiel prints it: rank 8 at the top, files `a` to `h`
    /// under it, `b` and `w` for the pawns; then the pawns each side took, and which colour
    /// is the viewer's, or who won. The same for every viewer: nothing is hidden. Who is
    /// to act is the engine's to say, not the board's.
    #[must_use]
    pub fn summary(&self, viewer: PlayerIndex) -> String {
        let grid = self.board().grid();
        let mut text = String::new();
        for row in 0..SIZE {
            let _ = write!(text, "{}", SIZE - row);
            for column in 0..SIZE {
                let pawn = grid
                    .space(Coord { row, column })
                    .and_then(|space| self.pawn(space));
                text.push(pawn.map_or('.', Pawn::letter));
            }
            text.push('\n');
        }
        text.push_str(" abcdefgh\n");
        let _ = writeln!(
            text,
            "Taken: Black {}, White {}",
            self.taken(PlayerIndex(0)),
            self.taken(PlayerIndex(1))
        );
        match self.winner() {
            None if viewer.0 < 2 => {
                let _ = writeln!(text, "You are {}", Pawn::of(viewer));
            }
            None => {}
            Some(winner) => {
                let _ = writeln!(text, "{} wins", self.player_name(winner));
            }
        }
        text
    }

    /// A move for the terminal: `"Black moves to a6"`, `"White wins"`. Reads only the
    /// move's data, so it may be called with any later state. `None` for the pawns' moves
    /// themselves, which the action's message tells.
    #[must_use]
    pub(super) fn move_in_words(
        &self,
        applied: &BreakthroughMove,
        _viewer: Viewer,
    ) -> Option<String> {
        match applied {
            BreakthroughMove::Piece(_) => None,
            BreakthroughMove::Moved { player, to } => Some(format!(
                "{} moves to {}",
                self.player_name(*player),
                self.space_name(*to)
            )),
            BreakthroughMove::Win { player } => Some(format!("{} wins", self.player_name(*player))),
        }
    }
}

impl Breakthrough {
    /// The table as pieces ([`Game::scene`]): the board with files `a` to `h` and ranks
    /// `8` to `1`, each pawn in its colour; the pawns each seat took; who won. The same for
    /// every viewer.
    pub(super) fn draw_scene(&self, seats: Seats) -> Scene {
        let mut scene = Scene::for_seats(seats);
        let files = (0..SIZE)
            .map(|column| char::from(b'a' + column as u8).to_string())
            .collect();
        let ranks = (1..=SIZE).rev().map(|rank| rank.to_string()).collect();
        scene.table.push(
            Part::board("Board", self.board(), |space, piece| {
                let pawn = *piece.component();
                Piece::face_up("♟")
                    .titled(format!("{} pawn on {}", pawn, self.space_name(space)))
                    .owned_by(pawn.player())
                    .inked(match pawn {
                        Pawn::Black => Ink::Black,
                        Pawn::White => Ink::White,
                    })
            })
            .labelled(ranks, files),
        );
        for (seat, area) in scene.seats.iter_mut().enumerate() {
            let taken = self.taken(PlayerIndex(seat));
            area.parts.push(Part::counter(
                "Pawns taken",
                i64::try_from(taken).unwrap_or(i64::MAX),
            ));
        }
        if let Some(winner) = self.winner() {
            scene
                .summary
                .push(format!("{} broke through.", self.player_name(winner)));
        }
        scene
    }
}
