//! What the engine itself costs per record, apart from any game's rules (issue 4, "Speed";
//! the floor that `docs/PERFORMANCE.md` compares with a hand-written engine).
//!
//! The game, Tally, has as few rules as a game can: one seat adds 1 or 2 to a total until
//! it reaches 1,000, one move per action and no consequence, so nearly all the time is
//! the engine's: counting and ranking the completions, applying the move, keeping the
//! record, settling. Every record has two completions (none is forced).
//!
//! The second group measures an undo of the last action (issue 45): undone and submitted
//! again, after 10 records and after 10,000, so that an undo whose cost grows with the game
//! shows.
//!
//! Run with `cargo bench -p meeple --bench engine`.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use meeple::{
    Action, Actions, Engine, Game, Move, MoveContext, Outcome, PlayerIndex, PlayerSet, Position,
    Refusal, Seats, Setup, SetupError, View,
};
use serde::{Deserialize, Serialize};

/// The total Tally counts up to, by default.
const TARGET: u32 = 1_000;

/// A running total, and the total that ends the game.
#[derive(Clone, Debug, Serialize, Deserialize, View)]
struct Tally {
    total: u32,
    target: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
enum TallyMove {
    Add(u32),
}

impl Move<Tally> for TallyMove {
    fn apply(&self, tally: &mut Tally, _next: &mut MoveContext<'_, Self>) {
        let TallyMove::Add(amount) = self;
        tally.total += amount;
    }
}

/// Add 1 or 2 to the total.
#[derive(Clone, Debug, Action)]
#[action(message = "{player} added {amount}", behaviour = [TallyMove::Add(*amount)])]
struct Add {
    #[choose_from([1_u32, 2])]
    amount: u32,
}

#[derive(Clone, Debug, Actions)]
#[actions(game = Tally)]
enum TallyAction {
    Add(Add),
}

impl Game for Tally {
    /// The total that ends the game; `0` for [`TARGET`].
    type Config = u32;
    type Move = TallyMove;
    type Actions = TallyAction;
    const NAME: &'static str = "tally";
    const PLAYERS: std::ops::RangeInclusive<usize> = 1..=4;

    fn setup(target: &u32, _: Seats) -> Result<Setup<Self>, SetupError> {
        let target = if *target == 0 { TARGET } else { *target };
        Ok(Setup {
            state: Tally { total: 0, target },
            moves: Vec::new(),
        })
    }

    fn to_act(&self) -> PlayerSet {
        if self.total < self.target {
            PlayerSet::one(PlayerIndex(0))
        } else {
            PlayerSet::EMPTY
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.total >= self.target).then(|| Outcome::win(PlayerIndex(0), Seats::new(1)))
    }
}

/// How a game of Tally is played: which engine, and how a completion is submitted.
#[derive(Clone, Copy, Debug)]
enum Way {
    /// `Engine`, the full log; each completion ranked, then submitted (and checked).
    Log,
    /// `Position`, no log, as `meeple simulate` plays; ranked, then submitted.
    Simulation,
    /// `Position`; submitted by its position (`submit_nth`, not checked again).
    ByPosition,
}

impl Way {
    fn name(self) -> &'static str {
        match self {
            Way::Log => "full log, submit",
            Way::Simulation => "no log, submit",
            Way::ByPosition => "no log, submit_nth",
        }
    }
}

/// Plays Tally to its end, taking 1 and 2 in turn; returns the final total and the
/// records played, with the table dropped inside the measure.
fn play(way: Way) -> (u32, u64) {
    let player = PlayerIndex(0);
    if let Way::Log = way {
        let mut engine = Engine::<Tally>::new(0, 1, 0).expect("a valid setup");
        let mut step = 0_u64;
        while !engine.position().to_act().is_empty() {
            let index = step % engine.position().count_completions(player);
            let action = engine
                .position()
                .nth_completion(player, index)
                .expect("a completion");
            engine
                .submit(player, action)
                .expect("an offered completion");
            step += 1;
        }
        return (
            engine.position().state().total,
            engine.position().played().records,
        );
    }
    let mut position = Position::<Tally>::new(&0, 1, 0).expect("a valid setup");
    let mut step = 0_u64;
    while !position.to_act().is_empty() {
        let index = step % position.count_completions(player);
        match way {
            Way::ByPosition => position.submit_nth(player, index),
            Way::Log | Way::Simulation => {
                let action = position
                    .nth_completion(player, index)
                    .expect("a completion");
                position.submit(player, action).map_err(Refusal::from)
            }
        }
        .expect("an offered completion");
        step += 1;
    }
    (position.state().total, position.played().records)
}

/// The cost of one record, each way: the time of a whole game over its records.
fn per_record(c: &mut Criterion) {
    let mut group = c.benchmark_group("engine per record");
    for way in [Way::Log, Way::Simulation, Way::ByPosition] {
        let (total, records) = play(way);
        assert_eq!(total, TARGET);
        group.throughput(Throughput::Elements(records));
        group.bench_function(BenchmarkId::new("tally to 1000", way.name()), |b| {
            b.iter(|| black_box(play(way)));
        });
    }
    group.finish();
}

/// An undo of the last action, and the same action submitted again (so the game keeps its
/// length), after `records` records of a game that is far from its end.
fn undo_last(c: &mut Criterion) {
    let mut group = c.benchmark_group("undo the last action");
    let player = PlayerIndex(0);
    for records in [10_u32, 10_000] {
        let mut engine = Engine::<Tally>::new(1_000_000, 1, 0).expect("a valid setup");
        for _ in 0..records {
            let action = engine
                .position()
                .nth_completion(player, 0)
                .expect("a completion");
            engine
                .submit(player, action)
                .expect("an offered completion");
        }
        group.bench_function(BenchmarkId::new("undo, then submit again", records), |b| {
            b.iter(|| {
                let undone = engine.undo(player).expect("the last action undone");
                black_box(&undone);
                let action = engine
                    .position()
                    .nth_completion(player, 0)
                    .expect("a completion");
                engine
                    .submit(player, action)
                    .expect("an offered completion");
            });
        });
    }
    group.finish();
}

criterion_group!(benches, per_record, undo_last);
criterion_main!(benches);
