//! The Tricksters: Leprechaun, Gremlin, Gnome, Brownie, Hideout, Mark of Sleep.

use std::fmt;

use meeple::PlayerIndex;
use meeple::effects::{
    Floating, InForce, Occurrence, Offer, Pending, Proposal, Resolution, Resolver, Window,
};

use super::{Ability, AbilityRules, Aim, CardDef, CardName, Faction, Trigger, action, minion};
use crate::smash::effects::effects_in;
use crate::smash::{CardId, Cause, Effect, Smash, SmashMove, Target};

const LEPRECHAUN: CardDef = minion(
    CardName::Leprechaun,
    "Leprechaun",
    Faction::Tricksters,
    5,
    1,
    &[Ability::Leprechaun],
    "Ongoing: After another player plays a minion here with less power than this minion's, destroy it (after its ability resolves).",
);

/// Leprechaun: "Ongoing: After another player plays a minion here with less power than this
/// minion's, destroy it (after its ability resolves)." The played minion's own text goes
/// first ([`Effects::resolves_first`]).
pub(super) struct Leprechaun;

impl AbilityRules for Leprechaun {
    fn name(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        out.write_str("Leprechaun")
    }

    fn trigger_text(&self, trigger: &Trigger, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        match trigger {
            Trigger::Leprechaun { victim, .. } => write!(out, "Leprechaun destroys {victim}"),
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
        let Some(leprechaun) = game.source_card(ability.source) else {
            return;
        };
        let Some(here) = game.base_of(leprechaun) else {
            return;
        };
        for (effect, _) in effects_in(batch) {
            if let Effect::PlayMinion { player, card, base } = *effect
                && player != ability.controller
                && base == here
                && game.power(card) < game.power(leprechaun)
            {
                out.push(Trigger::Leprechaun {
                    by: leprechaun,
                    victim: card,
                    base,
                });
            }
        }
    }

    fn resolve(
        &self,
        game: &mut Smash,
        pending: &Pending<Smash>,
        resolver: &mut Resolver<'_, '_, Smash>,
    ) {
        let _ = game;
        if let Trigger::Leprechaun { by, victim, base } = pending.trigger {
            resolver.propose(
                Effect::Destroy { card: victim, base },
                Cause::card(pending.controller, by),
            );
        }
    }
}

const GREMLIN: CardDef = minion(
    CardName::Gremlin,
    "Gremlin",
    Faction::Tricksters,
    2,
    2,
    &[Ability::Gremlin],
    "Ongoing: After this minion is destroyed, draw a card and each other player discards a random card.",
);

/// Gremlin: "Ongoing: After this minion is destroyed, draw a card and each other player
/// discards a random card." It looks back, as Nukebot does.
pub(super) struct Gremlin;

impl AbilityRules for Gremlin {
    fn name(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        out.write_str("Gremlin")
    }

    fn trigger_text(&self, trigger: &Trigger, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        match trigger {
            Trigger::Gremlin { player, .. } => write!(
                out,
                "Gremlin: Player {} draws, each other player discards at random",
                player.0 + 1
            ),
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
        let Some(this) = game.source_card(ability.source) else {
            return;
        };
        for (effect, _) in effects_in(batch) {
            if let Effect::Destroy { card, .. } = *effect
                && card == this
            {
                out.push(Trigger::Gremlin {
                    by: this,
                    player: ability.controller,
                });
            }
        }
    }

    /// The draw and the discards in one batch.
    fn resolve(
        &self,
        game: &mut Smash,
        pending: &Pending<Smash>,
        resolver: &mut Resolver<'_, '_, Smash>,
    ) {
        let Trigger::Gremlin { by, player } = pending.trigger else {
            return;
        };
        let cause = Cause::card(player, by);
        let mut batch = vec![(Effect::Draw { player }, cause)];
        for other in game.vp.players().filter(|&other| other != player) {
            let hand = &game.hands[other];
            if hand.is_empty() {
                continue;
            }
            let last = i64::try_from(hand.len()).unwrap_or(i64::MAX) - 1;
            let at = usize::try_from(resolver.chance().roll(0, last)).unwrap_or(0);
            // Hidden in a viewer's copy: the discard is proposed by the full state.
            if let Some(&card) = hand.cards().get(at) {
                batch.push((
                    Effect::Discard {
                        player: other,
                        card,
                    },
                    cause,
                ));
            }
        }
        resolver.propose_batch(batch);
    }
}

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

/// Hideout: "Play on a base. Ongoing: If another player's action would affect your minions
/// on this base, destroy this card to cancel that action." Its owner may decline.
pub(super) struct Hideout;

impl AbilityRules for Hideout {
    fn name(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        out.write_str("Hideout")
    }

    fn replacement_text(&self) -> &'static str {
        "destroy Hideout to cancel it"
    }

    // "Would affect" is known when the action is played (every action's minions follow
    // from its target), so the whole action is cancelled before any of it happens.
    fn replacement(
        &self,
        game: &Smash,
        ability: &InForce<Ability>,
        proposal: &Proposal<Smash>,
    ) -> Option<Offer> {
        let Effect::PlayAction {
            player,
            card,
            target,
        } = proposal.effect
        else {
            return None;
        };
        let hideout = game.source_card(ability.source)?;
        let base = game.base_of(hideout)?;
        let affects = player != ability.controller
            && game
                .affected_by(player, card, target)
                .into_iter()
                .any(|minion| {
                    game.card(minion).owner == ability.controller
                        && game.base_of(minion) == Some(base)
                });
        affects.then_some(Offer {
            chooser: ability.controller,
            optional: true,
        })
    }

    fn replace(
        &self,
        game: &mut Smash,
        ability: &InForce<Ability>,
        proposal: &Proposal<Smash>,
        resolver: &mut Resolver<'_, '_, Smash>,
    ) {
        let Effect::PlayAction {
            player,
            card,
            target,
        } = proposal.effect
        else {
            return;
        };
        if let Some(hideout) = game.source_card(ability.source)
            && let Some(base) = game.base_of(hideout)
        {
            // "Destroy this card to cancel that action": the cost, then the cancel.
            let cause = Cause::card(ability.controller, hideout);
            resolver.instead(
                Effect::Destroy {
                    card: hideout,
                    base,
                },
                cause,
            );
            resolver.instead(
                Effect::CancelAction {
                    player,
                    card,
                    target,
                },
                cause,
            );
        }
    }
}

const MARK_OF_SLEEP: CardDef = action(
    CardName::MarkOfSleep,
    "Mark of Sleep",
    Faction::Tricksters,
    Aim::Player,
    false,
    &[Ability::MarkOfSleep],
    "Choose a player. That player cannot play actions on their next turn.",
);

/// Mark of Sleep: "Choose a player. That player cannot play actions on their next turn."
/// Played, it leaves a floating prohibition ([`Asleep`]) for that turn.
pub(super) struct MarkOfSleep;

impl AbilityRules for MarkOfSleep {
    fn name(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        out.write_str("Mark of Sleep")
    }

    fn played(
        &self,
        game: &mut Smash,
        player: PlayerIndex,
        card: CardId,
        target: Target,
        resolver: &mut Resolver<'_, '_, Smash>,
    ) {
        let Target::Player(marked) = target else {
            return;
        };
        resolver.then(SmashMove::Effects(Resolution::Float(Floating {
            in_force: InForce {
                source: game.source(card),
                controller: player,
                ability: Ability::Asleep(u8::try_from(marked.0).unwrap_or(u8::MAX)),
            },
            window: Window::NextTurnOf {
                player: marked,
                begun: false,
            },
        })));
    }
}

/// The floating effect Mark of Sleep leaves: this player cannot play actions.
pub(super) struct Asleep {
    /// The player's seat.
    pub(super) player: u8,
}

impl AbilityRules for Asleep {
    fn name(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(out, "Mark of Sleep on Player {}", self.player + 1)
    }

    fn is_prohibition(&self) -> bool {
        true
    }

    fn prohibition_text(&self) -> &'static str {
        "this player cannot play actions this turn"
    }

    fn forbids(
        &self,
        game: &Smash,
        ability: &InForce<Ability>,
        proposal: &Proposal<Smash>,
    ) -> bool {
        let _ = (game, ability);
        match proposal.effect {
            Effect::PlayAction { player, .. } => usize::from(self.player) == player.0,
            _ => false,
        }
    }
}

/// The Tricksters' cards, in the catalog's order.
pub(super) const CARDS: &[CardDef] = &[LEPRECHAUN, GREMLIN, GNOME, BROWNIE, HIDEOUT, MARK_OF_SLEEP];
