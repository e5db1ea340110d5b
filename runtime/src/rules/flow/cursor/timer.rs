//! A step's timer: armed when players are to act, fired by the engine's clock
//! ([`Step::timer`](crate::rules::flow::Step::timer)).

use std::time::Duration;

use crate::rules::flow::{Flow, NodeKind, StepMoves, Timer};
use crate::rules::game::Game;

use super::FlowPosition;

impl FlowPosition {
    /// When the timer of the step where players act fires, as time on the game's clock
    /// ([`Engine::clock`](crate::Engine::clock)); `None` when no timer runs.
    #[must_use]
    pub fn deadline(&self) -> Option<Duration> {
        self.deadline.map(Duration::from_millis)
    }

    /// Starts the timer of the step where players act again, at `clock` (milliseconds), as the
    /// state says ([`Step::timer`](crate::rules::flow::Step::timer)); stops it when the step has
    /// none, nobody is to act, or the state says `None`.
    pub(crate) fn arm_timer<G: Game>(&mut self, flow: &Flow<G>, state: &G, clock: u64) {
        self.deadline = match self.timer(flow) {
            Some((_, timer)) if !self.to_act().is_empty() => (timer.after)(state).map(|after| {
                clock.saturating_add(u64::try_from(after.as_millis()).unwrap_or(u64::MAX))
            }),
            _ => None,
        };
    }

    /// Stops the running timer (the game is over).
    pub(crate) fn stop_timer(&mut self) {
        self.deadline = None;
    }

    /// The timer of the step where players act, if it has one, with the step's name.
    pub(super) fn timer<G: Game>(&self, flow: &Flow<G>) -> Option<(&'static str, Timer<G>)> {
        let frame = self.frames.last()?;
        match flow.node(frame.step).map(|node| &node.kind) {
            Some(NodeKind::Act {
                name,
                timer: Some(timer),
                ..
            }) => Some((name, *timer)),
            _ => None,
        }
    }

    /// The timer due at `clock` (milliseconds), taken: its step's name and its moves.
    /// `None` when no timer runs or it is not due yet.
    pub(crate) fn take_due_timer<G: Game>(
        &mut self,
        flow: &Flow<G>,
        clock: u64,
    ) -> Option<(&'static str, StepMoves<G>)> {
        if self.deadline.is_none_or(|deadline| deadline > clock) {
            return None;
        }
        self.deadline = None;
        self.timer(flow).map(|(name, timer)| (name, timer.fire))
    }
}
