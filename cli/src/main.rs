//! The `meeple` command: play a game in the terminal against bots, simulate games between
//! bots, replay a logged game, print a player's prompt.

mod bot;
mod games;
mod play;
mod prompt;
mod replay;
mod simulate;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::games::GameName;
use crate::simulate::TableArgs;

/// Play, simulate and replay board and card games written with meeple.
#[derive(Debug, Parser)]
#[command(name = "meeple", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Play one seat in the terminal against bots.
    Play {
        /// The game.
        game: GameName,
        /// Seed of the game's chance (the deal); random when not given.
        #[arg(long)]
        seed: Option<u64>,
        /// Your seat, 0-based.
        #[arg(long, default_value_t = 0)]
        seat: usize,
        #[command(flatten)]
        table: TableArgs,
        /// Pause between the bots' moves, in milliseconds.
        #[arg(long, default_value_t = 250)]
        delay_ms: u64,
    },
    /// Let bots play full games, then print totals.
    Simulate {
        /// The game.
        game: GameName,
        /// How many games.
        #[arg(long, default_value_t = 100)]
        games: u64,
        /// Seed of the first game; game `i` uses `seed + i`.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Write each game's log as one JSON line to this file.
        #[arg(long)]
        log: Option<PathBuf>,
        #[command(flatten)]
        table: TableArgs,
    },
    /// Replay logged games (JSON lines), check that every record reproduces, print outcomes.
    Replay {
        /// The log file written by `meeple simulate --log`.
        file: PathBuf,
    },
    /// Print the JSON prompt of the player to act after K submissions by bots.
    Prompt {
        /// The game.
        game: GameName,
        /// Seed of the game and of the bots.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// How many submissions the bots make first.
        #[arg(long, default_value_t = 0)]
        after: usize,
        #[command(flatten)]
        table: TableArgs,
    },
}

/// An error the command reports before exiting with status 1.
#[derive(Debug, thiserror::Error)]
enum CliError {
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
    #[error("{0}")]
    Submit(#[from] meeple::SubmitError),
    #[error("terminal: {0}")]
    Terminal(std::io::Error),
    #[error("the game is stuck: {0}")]
    Stuck(String),
    #[error("seat {seat} does not exist: the game has seats 0 to {}", players - 1)]
    Seat { seat: usize, players: usize },
    #[error("invalid --agents: {0}")]
    Agents(String),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Play {
            game,
            seed,
            seat,
            table,
            delay_ms,
        } => {
            let seed = seed.unwrap_or_else(rand::random);
            games::dispatch!(game, play::run(&table, seed, seat, delay_ms))
        }
        Command::Simulate {
            game,
            games,
            seed,
            log,
            table,
        } => games::dispatch!(game, simulate::run(&table, games, seed, log.as_deref())),
        Command::Replay { file } => replay::run(&file),
        Command::Prompt {
            game,
            seed,
            after,
            table,
        } => games::dispatch!(game, prompt::run(&table, seed, after)),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("meeple: {error}");
            ExitCode::FAILURE
        }
    }
}
