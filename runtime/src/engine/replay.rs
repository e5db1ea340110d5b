//! Replay ([`Engine::replay`], [`Engine::restore`]): a game played again from its log,
//! each record checked against the log's line, and one line played at a time
//! ([`Engine::play_line`]) for a server that follows another process's log.

use std::time::Duration;

use super::{Engine, Entry, ReplayError};
use crate::error::ClockError;
use crate::position::RecordKind;
use crate::position::{Carried, PositionSettings, Start};
use crate::records::log::{GameLog, LOG_FORMAT, StoredRecord};
use crate::rules::game::Game;
use crate::seen::submission::Submission;

impl<G: Game> Engine<G> {
    /// Replays `log`: sets the game up from its seed and config, re-submits every submitted
    /// record and checks that every record (submitted, forced, passes) comes out equal.
    ///
    /// # Errors
    /// [`ReplayError`] naming the first record that is refused or differs.
    pub fn replay(log: &GameLog<G>) -> Result<Self, ReplayError> {
        Self::replay_checking(log, Compare::Everything)
    }

    /// Restores a stored game from its log: replays it as [`replay`](Self::replay) does,
    /// but compares each record's play (who, what, the selections, every move, the clock)
    /// and not its messages, whose wording may have changed since the game was stored
    /// (a template reworded in a new release). What a server loads a match with.
    ///
    /// # Errors
    /// As [`replay`](Self::replay), but for messages.
    pub fn restore(log: &GameLog<G>) -> Result<Self, ReplayError> {
        Self::replay_checking(log, Compare::Play)
    }

    /// Replays `log`, comparing each record as `compare` says.
    pub(super) fn replay_checking(log: &GameLog<G>, compare: Compare) -> Result<Self, ReplayError> {
        if log.format > LOG_FORMAT {
            return Err(ReplayError::Format {
                found: log.format,
                supported: LOG_FORMAT,
            });
        }
        if log.game != G::NAME {
            return Err(ReplayError::WrongGame {
                expected: G::NAME,
                found: log.game.clone(),
            });
        }
        if log.rules != G::RULES_VERSION {
            return Err(ReplayError::Rules {
                game: G::NAME,
                log: log.rules,
                current: G::RULES_VERSION,
            });
        }
        let settings = PositionSettings {
            autoplay_forced: log.autoplay_forced,
            asked_always: log.asked_always,
            stop_forced_at_next_player: log.stop_forced_at_next_player,
            move_clock: log.move_clock_ms.map(Duration::from_millis),
            ..PositionSettings::default()
        };
        let mut engine = match &log.start {
            None => Self::with_settings(log.config.clone(), log.players, log.seed, settings)?,
            Some(start) => {
                let state = G::deserialize_state(start.state.clone()).map_err(|reason| {
                    ReplayError::Malformed(format!("the state to start from: {reason}"))
                })?;
                let carried = start.chance.clone().map(|chance| Carried {
                    chance,
                    recall: start.recall.clone(),
                    move_deadlines: start.move_deadlines.clone(),
                    suspended: start.suspended.clone(),
                });
                let start = Start {
                    state,
                    players: log.players,
                    config: log.config.clone(),
                    seed: log.seed,
                    follow_ups: start.follow_ups.clone(),
                    settings,
                    flow: start.flow.clone(),
                    clock: Duration::from_millis(start.clock),
                };
                Self::resume(start, carried)?
            }
        };
        // The records produced are written as they come, each from the state before it,
        // and matched with the log's lines in order; an undo line is played as an undo.
        let mut writer = engine.follower();
        let mut checked = 0;
        let mut index = 0;
        loop {
            while checked < engine.history.records.len() {
                let Some(expected) = log.records.get(index) else {
                    return Err(ReplayError::Diverged {
                        index,
                        reason: "the replay produced a record the log does not have".to_owned(),
                    });
                };
                let written = writer.write(&engine.history.records[checked]);
                let same = match compare {
                    Compare::Everything => *expected == written,
                    Compare::Play => expected.same_play(&written),
                };
                if !same {
                    return Err(ReplayError::Diverged {
                        index,
                        reason: describe_difference(expected, &written),
                    });
                }
                checked += 1;
                index += 1;
            }
            let Some(next) = log.records.get(index) else {
                return match &log.seal {
                    Some(seal) => engine.check_seal(seal).map(|()| engine),
                    None => Ok(engine),
                };
            };
            engine.play_line(index, next)?;
            if next.kind == RecordKind::Undo {
                // The records standing were matched already; what follows is written from
                // the game as the undo left it.
                writer = engine.follower();
                for record in &engine.history.records {
                    writer.advance_record(record);
                }
                checked = engine.history.records.len();
                index += 1;
            }
        }
    }

    /// Plays what caused log line `line` (number `index` of the log, for errors): a
    /// submission is submitted again at the clock it was made at, a timer fires at its
    /// clock, an undo takes back as it did. The records that follow from it (forced plays,
    /// passes, the flow's) come out of playing it, as they did when the line was written;
    /// [`replay`](Self::replay) checks them, and a follower that trusts where the lines
    /// come from (a server catching up on what another process stored) only plays the
    /// causes. For an undo, the undo's own line is then the log's last.
    ///
    /// # Errors
    /// [`ReplayError::Diverged`] when `line` is a record that only follows from another
    /// (setup, forced, pass, flow) or an undo that cancels other records than it says;
    /// [`ReplayError::Clock`], [`ReplayError::Undo`] or [`ReplayError::Refused`] when the
    /// game refuses it. A refused line leaves the game as it was, as any refusal does.
    pub fn play_line(
        &mut self,
        index: usize,
        line: &StoredRecord<G::Move>,
    ) -> Result<(), ReplayError> {
        if matches!(line.kind, RecordKind::Timer | RecordKind::Timeout) {
            // Time moved on to when the timer or the clock per move fired, and fired it.
            self.advance_clock(Duration::from_millis(line.clock))
                .map_err(|error| ReplayError::Clock { index, error })?;
            return Ok(());
        }
        if let (RecordKind::Undo, Some(player)) = (line.kind, line.player) {
            let take_back = line.action == "take_back";
            let undone = if take_back {
                self.take_back(player).map(|_| ())
            } else {
                self.undo(player).map(|_| ())
            };
            undone.map_err(|error| ReplayError::Undo { index, error })?;
            let cancels = match self
                .history
                .journal
                .as_ref()
                .and_then(|journal| journal.last())
            {
                Some(Entry::Undo(undone)) => undone.cancels.clone(),
                _ => Vec::new(),
            };
            if cancels != line.cancels {
                return Err(ReplayError::Diverged {
                    index,
                    reason: format!(
                        "the undo cancelled records {cancels:?}, the log says {:?}",
                        line.cancels
                    ),
                });
            }
            return Ok(());
        }
        let (RecordKind::Submitted, Some(player)) = (line.kind, line.player) else {
            return Err(ReplayError::Diverged {
                index,
                reason: format!(
                    "the log has a {:?} record `{}` that the replay did not produce",
                    line.kind, line.action
                ),
            });
        };
        // The clock as it stood when the player acted (a timer, if any, would have
        // fired and left a record of its own).
        if line.clock < self.position.clock_millis() {
            return Err(ReplayError::Clock {
                index,
                error: ClockError::Backwards {
                    clock: self.clock(),
                    now: Duration::from_millis(line.clock),
                },
            });
        }
        let clock = (self.position.clock_millis(), self.history.clock);
        self.position.set_clock(line.clock);
        self.history.clock = line.clock;
        let submission = Submission {
            action: line.action.to_string(),
            selections: line.selections.clone(),
        };
        if let Err(error) = self.submit_submission(player, &submission) {
            self.position.set_clock(clock.0);
            self.history.clock = clock.1;
            return Err(ReplayError::Refused { index, error });
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
}

/// What a replay compares of each record with the log's.
#[derive(Clone, Copy)]
pub(super) enum Compare {
    /// Every field, messages included ([`Engine::replay`]).
    Everything,
    /// The play, not the messages ([`Engine::restore`]).
    Play,
}

pub(super) fn describe_difference<M: PartialEq + serde::Serialize>(
    expected: &StoredRecord<M>,
    found: &StoredRecord<M>,
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
