//! One match's game, its type erased: what the server asks of any meeple game (submit,
//! views, prompts, records as each viewer sees them, bots, the clock), in JSON.

use std::any::Any;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use meeple::{
    Agent, Budget, Engine, Game, GameLog, PlayerIndex, RandomAgent, RecordFollower, RecordKind,
    SearchAgent, Seats, Status, StoredRecord, Submission, Viewer,
};
use serde::Serialize;
use serde_json::Value;

use crate::protocol::{Acting, Json, WireError};
use crate::store::{Line, StoredSnapshot, pack_line, read_line};

/// A record appended to a match, written once for the store and once for each viewer.
#[derive(Clone, Debug)]
pub struct NewRecord {
    /// The record as the log holds it ([`meeple::StoredRecord`]), in MessagePack: the line
    /// stored ([`Line`]).
    pub stored: Line,
    /// The record as each seat sees it, seat 0 first, then as an observer sees it
    /// ([`meeple::ViewedRecord`]), JSON.
    pub viewed: Vec<Json>,
    /// Each viewer's scenes at the record's beats ([`meeple::Game::is_beat`]), in the
    /// order of `viewed`: only for the viewers a connection that draws pieces watches as.
    pub beats: Vec<Vec<Json>>,
}

/// An undo, for the store and the viewers.
#[derive(Clone, Debug)]
pub struct Undone {
    /// The undo as the log holds it ([`meeple::RecordKind::Undo`]), JSON: the row stored.
    pub stored: Line,
    /// The positions of the records it cancelled, among those standing before it.
    pub cancels: Vec<usize>,
    /// The line of the match's last snapshot when the undo took back records before it:
    /// the snapshot is cancelled ([`Appended::cancels_snapshot`](crate::Appended)).
    pub cancels_snapshot: Option<usize>,
}

/// What a table heard of in [`Table::catch_up`], for its viewers.
#[derive(Clone, Debug)]
pub enum CaughtUp {
    /// Records appended.
    Records {
        /// The records, in order.
        new: Vec<NewRecord>,
        /// The lines of the log after them.
        logged: usize,
    },
    /// `seat` took back the records at `cancels`.
    Undone {
        /// Who took them back.
        seat: PlayerIndex,
        /// The positions of the records cancelled.
        cancels: Vec<usize>,
        /// The lines of the log after the undo.
        logged: usize,
    },
}

/// What a match is set up from, as the store keeps it.
#[derive(Clone, Debug, PartialEq)]
pub struct Setup {
    /// The game's config, JSON ([`Game::Config`]).
    pub config: Value,
    /// The number of seats.
    pub players: usize,
    /// The seed of the game's chance: never sent to anyone.
    pub seed: u64,
    /// Each seat's time for a move ([`meeple::PositionSettings::move_clock`]).
    pub move_clock: Option<Duration>,
}

/// A bot's choice, made off the async runtime, handed back to the table that asked for it.
pub struct BotChoice {
    /// The record count the bot chose at: refused if the match moved on since.
    pub at: usize,
    /// The seat.
    pub seat: PlayerIndex,
    /// The game's action, typed; `None` when the agent found nothing to do.
    action: Option<Box<dyn Any + Send>>,
}

/// The agents a bot seat may be played by, as the lobby names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AgentKind {
    /// Uniformly random completions ([`RandomAgent`]).
    Random,
    /// Monte Carlo tree search on the determinized state ([`SearchAgent::uct`]).
    Uct,
    /// Information-set Monte Carlo tree search ([`SearchAgent::ismcts`]).
    Ismcts,
}

impl AgentKind {
    /// The agent's name, as the lobby takes it (`"random"`, `"uct"`, `"ismcts"`).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            AgentKind::Random => "random",
            AgentKind::Uct => "uct",
            AgentKind::Ismcts => "ismcts",
        }
    }
}

/// The iterations a search bot spends on one decision: a few milliseconds a move on this
/// server's machine, so that a table of bots plays at a person's pace without taking a
/// core for itself.
const BOT_ITERATIONS: u32 = 200;

/// What the server asks of a game, written once: its rules and search (for bots), with
/// everything a match keeps sendable between the tasks that drive it (the state, its moves,
/// actions and their arguments, its config). Every such game is one: nothing to implement.
pub trait ServerGame:
    Game<
        Actions: PartialEq + Send + Sync + meeple::ActionSet<Args: Send + Sync>,
        Move: Send + Sync,
        Config: Send + Sync,
    > + meeple::Search
    + Send
    + Sync
{
}

impl<G> ServerGame for G where
    G: Game<
            Actions: PartialEq + Send + Sync + meeple::ActionSet<Args: Send + Sync>,
            Move: Send + Sync,
            Config: Send + Sync,
        > + meeple::Search
        + Send
        + Sync
{
}

/// One match's game with its type erased; implemented by [`Live`] for every game.
pub trait Table: Send {
    /// The number of seats.
    fn players(&self) -> usize;
    /// The number of records so far: what a submission says it acted on.
    fn records(&self) -> usize;
    /// The lines of the match's log written so far: what the store holds, numbered from 0
    /// (records, and undos with the records they cancelled).
    fn logged(&self) -> usize;
    /// `seat` takes back its last action ([`Engine::undo`]), or with `take_back` its last
    /// action and what depended on it ([`Engine::take_back`]). Returns the undo's line
    /// for the store and the positions of the records it cancelled.
    ///
    /// # Errors
    /// [`WireError::Undo`], the engine's refusal, with the match unchanged.
    fn undo(&mut self, seat: PlayerIndex, take_back: bool) -> Result<Undone, WireError>;
    /// Plays the lines of the match's log that another process stored, each as the log
    /// holds it, from line [`logged`](Self::logged) on: each submission, timer and undo
    /// played as it was, the records that follow from them checked against the lines
    /// stored. Returns what the viewers are to hear, in order.
    ///
    /// # Errors
    /// A line cannot be read, the game refuses one, or it plays otherwise than stored:
    /// the table is then behind or apart from the store, and is to be loaded again.
    /// `snapshots` are the lines where the writer took its snapshots among them
    /// ([`Store::lines_since`](crate::Store::lines_since)): the table takes its own at the
    /// same lines and rebases as the writer did, so that it stands where the writer's
    /// table does (an undo names what it cancels from where that table starts).
    fn catch_up(&mut self, lines: &[Line], snapshots: &[usize]) -> Result<Vec<CaughtUp>, String>;
    /// A snapshot of the match as it stands after its last line, for the store, when
    /// [`SNAPSHOT_EVERY`] lines or more were logged since the last one. `None` when none is
    /// due (or the game's own checks refuse its state, which a game played by its rules
    /// never meets).
    fn snapshot(&mut self) -> Option<StoredSnapshot>;
    /// Once the store holds the snapshot [`snapshot`](Self::snapshot) last made: rebases
    /// the table's engine on the snapshot before it, keeping the lines since (so that an
    /// undo or a take-back still reaches [`SNAPSHOT_EVERY`] lines back), and keeps the new
    /// one for the next rebase. A no-op without a new snapshot, or when lines were logged
    /// since it was made.
    fn rebase(&mut self);
    /// The records appended since they were last taken (by this or by a submission), written
    /// for the store and each viewer: a new table's setup, a restored one's timers.
    fn take_new(&mut self) -> Vec<NewRecord>;
    /// Submits `submission` for `seat`, which acted on the record count `at`. Returns the
    /// records it appended, in order.
    ///
    /// # Errors
    /// [`WireError::Stale`] when `at` is not the record count; the engine's refusal,
    /// with the match unchanged.
    fn submit(
        &mut self,
        seat: PlayerIndex,
        at: usize,
        submission: &Submission,
    ) -> Result<Vec<NewRecord>, WireError>;
    /// Plays a bot's choice. Returns the records it appended.
    ///
    /// # Errors
    /// [`WireError::Stale`] when the match moved on since the bot chose; the engine's
    /// refusal.
    fn play_bot(&mut self, choice: BotChoice) -> Result<Vec<NewRecord>, WireError>;
    /// A job that makes `seat`'s bot choose, to run off the async runtime; `None` when
    /// the seat is not to act.
    fn bot_job(
        &self,
        seat: PlayerIndex,
        agent: AgentKind,
    ) -> Option<Box<dyn FnOnce() -> BotChoice + Send>>;
    /// Moves the match's clock to `now`, firing a due timer. Returns the records appended.
    ///
    /// # Errors
    /// The engine's [`meeple::ClockError`].
    fn advance_clock(&mut self, now: Duration) -> Result<Vec<NewRecord>, WireError>;
    /// When the running timer fires, on the match's clock.
    fn deadline(&self) -> Option<Duration>;
    /// The state as `viewer` sees it, JSON.
    fn view(&self, viewer: Viewer) -> Json;
    /// The state as `viewer` sees it laid out as pieces ([`meeple::Position::scene`]), JSON.
    fn scene(&self, viewer: Viewer) -> Json;
    /// Shares the count of connections that draw pieces, per viewer (seat 0 first, then
    /// observers): the records followed while a viewer's count is above 0 carry its scenes
    /// at their beats ([`NewRecord::beats`]).
    fn draw_for(&mut self, drawers: Arc<[AtomicUsize]>);
    /// `seat`'s prompt, JSON; `None` when the seat has nothing to decide.
    fn prompt(&self, seat: PlayerIndex) -> Option<Json>;
    /// The prompt of `seat`'s action in progress ([`meeple::Position::prompt_submission`]).
    ///
    /// # Errors
    /// The engine's refusal of the choices so far.
    fn prompt_action(&self, seat: PlayerIndex, submission: &Submission) -> Result<Json, WireError>;
    /// The records from `from` on as `viewer` sees them, JSON.
    fn viewed_records(&self, viewer: Viewer, from: usize) -> Vec<Json>;
    /// Who acts now and in which step: public.
    fn acting(&self) -> Acting;
    /// The outcome, JSON, once the match is over.
    fn outcome(&self) -> Option<Value>;
    /// The seats to act now.
    fn to_act(&self) -> Vec<PlayerIndex>;
}

/// How many lines of a match's log come between two of its snapshots. A server stores a
/// snapshot every this many lines (at the first commit past them) and rebases the
/// match's engine on the snapshot before: the engine holds this many to twice this many
/// lines, what bounds a live match's memory and how far an undo or a take-back reaches
/// back; a match is loaded from its second-latest snapshot and the lines after it. Every
/// snapshot is stored: a follower in another process rebases where the writer did.
pub const SNAPSHOT_EVERY: usize = 64;

/// What a stored snapshot holds: the engine's snapshot log and where the match stood.
#[derive(Serialize, serde::Deserialize)]
struct SnapshotBody<L> {
    /// The match's records standing when it was taken: what its first record after it is
    /// numbered from.
    records: usize,
    /// Each seat's last action (submitted or timed out) before it, as a record number:
    /// what a stale submission is told from ([`Live::check_at`]).
    acted: Vec<Option<usize>>,
    /// The engine's snapshot ([`Engine::snapshot`]): a log with a start and one record.
    log: L,
}

/// A match of game `G`: its logged engine and a follower of its records, to write each
/// new record for the store and each viewer once.
///
/// The engine may start at a snapshot ([`SNAPSHOT_EVERY`]): its first record then stands
/// for every record before it, and its records are numbered from `shift` on.
pub struct Live<G: Game> {
    engine: Engine<G>,
    follower: RecordFollower<G>,
    /// The engine's records the follower has followed.
    followed: usize,
    /// The lines of the match's log written to the store: its records, and its undos
    /// with the records they cancelled ([`Engine::log`]).
    logged: usize,
    /// The match's number of the engine's record 0: 0 for an engine from the setup; for
    /// one from a snapshot taken after N records, N - 1 (its record 0 is the snapshot's
    /// start, which stands for them).
    shift: usize,
    /// The lines of the log before the engine's: where its snapshot was taken.
    base_logged: usize,
    /// Each seat's last action before the engine's first record, as a match's record number.
    acted_before: Vec<Option<usize>>,
    /// The lines between two snapshots: [`SNAPSHOT_EVERY`], fewer in tests.
    snapshot_every: usize,
    /// The match's latest snapshot, and the records standing when it was taken: what the
    /// engine rebases on at the next one. `None` once an undo took back records before it.
    latest: Option<(StoredSnapshot, usize)>,
    /// The snapshot [`Table::snapshot`] made and the table rebased on the one before,
    /// until [`Table::rebase`] takes them.
    pending: Option<(StoredSnapshot, Option<Box<Live<G>>>)>,
    viewers: Vec<Viewer>,
    /// The connections that draw pieces, per viewer, shared with the match
    /// ([`Table::draw_for`]); `None` until it is shared.
    drawers: Option<Arc<[AtomicUsize]>>,
}

impl<G: Game> Live<G> {
    /// A new match of `setup`.
    ///
    /// # Errors
    /// The config cannot be read, or the game refuses it or the number of seats.
    pub fn create(setup: &Setup) -> Result<Self, String> {
        let config = read_config::<G>(&setup.config)?;
        let settings = meeple::PositionSettings {
            move_clock: setup.move_clock,
            ..meeple::PositionSettings::default()
        };
        let engine = Engine::<G>::with_settings(config, setup.players, setup.seed, settings)
            .map_err(|error| error.to_string())?;
        Ok(Self::following(engine))
    }

    /// A stored match, restored from its setup, the snapshot its engine is based on
    /// (`base`, the second-latest stored; `None` from the setup) and the lines after it
    /// (each as the log holds it), then every record followed; `latest` is its latest
    /// snapshot, which it rebases on at the next.
    ///
    /// # Errors
    /// The config, a snapshot or a line cannot be read; the lines do not replay
    /// ([`Engine::restore`]).
    pub fn restore(
        setup: &Setup,
        base: Option<&StoredSnapshot>,
        latest: Option<StoredSnapshot>,
        lines: &[Line],
        clock: Duration,
    ) -> Result<Self, String> {
        let lines = lines
            .iter()
            .map(|line| read_line(line))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|error| format!("a stored record: {error}"))?;
        let mut live = match base {
            None => {
                let config = read_config::<G>(&setup.config)?;
                let log = GameLog::<G> {
                    move_clock_ms: setup.move_clock.map(millis),
                    ..GameLog::new(config, setup.players, setup.seed, lines)
                };
                let engine = Engine::<G>::restore(&log).map_err(|error| error.to_string())?;
                let mut live = Self::following(engine);
                // The stored records are not new.
                live.refollow();
                live.logged = log.records.len();
                live
            }
            Some(base) => Self::from_snapshot(base, lines)?,
        };
        live.latest = latest
            .map(|latest| {
                let counted: SnapshotBody<serde::de::IgnoredAny> = read_line(&latest.body)
                    .map_err(|error| format!("the snapshot at line {}: {error}", latest.at))?;
                Ok::<_, String>((latest, counted.records))
            })
            .transpose()?;
        // The time that passed while the match was not loaded: a timer due since fires
        // now, once; its records are new ([`Table::take_new`]).
        if clock > live.engine.clock() {
            live.engine
                .advance_clock(clock)
                .map_err(|error| error.to_string())?;
        }
        Ok(live)
    }

    /// The match played from `snapshot` and the `lines` after it, every record followed.
    fn from_snapshot(
        snapshot: &StoredSnapshot,
        lines: Vec<StoredRecord<G::Move>>,
    ) -> Result<Self, String> {
        let body: SnapshotBody<GameLog<G>> = read_line(&snapshot.body)
            .map_err(|error| format!("the snapshot at line {}: {error}", snapshot.at))?;
        let mut log = body.log;
        let after = lines.len();
        let shift = body.records.saturating_sub(1);
        log.records
            .extend(lines.into_iter().map(|line| numbered_from(line, shift)));
        let engine = Engine::<G>::restore(&log).map_err(|error| error.to_string())?;
        let mut live = Self::following(engine);
        live.shift = shift;
        live.acted_before = body.acted;
        live.base_logged = snapshot.at;
        // The stored records are not new.
        live.refollow();
        live.logged = snapshot.at + after;
        Ok(live)
    }

    fn following(mut engine: Engine<G>) -> Self {
        // A server keeps a match in memory for as long as it lasts: no room for records to
        // come, which the store holds anyway.
        engine.shrink_to_fit();
        let players = engine.position().players();
        let viewers = (0..players)
            .map(|seat| Viewer::Player(PlayerIndex(seat)))
            .chain([Viewer::Observer])
            .collect();
        Live {
            follower: engine.follower(),
            acted_before: vec![None; players],
            engine,
            followed: 0,
            logged: 0,
            shift: 0,
            base_logged: 0,
            snapshot_every: SNAPSHOT_EVERY,
            latest: None,
            pending: None,
            viewers,
            drawers: None,
        }
    }

    /// The match's records so far, those before the engine's first counted.
    fn record_count(&self) -> usize {
        self.engine.records().len() + self.shift
    }

    /// The engine's first record that is one of the match's: 1 once it starts at a
    /// snapshot, whose start stands for the records before.
    fn first_own(&self) -> usize {
        usize::from(self.base_logged > 0)
    }

    /// `seat`'s last action (submitted or timed out) as a match's record number.
    fn last_acted_by(&self, seat: PlayerIndex) -> Option<usize> {
        self.engine
            .records()
            .iter()
            .enumerate()
            .skip(self.first_own())
            .rev()
            .find(|(_, record)| {
                record.player == Some(seat)
                    && matches!(record.kind, RecordKind::Submitted | RecordKind::Timeout)
            })
            .map(|(index, _)| index + self.shift)
            .or_else(|| self.acted_before.get(seat.0).copied().flatten())
    }

    /// Each seat's last action, seat 0 first ([`last_acted_by`](Self::last_acted_by)).
    fn last_acted(&self) -> Vec<Option<usize>> {
        (0..self.engine.position().players())
            .map(|seat| self.last_acted_by(PlayerIndex(seat)))
            .collect()
    }

    /// Drops the latest snapshot when an undo cancelled records (`cancels`, the match's
    /// numbers) it was taken after: the match no longer passed through it, and the engine
    /// never rebases on it. Returns its line then.
    fn cancel_latest_if_reached(&mut self, cancels: &[usize]) -> Option<usize> {
        let first = cancels.iter().min()?;
        let (latest, records) = self.latest.as_ref()?;
        if first >= records {
            return None;
        }
        let at = latest.at;
        self.latest = None;
        Some(at)
    }

    /// A snapshot of the match as it stands.
    fn make_snapshot(&self) -> Option<StoredSnapshot> {
        let body = SnapshotBody {
            records: self.record_count(),
            acted: self.last_acted(),
            log: self.engine.snapshot().ok()?,
        };
        // The engine's base once it rebases on the latest.
        let base_at = match &self.latest {
            Some((latest, _)) => Some(latest.at),
            None => (self.first_own() == 1).then_some(self.base_logged),
        };
        Some(StoredSnapshot {
            at: self.logged,
            base_at,
            body: pack_line(&body).ok()?,
        })
    }

    /// Whether a snapshot is due: [`SNAPSHOT_EVERY`] lines since the latest.
    fn snapshot_due(&self) -> bool {
        let since = self
            .latest
            .as_ref()
            .map_or(self.base_logged, |(latest, _)| latest.at);
        // `snapshot_every` is `usize::MAX` for a table whose snapshots do not restore.
        self.logged >= since.saturating_add(self.snapshot_every)
            && self.followed == self.engine.records().len()
    }

    /// The table as it will stand once `new` is the latest snapshot: rebased on the one
    /// before it with the lines since (`None` when there is none, nothing to rebase on).
    /// Checks first that `new` reads back into the game it was taken from, so that no
    /// snapshot is stored that a load could not restore.
    ///
    /// # Errors
    /// A snapshot does not read back (a game whose state cannot be deserialized:
    /// [`Game::deserialize_state`]), or the table rebased stands elsewhere than this one.
    fn prepare_rebase(&self, new: &StoredSnapshot) -> Result<Option<Box<Self>>, String> {
        let check = Self::from_snapshot(new, Vec::new())?;
        if check.logged != self.logged || check.record_count() != self.record_count() {
            return Err(format!(
                "the snapshot at line {} reads back elsewhere",
                new.at
            ));
        }
        let Some((previous, _)) = &self.latest else {
            return Ok(None);
        };
        // The engine's lines from the previous snapshot on, its own start left out.
        let skip = previous.at - self.base_logged + self.first_own();
        let shift = self.shift;
        let lines = self
            .engine
            .log()
            .records
            .into_iter()
            .skip(skip)
            .map(|line| numbered_as_match(line, shift))
            .collect();
        let rebased = Self::from_snapshot(previous, lines)?;
        if rebased.logged != self.logged || rebased.record_count() != self.record_count() {
            return Err(format!(
                "rebased on line {}, the table stands at line {} and not {}",
                previous.at, rebased.logged, self.logged
            ));
        }
        Ok(Some(Box::new(rebased)))
    }

    /// Takes `new` as the latest snapshot, in the table `rebased` ([`prepare_rebase`]).
    fn take_rebased(&mut self, new: StoredSnapshot, rebased: Option<Box<Self>>) {
        let records = self.record_count();
        if let Some(mut rebased) = rebased {
            rebased.drawers = self.drawers.take();
            rebased.snapshot_every = self.snapshot_every;
            *self = *rebased;
        }
        self.latest = Some((new, records));
    }

    /// Follows the records appended since the last call, each written for the store and
    /// for every viewer.
    fn follow_new(&mut self) -> Vec<NewRecord> {
        let records = &self.engine.records()[self.followed..];
        let mut new = Vec::with_capacity(records.len());
        // Only a table someone draws pieces of makes scenes (or allocates for them).
        let drawn: Vec<bool> = match self.drawers.as_deref() {
            Some(drawers) if drawers.iter().any(|count| count.load(Ordering::SeqCst) > 0) => {
                drawers
                    .iter()
                    .map(|count| count.load(Ordering::SeqCst) > 0)
                    .collect()
            }
            _ => Vec::new(),
        };
        let seats = Seats::new(self.engine.position().players());
        for record in records {
            let followed = self
                .follower
                .write_view_and_draw(record, &self.viewers, &drawn, seats);
            // Serialized once for the viewers who see it alike (a card played face up).
            let mut viewed: Vec<Json> = Vec::with_capacity(followed.viewed.len());
            for (index, record) in followed.viewed.iter().enumerate() {
                let alike = followed.viewed[..index]
                    .iter()
                    .position(|earlier| earlier == record);
                viewed.push(match alike {
                    Some(earlier) => viewed[earlier].clone(),
                    None => to_raw(record),
                });
            }
            new.push(NewRecord {
                stored: pack(&followed.written),
                viewed,
                beats: followed
                    .beats
                    .iter()
                    .map(|scenes| scenes.iter().map(to_raw).collect())
                    .collect(),
            });
        }
        self.followed = self.engine.records().len();
        self.logged += new.len();
        new
    }

    /// After an undo: the follower follows the records standing again, from the start.
    fn refollow(&mut self) {
        self.follower = self.engine.follower();
        for record in self.engine.records() {
            self.follower.advance_record(record);
        }
        self.followed = self.engine.records().len();
    }

    /// Refuses a submission of `seat` made at record count `at` when it is stale: `at` is
    /// past the match's records, or `seat` acted since (the submission was already taken:
    /// a replay). Records of others since `at` do not make it stale: players acting at once
    /// (Hearts' passes) each chose at the same count, and the rules check what they chose
    /// against the match as it is now.
    fn check_at(&self, seat: PlayerIndex, at: usize) -> Result<(), WireError> {
        let records = self.record_count();
        let acted_since = self.last_acted_by(seat).is_some_and(|last| last >= at);
        if at > records || acted_since {
            Err(WireError::Stale { at, records })
        } else {
            Ok(())
        }
    }
}

/// The log of a stored match of game `G` (its setup and every line of it), as one line of
/// JSON: what `meeple replay` reads ([`GameLog`], this runtime's form, the seed in it),
/// sealed ([`Engine::sealed_log`]) once the lines replay ([`Engine::restore`]). Its
/// messages are written as this release's rules word them.
///
/// # Errors
/// The config or a line cannot be read, or the lines do not replay, in words.
pub(crate) fn export_log<G: Game>(setup: &Setup, lines: &[Line]) -> Result<String, String> {
    let config = read_config::<G>(&setup.config)?;
    let records = lines
        .iter()
        .enumerate()
        .map(|(index, line)| read_line(line).map_err(|error| format!("line {index}: {error}")))
        .collect::<Result<Vec<StoredRecord<G::Move>>, _>>()?;
    let log = GameLog::<G> {
        move_clock_ms: setup.move_clock.map(millis),
        ..GameLog::new(config, setup.players, setup.seed, records)
    };
    let engine = Engine::restore(&log).map_err(|error| error.to_string())?;
    serde_json::to_string(&engine.sealed_log()).map_err(|error| error.to_string())
}

/// `line` written by an engine started at a snapshot taken after `shift + 1` records, as
/// the store keeps it: the records it cancels numbered as the match numbers them
/// ([`numbered_from`] undone).
fn numbered_as_match<M>(mut line: StoredRecord<M>, shift: usize) -> StoredRecord<M> {
    for at in &mut line.cancels {
        *at += shift;
    }
    line
}

/// `line` as an engine started at a snapshot taken after `shift + 1` records reads it:
/// the stored log numbers the records an undo cancels as the match does (so that it
/// replays from the setup), the engine from its own start, which stands for the `shift +
/// 1` records before.
fn numbered_from<M>(mut line: StoredRecord<M>, shift: usize) -> StoredRecord<M> {
    for at in &mut line.cancels {
        *at = at.saturating_sub(shift);
    }
    line
}

/// Reads a config from JSON: `null` is the game's default.
fn read_config<G: Game>(config: &Value) -> Result<G::Config, String> {
    if config.is_null() {
        return Ok(G::Config::default());
    }
    serde_json::from_value(config.clone()).map_err(|error| format!("the config: {error}"))
}

/// `value` as JSON; a value that cannot be serialized becomes its error's text, which no
/// game's own types produce (their states and moves are checked to serialize by the view
/// harness).
fn to_json(value: &impl Serialize) -> Value {
    serde_json::to_value(value).unwrap_or_else(|error| Value::String(error.to_string()))
}

/// `value` serialized once, to be sent as it is ([`Json`]); `null` for a value that
/// cannot be serialized, as [`to_json`] says.
fn to_raw(value: &impl Serialize) -> Json {
    serde_json::value::to_raw_value(value)
        .unwrap_or_else(|_| serde_json::value::RawValue::NULL.to_owned())
}

/// `value` as a stored line ([`pack_line`]); a value that cannot be serialized becomes
/// its error's text, which no game's own types produce, as [`to_json`] says.
fn pack(value: &impl Serialize) -> Line {
    pack_line(value).unwrap_or_else(|error| pack_line(&error).unwrap_or_default())
}

impl<G: ServerGame> Table for Live<G> {
    fn players(&self) -> usize {
        self.engine.position().players()
    }

    fn records(&self) -> usize {
        self.record_count()
    }

    fn snapshot(&mut self) -> Option<StoredSnapshot> {
        self.pending = None;
        if !self.snapshot_due() {
            return None;
        }
        let prepared = self
            .make_snapshot()
            .ok_or_else(|| "the game's state cannot be written".to_owned())
            .and_then(|new| Ok((self.prepare_rebase(&new)?, new)));
        match prepared {
            Ok((rebased, new)) => {
                self.pending = Some((new.clone(), rebased));
                Some(new)
            }
            Err(_) => {
                // A game whose snapshots do not restore is played from its setup, as
                // before snapshots: none is stored, and none is tried again.
                self.snapshot_every = usize::MAX;
                None
            }
        }
    }

    fn rebase(&mut self) {
        if let Some((new, rebased)) = self.pending.take()
            && new.at == self.logged
        {
            self.take_rebased(new, rebased);
        }
    }

    fn take_new(&mut self) -> Vec<NewRecord> {
        self.follow_new()
    }

    fn logged(&self) -> usize {
        self.logged
    }

    fn catch_up(&mut self, lines: &[Line], snapshots: &[usize]) -> Result<Vec<CaughtUp>, String> {
        let from = self.logged;
        let rebase_if_due = |live: &mut Self| -> Result<(), String> {
            let taken = live.latest.as_ref().map(|(latest, _)| latest.at);
            if taken != Some(live.logged) && snapshots.contains(&live.logged) {
                let new = live
                    .make_snapshot()
                    .ok_or_else(|| format!("no snapshot at line {}", live.logged))?;
                let rebased = live.prepare_rebase(&new)?;
                live.take_rebased(new, rebased);
            }
            Ok(())
        };
        // A snapshot where the table stands, stored after it read its lines.
        rebase_if_due(self)?;
        let read = |offset: usize| -> Result<StoredRecord<G::Move>, String> {
            let line = lines
                .get(offset)
                .ok_or_else(|| format!("line {} is not stored", from + offset))?;
            read_line(line).map_err(|error| format!("stored line {}: {error}", from + offset))
        };
        let mut heard = Vec::new();
        while self.logged < from + lines.len() {
            let index = self.logged;
            let line = read(index - from)?;
            // Only an undo names records, and only its line is copied to renumber them.
            let renumbered;
            let played = if line.cancels.is_empty() {
                &line
            } else {
                renumbered = numbered_from(line.clone(), self.shift);
                &renumbered
            };
            self.engine
                .play_line(index, played)
                .map_err(|error| error.to_string())?;
            if line.kind == RecordKind::Undo {
                self.refollow();
                self.logged += 1;
                // Numbered as the match numbers its records, as stored.
                let cancels = line.cancels;
                self.cancel_latest_if_reached(&cancels);
                heard.push(CaughtUp::Undone {
                    seat: line.player.unwrap_or(PlayerIndex(0)),
                    cancels,
                    logged: self.logged,
                });
                rebase_if_due(self)?;
                continue;
            }
            let new = self.follow_new();
            for (offset, record) in new.iter().enumerate() {
                let played: StoredRecord<G::Move> = read_line(&record.stored)
                    .map_err(|error| format!("a record written here: {error}"))?;
                if !read(index - from + offset)?.same_play(&played) {
                    return Err(format!(
                        "line {} plays otherwise here than stored",
                        index + offset
                    ));
                }
            }
            heard.push(CaughtUp::Records {
                new,
                logged: self.logged,
            });
            rebase_if_due(self)?;
        }
        Ok(heard)
    }

    fn undo(&mut self, seat: PlayerIndex, take_back: bool) -> Result<Undone, WireError> {
        let undone = if take_back {
            self.engine.take_back(seat).map(|_| ())
        } else {
            self.engine.undo(seat).map(|_| ())
        };
        undone.map_err(|reason| WireError::Undo {
            message: reason.to_string(),
            reason: Box::new(reason),
        })?;
        // The undo is the log's last line (written from the journal: an undo is rare).
        // Stored and sent as the match numbers its records.
        let line = self
            .engine
            .log()
            .records
            .pop()
            .map(|line| numbered_as_match(line, self.shift));
        let cancels = line
            .as_ref()
            .map(|line| line.cancels.clone())
            .unwrap_or_default();
        let cancels_snapshot = self.cancel_latest_if_reached(&cancels);
        self.refollow();
        self.logged += 1;
        Ok(Undone {
            stored: line.as_ref().map(pack).unwrap_or_default(),
            cancels,
            cancels_snapshot,
        })
    }

    fn submit(
        &mut self,
        seat: PlayerIndex,
        at: usize,
        submission: &Submission,
    ) -> Result<Vec<NewRecord>, WireError> {
        self.check_at(seat, at)?;
        self.engine
            .submit_submission(seat, submission)
            .map_err(WireError::from)?;
        Ok(self.follow_new())
    }

    fn play_bot(&mut self, choice: BotChoice) -> Result<Vec<NewRecord>, WireError> {
        self.check_at(choice.seat, choice.at)?;
        let Some(action) = choice.action else {
            return Err(WireError::BotFoundNothing);
        };
        let Ok(action) = action.downcast::<G::Actions>() else {
            return Err(WireError::BotFoundNothing);
        };
        self.engine
            .submit(choice.seat, *action)
            .map_err(|refused| WireError::from(meeple::SubmitError::from(refused)))?;
        Ok(self.follow_new())
    }

    fn bot_job(
        &self,
        seat: PlayerIndex,
        agent: AgentKind,
    ) -> Option<Box<dyn FnOnce() -> BotChoice + Send>> {
        if !self.engine.position().to_act().contains(seat) {
            return None;
        }
        let at = self.records();
        // The bot sees what its seat sees, with a chance of its own for its lookahead.
        let seed = 0x6d65_6570_6c65 ^ (at as u64) << 8 ^ seat.0 as u64;
        let position = self.engine.for_agent(seat, seed);
        Some(Box::new(move || {
            let mut agent: Box<dyn Agent<G>> = match agent {
                AgentKind::Random => Box::new(RandomAgent::new(seed)),
                AgentKind::Uct => {
                    Box::new(SearchAgent::uct(seed, Budget::Iterations(BOT_ITERATIONS)))
                }
                AgentKind::Ismcts => Box::new(SearchAgent::ismcts(
                    seed,
                    Budget::Iterations(BOT_ITERATIONS),
                )),
            };
            let action = agent
                .choose(&position, seat)
                .map(|action| Box::new(action) as Box<dyn Any + Send>);
            BotChoice { at, seat, action }
        }))
    }

    fn advance_clock(&mut self, now: Duration) -> Result<Vec<NewRecord>, WireError> {
        self.engine
            .advance_clock(now)
            .map_err(|reason| WireError::Clock {
                message: reason.to_string(),
                reason: Box::new(reason),
            })?;
        Ok(self.follow_new())
    }

    fn deadline(&self) -> Option<Duration> {
        self.engine.deadline()
    }

    fn view(&self, viewer: Viewer) -> Json {
        to_raw(&meeple::Serialized(&self.engine.position().view(viewer)))
    }

    fn scene(&self, viewer: Viewer) -> Json {
        to_raw(&self.engine.position().scene(viewer))
    }

    fn draw_for(&mut self, drawers: Arc<[AtomicUsize]>) {
        self.drawers = Some(drawers);
    }

    fn prompt(&self, seat: PlayerIndex) -> Option<Json> {
        if !self.engine.position().to_act().contains(seat) {
            return None;
        }
        Some(to_raw(&self.engine.position().prompt(seat)))
    }

    fn prompt_action(&self, seat: PlayerIndex, submission: &Submission) -> Result<Json, WireError> {
        self.engine
            .position()
            .prompt_submission(seat, submission)
            .map(|prompt| to_raw(&prompt))
            .map_err(WireError::from)
    }

    fn viewed_records(&self, viewer: Viewer, from: usize) -> Vec<Json> {
        // Those before the engine's first are in the store only: a client asking for them
        // gets the records from there on (`at` minus their count says where they start).
        let first = from.saturating_sub(self.shift).max(self.first_own());
        if first >= self.engine.records().len() {
            return Vec::new();
        }
        self.engine
            .viewed_records(viewer)
            .iter()
            .skip(first)
            .map(to_raw)
            .collect()
    }

    fn acting(&self) -> Acting {
        let position = self.engine.position();
        let (step, actors, acted) = match position.flow_position().acting(position.flow()) {
            Some((step, actors, acted)) => (Some(step), actors, acted),
            None => (
                None,
                self.engine.position().to_act(),
                meeple::PlayerSet::EMPTY,
            ),
        };
        let to_act = match self.engine.position().status() {
            Status::Acting(players) | Status::Stuck(players) => players,
            Status::Over(_) => meeple::PlayerSet::EMPTY,
        };
        Acting {
            phase: position.phase(),
            step,
            to_act: to_act.iter().map(|seat| seat.0).collect(),
            acted: acted.minus(to_act).iter().map(|seat| seat.0).collect(),
            actors: actors.iter().map(|seat| seat.0).collect(),
            names: (0..self.engine.position().players())
                .map(|seat| {
                    self.engine
                        .position()
                        .state()
                        .player_name(PlayerIndex(seat))
                })
                .collect(),
            doing: (0..self.engine.position().players())
                .map(|seat| position.description(PlayerIndex(seat)))
                .collect(),
            clock_ms: millis(self.engine.clock()),
            deadline_ms: self.engine.deadline().map(millis),
        }
    }

    fn outcome(&self) -> Option<Value> {
        self.engine
            .position()
            .outcome()
            .map(|outcome| to_json(&outcome))
    }

    fn to_act(&self) -> Vec<PlayerIndex> {
        self.engine.position().to_act().iter().collect()
    }
}

/// A duration in whole milliseconds.
pub(crate) fn millis(duration: Duration) -> u64 {
    u64::try_from(duration.as_millis()).unwrap_or(u64::MAX)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use meeple_games::breakthrough::Breakthrough;

    use super::*;

    fn setup() -> Setup {
        Setup {
            config: Value::Null,
            players: 2,
            seed: 11,
            move_clock: None,
        }
    }

    /// What a store holds of a match: its lines, and the snapshots taken among them, each
    /// with whether an undo cancelled it.
    #[derive(Default)]
    struct Stored {
        lines: Vec<Line>,
        snapshots: Vec<(StoredSnapshot, bool)>,
    }

    impl Stored {
        /// Stores `lines` that `table` appended, as the hub does: with the snapshot due,
        /// then the table rebased on it.
        fn commit(&mut self, table: &mut dyn Table, lines: Vec<Line>) {
            self.lines.extend(lines);
            assert_eq!(table.logged(), self.lines.len());
            if let Some(snapshot) = table.snapshot() {
                assert_eq!(snapshot.at, self.lines.len());
                self.snapshots.push((snapshot, false));
            }
            table.rebase();
        }

        fn cancel(&mut self, at: usize) {
            let (_, cancelled) = self
                .snapshots
                .iter_mut()
                .find(|(snapshot, _)| snapshot.at == at)
                .unwrap();
            *cancelled = true;
        }

        fn points(&self, from: usize) -> Vec<usize> {
            self.snapshots
                .iter()
                .map(|(snapshot, _)| snapshot.at)
                .filter(|&at| at >= from)
                .collect()
        }

        /// The table a server loads ([`crate::Store::load`]): from the base of the last
        /// snapshot and the lines after it, with the last unless cancelled.
        fn load(&self) -> Live<Breakthrough> {
            let last = self.snapshots.last();
            let base = last.and_then(|(last, _)| last.base_at).map(|at| {
                &self
                    .snapshots
                    .iter()
                    .find(|(base, _)| base.at == at)
                    .unwrap()
                    .0
            });
            let latest = last
                .filter(|(_, cancelled)| !cancelled)
                .map(|(last, _)| last.clone());
            let from = base.map_or(0, |base| base.at);
            Live::restore(&setup(), base, latest, &self.lines[from..], Duration::ZERO).unwrap()
        }
    }

    fn lines(new: Vec<NewRecord>) -> Vec<Line> {
        new.into_iter().map(|record| record.stored).collect()
    }

    fn text(json: &Json) -> String {
        json.get().to_owned()
    }

    /// Two tables stand alike for every reader of the server's.
    fn assert_alike(one: &dyn Table, other: &dyn Table, context: &str) {
        assert_eq!(one.records(), other.records(), "{context}: records");
        assert_eq!(one.logged(), other.logged(), "{context}: lines");
        for viewer in [
            Viewer::Player(PlayerIndex(0)),
            Viewer::Player(PlayerIndex(1)),
            Viewer::Observer,
        ] {
            assert_eq!(
                text(&one.view(viewer)),
                text(&other.view(viewer)),
                "{context}"
            );
            let from = one.records().saturating_sub(3);
            let recent = |table: &dyn Table| -> Vec<String> {
                table
                    .viewed_records(viewer, from)
                    .iter()
                    .map(text)
                    .collect()
            };
            assert_eq!(recent(one), recent(other), "{context}: records from {from}");
        }
        for seat in 0..2 {
            let prompt = |table: &dyn Table| table.prompt(PlayerIndex(seat)).map(|p| text(&p));
            assert_eq!(
                prompt(one),
                prompt(other),
                "{context}: prompt of seat {seat}"
            );
        }
    }

    /// A long match rebases its engine on a snapshot every few lines; loaded
    /// from its latest snapshot, from its first line, or followed from an earlier line, it
    /// stands as the table that played it, record numbers, undos and stale submissions
    /// included, and plays on alike.
    #[test]
    fn a_table_rebased_on_its_snapshots_stands_as_one_that_kept_every_record() {
        let mut live = Live::<Breakthrough>::create(&setup()).unwrap();
        // Many snapshots in one match.
        live.snapshot_every = 16;
        let mut stored = Stored::default();
        let first = lines(live.take_new());
        stored.commit(&mut live, first);
        // A follower from the first lines on.
        let mut follower =
            Live::<Breakthrough>::restore(&setup(), None, None, &stored.lines, Duration::ZERO)
                .unwrap();
        let mut undone_after_rebase = false;
        let mut moves = 0;
        while live.outcome().is_none() {
            let seat = live.to_act()[0];
            let at = live.records();
            let job = live.bot_job(seat, AgentKind::Random).unwrap();
            let new = lines(live.play_bot(job()).unwrap());
            stored.commit(&mut live, new);
            moves += 1;
            if !undone_after_rebase && stored.snapshots.len() == 2 && live.outcome().is_none() {
                let records = live.records();
                let undone = live.undo(seat, false).unwrap();
                // Numbered as the match numbers its records, not as the engine does.
                assert_eq!(undone.cancels.first(), Some(&at));
                assert!(undone.cancels.iter().all(|&cancelled| cancelled < records));
                assert_eq!(live.records(), at);
                // It took back the move the last snapshot was taken after.
                let last = stored.snapshots.last().unwrap().0.at;
                assert_eq!(undone.cancels_snapshot, Some(last));
                stored.cancel(last);
                stored.commit(&mut live, vec![undone.stored]);
                undone_after_rebase = true;
            }
            // A submission made before the seat's last action is stale.
            let stale = live.submit(seat, 0, &Submission::default());
            assert!(
                matches!(stale, Err(WireError::Stale { at: 0, records }) if records == live.records()),
                "{stale:?}"
            );
            let context = format!("after move {moves}, line {}", stored.lines.len());
            assert_alike(&live, &stored.load(), &format!("loaded, {context}"));
            if moves % 7 == 0 || live.outcome().is_some() {
                let from = follower.logged();
                let caught = follower
                    .catch_up(&stored.lines[from..], &stored.points(from))
                    .unwrap();
                assert!(!caught.is_empty());
                assert_alike(&live, &follower, &format!("followed, {context}"));
            }
        }
        assert!(
            stored.snapshots.len() >= 3,
            "a match of {} lines took {} snapshots",
            stored.lines.len(),
            stored.snapshots.len()
        );
        assert!(undone_after_rebase);
        // A snapshot that does not read back is never stored: the table says so first.
        let unreadable = StoredSnapshot {
            at: live.logged(),
            base_at: None,
            body: vec![0xc1],
        };
        assert!(live.prepare_rebase(&unreadable).is_err());
        // The memory kept: only the records since the last snapshot.
        assert!(live.engine.records().len() <= 2 * 16 + 1);
        // Every line replays from the setup, undo and all.
        let whole =
            Live::<Breakthrough>::restore(&setup(), None, None, &stored.lines, Duration::ZERO)
                .unwrap();
        assert_alike(&live, &whole, "replayed whole");
        assert_eq!(
            whole.viewed_records(Viewer::Observer, 0).len(),
            live.records()
        );
    }

    /// A stored snapshot reads back as it was written for every shape a game's moves take:
    /// Memory recalls moves whose card is seen as hidden (a unit, inside a move tagged by
    /// a field), which a format reading a null as an absent option refused.
    #[test]
    fn a_snapshot_of_memory_reads_back_from_its_stored_line() {
        use meeple_games::memory::Memory;
        let mut engine =
            Engine::<Memory>::new(meeple_games::memory::MemoryConfig::default(), 2, 5).unwrap();
        for _ in 0..12 {
            let seat = engine.position().to_act().iter().next().unwrap();
            engine.submit_nth(seat, 0).unwrap();
            engine
                .advance_clock(engine.clock() + Duration::from_secs(5))
                .unwrap();
        }
        let log = engine.snapshot().unwrap();
        let body = SnapshotBody {
            records: 3,
            acted: vec![None, Some(1)],
            log,
        };
        let line = pack_line(&body).unwrap();
        let read: SnapshotBody<GameLog<Memory>> = read_line(&line).unwrap();
        assert_eq!(
            serde_json::to_value(&read).unwrap(),
            serde_json::to_value(&body).unwrap()
        );
        assert!(line.len() < serde_json::to_string(&body).unwrap().len());
    }

    /// A table whose snapshots do not restore stops taking them: none is due again, however
    /// many lines follow.
    #[test]
    fn a_table_without_snapshots_takes_none() {
        let mut live = Live::<Breakthrough>::create(&setup()).unwrap();
        let _ = live.take_new();
        // One snapshot taken first, so that the next is counted from a line past 0.
        live.snapshot_every = 2;
        while live.latest.is_none() {
            let seat = live.to_act()[0];
            let job = live.bot_job(seat, AgentKind::Random).unwrap();
            live.play_bot(job()).unwrap();
            let _ = live.snapshot();
            live.rebase();
        }
        live.snapshot_every = usize::MAX;
        for _ in 0..6 {
            let seat = live.to_act()[0];
            let job = live.bot_job(seat, AgentKind::Random).unwrap();
            live.play_bot(job()).unwrap();
            assert_eq!(live.snapshot(), None);
            live.rebase();
        }
        assert_eq!(
            live.base_logged, 0,
            "never rebased: the first snapshot has no base"
        );
    }
}
