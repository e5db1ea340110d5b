//! The Commanders: General Ivan, Overrun, Conscript, Veteran, Purge.

use super::{Ability, Aim, CardDef, CardName, Faction, action, minion};

const GENERAL_IVAN: CardDef = minion(
    CardName::GeneralIvan,
    "General Ivan",
    Faction::Commanders,
    6,
    1,
    &[Ability::ProtectsOwn],
    "Ongoing: Your minions cannot be destroyed.",
);

const OVERRUN: CardDef = action(
    CardName::Overrun,
    "Overrun",
    Faction::Commanders,
    Aim::Base,
    true,
    &[Ability::Overrun, Ability::EndsAtYourTurn],
    "Play on a base. Ongoing: Other players cannot play minions on this base. At the start of your turn, destroy this card.",
);

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
