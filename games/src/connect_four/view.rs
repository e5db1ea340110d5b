//! What the terminal shows of a game of Connect Four.

use std::fmt::Write as _;

use meeple::scene::{Ink, Part, Piece, Scene};
use meeple::{Coord, Game, PlayerIndex, Seats, Viewer};

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

impl ConnectFour {
    /// The table as pieces ([`Game::scene`]): the board with its columns numbered, each
    /// disc in its colour and the winning disc marked; each seat's discs left; how the
    /// game ended. The same for every viewer.
    pub(super) fn draw_scene(&self, seats: Seats) -> Scene {
        let mut scene = Scene::for_seats(seats);
        let last = match self.finish() {
            Some(Finish::Won { space, .. }) => Some(*space),
            _ => None,
        };
        scene.table.push(
            Part::board("Board", self.board(), |space, piece| {
                let disc = *piece.component();
                let drawn = Piece::face_up("●")
                    .titled(format!("{disc} disc, {}", self.space_name(space)))
                    .owned_by(disc.player())
                    .inked(match disc {
                        Disc::Red => Ink::Red,
                        Disc::Yellow => Ink::Yellow,
                    });
                if last == Some(space) {
                    drawn.marked("four in a row")
                } else {
                    drawn
                }
            })
            .labelled(Vec::new(), (1..=COLUMNS).map(|c| c.to_string()).collect()),
        );
        for (seat, area) in scene.seats.iter_mut().enumerate() {
            let discs = self.supply(PlayerIndex(seat));
            area.parts.push(Part::counter(
                "Discs left",
                i64::try_from(discs).unwrap_or(i64::MAX),
            ));
        }
        match self.finish() {
            Some(Finish::Won { player, .. }) => scene
                .summary
                .push(format!("{} made four in a row.", self.player_name(*player))),
            Some(Finish::Draw) => scene.summary.push("The board is full: a draw.".to_owned()),
            None => {}
        }
        scene
    }
}
