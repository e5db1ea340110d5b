//! The view harness: random games that check, at every step, that no player's prompt or
//! view depends on what they may not see. Usable by any game, in its tests.

use std::fmt;

use rand::seq::IndexedRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use crate::chance::Chance;
use crate::components::Chest;
use crate::engine::Engine;
use crate::game::Game;
use crate::moves::Move;
use crate::player::PlayerIndex;
use crate::view::{MoveViewer, Viewer, apply_alone};

/// What [`check_views`] played.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ViewReport {
    /// Games played to their end.
    pub games: usize,
    /// Submissions made, over all games.
    pub submissions: usize,
    /// Moves followed, over all games.
    pub moves: usize,
}

/// Where and how a game failed the view harness.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ViewCheckError {
    /// The seed of the failing game.
    pub seed: u64,
    /// How many submissions had been made in it.
    pub submission: usize,
    /// What differs, with the two JSON texts where there are two.
    pub reason: String,
}

impl fmt::Display for ViewCheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "game of seed {} after {} submissions: {}",
            self.seed, self.submission, self.reason
        )
    }
}

impl std::error::Error for ViewCheckError {}

/// Plays one random game of `players` seats from `config` for each seed of `seeds` (both
/// chance and the random choices are seeded), and checks at every step, for every viewer
/// (each player, and an observer):
/// - the prompt computed from the player's view equals the prompt from the full state;
/// - the viewer's moves ([`Move::view`](crate::Move::view)) replayed from the viewed setup
///   give the viewer's current view, byte for byte as JSON;
/// - the records, followed move by move from the setup, give the full state;
/// - with a `chest`, every component lies in exactly one place;
/// - for the player about to act, counting and ranking their completions agree with
///   walking them ([`check_completions`]).
///
/// Each game must end within `max_submissions`.
///
/// # Errors
/// [`ViewCheckError`] at the first difference, with the seed and step to reproduce it.
pub fn check_views<G: Game + Serialize>(
    config: &G::Config,
    players: usize,
    seeds: impl IntoIterator<Item = u64>,
    chest: Option<&Chest>,
    max_submissions: usize,
) -> Result<ViewReport, ViewCheckError> {
    let mut report = ViewReport::default();
    for seed in seeds {
        check_game::<G>(config, players, seed, chest, max_submissions, &mut report)?;
        report.games += 1;
    }
    Ok(report)
}

fn check_game<G: Game + Serialize>(
    config: &G::Config,
    players: usize,
    seed: u64,
    chest: Option<&Chest>,
    max_submissions: usize,
    report: &mut ViewReport,
) -> Result<(), ViewCheckError> {
    let fail = |submission: usize, reason: String| ViewCheckError {
        seed,
        submission,
        reason,
    };
    let mut engine = Engine::<G>::new(config.clone(), players, seed)
        .map_err(|error| fail(0, format!("setup failed: {error}")))?;
    let viewers: Vec<Viewer> = (0..players)
        .map(|seat| Viewer::Player(PlayerIndex(seat)))
        .chain([Viewer::Observer])
        .collect();
    let mut follower = MoveViewer::<G>::new(config, players)
        .map_err(|error| fail(0, format!("setup failed: {error}")))?;
    let mut replayed: Vec<G> = viewers
        .iter()
        .map(|&viewer| follower.state().view(viewer))
        .collect();
    let mut scratch = Chance::from_seed(0);
    let mut followed_records = 0;
    let mut choices = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed_7e57);
    for submission in 0..=max_submissions {
        // Follow the records added since the last step, viewer by viewer.
        for record in &engine.records()[followed_records..] {
            for applied in &record.moves {
                follower.advance(applied);
                report.moves += 1;
                for (viewer, view) in viewers.iter().zip(&mut replayed) {
                    if let Some(seen) = applied.view(follower.state(), *viewer) {
                        apply_alone(view, &mut scratch, &seen);
                    }
                }
            }
        }
        followed_records = engine.records().len();
        same(follower.state(), engine.state()).map_err(|reason| {
            fail(
                submission,
                format!("the records do not give the state: {reason}"),
            )
        })?;
        for (viewer, view) in viewers.iter().zip(&replayed) {
            same(view, &engine.view(*viewer)).map_err(|reason| {
                fail(
                    submission,
                    format!("{viewer:?}: the viewed moves do not give the view: {reason}"),
                )
            })?;
        }
        if let Some(chest) = chest {
            let mut ids = Vec::new();
            engine.state().visit_pieces(&mut |id| ids.push(id));
            chest
                .check(ids)
                .map_err(|error| fail(submission, error.to_string()))?;
        }
        let to_act: Vec<PlayerIndex> = engine.to_act().iter().collect();
        for &player in &to_act {
            let full = engine.prompt(player);
            let viewed = engine.prompt_from_view(player);
            if full != viewed {
                return Err(fail(
                    submission,
                    format!(
                        "player {}'s prompt differs in their view: full {}, viewed {}",
                        player.0,
                        json(&full),
                        json(&viewed)
                    ),
                ));
            }
        }
        if engine.outcome().is_some() {
            return Ok(());
        }
        let Some(&player) = to_act.choose(&mut choices) else {
            return Err(fail(
                submission,
                format!(
                    "the game is not over and nobody may act: {:?}",
                    engine.status()
                ),
            ));
        };
        check_completions(&engine, player).map_err(|reason| fail(submission, reason))?;
        let completions = engine.completions(player);
        if completions.is_empty() {
            return Err(fail(
                submission,
                format!("player {} is to act and has no completion", player.0),
            ));
        }
        let pick = choices.random_range(0..completions.len());
        // Every other submission by its position, the way agents' playouts submit.
        let submitted = if submission % 2 == 0 {
            engine.submit(player, completions[pick].clone())
        } else {
            engine.submit_nth(player, pick as u64)
        };
        submitted.map_err(|error| {
            fail(
                submission,
                format!("an offered completion was refused: {error}"),
            )
        })?;
        report.submissions += 1;
    }
    Err(fail(
        max_submissions,
        format!("the game did not end within {max_submissions} submissions"),
    ))
}

/// Checks that the three ways of enumerating `player`'s completions agree:
/// [`Engine::count_completions`] is the number [`Engine::for_each_completion`] visits, and
/// [`Engine::nth_completion`] of each position is the completion visited there (compared
/// by their `Debug` text), with `None` past the last. Returns the count.
///
/// Costs one `nth_completion` per completion: for tests, not hot loops.
///
/// # Errors
/// What differs first, as text.
pub fn check_completions<G: Game>(engine: &Engine<G>, player: PlayerIndex) -> Result<u64, String> {
    let listed = engine.completions(player);
    let count = engine.count_completions(player);
    if count != listed.len() as u64 {
        return Err(format!(
            "player {} has {} completions but count_completions says {count}",
            player.0,
            listed.len()
        ));
    }
    for (index, expected) in (0_u64..).zip(&listed) {
        let found = engine.nth_completion(player, index);
        let (found, expected) = (format!("{found:?}"), format!("{:?}", Some(expected)));
        if found != expected {
            return Err(format!(
                "completion {index} of player {} is {expected} but nth_completion gives {found}",
                player.0
            ));
        }
    }
    if let Some(extra) = engine.nth_completion(player, count) {
        return Err(format!(
            "player {} has {count} completions but nth_completion({count}) gives {extra:?}",
            player.0
        ));
    }
    Ok(count)
}

fn json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|error| format!("<not serializable: {error}>"))
}

/// Compares two values by their JSON text; the error shows both.
fn same<T: Serialize>(found: &T, expected: &T) -> Result<(), String> {
    let (found, expected) = (json(found), json(expected));
    if found == expected {
        Ok(())
    } else {
        Err(format!("found {found}, expected {expected}"))
    }
}
