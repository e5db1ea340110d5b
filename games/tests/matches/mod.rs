//! Matches between agents, shared by the agent test suites of every game: a search agent
//! at one seat against random agents at the others.

#![allow(dead_code, reason = "each test binary uses a part of the helpers")]

use meeple::{Agent, Engine, Game, PlayerIndex};

/// Plays `engine` to its end with `search` at seat `searcher` and `random` at every other
/// seat, each deciding from the seat's own copy of the game ([`Engine::for_agent`]) seeded
/// with `seat_seed(step)`, `step` counting the decisions made so far.
///
/// # Panics
/// Panics if an agent finds no completion or the engine refuses one it offered.
pub fn play_match<G: Game>(
    engine: &mut Engine<G>,
    searcher: PlayerIndex,
    search: &mut dyn Agent<G>,
    random: &mut dyn Agent<G>,
    seat_seed: impl Fn(u64) -> u64,
) {
    let mut step = 0_u64;
    while let Some(player) = engine.to_act().first() {
        let seat = engine.for_agent(player, seat_seed(step));
        let action = if player == searcher {
            search.choose(&seat, player)
        } else {
            random.choose(&seat, player)
        }
        .expect("a completion");
        engine
            .submit(player, action)
            .expect("an offered completion");
        step += 1;
    }
}

/// Mean and half-width of its 95% confidence interval (normal approximation).
pub fn mean_ci(values: &[f64]) -> (f64, f64) {
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    let variance = values
        .iter()
        .map(|value| (value - mean).powi(2))
        .sum::<f64>()
        / (n - 1.0);
    (mean, 1.96 * (variance / n).sqrt())
}
