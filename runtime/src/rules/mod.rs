//! The rules an author writes, the contract between a game and the runtime: the `Game`
//! trait, actions and their selections, moves, an action's texts, the declared flow and
//! the optional effects layer. The engine stands on these; they never reach the engine,
//! records or what is built for clients (`tests/layers.rs`).

pub(crate) mod action;
pub(crate) mod distinct;
pub mod effects;
pub mod flow;
pub(crate) mod game;
pub(crate) mod moves;
pub(crate) mod places;
pub(crate) mod search;
pub(crate) mod selection;
pub(crate) mod template;
