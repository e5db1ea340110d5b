//! What the terminal needs of a game: its table's usual size and how it shows the state
//! and each move to a viewer.

use meeple::{Game, Search, Viewer};

/// A game the command line can run: how many seats it has by default, and how the
/// terminal shows its state and its moves to a viewer, in words. Its bots search it, so it
/// implements [`Search`] (`impl Search for MyGame {}` for a game of perfect information).
///
/// Both texts must show nothing hidden from `viewer`: `play` prints them to the person at a
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

    /// A move that was just applied, as `viewer` may see it, in a sentence with the
    /// players' names (`"East plays QS"`, `"You are dealt 7H"`). `self` is the game's
    /// current state, which may be later than the move: describe the move from its own data.
    /// `None` for a move with nothing to show.
    fn describe(&self, applied: &Self::Move, viewer: Viewer) -> Option<String>;
}
