//! `meeple-server`: serves every game of `meeple-games` (`meeple serve` does the same).

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    meeple_server::cli::run(&meeple_server::cli::ServeArgs::parse())
}
