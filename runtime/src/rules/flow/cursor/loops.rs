//! Loops: a round after a round, the each-player loop's turns (passed the short way when
//! a turn's whole body is one step), for-each items.

use crate::pieces::player::{PlayerIndex, PlayerSet, Seats};
use crate::rules::flow::{Flow, Node, NodeKind, Repeat};
use crate::rules::game::Game;

use super::event::FlowEvent;
use super::frame::Frame;
use super::{FlowPosition, Next, Todo, is_out};

/// `first`, or the first seat after it still in the game; `None` when nobody is.
pub(super) fn first_in_game<G: Game>(
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

/// The item of round `round` of a for-each loop over `items` (bits): its `round`-th set bit,
/// lowest first; `None` past the last.
pub(super) fn nth_item(items: u32, round: u32) -> Option<u32> {
    let mut rest = items;
    for _ in 0..round {
        rest &= rest.wrapping_sub(1);
    }
    (rest != 0).then(|| rest.trailing_zeros())
}

impl FlowPosition {
    /// Enters a loop (`node`, with its `frame`): fixes a for-each loop's items, a counted
    /// loop's count, an each-player loop's first player, and enters its first round when it
    /// has one.
    pub(super) fn enter_loop<G: Game>(
        &mut self,
        flow: &Flow<G>,
        state: &G,
        seats: Seats,
        frame: Frame,
        node: &Node<G>,
    ) -> Option<Next<G>> {
        let NodeKind::Loop {
            name, repeat, body, ..
        } = &node.kind
        else {
            // Only a loop is entered here.
            self.todo = Todo::Leave;
            return None;
        };
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
}

impl FlowPosition {
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
    pub(super) fn next_round_of_turns<G: Game>(
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

    /// The innermost step, a loop, whose round just ended: its next round, or out.
    pub(super) fn next_round<G: Game>(
        &mut self,
        flow: &Flow<G>,
        state: &G,
        seats: Seats,
    ) -> Option<Next<G>> {
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
}
