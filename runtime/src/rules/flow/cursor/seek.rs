//! A position built without playing up to it ([`FlowPosition::before_step`]), and the
//! check that a position read from a save fits its flow ([`FlowPosition::check`]).

use crate::pieces::player::{PlayerIndex, Seats};
use crate::rules::flow::{Flow, FlowError, NodeKind, Repeat, StepId};
use crate::rules::game::Game;

use super::act::Acting;
use super::frame::Frame;
use super::{FlowPosition, Todo};

impl FlowPosition {
    /// Where `flow` stands just before it enters the step where players act named `step` (the first
    /// so named, in the order of the declaration), with `turn` the player of every
    /// [`Step::each_player`](crate::rules::flow::Step::each_player) loop around it: what a test
    /// starts a game from ([`Start::at_step`](crate::Start::at_step)) to play that step without
    /// playing the game up to it. The loops around the step are at their first round; a
    /// [`Step::times`](crate::rules::flow::Step::times) loop counts its rounds from `state`, and a
    /// for-each loop's set is read from it, its first item already bound (the state must hold what
    /// the loop's moves would have set). No record is made of the phases and turns it stands in.
    /// When the game starts, the step is entered: who acts in it is asked of the state then.
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
}
