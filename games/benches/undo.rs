//! An undo of the last action in a game of Memory, early and thousands of records in
//! (issue 45's target: an undo costs the same whatever the game's length, at most ten
//! submissions). The action undone is the one Memory lets a player take back: turning
//! the two cards of the last miss face down (a card turned over showed what it is, and is
//! final). Each iteration undoes it and takes it again, so the game keeps its length.
//!
//! Run with `cargo bench -p meeple-games --bench undo`. Count instructions with callgrind
//! over `--profile-time` (`docs/PERFORMANCE.md`).

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use meeple::{Engine, PlayerIndex, Submission};
use meeple_games::memory::{Face, Memory, MemoryAction, MemoryConfig};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

/// The largest table: 10 x 10 cards, 50 pairs, no timer (the clock never moves here).
fn large_table() -> MemoryConfig {
    MemoryConfig {
        rows: MemoryConfig::MAX_SIDE,
        columns: MemoryConfig::MAX_SIDE,
        faces: (0..MemoryConfig::MAX_FACES)
            .map(|pair| Face::new(&format!("F{pair}")))
            .collect(),
        hide_after_ms: None,
    }
}

/// A game played at random (a card turned over, never the optional hide) until at least
/// `records` records stand and the player to act may hide the last miss; returns it with
/// that player.
///
/// # Panics
/// When the game ends first: `records` is beyond what a game of this seed reaches.
fn game_with_a_miss_to_hide(records: usize, seed: u64) -> (Engine<Memory>, PlayerIndex) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut engine = Engine::<Memory>::new(large_table(), 2, seed).expect("the largest table");
    while let Some(player) = engine.position().to_act().first() {
        let state = engine.position().state();
        if engine.records().len() >= records && state.may_hide() {
            return (engine, player);
        }
        let mut reveals: Vec<MemoryAction> = engine
            .position()
            .completions(player)
            .into_iter()
            .filter(|action| matches!(action, MemoryAction::Reveal(_)))
            .collect();
        let pick = rng.random_range(0..reveals.len());
        engine
            .submit(player, reveals.swap_remove(pick))
            .expect("a card turned over is accepted");
    }
    panic!(
        "the game ended after {} records, before {records}",
        engine.records().len()
    );
}

fn undo_the_last_action(c: &mut Criterion) {
    let mut group = c.benchmark_group("memory undo");
    let hide = Submission::new("hide");
    for records in [10, 3_000] {
        let (mut engine, player) = game_with_a_miss_to_hide(records, 5);
        engine
            .submit_submission(player, &hide)
            .expect("the last miss may be hidden");
        eprintln!(
            "memory undo: {} records stand before the undo",
            engine.records().len()
        );
        group.bench_function(BenchmarkId::new("undo, then hide again", records), |b| {
            b.iter(|| {
                let undone = engine.undo(player).expect("a hide can be undone");
                black_box(&undone);
                engine
                    .submit_submission(player, &hide)
                    .expect("the last miss may be hidden again");
            });
        });
    }
    group.finish();
}

criterion_group!(benches, undo_the_last_action);
criterion_main!(benches);
