//! A pile of cards whose contents may be hidden from the one holding the state while its
//! size stays known: a deck, a hand seen by another player.

use meeple::Hide;
use serde::{Deserialize, Serialize};

/// Cards in order (the top last), or, in a viewer's copy of the state where they are
/// hidden, only how many there are. Moves apply alike to both: a card put on a concealed
/// pile only counts, a card taken from one is unknown.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pile<T> {
    cards: Vec<T>,
    size: u32,
    concealed: bool,
}

impl<T> Pile<T> {
    /// An empty, open pile.
    #[must_use]
    #[allow(clippy::new_without_default)] // no `Default`: a hidden pile keeps its size (`Hide`)
    pub fn new() -> Self {
        Pile {
            cards: Vec::new(),
            size: 0,
            concealed: false,
        }
    }

    /// The cards, the top last; empty when concealed.
    #[must_use]
    pub fn cards(&self) -> &[T] {
        &self.cards
    }

    /// How many cards it holds, concealed or not.
    #[must_use]
    pub fn len(&self) -> usize {
        usize::try_from(self.size).unwrap_or(usize::MAX)
    }

    /// Whether it holds no card.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.size == 0
    }

    /// Whether its cards are hidden from the holder of this copy.
    #[must_use]
    pub fn is_concealed(&self) -> bool {
        self.concealed
    }

    /// Replaces its contents by `cards` (ignored when concealed), `size` of them.
    pub fn set(&mut self, cards: Vec<T>, size: u32) {
        self.size = size;
        self.cards = if self.concealed { Vec::new() } else { cards };
    }

    /// Takes the top card: `None` when concealed or empty.
    pub fn pop(&mut self) -> Option<T> {
        self.size = self.size.saturating_sub(1);
        self.cards.pop()
    }

    /// Puts `card` on top (only counted when concealed or unknown).
    pub fn push(&mut self, card: Option<T>) {
        self.size += 1;
        if let (false, Some(card)) = (self.concealed, card) {
            self.cards.push(card);
        }
    }

    /// Puts `card` at the bottom (only counted when concealed).
    pub fn insert_bottom(&mut self, card: T) {
        self.size += 1;
        if !self.concealed {
            self.cards.insert(0, card);
        }
    }

    /// Takes `card` out; whether it was there (assumed when concealed).
    pub fn remove(&mut self, card: &T) -> bool
    where
        T: PartialEq,
    {
        if self.concealed {
            self.size = self.size.saturating_sub(1);
            return true;
        }
        match self.cards.iter().position(|held| held == card) {
            Some(at) => {
                self.cards.remove(at);
                self.size -= 1;
                true
            }
            None => false,
        }
    }

    /// Fills a concealed pile with `cards` (as many as its size), opening it: a
    /// determinization's draw of what the holder cannot see.
    pub fn fill(&mut self, cards: Vec<T>) {
        self.size = u32::try_from(cards.len()).unwrap_or(u32::MAX);
        self.cards = cards;
        self.concealed = false;
    }
}

/// Hidden, a pile keeps its size: how many cards a hand or a deck holds is public.
impl<T: Clone> Hide for Pile<T> {
    fn hidden(&self) -> Self {
        Pile {
            cards: Vec::new(),
            size: self.size,
            concealed: true,
        }
    }
}
