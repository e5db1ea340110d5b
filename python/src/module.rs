//! The games an extension module offers Python, by name: [`Module`], after the command
//! line's `Cli::new().game::<G>()`. Each game is kept as a few functions with its type
//! erased, so that one set of Python classes plays them all.

use std::sync::OnceLock;

use meeple::{Environment, Observe};
use meeple_cli::{Statistics, TerminalGame};
use pyo3::prelude::*;

use crate::classes;
use crate::table::Table;

/// Opens a table: `(config as JSON, players, seed, skip_forced)`.
pub(crate) type Open = fn(Option<&str>, usize, u64, bool) -> Result<Box<dyn Table>, String>;

/// Simulates games: `(config as JSON, players, agents, iterations, seed, count)`, as
/// `meeple simulate`.
pub(crate) type Simulate =
    fn(Option<&str>, Option<usize>, Option<&str>, u32, u64, u64) -> Result<Statistics, String>;

/// What the Python classes need of one game, its type erased.
pub(crate) struct Entry {
    pub(crate) name: &'static str,
    pub(crate) about: &'static str,
    pub(crate) players: (usize, usize),
    pub(crate) default_players: usize,
    /// Reads a config given as JSON (a JSON object of its fields by name; the default
    /// for `None`) and opens a table.
    pub(crate) open: Open,
    /// The default config, as JSON.
    pub(crate) default_config: fn() -> String,
    /// Plays whole games by meeple's agents.
    pub(crate) simulate: Simulate,
}

/// The games of the extension module, set once when it is imported.
static GAMES: OnceLock<Vec<Entry>> = OnceLock::new();

/// The games registered, in the order they were added.
pub(crate) fn games() -> &'static [Entry] {
    GAMES.get().map_or(&[], Vec::as_slice)
}

/// The game named `name`.
///
/// # Errors
/// A message naming the games there are.
pub(crate) fn entry(name: &str) -> Result<&'static Entry, String> {
    games()
        .iter()
        .find(|entry| entry.name == name)
        .ok_or_else(|| {
            let names: Vec<&str> = games().iter().map(|entry| entry.name).collect();
            format!(
                "no game named `{name}`; the games are: {}",
                names.join(", ")
            )
        })
}

/// The games an extension module offers to Python, and the classes that play them: what
/// `meeple._core` is for the games of `meeple-games`, and what an author builds for their
/// own games in a module of their own.
///
/// ```no_run
/// use pyo3::prelude::*;
///
/// #[pymodule]
/// fn my_games(module: &Bound<'_, PyModule>) -> PyResult<()> {
///     meeple_python::Module::new()
///         .game::<meeple_games::tictactoe::TicTacToe>()
///         .add_to(module)
/// }
/// ```
///
/// From Python, `my_games.Game("tictactoe")` is then a game like `meeple.Game`'s, which
/// every adapter takes (`meeple.pettingzoo.env(my_games.Game("tictactoe"))`).
#[derive(Default)]
pub struct Module {
    games: Vec<Entry>,
}

impl Module {
    /// A module that offers no game yet: add them with [`game`](Self::game).
    #[must_use]
    pub fn new() -> Self {
        Module::default()
    }

    /// Adds the game `G`, named by [`Game::NAME`](meeple::Game::NAME): its actions must all be numbered
    /// ([`meeple::Distinct`] for every selection's values) and its state observed
    /// (`#[derive(Observe)]`). A second game of the same name replaces the first.
    #[must_use]
    pub fn game<G>(mut self) -> Self
    where
        G: TerminalGame + Observe<G>,
        Environment<G>: Send + Sync,
    {
        self.games.retain(|entry| entry.name != G::NAME);
        self.games.push(Entry {
            name: G::NAME,
            about: G::ABOUT,
            players: (*G::PLAYERS.start(), *G::PLAYERS.end()),
            default_players: G::DEFAULT_PLAYERS,
            open: open::<G>,
            default_config: || {
                serde_json::to_string(&G::Config::default()).unwrap_or_else(|_| "{}".to_owned())
            },
            simulate: meeple_cli::simulate::<G>,
        });
        self
    }

    /// Adds the classes and functions to `module` (`Game`, `State`, `games()`), playing
    /// the games added. An extension module offers one set of games, fixed when it is
    /// first imported.
    ///
    /// # Errors
    /// A Python `RuntimeError` when this process already set the games of this library
    /// (a second `add_to` in one extension module); an error of Python adding a class.
    pub fn add_to(self, module: &Bound<'_, PyModule>) -> PyResult<()> {
        if GAMES.set(self.games).is_err() {
            return Err(pyo3::exceptions::PyRuntimeError::new_err(
                "meeple: the games of this extension module were already set",
            ));
        }
        classes::add(module)
    }
}

/// Opens a table of `G` from a config given as JSON, read as `meeple --config` reads it.
fn open<G>(
    config: Option<&str>,
    players: usize,
    seed: u64,
    skip_forced: bool,
) -> Result<Box<dyn Table>, String>
where
    G: TerminalGame + Observe<G>,
    Environment<G>: Send + Sync,
{
    let config =
        meeple_cli::read_config::<G>(config).map_err(|error| format!("invalid config: {error}"))?;
    Environment::<G>::new(&config, players, seed, skip_forced)
        .map(|environment| Box::new(environment) as Box<dyn Table>)
        .map_err(|error| error.to_string())
}
