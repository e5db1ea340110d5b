//! The game's actions: the three of a turn (play a minion, play an action, end the plays)
//! and the decisions asked in the middle of a resolution (a "may", a destination, a
//! discard, the order of simultaneous triggers, a replacement).

use meeple::effects::{Proposal, Resolution, Source};
use meeple::{Action, Actions};

use super::cards::BaseName;
use super::effects::{By, Cause, Effect, Target};
use super::{CardId, Smash, SmashMove};

/// Play a minion from your hand on a base (once a turn). Bases where an effect forbids it
/// (Overrun) are shown refused.
#[derive(Clone, Debug, PartialEq, Eq, Action)]
#[action(
    prompt = "Play a minion",
    description = "{player} is playing a minion",
    condition = game.minions_left > 0,
    behaviour = [SmashMove::Effects(Resolution::propose(
        Effect::PlayMinion { player, card: *card, base: *base },
        Cause::rules(player),
    ))]
)]
pub struct PlayMinion {
    /// The minion, among those in hand.
    #[choose_from(game.playable(player, true), label = game.card_label(*card))]
    pub card: CardId,
    /// The base's slot.
    #[choose_from(game.base_slots(), label = game.base_label(*base))]
    pub base: u8,
}

/// Play an action from your hand (once a turn) on what it aims at. Forbidden on the turn a
/// Mark of Sleep marked.
#[derive(Clone, Debug, PartialEq, Eq, Action)]
#[action(
    prompt = "Play an action",
    description = "{player} is playing an action",
    condition = game.actions_left > 0,
    behaviour = [SmashMove::Effects(Resolution::propose(
        Effect::PlayAction { player, card: *card, target: *target },
        Cause::rules(player),
    ))]
)]
pub struct PlayAction {
    /// The action, among those in hand.
    #[choose_from(game.playable(player, false), label = game.card_label(*card))]
    pub card: CardId,
    /// What it is played on.
    #[choose_from(game.targets(player, *card), label = game.target_label(*target))]
    pub target: Target,
}

/// End your plays for this turn: the bases score, you draw two cards.
#[derive(Clone, Debug, PartialEq, Eq, Action)]
#[action(
    prompt = "End your turn",
    behaviour = [SmashMove::EndPlays]
)]
pub struct EndPlays;

/// Saucy Wench's "you may destroy a minion of power 2 or less at this base": asked when it
/// is played; none picked declines. A minion that cannot be destroyed is shown refused.
#[derive(Clone, Debug, PartialEq, Eq, Action)]
#[action(
    prompt = format!("{by}: you may destroy a minion of power {most} or less at {}", game.base_label(*base)),
    description = "{player} is choosing whether to destroy a minion",
    behaviour = targets.iter().map(|&card| SmashMove::Effects(Resolution::propose(
        Effect::Destroy { card, base: *base },
        Cause::card(player, *by),
    )))
)]
pub struct MayDestroy {
    /// The base's slot.
    #[arg]
    pub base: u8,
    /// The highest power destroyed.
    #[arg]
    pub most: u8,
    /// The card whose text it is.
    #[arg]
    pub by: CardId,
    /// The minion to destroy, or none.
    #[choose_from(game.destroyable_at(*base, *most, *by), min = 0, max = 1, label = game.minion_label(*targets))]
    pub targets: Vec<CardId>,
}

/// Buccaneer's "move it to another base instead": where to.
#[derive(Clone, Debug, PartialEq, Eq, Action)]
#[action(
    prompt = format!("{card} would be destroyed: move it to another base instead"),
    description = "{player} is choosing where Buccaneer goes",
    behaviour = [SmashMove::Effects(Resolution::Consider(Proposal {
        effect: Effect::Move { card: *card, from: *from, to: *to },
        cause: Cause::card(player, *card),
        replaced_by: chain.clone(),
    }))]
)]
pub struct MoveBuccaneer {
    /// The Buccaneer.
    #[arg]
    pub card: CardId,
    /// The slot of its base.
    #[arg]
    pub from: u8,
    /// The replacements applied so far in its chain.
    #[arg]
    pub chain: Vec<Source>,
    /// The destination's slot.
    #[choose_from(game.other_bases(*from), label = game.base_label(*to))]
    pub to: u8,
}

/// Haunted House's "they must discard a card".
#[derive(Clone, Debug, PartialEq, Eq, Action)]
#[action(
    prompt = "Haunted House: discard a card",
    description = "{player} is discarding a card",
    behaviour = [SmashMove::Effects(Resolution::propose(
        Effect::Discard { player, card: *card },
        Cause { player, by: By::Base(BaseName::HauntedHouse) },
    ))]
)]
pub struct DiscardCard {
    /// The card, among those in hand.
    #[choose_from(game.hand_choices(player), label = game.card_label(*card))]
    pub card: CardId,
}

/// The current player picks which of the simultaneous triggers resolves next; its whole
/// consequences resolve before the others.
#[derive(Clone, Debug, PartialEq, Eq, Action)]
#[action(
    prompt = "Choose which effect resolves next",
    description = "{player} is ordering simultaneous effects",
    behaviour = [SmashMove::Effects(Resolution::Choose(*next))]
)]
pub struct OrderTriggers {
    /// The trigger's index among those waiting.
    #[choose_from(game.effects.triggers_waiting(), label = game.trigger_label(*next))]
    pub next: usize,
}

/// The player the replacements name picks which applies, or declines an optional one: the
/// affected minion's owner for Buccaneer's move, Hideout's owner for its "destroy this card
/// to cancel".
#[derive(Clone, Debug, PartialEq, Eq, Action)]
#[action(
    prompt = game.replacement_prompt(),
    description = "{player} is choosing a replacement",
    behaviour = [SmashMove::Effects(Resolution::Replace(*choice))]
)]
pub struct ChooseReplacement {
    /// The replacement's index, or `None` to decline.
    #[choose_from(game.effects.replacement_offers(), label = game.replacement_label(*choice))]
    pub choice: Option<usize>,
}

/// Every action of the game.
#[derive(Clone, Debug, PartialEq, Eq, Actions)]
#[actions(game = Smash)]
pub enum SmashAction {
    /// See [`PlayMinion`].
    PlayMinion(PlayMinion),
    /// See [`PlayAction`].
    PlayAction(PlayAction),
    /// See [`EndPlays`].
    EndPlays(EndPlays),
    /// See [`MayDestroy`].
    MayDestroy(MayDestroy),
    /// See [`MoveBuccaneer`].
    MoveBuccaneer(MoveBuccaneer),
    /// See [`DiscardCard`].
    DiscardCard(DiscardCard),
    /// See [`OrderTriggers`].
    OrderTriggers(OrderTriggers),
    /// See [`ChooseReplacement`].
    ChooseReplacement(ChooseReplacement),
}

impl Smash {
    /// The slots of the bases in play.
    pub(super) fn base_slots(&self) -> Vec<u8> {
        (0..self.bases.len())
            .filter_map(|slot| u8::try_from(slot).ok())
            .collect()
    }

    /// `player`'s hand, every card (see [`Smash::playable`](super::Smash) for why every
    /// copy).
    pub(super) fn hand_choices(&self, player: meeple::PlayerIndex) -> Vec<CardId> {
        let mut cards = self.hands[player].cards().to_vec();
        cards.sort();
        cards
    }

    /// A card as an option: its name, number (copies apart) and text.
    pub(super) fn card_label(&self, card: CardId) -> String {
        let def = card.name.def();
        let index = card.index;
        match def.kind {
            super::cards::Kind::Minion { power } if def.text.is_empty() => {
                format!("{card} #{index} (power {power})")
            }
            super::cards::Kind::Minion { power } => {
                format!("{card} #{index} (power {power}): {}", def.text)
            }
            super::cards::Kind::Action { .. } => format!("{card} #{index}: {}", def.text),
        }
    }

    /// A base as an option: its slot, name, total power and breakpoint.
    pub(super) fn base_label(&self, slot: u8) -> String {
        self.bases.get(usize::from(slot)).map_or_else(
            || format!("base {}", slot + 1),
            |base| {
                format!(
                    "base {}: {} ({}/{})",
                    slot + 1,
                    base.name,
                    self.total_power(slot),
                    base.name.def().breakpoint
                )
            },
        )
    }

    /// A minion as an option: its name, power and owner.
    pub(super) fn minion_label(&self, card: CardId) -> String {
        format!(
            "{card} #{} (power {}, Player {})",
            card.index,
            self.power(card),
            self.card(card).owner.0 + 1
        )
    }

    /// A target as an option.
    pub(super) fn target_label(&self, target: Target) -> String {
        match target {
            Target::Base(slot) => self.base_label(slot),
            Target::Minion(card) => self.minion_label(card),
            Target::Player(player) => format!("Player {}", player.0 + 1),
        }
    }

    /// A waiting trigger as an option: what it does, and whose it is.
    pub(super) fn trigger_label(&self, index: usize) -> String {
        self.effects.trigger_waiting(index).map_or_else(
            || format!("effect {index}"),
            |pending| {
                format!(
                    "{} (Player {}'s)",
                    pending.trigger,
                    pending.controller.0 + 1
                )
            },
        )
    }

    /// The replacement choice's prompt: what would happen.
    pub(super) fn replacement_prompt(&self) -> String {
        self.effects.replacement_choice().map_or_else(
            || "Choose a replacement".to_owned(),
            |choice| {
                format!(
                    "Would happen: {} ({}). Choose what happens instead",
                    choice.proposal.effect, choice.proposal.cause
                )
            },
        )
    }

    /// A replacement as an option, or declining them.
    pub(super) fn replacement_label(&self, choice: Option<usize>) -> String {
        let offers = self.effects.replacement_choice();
        match choice {
            None => "Let it happen".to_owned(),
            Some(index) => offers
                .and_then(|choice| choice.offers.get(index))
                .map_or_else(
                    || format!("replacement {index}"),
                    |(in_force, offer)| {
                        let what = in_force.ability.replacement_text();
                        if offer.optional {
                            format!("{}: {what} (optional)", in_force.ability)
                        } else {
                            format!("{}: {what}", in_force.ability)
                        }
                    },
                ),
        }
    }
}
