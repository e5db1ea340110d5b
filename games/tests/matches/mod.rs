//! What the agent test suites of every game share: matches of a search agent at one seat
//! against random agents at the others, and the checks every determinization must pass.

#![allow(dead_code, reason = "each test binary uses a part of the helpers")]

use meeple::{
    Agent, Chest, ComponentId, Engine, Game, PlayerIndex, Position, RandomAgent, Search, Viewer,
};

/// Plays a game of `G` at a table of `players` from `seed` to its end, each decision a
/// completion drawn uniformly from the seat's list by a `ChaCha8Rng` of the same seed;
/// returns the engine at the end.
///
/// # Panics
/// Panics if a seat to act has no completion or the engine refuses one it offered.
pub fn random_game<G: Game>(config: G::Config, players: usize, seed: u64) -> Engine<G> {
    use rand::{RngExt, SeedableRng};
    let mut engine = Engine::<G>::new(config, players, seed).expect("a valid setup");
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    while let Some(player) = engine.position().to_act().first() {
        let mut completions = engine.position().completions(player);
        assert!(!completions.is_empty(), "{player} has nothing to play");
        let pick = rng.random_range(0..completions.len());
        engine
            .submit(player, completions.swap_remove(pick))
            .expect("an offered completion is accepted");
    }
    engine
}

/// Asserts that `engine`'s log, read back from JSON, replays to the same state and writes
/// the same log again, byte for byte.
///
/// # Panics
/// Panics if the log does not replay or either text differs.
pub fn assert_replays<G: Game + serde::Serialize>(engine: &Engine<G>) {
    let log = serde_json::to_string(&engine.log()).expect("the log serializes");
    let replayed =
        Engine::<G>::replay(&serde_json::from_str(&log).expect("a log")).expect("the log replays");
    let state =
        |engine: &Engine<G>| serde_json::to_string(engine.position().state()).expect("JSON");
    assert_eq!(state(&replayed), state(engine));
    assert_eq!(serde_json::to_string(&replayed.log()).expect("JSON"), log);
}

/// Plays `engine` to its end with `search` at seat `searcher` and `random` at every other
/// seat, each deciding from the seat's own copy of the game ([`Engine::for_agent`]) seeded
/// with `seat_seed(step)`, `step` counting the decisions made so far.
///
/// # Panics
/// Panics if an agent finds no completion or the engine refuses one it offered.
pub fn play_match<G: Game + serde::Serialize>(
    engine: &mut Engine<G>,
    searcher: PlayerIndex,
    search: &mut dyn Agent<G>,
    random: &mut dyn Agent<G>,
    seat_seed: impl Fn(u64) -> u64,
) {
    let mut step = 0_u64;
    while let Some(player) = engine.position().to_act().first() {
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

/// What a determinization of one seat's copy of the game looks like, for
/// [`check_determinizations`] to hand to a game's own checks.
pub struct Determinized<'a, G: Game> {
    /// The game being played, with its full state and log.
    pub engine: &'a Engine<G>,
    /// The seat's copy ([`Engine::for_agent`]).
    pub view: &'a Position<G>,
    /// The copy after [`Position::determinize`].
    pub world: &'a mut Position<G>,
    /// The seat whose copy it is.
    pub seat: PlayerIndex,
    /// Decisions made so far in the game.
    pub step: u64,
    /// Where this is, for assertion messages: seed, step and seat.
    pub at: String,
}

/// Plays one random game of `players` seats from `config` for each seed of `seeds`; before
/// every decision, determinizes every seat's copy and checks that the world shows that
/// seat exactly their view (as JSON) and, with a `chest`, holds every component once;
/// then hands it to `check` for the game's own checks. Returns the games at their end.
///
/// # Panics
/// Panics at the first check that fails, saying where.
pub fn check_determinizations<G: Search + serde::Serialize>(
    config: &G::Config,
    players: usize,
    seeds: impl IntoIterator<Item = u64>,
    chest: Option<&Chest>,
    mut check: impl FnMut(Determinized<'_, G>),
) -> Vec<Engine<G>> {
    let mut ended = Vec::new();
    for seed in seeds {
        let mut engine = Engine::<G>::new(config.clone(), players, seed).expect("setup");
        let mut random = RandomAgent::new(seed);
        let mut step = 0_u64;
        loop {
            for seat in (0..players).map(PlayerIndex) {
                let view = engine.for_agent(seat, seed * 1000 + step);
                let mut world = view.clone();
                world.determinize(seat);
                let at = format!("seed {seed}, step {step}, {seat}");
                assert_eq!(seen(world.state(), seat), seen(view.state(), seat), "{at}");
                if let Some(chest) = chest {
                    chest.check(pieces(world.state())).expect(&at);
                }
                check(Determinized {
                    engine: &engine,
                    view: &view,
                    world: &mut world,
                    seat,
                    step,
                    at,
                });
            }
            let Some(player) = engine.position().to_act().first() else {
                break;
            };
            let seat = engine.for_agent(player, step);
            let action = random.choose(&seat, player).expect("a completion");
            engine
                .submit(player, action)
                .expect("an offered completion");
            step += 1;
        }
        ended.push(engine);
    }
    ended
}

/// The state as `player` sees it, as JSON.
pub fn seen<G: Game + serde::Serialize>(state: &G, player: PlayerIndex) -> String {
    serde_json::to_string(&state.view(Viewer::Player(player))).expect("a state serializes")
}

/// Every component in the places of `state`.
pub fn pieces<G: Game>(state: &G) -> Vec<ComponentId> {
    let mut ids = Vec::new();
    state.visit_pieces(&mut |id| ids.push(id));
    ids
}
