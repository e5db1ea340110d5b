//! Subflows: a flow run inside another, the outer one suspended until it ends
//! ([`Flow::subflow`]).

use crate::rules::flow::{DEPTH, Flow, FlowError};
use crate::rules::game::Game;

use super::{FlowPosition, Suspended, Todo};

impl FlowPosition {
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
    pub(super) fn resume_after_subflow(&mut self) -> bool {
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
}
