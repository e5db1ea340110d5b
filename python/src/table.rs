//! A game's [`Environment`] with its type erased: what the Python classes hold, one
//! object whatever the game. Plain Rust, tested by `cargo test`; the classes in
//! `classes.rs` only translate.

use meeple::{Agent, Budget, Environment, Observe, PlayerIndex, RandomAgent, SearchAgent, Viewer};
use meeple_cli::TerminalGame;

/// An environment of any game, as the Python classes drive it.
pub(crate) trait Table: Send + Sync {
    /// A copy that goes on independently (its chance included).
    fn boxed_clone(&self) -> Box<dyn Table>;
    /// How many seats.
    fn players(&self) -> usize;
    /// The seat choosing now; `None` once the game is over.
    fn player(&self) -> Option<usize>;
    /// The integers legal now, ascending, into `out` (cleared first).
    fn legal(&self, out: &mut Vec<usize>);
    /// The legal integers as flags.
    fn mask(&self, out: &mut [bool]);
    /// Whether `integer` is legal now.
    fn is_legal(&self, integer: usize) -> bool;
    /// Chooses `integer` for the seat choosing now.
    fn step(&mut self, integer: usize) -> Result<(), String>;
    /// A new game at the table, chance seeded by `seed`.
    fn reset(&mut self, seed: u64) -> Result<(), String>;
    /// Each seat's return, in `-1..=1`, zero until the game is over.
    fn returns(&self, out: &mut [f64]);
    /// Each seat's score when the game is over and keeps scores.
    fn scores(&self) -> Option<Vec<i64>>;
    /// `seat`'s observation into `out`; returns how many numbers it has.
    fn observe(&self, seat: usize, out: &mut [f32]) -> usize;
    /// The integers chosen since the start.
    fn history(&self) -> &[usize];
    /// The seed the game started from.
    fn seed(&self) -> u64;
    /// How many integers are chosen in the decision in progress.
    fn depth(&self) -> usize;
    /// The view of `seat` (the admin's for `None`) as JSON.
    fn view_json(&self, seat: Option<usize>) -> Result<String, String>;
    /// What the seat choosing now is asked, as the engine's prompt in JSON.
    fn prompt_json(&self) -> Result<String, String>;
    /// The name of `integer`'s block and its index within it (`"play_card.card 12"`).
    fn integer_text(&self, integer: usize) -> String;
    /// How many draws of chance the game has made since its setup.
    fn chance_draws(&self) -> u64;
    /// Plays the seat choosing now by one of meeple's agents (`random`, `uct`, `ismcts`,
    /// the search agents with `iterations` playouts), from that seat's own copy of the
    /// game, seeded by the game's seed and the actions played so far.
    fn play_agent(&mut self, agent: &str, iterations: u32) -> Result<(), String>;
    /// The layout of the distinct actions: each block's name, first integer, size and
    /// whether it ends with "done".
    fn action_blocks(&self) -> Vec<(String, usize, usize, bool)>;
    /// How many distinct actions there are.
    fn distinct_actions(&self) -> usize;
    /// The observation's pieces: name, shape, first number.
    fn observation_pieces(&self) -> Vec<(String, Vec<usize>, usize)>;
    /// How many numbers an observation has.
    fn observation_len(&self) -> usize;
}

impl<G> Table for Environment<G>
where
    G: TerminalGame + Observe<G>,
    Environment<G>: Send + Sync,
{
    fn boxed_clone(&self) -> Box<dyn Table> {
        Box::new(self.clone())
    }

    fn players(&self) -> usize {
        self.position().players()
    }

    fn player(&self) -> Option<usize> {
        Environment::player(self).map(|seat| seat.0)
    }

    fn legal(&self, out: &mut Vec<usize>) {
        out.clear();
        Environment::legal(self, out);
    }

    fn mask(&self, out: &mut [bool]) {
        Environment::mask(self, out);
    }

    fn is_legal(&self, integer: usize) -> bool {
        self.decision().is_legal(integer)
    }

    fn step(&mut self, integer: usize) -> Result<(), String> {
        Environment::step(self, integer).map_err(|error| error.to_string())
    }

    fn reset(&mut self, seed: u64) -> Result<(), String> {
        Environment::reset(self, seed).map_err(|error| error.to_string())
    }

    fn returns(&self, out: &mut [f64]) {
        Environment::returns(self, out);
    }

    fn scores(&self) -> Option<Vec<i64>> {
        self.outcome()
            .filter(meeple::Outcome::has_scores)
            .map(|outcome| outcome.scores().to_vec())
    }

    fn observe(&self, seat: usize, out: &mut [f32]) -> usize {
        Environment::observe(self, PlayerIndex(seat), out)
    }

    fn history(&self) -> &[usize] {
        Environment::history(self)
    }

    fn seed(&self) -> u64 {
        Environment::seed(self)
    }

    fn depth(&self) -> usize {
        self.decision().depth()
    }

    fn view_json(&self, seat: Option<usize>) -> Result<String, String> {
        let viewer = seat.map_or(Viewer::Admin, |seat| Viewer::Player(PlayerIndex(seat)));
        let view = self.position().view(viewer);
        let mut out = Vec::new();
        let mut serializer = serde_json::Serializer::new(&mut out);
        view.serialize_state(&mut serializer)
            .map_err(|error| error.to_string())?;
        String::from_utf8(out).map_err(|error| error.to_string())
    }

    fn prompt_json(&self) -> Result<String, String> {
        let Some(player) = Environment::player(self) else {
            return Ok("null".to_owned());
        };
        serde_json::to_string(&self.position().prompt(player)).map_err(|error| error.to_string())
    }

    fn integer_text(&self, integer: usize) -> String {
        match self.layout().block_of(integer) {
            Some(block) => match block.selection {
                None => <G::Actions as meeple::ActionSet>::NAMES
                    .get(integer)
                    .map_or_else(|| format!("action {integer}"), |name| (*name).to_owned()),
                Some(_) if block.done && integer == block.offset + block.len - 1 => {
                    format!("{} done", block.name())
                }
                Some(_) => format!("{} {}", block.name(), integer - block.offset),
            },
            None => format!("{integer} (outside the layout)"),
        }
    }

    fn chance_draws(&self) -> u64 {
        self.position().chance_draws()
    }

    fn play_agent(&mut self, agent: &str, iterations: u32) -> Result<(), String> {
        let player = Environment::player(self).ok_or("the game is over")?;
        let seed = (self.seed() ^ 0x9E37_79B9_7F4A_7C15)
            .wrapping_add(self.actions_played().wrapping_mul(0xBF58_476D_1CE4_E5B9));
        let budget = Budget::Iterations(iterations.max(1));
        let mut agent: Box<dyn Agent<G>> = match agent {
            "random" => Box::new(RandomAgent::new(seed)),
            "uct" | "mcts" => Box::new(SearchAgent::uct(seed, budget)),
            "ismcts" => Box::new(SearchAgent::ismcts(seed, budget)),
            other => {
                return Err(format!(
                    "unknown agent `{other}`; expected `random`, `uct` or `ismcts`"
                ));
            }
        };
        let position = self.position();
        let own;
        let seat = if agent.needs_own_copy() {
            own = position.for_agent(player, seed);
            &own
        } else {
            position
        };
        let action = match agent.choose_index(seat, player) {
            Some(index) => seat.nth_completion(player, index),
            None => agent.choose(seat, player),
        }
        .ok_or_else(|| format!("{player} has nothing an agent can choose"))?;
        self.play(&action).map_err(|error| error.to_string())
    }

    fn action_blocks(&self) -> Vec<(String, usize, usize, bool)> {
        self.layout()
            .blocks()
            .iter()
            .map(|block| (block.name(), block.offset, block.len, block.done))
            .collect()
    }

    fn distinct_actions(&self) -> usize {
        self.layout().len()
    }

    fn observation_pieces(&self) -> Vec<(String, Vec<usize>, usize)> {
        self.observation_layout()
            .pieces()
            .iter()
            .map(|piece| (piece.name.clone(), piece.shape.clone(), piece.offset))
            .collect()
    }

    fn observation_len(&self) -> usize {
        self.observation_layout().len()
    }
}
