//! `meeple._core._simulate`: whole games played by meeple's agents in Rust, on every core
//! with Python's lock released, their statistics returned as a dict of exact integers
//! (the Python package's `meeple.simulate` wraps it in `meeple.Statistics`).

use meeple_cli::{Statistics, Tally};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::module;

/// A tally as a dict: `count`, `sum`, `squares`.
fn tally<'py>(py: Python<'py>, tally: &Tally) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("count", tally.count)?;
    dict.set_item("sum", tally.sum)?;
    dict.set_item("squares", tally.squares)?;
    Ok(dict)
}

fn tallies<'py>(py: Python<'py>, tallies: &[Tally]) -> PyResult<Bound<'py, PyList>> {
    let items = tallies
        .iter()
        .map(|item| tally(py, item))
        .collect::<PyResult<Vec<_>>>()?;
    PyList::new(py, items)
}

/// Plays `games` games of `name` from seeds `seed`, `seed + 1`, ... as `meeple simulate`
/// does (the same games for the same table and seeds), and returns their statistics as
/// a dict: `games`, `records`, `moves`, and for `draws` and each seat's `points`,
/// `wins`, `shared` (wins shared) and `places`, the `count`, `sum` and `sum of squares`
/// of their values, as integers that merge exactly.
#[pyfunction]
#[pyo3(name = "_simulate", signature = (name, games, seed=0, agents=None, iterations=200, config=None, players=None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn simulate<'py>(
    py: Python<'py>,
    name: &str,
    games: u64,
    seed: u64,
    agents: Option<String>,
    iterations: u32,
    config: Option<String>,
    players: Option<usize>,
) -> PyResult<Bound<'py, PyDict>> {
    let entry = module::entry(name).map_err(PyValueError::new_err)?;
    let statistics: Statistics = py
        .detach(|| {
            (entry.simulate)(
                config.as_deref(),
                players,
                agents.as_deref(),
                iterations,
                seed,
                games,
            )
        })
        .map_err(PyValueError::new_err)?;
    let dict = PyDict::new(py);
    dict.set_item("game", entry.name)?;
    dict.set_item("games", statistics.games)?;
    dict.set_item("records", statistics.records)?;
    dict.set_item("moves", statistics.moves)?;
    dict.set_item("draws", tally(py, &statistics.draws)?)?;
    dict.set_item("points", tallies(py, &statistics.points)?)?;
    dict.set_item("wins", tallies(py, &statistics.wins)?)?;
    dict.set_item("shared", tallies(py, &statistics.shared)?)?;
    dict.set_item("places", tallies(py, &statistics.places)?)?;
    Ok(dict)
}
