//! The Commanders: General Ivan, Overrun, Conscript, Veteran, Purge.

use std::fmt;

use meeple::effects::{InForce, Occurrence, Pending, Proposal, Resolver};

use super::{Ability, AbilityRules, Aim, CardDef, CardName, Faction, Trigger, action, minion};
use crate::smash::{Cause, Effect, Smash};

const GENERAL_IVAN: CardDef = minion(
    CardName::GeneralIvan,
    "General Ivan",
    Faction::Commanders,
    6,
    1,
    &[Ability::ProtectsOwn],
    "Ongoing: Your minions cannot be destroyed.",
);

/// General Ivan: "Ongoing: Your minions cannot be destroyed."
pub(super) struct ProtectsOwn;

impl AbilityRules for ProtectsOwn {
    fn name(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        out.write_str("General Ivan")
    }

    fn is_prohibition(&self) -> bool {
        true
    }

    fn prohibition_text(&self) -> &'static str {
        "its owner's minions cannot be destroyed"
    }

    fn forbids(
        &self,
        game: &Smash,
        ability: &InForce<Ability>,
        proposal: &Proposal<Smash>,
    ) -> bool {
        match proposal.effect {
            // The owner first: a lookup, where being in play is a walk of the bases.
            Effect::Destroy { card, .. } => {
                game.card(card).owner == ability.controller && game.in_play_minion(card)
            }
            _ => false,
        }
    }
}

const OVERRUN: CardDef = action(
    CardName::Overrun,
    "Overrun",
    Faction::Commanders,
    Aim::Base,
    true,
    &[Ability::Overrun, Ability::EndsAtYourTurn],
    "Play on a base. Ongoing: Other players cannot play minions on this base. At the start of your turn, destroy this card.",
);

/// Overrun's first ability: "Ongoing: Other players cannot play minions on this base."
pub(super) struct Overrun;

impl AbilityRules for Overrun {
    fn name(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        out.write_str("Overrun")
    }

    fn is_prohibition(&self) -> bool {
        true
    }

    fn prohibition_text(&self) -> &'static str {
        "other players cannot play minions on this base"
    }

    fn forbids(
        &self,
        game: &Smash,
        ability: &InForce<Ability>,
        proposal: &Proposal<Smash>,
    ) -> bool {
        match proposal.effect {
            Effect::PlayMinion { player, base, .. } => {
                player != ability.controller
                    && game
                        .source_card(ability.source)
                        .and_then(|overrun| game.base_of(overrun))
                        == Some(base)
            }
            _ => false,
        }
    }
}

/// Overrun's second ability: "At the start of your turn, destroy this card."
pub(super) struct EndsAtYourTurn;

impl AbilityRules for EndsAtYourTurn {
    fn name(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        out.write_str("Overrun")
    }

    fn trigger_text(&self, trigger: &Trigger, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        match trigger {
            Trigger::OverrunEnds { .. } => out.write_str("Overrun is destroyed"),
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
        let Some(overrun) = game.source_card(ability.source) else {
            return;
        };
        if batch.contains(&Occurrence::TurnBegan(ability.controller)) {
            out.push(Trigger::OverrunEnds { card: overrun });
        }
    }

    fn resolve(
        &self,
        game: &mut Smash,
        pending: &Pending<Smash>,
        resolver: &mut Resolver<'_, '_, Smash>,
    ) {
        if let Trigger::OverrunEnds { card } = pending.trigger
            && let Some(base) = game.base_of(card)
        {
            resolver.propose(
                Effect::Destroy { card, base },
                Cause::card(pending.controller, card),
            );
        }
    }
}

const CONSCRIPT: CardDef = minion(
    CardName::Conscript,
    "Conscript",
    Faction::Commanders,
    2,
    4,
    &[],
    "",
);

const VETERAN: CardDef = minion(
    CardName::Veteran,
    "Veteran",
    Faction::Commanders,
    3,
    2,
    &[],
    "",
);

// Cannon's ability with power 3: its rules are in `pirates.rs` (`DestroyMinion`).
const PURGE: CardDef = CardDef {
    copies: 2,
    ..action(
        CardName::Purge,
        "Purge",
        Faction::Commanders,
        Aim::Minion,
        false,
        &[Ability::DestroyMinion { most: 3 }],
        "Destroy a minion of power 3 or less.",
    )
};

/// The Commanders' cards, in the catalog's order.
pub(super) const CARDS: &[CardDef] = &[GENERAL_IVAN, OVERRUN, CONSCRIPT, VETERAN, PURGE];
