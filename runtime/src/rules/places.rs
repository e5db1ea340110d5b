//! Places addressed as data, and the moves of pieces between them that any game can use:
//! what `#[derive(Places)]` and the action attributes `move_piece`, `swap_pieces`,
//! `reorder` and `shuffle` build on, so the common moves need no hand-written code.

use std::fmt::Debug;
use std::hash::Hash;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::pieces::components::{Arrangement, Place, PlaceError, Slot, move_piece, swap_pieces};
use crate::rules::moves::MoveContext;
use crate::seen::view::{Policy, Viewer};

/// A state whose places of pieces can be addressed as data: implemented by
/// `#[derive(Places)]`, which generates the address type (`<State>Place`, a variant per
/// place field, with the seat for `PerPlayer` fields).
pub trait Places {
    /// The address of a place (`MemoryPlace::Captured(PlayerIndex(1))`).
    type PlaceId: Copy + Debug + PartialEq + Eq + Hash + Serialize + DeserializeOwned;
    /// The components of the places.
    type Component: Clone + Debug + PartialEq + Serialize + DeserializeOwned;
    /// The dynamic values of their pieces.
    type Value: Clone + Debug + PartialEq + Serialize + DeserializeOwned;

    /// The place at `id`; `None` for a seat that does not exist.
    fn place(&self, id: Self::PlaceId) -> Option<&dyn Place<Self::Component, Self::Value>>;

    /// The place at `id`, mutably.
    fn place_mut(
        &mut self,
        id: Self::PlaceId,
    ) -> Option<&mut dyn Place<Self::Component, Self::Value>>;

    /// How `viewer` sees the place at `id`: the policy its field declares with `#[view(..)]`
    /// (as `#[derive(View)]` applies it), [`Policy::Visible`] for the admin and, under
    /// `others = ..`, for the seat that owns the place. Lets [`PieceMove::view`] show the one
    /// slot a move lands on without viewing the whole state.
    fn policy(&self, id: Self::PlaceId, viewer: Viewer) -> Policy;

    /// Two different places at once, mutably; `None` when `a == b` or either does not
    /// exist.
    #[expect(
        clippy::type_complexity,
        reason = "two trait objects of the state's own places"
    )]
    fn places_mut(
        &mut self,
        a: Self::PlaceId,
        b: Self::PlaceId,
    ) -> Option<(
        &mut dyn Place<Self::Component, Self::Value>,
        &mut dyn Place<Self::Component, Self::Value>,
    )>;
}

/// Picks the places `a` and `b` among every place of a state, offered one by one with its
/// address, mutably at once: what [`Places::places_mut`] returns, without listing the
/// places anywhere (a move of pieces allocates nothing).
pub struct TwoOf<'a, 'p, P, T: ?Sized> {
    a: &'p P,
    b: &'p P,
    first: Option<&'a mut T>,
    second: Option<&'a mut T>,
}

impl<'a, 'p, P: PartialEq, T: ?Sized> TwoOf<'a, 'p, P, T> {
    /// Looks for the places at `a` and `b`.
    pub fn new(a: &'p P, b: &'p P) -> Self {
        TwoOf {
            a,
            b,
            first: None,
            second: None,
        }
    }

    /// Offers `place`, at `id`: kept if it is one of the two.
    pub fn offer(&mut self, id: P, place: &'a mut T) {
        if id == *self.a {
            self.first = Some(place);
        } else if id == *self.b {
            self.second = Some(place);
        }
    }

    /// The two places; `None` when `a == b` or either was not offered.
    pub fn finish(self) -> Option<(&'a mut T, &'a mut T)> {
        if self.a == self.b {
            return None;
        }
        Some((self.first?, self.second?))
    }
}

/// A move of pieces between the places of a state `S` ([`Places`]): the common moves of
/// board and card games, ready to be a variant of a game's move enum.
///
/// Apply it with [`apply`](Self::apply) and view it with [`view`](Self::view) from the
/// game's own [`Move`](crate::Move) implementation. Viewed, a move carries the pieces as
/// the viewer sees them where they land (`seen`), so that it replays onto the viewer's
/// view; a shuffle's order is concealed from whoever does not see the shuffled pieces.
///
/// Serialized with a `piece_move` tag:
/// `{"piece_move":"move","from":"deck","index":51,"to":{"hand":2},"at":0}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(
    tag = "piece_move",
    rename_all = "snake_case",
    bound(
        serialize = "P: Serialize, C: Serialize, V: Serialize",
        deserialize = "P: Deserialize<'de>, C: Deserialize<'de>, V: Deserialize<'de>"
    )
)]
pub enum PieceMove<P, C, V = ()> {
    /// The piece at `index` of `from` goes to position `at` of `to`. Within one place,
    /// `at` counts positions once the piece is taken out: a stack closes up behind it, a
    /// sized stack keeps a gap where it was and needs `at` free.
    Move {
        /// Where it lies.
        from: P,
        /// Its position there.
        index: usize,
        /// Where it goes.
        to: P,
        /// Its position there (a slot of a sized stack, a position in a stack).
        at: usize,
        /// What a viewer sees of it where it lands; `None` in the full move.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seen: Option<Slot<C, V>>,
    },
    /// The top piece of `from` (its last position) goes on top of `to` (after its last):
    /// a card drawn or dealt. The positions are read when the move applies, so dealing
    /// five cards is the same move five times, with nothing counted by hand. Both places
    /// are stacks: a sized stack's top is its last slot, empty or not (refused when
    /// empty), and it takes pieces with a [`Move`](Self::Move) to one of its slots.
    MoveTop {
        /// Where it lies, on top.
        from: P,
        /// Where it goes, on top.
        to: P,
        /// What a viewer sees of it where it lands; `None` in the full move.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seen: Option<Slot<C, V>>,
    },
    /// The pieces at `a_index` of `a` and `b_index` of `b` change places.
    Swap {
        /// The first place.
        a: P,
        /// The position in it.
        a_index: usize,
        /// The second place.
        b: P,
        /// The position in it.
        b_index: usize,
        /// What a viewer sees of the two pieces where they land; `None` in the full move.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seen: Option<(Slot<C, V>, Slot<C, V>)>,
    },
    /// The positions of `place` in a new order (position `i` takes what was at
    /// `order[i]`); each piece keeps its token.
    Reorder {
        /// The place.
        place: P,
        /// The old position of each new position.
        order: Vec<u16>,
    },
    /// `place` is shuffled: the order is drawn by chance into the
    /// [`Arrange`](Self::Arrange) that follows.
    Shuffle {
        /// The place.
        place: P,
    },
    /// `place` takes the order of a shuffle, with fresh tokens.
    Arrange {
        /// The place.
        place: P,
        /// What the shuffle drew.
        arrangement: Arrangement,
    },
}

/// Why a [`PieceMove`] could not be applied: a bug of the action that made it, since
/// actions check their selections first.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PieceMoveError {
    /// The move names a place the state does not have (a seat beyond the table), or the
    /// same place twice for a swap or move between places.
    #[error("no such place: {0}")]
    NoPlace(String),
    /// The place refused the change.
    #[error(transparent)]
    Place(#[from] PlaceError),
    /// A [`PieceMove::MoveTop`] from a place with no piece.
    #[error("nothing to take from the top of {0}")]
    Empty(String),
}

impl<P, C, V> PieceMove<P, C, V>
where
    P: Copy + Debug + PartialEq,
    C: Clone,
    V: Clone,
{
    /// Applies the move to `state`; a [`Shuffle`](Self::Shuffle) draws its order from
    /// `next`'s chance and asks for the [`Arrange`](Self::Arrange).
    ///
    /// # Errors
    /// [`PieceMoveError`] when a place does not exist or refuses the change; `state` is
    /// then unchanged.
    pub fn apply<S, M>(
        &self,
        state: &mut S,
        next: &mut MoveContext<'_, M>,
    ) -> Result<(), PieceMoveError>
    where
        S: Places<PlaceId = P, Component = C, Value = V>,
        M: From<Self>,
    {
        let no_place = |place: &P| PieceMoveError::NoPlace(format!("{place:?}"));
        match self {
            PieceMove::Move {
                from,
                index,
                to,
                at,
                seen,
            } => {
                let landed = if from == to {
                    // Within one place: a stack closes up behind the piece, a sized stack
                    // keeps a gap where it was.
                    let place = state.place_mut(*from).ok_or_else(|| no_place(from))?;
                    place.check_take(*index)?;
                    let slot = place.take_unchecked(*index);
                    match place.check_put(Some(*at)) {
                        Ok(landed) => {
                            place.put_unchecked(landed, slot);
                            landed
                        }
                        Err(refused) => {
                            place.put_unchecked(*index, slot);
                            return Err(refused.into());
                        }
                    }
                } else {
                    let (source, target) =
                        state.places_mut(*from, *to).ok_or_else(|| no_place(from))?;
                    move_piece(source, *index, target, Some(*at))?
                };
                if let Some(seen) = seen {
                    let target = state.place_mut(*to).ok_or_else(|| no_place(to))?;
                    target.replace_unchecked(landed, seen.clone());
                }
            }
            PieceMove::MoveTop { from, to, seen } => {
                let source = state.place(*from).ok_or_else(|| no_place(from))?;
                let index = source
                    .positions()
                    .checked_sub(1)
                    .ok_or_else(|| PieceMoveError::Empty(format!("{from:?}")))?;
                // Within one place, the top goes back on top once taken out.
                let at = if from == to {
                    index
                } else {
                    state.place(*to).ok_or_else(|| no_place(to))?.positions()
                };
                PieceMove::Move {
                    from: *from,
                    index,
                    to: *to,
                    at,
                    seen: seen.clone(),
                }
                .apply(state, next)?;
            }
            PieceMove::Swap {
                a,
                a_index,
                b,
                b_index,
                seen,
            } => {
                if a == b {
                    let place = state.place_mut(*a).ok_or_else(|| no_place(a))?;
                    place.check_take(*a_index)?;
                    place.check_take(*b_index)?;
                    let mut order: Vec<u16> = (0..place.positions()).map(position).collect();
                    order.swap(*a_index, *b_index);
                    place.reorder(&order)?;
                } else {
                    let (first, second) = state.places_mut(*a, *b).ok_or_else(|| no_place(a))?;
                    swap_pieces(first, *a_index, second, *b_index)?;
                }
                if let Some((seen_a, seen_b)) = seen {
                    if let Some(place) = state.place_mut(*a) {
                        place.replace_unchecked(*a_index, seen_a.clone());
                    }
                    if let Some(place) = state.place_mut(*b) {
                        place.replace_unchecked(*b_index, seen_b.clone());
                    }
                }
            }
            PieceMove::Reorder { place, order } => {
                state
                    .place_mut(*place)
                    .ok_or_else(|| no_place(place))?
                    .reorder(order)?;
            }
            PieceMove::Shuffle { place } => {
                let positions = state
                    .place(*place)
                    .ok_or_else(|| no_place(place))?
                    .positions();
                let arrangement = Arrangement::shuffle(positions, next.chance());
                next.then(M::from(PieceMove::Arrange {
                    place: *place,
                    arrangement,
                }));
            }
            PieceMove::Arrange { place, arrangement } => {
                state
                    .place_mut(*place)
                    .ok_or_else(|| no_place(place))?
                    .arrange(arrangement)?;
            }
        }
        Ok(())
    }

    /// What `viewer` sees of this move, given the full state `after` it: the pieces as
    /// they appear to the viewer where they land (the slot of the viewer's view there, read
    /// from that place alone by its [`Places::policy`]), and a shuffle's order concealed
    /// from whoever does not see the pieces of the shuffled place.
    #[must_use]
    pub fn view<S>(&self, after: &S, viewer: Viewer) -> Self
    where
        S: Places<PlaceId = P, Component = C, Value = V>,
    {
        let seen = |place: &P, index: usize| {
            let policy = after.policy(*place, viewer);
            after
                .place(*place)
                .and_then(|shown| seen_slot(shown, index, policy))
        };
        if viewer == Viewer::Admin {
            return self.clone();
        }
        match self {
            PieceMove::Move {
                from,
                index,
                to,
                at,
                ..
            } => PieceMove::Move {
                from: *from,
                index: *index,
                to: *to,
                at: *at,
                seen: seen(to, *at),
            },
            PieceMove::MoveTop { from, to, .. } => {
                // It landed on top: the last position of `to` once applied.
                let landed = after
                    .place(*to)
                    .map_or(0, |shown| shown.positions().saturating_sub(1));
                PieceMove::MoveTop {
                    from: *from,
                    to: *to,
                    seen: seen(to, landed),
                }
            }
            PieceMove::Swap {
                a,
                a_index,
                b,
                b_index,
                ..
            } => PieceMove::Swap {
                a: *a,
                a_index: *a_index,
                b: *b,
                b_index: *b_index,
                seen: seen(a, *a_index).zip(seen(b, *b_index)),
            },
            PieceMove::Arrange { place, arrangement } => {
                // Who sees the pieces of the place sees the new order; the others only
                // learn that it was shuffled.
                let sees = after.policy(*place, viewer) == Policy::Visible
                    && after.place(*place).is_some_and(|shown| {
                        (0..shown.positions()).any(|index| shown.slot(index).is_some())
                    });
                PieceMove::Arrange {
                    place: *place,
                    arrangement: if sees {
                        arrangement.clone()
                    } else {
                        arrangement.concealed()
                    },
                }
            }
            other => other.clone(),
        }
    }
}

/// The slot at `index` of `place` as a viewer under `policy` sees it: the slot that place's
/// concealment (`Conceal` in `view.rs`) shows there, without concealing the rest. `None`
/// where the view shows no piece.
fn seen_slot<C: Clone, V: Clone>(
    place: &dyn Place<C, V>,
    index: usize,
    policy: Policy,
) -> Option<Slot<C, V>> {
    match policy {
        Policy::Visible | Policy::Order | Policy::Len => {
            place.slot(index).map(|slot| slot.concealed(policy))
        }
        // One hidden piece in the first position when any piece lies there.
        Policy::NonEmpty => (index == 0
            && (0..place.positions()).any(|position| place.slot(position).is_some()))
        .then_some(Slot::Hidden(None)),
        Policy::Hidden => None,
    }
}

fn position(index: usize) -> u16 {
    u16::try_from(index).unwrap_or(u16::MAX)
}

/// The move of a `move_piece(..)` declared on an action: to position `at` of `to`, or,
/// without one, to where a piece naturally lands there (the top of a stack, the first free
/// slot; the top when moving within one stack). A place that cannot take it gets an
/// impossible position, which the move then refuses without changing anything.
pub fn piece_move_to<G: Places>(
    game: &G,
    from: G::PlaceId,
    index: usize,
    to: G::PlaceId,
    at: Option<usize>,
) -> PieceMove<G::PlaceId, G::Component, G::Value> {
    let natural = || {
        let place = game.place(to)?;
        if from == to {
            place.positions().checked_sub(1)
        } else {
            place.check_put(None).ok()
        }
    };
    PieceMove::Move {
        from,
        index,
        to,
        at: at.or_else(natural).unwrap_or(usize::MAX),
        seen: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pieces::components::{Deck, DeckId, SizedStack, Stack, move_piece};
    use crate::seen::view::Conceal;

    const POLICIES: [Policy; 5] = [
        Policy::Visible,
        Policy::Order,
        Policy::Len,
        Policy::NonEmpty,
        Policy::Hidden,
    ];

    /// `seen_slot` shows, slot by slot, what concealing the whole place shows.
    fn agrees<P: Place<u8, ()> + Conceal>(place: &P) {
        for policy in POLICIES {
            let concealed = place.conceal(policy);
            for index in 0..place.positions() + 1 {
                assert_eq!(
                    seen_slot(place, index, policy),
                    concealed.slot(index).cloned(),
                    "{policy:?} at {index}"
                );
            }
        }
    }

    #[test]
    fn one_slot_is_seen_as_the_concealed_place_shows_it() {
        let deck = Deck::new(DeckId(0), "cards", vec![1, 2, 3, 4]);
        agrees(&deck.stack(()));
        agrees(&Stack::<u8>::new(deck.id()));
        // A sized stack with gaps, the first position among them.
        let mut sized: SizedStack<u8> = deck.sized_stack(6, ());
        let mut pile = Stack::new(deck.id());
        move_piece(&mut sized, 0, &mut pile, None).expect("a piece");
        move_piece(&mut sized, 2, &mut pile, None).expect("a piece");
        agrees(&sized);
        agrees(&SizedStack::<u8>::new(deck.id(), 3));
    }
}
