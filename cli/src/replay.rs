//! `meeple replay`: replays logged games and checks that every record, and each game's
//! seal, reproduces.

use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::path::Path;

use meeple::{Engine, GameLog};

use crate::output::{finish_in_words, say};
use crate::{CliError, MAX_LOG_FILE, MAX_LOG_LINE, TerminalGame};

/// One replayed game: its outcome in words and its number of records.
pub(crate) struct Replayed {
    outcome: String,
    records: usize,
}

/// Replays every game of the JSON-lines log at `path`, each by the game `replayer` finds
/// for its name; prints each outcome and a total.
///
/// Reads at most [`MAX_LOG_FILE`] bytes, in lines of at most [`MAX_LOG_LINE`] bytes.
///
/// # Errors
/// The file cannot be read, is too large, holds no game, a line is too long or is not a
/// sealed log of a game this command knows, or a record or a seal does not reproduce (the
/// error names the line and the record).
pub(crate) fn run(
    path: &Path,
    replayer: impl Fn(&str) -> Option<fn(&str) -> Result<Replayed, String>>,
) -> Result<(), CliError> {
    let io_error = |source| CliError::Io {
        path: path.to_path_buf(),
        source,
    };
    let file = File::open(path).map_err(io_error)?;
    // One byte past the limit tells a file at the limit from a larger one.
    let mut reader = BufReader::new(file.take(MAX_LOG_FILE + 1));
    let mut games = 0;
    let mut records = 0;
    let mut read_so_far: u64 = 0;
    let mut bytes = Vec::new();
    for number in 1.. {
        let fail = |reason: String| CliError::Replay {
            path: path.to_path_buf(),
            line: number,
            reason,
        };
        bytes.clear();
        // A line of the longest length and its newline, and one byte more to tell.
        let read = (&mut reader)
            .take(MAX_LOG_LINE + 2)
            .read_until(b'\n', &mut bytes)
            .map_err(io_error)?;
        if read == 0 {
            break;
        }
        read_so_far += read as u64;
        if read_so_far > MAX_LOG_FILE {
            return Err(fail(format!(
                "the log is longer than {} GiB",
                MAX_LOG_FILE >> 30
            )));
        }
        let line = bytes.strip_suffix(b"\n").unwrap_or(&bytes);
        if line.len() as u64 > MAX_LOG_LINE {
            return Err(fail(format!(
                "the line is longer than {} MiB",
                MAX_LOG_LINE >> 20
            )));
        }
        let line = std::str::from_utf8(line)
            .map_err(|error| fail(format!("not a game log: not UTF-8 text ({error})")))?;
        if line.trim().is_empty() {
            continue;
        }
        #[derive(serde::Deserialize)]
        struct Header {
            game: String,
        }
        let header: Header =
            serde_json::from_str(line).map_err(|error| fail(format!("not a game log: {error}")))?;
        let replay = replayer(&header.game)
            .ok_or_else(|| fail(format!("unknown game `{}`", header.game)))?;
        let replayed = replay(line).map_err(fail)?;
        records += replayed.records;
        games += 1;
        say!("game {games}: {}", replayed.outcome)?;
    }
    if games == 0 {
        return Err(CliError::NoGame(path.to_path_buf()));
    }
    say!(
        "replayed {games} game{}, {records} records, every record and seal reproduced",
        if games == 1 { "" } else { "s" }
    )
}

/// Replays one sealed log of `G`; returns its outcome in words and its number of records.
///
/// # Errors
/// The text is not a log of `G`, has no seal, or does not reproduce: the reason in words.
pub(crate) fn replay_one<G: TerminalGame>(line: &str) -> Result<Replayed, String> {
    let log: GameLog<G> =
        serde_json::from_str(line).map_err(|error| format!("not a log of {}: {error}", G::NAME))?;
    let engine = Engine::<G>::replay_sealed(&log).map_err(|error| error.to_string())?;
    let state = engine.position().state();
    let outcome = match engine.position().outcome() {
        Some(outcome) => {
            let finish = finish_in_words(&outcome, |seat| state.player_name(seat));
            let mut text = format!("seed {}, {finish}", log.seed);
            if outcome.places().len() > 2 && !outcome.is_draw() {
                let places: Vec<String> = outcome.places().iter().map(u32::to_string).collect();
                text.push_str(&format!(", places {}", places.join(" ")));
            }
            let scores: Vec<String> = outcome.scores().iter().map(i64::to_string).collect();
            if !scores.is_empty() {
                text.push_str(&format!(", scores {}", scores.join(" ")));
            }
            text
        }
        None => format!("seed {}, not finished", log.seed),
    };
    Ok(Replayed {
        outcome,
        records: engine.records().len(),
    })
}
