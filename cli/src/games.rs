//! The games the command knows, and what the terminal needs of each.

use clap::ValueEnum;
use meeple::{Game, PlayerIndex};
use meeple_games::blackjack::Blackjack;
use meeple_games::hearts::Hearts;
use meeple_games::memory::Memory;
use meeple_games::tictactoe::TicTacToe;

/// A game the command can run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum GameName {
    /// Hearts, 4 players.
    Hearts,
    /// Tic-tac-toe, 2 players (`{"size":4,"in_a_row":4}` for a larger board).
    Tictactoe,
    /// Memory, 2 to 6 players (`{"rows":4,"columns":5}` for a larger grid).
    Memory,
    /// Blackjack, 1 to 7 players against the dealer (`{"decks":1,"rounds":10}`).
    Blackjack,
}

/// Calls a generic function with the game type named by a [`GameName`].
macro_rules! dispatch {
    ($game:expr, $module:ident :: $function:ident ( $($arg:expr),* $(,)? )) => {
        match $game {
            $crate::games::GameName::Hearts => $module::$function::<meeple_games::hearts::Hearts>($($arg),*),
            $crate::games::GameName::Tictactoe => $module::$function::<meeple_games::tictactoe::TicTacToe>($($arg),*),
            $crate::games::GameName::Memory => $module::$function::<meeple_games::memory::Memory>($($arg),*),
            $crate::games::GameName::Blackjack => $module::$function::<meeple_games::blackjack::Blackjack>($($arg),*),
        }
    };
}
pub(crate) use dispatch;

/// What the terminal shows of a game, for one viewer.
pub(crate) trait TerminalGame: Game<Actions: PartialEq, Config: Send + Sync> {
    /// How many seats a game of this kind has at the table by default.
    const PLAYERS: usize;
    /// The state as `viewer` may see it, as lines of text.
    fn summary(&self, viewer: PlayerIndex) -> String;
    /// A move as `viewer` may see it; `None` for moves with nothing to show them.
    fn describe(&self, applied: &Self::Move, viewer: PlayerIndex) -> Option<String>;
}

impl TerminalGame for Hearts {
    const PLAYERS: usize = 4;

    fn summary(&self, viewer: PlayerIndex) -> String {
        Hearts::summary(self, viewer)
    }

    fn describe(&self, applied: &Self::Move, viewer: PlayerIndex) -> Option<String> {
        Hearts::describe_move(self, applied, viewer)
    }
}

impl TerminalGame for TicTacToe {
    const PLAYERS: usize = 2;

    fn summary(&self, viewer: PlayerIndex) -> String {
        TicTacToe::summary(self, viewer)
    }

    fn describe(&self, applied: &Self::Move, viewer: PlayerIndex) -> Option<String> {
        TicTacToe::describe_move(self, applied, viewer)
    }
}

impl TerminalGame for Memory {
    const PLAYERS: usize = 2;

    fn summary(&self, viewer: PlayerIndex) -> String {
        Memory::summary(self, viewer)
    }

    fn describe(&self, applied: &Self::Move, viewer: PlayerIndex) -> Option<String> {
        Memory::describe_move(self, applied, viewer)
    }
}

impl TerminalGame for Blackjack {
    const PLAYERS: usize = 2;

    fn summary(&self, viewer: PlayerIndex) -> String {
        Blackjack::summary(self, viewer)
    }

    fn describe(&self, applied: &Self::Move, viewer: PlayerIndex) -> Option<String> {
        Blackjack::describe_move(self, applied, viewer)
    }
}

/// Reads a game's config from `--config` JSON, or its default.
pub(crate) fn config<G: Game>(json: Option<&str>) -> Result<G::Config, crate::CliError> {
    match json {
        None => Ok(G::Config::default()),
        Some(json) => {
            serde_json::from_str(json).map_err(|error| crate::CliError::Config(error.to_string()))
        }
    }
}
