//! The cards and bases of the Smash Up–style game: four factions of ten cards and eight
//! bases, each with its rules beside it. Texts of the named cards are Smash Up's, as
//! printed in `EFFECTS.md`; the others are plain cards to fill the factions.
//!
//! A card lives in its faction's file (`pirates.rs`, `robots.rs`, `tricksters.rs`,
//! `commanders.rs`), a base in `bases.rs`: its definition ([`CardDef`], [`BaseDef`]: name,
//! kind, power or aim, copies, text, abilities), then, for each ability it prints, a type
//! implementing `AbilityRules` that says what the ability forbids, replaces, triggers and
//! does when played, and in which words. This module holds what they share: the types, the
//! `AbilityRules` trait, the two tables that route an [`Ability`] and a [`Trigger`] to
//! their implementation (`Ability::with_rules`, `Trigger::with_rules`), and the
//! [`CATALOG`] the factions' files are joined into. What is no card's (how an effect
//! happens, which abilities are in force and in what order, a played card's text as a
//! trigger of its play) is in the game's `effects.rs`.
//!
//! # How to add a card
//!
//! 1. Name it: a variant of [`CardName`] (the name its copies have in logs, `Name#3`).
//! 2. Define it in its faction's file: a `const` [`CardDef`] built with `minion(..)` or
//!    `action(..)`, listed in the file's `CARDS`. A card without a text is done; compiling
//!    checks that no name is catalogued twice and that the file lists its faction's cards
//!    only.
//! 3. For each ability of its text, a variant of [`Ability`] holding what the text leaves
//!    open (`most` for "power 2 or less"), unless an existing one says it, and beside the
//!    card a type implementing `AbilityRules` with the mechanisms the text uses, the
//!    others left to their default of "nothing":
//!    - "cannot": `is_prohibition`, `forbids` and `prohibition_text`;
//!    - "instead": `replacement`, `replace` and `replacement_text`;
//!    - "after" or "at the start of": `triggers` and `resolve`, with a variant of
//!      [`Trigger`] carrying what the resolution needs to know, and its `trigger_text`;
//!    - what the card does when played, asked of its first ability: `played` (with
//!      `has_play_text` for a minion), what an action may be played on (`targets`), which
//!      minions it would affect (`affects`, for Hideout) and what it proposes at once
//!      (`proposes`, so that a prohibition of it refuses the play);
//!    - a modifier: `power_bonus`;
//!    - and its `name`.
//!
//!    Then route the ability in `Ability::with_rules`, and a trigger in
//!    `Trigger::with_rules`. Both enums are written in logs and states: a new variant is
//!    safe, a renamed one breaks the logs already kept.
//! 4. A decision asked in the middle of its resolution ("you may", "choose where") is an
//!    action of the game's `actions.rs`, a variant of `SmashAction`, asked with
//!    [`Resolver::ask`].
//! 5. Test it in the game's `tests.rs`, on a table laid by hand.
//!
//! A new faction is a file like the others, a variant of [`Faction`] listed in
//! [`Faction::ALL`], and an arm of `cards_of`; a new base, a variant of [`BaseName`] and an
//! entry of `bases.rs`.

mod bases;
mod commanders;
mod pirates;
mod robots;
mod tricksters;

use std::fmt;
use std::ops::ControlFlow;

use meeple::PlayerIndex;
use meeple::effects::{InForce, Occurrence, Offer, Pending, Proposal, Resolver};
use serde::{Deserialize, Serialize};

use super::effects::{self, Target};
use super::{CardId, Smash};

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
/// Its rules are the type `Ability::with_rules` names, in its card's file.
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

/// What the effects engine asks of one [`Ability`], one method per mechanism, each
/// answering "nothing" unless the ability has that mechanism: an ability implements only
/// what its text does. [`Ability::with_rules`] finds an ability's implementation,
/// [`Trigger::with_rules`] a trigger's.
pub(super) trait AbilityRules {
    /// Its name, as events and prompts show it (the card it is printed on).
    fn name(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result;

    /// Whether it is a prohibition ("cannot"): only a prohibition forbids
    /// ([`AbilityRules::forbids`]), and a state without one in force skips the checks
    /// ([`Game::may_prohibit`](meeple::Game::may_prohibit)).
    fn is_prohibition(&self) -> bool {
        false
    }

    /// What a prohibition says, for a refused option's reason.
    fn prohibition_text(&self) -> &'static str {
        "forbidden"
    }

    /// What a replacement does, for the option that chooses it.
    fn replacement_text(&self) -> &'static str {
        "replace it"
    }

    /// A trigger of this ability in words, for the option that orders it.
    fn trigger_text(&self, trigger: &Trigger, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        let _ = trigger;
        self.name(out)
    }

    /// Whether it forbids `proposal` ([`Effects::forbids`](meeple::effects::Effects::forbids));
    /// asked only of a prohibition.
    fn forbids(
        &self,
        game: &Smash,
        ability: &InForce<Ability>,
        proposal: &Proposal<Smash>,
    ) -> bool {
        let _ = (game, ability, proposal);
        false
    }

    /// The replacement it offers for `proposal`, if it applies
    /// ([`Effects::replacement`](meeple::effects::Effects::replacement)).
    fn replacement(
        &self,
        game: &Smash,
        ability: &InForce<Ability>,
        proposal: &Proposal<Smash>,
    ) -> Option<Offer> {
        let _ = (game, ability, proposal);
        None
    }

    /// Carries out the replacement it offered
    /// ([`Effects::replace`](meeple::effects::Effects::replace)).
    fn replace(
        &self,
        game: &mut Smash,
        ability: &InForce<Ability>,
        proposal: &Proposal<Smash>,
        resolver: &mut Resolver<'_, '_, Smash>,
    ) {
        let _ = (game, ability, proposal, resolver);
    }

    /// What it sets off on `batch` ([`Effects::triggers`](meeple::effects::Effects::triggers)).
    fn triggers(
        &self,
        game: &Smash,
        ability: &InForce<Ability>,
        batch: &[Occurrence<Smash>],
        out: &mut Vec<Trigger>,
    ) {
        let _ = (game, ability, batch, out);
    }

    /// Resolves one of its triggers ([`Effects::resolve`](meeple::effects::Effects::resolve)).
    fn resolve(
        &self,
        game: &mut Smash,
        pending: &Pending<Smash>,
        resolver: &mut Resolver<'_, '_, Smash>,
    ) {
        let _ = (game, pending, resolver);
    }

    /// Whether a minion's first ability is a text that resolves when the minion is played
    /// (an action's resolves when it is played unless it stays in play: by its kind).
    fn has_play_text(&self) -> bool {
        false
    }

    /// The text of `player`'s `card` played on `target`, its first ability, as it resolves.
    fn played(
        &self,
        game: &mut Smash,
        player: PlayerIndex,
        card: CardId,
        target: Target,
        resolver: &mut Resolver<'_, '_, Smash>,
    ) {
        let _ = (game, player, card, target, resolver);
    }

    /// What `player`'s action `card`, of this first ability, may be played on: by its aim
    /// unless its text narrows it.
    fn targets(&self, game: &Smash, player: PlayerIndex, card: CardId) -> Vec<Target> {
        let _ = player;
        game.targets_by_aim(card)
    }

    /// The minions `player`'s action `card`, of this first ability, played on `target`
    /// would affect now (destroy, or change the power of): what Hideout answers.
    fn affects(
        &self,
        game: &Smash,
        player: PlayerIndex,
        card: CardId,
        target: Target,
    ) -> Vec<CardId> {
        let _ = (game, player, card, target);
        Vec::new()
    }

    /// Calls `visit` with what `player`'s action `card`, of this first ability, proposes at
    /// once when played on `target`, beyond the play, until it breaks: checked against the
    /// prohibitions with the play, so that a play whose effect is forbidden is refused.
    fn proposes(
        &self,
        game: &Smash,
        player: PlayerIndex,
        card: CardId,
        target: Target,
        visit: &mut dyn FnMut(Proposal<Smash>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let _ = (game, player, card, target, visit);
        ControlFlow::Continue(())
    }

    /// The power it adds to the minion it is on.
    fn power_bonus(&self) -> u8 {
        0
    }
}

impl Ability {
    /// Calls `rules` with this ability's implementation of [`AbilityRules`], built from
    /// the ability's data (Saucy Wench's `most`): the one table from abilities to the files
    /// that implement them. A callback rather than a returned object, so that the
    /// implementation lives on the stack for the call and the match is all it costs.
    pub(super) fn with_rules<R>(self, rules: impl FnOnce(&dyn AbilityRules) -> R) -> R {
        match self {
            Ability::MayDestroyHere { most } => rules(&pirates::MayDestroyHere { most }),
            Ability::MoveInstead => rules(&pirates::MoveInstead),
            Ability::Broadside => rules(&pirates::Broadside),
            Ability::DestroyMinion { most } => rules(&pirates::DestroyMinion { most }),
            Ability::Indestructible => rules(&robots::Indestructible),
            Ability::Nuke => rules(&robots::Nuke),
            Ability::PowerBonus(bonus) => rules(&robots::PowerBonus { bonus }),
            Ability::Leprechaun => rules(&tricksters::Leprechaun),
            Ability::Gremlin => rules(&tricksters::Gremlin),
            Ability::Hideout => rules(&tricksters::Hideout),
            Ability::MarkOfSleep => rules(&tricksters::MarkOfSleep),
            Ability::Asleep(player) => rules(&tricksters::Asleep { player }),
            Ability::ProtectsOwn => rules(&commanders::ProtectsOwn),
            Ability::Overrun => rules(&commanders::Overrun),
            Ability::EndsAtYourTurn => rules(&commanders::EndsAtYourTurn),
            Ability::TarPits => rules(&bases::TarPits),
            Ability::FieldOfHonor => rules(&bases::FieldOfHonor),
            Ability::HauntedHouse => rules(&bases::HauntedHouse),
            Ability::Rules => rules(&effects::Rules),
        }
    }

    /// Whether it is a prohibition ([`AbilityRules::is_prohibition`]).
    pub(super) fn is_prohibition(self) -> bool {
        self.with_rules(|rules| rules.is_prohibition())
    }

    /// What a prohibition says ([`AbilityRules::prohibition_text`]).
    pub(super) fn prohibition_text(self) -> &'static str {
        self.with_rules(|rules| rules.prohibition_text())
    }

    /// What a replacement does ([`AbilityRules::replacement_text`]).
    pub(super) fn replacement_text(self) -> &'static str {
        self.with_rules(|rules| rules.replacement_text())
    }

    /// The power it adds to the minion it is on ([`AbilityRules::power_bonus`]).
    pub(super) fn power_bonus(self) -> u8 {
        self.with_rules(|rules| rules.power_bonus())
    }
}

impl fmt::Display for Ability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.with_rules(|rules| rules.name(f))
    }
}

impl Trigger {
    /// Calls `rules` with the [`AbilityRules`] of the ability whose trigger this is (a
    /// waiting trigger keeps no ability, only its source: the variant says whose it is).
    pub(super) fn with_rules<R>(self, rules: impl FnOnce(&dyn AbilityRules) -> R) -> R {
        match self {
            Trigger::Played { .. } => rules(&effects::Rules),
            Trigger::Leprechaun { .. } => rules(&tricksters::Leprechaun),
            Trigger::Gremlin { .. } => rules(&tricksters::Gremlin),
            Trigger::Nuke { .. } => rules(&robots::Nuke),
            Trigger::OverrunEnds { .. } => rules(&commanders::EndsAtYourTurn),
            Trigger::TarPits { .. } => rules(&bases::TarPits),
            Trigger::Honor { .. } => rules(&bases::FieldOfHonor),
            Trigger::Haunt { .. } => rules(&bases::HauntedHouse),
        }
    }
}

impl fmt::Display for Trigger {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.with_rules(|rules| rules.trigger_text(self, f))
    }
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

/// Every base, as `cards/bases.rs` lists them.
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
