//! What a search agent needs of the game ([`meeple::SearchAgent`]): a full state drawn from
//! a player's view, and a horizon one round ahead.

use meeple::{Chance, PlayerIndex, Search};

use super::cards::{BASES, BaseName};
use super::{CardId, Smash};

impl Search for Smash {
    /// Each concealed pile (another's hand, every deck, the bases to come) filled with the
    /// cards its owner has that `player` cannot locate, drawn at random.
    fn determinize(&self, _player: PlayerIndex, chance: &mut Chance) -> Self {
        let mut world = self.clone();
        for owner in self.vp.players() {
            let mut unseen: Vec<CardId> = (0..self.cards.len())
                .filter_map(|index| u16::try_from(index).ok())
                .filter_map(|index| self.card_id(index))
                .filter(|&card| self.card(card).owner == owner)
                .filter(|&card| {
                    self.base_of(card).is_none()
                        && !self.discards[owner].contains(&card)
                        && !self.hands[owner].cards().contains(&card)
                        && !self.decks[owner].cards().contains(&card)
                })
                .collect();
            chance.shuffle(&mut unseen);
            if self.hands[owner].is_concealed() {
                let rest = unseen.split_off(self.hands[owner].len().min(unseen.len()));
                world.hands[owner].fill(unseen);
                unseen = rest;
            }
            if self.decks[owner].is_concealed() {
                world.decks[owner].fill(unseen);
            }
        }
        if self.base_deck.is_concealed() {
            let mut coming: Vec<BaseName> = BASES
                .iter()
                .map(|base| base.name)
                .filter(|name| self.bases.iter().all(|base| base.name != *name))
                .collect();
            chance.shuffle(&mut coming);
            world.base_deck.fill(coming);
        }
        world
    }

    /// The share of the finished game; one round after `root`, a score from VP and power
    /// in play: `0.5` plus half the tanh of the lead over the best other player, in VP with
    /// a tenth of a VP per point of power.
    fn evaluate(&self, root: &Self, player: PlayerIndex) -> Option<f64> {
        if let Some(outcome) = meeple::Game::outcome(self) {
            return Some(outcome.share(player));
        }
        let players = u32::try_from(self.vp.len()).unwrap_or(u32::MAX);
        // One round after the root: as many turns begun since as there are players (the
        // events only grow, so those past the root's are the lookahead's).
        let begun = self.effects.events[root.effects.events.len().min(self.effects.events.len())..]
            .iter()
            .filter(|event| matches!(event, meeple::effects::Event::TurnBegan(_)))
            .count();
        if begun < usize::try_from(players).unwrap_or(usize::MAX) || !self.effects.idle() {
            return None;
        }
        let strength = |seat: PlayerIndex| {
            let power: u32 = (0..self.bases.len())
                .filter_map(|slot| u8::try_from(slot).ok())
                .map(|slot| self.power_at(slot, seat))
                .sum();
            f64::from(self.vp[seat]) + f64::from(power) / 10.0
        };
        let mine = strength(player);
        let best_other = self
            .vp
            .players()
            .filter(|&seat| seat != player)
            .map(strength)
            .fold(f64::MIN, f64::max);
        Some(0.5 + 0.5 * ((mine - best_other) / 5.0).tanh())
    }
}
