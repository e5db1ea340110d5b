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

/// A record appended to a match, written once for the store and once for each viewer.
#[derive(Clone, Debug)]
pub struct NewRecord {
    /// The record as the log holds it ([`meeple::StoredRecord`]), JSON: the row stored.
    pub stored: String,
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
    pub stored: String,
    /// The positions of the records it cancelled, among those standing before it.
    pub cancels: Vec<usize>,
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
    fn catch_up(&mut self, lines: &[String]) -> Result<Vec<CaughtUp>, String>;
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

/// A match of game `G`: its logged engine and a follower of its records, to write each
/// new record for the store and each viewer once.
pub struct Live<G: Game> {
    engine: Engine<G>,
    follower: RecordFollower<G>,
    /// The records the follower has followed.
    followed: usize,
    /// The lines of the match's log written to the store: its records, and its undos
    /// with the records they cancelled ([`Engine::log`]).
    logged: usize,
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

    /// A stored match, restored from its setup and its records (each as the log holds
    /// it), then every record followed.
    ///
    /// # Errors
    /// The config or a record cannot be read; the records do not replay
    /// ([`Engine::restore`]).
    pub fn restore(setup: &Setup, records: &[String], clock: Duration) -> Result<Self, String> {
        let config = read_config::<G>(&setup.config)?;
        let records = records
            .iter()
            .map(|record| serde_json::from_str(record))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|error| format!("a stored record: {error}"))?;
        let log = GameLog::<G> {
            move_clock_ms: setup.move_clock.map(millis),
            ..GameLog::new(config, setup.players, setup.seed, records)
        };
        let rows = log.records.len();
        let engine = Engine::<G>::restore(&log).map_err(|error| error.to_string())?;
        let mut live = Self::following(engine);
        // The stored records are not new.
        live.follow_new();
        live.logged = rows;
        // The time that passed while the match was not loaded: a timer due since fires
        // now, once; its records are new ([`Table::take_new`]).
        if clock > live.engine.clock() {
            live.engine
                .advance_clock(clock)
                .map_err(|error| error.to_string())?;
        }
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
            engine,
            followed: 0,
            logged: 0,
            viewers,
            drawers: None,
        }
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
            new.push(NewRecord {
                stored: to_json_text(&followed.written),
                viewed: followed.viewed.iter().map(to_raw).collect(),
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
        let records = self.engine.records();
        let acted_since = records.get(at..).is_some_and(|since| {
            since.iter().any(|record| {
                record.player == Some(seat)
                    && matches!(record.kind, RecordKind::Submitted | RecordKind::Timeout)
            })
        });
        if at > records.len() || acted_since {
            Err(WireError::Stale {
                at,
                records: records.len(),
            })
        } else {
            Ok(())
        }
    }
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

fn to_json_text(value: &impl Serialize) -> String {
    serde_json::to_string(value).unwrap_or_else(|error| format!("{:?}", error.to_string()))
}

impl<G: ServerGame> Table for Live<G> {
    fn players(&self) -> usize {
        self.engine.position().players()
    }

    fn records(&self) -> usize {
        self.engine.records().len()
    }

    fn take_new(&mut self) -> Vec<NewRecord> {
        self.follow_new()
    }

    fn logged(&self) -> usize {
        self.logged
    }

    fn catch_up(&mut self, lines: &[String]) -> Result<Vec<CaughtUp>, String> {
        let from = self.logged;
        let read = |offset: usize| -> Result<StoredRecord<G::Move>, String> {
            let text = lines
                .get(offset)
                .ok_or_else(|| format!("line {} is not stored", from + offset))?;
            serde_json::from_str(text)
                .map_err(|error| format!("stored line {}: {error}", from + offset))
        };
        let mut heard = Vec::new();
        while self.logged < from + lines.len() {
            let index = self.logged;
            let line = read(index - from)?;
            self.engine
                .play_line(index, &line)
                .map_err(|error| error.to_string())?;
            if line.kind == RecordKind::Undo {
                self.refollow();
                self.logged += 1;
                heard.push(CaughtUp::Undone {
                    seat: line.player.unwrap_or(PlayerIndex(0)),
                    cancels: line.cancels,
                    logged: self.logged,
                });
                continue;
            }
            let new = self.follow_new();
            for (offset, record) in new.iter().enumerate() {
                let played: StoredRecord<G::Move> = serde_json::from_str(&record.stored)
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
        let line = self.engine.log().records.pop();
        let cancels = line
            .as_ref()
            .map(|line| line.cancels.clone())
            .unwrap_or_default();
        self.refollow();
        self.logged += 1;
        Ok(Undone {
            stored: line.as_ref().map(to_json_text).unwrap_or_default(),
            cancels,
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
        let at = self.engine.records().len();
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
        if from >= self.engine.records().len() {
            return Vec::new();
        }
        self.engine
            .viewed_records(viewer)
            .iter()
            .skip(from)
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
