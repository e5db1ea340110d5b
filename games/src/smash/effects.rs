//! The game's effects: what may happen, by what cause, and what each printed ability
//! prohibits, replaces and triggers ([`meeple::effects::Effects`]), as `EFFECTS.md` maps
//! each card's wording to its mechanism.

use std::fmt;
use std::ops::ControlFlow;

use meeple::effects::{
    EffectState, Effects, Floating, InForce, Occurrence, Offer, Pending, Proposal, Resolution,
    Resolver, Source, Window,
};
use meeple::{FollowUp, PlayerIndex};
use serde::{Deserialize, Serialize};

use super::actions::{
    ChooseReplacementArgs, DiscardCardArgs, MayDestroyArgs, MoveBuccaneerArgs, OrderTriggersArgs,
    SmashAction,
};
use super::cards::{Ability, Aim, CardName, Kind};
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
    Base(super::cards::BaseName),
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

/// A trigger waiting to resolve, with what it needs to know.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Trigger {
    /// A card played resolves its own text (before any "after it is played").
    Played {
        /// Who played it.
        player: PlayerIndex,
        /// The card.
        card: CardId,
        /// Where.
        target: Target,
    },
    /// Leprechaun destroys the weaker minion just played at its base.
    Leprechaun {
        /// The Leprechaun.
        by: CardId,
        /// The minion played.
        victim: CardId,
        /// The base's slot.
        base: u8,
    },
    /// A Gremlin was destroyed: its owner draws, each other player discards at random.
    Gremlin {
        /// The Gremlin.
        by: CardId,
        /// Its owner.
        player: PlayerIndex,
    },
    /// A Nukebot was destroyed: every other player's minion at its base is destroyed.
    Nuke {
        /// The Nukebot.
        by: CardId,
        /// Its owner.
        player: PlayerIndex,
        /// The base's slot.
        base: u8,
    },
    /// Overrun is destroyed at the start of its owner's turn.
    OverrunEnds {
        /// The Overrun.
        card: CardId,
    },
    /// Tar Pits puts a minion destroyed there at the bottom of its owner's deck.
    TarPits {
        /// The minion.
        card: CardId,
    },
    /// Field of Honor: the player who destroyed minions there gains 1 VP.
    Honor {
        /// The player.
        player: PlayerIndex,
    },
    /// Haunted House: the player who played a minion there discards a card.
    Haunt {
        /// The player.
        player: PlayerIndex,
    },
}

impl fmt::Display for Trigger {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Trigger::Played { card, .. } => write!(f, "{card}'s own text"),
            Trigger::Leprechaun { victim, .. } => write!(f, "Leprechaun destroys {victim}"),
            Trigger::Gremlin { player, .. } => write!(
                f,
                "Gremlin: Player {} draws, each other player discards at random",
                player.0 + 1
            ),
            Trigger::Nuke { base, .. } => {
                write!(f, "Nukebot destroys the other minions at base {}", base + 1)
            }
            Trigger::OverrunEnds { .. } => write!(f, "Overrun is destroyed"),
            Trigger::TarPits { card } => write!(f, "Tar Pits buries {card}"),
            Trigger::Honor { player } => {
                write!(f, "Field of Honor: Player {} gains 1 VP", player.0 + 1)
            }
            Trigger::Haunt { player } => {
                write!(f, "Haunted House: Player {} discards a card", player.0 + 1)
            }
        }
    }
}

impl fmt::Display for Ability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = match self {
            Ability::MayDestroyHere { .. } => "Saucy Wench",
            Ability::MoveInstead => "Buccaneer",
            Ability::Broadside => "Broadside",
            Ability::DestroyMinion { most: 2 } => "Cannon",
            Ability::DestroyMinion { .. } => "Purge",
            Ability::Indestructible => "Warbot",
            Ability::Nuke => "Nukebot",
            Ability::PowerBonus(_) => "Upgrade",
            Ability::Leprechaun => "Leprechaun",
            Ability::Gremlin => "Gremlin",
            Ability::Hideout => "Hideout",
            Ability::MarkOfSleep => "Mark of Sleep",
            Ability::Asleep(player) => return write!(f, "Mark of Sleep on Player {}", player + 1),
            Ability::ProtectsOwn => "General Ivan",
            Ability::Overrun | Ability::EndsAtYourTurn => "Overrun",
            Ability::TarPits => "Tar Pits",
            Ability::FieldOfHonor => "Field of Honor",
            Ability::HauntedHouse => "Haunted House",
            Ability::Rules => "the rules",
        };
        f.write_str(name)
    }
}

/// The highest power Broadside destroys.
const BROADSIDE_MOST: u8 = 2;

impl Smash {
    /// The source of `card` in its incarnation now.
    pub(super) fn source(&self, card: CardId) -> Source {
        Source {
            object: u32::from(card.index),
            incarnation: self.card(card).incarnation,
        }
    }

    /// The card an ability's source is, if a card.
    fn source_card(&self, source: Source) -> Option<CardId> {
        u16::try_from(source.object)
            .ok()
            .and_then(|index| self.card_id(index))
    }

    /// The slot of the base an ability's source is, if a base in play.
    fn source_base(&self, source: Source) -> Option<u8> {
        let incarnation = source.object.checked_sub(BASE_OBJECTS)?;
        self.bases
            .iter()
            .position(|base| base.incarnation == incarnation)
            .and_then(|slot| u8::try_from(slot).ok())
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
    /// prohibitions, until it breaks.
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
                if let (Target::Minion(minion), Some(Ability::DestroyMinion { .. })) =
                    (play.target, play.card.name.def().abilities.first())
                    && let Some(base) = self.base_of(minion)
                {
                    visit(Proposal::new(
                        Effect::Destroy { card: minion, base },
                        Cause::card(player, play.card),
                    ))?;
                }
                ControlFlow::Continue(())
            }
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

    /// The minions at the base in `slot` other than `except` of power `most` or less, that
    /// `player`'s `by` may destroy: Saucy Wench's targets.
    pub(super) fn destroyable_at(&self, slot: u8, most: u8, except: CardId) -> Vec<CardId> {
        self.minions_at_up_to(slot, most, |minion| minion != except)
    }

    /// The minions `player`'s action `card` played on `target` would affect now (destroy,
    /// or change the power of): what Hideout answers.
    /// A minion whose destroy a prohibition forbids (Warbot, General Ivan's) is not affected.
    fn affected_by(&self, player: PlayerIndex, card: CardId, target: Target) -> Vec<CardId> {
        let destroyable = |minion: &CardId| {
            self.base_of(*minion).is_some_and(|base| {
                let destroy = Proposal::new(
                    Effect::Destroy {
                        card: *minion,
                        base,
                    },
                    Cause::card(player, card),
                );
                EffectState::prohibiting(self, &destroy).is_none()
            })
        };
        match (card.name.def().abilities.first(), target) {
            (Some(Ability::Broadside), Target::Base(base)) => self
                .others_minions_at(base, player, BROADSIDE_MOST)
                .into_iter()
                .filter(destroyable)
                .collect(),
            (Some(Ability::DestroyMinion { .. }), Target::Minion(minion)) => {
                Some(minion).filter(destroyable).into_iter().collect()
            }
            (Some(Ability::PowerBonus(_)), Target::Minion(minion)) => vec![minion],
            _ => Vec::new(),
        }
    }

    /// The minions at the base in `slot` of players other than `player`, of power `most`
    /// or less: what Broadside and Nukebot destroy.
    fn others_minions_at(&self, slot: u8, player: PlayerIndex, most: u8) -> Vec<CardId> {
        self.minions_at_up_to(slot, most, |minion| self.card(minion).owner != player)
    }

    /// The minions at the base in `slot` of power `most` or less that `keep` keeps, in
    /// their order there; none for a slot without a base.
    fn minions_at_up_to(&self, slot: u8, most: u8, keep: impl Fn(CardId) -> bool) -> Vec<CardId> {
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
}

impl Ability {
    /// Whether it is a prohibition ("cannot"): the only abilities that forbid anything
    /// ([`Effects::forbids`]).
    pub(super) fn is_prohibition(self) -> bool {
        matches!(
            self,
            Ability::Indestructible | Ability::ProtectsOwn | Ability::Overrun | Ability::Asleep(_)
        )
    }

    /// What a prohibition says, for a refused option's reason.
    fn prohibition_text(self) -> &'static str {
        match self {
            Ability::Indestructible => "this minion cannot be destroyed",
            Ability::ProtectsOwn => "its owner's minions cannot be destroyed",
            Ability::Overrun => "other players cannot play minions on this base",
            Ability::Asleep(_) => "this player cannot play actions this turn",
            _ => "forbidden",
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

    fn forbids(&self, ability: &InForce<Ability>, proposal: &Proposal<Self>) -> bool {
        // Only a prohibition forbids: what `may_prohibit` looks for.
        if !ability.ability.is_prohibition() {
            return false;
        }
        match (ability.ability, &proposal.effect) {
            (Ability::Indestructible, Effect::Destroy { card, .. }) => {
                self.source_card(ability.source) == Some(*card)
            }
            // The owner first: a lookup, where being in play is a walk of the bases.
            (Ability::ProtectsOwn, Effect::Destroy { card, .. }) => {
                self.card(*card).owner == ability.controller && self.in_play_minion(*card)
            }
            (Ability::Overrun, Effect::PlayMinion { player, base, .. }) => {
                *player != ability.controller
                    && self
                        .source_card(ability.source)
                        .and_then(|overrun| self.base_of(overrun))
                        == Some(*base)
            }
            (Ability::Asleep(asleep), Effect::PlayAction { player, .. }) => {
                usize::from(asleep) == player.0
            }
            _ => false,
        }
    }

    fn replacement(&self, ability: &InForce<Ability>, proposal: &Proposal<Self>) -> Option<Offer> {
        match (ability.ability, &proposal.effect) {
            (Ability::MoveInstead, Effect::Destroy { card, .. })
                if self.source_card(ability.source) == Some(*card) =>
            {
                Some(Offer {
                    chooser: ability.controller,
                    optional: false,
                })
            }
            // "Would affect" is known when the action is played (every action's minions
            // follow from its target), so the whole action is cancelled before any of it
            // happens.
            (
                Ability::Hideout,
                Effect::PlayAction {
                    player,
                    card,
                    target,
                },
            ) => {
                let hideout = self.source_card(ability.source)?;
                let base = self.base_of(hideout)?;
                let affects = *player != ability.controller
                    && self
                        .affected_by(*player, *card, *target)
                        .into_iter()
                        .any(|minion| {
                            self.card(minion).owner == ability.controller
                                && self.base_of(minion) == Some(base)
                        });
                affects.then_some(Offer {
                    chooser: ability.controller,
                    optional: true,
                })
            }
            _ => None,
        }
    }

    fn replace(
        &mut self,
        ability: &InForce<Ability>,
        proposal: &Proposal<Self>,
        resolver: &mut Resolver<'_, '_, Self>,
    ) {
        match (ability.ability, &proposal.effect) {
            (Ability::MoveInstead, Effect::Destroy { card, base }) => {
                let cause = Cause::card(ability.controller, *card);
                match self.other_bases(*base).as_slice() {
                    [] => resolver.instead(proposal.effect.clone(), proposal.cause),
                    [to] => resolver.instead(
                        Effect::Move {
                            card: *card,
                            from: *base,
                            to: *to,
                        },
                        cause,
                    ),
                    _ => {
                        let chain = resolver.chain().to_vec();
                        resolver.ask(FollowUp::new(
                            ability.controller,
                            MoveBuccaneerArgs {
                                card: *card,
                                from: *base,
                                chain,
                            },
                        ));
                    }
                }
            }
            (
                Ability::Hideout,
                &Effect::PlayAction {
                    player,
                    card,
                    target,
                },
            ) => {
                if let Some(hideout) = self.source_card(ability.source)
                    && let Some(base) = self.base_of(hideout)
                {
                    // "Destroy this card to cancel that action": the cost, then the cancel.
                    let cause = Cause::card(ability.controller, hideout);
                    resolver.instead(
                        Effect::Destroy {
                            card: hideout,
                            base,
                        },
                        cause,
                    );
                    resolver.instead(
                        Effect::CancelAction {
                            player,
                            card,
                            target,
                        },
                        cause,
                    );
                }
            }
            _ => {}
        }
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
        let source_card = self.source_card(ability.source);
        let source_base = self.source_base(ability.source);
        let effects = batch.iter().filter_map(|occurrence| match occurrence {
            Occurrence::Effect { effect, cause } => Some((effect, cause)),
            _ => None,
        });
        match ability.ability {
            Ability::Rules => {
                for (effect, _) in effects {
                    match *effect {
                        Effect::PlayMinion { player, card, base } => {
                            if matches!(
                                card.name.def().abilities.first(),
                                Some(Ability::MayDestroyHere { .. })
                            ) {
                                out.push(Trigger::Played {
                                    player,
                                    card,
                                    target: Target::Base(base),
                                });
                            }
                        }
                        Effect::PlayAction {
                            player,
                            card,
                            target,
                        } => {
                            if matches!(card.name.def().kind, Kind::Action { ongoing: false, .. }) {
                                out.push(Trigger::Played {
                                    player,
                                    card,
                                    target,
                                });
                            }
                        }
                        _ => {}
                    }
                }
            }
            Ability::Leprechaun => {
                let Some(leprechaun) = source_card else {
                    return;
                };
                let Some(here) = self.base_of(leprechaun) else {
                    return;
                };
                for (effect, _) in effects {
                    if let Effect::PlayMinion { player, card, base } = *effect
                        && player != ability.controller
                        && base == here
                        && self.power(card) < self.power(leprechaun)
                    {
                        out.push(Trigger::Leprechaun {
                            by: leprechaun,
                            victim: card,
                            base,
                        });
                    }
                }
            }
            Ability::Gremlin | Ability::Nuke => {
                let Some(this) = source_card else { return };
                for (effect, _) in effects {
                    if let Effect::Destroy { card, base } = *effect
                        && card == this
                    {
                        out.push(if ability.ability == Ability::Gremlin {
                            Trigger::Gremlin {
                                by: this,
                                player: ability.controller,
                            }
                        } else {
                            Trigger::Nuke {
                                by: this,
                                player: ability.controller,
                                base,
                            }
                        });
                    }
                }
            }
            Ability::EndsAtYourTurn => {
                let Some(overrun) = source_card else { return };
                if batch.contains(&Occurrence::TurnBegan(ability.controller)) {
                    out.push(Trigger::OverrunEnds { card: overrun });
                }
            }
            Ability::TarPits => {
                let Some(here) = source_base else { return };
                for (effect, _) in effects {
                    if let Effect::Destroy { card, base } = *effect
                        && base == here
                        && matches!(card.name.def().kind, Kind::Minion { .. })
                    {
                        out.push(Trigger::TarPits { card });
                    }
                }
            }
            Ability::FieldOfHonor => {
                let Some(here) = source_base else { return };
                let mut destroyers: Vec<PlayerIndex> = Vec::new();
                for (effect, cause) in effects {
                    if let Effect::Destroy { card, base } = *effect
                        && base == here
                        && matches!(card.name.def().kind, Kind::Minion { .. })
                        && !destroyers.contains(&cause.player)
                    {
                        destroyers.push(cause.player);
                    }
                }
                out.extend(
                    destroyers
                        .into_iter()
                        .map(|player| Trigger::Honor { player }),
                );
            }
            Ability::HauntedHouse => {
                let Some(here) = source_base else { return };
                for (effect, _) in effects {
                    if let Effect::PlayMinion { player, base, .. } = *effect
                        && base == here
                    {
                        out.push(Trigger::Haunt { player });
                    }
                }
            }
            _ => {}
        }
    }

    /// A played card's own text goes ahead of what its play set off (Leprechaun's
    /// "after its ability resolves").
    fn resolves_first(&self, trigger: &Pending<Self>) -> bool {
        matches!(trigger.trigger, Trigger::Played { .. })
    }

    fn resolve(&mut self, pending: &Pending<Self>, resolver: &mut Resolver<'_, '_, Self>) {
        match pending.trigger {
            Trigger::Played {
                player,
                card,
                target,
            } => self.resolve_text(player, card, target, resolver),
            Trigger::Leprechaun { by, victim, base } => resolver.propose(
                Effect::Destroy { card: victim, base },
                Cause::card(pending.controller, by),
            ),
            Trigger::Gremlin { by, player } => {
                let cause = Cause::card(player, by);
                let mut batch = vec![(Effect::Draw { player }, cause)];
                for other in self.vp.players().filter(|&other| other != player) {
                    let hand = &self.hands[other];
                    if hand.is_empty() {
                        continue;
                    }
                    let last = i64::try_from(hand.len()).unwrap_or(i64::MAX) - 1;
                    let at = usize::try_from(resolver.chance().roll(0, last)).unwrap_or(0);
                    // Hidden in a viewer's copy: the discard is proposed by the full state.
                    if let Some(&card) = hand.cards().get(at) {
                        batch.push((
                            Effect::Discard {
                                player: other,
                                card,
                            },
                            cause,
                        ));
                    }
                }
                resolver.propose_batch(batch);
            }
            Trigger::Nuke { by, player, base } => {
                let victims = self.others_minions_at(base, player, u8::MAX);
                let cause = Cause::card(player, by);
                resolver.propose_batch(
                    victims
                        .into_iter()
                        .map(|card| (Effect::Destroy { card, base }, cause)),
                );
            }
            Trigger::OverrunEnds { card } => {
                if let Some(base) = self.base_of(card) {
                    resolver.propose(
                        Effect::Destroy { card, base },
                        Cause::card(pending.controller, card),
                    );
                }
            }
            Trigger::TarPits { card } => {
                if let Some(name) = self.bases.iter().find_map(|base| {
                    (Some(base.incarnation + BASE_OBJECTS) == Some(pending.source.object))
                        .then_some(base.name)
                }) {
                    resolver.propose(
                        Effect::Bury { card },
                        Cause {
                            player: pending.controller,
                            by: By::Base(name),
                        },
                    );
                }
            }
            Trigger::Honor { player } => resolver.propose(
                Effect::GainVp { player, points: 1 },
                Cause {
                    player,
                    by: By::Base(super::cards::BaseName::FieldOfHonor),
                },
            ),
            Trigger::Haunt { player } => {
                if !self.hands[player].is_empty() {
                    resolver.ask(FollowUp::new(player, DiscardCardArgs {}));
                }
            }
        }
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

impl Smash {
    /// A played card's own text.
    fn resolve_text(
        &mut self,
        player: PlayerIndex,
        card: CardId,
        target: Target,
        resolver: &mut Resolver<'_, '_, Self>,
    ) {
        let cause = Cause::card(player, card);
        match (card.name.def().abilities.first().copied(), target) {
            // Asked only when some minion there may be destroyed: none protected from it.
            (Some(Ability::MayDestroyHere { most }), Target::Base(base))
                if self
                    .destroyable_at(base, most, card)
                    .into_iter()
                    .any(|minion| {
                        let destroy = Proposal::new(Effect::Destroy { card: minion, base }, cause);
                        EffectState::prohibiting(self, &destroy).is_none()
                    }) =>
            {
                resolver.ask(FollowUp::new(
                    player,
                    MayDestroyArgs {
                        base,
                        most,
                        by: card,
                    },
                ));
            }
            (Some(Ability::Broadside), Target::Base(base)) => {
                let victims = self.others_minions_at(base, player, BROADSIDE_MOST);
                resolver.propose_batch(
                    victims
                        .into_iter()
                        .map(|card| (Effect::Destroy { card, base }, cause)),
                );
            }
            (Some(Ability::DestroyMinion { .. }), Target::Minion(minion)) => {
                if let Some(base) = self.base_of(minion) {
                    resolver.propose(Effect::Destroy { card: minion, base }, cause);
                }
            }
            (Some(Ability::MarkOfSleep), Target::Player(marked)) => {
                resolver.then(SmashMove::Effects(Resolution::Float(Floating {
                    in_force: InForce {
                        source: self.source(card),
                        controller: player,
                        ability: Ability::Asleep(u8::try_from(marked.0).unwrap_or(u8::MAX)),
                    },
                    window: Window::NextTurnOf {
                        player: marked,
                        begun: false,
                    },
                })));
            }
            _ => {}
        }
    }

    /// What `card` may be played on by `player`: the bases, the minions in play, the
    /// players, by its aim (Broadside: the bases where `player` has a minion; Cannon and
    /// Purge: the minions of their power).
    pub(super) fn targets(&self, player: PlayerIndex, card: CardId) -> Vec<Target> {
        let slots = (0..self.bases.len()).filter_map(|slot| u8::try_from(slot).ok());
        match card.name.def().kind {
            Kind::Minion { .. } => Vec::new(),
            Kind::Action { aim: Aim::Base, .. } => match card.name {
                CardName::Broadside => slots
                    .filter(|&slot| self.power_at(slot, player) > 0)
                    .map(Target::Base)
                    .collect(),
                _ => slots.map(Target::Base).collect(),
            },
            Kind::Action {
                aim: Aim::Minion, ..
            } => match card.name.def().abilities.first() {
                Some(Ability::DestroyMinion { most }) => self
                    .minions_at_most(*most)
                    .into_iter()
                    .map(Target::Minion)
                    .collect(),
                _ => self
                    .minions_at_most(u8::MAX)
                    .into_iter()
                    .map(Target::Minion)
                    .collect(),
            },
            Kind::Action {
                aim: Aim::Player, ..
            } => self.vp.players().map(Target::Player).collect(),
        }
    }
}
