//! Where a game stands ([`Status`]) and how much it has played ([`Played`]).

use crate::pieces::outcome::{Finish, Outcome};
use crate::pieces::player::PlayerSet;

/// Where a game stands.
///
/// Displayed in words with the seats it names: `player 1 to act`, `over: player 0 won`,
/// `stuck: player 2 has nothing possible`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// These players may act now.
    Acting(PlayerSet),
    /// The game is over.
    Over(Outcome),
    /// The game is not over but these players are to act and have nothing possible, and
    /// the game declares no pass ([`WhenStuck::Deadlock`](crate::WhenStuck::Deadlock)). An empty set means the game
    /// names nobody to act.
    Stuck(PlayerSet),
}

impl std::fmt::Display for Status {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Status::Acting(players) => write!(f, "{players} to act"),
            Status::Over(outcome) => match outcome.finish() {
                Finish::Win(winner) => write!(f, "over: {winner} won"),
                Finish::SharedWin(winners) => write!(f, "over: {winners} shared the win"),
                Finish::Draw => f.write_str("over: a draw"),
            },
            Status::Stuck(players) if players.is_empty() => {
                f.write_str("stuck: the game names nobody to act")
            }
            Status::Stuck(players) if players.len() == 1 => {
                write!(f, "stuck: {players} has nothing possible")
            }
            Status::Stuck(players) => write!(f, "stuck: {players} have nothing possible"),
        }
    }
}

/// How much a game has played: every record applied (the setup, submissions, forced plays,
/// passes) and every move, whether a log keeps them or not.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Played {
    /// Action records applied.
    pub records: u64,
    /// Moves applied, consequences included.
    pub moves: u64,
}
