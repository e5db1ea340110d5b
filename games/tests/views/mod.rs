//! Helpers shared by the view suites: the harness run for a number of steps, and the check
//! that a view which hides nothing is caught.

#![allow(dead_code, reason = "each test binary uses a part of the helpers")]

use meeple::{Chest, Engine, Game, ViewReport, check_hidden_fields, check_views};

/// The submissions each view suite plays at least: 2,000, or `MEEPLE_VIEW_STEPS` when set
/// (`MEEPLE_VIEW_STEPS=100000 cargo test --release -p meeple-games --test hearts_views`).
pub fn view_steps() -> usize {
    std::env::var("MEEPLE_VIEW_STEPS")
        .ok()
        .and_then(|steps| steps.parse().ok())
        .unwrap_or(2_000)
}

/// Plays games of `G` under the view harness from seeds 0, 1, ... until at least
/// [`view_steps`] submissions were made; panics with the harness's error.
pub fn check_steps<G: Game + serde::Serialize>(
    config: &G::Config,
    players: usize,
    chest: Option<&Chest>,
) -> ViewReport {
    let steps = view_steps();
    let mut total = ViewReport::default();
    let mut seed = 0;
    while total.submissions < steps {
        let report = check_views::<G>(config, players, seed..seed + 1, chest, 10_000)
            .unwrap_or_else(|error| panic!("{error}"));
        total.games += report.games;
        total.submissions += report.submissions;
        total.moves += report.moves;
        seed += 1;
    }
    total
}

/// The states of one game of `G`, played by a fixed spread of completions, from the setup
/// to the end.
pub fn states_of_a_game<G: Game + serde::Serialize>(
    config: &G::Config,
    players: usize,
    seed: u64,
) -> Vec<G> {
    let mut engine = Engine::<G>::new(config.clone(), players, seed).expect("setup");
    let mut states = vec![engine.state().clone()];
    while engine.outcome().is_none() {
        let Some(player) = engine.to_act().iter().next() else {
            break;
        };
        // A spread of completions, the same every time: always the first could loop.
        let count = engine.count_completions(player);
        let index = (states.len() as u64).wrapping_mul(7_919) % count.max(1);
        engine.submit_nth(player, index).expect("a completion");
        states.push(engine.state().clone());
        assert!(states.len() < 100_000, "the game ends");
    }
    states
}

/// The game's view hides something of every field it declares hidden, and a view that
/// hides nothing fails the check, naming the first field.
pub fn check_a_view_that_hides_nothing_fails<G: Game + serde::Serialize>(
    config: &G::Config,
    players: usize,
    first_hidden: &str,
) {
    let states = states_of_a_game::<G>(config, players, 1);
    check_hidden_fields(&states, players, |state: &G, viewer| state.view(viewer))
        .unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(
        check_hidden_fields(&states, players, |state: &G, _| state.clone()),
        Err(format!(
            "the game declares `{first_hidden}` hidden, but no view hid it in these states"
        ))
    );
}
