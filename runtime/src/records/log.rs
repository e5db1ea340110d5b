//! The log: the seed, the config and every action record; enough to replay a game.
//!
//! The engine keeps each record typed ([`Record`]: the action as the game's own value and
//! its moves), and writes it as JSON ([`StoredRecord`]: selections, arguments and message
//! texts) only when a log is written or read, never while a game is played.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::pieces::chance::Chance;
use crate::pieces::outcome::Outcome;
use crate::pieces::player::{PlayerIndex, PlayerSet};
use crate::position::{RecordHeader, RecordKind, dispatch, record_name};
use crate::rules::action::{ActionSet, FollowUp, Message};
use crate::rules::flow::{FlowEvent, FlowPosition};
use crate::rules::game::Game;

/// A game's log: how it was set up and every action record, in order.
///
/// Written as one JSON object (one line per game in `meeple simulate --log`). Replaying it
/// with [`Engine::replay`](crate::Engine::replay) re-submits the submitted records and
/// checks that every record comes out the same.
///
/// A log from [`Engine::sealed_log`](crate::Engine::sealed_log) also carries its
/// [`LogSeal`]: the number of records, the outcome and a digest of the final state, so a
/// replay can check the log whole, not only record by record.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct GameLog<G: Game> {
    /// The version of this log's form ([`LOG_FORMAT`]); a log written before versions were
    /// kept reads as 1. A replay refuses a form newer than it knows.
    #[serde(default = "first_version")]
    pub format: u32,
    /// The game's name ([`Game::NAME`]).
    pub game: String,
    /// The version of the game's rules the log was played under
    /// ([`Game::RULES_VERSION`]); 1 when absent. A replay refuses another version: its
    /// records may no longer come out the same.
    #[serde(default = "first_version")]
    pub rules: u32,
    /// The seed of the game's chance.
    pub seed: u64,
    /// The number of seats.
    pub players: usize,
    /// The config the game was set up with.
    pub config: G::Config,
    /// Whether forced completions were played for the players.
    pub autoplay_forced: bool,
    /// The seats whose forced completions were asked of them all the same
    /// ([`PositionSettings::asked_always`](crate::PositionSettings::asked_always)).
    #[serde(default, skip_serializing_if = "is_nobody")]
    pub asked_always: PlayerSet,
    /// Whether forced completions stopped at the next player
    /// ([`PositionSettings::stop_forced_at_next_player`](crate::PositionSettings::stop_forced_at_next_player)).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub stop_forced_at_next_player: bool,
    /// The state and follow-ups the game started from, for a game started from a state
    /// the author built ([`Engine::from_start`](crate::Engine::from_start)); absent for a
    /// game set up by its rules.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<LogStart<G>>,
    /// The clock per move the game was played with, in milliseconds
    /// ([`PositionSettings::move_clock`](crate::PositionSettings::move_clock)); `None` for none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub move_clock_ms: Option<u64>,
    /// Every action record, the setup first.
    pub records: Vec<StoredRecord<G::Move>>,
    /// What the whole log comes to, when it was written by
    /// [`Engine::sealed_log`](crate::Engine::sealed_log); `None` in an engine's own log.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seal: Option<LogSeal>,
}

impl<G: Game> GameLog<G> {
    /// The log of a game set up by [`Game::setup`] from `config` at a table of `players`
    /// seats with chance seeded by `seed`, its forced completions played for the players,
    /// and `records` in order (the setup's first): this runtime's form ([`LOG_FORMAT`])
    /// and the game's rules version, no start, no clock per move, no seal. What a store of
    /// records (a server's) replays a game from ([`Engine::restore`](crate::Engine::restore)).
    pub fn new(
        config: G::Config,
        players: usize,
        seed: u64,
        records: Vec<StoredRecord<G::Move>>,
    ) -> Self {
        GameLog {
            format: LOG_FORMAT,
            game: G::NAME.to_owned(),
            rules: G::RULES_VERSION,
            seed,
            players,
            config,
            autoplay_forced: true,
            asked_always: PlayerSet::EMPTY,
            stop_forced_at_next_player: false,
            start: None,
            move_clock_ms: None,
            records,
            seal: None,
        }
    }
}

/// The version of the log's form this runtime writes and reads ([`GameLog::format`]).
/// Raised when a change to [`GameLog`] or [`StoredRecord`] would make an older reader
/// misread a log; a replay refuses a log of a later form. 2: a clock per move
/// ([`GameLog::move_clock_ms`], [`RecordKind::Timeout`]).
pub const LOG_FORMAT: u32 = 2;

/// The version of a log or of rules that says none: the first.
fn first_version() -> u32 {
    1
}

/// Where a game started from a state the author built begins
/// ([`Engine::from_start`](crate::Engine::from_start)): the state, as its serde form
/// writes it, and the follow-ups pending. Replaying reads the state back with
/// [`View::deserialize_state`](crate::View::deserialize_state).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct LogStart<G: Game> {
    /// The state, as JSON.
    pub state: Value,
    /// The follow-ups pending at the start, the next first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub follow_ups: Vec<FollowUp<G>>,
    /// Where the game's flow stood at the start; `None` when it started from its first
    /// step ([`Start::flow`](crate::Start::flow)).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flow: Option<FlowPosition>,
    /// The game's clock at the start, in milliseconds ([`Start::clock`](crate::Start::clock)).
    #[serde(default, rename = "clock_ms", skip_serializing_if = "is_zero")]
    pub clock: u64,
    /// For a snapshot ([`Engine::snapshot`](crate::Engine::snapshot)): the game's chance
    /// where it stood, so the game draws on as it would have; `None` for a start from a
    /// state the author built, whose chance is seeded afresh by the log's seed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chance: Option<Chance>,
    /// For a snapshot of a game that [`RECALLS`](Game::RECALLS): what each seat had seen,
    /// seat 0 first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recall: Option<Vec<Vec<G::Move>>>,
    /// For a snapshot of a game with a clock per move
    /// ([`PositionSettings::move_clock`](crate::PositionSettings::move_clock)): each seat's
    /// deadline, in milliseconds of the game's clock, seat 0 first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub move_deadlines: Option<Vec<Option<u64>>>,
    /// For a snapshot taken while a move's decision is asked
    /// ([`MoveContext::ask`](crate::MoveContext::ask)): the resolutions waiting for it, the
    /// innermost last.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub suspended: Vec<crate::rules::moves::WaitingResolution<G::Move>>,
}

impl<G: Game> PartialEq for LogStart<G> {
    fn eq(&self, other: &Self) -> bool {
        self.state == other.state
            && self.flow == other.flow
            && self.clock == other.clock
            && self.chance == other.chance
            && self.recall == other.recall
            && self.move_deadlines == other.move_deadlines
            && self.suspended == other.suspended
            && self.follow_ups.len() == other.follow_ups.len()
            && self
                .follow_ups
                .iter()
                .zip(&other.follow_ups)
                .all(|(a, b)| (a.player, &a.args, &a.prompt) == (b.player, &b.args, &b.prompt))
    }
}

/// What a whole log comes to: checked by a replay once every record reproduced, so that a
/// log cut short at a record boundary, or whose seed or config was changed where no record
/// shows it, does not replay as if it were whole.
///
/// It detects corruption and mistakes, not forgery: anyone who can edit a log can replay
/// the edited log and seal it again. A log that must be trusted needs a signature or a
/// store of its own.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogSeal {
    /// How many action records the log has, the setup included.
    pub records: usize,
    /// The outcome, when the game was over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<Outcome>,
    /// SHA-256, in lowercase hexadecimal, of the log's header (game, seed, players,
    /// config, forced play) and of the final full state and chance's state, each serialized
    /// as JSON ([`Engine::digest`](crate::Engine::digest)).
    pub digest: String,
}

/// One action and every move it caused, in the order applied, as the engine keeps it: the
/// unit of undo and of animation. The action stays the game's own typed value; its
/// selections as JSON and its messages are written from it only when asked
/// ([`write`](Self::write), [`Engine::log`](crate::Engine::log)), so that playing a game
/// with its log costs little more than playing it without.
#[derive(Clone, Debug)]
pub struct Record<G: Game> {
    /// Who acted; `None` for the setup.
    pub player: Option<PlayerIndex>,
    /// How the record came about.
    pub kind: RecordKind,
    /// The action, for a submitted, forced or timed-out record; `None` for the setup and
    /// for a pass.
    pub action: Option<G::Actions>,
    /// Whether the action was taken as a follow-up (its arguments are then written).
    pub follow_up: bool,
    /// Every move applied, the action's own and their consequences, in order. Two are
    /// kept inline ([`RecordMoves`]): most records of a game hold none (the flow's), one
    /// or two moves, and a log then allocates nothing for them.
    pub moves: RecordMoves<G::Move>,
    /// Whether chance was drawn while applying the moves.
    pub drew_chance: bool,
    /// For a record of the flow ([`RecordKind::Flow`]) or a timer
    /// ([`RecordKind::Timer`]): what changed.
    pub event: Option<FlowEvent>,
    /// The game's clock when the record was made, in milliseconds since the game began
    /// ([`Engine::advance_clock`](crate::Engine::advance_clock)); 0 for a game whose
    /// clock never moved.
    pub clock: u64,
}

/// The moves of a [`Record`]: up to two inline, more on the heap. Read it as a slice
/// (`&record.moves[..]`, `record.moves.iter()`).
///
/// Two, measured: of the records of a Hearts deal, 65 % hold no move (the flow's), 26 % one,
/// 7 % two and 1 % five or six (a deal, a hand's end). Four inline made every record 96
/// bytes longer (280 for Hearts), and a logged deal 4 % dearer in instructions than two;
/// one inline spilled the plays that end a trick and cost as much as four.
pub type RecordMoves<M> = smallvec::SmallVec<[M; 2]>;

impl<G: Game> RecordHeader<G> {
    /// The whole record, with `moves`.
    pub(crate) fn with_moves(self, moves: RecordMoves<G::Move>) -> Record<G> {
        Record {
            player: self.player,
            kind: self.kind,
            action: self.action,
            follow_up: self.follow_up,
            moves,
            drew_chance: self.drew_chance,
            event: None,
            clock: 0,
        }
    }
}

impl<G: Game> Record<G> {
    /// The action's name: `setup` for the setup, `pass` for a pass the game made for a
    /// stuck player.
    #[must_use]
    pub fn name(&self) -> &'static str {
        record_name(self.action.as_ref(), self.kind)
    }

    /// The values of the selections, by selection name, as JSON (none for the setup and
    /// a pass).
    #[must_use]
    pub fn selections(&self) -> serde_json::Map<String, Value> {
        let mut selections = serde_json::Map::new();
        if let Some(action) = &self.action {
            // Inserted one by one: collecting would sort a temporary list first.
            for (name, value) in dispatch::selections(action) {
                selections.insert(name.to_owned(), value);
            }
        }
        selections
    }

    /// The action's messages, rendered from `before`, the full state right before the
    /// record's first move (messages are templates read against the state the player
    /// acted in). Empty for the setup and a pass.
    #[must_use]
    pub fn messages(&self, before: &G) -> Vec<Message> {
        match (&self.action, self.player) {
            (Some(action), Some(player)) => dispatch::messages(action, before, player),
            _ => Vec::new(),
        }
    }

    /// The record as a log file holds it and clients read it: its selections and
    /// follow-up arguments as JSON and its messages rendered from `before`, the full state
    /// right before its first move.
    #[must_use]
    pub fn write(&self, before: &G) -> StoredRecord<G::Move> {
        StoredRecord {
            player: self.player,
            action: Cow::Borrowed(self.name()),
            kind: self.kind,
            selections: self.selections(),
            args: match &self.action {
                Some(action) if self.follow_up => {
                    Some(serde_json::to_value(action.args()).unwrap_or(Value::Null))
                }
                _ => None,
            },
            messages: self.messages(before),
            moves: self.moves.to_vec(),
            drew_chance: self.drew_chance,
            event: self.event.clone(),
            clock: self.clock,
            cancels: Vec::new(),
        }
    }
}

/// Records are equal when everything in them is: for games whose actions compare
/// (`#[derive(PartialEq)]` beside `#[derive(Actions)]`).
impl<G: Game> PartialEq for Record<G>
where
    G::Actions: PartialEq,
{
    fn eq(&self, other: &Self) -> bool {
        self.player == other.player
            && self.kind == other.kind
            && self.action == other.action
            && self.follow_up == other.follow_up
            && self.moves == other.moves
            && self.drew_chance == other.drew_chance
            && self.event == other.event
            && self.clock == other.clock
    }
}

impl<M: PartialEq> StoredRecord<M> {
    /// Whether `other` is the same play as this record: every field equal but the
    /// messages, whose wording is the game's text and may change between releases
    /// without changing what was played ([`Engine::restore`](crate::Engine::restore)).
    #[must_use]
    pub fn same_play(&self, other: &Self) -> bool {
        self.player == other.player
            && self.action == other.action
            && self.kind == other.kind
            && self.selections == other.selections
            && self.args == other.args
            && self.moves == other.moves
            && self.drew_chance == other.drew_chance
            && self.event == other.event
            && self.clock == other.clock
            && self.cancels == other.cancels
    }
}

/// A record as stored: as a log file and a server's store hold it, written from the
/// engine's typed [`Record`] by [`Record::write`], with the action's selections and
/// arguments as JSON and its messages as text. Every kind of record, not only actions
/// (flow changes, timers, undos); a viewer's is a
/// [`ViewedRecord`](crate::records::follower::ViewedRecord). Was `ActionRecord` (a
/// deprecated alias for 0.3).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StoredRecord<M> {
    /// Who acted; `None` for the setup.
    pub player: Option<PlayerIndex>,
    /// The action's name; `setup` for the setup, `pass` for a pass the game made for a
    /// stuck player.
    pub action: Cow<'static, str>,
    /// How the record came about.
    pub kind: RecordKind,
    /// The values of the selections, by selection name.
    #[serde(default, skip_serializing_if = "serde_json::Map::is_empty")]
    pub selections: serde_json::Map<String, Value>,
    /// The action's arguments when it was a follow-up.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub args: Option<Value>,
    /// The action's messages.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub messages: Vec<Message>,
    /// Every move applied, the action's own and their consequences, in order.
    pub moves: Vec<M>,
    /// Whether chance was drawn while applying the moves.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub drew_chance: bool,
    /// For a record of the flow ([`RecordKind::Flow`]) or a timer
    /// ([`RecordKind::Timer`]): what changed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub event: Option<FlowEvent>,
    /// The game's clock when the record was made, in milliseconds since the game began;
    /// absent while it is 0.
    #[serde(default, rename = "clock_ms", skip_serializing_if = "is_zero")]
    pub clock: u64,
    /// For an undo ([`RecordKind::Undo`]): the positions of the records it cancelled,
    /// counted among the records standing just before it (those cancelled by an earlier
    /// undo left out), in order; empty for every other record.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cancels: Vec<usize>,
}

/// Whether a clock reading is 0, for serde's `skip_serializing_if`.
fn is_zero(clock: &u64) -> bool {
    *clock == 0
}

/// Whether `seats` is empty, for serde's `skip_serializing_if`.
fn is_nobody(seats: &PlayerSet) -> bool {
    seats.is_empty()
}
