//! Components and the places they lie in: decks of immutable components, growable
//! [`Stack`]s, [`SizedStack`]s with fixed slots, and read-only merged stacks.
//!
//! After jkomoros/boardgame's components, stacks and chest: a component (card, token, die,
//! tile) belongs to exactly one [`Deck`] and lies in exactly one place at every moment.
//! Pieces are made only by [`Deck::stack`] and [`Deck::sized_stack`] at setup; after that,
//! moving ([`move_piece`]), swapping ([`swap_pieces`]), reordering and shuffling are the
//! only ways to change where a piece lies, and each either keeps that invariant or is
//! refused with a [`PlaceError`] that changes nothing.
//!
//! A place holds [`Slot`]s: a [`Piece`] as its viewer may see it, or a hidden one (see
//! [`Policy`](crate::Policy)). The state of a game holds its places as fields, and its
//! view ([`View`](crate::View)) conceals them per viewer.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::pieces::chance::Chance;
use crate::pieces::player::PerPlayer;

/// Which deck a component belongs to: its index in the game's [`Chest`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct DeckId(pub u16);

/// A component's identity: its deck and its index in that deck, fixed for the whole game.
///
/// Serialized as `{"deck":0,"index":17}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct ComponentId {
    /// The deck.
    pub deck: DeckId,
    /// The index in the deck, 0-based, in the order the deck lists its components.
    pub index: u16,
}

impl fmt::Display for ComponentId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}#{}", self.deck.0, self.index)
    }
}

/// A deck: a named, fixed list of immutable components of one type, declared once per game
/// and registered in its [`Chest`].
///
/// `C` is the component's value (a `Card`, a `Tile`): small, immutable data that the pieces
/// made from the deck carry with them, so a place can show them without a look-up.
#[derive(Clone, Debug, PartialEq)]
pub struct Deck<C> {
    id: DeckId,
    name: &'static str,
    components: Vec<C>,
}

impl<C: Clone> Deck<C> {
    /// A deck `id` named `name` of these components, in order.
    ///
    /// # Panics
    /// Panics if there are more than 65,536 components (indices are `u16`).
    #[must_use]
    pub fn new(id: DeckId, name: &'static str, components: Vec<C>) -> Self {
        assert!(
            components.len() <= usize::from(u16::MAX) + 1,
            "deck `{name}` has {} components; a deck holds at most 65536",
            components.len()
        );
        Deck {
            id,
            name,
            components,
        }
    }

    /// The deck's id.
    #[must_use]
    pub fn id(&self) -> DeckId {
        self.id
    }

    /// The deck's name (`"cards"`).
    #[must_use]
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// How many components the deck has.
    #[must_use]
    pub fn len(&self) -> usize {
        self.components.len()
    }

    /// Whether the deck has no components.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.components.is_empty()
    }

    /// The component of `id`, if it is of this deck.
    #[must_use]
    pub fn get(&self, id: ComponentId) -> Option<&C> {
        (id.deck == self.id)
            .then(|| self.components.get(usize::from(id.index)))
            .flatten()
    }

    /// Every piece of the deck, in deck order, with `value` as each one's dynamic value.
    pub(crate) fn pieces<V: Clone>(
        &self,
        value: V,
    ) -> impl Iterator<Item = Slot<C, V>> + use<'_, C, V> {
        self.components
            .iter()
            .enumerate()
            .map(move |(index, component)| {
                let id = ComponentId {
                    deck: self.id,
                    // In range: `new` caps the deck at `u16` indices.
                    index: u16::try_from(index).unwrap_or(u16::MAX),
                };
                Slot::Known(Piece {
                    id,
                    component: component.clone(),
                    value: value.clone(),
                    token: initial_token(id),
                })
            })
    }

    /// A growable stack of this deck holding every one of its pieces, the first component
    /// at the bottom (index 0), each with the dynamic value `value`. Call it once per game,
    /// at setup: the pieces must lie in one place each.
    #[must_use]
    pub fn stack<V: Clone>(&self, value: V) -> Stack<C, V> {
        Stack {
            deck: self.id,
            slots: self.pieces(value).collect(),
        }
    }

    /// A sized stack of this deck with `size` slots, holding every piece of the deck in its
    /// first slots, then gaps.
    ///
    /// # Panics
    /// Panics if `size` is smaller than the deck.
    #[must_use]
    pub fn sized_stack<V: Clone>(&self, size: usize, value: V) -> SizedStack<C, V> {
        assert!(
            size >= self.len(),
            "deck `{}` has {} components; a sized stack of {size} slots cannot hold them",
            self.name,
            self.len()
        );
        let mut slots: Vec<Option<Slot<C, V>>> = self.pieces(value).map(Some).collect();
        slots.resize_with(size, || None);
        SizedStack {
            deck: self.id,
            slots,
        }
    }
}

/// The identity token a piece shows, hidden, before any shuffle: tied to the component,
/// which is known anyway while the deck is in its printed order.
fn initial_token(id: ComponentId) -> u64 {
    (u64::from(id.deck.0) << 16) | u64::from(id.index)
}

/// The decks of a game, to check the invariant that every component lies in exactly one
/// place ([`Chest::check`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Chest {
    decks: Vec<(&'static str, usize)>,
}

impl Chest {
    /// An empty chest.
    #[must_use]
    pub fn new() -> Self {
        Chest::default()
    }

    /// This chest with `deck` added.
    ///
    /// # Panics
    /// Panics if the deck's id is not the next free one (decks are numbered 0, 1, ... in
    /// the order they are added) or its name is already taken.
    #[must_use]
    pub fn with<C: Clone>(mut self, deck: &Deck<C>) -> Self {
        assert_eq!(
            usize::from(deck.id.0),
            self.decks.len(),
            "deck `{}` has id {}, but the next deck of the chest is {}",
            deck.name,
            deck.id.0,
            self.decks.len()
        );
        assert!(
            self.decks.iter().all(|(name, _)| *name != deck.name),
            "two decks are named `{}`",
            deck.name
        );
        self.decks.push((deck.name, deck.len()));
        self
    }

    /// Checks that `ids`, the components found in every place of a state, hold each
    /// component of each deck exactly once.
    ///
    /// # Errors
    /// [`ChestError`] naming the first component missing, repeated or unknown.
    pub fn check(&self, ids: impl IntoIterator<Item = ComponentId>) -> Result<(), ChestError> {
        let mut seen: Vec<Vec<bool>> = self
            .decks
            .iter()
            .map(|(_, len)| vec![false; *len])
            .collect();
        for id in ids {
            let Some(slot) = seen
                .get_mut(usize::from(id.deck.0))
                .and_then(|deck| deck.get_mut(usize::from(id.index)))
            else {
                return Err(ChestError::Unknown { id });
            };
            if *slot {
                return Err(ChestError::Repeated { id });
            }
            *slot = true;
        }
        for (deck, found) in seen.iter().enumerate() {
            if let Some(index) = found.iter().position(|found| !found) {
                return Err(ChestError::Missing {
                    id: ComponentId {
                        deck: DeckId(u16::try_from(deck).unwrap_or(u16::MAX)),
                        index: u16::try_from(index).unwrap_or(u16::MAX),
                    },
                    deck: self.decks[deck].0,
                });
            }
        }
        Ok(())
    }
}

/// How the pieces of a state break the one-place invariant.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ChestError {
    /// A component lies in no place.
    #[error("component {id} of deck `{deck}` lies in no place")]
    Missing {
        /// The component.
        id: ComponentId,
        /// Its deck's name.
        deck: &'static str,
    },
    /// A component lies in two places, or twice in one.
    #[error("component {id} lies in two places")]
    Repeated {
        /// The component.
        id: ComponentId,
    },
    /// A component of no deck of the chest.
    #[error("component {id} belongs to no deck of the chest")]
    Unknown {
        /// The component.
        id: ComponentId,
    },
}

/// One component where it lies: its identity, its immutable value, its dynamic value (a
/// die's face, counters on a card) and the token that stands for it when it is hidden.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Piece<C, V = ()> {
    id: ComponentId,
    component: C,
    value: V,
    /// Stable while the piece is moved, drawn anew when it is shuffled: lets a client
    /// follow a hidden piece without learning which component it is.
    token: u64,
}

impl<C, V> Piece<C, V> {
    /// The component's identity.
    #[must_use]
    pub fn id(&self) -> ComponentId {
        self.id
    }

    /// The component's immutable value.
    #[must_use]
    pub fn component(&self) -> &C {
        &self.component
    }

    /// The piece's dynamic value.
    #[must_use]
    pub fn value(&self) -> &V {
        &self.value
    }

    /// The token that stands for the piece when it is hidden under the `order` policy.
    #[must_use]
    pub fn token(&self) -> u64 {
        self.token
    }
}

/// A place's content at one position, as a viewer may see it.
///
/// Serialized as `{"known":{"id":..,"component":..,"value":..,"token":..}}` or
/// `{"hidden":<token or null>}`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Slot<C, V = ()> {
    /// A piece the viewer may see.
    Known(Piece<C, V>),
    /// A piece the viewer may not see; with its token when the place's policy lets the
    /// viewer follow pieces (`order`), `None` otherwise.
    Hidden(Option<u64>),
}

impl<C, V> Slot<C, V> {
    /// The piece, when it is known.
    #[must_use]
    pub fn piece(&self) -> Option<&Piece<C, V>> {
        match self {
            Slot::Known(piece) => Some(piece),
            Slot::Hidden(_) => None,
        }
    }

    /// The component, when it is known.
    #[must_use]
    pub fn component(&self) -> Option<&C> {
        self.piece().map(Piece::component)
    }

    /// Whether the piece is hidden from the viewer.
    #[must_use]
    pub fn is_hidden(&self) -> bool {
        matches!(self, Slot::Hidden(_))
    }
}

/// Why a change of places was refused. Nothing changed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlaceError {
    /// No piece at that index of the source.
    #[error("no piece at index {index} (the place holds {len} slots)")]
    NoPiece {
        /// The index asked for.
        index: usize,
        /// How many slots the place has.
        len: usize,
    },
    /// The slot of a sized stack is empty.
    #[error("slot {index} is empty")]
    EmptySlot {
        /// The slot.
        index: usize,
    },
    /// The slot of a sized stack is taken.
    #[error("slot {index} is already taken")]
    SlotTaken {
        /// The slot.
        index: usize,
    },
    /// A sized stack has no free slot.
    #[error("the place is full ({size} slots)")]
    Full {
        /// Its size.
        size: usize,
    },
    /// The index is beyond the place.
    #[error("index {index} is outside the place ({len} slots)")]
    OutOfRange {
        /// The index asked for.
        index: usize,
        /// How many slots (or, for a growable stack, positions) it has.
        len: usize,
    },
    /// The piece is of another deck than the place holds.
    #[error("the place holds deck {expected}, not deck {found}")]
    WrongDeck {
        /// The place's deck.
        expected: u16,
        /// The piece's deck.
        found: u16,
    },
    /// A reordering is not a permutation of the place's positions.
    #[error("the new order is not a permutation of 0..{len}")]
    NotAPermutation {
        /// How many positions it should permute.
        len: usize,
    },
}

/// A place pieces can be taken from and put into. Implemented by [`Stack`] and
/// [`SizedStack`] (and so boards); [`move_piece`] and [`swap_pieces`] work across any two.
pub trait Place<C, V> {
    /// The deck whose pieces the place holds.
    fn deck(&self) -> DeckId;
    /// Checks that a piece lies at `index`.
    ///
    /// # Errors
    /// [`PlaceError::NoPiece`], [`PlaceError::EmptySlot`].
    fn check_take(&self, index: usize) -> Result<(), PlaceError>;
    /// Checks that a piece can be put at `index` (`None`: the natural place, the top of a
    /// stack or the first free slot); returns the index it would land at.
    ///
    /// # Errors
    /// [`PlaceError::OutOfRange`], [`PlaceError::SlotTaken`], [`PlaceError::Full`].
    fn check_put(&self, index: Option<usize>) -> Result<usize, PlaceError>;
    /// Removes the piece at `index`, checked by [`check_take`](Self::check_take).
    fn take_unchecked(&mut self, index: usize) -> Slot<C, V>;
    /// Puts `slot` at `index`, checked by [`check_put`](Self::check_put).
    fn put_unchecked(&mut self, index: usize, slot: Slot<C, V>);
    /// The slot at `index`, if a piece lies there.
    fn slot(&self, index: usize) -> Option<&Slot<C, V>>;
    /// Replaces the piece at `index`, checked by [`check_take`](Self::check_take).
    fn replace_unchecked(&mut self, index: usize, slot: Slot<C, V>) -> Slot<C, V>;
    /// How many positions the place has: the pieces of a stack, the slots of a sized stack.
    fn positions(&self) -> usize;
    /// Puts the positions in a new order, each piece keeping its token: position `i` takes
    /// what was at `order[i]`.
    ///
    /// # Errors
    /// [`PlaceError::NotAPermutation`]; nothing changes then.
    fn reorder(&mut self, order: &[u16]) -> Result<(), PlaceError>;
    /// Puts the positions in the order of a shuffle, with its fresh tokens.
    ///
    /// # Errors
    /// [`PlaceError::NotAPermutation`]; nothing changes then.
    fn arrange(&mut self, arrangement: &Arrangement) -> Result<(), PlaceError>;
}

fn check_deck<C, V>(slot: &Slot<C, V>, deck: DeckId) -> Result<(), PlaceError> {
    match slot {
        Slot::Known(piece) if piece.id.deck != deck => Err(PlaceError::WrongDeck {
            expected: deck.0,
            found: piece.id.deck.0,
        }),
        _ => Ok(()),
    }
}

/// Moves the piece at `from_index` of `from` to `to_index` of `to` (`None`: the top of a
/// stack, the first free slot); returns the index it landed at.
///
/// For a move within one place, use [`Stack::move_within`] or [`SizedStack::move_within`].
///
/// # Errors
/// [`PlaceError`] when there is no piece there, the destination is full or taken, or
/// holds another deck. Nothing changes then.
pub fn move_piece<C, V>(
    from: &mut (impl Place<C, V> + ?Sized),
    from_index: usize,
    to: &mut (impl Place<C, V> + ?Sized),
    to_index: Option<usize>,
) -> Result<usize, PlaceError> {
    from.check_take(from_index)?;
    if let Some(slot) = from.slot(from_index) {
        check_deck(slot, to.deck())?;
    }
    let landed = to.check_put(to_index)?;
    let slot = from.take_unchecked(from_index);
    to.put_unchecked(landed, slot);
    Ok(landed)
}

/// Exchanges the piece at `a_index` of `a` with the piece at `b_index` of `b`.
///
/// # Errors
/// [`PlaceError`] when either holds no piece there, or a piece is of a deck the other
/// place does not hold. Nothing changes then.
pub fn swap_pieces<C, V>(
    a: &mut (impl Place<C, V> + ?Sized),
    a_index: usize,
    b: &mut (impl Place<C, V> + ?Sized),
    b_index: usize,
) -> Result<(), PlaceError> {
    a.check_take(a_index)?;
    b.check_take(b_index)?;
    if let (Some(from_a), Some(from_b)) = (a.slot(a_index), b.slot(b_index)) {
        check_deck(from_a, b.deck())?;
        check_deck(from_b, a.deck())?;
    }
    // A placeholder stands in `b` for the instant between the two replacements.
    let from_b = b.replace_unchecked(b_index, Slot::Hidden(None));
    let from_a = a.replace_unchecked(a_index, from_b);
    b.replace_unchecked(b_index, from_a);
    Ok(())
}

/// A new order for a place's positions and fresh tokens for its pieces: what a shuffle
/// drew, carried in a move so that applying it stays deterministic.
///
/// Position `i` of the arranged place takes what was at `order[i]`, with token `tokens[i]`.
/// Serialized as `{"order":[2,0,1],"tokens":[..]}`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Arrangement {
    /// The old position of each new position.
    pub order: Vec<u16>,
    /// The new token of each new position.
    pub tokens: Vec<u64>,
}

impl Arrangement {
    /// Draws a uniform shuffle of `len` positions and fresh tokens from `chance`.
    ///
    /// # Panics
    /// Panics if `len` exceeds 65,536.
    #[must_use]
    pub fn shuffle(len: usize, chance: &mut Chance) -> Self {
        assert!(
            len <= usize::from(u16::MAX) + 1,
            "cannot shuffle {len} positions"
        );
        let mut order: Vec<u16> = (0..len)
            .map(|index| u16::try_from(index).unwrap_or(u16::MAX))
            .collect();
        chance.shuffle(&mut order);
        let tokens = chance.tokens(len);
        Arrangement { order, tokens }
    }

    /// This arrangement as seen by a viewer who may not see the order: the positions keep
    /// their place, only the tokens change (which tells them that the pieces were shuffled,
    /// and nothing of where each went).
    #[must_use]
    pub fn concealed(&self) -> Self {
        Arrangement {
            order: (0..self.order.len())
                .map(|index| u16::try_from(index).unwrap_or(u16::MAX))
                .collect(),
            tokens: self.tokens.clone(),
        }
    }

    /// Checks that the tokens match the positions; `permute` checks the order.
    fn check(&self, len: usize) -> Result<(), PlaceError> {
        if self.tokens.len() == len {
            Ok(())
        } else {
            Err(PlaceError::NotAPermutation { len })
        }
    }
}

/// What a position of a place holds, to give it a new token: a slot, or a slot or gap.
trait Retoken {
    fn retoken(&mut self, token: u64);
}

impl<C, V> Retoken for Slot<C, V> {
    fn retoken(&mut self, token: u64) {
        match self {
            Slot::Known(piece) => piece.token = token,
            Slot::Hidden(Some(hidden)) => *hidden = token,
            Slot::Hidden(None) => {}
        }
    }
}

impl<C, V> Retoken for Option<Slot<C, V>> {
    fn retoken(&mut self, token: u64) {
        if let Some(slot) = self {
            slot.retoken(token);
        }
    }
}

/// Puts `positions` in `order` (position `i` takes what was at `order[i]`), with `tokens`
/// as their new tokens when given.
///
/// # Errors
/// [`PlaceError::NotAPermutation`] when `order` does not permute the positions; nothing
/// changes then.
fn permute<T: Retoken>(
    positions: &mut Vec<T>,
    order: &[u16],
    tokens: Option<&[u64]>,
) -> Result<(), PlaceError> {
    let len = positions.len();
    let mut seen = vec![false; len];
    let permutes = order.len() == len
        && order.iter().all(|&old| {
            seen.get_mut(usize::from(old))
                .is_some_and(|seen| !std::mem::replace(seen, true))
        });
    if !permutes {
        return Err(PlaceError::NotAPermutation { len });
    }
    let mut old: Vec<Option<T>> = positions.drain(..).map(Some).collect();
    for (new, &from) in order.iter().enumerate() {
        if let Some(mut item) = old[usize::from(from)].take() {
            if let Some(token) = tokens.and_then(|tokens| tokens.get(new)) {
                item.retoken(*token);
            }
            positions.push(item);
        }
    }
    Ok(())
}

/// A growable stack of pieces of one deck: a draw pile, a hand, a discard pile.
///
/// Index 0 is the bottom; the top is the last index, where pieces are put by default.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Stack<C, V = ()> {
    deck: DeckId,
    slots: Vec<Slot<C, V>>,
}

impl<C, V> Stack<C, V> {
    /// An empty stack for pieces of `deck`.
    #[must_use]
    pub fn new(deck: DeckId) -> Self {
        Stack {
            deck,
            slots: Vec::new(),
        }
    }

    /// An empty stack for pieces of `deck`, with room for `capacity` pieces: filling it up
    /// to that many never reallocates, so a game that sizes its piles at setup moves its
    /// pieces without touching the allocator. Equal to [`new`](Self::new) in every other
    /// way (capacity is not compared, viewed or serialized).
    #[must_use]
    pub fn with_capacity(deck: DeckId, capacity: usize) -> Self {
        Stack {
            deck,
            slots: Vec::with_capacity(capacity),
        }
    }

    /// How many pieces it holds.
    #[must_use]
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Whether it holds no piece.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// The pieces, bottom first, as the viewer of this stack sees them.
    #[must_use]
    pub fn slots(&self) -> &[Slot<C, V>] {
        &self.slots
    }

    /// The slot at `index` (0: the bottom).
    #[must_use]
    pub fn get(&self, index: usize) -> Option<&Slot<C, V>> {
        self.slots.get(index)
    }

    /// The top slot.
    #[must_use]
    pub fn top(&self) -> Option<&Slot<C, V>> {
        self.slots.last()
    }

    /// The index of the top piece (`len - 1`), if any.
    #[must_use]
    pub fn top_index(&self) -> Option<usize> {
        self.slots.len().checked_sub(1)
    }

    /// The known pieces, bottom first.
    pub fn pieces(&self) -> impl Iterator<Item = &Piece<C, V>> {
        self.slots.iter().filter_map(Slot::piece)
    }

    /// The known components, bottom first.
    pub fn components(&self) -> impl Iterator<Item = &C> {
        self.pieces().map(Piece::component)
    }

    /// The index of the piece of component `id`, if it is here and known.
    #[must_use]
    pub fn position(&self, id: ComponentId) -> Option<usize> {
        self.slots
            .iter()
            .position(|slot| slot.piece().is_some_and(|piece| piece.id == id))
    }

    /// The dynamic value of the piece at `index`, to change it (a die's face).
    ///
    /// # Errors
    /// [`PlaceError::NoPiece`] when no known piece lies there.
    pub fn value_mut(&mut self, index: usize) -> Result<&mut V, PlaceError> {
        let len = self.slots.len();
        match self.slots.get_mut(index) {
            Some(Slot::Known(piece)) => Ok(&mut piece.value),
            _ => Err(PlaceError::NoPiece { index, len }),
        }
    }

    /// Moves the piece at `from` to position `to` (positions counted after it is taken
    /// out), the others closing up.
    ///
    /// # Errors
    /// [`PlaceError::NoPiece`] or [`PlaceError::OutOfRange`]; nothing changes then.
    pub fn move_within(&mut self, from: usize, to: usize) -> Result<(), PlaceError> {
        self.check_take(from)?;
        if to >= self.slots.len() {
            return Err(PlaceError::OutOfRange {
                index: to,
                len: self.slots.len(),
            });
        }
        let slot = self.slots.remove(from);
        self.slots.insert(to, slot);
        Ok(())
    }

    /// Puts the pieces in a new order, each keeping its token (a player arranging their
    /// hand): position `i` takes what was at `order[i]`.
    ///
    /// # Errors
    /// [`PlaceError::NotAPermutation`] when `order` does not permute this stack's positions.
    pub fn reorder(&mut self, order: &[u16]) -> Result<(), PlaceError> {
        permute(&mut self.slots, order, None)
    }

    /// Puts the pieces in the order of `arrangement` with its tokens (a shuffle drawn by
    /// [`Arrangement::shuffle`]).
    ///
    /// # Errors
    /// [`PlaceError::NotAPermutation`] when it does not permute this stack's positions.
    pub fn arrange(&mut self, arrangement: &Arrangement) -> Result<(), PlaceError> {
        arrangement.check(self.slots.len())?;
        permute(
            &mut self.slots,
            &arrangement.order,
            Some(&arrangement.tokens),
        )
    }
}

impl<C, V> Place<C, V> for Stack<C, V> {
    fn deck(&self) -> DeckId {
        self.deck
    }

    fn check_take(&self, index: usize) -> Result<(), PlaceError> {
        if index < self.slots.len() {
            Ok(())
        } else {
            Err(PlaceError::NoPiece {
                index,
                len: self.slots.len(),
            })
        }
    }

    fn check_put(&self, index: Option<usize>) -> Result<usize, PlaceError> {
        let len = self.slots.len();
        match index {
            None => Ok(len),
            Some(index) if index <= len => Ok(index),
            Some(index) => Err(PlaceError::OutOfRange { index, len }),
        }
    }

    fn take_unchecked(&mut self, index: usize) -> Slot<C, V> {
        self.slots.remove(index)
    }

    fn put_unchecked(&mut self, index: usize, slot: Slot<C, V>) {
        self.slots.insert(index, slot);
    }

    fn slot(&self, index: usize) -> Option<&Slot<C, V>> {
        self.slots.get(index)
    }

    fn replace_unchecked(&mut self, index: usize, slot: Slot<C, V>) -> Slot<C, V> {
        std::mem::replace(&mut self.slots[index], slot)
    }

    fn positions(&self) -> usize {
        self.slots.len()
    }

    fn reorder(&mut self, order: &[u16]) -> Result<(), PlaceError> {
        Stack::reorder(self, order)
    }

    fn arrange(&mut self, arrangement: &Arrangement) -> Result<(), PlaceError> {
        Stack::arrange(self, arrangement)
    }
}

/// A stack of a fixed number of slots, each empty or holding one piece: the spaces of a
/// board, a row of cards on the table, a hand with fixed positions.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SizedStack<C, V = ()> {
    deck: DeckId,
    slots: Vec<Option<Slot<C, V>>>,
}

impl<C, V> SizedStack<C, V> {
    /// `size` empty slots for pieces of `deck`.
    #[must_use]
    pub fn new(deck: DeckId, size: usize) -> Self {
        SizedStack {
            deck,
            slots: std::iter::repeat_with(|| None).take(size).collect(),
        }
    }

    /// How many slots it has.
    #[must_use]
    pub fn size(&self) -> usize {
        self.slots.len()
    }

    /// How many pieces it holds.
    #[must_use]
    pub fn count(&self) -> usize {
        self.slots.iter().filter(|slot| slot.is_some()).count()
    }

    /// Every slot in order, `None` for gaps.
    #[must_use]
    pub fn slots(&self) -> &[Option<Slot<C, V>>] {
        &self.slots
    }

    /// The piece in slot `index`, if the slot exists and is taken.
    #[must_use]
    pub fn get(&self, index: usize) -> Option<&Slot<C, V>> {
        self.slots.get(index).and_then(Option::as_ref)
    }

    /// Whether slot `index` exists and is empty.
    #[must_use]
    pub fn is_free(&self, index: usize) -> bool {
        matches!(self.slots.get(index), Some(None))
    }

    /// The indices of the empty slots, in order.
    pub fn free(&self) -> impl Iterator<Item = usize> + '_ {
        self.slots
            .iter()
            .enumerate()
            .filter(|(_, slot)| slot.is_none())
            .map(|(index, _)| index)
    }

    /// The indices of the taken slots, in order.
    pub fn taken(&self) -> impl Iterator<Item = usize> + '_ {
        self.slots
            .iter()
            .enumerate()
            .filter(|(_, slot)| slot.is_some())
            .map(|(index, _)| index)
    }

    /// The slot index of the piece of component `id`, if it is here and known.
    #[must_use]
    pub fn position(&self, id: ComponentId) -> Option<usize> {
        self.slots.iter().position(|slot| {
            slot.as_ref()
                .and_then(Slot::piece)
                .is_some_and(|piece| piece.id == id)
        })
    }

    /// The dynamic value of the piece in slot `index`, to change it.
    ///
    /// # Errors
    /// [`PlaceError::EmptySlot`] when no known piece lies there.
    pub fn value_mut(&mut self, index: usize) -> Result<&mut V, PlaceError> {
        match self.slots.get_mut(index) {
            Some(Some(Slot::Known(piece))) => Ok(&mut piece.value),
            _ => Err(PlaceError::EmptySlot { index }),
        }
    }

    /// Moves the piece of slot `from` to the empty slot `to`.
    ///
    /// # Errors
    /// [`PlaceError::EmptySlot`], [`PlaceError::SlotTaken`] or [`PlaceError::OutOfRange`];
    /// nothing changes then.
    pub fn move_within(&mut self, from: usize, to: usize) -> Result<(), PlaceError> {
        self.check_take(from)?;
        self.check_put(Some(to))?;
        self.slots.swap(from, to);
        Ok(())
    }

    /// Puts the slots, gaps included, in a new order, each piece keeping its token: slot `i`
    /// takes what was in slot `order[i]`.
    ///
    /// # Errors
    /// [`PlaceError::NotAPermutation`] when `order` does not permute this stack's slots.
    pub fn reorder(&mut self, order: &[u16]) -> Result<(), PlaceError> {
        permute(&mut self.slots, order, None)
    }

    /// Puts the slots, gaps included, in the order of `arrangement` with its tokens.
    ///
    /// # Errors
    /// [`PlaceError::NotAPermutation`] when it does not permute this stack's slots.
    pub fn arrange(&mut self, arrangement: &Arrangement) -> Result<(), PlaceError> {
        arrangement.check(self.slots.len())?;
        permute(
            &mut self.slots,
            &arrangement.order,
            Some(&arrangement.tokens),
        )
    }
}

impl<C, V> Place<C, V> for SizedStack<C, V> {
    fn deck(&self) -> DeckId {
        self.deck
    }

    fn check_take(&self, index: usize) -> Result<(), PlaceError> {
        match self.slots.get(index) {
            Some(Some(_)) => Ok(()),
            Some(None) => Err(PlaceError::EmptySlot { index }),
            None => Err(PlaceError::OutOfRange {
                index,
                len: self.slots.len(),
            }),
        }
    }

    fn check_put(&self, index: Option<usize>) -> Result<usize, PlaceError> {
        match index {
            None => self.free().next().ok_or(PlaceError::Full {
                size: self.slots.len(),
            }),
            Some(index) => match self.slots.get(index) {
                Some(None) => Ok(index),
                Some(Some(_)) => Err(PlaceError::SlotTaken { index }),
                None => Err(PlaceError::OutOfRange {
                    index,
                    len: self.slots.len(),
                }),
            },
        }
    }

    fn take_unchecked(&mut self, index: usize) -> Slot<C, V> {
        self.slots[index].take().unwrap_or(Slot::Hidden(None))
    }

    fn put_unchecked(&mut self, index: usize, slot: Slot<C, V>) {
        self.slots[index] = Some(slot);
    }

    fn slot(&self, index: usize) -> Option<&Slot<C, V>> {
        self.get(index)
    }

    fn replace_unchecked(&mut self, index: usize, slot: Slot<C, V>) -> Slot<C, V> {
        self.slots[index]
            .replace(slot)
            .unwrap_or(Slot::Hidden(None))
    }

    fn positions(&self) -> usize {
        self.slots.len()
    }

    fn reorder(&mut self, order: &[u16]) -> Result<(), PlaceError> {
        SizedStack::reorder(self, order)
    }

    fn arrange(&mut self, arrangement: &Arrangement) -> Result<(), PlaceError> {
        SizedStack::arrange(self, arrangement)
    }
}

/// A read-only stack made of two others, after boardgame's merged stacks: what a player
/// sees of a hand laid over a board, or of two piles side by side. Changes go to the two
/// places it is made of.
#[derive(Clone, Debug)]
pub struct MergedStack<'a, C, V = ()> {
    slots: Vec<Option<&'a Slot<C, V>>>,
}

impl<'a, C, V> MergedStack<'a, C, V> {
    /// The slots of `first`, then those of `second`.
    #[must_use]
    pub fn concatenated(first: &'a Stack<C, V>, second: &'a Stack<C, V>) -> Self {
        MergedStack {
            slots: first.slots.iter().chain(&second.slots).map(Some).collect(),
        }
    }

    /// Slot by slot, the piece of `top` where it has one, else that of `bottom`; as long as
    /// the longer of the two.
    #[must_use]
    pub fn overlapped(top: &'a SizedStack<C, V>, bottom: &'a SizedStack<C, V>) -> Self {
        let size = top.size().max(bottom.size());
        MergedStack {
            slots: (0..size)
                .map(|index| top.get(index).or_else(|| bottom.get(index)))
                .collect(),
        }
    }

    /// How many positions it has.
    #[must_use]
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Whether it has no position.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// The slot at `index`, `None` for a gap.
    #[must_use]
    pub fn get(&self, index: usize) -> Option<&'a Slot<C, V>> {
        self.slots.get(index).copied().flatten()
    }

    /// Every position in order, `None` for gaps.
    pub fn iter(&self) -> impl Iterator<Item = Option<&'a Slot<C, V>>> + '_ {
        self.slots.iter().copied()
    }
}

/// What a place contributes to the one-place check ([`Chest::check`]): the ids of the
/// known pieces it holds.
#[diagnostic::on_unimplemented(
    message = "`{Self}` holds no pieces, so it is not a place",
    label = "a place of pieces is expected here",
    note = "places are `Stack`, `SizedStack` and `Board` (alone, or in a `PerPlayer`, `Vec` or `Option`)"
)]
pub trait Pieces {
    /// Calls `visit` with the id of every known piece held.
    fn visit_pieces(&self, visit: &mut dyn FnMut(ComponentId));
}

impl<C, V> Pieces for Stack<C, V> {
    fn visit_pieces(&self, visit: &mut dyn FnMut(ComponentId)) {
        self.pieces().for_each(|piece| visit(piece.id));
    }
}

impl<C, V> Pieces for SizedStack<C, V> {
    fn visit_pieces(&self, visit: &mut dyn FnMut(ComponentId)) {
        self.slots
            .iter()
            .flatten()
            .filter_map(Slot::piece)
            .for_each(|piece| visit(piece.id));
    }
}

impl<T: Pieces> Pieces for PerPlayer<T> {
    fn visit_pieces(&self, visit: &mut dyn FnMut(ComponentId)) {
        self.iter().for_each(|place| place.visit_pieces(visit));
    }
}

impl<T: Pieces> Pieces for Vec<T> {
    fn visit_pieces(&self, visit: &mut dyn FnMut(ComponentId)) {
        self.iter().for_each(|place| place.visit_pieces(visit));
    }
}

impl<T: Pieces> Pieces for Option<T> {
    fn visit_pieces(&self, visit: &mut dyn FnMut(ComponentId)) {
        if let Some(place) = self {
            place.visit_pieces(visit);
        }
    }
}
