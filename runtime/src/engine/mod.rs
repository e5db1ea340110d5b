//! The logged table: one game played from its setup on a [`Position`], keeping every
//! record it plays: the log, undo and take-back, replay, seals, and what each player
//! recalls.

use std::sync::Arc;
use std::time::Duration;

use serde_json::Value;

use crate::error::{ClockError, Refusal, Refused, SubmitError, UndoError};
use crate::pieces::outcome::Outcome;
use crate::pieces::player::PlayerIndex;
use crate::position::Start;
use crate::position::{Carried, Position, PositionSettings, Recorder, Resume, millis};
use crate::position::{RecordHeader, RecordKind};
use crate::records::log::{GameLog, LogStart, Record, RecordMoves, StoredRecord};
use crate::rules::flow::FlowEvent;
use crate::rules::game::{Game, Setup, SetupError};
use crate::seen::submission::Submission;
use checkpoint::{Checkpoint, Mark};

mod checkpoint;
mod journal;
mod replay;
mod seal;
mod undo;

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
    /// The log is of a later form than this runtime reads ([`GameLog::format`]).
    #[error("the log is of form {found}; this runtime reads forms up to {supported}")]
    Format {
        /// The log's form.
        found: u32,
        /// The latest form this runtime reads ([`LOG_FORMAT`](crate::LOG_FORMAT)).
        supported: u32,
    },
    /// The log was played under another version of the game's rules
    /// ([`Game::RULES_VERSION`]): its records may not come out the same.
    #[error(
        "the log was played under version {log} of the rules of `{game}`, which are now at version {current}"
    )]
    Rules {
        /// The game.
        game: &'static str,
        /// The version the log was played under.
        log: u32,
        /// The game's version now.
        current: u32,
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
    /// The log moves the clock in a way the game refuses (back in time, or a timer
    /// whose consequences never end).
    #[error("record {index} moves the clock: {error}")]
    Clock {
        /// The record's index in the log.
        index: usize,
        /// Why.
        error: ClockError,
    },
    /// A record came out differently.
    #[error("record {index} does not reproduce: {reason}")]
    Diverged {
        /// The record's index in the log.
        index: usize,
        /// What differs.
        reason: String,
    },
    /// An undo of the log was refused.
    #[error("record {index}, an undo, was refused: {error}")]
    Undo {
        /// The record's index in the log.
        index: usize,
        /// Why.
        error: UndoError,
    },
    /// The log is not JSON of a game log.
    #[error("malformed log: {0}")]
    Malformed(String),
    /// The log has no [`LogSeal`](crate::LogSeal) and one was required
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
        describe_outcome(.found.as_deref()),
        describe_outcome(.sealed.as_deref())
    )]
    SealOutcome {
        /// The outcome the seal says (boxed: a rare error keeps every replay's `Result`
        /// small).
        sealed: Option<Box<Outcome>>,
        /// The replayed game's.
        found: Option<Box<Outcome>>,
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
        Some(outcome) => format!(
            "over with places {:?} and scores {:?}",
            outcome.places(),
            outcome.scores()
        ),
    }
}

/// One game at a table: a [`Position`] played from its setup, and every record it played,
/// typed. What a server, a terminal or a test embeds; agents and simulations play a
/// bare [`Position`] instead.
///
/// Every change goes through [`submit`](Self::submit) (or its other forms) and
/// [`undo`](Self::undo); a refused call leaves everything exactly as it was. The engine
/// answers what only it knows: the log and records, undo and take-back, replay and
/// seals, the clock. Whatever reads the game as it stands (the state, views, scenes,
/// prompts, completions, status) is asked of the position:
/// `engine.position().prompt(player)`. The forwarders of 0.2 (`engine.prompt(player)`)
/// stay, deprecated, for one release.
#[derive(Clone, Debug)]
pub struct Engine<G: Game> {
    position: Position<G>,
    /// The seed of the game's chance.
    seed: u64,
    /// The config the game was set up with.
    config: G::Config,
    /// The state [`Game::setup`] gave, before its setup moves, or the state the game was
    /// started from ([`from_start`](Self::from_start)): where the records are followed
    /// from to write them ([`log`](Self::log)).
    initial: Arc<G>,
    /// The follow-ups pending at the start and where the flow stood, for a game started
    /// from a state the author built; `None` for a game set up by [`Game::setup`].
    /// What the log's [`LogStart`] says beside the state (kept without it: written from
    /// `initial` when a log is).
    started: Option<Box<LogStart<G>>>,
    history: History<G>,
    /// A copy of the position every few submissions, and where the records stood then:
    /// what a refusal after the fact and an undo put the game back from, playing again
    /// the records since ([`checkpoint`]). Boxed: it is copied into, never moved.
    checkpoint: Box<Checkpoint<G>>,
}

/// What a table keeps of what its position played: every record, typed. The position
/// hands it each move and each record as they are played ([`Recorder`]).
#[derive(Clone, Debug)]
struct History<G: Game> {
    /// The action records, typed, the setup first.
    records: Vec<Record<G>>,
    /// The moves of the record being played, which it takes when it closes.
    moves: RecordMoves<G::Move>,
    /// The game's clock, in milliseconds, written in each record made
    /// ([`Record::clock`]): kept equal to the position's by the table.
    clock: u64,
    /// Every record made and every undo, in order, once something was undone (`None`
    /// until then: `records` is the whole story). What [`Engine::log`] writes, so that a
    /// log is only ever appended to.
    journal: Option<Vec<Entry<G>>>,
}

/// A line of the journal of a game that undid something.
#[derive(Clone, Debug)]
enum Entry<G: Game> {
    /// A record, standing or cancelled since.
    Record(Record<G>),
    /// An undo.
    Undo(Undone),
}

/// What an undo cancelled, as its record says it ([`RecordKind::Undo`]).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Undone {
    /// Who undid.
    player: PlayerIndex,
    /// Whether it was a take-back ([`Engine::take_back`]) rather than an undo.
    take_back: bool,
    /// The positions of the records cancelled among those standing before it.
    cancels: Vec<usize>,
    /// The clock when it was made, in milliseconds.
    clock: u64,
}

impl Undone {
    /// The record of this undo as a log holds it.
    fn write<M>(&self) -> StoredRecord<M> {
        StoredRecord {
            player: Some(self.player),
            action: std::borrow::Cow::Borrowed(if self.take_back { "take_back" } else { "undo" }),
            kind: RecordKind::Undo,
            selections: serde_json::Map::new(),
            args: None,
            messages: Vec::new(),
            moves: Vec::new(),
            drew_chance: false,
            event: None,
            clock: self.clock,
            cancels: self.cancels.clone(),
        }
    }
}

impl<G: Game> History<G> {
    /// Appends the last record made to the journal, when one is kept.
    fn journal_last(&mut self) {
        if let (Some(journal), Some(record)) = (&mut self.journal, self.records.last()) {
            journal.push(Entry::Record(record.clone()));
        }
    }

    /// An empty history.
    fn new() -> Self {
        History {
            // A game of cards runs to hundreds of records: start past the first doublings
            // of the list.
            records: Vec::with_capacity(LOG_CAPACITY),
            moves: RecordMoves::new(),
            clock: 0,
            journal: None,
        }
    }
}

impl<G: Game> Recorder<G> for History<G> {
    fn applied(&mut self, _after: &G, moved: G::Move) {
        self.moves.push(moved);
    }

    fn record(&mut self, header: RecordHeader<G>) {
        let moves = std::mem::take(&mut self.moves);
        self.records.push(Record {
            clock: self.clock,
            ..header.with_moves(moves)
        });
        if self.journal.is_some() {
            self.journal_last();
        }
    }

    fn flow_event(&mut self, event: FlowEvent) {
        // Every field written once, in place: half a deal's records are the flow's.
        self.records.push(Record {
            player: None,
            kind: RecordKind::Flow,
            action: None,
            follow_up: false,
            moves: RecordMoves::new(),
            drew_chance: false,
            event: Some(event),
            clock: self.clock,
        });
        if self.journal.is_some() {
            self.journal_last();
        }
    }

    fn mark_last(&mut self, event: FlowEvent) {
        if let Some(record) = self.records.last_mut() {
            record.event = Some(event.clone());
        }
        if let Some(Entry::Record(record)) =
            self.journal.as_mut().and_then(|journal| journal.last_mut())
        {
            record.event = Some(event);
        }
    }
}

/// The record of `records` at `index`, or for a record of the flow (the moves of a step
/// the engine played after an action: Blackjack's dealer after the last stand), the action
/// it followed: what a refused undo names as the cause.
fn action_behind<G: Game>(records: &[Record<G>], index: usize) -> Option<&Record<G>> {
    let upto = records.get(..=index).unwrap_or(records);
    upto.iter()
        .rev()
        .find(|record| record.kind != RecordKind::Flow)
        .or_else(|| upto.last())
}

/// The records a new game's log has room for before it grows: a deal of Hearts on its
/// flow makes about 185 (each play ends a turn and begins the next), and growing the list
/// past 64 and 128 copied it twice a deal, a sixth of a logged deal's instructions
/// (`docs/PERFORMANCE.md`). Some 70 KB for Hearts' records, which a whole game outgrows.
const LOG_CAPACITY: usize = 256;

impl<G: Game> Engine<G> {
    /// Sets up a game of `players` seats from `config`, with chance seeded by `seed`, and
    /// plays any forced completions that follow, keeping every record.
    ///
    /// # Errors
    /// [`SetupError::PlayerCount`] when `players` is outside [`Game::PLAYERS`];
    /// [`SetupError::Config`] from [`Game::validate_config`];
    /// the game's own [`SetupError`] from [`Game::setup`];
    /// [`SetupError::ForcedWithoutEnd`] when the records that follow the setup are played
    /// for the players [`FORCED_LIMIT`](crate::testing::FORCED_LIMIT) times in a row.
    pub fn new(config: G::Config, players: usize, seed: u64) -> Result<Self, SetupError> {
        Self::with_settings(config, players, seed, PositionSettings::default())
    }

    /// As [`new`](Self::new), with explicit [`PositionSettings`].
    ///
    /// # Errors
    /// As [`new`](Self::new).
    pub fn with_settings(
        config: G::Config,
        players: usize,
        seed: u64,
        settings: PositionSettings,
    ) -> Result<Self, SetupError> {
        let setup = Setup::<G>::for_table(&config, players)?;
        let initial = Arc::new(setup.state.clone());
        let mut history = History::new();
        let position = Position::start(
            setup,
            Resume::default(),
            Vec::new(),
            players,
            seed,
            settings,
            &mut history,
        )?;
        Ok(Engine {
            checkpoint: Checkpoint::new(&position, history.records.len()),
            position,
            seed,
            config,
            initial,
            started: None,
            history,
        })
    }

    /// Starts a logged game from a state the author built ([`Start`]): checked as
    /// [`Position::from_start`] checks it, then played on as after a setup (forced
    /// completions, passes, unless `start.settings` says otherwise), keeping every record.
    /// The log's first record is a setup without moves, and the log carries the starting
    /// state and follow-ups, so it replays ([`replay`](Self::replay)) as any other, for a
    /// state that derives serde's `Deserialize`.
    ///
    /// The crate docs' *Testing rules* shows one in a test.
    ///
    /// # Errors
    /// [`SetupError::PlayerCount`], [`SetupError::Config`] or [`SetupError::State`] when
    /// the start is refused; [`SetupError::ForcedWithoutEnd`] as [`new`](Self::new).
    pub fn from_start(start: Start<G>) -> Result<Self, SetupError> {
        Self::resume(start, None)
    }

    /// [`from_start`](Self::from_start), carrying on with a snapshot's chance, recall and
    /// deadlines when `carried` has them.
    fn resume(start: Start<G>, carried: Option<Carried<G>>) -> Result<Self, SetupError> {
        start.check()?;
        let initial = Arc::new(start.state.clone());
        let started = Box::new(LogStart {
            state: Value::Null,
            follow_ups: start.follow_ups.clone(),
            flow: start.flow.clone(),
            clock: millis(start.clock),
            chance: carried.as_ref().map(|carried| carried.chance.clone()),
            recall: carried.as_ref().and_then(|carried| carried.recall.clone()),
            move_deadlines: carried
                .as_ref()
                .and_then(|carried| carried.move_deadlines.clone()),
            suspended: carried
                .as_ref()
                .map(|carried| carried.suspended.clone())
                .unwrap_or_default(),
        });
        let mut history = History::new();
        history.clock = millis(start.clock);
        let setup = Setup {
            state: start.state,
            moves: Vec::new(),
        };
        let position = Position::start(
            setup,
            Resume {
                flow: start.flow,
                clock: start.clock,
                snapshot: carried,
            },
            start.follow_ups,
            start.players,
            start.seed,
            start.settings,
            &mut history,
        )?;
        Ok(Engine {
            checkpoint: Checkpoint::new(&position, history.records.len()),
            position,
            seed: start.seed,
            config: start.config,
            initial,
            started: Some(started),
            history,
        })
    }

    /// A snapshot of the game as it stands: a log that starts here and holds no action
    /// yet. Its [`LogStart`] has the state, the follow-ups pending, where the flow stands,
    /// the clock, and what a game started by its author lacks: chance where it stood
    /// (not seeded afresh), what each seat saw (a game that
    /// [`RECALLS`](Game::RECALLS)), each seat's clock per move. Restoring it
    /// ([`restore`](Self::restore), [`replay`](Self::replay)), then the lines this game
    /// logs from now on ([`play_line`](Self::play_line)), gives the game this one becomes,
    /// draw for draw and deadline for deadline: what a server restores a long match from
    /// instead of replaying it from its first record. The history before the snapshot is
    /// not in it: an undo cannot reach past it, and records are counted from it (its own
    /// first record, the start).
    ///
    /// # Errors
    /// [`SetupError`] when the game as it stands does not pass the checks of
    /// [`from_start`](Self::from_start) (a state the game's own checks refuse), which a
    /// game played by its rules never meets.
    pub fn snapshot(&self) -> Result<GameLog<G>, SetupError> {
        let start = Start {
            state: self.position.state().clone(),
            players: self.position().players(),
            config: self.config.clone(),
            seed: self.seed,
            follow_ups: self.position.follow_ups().to_vec(),
            settings: self.position.settings(),
            flow: Some(self.position.flow_position().clone()),
            clock: self.clock(),
        };
        Ok(Self::resume(start, Some(self.position.carried()))?.log())
    }

    /// The game as it stands, without its history: everything that reads it (prompts,
    /// completions, status, the state) and the stages of a submission
    /// ([`Position::decode`], [`Position::admit`]).
    pub fn position(&self) -> &Position<G> {
        &self.position
    }

    /// The game as `player` may know it, for an agent to look ahead in
    /// ([`Position::for_agent`]). Submitting to it changes nothing here.
    #[must_use]
    pub fn for_agent(&self, player: PlayerIndex, seed: u64) -> Position<G> {
        self.position.for_agent(player, seed)
    }

    /// Submits the completion of `player` at position `index` (from 0) in
    /// [`for_each_completion`](Self::for_each_completion)'s order, as
    /// [`Position::submit_nth`] does, and returns its record.
    ///
    /// # Errors
    /// As [`Position::submit_nth`]; for [`Refusal::ForcedWithoutEnd`], the game and its
    /// log are put back exactly as they were before the action.
    ///
    /// # Panics
    /// As [`submit`](Self::submit).
    pub fn submit_nth(&mut self, player: PlayerIndex, index: u64) -> Result<&Record<G>, Refusal> {
        let action = self.position.decode_nth(player, index)?;
        let index = self.apply(player, action).map_err(|(error, _)| error)?;
        Ok(&self.history.records[index])
    }

    /// Parses `json` as a [`Submission`] and submits it.
    ///
    /// # Errors
    /// [`DecodeError::MalformedJson`](crate::DecodeError::MalformedJson), or any error of
    /// [`submit_submission`](Self::submit_submission).
    pub fn submit_json(
        &mut self,
        player: PlayerIndex,
        json: &str,
    ) -> Result<&Record<G>, SubmitError> {
        let submission = Submission::from_json(json)?;
        self.submit_submission(player, &submission)
    }

    /// Submits an action given by name and selection values (the wire form): it is
    /// [`decode`](Position::decode)d, [`admit`](Position::admit)ted, applied and recorded.
    /// Returns its record.
    ///
    /// # Errors
    /// Any error of [`Position::decode`] or of [`submit`](Self::submit).
    ///
    /// # Panics
    /// As [`submit`](Self::submit).
    pub fn submit_submission(
        &mut self,
        player: PlayerIndex,
        submission: &Submission,
    ) -> Result<&Record<G>, SubmitError> {
        let action = self.position.decode_admitted(player, submission)?;
        let index = self
            .apply(player, action)
            .map_err(|(error, _)| SubmitError::from(error))?;
        Ok(&self.history.records[index])
    }

    /// Checks `action` for `player` ([`Position::admit`]) and, if it is allowed, applies
    /// its moves and their consequences, appends its action record to the log and plays
    /// the forced completions that follow. Returns the action's record.
    ///
    /// # Errors
    /// [`Refused`], handing `action` back, with any error of [`Position::admit`] (the
    /// state and the log are then untouched), or with [`Refusal::ForcedWithoutEnd`]
    /// when what follows is played for the players [`PositionSettings::forced_limit`] times
    /// in a row (the game and its log are then put back exactly as they were before the
    /// action, from the last checkpoint and the records since it).
    ///
    /// # Panics
    /// When a submission is refused after the fact and the records since the last
    /// checkpoint, played again to put the game back, come out otherwise: the game's rules
    /// read something besides their moves' data, the state and chance, and its log would
    /// not replay either.
    pub fn submit(
        &mut self,
        player: PlayerIndex,
        action: G::Actions,
    ) -> Result<&Record<G>, Refused<G::Actions>> {
        if let Err(error) = self.position.admit(player, &action) {
            return Err(Refused { action, error });
        }
        match self.apply(player, action) {
            Ok(index) => Ok(&self.history.records[index]),
            Err((error, Some(action))) => Err(Refused { action, error }),
            Err((_, None)) => unreachable!("an action's own record is the first it closes"),
        }
    }

    /// Applies an admitted action and what follows it, recording each; returns the index
    /// of its record.
    ///
    /// # Errors
    /// [`Refusal::ForcedWithoutEnd`], with the action taken back from its record: the
    /// game and its log are put back exactly as they were before it.
    fn apply(
        &mut self,
        player: PlayerIndex,
        action: G::Actions,
    ) -> Result<usize, (Refusal, Option<G::Actions>)> {
        let index = self.history.records.len();
        let mark = self.mark();
        self.checkpoint.before_submission(&self.position, index);
        self.position.note_acted(player);
        if let Err(endless) = self.position.apply(player, action, &mut self.history) {
            let action = self
                .history
                .records
                .get_mut(index)
                .and_then(|record| record.action.take());
            self.roll_back(mark);
            return Err((endless.into_error(), action));
        }
        Ok(index)
    }

    /// Where the game stands now, for [`roll_back`](Self::roll_back): where the history
    /// ends and the clocks. Taken before every submission and clock move, since whether
    /// what follows never ends is known only once it was played.
    fn mark(&self) -> Mark {
        Mark {
            records: self.history.records.len(),
            journal: self.history.journal.as_ref().map(Vec::len),
            history_clock: self.history.clock,
            position_clock: self.position.clock_millis(),
        }
    }

    /// Puts the game back exactly as it was when `mark` was taken, from the
    /// [`checkpoint`](Self::checkpoint) and the records played since it: a refusal
    /// changes nothing, the log (its journal of undos included) no more than the state.
    ///
    /// # Panics
    /// When the records since the checkpoint come out otherwise when played again
    /// ([`checkpoint::play_again`]): the game's rules are then not deterministic given
    /// chance, which its log's replay would find too.
    fn roll_back(&mut self, mark: Mark) {
        self.history.records.truncate(mark.records);
        if let (Some(journal), Some(length)) = (self.history.journal.as_mut(), mark.journal) {
            journal.truncate(length);
        }
        self.history.moves.clear();
        self.history.clock = mark.history_clock;
        self.position.clone_from(&self.checkpoint.position);
        let since = &self.history.records[self.checkpoint.records..];
        if let Err(reason) =
            checkpoint::play_again(&mut self.position, since, self.checkpoint.records)
        {
            panic!(
                "`{}` is not deterministic given chance: the records since the last checkpoint \
                 were played again to put back a refused submission, and {reason}",
                G::NAME
            );
        }
        self.position.set_clock(mark.position_clock);
    }

    /// Moves the game's clock on to `now`, the time since the game began, firing the
    /// timer of the step where players act if its deadline has come
    /// ([`Step::timer`](crate::rules::flow::Step::timer)): a record of kind
    /// [`RecordKind::Timer`] with the timer's moves, then whatever follows them, as after
    /// a submission; and playing the timeout move of each seat whose clock per move ran
    /// out ([`PositionSettings::move_clock`], a record of kind [`RecordKind::Timeout`]).
    /// Returns how many timers and timeouts fired. Every record carries the clock it was
    /// made at ([`Record::clock`]), so a [`replay`](Self::replay) fires each timer where
    /// this game did. The only way time enters the engine: a command line or a server
    /// calls it as its own clock runs.
    ///
    /// # Errors
    /// [`ClockError::Backwards`] when `now` is before [`clock`](Self::clock);
    /// [`ClockError::Unsettled`] when what followed a timer never ends. Either way the
    /// game, its clock and its log are exactly as before.
    ///
    /// # Panics
    /// As [`submit`](Self::submit), when a timer's consequences never end.
    pub fn advance_clock(&mut self, now: Duration) -> Result<usize, ClockError> {
        if millis(now) < self.position.clock_millis() {
            return Err(ClockError::Backwards {
                clock: self.clock(),
                now,
            });
        }
        if self
            .position
            .deadline()
            .is_none_or(|deadline| now < deadline)
        {
            // Nothing fires: only the clock moves (a server's every submission).
            self.history.clock = millis(now).max(self.history.clock);
            return self.position.advance_clock_recorded(now, &mut self.history);
        }
        let mark = self.mark();
        self.history.clock = millis(now).max(mark.history_clock);
        match self.position.advance_clock_recorded(now, &mut self.history) {
            Ok(fired) => Ok(fired),
            Err(error) => {
                self.roll_back(mark);
                Err(error)
            }
        }
    }

    /// The game's clock: the time since the game began, as last given to
    /// [`advance_clock`](Self::advance_clock).
    pub fn clock(&self) -> Duration {
        self.position.clock()
    }

    /// When the running timer fires, on the game's clock; `None` when no timer runs
    /// ([`Position::deadline`]).
    pub fn deadline(&self) -> Option<Duration> {
        self.position.deadline()
    }

    /// When `player`'s clock per move runs out ([`Position::move_deadline`]).
    pub fn move_deadline(&self, player: PlayerIndex) -> Option<Duration> {
        self.position.move_deadline(player)
    }
}
