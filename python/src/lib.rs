//! meeple's games as Python environments for learning agents: the native module
//! `meeple._core` of the Python package `meeple` (`pip install ./python`, built by
//! maturin), and [`Module`], with which an author offers their own games to Python.
//!
//! Each game is played one distinct action at a time ([`meeple::Environment`]): an
//! integer per selection, from a layout fixed per game, config and seats, the
//! observation written from the seat's view alone. The Python package wraps the two
//! classes here (`Game`, `State`) in PettingZoo, OpenSpiel and Gymnasium adapters.
//!
//! The logic is plain Rust ([`meeple::Environment`], tested by `cargo test`); the classes
//! only translate. Built without PyO3's `extension-module` feature (maturin sets it), so
//! the workspace's tests still link.

mod batch;
mod classes;
mod module;
mod simulation;
mod table;

pub use module::Module;

use pyo3::prelude::*;

/// The native module of the `meeple` package: the games of `meeple-games`.
#[pymodule]
#[pyo3(name = "_core")]
fn core(module: &Bound<'_, PyModule>) -> PyResult<()> {
    use meeple_games::{
        backgammon::Backgammon, blackjack::Blackjack, breakthrough::Breakthrough,
        connect_four::ConnectFour, hearts::Hearts, leduc_poker::LeducPoker, liars_dice::LiarsDice,
        memory::Memory, othello::Othello, smash::Smash, tictactoe::TicTacToe,
    };
    Module::new()
        .game::<TicTacToe>()
        .game::<ConnectFour>()
        .game::<Breakthrough>()
        .game::<Memory>()
        .game::<Hearts>()
        .game::<Blackjack>()
        .game::<Smash>()
        .game::<Othello>()
        .game::<LiarsDice>()
        .game::<LeducPoker>()
        .game::<Backgammon>()
        .add_to(module)
}
