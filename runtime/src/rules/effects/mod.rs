//! Effects that stop, replace and answer each other: the resolution of cards that change
//! other cards' rules (a minion that cannot be destroyed, a card that acts "instead", one
//! that acts "after", an effect that outlives its card), after the shape shared by XMage,
//! Forge, Fireplace and SabberStone, as `EFFECTS.md` summarises it, with Smash Up's
//! vocabulary (seed 004).
//!
//! Rules never change the state directly: they **propose** an effect with its **cause**
//! ([`Proposal`]). Resolution, a few moves of the game ([`Resolution`]) so that a client
//! animates it and the log replays it, turns a proposal into an **event**:
//! 1. **prohibitions** first ([`Effects::forbids`]): a proposal that an ability in force
//!    forbids is logged [`Event::Prevented`], without a choice. A game that turns
//!    [`Game::PROHIBITS`] on also prunes its selections with them (a minion that cannot be
//!    destroyed is not offered for a destroy);
//! 2. **replacements** next ([`Effects::replacement`]): each applies at most once per
//!    chain (its products inherit the sources already applied, by object *and*
//!    incarnation); when several apply, or an optional one, the player the game names
//!    (the affected object's controller, Magic 616.1) chooses through the game's
//!    [`replacement_decision`](Effects::replacement_decision), an ordinary action; offers
//!    naming different choosers are asked chooser by chooser, in the order of the abilities
//!    in force (one who declines passes the proposal to the next);
//! 3. the effect **applies** ([`Effects::apply`]) and is logged [`Event::Happened`] with
//!    what it touched as it was (last-known information), or [`Event::Fizzled`] when its
//!    object is gone;
//! 4. **triggers**, once per **batch** (one instruction that destroys three minions is one
//!    batch): every ability in force, and every ability of an object that left play during
//!    the batch (look-back; a floating effect that ended is simply gone), is asked once
//!    what it sets off ([`Effects::triggers`]). A trigger that
//!    [`resolves first`](Effects::resolves_first) (a played minion's own ability) goes
//!    ahead; then the player whose turn it is ([`EffectState::turn`], seat 0 before any
//!    turn began) orders the rest through the game's
//!    [`order_decision`](Effects::order_decision) (none when one is left or all are the
//!    same), and each chosen trigger's whole consequences resolve before the next,
//!    depth-first, like moves.
//!
//! **Floating effects** ([`Floating`]) are abilities that belong to no object in play (Mark
//! of Sleep's "that player cannot play actions on their next turn"), with a [`Window`]
//! that the flow's turn records open and close ([`Resolution::TurnBegins`],
//! [`Resolution::TurnEnds`]). The **loop guard** ends a runaway chain after
//! [`Effects::STEP_BUDGET`] steps with [`FlowError::RunawayResolution`]: the action is
//! refused, the state unchanged; a chain that waited for a decision on the way (which is
//! part of the game already) is abandoned instead, its steps still to come doing nothing,
//! and the log says so ([`Event::Abandoned`]). Every decision is asked with
//! [`MoveContext::ask`](crate::MoveContext::ask), so it is tree-shaken, played when forced,
//! logged, undoable and offered to agents like any action.
//!
//! Effects are data (the game's enums of effects, causes, abilities and triggers), never
//! closures, so a state in the middle of a resolution serializes, and the event log
//! ([`EffectState::events`]) says what happened, by what cause, and what prevented or
//! replaced what.
//!
//! # Declaring effects in a game of one's own
//! - Keep an [`EffectState`] in the state and give the game's move enum a variant that holds
//!   a [`Resolution`]; its `apply` calls [`Resolution::apply`].
//! - Implement [`Effects`]: the four data types, where the state keeps its
//!   [`EffectState`], which abilities are in force (the objects in play, in a stable
//!   order), and for each ability what it prohibits, replaces and triggers.
//! - Rules propose with [`Resolution::propose`] (an action's behaviour, a flow step's moves)
//!   or, inside a trigger or a replacement, through the [`Resolver`].
//! - Declare two decision actions (pick the next trigger, pick a replacement) whose options
//!   are [`EffectState::triggers_waiting`] and [`EffectState::replacement_offers`] and whose
//!   behaviours are [`Resolution::Choose`] and [`Resolution::Replace`].
//! - To prune selections by prohibitions, turn [`Game::PROHIBITS`] on and answer
//!   [`Game::prohibits`] with [`EffectState::prohibiting`]; answer [`Game::may_prohibit`]
//!   with [`EffectState::any_in_force`] over the kinds of ability that forbid (and let
//!   [`Effects::forbids`] answer for no other kind), so a state without a prohibition in
//!   force keeps the engine's fast paths.
//!
//! The Smash Up–style game in `meeple-games` (`smash`) is the worked example.
//!
//! The contract a game implements is here ([`Effects`]); the data a resolution keeps in
//! the state is in `data.rs`, and the resolution itself (the moves that resolve a
//! proposal, and the [`Resolver`] triggers and replacements act through) in `resolution.rs`.
//!
//! [`FlowError::RunawayResolution`]: crate::rules::flow::FlowError::RunawayResolution

mod data;
mod resolution;

pub use data::{
    Batch, EffectState, Event, Floating, InForce, Occurrence, Offer, Pending, Proposal,
    ReplacementChoice, Source, Window,
};
pub use resolution::{Resolution, Resolver};

use std::fmt::{Debug, Display};
use std::ops::ControlFlow;

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::pieces::player::PlayerIndex;
use crate::rules::action::FollowUp;
use crate::rules::game::Game;

/// The rules of a game's effects: its data types and what each ability does. See the
/// [module](self) for the resolution and how to declare a game's effects.
pub trait Effects: Game {
    /// What may happen ("minion M is destroyed", "player P draws a card"), shown in the
    /// event log.
    type Effect: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Display;
    /// What causes an effect (which player's which card, a base, a step of the rules).
    type Cause: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Display;
    /// An ability of a card or a floating effect, as data.
    type Ability: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Display;
    /// What a trigger does when it resolves, with what it needs to know (the event's
    /// last-known information).
    type Trigger: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Display;

    /// The loop guard's budget: steps (proposals considered and triggers resolved) one
    /// resolution may take before it is refused as a loop.
    const STEP_BUDGET: u32 = 1_000;

    /// The state's effects part.
    fn effects(&self) -> &EffectState<Self>;
    /// The state's effects part, to change.
    fn effects_mut(&mut self) -> &mut EffectState<Self>;
    /// Wraps a step of resolution into one of the game's moves.
    fn effect_move(step: Resolution<Self>) -> Self::Move;

    /// Calls `visit` with every ability of the objects in play, with its source and
    /// controller, in an order fixed by the state alone (zones and positions, never the
    /// order in which cards were registered or a hash map's), until `visit` breaks; returns
    /// the break, if any (write `visit(ability)?;` for each). A visit rather than a list:
    /// checking a completion against the prohibitions stops at the first that forbids it and
    /// builds nothing.
    fn abilities(
        &self,
        visit: &mut impl FnMut(InForce<Self::Ability>) -> ControlFlow<()>,
    ) -> ControlFlow<()>;
    /// Whether `ability` forbids `proposal` ("cannot"). None by default.
    fn forbids(&self, ability: &InForce<Self::Ability>, proposal: &Proposal<Self>) -> bool {
        let _ = (ability, proposal);
        false
    }
    /// The replacement `ability` offers for `proposal` ("instead"), if it applies. None by
    /// default.
    fn replacement(
        &self,
        ability: &InForce<Self::Ability>,
        proposal: &Proposal<Self>,
    ) -> Option<Offer> {
        let _ = (ability, proposal);
        None
    }
    /// Carries out the replacement `ability` chose for `proposal`: its products are
    /// proposed with [`Resolver::instead`] (they inherit the chain); nothing proposed
    /// cancels the effect. Never called unless [`replacement`](Self::replacement) offered.
    fn replace(
        &mut self,
        ability: &InForce<Self::Ability>,
        proposal: &Proposal<Self>,
        resolver: &mut Resolver<'_, '_, Self>,
    ) {
        let _ = (ability, proposal, resolver);
    }
    /// Makes `proposal` happen; returns the effect as it happened, with last-known
    /// information (the power a destroyed minion had), or `None` when its object is gone
    /// (it fizzles). A change that carries hidden data (the card a player draws, seen by
    /// them alone) is better pushed as a move of the game of its own
    /// ([`Resolver::then`]), whose [`Move::view`](crate::Move::view) conceals it.
    fn apply(
        &mut self,
        proposal: &Proposal<Self>,
        resolver: &mut Resolver<'_, '_, Self>,
    ) -> Option<Self::Effect>;
    /// Pushes onto `out` what `ability` sets off on `batch` ("after"/"when"): asked once
    /// per ability and batch, so one trigger per batch for "after one or more", one per
    /// occurrence for "after each time". Asked also of abilities that left play during the
    /// batch (look-back), with the state after it. None by default.
    fn triggers(
        &self,
        ability: &InForce<Self::Ability>,
        batch: &[Occurrence<Self>],
        out: &mut Vec<Self::Trigger>,
    ) {
        let _ = (ability, batch, out);
    }
    /// Whether `trigger` resolves ahead of the others of its batch, without being ordered
    /// (a played minion's own ability, before "after a minion is played" triggers). No by
    /// default.
    fn resolves_first(&self, trigger: &Pending<Self>) -> bool {
        let _ = trigger;
        false
    }
    /// Resolves `trigger`: proposes with the [`Resolver`], asks decisions with
    /// [`Resolver::ask`].
    fn resolve(&mut self, trigger: &Pending<Self>, resolver: &mut Resolver<'_, '_, Self>);
    /// Whether `source` is in play in that incarnation (for [`Window::UntilLeaves`]). Yes
    /// by default.
    fn in_play(&self, source: Source) -> bool {
        let _ = source;
        true
    }
    /// The decision that asks `player` which waiting trigger resolves next: a follow-up
    /// of the game's action whose options are [`EffectState::triggers_waiting`] and whose
    /// behaviour is [`Resolution::Choose`].
    fn order_decision(&self, player: PlayerIndex) -> FollowUp<Self>;
    /// The decision that asks `player` which replacement applies: a follow-up of the
    /// game's action whose options are [`EffectState::replacement_offers`] and whose
    /// behaviour is [`Resolution::Replace`].
    fn replacement_decision(&self, player: PlayerIndex) -> FollowUp<Self>;
}
