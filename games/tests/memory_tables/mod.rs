//! Helpers shared by the Memory test suites: where the cards lie, as the admin sees them.

#![allow(dead_code, reason = "each test binary uses a part of the helpers")]

use meeple::{Engine, Space};
use meeple_games::memory::Memory;

/// The face-down spaces, in order, as the admin sees them: with their faces.
pub fn face_down(engine: &Engine<Memory>) -> Vec<(Space, String)> {
    let board = engine.position().state().face_down();
    board
        .taken()
        .map(|space| {
            let face = board.component(space).expect("the admin sees it");
            (space, face.to_string())
        })
        .collect()
}

/// The first face-down space and the first one whose face differs.
pub fn two_different(engine: &Engine<Memory>) -> [Space; 2] {
    let cards = face_down(engine);
    let (first, face) = &cards[0];
    let other = cards
        .iter()
        .find(|(_, other)| other != face)
        .expect("two faces");
    [*first, other.0]
}

/// The first face-down pair: two spaces of one face.
pub fn a_pair(engine: &Engine<Memory>) -> [Space; 2] {
    let cards = face_down(engine);
    for (index, (first, face)) in cards.iter().enumerate() {
        if let Some((second, _)) = cards[index + 1..].iter().find(|(_, other)| other == face) {
            return [*first, *second];
        }
    }
    panic!("no pair left")
}
