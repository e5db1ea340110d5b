//! What the terminal and the table show of a game of Othello.

use std::fmt::Write as _;

use meeple::scene::{Ink, Part, Piece, Scene};
use meeple::{Coord, Game, PlayerIndex, Seats, Space, Viewer};

use super::{Colour, Othello, OthelloMove, SIZE};

/// `spaces` in words: `d4`, `d4 and e4`, `c4, d4 and e4`.
fn listed(game: &Othello, spaces: &[Space]) -> String {
    let names: Vec<String> = spaces.iter().map(|&space| game.space_name(space)).collect();
    match names.as_slice() {
        [] => String::new(),
        [only] => only.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

impl Othello {
    /// The board as text, as OpenSpiel prints it: columns `a` to `h` above and below, rows
    /// 1 to 8 on both sides, `x` for black, `o` for white and `-` for an empty space; then
    /// each colour's discs, and which colour is the viewer's, or how the game ended. The
    /// same for every viewer: nothing is hidden. Who is to act is the engine's to say.
    #[must_use]
    pub fn summary(&self, viewer: PlayerIndex) -> String {
        let grid = self.board().grid();
        let mut text = String::from("  a b c d e f g h\n");
        for row in 0..SIZE {
            let _ = write!(text, "{} ", row + 1);
            for column in 0..SIZE {
                let colour = grid
                    .space(Coord { row, column })
                    .and_then(|space| self.colour(space));
                let _ = write!(text, "{} ", colour.map_or('-', Colour::letter));
            }
            let _ = writeln!(text, "{}", row + 1);
        }
        text.push_str("  a b c d e f g h\n");
        let _ = writeln!(
            text,
            "Discs: Black {}, White {}",
            self.count(Colour::Black),
            self.count(Colour::White)
        );
        match self.finish() {
            None if viewer.0 < 2 => {
                let _ = writeln!(text, "You are {}", Colour::of(viewer));
            }
            None => {}
            Some(finish) => match finish.winner() {
                Some(winner) => {
                    let _ = writeln!(text, "{} wins", self.player_name(winner));
                }
                None => text.push_str("A draw\n"),
            },
        }
        text
    }

    /// A move for the terminal: `"Black places a disc on d3 and turns d4"`, `"White has no
    /// disc to place and passes"`, `"Black wins, 40 discs to 24"`. Reads only the move's
    /// data, so it may be called with any later state. `None` for the disc's move from the
    /// supply and for each turned disc, which the placement tells.
    #[must_use]
    pub(super) fn move_in_words(&self, applied: &OthelloMove, _viewer: Viewer) -> Option<String> {
        Some(match applied {
            OthelloMove::Piece(_) | OthelloMove::Flipped { .. } => return None,
            OthelloMove::Placed {
                player,
                space,
                flips,
            } => format!(
                "{} places a disc on {} and turns {}",
                self.player_name(*player),
                self.space_name(*space),
                listed(self, flips)
            ),
            OthelloMove::Passed { player } => format!(
                "{} has no disc to place and passes",
                self.player_name(*player)
            ),
            OthelloMove::Ended(finish) => match finish.winner() {
                Some(winner) => format!(
                    "{} wins, {} discs to {}",
                    self.player_name(winner),
                    finish.black.max(finish.white),
                    finish.black.min(finish.white)
                ),
                None => format!("A draw, {} discs each", finish.black),
            },
        })
    }

    /// The table as pieces ([`Game::scene`]): the board with its rows and columns named,
    /// each disc in its colour; each seat's discs on the board; the discs left in the
    /// supply; how the game ended. The same for every viewer.
    pub(super) fn draw_scene(&self, seats: Seats) -> Scene {
        let mut scene = Scene::for_seats(seats);
        scene.table.push(
            Part::board("Board", self.board(), |space, piece| {
                let colour = *piece.value();
                Piece::face_up("●")
                    .titled(format!("{colour} disc, {}", self.space_name(space)))
                    .owned_by(colour.player())
                    .inked(match colour {
                        Colour::Black => Ink::Black,
                        Colour::White => Ink::White,
                    })
            })
            .labelled(
                (1..=SIZE).map(|row| row.to_string()).collect(),
                "abcdefgh".chars().map(String::from).collect(),
            ),
        );
        scene.table.push(Part::counter(
            "Discs in the supply",
            i64::try_from(self.supply()).unwrap_or(i64::MAX),
        ));
        for (seat, area) in scene.seats.iter_mut().enumerate() {
            let discs = self.count(Colour::of(PlayerIndex(seat)));
            area.parts.push(Part::counter(
                "Discs on the board",
                i64::try_from(discs).unwrap_or(i64::MAX),
            ));
        }
        if let Some(finish) = self.finish() {
            scene.summary.push(match finish.winner() {
                Some(winner) => format!(
                    "{} wins, {} discs to {}.",
                    self.player_name(winner),
                    finish.black.max(finish.white),
                    finish.black.min(finish.white)
                ),
                None => format!("A draw, {} discs each.", finish.black),
            });
        }
        scene
    }
}
