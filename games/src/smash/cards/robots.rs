//! The Robots: Warbot, Nukebot, Microbot, Zapbot, Upgrade.

use super::{Ability, Aim, CardDef, CardName, Faction, action, minion};

const WARBOT: CardDef = minion(
    CardName::Warbot,
    "Warbot",
    Faction::Robots,
    4,
    2,
    &[Ability::Indestructible],
    "Ongoing: This minion cannot be destroyed.",
);

const NUKEBOT: CardDef = minion(
    CardName::Nukebot,
    "Nukebot",
    Faction::Robots,
    5,
    1,
    &[Ability::Nuke],
    "Ongoing: After this minion is destroyed, destroy all other players' minions on this base.",
);

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

/// The Robots' cards, in the catalog's order.
pub(super) const CARDS: &[CardDef] = &[WARBOT, NUKEBOT, MICROBOT, ZAPBOT, UPGRADE];
