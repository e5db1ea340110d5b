//! The Tricksters: Leprechaun, Gremlin, Gnome, Brownie, Hideout, Mark of Sleep.

use super::{Ability, Aim, CardDef, CardName, Faction, action, minion};

const LEPRECHAUN: CardDef = minion(
    CardName::Leprechaun,
    "Leprechaun",
    Faction::Tricksters,
    5,
    1,
    &[Ability::Leprechaun],
    "Ongoing: After another player plays a minion here with less power than this minion's, destroy it (after its ability resolves).",
);

const GREMLIN: CardDef = minion(
    CardName::Gremlin,
    "Gremlin",
    Faction::Tricksters,
    2,
    2,
    &[Ability::Gremlin],
    "Ongoing: After this minion is destroyed, draw a card and each other player discards a random card.",
);

const GNOME: CardDef = minion(CardName::Gnome, "Gnome", Faction::Tricksters, 3, 3, &[], "");

const BROWNIE: CardDef = minion(
    CardName::Brownie,
    "Brownie",
    Faction::Tricksters,
    4,
    2,
    &[],
    "",
);

const HIDEOUT: CardDef = action(
    CardName::Hideout,
    "Hideout",
    Faction::Tricksters,
    Aim::Base,
    true,
    &[Ability::Hideout],
    "Play on a base. Ongoing: If another player's action would affect your minions on this base, destroy this card to cancel that action.",
);

const MARK_OF_SLEEP: CardDef = action(
    CardName::MarkOfSleep,
    "Mark of Sleep",
    Faction::Tricksters,
    Aim::Player,
    false,
    &[Ability::MarkOfSleep],
    "Choose a player. That player cannot play actions on their next turn.",
);

/// The Tricksters' cards, in the catalog's order.
pub(super) const CARDS: &[CardDef] = &[LEPRECHAUN, GREMLIN, GNOME, BROWNIE, HIDEOUT, MARK_OF_SLEEP];
