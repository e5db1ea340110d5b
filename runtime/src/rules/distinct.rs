//! Distinct actions: each selection's values as integers in a block of fixed size, so
//! that a learning agent chooses an action as a few integers (after OpenSpiel's
//! `NumDistinctActions`, and its Hearts, whose pass of three cards is three one-card
//! actions). The layout of the blocks and the cursor over one decision are
//! [`ActionLayout`](crate::ActionLayout) and [`DistinctDecision`](crate::DistinctDecision).

use std::any::type_name;
use std::marker::PhantomData;

use crate::error::NotDistinct;

/// A selection's value as one of a fixed number of distinct values of a game: what lets
/// a learning agent see a game's actions as integers.
///
/// `count` and `index` are read from the state as the game is set up and as it stands,
/// and the derives call them for every selection of every action (an item at a time for
/// a set). Implement it for each type of value a selection takes; a type of another crate
/// (`Space`, `u8`) is implemented for your own game, `impl Distinct<MyGame> for Space`.
/// The runtime implements it for `bool` and for `Option<T>` of a `Distinct` `T`.
///
/// ```
/// # use meeple::Distinct;
/// # struct Board { spaces: usize }
/// #[derive(Clone, Copy)]
/// struct Column(u8);
/// impl Distinct<Board> for Column {
///     fn count(game: &Board) -> usize {
///         game.spaces
///     }
///     fn index(&self, _game: &Board) -> usize {
///         usize::from(self.0)
///     }
/// }
/// assert_eq!(Column(3).index(&Board { spaces: 7 }), 3);
/// ```
pub trait Distinct<G> {
    /// How many distinct values the type takes in `game`: the size of the selection's
    /// block. It must read only what the game's config and seats fix (a board's size, a
    /// deck's cards), never what changes in play, because a layout is computed once per
    /// table from the state as set up ([`ActionLayout::of`](crate::ActionLayout::of)).
    fn count(game: &G) -> usize;

    /// This value's index, below [`count`](Self::count) of the same game. Two values a
    /// selection may offer at once must have different indices.
    fn index(&self, game: &G) -> usize;
}

impl<G> Distinct<G> for bool {
    fn count(_game: &G) -> usize {
        2
    }

    fn index(&self, _game: &G) -> usize {
        usize::from(*self)
    }
}

/// `None` is 0, `Some(value)` is one more than the value's own index.
impl<G, T: Distinct<G>> Distinct<G> for Option<T> {
    fn count(game: &G) -> usize {
        T::count(game) + 1
    }

    fn index(&self, game: &G) -> usize {
        self.as_ref().map_or(0, |value| value.index(game) + 1)
    }
}

/// One selection's block among a game's distinct actions, as the derive reports it:
/// `values` indices for its values and, for a set whose size the player chooses, one more
/// that ends the set (`done`, the last of the block).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SelectionBlock {
    /// The selection's name.
    pub selection: &'static str,
    /// How many distinct values it takes ([`Distinct::count`]).
    pub values: usize,
    /// Whether the block ends with an index that closes a set of chosen size.
    pub done: bool,
}

impl SelectionBlock {
    /// The block's size: `values`, and one more with `done`.
    #[must_use]
    pub fn len(&self) -> usize {
        self.values + usize::from(self.done)
    }

    /// Whether the block has no index at all (a type with no values).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// One step of a completion as distinct actions: the selection (its position in the
/// action) and the index within its block (`values` for a set's `done`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct PathStep {
    /// The selection's position among the action's selections.
    pub selection: usize,
    /// The index in the selection's block.
    pub index: usize,
}

/// What the derives call to number a selection's values whether or not their type is
/// [`Distinct`]: the method found for `&&DistinctOf<T, G>` is [`IsDistinct`]'s when
/// `T: Distinct<G>` and [`NotDistinctType`]'s otherwise (autoref specialization, after
/// dtolnay's case study). A game that never asks for distinct actions need not implement
/// anything, and one that does is told which type is missing.
pub struct DistinctOf<T, G>(PhantomData<fn() -> (T, G)>);

impl<T, G> DistinctOf<T, G> {
    /// The probe.
    #[must_use]
    pub fn new() -> Self {
        DistinctOf(PhantomData)
    }
}

impl<T, G> Default for DistinctOf<T, G> {
    fn default() -> Self {
        Self::new()
    }
}

/// [`DistinctOf`]'s methods for a [`Distinct`] type.
pub trait IsDistinct<T, G> {
    /// [`Distinct::count`].
    ///
    /// # Errors
    /// Never.
    fn distinct_count(&self, game: &G) -> Result<usize, &'static str>;
    /// [`Distinct::index`].
    ///
    /// # Errors
    /// Never.
    fn distinct_index(&self, value: &T, game: &G) -> Result<usize, &'static str>;
}

impl<T: Distinct<G>, G> IsDistinct<T, G> for &DistinctOf<T, G> {
    fn distinct_count(&self, game: &G) -> Result<usize, &'static str> {
        Ok(T::count(game))
    }

    fn distinct_index(&self, value: &T, game: &G) -> Result<usize, &'static str> {
        Ok(value.index(game))
    }
}

/// [`DistinctOf`]'s methods for a type that is not [`Distinct`].
pub trait NotDistinctType<T, G> {
    /// The type's name, as the error.
    ///
    /// # Errors
    /// Always: the type's name.
    fn distinct_count(&self, game: &G) -> Result<usize, &'static str>;
    /// The type's name, as the error.
    ///
    /// # Errors
    /// Always: the type's name.
    fn distinct_index(&self, value: &T, game: &G) -> Result<usize, &'static str>;
}

impl<T, G> NotDistinctType<T, G> for DistinctOf<T, G> {
    fn distinct_count(&self, _game: &G) -> Result<usize, &'static str> {
        Err(type_name::<T>())
    }

    fn distinct_index(&self, _value: &T, _game: &G) -> Result<usize, &'static str> {
        Err(type_name::<T>())
    }
}

/// The error of a selection whose values' type is not [`Distinct`] (`ty`, its name).
#[must_use]
pub fn not_distinct(
    action: &'static str,
    selection: &'static str,
    ty: &'static str,
) -> NotDistinct {
    NotDistinct::Type {
        action,
        selection,
        ty,
    }
}

/// The error of a free-text selection, which no integer can stand for.
#[must_use]
pub fn free_text(action: &'static str, selection: &'static str) -> NotDistinct {
    NotDistinct::FreeText { action, selection }
}
