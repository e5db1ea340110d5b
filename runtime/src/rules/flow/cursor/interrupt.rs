//! Interrupts: a loop ended or a round cut short from inside ([`Interrupt`]).

use std::borrow::Cow;

use crate::rules::flow::{Flow, FlowError, Interrupt, NodeKind, StepId};
use crate::rules::game::Game;

use super::event::FlowEvent;
use super::{FlowPosition, Next, Todo};

impl FlowPosition {
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

    /// Leaves the steps inside loop `target`, innermost first (each phase left and each
    /// turn ended on the way is recorded), then interrupts it.
    pub(super) fn unwind<G: Game>(
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
