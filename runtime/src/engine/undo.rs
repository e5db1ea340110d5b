//! Undo and take-back ([`Engine::undo`], [`Engine::take_back`]): the game put back from
//! its last checkpoint and the records since it, or the log replayed without the records
//! cancelled when they reach past the checkpoint;
//! refused, changing nothing, when a record to cancel drew chance or showed a viewer
//! something hidden from them.

use super::{Engine, action_behind, checkpoint};
use crate::error::UndoError;
use crate::pieces::player::PlayerIndex;
use crate::position::Position;
use crate::position::RecordKind;
use crate::records::log::Record;
use crate::rules::action::{ActionContext, ActionSet};
use crate::rules::game::Game;
use crate::seen::view::Viewer;

impl<G: Game> Engine<G> {
    /// Cancels `player`'s last action with all its consequences, restoring the exact state
    /// before it, and returns its record.
    ///
    /// # Errors
    /// [`UndoError::NoSuchSeat`] for a seat outside the table; [`UndoError::GameOver`] once the
    /// game is over; [`UndoError::NothingToUndo`] when the
    /// player has no action; [`UndoError::DrewChance`], [`UndoError::Forced`] or
    /// [`UndoError::Followed`] when it drew chance, was played for them, or another action
    /// came after it; [`UndoError::RevealedInformation`] when one of its moves showed a
    /// viewer something hidden from them (decided from the views, see
    /// [`take_back`](Self::take_back)).
    pub fn undo(&mut self, player: PlayerIndex) -> Result<Record<G>, UndoError> {
        self.check_undo_seat(player)?;
        self.check_undo()?;
        // The flow's records are not actions: those after the player's last action (their
        // turn ending, the next beginning) go with it.
        let Some(position) =
            self.history.records.iter().rposition(|record| {
                record.player == Some(player) && record.kind != RecordKind::Flow
            })
        else {
            return Err(UndoError::NothingToUndo {
                player: self.position.seat(player),
            });
        };
        let followed = self.history.records[position + 1..]
            .iter()
            .any(|record| record.kind != RecordKind::Flow);
        if followed {
            // What the action itself did outweighs what came after it: say that first.
            let record = &self.history.records[position];
            let action = self.action_text(self.position().state(), record);
            return Err(if record.drew_chance {
                UndoError::DrewChance { action }
            } else if record.kind != RecordKind::Submitted {
                UndoError::Forced { action }
            } else {
                UndoError::Followed {
                    player: self.position.seat(player),
                    action,
                }
            });
        }
        let cancelled = self.rewind(player, false, position)?;
        cancelled
            .into_iter()
            .next()
            .ok_or(UndoError::NothingToUndo {
                player: self.position.seat(player),
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
    /// [`UndoError::NoSuchSeat`] for a seat outside the table; [`UndoError::GameOver`] once the
    /// game is over; [`UndoError::NothingToUndo`] when the
    /// player submitted nothing; [`UndoError::DrewChance`] or
    /// [`UndoError::RevealedInformation`] naming the first action to cancel that drew chance
    /// or showed a viewer something hidden.
    pub fn take_back(&mut self, player: PlayerIndex) -> Result<Vec<Record<G>>, UndoError> {
        self.check_undo_seat(player)?;
        self.check_undo()?;
        let Some(position) = self.history.records.iter().rposition(|record| {
            record.player == Some(player) && record.kind == RecordKind::Submitted
        }) else {
            return Err(UndoError::NothingToUndo {
                player: self.position.seat(player),
            });
        };
        if position + 1 < self.history.records.len() {
            // The others' actions stay if they replay the same without this one.
            let mut without = self.standing_log();
            without.records.remove(position);
            if let Ok(rebuilt) = Self::replay(&without) {
                let own = self.history.records[position].clone();
                let mut earlier = without;
                earlier.records.truncate(position);
                let before =
                    Self::replay(&earlier).map_err(|error| UndoError::Nondeterministic {
                        reason: error.to_string(),
                    })?;
                self.check_cancellable(before.position().state(), std::slice::from_ref(&own))?;
                let settings = self.position.settings();
                let journal = self.journal_undo(player, true, vec![position]);
                *self = rebuilt;
                self.keep_settings(settings);
                self.history.journal = Some(journal);
                return Ok(vec![own]);
            }
        }
        self.rewind(player, true, position)
    }

    /// Gives the position and its checkpoint `settings`: a game rebuilt from its log has
    /// the log's, and keeps the ones it was played with (a limit of forced plays the log
    /// does not carry).
    fn keep_settings(&mut self, settings: crate::position::PositionSettings) {
        self.position.set_settings(settings);
        self.checkpoint.position.set_settings(settings);
    }

    /// Refuses an undo by a seat outside the table ([`UndoError::NoSuchSeat`]), before
    /// anything else.
    pub(super) fn check_undo_seat(&self, player: PlayerIndex) -> Result<(), UndoError> {
        self.position
            .check_seat(player)
            .map_err(|_| UndoError::NoSuchSeat {
                player,
                players: self.position().players(),
            })
    }

    /// Refuses any undo once the game is over ([`UndoError::GameOver`]).
    pub(super) fn check_undo(&self) -> Result<(), UndoError> {
        if self.position().outcome().is_some() {
            return Err(UndoError::GameOver);
        }
        Ok(())
    }

    /// Cancels the records from `position` on and replays the ones before it, if the first
    /// cancelled was chosen by a player and none of them drew chance or showed anyone
    /// something hidden from them; the journal keeps them, and the undo of `player`
    /// (a take-back when `take_back`).
    pub(super) fn rewind(
        &mut self,
        player: PlayerIndex,
        take_back: bool,
        position: usize,
    ) -> Result<Vec<Record<G>>, UndoError> {
        let cancelled = &self.history.records[position..];
        if let Some(first) = cancelled.first()
            && first.kind != RecordKind::Submitted
        {
            return Err(UndoError::Forced {
                action: self.action_text(self.position().state(), first),
            });
        }
        if let Some(index) = cancelled.iter().position(|record| record.drew_chance) {
            let action = action_behind(cancelled, index)
                .map(|record| self.action_text(self.position().state(), record))
                .unwrap_or_default();
            return Err(UndoError::DrewChance { action });
        }
        // From the checkpoint, when it stands before the records to cancel: a copy and
        // the few records since it played again, whatever the game's length.
        if self.checkpoint.records <= position {
            let mut before = self.checkpoint.position.clone();
            let since = &self.history.records[self.checkpoint.records..position];
            checkpoint::play_again(&mut before, since, self.checkpoint.records)
                .map_err(|reason| UndoError::Nondeterministic { reason })?;
            self.check_cancellable(before.state(), cancelled)?;
            return Ok(self.put_back(player, take_back, position, before));
        }
        // Only now is the log written: a refusal above costs nothing.
        let mut rebuilt = Self::replay(&self.log_before(position)).map_err(|error| {
            UndoError::Nondeterministic {
                reason: error.to_string(),
            }
        })?;
        self.check_cancellable(rebuilt.position().state(), cancelled)?;
        let cancelled = cancelled.to_vec();
        rebuilt.keep_settings(self.position.settings());
        let journal = self.journal_undo(
            player,
            take_back,
            (position..self.history.records.len()).collect(),
        );
        *self = rebuilt;
        self.history.journal = Some(journal);
        Ok(cancelled)
    }

    /// Cancels the records from `position` on by putting back `before`, the game as it
    /// stood before them (played again from the checkpoint); the journal keeps them, and
    /// the undo of `player` (a take-back when `take_back`). Returns the cancelled records.
    /// What [`rewind`](Self::rewind) does by replaying the log, at the cost of one copy
    /// and the records since the checkpoint.
    fn put_back(
        &mut self,
        player: PlayerIndex,
        take_back: bool,
        position: usize,
        before: Position<G>,
    ) -> Vec<Record<G>> {
        let journal = self.journal_undo(
            player,
            take_back,
            (position..self.history.records.len()).collect(),
        );
        let cancelled = self.history.records.split_off(position);
        self.position = before;
        self.history.moves.clear();
        // The clock as the log replays to it, the clock of the last record standing: the
        // position's may be later (time moved on before the submission), and a game must
        // stand where its log does, whichever way its undo was made.
        let clock = self
            .history
            .records
            .last()
            .map_or(self.position.clock_millis(), |record| record.clock);
        self.position.set_clock(clock);
        self.history.clock = clock;
        self.history.journal = Some(journal);
        cancelled
    }

    /// Refuses to cancel `cancelled`, applied in order from `before`, if one of their moves
    /// showed a viewer something hidden from them ([`take_back`](Self::take_back)).
    pub(super) fn check_cancellable(
        &self,
        before: &G,
        cancelled: &[Record<G>],
    ) -> Result<(), UndoError> {
        let moves = cancelled.iter().map(|record| &record.moves[..]);
        match crate::records::reveal::first_revealing(before, self.position().players(), moves) {
            None => Ok(()),
            Some(revealed) => {
                let action = action_behind(cancelled, revealed.record)
                    .map(|record| self.action_text(before, record))
                    .unwrap_or_default();
                Err(UndoError::RevealedInformation {
                    action,
                    viewer: match revealed.viewer {
                        Viewer::Player(seat) => self.position().state().player_name(seat),
                        Viewer::Observer => "an observer".to_owned(),
                        Viewer::Admin => "the admin".to_owned(),
                    },
                })
            }
        }
    }

    /// How `record`'s action reads to a player: its prompt text in `state` (its name when
    /// the record is not an action of the game's, the setup or a pass).
    pub(super) fn action_text(&self, state: &G, record: &Record<G>) -> String {
        match (&record.action, record.player) {
            (Some(action), Some(player)) => {
                // The flow as it stands now: a record's words in a message, not a rule.
                ActionContext::new(state, self.position.progress(), player, &action.args()).prompt()
            }
            _ => record.name().to_owned(),
        }
    }
}
