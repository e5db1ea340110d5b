//! The Robots: Warbot, Nukebot, Microbot, Zapbot, Upgrade.

use std::fmt;

use meeple::PlayerIndex;
use meeple::effects::{InForce, Occurrence, Pending, Proposal, Resolver};

use super::{Ability, AbilityRules, Aim, CardDef, CardName, Faction, Trigger, action, minion};
use crate::smash::effects::effects_in;
use crate::smash::{CardId, Cause, Effect, Smash, Target};

const WARBOT: CardDef = minion(
    CardName::Warbot,
    "Warbot",
    Faction::Robots,
    4,
    2,
    &[Ability::Indestructible],
    "Ongoing: This minion cannot be destroyed.",
);

/// Warbot: "Ongoing: This minion cannot be destroyed."
pub(super) struct Indestructible;

impl AbilityRules for Indestructible {
    fn name(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        out.write_str("Warbot")
    }

    fn is_prohibition(&self) -> bool {
        true
    }

    fn prohibition_text(&self) -> &'static str {
        "this minion cannot be destroyed"
    }

    fn forbids(
        &self,
        game: &Smash,
        ability: &InForce<Ability>,
        proposal: &Proposal<Smash>,
    ) -> bool {
        match proposal.effect {
            Effect::Destroy { card, .. } => game.source_card(ability.source) == Some(card),
            _ => false,
        }
    }
}

const NUKEBOT: CardDef = minion(
    CardName::Nukebot,
    "Nukebot",
    Faction::Robots,
    5,
    1,
    &[Ability::Nuke],
    "Ongoing: After this minion is destroyed, destroy all other players' minions on this base.",
);

/// Nukebot: "Ongoing: After this minion is destroyed, destroy all other players' minions on
/// this base." It looks back: asked after it left play, it still knows its base from the
/// destroy.
pub(super) struct Nuke;

impl AbilityRules for Nuke {
    fn name(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        out.write_str("Nukebot")
    }

    fn trigger_text(&self, trigger: &Trigger, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        match trigger {
            Trigger::Nuke { base, .. } => {
                write!(
                    out,
                    "Nukebot destroys the other minions at base {}",
                    base + 1
                )
            }
            _ => self.name(out),
        }
    }

    fn triggers(
        &self,
        game: &Smash,
        ability: &InForce<Ability>,
        batch: &[Occurrence<Smash>],
        out: &mut Vec<Trigger>,
    ) {
        let Some(this) = game.source_card(ability.source) else {
            return;
        };
        for (effect, _) in effects_in(batch) {
            if let Effect::Destroy { card, base } = *effect
                && card == this
            {
                out.push(Trigger::Nuke {
                    by: this,
                    player: ability.controller,
                    base,
                });
            }
        }
    }

    /// Every other player's minion there, in one batch.
    fn resolve(
        &self,
        game: &mut Smash,
        pending: &Pending<Smash>,
        resolver: &mut Resolver<'_, '_, Smash>,
    ) {
        let Trigger::Nuke { by, player, base } = pending.trigger else {
            return;
        };
        let victims = game.others_minions_at(base, player, u8::MAX);
        let cause = Cause::card(player, by);
        resolver.propose_batch(
            victims
                .into_iter()
                .map(|card| (Effect::Destroy { card, base }, cause)),
        );
    }
}

const MICROBOT: CardDef = minion(
    CardName::Microbot,
    "Microbot",
    Faction::Robots,
    1,
    4,
    &[],
    "",
);

const ZAPBOT: CardDef = minion(CardName::Zapbot, "Zapbot", Faction::Robots, 2, 2, &[], "");

const UPGRADE: CardDef = action(
    CardName::Upgrade,
    "Upgrade",
    Faction::Robots,
    Aim::Minion,
    true,
    &[Ability::PowerBonus(2)],
    "Play on a minion. Ongoing: This minion has +2 power.",
);

/// Upgrade: "Play on a minion. Ongoing: This minion has +2 power." A modifier read when the
/// power is ([`Smash::power`]), never stored.
pub(super) struct PowerBonus {
    /// The power it adds.
    pub(super) bonus: u8,
}

impl AbilityRules for PowerBonus {
    fn name(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        out.write_str("Upgrade")
    }

    fn power_bonus(&self) -> u8 {
        self.bonus
    }

    /// The minion it is played on: its power changes.
    fn affects(
        &self,
        game: &Smash,
        player: PlayerIndex,
        card: CardId,
        target: Target,
    ) -> Vec<CardId> {
        let _ = (game, player, card);
        match target {
            Target::Minion(minion) => vec![minion],
            _ => Vec::new(),
        }
    }
}

/// The Robots' cards, in the catalog's order.
pub(super) const CARDS: &[CardDef] = &[WARBOT, NUKEBOT, MICROBOT, ZAPBOT, UPGRADE];
