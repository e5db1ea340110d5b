//! Moves and their consequences, applied depth-first.

use std::any::Any;
use std::fmt::Debug;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::pieces::chance::Chance;
use crate::rules::action::FollowUp;
use crate::rules::flow::{FlowRequest, Interrupt};
use crate::rules::game::Game;
use crate::seen::view::Viewer;

/// A small, deterministic change of a game's state: the unit of animation and of the log.
///
/// Applying a move may ask for consequences, more moves that run right after it. New
/// consequences run before those already pending (depth-first, after Game Park's
/// consequences): if A asks for `[B, C]` and B asks for `[D]`, the order is A B D C.
pub trait Move<G>: Clone + Debug + PartialEq + Serialize + DeserializeOwned {
    /// Changes `game` and pushes the consequences onto `next`, in the order they should run.
    ///
    /// Must depend only on the move's own data and the state: a move that needs chance
    /// draws it from `next.chance()` only to build the data of its consequences.
    /// Never fails: whatever could be refused is refused before, when the action is checked.
    fn apply(&self, game: &mut G, next: &mut MoveContext<'_, Self>);

    /// What `viewer` sees of this move, given the full state right after it applied;
    /// `None` when they see nothing of it. The default shows the move as it is, which is
    /// right for moves that carry nothing secret.
    ///
    /// A move that carries hidden data (a dealt hand, a shuffle's order) returns a copy
    /// with that data concealed, or with what the viewer now sees in its place: applying
    /// the viewed move to the viewer's view before it must give their view after it
    /// (checked by [`check_views`](crate::testing::check_views)).
    ///
    /// The engine also reads these views to decide what may be undone: a move whose view
    /// shows a viewer a value hidden from them just before (a card leaving a hidden hand)
    /// makes its action final ([`Engine::take_back`](crate::Engine::take_back)).
    fn view(&self, after: &G, viewer: Viewer) -> Option<Self> {
        let _ = (after, viewer);
        Some(self.clone())
    }

    /// Values this move says aloud to the whole table that views may still hide elsewhere,
    /// given the full state right after it applied: a Love Letter Guard's guess names a
    /// card ("Priest") while Priests lie in hidden hands. Each is a value as the state
    /// writes it (a card serialized as `"Priest"`); the default says nothing.
    ///
    /// Only the view harness reads it ([`check_views`](crate::testing::check_views)): the
    /// texts of this move's record (its messages, and the words of this move and those
    /// after it, [`Game::describe_move`](crate::Game::describe_move)) may name these values
    /// to every viewer without its taking them for a leak, and without the state keeping a
    /// copy of the words for every view to show. Declaring a value the move does not say
    /// hides a real leak from the harness: say exactly what the table hears.
    fn spoken(&self, after: &G) -> Vec<String> {
        let _ = after;
        Vec::new()
    }

    /// Values this move shows to `viewer` alone that their view may still hide, given the
    /// full state right after it applied: a Love Letter Priest's peek shows the peeker
    /// another's card, told in the words of the move for that viewer
    /// ([`Game::describe_move`](crate::Game::describe_move)) or in a message to them. Each
    /// is a value as the state writes it; the default shows nothing.
    ///
    /// The view harness ([`check_views`](crate::testing::check_views)) lets the texts of
    /// this move's record name these values to `viewer`, and to no one else. The engine
    /// reads it too: a move that shows a player something makes its action final, as a
    /// card turned up does ([`Engine::take_back`](crate::Engine::take_back)), so that no
    /// one takes back a choice made after a look.
    fn shown_to(&self, after: &G, viewer: Viewer) -> Vec<String> {
        let _ = (after, viewer);
        Vec::new()
    }
}

/// What a move's [`apply`](Move::apply) may touch besides the state: the consequences to
/// run next and the game's chance.
#[derive(Debug)]
pub struct MoveContext<'a, M> {
    consequences: &'a mut Vec<M>,
    chance: &'a mut Chance,
    /// Where an interrupt asked goes: the engine's slot, or nowhere for a context made by
    /// hand ([`new`](Self::new)).
    interrupt: Option<&'a mut Option<(FlowRequest, &'static str)>>,
    /// Where a decision asked goes ([`ask`](Self::ask)), typed: the engine's
    /// `Option<FollowUp<G>>` (a [`DecisionSlot`]), or nowhere for a context made by hand.
    /// Behind `Any` so that the moves' context names no game: an author's `apply` keeps
    /// its signature.
    asked: Option<&'a mut dyn Any>,
}

/// Where the engine keeps the decision a move asked ([`MoveContext::ask`]), as the
/// follow-up itself: no serialization between the move that asks and the position that
/// settles it.
pub(crate) trait DecisionSlot: Any {
    /// Whether a decision was asked: the resolution stops for it.
    fn is_asked(&self) -> bool;
}

/// The position's slot: a follow-up of the game being played.
impl<G: Game> DecisionSlot for Option<FollowUp<G>> {
    fn is_asked(&self) -> bool {
        self.is_some()
    }
}

/// The slot of moves applied outside an engine ([`apply_moves`]), which names no game: a
/// decision of any game, kept only to stop the resolution where it was asked.
impl DecisionSlot for Option<Box<dyn Any>> {
    fn is_asked(&self) -> bool {
        self.is_some()
    }
}

/// The moves a resolution had still to apply when a move asked a decision
/// ([`MoveContext::ask`]): kept in the position (and in a snapshot) until the decision and
/// everything it asked in turn are done, then applied, depth-first, as the rest of the
/// decision's record.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WaitingResolution<M> {
    /// The moves still to apply, the next first.
    pub moves: Vec<M>,
    /// How many follow-ups were waiting when the decision was asked: the frame resumes
    /// once the queue is back to that many.
    pub follow_ups_below: usize,
}

impl<'a, M> MoveContext<'a, M> {
    /// A context that collects consequences into `consequences` and draws from `chance`:
    /// what the engine hands to [`Move::apply`]; public for unit tests of moves applied by
    /// hand (see also [`apply_moves`]).
    pub fn new(consequences: &'a mut Vec<M>, chance: &'a mut Chance) -> Self {
        MoveContext {
            consequences,
            chance,
            interrupt: None,
            asked: None,
        }
    }

    /// The context the engine hands a move: as [`new`](Self::new), with interrupts going
    /// to `interrupt`.
    #[inline(always)]
    pub(crate) fn with_interrupt(
        consequences: &'a mut Vec<M>,
        chance: &'a mut Chance,
        interrupt: &'a mut Option<(FlowRequest, &'static str)>,
        asked: &'a mut dyn Any,
    ) -> Self {
        MoveContext {
            consequences,
            chance,
            interrupt: Some(interrupt),
            asked: Some(asked),
        }
    }

    /// Stops the resolution right after this move to ask `follow_up`'s player a decision
    /// now: an ordinary action of the game, with its arguments, prompted, tree-shaken and
    /// played (or played for them when forced) like any follow-up, ahead of those already
    /// waiting. The move's own consequences and every move still pending wait in the
    /// position ([`WaitingResolution`]); once the decision, and whatever it asks in turn, is
    /// done, they are applied as the rest of the decision's record (or of a pass, when the
    /// decision has no completion and lapses): the decision's consequences come first,
    /// depth-first. What a card's "you may destroy a minion" needs in the middle of an
    /// effect. The last decision asked by a move wins; a context made by hand for a unit
    /// test ([`new`](Self::new)) keeps none.
    ///
    /// The follow-up is kept as it is, typed, until the position asks it. A follow-up of
    /// another game than the one being played (a move type shared by two games, asking
    /// with the other's actions) refuses the record with
    /// [`FlowError::UnreadableDecision`](crate::rules::flow::FlowError::UnreadableDecision),
    /// the state unchanged.
    pub fn ask<G: Game>(&mut self, follow_up: FollowUp<G>)
    where
        M: Move<G>,
    {
        let Some(slot) = self.asked.as_deref_mut() else {
            return;
        };
        if let Some(typed) = slot.downcast_mut::<Option<FollowUp<G>>>() {
            *typed = Some(follow_up);
        } else if let Some(untyped) = slot.downcast_mut::<Option<Box<dyn Any>>>() {
            *untyped = Some(Box::new(follow_up));
        } else if let Some(request) = &mut self.interrupt
            && !matches!(request, Some((FlowRequest::Runaway(_), _)))
        {
            **request = Some((FlowRequest::ForeignDecision, std::any::type_name::<G>()));
        }
    }

    /// Interrupts the loop of the game's flow named `loop_name` once this record has
    /// resolved ([`Interrupt`]: break, continue or repeat, after Boardzilla's loop
    /// interrupts): a rule that ends a round early ("if the dealer busts, the round ends")
    /// or plays it again. The last interrupt asked in a record wins. Naming a loop the
    /// flow is not in now is a mistake of the game, reported with the state unchanged
    /// ([`Refusal::Flow`](crate::Refusal::Flow)).
    /// A context made by hand for a unit test ([`new`](Self::new)) keeps no interrupt.
    pub fn interrupt(&mut self, interrupt: Interrupt, loop_name: &'static str) {
        if let Some(slot) = &mut self.interrupt {
            if matches!(slot, Some((FlowRequest::Runaway(_), _))) {
                return;
            }
            **slot = Some((FlowRequest::Interrupt(interrupt), loop_name));
        }
    }

    /// Runs the game's subflow named `name` ([`Flow::subflow`](crate::Flow::subflow)) once
    /// this record has resolved: the flow stands still where it is (the step the action
    /// was taken in, the turn, the loops around), plays the subflow to its end, then goes
    /// on from there (a duel that two players fight in the middle of a turn, a vote).
    /// Naming no subflow of the game is a mistake reported with the state unchanged
    /// ([`Refusal::Flow`](crate::Refusal::Flow)). The last request of a record wins.
    pub fn subflow(&mut self, name: &'static str) {
        if let Some(slot) = &mut self.interrupt {
            if matches!(slot, Some((FlowRequest::Runaway(_), _))) {
                return;
            }
            **slot = Some((FlowRequest::Subflow, name));
        }
    }

    /// Refuses the whole record once it has resolved: the effects it set off ran past `steps` steps
    /// ([`FlowError::RunawayResolution`](crate::rules::flow::FlowError::RunawayResolution), the
    /// loop guard of [`effects`](crate::rules::effects)). Wins over any interrupt asked in the
    /// record.
    pub(crate) fn runaway(&mut self, steps: u32) {
        if let Some(slot) = &mut self.interrupt {
            **slot = Some((FlowRequest::Runaway(steps), "effects"));
        }
    }

    /// Asks for `consequence` to run after this move; consequences asked by one move run
    /// in the order they were asked, before any consequence already pending.
    pub fn then(&mut self, consequence: M) {
        self.consequences.push(consequence);
    }

    /// The game's chance, to draw the data of a consequence (a shuffled deck for a deal).
    pub fn chance(&mut self) -> &mut Chance {
        self.chance
    }
}

/// Applies `moves` to `game`, each with all its consequences depth-first, outside an
/// engine; returns every move applied, in order. For unit tests of a game's moves on a
/// state built by hand (the engine does the same for each action record).
pub fn apply_moves<G, M: Move<G>>(game: &mut G, chance: &mut Chance, mut moves: Vec<M>) -> Vec<M> {
    let mut applied = Vec::with_capacity(moves.len());
    resolve(
        game,
        chance,
        &mut moves,
        &mut None,
        &mut None::<Box<dyn Any>>,
        |_, moved| {
            applied.push(moved);
        },
    );
    applied
}

/// Applies the moves of `pending`, in order, each with all its consequences depth-first,
/// handing every move applied to `applied`, in order, with the state right after it.
/// `pending` is the stack of what is left to apply, and is empty when this returns (its
/// room kept for the next action), unless a move asked a decision (`asked`): then it holds
/// the moves still to apply, the next first.
// Inlined into its callers in the engine, whatever else grows there: it runs at every
// record, and kept apart it costs a call more than its loop (seen at 2,000 instructions a
// Hearts deal when a change elsewhere in the engine tipped the inliner, and at 5,000 when
// the flow's records gave the engine a fourth caller).
#[inline(always)]
pub(crate) fn resolve<G, M: Move<G>>(
    game: &mut G,
    chance: &mut Chance,
    pending: &mut Vec<M>,
    interrupt: &mut Option<(FlowRequest, &'static str)>,
    asked: &mut impl DecisionSlot,
    mut applied: impl FnMut(&G, M),
) {
    // The moves themselves become the stack of what is pending, the next on top.
    if pending.len() > 1 {
        pending.reverse();
    }
    while let Some(current) = pending.pop() {
        // Consequences go straight onto the stack, then are turned around so that the
        // first asked is the next applied.
        let asked_from = pending.len();
        current.apply(
            game,
            &mut MoveContext::with_interrupt(pending, chance, interrupt, asked),
        );
        // Most moves ask one consequence or none: nothing to turn around.
        if pending.len() > asked_from + 1 {
            pending[asked_from..].reverse();
        }
        applied(game, current);
        if asked.is_asked() {
            // A decision: what is left waits for it, the next first.
            pending.reverse();
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    enum Letter {
        A,
        B,
        C,
        D,
        E,
    }

    impl Move<Vec<Letter>> for Letter {
        fn apply(&self, seen: &mut Vec<Letter>, next: &mut MoveContext<'_, Self>) {
            seen.push(self.clone());
            match self {
                Letter::A => {
                    next.then(Letter::B);
                    next.then(Letter::C);
                }
                Letter::B => next.then(Letter::D),
                _ => {}
            }
        }
    }

    #[test]
    fn consequences_run_depth_first_before_pending_ones() {
        let mut seen = Vec::new();
        let mut chance = Chance::from_seed(0);
        let mut applied = Vec::new();
        resolve(
            &mut seen,
            &mut chance,
            &mut vec![Letter::A, Letter::E],
            &mut None,
            &mut None::<Box<dyn Any>>,
            |_, moved| applied.push(moved),
        );
        use Letter::*;
        assert_eq!(seen, vec![A, B, D, C, E]);
        assert_eq!(applied, seen);
    }
}
