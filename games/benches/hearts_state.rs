//! The size and cloning cost of a Hearts state, and replaying a long log (issue 4, "Speed"
//! 3 and 4):
//!
//! - `hearts state`: cloning `Hearts` (what a search agent copies per simulation) and a
//!   whole `Engine<Hearts>` (state, chance, log) in the middle of a game;
//! - `hearts replay`: `Engine::<Hearts>::replay` of a log of about 10,000 moves, which
//!   re-submits every submitted record and checks that every record comes out equal.
//!
//! The sizes are printed once at the start (stderr). Run with
//! `cargo bench -p meeple-games --bench hearts_state`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use meeple::{Engine, PerPlayer};
use meeple_games::french::CardSet;
use meeple_games::hearts::{Hearts, HeartsConfig, PassDirection};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

/// Plays `engine` at random (uniform over each acting seat's completions) until `stop`
/// holds or the game is over.
fn play_until(engine: &mut Engine<Hearts>, rng: &mut SmallRng, stop: impl Fn(&Hearts) -> bool) {
    while let Some(player) = engine.position().to_act().first() {
        if stop(engine.position().state()) {
            return;
        }
        let mut completions = engine.position().completions(player);
        let pick = rng.random_range(0..completions.len());
        engine
            .submit(player, completions.swap_remove(pick))
            .expect("a completion is accepted");
    }
}

/// A game in its third hand (across), six tricks played: the point where the clones are
/// measured.
fn mid_game() -> Engine<Hearts> {
    let mut rng = SmallRng::seed_from_u64(3);
    let mut engine =
        Engine::<Hearts>::new(HeartsConfig::default(), 4, 3).expect("the default config");
    play_until(&mut engine, &mut rng, |state| {
        state.hand_number() == 2 && state.tricks_played() == 6
    });
    assert!(
        engine.position().outcome().is_none(),
        "the game lasts three hands"
    );
    engine
}

/// The heap a `Hearts` owns, from its definition in `games/src/hearts/mod.rs` (its fields
/// are private): its `PerPlayer` values hold four seats inline, and the config, with its
/// pass rotation, is shared behind an `Arc` that a clone only counts. Returns (bytes asked
/// of the allocator, blocks): the config's block and the rotation's.
fn hearts_heap(state: &Hearts) -> (usize, usize) {
    let rotation = state.config().pass_rotation.len() * size_of::<PassDirection>();
    (size_of::<HeartsConfig>() + rotation, 2)
}

/// Prints the size of a Hearts state and of an engine, in memory and as JSON.
fn report_sizes(engine: &Engine<Hearts>) {
    let state = engine.position().state();
    let (heap, blocks) = hearts_heap(state);
    let json = serde_json::to_string(state).expect("a state serializes");
    let log = serde_json::to_string(&engine.log()).expect("a log serializes");
    eprintln!(
        "Hearts state mid-game: size_of::<Hearts>() = {} bytes inline + {heap} bytes in {blocks} \
         heap blocks shared by its clones (PerPlayer<T> holds 4 seats inline: \
         size_of::<PerPlayer<CardSet>>() = {}); {} bytes as JSON",
        size_of::<Hearts>(),
        size_of::<PerPlayer<CardSet>>(),
        json.len()
    );
    eprintln!(
        "Engine<Hearts> mid-game: size_of = {} bytes inline; its log holds {} records, {} moves, \
         {} bytes as JSON",
        size_of::<Engine<Hearts>>(),
        engine.records().len(),
        engine
            .records()
            .iter()
            .map(|record| record.moves.len())
            .sum::<usize>(),
        log.len()
    );
}

/// The cost of cloning a Hearts state mid-game (`engine.position().state().clone()`) and a whole
/// engine, whose log grows with the game.
fn clones(c: &mut Criterion) {
    let engine = mid_game();
    report_sizes(&engine);
    let fresh = Engine::<Hearts>::new(HeartsConfig::default(), 4, 3).expect("the default config");
    let mut group = c.benchmark_group("hearts state");
    group.bench_function("clone Hearts mid-game", |b| {
        b.iter(|| black_box(black_box(engine.position().state()).clone()));
    });
    group.bench_function("clone Engine<Hearts> after setup", |b| {
        b.iter(|| black_box(black_box(&fresh).clone()));
    });
    group.bench_function("clone Engine<Hearts> mid-game", |b| {
        b.iter(|| black_box(black_box(&engine).clone()));
    });
    group.finish();
}

/// A log of about 10,000 moves: one random game to 1000 points (a game to 100 has about
/// 860 moves).
fn long_log() -> Engine<Hearts> {
    let config = HeartsConfig {
        target_score: 1000,
        ..HeartsConfig::default()
    };
    let mut rng = SmallRng::seed_from_u64(5);
    let mut engine = Engine::<Hearts>::new(config, 4, 5).expect("a valid Hearts config");
    play_until(&mut engine, &mut rng, |_| false);
    assert!(engine.position().outcome().is_some());
    engine
}

/// Replaying a log of about 10,000 moves with every record checked, in moves per second.
fn replay(c: &mut Criterion) {
    let engine = long_log();
    let log = engine.log();
    let moves: usize = log.records.iter().map(|record| record.moves.len()).sum();
    eprintln!(
        "replayed log: a game to {} points, {} hands, {} records ({} submitted), {moves} moves",
        log.config.target_score,
        engine.position().state().hand_number() + 1,
        log.records.len(),
        log.records
            .iter()
            .filter(|record| record.kind == meeple::RecordKind::Submitted)
            .count()
    );
    let replayed = Engine::<Hearts>::replay(&log).expect("the log replays");
    assert_eq!(replayed.position().state(), engine.position().state());
    let mut group = c.benchmark_group("hearts replay");
    group.throughput(Throughput::Elements(moves as u64));
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    group.bench_function(format!("replay {moves} moves"), |b| {
        b.iter(|| black_box(Engine::<Hearts>::replay(black_box(&log)).expect("the log replays")));
    });
    group.finish();
}

criterion_group!(benches, clones, replay);
criterion_main!(benches);
