//! What the terminal shows of a game of Breakthrough.

use std::fmt::Write as _;

use meeple::{Coord, Game, PlayerIndex, Viewer};

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
