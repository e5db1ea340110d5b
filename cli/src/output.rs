//! Standard output without panics: `println!` panics when the reader went away
//! (`meeple replay log | head -1`); [`say!`] returns the error instead, which the command
//! turns into a quiet end.

use std::fmt;
use std::io::{self, Write};

use meeple::{Finish, Outcome, PlayerIndex};

use crate::CliError;

/// Prints a line like `println!`, through a locked standard output; evaluates to
/// `Result<(), CliError>` ([`CliError::Stdout`] when the output is closed).
macro_rules! say {
    () => {
        $crate::output::line(::std::format_args!(""))
    };
    ($($arg:tt)*) => {
        $crate::output::line(::std::format_args!($($arg)*))
    };
}
pub(crate) use say;

/// Writes `text` and a newline to standard output.
///
/// # Errors
/// [`CliError::Stdout`] when standard output cannot be written (a closed pipe).
pub(crate) fn line(text: fmt::Arguments<'_>) -> Result<(), CliError> {
    let mut out = io::stdout().lock();
    out.write_fmt(text)
        .and_then(|()| out.write_all(b"\n"))
        .map_err(CliError::Stdout)
}

/// Writes `text` without a newline and flushes: a prompt the person answers on the same
/// line, or a pace made visible when standard output is a pipe.
///
/// # Errors
/// [`CliError::Stdout`] when standard output cannot be written.
pub(crate) fn flush(text: &str) -> Result<(), CliError> {
    let mut out = io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(CliError::Stdout)
}

/// How `outcome` ended, in words, each seat named by `name`: `won by North`, `a shared
/// win for North and South`, `a draw`.
pub(crate) fn finish_in_words(outcome: &Outcome, name: impl Fn(PlayerIndex) -> String) -> String {
    match outcome.finish() {
        Finish::Win(winner) => format!("won by {}", name(winner)),
        Finish::SharedWin(winners) => {
            let names: Vec<String> = winners.iter().map(name).collect();
            format!("a shared win for {}", in_prose(&names))
        }
        Finish::Draw => "a draw".to_owned(),
    }
}

/// `items` in prose: `a`, `a and b`, `a, b and c`.
fn in_prose(items: &[String]) -> String {
    match items {
        [first @ .., last] if !first.is_empty() => format!("{} and {last}", first.join(", ")),
        _ => items.concat(),
    }
}
