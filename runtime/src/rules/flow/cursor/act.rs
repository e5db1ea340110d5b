//! The step where players act: who acts, who has acted, what is offered, the stages of a
//! step of several, and the turn that passes when its player is done.

use serde::{Deserialize, Serialize};

use crate::pieces::player::{PlayerIndex, PlayerSet, Seats};
use crate::rules::flow::{Actors, Asks, Flow, Node, NodeKind};
use crate::rules::game::Game;

use super::frame::Frame;
use super::{FlowPosition, Next, Todo, in_game};

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
    /// ([`Step::repeated_until`](crate::rules::flow::Step::repeated_until)).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub repeats: bool,
}

/// Whether `players` is empty, for serde's `skip_serializing_if`.
pub(super) fn is_nobody(players: &PlayerSet) -> bool {
    players.is_empty()
}

/// Whether a frame offers no action, for serde's `skip_serializing_if`.
pub(super) fn is_none_offered(offered: &u64) -> bool {
    *offered == 0
}

/// Whether no step where players act is entered, for serde's `skip_serializing_if`.
pub(super) fn is_idle(acting: &Acting) -> bool {
    *acting == Acting::default()
}

impl FlowPosition {
    /// Enters a step where players act (`node`, with its `frame`): asks who acts in it,
    /// skips it when nobody can, and says whether it passes the turn the short way.
    pub(super) fn enter_act<G: Game>(
        &mut self,
        flow: &Flow<G>,
        state: &G,
        seats: Seats,
        frame: Frame,
        node: &Node<G>,
    ) -> Option<Next<G>> {
        let NodeKind::Act {
            actors,
            actions,
            asks,
            stages,
            ..
        } = &node.kind
        else {
            // Only a step where players act is entered here.
            self.todo = Todo::Leave;
            return None;
        };
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
}

impl FlowPosition {
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
    pub(super) fn acted_in_stage<G: Game>(&mut self, flow: &Flow<G>, player: PlayerIndex) {
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
    pub(super) fn stage_masks<'f, G: Game>(&self, flow: &'f Flow<G>) -> Option<&'f [u64]> {
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
    pub(super) fn stage_offered<G: Game>(
        &self,
        flow: &Flow<G>,
        stages: &[u8],
        player: PlayerIndex,
    ) -> u64 {
        let stage = stages.get(player.0).map_or(0, |&stage| usize::from(stage));
        self.stage_masks(flow)
            .and_then(|masks| masks.get(stage))
            .copied()
            .unwrap_or(self.acting.offered)
    }

    /// The stage each seat is at in the step where players act, by seat, when it has
    /// several stages ([`Step::next_stage`](crate::rules::flow::Step::next_stage)).
    #[must_use]
    pub fn stages(&self) -> Option<&[u8]> {
        self.stages.as_deref()
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
}
