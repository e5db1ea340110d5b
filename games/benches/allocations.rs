//! Allocations per move of every game's random playouts (issue 30, "Speed"): each game plays
//! a number of whole games on a bare `Position`, as `meeple simulate` does (a uniform
//! completion drawn with `count_completions`, played with `submit_nth`), and the
//! allocations made during the playouts are counted by dhat's global allocator, the setups
//! apart (`Position::new` builds the state and its decks), then divided by the submissions
//! (each with every move it applies and the forced plays after it).
//!
//! Run with `cargo bench -p meeple-games --bench allocations` (`-- 500` for 500 games a
//! table; 200 by default). It prints a line per game; `docs/PERFORMANCE.md`, "Allocations
//! per move", keeps the figures.

use meeple::{Game, Position};
use meeple_games::blackjack::{Blackjack, BlackjackConfig};
use meeple_games::breakthrough::Breakthrough;
use meeple_games::connect_four::ConnectFour;
use meeple_games::hearts::{Hearts, HeartsConfig};
use meeple_games::memory::{Memory, MemoryConfig};
use meeple_games::tictactoe::{TicTacToe, TicTacToeConfig};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

#[global_allocator]
static ALLOCATOR: dhat::Alloc = dhat::Alloc;

/// The allocations so far.
fn allocated() -> u64 {
    dhat::HeapStats::get().total_blocks
}

/// Plays `games` random playouts of `G` at a table of `players` under `config`; returns
/// the submissions made and the allocations made while playing, setups apart.
fn count<G: Game>(config: &G::Config, players: usize, games: u64) -> (u64, u64) {
    let mut rng = SmallRng::seed_from_u64(7);
    let (mut submissions, mut allocations) = (0, 0);
    for seed in 0..games {
        let mut position = Position::<G>::new(config, players, seed).expect("a valid setup");
        let before = allocated();
        while let Some(player) = position.to_act().first() {
            let completions = position.count_completions(player);
            if completions == 0 {
                break;
            }
            let _ = position.submit_nth(player, rng.random_range(0..completions));
            submissions += 1;
        }
        allocations += allocated() - before;
        drop(position);
    }
    (submissions, allocations)
}

fn main() {
    // Cargo passes `--bench`; a number among the arguments is the games a table.
    let games = std::env::args()
        .skip(1)
        .find_map(|argument| argument.parse::<u64>().ok())
        .unwrap_or(200);
    let _profiler = dhat::Profiler::builder().testing().build();
    let rows = [
        (
            "tictactoe",
            count::<TicTacToe>(&TicTacToeConfig::default(), 2, games),
        ),
        ("connect_four", count::<ConnectFour>(&(), 2, games)),
        ("breakthrough", count::<Breakthrough>(&(), 2, games)),
        (
            "hearts",
            count::<Hearts>(&HeartsConfig::default(), 4, games),
        ),
        (
            "memory",
            count::<Memory>(&MemoryConfig::default(), 2, games),
        ),
        (
            "blackjack",
            count::<Blackjack>(&BlackjackConfig::default(), 2, games),
        ),
    ];
    println!("game, games, submissions, allocations, allocations per submission");
    for (name, (submissions, allocations)) in rows {
        let per = allocations as f64 / submissions.max(1) as f64;
        println!("{name}, {games}, {submissions}, {allocations}, {per:.2}");
    }
}
