//! What the terminal shows of a game of Connect Four.

use std::fmt::Write as _;

use meeple::{Coord, Game, PlayerIndex, Viewer};

use super::{COLUMNS, ConnectFour, ConnectFourMove, Disc, Finish, ROWS};

impl ConnectFour {
    /// The board as text, top row first, columns numbered from 1 under it (a disc is
    /// dropped by its column), `R` and `Y` for the discs, then which colour is the
    /// viewer's, or how the game ended. The same for every viewer: nothing is hidden. Who
    /// is to act is the engine's to say, not the board's.
    #[must_use]
    pub fn summary(&self, viewer: PlayerIndex) -> String {
        let grid = self.board().grid();
        let mut text = String::new();
        for row in 0..ROWS {
            for column in 0..COLUMNS {
                let disc = grid
                    .space(Coord { row, column })
                    .and_then(|space| self.disc(space));
                let _ = write!(text, " {}", disc.map_or('.', Disc::letter));
            }
            text.push('\n');
        }
        for column in 1..=COLUMNS {
            let _ = write!(text, " {column}");
        }
        text.push('\n');
        match self.finish() {
            None if viewer.0 < 2 => {
                let _ = writeln!(text, "You are {}", Disc::of(viewer));
            }
            None => {}
            Some(Finish::Won { player, .. }) => {
                let _ = writeln!(text, "{} connects four", self.player_name(*player));
            }
            Some(Finish::Draw) => text.push_str("A draw\n"),
        }
        text
    }

    /// A move for the terminal: `"Red drops a disc in column 4"`, `"Red connects four"`,
    /// `"A draw"`. Reads only the move's data, so it may be called with any later state.
    /// `None` for the disc's move itself, which [`ConnectFourMove::Dropped`] tells.
    #[must_use]
    pub(super) fn move_in_words(
        &self,
        applied: &ConnectFourMove,
        _viewer: Viewer,
    ) -> Option<String> {
        Some(match applied {
            ConnectFourMove::Piece(_) => return None,
            ConnectFourMove::Dropped { player, space } => format!(
                "{} drops a disc in {}",
                self.player_name(*player),
                self.column_label(*space)
            ),
            ConnectFourMove::Win { player, .. } => {
                format!("{} connects four", self.player_name(*player))
            }
            ConnectFourMove::Draw => "A draw".to_owned(),
        })
    }
}
