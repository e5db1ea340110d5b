//! The Pirates: Saucy Wench, Buccaneer, First Mate, Broadside, Cannon.

use std::fmt;
use std::ops::ControlFlow;

use meeple::effects::{InForce, Offer, Proposal, Resolver};
use meeple::{FollowUp, PlayerIndex};

use super::{Ability, AbilityRules, Aim, CardDef, CardName, Faction, action, minion};
use crate::smash::actions::{MayDestroyArgs, MoveBuccaneerArgs};
use crate::smash::{CardId, Cause, Effect, Smash, Target};

const SAUCY_WENCH: CardDef = minion(
    CardName::SaucyWench,
    "Saucy Wench",
    Faction::Pirates,
    3,
    2,
    &[Ability::MayDestroyHere { most: 2 }],
    "You may destroy a minion of power 2 or less at this base.",
);

/// Saucy Wench: "You may destroy a minion of power 2 or less at this base." Asked when she
/// is played ([`MayDestroyArgs`], an action of `actions.rs`), only when some minion there
/// may be destroyed.
pub(super) struct MayDestroyHere {
    /// The highest power destroyed.
    pub(super) most: u8,
}

impl AbilityRules for MayDestroyHere {
    fn name(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        out.write_str("Saucy Wench")
    }

    fn has_play_text(&self) -> bool {
        true
    }

    fn played(
        &self,
        game: &mut Smash,
        player: PlayerIndex,
        card: CardId,
        target: Target,
        resolver: &mut Resolver<'_, '_, Smash>,
    ) {
        let Target::Base(base) = target else { return };
        let cause = Cause::card(player, card);
        // Asked only when some minion there may be destroyed: none protected from it.
        if game
            .destroyable_at(base, self.most, card)
            .into_iter()
            .any(|minion| game.may_destroy(minion, base, cause))
        {
            resolver.ask(FollowUp::new(
                player,
                MayDestroyArgs {
                    base,
                    most: self.most,
                    by: card,
                },
            ));
        }
    }
}

impl Smash {
    /// The minions at the base in `slot` other than `except` of power `most` or less:
    /// Saucy Wench's targets.
    pub(in crate::smash) fn destroyable_at(
        &self,
        slot: u8,
        most: u8,
        except: CardId,
    ) -> Vec<CardId> {
        self.minions_at_up_to(slot, most, |minion| minion != except)
    }
}

const BUCCANEER: CardDef = minion(
    CardName::Buccaneer,
    "Buccaneer",
    Faction::Pirates,
    4,
    2,
    &[Ability::MoveInstead],
    "Special: If this minion would be destroyed, move it to another base instead.",
);

/// Buccaneer: "If this minion would be destroyed, move it to another base instead." Where
/// to is asked ([`MoveBuccaneerArgs`]) when there are two bases or more to go to; with no
/// other base, it is destroyed after all.
pub(super) struct MoveInstead;

impl AbilityRules for MoveInstead {
    fn name(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        out.write_str("Buccaneer")
    }

    fn replacement_text(&self) -> &'static str {
        "move Buccaneer to another base instead"
    }

    fn replacement(
        &self,
        game: &Smash,
        ability: &InForce<Ability>,
        proposal: &Proposal<Smash>,
    ) -> Option<Offer> {
        match proposal.effect {
            Effect::Destroy { card, .. } if game.source_card(ability.source) == Some(card) => {
                Some(Offer {
                    chooser: ability.controller,
                    optional: false,
                })
            }
            _ => None,
        }
    }

    fn replace(
        &self,
        game: &mut Smash,
        ability: &InForce<Ability>,
        proposal: &Proposal<Smash>,
        resolver: &mut Resolver<'_, '_, Smash>,
    ) {
        let Effect::Destroy { card, base } = proposal.effect else {
            return;
        };
        let cause = Cause::card(ability.controller, card);
        match game.other_bases(base).as_slice() {
            [] => resolver.instead(proposal.effect.clone(), proposal.cause),
            [to] => resolver.instead(
                Effect::Move {
                    card,
                    from: base,
                    to: *to,
                },
                cause,
            ),
            _ => {
                let chain = resolver.chain().to_vec();
                resolver.ask(FollowUp::new(
                    ability.controller,
                    MoveBuccaneerArgs {
                        card,
                        from: base,
                        chain,
                    },
                ));
            }
        }
    }
}

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

/// The highest power Broadside destroys.
const BROADSIDE_MOST: u8 = 2;

/// Broadside: "Destroy all of other players' minions of power 2 or less at a base where you
/// have a minion." One batch: its triggers are collected once, after every destroy.
pub(super) struct Broadside;

impl AbilityRules for Broadside {
    fn name(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        out.write_str("Broadside")
    }

    fn played(
        &self,
        game: &mut Smash,
        player: PlayerIndex,
        card: CardId,
        target: Target,
        resolver: &mut Resolver<'_, '_, Smash>,
    ) {
        let Target::Base(base) = target else { return };
        let cause = Cause::card(player, card);
        let victims = game.others_minions_at(base, player, BROADSIDE_MOST);
        resolver.propose_batch(
            victims
                .into_iter()
                .map(|card| (Effect::Destroy { card, base }, cause)),
        );
    }

    /// "At a base where you have a minion."
    fn targets(&self, game: &Smash, player: PlayerIndex, card: CardId) -> Vec<Target> {
        let _ = card;
        (0..game.bases.len())
            .filter_map(|slot| u8::try_from(slot).ok())
            .filter(|&slot| game.power_at(slot, player) > 0)
            .map(Target::Base)
            .collect()
    }

    fn affects(
        &self,
        game: &Smash,
        player: PlayerIndex,
        card: CardId,
        target: Target,
    ) -> Vec<CardId> {
        let Target::Base(base) = target else {
            return Vec::new();
        };
        let cause = Cause::card(player, card);
        game.others_minions_at(base, player, BROADSIDE_MOST)
            .into_iter()
            .filter(|&minion| game.may_destroy_where_it_is(minion, cause))
            .collect()
    }
}

const CANNON: CardDef = action(
    CardName::Cannon,
    "Cannon",
    Faction::Pirates,
    Aim::Minion,
    false,
    &[Ability::DestroyMinion { most: 2 }],
    "Destroy a minion of power 2 or less.",
);

/// Cannon ("Destroy a minion of power 2 or less.") and Purge (the same of power 3): one
/// ability, named after the card by the power it reaches.
pub(super) struct DestroyMinion {
    /// The highest power destroyed.
    pub(super) most: u8,
}

impl AbilityRules for DestroyMinion {
    fn name(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        out.write_str(if self.most == 2 { "Cannon" } else { "Purge" })
    }

    fn played(
        &self,
        game: &mut Smash,
        player: PlayerIndex,
        card: CardId,
        target: Target,
        resolver: &mut Resolver<'_, '_, Smash>,
    ) {
        if let Target::Minion(minion) = target
            && let Some(base) = game.base_of(minion)
        {
            resolver.propose(
                Effect::Destroy { card: minion, base },
                Cause::card(player, card),
            );
        }
    }

    /// The minions of its power (a protected one is offered, and refused by its
    /// prohibition: [`AbilityRules::proposes`]).
    fn targets(&self, game: &Smash, player: PlayerIndex, card: CardId) -> Vec<Target> {
        let _ = (player, card);
        game.minions_at_most(self.most)
            .into_iter()
            .map(Target::Minion)
            .collect()
    }

    fn affects(
        &self,
        game: &Smash,
        player: PlayerIndex,
        card: CardId,
        target: Target,
    ) -> Vec<CardId> {
        let Target::Minion(minion) = target else {
            return Vec::new();
        };
        let cause = Cause::card(player, card);
        Some(minion)
            .filter(|&minion| game.may_destroy_where_it_is(minion, cause))
            .into_iter()
            .collect()
    }

    /// Its destroy, so that a prohibition of it (General Ivan, Warbot) refuses the play.
    fn proposes(
        &self,
        game: &Smash,
        player: PlayerIndex,
        card: CardId,
        target: Target,
        visit: &mut dyn FnMut(Proposal<Smash>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if let Target::Minion(minion) = target
            && let Some(base) = game.base_of(minion)
        {
            visit(Proposal::new(
                Effect::Destroy { card: minion, base },
                Cause::card(player, card),
            ))?;
        }
        ControlFlow::Continue(())
    }
}

/// The Pirates' cards, in the catalog's order.
pub(super) const CARDS: &[CardDef] = &[SAUCY_WENCH, BUCCANEER, FIRST_MATE, BROADSIDE, CANNON];
