//! What a learning agent reads of a Smash table (`#[derive(Observe)]` on [`Smash`]): the
//! types of its fields that the runtime does not know, each as numbers of a fixed shape.
//! The catalog of cards and the effects layer's resolution are left out: the one is
//! fixed for the table, the other's decisions are in the legal actions.

use meeple::{ObservationLayout, Observe, Observer};

use super::cards::{BASES, BaseName, Faction};
use super::pile::Pile;
use super::{BaseInPlay, CardId, Smash};

/// The flags of `cards` among the table's cards, by [`CardId::index`].
fn flag_cards<'c>(
    game: &Smash,
    cards: impl Iterator<Item = &'c CardId>,
    observer: &mut Observer<'_>,
) {
    let start = observer.written();
    observer.zeros(game.cards.len());
    for card in cards {
        observer.set(start + usize::from(card.index), 1.0);
    }
}

/// A pile of cards: a flag per card of the table for the cards the viewer may see, then
/// the pile's size (what a concealed pile still shows).
impl Observe<Smash> for Pile<CardId> {
    fn layout(_value: Option<&Self>, game: &Smash, name: &str, layout: &mut ObservationLayout) {
        layout.push(name, vec![game.cards.len() + 1]);
    }

    #[allow(clippy::cast_precision_loss)]
    fn observe(&self, game: &Smash, observer: &mut Observer<'_>) {
        flag_cards(game, self.cards().iter(), observer);
        observer.push(self.len() as f32);
    }
}

/// The deck of bases: a flag per base the viewer may see in it, then its size.
impl Observe<Smash> for Pile<BaseName> {
    fn layout(_value: Option<&Self>, _game: &Smash, name: &str, layout: &mut ObservationLayout) {
        layout.push(name, vec![BASES.len() + 1]);
    }

    #[allow(clippy::cast_precision_loss)]
    fn observe(&self, _game: &Smash, observer: &mut Observer<'_>) {
        let start = observer.written();
        observer.zeros(BASES.len());
        for base in self.cards() {
            if let Some(at) = BASES.iter().position(|def| def.name == *base) {
                observer.set(start + at, 1.0);
            }
        }
        observer.push(self.len() as f32);
    }
}

/// A discard pile: a flag per card of the table.
impl Observe<Smash> for Vec<CardId> {
    fn layout(_value: Option<&Self>, game: &Smash, name: &str, layout: &mut ObservationLayout) {
        layout.push(name, vec![game.cards.len()]);
    }

    fn observe(&self, game: &Smash, observer: &mut Observer<'_>) {
        flag_cards(game, self.iter(), observer);
    }
}

/// The bases in play, one row per slot (a seat's and one more): which base (one-hot
/// over the bases), the minions on it and the actions played on it or its minions (a
/// flag per card of the table each).
impl Observe<Smash> for Vec<BaseInPlay> {
    fn layout(_value: Option<&Self>, game: &Smash, name: &str, layout: &mut ObservationLayout) {
        let slots = game.vp.len() + 1;
        layout.push(name, vec![slots, BASES.len() + 2 * game.cards.len()]);
    }

    fn observe(&self, game: &Smash, observer: &mut Observer<'_>) {
        for slot in 0..game.vp.len() + 1 {
            match self.get(slot) {
                Some(base) => {
                    let at = BASES.iter().position(|def| def.name == base.name);
                    observer.one_hot(at.unwrap_or(BASES.len()), BASES.len());
                    flag_cards(game, base.minions.iter(), observer);
                    flag_cards(
                        game,
                        base.actions.iter().map(|attached| &attached.card),
                        observer,
                    );
                }
                None => observer.zeros(BASES.len() + 2 * game.cards.len()),
            }
        }
    }
}

/// A faction: one-hot over [`Faction::ALL`].
impl Observe<Smash> for Faction {
    fn layout(_value: Option<&Self>, _game: &Smash, name: &str, layout: &mut ObservationLayout) {
        layout.push(name, vec![Faction::ALL.len()]);
    }

    fn observe(&self, _game: &Smash, observer: &mut Observer<'_>) {
        let at = Faction::ALL.iter().position(|faction| faction == self);
        observer.one_hot(at.unwrap_or(Faction::ALL.len()), Faction::ALL.len());
    }
}
