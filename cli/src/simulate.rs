//! `meeple simulate`: agents play full games in parallel; per-seat results with confidence
//! intervals, and optionally every game's log.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};
use meeple::Engine;
use rayon::prelude::*;

use crate::CliError;
use crate::bot::{self, Lineup};
use crate::games::{self, TerminalGame};

/// Games played in parallel between two writes of the log, so logs never pile up in
/// memory.
const BATCH: u64 = 64;

/// What one finished game contributes to the totals.
struct GameResult {
    scores: Vec<i64>,
    winners: Vec<usize>,
    records: u64,
    moves: u64,
    log: Option<String>,
}

/// The table of a command: the config, the seats and their agents.
pub(crate) struct Table<G: TerminalGame> {
    /// The game's config.
    pub(crate) config: G::Config,
    /// How many seats.
    pub(crate) players: usize,
    /// Who plays each seat.
    pub(crate) lineup: Lineup,
}

/// What the commands take to set a table: `--config`, `--players`, `--agents` and the
/// search budget (`--iterations`, `--think-ms`).
#[derive(Clone, Debug, clap::Args)]
pub(crate) struct TableArgs {
    /// The game's config as JSON (its variants); the standard rules when not given.
    #[arg(long)]
    pub(crate) config: Option<String>,
    /// How many seats; the game's usual count when not given.
    #[arg(long)]
    pub(crate) players: Option<usize>,
    /// The agent of each seat, comma-separated (`ismcts,random,random,random`), or one
    /// for every seat: `random`, `uct` (search, perfect information) or `ismcts` (search
    /// over what the seat may see). Random when not given.
    #[arg(long)]
    pub(crate) agents: Option<String>,
    /// Playouts per decision of a search agent.
    #[arg(long, default_value_t = 200)]
    pub(crate) iterations: u32,
    /// Milliseconds per decision of a search agent, instead of a number of playouts (the
    /// choices then depend on the machine).
    #[arg(long)]
    pub(crate) think_ms: Option<u64>,
}

impl<G: TerminalGame> Table<G> {
    /// Reads the table from the command's arguments.
    ///
    /// # Errors
    /// [`CliError::Config`] or [`CliError::Agents`].
    pub(crate) fn new(args: &TableArgs) -> Result<Self, CliError> {
        let players = args.players.unwrap_or(G::PLAYERS);
        let budget = match args.think_ms {
            Some(ms) => meeple::Budget::Time(std::time::Duration::from_millis(ms)),
            None => meeple::Budget::Iterations(args.iterations),
        };
        Ok(Table {
            config: games::config::<G>(args.config.as_deref())?,
            players,
            lineup: Lineup::parse(args.agents.as_deref(), players, budget)?,
        })
    }
}

/// Plays `count` games from seeds `seed`, `seed + 1`, ... across all cores; prints totals
/// (games, records, moves, games per second) and each seat's mean points and win rate with
/// their 95% confidence intervals, and writes each game's log as a JSON line to `log`
/// when given, in seed order.
///
/// # Errors
/// A log file that cannot be written, or a game that gets stuck.
pub(crate) fn run<G: TerminalGame>(
    args: &TableArgs,
    count: u64,
    seed: u64,
    log: Option<&Path>,
) -> Result<(), CliError> {
    let table = &Table::<G>::new(args)?;
    let io_error = |source| CliError::Io {
        path: log.map(Path::to_path_buf).unwrap_or_default(),
        source,
    };
    let mut writer = match log {
        Some(path) => Some(BufWriter::new(File::create(path).map_err(io_error)?)),
        None => None,
    };
    let bar = ProgressBar::new(count);
    bar.set_style(
        ProgressStyle::with_template("{spinner} {bar:40} {pos}/{len} games, {per_sec}, eta {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let started = Instant::now();
    let mut results: Vec<GameResult> = Vec::with_capacity(count as usize);
    let mut first = 0;
    while first < count {
        let last = (first + BATCH).min(count);
        let batch: Vec<GameResult> = (first..last)
            .into_par_iter()
            .map(|game| {
                let engine = play_out(table, seed.wrapping_add(game), None, writer.is_some())?;
                bar.inc(1);
                Ok(summarize(&engine, writer.is_some()))
            })
            .collect::<Result<_, CliError>>()?;
        for result in batch {
            if let (Some(writer), Some(line)) = (writer.as_mut(), &result.log) {
                writer.write_all(line.as_bytes()).map_err(io_error)?;
                writer.write_all(b"\n").map_err(io_error)?;
            }
            results.push(GameResult {
                log: None,
                ..result
            });
        }
        first = last;
    }
    if let Some(mut writer) = writer {
        writer.flush().map_err(io_error)?;
    }
    bar.finish_and_clear();
    let seconds = started.elapsed().as_secs_f64();
    report::<G>(table, &results, count, seconds);
    if let Some(path) = log {
        println!("log:        {}", path.display());
    }
    Ok(())
}

fn summarize<G: TerminalGame>(engine: &Engine<G>, with_log: bool) -> GameResult {
    let outcome = engine.outcome();
    GameResult {
        scores: outcome
            .as_ref()
            .map(|outcome| outcome.scores.clone())
            .unwrap_or_default(),
        winners: outcome
            .map(|outcome| outcome.winners.iter().map(|winner| winner.0).collect())
            .unwrap_or_default(),
        records: engine.played().records,
        moves: engine.played().moves,
        log: with_log
            .then(|| serde_json::to_string(engine.log()).ok())
            .flatten(),
    }
}

/// Mean and half-width of the 95% confidence interval of the mean (normal
/// approximation; 0 for fewer than two values).
fn mean_ci(values: &[f64]) -> (f64, f64) {
    let n = values.len() as f64;
    if values.is_empty() {
        return (0.0, 0.0);
    }
    let mean = values.iter().sum::<f64>() / n;
    if values.len() < 2 {
        return (mean, 0.0);
    }
    let variance = values
        .iter()
        .map(|value| (value - mean).powi(2))
        .sum::<f64>()
        / (n - 1.0);
    (mean, 1.96 * (variance / n).sqrt())
}

fn report<G: TerminalGame>(table: &Table<G>, results: &[GameResult], count: u64, seconds: f64) {
    println!("game:       {}", G::NAME);
    println!("games:      {count}");
    let names: Vec<String> = table
        .lineup
        .kinds()
        .iter()
        .map(ToString::to_string)
        .collect();
    println!("agents:     {}", names.join(", "));
    println!(
        "records:    {}",
        results.iter().map(|result| result.records).sum::<u64>()
    );
    println!(
        "moves:      {}",
        results.iter().map(|result| result.moves).sum::<u64>()
    );
    for seat in 0..table.players {
        let points: Vec<f64> = results
            .iter()
            .filter_map(|result| result.scores.get(seat))
            .map(|&score| score as f64)
            .collect();
        // A shared win counts as a fraction of a win.
        let wins: Vec<f64> = results
            .iter()
            .map(|result| {
                if result.winners.contains(&seat) {
                    1.0 / result.winners.len() as f64
                } else {
                    0.0
                }
            })
            .collect();
        let (mean, spread) = mean_ci(&points);
        let (rate, rate_spread) = mean_ci(&wins);
        println!(
            "seat {seat}:     {:<7} mean points {mean:.2} ± {spread:.2}, wins {:.1}% ± {:.1}",
            names.get(seat).map_or("?", String::as_str),
            100.0 * rate,
            100.0 * rate_spread
        );
    }
    println!(
        "time:       {seconds:.2} s ({:.1} games/s)",
        count as f64 / seconds.max(f64::EPSILON)
    );
}

/// Plays one game from `seed` with the table's agents, up to `limit` submissions (to the
/// end when `None`), keeping its log when `keep_log`.
///
/// # Errors
/// A setup error, or a player who is to act and has no completion an agent can choose.
pub(crate) fn play_out<G: TerminalGame>(
    table: &Table<G>,
    seed: u64,
    limit: Option<usize>,
    keep_log: bool,
) -> Result<Engine<G>, CliError> {
    let mut engine = Engine::<G>::new(table.config.clone(), table.players, seed)?;
    if !keep_log {
        engine = engine.without_log();
    }
    let mut agents = table.lineup.agents::<G>(seed);
    let mut submitted = 0;
    while engine.outcome().is_none() && limit.is_none_or(|limit| submitted < limit) {
        let Some(player) = engine.to_act().first() else {
            return Err(CliError::Stuck(format!("{:?}", engine.status())));
        };
        let chosen = agents
            .get_mut(player.0)
            .and_then(|agent| bot::choose(agent.as_mut(), &engine, player));
        let Some(action) = chosen else {
            return Err(CliError::Stuck(format!(
                "{player} has no completion an agent can choose ({:?})",
                engine.status()
            )));
        };
        engine.submit(player, action)?;
        submitted += 1;
    }
    Ok(engine)
}
