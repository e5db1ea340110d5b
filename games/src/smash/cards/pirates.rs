//! The Pirates: Saucy Wench, Buccaneer, First Mate, Broadside, Cannon.

use super::{Ability, Aim, CardDef, CardName, Faction, action, minion};

const SAUCY_WENCH: CardDef = minion(
    CardName::SaucyWench,
    "Saucy Wench",
    Faction::Pirates,
    3,
    2,
    &[Ability::MayDestroyHere { most: 2 }],
    "You may destroy a minion of power 2 or less at this base.",
);

const BUCCANEER: CardDef = minion(
    CardName::Buccaneer,
    "Buccaneer",
    Faction::Pirates,
    4,
    2,
    &[Ability::MoveInstead],
    "Special: If this minion would be destroyed, move it to another base instead.",
);

const FIRST_MATE: CardDef = minion(
    CardName::FirstMate,
    "First Mate",
    Faction::Pirates,
    2,
    3,
    &[],
    "",
);

const BROADSIDE: CardDef = CardDef {
    copies: 2,
    ..action(
        CardName::Broadside,
        "Broadside",
        Faction::Pirates,
        Aim::Base,
        false,
        &[Ability::Broadside],
        "Destroy all of other players' minions of power 2 or less at a base where you have a minion.",
    )
};

const CANNON: CardDef = action(
    CardName::Cannon,
    "Cannon",
    Faction::Pirates,
    Aim::Minion,
    false,
    &[Ability::DestroyMinion { most: 2 }],
    "Destroy a minion of power 2 or less.",
);

/// The Pirates' cards, in the catalog's order.
pub(super) const CARDS: &[CardDef] = &[SAUCY_WENCH, BUCCANEER, FIRST_MATE, BROADSIDE, CANNON];
