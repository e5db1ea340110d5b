//! The bases: Tar Pits, Field of Honor, Haunted House, and five without a text.

use std::fmt;

use meeple::effects::{InForce, Occurrence, Pending, Resolver};
use meeple::{FollowUp, PlayerIndex};

use super::{Ability, AbilityRules, BaseDef, BaseName, Kind, Trigger};
use crate::smash::actions::DiscardCardArgs;
use crate::smash::effects::effects_in;
use crate::smash::{By, Cause, Effect, Smash};

const TAR_PITS: BaseDef = BaseDef {
    name: BaseName::TarPits,
    title: "Tar Pits",
    breakpoint: 16,
    points: [4, 3, 2],
    ability: Some(Ability::TarPits),
    text: "After each time a minion is destroyed here, place it on the bottom of its owner's deck.",
};

/// Tar Pits: "After each time a minion is destroyed here, place it on the bottom of its
/// owner's deck." One trigger per minion ("each time").
pub(super) struct TarPits;

impl AbilityRules for TarPits {
    fn name(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        out.write_str("Tar Pits")
    }

    fn trigger_text(&self, trigger: &Trigger, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        match trigger {
            Trigger::TarPits { card } => write!(out, "Tar Pits buries {card}"),
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
        let Some(here) = game.source_base(ability.source) else {
            return;
        };
        for (effect, _) in effects_in(batch) {
            if let Effect::Destroy { card, base } = *effect
                && base == here
                && matches!(card.name.def().kind, Kind::Minion { .. })
            {
                out.push(Trigger::TarPits { card });
            }
        }
    }

    fn resolve(
        &self,
        game: &mut Smash,
        pending: &Pending<Smash>,
        resolver: &mut Resolver<'_, '_, Smash>,
    ) {
        if let Trigger::TarPits { card } = pending.trigger
            && let Some(name) = game.source_base_name(pending.source)
        {
            resolver.propose(
                Effect::Bury { card },
                Cause {
                    player: pending.controller,
                    by: By::Base(name),
                },
            );
        }
    }
}

const FIELD_OF_HONOR: BaseDef = BaseDef {
    name: BaseName::FieldOfHonor,
    title: "Field of Honor",
    breakpoint: 18,
    points: [3, 2, 1],
    ability: Some(Ability::FieldOfHonor),
    text: "After each time one or more minions are destroyed here, the player who destroyed them gains 1 VP.",
};

/// Field of Honor: "After each time one or more minions are destroyed here, the player who
/// destroyed them gains 1 VP." One trigger per batch and destroying player ("one or
/// more").
pub(super) struct FieldOfHonor;

impl AbilityRules for FieldOfHonor {
    fn name(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        out.write_str("Field of Honor")
    }

    fn trigger_text(&self, trigger: &Trigger, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        match trigger {
            Trigger::Honor { player } => {
                write!(out, "Field of Honor: Player {} gains 1 VP", player.0 + 1)
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
        let Some(here) = game.source_base(ability.source) else {
            return;
        };
        let mut destroyers: Vec<PlayerIndex> = Vec::new();
        for (effect, cause) in effects_in(batch) {
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

    fn resolve(
        &self,
        game: &mut Smash,
        pending: &Pending<Smash>,
        resolver: &mut Resolver<'_, '_, Smash>,
    ) {
        let _ = game;
        if let Trigger::Honor { player } = pending.trigger {
            resolver.propose(
                Effect::GainVp { player, points: 1 },
                Cause {
                    player,
                    by: By::Base(BaseName::FieldOfHonor),
                },
            );
        }
    }
}

const HAUNTED_HOUSE: BaseDef = BaseDef {
    name: BaseName::HauntedHouse,
    title: "Haunted House",
    breakpoint: 18,
    points: [9, 5, 2],
    ability: Some(Ability::HauntedHouse),
    text: "After each time a player plays a minion here, they must discard a card.",
};

/// Haunted House: "After each time a player plays a minion here, they must discard a
/// card." The card is theirs to pick ([`DiscardCardArgs`]); with an empty hand, nothing.
pub(super) struct HauntedHouse;

impl AbilityRules for HauntedHouse {
    fn name(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        out.write_str("Haunted House")
    }

    fn trigger_text(&self, trigger: &Trigger, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        match trigger {
            Trigger::Haunt { player } => {
                write!(
                    out,
                    "Haunted House: Player {} discards a card",
                    player.0 + 1
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
        let Some(here) = game.source_base(ability.source) else {
            return;
        };
        for (effect, _) in effects_in(batch) {
            if let Effect::PlayMinion { player, base, .. } = *effect
                && base == here
            {
                out.push(Trigger::Haunt { player });
            }
        }
    }

    fn resolve(
        &self,
        game: &mut Smash,
        pending: &Pending<Smash>,
        resolver: &mut Resolver<'_, '_, Smash>,
    ) {
        if let Trigger::Haunt { player } = pending.trigger
            && !game.hands[player].is_empty()
        {
            resolver.ask(FollowUp::new(player, DiscardCardArgs {}));
        }
    }
}

const JUNGLE_OASIS: BaseDef = BaseDef {
    name: BaseName::JungleOasis,
    title: "Jungle Oasis",
    breakpoint: 12,
    points: [2, 0, 0],
    ability: None,
    text: "",
};

const FACTORY: BaseDef = BaseDef {
    name: BaseName::Factory,
    title: "Factory",
    breakpoint: 15,
    points: [3, 2, 1],
    ability: None,
    text: "",
};

const TEMPLE: BaseDef = BaseDef {
    name: BaseName::Temple,
    title: "Temple",
    breakpoint: 20,
    points: [4, 2, 1],
    ability: None,
    text: "",
};

const CASTLE: BaseDef = BaseDef {
    name: BaseName::Castle,
    title: "Castle",
    breakpoint: 16,
    points: [3, 3, 2],
    ability: None,
    text: "",
};

const LAGOON: BaseDef = BaseDef {
    name: BaseName::Lagoon,
    title: "Lagoon",
    breakpoint: 17,
    points: [4, 2, 2],
    ability: None,
    text: "",
};

/// Every base, in the order the base deck is shuffled from.
pub(super) const BASES: &[BaseDef] = &[
    TAR_PITS,
    FIELD_OF_HONOR,
    HAUNTED_HOUSE,
    JUNGLE_OASIS,
    FACTORY,
    TEMPLE,
    CASTLE,
    LAGOON,
];
