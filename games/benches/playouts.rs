//! Random playouts of the games of boards, as `meeple simulate` plays them on one core
//! (issue 30, "Speed"):
//!
//! - `playouts/<game>`: whole games on a bare `Position` started from the table set up
//!   once (`FirstPosition`), each decision a uniform completion drawn with
//!   `count_completions` and played with `submit_nth`; criterion reports playouts per
//!   CPU-second (the process's CPU time, [`CpuTime`], as OpenSpiel's loop is timed). `docs/openspiel/playouts.py` measures OpenSpiel 2.0.2's C++
//!   playouts of Tic-tac-toe, Connect Four, Breakthrough, Othello, Liar's Dice, Leduc poker
//!   and Backgammon the same way, to run right
//!   after this one (`docs/PERFORMANCE.md`, "Random playouts against OpenSpiel").
//!
//! - `playouts/smash`: the same for the Smash Up–style game of effects (two players), every
//!   decision of a resolution (a "may", an order of triggers) drawn the same way;
//! - `search/smash`: one decision of the information-set search agent at the start of a
//!   game of it, 200 playouts (determinization, tree walk and random playout to its
//!   horizon): criterion reports search playouts per second.
//!
//! What the same playouts allocate is `benches/allocations.rs`'s to count, apart: its
//! counting allocator would slow these.
//!
//! Run with `cargo bench -p meeple-games --bench playouts`.

use std::hint::black_box;

use std::time::Duration;

use criterion::measurement::{Measurement, ValueFormatter};
use criterion::{Criterion, Throughput, criterion_group};
use meeple::{Agent, Budget, Engine, FirstPosition, Game, Position, PositionSettings, SearchAgent};
use meeple_games::backgammon::{Backgammon, BackgammonConfig};
use meeple_games::breakthrough::Breakthrough;
use meeple_games::connect_four::ConnectFour;
use meeple_games::leduc_poker::{LeducConfig, LeducPoker};
use meeple_games::liars_dice::{LiarsDice, LiarsDiceConfig};
use meeple_games::othello::Othello;
use meeple_games::smash::{Smash, SmashConfig};
use meeple_games::tictactoe::{TicTacToe, TicTacToeConfig};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

/// Plays `position` to its end with uniform completions drawn from `rng`; returns the
/// number of submissions.
fn play_out<G: Game>(position: &mut Position<G>, rng: &mut SmallRng) -> u64 {
    let mut submissions = 0;
    while let Some(player) = position.to_act().first() {
        let count = position.count_completions(player);
        if count == 0 {
            break;
        }
        let _ = position.submit_nth(player, rng.random_range(0..count));
        submissions += 1;
    }
    submissions
}

/// One game of `G`'s random playouts: its name, config and table.
struct Table<G: Game> {
    name: &'static str,
    config: G::Config,
    players: usize,
}

impl<G: Game> Table<G> {
    fn bench(&self, c: &mut Criterion<CpuTime>) {
        let mut group = c.benchmark_group("playouts");
        group.throughput(Throughput::Elements(1));
        let mut rng = SmallRng::seed_from_u64(7);
        let mut seed = 0;
        // As `meeple simulate` starts its games: from the table set up once, into the last
        // game's position.
        let first =
            FirstPosition::<G>::new(&self.config, self.players, PositionSettings::default())
                .expect("a valid setup");
        let mut position = first.start(seed).expect("a valid setup");
        group.bench_function(self.name, |b| {
            b.iter(|| {
                seed += 1;
                first
                    .start_into(seed, &mut position)
                    .expect("a valid setup");
                black_box(play_out(&mut position, &mut rng))
            });
        });
        group.finish();
    }
}

fn tictactoe() -> Table<TicTacToe> {
    Table {
        name: "tictactoe",
        config: TicTacToeConfig::default(),
        players: 2,
    }
}

fn connect_four() -> Table<ConnectFour> {
    Table {
        name: "connect_four",
        config: (),
        players: 2,
    }
}

fn breakthrough() -> Table<Breakthrough> {
    Table {
        name: "breakthrough",
        config: (),
        players: 2,
    }
}

fn othello() -> Table<Othello> {
    Table {
        name: "othello",
        config: (),
        players: 2,
    }
}

fn liars_dice() -> Table<LiarsDice> {
    Table {
        name: "liars_dice",
        config: LiarsDiceConfig::default(),
        players: 2,
    }
}

fn leduc_poker() -> Table<LeducPoker> {
    Table {
        name: "leduc_poker",
        config: LeducConfig::default(),
        players: 2,
    }
}

fn backgammon() -> Table<Backgammon> {
    Table {
        name: "backgammon",
        config: BackgammonConfig::default(),
        players: 2,
    }
}

fn smash() -> Table<Smash> {
    Table {
        name: "smash",
        config: SmashConfig::default(),
        players: 2,
    }
}

/// Search playouts per decision in `search/smash`.
const SEARCH_PLAYOUTS: u32 = 200;

/// One decision of the information-set search agent on a new game of the Smash Up–style
/// game, [`SEARCH_PLAYOUTS`] playouts.
fn smash_search(c: &mut Criterion<CpuTime>) {
    let mut group = c.benchmark_group("search");
    group.throughput(Throughput::Elements(u64::from(SEARCH_PLAYOUTS)));
    group.sample_size(20);
    let engine = Engine::<Smash>::new(SmashConfig::default(), 2, 3).expect("a valid setup");
    let mut seed = 0;
    group.bench_function("smash", |b| {
        b.iter(|| {
            seed += 1;
            let mut agent = SearchAgent::ismcts(seed, Budget::Iterations(SEARCH_PLAYOUTS));
            black_box(agent.choose(engine.position(), meeple::PlayerIndex(0)))
        });
    });
    group.finish();
}

fn playouts(c: &mut Criterion<CpuTime>) {
    tictactoe().bench(c);
    connect_four().bench(c);
    breakthrough().bench(c);
    othello().bench(c);
    liars_dice().bench(c);
    leduc_poker().bench(c);
    backgammon().bench(c);
    smash().bench(c);
    smash_search(c);
}

/// The process's CPU time, as `docs/openspiel/playouts.py` times OpenSpiel's loop
/// (`time.process_time()`): the two are compared per CPU-second, and the time this machine
/// spends on other work, or takes from the process, counts for neither.
struct CpuTime;

/// The process's CPU time since it started (`clock_gettime(CLOCK_PROCESS_CPUTIME_ID)`).
fn process_cpu_time() -> Duration {
    let time = rustix::time::clock_gettime(rustix::time::ClockId::ProcessCPUTime);
    Duration::new(
        u64::try_from(time.tv_sec).unwrap_or(0),
        u32::try_from(time.tv_nsec).unwrap_or(0),
    )
}

impl Measurement for CpuTime {
    type Intermediate = Duration;
    type Value = Duration;

    fn start(&self) -> Duration {
        process_cpu_time()
    }

    fn end(&self, start: Duration) -> Duration {
        process_cpu_time().saturating_sub(start)
    }

    fn add(&self, a: &Duration, b: &Duration) -> Duration {
        *a + *b
    }

    fn zero(&self) -> Duration {
        Duration::ZERO
    }

    fn to_f64(&self, value: &Duration) -> f64 {
        value.as_secs_f64() * 1e9
    }

    fn formatter(&self) -> &dyn ValueFormatter {
        &CpuNanoseconds
    }
}

/// Shows [`CpuTime`]'s nanoseconds as criterion shows wall time, in the unit that fits,
/// and throughputs per CPU-second.
struct CpuNanoseconds;

impl ValueFormatter for CpuNanoseconds {
    fn scale_values(&self, typical: f64, values: &mut [f64]) -> &'static str {
        let (factor, unit) = if typical < 1e3 {
            (1.0, "ns")
        } else if typical < 1e6 {
            (1e-3, "µs")
        } else if typical < 1e9 {
            (1e-6, "ms")
        } else {
            (1e-9, "s")
        };
        for value in values {
            *value *= factor;
        }
        unit
    }

    fn scale_throughputs(
        &self,
        _typical: f64,
        throughput: &Throughput,
        values: &mut [f64],
    ) -> &'static str {
        let per_iteration = match *throughput {
            Throughput::Elements(count) | Throughput::Bytes(count) => count as f64,
            Throughput::ElementsAndBytes { elements, .. } => elements as f64,
            Throughput::BytesDecimal(count) => count as f64,
            Throughput::Bits(count) => count as f64,
        };
        for value in values {
            *value = per_iteration * 1e9 / *value;
        }
        "per CPU-second"
    }

    fn scale_for_machines(&self, values: &mut [f64]) -> &'static str {
        let _ = values;
        "ns"
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().with_measurement(CpuTime);
    targets = playouts
}

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
}
