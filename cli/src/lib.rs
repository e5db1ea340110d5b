//! The `meeple` command line for any game: play a game in the terminal against bots,
//! simulate games between bots, replay a logged game, print a player's prompt.
//!
//! A game author gets the whole command line for their own game by implementing
//! [`TerminalGame`] (how the terminal shows the state and each move to a viewer) and
//! calling [`run`] from `main`; [`Cli`] hosts several games in one binary. The `meeple`
//! binary itself is the games of `meeple-games` registered this way (with the
//! default feature `games`).
//!
//! ```no_run
//! # #[cfg(feature = "games")]
//! fn main() -> std::process::ExitCode {
//!     use meeple_games::{hearts::Hearts, tictactoe::TicTacToe};
//!     meeple_cli::Cli::new().game::<Hearts>().game::<TicTacToe>().run()
//! }
//! # #[cfg(not(feature = "games"))]
//! # fn main() {}
//! ```
//!
//! `cli/examples/pile.rs` is a whole game with its command line.

mod bot;
#[cfg(feature = "games")]
mod games;
mod output;
mod play;
mod prompt;
mod replay;
mod simulate;
mod terminal;

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::builder::{PossibleValue, PossibleValuesParser};
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

pub use crate::simulate::{Statistics, Tally, read_config, simulate};
pub use crate::terminal::TerminalGame;

/// The README's Rust code, compiled as doctests so that it stays true as written.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
struct ReadmeDoctests;

use crate::simulate::TableArgs;

/// The most games one `simulate` plays (a billion).
pub const MAX_GAMES: u64 = 1_000_000_000;

/// The longest line `replay` reads from a log: 64 MiB, one game's log.
pub const MAX_LOG_LINE: u64 = 64 << 20;

/// The largest log file `replay` reads: 4 GiB.
pub const MAX_LOG_FILE: u64 = 4 << 30;

/// The command line of one or several games: `play`, `simulate`, `replay` and `prompt`.
///
/// ```no_run
/// # #[cfg(feature = "games")]
/// # fn main() -> std::process::ExitCode {
/// use meeple_games::{blackjack::Blackjack, memory::Memory};
/// meeple_cli::Cli::new().game::<Memory>().game::<Blackjack>().run()
/// # }
/// # #[cfg(not(feature = "games"))]
/// # fn main() {}
/// ```
#[derive(Default)]
pub struct Cli {
    games: Vec<Entry>,
}

/// What the commands need of one registered game, its type erased.
struct Entry {
    name: &'static str,
    about: &'static str,
    play: fn(&TableArgs, Option<u64>, usize, u64) -> Result<(), CliError>,
    simulate: fn(&TableArgs, u64, u64, Option<&std::path::Path>) -> Result<(), CliError>,
    prompt: fn(&TableArgs, u64, usize) -> Result<(), CliError>,
    replay: fn(&str) -> Result<replay::Replayed, String>,
}

impl Cli {
    /// A command line that knows no game yet: add them with [`game`](Self::game).
    #[must_use]
    pub fn new() -> Self {
        Cli::default()
    }

    /// Adds the game `G`, named on the command line (and in its logs) by
    /// [`Game::NAME`](meeple::Game::NAME). A second game of the same name replaces the first.
    #[must_use]
    pub fn game<G: TerminalGame>(mut self) -> Self {
        self.games.retain(|entry| entry.name != G::NAME);
        self.games.push(Entry {
            name: G::NAME,
            about: G::ABOUT,
            play: play::run::<G>,
            simulate: simulate::run::<G>,
            prompt: prompt::run::<G>,
            replay: replay::replay_one::<G>,
        });
        self
    }

    /// Reads the process's arguments and runs the command they name; prints what goes
    /// wrong to standard error, after the program's name.
    ///
    /// Returns the process's exit code: success, 1 for an error of the command (a bad
    /// config or player count, a log that does not replay...), 2 for arguments that cannot
    /// be read (clap's usage errors). `--help` and `--version` print and succeed. A
    /// closed standard output (`meeple replay log | head -1`) ends the command quietly,
    /// with success.
    #[must_use]
    pub fn run(self) -> ExitCode {
        self.run_from(std::env::args_os())
    }

    /// As [`run`](Self::run), with the arguments given: the first is the program's name.
    #[must_use]
    pub fn run_from<I, T>(self, args: I) -> ExitCode
    where
        I: IntoIterator<Item = T>,
        T: Into<OsString> + Clone,
    {
        let args: Vec<OsString> = args.into_iter().map(Into::into).collect();
        // Errors are prefixed by the program's name, as the person typed it.
        let program = args
            .first()
            .and_then(|program| std::path::Path::new(program).file_stem())
            .map_or_else(
                || "meeple".to_owned(),
                |stem| stem.to_string_lossy().into_owned(),
            );
        let command = match self.parse(args) {
            Ok(command) => command,
            Err(error) => {
                // Help printed to a closed pipe is nothing to report.
                let _ = error.print();
                return ExitCode::from(u8::try_from(error.exit_code()).unwrap_or(2));
            }
        };
        match self.execute(command) {
            Ok(()) => ExitCode::SUCCESS,
            Err(CliError::Stdout(error)) if error.kind() == std::io::ErrorKind::BrokenPipe => {
                ExitCode::SUCCESS
            }
            Err(error) => {
                eprintln!("{program}: {error}");
                ExitCode::FAILURE
            }
        }
    }

    /// The arguments read against the registered games.
    fn parse<I, T>(&self, args: I) -> Result<Command, clap::Error>
    where
        I: IntoIterator<Item = T>,
        T: Into<OsString> + Clone,
    {
        let names: Vec<PossibleValue> = self
            .games
            .iter()
            .map(|entry| {
                let value = PossibleValue::new(entry.name);
                if entry.about.is_empty() {
                    value
                } else {
                    value.help(entry.about)
                }
            })
            .collect();
        let several = self.games.len() > 1;
        let mut command = Arguments::command();
        for name in ["play", "simulate", "prompt"] {
            command = command.mut_subcommand(name, |sub| {
                sub.mut_arg("game", |arg| {
                    arg.value_parser(PossibleValuesParser::new(names.clone()))
                        .required(several)
                })
            });
        }
        let matches = command.try_get_matches_from(args)?;
        Ok(Arguments::from_arg_matches(&matches)?.command)
    }

    /// The registered game named `name`, or the only one when no name is given.
    fn entry(&self, name: Option<&str>) -> Result<&Entry, CliError> {
        let found = match name {
            Some(name) => self.games.iter().find(|entry| entry.name == name),
            None if self.games.len() == 1 => self.games.first(),
            None => None,
        };
        found.ok_or_else(|| {
            let known: Vec<&str> = self.games.iter().map(|entry| entry.name).collect();
            CliError::UnknownGame(match (name, known.is_empty()) {
                (_, true) => "this command knows no game (see `Cli::game`)".to_owned(),
                (Some(name), false) => format!(
                    "unknown game `{name}`; expected one of {}",
                    known.join(", ")
                ),
                (None, false) => format!("name a game: {}", known.join(", ")),
            })
        })
    }

    fn execute(&self, command: Command) -> Result<(), CliError> {
        match command {
            Command::Play {
                game,
                seed,
                seat,
                table,
                delay_ms,
            } => (self.entry(game.as_deref())?.play)(&table, seed, seat, delay_ms),
            Command::Simulate {
                game,
                games,
                seed,
                log,
                table,
            } => (self.entry(game.as_deref())?.simulate)(&table, games, seed, log.as_deref()),
            Command::Replay { file } => replay::run(&file, |name| {
                self.games
                    .iter()
                    .find(|entry| entry.name == name)
                    .map(|entry| entry.replay)
            }),
            Command::Prompt {
                game,
                seed,
                after,
                table,
            } => (self.entry(game.as_deref())?.prompt)(&table, seed, after),
            #[cfg(feature = "server")]
            Command::Serve(args) => meeple_server::cli::serve(&args).map_err(CliError::Server),
            #[cfg(feature = "server")]
            Command::Export(args) => meeple_server::cli::export(&args).map_err(CliError::Server),
        }
    }
}

/// Runs the command line of the one game `G`: `play`, `simulate`, `replay` and `prompt`,
/// where the game's name may be left out. The whole `main` of a game's binary:
///
/// ```no_run
/// # #[cfg(feature = "games")]
/// fn main() -> std::process::ExitCode {
///     meeple_cli::run::<meeple_games::tictactoe::TicTacToe>()
/// }
/// # #[cfg(not(feature = "games"))]
/// # fn main() {}
/// ```
///
/// Returns the exit code of [`Cli::run`].
#[must_use]
pub fn run<G: TerminalGame>() -> ExitCode {
    Cli::new().game::<G>().run()
}

/// Play, simulate and replay board and card games written with meeple.
#[derive(Debug, Parser)]
#[command(name = "meeple", version)]
struct Arguments {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Play one seat in the terminal against bots.
    Play {
        /// The game (may be left out when the command knows only one).
        game: Option<String>,
        /// Seed of the game's chance (the deal). When not given, one is drawn from the
        /// operating system and shown once the game ends, so the game can be played again.
        #[arg(long)]
        seed: Option<u64>,
        /// Your seat, 0-based.
        #[arg(long, default_value_t = 0)]
        seat: usize,
        #[command(flatten)]
        table: TableArgs,
        /// Pause between the bots' moves, in milliseconds (at most a minute, 60000).
        #[arg(long, default_value_t = 250, value_parser = clap::value_parser!(u64).range(0..=60_000))]
        delay_ms: u64,
    },
    /// Let bots play full games, then print totals.
    Simulate {
        /// The game (may be left out when the command knows only one).
        game: Option<String>,
        /// How many games: 1 to a billion.
        #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=MAX_GAMES))]
        games: u64,
        /// Seed of the first game; game `i` uses `seed + i`.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Write each game's sealed log as one JSON line to this file.
        #[arg(long)]
        log: Option<PathBuf>,
        #[command(flatten)]
        table: TableArgs,
    },
    /// Replay logged games (JSON lines), check that every record and every game's seal
    /// reproduce, print outcomes.
    Replay {
        /// The log file written by `meeple simulate --log`.
        file: PathBuf,
    },
    /// Print the JSON prompt of the player to act after K submissions by bots.
    Prompt {
        /// The game (may be left out when the command knows only one).
        game: Option<String>,
        /// Seed of the game and of the bots.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// How many submissions the bots make first.
        #[arg(long, default_value_t = 0)]
        after: usize,
        #[command(flatten)]
        table: TableArgs,
    },
    /// Serve every game of `meeple-games` to people and bots: the lobby (boardgame.io's
    /// Lobby REST API), play over WebSockets, matches kept in SQLite.
    #[cfg(feature = "server")]
    Serve(meeple_server::cli::ServeArgs),
    /// Write stored matches as their games' logs (JSON lines, the seed in them), for
    /// `meeple replay`: the server keeps their records in MessagePack.
    #[cfg(feature = "server")]
    Export(meeple_server::cli::ExportArgs),
}

/// An error the command reports before exiting with status 1.
#[derive(Debug, thiserror::Error)]
enum CliError {
    #[error("{0}")]
    UnknownGame(String),
    #[cfg(feature = "server")]
    #[error("{0}")]
    Server(String),
    #[error("invalid --config: {0}")]
    Config(String),
    #[error("{0}")]
    Setup(#[from] meeple::SetupError),
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path}, line {line}: {reason}")]
    Replay {
        path: PathBuf,
        line: usize,
        reason: String,
    },
    #[error("no game in {0}")]
    NoGame(PathBuf),
    #[error("{0}")]
    Refused(#[from] meeple::Refusal),
    #[error("terminal: {0}")]
    Terminal(std::io::Error),
    #[error("standard output: {0}")]
    Stdout(std::io::Error),
    #[error("no seed from the operating system: {0}")]
    Seed(String),
    #[error("the game is stuck: {0}")]
    Stuck(String),
    #[error("seat {seat} does not exist: the game has seats 0 to {}", players - 1)]
    Seat { seat: usize, players: usize },
    #[error("invalid --agents: {0}")]
    Agents(String),
}
