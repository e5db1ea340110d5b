//! The engine: runs one game from its setup, checks and applies submissions, resolves
//! consequences, keeps the log, undoes and replays.

use std::ops::ControlFlow;
use std::sync::Arc;

use sha2::{Digest, Sha256};
use smallvec::SmallVec;

use serde_json::Value;

use crate::action::{ActionSet, FollowUp};
use crate::chance::Chance;
use crate::error::{Seat, SubmitError, UndoError, echo};
use crate::game::{Game, Outcome, Setup, SetupError, WhenStuck};
use crate::log::{ActionRecord, GameLog, LogSeal, Record, RecordKind};
use crate::moves::{Move, resolve};
use crate::player::{PlayerIndex, PlayerSet};
use crate::prompt::{ActionPrompt, Prompt, action_prompt, fill_made};
use crate::search::Search;
use crate::submission::Submission;
use crate::view::{MoveViewer, Serialized, ViewedRecord, Viewer};

/// How the engine treats forced completions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EngineSettings {
    /// Play a player's only possible completion for them (recorded as
    /// [`RecordKind::Forced`]). Default: true.
    pub autoplay_forced: bool,
    /// How many records the engine plays in a row for the players (forced completions and
    /// passes) before it decides the game cannot go on without one: a game whose only
    /// action is always forced and never ends would otherwise never return. Default:
    /// [`FORCED_LIMIT`].
    pub forced_limit: usize,
}

/// The default [`EngineSettings::forced_limit`]: far above any real game's run of forced
/// plays (a game of Hearts has about 60 records in all).
pub const FORCED_LIMIT: usize = 10_000;

impl Default for EngineSettings {
    fn default() -> Self {
        EngineSettings {
            autoplay_forced: true,
            forced_limit: FORCED_LIMIT,
        }
    }
}

/// Where a game stands.
///
/// Displayed in words with the seats it names: `player 1 to act`, `over: player 0 won`,
/// `stuck: player 2 has nothing possible`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// These players may act now.
    Acting(PlayerSet),
    /// The game is over.
    Over(Outcome),
    /// The game is not over but these players are to act and have nothing possible, and
    /// the game declares no pass ([`WhenStuck::Deadlock`]). An empty set means the game
    /// names nobody to act.
    Stuck(PlayerSet),
}

impl std::fmt::Display for Status {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Status::Acting(players) => write!(f, "{players} to act"),
            Status::Over(outcome) => {
                let winners: PlayerSet = outcome.winners.iter().copied().collect();
                match outcome.winners.len() {
                    0 => f.write_str("over: nobody won"),
                    1 => write!(f, "over: {winners} won"),
                    _ => write!(f, "over: {winners} tied"),
                }
            }
            Status::Stuck(players) if players.is_empty() => {
                f.write_str("stuck: the game names nobody to act")
            }
            Status::Stuck(players) if players.len() == 1 => {
                write!(f, "stuck: {players} has nothing possible")
            }
            Status::Stuck(players) => write!(f, "stuck: {players} have nothing possible"),
        }
    }
}

/// Why a log could not be replayed.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ReplayError {
    /// The log is of another game.
    #[error("the log is of `{found}`, not `{expected}`")]
    WrongGame {
        /// This game's name.
        expected: &'static str,
        /// The log's.
        found: String,
    },
    /// The setup failed.
    #[error("setup failed: {0}")]
    Setup(#[from] SetupError),
    /// A submission of the log was refused.
    #[error("record {index} was refused: {error}")]
    Refused {
        /// The record's index in the log.
        index: usize,
        /// Why.
        error: SubmitError,
    },
    /// A record came out differently.
    #[error("record {index} does not reproduce: {reason}")]
    Diverged {
        /// The record's index in the log.
        index: usize,
        /// What differs.
        reason: String,
    },
    /// The log is not JSON of a game log.
    #[error("malformed log: {0}")]
    Malformed(String),
    /// The log has no [`LogSeal`] and one was required
    /// ([`replay_sealed`](Engine::replay_sealed)).
    #[error(
        "the log has no seal (its number of records, outcome and final digest), so it cannot be checked whole"
    )]
    Unsealed,
    /// Every record reproduced, but the log does not have as many as its seal says.
    #[error("the log has {found} records but its seal says {sealed}: it was cut short or added to")]
    SealRecords {
        /// The number of records the seal says.
        sealed: usize,
        /// The number the log has.
        found: usize,
    },
    /// The replayed game ended otherwise than its seal says.
    #[error(
        "the replayed game is {}, but its seal says {}",
        describe_outcome(.found.as_ref()),
        describe_outcome(.sealed.as_ref())
    )]
    SealOutcome {
        /// The outcome the seal says.
        sealed: Option<Outcome>,
        /// The replayed game's.
        found: Option<Outcome>,
    },
    /// The replayed game's final state, chance or setup differs from the one sealed: the
    /// log's seed, config or records were changed.
    #[error(
        "the replayed game does not match its seal's digest: the log's seed, config or records were changed"
    )]
    SealDigest {
        /// The digest the seal holds.
        sealed: String,
        /// The replayed game's ([`Engine::digest`]).
        found: String,
    },
}

/// An outcome in words, for [`ReplayError`]: seats are 0-based.
fn describe_outcome(outcome: Option<&Outcome>) -> String {
    match outcome {
        None => "not finished".to_owned(),
        Some(outcome) => {
            let winners: Vec<usize> = outcome.winners.iter().map(|winner| winner.0).collect();
            format!(
                "over with winning seats {winners:?} and scores {:?}",
                outcome.scores
            )
        }
    }
}

/// One game in progress: the state, its chance, pending follow-ups and the log.
///
/// Every change goes through [`submit`](Self::submit) (or its JSON forms) and
/// [`undo`](Self::undo); a refused call leaves everything exactly as it was.
#[derive(Clone, Debug)]
pub struct Engine<G: Game> {
    state: G,
    chance: Chance,
    follow_ups: Vec<FollowUp<G>>,
    /// The seed of the game's chance (of this copy's own, for a player's copy).
    seed: u64,
    /// The number of seats.
    players: usize,
    /// The config the game was set up with.
    config: G::Config,
    /// The state [`Game::setup`] gave, before its setup moves: where the records are
    /// followed from to write them ([`log`](Self::log)). `None` without a log.
    initial: Option<Arc<G>>,
    /// The action records, typed, the setup first (only the last one without a log).
    records: Vec<Record<G>>,
    settings: EngineSettings,
    /// Whether every record is kept (a game) or only the last one (an agent's lookahead,
    /// [`for_agent`](Self::for_agent); a simulation, [`without_log`](Self::without_log)).
    keep_records: bool,
    played: Played,
    /// Who may act and the arguments of the actions each may take (their conditions
    /// hold), as of the last change of the state: kept by [`settle`](Self::settle), which
    /// computes them anyway, so that prompts, counts and walks need not ask the game again.
    ready: Ready<G>,
    /// For a game that [`RECALLS`](Game::RECALLS): what each player has seen.
    recall: Recall<G::Move>,
    /// The moves pending while an action resolves; empty between actions, its room kept
    /// so that a behaviour pushes its moves without allocating.
    stack: Vec<G::Move>,
}

/// The moves each player has seen, as they saw them ([`Game::RECALLS`]).
#[derive(Clone, Debug)]
struct Recall<M> {
    /// Whether the moves applied here are added: in a game's own engine. A player's copy
    /// ([`Engine::for_agent`]) only carries that player's history into determinization.
    tracking: bool,
    /// By seat: shared with the players' copies, which an agent makes at every decision.
    seen: Vec<Arc<Vec<M>>>,
}

impl<M: Clone> Recall<M> {
    /// A history for `players` seats, empty; `tracking` when `recalls`.
    fn new(recalls: bool, players: usize) -> Self {
        Recall {
            tracking: recalls,
            seen: if recalls {
                (0..players).map(|_| Arc::new(Vec::new())).collect()
            } else {
                Vec::new()
            },
        }
    }

    /// What `player` saw, alone: the history a copy of theirs carries.
    fn of(&self, player: PlayerIndex) -> Self {
        Recall {
            tracking: false,
            seen: self
                .seen
                .iter()
                .enumerate()
                .map(|(seat, seen)| {
                    if seat == player.0 {
                        Arc::clone(seen)
                    } else {
                        Arc::new(Vec::new())
                    }
                })
                .collect(),
        }
    }
}

/// Who may act, and each one's candidate actions ([`Engine::candidates`]).
#[derive(Clone, Debug)]
struct Ready<G: Game> {
    to_act: PlayerSet,
    candidates: SmallVec<[(PlayerIndex, <G::Actions as ActionSet>::Args); 4]>,
}

impl<G: Game> Ready<G> {
    /// The candidate actions of `player`.
    fn of(
        &self,
        player: PlayerIndex,
    ) -> impl Iterator<Item = &<G::Actions as ActionSet>::Args> + Clone {
        self.candidates
            .iter()
            .filter(move |(candidate, _)| *candidate == player)
            .map(|(_, args)| args)
    }
}

impl<G: Game> Default for Ready<G> {
    fn default() -> Self {
        Ready {
            to_act: PlayerSet::EMPTY,
            candidates: SmallVec::new(),
        }
    }
}

/// How much a game has played: every record applied (the setup, submissions, forced plays,
/// passes) and every move, whether the log keeps them or not.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Played {
    /// Action records applied.
    pub records: u64,
    /// Moves applied, consequences included.
    pub moves: u64,
}

impl<G: Game> Engine<G> {
    /// Sets up a game of `players` seats from `config`, with chance seeded by `seed`, and
    /// plays any forced completions that follow.
    ///
    /// # Errors
    /// [`SetupError::PlayerCount`] when `players` is outside [`Game::PLAYERS`];
    /// [`SetupError::Config`] from [`Game::validate_config`];
    /// the game's own [`SetupError`] from [`Game::setup`];
    /// [`SetupError::ForcedWithoutEnd`] when the records that follow the setup are played
    /// for the players [`FORCED_LIMIT`] times in a row.
    pub fn new(config: G::Config, players: usize, seed: u64) -> Result<Self, SetupError> {
        Self::with_settings(config, players, seed, EngineSettings::default())
    }

    /// As [`new`](Self::new), with explicit [`EngineSettings`].
    ///
    /// # Errors
    /// As [`new`](Self::new).
    pub fn with_settings(
        config: G::Config,
        players: usize,
        seed: u64,
        settings: EngineSettings,
    ) -> Result<Self, SetupError> {
        let setup = Setup::<G>::for_table(&config, players)?;
        let mut engine = Engine {
            initial: Some(Arc::new(setup.state.clone())),
            state: setup.state,
            chance: Chance::from_seed(seed),
            follow_ups: Vec::new(),
            seed,
            players,
            config,
            // A game of cards runs to hundreds of records: start past the first doublings
            // of the list.
            records: Vec::with_capacity(LOG_CAPACITY),
            settings,
            keep_records: true,
            played: Played::default(),
            ready: Ready::default(),
            recall: Recall::new(G::RECALLS, players),
            stack: Vec::new(),
        };
        engine.record(None, None, false, RecordKind::Setup, setup.moves);
        engine
            .settle()
            .map_err(|Endless { action, records }| SetupError::ForcedWithoutEnd {
                action,
                records,
            })?;
        Ok(engine)
    }

    /// The full state (the admin's view).
    pub fn state(&self) -> &G {
        &self.state
    }

    /// The state as `viewer` may see it ([`View::view`](crate::View::view)).
    pub fn view(&self, viewer: Viewer) -> G {
        self.state.view(viewer)
    }

    /// Every action record as `viewer` may see it: the messages that reach them and each
    /// move as [`Move::view`](crate::Move::view) shows it, the setup first. Replaying the
    /// moves of these records onto the viewed setup gives [`view`](Self::view).
    ///
    /// Follows the whole log again, move by move, and renders each record's messages from
    /// the state before it: for clients and tests, not hot loops. A game without its log
    /// ([`without_log`](Self::without_log), [`for_agent`](Self::for_agent)) has none.
    pub fn viewed_records(&self, viewer: Viewer) -> Vec<ViewedRecord<G::Move>> {
        let Some(mut follower) = self.follower() else {
            return Vec::new();
        };
        self.records
            .iter()
            .map(|record| follower.follow_record(record, viewer))
            .collect()
    }

    /// The game as `player` may know it, for an agent to look ahead in: their view of the
    /// state ([`View::view`](crate::View::view)), the pending follow-ups, a chance of its own
    /// seeded with `seed` (the game's own is in no view), and no log: only the last record
    /// is kept, so it cannot be undone or replayed. Submitting to it changes nothing here.
    #[must_use]
    pub fn for_agent(&self, player: PlayerIndex, seed: u64) -> Engine<G> {
        let mut seat = Engine {
            state: self.state.view(Viewer::Player(player)),
            chance: Chance::from_seed(seed),
            follow_ups: self.follow_ups.clone(),
            seed,
            players: self.players,
            config: self.config.clone(),
            initial: None,
            records: Vec::new(),
            settings: self.settings,
            keep_records: false,
            played: self.played,
            ready: Ready::default(),
            recall: self.recall.of(player),
            stack: Vec::new(),
        };
        seat.refresh();
        seat
    }

    /// This game without its log from now on: only the last record is kept. For
    /// simulations that need no log; [`played`](Self::played) still counts everything.
    /// Nothing can be undone ([`UndoError::NoLog`]), and [`log`](Self::log) holds no
    /// records.
    #[must_use]
    pub fn without_log(mut self) -> Self {
        self.keep_records = false;
        self.initial = None;
        self
    }

    /// How many records and moves this game has applied so far.
    pub fn played(&self) -> Played {
        self.played
    }

    /// The prompt of `player` computed from their view instead of the full state. Equal to
    /// [`prompt`](Self::prompt) for a correct game (what [`check_views`](crate::check_views)
    /// checks); the engine itself prompts from the full state, which is faster.
    pub fn prompt_from_view(&self, player: PlayerIndex) -> Prompt {
        // The seat's own copy of the game: its view, without the log (a prompt reads
        // neither the log nor chance).
        self.for_agent(player, 0).prompt(player)
    }

    /// The log so far, as a log file holds it: every record written from the typed one
    /// ([`Record::write`]), its messages rendered from the state before it, which is
    /// found again by following the records' moves from the setup. Linear in the moves
    /// played: for writing and reading logs, not for hot loops. A game without its log
    /// ([`without_log`](Self::without_log), [`for_agent`](Self::for_agent)) writes its
    /// header alone.
    #[must_use]
    pub fn log(&self) -> GameLog<G> {
        self.log_before(self.records.len())
    }

    /// The log of the records before `end` (all of them when `end` is their count), each
    /// written as a log holds it ([`Record::write`]); its header alone without a log.
    fn log_before(&self, end: usize) -> GameLog<G> {
        let records = match self.follower() {
            Some(mut writer) => self.records[..end]
                .iter()
                .map(|record| writer.write(record))
                .collect(),
            None => Vec::new(),
        };
        GameLog {
            game: G::NAME.to_owned(),
            seed: self.seed,
            players: self.players,
            config: self.config.clone(),
            autoplay_forced: self.settings.autoplay_forced,
            records,
            seal: None,
        }
    }

    /// A follower of the records from the setup's state, to write or view them; `None`
    /// without a log, whose earlier records are gone.
    fn follower(&self) -> Option<MoveViewer<G>> {
        let initial = self.initial.as_deref()?;
        Some(MoveViewer::starting_at(initial.clone()))
    }

    /// The action records so far, typed, the setup first (without a log, only the last).
    /// [`log`](Self::log) writes them as a log file holds them.
    pub fn records(&self) -> &[Record<G>] {
        &self.records
    }

    /// The follow-ups waiting to be taken, the next first.
    pub fn follow_ups(&self) -> &[FollowUp<G>] {
        &self.follow_ups
    }

    /// The outcome once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.state.outcome()
    }

    /// Who may act now: the player of the next follow-up if any, else the game's
    /// [`Game::to_act`]; nobody once the game is over.
    pub fn to_act(&self) -> PlayerSet {
        self.ready.to_act
    }

    /// [`to_act`](Self::to_act), asked of the state and the follow-ups.
    fn compute_to_act(&self) -> PlayerSet {
        if self.state.outcome().is_some() {
            return PlayerSet::EMPTY;
        }
        match self.follow_ups.first() {
            Some(follow_up) => PlayerSet::one(follow_up.player),
            None => self.state.to_act(),
        }
    }

    /// Where the game stands: over, players acting, or players stuck.
    pub fn status(&self) -> Status {
        if let Some(outcome) = self.state.outcome() {
            return Status::Over(outcome);
        }
        let to_act = self.to_act();
        let stuck: PlayerSet = to_act
            .iter()
            .filter(|&player| !self.can_complete(player))
            .collect();
        if to_act.is_empty() || !stuck.is_empty() {
            Status::Stuck(stuck)
        } else {
            Status::Acting(to_act)
        }
    }

    /// The arguments of every action `player` may take now: the next follow-up when there
    /// is one, else each argument-free action; of those, the ones whose condition holds and
    /// which have a completion (or an error to show). Empty when the player is not to act.
    fn available(&self, player: PlayerIndex) -> Vec<<G::Actions as ActionSet>::Args> {
        self.offered(player)
            .into_iter()
            .filter_map(|(args, completable)| {
                (completable || self.shown_without_completion(player, &args)).then_some(args)
            })
            .collect()
    }

    /// The arguments of every action `player` may take now whose condition holds, each with
    /// whether it has a completion. Empty when the player is not to act.
    fn offered(&self, player: PlayerIndex) -> Candidates<(<G::Actions as ActionSet>::Args, bool)> {
        self.candidates(player)
            .map(|args| {
                let completable = G::Actions::has_completion(&self.state, player, args);
                (args.clone(), completable)
            })
            .collect()
    }

    /// The arguments of every action `player` may take now whose condition holds, completable
    /// or not. Empty when the player is not to act.
    fn candidates(
        &self,
        player: PlayerIndex,
    ) -> impl Iterator<Item = &<G::Actions as ActionSet>::Args> + Clone {
        self.ready.of(player)
    }

    /// Asks the game again who may act and what they may take, keeping the answer in
    /// `ready` (filled in place: it is read at every prompt, count and walk).
    fn refresh(&mut self) {
        let to_act = self.compute_to_act();
        let ready = &mut self.ready;
        ready.to_act = to_act;
        ready.candidates.clear();
        for player in to_act.iter() {
            match self.follow_ups.first() {
                Some(follow_up) => {
                    if G::Actions::condition(&self.state, player, &follow_up.args) {
                        ready.candidates.push((player, follow_up.args.clone()));
                    }
                }
                None => {
                    for index in 0..G::Actions::NAMES.len() {
                        if let Some(args) = G::Actions::free_args(index)
                            && G::Actions::condition(&self.state, player, &args)
                        {
                            ready.candidates.push((player, args));
                        }
                    }
                }
            }
        }
    }

    /// Whether `player` has at least one action they can complete now.
    fn can_complete(&self, player: PlayerIndex) -> bool {
        self.offered(player)
            .iter()
            .any(|(_, completable)| *completable)
    }

    /// An action without completion is still shown when its first open selection has
    /// options refused by their validation: the player learns why.
    fn shown_without_completion(
        &self,
        player: PlayerIndex,
        args: &<G::Actions as ActionSet>::Args,
    ) -> bool {
        matches!(self.action_prompt(player, args, &[]), Ok(Some(_)))
    }

    /// The prompt of one action of `player` after `prefix`, in the words of the pending
    /// follow-up when it gives its own ([`Behaviour::follow_up_with_prompt`]).
    fn action_prompt(
        &self,
        player: PlayerIndex,
        args: &<G::Actions as ActionSet>::Args,
        prefix: &[Value],
    ) -> Result<Option<ActionPrompt>, SubmitError> {
        let text = self
            .follow_ups
            .first()
            .filter(|follow_up| follow_up.player == player && follow_up.args == *args)
            .and_then(|follow_up| follow_up.prompt.clone());
        action_prompt::<G::Actions>(&self.state, player, args, prefix, text)
    }

    /// The prompt of `player`: every action they may take now, tree-shaken, with skips
    /// applied. Empty when they are not to act.
    pub fn prompt(&self, player: PlayerIndex) -> Prompt {
        // The prompt of an action is `None` exactly when it has no completion and nothing
        // to explain: one search decides both.
        let actions = self
            .candidates(player)
            .filter_map(|args| self.action_prompt(player, args, &[]).ok().flatten())
            .collect();
        Prompt { player, actions }
    }

    /// The prompt of one action of `player` after the values they have chosen so far
    /// (`prefix`, one JSON value per selection, in order): what is chosen and what comes
    /// next. Choosing reveals nothing and changes nothing.
    ///
    /// # Errors
    /// [`SubmitError`] when the player may not take the action now or a value of `prefix`
    /// is not offered.
    pub fn prompt_action(
        &self,
        player: PlayerIndex,
        action: &str,
        prefix: &[Value],
    ) -> Result<ActionPrompt, SubmitError> {
        // Whether the action can be completed at all is a search of its own: the prefix's
        // search answers it, and it is asked only to explain a refusal.
        let args = self.candidate_args(player, action)?;
        match self.action_prompt(player, &args, prefix) {
            Ok(Some(prompt)) => Ok(prompt),
            Ok(None) => Err(self.not_available(player, action)),
            Err(_) if !self.is_available(player, &args) => Err(self.not_available(player, action)),
            Err(error) => Err(error),
        }
    }

    /// The prompt of an action in progress, its choices so far given by selection name
    /// (`submission.selections`, in any order): what is chosen and what comes next, as
    /// [`prompt_action`](Self::prompt_action) gives it. Selections the engine makes
    /// without asking (forced ones) may be left out. Choosing reveals nothing and changes
    /// nothing.
    ///
    /// # Errors
    /// As [`prompt_action`](Self::prompt_action);
    /// [`SubmitError::MissingSelection`] when a choice is named but a selection before it
    /// is not, [`SubmitError::ExtraSelection`] for a name the action does not have.
    pub fn prompt_submission(
        &self,
        player: PlayerIndex,
        submission: &Submission,
    ) -> Result<ActionPrompt, SubmitError> {
        let args = self.candidate_args(player, &submission.action)?;
        let action = G::Actions::NAMES[G::Actions::args_index(&args)];
        let filled = fill_made::<G::Actions>(&self.state, player, &args, &submission.selections)
            .map_err(|error| {
                if self.is_available(player, &args) {
                    error
                } else {
                    self.not_available(player, action)
                }
            })?;
        if filled.selections.len() > filled.values.len() {
            return Err(match filled.open {
                Some(selection) => SubmitError::MissingSelection { action, selection },
                None => G::Actions::from_selections(args.clone(), &filled.selections)
                    .err()
                    .unwrap_or_else(|| crate::__private::extra_value(action, filled.values.len())),
            });
        }
        self.prompt_action(player, action, &filled.values)
    }

    /// Every completion `player` could submit now, in prompt order. Actions with free text
    /// cannot be enumerated and are left out.
    pub fn completions(&self, player: PlayerIndex) -> Vec<G::Actions> {
        let mut completions = Vec::new();
        let _ = self.for_each_completion(player, &mut |action| {
            completions.push(action);
            ControlFlow::Continue(())
        });
        completions
    }

    /// Calls `visit` with every completion `player` could submit now, in prompt order,
    /// until it breaks; returns how it ended. The typed, lazy walk of the generated code,
    /// without building a prompt or a list: for agents and simulations (free text cannot
    /// be enumerated, so actions with free text are left out).
    pub fn for_each_completion(
        &self,
        player: PlayerIndex,
        visit: &mut dyn FnMut(G::Actions) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        // An action without completion visits nothing: no need to ask first.
        for args in self.candidates(player) {
            G::Actions::for_each_completion(&self.state, player, args, visit)?;
        }
        ControlFlow::Continue(())
    }

    /// How many completions [`for_each_completion`](Self::for_each_completion) would visit
    /// for `player` now, counted without building them where the selections allow
    /// ([`Action::count_completions`](crate::Action::count_completions)); 0 when they are
    /// not to act. Saturates at `u64::MAX`.
    pub fn count_completions(&self, player: PlayerIndex) -> u64 {
        self.candidates(player)
            .map(|args| G::Actions::count_completions(&self.state, player, args))
            .fold(0, u64::saturating_add)
    }

    /// The completion of `player` at position `index` (from 0) in
    /// [`for_each_completion`](Self::for_each_completion)'s order, or `None` when they have
    /// no more than `index`. With `index` drawn uniformly below
    /// [`count_completions`](Self::count_completions), a uniform completion, found without a
    /// list and skipping whole branches by their count
    /// ([`Action::nth_completion`](crate::Action::nth_completion)).
    pub fn nth_completion(&self, player: PlayerIndex, index: u64) -> Option<G::Actions> {
        let mut index = index;
        let mut candidates = self.candidates(player).peekable();
        while let Some(args) = candidates.next() {
            if candidates.peek().is_none() {
                // The last action needs no count: its walk finds the position or runs out.
                return G::Actions::nth_completion(&self.state, player, args, index);
            }
            let count = G::Actions::count_completions(&self.state, player, args);
            if index < count {
                return G::Actions::nth_completion(&self.state, player, args, index);
            }
            index -= count;
        }
        None
    }

    /// Submits the completion of `player` at position `index` (from 0) in
    /// [`for_each_completion`](Self::for_each_completion)'s order, as
    /// [`nth_completion`](Self::nth_completion) finds it, and returns its record: the way
    /// for agents and simulations to play a drawn completion without building it first.
    /// A completion the engine found itself is valid by construction, so the checks of
    /// [`submit`](Self::submit) are not run again (debug builds still run them, and panic if
    /// they refuse, which would be a bug of the generated walks).
    ///
    /// # Errors
    /// [`SubmitError::GameOver`], [`SubmitError::NotYourTurn`], or
    /// [`SubmitError::NoSuchCompletion`] when `index` is not below
    /// [`count_completions`](Self::count_completions). The state and the log are then
    /// untouched.
    pub fn submit_nth(
        &mut self,
        player: PlayerIndex,
        index: u64,
    ) -> Result<&Record<G>, SubmitError> {
        self.check_turn(player)?;
        let Some(action) = self.nth_completion(player, index) else {
            return Err(SubmitError::NoSuchCompletion {
                player: self.seat(player),
                index,
                count: self.count_completions(player),
            });
        };
        debug_assert_eq!(
            self.admit(player, &action),
            Ok(()),
            "completion {index} of {player} is refused"
        );
        self.apply(player, action)
    }

    /// Parses `json` as a [`Submission`] and submits it.
    ///
    /// # Errors
    /// [`SubmitError::MalformedJson`], or any error of [`submit`](Self::submit).
    pub fn submit_json(
        &mut self,
        player: PlayerIndex,
        json: &str,
    ) -> Result<&Record<G>, SubmitError> {
        let submission = Submission::from_json(json)?;
        self.submit_submission(player, &submission)
    }

    /// Submits an action given by name and selection values (the wire form).
    ///
    /// # Errors
    /// [`SubmitError::UnknownAction`], [`SubmitError::ActionNotAvailable`], a missing,
    /// extra or malformed selection, or any error of [`submit`](Self::submit).
    pub fn submit_submission(
        &mut self,
        player: PlayerIndex,
        submission: &Submission,
    ) -> Result<&Record<G>, SubmitError> {
        self.check_turn(player)?;
        let args = self
            .candidate_args(player, &submission.action)
            .map_err(|error| self.or_stuck(player, error))?;
        // The submission's own checks find whether it completes the action; whether the
        // action could be completed at all is asked only to explain a refusal.
        let refused = |engine: &Self, error: SubmitError| {
            if engine.is_available(player, &args) {
                error
            } else {
                engine.or_stuck(player, engine.not_available(player, &submission.action))
            }
        };
        // Selections the engine makes without asking (forced ones) may be left out.
        let built = match G::Actions::from_selections(args.clone(), &submission.selections) {
            Err(SubmitError::MissingSelection { .. }) => {
                fill_made::<G::Actions>(&self.state, player, &args, &submission.selections)
                    .and_then(|filled| {
                        G::Actions::from_selections(args.clone(), &filled.selections)
                    })
            }
            built => built,
        };
        let action = match built {
            Ok(action) => action,
            Err(error) => return Err(refused(self, error)),
        };
        if let Err(error) = self.admit(player, &action) {
            return Err(refused(self, error));
        }
        self.apply(player, action)
    }

    /// Checks `action` for `player` and, if it is allowed, applies its moves and their
    /// consequences, appends its action record to the log and plays the forced completions
    /// that follow. Returns the action's record.
    ///
    /// # Errors
    /// [`SubmitError::GameOver`], [`SubmitError::Stuck`], [`SubmitError::NotYourTurn`],
    /// [`SubmitError::ActionNotAvailable`] (its condition is false, or a follow-up comes
    /// first), [`SubmitError::NotOffered`] or [`SubmitError::Invalid`]. The state and the
    /// log are then untouched.
    pub fn submit(
        &mut self,
        player: PlayerIndex,
        action: G::Actions,
    ) -> Result<&Record<G>, SubmitError> {
        self.admit(player, &action)?;
        self.apply(player, action)
    }

    /// Every check of [`submit`](Self::submit), changing nothing.
    fn admit(&self, player: PlayerIndex, action: &G::Actions) -> Result<(), SubmitError> {
        self.check_turn(player)?;
        let args = action.args();
        let offered = match self.follow_ups.first() {
            Some(follow_up) => follow_up.args == args,
            None => G::Actions::free_args(action.index()).is_some(),
        };
        let allowed = offered && G::Actions::condition(&self.state, player, &args);
        if !allowed {
            return Err(self.or_stuck(player, self.not_available(player, action.name())));
        }
        action
            .check(&self.state, player)
            .map_err(|error| self.or_stuck(player, error))
    }

    /// Applies an admitted action and what follows it; returns its record.
    ///
    /// # Errors
    /// [`SubmitError::ForcedWithoutEnd`] when what follows is played for the players
    /// [`EngineSettings::forced_limit`] times in a row: the game is rebuilt as it was before
    /// the action from its log (an engine without a log stays where the limit stopped it).
    fn apply(
        &mut self,
        player: PlayerIndex,
        action: G::Actions,
    ) -> Result<&Record<G>, SubmitError> {
        let index = self.perform(player, action, RecordKind::Submitted);
        if let Err(Endless { action, records }) = self.settle() {
            if self.keep_records {
                let earlier = self.log_before(index);
                if let Ok(mut rebuilt) = Self::replay(&earlier) {
                    rebuilt.settings = self.settings;
                    *self = rebuilt;
                }
            }
            return Err(SubmitError::ForcedWithoutEnd { action, records });
        }
        Ok(&self.records[index])
    }

    /// Cancels `player`'s last action with all its consequences, restoring the exact state
    /// before it, and returns its record.
    ///
    /// # Errors
    /// [`UndoError::GameOver`] once the game is over; [`UndoError::NothingToUndo`] when the
    /// player has no action; [`UndoError::DrewChance`], [`UndoError::Forced`] or
    /// [`UndoError::Followed`] when it drew chance, was played for them, or another action
    /// came after it; [`UndoError::RevealedInformation`] when one of its moves showed a
    /// viewer something hidden from them (decided from the views, see
    /// [`take_back`](Self::take_back)); [`UndoError::NoLog`] for a game without its log.
    pub fn undo(&mut self, player: PlayerIndex) -> Result<Record<G>, UndoError> {
        self.check_undo()?;
        let Some(position) = self
            .records
            .iter()
            .rposition(|record| record.player == Some(player))
        else {
            return Err(UndoError::NothingToUndo {
                player: self.seat(player),
            });
        };
        if position + 1 != self.records.len() {
            // What the action itself did outweighs what came after it: say that first.
            let record = &self.records[position];
            let action = self.action_text(&self.state, record);
            return Err(if record.drew_chance {
                UndoError::DrewChance { action }
            } else if record.kind != RecordKind::Submitted {
                UndoError::Forced { action }
            } else {
                UndoError::Followed {
                    player: self.seat(player),
                    action,
                }
            });
        }
        let mut cancelled = self.rewind(position)?;
        cancelled.pop().ok_or(UndoError::NothingToUndo {
            player: self.seat(player),
        })
    }

    /// Takes back `player`'s last submitted action and the actions that followed it and
    /// depended on it (bots' replies, forced plays), restoring the exact state before it;
    /// returns the cancelled records, in order. For a person playing against bots, or
    /// hot-seat play, where [`undo`](Self::undo) would be refused because the others already
    /// answered.
    ///
    /// Actions of other players that did not depend on it stay: when every record after it
    /// replays the same without it (others passing cards at the same time as the player),
    /// only the player's own action is cancelled.
    ///
    /// Nothing is cancelled that showed anyone what they could not see: before each move of
    /// the records to cancel, the state is compared with each seat's and an observer's view
    /// of it, and a move that shows a viewer a value from a part hidden from them (a card
    /// leaving a hidden hand for the table, a card turned face up) makes its action final.
    /// This is decided from the game's [`View`](crate::View) and
    /// [`Move::view`](crate::Move::view) alone; values are compared as JSON strings, arrays
    /// and objects, never as bare numbers or booleans.
    ///
    /// # Errors
    /// [`UndoError::GameOver`] once the game is over; [`UndoError::NothingToUndo`] when the
    /// player submitted nothing; [`UndoError::DrewChance`] or
    /// [`UndoError::RevealedInformation`] naming the first action to cancel that drew chance
    /// or showed a viewer something hidden; [`UndoError::NoLog`] for a game without its log.
    pub fn take_back(&mut self, player: PlayerIndex) -> Result<Vec<Record<G>>, UndoError> {
        self.check_undo()?;
        let Some(position) = self.records.iter().rposition(|record| {
            record.player == Some(player) && record.kind == RecordKind::Submitted
        }) else {
            return Err(UndoError::NothingToUndo {
                player: self.seat(player),
            });
        };
        if position + 1 < self.records.len() {
            // The others' actions stay if they replay the same without this one.
            let mut without = self.log();
            without.records.remove(position);
            if let Ok(rebuilt) = Self::replay(&without) {
                let own = self.records[position].clone();
                let mut earlier = without;
                earlier.records.truncate(position);
                let before =
                    Self::replay(&earlier).map_err(|error| UndoError::Nondeterministic {
                        reason: error.to_string(),
                    })?;
                self.check_cancellable(&before, std::slice::from_ref(&own))?;
                let settings = self.settings;
                *self = rebuilt;
                self.settings = settings;
                return Ok(vec![own]);
            }
        }
        self.rewind(position)
    }

    /// Refuses any undo once the game is over or without a log.
    fn check_undo(&self) -> Result<(), UndoError> {
        if !self.keep_records {
            return Err(UndoError::NoLog);
        }
        if self.state.outcome().is_some() {
            return Err(UndoError::GameOver);
        }
        Ok(())
    }

    /// Cancels the records from `position` on and replays the ones before it, if the first
    /// cancelled was chosen by a player and none of them drew chance or showed anyone
    /// something hidden from them.
    fn rewind(&mut self, position: usize) -> Result<Vec<Record<G>>, UndoError> {
        let cancelled = &self.records[position..];
        if let Some(first) = cancelled.first()
            && first.kind != RecordKind::Submitted
        {
            return Err(UndoError::Forced {
                action: self.action_text(&self.state, first),
            });
        }
        if let Some(record) = cancelled.iter().find(|record| record.drew_chance) {
            return Err(UndoError::DrewChance {
                action: self.action_text(&self.state, record),
            });
        }
        // Only now is the log written: a refusal above costs nothing.
        let mut rebuilt = Self::replay(&self.log_before(position)).map_err(|error| {
            UndoError::Nondeterministic {
                reason: error.to_string(),
            }
        })?;
        self.check_cancellable(&rebuilt, cancelled)?;
        let cancelled = cancelled.to_vec();
        rebuilt.settings = self.settings;
        *self = rebuilt;
        Ok(cancelled)
    }

    /// Refuses to cancel `cancelled`, applied in order from `before`, if one of their moves
    /// showed a viewer something hidden from them ([`take_back`](Self::take_back)).
    fn check_cancellable(&self, before: &Self, cancelled: &[Record<G>]) -> Result<(), UndoError> {
        let moves = cancelled.iter().map(|record| &record.moves[..]);
        match crate::reveal::first_revealing(&before.state, self.players, moves) {
            None => Ok(()),
            Some(revealed) => {
                let record = &cancelled[revealed.record];
                Err(UndoError::RevealedInformation {
                    action: self.action_text(&before.state, record),
                    viewer: match revealed.viewer {
                        Viewer::Player(seat) => self.state.player_name(seat),
                        Viewer::Observer => "an observer".to_owned(),
                        Viewer::Admin => "the admin".to_owned(),
                    },
                })
            }
        }
    }

    /// How `record`'s action reads to a player: its prompt text in `state` (its name when
    /// the record is not an action of the game's, the setup or a pass).
    fn action_text(&self, state: &G, record: &Record<G>) -> String {
        match (&record.action, record.player) {
            (Some(action), Some(player)) => G::Actions::prompt(state, player, &action.args()),
            _ => record.name().to_owned(),
        }
    }

    /// `player` as errors name them.
    fn seat(&self, player: PlayerIndex) -> Seat {
        Seat::new(player, self.state.player_name(player))
    }

    /// Replays `log`: sets the game up from its seed and config, re-submits every submitted
    /// record and checks that every record (submitted, forced, passes) comes out equal.
    ///
    /// # Errors
    /// [`ReplayError`] naming the first record that is refused or differs.
    pub fn replay(log: &GameLog<G>) -> Result<Self, ReplayError> {
        if log.game != G::NAME {
            return Err(ReplayError::WrongGame {
                expected: G::NAME,
                found: log.game.clone(),
            });
        }
        let settings = EngineSettings {
            autoplay_forced: log.autoplay_forced,
            ..EngineSettings::default()
        };
        let mut engine = Self::with_settings(log.config.clone(), log.players, log.seed, settings)?;
        // The records produced are written as they come, each from the state before it.
        let mut writer = MoveViewer::<G>::new(&log.config, log.players)?;
        let mut index = 0;
        loop {
            let produced = engine.records.len();
            for checked in index..produced {
                let Some(expected) = log.records.get(checked) else {
                    return Err(ReplayError::Diverged {
                        index: checked,
                        reason: "the replay produced a record the log does not have".to_owned(),
                    });
                };
                let written = writer.write(&engine.records[checked]);
                if *expected != written {
                    return Err(ReplayError::Diverged {
                        index: checked,
                        reason: describe_difference(expected, &written),
                    });
                }
            }
            index = produced;
            let Some(next) = log.records.get(index) else {
                return match &log.seal {
                    Some(seal) => engine.check_seal(seal).map(|()| engine),
                    None => Ok(engine),
                };
            };
            let (RecordKind::Submitted, Some(player)) = (next.kind, next.player) else {
                return Err(ReplayError::Diverged {
                    index,
                    reason: format!(
                        "the log has a {:?} record `{}` that the replay did not produce",
                        next.kind, next.action
                    ),
                });
            };
            let submission = Submission {
                action: next.action.to_string(),
                selections: next.selections.clone(),
            };
            engine
                .submit_submission(player, &submission)
                .map_err(|error| ReplayError::Refused { index, error })?;
        }
    }

    /// Replays `log` as [`replay`](Self::replay) does, and requires its [`LogSeal`]: for
    /// logs that must be checked whole (a file of [`sealed_log`](Self::sealed_log)s).
    ///
    /// # Errors
    /// [`ReplayError::Unsealed`] when the log has no seal, or any error of
    /// [`replay`](Self::replay).
    pub fn replay_sealed(log: &GameLog<G>) -> Result<Self, ReplayError> {
        if log.seal.is_none() {
            return Err(ReplayError::Unsealed);
        }
        Self::replay(log)
    }

    /// This game's log with its [`LogSeal`]: the number of records, the outcome if the
    /// game is over and the [`digest`](Self::digest) of where it stands, so that a replay
    /// checks the log whole ([`replay`](Self::replay) when the seal is there,
    /// [`replay_sealed`](Self::replay_sealed) to require it).
    ///
    /// Writes the log as [`log`](Self::log) does. A game without its log
    /// ([`without_log`](Self::without_log)) seals its header alone, which does not replay.
    #[must_use]
    pub fn sealed_log(&self) -> GameLog<G> {
        let mut log = self.log();
        log.seal = Some(LogSeal {
            records: log.records.len(),
            outcome: self.outcome(),
            digest: self.digest(),
        });
        log
    }

    /// SHA-256, in lowercase hexadecimal, of this game's setup (name, seed, seats, config,
    /// forced play), its full state and its chance's state, each serialized as JSON: the
    /// digest of a [`LogSeal`]. A game's state must serialize the same way every time (no
    /// hash maps), as its replay byte for byte already requires.
    #[must_use]
    pub fn digest(&self) -> String {
        let mut hasher = Sha256::new();
        let setup = (
            G::NAME,
            self.seed,
            self.players,
            &self.config,
            self.settings.autoplay_forced,
        );
        hash_json(&mut hasher, &setup);
        hash_json(&mut hasher, &Serialized(&self.state));
        hash_json(&mut hasher, &self.chance);
        hasher
            .finalize()
            .iter()
            .map(|byte| format!("{byte:02x}"))
            .collect()
    }

    /// Checks this replayed game against the seal of its log.
    fn check_seal(&self, seal: &LogSeal) -> Result<(), ReplayError> {
        let found = self.records.len();
        if seal.records != found {
            return Err(ReplayError::SealRecords {
                sealed: seal.records,
                found,
            });
        }
        let outcome = self.outcome();
        if seal.outcome != outcome {
            return Err(ReplayError::SealOutcome {
                sealed: seal.outcome.clone(),
                found: outcome,
            });
        }
        let digest = self.digest();
        if seal.digest != digest {
            return Err(ReplayError::SealDigest {
                sealed: seal.digest.clone(),
                found: digest,
            });
        }
        Ok(())
    }

    /// Reads a JSON log and replays it (see [`replay`](Self::replay)).
    ///
    /// # Errors
    /// [`ReplayError::Malformed`] when the text is not a log of this game, or any error of
    /// [`replay`](Self::replay).
    pub fn replay_json(json: &str) -> Result<Self, ReplayError> {
        let log: GameLog<G> = serde_json::from_str(json)
            .map_err(|error| ReplayError::Malformed(error.to_string()))?;
        Self::replay(&log)
    }

    fn check_turn(&self, player: PlayerIndex) -> Result<(), SubmitError> {
        let to_act = self.to_act();
        // Nobody acts once the game is over: the outcome is asked only to explain.
        if to_act.contains(player) {
            return Ok(());
        }
        if self.state.outcome().is_some() {
            return Err(SubmitError::GameOver);
        }
        Err(SubmitError::NotYourTurn {
            player: self.seat(player),
            to_act: to_act.iter().map(|seat| self.seat(seat)).collect(),
        })
    }

    /// `error`, unless the player has nothing possible at all, which says more.
    fn or_stuck(&self, player: PlayerIndex, error: SubmitError) -> SubmitError {
        if !self.can_complete(player) {
            SubmitError::Stuck {
                player: self.seat(player),
            }
        } else {
            error
        }
    }

    /// The arguments under which `player` may take the action named `action` now if its
    /// condition holds, whether or not it can be completed.
    fn candidate_args(
        &self,
        player: PlayerIndex,
        action: &str,
    ) -> Result<<G::Actions as ActionSet>::Args, SubmitError> {
        let Some(index) = G::Actions::NAMES.iter().position(|name| *name == action) else {
            return Err(SubmitError::UnknownAction {
                action: echo(action),
                known: G::Actions::NAMES.to_vec(),
            });
        };
        self.candidates(player)
            .find(|args| G::Actions::args_index(args) == index)
            .cloned()
            .ok_or_else(|| self.not_available(player, G::Actions::NAMES[index]))
    }

    /// Whether the action of `args`, a candidate of `player`'s, is offered: it has a
    /// completion, or refused options to show.
    fn is_available(&self, player: PlayerIndex, args: &<G::Actions as ActionSet>::Args) -> bool {
        G::Actions::has_completion(&self.state, player, args)
            || self.shown_without_completion(player, args)
    }

    /// The arguments under which `player` may take the action named `action` now, if it is
    /// offered.
    fn args_for(
        &self,
        player: PlayerIndex,
        action: &str,
    ) -> Result<<G::Actions as ActionSet>::Args, SubmitError> {
        let args = self.candidate_args(player, action)?;
        if self.is_available(player, &args) {
            Ok(args)
        } else {
            Err(self.not_available(player, action))
        }
    }

    fn not_available(&self, player: PlayerIndex, action: &str) -> SubmitError {
        let action = G::Actions::NAMES
            .iter()
            .find(|name| **name == action)
            .copied()
            .unwrap_or("?");
        let available = self
            .available(player)
            .iter()
            .map(|args| G::Actions::NAMES[G::Actions::args_index(args)])
            .collect();
        SubmitError::ActionNotAvailable {
            action,
            player: self.seat(player),
            available,
        }
    }

    /// Applies a checked action; returns the index of its record.
    fn perform(&mut self, player: PlayerIndex, action: G::Actions, kind: RecordKind) -> usize {
        let follow_up = !self.follow_ups.is_empty();
        let mut moves = std::mem::take(&mut self.stack);
        let follow_ups = action.behaviour(&self.state, player, &mut moves);
        if follow_up {
            self.follow_ups.remove(0);
        }
        // Follow-ups asked now come before those already waiting, like consequences.
        if !follow_ups.is_empty() {
            self.follow_ups.splice(0..0, follow_ups);
        }
        self.record(Some(player), Some(action), follow_up, kind, moves)
    }

    /// Applies `moves` with their consequences and records them, typed; returns the index
    /// of the record. Without a log, the last record is overwritten in place, its buffer
    /// of moves kept.
    fn record(
        &mut self,
        player: Option<PlayerIndex>,
        action: Option<G::Actions>,
        follow_up: bool,
        kind: RecordKind,
        mut moves: Vec<G::Move>,
    ) -> usize {
        let draws = self.chance.draws();
        if !self.keep_records {
            self.records.truncate(1);
        }
        let index = match self.records.first_mut() {
            Some(last) if !self.keep_records => {
                last.moves.clear();
                resolve_observed(
                    &mut self.state,
                    &mut self.chance,
                    &mut self.recall,
                    &mut moves,
                    &mut last.moves,
                );
                last.player = player;
                last.kind = kind;
                last.action = action;
                last.follow_up = follow_up;
                0
            }
            _ => {
                let mut applied = Vec::with_capacity(moves.len() * 2);
                resolve_observed(
                    &mut self.state,
                    &mut self.chance,
                    &mut self.recall,
                    &mut moves,
                    &mut applied,
                );
                self.records.push(Record {
                    player,
                    kind,
                    action,
                    follow_up,
                    moves: applied,
                    drew_chance: false,
                });
                self.records.len() - 1
            }
        };
        // Emptied by `resolve`: the next action pushes its moves into this room.
        self.stack = moves;
        let drew_chance = self.chance.draws() != draws;
        let record = &mut self.records[index];
        record.drew_chance = drew_chance;
        self.played.records += 1;
        self.played.moves += record.moves.len() as u64;
        index
    }

    /// Plays what needs no decision: passes of stuck players (when the game declares
    /// them) and, if enabled, forced completions; until a player has a real choice.
    ///
    /// # Errors
    /// [`Endless`] after [`EngineSettings::forced_limit`] such records in a row.
    fn settle(&mut self) -> Result<(), Endless> {
        let mut unattended = 0;
        loop {
            if unattended >= self.settings.forced_limit {
                let action = self
                    .records
                    .last()
                    .map_or_else(String::new, |record| record.name().to_owned());
                self.refresh();
                return Err(Endless {
                    action,
                    records: unattended,
                });
            }
            self.refresh();
            let mut progressed = false;
            for player in self.ready.to_act.iter() {
                match self.facing(player, self.ready.of(player)) {
                    Facing::Choice => {}
                    Facing::Forced(action) => {
                        self.perform(player, action, RecordKind::Forced);
                        unattended += 1;
                        progressed = true;
                        break;
                    }
                    Facing::Stuck => {
                        if self
                            .follow_ups
                            .first()
                            .is_some_and(|follow_up| follow_up.player == player)
                        {
                            // A follow-up that cannot be completed lapses.
                            self.follow_ups.remove(0);
                            progressed = true;
                            break;
                        }
                        if let WhenStuck::Pass(moves) = self.state.when_stuck(player) {
                            self.record(Some(player), None, false, RecordKind::Pass, moves);
                            unattended += 1;
                            progressed = true;
                            break;
                        }
                    }
                }
            }
            if !progressed {
                return Ok(());
            }
        }
    }

    /// What `player`, who is to act, faces now: nothing they can complete, a completion
    /// the engine plays for them (only when [`EngineSettings::autoplay_forced`]), or a
    /// choice. One walk that stops at the second completion answers for actions that
    /// always ask nothing; the full prompt decides only when one of them always asks.
    fn facing<'a>(
        &self,
        player: PlayerIndex,
        candidates: impl Iterator<Item = &'a <G::Actions as ActionSet>::Args> + Clone,
    ) -> Facing<G::Actions>
    where
        G: 'a,
    {
        let mut count = 0;
        let mut only = None;
        for args in candidates.clone() {
            let flow = G::Actions::for_each_completion(&self.state, player, args, &mut |action| {
                count += 1;
                if count > 1 {
                    ControlFlow::Break(())
                } else {
                    only = Some(action);
                    ControlFlow::Continue(())
                }
            });
            if flow.is_break() {
                return Facing::Choice;
            }
        }
        let always_asks = candidates.clone().any(|args| {
            G::Actions::ALWAYS_ASKS
                .get(G::Actions::args_index(args))
                .is_none_or(|&asks| asks)
        });
        if !always_asks {
            // Nothing here is free text, so the walk saw every completion there is.
            return match only {
                None => Facing::Stuck,
                Some(action)
                    if self.settings.autoplay_forced
                        && action.confirm(&self.state, player).is_none() =>
                {
                    Facing::Forced(action)
                }
                Some(_) => Facing::Choice,
            };
        }
        // Free text cannot be walked, and an action always asked is forced only if the
        // player's whole prompt is one: decide as the player would see it.
        let available: Candidates<_> = candidates
            .filter(|args| G::Actions::has_completion(&self.state, player, args))
            .cloned()
            .collect();
        if available.is_empty() {
            return Facing::Stuck;
        }
        if !self.settings.autoplay_forced {
            return Facing::Choice;
        }
        let actions = available
            .iter()
            .filter_map(|args| self.action_prompt(player, args, &[]).ok().flatten())
            .collect();
        let prompt = Prompt { player, actions };
        let forced = prompt.forced().and_then(|forced| {
            let args = self.args_for(player, &forced.action).ok()?;
            let action = G::Actions::from_selections(args, &forced.chosen_selections()).ok()?;
            action.check(&self.state, player).ok()?;
            Some(action)
        });
        forced.map_or(Facing::Choice, Facing::Forced)
    }
}

/// A run of [`EngineSettings::forced_limit`] records played for the players, ending with
/// the action named.
struct Endless {
    action: String,
    records: usize,
}

/// [`resolve`], adding what each player sees of each move to their history when the game
/// [`RECALLS`](Game::RECALLS) and this engine tracks it.
fn resolve_observed<G: Game>(
    state: &mut G,
    chance: &mut Chance,
    recall: &mut Recall<G::Move>,
    pending: &mut Vec<G::Move>,
    applied: &mut Vec<G::Move>,
) {
    resolve(state, chance, pending, applied, |after, moved| {
        if G::RECALLS && recall.tracking {
            for (seat, seen) in recall.seen.iter_mut().enumerate() {
                if let Some(viewed) = moved.view(after, Viewer::Player(PlayerIndex(seat))) {
                    Arc::make_mut(seen).push(viewed);
                }
            }
        }
    });
}

/// The records a new game's log has room for before it grows.
const LOG_CAPACITY: usize = 64;

/// The actions a player may take now: few, so kept inline.
type Candidates<T> = SmallVec<[T; 4]>;

/// What a player to act faces ([`Engine::facing`]).
enum Facing<A> {
    /// No completion: the player passes, or their follow-up lapses.
    Stuck,
    /// One completion, which the engine plays for them.
    Forced(A),
    /// Something to decide.
    Choice,
}

/// What search agents ask of a game's engine beyond its rules ([`Search`]).
impl<G: Search> Engine<G> {
    /// Replaces the state, a view of `player`'s, by a full state consistent with it drawn
    /// from this engine's chance ([`Search::determinize`]): for an agent's engine
    /// ([`for_agent`](Self::for_agent)) to play a possible world to its end.
    pub fn determinize(&mut self, player: PlayerIndex) {
        self.state = if G::RECALLS {
            let seen = self
                .recall
                .seen
                .get(player.0)
                .map_or(&[][..], |seen| &seen[..]);
            self.state
                .determinize_recalled(player, seen, &mut self.chance)
        } else {
            self.state.determinize(player, &mut self.chance)
        };
        self.refresh();
    }
}

/// Feeds `value` as JSON to `hasher`, then a newline (which compact JSON never holds), so
/// that the parts of a digest cannot run into each other. A value that cannot be
/// serialized feeds its error's text, which is as deterministic.
fn hash_json(hasher: &mut Sha256, value: &impl serde::Serialize) {
    /// Writes into the hasher, so the JSON text is never held whole.
    struct Feed<'a>(&'a mut Sha256);
    impl std::io::Write for Feed<'_> {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0.update(bytes);
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    if let Err(error) = serde_json::to_writer(Feed(hasher), value) {
        hasher.update(error.to_string().as_bytes());
    }
    hasher.update(b"\n");
}

fn describe_difference<M: PartialEq + serde::Serialize>(
    expected: &ActionRecord<M>,
    found: &ActionRecord<M>,
) -> String {
    if expected.action != found.action || expected.player != found.player {
        return format!(
            "expected `{}` by {:?}, replay made `{}` by {:?}",
            expected.action, expected.player, found.action, found.player
        );
    }
    if let Some(step) = expected
        .moves
        .iter()
        .zip(&found.moves)
        .position(|(a, b)| a != b)
    {
        let show = |moves: &[M]| serde_json::to_string(&moves[step]).unwrap_or_default();
        return format!(
            "move {step} of `{}`: expected {}, replay applied {}",
            expected.action,
            show(&expected.moves),
            show(&found.moves)
        );
    }
    if expected.moves.len() != found.moves.len() {
        return format!(
            "`{}` applied {} moves, the log has {}",
            expected.action,
            found.moves.len(),
            expected.moves.len()
        );
    }
    format!(
        "`{}` differs in its messages, selections or flags",
        expected.action
    )
}
