//! The lookahead core: a game as it stands (state, chance, follow-ups) and everything to
//! play it (prompts, completions, submissions in stages, forced play), with no history.
//! Agents look ahead in one, simulations play one, and the logged table
//! ([`Engine`](crate::Engine)) wraps one and keeps what it plays.

use std::num::NonZeroU64;
use std::ops::ControlFlow;
use std::sync::Arc;

use smallvec::SmallVec;

use serde_json::Value;

use crate::action::{ActionSet, FollowUp};
use crate::chance::Chance;
use crate::dispatch::{self, ActionContext};
use crate::error::{DecodeError, Refusal, Refused, Seat, SubmitError, echo};
use crate::game::{Game, Setup, SetupError, WhenStuck};
use crate::log::{RecordHeader, RecordKind};
use crate::moves::{Move, resolve};
use crate::outcome::{Finish, Outcome};
use crate::player::{PlayerIndex, PlayerSet};
use crate::prompt::{ActionPrompt, Prompt, action_prompt, fill_made};
use crate::search::Search;
use crate::start::Start;
use crate::submission::Submission;
use crate::view::Viewer;

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

/// The pending moves a position makes room for at its start ([`Position`]'s stack of
/// consequences, reused from record to record).
const PENDING_ROOM: usize = 32;

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
            Status::Over(outcome) => match outcome.finish() {
                Finish::Win(winner) => write!(f, "over: {winner} won"),
                Finish::SharedWin(winners) => write!(f, "over: {winners} shared the win"),
                Finish::Draw => f.write_str("over: a draw"),
            },
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

/// How much a game has played: every record applied (the setup, submissions, forced plays,
/// passes) and every move, whether a log keeps them or not.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Played {
    /// Action records applied.
    pub records: u64,
    /// Moves applied, consequences included.
    pub moves: u64,
}

/// Where the records a position plays go: nowhere for a lookahead or a simulation
/// ([`Unrecorded`]), into the log for the logged table ([`Engine`](crate::Engine)).
pub(crate) trait Recorder<G: Game> {
    /// Takes `moved`, a move just applied (an action's own or a consequence), with the
    /// full state right after it.
    fn applied(&mut self, after: &G, moved: G::Move);

    /// Closes the record of the moves applied since the last one, which the recorder took
    /// one by one.
    fn record(&mut self, header: RecordHeader<G>);
}

/// The recorder of one submission to a position played on its own: it keeps the action of
/// the first record, the submitted one's, to hand it back if what follows never ends.
struct KeptAction<A>(Option<A>);

impl<G: Game> Recorder<G> for KeptAction<G::Actions> {
    fn applied(&mut self, _after: &G, _moved: G::Move) {}

    fn record(&mut self, header: RecordHeader<G>) {
        if self.0.is_none() {
            self.0 = header.action;
        }
    }
}

/// The recorder of a position played on its own: its records go nowhere.
pub(crate) struct Unrecorded;

impl<G: Game> Recorder<G> for Unrecorded {
    fn applied(&mut self, _after: &G, _moved: G::Move) {}

    fn record(&mut self, _header: RecordHeader<G>) {}
}

/// A run of [`EngineSettings::forced_limit`] records played for the players, ending with
/// the action named.
pub(crate) struct Endless {
    action: String,
    records: usize,
}

/// A game as it stands, and everything to play it: its state, its chance, the follow-ups
/// waiting; who may act and what they are offered (prompts, completions); submissions in
/// stages ([`decode`](Self::decode), [`admit`](Self::admit), then apply), and what the
/// engine plays for the players (forced completions, passes).
///
/// It keeps no records, so it is cheap to copy and to play: the lookahead core that
/// agents search in ([`for_agent`](Self::for_agent)) and simulations play
/// ([`new`](Self::new)). The logged table, [`Engine`](crate::Engine), wraps one and keeps
/// every record it plays (log, undo, replay, what players recall).
///
/// A refused call leaves everything exactly as it was.
#[derive(Clone, Debug)]
pub struct Position<G: Game> {
    state: G,
    chance: Chance,
    follow_ups: Vec<FollowUp<G>>,
    /// The number of seats.
    players: usize,
    settings: EngineSettings,
    played: Played,
    /// The name of the last record played, for [`Endless`].
    last_played: &'static str,
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

/// The moves each player has seen, as they saw them ([`Game::RECALLS`]): part of what a
/// player knows of a position (their information state, as a history of observations in
/// OpenSpiel), which a search agent's determinization must stay consistent with.
#[derive(Clone, Debug)]
enum Recall<M> {
    /// The game recalls nothing, or this copy's player saw nothing yet that it carries.
    Untracked,
    /// A game's own position, by seat: every move applied is added as each seat sees it.
    Tracked(Vec<Arc<Vec<M>>>),
    /// A player's copy ([`Position::for_agent`]): what that player saw until the copy was
    /// made, shared with the position it was made from (an agent makes one at every
    /// decision). Looking ahead adds nothing to it.
    Seat(PlayerIndex, Arc<Vec<M>>),
}

impl<M: Clone> Recall<M> {
    /// What `player` saw, as their copy carries it.
    fn of(&self, player: PlayerIndex) -> Self {
        match self {
            Recall::Tracked(seen) => seen.get(player.0).map_or(Recall::Untracked, |seen| {
                Recall::Seat(player, Arc::clone(seen))
            }),
            Recall::Seat(seat, seen) if *seat == player => Recall::Seat(player, Arc::clone(seen)),
            _ => Recall::Untracked,
        }
    }

    /// What `player` saw, in order.
    fn seen(&self, player: PlayerIndex) -> &[M] {
        match self {
            Recall::Tracked(seen) => seen.get(player.0).map_or(&[], |seen| &seen[..]),
            Recall::Seat(seat, seen) if *seat == player => &seen[..],
            _ => &[],
        }
    }
}

/// Who may act, and each one's candidate actions ([`Position::candidates`]).
#[derive(Clone, Debug)]
struct Ready<G: Game> {
    to_act: PlayerSet,
    candidates: SmallVec<[Candidate<G>; 4]>,
}

/// An action a player may take now (its condition holds), with its count of completions
/// when the action counts them without walking (`Action::COUNTS_AT_ONCE`, asked through
/// the action table): counted once per decision, for telling a choice from a forced play,
/// then kept for agents.
#[derive(Clone, Debug)]
struct Candidate<G: Game> {
    player: PlayerIndex,
    args: <G::Actions as ActionSet>::Args,
    count: Option<u64>,
    /// What the action kept of this decision when counting (its valid set as bits,
    /// `Action::count_keeping`), to draw and check its completions from. An empty set is
    /// not kept (nothing is drawn from it, and a check then refuses in full): the candidate
    /// stays small, and `refresh` fills one at every decision.
    kept: Option<NonZeroU64>,
}

impl<G: Game> Ready<G> {
    /// The candidate actions of `player`.
    fn of(
        &self,
        player: PlayerIndex,
    ) -> impl Iterator<Item = &<G::Actions as ActionSet>::Args> + Clone {
        self.counted(player).map(|candidate| &candidate.args)
    }

    /// The candidate actions of `player`, with their counts where kept.
    fn counted(&self, player: PlayerIndex) -> impl Iterator<Item = &Candidate<G>> + Clone {
        self.candidates
            .iter()
            .filter(move |candidate| candidate.player == player)
    }
}

impl<G: Game> Candidate<G> {
    /// This candidate's arguments, counted at once when its action allows.
    fn new(state: &G, player: PlayerIndex, args: <G::Actions as ActionSet>::Args) -> Self {
        let cx = ActionContext::new(state, player, &args);
        let (count, kept) = if cx.counts_at_once() {
            let (count, kept) = cx.count_keeping();
            (Some(count), kept.and_then(NonZeroU64::new))
        } else {
            (None, None)
        };
        Candidate {
            player,
            args,
            count,
            kept,
        }
    }

    /// This candidate's completion at position `index`, drawn from its kept set when it
    /// keeps one (the state unchanged since `refresh`).
    fn nth(&self, state: &G, index: u64) -> Option<G::Actions> {
        let cx = ActionContext::new(state, self.player, &self.args);
        match self.kept {
            Some(kept) => cx.nth_kept(index, kept.get()),
            None => cx.nth_completion(index),
        }
    }

    /// How many completions this candidate has, kept or counted now.
    fn count(&self, state: &G) -> u64 {
        self.count.unwrap_or_else(|| {
            ActionContext::new(state, self.player, &self.args).count_completions()
        })
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

impl<G: Game> Position<G> {
    /// Sets up a game of `players` seats from `config`, with chance seeded by `seed`, and
    /// plays any forced completions that follow; keeps no log (for a simulation: the
    /// logged table is [`Engine::new`](crate::Engine::new)).
    ///
    /// # Errors
    /// [`SetupError::PlayerCount`] when `players` is outside [`Game::PLAYERS`];
    /// [`SetupError::Config`] from [`Game::validate_config`];
    /// the game's own [`SetupError`] from [`Game::setup`];
    /// [`SetupError::ForcedWithoutEnd`] when the records that follow the setup are played
    /// for the players [`FORCED_LIMIT`] times in a row.
    pub fn new(config: &G::Config, players: usize, seed: u64) -> Result<Self, SetupError> {
        Self::with_settings(config, players, seed, EngineSettings::default())
    }

    /// As [`new`](Self::new), with explicit [`EngineSettings`].
    ///
    /// # Errors
    /// As [`new`](Self::new).
    pub fn with_settings(
        config: &G::Config,
        players: usize,
        seed: u64,
        settings: EngineSettings,
    ) -> Result<Self, SetupError> {
        let setup = Setup::<G>::for_table(config, players)?;
        Self::start(setup, Vec::new(), players, seed, settings, &mut Unrecorded)
    }

    /// Starts from a state the author built ([`Start`]), after checking it, and plays
    /// what follows as after a setup (forced completions, passes, unless
    /// `start.settings` says otherwise); keeps no log (the logged table is
    /// [`Engine::from_start`](crate::Engine::from_start)).
    ///
    /// # Errors
    /// Any check of the start ([`SetupError::PlayerCount`], [`SetupError::Config`],
    /// [`SetupError::State`]), or [`SetupError::ForcedWithoutEnd`] as
    /// [`new`](Self::new).
    pub fn from_start(start: Start<G>) -> Result<Self, SetupError> {
        start.check()?;
        let setup = Setup {
            state: start.state,
            moves: Vec::new(),
        };
        Self::start(
            setup,
            start.follow_ups,
            start.players,
            start.seed,
            start.settings,
            &mut Unrecorded,
        )
    }

    /// Applies `setup`'s moves as the `setup` record, with `follow_ups` pending, handed to
    /// `recorder` with what follows it (forced plays, passes).
    ///
    /// # Errors
    /// [`SetupError::ForcedWithoutEnd`] as [`new`](Self::new).
    pub(crate) fn start(
        setup: Setup<G>,
        follow_ups: Vec<FollowUp<G>>,
        players: usize,
        seed: u64,
        settings: EngineSettings,
        recorder: &mut impl Recorder<G>,
    ) -> Result<Self, SetupError> {
        let mut position = Position {
            state: setup.state,
            chance: Chance::from_seed(seed),
            follow_ups,
            players,
            settings,
            played: Played::default(),
            last_played: "setup",
            ready: Ready::default(),
            recall: if G::RECALLS {
                Recall::Tracked((0..players).map(|_| Arc::new(Vec::new())).collect())
            } else {
                Recall::Untracked
            },
            stack: Vec::new(),
        };
        position.resolve_record(None, None, false, RecordKind::Setup, setup.moves, recorder);
        // Room for a record's pending moves, made once here: the moves of a game then
        // never grow the stack from nothing (a move allocates nothing, issue 30).
        position.stack.reserve(PENDING_ROOM);
        position
            .settle(recorder)
            .map_err(|Endless { action, records }| SetupError::ForcedWithoutEnd {
                action,
                records,
            })?;
        Ok(position)
    }

    /// The full state (the admin's view).
    pub fn state(&self) -> &G {
        &self.state
    }

    /// The state as `viewer` may see it ([`View::view`](crate::View::view)).
    pub fn view(&self, viewer: Viewer) -> G {
        self.state.view(viewer)
    }

    /// The game's chance, as it stands (part of no view).
    pub(crate) fn chance(&self) -> &Chance {
        &self.chance
    }

    /// The number of seats.
    pub fn players(&self) -> usize {
        self.players
    }

    /// How the engine treats forced completions here.
    pub fn settings(&self) -> EngineSettings {
        self.settings
    }

    /// Replaces the settings: for a table rebuilt from its log, which replays with the
    /// log's own.
    pub(crate) fn set_settings(&mut self, settings: EngineSettings) {
        self.settings = settings;
    }

    /// How many records and moves this game has applied so far.
    pub fn played(&self) -> Played {
        self.played
    }

    /// The follow-ups waiting to be taken, the next first.
    pub fn follow_ups(&self) -> &[FollowUp<G>] {
        &self.follow_ups
    }

    /// The outcome once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.state.outcome()
    }

    /// The game as `player` may know it, for an agent to look ahead in: their view of the
    /// state ([`View::view`](crate::View::view)), the pending follow-ups, a chance of its
    /// own seeded with `seed` (the game's own is in no view) and, for a game that
    /// [`RECALLS`](Game::RECALLS), every move they saw (for
    /// [`determinize`](Self::determinize)). Submitting to it changes nothing here.
    #[must_use]
    pub fn for_agent(&self, player: PlayerIndex, seed: u64) -> Position<G> {
        self.copy_for(player, seed, self.recall.of(player))
    }

    /// `player`'s copy of the game ([`for_agent`](Self::for_agent)), carrying `recall`.
    fn copy_for(&self, player: PlayerIndex, seed: u64, recall: Recall<G::Move>) -> Position<G> {
        let mut seat = Position {
            state: self.state.view(Viewer::Player(player)),
            chance: Chance::from_seed(seed),
            follow_ups: self.follow_ups.clone(),
            players: self.players,
            settings: self.settings,
            played: self.played,
            last_played: self.last_played,
            ready: Ready::default(),
            recall,
            stack: Vec::new(),
        };
        seat.refresh();
        seat
    }

    /// The prompt of `player` computed from their view instead of the full state. Equal to
    /// [`prompt`](Self::prompt) for a correct game (what [`check_views`](crate::check_views)
    /// checks); the engine itself prompts from the full state, which is faster.
    pub fn prompt_from_view(&self, player: PlayerIndex) -> Prompt {
        // A prompt reads neither chance nor what was seen.
        self.copy_for(player, 0, Recall::Untracked).prompt(player)
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
                let completable = ActionContext::new(&self.state, player, args).has_completion();
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
        let state = &self.state;
        ready.to_act = to_act;
        ready.candidates.clear();
        if let Some(follow_up) = self.follow_ups.first() {
            Self::ready_for_follow_up(state, ready, to_act, follow_up);
            return;
        }
        for player in to_act.iter() {
            for index in 0..G::Actions::NAMES.len() {
                if let Some(args) = G::Actions::free_args(index)
                    && ActionContext::new(state, player, &args).condition()
                {
                    ready.candidates.push(Candidate::new(state, player, args));
                }
            }
        }
    }

    /// [`refresh`](Self::refresh) while `follow_up` is next: the only candidate of its
    /// player, if its condition holds. Out of line: most decisions are not follow-ups.
    #[inline(never)]
    fn ready_for_follow_up(
        state: &G,
        ready: &mut Ready<G>,
        to_act: PlayerSet,
        follow_up: &FollowUp<G>,
    ) {
        for player in to_act.iter() {
            if ActionContext::new(state, player, &follow_up.args).condition() {
                let args = follow_up.args.clone();
                ready.candidates.push(Candidate::new(state, player, args));
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
    ///
    /// [`Behaviour::follow_up_with_prompt`]: crate::Behaviour::follow_up_with_prompt
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
        self.check_seat(player)?;
        // Whether the action can be completed at all is a search of its own: the prefix's
        // search answers it, and it is asked only to explain a refusal.
        let args = self.candidate_args(player, action)?;
        match self.action_prompt(player, &args, prefix) {
            Ok(Some(prompt)) => Ok(prompt),
            Ok(None) => Err(self.not_available(player, action).into()),
            Err(_) if !self.is_available(player, &args) => {
                Err(self.not_available(player, action).into())
            }
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
    /// [`DecodeError::MissingSelection`] when a choice is named but a selection before it
    /// is not, [`DecodeError::ExtraSelection`] for a name the action does not have.
    pub fn prompt_submission(
        &self,
        player: PlayerIndex,
        submission: &Submission,
    ) -> Result<ActionPrompt, SubmitError> {
        self.check_seat(player)?;
        let args = self.candidate_args(player, &submission.action)?;
        let action = G::Actions::NAMES[G::Actions::args_index(&args)];
        let filled = fill_made::<G::Actions>(&self.state, player, &args, &submission.selections)
            .map_err(|error| {
                if self.is_available(player, &args) {
                    error
                } else {
                    self.not_available(player, action).into()
                }
            })?;
        if filled.selections.len() > filled.values.len() {
            return Err(match filled.open {
                Some(selection) => DecodeError::MissingSelection { action, selection },
                None => ActionContext::new(&self.state, player, &args)
                    .build(&filled.selections)
                    .err()
                    .unwrap_or_else(|| crate::__private::extra_value(action, filled.values.len())),
            }
            .into());
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
            ActionContext::new(&self.state, player, args).for_each_completion(visit)?;
        }
        ControlFlow::Continue(())
    }

    /// How many completions [`for_each_completion`](Self::for_each_completion) would visit
    /// for `player` now, counted without building them where the selections allow
    /// (each action's generated `count_completions`); 0 when they are
    /// not to act. Saturates at `u64::MAX`.
    pub fn count_completions(&self, player: PlayerIndex) -> u64 {
        self.ready
            .counted(player)
            .map(|candidate| candidate.count(&self.state))
            .fold(0, u64::saturating_add)
    }

    /// The completion of `player` at position `index` (from 0) in
    /// [`for_each_completion`](Self::for_each_completion)'s order, or `None` when they have
    /// no more than `index`. With `index` drawn uniformly below
    /// [`count_completions`](Self::count_completions), a uniform completion, found without a
    /// list and skipping whole branches by their count
    /// (each action's generated `nth_completion`).
    pub fn nth_completion(&self, player: PlayerIndex, index: u64) -> Option<G::Actions> {
        // The kept counts find the action at once; an action not counted needs a walk.
        let mut rest = index;
        for candidate in self.ready.counted(player) {
            let Some(count) = candidate.count else {
                return self.nth_walked(player, index);
            };
            if rest < count {
                return candidate.nth(&self.state, rest);
            }
            rest -= count;
        }
        None
    }

    /// [`nth_completion`](Self::nth_completion) when an action of `player`'s is not counted
    /// at once: counts it by walking, unless it is the last.
    #[inline(never)]
    fn nth_walked(&self, player: PlayerIndex, index: u64) -> Option<G::Actions> {
        let mut index = index;
        let mut candidates = self.ready.counted(player).peekable();
        while let Some(candidate) = candidates.next() {
            let args = &candidate.args;
            let count = match candidate.count {
                Some(count) => count,
                // The last action needs no count: its walk finds the position or runs out.
                None if candidates.peek().is_none() => {
                    return ActionContext::new(&self.state, player, args).nth_completion(index);
                }
                None => ActionContext::new(&self.state, player, args).count_completions(),
            };
            if index < count {
                return candidate.nth(&self.state, index);
            }
            index -= count;
        }
        None
    }

    /// The completion of `player` at position `index` (from 0) in
    /// [`for_each_completion`](Self::for_each_completion)'s order, as
    /// [`nth_completion`](Self::nth_completion) finds it: the first stage of
    /// [`submit_nth`](Self::submit_nth).
    ///
    /// # Errors
    /// [`Refusal::NoSuchSeat`] for a seat outside the table, [`Refusal::GameOver`],
    /// [`Refusal::NotYourTurn`], or
    /// [`Refusal::NoSuchCompletion`] when `index` is not below
    /// [`count_completions`](Self::count_completions).
    pub(crate) fn decode_nth(
        &self,
        player: PlayerIndex,
        index: u64,
    ) -> Result<G::Actions, Refusal> {
        self.check_turn(player)?;
        let Some(action) = self.nth_completion(player, index) else {
            return Err(Refusal::NoSuchCompletion {
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
        Ok(action)
    }

    /// Submits the completion of `player` at position `index` (from 0) in
    /// [`for_each_completion`](Self::for_each_completion)'s order, as
    /// [`nth_completion`](Self::nth_completion) finds it: the way for agents and
    /// simulations to play a drawn completion without building it first. A completion the
    /// engine found itself is valid by construction, so the checks of
    /// [`admit`](Self::admit) are not run again (debug builds still run them, and panic if
    /// they refuse, which would be a bug of the generated walks).
    ///
    /// # Errors
    /// [`Refusal::NoSuchSeat`] for a seat outside the table, [`Refusal::GameOver`],
    /// [`Refusal::NotYourTurn`], or
    /// [`Refusal::NoSuchCompletion`] when `index` is not below
    /// [`count_completions`](Self::count_completions); [`Refusal::ForcedWithoutEnd`]
    /// as [`submit`](Self::submit). The position is untouched after the first three; after
    /// the last it stays where the limit stopped it.
    pub fn submit_nth(&mut self, player: PlayerIndex, index: u64) -> Result<(), Refusal> {
        let action = self.decode_nth(player, index)?;
        self.apply(player, action, &mut Unrecorded)
            .map_err(Endless::into_error)
    }

    /// Reads a submission (an action's name and its selections' values, the wire form)
    /// into the game's own action for `player`: the first stage of a submission, which
    /// [`admit`](Self::admit) then checks. Selections the engine makes without asking
    /// (forced ones) may be left out. Changes nothing.
    ///
    /// Reading needs the position: which actions the player has, and which selections the
    /// engine makes for them. So decoding refuses too, where it cannot read further (the
    /// turn, the action, an option that is not among the offered ones); the rest of the
    /// checks are [`admit`](Self::admit)'s.
    ///
    /// # Errors
    /// [`SubmitError::Decode`] with [`DecodeError::UnknownAction`] or a missing, extra or
    /// malformed selection ([`DecodeError::MissingSelection`],
    /// [`DecodeError::ExtraSelection`], [`DecodeError::MalformedSelection`]);
    /// [`SubmitError::Refused`] with [`Refusal::NoSuchSeat`], [`Refusal::GameOver`],
    /// [`Refusal::NotYourTurn`],
    /// [`Refusal::ActionNotAvailable`], [`Refusal::NotOffered`], or [`Refusal::Stuck`]
    /// when the player has nothing possible at all.
    pub fn decode(
        &self,
        player: PlayerIndex,
        submission: &Submission,
    ) -> Result<G::Actions, SubmitError> {
        self.check_turn(player)?;
        let args = self
            .candidate_args(player, &submission.action)
            .map_err(|error| self.or_stuck(player, error))?;
        // Selections the engine makes without asking (forced ones) may be left out.
        let built =
            match ActionContext::new(&self.state, player, &args).build(&submission.selections) {
                Err(DecodeError::MissingSelection { .. }) => {
                    fill_made::<G::Actions>(&self.state, player, &args, &submission.selections)
                        .and_then(|filled| {
                            ActionContext::new(&self.state, player, &args)
                                .build(&filled.selections)
                                .map_err(SubmitError::from)
                        })
                }
                built => built.map_err(SubmitError::from),
            };
        built.map_err(|error| self.refused(player, &args, error))
    }

    /// `error` for an action of `player`'s under `args`, unless the action could not be
    /// taken at all, which says more: the submission's own checks find whether it
    /// completes the action, and whether the action could be completed at all is asked
    /// only to explain a refusal.
    fn refused(
        &self,
        player: PlayerIndex,
        args: &<G::Actions as ActionSet>::Args,
        error: SubmitError,
    ) -> SubmitError {
        if self.is_available(player, args) {
            error
        } else {
            let action = G::Actions::NAMES[G::Actions::args_index(args)];
            self.or_stuck(player, self.not_available(player, action))
                .into()
        }
    }

    /// Parses `json` as a [`Submission`] and submits it.
    ///
    /// # Errors
    /// [`DecodeError::MalformedJson`], or any error of
    /// [`submit_submission`](Self::submit_submission).
    pub fn submit_json(&mut self, player: PlayerIndex, json: &str) -> Result<(), SubmitError> {
        let submission = Submission::from_json(json)?;
        self.submit_submission(player, &submission)
    }

    /// Submits an action given by name and selection values (the wire form): it is
    /// [`decode`](Self::decode)d, then [`submit`](Self::submit)ted.
    ///
    /// # Errors
    /// Any error of [`decode`](Self::decode) or of [`submit`](Self::submit).
    pub fn submit_submission(
        &mut self,
        player: PlayerIndex,
        submission: &Submission,
    ) -> Result<(), SubmitError> {
        let action = self.decode_admitted(player, submission)?;
        self.apply(player, action, &mut Unrecorded)
            .map_err(|endless| endless.into_error().into())
    }

    /// [`decode`](Self::decode) then [`admit`](Self::admit): the action of `submission`,
    /// once every check of a submission passed.
    ///
    /// # Errors
    /// Any error of [`decode`](Self::decode) or [`admit`](Self::admit).
    pub(crate) fn decode_admitted(
        &self,
        player: PlayerIndex,
        submission: &Submission,
    ) -> Result<G::Actions, SubmitError> {
        let action = self.decode(player, submission)?;
        if let Err(error) = self.admit(player, &action) {
            return Err(self.refused(player, &action.args(), error.into()));
        }
        Ok(action)
    }

    /// Checks `action` for `player` and, if it is allowed, applies its moves and their
    /// consequences and plays the forced completions that follow.
    ///
    /// # Errors
    /// [`Refused`], handing `action` back, with any error of [`admit`](Self::admit) (the
    /// state is then untouched), or with [`Refusal::ForcedWithoutEnd`] when what
    /// follows the action is played for the players [`EngineSettings::forced_limit`] times
    /// in a row: the position then stays where the limit stopped it (the logged table
    /// rebuilds it from its log).
    pub fn submit(
        &mut self,
        player: PlayerIndex,
        action: G::Actions,
    ) -> Result<(), Refused<G::Actions>> {
        if let Err(error) = self.admit(player, &action) {
            return Err(Refused { action, error });
        }
        let mut kept = KeptAction(None);
        match (self.apply(player, action, &mut kept), kept.0) {
            (Ok(()), _) => Ok(()),
            (Err(endless), Some(action)) => Err(Refused {
                action,
                error: endless.into_error(),
            }),
            (Err(_), None) => unreachable!("an action's own record is the first it closes"),
        }
    }

    /// Every check of [`submit`](Self::submit), changing nothing: the second stage of a
    /// submission, after [`decode`](Self::decode).
    ///
    /// # Errors
    /// [`Refusal::NoSuchSeat`] for a seat outside the table, [`Refusal::GameOver`],
    /// [`Refusal::Stuck`], [`Refusal::NotYourTurn`],
    /// [`Refusal::ActionNotAvailable`] (its condition is false, or a follow-up comes
    /// first), [`Refusal::NotOffered`] or [`Refusal::Invalid`].
    pub fn admit(&self, player: PlayerIndex, action: &G::Actions) -> Result<(), Refusal> {
        self.check_turn(player)?;
        let args = action.args();
        // The candidates kept by `refresh` are exactly the offered actions (the next
        // follow-up, else the argument-free ones) whose condition holds.
        let Some(candidate) = self
            .ready
            .counted(player)
            .find(|candidate| candidate.args == args)
        else {
            return Err(self.or_stuck(player, self.not_available(player, action.name())));
        };
        match candidate.kept {
            Some(kept) => dispatch::check_kept(action, &self.state, player, kept.get()),
            None => dispatch::check(action, &self.state, player),
        }
        .map_err(|error| self.or_stuck(player, error))
    }

    /// Applies an admitted action and what follows it, handing each record to `recorder`:
    /// the action's own first.
    ///
    /// # Errors
    /// [`Endless`] when what follows is played for the players
    /// [`EngineSettings::forced_limit`] times in a row.
    pub(crate) fn apply(
        &mut self,
        player: PlayerIndex,
        action: G::Actions,
        recorder: &mut impl Recorder<G>,
    ) -> Result<(), Endless> {
        self.perform(player, action, RecordKind::Submitted, recorder);
        self.settle(recorder)
    }

    /// Checks that `player` is a seat of this table, as every entry point that takes a
    /// seat and can fail does first (the submissions, [`admit`](Self::admit),
    /// [`prompt_action`](Self::prompt_action), [`prompt_submission`](Self::prompt_submission),
    /// and the logged table's undo): for a caller that takes seats from outside (a server's
    /// request) and wants to refuse one before asking anything else. Queries that cannot
    /// fail ([`prompt`](Self::prompt), [`completions`](Self::completions),
    /// [`count_completions`](Self::count_completions), ...) answer a seat outside the table
    /// as they answer a player who is not to act: nothing offered.
    ///
    /// # Errors
    /// [`Refusal::NoSuchSeat`] when `player` is not below [`players`](Self::players).
    pub fn check_seat(&self, player: PlayerIndex) -> Result<(), Refusal> {
        if player.0 < self.players {
            Ok(())
        } else {
            Err(Refusal::NoSuchSeat {
                player,
                players: self.players,
            })
        }
    }

    /// Refuses a submission of `player`'s when they may not act now.
    #[inline]
    fn check_turn(&self, player: PlayerIndex) -> Result<(), Refusal> {
        // Nobody acts once the game is over: the outcome is asked only to explain.
        if self.to_act().contains(player) {
            Ok(())
        } else {
            Err(self.out_of_turn(player))
        }
    }

    /// Why `player`, who may not act now, is refused: the game is over, or it is not their
    /// turn. Cold, so that the check itself stays small enough to inline.
    #[cold]
    #[inline(never)]
    fn out_of_turn(&self, player: PlayerIndex) -> Refusal {
        // A seat outside the table is never to act: this is where it is told apart.
        if let Err(refusal) = self.check_seat(player) {
            return refusal;
        }
        let to_act = self.to_act();
        if self.state.outcome().is_some() {
            return Refusal::GameOver;
        }
        Refusal::NotYourTurn {
            player: self.seat(player),
            to_act: to_act.iter().map(|seat| self.seat(seat)).collect(),
        }
    }

    /// `error`, unless the player has nothing possible at all, which says more. Cold: only
    /// refusals ask.
    #[cold]
    #[inline(never)]
    fn or_stuck<E: From<Refusal>>(&self, player: PlayerIndex, error: E) -> E {
        if !self.can_complete(player) {
            Refusal::Stuck {
                player: self.seat(player),
            }
            .into()
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
            return Err(DecodeError::UnknownAction {
                action: echo(action),
                known: G::Actions::NAMES.to_vec(),
            }
            .into());
        };
        self.candidates(player)
            .find(|args| G::Actions::args_index(args) == index)
            .cloned()
            .ok_or_else(|| self.not_available(player, G::Actions::NAMES[index]).into())
    }

    /// Whether the action of `args`, a candidate of `player`'s, is offered: it has a
    /// completion, or refused options to show.
    fn is_available(&self, player: PlayerIndex, args: &<G::Actions as ActionSet>::Args) -> bool {
        ActionContext::new(&self.state, player, args).has_completion()
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
            Err(self.not_available(player, action).into())
        }
    }

    /// Why the action named `action` is not available to `player`, naming those that are.
    /// Cold: only refusals ask.
    #[cold]
    #[inline(never)]
    fn not_available(&self, player: PlayerIndex, action: &str) -> Refusal {
        let index = G::Actions::NAMES.iter().position(|name| *name == action);
        let action = index.map_or("?", |index| G::Actions::NAMES[index]);
        let available = self
            .available(player)
            .iter()
            .map(|args| G::Actions::NAMES[G::Actions::args_index(args)])
            .collect();
        Refusal::ActionNotAvailable {
            action,
            player: self.seat(player),
            reason: index.and_then(|index| self.condition_reason(player, index)),
            available,
        }
    }

    /// Why the condition of the action at `index` refuses it to `player`, in the game's
    /// words, when it is the condition that refuses it and it says why: asked of the
    /// arguments the player would take it with (the pending follow-up's, else the
    /// action's own when it has no `#[arg]`).
    fn condition_reason(&self, player: PlayerIndex, index: usize) -> Option<String> {
        let args = match self.follow_ups.first() {
            Some(follow_up) if G::Actions::args_index(&follow_up.args) == index => {
                follow_up.args.clone()
            }
            Some(_) => return None,
            None => G::Actions::free_args(index)?,
        };
        let cx = ActionContext::new(&self.state, player, &args);
        if cx.condition() {
            return None;
        }
        ActionContext::new(&self.state, player, &args).unavailable()
    }

    /// `player` as errors name them.
    pub(crate) fn seat(&self, player: PlayerIndex) -> Seat {
        Seat::new(player, self.state.player_name(player))
    }

    /// Applies a checked action as a record of `kind`.
    fn perform(
        &mut self,
        player: PlayerIndex,
        action: G::Actions,
        kind: RecordKind,
        recorder: &mut impl Recorder<G>,
    ) {
        let follow_up = !self.follow_ups.is_empty();
        let mut moves = std::mem::take(&mut self.stack);
        let follow_ups = dispatch::behaviour(&action, &self.state, player, &mut moves);
        if follow_up || !follow_ups.is_empty() {
            self.queue_follow_ups(follow_up, follow_ups);
        }
        self.resolve_record(Some(player), Some(action), follow_up, kind, moves, recorder);
    }

    /// Takes the follow-up just performed off the queue when `performed`, and queues
    /// `asked` ahead of those already waiting, like consequences. Out of line: most
    /// actions of most games have no follow-up.
    #[inline(never)]
    fn queue_follow_ups(&mut self, performed: bool, asked: Vec<FollowUp<G>>) {
        if performed {
            self.follow_ups.remove(0);
        }
        if !asked.is_empty() {
            self.follow_ups.splice(0..0, asked);
        }
    }

    /// Applies `moves` with their consequences, each handed to `recorder`, then closes
    /// their record.
    fn resolve_record(
        &mut self,
        player: Option<PlayerIndex>,
        action: Option<G::Actions>,
        follow_up: bool,
        kind: RecordKind,
        mut moves: Vec<G::Move>,
        recorder: &mut impl Recorder<G>,
    ) {
        let draws = self.chance.draws();
        let mut applied = 0;
        let recall = &mut self.recall;
        resolve(
            &mut self.state,
            &mut self.chance,
            &mut moves,
            |after, moved| {
                applied += 1;
                if G::RECALLS
                    && let Recall::Tracked(seen) = recall
                {
                    for (seat, seen) in seen.iter_mut().enumerate() {
                        if let Some(viewed) = moved.view(after, Viewer::Player(PlayerIndex(seat))) {
                            Arc::make_mut(seen).push(viewed);
                        }
                    }
                }
                recorder.applied(after, moved);
            },
        );
        // Emptied by `resolve`: the next action pushes its moves into this room.
        self.stack = moves;
        self.played.records += 1;
        self.played.moves += applied;
        let header = RecordHeader {
            player,
            kind,
            action,
            follow_up,
            drew_chance: self.chance.draws() != draws,
        };
        self.last_played = header.name();
        recorder.record(header);
    }

    /// Plays what needs no decision: passes of stuck players (when the game declares
    /// them) and, if enabled, forced completions; until a player has a real choice.
    ///
    /// # Errors
    /// [`Endless`] after [`EngineSettings::forced_limit`] such records in a row.
    fn settle(&mut self, recorder: &mut impl Recorder<G>) -> Result<(), Endless> {
        let mut unattended = 0;
        loop {
            self.refresh();
            if unattended >= self.settings.forced_limit {
                return Err(self.endless(unattended));
            }
            let mut progressed = false;
            for player in self.ready.to_act.iter() {
                match self.facing(player) {
                    Facing::Choice => {}
                    Facing::Forced(action) => {
                        self.perform(player, action, RecordKind::Forced, recorder);
                        unattended += 1;
                        progressed = true;
                        break;
                    }
                    Facing::Stuck => {
                        if let Some(records) = self.unstick(player, recorder) {
                            unattended += records;
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

    /// Moves a stuck `player` on, if anything can: their follow-up lapses, or they pass
    /// when the game declares a pass ([`Game::when_stuck`]). Returns the number of records
    /// played for it (0 for a lapse), or `None` when the player stays stuck. Out of line:
    /// rare in most games.
    #[inline(never)]
    fn unstick(&mut self, player: PlayerIndex, recorder: &mut impl Recorder<G>) -> Option<usize> {
        if self
            .follow_ups
            .first()
            .is_some_and(|follow_up| follow_up.player == player)
        {
            // A follow-up that cannot be completed lapses.
            self.follow_ups.remove(0);
            return Some(0);
        }
        let WhenStuck::Pass(moves) = self.state.when_stuck(player) else {
            return None;
        };
        self.resolve_record(Some(player), None, false, RecordKind::Pass, moves, recorder);
        Some(1)
    }

    /// What `player`, who is to act, faces now: nothing they can complete, a completion
    /// the engine plays for them (only when [`EngineSettings::autoplay_forced`]), or a
    /// choice. One walk that stops at the second completion answers for actions that
    /// always ask nothing; the full prompt decides only when one of them always asks.
    fn facing(&self, player: PlayerIndex) -> Facing<G::Actions> {
        // The counts kept by `refresh` answer at once for a choice among counted actions,
        // the common case; anything else walks, out of line.
        let mut count: u64 = 0;
        for candidate in self.ready.counted(player) {
            match candidate.count {
                Some(counted) => count = count.saturating_add(counted),
                None => return self.facing_walked(player),
            }
        }
        if count > 1 {
            Facing::Choice
        } else {
            self.facing_walked(player)
        }
    }

    /// [`facing`](Self::facing) when the kept counts do not settle it: walks the actions
    /// that are not counted, and decides a forced play or a stuck player.
    #[inline(never)]
    fn facing_walked(&self, player: PlayerIndex) -> Facing<G::Actions> {
        let mut count: u64 = 0;
        let mut only = None;
        for candidate in self.ready.counted(player) {
            let args = &candidate.args;
            if let Some(counted) = candidate.count {
                // Kept from `refresh`: the one completion is built only if it stays alone.
                if counted == 1 && count == 0 {
                    only = candidate.nth(&self.state, 0);
                }
                count = count.saturating_add(counted);
                if count > 1 {
                    return Facing::Choice;
                }
                continue;
            }
            let flow =
                ActionContext::new(&self.state, player, args).for_each_completion(&mut |action| {
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
        let candidates = self.ready.of(player);
        let always_asks = candidates
            .clone()
            .any(|args| ActionContext::new(&self.state, player, args).always_asks());
        if !always_asks {
            // Nothing here is free text, so the walk saw every completion there is.
            return match only {
                None => Facing::Stuck,
                Some(action)
                    if self.settings.autoplay_forced
                        && dispatch::confirm(&action, &self.state, player).is_none() =>
                {
                    Facing::Forced(action)
                }
                Some(_) => Facing::Choice,
            };
        }
        // Free text cannot be walked, and an action always asked is forced only if the
        // player's whole prompt is one: decide as the player would see it.
        let available: Candidates<_> = candidates
            .filter(|args| ActionContext::new(&self.state, player, *args).has_completion())
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
            let action = ActionContext::new(&self.state, player, &args)
                .build(&forced.chosen_selections())
                .ok()?;
            dispatch::check(&action, &self.state, player).ok()?;
            Some(action)
        });
        forced.map_or(Facing::Choice, Facing::Forced)
    }
}

impl<G: Game> Position<G> {
    /// The error of a settling stopped after `records` records in a row: cold, kept out of
    /// the loop that settles every decision.
    #[cold]
    #[inline(never)]
    fn endless(&self, records: usize) -> Endless {
        Endless {
            action: self.last_played.to_owned(),
            records,
        }
    }
}

impl Endless {
    /// The error a submission reports for this run.
    pub(crate) fn into_error(self) -> Refusal {
        Refusal::ForcedWithoutEnd {
            action: self.action,
            records: self.records,
        }
    }
}

/// The actions a player may take now: few, so kept inline.
type Candidates<T> = SmallVec<[T; 4]>;

/// What a player to act faces ([`Position::facing`]).
enum Facing<A> {
    /// No completion: the player passes, or their follow-up lapses.
    Stuck,
    /// One completion, which the engine plays for them.
    Forced(A),
    /// Something to decide.
    Choice,
}

/// What search agents ask of a game's position beyond its rules ([`Search`]).
impl<G: Search> Position<G> {
    /// Replaces the state, a view of `player`'s, by a full state consistent with it drawn
    /// from this position's chance ([`Search::determinize`], or
    /// [`Search::determinize_recalled`] with what `player` saw when the game
    /// [`RECALLS`](Game::RECALLS) and this is their copy): for an agent's copy
    /// ([`for_agent`](Self::for_agent)) to play a possible world to its end.
    pub fn determinize(&mut self, player: PlayerIndex) {
        self.state = if G::RECALLS {
            let seen = self.recall.seen(player);
            self.state
                .determinize_recalled(player, seen, &mut self.chance)
        } else {
            self.state.determinize(player, &mut self.chance)
        };
        self.refresh();
    }
}
