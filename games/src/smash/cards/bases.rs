//! The bases: Tar Pits, Field of Honor, Haunted House, and five without a text.

use super::{Ability, BaseDef, BaseName};

/// Every base, in the order of [`BaseName`].
pub(super) const BASES: &[BaseDef] = &[
    BaseDef {
        name: BaseName::TarPits,
        title: "Tar Pits",
        breakpoint: 16,
        points: [4, 3, 2],
        ability: Some(Ability::TarPits),
        text: "After each time a minion is destroyed here, place it on the bottom of its owner's deck.",
    },
    BaseDef {
        name: BaseName::FieldOfHonor,
        title: "Field of Honor",
        breakpoint: 18,
        points: [3, 2, 1],
        ability: Some(Ability::FieldOfHonor),
        text: "After each time one or more minions are destroyed here, the player who destroyed them gains 1 VP.",
    },
    BaseDef {
        name: BaseName::HauntedHouse,
        title: "Haunted House",
        breakpoint: 18,
        points: [9, 5, 2],
        ability: Some(Ability::HauntedHouse),
        text: "After each time a player plays a minion here, they must discard a card.",
    },
    BaseDef {
        name: BaseName::JungleOasis,
        title: "Jungle Oasis",
        breakpoint: 12,
        points: [2, 0, 0],
        ability: None,
        text: "",
    },
    BaseDef {
        name: BaseName::Factory,
        title: "Factory",
        breakpoint: 15,
        points: [3, 2, 1],
        ability: None,
        text: "",
    },
    BaseDef {
        name: BaseName::Temple,
        title: "Temple",
        breakpoint: 20,
        points: [4, 2, 1],
        ability: None,
        text: "",
    },
    BaseDef {
        name: BaseName::Castle,
        title: "Castle",
        breakpoint: 16,
        points: [3, 3, 2],
        ability: None,
        text: "",
    },
    BaseDef {
        name: BaseName::Lagoon,
        title: "Lagoon",
        breakpoint: 17,
        points: [4, 2, 2],
        ability: None,
        text: "",
    },
];
