//! Scenes: a view as the pieces a client draws, with no code of the game's in the client.
//!
//! A [`Scene`] is what one viewer sees of a game laid out on a table: the parts between
//! the seats (boards, the trick, piles, bases), each seat's own area (its hand, its taken
//! cards, its counters) and a few lines of text for what the pieces cannot show (a phase,
//! a computed power). Every piece carries its face text (`None` when it lies face down),
//! its owner and, when a selection may pick it, the option value that picks it, so a
//! client lets a player choose on the pieces themselves.
//!
//! [`Game::scene`](crate::Game::scene) makes a game's scene from the viewer's own view,
//! never from the whole state, so a scene cannot show what the view hides. By default it
//! is written out from the view's JSON ([`Scene::written_out`]): every [`Board`], [`Stack`]
//! and [`SizedStack`] field becomes a part, per-seat ones go to each seat's area, numbers
//! become counters. A game refines it with the builders here ([`Part::board`],
//! [`Part::stack`], [`Piece::face_up`]...).
//!
//! After Boardzilla's generated UI (every space and piece of the game drawn as itself,
//! with no UI code) and boardgame.io's `playerView`: the scene is per viewer.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::pieces::board::{Board, Space};
use crate::pieces::components::{Piece as PlacedPiece, SizedStack, Slot, Stack};
use crate::pieces::player::{PlayerIndex, Seats};

/// What one viewer sees of a game, laid out as parts on a table.
///
/// Serialized as `{"summary":[..],"table":[part..],"seats":[{"summary":[..],"parts":[..]}..]}`
/// (see [`Part`] for a part).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scene {
    /// Lines about the whole table that its pieces cannot show ("Hand 2, passing to the
    /// left", "Hearts are broken"), each a sentence; shown above the pieces.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub summary: Vec<String>,
    /// What lies between the seats: boards, the trick, draw piles, bases.
    #[serde(default)]
    pub table: Vec<Part>,
    /// Each seat's area, seat 0 first; as many as the table has seats, or none for a
    /// game that keeps everything on the table.
    #[serde(default)]
    pub seats: Vec<Area>,
}

impl Scene {
    /// An empty scene with an area for each of `seats`.
    #[must_use]
    pub fn for_seats(seats: Seats) -> Self {
        Scene {
            summary: Vec::new(),
            table: Vec::new(),
            seats: vec![Area::default(); seats.count()],
        }
    }

    /// The area of `seat`, mutably; `None` for a seat the scene has no area for.
    pub fn seat_mut(&mut self, seat: PlayerIndex) -> Option<&mut Area> {
        self.seats.get_mut(seat.0)
    }

    /// A scene written out from `view`, a viewer's view as JSON, for a table of `seats`:
    /// what [`Game::scene`](crate::Game::scene) returns unless a game draws its own.
    ///
    /// Each field of the view's top-level object, in the order of their names, by its
    /// shape: a [`Board`] becomes a
    /// board part of the table, a [`Stack`] or [`SizedStack`] a pile of cards, a list of
    /// as many places as there are seats one part in each seat's area, a number a counter
    /// and a list of as many numbers as seats a counter in each area. Other fields are
    /// left out. A part is named after its field (`face_up` is "face up"); a piece's face
    /// is its component written out (a string or number as it is, an enum variant by its
    /// name, a struct by the first of its string or number fields in the order of their
    /// names); a board's pieces can be
    /// chosen by their space, as `choose_on_board` offers them.
    #[must_use]
    pub fn written_out(view: &Value, seats: Seats) -> Self {
        let mut scene = Scene::for_seats(seats);
        let Value::Object(fields) = view else {
            return scene;
        };
        for (key, value) in fields {
            let name = key.replace('_', " ");
            if let Some(part) = written_part(&name, value) {
                scene.table.push(part);
                continue;
            }
            if let Value::Number(number) = value {
                if let Some(count) = number.as_i64() {
                    scene.table.push(Part::counter(name, count));
                }
                continue;
            }
            let Value::Array(items) = value else { continue };
            if items.len() != seats.count() || items.is_empty() {
                continue;
            }
            if items.iter().all(Value::is_i64) {
                for (area, item) in scene.seats.iter_mut().zip(items) {
                    area.parts
                        .push(Part::counter(name.clone(), item.as_i64().unwrap_or(0)));
                }
            } else {
                let parts: Option<Vec<Part>> =
                    items.iter().map(|item| written_part(&name, item)).collect();
                for (area, part) in scene.seats.iter_mut().zip(parts.into_iter().flatten()) {
                    area.parts.push(part);
                }
            }
        }
        scene
    }
}

/// A part of `value`'s shape, if it is a place: a board, a stack or a sized stack as the
/// runtime serializes them.
fn written_part(name: &str, value: &Value) -> Option<Part> {
    let object = value.as_object()?;
    if let (Some(grid), Some(spaces)) = (object.get("grid"), object.get("spaces")) {
        let rows = usize::try_from(grid.get("rows")?.as_u64()?).ok()?;
        let columns = usize::try_from(grid.get("columns")?.as_u64()?).ok()?;
        let slots = spaces.get("slots")?.as_array()?;
        let spaces = slots
            .iter()
            .enumerate()
            .map(|(space, slot)| written_piece(slot).map(|piece| piece.choosing(space)))
            .collect();
        return Some(Part::grid(name, rows, columns, spaces));
    }
    if object.contains_key("deck") {
        let slots = object.get("slots")?.as_array()?;
        let pieces = slots.iter().filter_map(written_piece).collect();
        return Some(Part::cards(name, Layout::Pile, pieces));
    }
    None
}

/// The piece a serialized slot shows: `None` for an empty slot. A slot that is not the
/// runtime's (a board of the game's own, of names) shows itself written out.
fn written_piece(slot: &Value) -> Option<Piece> {
    let object = match slot {
        Value::Null => return None,
        Value::Object(object) => object,
        other => return Some(Piece::face_up(face_of(other))),
    };
    if let Some(token) = object.get("hidden") {
        let piece = Piece::face_down();
        return Some(match token.as_u64() {
            Some(token) => piece.keyed(format!("t{token}")),
            None => piece,
        });
    }
    let known = object.get("known")?;
    let piece = Piece::face_up(face_of(known.get("component")?));
    Some(match known.get("id") {
        Some(id) => match (
            id.get("deck").and_then(Value::as_u64),
            id.get("index").and_then(Value::as_u64),
        ) {
            (Some(deck), Some(index)) => piece.keyed(format!("{deck}.{index}")),
            _ => piece,
        },
        None => piece,
    })
}

/// A component's face as text: see [`Scene::written_out`].
fn face_of(component: &Value) -> String {
    match component {
        Value::String(text) => text.clone(),
        Value::Number(number) => number.to_string(),
        Value::Bool(flag) => flag.to_string(),
        Value::Object(fields) => {
            if fields.len() == 1
                && let Some((variant, _)) = fields.iter().next()
                && variant.chars().next().is_some_and(char::is_uppercase)
            {
                return variant.clone();
            }
            fields
                .values()
                .find(|inner| inner.is_string() || inner.is_number())
                .map_or_else(String::new, face_of)
        }
        Value::Array(items) => items.iter().map(face_of).collect::<Vec<_>>().join(" "),
        Value::Null => String::new(),
    }
}

/// A seat's area of the table: its parts and what its pieces cannot show.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Area {
    /// Lines about the seat ("7 cards; passed", "Power on bases: 12"), each short.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub summary: Vec<String>,
    /// Its parts: the hand first, then what it took, its counters.
    #[serde(default)]
    pub parts: Vec<Part>,
}

/// One thing drawn on the table: cards, a board or a counter, with its name.
///
/// Serialized flat, tagged by `shape`:
/// `{"name":"trick","shape":"cards","layout":"row","pieces":[..]}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Part {
    /// What it is, in a few words ("Your hand", "The trick", "Tar Pits").
    pub name: String,
    /// Short lines beside it that its pieces cannot show ("power 12 of 16").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// The option values that pick the part itself (a base a minion is played on, as a
    /// slot or as a target), for the selections that may offer it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub choices: Vec<Value>,
    /// What it is drawn as.
    #[serde(flatten)]
    pub shape: Shape,
}

impl Part {
    /// Cards (or any pieces) laid out as `layout`.
    #[must_use]
    pub fn cards(name: impl Into<String>, layout: Layout, pieces: Vec<Piece>) -> Self {
        Part {
            name: name.into(),
            notes: Vec::new(),
            choices: Vec::new(),
            shape: Shape::Cards { layout, pieces },
        }
    }

    /// The pieces of `stack`, bottom first, laid out as `layout`: each known piece drawn
    /// by `draw`, each hidden one face down.
    #[must_use]
    pub fn stack<C, V>(
        name: impl Into<String>,
        layout: Layout,
        stack: &Stack<C, V>,
        mut draw: impl FnMut(&PlacedPiece<C, V>) -> Piece,
    ) -> Self {
        let pieces = stack.slots().iter().map(|slot| drawn(slot, &mut draw));
        Part::cards(name, layout, pieces.collect())
    }

    /// The pieces of `stack`'s filled slots, in order, as [`stack`](Self::stack) draws
    /// them.
    #[must_use]
    pub fn sized_stack<C, V>(
        name: impl Into<String>,
        layout: Layout,
        stack: &SizedStack<C, V>,
        mut draw: impl FnMut(&PlacedPiece<C, V>) -> Piece,
    ) -> Self {
        let pieces = stack
            .slots()
            .iter()
            .flatten()
            .map(|slot| drawn(slot, &mut draw));
        Part::cards(name, layout, pieces.collect())
    }

    /// `board` as a grid of spaces: each known piece drawn by `draw` with its space, each
    /// hidden one face down; every piece can be chosen by its space.
    #[must_use]
    pub fn board<C, V>(
        name: impl Into<String>,
        board: &Board<C, V>,
        mut draw: impl FnMut(Space, &PlacedPiece<C, V>) -> Piece,
    ) -> Self {
        let grid = board.grid();
        let spaces = grid
            .spaces()
            .map(|space| {
                board
                    .get(space)
                    .map(|slot| drawn(slot, &mut |piece| draw(space, piece)).choosing(space.0))
            })
            .collect();
        Part::grid(name, grid.rows, grid.columns, spaces)
    }

    /// A grid of `rows` x `columns` spaces, each holding its piece of `spaces` (row by row
    /// from the top left, `None` for an empty one): a board the game lays out itself
    /// (Memory's cards, face down or up where they lie).
    #[must_use]
    pub fn grid(
        name: impl Into<String>,
        rows: usize,
        columns: usize,
        spaces: Vec<Option<Piece>>,
    ) -> Self {
        Part {
            name: name.into(),
            notes: Vec::new(),
            choices: Vec::new(),
            shape: Shape::Board {
                rows,
                columns,
                spaces,
                row_labels: Vec::new(),
                column_labels: Vec::new(),
            },
        }
    }

    /// A number with its name: a score, chips, points this hand.
    #[must_use]
    pub fn counter(name: impl Into<String>, value: i64) -> Self {
        Part {
            name: name.into(),
            notes: Vec::new(),
            choices: Vec::new(),
            shape: Shape::Counter { value },
        }
    }

    /// This part with the labels of a board's rows (top first) and columns (left first),
    /// as the game names its spaces ("a" to "h", "8" to "1"); a part that is not a board
    /// is returned as it is.
    #[must_use]
    pub fn labelled(mut self, rows: Vec<String>, columns: Vec<String>) -> Self {
        if let Shape::Board {
            row_labels,
            column_labels,
            ..
        } = &mut self.shape
        {
            *row_labels = rows;
            *column_labels = columns;
        }
        self
    }

    /// This part with `note` beside it.
    #[must_use]
    pub fn noted(mut self, note: impl Into<String>) -> Self {
        self.notes.push(note.into());
        self
    }

    /// This part, picked as a whole by an option of value `choice` too.
    #[must_use]
    pub fn choosing(mut self, choice: impl Serialize) -> Self {
        self.choices.extend(serde_json::to_value(choice).ok());
        self
    }
}

/// A slot as a piece: a known one drawn by `draw`, a hidden one face down; either keyed
/// to be followed (its component, or its token).
fn drawn<C, V>(slot: &Slot<C, V>, draw: &mut impl FnMut(&PlacedPiece<C, V>) -> Piece) -> Piece {
    match slot {
        Slot::Known(piece) => {
            let id = piece.id();
            let drawn = draw(piece);
            if drawn.key.is_some() {
                drawn
            } else {
                drawn.keyed(format!("{}.{}", id.deck.0, id.index))
            }
        }
        Slot::Hidden(Some(token)) => Piece::face_down().keyed(format!("t{token}")),
        Slot::Hidden(None) => Piece::face_down(),
    }
}

/// What a part is drawn as.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "shape", rename_all = "snake_case")]
pub enum Shape {
    /// Pieces side by side or stacked: a hand, a trick, a pile.
    Cards {
        /// How they lie.
        layout: Layout,
        /// The pieces, bottom (or first) first.
        pieces: Vec<Piece>,
    },
    /// A grid of `rows` x `columns` spaces, numbered row by row from the top left: the
    /// runtime's [`Board`].
    Board {
        /// How many rows.
        rows: usize,
        /// How many columns.
        columns: usize,
        /// Each space's piece, or `null` for an empty one; `rows * columns` of them.
        spaces: Vec<Option<Piece>>,
        /// The rows' names, top first (none: not labelled).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        row_labels: Vec<String>,
        /// The columns' names, left first (none: not labelled).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        column_labels: Vec<String>,
    },
    /// A number: a score, a count.
    Counter {
        /// Its value.
        value: i64,
    },
}

/// How the pieces of a [`Shape::Cards`] part lie.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Layout {
    /// Fanned, each face readable: a player's hand.
    Hand,
    /// Side by side, each face readable: a trick, cards in play, a tableau.
    Row,
    /// Stacked: the top piece and how many lie there (a draw pile, a discard pile).
    Pile,
}

/// The colour a [`Piece`] is drawn in, where the game's pieces have colours of their own
/// (red and black suits, black and white pawns); pieces without one are coloured by their
/// owner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ink {
    /// Red: hearts and diamonds, a red disc.
    Red,
    /// Black: clubs and spades, a black pawn.
    Black,
    /// White: a white pawn.
    White,
    /// Yellow: a yellow disc.
    Yellow,
    /// Blue.
    Blue,
    /// Green.
    Green,
}

/// One piece as a viewer sees it: a card, a mark, a pawn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Piece {
    /// What its face shows ("J♣", "X"); `None` when it lies face down.
    pub face: Option<String>,
    /// What it is in words, for a screen reader and a tooltip ("jack of clubs"); a client
    /// names the piece by its face, then this.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// The seat it belongs to, when it has an owner (coloured by seat).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub owner: Option<usize>,
    /// Its ink, when the game's faces have colours.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ink: Option<Ink>,
    /// The option values that pick it, for the selections that may offer it: its card,
    /// its space, itself as a target.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub choices: Vec<Value>,
    /// Short words that mark it ("received", "ongoing"), shown on it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub marks: Vec<String>,
    /// What follows the piece from one scene to the next, for a client that animates its
    /// moves: its component (`"0.12"`, deck and index), or a hidden piece's token
    /// (`"t77"`); `None` when the piece cannot be followed (a client may follow it by its
    /// first choice).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key: Option<String>,
}

impl Piece {
    /// A piece whose face shows `face`.
    #[must_use]
    pub fn face_up(face: impl Into<String>) -> Self {
        Piece::showing(Some(face.into()))
    }

    /// A piece lying face down.
    #[must_use]
    pub fn face_down() -> Self {
        Piece::showing(None)
    }

    /// A piece showing `face` (`None`: face down), with nothing else said of it.
    fn showing(face: Option<String>) -> Self {
        Piece {
            face,
            title: None,
            owner: None,
            ink: None,
            choices: Vec::new(),
            marks: Vec::new(),
            key: None,
        }
    }

    /// This piece, said in words as `title`.
    #[must_use]
    pub fn titled(mut self, title: impl Into<String>) -> Self {
        self.title = Some(title.into());
        self
    }

    /// This piece, belonging to `owner`.
    #[must_use]
    pub fn owned_by(mut self, owner: PlayerIndex) -> Self {
        self.owner = Some(owner.0);
        self
    }

    /// This piece, inked `ink`.
    #[must_use]
    pub fn inked(mut self, ink: Ink) -> Self {
        self.ink = Some(ink);
        self
    }

    /// This piece, picked by an option of value `choice` too (its serde form, as the
    /// prompt writes option values).
    #[must_use]
    pub fn choosing(mut self, choice: impl Serialize) -> Self {
        self.choices.extend(serde_json::to_value(choice).ok());
        self
    }

    /// This piece, followed from scene to scene by `key` ([`Piece::key`]).
    #[must_use]
    pub fn keyed(mut self, key: impl Into<String>) -> Self {
        self.key = Some(key.into());
        self
    }

    /// This piece, marked with `mark`.
    #[must_use]
    pub fn marked(mut self, mark: impl Into<String>) -> Self {
        self.marks.push(mark.into());
        self
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn seats(count: usize) -> Seats {
        Seats::new(count)
    }

    #[test]
    fn a_view_is_written_out_as_boards_piles_and_counters() {
        let view = json!({
            "board": {
                "grid": {"rows": 1, "columns": 3},
                "spaces": {"deck": 0, "slots": [
                    {"known": {"id": {"deck": 0, "index": 0}, "component": "X", "value": null, "token": 1}},
                    null,
                    {"hidden": 7},
                ]},
            },
            "supplies": [
                {"deck": 0, "slots": [{"known": {"id": {"deck": 0, "index": 1}, "component": {"Pawn": {"colour": "Black"}}, "value": null, "token": 2}}]},
                {"deck": 0, "slots": [{"hidden": null}, {"hidden": null}]},
            ],
            "scores": [3, 5],
            "round": 2,
            "winner": null,
        });
        let scene = Scene::written_out(&view, seats(2));
        assert_eq!(
            serde_json::to_value(&scene).expect("a scene serializes"),
            json!({
                "table": [
                    {"name": "board", "shape": "board", "rows": 1, "columns": 3, "spaces": [
                        {"face": "X", "choices": [0], "key": "0.0"},
                        null,
                        {"face": null, "choices": [2], "key": "t7"},
                    ]},
                    {"name": "round", "shape": "counter", "value": 2},
                ],
                "seats": [
                    {"parts": [
                        {"name": "scores", "shape": "counter", "value": 3},
                        {"name": "supplies", "shape": "cards", "layout": "pile", "pieces": [{"face": "Pawn", "key": "0.1"}]},
                    ]},
                    {"parts": [
                        {"name": "scores", "shape": "counter", "value": 5},
                        {"name": "supplies", "shape": "cards", "layout": "pile", "pieces": [{"face": null}, {"face": null}]},
                    ]},
                ],
            })
        );
    }

    #[test]
    fn a_view_that_is_not_an_object_has_empty_areas() {
        let scene = Scene::written_out(&json!([1, 2]), seats(3));
        assert_eq!(scene, Scene::for_seats(seats(3)));
    }
}
