//! Where a flow stands ([`FlowPosition`]) and how it moves on: one transition at a time,
//! each handing the engine what to record ([`Next`]).
//!
//! One file per construct, as Boardzilla keeps its flow (`each-player.ts`,
//! `while-loop.ts`...): this one holds the position, the transitions (`next`, `enter`,
//! `child_done`) and the small constructs (sequences, phases, branches, steps of moves);
//! `act.rs` the step where players act, `loops.rs` loops and turns, `interrupt.rs`
//! interrupts, `subflow.rs` subflows, `timer.rs` a step's timer, `seek.rs` a position built
//! without playing up to it and the check of one read from a save, `frame.rs` the entered
//! steps, `event.rs` the changes of the flow the engine records.

mod act;
mod event;
mod frame;
mod interrupt;
mod loops;
mod seek;
mod subflow;
mod timer;

pub use act::Acting;
pub use event::FlowEvent;
pub use frame::Frame;

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

use crate::pieces::player::{PlayerIndex, PlayerSet, Seats};
use crate::rules::flow::{Flow, Interrupt, ItemMoves, NodeKind, StepId, StepMoves};
use crate::rules::game::Game;

use act::is_idle;
use frame::Frames;

/// What the flow does next, in the engine's hands ([`FlowPosition::next`]).
pub enum Next<G: Game> {
    /// Record this change of the flow.
    Event(FlowEvent),
    /// Apply the moves this function pushes, as the record of step `name`.
    Moves(&'static str, StepMoves<G>),
    /// Apply the moves this function pushes for the item, as the record of the for-each
    /// loop `name` beginning a round ([`Step::for_each`](super::Step::for_each)).
    Item(&'static str, ItemMoves<G>, u32),
    /// Players are to act: the flow waits for them.
    Wait,
    /// The flow has played its last step.
    End,
}

/// What the cursor does at its next transition.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
enum Todo {
    /// Enter this step.
    Enter(StepId),
    /// Leave the innermost step, then tell its parent.
    Leave,
    /// The innermost step's current child ended.
    ChildDone,
    /// The innermost step, a loop, goes to its next round (or ends).
    NextRound,
    /// Unwind to the loop, then interrupt it.
    Unwind(StepId, Interrupt),
    /// Nothing to do until players act.
    #[default]
    Idle,
}

/// Where a game's flow stands: the steps entered, innermost last, and what comes next.
/// Plain data that serializes with a saved game, so a game resumes exactly where it
/// stood; empty for a game whose flow is written by hand.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct FlowPosition {
    frames: Frames,
    #[serde(default, skip_serializing_if = "is_idle")]
    acting: Acting,
    #[serde(default)]
    todo: Todo,
    #[serde(default)]
    started: bool,
    /// Whether the step where players act now is a turn's whole body that passes the turn
    /// the short way ([`next_turn`](Self::next_turn)): set when the step is entered, a
    /// shortcut that a saved position does not keep (its next turns go the general way
    /// until a step is entered again, to the same records).
    #[serde(skip)]
    passes_turn: bool,
    /// When the timer of the step where players act fires, in milliseconds of the game's
    /// clock ([`Step::timer`](super::Step::timer)); `None` when it has no timer running.
    #[serde(
        default,
        rename = "deadline_ms",
        skip_serializing_if = "Option::is_none"
    )]
    deadline: Option<u64>,
    /// For a step of several stages ([`Step::next_stage`](super::Step::next_stage)): the
    /// stage each seat is at, by seat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    stages: Option<Vec<u8>>,
    /// Where the flow stood when each running subflow began, the innermost last
    /// ([`Flow::subflow`](super::Flow::subflow)).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    suspended: Vec<Suspended>,
}

/// Where the flow stood when a subflow began ([`Flow::subflow`](super::Flow::subflow)):
/// restored once the subflow ends.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Suspended {
    /// How many steps were entered then: the subflow's root is entered above them.
    depth: u8,
    /// The step where players acted then, and who had acted.
    #[serde(default, skip_serializing_if = "is_idle")]
    acting: Acting,
    /// The stage each seat was at, in a step of several stages.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    stages: Option<Vec<u8>>,
    /// What the flow was to do next.
    todo: Todo,
}

/// Positions are equal when they stand at the same place: whether a turn passes the short
/// way is how, not where.
impl PartialEq for FlowPosition {
    fn eq(&self, other: &Self) -> bool {
        self.frames == other.frames
            && self.acting == other.acting
            && self.todo == other.todo
            && self.started == other.started
            && self.deadline == other.deadline
            && self.stages == other.stages
            && self.suspended == other.suspended
    }
}

impl Eq for FlowPosition {}

/// The seats of `players` still in the game.
fn in_game<G: Game>(flow: &Flow<G>, state: &G, players: PlayerSet) -> PlayerSet {
    match flow.skipping {
        None => players,
        Some(out) => players
            .iter()
            .filter(|&player| !out(state, player))
            .collect(),
    }
}

fn is_out<G: Game>(flow: &Flow<G>, state: &G, player: PlayerIndex) -> bool {
    flow.skipping.is_some_and(|out| out(state, player))
}

impl FlowPosition {
    /// The steps entered, outermost first.
    #[must_use]
    pub fn frames(&self) -> &[Frame] {
        &self.frames
    }

    /// Leaves the innermost step; a step where players act is always innermost, so
    /// nobody acts any more.
    #[inline]
    fn pop(&mut self) {
        self.frames.pop();
        self.acting = Acting::default();
        self.passes_turn = false;
        self.deadline = None;
        self.stages = None;
        // An interrupt that unwinds below where a subflow began ends the subflow for good.
        let depth = self.frames.len();
        self.suspended
            .retain(|suspended| usize::from(suspended.depth) <= depth);
    }

    /// Whether the flow has played its last step.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.started && self.frames.is_empty() && self.todo == Todo::Idle
    }

    /// The innermost phase the flow is in, by name.
    #[must_use]
    pub fn phase<G: Game>(&self, flow: &Flow<G>) -> Option<&'static str> {
        self.frames.iter().rev().find_map(|frame| {
            match flow.node(frame.step).map(|node| &node.kind) {
                Some(NodeKind::Phase { name, .. }) => Some(*name),
                _ => None,
            }
        })
    }

    /// Whose turn it is: the innermost each-player loop's player.
    #[must_use]
    pub fn turn(&self) -> Option<PlayerIndex> {
        self.frames.iter().rev().find_map(Frame::player)
    }

    /// Moves the flow on by one transition, as far as the next thing the engine must do.
    /// The engine calls it until it answers [`Next::Wait`] or [`Next::End`], recording
    /// what it hands back; `state` is the game after the last record.
    pub(crate) fn next<G: Game>(&mut self, flow: &Flow<G>, state: &G, seats: Seats) -> Next<G> {
        if !self.started {
            self.started = true;
            if flow.nodes.is_empty() {
                return Next::End;
            }
            self.todo = Todo::Enter(0);
        }
        loop {
            match self.todo {
                Todo::Idle => {
                    if self.acting.repeats {
                        self.ask_again(flow, state);
                    }
                    // A seat the last record put out of the game is asked nothing more,
                    // even in the middle of a step.
                    if flow.skipping.is_some() {
                        self.acting.actors = in_game(flow, state, self.acting.actors);
                    }
                    return match self.frames.last() {
                        None => Next::End,
                        Some(_) if !self.acting.actors.minus(self.acting.acted).is_empty() => {
                            Next::Wait
                        }
                        Some(_) => {
                            self.todo = Todo::Leave;
                            continue;
                        }
                    };
                }
                Todo::Enter(step) => {
                    if let Some(next) = self.enter(flow, state, seats, step) {
                        return next;
                    }
                }
                Todo::Leave => {
                    self.pop();
                    if self.resume_after_subflow() {
                        continue;
                    }
                    self.todo = if self.frames.is_empty() {
                        Todo::Idle
                    } else {
                        Todo::ChildDone
                    };
                }
                Todo::ChildDone => {
                    if let Some(next) = self.child_done(flow) {
                        return next;
                    }
                }
                Todo::NextRound => {
                    if let Some(next) = self.next_round(flow, state, seats) {
                        return next;
                    }
                }
                Todo::Unwind(target, interrupt) => {
                    if let Some(next) = self.unwind(flow, target, interrupt) {
                        return next;
                    }
                }
            }
        }
    }

    /// Enters `step`; hands back what the engine must record, if anything.
    fn enter<G: Game>(
        &mut self,
        flow: &Flow<G>,
        state: &G,
        seats: Seats,
        step: StepId,
    ) -> Option<Next<G>> {
        let Some(node) = flow.node(step) else {
            self.todo = Todo::Idle;
            return Some(Next::End);
        };
        let mut frame = Frame::new(step);
        match &node.kind {
            NodeKind::Act { .. } => self.enter_act(flow, state, seats, frame, node),
            NodeKind::Moves { name, moves } => {
                self.frames.push(frame);
                self.todo = Todo::Leave;
                Some(Next::Moves(name, *moves))
            }
            NodeKind::Sequence(steps) => {
                self.frames.push(frame);
                self.todo = steps
                    .first()
                    .map_or(Todo::Leave, |&first| Todo::Enter(first));
                None
            }
            NodeKind::Phase { name, body } => {
                self.frames.push(frame);
                self.todo = Todo::Enter(*body);
                Some(Next::Event(FlowEvent::EnterPhase {
                    phase: Cow::Borrowed(name),
                }))
            }
            NodeKind::Loop { .. } => self.enter_loop(flow, state, seats, frame, node),
            NodeKind::Branch {
                condition,
                then,
                otherwise,
            } => {
                let holds = condition(state, flow.progress(self));
                frame.round = u32::from(!holds);
                self.frames.push(frame);
                self.todo = Todo::Enter(if holds { *then } else { *otherwise });
                None
            }
            NodeKind::Interrupt { interrupt, target } => {
                self.todo = Todo::Unwind(*target, *interrupt);
                None
            }
        }
    }

    /// The innermost step's child ended: on to its next child, its next round, or out.
    fn child_done<G: Game>(&mut self, flow: &Flow<G>) -> Option<Next<G>> {
        let frame = self.frames.last_mut()?;
        match flow.node(frame.step).map(|node| &node.kind) {
            Some(NodeKind::Sequence(steps)) => {
                frame.round += 1;
                self.todo = match steps.get(frame.round as usize) {
                    Some(&step) => Todo::Enter(step),
                    None => Todo::Leave,
                };
                None
            }
            Some(NodeKind::Phase { name, .. }) => {
                self.todo = Todo::Leave;
                Some(Next::Event(FlowEvent::LeavePhase {
                    phase: Cow::Borrowed(name),
                }))
            }
            Some(NodeKind::Loop { .. }) => {
                self.todo = Todo::NextRound;
                frame
                    .player()
                    .map(|player| Next::Event(FlowEvent::EndTurn { player }))
            }
            _ => {
                self.todo = Todo::Leave;
                None
            }
        }
    }
}
