//! `meeple prompt`: the JSON prompt of the player to act after K bot submissions.

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
    let engine = play_out(&Table::<G>::new(args)?, seed, Some(after), true)?;
    let text = match engine.to_act().first() {
        Some(player) => serde_json::to_string_pretty(&engine.prompt(player)),
        None => serde_json::to_string_pretty(&engine.outcome()),
    };
    say!(
        "{}",
        text.map_err(|error| CliError::Config(error.to_string()))?
    )
}
