//! The `meeple` command: the games of `meeple-games` on the command line of `meeple-cli`.

use std::process::ExitCode;

use meeple_games::backgammon::Backgammon;
use meeple_games::blackjack::Blackjack;
use meeple_games::breakthrough::Breakthrough;
use meeple_games::connect_four::ConnectFour;
use meeple_games::hearts::Hearts;
use meeple_games::leduc_poker::LeducPoker;
use meeple_games::liars_dice::LiarsDice;
use meeple_games::memory::Memory;
use meeple_games::othello::Othello;
use meeple_games::smash::Smash;
use meeple_games::tictactoe::TicTacToe;

fn main() -> ExitCode {
    meeple_cli::Cli::new()
        .game::<Hearts>()
        .game::<TicTacToe>()
        .game::<Memory>()
        .game::<Blackjack>()
        .game::<ConnectFour>()
        .game::<Breakthrough>()
        .game::<Othello>()
        .game::<LiarsDice>()
        .game::<LeducPoker>()
        .game::<Backgammon>()
        .game::<Smash>()
        .run()
}
