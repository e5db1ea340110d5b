//! UCT at Tic-tac-toe: it never loses to a random player, as X or as O.

use meeple::{Budget, Engine, Finish, PlayerIndex, RandomAgent, SearchAgent};
use meeple_games::tictactoe::{TicTacToe, TicTacToeConfig};

mod matches;

use matches::play_match;

/// Plays `games` games with UCT at `seat` against a random player; returns how many UCT
/// won, drew and lost.
fn record(seat: PlayerIndex, games: u64, iterations: u32) -> (u32, u32, u32) {
    let (mut won, mut drawn, mut lost) = (0, 0, 0);
    for game in 0..games {
        let mut engine =
            Engine::<TicTacToe>::new(TicTacToeConfig::default(), 2, game).expect("setup");
        let mut uct = SearchAgent::uct(game, Budget::Iterations(iterations));
        let mut random = RandomAgent::new(game);
        play_match(&mut engine, seat, &mut uct, &mut random, |_| game);
        match engine.position().outcome().expect("over").finish() {
            Finish::Win(winner) if winner == seat => won += 1,
            Finish::Draw => drawn += 1,
            _ => lost += 1,
        }
    }
    (won, drawn, lost)
}

#[test]
fn uct_never_loses_to_random_play() {
    let as_x = record(PlayerIndex(0), 20, 400);
    let as_o = record(PlayerIndex(1), 20, 400);
    eprintln!("as X {as_x:?}, as O {as_o:?} (won, drawn, lost)");
    assert_eq!(as_x.2, 0, "as X: {as_x:?}");
    assert_eq!(as_o.2, 0, "as O: {as_o:?}");
    assert!(as_x.0 >= 15, "as X wins most games: {as_x:?}");
}

/// The random agent's index is the completion its `choose` takes, drawn the same way: two
/// agents of one seed, one asked for actions and one for indices, play the same games.
/// The search agents choose otherwise, and give no index.
#[test]
fn the_random_agent_gives_the_index_of_its_choice() {
    use meeple::{Agent, Position};
    for seed in 0..20 {
        let mut position =
            Position::<TicTacToe>::new(&TicTacToeConfig::default(), 2, seed).expect("setup");
        let mut by_action = RandomAgent::new(seed);
        let mut by_index = RandomAgent::new(seed);
        while let Some(player) = position.to_act().first() {
            let action = by_action.choose(&position, player).expect("a completion");
            let index = by_index.choose_index(&position, player).expect("an index");
            assert_eq!(position.nth_completion(player, index), Some(action));
            position.submit_nth(player, index).expect("a completion");
        }
        assert!(position.outcome().is_some());
    }
    let position = Position::<TicTacToe>::new(&TicTacToeConfig::default(), 2, 0).expect("setup");
    let mut uct = SearchAgent::uct(0, Budget::Iterations(10));
    assert_eq!(uct.choose_index(&position, PlayerIndex(0)), None);
}
