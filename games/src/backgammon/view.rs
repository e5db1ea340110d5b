//! What the terminal and the table show of a game of Backgammon. Points are named from the
//! side of the player they are shown to, as players count them: 24 the furthest from home,
//! 1 the last point before bearing off (OpenSpiel's notation: X's point `p` is its
//! `24 - p`, O's is its `p + 1`).

use std::fmt::Write as _;

use meeple::scene::{Ink, Layout, Part, Piece, Scene};
use meeple::{Game, PlayerIndex, Seats, Viewer};

use super::{Backgammon, BackgammonMove, Finish, POINTS, Source, board};

/// The letter of `player`'s checkers: `x` or `o`, as OpenSpiel prints them.
fn letter(player: PlayerIndex) -> char {
    if player.0 == 0 { 'x' } else { 'o' }
}

impl Backgammon {
    /// `point` (absolute) as `player` counts it: 1 to 24, 24 the furthest from home.
    #[must_use]
    pub fn point_number(player: PlayerIndex, point: usize) -> usize {
        if player.0 == 0 {
            POINTS - point
        } else {
            point + 1
        }
    }

    /// A checker selection's option in words for `player`: `13` (a point, as they count
    /// it), `bar`, or `no move`.
    #[must_use]
    pub fn source_label(&self, player: PlayerIndex, source: Option<Source>) -> String {
        match source {
            Some(Source::Point(point)) => Self::point_number(player, point).to_string(),
            Some(Source::Bar) => "bar".to_owned(),
            None => "no move".to_owned(),
        }
    }

    /// A pip selection's option in words: `by 5`, or `no move`.
    #[must_use]
    pub fn pip_label(&self, pip: Option<u8>) -> String {
        pip.map_or_else(|| "no move".to_owned(), |pip| format!("by {pip}"))
    }

    /// The board as text from the viewer's side (X for an observer): points 13 to 24 above,
    /// 12 to 1 below, each with the letter of its checkers and their count; then the bar,
    /// the checkers off, the dice and how many must be played, or how the game ended.
    #[must_use]
    pub fn summary(&self, viewer: Viewer) -> String {
        let side = match viewer {
            Viewer::Player(seat) => seat,
            _ => PlayerIndex(0),
        };
        let absolute = |number: usize| {
            if side.0 == 0 {
                POINTS - number
            } else {
                number - 1
            }
        };
        let mut text = String::new();
        for numbers in [(13..=24).collect::<Vec<_>>(), (1..=12).rev().collect()] {
            let mut names = String::new();
            let mut cells = String::new();
            for (at, number) in numbers.iter().enumerate() {
                if at == 6 {
                    names.push_str(" |");
                    cells.push_str(" |");
                }
                let point = absolute(*number);
                let _ = write!(names, "{number:>4}");
                let cell = [PlayerIndex(0), PlayerIndex(1)]
                    .into_iter()
                    .find_map(|player| {
                        let count = self.checkers(player, point);
                        (count > 0).then(|| format!("{}{count}", letter(player)))
                    })
                    .unwrap_or_else(|| ".".to_owned());
                let _ = write!(cells, "{cell:>4}");
            }
            let _ = writeln!(text, "{names}\n{cells}");
        }
        let board = self.board();
        let (x, o) = (PlayerIndex(0), PlayerIndex(1));
        let _ = writeln!(
            text,
            "Bar: x {}, o {}   Off: x {}, o {}",
            board.bar(x),
            board.bar(o),
            board.off(x),
            board.off(o)
        );
        match (self.finish(), self.dice()) {
            (Some(Finish::Won { winner, points }), _) => {
                let _ = writeln!(text, "{} wins {points}", self.player_name(winner));
            }
            (Some(Finish::TurnLimit), _) => text.push_str("The turn limit ends the game\n"),
            (None, Some([low, high])) => {
                let half = if self.second_half {
                    ", the second half of the double"
                } else {
                    ""
                };
                let _ = writeln!(
                    text,
                    "Dice: {low} {high}, {} to play{half}",
                    self.playable()
                );
            }
            (None, None) => {}
        }
        if let Viewer::Player(seat) = viewer {
            let _ = writeln!(
                text,
                "You are {} ({}), points counted from your side",
                self.player_name(seat),
                letter(seat)
            );
        }
        text
    }

    /// A move in words, points counted from the mover's side: `"X rolls 3 and 5"`, `"X
    /// moves 24/21"`, `"O moves bar/22*"` (a hit), `"X bears off from 3"`, `"X wins a
    /// gammon"`. Reads only the move's data.
    #[must_use]
    pub(super) fn move_in_words(
        &self,
        applied: &BackgammonMove,
        _viewer: Viewer,
    ) -> Option<String> {
        Some(match *applied {
            BackgammonMove::OpeningRoll | BackgammonMove::Roll { .. } => return None,
            BackgammonMove::Rolled { player, dice } => format!(
                "{} rolls {} and {}",
                self.player_name(player),
                dice[0],
                dice[1]
            ),
            BackgammonMove::Moved {
                player,
                from,
                pip,
                hit,
            } => {
                let from_name = self.source_label(player, Some(from));
                match self.board().destination(player, from, pip) {
                    Some(board::Target::Point(to)) => format!(
                        "{} moves {from_name}/{}{}",
                        self.player_name(player),
                        Self::point_number(player, to),
                        if hit { "*" } else { "" }
                    ),
                    _ => format!("{} bears off from {from_name}", self.player_name(player)),
                }
            }
            BackgammonMove::Hit { player, .. } => {
                format!("{}'s checker goes to the bar", self.player_name(player))
            }
            BackgammonMove::Played { .. } | BackgammonMove::TurnEnded { .. } => return None,
            BackgammonMove::Ended(Finish::Won { winner, points }) => format!(
                "{} wins {}",
                self.player_name(winner),
                match points {
                    1 => "the game",
                    2 => "a gammon",
                    _ => "a backgammon",
                }
            ),
            BackgammonMove::Ended(Finish::TurnLimit) => "The turn limit ends the game".to_owned(),
        })
    }

    /// The table as pieces ([`Game::scene`]): the board as four rows of six points, its
    /// quarters as X counts them (13 to 18, 19 to 24, 12 to 7, 6 to 1), each point's
    /// checkers as one piece with their count, chosen there as the checker to move; each
    /// seat's checkers on the bar (chosen there to enter) and off; the dice.
    pub(super) fn draw_scene(&self, seats: Seats) -> Scene {
        let mut scene = Scene::for_seats(seats);
        let (x, o) = (PlayerIndex(0), PlayerIndex(1));
        let mut spaces = Vec::with_capacity(POINTS);
        // Four rows of six, as the board's quarters read from the left: X's 13 to 18,
        // 19 to 24, 12 to 7 and 6 to 1 (absolute 11 down to 6, 5 down to 0, 12 up to 17
        // and 18 up to 23); six columns fit a phone's window.
        let rows: [Vec<usize>; 4] = [
            (6..12).rev().collect(),
            (0..6).rev().collect(),
            (12..18).collect(),
            (18..POINTS).collect(),
        ];
        for row in rows {
            for point in row {
                let piece = [x, o].into_iter().find_map(|player| {
                    let count = self.checkers(player, point);
                    (count > 0).then(|| {
                        Piece::face_up(format!("{count}"))
                            .titled(format!(
                                "{count} of {}'s checkers on point {} (X's count), {} (O's)",
                                self.player_name(player),
                                Self::point_number(x, point),
                                Self::point_number(o, point)
                            ))
                            .owned_by(player)
                            .inked(if player == x { Ink::Black } else { Ink::White })
                            .choosing(Some(Source::Point(point)))
                    })
                });
                spaces.push(piece);
            }
        }
        scene.table.push(Part::grid("Board", 4, 6, spaces).labelled(
            vec![
                "13-18".to_owned(),
                "19-24".to_owned(),
                "12-7".to_owned(),
                "6-1".to_owned(),
            ],
            Vec::new(),
        ));
        let dice: Vec<Piece> = self
            .dice()
            .map(|dice| dice.to_vec())
            .unwrap_or_default()
            .into_iter()
            .map(|die| Piece::face_up(die.to_string()).titled(format!("a die showing {die}")))
            .collect();
        scene.table.push(Part::cards("Dice", Layout::Row, dice));
        for (seat, area) in scene.seats.iter_mut().enumerate() {
            let player = PlayerIndex(seat);
            let on_bar: Vec<Piece> = (0..self.board().bar(player))
                .map(|_| {
                    Piece::face_up("●")
                        .titled(format!("{}'s checker on the bar", self.player_name(player)))
                        .owned_by(player)
                        .inked(if player == x { Ink::Black } else { Ink::White })
                        .choosing(Some(Source::Bar))
                })
                .collect();
            area.parts.push(Part::cards("Bar", Layout::Row, on_bar));
            area.parts.push(Part::counter(
                "Borne off",
                i64::from(self.board().off(player)),
            ));
        }
        match self.finish() {
            Some(Finish::Won { winner, points }) => scene.summary.push(format!(
                "{} wins, worth {points}.",
                self.player_name(winner)
            )),
            Some(Finish::TurnLimit) => scene
                .summary
                .push("The turn limit ends the game.".to_owned()),
            None => {}
        }
        scene
    }
}
