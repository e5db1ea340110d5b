//! `meeple simulate`: agents play full games in parallel; per-seat results with confidence
//! intervals, and optionally every game's log.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};
use meeple::{
    Engine, Finish, FirstPosition, Game, Outcome, PlayerIndex, Position, PositionSettings, Refusal,
};
use rayon::prelude::*;

use crate::bot::{self, Lineup};
use crate::output::say;
use crate::{CliError, TerminalGame};

/// Games played in parallel between two writes of the log, so logs never pile up in
/// memory.
const BATCH: u64 = 64;

/// What one finished game contributes to the totals (then its log is written and it is
/// added to the [`Totals`]).
struct GameResult {
    /// The outcome; `None` for a game cut short (never, once played out).
    outcome: Option<Outcome>,
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
    /// How many seats (among the counts the game is played by); the game's usual count
    /// when not given.
    #[arg(long)]
    pub(crate) players: Option<usize>,
    /// The agent of each seat, comma-separated (`ismcts,random,random,random`), or one
    /// for every seat: `random`, `uct` (search, perfect information) or `ismcts` (search
    /// over what the seat may see). Random when not given.
    #[arg(long)]
    pub(crate) agents: Option<String>,
    /// Playouts per decision of a search agent (at least 1).
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u32).range(1..))]
    pub(crate) iterations: u32,
    /// Milliseconds per decision of a search agent (1 to an hour, 3600000), instead of a
    /// number of playouts (the choices then depend on the machine).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    pub(crate) think_ms: Option<u64>,
}

impl<G: TerminalGame> Table<G> {
    /// Reads the table from the command's arguments: the config, then the number of seats
    /// (checked by the game's own setup before anything is made for them), then the agents.
    ///
    /// # Errors
    /// [`CliError::Config`], [`CliError::Setup`] (a count outside the game's
    /// [`PLAYERS`](meeple::Game::PLAYERS), or a config it cannot set up), or [`CliError::Agents`].
    pub(crate) fn new(args: &TableArgs) -> Result<Self, CliError> {
        let config = read_config::<G>(args.config.as_deref()).map_err(CliError::Config)?;
        let players = args.players.unwrap_or(G::DEFAULT_PLAYERS);
        meeple::Setup::<G>::for_table(&config, players)?;
        let budget = match args.think_ms {
            Some(ms) => meeple::Budget::Time(std::time::Duration::from_millis(ms)),
            None => meeple::Budget::Iterations(args.iterations),
        };
        Ok(Table {
            config,
            players,
            lineup: Lineup::parse(args.agents.as_deref(), players, budget)?,
        })
    }
}

/// Reads a game's config as `--config` gives it: a JSON object of its fields by name, or
/// its default for `None`. What the command line and the Python package both read.
///
/// # Errors
/// A message for text that is not JSON, JSON that is not an object (`[1]` would be read
/// field by field in order), or an object the config does not accept (serde's).
pub fn read_config<G: Game>(json: Option<&str>) -> Result<G::Config, String> {
    let Some(json) = json else {
        return Ok(G::Config::default());
    };
    let value: serde_json::Value = serde_json::from_str(json).map_err(|error| error.to_string())?;
    if !value.is_object() {
        return Err(format!(
            "expected a JSON object of the config's fields by name, like {}, not `{json}`",
            serde_json::to_string(&G::Config::default()).unwrap_or_else(|_| "{}".to_owned())
        ));
    }
    serde_json::from_value(value).map_err(|error| error.to_string())
}

/// Plays `count` games from seeds `seed`, `seed + 1`, ... across all cores; prints totals
/// (games, records, moves, draws, games per second) and each seat's mean points (for a game
/// that keeps scores), rates of wins alone and shared, and mean place, with their 95%
/// confidence intervals, and writes each game's log as a JSON line to `log`
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
    let mut totals = Statistics::new(table.players);
    let logged = writer.is_some();
    let mut first = 0;
    while first < count {
        let last = (first + BATCH).min(count);
        let batch = play_batch(table, first..last, seed, logged, &|| bar.inc(1))?;
        for result in batch {
            if let (Some(writer), Some(line)) = (writer.as_mut(), &result.log) {
                writer.write_all(line.as_bytes()).map_err(io_error)?;
                writer.write_all(b"\n").map_err(io_error)?;
            }
            totals.add(&result);
        }
        first = last;
    }
    if let Some(mut writer) = writer {
        writer.flush().map_err(io_error)?;
    }
    bar.finish_and_clear();
    let seconds = started.elapsed().as_secs_f64();
    report::<G>(table, &totals, count, seconds)?;
    if let Some(path) = log {
        say!("log:        {}", path.display())?;
    }
    Ok(())
}

/// Plays `count` games of `G` from seeds `seed`, `seed + 1`, ... across all cores, as
/// `meeple simulate` does without `--log`, and returns their [`Statistics`]: the same
/// games, so the same figures, as the command's for the same table and seeds. `config`
/// is the game's config (its default when `None`), `players` its seats (the game's usual
/// count when `None`), `agents` one agent for every seat or one per seat
/// (`"ismcts,random"`; random when `None`), and `iterations` the search agents' playouts
/// per decision.
///
/// # Errors
/// The command's message for a config, count of seats or agents the table refuses, or
/// for a game that gets stuck.
pub fn simulate<G: TerminalGame>(
    config: Option<&str>,
    players: Option<usize>,
    agents: Option<&str>,
    iterations: u32,
    seed: u64,
    count: u64,
) -> Result<Statistics, String> {
    let args = TableArgs {
        config: config.map(str::to_owned),
        players,
        agents: agents.map(str::to_owned),
        iterations: iterations.max(1),
        think_ms: None,
    };
    let table = &Table::<G>::new(&args).map_err(|error| error.to_string())?;
    let mut totals = Statistics::new(table.players);
    let mut first = 0;
    while first < count {
        let last = (first + BATCH).min(count);
        for result in play_batch(table, first..last, seed, false, &|| {})
            .map_err(|error| error.to_string())?
        {
            totals.add(&result);
        }
        first = last;
    }
    Ok(totals)
}

/// Plays the games `games` (their numbers: game `g` from seed `seed + g`) in parallel;
/// calls `done` as each ends. Without a log, each of rayon's jobs starts its games from
/// the table it set up once (`FirstPosition`), into the position of its last game.
fn play_batch<G: TerminalGame>(
    table: &Table<G>,
    games: std::ops::Range<u64>,
    seed: u64,
    logged: bool,
    done: &(dyn Fn() + Sync),
) -> Result<Vec<GameResult>, CliError> {
    games
        .into_par_iter()
        .map_init(
            || {
                let start = (!logged).then(|| {
                    FirstPosition::<G>::new(
                        &table.config,
                        table.players,
                        PositionSettings::default(),
                    )
                });
                (start, None)
            },
            |(start, bare): &mut (Option<Result<FirstPosition<G>, _>>, Option<Position<G>>),
             game| {
                let seed = seed.wrapping_add(game);
                let result = match start {
                    None => {
                        let engine = Engine::<G>::new(table.config.clone(), table.players, seed)?;
                        let engine = play_out(table, seed, None, engine)?;
                        let log = serde_json::to_string(&engine.sealed_log()).ok();
                        summarize(engine.position(), log)
                    }
                    Some(start) => {
                        let start = start.as_ref().map_err(|error| error.clone())?;
                        let position = match bare.take() {
                            Some(mut position) => {
                                start.start_into(seed, &mut position)?;
                                position
                            }
                            None => start.start(seed)?,
                        };
                        let position = play_out(table, seed, None, position)?;
                        let result = summarize(&position, None);
                        *bare = Some(position);
                        result
                    }
                };
                done();
                Ok(result)
            },
        )
        .collect()
}

/// What a finished game played out in `position` contributes, with its sealed log as a
/// line of JSON when one was kept.
fn summarize<G: TerminalGame>(position: &Position<G>, log: Option<String>) -> GameResult {
    GameResult {
        outcome: position.outcome(),
        records: position.played().records,
        moves: position.played().moves,
        log,
    }
}

/// What simulated games add up to: for each measure, the count, sum and sum of squares
/// of its values as integers, so that two sets of games merge exactly in any order
/// ([`merge`](Self::merge)): a simulation split over processes or machines gives the same
/// figures as one run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Statistics {
    /// Games played.
    pub games: u64,
    /// Records in all (actions, flow changes, forced plays).
    pub records: u64,
    /// Moves in all.
    pub moves: u64,
    /// Draws: 1 for a game drawn, 0 otherwise.
    pub draws: Tally,
    /// Each seat's points, in the games that keep scores (no value otherwise).
    pub points: Vec<Tally>,
    /// Each seat's wins alone: 1 for a win, 0 otherwise.
    pub wins: Vec<Tally>,
    /// Each seat's shared wins: 1 for a first place shared with some but not all of the
    /// others, 0 otherwise.
    pub shared: Vec<Tally>,
    /// Each seat's place (1 first).
    pub places: Vec<Tally>,
}

impl Statistics {
    /// No game yet, at a table of `players` seats.
    #[must_use]
    pub fn new(players: usize) -> Self {
        Statistics {
            games: 0,
            records: 0,
            moves: 0,
            draws: Tally::default(),
            points: vec![Tally::default(); players],
            wins: vec![Tally::default(); players],
            shared: vec![Tally::default(); players],
            places: vec![Tally::default(); players],
        }
    }

    /// Adds the games of `other`, played at a table of as many seats.
    pub fn merge(&mut self, other: &Statistics) {
        self.games += other.games;
        self.records += other.records;
        self.moves += other.moves;
        self.draws.merge(&other.draws);
        for (mine, theirs) in [
            (&mut self.points, &other.points),
            (&mut self.wins, &other.wins),
            (&mut self.shared, &other.shared),
            (&mut self.places, &other.places),
        ] {
            for (mine, theirs) in mine.iter_mut().zip(theirs) {
                mine.merge(theirs);
            }
        }
    }

    fn add(&mut self, result: &GameResult) {
        self.games += 1;
        self.records += result.records;
        self.moves += result.moves;
        let Some(outcome) = &result.outcome else {
            return;
        };
        let finish = outcome.finish();
        self.draws.add(i64::from(finish == Finish::Draw));
        for (seat, &score) in outcome.scores().iter().enumerate() {
            if let Some(points) = self.points.get_mut(seat) {
                points.add(score);
            }
        }
        for (seat, &place) in outcome.places().iter().enumerate() {
            let player = PlayerIndex(seat);
            let (won, shared) = match finish {
                Finish::Win(winner) => (winner == player, false),
                Finish::SharedWin(winners) => (false, winners.contains(player)),
                Finish::Draw => (false, false),
            };
            if let (Some(wins), Some(shares), Some(places)) = (
                self.wins.get_mut(seat),
                self.shared.get_mut(seat),
                self.places.get_mut(seat),
            ) {
                wins.add(i64::from(won));
                shares.add(i64::from(shared));
                places.add(i64::from(place));
            }
        }
    }
}

/// The count, sum and sum of squares of a measure's values, as integers: its mean and
/// the 95% confidence interval of the mean follow, and two tallies merge exactly.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// How many values.
    pub count: u64,
    /// Their sum.
    pub sum: i128,
    /// The sum of their squares.
    pub squares: i128,
}

impl Tally {
    /// Adds a value.
    pub fn add(&mut self, value: i64) {
        self.count += 1;
        self.sum = self.sum.saturating_add(i128::from(value));
        self.squares = self
            .squares
            .saturating_add(i128::from(value) * i128::from(value));
    }

    /// Adds the values of `other`.
    pub fn merge(&mut self, other: &Tally) {
        self.count += other.count;
        self.sum += other.sum;
        self.squares += other.squares;
    }

    /// The mean (0 without values).
    #[must_use]
    #[allow(clippy::cast_precision_loss)]
    pub fn mean(&self) -> f64 {
        if self.count == 0 {
            0.0
        } else {
            self.sum as f64 / self.count as f64
        }
    }

    /// The mean and the half-width of the 95% confidence interval of the mean (normal
    /// approximation; 0 for fewer than two values).
    #[must_use]
    #[allow(clippy::cast_precision_loss)]
    pub fn with_interval(&self) -> (f64, f64) {
        if self.count < 2 {
            return (self.mean(), 0.0);
        }
        let n = self.count as f64;
        // The sum of squared differences from the mean, exact in integers until divided
        // (in floating point past the integers' range).
        let spread = self
            .squares
            .checked_mul(i128::from(self.count))
            .zip(self.sum.checked_mul(self.sum))
            .and_then(|(squares, sum)| squares.checked_sub(sum))
            .map_or_else(
                || self.squares as f64 - (self.sum as f64) * (self.sum as f64) / n,
                |spread| spread as f64 / n,
            );
        let variance = spread / (n - 1.0);
        (self.mean(), 1.96 * (variance.max(0.0) / n).sqrt())
    }
}

/// A rate as a percentage with the half-width of its 95% confidence interval:
/// `12.5% ± 3.1`.
fn percent(rate: &Tally) -> String {
    let (mean, spread) = rate.with_interval();
    format!("{:.1}% ± {:.1}", 100.0 * mean, 100.0 * spread)
}

fn report<G: TerminalGame>(
    table: &Table<G>,
    totals: &Statistics,
    count: u64,
    seconds: f64,
) -> Result<(), CliError> {
    say!("game:       {}", G::NAME)?;
    say!("games:      {count}")?;
    let names: Vec<String> = table
        .lineup
        .kinds()
        .iter()
        .map(ToString::to_string)
        .collect();
    say!("agents:     {}", names.join(", "))?;
    say!("records:    {}", totals.records)?;
    say!("moves:      {}", totals.moves)?;
    if table.players > 1 {
        say!("draws:      {}", percent(&totals.draws))?;
    }
    let any_shared = totals.shared.iter().any(|shared| shared.sum > 0);
    for seat in 0..table.players {
        let mut line = format!(
            "seat {seat}:     {:<7}",
            names.get(seat).map_or("?", String::as_str)
        );
        if let Some(points) = totals.points.get(seat).filter(|points| points.count > 0) {
            let (mean, spread) = points.with_interval();
            line.push_str(&format!(" mean points {mean:.2} ± {spread:.2},"));
        }
        if let Some(wins) = totals.wins.get(seat) {
            line.push_str(&format!(" wins {}", percent(wins)));
        }
        if let Some(shared) = totals.shared.get(seat).filter(|_| any_shared) {
            line.push_str(&format!(", shared wins {}", percent(shared)));
        }
        if let Some(places) = totals.places.get(seat).filter(|_| table.players > 2) {
            let (mean, spread) = places.with_interval();
            line.push_str(&format!(", mean place {mean:.2} ± {spread:.2}"));
        }
        say!("{line}")?;
    }
    say!(
        "time:       {seconds:.2} s ({:.1} games/s)",
        count as f64 / seconds.max(f64::EPSILON)
    )
}

/// A game the command line plays out: the logged table ([`Engine`]), or a bare
/// [`Position`] when no log is kept (a simulation without `--log`, `meeple prompt`).
pub(crate) trait Playing<G: Game> {
    /// The game as it stands.
    fn position(&self) -> &Position<G>;

    /// Submits `action` for `player`.
    ///
    /// # Errors
    /// As [`Position::submit`].
    fn submit(&mut self, player: PlayerIndex, action: G::Actions) -> Result<(), Refusal>;

    /// Submits `player`'s completion at `index`, as [`Position::submit_nth`].
    ///
    /// # Errors
    /// As [`Position::submit_nth`].
    fn submit_nth(&mut self, player: PlayerIndex, index: u64) -> Result<(), Refusal>;
}

impl<G: Game> Playing<G> for Engine<G> {
    fn position(&self) -> &Position<G> {
        Engine::position(self)
    }

    fn submit(&mut self, player: PlayerIndex, action: G::Actions) -> Result<(), Refusal> {
        Engine::submit(self, player, action)
            .map(|_| ())
            .map_err(Refusal::from)
    }

    fn submit_nth(&mut self, player: PlayerIndex, index: u64) -> Result<(), Refusal> {
        Engine::submit_nth(self, player, index).map(|_| ())
    }
}

impl<G: Game> Playing<G> for Position<G> {
    fn position(&self) -> &Position<G> {
        self
    }

    fn submit(&mut self, player: PlayerIndex, action: G::Actions) -> Result<(), Refusal> {
        Position::submit(self, player, action).map_err(Refusal::from)
    }

    fn submit_nth(&mut self, player: PlayerIndex, index: u64) -> Result<(), Refusal> {
        Position::submit_nth(self, player, index)
    }
}

/// Plays `game`, set up from `seed`, on with the table's agents (seeded from `seed`), up
/// to `limit` submissions (to the end when `None`); returns it.
///
/// # Errors
/// A refused submission, or a player who is to act and has no completion an agent can
/// choose.
pub(crate) fn play_out<G: TerminalGame, P: Playing<G>>(
    table: &Table<G>,
    seed: u64,
    limit: Option<usize>,
    mut game: P,
) -> Result<P, CliError> {
    let mut agents = table.lineup.agents::<G>(seed);
    let mut submitted = 0;
    while game.position().outcome().is_none() && limit.is_none_or(|limit| submitted < limit) {
        let position = game.position();
        let Some(player) = position.to_act().first() else {
            return Err(CliError::Stuck("nobody is to act".to_owned()));
        };
        let Some(agent) = agents.get_mut(player.0) else {
            return Err(CliError::Stuck(format!("{player} has no agent")));
        };
        // An agent that chooses by index is trusted with it: no action is built twice.
        match bot::decide(agent.as_mut(), position, player) {
            Some(bot::Decision::Index(index)) => game.submit_nth(player, index)?,
            Some(bot::Decision::Action(action)) => game.submit(player, action)?,
            None => {
                return Err(CliError::Stuck(format!(
                    "{} has nothing an agent can choose",
                    position.state().player_name(player)
                )));
            }
        }
        submitted += 1;
    }
    Ok(game)
}
