//! Time in the engine: the game's clock, moved only by an explicit call, and the timers
//! of the flow's steps it fires ([`Step::timer`](crate::flow::Step::timer)).
//!
//! Time enters the engine nowhere else: a fired timer is a record like any other
//! ([`RecordKind::Timer`]), each record carries the clock it was made at, and a replay
//! moves the clock as the log says, so it fires every timer where the game did.

use std::borrow::Cow;
use std::time::Duration;

use super::{Endless, Position, Recorder, Unrecorded, millis};
use crate::error::ClockError;
use crate::flow::FlowEvent;
use crate::game::Game;
use crate::log::RecordKind;

impl<G: Game> Position<G> {
    /// Moves the game's clock on to `now`, the time since the game began, and fires the
    /// timer of the step where players act if its deadline has come
    /// ([`Step::timer`](crate::flow::Step::timer)): its moves are applied as a record of
    /// their own, then the game settles as after a submission. Returns how many timers
    /// fired (a timer started again by what followed may be due too).
    ///
    /// # Errors
    /// [`ClockError::Backwards`] when `now` is before the clock; [`ClockError::Unsettled`]
    /// when what followed a timer never ends (the position is then left as it stood
    /// after the records played: a lookahead's copy is thrown away, the logged table
    /// rebuilds itself from its log).
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
        while self.state.outcome().is_none()
            && let Some((step, fire)) = self.flow_at.take_due_timer(&self.flow, self.clock)
        {
            let mut moves = std::mem::take(&mut self.stack);
            fire(&self.state, &mut moves);
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
            self.flow_at.stop_timer();
        } else {
            self.flow_at.arm_timer(&self.flow, &self.state, self.clock);
        }
    }
}
