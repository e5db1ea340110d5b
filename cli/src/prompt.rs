//! `meeple prompt`: the JSON prompt of the player to act after K bot submissions.

use meeple::Position;

use crate::output::say;
use crate::simulate::{Table, TableArgs, play_out};
use crate::{CliError, TerminalGame};

/// Plays `after` submissions of the table's agents from `seed`, then prints the prompt of
/// the first player to act as pretty JSON (the game's outcome when it ended before).
///
/// # Errors
/// A bad config, player count or agent, or a game that gets stuck.
pub(crate) fn run<G: TerminalGame>(
    args: &TableArgs,
    seed: u64,
    after: usize,
) -> Result<(), CliError> {
    let table = Table::<G>::new(args)?;
    let start = Position::<G>::new(&table.config, table.players, seed)?;
    let position = play_out(&table, seed, Some(after), start)?;
    let text = match position.to_act().first() {
        Some(player) => serde_json::to_string_pretty(&position.prompt(player)),
        None => serde_json::to_string_pretty(&position.outcome()),
    };
    say!(
        "{}",
        text.map_err(|error| CliError::Config(error.to_string()))?
    )
}
