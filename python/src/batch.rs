//! `VecEnv`: many tables of one game stepped by one call, with Python's lock released
//! (after entity-gym's `VecEnv` and rust-chess's `BoardBatch`: past ~200k steps a second,
//! only batching moves the cost from Python back to Rust). Its arrays are made once and
//! written in place at every call.

use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use rayon::prelude::*;

use crate::classes::PyGame;
use crate::table::Table;

/// One table's slice of the arrays.
struct Row<'a> {
    observation: &'a mut [f32],
    mask: &'a mut [bool],
    player: &'a mut i64,
    rewards: &'a mut [f32],
    done: &'a mut bool,
}

/// Keeps the first error of the tables, whichever thread meets it.
fn keep_first(failed: &std::sync::Mutex<Option<String>>, error: String) {
    if let Ok(mut failed) = failed.lock() {
        failed.get_or_insert(error);
    }
}

/// One seat learning, the others played by one of meeple's agents.
#[derive(Clone, Debug)]
struct Learner {
    seat: usize,
    agent: String,
    iterations: u32,
}

/// Plays the other seats by the learner's opponents until the learner chooses or the
/// game ends.
fn advance(table: &mut Box<dyn Table>, learner: Option<&Learner>) -> Result<(), String> {
    let Some(learner) = learner else {
        return Ok(());
    };
    while let Some(seat) = table.player()
        && seat != learner.seat
    {
        table.play_agent(&learner.agent, learner.iterations)?;
    }
    Ok(())
}

/// Writes `table`'s seat choosing now, that seat's observation and its mask into `row`.
fn write_row(table: &dyn Table, row: &mut Row<'_>) {
    match table.player() {
        Some(seat) => {
            *row.player = i64::try_from(seat).unwrap_or(-1);
            table.observe(seat, row.observation);
        }
        None => {
            *row.player = -1;
            row.observation.fill(0.0);
        }
    }
    table.mask(row.mask);
}

/// `n` tables of one game stepped together: `VecEnv(game, n, seed=0, threads=1)`.
///
/// Table `i` starts from seed `seed + i`; a table whose game ends is started again at
/// once from the next seed not yet used (`seed + n`, `seed + n + 1`... in the order of the
/// tables; again, for a game that ends before anyone chooses), so the same seed and
/// actions give the same arrays. Every call returns the
/// same arrays, overwritten by the next call (as Gymnasium's `copy=False`):
/// `observations` `[n, observation_size]` (float32, of the seat choosing in each table),
/// `masks` `[n, num_distinct_actions]` (bool), `players` `[n]` (int64, the seat
/// choosing), `rewards` `[n, num_players]` (float32, each seat's return in a game that
/// ended at this step, else 0) and `dones` `[n]` (bool, the game ended at this step and
/// the table started anew).
///
/// With `threads` above 1 the tables are stepped on that many threads. With `seat`, that
/// seat alone is played through the arrays and the others by meeple's `opponents`
/// (`"random"`, `"uct"`, `"ismcts"`, the search agents with `iterations` playouts), inside
/// the call: every table then waits on `seat` (or has just ended).
#[pyclass(module = "meeple._core", name = "VecEnv")]
pub(crate) struct PyVecEnv {
    game: Py<PyGame>,
    tables: Vec<Box<dyn Table>>,
    next_seed: u64,
    observations: Py<PyArray2<f32>>,
    masks: Py<PyArray2<bool>>,
    players: Py<PyArray1<i64>>,
    rewards: Py<PyArray2<f32>>,
    dones: Py<PyArray1<bool>>,
    /// With a learning seat, the seat's last observation of each game that ended at the
    /// last step.
    finals: Py<PyArray2<f32>>,
    pool: Option<rayon::ThreadPool>,
    learner: Option<Learner>,
}

/// The arrays a call returns.
type Arrays<'py> = (
    Bound<'py, PyArray2<f32>>,
    Bound<'py, PyArray2<bool>>,
    Bound<'py, PyArray1<i64>>,
    Bound<'py, PyArray2<f32>>,
    Bound<'py, PyArray1<bool>>,
);

impl PyVecEnv {
    fn arrays<'py>(&self, py: Python<'py>) -> Arrays<'py> {
        (
            self.observations.bind(py).clone(),
            self.masks.bind(py).clone(),
            self.players.bind(py).clone(),
            self.rewards.bind(py).clone(),
            self.dones.bind(py).clone(),
        )
    }

    /// Starts again, from the next seeds in table order, every table whose game has
    /// ended: after a step, and again for a new game that ended before anyone (or the
    /// learning seat) chose (a Blackjack deal the dealer's peek settles at once).
    fn restart_ended(&mut self, py: Python<'_>) -> PyResult<()> {
        const TRIES: usize = 1000;
        for _ in 0..TRIES {
            let mut seeds = vec![None; self.tables.len()];
            for (index, table) in self.tables.iter().enumerate() {
                if table.player().is_none() {
                    seeds[index] = Some(self.next_seed);
                    self.next_seed = self.next_seed.wrapping_add(1);
                }
            }
            if seeds.iter().all(Option::is_none) {
                return Ok(());
            }
            let learner = self.learner.clone();
            let failed = std::sync::Mutex::new(None);
            self.for_each_row(py, |index, table, row| {
                if let Some(seed) = seeds[index] {
                    let started = table
                        .reset(seed)
                        .and_then(|()| advance(table, learner.as_ref()));
                    if let Err(error) = started {
                        keep_first(&failed, error);
                    }
                    write_row(table.as_ref(), row);
                }
            })?;
            if let Some(error) = failed.into_inner().ok().flatten() {
                return Err(PyValueError::new_err(error));
            }
        }
        Err(PyValueError::new_err(format!(
            "{TRIES} games in a row ended before anyone chose"
        )))
    }

    /// Runs `work` on every table with its row of the arrays, on the pool when there is
    /// one, with Python's lock released.
    fn for_each_row<F>(&mut self, py: Python<'_>, work: F) -> PyResult<()>
    where
        F: Fn(usize, &mut Box<dyn Table>, &mut Row<'_>) + Send + Sync,
    {
        let observations = self.observations.bind(py);
        let masks = self.masks.bind(py);
        let players = self.players.bind(py);
        let rewards = self.rewards.bind(py);
        let dones = self.dones.bind(py);
        let mut observations = observations.readwrite();
        let mut masks = masks.readwrite();
        let mut players = players.readwrite();
        let mut rewards = rewards.readwrite();
        let mut dones = dones.readwrite();
        let not_contiguous = |error: numpy::AsSliceError| PyValueError::new_err(error.to_string());
        let observations = observations.as_slice_mut().map_err(not_contiguous)?;
        let masks = masks.as_slice_mut().map_err(not_contiguous)?;
        let players = players.as_slice_mut().map_err(not_contiguous)?;
        let rewards = rewards.as_slice_mut().map_err(not_contiguous)?;
        let dones = dones.as_slice_mut().map_err(not_contiguous)?;
        let n = self.tables.len().max(1);
        let (obs_len, mask_len, seats) =
            (observations.len() / n, masks.len() / n, rewards.len() / n);
        let tables = &mut self.tables;
        let pool = self.pool.as_ref();
        py.detach(|| {
            let rows = tables
                .iter_mut()
                .zip(observations.chunks_mut(obs_len.max(1)))
                .zip(masks.chunks_mut(mask_len.max(1)))
                .zip(players.iter_mut())
                .zip(rewards.chunks_mut(seats.max(1)))
                .zip(dones.iter_mut())
                .enumerate()
                .map(
                    |(index, (((((table, observation), mask), player), rewards), done))| {
                        (
                            index,
                            table,
                            Row {
                                observation,
                                mask,
                                player,
                                rewards,
                                done,
                            },
                        )
                    },
                );
            match pool {
                Some(pool) => {
                    let mut rows: Vec<_> = rows.collect();
                    pool.install(|| {
                        rows.par_iter_mut()
                            .for_each(|(index, table, row)| work(*index, table, row));
                    });
                }
                None => {
                    for (index, table, mut row) in rows {
                        work(index, table, &mut row);
                    }
                }
            }
        });
        Ok(())
    }
}

#[pymethods]
impl PyVecEnv {
    #[new]
    #[pyo3(signature = (
        game, n, seed=0, threads=1, config=None, players=None, skip_forced=true,
        seat=None, opponents="random", iterations=200
    ))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        game: &Bound<'_, PyAny>,
        n: usize,
        seed: u64,
        threads: usize,
        config: Option<&Bound<'_, PyAny>>,
        players: Option<usize>,
        skip_forced: bool,
        seat: Option<usize>,
        opponents: &str,
        iterations: u32,
    ) -> PyResult<Self> {
        let game: Py<PyGame> = match game.extract::<String>() {
            Ok(name) => Py::new(py, PyGame::new(&name, config, players, skip_forced)?)?,
            Err(_) => game.extract()?,
        };
        if n == 0 {
            return Err(PyValueError::new_err(
                "a VecEnv steps at least one table, not 0",
            ));
        }
        if threads == 0 {
            return Err(PyValueError::new_err(
                "a VecEnv runs on at least one thread, not 0",
            ));
        }
        let (size, observation, players) = {
            let game = game.get();
            (
                game.num_distinct_actions(),
                game.observation_size(),
                game.num_players(),
            )
        };
        if let Some(seat) = seat
            && seat >= players
        {
            return Err(PyValueError::new_err(format!(
                "seat {seat} is not at the table of {players} seats"
            )));
        }
        if !matches!(opponents, "random" | "uct" | "mcts" | "ismcts") {
            return Err(PyValueError::new_err(format!(
                "unknown agent `{opponents}`; expected `random`, `uct` or `ismcts`"
            )));
        }
        let learner = seat.map(|seat| Learner {
            seat,
            agent: opponents.to_owned(),
            iterations,
        });
        let tables = (0..n)
            .map(|index| game.get().open(seed.wrapping_add(index as u64)))
            .collect::<PyResult<Vec<_>>>()?;
        let pool = if threads > 1 {
            Some(
                rayon::ThreadPoolBuilder::new()
                    .num_threads(threads)
                    .build()
                    .map_err(|error| PyValueError::new_err(error.to_string()))?,
            )
        } else {
            None
        };
        let mut env = PyVecEnv {
            game,
            tables,
            next_seed: seed.wrapping_add(n as u64),
            observations: PyArray2::zeros(py, [n, observation], false).unbind(),
            masks: PyArray2::zeros(py, [n, size], false).unbind(),
            players: PyArray1::zeros(py, n, false).unbind(),
            rewards: PyArray2::zeros(py, [n, players], false).unbind(),
            dones: PyArray1::zeros(py, n, false).unbind(),
            finals: PyArray2::zeros(py, [n, observation], false).unbind(),
            pool,
            learner,
        };
        env.reset(py, Some(seed))?;
        Ok(env)
    }

    /// The game.
    #[getter]
    fn game(&self, py: Python<'_>) -> Py<PyGame> {
        self.game.clone_ref(py)
    }

    /// With a learning seat, its last observation of each game that ended at the last
    /// step (the rows of `dones`), `[n, observation_size]`: the row a table wrote before
    /// it started anew. Overwritten by the next step.
    #[getter]
    fn final_observations<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<f32>> {
        self.finals.bind(py).clone()
    }

    /// How many tables.
    #[getter]
    fn num_envs(&self) -> usize {
        self.tables.len()
    }

    /// Starts every table again and returns the arrays `(observations, masks, players,
    /// rewards, dones)`, rewards and dones cleared: table `i` from `seed + i` when a seed
    /// is given (and later games from `seed + n` on), else from the next seeds not yet
    /// used, so that unseeded resets play new games.
    #[pyo3(signature = (seed=None))]
    fn reset<'py>(&mut self, py: Python<'py>, seed: Option<u64>) -> PyResult<Arrays<'py>> {
        let seed = seed.unwrap_or(self.next_seed);
        let learner = self.learner.clone();
        let failed = std::sync::Mutex::new(None);
        self.for_each_row(py, |index, table, row| {
            let started = table
                .reset(seed.wrapping_add(index as u64))
                .and_then(|()| advance(table, learner.as_ref()));
            if let Err(error) = started {
                keep_first(&failed, error);
            }
            row.rewards.fill(0.0);
            *row.done = false;
            write_row(table.as_ref(), row);
        })?;
        if let Some(error) = failed.into_inner().ok().flatten() {
            return Err(PyValueError::new_err(error));
        }
        self.next_seed = seed.wrapping_add(self.tables.len() as u64);
        self.restart_ended(py)?;
        Ok(self.arrays(py))
    }

    /// Chooses `actions[i]` in table `i`, for every table, and returns the arrays
    /// `(observations, masks, players, rewards, dones)`. Raises `ValueError` naming the
    /// first table whose integer is not legal, before any table moves.
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: PyReadonlyArray1<'py, i64>,
    ) -> PyResult<Arrays<'py>> {
        // A copy: another thread may write the array once the lock is released.
        let actions = actions
            .as_slice()
            .map_err(|error| PyValueError::new_err(error.to_string()))?
            .to_vec();
        if actions.len() != self.tables.len() {
            return Err(PyValueError::new_err(format!(
                "{} actions for {} tables",
                actions.len(),
                self.tables.len()
            )));
        }
        for (index, (table, &action)) in self.tables.iter().zip(&actions).enumerate() {
            let allowed = usize::try_from(action)
                .ok()
                .filter(|&action| table.is_legal(action));
            if allowed.is_none() {
                let mut legal = Vec::new();
                table.legal(&mut legal);
                return Err(PyValueError::new_err(format!(
                    "table {index}: distinct action {action} is not legal now; legal: {legal:?}"
                )));
            }
        }
        // The tables whose games end are started again after this pass, from seeds
        // handed out in table order, whatever thread finishes first.
        let learner = self.learner.clone();
        let failed = std::sync::Mutex::new(None);
        self.for_each_row(py, |index, table, row| {
            let step = usize::try_from(actions[index])
                .map_err(|error| error.to_string())
                .and_then(|action| table.step(action))
                .and_then(|()| advance(table, learner.as_ref()));
            if let Err(error) = step {
                keep_first(&failed, format!("table {index}: {error}"));
            }
            *row.done = table.player().is_none();
            if *row.done {
                if let Some(learner) = &learner {
                    table.observe(learner.seat, row.observation);
                }
                let mut returns = vec![0.0; row.rewards.len()];
                table.returns(&mut returns);
                for (reward, value) in row.rewards.iter_mut().zip(returns) {
                    *reward = value as f32;
                }
            } else {
                row.rewards.fill(0.0);
                write_row(table.as_ref(), row);
            }
        })?;
        if let Some(error) = failed.into_inner().ok().flatten() {
            return Err(PyValueError::new_err(error));
        }
        if self.learner.is_some() {
            // The ended games' last observations, kept before their tables start anew.
            let observations = self.observations.bind(py).readonly();
            let finals = self.finals.bind(py);
            let mut finals = finals.readwrite();
            let (from, to) = (
                observations
                    .as_slice()
                    .map_err(|error| PyValueError::new_err(error.to_string()))?,
                finals
                    .as_slice_mut()
                    .map_err(|error| PyValueError::new_err(error.to_string()))?,
            );
            to.copy_from_slice(from);
        }
        // The tables whose games ended start anew, from seeds handed out in table order.
        self.restart_ended(py)?;
        Ok(self.arrays(py))
    }
}
