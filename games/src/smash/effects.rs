//! The game's effects, apart from any card: what may happen ([`Effect`]), by what cause
//! ([`Cause`]), on what an action is played ([`Target`]); how each effect happens, which
//! abilities are in force and in what order, a played card's text as a trigger of its play
//! (`Rules`), the prohibitions checked against a completed action; and the helpers the
//! cards share (the minions a text may reach). [`meeple::effects::Effects`] for the game
//! asks each ability's own rules, in its card's file under `cards/`, what it prohibits,
//! replaces and triggers, as `EFFECTS.md` maps each card's wording to its mechanism.

use std::fmt;
use std::ops::ControlFlow;

use meeple::effects::{
    EffectState, Effects, InForce, Occurrence, Offer, Pending, Proposal, Resolution, Resolver,
    Source,
};
use meeple::{FollowUp, PlayerIndex};
use serde::{Deserialize, Serialize};

use super::actions::{ChooseReplacementArgs, OrderTriggersArgs, SmashAction};
use super::cards::{Ability, AbilityRules, Aim, BaseName, Kind, Trigger};
use super::{Attached, Card, CardId, Smash, SmashMove, size};

/// The object number of the rules themselves (the source of a played card's own text).
const RULES: u32 = u32::MAX;
/// Bases are objects numbered from here, by incarnation.
const BASE_OBJECTS: u32 = 1 << 20;

/// What an action card is played on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Target {
    /// The base in this slot.
    Base(u8),
    /// This minion.
    Minion(CardId),
    /// This player.
    Player(PlayerIndex),
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Target::Base(slot) => write!(f, "base {}", slot + 1),
            Target::Minion(card) => write!(f, "{card} (#{})", card.index),
            Target::Player(player) => write!(f, "Player {}", player.0 + 1),
        }
    }
}

/// What may happen: proposed by a rule or a card, then prevented, replaced or applied.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Effect {
    /// `player` plays minion `card` on the base in slot `base`.
    PlayMinion {
        /// Who plays.
        player: PlayerIndex,
        /// The minion.
        card: CardId,
        /// The base's slot.
        base: u8,
    },
    /// `player` plays action `card` on `target`.
    PlayAction {
        /// Who plays.
        player: PlayerIndex,
        /// The action.
        card: CardId,
        /// What it is played on.
        target: Target,
    },
    /// `player`'s action `card`, played on `target`, is cancelled: it goes from their hand
    /// to their discard pile without its text (Hideout's replacement of the play).
    CancelAction {
        /// Who played it.
        player: PlayerIndex,
        /// The action.
        card: CardId,
        /// What it was played on.
        target: Target,
    },
    /// A minion, or an action in play, is destroyed (to its owner's discard pile).
    Destroy {
        /// The card.
        card: CardId,
        /// The slot of its base.
        base: u8,
    },
    /// A minion moves to another base.
    Move {
        /// The minion.
        card: CardId,
        /// From this slot.
        from: u8,
        /// To this slot.
        to: u8,
    },
    /// `player` draws a card.
    Draw {
        /// Who draws.
        player: PlayerIndex,
    },
    /// `player` discards `card` from their hand.
    Discard {
        /// Who discards.
        player: PlayerIndex,
        /// The card.
        card: CardId,
    },
    /// `card` goes from its owner's discard pile to the bottom of their deck.
    Bury {
        /// The card.
        card: CardId,
    },
    /// `player` gains victory points.
    GainVp {
        /// Who.
        player: PlayerIndex,
        /// How many.
        points: u8,
    },
}

impl fmt::Display for Effect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Effect::PlayMinion { player, card, base } => write!(
                f,
                "Player {} plays {card} on base {}",
                player.0 + 1,
                base + 1
            ),
            Effect::PlayAction {
                player,
                card,
                target,
            } => write!(f, "Player {} plays {card} on {target}", player.0 + 1),
            Effect::CancelAction {
                player,
                card,
                target,
            } => write!(
                f,
                "Player {}'s {card} on {target} is cancelled",
                player.0 + 1
            ),
            Effect::Destroy { card, base } => write!(f, "{card} is destroyed at base {}", base + 1),
            Effect::Move { card, from, to } => {
                write!(f, "{card} moves from base {} to base {}", from + 1, to + 1)
            }
            Effect::Draw { player } => write!(f, "Player {} draws a card", player.0 + 1),
            Effect::Discard { player, card } => {
                write!(f, "Player {} discards {card}", player.0 + 1)
            }
            Effect::Bury { card } => write!(f, "{card} goes to the bottom of its owner's deck"),
            Effect::GainVp { player, points } => {
                write!(f, "Player {} gains {points} VP", player.0 + 1)
            }
        }
    }
}

/// What causes an effect: a card, a base, or the rules, and the player behind it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum By {
    /// A card's text.
    Card(CardId),
    /// A base's text.
    Base(BaseName),
    /// A step of the rules (a play, the draw).
    Rules,
}

/// Who or what causes an effect ("the player who destroyed them").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cause {
    /// The player behind it.
    pub player: PlayerIndex,
    /// The card, base or rule.
    pub by: By,
}

impl Cause {
    /// `player` by the rules.
    #[must_use]
    pub fn rules(player: PlayerIndex) -> Cause {
        Cause {
            player,
            by: By::Rules,
        }
    }

    /// `player`'s `card`.
    #[must_use]
    pub fn card(player: PlayerIndex, card: CardId) -> Cause {
        Cause {
            player,
            by: By::Card(card),
        }
    }
}

impl fmt::Display for Cause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.by {
            By::Card(card) => write!(f, "by Player {}'s {card}", self.player.0 + 1),
            By::Base(base) => write!(f, "by {base}"),
            By::Rules => write!(f, "by the rules, for Player {}", self.player.0 + 1),
        }
    }
}

impl Smash {
    /// The source of `card` in its incarnation now.
    pub(super) fn source(&self, card: CardId) -> Source {
        Source {
            object: u32::from(card.index),
            incarnation: self.card(card).incarnation,
        }
    }

    /// The card an ability's source is, if a card.
    pub(super) fn source_card(&self, source: Source) -> Option<CardId> {
        u16::try_from(source.object)
            .ok()
            .and_then(|index| self.card_id(index))
    }

    /// The slot of the base an ability's source is, if a base in play.
    pub(super) fn source_base(&self, source: Source) -> Option<u8> {
        let incarnation = source.object.checked_sub(BASE_OBJECTS)?;
        self.bases
            .iter()
            .position(|base| base.incarnation == incarnation)
            .and_then(|slot| u8::try_from(slot).ok())
    }

    /// The name of the base in play an ability's source is, if any: the cause a base's
    /// trigger gives what it proposes.
    pub(super) fn source_base_name(&self, source: Source) -> Option<BaseName> {
        self.bases.iter().find_map(|base| {
            (Some(base.incarnation + BASE_OBJECTS) == Some(source.object)).then_some(base.name)
        })
    }

    /// The prohibition that forbids `player`'s completed `action` now, in words.
    pub(super) fn prohibition(&self, player: PlayerIndex, action: &SmashAction) -> Option<String> {
        // Asked of every completion a prompt walks: nothing built but the proposals.
        let mut found = None;
        let _ = self.proposals_of(
            player,
            action,
            &mut |proposal| match EffectState::prohibiting(self, &proposal) {
                Some(by) => {
                    found = Some(format!(
                        "{} ({})",
                        by.ability,
                        by.ability.prohibition_text()
                    ));
                    ControlFlow::Break(())
                }
                None => ControlFlow::Continue(()),
            },
        );
        found
    }

    /// Calls `visit` with each proposal a completed action makes first, for its
    /// prohibitions, until it breaks: the play itself, then what the played card's text
    /// proposes at once (Cannon's destroy).
    fn proposals_of(
        &self,
        player: PlayerIndex,
        action: &SmashAction,
        visit: &mut impl FnMut(Proposal<Smash>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let cause = Cause::rules(player);
        match action {
            SmashAction::PlayMinion(play) => visit(Proposal::new(
                Effect::PlayMinion {
                    player,
                    card: play.card,
                    base: play.base,
                },
                cause,
            )),
            SmashAction::PlayAction(play) => {
                visit(Proposal::new(
                    Effect::PlayAction {
                        player,
                        card: play.card,
                        target: play.target,
                    },
                    cause,
                ))?;
                match play.card.name.def().abilities.first() {
                    Some(ability) => ability.with_rules(|rules| {
                        rules.proposes(self, player, play.card, play.target, visit)
                    }),
                    None => ControlFlow::Continue(()),
                }
            }
            // Saucy Wench's decision: the destroys it picked.
            SmashAction::MayDestroy(decision) => {
                for &card in &decision.targets {
                    visit(Proposal::new(
                        Effect::Destroy {
                            card,
                            base: decision.base,
                        },
                        Cause::card(player, decision.by),
                    ))?;
                }
                ControlFlow::Continue(())
            }
            _ => ControlFlow::Continue(()),
        }
    }

    /// Whether no prohibition in force forbids `cause` to destroy `minion` at the base in
    /// `base`: a minion that cannot be destroyed is neither offered nor counted as
    /// affected.
    pub(super) fn may_destroy(&self, minion: CardId, base: u8, cause: Cause) -> bool {
        let destroy = Proposal::new(Effect::Destroy { card: minion, base }, cause);
        EffectState::prohibiting(self, &destroy).is_none()
    }

    /// Whether no prohibition in force forbids `cause` to destroy `minion` where it is now.
    pub(super) fn may_destroy_where_it_is(&self, minion: CardId, cause: Cause) -> bool {
        self.base_of(minion)
            .is_some_and(|base| self.may_destroy(minion, base, cause))
    }

    /// The minions `player`'s action `card` played on `target` would affect now (destroy,
    /// or change the power of), by its first ability: what Hideout answers.
    /// A minion whose destroy a prohibition forbids (Warbot, General Ivan's) is not affected.
    pub(super) fn affected_by(
        &self,
        player: PlayerIndex,
        card: CardId,
        target: Target,
    ) -> Vec<CardId> {
        card.name
            .def()
            .abilities
            .first()
            .map_or_else(Vec::new, |ability| {
                ability.with_rules(|rules| rules.affects(self, player, card, target))
            })
    }

    /// The minions at the base in `slot` of players other than `player`, of power `most`
    /// or less: what Broadside and Nukebot destroy.
    pub(super) fn others_minions_at(&self, slot: u8, player: PlayerIndex, most: u8) -> Vec<CardId> {
        self.minions_at_up_to(slot, most, |minion| self.card(minion).owner != player)
    }

    /// The minions at the base in `slot` of power `most` or less that `keep` keeps, in
    /// their order there; none for a slot without a base.
    pub(super) fn minions_at_up_to(
        &self,
        slot: u8,
        most: u8,
        keep: impl Fn(CardId) -> bool,
    ) -> Vec<CardId> {
        self.bases
            .get(usize::from(slot))
            .map_or_else(Vec::new, |base| {
                base.minions
                    .iter()
                    .copied()
                    .filter(|&minion| keep(minion) && self.power(minion) <= most)
                    .collect()
            })
    }

    /// Every minion in play of power `most` or less: Cannon's and Purge's targets.
    pub(super) fn minions_at_most(&self, most: u8) -> Vec<CardId> {
        let mut minions: Vec<CardId> = self
            .bases
            .iter()
            .flat_map(|base| base.minions.iter().copied())
            .filter(|&minion| self.power(minion) <= most)
            .collect();
        minions.sort();
        minions
    }

    /// The slots of the bases other than `from`.
    pub(super) fn other_bases(&self, from: u8) -> Vec<u8> {
        (0..self.bases.len())
            .filter_map(|slot| u8::try_from(slot).ok())
            .filter(|&slot| slot != from)
            .collect()
    }

    /// A played card's own text: its first ability's.
    fn resolve_text(
        &mut self,
        player: PlayerIndex,
        card: CardId,
        target: Target,
        resolver: &mut Resolver<'_, '_, Self>,
    ) {
        if let Some(&ability) = card.name.def().abilities.first() {
            ability.with_rules(|rules| rules.played(self, player, card, target, resolver));
        }
    }

    /// What `card` may be played on by `player`: nothing for a minion; for an action, what
    /// its first ability says (Broadside: the bases where `player` has a minion; Cannon and
    /// Purge: the minions of their power), else what it aims at.
    pub(super) fn targets(&self, player: PlayerIndex, card: CardId) -> Vec<Target> {
        let def = card.name.def();
        match (def.kind, def.abilities.first()) {
            (Kind::Minion { .. }, _) => Vec::new(),
            (Kind::Action { .. }, Some(ability)) => {
                ability.with_rules(|rules| rules.targets(self, player, card))
            }
            (Kind::Action { .. }, None) => self.targets_by_aim(card),
        }
    }

    /// What `card` may be played on by its aim alone: every base, every minion in play,
    /// every player.
    pub(super) fn targets_by_aim(&self, card: CardId) -> Vec<Target> {
        match card.name.def().kind {
            Kind::Minion { .. } => Vec::new(),
            Kind::Action { aim: Aim::Base, .. } => (0..self.bases.len())
                .filter_map(|slot| u8::try_from(slot).ok())
                .map(Target::Base)
                .collect(),
            Kind::Action {
                aim: Aim::Minion, ..
            } => self
                .minions_at_most(u8::MAX)
                .into_iter()
                .map(Target::Minion)
                .collect(),
            Kind::Action {
                aim: Aim::Player, ..
            } => self.vp.players().map(Target::Player).collect(),
        }
    }
}

/// The effects of a batch with their causes (its other occurrences, turns begun and
/// ended, left out): what most triggers look at.
pub(super) fn effects_in(batch: &[Occurrence<Smash>]) -> impl Iterator<Item = (&Effect, &Cause)> {
    batch.iter().filter_map(|occurrence| match occurrence {
        Occurrence::Effect { effect, cause } => Some((effect, cause)),
        _ => None,
    })
}

/// The rules themselves, in force as an ability ([`Ability::Rules`]) so that a card
/// played resolves its own text as a trigger of its play: ahead of what the play set off
/// ([`Effects::resolves_first`]), and after the play's prohibitions and replacements.
pub(super) struct Rules;

impl AbilityRules for Rules {
    fn name(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        out.write_str("the rules")
    }

    fn trigger_text(&self, trigger: &Trigger, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        match trigger {
            Trigger::Played { card, .. } => write!(out, "{card}'s own text"),
            _ => self.name(out),
        }
    }

    /// A minion with a text when played (Saucy Wench), or an action that does not stay in
    /// play, resolves its text.
    fn triggers(
        &self,
        game: &Smash,
        ability: &InForce<Ability>,
        batch: &[Occurrence<Smash>],
        out: &mut Vec<Trigger>,
    ) {
        let _ = (game, ability);
        for (effect, _) in effects_in(batch) {
            match *effect {
                Effect::PlayMinion { player, card, base }
                    if card.name.def().abilities.first().is_some_and(|ability| {
                        ability.with_rules(|rules| rules.has_play_text())
                    }) =>
                {
                    out.push(Trigger::Played {
                        player,
                        card,
                        target: Target::Base(base),
                    });
                }
                Effect::PlayAction {
                    player,
                    card,
                    target,
                } if matches!(card.name.def().kind, Kind::Action { ongoing: false, .. }) => {
                    out.push(Trigger::Played {
                        player,
                        card,
                        target,
                    });
                }
                _ => {}
            }
        }
    }

    fn resolve(
        &self,
        game: &mut Smash,
        pending: &Pending<Smash>,
        resolver: &mut Resolver<'_, '_, Smash>,
    ) {
        if let Trigger::Played {
            player,
            card,
            target,
        } = pending.trigger
        {
            game.resolve_text(player, card, target, resolver);
        }
    }
}

impl Effects for Smash {
    type Effect = Effect;
    type Cause = Cause;
    type Ability = Ability;
    type Trigger = Trigger;

    fn effects(&self) -> &EffectState<Self> {
        &self.effects
    }

    fn effects_mut(&mut self) -> &mut EffectState<Self> {
        &mut self.effects
    }

    fn effect_move(step: Resolution<Self>) -> SmashMove {
        SmashMove::Effects(step)
    }

    /// The rules; each base's ability; each minion's, then each ongoing action's, base by
    /// base in slot order.
    fn abilities(
        &self,
        visit: &mut impl FnMut(InForce<Ability>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        visit(InForce {
            source: Source {
                object: RULES,
                incarnation: 0,
            },
            controller: self.current(),
            ability: Ability::Rules,
        })?;
        for base in &self.bases {
            if let Some(ability) = base.name.def().ability {
                visit(InForce {
                    source: Source {
                        object: BASE_OBJECTS + base.incarnation,
                        incarnation: 0,
                    },
                    controller: self.current(),
                    ability,
                })?;
            }
        }
        for base in &self.bases {
            let cards = base
                .minions
                .iter()
                .chain(base.actions.iter().map(|on| &on.card));
            for &card in cards {
                let Card {
                    owner, incarnation, ..
                } = self.card(card);
                for &ability in card.name.def().abilities {
                    visit(InForce {
                        source: Source {
                            object: u32::from(card.index),
                            incarnation,
                        },
                        controller: owner,
                        ability,
                    })?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// Only a prohibition forbids: what `may_prohibit` looks for.
    fn forbids(&self, ability: &InForce<Ability>, proposal: &Proposal<Self>) -> bool {
        ability
            .ability
            .with_rules(|rules| rules.is_prohibition() && rules.forbids(self, ability, proposal))
    }

    fn replacement(&self, ability: &InForce<Ability>, proposal: &Proposal<Self>) -> Option<Offer> {
        ability
            .ability
            .with_rules(|rules| rules.replacement(self, ability, proposal))
    }

    fn replace(
        &mut self,
        ability: &InForce<Ability>,
        proposal: &Proposal<Self>,
        resolver: &mut Resolver<'_, '_, Self>,
    ) {
        ability
            .ability
            .with_rules(|rules| rules.replace(self, ability, proposal, resolver));
    }

    fn apply(
        &mut self,
        proposal: &Proposal<Self>,
        resolver: &mut Resolver<'_, '_, Self>,
    ) -> Option<Effect> {
        let effect = &proposal.effect;
        match *effect {
            Effect::PlayMinion { player, card, base } => {
                if usize::from(base) >= self.bases.len() || !self.hands[player].remove(&card) {
                    return None;
                }
                self.cards[usize::from(card.index)].incarnation += 1;
                self.bases[usize::from(base)].minions.push(card);
                if player == self.current() {
                    self.minions_left = self.minions_left.saturating_sub(1);
                }
            }
            Effect::PlayAction {
                player,
                card,
                target,
            } => {
                if !self.hands[player].remove(&card) {
                    return None;
                }
                if player == self.current() {
                    self.actions_left = self.actions_left.saturating_sub(1);
                }
                self.cards[usize::from(card.index)].incarnation += 1;
                let ongoing = matches!(card.name.def().kind, Kind::Action { ongoing: true, .. });
                let slot = match target {
                    Target::Base(slot) => Some(slot),
                    Target::Minion(minion) => self.base_of(minion),
                    Target::Player(_) => None,
                };
                match (ongoing, slot) {
                    (true, Some(slot)) => {
                        let on = match target {
                            Target::Minion(minion) => Some(minion),
                            _ => None,
                        };
                        self.bases[usize::from(slot)]
                            .actions
                            .push(Attached { card, on });
                    }
                    _ => self.discards[player].push(card),
                }
            }
            Effect::CancelAction { player, card, .. } => {
                if !self.hands[player].remove(&card) {
                    return None;
                }
                // It was played: it counts against the turn's action.
                if player == self.current() {
                    self.actions_left = self.actions_left.saturating_sub(1);
                }
                self.cards[usize::from(card.index)].incarnation += 1;
                self.discards[player].push(card);
            }
            Effect::Destroy { card, base } => {
                let at = self.bases.get_mut(usize::from(base))?;
                if let Some(index) = at.minions.iter().position(|&minion| minion == card) {
                    at.minions.remove(index);
                    let upgrades: Vec<CardId> = at
                        .actions
                        .iter()
                        .filter(|on| on.on == Some(card))
                        .map(|on| on.card)
                        .collect();
                    at.actions.retain(|on| on.on != Some(card));
                    for upgrade in upgrades {
                        self.put_in_discard(upgrade);
                    }
                } else if let Some(index) = at.actions.iter().position(|on| on.card == card) {
                    at.actions.remove(index);
                } else {
                    return None;
                }
                self.put_in_discard(card);
            }
            Effect::Move { card, from, to } => {
                if usize::from(to) >= self.bases.len() {
                    return None;
                }
                let at = self.bases.get_mut(usize::from(from))?;
                let index = at.minions.iter().position(|&minion| minion == card)?;
                at.minions.remove(index);
                // Its Upgrades go with it.
                let moved: Vec<Attached> = at
                    .actions
                    .iter()
                    .filter(|on| on.on == Some(card))
                    .copied()
                    .collect();
                at.actions.retain(|on| on.on != Some(card));
                let into = &mut self.bases[usize::from(to)];
                into.minions.push(card);
                into.actions.extend(moved);
            }
            Effect::Draw { player } => {
                if self.decks[player].is_empty() {
                    if self.discards[player].is_empty() {
                        return None;
                    }
                    let mut order = self.discards[player].clone();
                    resolver.chance().shuffle(&mut order);
                    let top = order.last().copied();
                    resolver.then(SmashMove::Reshuffle {
                        player,
                        size: size(order.len()),
                        order,
                    });
                    resolver.then(SmashMove::Draw { player, card: top });
                } else {
                    let top = self.decks[player].cards().last().copied();
                    resolver.then(SmashMove::Draw { player, card: top });
                }
            }
            Effect::Discard { player, card } => {
                if !self.hands[player].remove(&card) {
                    return None;
                }
                self.discards[player].push(card);
            }
            Effect::Bury { card } => {
                let owner = self.card(card).owner;
                let at = self.discards[owner]
                    .iter()
                    .rposition(|&held| held == card)?;
                self.discards[owner].remove(at);
                self.cards[usize::from(card.index)].incarnation += 1;
                self.decks[owner].insert_bottom(card);
            }
            Effect::GainVp { player, points } => {
                self.vp[player] = self.vp[player].saturating_add(points);
            }
        }
        Some(effect.clone())
    }

    fn triggers(
        &self,
        ability: &InForce<Ability>,
        batch: &[Occurrence<Self>],
        out: &mut Vec<Trigger>,
    ) {
        ability
            .ability
            .with_rules(|rules| rules.triggers(self, ability, batch, out));
    }

    /// A played card's own text goes ahead of what its play set off (Leprechaun's
    /// "after its ability resolves").
    fn resolves_first(&self, trigger: &Pending<Self>) -> bool {
        matches!(trigger.trigger, Trigger::Played { .. })
    }

    /// By the rules of the ability whose trigger it is.
    fn resolve(&mut self, pending: &Pending<Self>, resolver: &mut Resolver<'_, '_, Self>) {
        pending
            .trigger
            .with_rules(|rules| rules.resolve(self, pending, resolver));
    }

    fn in_play(&self, source: Source) -> bool {
        self.source_card(source)
            .is_some_and(|card| self.base_of(card).is_some() && self.source(card) == source)
    }

    fn order_decision(&self, player: PlayerIndex) -> FollowUp<Self> {
        FollowUp::new(player, OrderTriggersArgs {})
    }

    fn replacement_decision(&self, player: PlayerIndex) -> FollowUp<Self> {
        FollowUp::new(player, ChooseReplacementArgs {})
    }
}
