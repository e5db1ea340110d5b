//! What the terminal needs of a game: its table's usual size and how it shows the state
//! to a viewer (each move in words is the game's own [`Game::describe_move`]).

use meeple::{Game, Search, Viewer};

/// A game the command line can run: how many seats it has by default, and how the
/// terminal shows its state to a viewer, in words; each move is shown as the game describes
/// it ([`Game::describe_move`], which a server sends its clients too). Its bots search it, so it
/// implements [`Search`] (`impl Search for MyGame {}` for a game of perfect information).
///
/// The summary must show nothing hidden from `viewer`: `play` prints them to the person at a
/// seat. Implement it for a game, then call [`run`](crate::run) (or
/// [`Cli::game`](crate::Cli::game)) from `main`; `cli/examples/pile.rs` shows a whole game.
pub trait TerminalGame: Search + Game<Actions: PartialEq, Config: Send + Sync> {
    /// How many seats the table has when `--players` is not given: the fewest the game is
    /// played by ([`Game::PLAYERS`]) unless the game says otherwise. Any other count is
    /// checked against [`Game::PLAYERS`].
    const DEFAULT_PLAYERS: usize = *<Self as Game>::PLAYERS.start();

    /// One line on the game for `--help` (its seats, its config); none by default.
    const ABOUT: &'static str = "";

    /// The state as `viewer` may see it, as lines of text: shown before each of the
    /// person's decisions and on `state`. Who is to act is not the state's to say: `play`
    /// prints it under the summary from the engine (`To act: North`), a pending follow-up
    /// first, so a summary that names the player to move from its own fields would be wrong
    /// during a follow-up (a multi-jump).
    fn summary(&self, viewer: Viewer) -> String;
}
