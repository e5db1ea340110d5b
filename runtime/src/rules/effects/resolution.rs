//! The resolution: the moves that turn a proposal into an event (prohibitions,
//! replacements, the effect, triggers), the loop guard, and the [`Resolver`] a trigger or
//! a replacement acts through.

use std::fmt::{self, Debug};

use serde::{Deserialize, Serialize};

use crate::pieces::chance::Chance;
use crate::pieces::player::PlayerIndex;
use crate::rules::action::FollowUp;
use crate::rules::moves::MoveContext;

use super::data::{in_force, object_abilities, push_floating};
use super::{
    Batch, Effects, Event, Floating, InForce, Occurrence, Offer, Pending, Proposal,
    ReplacementChoice, Source, Window,
};

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
    /// [`EffectState::triggers_waiting`](super::EffectState::triggers_waiting)): the behaviour of
    /// the game's ordering decision.
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
