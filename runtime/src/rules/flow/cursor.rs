//! Where a flow stands ([`FlowPosition`]) and how it moves on: one transition at a time,
//! each handing the engine what to record ([`Next`]).

use std::borrow::Cow;
use std::fmt;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::{
    Actors, Asks, DEPTH, Flow, FlowError, Interrupt, ItemMoves, NodeKind, Repeat, StepId,
    StepMoves, Timer,
};
use crate::pieces::player::{PlayerIndex, PlayerSet, Seats};
use crate::rules::game::Game;

/// A change of the flow the engine records, as a record of kind
/// [`RecordKind::Flow`](crate::RecordKind::Flow): for clients to show and for effects to
/// trigger on (start and end of turn). When several happen at once they come innermost
/// first: a turn ends before its phase is left, a phase is entered before its first turn
/// starts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum FlowEvent {
    /// The game enters the phase.
    EnterPhase {
        /// The phase's name.
        phase: Cow<'static, str>,
    },
    /// The game leaves the phase.
    LeavePhase {
        /// The phase's name.
        phase: Cow<'static, str>,
    },
    /// The player's turn begins ([`Step::each_player`](super::Step::each_player)).
    StartTurn {
        /// Whose turn.
        player: PlayerIndex,
    },
    /// The player's turn ends.
    EndTurn {
        /// Whose turn it was.
        player: PlayerIndex,
    },
    /// The engine plays the moves of a step ([`Step::moves`](super::Step::moves)).
    Moves {
        /// The step's name.
        step: Cow<'static, str>,
    },
    /// The timer of a step where players act fired ([`Step::timer`](super::Step::timer)),
    /// and the engine plays its moves.
    Timer {
        /// The step's name.
        step: Cow<'static, str>,
    },
    /// A fix-up applied its moves ([`Flow::fix_up`]).
    FixUp {
        /// The fix-up's name.
        name: Cow<'static, str>,
    },
}

impl fmt::Display for FlowEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FlowEvent::EnterPhase { phase } => write!(f, "phase {phase} begins"),
            FlowEvent::LeavePhase { phase } => write!(f, "phase {phase} ends"),
            FlowEvent::StartTurn { player } => write!(f, "turn of {player} begins"),
            FlowEvent::EndTurn { player } => write!(f, "turn of {player} ends"),
            FlowEvent::Moves { step } => write!(f, "{step}"),
            FlowEvent::Timer { step } => write!(f, "the time for {step} ran out"),
            FlowEvent::FixUp { name } => write!(f, "{name}"),
        }
    }
}

/// One entered step of a flow, innermost last in a [`FlowPosition`]: twelve bytes, since
/// every lookahead copies the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Frame {
    /// The step, by its index in the flow (depth-first order of the declaration).
    step: u16,
    /// An each-player loop's player whose turn it is ([`NO_TURN`] for none).
    #[serde(
        rename = "player",
        default = "no_turn",
        skip_serializing_if = "is_no_turn"
    )]
    turn: u8,
    /// A sequence's current step, a loop's round (0 for the first), a branch's side (0
    /// for `then`).
    round: u32,
    /// A [`Repeat::Times`] loop's count, a for-each loop's items (as bits), fixed at entry;
    /// an each-player loop's first player.
    limit: u32,
}

/// A frame's `turn` when it is nobody's: seats are fewer than [`Seats::MAX`].
const NO_TURN: u8 = u8::MAX;

fn no_turn() -> u8 {
    NO_TURN
}

fn is_no_turn(turn: &u8) -> bool {
    *turn == NO_TURN
}

impl Frame {
    fn new(step: StepId) -> Self {
        Frame {
            step,
            turn: NO_TURN,
            round: 0,
            limit: 0,
        }
    }

    /// The step, by its index in the flow (depth-first order of its declaration).
    #[must_use]
    pub fn step(&self) -> u16 {
        self.step
    }

    /// A sequence's current step, a loop's round (0 for the first), a branch's side (0
    /// for `then`).
    #[must_use]
    pub fn round(&self) -> u32 {
        self.round
    }

    /// For an each-player loop, the player whose turn it is.
    #[must_use]
    pub fn player(&self) -> Option<PlayerIndex> {
        (self.turn != NO_TURN).then_some(PlayerIndex(usize::from(self.turn)))
    }

    #[inline]
    fn set_turn(&mut self, player: Option<PlayerIndex>) {
        self.turn = player
            .and_then(|player| u8::try_from(player.0).ok())
            .unwrap_or(NO_TURN);
    }
}

/// The step where players act now, the innermost frame when there is one: kept apart from
/// the frames, read at every decision.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Acting {
    /// Who acts in it.
    #[serde(default, skip_serializing_if = "is_nobody")]
    pub actors: PlayerSet,
    /// Who has acted.
    #[serde(default, skip_serializing_if = "is_nobody")]
    pub acted: PlayerSet,
    /// The actions it offers, as bits of their indices.
    #[serde(default, skip_serializing_if = "is_none_offered")]
    pub offered: u64,
    /// Whether the step asks its players again until they are done
    /// ([`Step::repeated_until`](super::Step::repeated_until)).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub repeats: bool,
}

/// The steps a flow position has entered, innermost last: at most [`DEPTH`], in place (a
/// position is cloned by every lookahead, and read at every decision without the branch
/// of a vector that may spill).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Frames {
    frames: [Frame; DEPTH],
    len: u8,
}

impl Default for Frames {
    fn default() -> Self {
        Frames {
            frames: [Frame::new(0); DEPTH],
            len: 0,
        }
    }
}

impl std::ops::Deref for Frames {
    type Target = [Frame];

    #[inline]
    fn deref(&self) -> &[Frame] {
        &self.frames[..usize::from(self.len).min(DEPTH)]
    }
}

impl std::ops::DerefMut for Frames {
    #[inline]
    fn deref_mut(&mut self) -> &mut [Frame] {
        &mut self.frames[..usize::from(self.len).min(DEPTH)]
    }
}

impl Frames {
    /// Enters `frame`; a compiled flow never nests deeper than [`DEPTH`]
    /// ([`Flow::new`]), so a frame past it is dropped.
    #[inline]
    fn push(&mut self, frame: Frame) {
        if let Some(slot) = self.frames.get_mut(usize::from(self.len)) {
            *slot = frame;
            self.len += 1;
        }
    }

    #[inline]
    fn pop(&mut self) {
        self.len = self.len.saturating_sub(1);
    }

    #[inline]
    fn last(&self) -> Option<&Frame> {
        usize::from(self.len)
            .checked_sub(1)
            .and_then(|top| self.frames.get(top))
    }

    #[inline]
    fn last_mut(&mut self) -> Option<&mut Frame> {
        usize::from(self.len)
            .checked_sub(1)
            .and_then(|top| self.frames.get_mut(top))
    }
}

impl Serialize for Frames {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for Frames {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let read = Vec::<Frame>::deserialize(deserializer)?;
        if read.len() > DEPTH {
            return Err(serde::de::Error::custom(format!(
                "{} steps entered, more than a flow nests ({DEPTH})",
                read.len()
            )));
        }
        let mut frames = Frames::default();
        for frame in read {
            frames.push(frame);
        }
        Ok(frames)
    }
}

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

impl FlowPosition {
    /// Where `flow` stands just before it enters the step where players act named `step`
    /// (the first so named, in the order of the declaration), with `turn` the player of
    /// every [`Step::each_player`](super::Step::each_player) loop around it: what a test
    /// starts a game from ([`Start::at_step`](crate::Start::at_step)) to play that step
    /// without playing the game up to it. The loops around the step are at their first
    /// round; a [`Step::times`](super::Step::times) loop counts its rounds from `state`,
    /// and a for-each loop's set is read from it, its first item already bound (the state
    /// must hold what the loop's moves would have set). No record is made of the phases
    /// and turns it stands in. When the game starts, the step is entered: who acts in it
    /// is asked of the state then.
    ///
    /// # Errors
    /// [`FlowError::NoSuchStep`] when the flow declares no such step.
    pub fn before_step<G: Game>(
        flow: &Flow<G>,
        state: &G,
        step: &str,
        turn: Option<PlayerIndex>,
    ) -> Result<FlowPosition, FlowError> {
        let main = flow
            .subflows
            .iter()
            .map(|&(_, root, _)| usize::from(root))
            .min()
            .unwrap_or(flow.nodes.len());
        let target = flow.nodes[..main]
            .iter()
            .position(|node| matches!(&node.kind, NodeKind::Act { name, .. } if *name == step))
            .and_then(|id| StepId::try_from(id).ok())
            .ok_or_else(|| FlowError::NoSuchStep {
                step: step.to_owned(),
            })?;
        // The steps around it, outermost first, each with the child on the way down.
        let mut path = Vec::new();
        let mut child = target;
        while let Some(parent) = flow.node(child).and_then(|node| node.parent) {
            path.push((parent, child));
            child = parent;
        }
        path.reverse();
        let mut at = FlowPosition {
            started: true,
            todo: Todo::Enter(target),
            ..FlowPosition::default()
        };
        for (step_id, child) in path {
            let mut frame = Frame::new(step_id);
            match flow.node(step_id).map(|node| &node.kind) {
                Some(NodeKind::Sequence(steps)) => {
                    let index = steps.iter().position(|&id| id == child).unwrap_or(0);
                    frame.round = u32::try_from(index).unwrap_or(u32::MAX);
                }
                Some(NodeKind::Branch { then, .. }) => frame.round = u32::from(*then != child),
                Some(NodeKind::Loop { repeat, .. }) => {
                    at.frames.push(frame);
                    let progress = flow.progress(&at);
                    let (limit, player) = match *repeat {
                        Repeat::Times(count) => (count(state, progress), None),
                        Repeat::ForEach(items, _) => (items(state, progress), None),
                        Repeat::EachPlayer(_) => (
                            turn.map_or(0, |player| u32::try_from(player.0).unwrap_or(u32::MAX)),
                            turn,
                        ),
                        Repeat::While(_) | Repeat::Until(_) | Repeat::Forever => (0, None),
                    };
                    if let Some(frame) = at.frames.last_mut() {
                        frame.limit = limit;
                        frame.set_turn(player);
                    }
                    continue;
                }
                _ => {}
            }
            at.frames.push(frame);
        }
        Ok(at)
    }

    /// The steps entered, outermost first.
    #[must_use]
    pub fn frames(&self) -> &[Frame] {
        &self.frames
    }

    /// Checks that this position fits `flow` at a table of `seats`: each step entered
    /// inside the one before it, the first a step of the flow's top; a step where players
    /// act only innermost, with its actions and repetition as the flow declares them; every
    /// seat named (whose turn, who acts, who acted) at the table.
    ///
    /// # Errors
    /// [`FlowError::Position`] saying what does not fit.
    pub fn check<G: Game>(&self, flow: &Flow<G>, seats: Seats) -> Result<(), FlowError> {
        let misfit = |reason: String| Err(FlowError::Position { reason });
        let everyone = seats.everyone();
        let acting = self.acting;
        if !acting.actors.minus(everyone).is_empty() || !acting.acted.minus(everyone).is_empty() {
            return misfit(format!(
                "the players acting, {:?}, are not all at this table of {}",
                acting.actors,
                seats.count()
            ));
        }
        if self.frames.is_empty() && acting != Acting::default() {
            return misfit("players are acting in no step".to_owned());
        }
        let mut parent = None;
        let top = self.frames.len().checked_sub(1);
        let depths = self
            .suspended
            .iter()
            .map(|suspended| usize::from(suspended.depth));
        if depths.clone().any(|depth| depth > self.frames.len())
            || !depths
                .clone()
                .zip(depths.clone().skip(1))
                .all(|(a, b)| a < b)
        {
            return misfit(format!(
                "the subflows began at depths {:?}, not within the {} steps entered",
                depths.collect::<Vec<_>>(),
                self.frames.len()
            ));
        }
        // Where the subflow that begins at `depth` stood, if one does.
        let suspended_at = |depth: usize| {
            self.suspended
                .iter()
                .find(|suspended| usize::from(suspended.depth) == depth)
        };
        for (depth, frame) in self.frames.iter().enumerate() {
            if let Some(player) = frame.player().filter(|player| player.0 >= seats.count()) {
                return misfit(format!(
                    "the turn at depth {depth} is {player}'s, who is not at this table of {}",
                    seats.count()
                ));
            }
            // A subflow's root begins a chain of its own.
            let root_of_subflow = suspended_at(depth).is_some();
            if root_of_subflow {
                parent = None;
            }
            // The innermost step of its chain: the position's, or one a subflow stands on.
            let (innermost, chain_acting) = match suspended_at(depth + 1) {
                Some(suspended) => (true, suspended.acting),
                None => (Some(depth) == top, acting),
            };
            let expected = match flow.node(frame.step).map(|node| &node.kind) {
                Some(NodeKind::Act { actions, asks, .. }) if innermost => Acting {
                    offered: *actions,
                    repeats: asks.repeats(),
                    ..chain_acting
                },
                Some(NodeKind::Act { .. }) => Acting {
                    offered: u64::MAX,
                    ..Acting::default()
                },
                _ if innermost => Acting::default(),
                _ => chain_acting,
            };
            let placed = flow
                .node(frame.step)
                .is_some_and(|node| node.parent == parent)
                && (!root_of_subflow
                    || flow.subflows.iter().any(|&(_, root, _)| root == frame.step));
            if expected != chain_acting || !placed {
                return Err(FlowError::Position {
                    reason: format!(
                        "step {} at depth {depth} is not a step of the flow inside the one before it, or not as the flow declares it",
                        frame.step
                    ),
                });
            }
            parent = Some(frame.step);
        }
        let count = self.stage_masks(flow).map_or(0, <[u64]>::len);
        let fits = match &self.stages {
            None => count == 0,
            Some(stages) => {
                stages.len() == seats.count()
                    && stages.iter().all(|&stage| usize::from(stage) < count)
            }
        };
        if !fits {
            return misfit(format!(
                "the stages {:?} do not fit the step where players act ({count} stages)",
                self.stages
            ));
        }
        if self.deadline.is_some() && self.timer(flow).is_none() {
            return misfit("a timer runs, but the step where players act has none".to_owned());
        }
        let pending = match self.todo {
            Todo::Enter(step) | Todo::Unwind(step, _) => Some(step),
            _ => None,
        };
        if let Some(step) = pending.filter(|&step| flow.node(step).is_none()) {
            return Err(FlowError::Position {
                reason: format!("step {step} is not a step of the flow"),
            });
        }
        Ok(())
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

    /// Runs the subflow `name` from here: the flow stands still (the step where players
    /// act, who acted, what comes next) until the subflow ends.
    ///
    /// # Errors
    /// [`FlowError::NoSuchSubflow`] when the flow declares none of that name;
    /// [`FlowError::TooDeep`] when its steps do not fit on top of those entered.
    pub(crate) fn start_subflow<G: Game>(
        &mut self,
        flow: &Flow<G>,
        name: &str,
    ) -> Result<(), FlowError> {
        let Some((root, nesting)) = flow.subflow_root(name) else {
            return Err(FlowError::NoSuchSubflow {
                name: name.to_owned(),
            });
        };
        // Its steps on top of those entered (a subflow run from a subflow goes deeper than
        // the check of the declaration counts).
        let depth = self.frames.len();
        if depth + nesting > DEPTH {
            return Err(FlowError::TooDeep {
                depth: depth + nesting,
            });
        }
        self.suspended.push(Suspended {
            depth: u8::try_from(depth).unwrap_or(u8::MAX),
            acting: std::mem::take(&mut self.acting),
            stages: self.stages.take(),
            todo: self.todo,
        });
        self.passes_turn = false;
        self.deadline = None;
        self.todo = Todo::Enter(root);
        Ok(())
    }

    /// After a step was left: if it was the root of the innermost subflow, the flow goes
    /// on where it stood when the subflow began. Whether it did.
    fn resume_after_subflow(&mut self) -> bool {
        let depth = self.frames.len();
        if self
            .suspended
            .last()
            .is_none_or(|suspended| usize::from(suspended.depth) != depth)
        {
            return false;
        }
        if let Some(suspended) = self.suspended.pop() {
            self.acting = suspended.acting;
            self.stages = suspended.stages;
            self.todo = suspended.todo;
        }
        true
    }

    /// Where the flow stood when each running subflow began, the innermost last.
    #[must_use]
    pub fn suspended(&self) -> &[Suspended] {
        &self.suspended
    }

    /// When the timer of the step where players act fires, as time on the game's clock
    /// ([`Engine::clock`](crate::Engine::clock)); `None` when no timer runs.
    #[must_use]
    pub fn deadline(&self) -> Option<Duration> {
        self.deadline.map(Duration::from_millis)
    }

    /// Starts the timer of the step where players act again, at `clock` (milliseconds),
    /// as the state says ([`Step::timer`](super::Step::timer)); stops it when the step has
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
    fn timer<G: Game>(&self, flow: &Flow<G>) -> Option<(&'static str, Timer<G>)> {
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

    /// The step where players act now, by name, with who acts in it and who has acted.
    #[must_use]
    pub fn acting<G: Game>(&self, flow: &Flow<G>) -> Option<(&'static str, PlayerSet, PlayerSet)> {
        let frame = self.frames.last()?;
        match flow.node(frame.step).map(|node| &node.kind) {
            Some(NodeKind::Act { name, .. }) => Some((name, self.acting.actors, self.acting.acted)),
            _ => None,
        }
    }

    /// Who may act now: the actors of the step where players act, less those who acted.
    #[inline]
    pub(crate) fn to_act(&self) -> PlayerSet {
        if self.todo == Todo::Idle {
            self.acting.actors.minus(self.acting.acted)
        } else {
            PlayerSet::EMPTY
        }
    }

    /// The actions offered now, as a mask over the game's action indices: every action
    /// for a flow written by hand.
    #[inline]
    pub(crate) fn offered(&self) -> u64 {
        if self.frames.is_empty() {
            u64::MAX
        } else {
            self.acting.offered
        }
    }

    /// Whether the turn passes the short way now ([`next_turn`](Self::next_turn)): the
    /// player whose turn it is acted in the step that is their turn's whole body.
    #[inline(always)]
    pub(crate) fn turn_ended(&self) -> bool {
        self.passes_turn && self.acting.actors == self.acting.acted
    }

    /// Takes note that `player` acted in the step where players act now: in a step of
    /// several stages, they go on to their next stage, and have acted once through the
    /// last.
    #[inline]
    pub(crate) fn acted<G: Game>(&mut self, flow: &Flow<G>, player: PlayerIndex) {
        if self.stages.is_some() {
            self.acted_in_stage(flow, player);
        } else {
            self.acting.acted = self.acting.acted.with(player);
        }
    }

    /// [`acted`](Self::acted) in a step of several stages. Out of line: rare.
    #[cold]
    fn acted_in_stage<G: Game>(&mut self, flow: &Flow<G>, player: PlayerIndex) {
        let count = self.stage_masks(flow).map_or(1, <[u64]>::len);
        let Some(stage) = self
            .stages
            .as_mut()
            .and_then(|stages| stages.get_mut(player.0))
        else {
            return;
        };
        if usize::from(*stage) + 1 < count {
            *stage += 1;
        } else {
            self.acting.acted = self.acting.acted.with(player);
        }
    }

    /// The actions of each stage of the step where players act, when it has several.
    fn stage_masks<'f, G: Game>(&self, flow: &'f Flow<G>) -> Option<&'f [u64]> {
        let frame = self.frames.last()?;
        match flow.node(frame.step).map(|node| &node.kind) {
            Some(NodeKind::Act { stages, .. }) if stages.len() > 1 => Some(stages),
            _ => None,
        }
    }

    /// The actions offered to `player` now, as a mask over the game's action indices: their
    /// stage's in a step of several stages, else the step's.
    #[inline]
    pub(crate) fn offered_to<G: Game>(&self, flow: &Flow<G>, player: PlayerIndex) -> u64 {
        match &self.stages {
            None => self.offered(),
            Some(stages) => self.stage_offered(flow, stages, player),
        }
    }

    /// [`offered_to`](Self::offered_to) in a step of several stages. Out of line: rare.
    #[cold]
    fn stage_offered<G: Game>(&self, flow: &Flow<G>, stages: &[u8], player: PlayerIndex) -> u64 {
        let stage = stages.get(player.0).map_or(0, |&stage| usize::from(stage));
        self.stage_masks(flow)
            .and_then(|masks| masks.get(stage))
            .copied()
            .unwrap_or(self.acting.offered)
    }

    /// The stage each seat is at in the step where players act, by seat, when it has
    /// several stages ([`Step::next_stage`](super::Step::next_stage)).
    #[must_use]
    pub fn stages(&self) -> Option<&[u8]> {
        self.stages.as_deref()
    }

    /// Interrupts the loop named `name` the flow is in ([`Interrupt`]), from a move: done
    /// at the flow's next transition.
    ///
    /// # Errors
    /// [`FlowError::NotInLoop`] when no loop of the flow now is named `name`.
    pub(crate) fn interrupt<G: Game>(
        &mut self,
        flow: &Flow<G>,
        interrupt: Interrupt,
        name: &str,
    ) -> Result<(), FlowError> {
        let target = self.frames.iter().rev().find_map(|frame| {
            match flow.node(frame.step).map(|node| &node.kind) {
                Some(NodeKind::Loop {
                    name: loop_name, ..
                }) if *loop_name == name => Some(frame.step),
                _ => None,
            }
        });
        match target {
            Some(target) => {
                self.todo = Todo::Unwind(target, interrupt);
                self.passes_turn = false;
                Ok(())
            }
            None => Err(FlowError::NotInLoop {
                loop_name: name.to_owned(),
            }),
        }
    }

    /// The turn passing to the next seat, the common case, without the general machinery:
    /// the player whose turn it is acted in the step that is their turn's whole body, and
    /// the each-player loop goes on with the next seat, or, once round the table, the loop
    /// around it (its whole body) begins its next round with a new round of turns (Hearts'
    /// next trick); no seat is left out by [`Flow::skipping`]. Returns the turn ended and
    /// the turn begun, the same records the general way makes; `None` when the flow must
    /// go the general way ([`next`](Self::next)).
    #[inline(always)]
    pub(crate) fn next_turn<G: Game>(
        &mut self,
        flow: &Flow<G>,
        state: &G,
        seats: Seats,
    ) -> Option<(PlayerIndex, PlayerIndex)> {
        if !self.turn_ended() {
            return None;
        }
        // The each-player loop, around the step of the turn.
        let turns = usize::from(self.frames.len)
            .checked_sub(2)
            .and_then(|at| self.frames.frames.get_mut(at))?;
        let ended = turns.player()?;
        let begun = seats.next_of_seat(ended);
        if begun.0 == turns.limit as usize {
            return self.next_round_of_turns(flow, state, seats, ended);
        }
        turns.round = turns.round.saturating_add(1);
        turns.set_turn(Some(begun));
        self.acting.actors = PlayerSet::one_seated(begun);
        self.acting.acted = PlayerSet::EMPTY;
        Some((ended, begun))
    }

    /// [`next_turn`](Self::next_turn) once play came round the table to the first player
    /// after `ended`: the loop around the each-player loop, if its whole body is that
    /// loop, begins its next round with a new round of turns. Out of line: once a round.
    #[inline(never)]
    fn next_round_of_turns<G: Game>(
        &mut self,
        flow: &Flow<G>,
        state: &G,
        seats: Seats,
        ended: PlayerIndex,
    ) -> Option<(PlayerIndex, PlayerIndex)> {
        let depth = usize::from(self.frames.len);
        let [.., rounds, turns, _] = &self.frames[..] else {
            return None;
        };
        let (rounds, turns) = (*rounds, *turns);
        let Some(NodeKind::Loop { repeat, body, .. }) =
            flow.node(rounds.step).map(|node| &node.kind)
        else {
            return None;
        };
        let Some(NodeKind::Loop {
            repeat: Repeat::EachPlayer(first),
            ..
        }) = flow.node(*body).map(|node| &node.kind)
        else {
            return None;
        };
        if *body != turns.step {
            return None;
        }
        let round = rounds.round.saturating_add(1);
        // The loops' functions see the flow as the general way shows it to them: the
        // turns' loop left and the next round begun for the outer loop's condition, then
        // the turns' loop entered again for its first player.
        self.frames.len = u8::try_from(depth - 2).unwrap_or(u8::MAX);
        self.frames.frames[depth - 3].round = round;
        let again = match *repeat {
            Repeat::While(condition) => condition(state, flow.progress(self)),
            Repeat::Until(condition) => !condition(state, flow.progress(self)),
            Repeat::Times(_) => round < rounds.limit,
            Repeat::Forever => true,
            Repeat::EachPlayer(_) | Repeat::ForEach(..) => false,
        };
        let begun = again.then(|| {
            self.frames.len = u8::try_from(depth - 1).unwrap_or(u8::MAX);
            self.frames.frames[depth - 2] = Frame::new(turns.step);
            first(state, flow.progress(self))
        });
        self.frames.len = u8::try_from(depth).unwrap_or(u8::MAX);
        let Some(begun) = begun.filter(|begun| begun.0 < seats.count()) else {
            self.frames.frames[depth - 3] = rounds;
            self.frames.frames[depth - 2] = turns;
            return None;
        };
        let turns = &mut self.frames.frames[depth - 2];
        turns.round = 0;
        turns.limit = u32::try_from(begun.0).unwrap_or(u32::MAX);
        turns.set_turn(Some(begun));
        self.acting.actors = PlayerSet::one_seated(begun);
        self.acting.acted = PlayerSet::EMPTY;
        Some((ended, begun))
    }

    /// For a step repeated until done: the players who acted and are not done yet are to
    /// act again, by the state after their action.
    #[cold]
    pub(crate) fn ask_again<G: Game>(&mut self, flow: &Flow<G>, state: &G) {
        let Some(frame) = self.frames.last() else {
            return;
        };
        if let Some(NodeKind::Act { asks, .. }) = flow.node(frame.step).map(|node| &node.kind) {
            let again: PlayerSet = self
                .acting
                .acted
                .iter()
                .filter(|&player| asks.again(state, player))
                .collect();
            self.acting.acted = self.acting.acted.minus(again);
            if let Some(stages) = &mut self.stages {
                for player in again.iter() {
                    if let Some(stage) = stages.get_mut(player.0) {
                        *stage = 0;
                    }
                }
            }
        }
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
            NodeKind::Act {
                actors,
                actions,
                asks,
                stages,
                ..
            } => {
                // Who acts is asked with the step entered.
                self.frames.push(frame);
                let actors = match *actors {
                    Actors::Turn => in_game(
                        flow,
                        state,
                        self.turn().map_or(PlayerSet::EMPTY, PlayerSet::one),
                    ),
                    Actors::One(who) => {
                        in_game(flow, state, PlayerSet::one(who(state, flow.progress(self))))
                    }
                    Actors::Everyone => in_game(flow, state, seats.everyone()),
                    Actors::Some(who) => in_game(flow, state, who(state, flow.progress(self))),
                };
                // A step repeated while something holds asks nobody it does not hold for.
                let actors = match *asks {
                    Asks::While(more) => actors
                        .iter()
                        .filter(|&player| more(state, player))
                        .collect(),
                    _ => actors,
                };
                self.acting = Acting {
                    actors,
                    acted: PlayerSet::EMPTY,
                    offered: *actions,
                    repeats: asks.repeats(),
                };
                self.passes_turn = node.turn_body
                    && flow.skipping.is_none()
                    && !asks.repeats()
                    && !actors.is_empty()
                    && stages.len() == 1;
                self.stages = (stages.len() > 1).then(|| vec![0; seats.count()]);
                // A step nobody can act in is skipped.
                self.todo = if actors.is_empty() {
                    Todo::Leave
                } else {
                    Todo::Idle
                };
                None
            }
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
            NodeKind::Loop {
                name, repeat, body, ..
            } => {
                // A loop's functions see it entered, at its first round.
                self.frames.push(frame);
                if let Repeat::ForEach(items, bind) = *repeat {
                    // The set is fixed here, for every round.
                    let items = items(state, flow.progress(self));
                    if let Some(frame) = self.frames.last_mut() {
                        frame.limit = items;
                    }
                    let Some(item) = nth_item(items, 0) else {
                        self.todo = Todo::Leave;
                        return None;
                    };
                    self.todo = Todo::Enter(*body);
                    return Some(Next::Item(name, bind, item));
                }
                let (first_round, limit, turn) = match *repeat {
                    Repeat::While(condition) => (condition(state, flow.progress(self)), 0, None),
                    Repeat::Until(condition) => (!condition(state, flow.progress(self)), 0, None),
                    Repeat::Times(count) => {
                        let count = count(state, flow.progress(self));
                        (count > 0, count, None)
                    }
                    Repeat::EachPlayer(first) => {
                        let first = first(state, flow.progress(self));
                        let turn = first_in_game(flow, state, seats, first);
                        (
                            turn.is_some(),
                            u32::try_from(first.0).unwrap_or(u32::MAX),
                            turn,
                        )
                    }
                    Repeat::Forever | Repeat::ForEach(..) => (true, 0, None),
                };
                if let Some(frame) = self.frames.last_mut() {
                    frame.limit = limit;
                    frame.set_turn(turn);
                }
                if !first_round {
                    self.todo = Todo::Leave;
                    return None;
                }
                self.todo = Todo::Enter(*body);
                turn.map(|player| Next::Event(FlowEvent::StartTurn { player }))
            }
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

    /// The innermost step, a loop, whose round just ended: its next round, or out.
    fn next_round<G: Game>(&mut self, flow: &Flow<G>, state: &G, seats: Seats) -> Option<Next<G>> {
        let Some(frame) = self.frames.last_mut() else {
            self.todo = Todo::Idle;
            return None;
        };
        let Some(NodeKind::Loop {
            name, repeat, body, ..
        }) = flow.node(frame.step).map(|node| &node.kind)
        else {
            self.todo = Todo::Leave;
            return None;
        };
        // The round about to begin is the loop's round while its condition is asked.
        frame.round = frame.round.saturating_add(1);
        let frame = *frame;
        if let Repeat::ForEach(_, bind) = *repeat {
            return match nth_item(frame.limit, frame.round) {
                Some(item) => {
                    self.todo = Todo::Enter(*body);
                    Some(Next::Item(name, bind, item))
                }
                None => {
                    self.todo = Todo::Leave;
                    None
                }
            };
        }
        let mut turn = frame.player();
        let again = match *repeat {
            Repeat::While(condition) => condition(state, flow.progress(self)),
            Repeat::Until(condition) => !condition(state, flow.progress(self)),
            Repeat::Times(_) => frame.round < frame.limit,
            Repeat::EachPlayer(_) => {
                let first = PlayerIndex(frame.limit as usize);
                let mut next = frame.player().map(|player| seats.next(player));
                // The next seat still in the game, before coming round to the first.
                while let Some(player) = next {
                    if player == first {
                        next = None;
                    } else if is_out(flow, state, player) {
                        next = Some(seats.next(player));
                    } else {
                        break;
                    }
                }
                turn = next;
                next.is_some()
            }
            Repeat::Forever | Repeat::ForEach(..) => true,
        };
        if !again {
            turn = None;
        }
        if let Some(frame) = self.frames.last_mut() {
            frame.set_turn(turn);
        }
        if again {
            self.todo = Todo::Enter(*body);
            turn.map(|player| Next::Event(FlowEvent::StartTurn { player }))
        } else {
            self.todo = Todo::Leave;
            None
        }
    }

    /// Leaves the steps inside loop `target`, innermost first (each phase left and each
    /// turn ended on the way is recorded), then interrupts it.
    fn unwind<G: Game>(
        &mut self,
        flow: &Flow<G>,
        target: StepId,
        interrupt: Interrupt,
    ) -> Option<Next<G>> {
        let frame = self.frames.last_mut()?;
        if frame.step == target {
            let Some(NodeKind::Loop { body, .. }) = flow.node(target).map(|node| &node.kind) else {
                self.todo = Todo::Leave;
                return None;
            };
            return match interrupt {
                Interrupt::Break => {
                    self.todo = Todo::Leave;
                    let ended = frame.player();
                    frame.set_turn(None);
                    ended.map(|player| Next::Event(FlowEvent::EndTurn { player }))
                }
                Interrupt::Continue => {
                    self.todo = Todo::ChildDone;
                    None
                }
                Interrupt::Repeat => {
                    self.todo = Todo::Enter(*body);
                    None
                }
            };
        }
        let left = match flow.node(frame.step).map(|node| &node.kind) {
            Some(NodeKind::Phase { name, .. }) => Some(FlowEvent::LeavePhase {
                phase: Cow::Borrowed(name),
            }),
            Some(NodeKind::Loop { .. }) => {
                frame.player().map(|player| FlowEvent::EndTurn { player })
            }
            _ => None,
        };
        self.pop();
        left.map(Next::Event)
    }
}

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

/// `first`, or the first seat after it still in the game; `None` when nobody is.
fn first_in_game<G: Game>(
    flow: &Flow<G>,
    state: &G,
    seats: Seats,
    first: PlayerIndex,
) -> Option<PlayerIndex> {
    let mut player = first;
    for _ in 0..seats.count() {
        if !is_out(flow, state, player) {
            return Some(player);
        }
        player = seats.next(player);
    }
    None
}

/// Whether `players` is empty, for serde's `skip_serializing_if`.
fn is_nobody(players: &PlayerSet) -> bool {
    players.is_empty()
}

/// Whether a frame offers no action, for serde's `skip_serializing_if`.
fn is_none_offered(offered: &u64) -> bool {
    *offered == 0
}

/// Whether no step where players act is entered, for serde's `skip_serializing_if`.
fn is_idle(acting: &Acting) -> bool {
    *acting == Acting::default()
}

/// The item of round `round` of a for-each loop over `items` (bits): its `round`-th set bit,
/// lowest first; `None` past the last.
fn nth_item(items: u32, round: u32) -> Option<u32> {
    let mut rest = items;
    for _ in 0..round {
        rest &= rest.wrapping_sub(1);
    }
    (rest != 0).then(|| rest.trailing_zeros())
}
