//! What the terminal shows of a game of Tic-tac-toe.

use std::fmt::Write as _;

use meeple::scene::{Part, Piece, Scene};
use meeple::{Coord, Game, PlayerIndex, Seats, Space, Viewer};

use super::{Finish, Mark, TicTacToe, TicTacToeMove};

impl TicTacToe {
    /// The board as text, columns numbered across the top and rows down the side (a space
    /// is named `row,column`), then which mark is the viewer's, or how the game ended. The
    /// same for every viewer: nothing is hidden. Who is to act is the engine's to say
    /// (`Position::to_act`, follow-ups included), not the board's.
    #[must_use]
    pub fn summary(&self, viewer: PlayerIndex) -> String {
        let grid = self.board().grid();
        let mut text = String::from("   ");
        for column in 0..grid.columns {
            let _ = write!(text, " {column}");
        }
        text.push('\n');
        for row in 0..grid.rows {
            let _ = write!(text, "{row:>2} ");
            for column in 0..grid.columns {
                let mark = grid
                    .space(Coord { row, column })
                    .and_then(|space| self.mark(space));
                let _ = write!(
                    text,
                    " {}",
                    mark.map_or_else(|| ".".to_owned(), |m| m.to_string())
                );
            }
            text.push('\n');
        }
        match self.finish() {
            None if viewer.0 < 2 => {
                let _ = writeln!(text, "You are {}", Mark::of(viewer));
            }
            None => {}
            Some(Finish::Won { player, .. }) => {
                let _ = writeln!(text, "{} wins", self.player_name(*player));
            }
            Some(Finish::Draw) => text.push_str("A draw\n"),
        }
        text
    }

    /// A move for the terminal: `"X marks 1,1"`, `"O wins: 0,0 1,1 2,2"`, `"A draw"`.
    /// Reads only the move's data, so it may be called with any later state. `None` for the
    /// mark's move itself, which [`TicTacToeMove::Marked`] tells.
    #[must_use]
    pub(super) fn move_in_words(&self, applied: &TicTacToeMove, _viewer: Viewer) -> Option<String> {
        Some(match applied {
            TicTacToeMove::Piece(_) => return None,
            TicTacToeMove::Marked { player, space } => format!(
                "{} marks {}",
                self.player_name(*player),
                self.space_label(*space)
            ),
            TicTacToeMove::Win { player, line } => format!(
                "{} wins: {}",
                self.player_name(*player),
                line.iter()
                    .map(|&space| self.space_label(space))
                    .collect::<Vec<_>>()
                    .join(" ")
            ),
            TicTacToeMove::Draw => "A draw".to_owned(),
        })
    }
}

impl TicTacToe {
    /// The table as pieces ([`Game::scene`]): the board, each mark coloured by its player
    /// and the winning line marked; each seat's marks left; how the game ended. The same
    /// for every viewer.
    pub(super) fn draw_scene(&self, seats: Seats) -> Scene {
        let mut scene = Scene::for_seats(seats);
        let line: &[Space] = match self.finish() {
            Some(Finish::Won { line, .. }) => line,
            _ => &[],
        };
        let grid = self.board().grid();
        let numbers = |count: usize| (1..=count).map(|number| number.to_string()).collect();
        scene.table.push(
            Part::board("Board", self.board(), |space, piece| {
                let mark = *piece.component();
                let drawn = Piece::face_up(mark.to_string())
                    .titled(format!("{mark} at {}", self.space_label(space)))
                    .owned_by(mark.player());
                if line.contains(&space) {
                    drawn.marked("in the line")
                } else {
                    drawn
                }
            })
            .labelled(numbers(grid.rows), numbers(grid.columns)),
        );
        for (seat, area) in scene.seats.iter_mut().enumerate() {
            let marks = self.supply(PlayerIndex(seat));
            area.parts.push(Part::counter(
                "Marks left",
                i64::try_from(marks).unwrap_or(i64::MAX),
            ));
        }
        match self.finish() {
            Some(Finish::Won { player, .. }) => scene
                .summary
                .push(format!("{} made a line.", self.player_name(*player))),
            Some(Finish::Draw) => scene.summary.push("The board is full: a draw.".to_owned()),
            None => {}
        }
        scene
    }
}
