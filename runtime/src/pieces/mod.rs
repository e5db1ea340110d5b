//! The pieces a state is made of, which every layer above may use: seats, chance, an
//! outcome, components and the places they lie in, boards, and the moves of pieces
//! between places. Nothing here knows a game's rules.

pub(crate) mod board;
pub(crate) mod chance;
pub(crate) mod components;
pub(crate) mod outcome;
pub(crate) mod player;
