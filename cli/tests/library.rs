//! The command line as a library: a game's own binary is `meeple_cli::run::<G>()`, several
//! games share one with `Cli::new().game::<G>()...`.

use std::process::ExitCode;

use meeple_cli::Cli;
use meeple_games::memory::Memory;
use meeple_games::tictactoe::TicTacToe;

#[test]
fn one_game_needs_no_name() {
    let code = Cli::new()
        .game::<TicTacToe>()
        .run_from(["tictactoe", "simulate", "--games", "2"]);
    assert_eq!(code, ExitCode::SUCCESS);
    let code = Cli::new().game::<TicTacToe>().run_from([
        "tictactoe",
        "simulate",
        "tictactoe",
        "--games",
        "2",
    ]);
    assert_eq!(code, ExitCode::SUCCESS);
}

#[test]
fn several_games_are_named_and_checked() {
    let two = || Cli::new().game::<TicTacToe>().game::<Memory>();
    assert_eq!(
        two().run_from(["games", "simulate", "memory", "--games", "2"]),
        ExitCode::SUCCESS
    );
    // Which game is not said, or names none registered: a usage error.
    assert_eq!(
        two().run_from(["games", "simulate", "--games", "2"]),
        ExitCode::from(2)
    );
    assert_eq!(
        two().run_from(["games", "simulate", "hearts", "--games", "2"]),
        ExitCode::from(2)
    );
    // A game's own setup refuses a count it is not played by.
    assert_eq!(
        two().run_from(["games", "simulate", "memory", "--players", "7"]),
        ExitCode::FAILURE
    );
}

#[test]
fn a_command_without_games_says_so() {
    assert_eq!(
        Cli::new().run_from(["nothing", "simulate"]),
        ExitCode::FAILURE
    );
}
