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
//! [`FlowError::RunawayResolution`]: crate::rules::flow::FlowError::RunawayResolution

use std::fmt::{self, Debug, Display};
use std::ops::ControlFlow;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::pieces::chance::Chance;
use crate::pieces::player::PlayerIndex;
use crate::rules::action::FollowUp;
use crate::rules::game::Game;
use crate::rules::moves::MoveContext;

/// One object of the game (a card, a base) in one **incarnation**: the object gets a new
/// incarnation each time it changes zone, so an effect that pointed at a minion destroyed
/// and played again no longer matches it. The game numbers its objects and incarnations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Source {
    /// The object's number in the game.
    pub object: u32,
    /// How many times it has changed zone.
    pub incarnation: u32,
}

/// An ability in force: what it is (the game's data), which object in which incarnation it
/// comes from, and who controls it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct InForce<A> {
    /// The object (and incarnation) the ability comes from; for a floating effect, the card
    /// that created it.
    pub source: Source,
    /// The player who controls it.
    pub controller: PlayerIndex,
    /// The ability, as the game declares it.
    pub ability: A,
}

/// An effect that would happen, with its cause, and the replacements already applied (or
/// declined) in its chain: none of them applies to it again.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct Proposal<G: Effects> {
    /// What would happen ("minion M would be destroyed").
    pub effect: G::Effect,
    /// Who or what causes it (which player's which card, a base, a step of the rules).
    pub cause: G::Cause,
    /// The sources of the replacements applied or declined in this chain.
    pub replaced_by: Vec<Source>,
}

impl<G: Effects> Proposal<G> {
    /// A fresh proposal of `effect` by `cause`: no replacement applied yet.
    pub fn new(effect: G::Effect, cause: G::Cause) -> Self {
        Proposal {
            effect,
            cause,
            replaced_by: Vec::new(),
        }
    }
}

/// A replacement that an ability offers for a proposal ([`Effects::replacement`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Offer {
    /// Who chooses among the replacements (the controller of the affected object, Magic
    /// 616.1).
    pub chooser: PlayerIndex,
    /// Whether the chooser may decline it ("you may destroy this card to cancel"): asked as
    /// a confirmation even when it is the only one.
    pub optional: bool,
}

/// What a batch's triggers see: an effect that happened (with its last-known
/// information), or the turn records of the flow.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound = "")]
pub enum Occurrence<G: Effects> {
    /// An effect happened, by its cause.
    Effect {
        /// What happened, as [`Effects::apply`] reported it.
        effect: G::Effect,
        /// Its cause.
        cause: G::Cause,
    },
    /// A player's turn began.
    TurnBegan(PlayerIndex),
    /// A player's turn ended.
    TurnEnded(PlayerIndex),
}

/// A trigger set off and waiting to resolve.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct Pending<G: Effects> {
    /// The ability's source (which may have left play: look-back).
    pub source: Source,
    /// The ability's controller.
    pub controller: PlayerIndex,
    /// What the trigger does, as the game declares it.
    pub trigger: G::Trigger,
}

/// How long a floating effect lasts ([`Floating`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Window {
    /// Until the end of the current turn.
    ThisTurn,
    /// During the next turn of this player: one created during that player's own turn
    /// waits for their following one. `begun` once that turn has begun.
    NextTurnOf {
        /// Whose turn.
        player: PlayerIndex,
        /// Whether that turn has begun (the effect is in force).
        begun: bool,
    },
    /// Until the object (in this incarnation) leaves play ([`Effects::in_play`]).
    UntilLeaves(Source),
    /// For this many more uses (each prohibition, replacement or trigger of it uses one).
    Uses(u32),
}

/// An effect that belongs to no object in play, with its window.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct Floating<G: Effects> {
    /// The ability, its source (the card that created it) and controller.
    pub in_force: InForce<G::Ability>,
    /// How long it lasts.
    pub window: Window,
}

impl<G: Effects> Floating<G> {
    /// Whether it is in force now (a window on a turn not yet begun is not).
    fn active(&self, game: &G) -> bool {
        match self.window {
            Window::ThisTurn => true,
            Window::NextTurnOf { begun, .. } => begun,
            Window::UntilLeaves(source) => game.in_play(source),
            Window::Uses(left) => left > 0,
        }
    }
}

/// One entry of the event log: what happened, by what cause, and what stopped or
/// replaced what.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound = "")]
pub enum Event<G: Effects> {
    /// An effect happened.
    Happened {
        /// What happened, with its last-known information.
        effect: G::Effect,
        /// Its cause.
        cause: G::Cause,
    },
    /// A prohibition stopped a proposal.
    Prevented {
        /// What would have happened.
        effect: G::Effect,
        /// Its cause.
        cause: G::Cause,
        /// The prohibition.
        by: InForce<G::Ability>,
    },
    /// A replacement rewrote a proposal (into what its products then say).
    Replaced {
        /// What would have happened.
        effect: G::Effect,
        /// Its cause.
        cause: G::Cause,
        /// The replacement.
        by: InForce<G::Ability>,
    },
    /// A proposal whose object was gone when it came to apply.
    Fizzled {
        /// What would have happened.
        effect: G::Effect,
        /// Its cause.
        cause: G::Cause,
    },
    /// A trigger began to resolve.
    Triggered {
        /// Its source.
        source: Source,
        /// What it does.
        trigger: G::Trigger,
    },
    /// A floating effect began ([`Resolution::Float`]).
    Floated(InForce<G::Ability>),
    /// A floating effect's window closed.
    Expired(InForce<G::Ability>),
    /// A player's turn began.
    TurnBegan(PlayerIndex),
    /// A player's turn ended.
    TurnEnded(PlayerIndex),
    /// The loop guard abandoned a chain that had waited for a decision, after this many
    /// steps: what it had still to resolve was dropped.
    Abandoned {
        /// The budget spent.
        steps: u32,
    },
}

impl<G: Effects> Display for Event<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Happened { effect, cause } => write!(f, "{effect} ({cause})"),
            Event::Prevented { effect, cause, by } => {
                write!(f, "{effect} ({cause}): prevented by {}", by.ability)
            }
            Event::Replaced { effect, cause, by } => {
                write!(f, "{effect} ({cause}): replaced by {}", by.ability)
            }
            Event::Fizzled { effect, cause } => write!(f, "{effect} ({cause}): fizzled"),
            Event::Triggered { trigger, .. } => write!(f, "{trigger}"),
            Event::Floated(in_force) => write!(f, "{} begins", in_force.ability),
            Event::Expired(in_force) => write!(f, "{} ends", in_force.ability),
            Event::TurnBegan(player) => write!(f, "turn of {player} begins"),
            Event::TurnEnded(player) => write!(f, "turn of {player} ends"),
            Event::Abandoned { steps } => {
                write!(
                    f,
                    "the chain of effects ran past {steps} steps and was abandoned"
                )
            }
        }
    }
}

/// A batch being resolved: the objects' abilities in force when it opened (for look-back)
/// and what happened in it so far.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct Batch<G: Effects> {
    /// The abilities of the objects in play when the batch opened ([`Effects::abilities`];
    /// floating effects have no look-back).
    pub before: Vec<InForce<G::Ability>>,
    /// What happened in it, in order.
    pub happened: Vec<Occurrence<G>>,
}

/// A replacement choice waiting for its chooser.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct ReplacementChoice<G: Effects> {
    /// The proposal to replace.
    pub proposal: Proposal<G>,
    /// The replacements that apply, in the order of the abilities in force.
    pub offers: Vec<(InForce<G::Ability>, Offer)>,
}

/// The effects part of a game's state: the event log, floating effects, and the
/// resolution in progress (batches open, triggers waiting, a replacement choice). Plain
/// data: it serializes in the middle of a resolution and resumes exactly.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct EffectState<G: Effects> {
    /// Every event, in order.
    pub events: Vec<Event<G>>,
    /// Floating effects, in the order they began.
    pub floating: Vec<Floating<G>>,
    /// Batches open, the innermost last.
    pub batches: Vec<Batch<G>>,
    /// Lists of triggers waiting, the innermost (resolving first) last.
    pub waiting: Vec<Vec<Pending<G>>>,
    /// A replacement choice waiting for its chooser.
    pub choosing: Option<ReplacementChoice<G>>,
    /// Steps taken since the resolution was last idle (the loop guard's count).
    pub steps: u32,
    /// Whether the chain in progress has waited for a decision: past the budget it is then
    /// abandoned, not refused (the decision that resumed it is part of the game already).
    #[serde(default)]
    pub paused: bool,
    /// Whether the chain in progress was abandoned by the loop guard: its steps still to
    /// come do nothing, until a new chain begins.
    #[serde(default)]
    pub abandoned: bool,
    /// The player of the last turn begun ([`Resolution::TurnBegins`]), whose turn's end
    /// also resolves as theirs: who orders simultaneous triggers. Set from the flow by the
    /// step that begins a turn ([`Progress::turn`](crate::rules::flow::Progress::turn)), since a
    /// move, and so a resolution, does not read the flow; `None` before the first turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn: Option<PlayerIndex>,
}

impl<G: Effects> Default for EffectState<G> {
    fn default() -> Self {
        EffectState {
            events: Vec::new(),
            floating: Vec::new(),
            batches: Vec::new(),
            waiting: Vec::new(),
            choosing: None,
            steps: 0,
            paused: false,
            abandoned: false,
            turn: None,
        }
    }
}

impl<G: Effects> EffectState<G> {
    /// The triggers waiting for the current player to order them (the innermost list), by
    /// index: the options of the game's ordering decision.
    pub fn triggers_waiting(&self) -> Vec<usize> {
        self.waiting
            .last()
            .map_or_else(Vec::new, |list| (0..list.len()).collect())
    }

    /// The trigger waiting at `index` in the innermost list, if any: for a decision's
    /// labels.
    pub fn trigger_waiting(&self, index: usize) -> Option<&Pending<G>> {
        self.waiting.last().and_then(|list| list.get(index))
    }

    /// The replacements offered to the chooser now, by index (`None`: decline, offered when
    /// every replacement is optional): the options of the game's replacement decision.
    pub fn replacement_offers(&self) -> Vec<Option<usize>> {
        let Some(choice) = &self.choosing else {
            return Vec::new();
        };
        let mut offers: Vec<Option<usize>> = (0..choice.offers.len()).map(Some).collect();
        if choice.offers.iter().all(|(_, offer)| offer.optional) {
            offers.push(None);
        }
        offers
    }

    /// The replacement choice waiting, if any: the proposal and its offers, for labels.
    pub fn replacement_choice(&self) -> Option<&ReplacementChoice<G>> {
        self.choosing.as_ref()
    }

    /// Whether the resolution is idle: no batch open, no trigger waiting, no choice.
    pub fn idle(&self) -> bool {
        self.batches.is_empty() && self.waiting.is_empty() && self.choosing.is_none()
    }

    /// Whether some ability in force in `game` now (an object's, or a floating effect's)
    /// satisfies `kind`, stopping at the first: what a game's [`Game::may_prohibit`] asks of
    /// its kinds of prohibition.
    pub fn any_in_force(game: &G, mut kind: impl FnMut(&InForce<G::Ability>) -> bool) -> bool {
        game.abilities(&mut |ability| {
            if kind(&ability) {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
        .is_break()
            || game
                .effects()
                .floating
                .iter()
                .any(|floating| floating.active(game) && kind(&floating.in_force))
    }

    /// The prohibition that forbids `proposal` in `game` now, if any: what a game's
    /// [`Game::prohibits`] reads to prune its selections.
    pub fn prohibiting(game: &G, proposal: &Proposal<G>) -> Option<InForce<G::Ability>> {
        // Asked for every completion a prompt walks: found without building the list.
        let mut found = None;
        let _ = game.abilities(&mut |ability| {
            if game.forbids(&ability, proposal) {
                found = Some(ability);
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        found.or_else(|| {
            game.effects()
                .floating
                .iter()
                .filter(|floating| floating.active(game))
                .find(|floating| game.forbids(&floating.in_force, proposal))
                .map(|floating| floating.in_force.clone())
        })
    }
}

/// Every ability in force in `game`: the game's own, then the floating effects active.
fn in_force<G: Effects>(game: &G) -> Vec<InForce<G::Ability>> {
    let mut abilities = object_abilities(game);
    push_floating(game, &mut abilities);
    abilities
}

/// Pushes onto `abilities` the floating effects active in `game`.
fn push_floating<G: Effects>(game: &G, abilities: &mut Vec<InForce<G::Ability>>) {
    abilities.extend(
        game.effects()
            .floating
            .iter()
            .filter(|floating| floating.active(game))
            .map(|floating| floating.in_force.clone()),
    );
}

/// The abilities of the objects in play ([`Effects::abilities`]), without the floating
/// effects: what a batch remembers for look-back.
fn object_abilities<G: Effects>(game: &G) -> Vec<InForce<G::Ability>> {
    // Room for a table's worth at once: growing it was a tenth of a game's instructions.
    let mut abilities = Vec::with_capacity(32);
    let _ = game.abilities(&mut |ability| {
        abilities.push(ability);
        ControlFlow::Continue(())
    });
    abilities
}

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

/// What a trigger or a replacement may do while it resolves: propose effects, ask
/// decisions, draw chance, push moves of the game.
pub struct Resolver<'r, 'c, G: Effects> {
    next: &'r mut MoveContext<'c, G::Move>,
    inherited: Vec<Source>,
    /// Whether a decision was asked ([`ask`](Self::ask)).
    asked: bool,
}

impl<G: Effects> Debug for Resolver<'_, '_, G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Resolver")
            .field("inherited", &self.inherited)
            .finish_non_exhaustive()
    }
}

impl<G: Effects> Resolver<'_, '_, G> {
    /// Proposes `effect` by `cause`, as a batch of its own, after what was proposed before.
    pub fn propose(&mut self, effect: G::Effect, cause: G::Cause) {
        self.propose_batch([(effect, cause)]);
    }

    /// Proposes several effects as one batch (one instruction that destroys several
    /// minions): their triggers are collected once, after all of them. An empty batch
    /// proposes nothing.
    pub fn propose_batch(&mut self, effects: impl IntoIterator<Item = (G::Effect, G::Cause)>) {
        let proposals: Vec<Proposal<G>> = effects
            .into_iter()
            .map(|(effect, cause)| Proposal::new(effect, cause))
            .collect();
        if !proposals.is_empty() {
            self.next
                .then(G::effect_move(Resolution::ProposeWithin(proposals)));
        }
    }

    /// In a replacement: proposes `effect` by `cause` in place of the replaced one, in its
    /// batch and chain (the replacements applied so far do not apply to it again).
    pub fn instead(&mut self, effect: G::Effect, cause: G::Cause) {
        let proposal = Proposal {
            effect,
            cause,
            replaced_by: self.inherited.clone(),
        };
        self.next
            .then(G::effect_move(Resolution::Consider(proposal)));
    }

    /// The replacements already applied in this chain (for a decision that proposes a
    /// product later: [`Resolution::Consider`] with them).
    pub fn chain(&self) -> &[Source] {
        &self.inherited
    }

    /// Asks a decision now ([`MoveContext::ask`]): the rest of the resolution waits for it.
    pub fn ask(&mut self, follow_up: FollowUp<G>) {
        self.asked = true;
        self.next.ask(follow_up);
    }

    /// Pushes a move of the game, after what was proposed before.
    pub fn then(&mut self, step: G::Move) {
        self.next.then(step);
    }

    /// The game's chance (a random discard).
    pub fn chance(&mut self) -> &mut Chance {
        self.next.chance()
    }
}

/// One step of resolution, a move of the game (through [`Effects::effect_move`]):
/// serializable, so a resolution paused for a decision is part of the state and the log.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound = "")]
pub enum Resolution<G: Effects> {
    /// Opens a batch of proposals, considers each, then collects the batch's triggers: a
    /// new chain when nothing else resolves (an action's, a flow step's).
    Propose(Vec<Proposal<G>>),
    /// As [`Propose`](Self::Propose), for a batch a trigger or a replacement proposes, part
    /// of the chain in progress ([`Resolver::propose_batch`]).
    ProposeWithin(Vec<Proposal<G>>),
    /// Prohibitions, replacements, then the effect: one proposal of the batch open.
    Consider(Proposal<G>),
    /// Closes the innermost batch: collects its triggers and resolves them.
    Close,
    /// Resolves the next waiting trigger, or asks the current player which.
    Next,
    /// The current player's pick of the next trigger (an index of
    /// [`EffectState::triggers_waiting`]): the behaviour of the game's ordering decision.
    Choose(usize),
    /// The chooser's pick among the replacements offered (an index of the offers, `None`
    /// to decline an optional one): the behaviour of the game's replacement decision.
    Replace(Option<usize>),
    /// Begins a floating effect.
    Float(Floating<G>),
    /// The flow's turn record: `player`'s turn begins. Opens the windows of their turn and
    /// sets off the triggers of a turn's beginning.
    TurnBegins(PlayerIndex),
    /// The flow's turn record: `player`'s turn ends. Closes the windows of this turn and
    /// sets off the triggers of a turn's end.
    TurnEnds(PlayerIndex),
}

impl<G: Effects> Resolution<G> {
    /// A step that proposes `effect` by `cause`, a batch of its own: what an action's
    /// behaviour or a flow step pushes.
    pub fn propose(effect: G::Effect, cause: G::Cause) -> Self {
        Resolution::Propose(vec![Proposal::new(effect, cause)])
    }

    /// Applies this step to `game`, pushing what follows onto `next` (as
    /// [`Move::apply`](crate::Move::apply) does; call it from the game's move).
    pub fn apply(&self, game: &mut G, next: &mut MoveContext<'_, G::Move>) {
        let effects = game.effects_mut();
        if effects.abandoned {
            match self {
                // A new chain: the abandoned one is over.
                Resolution::Propose(_)
                | Resolution::Float(_)
                | Resolution::TurnBegins(_)
                | Resolution::TurnEnds(_) => {
                    effects.abandoned = false;
                    effects.paused = false;
                    effects.steps = 0;
                }
                // What the abandoned chain had still to do.
                _ => return,
            }
        }
        match self {
            Resolution::Propose(proposals) | Resolution::ProposeWithin(proposals) => {
                let before = object_abilities(game);
                game.effects_mut().batches.push(Batch {
                    before,
                    happened: Vec::new(),
                });
                for proposal in proposals {
                    next.then(G::effect_move(Resolution::Consider(proposal.clone())));
                }
                next.then(G::effect_move(Resolution::Close));
            }
            Resolution::Consider(proposal) => {
                if !spend(game, next) {
                    return;
                }
                consider(game, proposal, next);
            }
            Resolution::Close => close(game, next),
            Resolution::Next => resolve_next(game, None, next),
            Resolution::Choose(index) => resolve_next(game, Some(*index), next),
            Resolution::Replace(picked) => {
                let Some(choice) = game.effects_mut().choosing.take() else {
                    return;
                };
                match picked.and_then(|index| choice.offers.get(index)) {
                    Some((ability, _)) => {
                        let ability = ability.clone();
                        replace_with(game, &ability, &choice.proposal, next);
                    }
                    None => {
                        // Declined: every optional replacement stays unused in this chain.
                        let mut proposal = choice.proposal;
                        proposal
                            .replaced_by
                            .extend(choice.offers.iter().map(|(ability, _)| ability.source));
                        next.then(G::effect_move(Resolution::Consider(proposal)));
                    }
                }
            }
            Resolution::Float(floating) => {
                let effects = game.effects_mut();
                effects
                    .events
                    .push(Event::Floated(floating.in_force.clone()));
                effects.floating.push(floating.clone());
            }
            Resolution::TurnBegins(player) => {
                let effects = game.effects_mut();
                for floating in &mut effects.floating {
                    if let Window::NextTurnOf {
                        player: whose,
                        begun,
                    } = &mut floating.window
                        && whose == player
                    {
                        *begun = true;
                    }
                }
                effects.turn = Some(*player);
                effects.events.push(Event::TurnBegan(*player));
                turn_batch(game, Occurrence::TurnBegan(*player), next);
            }
            Resolution::TurnEnds(player) => {
                let effects = game.effects_mut();
                let mut expired = Vec::new();
                effects.floating.retain(|floating| {
                    let ends = match floating.window {
                        Window::ThisTurn => true,
                        Window::NextTurnOf {
                            player: whose,
                            begun,
                        } => begun && whose == *player,
                        Window::UntilLeaves(_) | Window::Uses(_) => false,
                    };
                    if ends {
                        expired.push(floating.in_force.clone());
                    }
                    !ends
                });
                effects
                    .events
                    .extend(expired.into_iter().map(Event::Expired));
                effects.events.push(Event::TurnEnded(*player));
                turn_batch(game, Occurrence::TurnEnded(*player), next);
            }
        }
    }
}

/// Counts one step against the loop guard; false once the budget is spent: the record is
/// refused, or, when the chain has waited for a decision (which is part of the game
/// already), the chain is abandoned.
fn spend<G: Effects>(game: &mut G, next: &mut MoveContext<'_, G::Move>) -> bool {
    let effects = game.effects_mut();
    effects.steps = effects.steps.saturating_add(1);
    if effects.steps <= G::STEP_BUDGET {
        return true;
    }
    if effects.paused {
        effects.batches.clear();
        effects.waiting.clear();
        effects.choosing = None;
        effects.abandoned = true;
        effects.events.push(Event::Abandoned {
            steps: G::STEP_BUDGET,
        });
    } else {
        next.runaway(G::STEP_BUDGET);
    }
    false
}

/// A batch of one turn record: the triggers of a turn's beginning or end.
fn turn_batch<G: Effects>(
    game: &mut G,
    occurrence: Occurrence<G>,
    next: &mut MoveContext<'_, G::Move>,
) {
    let before = object_abilities(game);
    game.effects_mut().batches.push(Batch {
        before,
        happened: vec![occurrence],
    });
    close(game, next);
}

/// Uses one use of the floating effect `ability` came from, if it counts uses.
fn use_once<G: Effects>(game: &mut G, ability: &InForce<G::Ability>) {
    let effects = game.effects_mut();
    if let Some(at) = effects
        .floating
        .iter()
        .position(|floating| floating.in_force == *ability)
        && let Window::Uses(left) = &mut effects.floating[at].window
    {
        *left = left.saturating_sub(1);
        if *left == 0 {
            let gone = effects.floating.remove(at);
            effects.events.push(Event::Expired(gone.in_force));
        }
    }
}

/// Prohibitions, replacements, then the effect, for one proposal of the open batch.
fn consider<G: Effects>(game: &mut G, proposal: &Proposal<G>, next: &mut MoveContext<'_, G::Move>) {
    let abilities = in_force(game);
    if let Some(by) = abilities
        .iter()
        .find(|ability| game.forbids(ability, proposal))
    {
        let by = by.clone();
        game.effects_mut().events.push(Event::Prevented {
            effect: proposal.effect.clone(),
            cause: proposal.cause.clone(),
            by: by.clone(),
        });
        // After the event it ended with: "prevented by the ward", then "the ward ends".
        use_once(game, &by);
        return;
    }
    let mut offers: Vec<(InForce<G::Ability>, Offer)> = abilities
        .into_iter()
        .filter(|ability| !proposal.replaced_by.contains(&ability.source))
        .filter_map(|ability| {
            let offer = game.replacement(&ability, proposal)?;
            Some((ability, offer))
        })
        .collect();
    // One chooser at a time: a player chooses among, or declines, their own offers only
    // (two players' Hideouts against one action); a decline leaves the next one's.
    if let Some(chooser) = offers.first().map(|(_, offer)| offer.chooser) {
        offers.retain(|(_, offer)| offer.chooser == chooser);
    }
    match offers.as_slice() {
        [] => {
            let mut resolver = Resolver {
                next,
                inherited: proposal.replaced_by.clone(),
                asked: false,
            };
            let happened = game.apply(proposal, &mut resolver);
            if resolver.asked {
                game.effects_mut().paused = true;
            }
            let effects = game.effects_mut();
            match happened {
                Some(effect) => {
                    effects.events.push(Event::Happened {
                        effect: effect.clone(),
                        cause: proposal.cause.clone(),
                    });
                    if let Some(batch) = effects.batches.last_mut() {
                        batch.happened.push(Occurrence::Effect {
                            effect,
                            cause: proposal.cause.clone(),
                        });
                    }
                }
                None => effects.events.push(Event::Fizzled {
                    effect: proposal.effect.clone(),
                    cause: proposal.cause.clone(),
                }),
            }
        }
        [(ability, offer)] if !offer.optional => {
            let ability = ability.clone();
            replace_with(game, &ability, proposal, next);
        }
        [(_, first), ..] => {
            let chooser = first.chooser;
            game.effects_mut().choosing = Some(ReplacementChoice {
                proposal: proposal.clone(),
                offers,
            });
            let decision = game.replacement_decision(chooser);
            game.effects_mut().paused = true;
            next.ask(decision);
        }
    }
}

/// Applies the replacement `ability` to `proposal`: logged, then the game's products.
fn replace_with<G: Effects>(
    game: &mut G,
    ability: &InForce<G::Ability>,
    proposal: &Proposal<G>,
    next: &mut MoveContext<'_, G::Move>,
) {
    game.effects_mut().events.push(Event::Replaced {
        effect: proposal.effect.clone(),
        cause: proposal.cause.clone(),
        by: ability.clone(),
    });
    use_once(game, ability);
    let mut inherited = proposal.replaced_by.clone();
    inherited.push(ability.source);
    let mut resolver = Resolver {
        next,
        inherited,
        asked: false,
    };
    game.replace(ability, proposal, &mut resolver);
    if resolver.asked {
        game.effects_mut().paused = true;
    }
}

/// Closes the innermost batch: asks every ability in force, and every one that left play
/// during the batch, what it sets off, then resolves them.
fn close<G: Effects>(game: &mut G, next: &mut MoveContext<'_, G::Move>) {
    let Some(batch) = game.effects_mut().batches.pop() else {
        return;
    };
    if batch.happened.is_empty() {
        settle_idle(game);
        return;
    }
    let mut now = object_abilities(game);
    // Look-back is for objects that left play: a floating effect that ended during the
    // batch (its uses spent) is not asked, and one made by an object does not keep the
    // object's own abilities looking back.
    let left: Vec<_> = batch
        .before
        .into_iter()
        .filter(|ability| !now.iter().any(|kept| kept.source == ability.source))
        .collect();
    push_floating(game, &mut now);
    let mut triggered = Vec::new();
    let mut pending = Vec::new();
    for ability in now.iter().cloned().chain(left) {
        game.triggers(&ability, &batch.happened, &mut triggered);
        if !triggered.is_empty() {
            use_once(game, &ability);
        }
        pending.extend(triggered.drain(..).map(|trigger| Pending {
            source: ability.source,
            controller: ability.controller,
            trigger,
        }));
    }
    if pending.is_empty() {
        settle_idle(game);
        return;
    }
    // Those that resolve first keep their order, ahead of the rest.
    let (mut first, rest): (Vec<_>, Vec<_>) = pending
        .into_iter()
        .partition(|trigger| game.resolves_first(trigger));
    first.extend(rest);
    game.effects_mut().waiting.push(first);
    next.then(G::effect_move(Resolution::Next));
}

/// Resolves the next trigger of the innermost list: `picked` by the current player, the
/// one that resolves first, the only one, or the first of identical ones (the same trigger
/// of the same controller: their order cannot matter); else asks the current player to
/// pick.
fn resolve_next<G: Effects>(
    game: &mut G,
    picked: Option<usize>,
    next: &mut MoveContext<'_, G::Move>,
) {
    let Some(list) = game.effects().waiting.last() else {
        return;
    };
    if list.is_empty() {
        game.effects_mut().waiting.pop();
        settle_idle(game);
        return;
    }
    let index = match picked {
        Some(index) if index < list.len() => index,
        Some(_) => return,
        None => {
            let forced = list.len() == 1
                || game.resolves_first(&list[0])
                || list.iter().all(|pending| {
                    pending.trigger == list[0].trigger && pending.controller == list[0].controller
                });
            if !forced {
                // Outside every turn (a setup's triggers), the first seat orders them.
                let orderer = game.effects().turn.unwrap_or(PlayerIndex(0));
                let decision = game.order_decision(orderer);
                game.effects_mut().paused = true;
                next.ask(decision);
                return;
            }
            0
        }
    };
    if !spend(game, next) {
        return;
    }
    let effects = game.effects_mut();
    let Some(list) = effects.waiting.last_mut() else {
        return;
    };
    let pending = list.remove(index);
    effects.events.push(Event::Triggered {
        source: pending.source,
        trigger: pending.trigger.clone(),
    });
    let mut resolver = Resolver {
        next,
        inherited: Vec::new(),
        asked: false,
    };
    game.resolve(&pending, &mut resolver);
    if resolver.asked {
        game.effects_mut().paused = true;
    }
    next.then(G::effect_move(Resolution::Next));
}

/// Resets the loop guard once nothing is left to resolve.
fn settle_idle<G: Effects>(game: &mut G) {
    let effects = game.effects_mut();
    if effects.idle() {
        effects.steps = 0;
        effects.paused = false;
    }
}
