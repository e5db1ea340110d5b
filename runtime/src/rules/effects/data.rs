//! The data a resolution keeps in the game's state: objects and their abilities in force,
//! proposals, floating effects, the event log and the [`EffectState`] that holds them.

use std::fmt::{self, Debug, Display};
use std::ops::ControlFlow;

use serde::{Deserialize, Serialize};

use crate::pieces::player::PlayerIndex;

use super::Effects;

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
    /// A floating effect began ([`Resolution::Float`](super::Resolution::Float)).
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
    /// The player of the last turn begun
    /// ([`Resolution::TurnBegins`](super::Resolution::TurnBegins)), whose turn's end also resolves
    /// as theirs: who orders simultaneous triggers. Set from the flow by the step that begins a
    /// turn ([`Progress::turn`](crate::rules::flow::Progress::turn)), since a move, and so a
    /// resolution, does not read the flow; `None` before the first turn.
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

    /// Whether some ability in force in `game` now (an object's, or a floating effect's) satisfies
    /// `kind`, stopping at the first: what a game's
    /// [`Game::may_prohibit`](crate::rules::game::Game::may_prohibit) asks of its kinds of
    /// prohibition.
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
    /// [`Game::prohibits`](crate::rules::game::Game::prohibits) reads to prune its selections.
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
pub(super) fn in_force<G: Effects>(game: &G) -> Vec<InForce<G::Ability>> {
    let mut abilities = object_abilities(game);
    push_floating(game, &mut abilities);
    abilities
}

/// Pushes onto `abilities` the floating effects active in `game`.
pub(super) fn push_floating<G: Effects>(game: &G, abilities: &mut Vec<InForce<G::Ability>>) {
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
pub(super) fn object_abilities<G: Effects>(game: &G) -> Vec<InForce<G::Ability>> {
    // Room for a table's worth at once: growing it was a tenth of a game's instructions.
    let mut abilities = Vec::with_capacity(32);
    let _ = game.abilities(&mut |ability| {
        abilities.push(ability);
        ControlFlow::Continue(())
    });
    abilities
}
