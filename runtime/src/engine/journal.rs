//! What an [`Engine`] keeps of its records, written out: the log ([`Engine::log`]), with
//! the journal of undos once there is one, and the records as each viewer sees them.

use serde_json::Value;

use super::{Engine, Entry, Undone};
use crate::pieces::player::PlayerIndex;
use crate::position::millis;
use crate::records::follower::{RecordFollower, ViewedRecord};
use crate::records::log::{GameLog, LOG_FORMAT, LogStart, Record};
use crate::rules::game::Game;
use crate::seen::view::{Serialized, Viewer};

impl<G: Game> Engine<G> {
    /// Every action record as `viewer` may see it: the messages that reach them and each
    /// move as [`Move::view`](crate::Move::view) shows it, the setup first. Replaying the
    /// moves of these records onto the viewed setup gives [`view`](Self::view).
    ///
    /// Follows the whole log again, move by move, and renders each record's messages from
    /// the state before it: for clients and tests, not hot loops.
    pub fn viewed_records(&self, viewer: Viewer) -> Vec<ViewedRecord<G::Move>> {
        let mut follower = self.follower();
        self.history
            .records
            .iter()
            .map(|record| follower.follow_record(record, viewer))
            .collect()
    }

    /// The log so far, as a log file holds it: every record written from the typed one
    /// ([`Record::write`]), its messages rendered from the state before it, which is
    /// found again by following the records' moves from the setup. Linear in the moves
    /// played: for writing and reading logs, not for hot loops.
    ///
    /// A game that undid something writes every record it made, the cancelled ones too,
    /// and each undo as a record of its own ([`RecordKind::Undo`](crate::RecordKind::Undo), naming what it
    /// cancelled): a log is only ever appended to, and replays to the same game.
    #[must_use]
    pub fn log(&self) -> GameLog<G> {
        let Some(journal) = &self.history.journal else {
            return self.log_before(self.history.records.len());
        };
        let mut writer = self.follower();
        let mut standing: Vec<&Record<G>> = Vec::with_capacity(self.history.records.len());
        let mut records = Vec::with_capacity(journal.len());
        for entry in journal {
            match entry {
                Entry::Record(record) => {
                    records.push(writer.write(record));
                    standing.push(record);
                }
                Entry::Undo(undone) => {
                    records.push(undone.write());
                    for &position in undone.cancels.iter().rev() {
                        if position < standing.len() {
                            standing.remove(position);
                        }
                    }
                    // Messages after it are rendered from the game as the undo left it.
                    writer = self.follower();
                    for record in &standing {
                        writer.advance_record(record);
                    }
                }
            }
        }
        GameLog {
            records,
            ..self.log_before(0)
        }
    }

    /// The log of the records standing, without undos: what a rebuild replays.
    pub(super) fn standing_log(&self) -> GameLog<G> {
        self.log_before(self.history.records.len())
    }

    /// How many records a written log of this game holds: the records standing, or every
    /// line of the journal once something was undone.
    pub(super) fn logged(&self) -> usize {
        self.history
            .journal
            .as_ref()
            .map_or(self.history.records.len(), Vec::len)
    }

    /// Keeps the journal across a rebuild that cancelled `cancels` (positions among the
    /// records standing) for `player`: every record so far, then the undo.
    pub(super) fn journal_undo(
        &mut self,
        player: PlayerIndex,
        take_back: bool,
        cancels: Vec<usize>,
    ) -> Vec<Entry<G>> {
        let mut journal = self.history.journal.take().unwrap_or_else(|| {
            self.history
                .records
                .iter()
                .cloned()
                .map(Entry::Record)
                .collect()
        });
        journal.push(Entry::Undo(Undone {
            player,
            take_back,
            cancels,
            clock: self.history.clock,
        }));
        journal
    }

    /// The log of the records before `end` (all of them when `end` is their count), each
    /// written as a log holds it ([`Record::write`]).
    pub(super) fn log_before(&self, end: usize) -> GameLog<G> {
        let mut writer = self.follower();
        GameLog {
            format: LOG_FORMAT,
            game: G::NAME.to_owned(),
            rules: G::RULES_VERSION,
            seed: self.seed,
            players: self.position().players(),
            config: self.config.clone(),
            autoplay_forced: self.position.settings().autoplay_forced,
            asked_always: self.position.settings().asked_always,
            stop_forced_at_next_player: self.position.settings().stop_forced_at_next_player,
            start: self.log_start(),
            move_clock_ms: self.position.settings().move_clock.map(millis),
            records: self.history.records[..end]
                .iter()
                .map(|record| writer.write(record))
                .collect(),
            seal: None,
        }
    }

    /// What a log says of a game started from a state ([`from_start`](Self::from_start)):
    /// the state and the follow-ups pending; `None` for a game set up by [`Game::setup`].
    pub(super) fn log_start(&self) -> Option<LogStart<G>> {
        let started = self.started.as_deref()?;
        Some(LogStart {
            state: serde_json::to_value(Serialized(&*self.initial))
                .unwrap_or_else(|error| Value::String(error.to_string())),
            ..started.clone()
        })
    }

    /// A follower of this game's records from its start (the state before the setup's
    /// moves, or the state it was started from), to write each record as a log holds it
    /// and show it to viewers, one record after the other, as they come
    /// ([`RecordFollower::write_and_view`]): what a server keeps beside a table to store and
    /// send the records each submission appends without writing the whole log again
    /// ([`log`](Self::log) is linear in the game).
    #[must_use]
    pub fn follower(&self) -> RecordFollower<G> {
        RecordFollower::starting_at(G::clone(&self.initial))
    }

    /// The action records so far, typed, the setup first. [`log`](Self::log) writes them
    /// as a log file holds them.
    pub fn records(&self) -> &[Record<G>] {
        &self.history.records
    }

    /// Gives back the memory reserved for records not made yet: a new engine makes room
    /// for 256 of them at once (some 70 KB for Hearts), so that a game played through in
    /// one go does not copy its list as it grows. For a server that keeps many games in
    /// memory between moves: the list then grows from the records it holds, doubling
    /// when full. Changes nothing of the game or its log.
    pub fn shrink_to_fit(&mut self) {
        self.history.records.shrink_to_fit();
        if let Some(journal) = &mut self.history.journal {
            journal.shrink_to_fit();
        }
    }
}
