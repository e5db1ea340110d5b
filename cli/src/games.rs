//! The games of `meeple-games` on the command line (feature `games`): what the `meeple`
//! binary registers.

use meeple::{PlayerIndex, Viewer};
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

use crate::TerminalGame;

/// The seat these games' texts take for `viewer`: an observer (or the admin, whom the
/// terminal never shows anything to) is a seat past the table's, which they document as
/// seeing only public information.
fn seat(viewer: Viewer) -> PlayerIndex {
    viewer.player().unwrap_or(PlayerIndex(usize::MAX))
}

impl TerminalGame for Hearts {
    const ABOUT: &'static str = "Hearts, 4 players ({\"target_score\":50} for a shorter game)";

    fn summary(&self, viewer: Viewer) -> String {
        Hearts::summary(self, seat(viewer))
    }
}

impl TerminalGame for TicTacToe {
    const ABOUT: &'static str =
        "Tic-tac-toe, 2 players ({\"size\":4,\"in_a_row\":4} for a larger board)";

    fn summary(&self, viewer: Viewer) -> String {
        TicTacToe::summary(self, seat(viewer))
    }
}

impl TerminalGame for Memory {
    const ABOUT: &'static str =
        "Memory, 2 to 6 players ({\"rows\":4,\"columns\":5} for a larger grid)";

    fn summary(&self, viewer: Viewer) -> String {
        Memory::summary(self, seat(viewer))
    }
}

impl TerminalGame for Blackjack {
    const DEFAULT_PLAYERS: usize = 2;
    const ABOUT: &'static str =
        "Blackjack, 1 to 7 players against the dealer ({\"decks\":1,\"rounds\":10})";

    fn summary(&self, viewer: Viewer) -> String {
        Blackjack::summary(self, seat(viewer))
    }
}

impl TerminalGame for ConnectFour {
    const ABOUT: &'static str = "Connect Four, 2 players, 7 columns by 6 rows";

    fn summary(&self, viewer: Viewer) -> String {
        ConnectFour::summary(self, seat(viewer))
    }
}

impl TerminalGame for Breakthrough {
    const ABOUT: &'static str = "Breakthrough, 2 players, 8x8, spaces named a1 to h8";

    fn summary(&self, viewer: Viewer) -> String {
        Breakthrough::summary(self, seat(viewer))
    }
}

impl TerminalGame for Othello {
    const ABOUT: &'static str = "Othello, 2 players, 8x8, spaces named a1 to h8";

    fn summary(&self, viewer: Viewer) -> String {
        Othello::summary(self, seat(viewer))
    }
}

impl TerminalGame for LiarsDice {
    const ABOUT: &'static str =
        "Liar's Dice, 2 to 6 players, 1 die each ({\"dice\":2} for more, up to 5)";

    fn summary(&self, viewer: Viewer) -> String {
        LiarsDice::summary(self, viewer)
    }
}

impl TerminalGame for LeducPoker {
    const ABOUT: &'static str =
        "Leduc poker, 2 to 10 players ({\"variant\":\"kuhn\"} for Kuhn poker)";

    fn summary(&self, viewer: Viewer) -> String {
        LeducPoker::summary(self, viewer)
    }
}

impl TerminalGame for Backgammon {
    const ABOUT: &'static str =
        "Backgammon, 2 players ({\"scoring\":\"full\"} for gammons and backgammons)";

    fn summary(&self, viewer: Viewer) -> String {
        Backgammon::summary(self, viewer)
    }
}

impl TerminalGame for Smash {
    const ABOUT: &'static str = "A Smash Up-style game of effects, 2 to 4 players ({\"factions\":[[\"Pirates\",\"Robots\"],[\"Tricksters\",\"Commanders\"]]})";

    fn summary(&self, viewer: Viewer) -> String {
        Smash::summary(self, seat(viewer))
    }
}
