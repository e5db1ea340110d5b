//! `meeple replay`: replays logged games and checks that every record reproduces.

use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::Path;

use clap::ValueEnum;
use meeple::Engine;

use crate::CliError;
use crate::games::{GameName, TerminalGame};

/// Replays every game of the JSON-lines log at `path`; prints each outcome and a total.
///
/// # Errors
/// The file cannot be read, a line is not a game log, or a record does not reproduce
/// (the error names the line and the record).
pub(crate) fn run(path: &Path) -> Result<(), CliError> {
    let io_error = |source| CliError::Io {
        path: path.to_path_buf(),
        source,
    };
    let reader = BufReader::new(File::open(path).map_err(io_error)?);
    let mut games = 0;
    let mut records = 0;
    for (index, line) in reader.lines().enumerate() {
        let line = line.map_err(io_error)?;
        if line.trim().is_empty() {
            continue;
        }
        let fail = |reason: String| CliError::Replay {
            path: path.to_path_buf(),
            line: index + 1,
            reason,
        };
        #[derive(serde::Deserialize)]
        struct Header {
            game: String,
        }
        let header: Header = serde_json::from_str(&line)
            .map_err(|error| fail(format!("not a game log: {error}")))?;
        let game = GameName::from_str(&header.game, true)
            .map_err(|_| fail(format!("unknown game `{}`", header.game)))?;
        let summary = crate::games::dispatch!(game, self::replay_one(&line)).map_err(fail)?;
        records += summary.1;
        games += 1;
        println!("game {games}: {}", summary.0);
    }
    println!("replayed {games} games, {records} records, every record reproduced");
    Ok(())
}

/// Replays one game; returns its outcome as text and its number of records.
fn replay_one<G: TerminalGame>(line: &str) -> Result<(String, usize), String> {
    let engine = Engine::<G>::replay_json(line).map_err(|error| error.to_string())?;
    let outcome = match engine.outcome() {
        Some(outcome) => format!(
            "seed {}, winners {:?}, scores {:?}",
            engine.log().seed,
            outcome
                .winners
                .iter()
                .map(|winner| winner.0)
                .collect::<Vec<_>>(),
            outcome.scores
        ),
        None => format!("seed {}, not finished", engine.log().seed),
    };
    Ok((outcome, engine.records().len()))
}
