//! Games written with meeple, only through its public API: the proof that the framework
//! carries real rules, and their documentation.
//!
//! - [`backgammon`]: Backgammon with OpenSpiel's rules, the dice that must be played left to
//!   tree-shaking.
//! - [`hearts`]: Hearts for four players, with its variants.
//! - [`tictactoe`]: Tic-tac-toe and k in a row on a square board.
//! - [`memory`]: Memory (Concentration) for 2 to 6 players, face-down pairs on a grid.
//! - [`blackjack`]: Blackjack for 1 to 7 players against the dealer, from a shuffled shoe.
//! - [`breakthrough`]: Breakthrough, pawns that advance and capture on an 8x8 board.
//! - [`connect_four`]: Connect Four, discs dropped into the columns of an upright board.
//! - [`liars_dice`]: Liar's Dice with OpenSpiel's rules, hidden dice and rising bids, for 2
//!   to 6 players.
//! - [`leduc_poker`]: Leduc poker with OpenSpiel's rules, and Kuhn poker as its config.
//! - [`othello`]: Othello with OpenSpiel's rules, discs placed to turn the lines they close
//!   in.
//!
//! [`french`] holds the 52-card deck that Hearts and Blackjack share.
//!
//! Each game is a module with its state (implementing [`meeple::Game`]), its moves, its
//! actions and a typed config; run one with [`meeple::Engine`]:
//!
//! ```
//! use meeple::{Engine, PlayerIndex};
//! use meeple_games::hearts::{Hearts, HeartsConfig};
//!
//! // A short game, played by taking the first completion offered each time.
//! let config = HeartsConfig { target_score: 20, ..HeartsConfig::default() };
//! let mut engine = Engine::<Hearts>::new(config, 4, 42)?;
//! while let Some(player) = engine.position().to_act().first() {
//!     let action = engine.position().completions(player).into_iter().next().expect("a legal action");
//!     engine.submit(player, action)?;
//! }
//! let outcome = engine.position().outcome().expect("the game is over");
//! assert!(outcome.scores().iter().any(|&total| total >= 20));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod backgammon;
pub mod blackjack;
pub mod breakthrough;
pub mod connect_four;
pub mod french;
pub mod hearts;
pub mod leduc_poker;
pub mod liars_dice;
pub mod memory;
pub mod othello;
mod sides;
pub mod smash;
pub mod tictactoe;

/// Every game's table may move between threads, as a server's tasks move it: checked when
/// this crate compiles, so a game that holds an `Rc` or a `Cell` fails here, not in a
/// server.
const _: () = {
    const fn table_is_send<G: meeple::Game>()
    where
        meeple::Engine<G>: Send + Sync,
    {
    }
    table_is_send::<backgammon::Backgammon>();
    table_is_send::<blackjack::Blackjack>();
    table_is_send::<breakthrough::Breakthrough>();
    table_is_send::<connect_four::ConnectFour>();
    table_is_send::<hearts::Hearts>();
    table_is_send::<leduc_poker::LeducPoker>();
    table_is_send::<liars_dice::LiarsDice>();
    table_is_send::<memory::Memory>();
    table_is_send::<othello::Othello>();
    table_is_send::<smash::Smash>();
    table_is_send::<tictactoe::TicTacToe>();
};
