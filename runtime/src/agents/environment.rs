//! A game as an environment for learning agents: one seat at a time chooses a distinct
//! action (an integer of the game's [`ActionLayout`]), and the table moves on. What the
//! Python environments (PettingZoo, OpenSpiel, Gymnasium) stand on; chance is drawn by
//! the position from its seed, so the same seed and integers replay the same game.

use std::sync::Arc;

use crate::error::{NotDistinct, Refusal};
use crate::pieces::outcome::Outcome;
use crate::pieces::player::PlayerIndex;
use crate::position::{
    ActionLayout, ChooseError, DistinctDecision, FirstPosition, NotLegal, Position,
    PositionSettings,
};
use crate::rules::game::{Game, SetupError};
use crate::seen::observation::{ObservationLayout, Observe, Observer};
use crate::seen::view::Viewer;

/// Why an [`Environment`] could not be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EnvironmentError {
    /// The game refused the config or the count of seats.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// The game's actions cannot all be numbered (a type with no `Distinct`, free text).
    #[error(transparent)]
    NotDistinct(#[from] NotDistinct),
    /// The game, once set up or after a step, names nobody to act and is not over.
    #[error("the game is stuck: nobody can act and it is not over")]
    Stuck,
}

/// Why [`Environment::step`] refused an integer, or what went wrong after it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StepError {
    /// The game is over: no integer is legal.
    #[error("the game is over")]
    GameOver,
    /// The integer is not legal now; nothing changed.
    #[error(transparent)]
    NotLegal(NotLegal),
    /// The game's numbering gives two completions the same integers; nothing changed.
    #[error(transparent)]
    Ambiguous(NotDistinct),
    /// The action was played, but the game's rules then went wrong: the next decision
    /// cannot be numbered, nobody can act, or forced plays never end. The environment
    /// stands where it stopped and can only be reset.
    #[error("after the action: {0}")]
    After(Box<EnvironmentError>),
    /// The position refused the completed action (a bug of the game: its completions
    /// must be admitted), or what follows it never ends.
    #[error(transparent)]
    Refused(Refusal),
}

/// A table of `G` played one distinct action at a time, by whichever seat is choosing:
/// the lowest seat of those to act, so that simultaneous choices (Hearts' passes) are
/// taken in seat order, as OpenSpiel's Hearts takes them.
///
/// With `skip_forced`, the engine plays forced completions for the players and any step
/// with a single legal integer is taken without asking (meeple's skipping); without it,
/// every completion and every step is asked, forced or not (a game then lasts as long as
/// OpenSpiel's). Either way the choice of an action's kind is asked only when more than
/// one kind is offered, or when the action has nothing more to choose.
#[derive(Clone, Debug)]
pub struct Environment<G: Game> {
    first: Arc<FirstPosition<G>>,
    layout: Arc<ActionLayout>,
    position: Position<G>,
    decision: DistinctDecision<G>,
    skip_forced: bool,
    seed: u64,
    /// The integers the players chose, in order, since the start: with the seed, enough
    /// to play the game again.
    history: Vec<usize>,
    /// How many actions have been played since the start, by integers or whole.
    actions: u64,
}

impl<G: Game> Environment<G> {
    /// A table of `players` seats set up from `config`, chance seeded by `seed`.
    ///
    /// # Errors
    /// [`EnvironmentError::Setup`] for a config or count the game refuses,
    /// [`EnvironmentError::NotDistinct`] when a selection of the game cannot be numbered,
    /// [`EnvironmentError::Stuck`] for a game that names nobody to act at its start.
    pub fn new(
        config: &G::Config,
        players: usize,
        seed: u64,
        skip_forced: bool,
    ) -> Result<Self, EnvironmentError> {
        let settings = PositionSettings {
            autoplay_forced: skip_forced,
            ..PositionSettings::default()
        };
        let first = FirstPosition::new(config, players, settings)?;
        let position = first.start(seed)?;
        // Read from the table as set up, whatever the seed: the same layout for every game.
        let layout = ActionLayout::of(first.position().state())?;
        let mut environment = Environment {
            first: Arc::new(first),
            layout: Arc::new(layout),
            position,
            decision: DistinctDecision::new(),
            skip_forced,
            seed,
            history: Vec::new(),
            actions: 0,
        };
        environment.settle()?;
        Ok(environment)
    }

    /// Starts a new game at the same table (config, seats, settings), chance seeded by
    /// `seed`, reusing the environment's buffers.
    ///
    /// # Errors
    /// As [`new`](Self::new); the environment is then as after a failed reset, and must
    /// be reset again.
    pub fn reset(&mut self, seed: u64) -> Result<(), EnvironmentError> {
        self.decision.clear();
        self.first.start_into(seed, &mut self.position)?;
        self.seed = seed;
        self.history.clear();
        self.actions = 0;
        self.settle()
    }

    /// The layout of the game's distinct actions, fixed for the table.
    #[must_use]
    pub fn layout(&self) -> &ActionLayout {
        &self.layout
    }

    /// The position: the state, views, prompts and outcome.
    #[must_use]
    pub fn position(&self) -> &Position<G> {
        &self.position
    }

    /// The seat choosing now, or `None` once the game is over.
    #[must_use]
    pub fn player(&self) -> Option<PlayerIndex> {
        self.decision.player()
    }

    /// Whether the game is over.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.decision.player().is_none()
    }

    /// The game's outcome, once it is over.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.position.outcome()
    }

    /// The seed the game started from.
    #[must_use]
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Whether forced completions and single legal steps are taken for the players.
    #[must_use]
    pub fn skip_forced(&self) -> bool {
        self.skip_forced
    }

    /// The integers chosen through [`step`](Self::step) since the start, in order: with
    /// the seed and settings, a game replays from them ([`replay`](Self::replay)).
    #[must_use]
    pub fn history(&self) -> &[usize] {
        &self.history
    }

    /// The decision in progress: the integers chosen so far in it, and what it offers.
    #[must_use]
    pub fn decision(&self) -> &DistinctDecision<G> {
        &self.decision
    }

    /// The integers legal now, ascending, appended to `out` (none once the game is over).
    pub fn legal(&self, out: &mut Vec<usize>) {
        self.decision.legal(out);
    }

    /// Writes the legal integers as flags into `mask`, one per distinct action.
    pub fn mask(&self, mask: &mut [bool]) {
        self.decision.mask(mask);
    }

    /// Each seat's return once the game is over, in `-1.0..=1.0`: `2 * share - 1` of its
    /// [`Outcome::share`] (1 for a win alone, -1 for the last alone, 0 in a two-seat
    /// draw), so that the returns of a table of several seats sum to zero. At a table of
    /// one, where the seat always places first, the sign of its score (1 for a game
    /// without scores). All zero while the game goes on. Writes `out[seat]` for each seat
    /// of the table that `out` has room for.
    pub fn returns(&self, out: &mut [f64]) {
        let outcome = self.position.outcome();
        let players = self.position.players();
        for (seat, value) in out.iter_mut().enumerate().take(players) {
            *value = match &outcome {
                None => 0.0,
                Some(outcome) if players == 1 => outcome
                    .scores()
                    .first()
                    .map_or(1.0, |&score| f64::from(score.signum() as i8)),
                Some(outcome) => 2.0 * outcome.share(PlayerIndex(seat)) - 1.0,
            };
        }
    }

    /// The pieces of a seat's observation ([`observe`](Self::observe)): the game's own
    /// (`#[derive(Observe)]` on its state), read from the table as set up, then
    /// `to_act` (a flag per seat, the observer first) and `decision` (a flag per
    /// distinct action: the integers the observer has chosen so far in its decision in
    /// progress, all 0 for another seat).
    #[must_use]
    pub fn observation_layout(&self) -> ObservationLayout
    where
        G: Observe<G>,
    {
        let players = self.position.players();
        let mut layout = ObservationLayout::new(players);
        let set_up = self.first.position().state();
        G::layout(Some(set_up), set_up, "", &mut layout);
        layout.push("to_act", vec![players]);
        layout.push("decision", vec![self.layout.len()]);
        layout
    }

    /// Writes `seat`'s observation into `out`, from that seat's view alone
    /// ([`Position::view`]), so it holds nothing the view hides. `out` should be as long
    /// as [`observation_layout`](Self::observation_layout)'s; numbers past its end are
    /// not written.
    ///
    /// Returns how many numbers the observation has, for the caller to check against
    /// `out`'s length.
    pub fn observe(&self, seat: PlayerIndex, out: &mut [f32]) -> usize
    where
        G: Observe<G>,
    {
        let players = self.position.players();
        let mut observer = Observer::new(seat, players, out);
        if G::CONCEALS {
            let view = self.position.view(Viewer::Player(seat));
            view.observe(&view, &mut observer);
        } else {
            // The state is every viewer's view: no copy to make.
            let state = self.position.state();
            state.observe(state, &mut observer);
        }
        let to_act = self.position.to_act();
        for offset in 0..players {
            let player = observer.absolute(offset);
            observer.push(if to_act.contains(player) { 1.0 } else { 0.0 });
        }
        let start = observer.written();
        observer.zeros(self.layout.len());
        if self.decision.player() == Some(seat) {
            for &integer in self.decision.chosen() {
                observer.set(start + integer, 1.0);
            }
        }
        observer.written()
    }

    /// Chooses `integer` for the seat choosing now. Once an action's integers are all
    /// chosen it is played, and the table moves on to the next decision.
    ///
    /// # Errors
    /// [`StepError::GameOver`], [`StepError::NotLegal`] or [`StepError::Ambiguous`],
    /// changing nothing; [`StepError::Refused`] or [`StepError::After`] when the game's
    /// rules fail after the action.
    pub fn step(&mut self, integer: usize) -> Result<(), StepError> {
        if self.is_over() {
            return Err(StepError::GameOver);
        }
        self.choose(integer)?;
        self.history.push(integer);
        self.advance()
    }

    /// How many actions have been played since the start.
    #[must_use]
    pub fn actions_played(&self) -> u64 {
        self.actions
    }

    /// Plays `action`, a whole completion of the seat choosing now (an agent's choice),
    /// as the integers it is made of: the history records them as if chosen one by one.
    /// The integers already chosen in the decision must begin the action's own.
    ///
    /// # Errors
    /// [`StepError::GameOver`]; [`StepError::NotLegal`] for an action that is not a
    /// completion of the decision in progress, changing nothing;
    /// [`StepError::Ambiguous`] when a selection of the action cannot be numbered; then
    /// as [`step`](Self::step).
    pub fn play(&mut self, action: &G::Actions) -> Result<(), StepError> {
        if self.is_over() {
            return Err(StepError::GameOver);
        }
        let mut integers = Vec::new();
        let mut scratch = Vec::new();
        self.layout
            .path(self.position.state(), action, &mut scratch, &mut integers)
            .map_err(StepError::Ambiguous)?;
        let chosen = self.decision.chosen();
        if !self.decision.offers(&integers) {
            let mut legal = Vec::new();
            self.decision.legal(&mut legal);
            let at = chosen
                .iter()
                .zip(&integers)
                .take_while(|(chosen, integer)| chosen == integer)
                .count();
            return Err(StepError::NotLegal(NotLegal {
                integer: integers.get(at).copied().unwrap_or(usize::MAX),
                legal,
            }));
        }
        let before = self.actions;
        while self.actions == before {
            let depth = self.decision.depth();
            let Some(&integer) = integers.get(depth) else {
                break;
            };
            self.step(integer)?;
        }
        Ok(())
    }

    /// A new environment for the same table, replaying `history` from `seed`.
    ///
    /// # Errors
    /// As [`new`](Self::new), then as [`step`](Self::step) for an integer of `history`.
    pub fn replay(&self, seed: u64, history: &[usize]) -> Result<Self, StepError> {
        let mut environment = self.clone();
        environment
            .reset(seed)
            .map_err(|error| StepError::After(Box::new(error)))?;
        for &integer in history {
            environment.step(integer)?;
        }
        Ok(environment)
    }

    /// Chooses `integer` in the decision and plays the action it completes, if it does.
    fn choose(&mut self, integer: usize) -> Result<(), StepError> {
        let player = self.decision.player().ok_or(StepError::GameOver)?;
        match self.decision.choose(integer) {
            Ok(None) => Ok(()),
            Ok(Some(action)) => {
                self.position
                    .submit(player, action)
                    .map_err(|refused| StepError::Refused(refused.error))?;
                self.actions += 1;
                self.settle()
                    .map_err(|error| StepError::After(Box::new(error)))
            }
            Err(ChooseError::NotLegal(error)) => Err(StepError::NotLegal(error)),
            Err(ChooseError::Ambiguous(error)) => Err(StepError::Ambiguous(error)),
        }
    }

    /// Takes the steps nobody is asked: a lone action kind, and with `skip_forced` any
    /// single legal integer.
    fn advance(&mut self) -> Result<(), StepError> {
        while !self.is_over() {
            let only = self.decision.only_legal();
            let skipped = self.decision.kind_step_skipped() || (self.skip_forced && only.is_some());
            match only {
                Some(integer) if skipped => self.choose(integer)?,
                _ => break,
            }
        }
        Ok(())
    }

    /// Reads the next decision after an action, a reset or the setup.
    fn settle(&mut self) -> Result<(), EnvironmentError> {
        self.decision.clear();
        if self.position.outcome().is_some() {
            return Ok(());
        }
        let player = self
            .position
            .to_act()
            .iter()
            .next()
            .ok_or(EnvironmentError::Stuck)?;
        self.decision.read(&self.layout, &self.position, player)?;
        if self.decision.completions() == 0 {
            return Err(EnvironmentError::Stuck);
        }
        // The steps skipped at the start of a decision are taken here too.
        self.advance().map_err(|error| match error {
            StepError::After(error) => *error,
            StepError::Ambiguous(error) => EnvironmentError::NotDistinct(error),
            StepError::GameOver | StepError::NotLegal(_) | StepError::Refused(_) => {
                EnvironmentError::Stuck
            }
        })
    }
}
