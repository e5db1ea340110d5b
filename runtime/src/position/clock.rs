//! Time in the engine: the game's clock, moved only by an explicit call, and the timers
//! of the flow's steps it fires ([`Step::timer`](crate::rules::flow::Step::timer)).
//!
//! Time enters the engine nowhere else: a fired timer is a record like any other
//! ([`RecordKind::Timer`]), each record carries the clock it was made at, and a replay
//! moves the clock as the log says, so it fires every timer where the game did.

use std::borrow::Cow;
use std::time::Duration;

use super::RecordKind;
use super::{Endless, Position, Recorder, Unrecorded, millis};
use crate::error::ClockError;
use crate::pieces::player::{PlayerIndex, PlayerSet};
use crate::rules::flow::FlowEvent;
use crate::rules::game::Game;

/// The name a timeout gives in [`ClockError::Unsettled`]: no step of the flow.
const MOVE_CLOCK: &str = "move clock";

/// A clock per move ([`PositionSettings::move_clock`](super::PositionSettings::move_clock)):
/// each seat's deadline while it is to act.
#[derive(Clone, Debug)]
pub(crate) struct MoveClock {
    /// How long each player has, in milliseconds.
    limit: u64,
    /// Each seat's deadline on the game's clock, in milliseconds; `None` while it is not
    /// to act.
    deadlines: Vec<Option<u64>>,
    /// The seats that acted since the deadlines were last set: their next move has the
    /// whole limit again.
    acted: PlayerSet,
}

impl MoveClock {
    /// A clock of `limit` milliseconds a move at a table of `players`, with `deadlines`
    /// already running (a snapshot's), else none yet.
    pub(crate) fn new(limit: u64, players: usize, deadlines: Option<Vec<Option<u64>>>) -> Self {
        let mut deadlines = deadlines.unwrap_or_default();
        deadlines.resize(players, None);
        MoveClock {
            limit,
            deadlines,
            acted: PlayerSet::EMPTY,
        }
    }

    /// Each seat's deadline, seat 0 first.
    pub(crate) fn deadlines(&self) -> &[Option<u64>] {
        &self.deadlines
    }

    /// Sets each seat's deadline after something happened, at `clock`: a seat that became
    /// to act, or acted and is to act again, has the whole limit from now; one still to
    /// act keeps its deadline (nobody gains time from another's move); the others none.
    fn arm(&mut self, to_act: PlayerSet, clock: u64) {
        for (seat, deadline) in self.deadlines.iter_mut().enumerate() {
            let seat = PlayerIndex(seat);
            *deadline = if !to_act.contains(seat) {
                None
            } else if deadline.is_none() || self.acted.contains(seat) {
                Some(clock.saturating_add(self.limit))
            } else {
                *deadline
            };
        }
        self.acted = PlayerSet::EMPTY;
    }

    fn stop(&mut self) {
        self.deadlines.fill(None);
        self.acted = PlayerSet::EMPTY;
    }

    pub(crate) fn deadline(&self, player: PlayerIndex) -> Option<u64> {
        self.deadlines.get(player.0).copied().flatten()
    }

    /// The earliest deadline of any seat.
    pub(crate) fn next_deadline(&self) -> Option<u64> {
        self.deadlines.iter().flatten().min().copied()
    }

    /// The seat whose deadline came first by `clock` (the lowest seat of equal ones).
    fn due(&self, clock: u64) -> Option<PlayerIndex> {
        self.deadlines
            .iter()
            .enumerate()
            .filter_map(|(seat, deadline)| deadline.map(|deadline| (deadline, seat)))
            .filter(|&(deadline, _)| deadline <= clock)
            .min()
            .map(|(_, seat)| PlayerIndex(seat))
    }
}

impl<G: Game> Position<G> {
    /// Moves the game's clock on to `now`, the time since the game began, and fires the
    /// timer of the step where players act if its deadline has come
    /// ([`Step::timer`](crate::rules::flow::Step::timer)): its moves are applied as a record of
    /// their own, then the game settles as after a submission. Returns how many timers
    /// fired (a timer started again by what followed may be due too).
    ///
    /// # Errors
    /// [`ClockError::Backwards`] when `now` is before the clock; [`ClockError::Unsettled`]
    /// when what followed a timer never ends (the position is then left as it stood
    /// after the records played: a lookahead's copy is thrown away, the logged table
    /// puts itself back from the copy it took).
    pub fn advance_clock(&mut self, now: Duration) -> Result<usize, ClockError> {
        self.advance_clock_recorded(now, &mut Unrecorded)
    }

    /// [`advance_clock`](Self::advance_clock), handing each record to `recorder`.
    pub(crate) fn advance_clock_recorded(
        &mut self,
        now: Duration,
        recorder: &mut impl Recorder<G>,
    ) -> Result<usize, ClockError> {
        let now = millis(now);
        if now < self.clock {
            return Err(ClockError::Backwards {
                clock: Duration::from_millis(self.clock),
                now: Duration::from_millis(now),
            });
        }
        self.clock = now;
        let mut fired = 0;
        while self.state.outcome().is_none() {
            let Some((step, fire)) = self.flow.at.take_due_timer(&self.flow.compiled, self.clock)
            else {
                if self.play_timeout(recorder)? {
                    fired += 1;
                    continue;
                }
                break;
            };
            let mut moves = std::mem::take(&mut self.stack);
            fire(&self.state, self.flow.progress(), &mut moves);
            let event = FlowEvent::Timer {
                step: Cow::Borrowed(step),
            };
            self.play_flow_record(RecordKind::Timer, event, moves, recorder);
            fired += 1;
            // The records the timer's moves led to count towards the same limit.
            let endless = |error: Endless| ClockError::Unsettled {
                step,
                refusal: error.into_error(),
            };
            self.settle(recorder).map_err(endless)?;
            if fired >= self.settings.forced_limit {
                return Err(endless(self.endless(fired)));
            }
        }
        Ok(fired)
    }

    /// Plays the timeout move of the seat whose clock per move ran out first, if any:
    /// whether one was played.
    ///
    /// # Errors
    /// [`ClockError::Unsettled`] when what followed never ends.
    fn play_timeout(&mut self, recorder: &mut impl Recorder<G>) -> Result<bool, ClockError> {
        while let Some(seat) = self
            .move_clock
            .as_ref()
            .and_then(|clock| clock.due(self.clock))
        {
            let action = self
                .state
                .timeout_action(self.flow.progress(), seat)
                .filter(|action| self.admit(seat, action).is_ok())
                .or_else(|| self.decode_nth(seat, 0).ok());
            let Some(action) = action else {
                // Nothing to play for them (stuck): their clock stops.
                if let Some(clock) = self.move_clock.as_mut()
                    && let Some(deadline) = clock.deadlines.get_mut(seat.0)
                {
                    *deadline = None;
                }
                continue;
            };
            self.note_acted(seat);
            self.perform(seat, action, RecordKind::Timeout, recorder);
            self.settle_after(Some(seat), recorder)
                .map_err(|error: Endless| ClockError::Unsettled {
                    step: MOVE_CLOCK,
                    refusal: error.into_error(),
                })?;
            return Ok(true);
        }
        Ok(false)
    }

    /// Notes that `player` acted (a submission of the logged table): their next move has
    /// the whole clock per move again. Nothing without a clock.
    pub(crate) fn note_acted(&mut self, player: PlayerIndex) {
        if let Some(clock) = self.move_clock.as_mut() {
            clock.acted = clock.acted.with(player);
        }
    }

    /// Sets the clock to `now` without firing anything: a replay, before a record made
    /// at `now`.
    pub(crate) fn set_clock(&mut self, now: u64) {
        self.clock = now;
    }

    /// The game's clock in milliseconds.
    pub(crate) fn clock_millis(&self) -> u64 {
        self.clock
    }

    /// Starts the running step's timer again from the state and the clock, once something
    /// happened since it last was.
    #[cold]
    #[inline(never)]
    pub(super) fn arm_timer(&mut self) {
        self.timer_armed_at = self.played.records;
        if self.state.outcome().is_some() {
            self.flow.at.stop_timer();
            if let Some(clock) = self.move_clock.as_mut() {
                clock.stop();
            }
        } else {
            self.flow
                .at
                .arm_timer(&self.flow.compiled, &self.state, self.clock);
            if let Some(clock) = self.move_clock.as_mut() {
                clock.arm(self.ready.to_act, self.clock);
            }
        }
    }
}
