//! The lookahead core: a game as it stands (state, chance, follow-ups) and everything to
//! play it (prompts, completions, submissions in stages, forced play), with no history.
//! Agents look ahead in one, simulations play one, and the logged table
//! ([`Engine`](crate::Engine)) wraps one and keeps what it plays.

use std::sync::Arc;
use std::time::Duration;

use smallvec::SmallVec;

use crate::pieces::chance::Chance;
use crate::pieces::outcome::Outcome;
use crate::pieces::player::PlayerIndex;
use crate::rules::action::FollowUp;
use crate::rules::flow::{Flow, FlowError, FlowPosition, FlowRequest, Progress};
use crate::rules::game::{Game, Setup, SetupError};
use crate::rules::moves::WaitingResolution;
use crate::rules::search::Search;
use crate::seen::view::Viewer;

mod clock;
pub(crate) mod dispatch;
mod distinct;
mod first;
mod prompt;
pub(crate) mod prompting;
mod ready;
mod recall;
mod recorder;
mod settings;
mod settle;
mod start;
mod status;
mod submit;

pub use distinct::{
    ActionLayout, ChooseError, DistinctDecision, LayoutBlock, MAX_DISTINCT_COMPLETIONS, NotLegal,
};
pub use first::FirstPosition;
use ready::Ready;
use recall::Recall;
pub use recorder::RecordKind;
pub(crate) use recorder::{KeptAction, RecordHeader, Recorder, Unrecorded, record_name};
use settings::PENDING_ROOM;
pub use settings::{FORCED_LIMIT, PositionSettings};
pub use start::Start;
pub use status::{Played, Status};

/// Why settling stopped short: a run of [`PositionSettings::forced_limit`] records played
/// for the players, ending with the action named, or a flow that could not go on.
/// Boxed: it is the error of every settling, and a pointer keeps the `Result` of the hot
/// path one word wide.
pub(crate) struct Endless(Box<Unsettled>);

pub(crate) enum Unsettled {
    Forced { action: String, records: usize },
    Flow(FlowError),
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
#[derive(Debug)]
pub struct Position<G: Game> {
    state: G,
    chance: Chance,
    follow_ups: Vec<FollowUp<G>>,
    /// The number of seats.
    players: usize,
    settings: PositionSettings,
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
    /// The game's flow, where it stands, and what the record resolving asked of it.
    flow: FlowDriver<G>,
    /// The game's clock, in milliseconds since it began: moved only by
    /// [`advance_clock`](Self::advance_clock).
    clock: u64,
    /// The decision a move of the record resolving asked ([`crate::MoveContext::ask`]), the
    /// follow-up itself: taken at once when the resolution stops.
    asked: Option<FollowUp<G>>,
    /// The resolutions waiting for a decision, the innermost last ([`WaitingResolution`]).
    suspended: Vec<WaitingResolution<G::Move>>,
    /// The clock per move ([`PositionSettings::move_clock`]), `None` without one: boxed,
    /// as few games run one.
    move_clock: Option<Box<clock::MoveClock>>,
    /// How many records had been played when the step's timer was last started
    /// ([`Step::timer`](crate::rules::flow::Step::timer)): settling starts it again only after
    /// something happened, so a restored game keeps the deadline it was saved with.
    timer_armed_at: u64,
}

impl<G: Game> Clone for Position<G> {
    fn clone(&self) -> Self {
        Position {
            state: self.state.clone(),
            chance: self.chance.clone(),
            follow_ups: self.follow_ups.clone(),
            players: self.players,
            settings: self.settings,
            played: self.played,
            last_played: self.last_played,
            ready: self.ready.clone(),
            recall: self.recall.clone(),
            stack: self.stack.clone(),
            flow: self.flow.clone(),
            clock: self.clock,
            asked: self.asked.clone(),
            suspended: self.suspended.clone(),
            move_clock: self.move_clock.clone(),
            timer_armed_at: self.timer_armed_at,
        }
    }

    /// Field by field, so that a copy made into an old one keeps its vectors' room: the
    /// logged table copies its position into the last copy it kept at every submission.
    fn clone_from(&mut self, source: &Self) {
        // Every field named: a field added to the position must be copied here too.
        let Position {
            state,
            chance,
            follow_ups,
            players,
            settings,
            played,
            last_played,
            ready,
            recall,
            stack,
            flow,
            clock,
            asked,
            suspended,
            move_clock,
            timer_armed_at,
        } = source;
        self.state.clone_from(state);
        self.chance.clone_from(chance);
        self.follow_ups.clone_from(follow_ups);
        self.players = *players;
        self.settings = *settings;
        self.played = *played;
        self.last_played = last_played;
        self.ready.clone_from(ready);
        self.recall.clone_from(recall);
        self.stack.clone_from(stack);
        self.flow.clone_from(flow);
        self.clock = *clock;
        self.asked.clone_from(asked);
        self.suspended.clone_from(suspended);
        self.move_clock.clone_from(move_clock);
        self.timer_armed_at = *timer_armed_at;
    }
}

/// The game's flow as a position drives it: its declaration, where it stands, and what the
/// record resolving asked of it. One part of [`Position`], so that the flow's fields read
/// together.
#[derive(Clone, Debug)]
struct FlowDriver<G: Game> {
    /// The game's flow ([`Game::flow`]), compiled once when the position starts.
    compiled: Arc<Flow<G>>,
    /// Whether the game declares its flow (not [`Flow::by_hand`]): read on every record,
    /// where the flow's own test would reach through its `Arc`.
    declared: bool,
    /// Whether settling moves the flow on: a declared flow, or a mistake of the flow to
    /// report (one test on the hot path of every game).
    moves: bool,
    /// Whether a step of the flow has a timer ([`Step::timer`](crate::rules::flow::Step::timer)),
    /// or a clock per move runs: what is armed after each change.
    timed: bool,
    /// Whether the flow declares fix-ups ([`Flow::fix_up`]).
    fixes: bool,
    /// Where the flow stands.
    at: FlowPosition,
    /// The interrupt a move of the record resolving asked for
    /// ([`crate::MoveContext::interrupt`]).
    interrupt: Option<(FlowRequest, &'static str)>,
    /// A mistake of the flow met while a record resolved (an interrupt naming a loop the
    /// flow is not in), reported when it settles.
    error: Option<FlowError>,
}

impl<G: Game> FlowDriver<G> {
    /// Where the flow stands, as the rules read it.
    #[inline]
    fn progress(&self) -> Progress<'_> {
        self.compiled.progress(&self.at)
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
        Self::with_settings(config, players, seed, PositionSettings::default())
    }

    /// As [`new`](Self::new), with explicit [`PositionSettings`].
    ///
    /// # Errors
    /// As [`new`](Self::new).
    pub fn with_settings(
        config: &G::Config,
        players: usize,
        seed: u64,
        settings: PositionSettings,
    ) -> Result<Self, SetupError> {
        let setup = Setup::<G>::for_table(config, players)?;
        Self::start(
            setup,
            Resume::default(),
            Vec::new(),
            players,
            seed,
            settings,
            &mut Unrecorded,
        )
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
            Resume {
                flow: start.flow,
                clock: start.clock,
                snapshot: None,
            },
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
        resume: Resume<G>,
        follow_ups: Vec<FollowUp<G>>,
        players: usize,
        seed: u64,
        settings: PositionSettings,
        recorder: &mut impl Recorder<G>,
    ) -> Result<Self, SetupError> {
        let Resume {
            flow: flow_at,
            clock,
            snapshot,
        } = resume;
        let flow = crate::rules::flow::compiled::<G>();
        let restored = flow_at.is_some();
        flow.check()?;
        let flow_at = match flow_at {
            Some(flow_at) => {
                flow_at.check(&flow, SetupError::seats_for::<G>(players)?)?;
                flow_at
            }
            None => FlowPosition::default(),
        };
        let (chance, recall, move_deadlines, suspended) = match snapshot {
            Some(carried) => (
                carried.chance,
                carried.recall,
                carried.move_deadlines,
                carried.suspended,
            ),
            None => (Chance::from_seed(seed), None, None, Vec::new()),
        };
        let mut position = Position {
            state: setup.state,
            chance,
            follow_ups,
            players,
            settings,
            played: Played::default(),
            last_played: "setup",
            ready: Ready::default(),
            recall: match recall {
                _ if !G::RECALLS => Recall::Untracked,
                Some(seen) => Recall::restored(seen),
                None => Recall::tracked(players),
            },
            stack: Vec::new(),
            flow: FlowDriver {
                declared: !flow.is_by_hand(),
                moves: !flow.is_by_hand(),
                timed: flow.timed || settings.move_clock.is_some(),
                fixes: !flow.fix_ups.is_empty(),
                compiled: flow,
                at: flow_at,
                error: None,
                interrupt: None,
            },
            clock: millis(clock),
            asked: None,
            suspended,
            move_clock: settings.move_clock.map(|limit| {
                Box::new(clock::MoveClock::new(
                    millis(limit),
                    players,
                    move_deadlines,
                ))
            }),
            timer_armed_at: 0,
        };
        let header = RecordHeader::opened(RecordKind::Setup, None);
        position.resolve_record(header, setup.moves, recorder);
        if restored {
            // The timer of a saved game runs on from where it stood.
            position.timer_armed_at = position.played.records;
        }
        // Room for a record's pending moves, made once here: the moves of a game then
        // never grow the stack from nothing (a move allocates nothing, issue 30).
        position.stack.reserve(PENDING_ROOM);
        position
            .settle(recorder)
            .map_err(|Endless(unsettled)| match *unsettled {
                Unsettled::Forced { action, records } => {
                    SetupError::ForcedWithoutEnd { action, records }
                }
                Unsettled::Flow(error) => SetupError::Flow(error),
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

    /// What `viewer` sees laid out as pieces: [`Game::scene`](crate::Game::scene) of their
    /// view, for a table of [`players`](Self::players) seats.
    pub fn scene(&self, viewer: Viewer) -> crate::seen::scene::Scene {
        self.view(viewer).scene(
            viewer,
            crate::pieces::player::Seats::checked(self.players()),
        )
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
    pub fn settings(&self) -> PositionSettings {
        self.settings
    }

    /// Replaces the settings: for a table rebuilt from its log, which replays with the
    /// log's own.
    pub(crate) fn set_settings(&mut self, settings: PositionSettings) {
        self.settings = settings;
    }

    /// How many records and moves this game has applied so far.
    pub fn played(&self) -> Played {
        self.played
    }

    /// Where the game's flow stands ([`Game::flow`]): empty for a flow written by hand.
    pub fn flow_position(&self) -> &FlowPosition {
        &self.flow.at
    }

    /// The game's flow, as [`Game::flow`] declared it.
    pub fn flow(&self) -> &Flow<G> {
        &self.flow.compiled
    }

    /// Where the flow stands, as the rules read it: its phase, step, turn and rounds
    /// ([`Progress`]); nowhere for a flow written by hand.
    pub fn progress(&self) -> Progress<'_> {
        self.flow.progress()
    }

    /// The phase the game is in, by the name its flow gives it; `None` outside any phase
    /// and for a flow written by hand.
    pub fn phase(&self) -> Option<&'static str> {
        self.flow.at.phase(&self.flow.compiled)
    }

    /// The game's clock: the time since the game began, as last given to
    /// [`advance_clock`](Self::advance_clock) (zero until then).
    pub fn clock(&self) -> Duration {
        Duration::from_millis(self.clock)
    }

    /// When the next timer fires, on the game's clock: the running timer of the step where
    /// players act ([`Step::timer`](crate::rules::flow::Step::timer)) or the first clock per move
    /// to run out ([`PositionSettings::move_clock`]); `None` when none runs.
    pub fn deadline(&self) -> Option<Duration> {
        let step = self.flow.at.deadline();
        let moves = self
            .move_clock
            .as_ref()
            .and_then(|clock| clock.next_deadline())
            .map(Duration::from_millis);
        match (step, moves) {
            (Some(step), Some(moves)) => Some(step.min(moves)),
            (step, moves) => step.or(moves),
        }
    }

    /// When `player`'s clock per move runs out, on the game's clock
    /// ([`PositionSettings::move_clock`]); `None` without a clock or while they are not to
    /// act.
    pub fn move_deadline(&self, player: PlayerIndex) -> Option<Duration> {
        self.move_clock
            .as_ref()
            .and_then(|clock| clock.deadline(player))
            .map(Duration::from_millis)
    }

    /// Whose turn it is by the game's flow (the innermost
    /// [`each_player`](crate::rules::flow::Step::each_player) loop's player); `None` outside any
    /// turn and for a flow written by hand.
    pub fn turn(&self) -> Option<PlayerIndex> {
        self.flow.at.turn()
    }

    /// The follow-ups waiting to be taken, the next first.
    pub fn follow_ups(&self) -> &[FollowUp<G>] {
        &self.follow_ups
    }

    /// How many draws of chance the position has made since its seed (its setup's
    /// included): whether a game drew chance at all, for a client that must say so
    /// (OpenSpiel's chance mode).
    #[must_use]
    pub fn chance_draws(&self) -> u64 {
        self.chance.draws()
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
            flow: FlowDriver {
                compiled: Arc::clone(&self.flow.compiled),
                declared: self.flow.declared,
                moves: self.flow.declared,
                timed: self.flow.timed,
                fixes: self.flow.fixes,
                at: self.flow.at.clone(),
                error: None,
                interrupt: None,
            },
            clock: self.clock,
            asked: None,
            suspended: self.suspended.clone(),
            move_clock: None,
            timer_armed_at: self.timer_armed_at,
        };
        seat.refresh();
        seat
    }
}

/// Where a game starting from a saved position resumes: its flow's position (`None`: from
/// the flow's first step) and its clock; for a snapshot, what else it carried on with.
pub(crate) struct Resume<G: Game> {
    pub(crate) flow: Option<FlowPosition>,
    pub(crate) clock: Duration,
    /// A snapshot's own ([`Engine::snapshot`](crate::Engine::snapshot)); `None` for a new
    /// game or a start the author built.
    pub(crate) snapshot: Option<Carried<G>>,
}

impl<G: Game> Default for Resume<G> {
    fn default() -> Self {
        Resume {
            flow: None,
            clock: Duration::ZERO,
            snapshot: None,
        }
    }
}

/// What a snapshot carries on with beyond its state and flow: chance mid-stream, what each
/// seat saw, each seat's deadline.
pub(crate) struct Carried<G: Game> {
    pub(crate) chance: Chance,
    pub(crate) recall: Option<Vec<Vec<G::Move>>>,
    pub(crate) move_deadlines: Option<Vec<Option<u64>>>,
    pub(crate) suspended: Vec<WaitingResolution<G::Move>>,
}

impl<G: Game> Position<G> {
    /// What a snapshot of this position carries beyond its state, flow and clock.
    pub(crate) fn carried(&self) -> Carried<G> {
        Carried {
            chance: self.chance.clone(),
            recall: self.recall.to_vecs(),
            move_deadlines: self
                .move_clock
                .as_ref()
                .map(|clock| clock.deadlines().to_vec()),
            suspended: self.suspended.clone(),
        }
    }

    /// The resolutions waiting for a decision, the innermost last: the moves a move's
    /// decision ([`crate::MoveContext::ask`]) left pending.
    pub fn suspended(&self) -> &[WaitingResolution<G::Move>] {
        &self.suspended
    }
}

/// `duration` in whole milliseconds, the unit of the game's clock (saturating).
pub(crate) fn millis(duration: Duration) -> u64 {
    u64::try_from(duration.as_millis()).unwrap_or(u64::MAX)
}

/// The actions a player may take now: few, so kept inline.
type Candidates<T> = SmallVec<[T; 4]>;

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
                .determinize_recalled(player, &seen, &mut self.chance)
        } else {
            self.state.determinize(player, &mut self.chance)
        };
        self.refresh();
    }
}
