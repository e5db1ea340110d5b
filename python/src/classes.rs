//! The Python classes: `Game` (a game by name, with its config and seats: the layouts)
//! and `State` (a table played one integer at a time, after OpenSpiel's state API).
//! Each call translates to the type-erased [`Table`]; errors become `ValueError`s that
//! carry meeple's own message.

use numpy::{PyArray1, PyArrayMethods};
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};

use crate::module::{self, Entry};
use crate::table::Table;

/// How many random games [`Game`] plays to learn whether the game draws chance, beyond
/// its setup, and the most steps of each.
const CHANCE_PROBES: (u64, usize) = (8, 10_000);

/// Adds the classes and functions to `module`.
pub(crate) fn add(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<PyGame>()?;
    module.add_class::<PyState>()?;
    module.add_class::<crate::batch::PyVecEnv>()?;
    module.add_function(wrap_pyfunction!(games, module)?)?;
    module.add_function(wrap_pyfunction!(restore_state, module)?)?;
    module.add_function(wrap_pyfunction!(crate::simulation::simulate, module)?)?;
    Ok(())
}

/// The names of the games this module plays, in the order they were added.
#[pyfunction]
fn games() -> Vec<&'static str> {
    module::games().iter().map(|entry| entry.name).collect()
}

/// A state played again from its game, seed and integers: what `pickle` calls to load a
/// `State` (`State.__reduce__`).
#[pyfunction]
#[pyo3(name = "_restore_state")]
fn restore_state(
    game: Py<PyGame>,
    seed: u64,
    history: Vec<usize>,
    py: Python<'_>,
) -> PyResult<PyState> {
    let mut state = game.get().new_state(seed, game.clone_ref(py))?;
    for integer in history {
        state.table.step(integer).map_err(PyValueError::new_err)?;
    }
    Ok(state)
}

/// A game by name, at a table of a config and a count of seats: its layouts, and the
/// states it starts.
///
/// `Game(name, config=None, players=None, skip_forced=True)`: `config` is a dict of the
/// config's fields by name (the game's default when absent), `players` the seats (the
/// game's usual count when absent). With `skip_forced`, the engine plays forced
/// completions and takes single legal steps for the players; without, every step is
/// asked (game lengths then match OpenSpiel's).
///
/// Raises `ValueError` with meeple's message for an unknown name, a config the game
/// refuses or a count of seats it is not played by, and for a game whose actions cannot
/// all be numbered (free text).
#[pyclass(module = "meeple._core", name = "Game", frozen)]
pub(crate) struct PyGame {
    entry: &'static Entry,
    config: Option<String>,
    players: usize,
    skip_forced: bool,
    distinct_actions: usize,
    action_blocks: Vec<(String, usize, usize, bool)>,
    observation_pieces: Vec<(String, Vec<usize>, usize)>,
    observation_len: usize,
    chance: bool,
}

impl PyGame {
    /// A new table, chance seeded by `seed`.
    pub(crate) fn open(&self, seed: u64) -> PyResult<Box<dyn Table>> {
        (self.entry.open)(self.config.as_deref(), self.players, seed, self.skip_forced)
            .map_err(PyValueError::new_err)
    }

    /// A new table's state, chance seeded by `seed`.
    fn new_state(&self, seed: u64, game: Py<PyGame>) -> PyResult<PyState> {
        Ok(PyState {
            table: self.open(seed)?,
            game,
            legal: Vec::new(),
        })
    }
}

/// Whether a table draws chance: at its setup, or in a few games played by the first,
/// middle and last legal integer in turn.
fn draws_chance(table: &dyn Table) -> bool {
    if table.chance_draws() > 0 {
        return true;
    }
    let mut legal = Vec::new();
    for probe in 0..CHANCE_PROBES.0 {
        let mut table = table.boxed_clone();
        for step in 0..CHANCE_PROBES.1 {
            if table.player().is_none() {
                break;
            }
            table.legal(&mut legal);
            let at = (probe as usize + step) % 3 * legal.len().saturating_sub(1) / 2;
            if legal
                .get(at)
                .is_none_or(|&integer| table.step(integer).is_err())
            {
                break;
            }
            if table.chance_draws() > 0 {
                return true;
            }
        }
    }
    false
}

#[pymethods]
impl PyGame {
    #[new]
    #[pyo3(signature = (name, config=None, players=None, skip_forced=true))]
    pub(crate) fn new(
        name: &str,
        config: Option<&Bound<'_, PyAny>>,
        players: Option<usize>,
        skip_forced: bool,
    ) -> PyResult<Self> {
        let entry = module::entry(name).map_err(PyValueError::new_err)?;
        let config = match config {
            Some(config) if !config.is_none() => {
                if !config.is_instance_of::<PyDict>() {
                    return Err(PyValueError::new_err(format!(
                        "the config of {name} is a dict of its fields by name, like {}",
                        (entry.default_config)()
                    )));
                }
                let json = config.py().import("json")?;
                Some(json.call_method1("dumps", (config,))?.extract::<String>()?)
            }
            _ => None,
        };
        let players = players.unwrap_or(entry.default_players);
        let table = (entry.open)(config.as_deref(), players, 0, skip_forced)
            .map_err(PyValueError::new_err)?;
        Ok(PyGame {
            entry,
            players,
            skip_forced,
            distinct_actions: table.distinct_actions(),
            action_blocks: table.action_blocks(),
            observation_pieces: table.observation_pieces(),
            observation_len: table.observation_len(),
            chance: draws_chance(table.as_ref()),
            config,
        })
    }

    /// The game's name.
    #[getter]
    fn name(&self) -> &'static str {
        self.entry.name
    }

    /// One line on the game: its seats and config.
    #[getter]
    fn about(&self) -> &'static str {
        self.entry.about
    }

    /// How many seats the table has.
    #[getter]
    pub(crate) fn num_players(&self) -> usize {
        self.players
    }

    /// The fewest and most seats the game is played by.
    #[getter]
    fn players_range(&self) -> (usize, usize) {
        self.entry.players
    }

    /// Whether forced completions and single legal steps are taken for the players.
    #[getter]
    fn skip_forced(&self) -> bool {
        self.skip_forced
    }

    /// The config, as a dict of its fields by name.
    #[getter]
    fn config<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let text = self
            .config
            .clone()
            .unwrap_or_else(|| (self.entry.default_config)());
        py.import("json")?.call_method1("loads", (text,))
    }

    /// How many distinct actions there are: every integer a state takes is below it.
    #[getter]
    pub(crate) fn num_distinct_actions(&self) -> usize {
        self.distinct_actions
    }

    /// How many numbers an observation has.
    #[getter]
    pub(crate) fn observation_size(&self) -> usize {
        self.observation_len
    }

    /// Whether the game draws chance (its setup or its moves did in a few probing
    /// games): chance is then drawn inside the moves from the state's seed, never as a
    /// choice of its own (OpenSpiel's sampled stochastic games).
    #[getter]
    fn has_chance(&self) -> bool {
        self.chance
    }

    /// The blocks of the distinct actions, in order: `(name, first, size, done)` with
    /// `name` `"action"` for the action kinds, else `"<action>.<selection>"`, and
    /// `done` true when the block's last integer closes a set of chosen size.
    fn action_layout(&self) -> Vec<(String, usize, usize, bool)> {
        self.action_blocks.clone()
    }

    /// The pieces of an observation, in order: `(name, shape, first)`.
    fn observation_layout<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let pieces = self
            .observation_pieces
            .iter()
            .map(|(name, shape, offset)| {
                let shape = PyTuple::new(py, shape)?;
                PyTuple::new(
                    py,
                    [
                        name.clone().into_pyobject(py)?.into_any(),
                        shape.into_any(),
                        offset.into_pyobject(py)?.into_any(),
                    ],
                )
            })
            .collect::<PyResult<Vec<_>>>()?;
        PyList::new(py, pieces)
    }

    /// A new game's state, chance seeded by `seed`.
    #[pyo3(signature = (seed=0))]
    fn new_initial_state(slf: &Bound<'_, Self>, seed: u64) -> PyResult<PyState> {
        slf.get().new_state(seed, slf.clone().unbind())
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let game = slf.get();
        let config = match &game.config {
            Some(_) => game.config(py)?,
            None => py.None().into_bound(py),
        };
        let arguments = PyTuple::new(
            py,
            [
                game.entry.name.into_pyobject(py)?.into_any(),
                config,
                game.players.into_pyobject(py)?.into_any(),
                pyo3::types::PyBool::new(py, game.skip_forced)
                    .to_owned()
                    .into_any(),
            ],
        )?;
        Ok((slf.get_type().into_any(), arguments))
    }

    fn __repr__(&self) -> String {
        format!(
            "Game({:?}, config={}, players={}, skip_forced={})",
            self.entry.name,
            self.config.as_deref().unwrap_or("None"),
            self.players,
            if self.skip_forced { "True" } else { "False" }
        )
    }
}

/// Runs `write` on `out`'s numbers, which must be contiguous and `size` long.
fn write_into<T: numpy::Element>(
    out: &Bound<'_, PyArray1<T>>,
    size: usize,
    what: &str,
    write: impl FnOnce(&mut [T]) -> PyResult<()>,
) -> PyResult<()> {
    let mut array = out.readwrite();
    let slice = array
        .as_slice_mut()
        .map_err(|error| PyValueError::new_err(error.to_string()))?;
    if slice.len() != size {
        return Err(PyValueError::new_err(format!(
            "the array holds {} numbers, not the {size} {what}",
            slice.len()
        )));
    }
    write(slice)
}

/// A table of a game, played one integer at a time by the seat choosing now (after
/// OpenSpiel's `State`). Made by `Game.new_initial_state(seed)`; copies with `clone()`,
/// `copy.copy` and `copy.deepcopy` go on independently, chance included; `pickle` keeps
/// the game, the seed and the integers chosen, and plays them again on loading.
#[pyclass(module = "meeple._core", name = "State")]
pub(crate) struct PyState {
    table: Box<dyn Table>,
    game: Py<PyGame>,
    legal: Vec<usize>,
}

impl PyState {
    fn copy(&self, py: Python<'_>) -> PyState {
        PyState {
            table: self.table.boxed_clone(),
            game: self.game.clone_ref(py),
            legal: Vec::new(),
        }
    }

    fn check_seat(&self, seat: usize) -> PyResult<()> {
        if seat < self.table.players() {
            Ok(())
        } else {
            Err(PyIndexError::new_err(format!(
                "seat {seat} is not at the table of {} seats",
                self.table.players()
            )))
        }
    }
}

#[pymethods]
impl PyState {
    /// The game.
    #[getter]
    fn game(&self, py: Python<'_>) -> Py<PyGame> {
        self.game.clone_ref(py)
    }

    /// The seat choosing now, or `None` once the game is over.
    fn current_player(&self) -> Option<usize> {
        self.table.player()
    }

    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.table.player().is_none()
    }

    /// The integers legal now, ascending (none once the game is over).
    fn legal_actions(&mut self) -> Vec<usize> {
        self.table.legal(&mut self.legal);
        self.legal.clone()
    }

    /// The legal integers as a boolean array of `num_distinct_actions`, written into
    /// `out` when given (and returned).
    #[pyo3(signature = (out=None))]
    fn legal_mask<'py>(
        &self,
        py: Python<'py>,
        out: Option<Bound<'py, PyArray1<bool>>>,
    ) -> PyResult<Bound<'py, PyArray1<bool>>> {
        let size = self.game.get().distinct_actions;
        let out = out.unwrap_or_else(|| PyArray1::zeros(py, size, false));
        write_into(&out, size, "flags of the distinct actions", |slice| {
            self.table.mask(slice);
            Ok(())
        })?;
        Ok(out)
    }

    /// Chooses `action` (a legal integer) for the seat choosing now. Raises
    /// `ValueError` with meeple's message for an integer that is not legal (or a game
    /// that is over); the state is then unchanged.
    fn apply_action(&mut self, action: usize) -> PyResult<()> {
        self.table.step(action).map_err(PyValueError::new_err)
    }

    /// Each seat's return, in -1..1 (1 for a win alone, -1 for the last alone, their
    /// sum 0), all 0 while the game goes on.
    fn returns(&self) -> Vec<f64> {
        let mut returns = vec![0.0; self.table.players()];
        self.table.returns(&mut returns);
        returns
    }

    /// Each seat's score once the game is over, for a game that keeps scores.
    fn scores(&self) -> Option<Vec<i64>> {
        self.table.scores()
    }

    /// `seat`'s observation, written from that seat's view alone: a float32 array of
    /// `observation_size`, into `out` when given (and returned).
    #[pyo3(signature = (seat, out=None))]
    fn observation<'py>(
        &self,
        py: Python<'py>,
        seat: usize,
        out: Option<Bound<'py, PyArray1<f32>>>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        self.check_seat(seat)?;
        let size = self.game.get().observation_len;
        let out = out.unwrap_or_else(|| PyArray1::zeros(py, size, false));
        write_into(&out, size, "numbers of the observation", |slice| {
            let written = self.table.observe(seat, slice);
            if written == size {
                Ok(())
            } else {
                Err(PyValueError::new_err(format!(
                    "the game wrote {written} numbers of an observation laid out with {size}: its `Observe` lays out and writes different lengths"
                )))
            }
        })?;
        Ok(out)
    }

    /// The integers chosen since the start, in order.
    fn history(&self) -> Vec<usize> {
        self.table.history().to_vec()
    }

    /// The seed the game started from.
    #[getter]
    fn seed(&self) -> u64 {
        self.table.seed()
    }

    /// How many integers the seat choosing now has chosen in its decision in progress.
    #[getter]
    fn decision_depth(&self) -> usize {
        self.table.depth()
    }

    /// How many draws of chance the game has made since its setup.
    #[getter]
    fn chance_draws(&self) -> u64 {
        self.table.chance_draws()
    }

    /// `seat`'s view of the state as JSON (the whole state for `None`).
    #[pyo3(signature = (seat=None))]
    fn view(&self, seat: Option<usize>) -> PyResult<String> {
        if let Some(seat) = seat {
            self.check_seat(seat)?;
        }
        self.table.view_json(seat).map_err(PyValueError::new_err)
    }

    /// What the seat choosing now is offered, as the engine's prompt in JSON (`"null"`
    /// once the game is over).
    fn prompt(&self) -> PyResult<String> {
        self.table.prompt_json().map_err(PyValueError::new_err)
    }

    /// `action`'s block and its index in it, as text (`"play_card.card 12"`).
    fn action_to_string(&self, action: usize) -> String {
        self.table.integer_text(action)
    }

    /// Plays the seat choosing now by one of meeple's agents: `"random"`, `"uct"` or
    /// `"ismcts"` (search with `iterations` playouts per decision), deciding from that
    /// seat's own view; its action is recorded as the integers it is made of. Raises
    /// `ValueError` for an unknown agent or a game that is over.
    #[pyo3(signature = (agent="random", iterations=200))]
    fn play_agent(&mut self, py: Python<'_>, agent: &str, iterations: u32) -> PyResult<()> {
        let table = &mut self.table;
        py.detach(|| table.play_agent(agent, iterations))
            .map_err(PyValueError::new_err)
    }

    /// Starts a new game at the same table, chance seeded by `seed`.
    fn reset(&mut self, seed: u64) -> PyResult<()> {
        self.table.reset(seed).map_err(PyValueError::new_err)
    }

    /// A copy that goes on independently, chance included.
    fn clone(&self, py: Python<'_>) -> PyState {
        self.copy(py)
    }

    fn __copy__(&self, py: Python<'_>) -> PyState {
        self.copy(py)
    }

    fn __deepcopy__(&self, py: Python<'_>, _memo: &Bound<'_, PyAny>) -> PyState {
        self.copy(py)
    }

    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let restore = py.import("meeple._core")?.getattr("_restore_state")?;
        let arguments = PyTuple::new(
            py,
            [
                self.game.clone_ref(py).into_bound(py).into_any(),
                self.table.seed().into_pyobject(py)?.into_any(),
                PyList::new(py, self.table.history())?.into_any(),
            ],
        )?;
        Ok((restore, arguments))
    }

    fn __repr__(&self) -> String {
        format!(
            "State({}, seed={}, {} integers chosen{})",
            self.game.get().entry.name,
            self.table.seed(),
            self.table.history().len(),
            match self.table.player() {
                Some(seat) => format!(", seat {seat} to choose"),
                None => ", over".to_owned(),
            }
        )
    }
}
