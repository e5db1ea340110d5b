//! The cards and bases of the Smash Up–style game, as data: four factions of ten cards and
//! eight bases. Texts of the named cards are Smash Up's, as printed in `EFFECTS.md`; the
//! others are plain cards to fill the factions.

mod bases;
mod commanders;
mod pirates;
mod robots;
mod tricksters;

use std::fmt;

use serde::{Deserialize, Serialize};

/// A faction: ten cards, shuffled with another faction into a player's deck.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Faction {
    /// Saucy Wench, Buccaneer, Broadside, Cannon.
    Pirates,
    /// Warbot, Nukebot, Upgrade.
    Robots,
    /// Leprechaun, Gremlin, Hideout, Mark of Sleep.
    Tricksters,
    /// General Ivan, Overrun, Purge.
    Commanders,
}

impl Faction {
    /// Every faction, in order.
    pub const ALL: [Faction; 4] = [
        Faction::Pirates,
        Faction::Robots,
        Faction::Tricksters,
        Faction::Commanders,
    ];
}

/// The name of a card: its identity in the rules (the catalog's order plays no part).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[allow(missing_docs)]
pub enum CardName {
    SaucyWench,
    Buccaneer,
    FirstMate,
    Broadside,
    Cannon,
    Warbot,
    Nukebot,
    Microbot,
    Zapbot,
    Upgrade,
    Leprechaun,
    Gremlin,
    Gnome,
    Brownie,
    Hideout,
    MarkOfSleep,
    GeneralIvan,
    Overrun,
    Conscript,
    Veteran,
    Purge,
}

/// What an action card is played on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Aim {
    /// A base (Broadside: one where you have a minion).
    Base,
    /// A minion in play.
    Minion,
    /// A player (yourself included).
    Player,
}

/// A card's kind: a minion with its printed power, or an action with what it aims at and
/// whether it stays in play (ongoing) once played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Kind {
    /// A minion.
    Minion {
        /// Printed power.
        power: u8,
    },
    /// An action.
    Action {
        /// What it is played on.
        aim: Aim,
        /// Whether it stays on its base or minion once played.
        ongoing: bool,
    },
}

/// An ability printed on a card or a base, as data: what the effects layer asks about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ability {
    /// Saucy Wench: "You may destroy a minion of power 2 or less at this base."
    MayDestroyHere {
        /// The highest power destroyed.
        most: u8,
    },
    /// Buccaneer: "If this minion would be destroyed, move it to another base instead."
    MoveInstead,
    /// Broadside: "Destroy all of other players' minions of power 2 or less at a base where
    /// you have a minion."
    Broadside,
    /// Cannon, Purge: "Destroy a minion of power N or less."
    DestroyMinion {
        /// The highest power destroyed.
        most: u8,
    },
    /// Warbot: "Ongoing: This minion cannot be destroyed."
    Indestructible,
    /// Nukebot: "After this minion is destroyed, destroy all other players' minions on
    /// this base."
    Nuke,
    /// Upgrade: "Play on a minion. Ongoing: +2 power."
    PowerBonus(u8),
    /// Leprechaun: "After another player plays a minion here with less power than this
    /// minion's, destroy it (after its ability resolves)."
    Leprechaun,
    /// Gremlin: "After this minion is destroyed, draw a card and each other player
    /// discards a random card."
    Gremlin,
    /// Hideout: "If another player's action would affect your minions on this base,
    /// destroy this card to cancel that action."
    Hideout,
    /// Mark of Sleep: "Choose a player. That player cannot play actions on their next
    /// turn."
    MarkOfSleep,
    /// The floating effect Mark of Sleep leaves: this player cannot play actions.
    Asleep(u8),
    /// General Ivan: "Ongoing: Your minions cannot be destroyed."
    ProtectsOwn,
    /// Overrun: "Ongoing: Other players cannot play minions on this base."
    Overrun,
    /// Overrun: "At the start of your turn, destroy this card."
    EndsAtYourTurn,
    /// Tar Pits: "After each time a minion is destroyed here, place it on the bottom of
    /// its owner's deck."
    TarPits,
    /// Field of Honor: "After each time one or more minions are destroyed here, the
    /// player who destroyed them gains 1 VP."
    FieldOfHonor,
    /// Haunted House: "After each time a player plays a minion here, they must discard a
    /// card."
    HauntedHouse,
    /// The rules themselves: a card played resolves its own text first.
    Rules,
}

/// One card of the catalog: its name, faction, kind, abilities, copies in the faction and
/// text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardDef {
    /// Its name.
    pub name: CardName,
    /// Shown name.
    pub title: &'static str,
    /// Its faction.
    pub faction: Faction,
    /// Minion or action.
    pub kind: Kind,
    /// Its abilities, in printed order.
    pub abilities: &'static [Ability],
    /// Copies in the faction's ten cards.
    pub copies: u8,
    /// Its text.
    pub text: &'static str,
}

const fn minion(
    name: CardName,
    title: &'static str,
    faction: Faction,
    power: u8,
    copies: u8,
    abilities: &'static [Ability],
    text: &'static str,
) -> CardDef {
    CardDef {
        name,
        title,
        faction,
        kind: Kind::Minion { power },
        abilities,
        copies,
        text,
    }
}

const fn action(
    name: CardName,
    title: &'static str,
    faction: Faction,
    aim: Aim,
    ongoing: bool,
    abilities: &'static [Ability],
    text: &'static str,
) -> CardDef {
    CardDef {
        name,
        title,
        faction,
        kind: Kind::Action { aim, ongoing },
        abilities,
        copies: 1,
        text,
    }
}

/// Every card, by faction in the order of [`Faction::ALL`] (ten cards each, counting
/// copies), each faction's in its file's order.
pub const CATALOG: &[CardDef] = &JOINED;

/// The cards a faction's file lists, in its order.
const fn cards_of(faction: Faction) -> &'static [CardDef] {
    match faction {
        Faction::Pirates => pirates::CARDS,
        Faction::Robots => robots::CARDS,
        Faction::Tricksters => tricksters::CARDS,
        Faction::Commanders => commanders::CARDS,
    }
}

/// How many entries the factions' files list together.
const CARD_ENTRIES: usize = {
    let mut count = 0;
    let mut at = 0;
    while at < Faction::ALL.len() {
        count += cards_of(Faction::ALL[at]).len();
        at += 1;
    }
    count
};

/// The factions' files joined, in the order of [`Faction::ALL`]: a constant so that the
/// catalog stays a `&'static` slice that [`CATALOG_INDEX`] is built from at compile time.
/// Compiling fails when a file lists a card of another faction.
const JOINED: [CardDef; CARD_ENTRIES] = {
    let mut joined = [pirates::CARDS[0]; CARD_ENTRIES];
    let mut filled = 0;
    let mut faction = 0;
    while faction < Faction::ALL.len() {
        let cards = cards_of(Faction::ALL[faction]);
        let mut at = 0;
        while at < cards.len() {
            assert!(
                cards[at].faction as usize == Faction::ALL[faction] as usize,
                "a faction's file lists a card of another faction"
            );
            joined[filled] = cards[at];
            filled += 1;
            at += 1;
        }
        faction += 1;
    }
    joined
};

/// The name of a base: its identity in the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[allow(missing_docs)]
pub enum BaseName {
    TarPits,
    FieldOfHonor,
    HauntedHouse,
    JungleOasis,
    Factory,
    Temple,
    Castle,
    Lagoon,
}

/// One base: its breakpoint (the total power that scores it), the victory points of its
/// first, second and third places, and its ability.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BaseDef {
    /// Its name.
    pub name: BaseName,
    /// Shown name.
    pub title: &'static str,
    /// The total power at which it scores.
    pub breakpoint: u8,
    /// Victory points for first, second and third place.
    pub points: [u8; 3],
    /// Its ability, if any.
    pub ability: Option<Ability>,
    /// Its text.
    pub text: &'static str,
}

/// Every base ([`bases`] lists them).
pub const BASES: &[BaseDef] = bases::BASES;

impl CardName {
    /// The card's entry in `catalog`.
    ///
    /// # Panics
    /// When `catalog` lacks it (never for [`CATALOG`]).
    #[must_use]
    pub fn def_in(self, catalog: &[CardDef]) -> &CardDef {
        catalog
            .iter()
            .find(|def| def.name == self)
            .expect("every card name has its entry in the catalog")
    }

    /// The card's entry in [`CATALOG`], found by the table built at compile time (the
    /// rules read it at every step: a search of the catalog was a fifth of a game's time).
    ///
    /// # Panics
    /// When the name has no entry in [`CATALOG`]. Compiling refuses a catalog with a name
    /// twice or with a name missing before the last one catalogued: only a name declared
    /// after every catalogued one, and left out, would panic here.
    #[must_use]
    pub fn def(self) -> &'static CardDef {
        &CATALOG[usize::from(CATALOG_INDEX[self as usize])]
    }
}

/// Where each card name's entry is in [`CATALOG`], by the name's discriminant; compiling
/// fails unless every name below the catalog's length has exactly one entry.
const CATALOG_INDEX: [u8; CATALOG.len()] = {
    let mut index = [u8::MAX; CATALOG.len()];
    let mut at = 0;
    while at < CATALOG.len() {
        let name = CATALOG[at].name as usize;
        assert!(
            name < CATALOG.len(),
            "a card name without its catalog entry"
        );
        assert!(
            index[name] == u8::MAX,
            "a card name with two catalog entries"
        );
        assert!(at < u8::MAX as usize, "a catalog of over 254 names");
        index[name] = at as u8;
        at += 1;
    }
    index
};

/// Where each base name's entry is in [`BASES`], as [`CATALOG_INDEX`].
const BASES_INDEX: [u8; BASES.len()] = {
    let mut index = [u8::MAX; BASES.len()];
    let mut at = 0;
    while at < BASES.len() {
        let name = BASES[at].name as usize;
        assert!(name < BASES.len(), "a base name without its entry");
        assert!(index[name] == u8::MAX, "a base name with two entries");
        assert!(at < u8::MAX as usize, "over 254 bases");
        index[name] = at as u8;
        at += 1;
    }
    index
};

impl BaseName {
    /// The base's entry in [`BASES`] (by a table built at compile time).
    #[must_use]
    pub fn def(self) -> &'static BaseDef {
        &BASES[usize::from(BASES_INDEX[self as usize])]
    }
}

impl fmt::Display for CardName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.def().title)
    }
}

impl fmt::Display for BaseName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.def().title)
    }
}
