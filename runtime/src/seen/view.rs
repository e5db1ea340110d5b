//! Views: the state and the moves as one viewer may see them.
//!
//! After jkomoros/boardgame's sanitization policies: each field of a state has a
//! [`Policy`], for everyone or for everyone but its owner (per-player fields), declared
//! with `#[derive(View)]`. A view is a value of the state's own type with what the viewer
//! may not see concealed, so the game's prompts, rules and moves run on it unchanged; the
//! view harness ([`check_views`](crate::testing::check_views)) proves that they do.

use std::marker::PhantomData;

use serde::{Deserialize, Serialize};

use crate::pieces::board::Board;
use crate::pieces::components::{ComponentId, Deck, Piece, Place, SizedStack, Slot, Stack};
use crate::pieces::player::{PerPlayer, PlayerIndex};

/// Who looks at a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Viewer {
    /// A seated player: sees the public state and their own secrets.
    Player(PlayerIndex),
    /// Someone watching: sees what no player's secret reveals.
    Observer,
    /// Sees everything (the engine's own state, logs, tests).
    Admin,
}

impl Viewer {
    /// The player, for a seated viewer.
    #[must_use]
    pub fn player(self) -> Option<PlayerIndex> {
        match self {
            Viewer::Player(player) => Some(player),
            Viewer::Observer | Viewer::Admin => None,
        }
    }

    /// Whether this viewer sees what belongs to `owner` under an owner-sees policy.
    #[must_use]
    pub fn owns(self, owner: PlayerIndex) -> bool {
        match self {
            Viewer::Player(player) => player == owner,
            Viewer::Observer => false,
            Viewer::Admin => true,
        }
    }
}

/// How much of a field a viewer may see, after boardgame's policies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Policy {
    /// Everything.
    Visible,
    /// For places: how many pieces and where, each hidden behind a token that stays with
    /// it until it is shuffled, so moves can be followed (cards dealt face down).
    Order,
    /// For places: how many pieces, nothing of which is which.
    Len,
    /// For places: only whether any piece lies there (one hidden piece, or none).
    NonEmpty,
    /// Nothing: an empty place, or the field's default value.
    Hidden,
}

/// A state as a viewer may see it. Implemented by `#[derive(View)]` from per-field
/// policies, or by hand.
///
/// The view is a value of the same type, so prompts and moves run on it: a game is
/// correct when, for every viewer, the prompt computed from the view equals the prompt
/// from the full state, and the viewed moves replayed from the viewed setup give the view
/// (checked by [`check_views`](crate::testing::check_views)).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is a game's state without a view: add `#[derive(meeple::View)]` to it",
    label = "`{Self}` needs `#[derive(meeple::View)]`",
    note = "the view says what each viewer may see of the state; every field is visible by default, `#[view(hidden)]` and the others hide it (see `meeple::attributes`)"
)]
pub trait View: Sized {
    /// The fields of the state, as serialized, that some viewer may not see: what
    /// [`check_views`](crate::testing::check_views) requires a view to hide at some step, so that a
    /// view which hides nothing fails. `#[derive(View)]` lists the fields with a policy
    /// other than `visible`; a hand-written view lists its own. Empty by default (a game of
    /// perfect information).
    const HIDDEN_FIELDS: &'static [&'static str] = &[];

    /// Whether some viewer's view may differ from the state: `false` only for a state
    /// that hides nothing from anyone (a game of perfect information), whose state is
    /// then every viewer's view, so that a reader of views (an observation) may read the
    /// state and spare the copy. `#[derive(View)]` says `false` when every field is
    /// `visible` and none is `nested`; `true` by default, which is always safe.
    /// [`check_views`](crate::testing::check_views) checks a `false`.
    const CONCEALS: bool = true;

    /// This state as `viewer` may see it. [`Viewer::Admin`] gets an exact copy.
    #[must_use]
    fn view(&self, viewer: Viewer) -> Self;

    /// Serializes the whole state with serde: what the engine hashes into a log's digest
    /// ([`Engine::digest`](crate::Engine::digest)) and compares, view against state, to
    /// decide what an undo would reveal. `#[derive(View)]` forwards to the state's own
    /// `Serialize`, and a state without it is reported there, once; a hand-written view
    /// writes `serde::Serialize::serialize(self, serializer)`.
    ///
    /// Asked through the view rather than as a `Serialize` bound on [`Game`](crate::Game)
    /// so that a missing serde derive is one error at the state, not one at every place
    /// that names the game.
    ///
    /// # Errors
    /// The serializer's error (a map with keys that are not strings, for JSON).
    fn serialize_state<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error>;

    /// Reads a whole state from its JSON, as [`serialize_state`](Self::serialize_state)
    /// wrote it: how a log that starts from a position the author built
    /// ([`Engine::from_start`](crate::Engine::from_start)) is replayed. `#[derive(View)]`
    /// forwards to the state's own `Deserialize` when it has one; a state without it, and a
    /// hand-written view by default, cannot be read, and says so.
    ///
    /// # Errors
    /// What serde said of the JSON, or that the state cannot be read at all.
    fn deserialize_state(value: serde_json::Value) -> Result<Self, String> {
        let _ = value;
        Err(UNREADABLE_STATE.to_owned())
    }

    /// Calls `visit` with the id of every known piece in the state's places, for the
    /// one-place check of [`Chest::check`](crate::Chest::check). States without
    /// components visit nothing (the default).
    fn visit_pieces(&self, visit: &mut dyn FnMut(ComponentId)) {
        let _ = visit;
    }
}

/// Why a state without serde's `Deserialize` cannot be read back.
const UNREADABLE_STATE: &str =
    "the game's state does not derive serde's `Deserialize`, so it cannot be read back";

/// The probe of `#[derive(View)]`'s [`View::deserialize_state`], by autoref
/// specialization: a state with serde's `Deserialize` is read with it ([`ReadsWithSerde`]);
/// one without cannot be read ([`ReadsNothing`]), which is a refusal at run time, not a
/// second compile error beside the one for a missing `Serialize`.
pub struct StateReader<T>(PhantomData<fn() -> T>);

impl<T> StateReader<T> {
    /// The probe for states of type `T`.
    #[must_use]
    pub fn new() -> Self {
        StateReader(PhantomData)
    }
}

impl<T> Default for StateReader<T> {
    fn default() -> Self {
        Self::new()
    }
}

/// A [`StateReader`] of a state with serde's `Deserialize`.
pub trait ReadsWithSerde<T> {
    /// The state read from `value`.
    ///
    /// # Errors
    /// What serde said of the JSON.
    fn read(&self, value: serde_json::Value) -> Result<T, String>;
}

impl<T: serde::de::DeserializeOwned> ReadsWithSerde<T> for StateReader<T> {
    fn read(&self, value: serde_json::Value) -> Result<T, String> {
        serde_json::from_value(value).map_err(|error| error.to_string())
    }
}

/// A [`StateReader`] of a state without serde's `Deserialize`.
pub trait ReadsNothing<T> {
    /// Always refuses: the state cannot be read.
    ///
    /// # Errors
    /// Always, saying why.
    fn read(&self, value: serde_json::Value) -> Result<T, String>;
}

impl<T> ReadsNothing<T> for &StateReader<T> {
    fn read(&self, _value: serde_json::Value) -> Result<T, String> {
        Err(UNREADABLE_STATE.to_owned())
    }
}

/// A state that serializes through [`View::serialize_state`]: how the runtime writes a
/// state as JSON (a log's start, a seal's digest) and a server sends a view, without
/// asking the game type for a `Serialize` bound. `Serialized(&state)` borrows the state.
pub struct Serialized<'a, G>(pub &'a G);

impl<G: View> Serialize for Serialized<'_, G> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize_state(serializer)
    }
}

/// What a place shows under the policies [`Policy::Order`], [`Policy::Len`] and
/// [`Policy::NonEmpty`] (and the others). Implemented for the places and for
/// [`PerPlayer`], `Vec` and `Option` of places.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a place, so `order`, `len` and `non_empty` do not apply to it",
    label = "this field's type holds no pieces",
    note = "these policies are for `Stack`, `SizedStack` and `Board` (alone, or in a `PerPlayer`, `Vec` or `Option`); use `visible` or `hidden` for other fields"
)]
pub trait Conceal {
    /// This place as seen under `policy`.
    #[must_use]
    fn conceal(&self, policy: Policy) -> Self;
}

/// What a field shows under [`Policy::Hidden`]: nothing. Any `Default` type shows its
/// default; places show themselves empty.
pub trait Hide {
    /// The field with nothing shown.
    #[must_use]
    fn hidden(&self) -> Self;
}

impl<T: Default> Hide for T {
    fn hidden(&self) -> Self {
        T::default()
    }
}

// What hides a piece, kept beside the policies rather than in `components`, so that the
// pieces do not import the views built on them.
impl<C: Clone> Deck<C> {
    /// The pieces of this deck that no place of `view` shows, in deck order, each with the
    /// dynamic value `value`: the components a viewer cannot locate, to deal at random into
    /// the hidden slots of their view when determinizing it
    /// ([`Search::determinize`](crate::Search::determinize)).
    #[must_use]
    pub fn unseen<V: Clone>(&self, value: V, view: &impl View) -> Vec<Piece<C, V>> {
        let mut located = vec![false; self.len()];
        view.visit_pieces(&mut |id| {
            if id.deck == self.id()
                && let Some(seen) = located.get_mut(usize::from(id.index))
            {
                *seen = true;
            }
        });
        self.pieces(value)
            .zip(located)
            .filter_map(|(slot, located)| match slot {
                Slot::Known(piece) if !located => Some(piece),
                _ => None,
            })
            .collect()
    }
}

impl<C, V> Slot<C, V> {
    /// This slot as seen under `policy`: hidden, with its token for `order`.
    #[must_use]
    pub fn concealed(&self, policy: Policy) -> Self
    where
        C: Clone,
        V: Clone,
    {
        match (self, policy) {
            (slot, Policy::Visible) => slot.clone(),
            (Slot::Known(piece), Policy::Order) => Slot::Hidden(Some(piece.token())),
            (Slot::Hidden(token), Policy::Order) => Slot::Hidden(*token),
            _ => Slot::Hidden(None),
        }
    }
}

impl<C: Clone, V: Clone> Conceal for Stack<C, V> {
    fn conceal(&self, policy: Policy) -> Self {
        let mut concealed = Stack::new(Place::deck(self));
        let slots: Vec<Slot<C, V>> = match policy {
            Policy::Visible => return self.clone(),
            Policy::Order | Policy::Len => self
                .slots()
                .iter()
                .map(|slot| slot.concealed(policy))
                .collect(),
            Policy::NonEmpty => self
                .slots()
                .first()
                .map(|_| Slot::Hidden(None))
                .into_iter()
                .collect(),
            Policy::Hidden => Vec::new(),
        };
        for (index, slot) in slots.into_iter().enumerate() {
            Place::put_unchecked(&mut concealed, index, slot);
        }
        concealed
    }
}

impl<C: Clone, V: Clone> Conceal for SizedStack<C, V> {
    /// Gaps stay where they are: the slots of a sized stack are positions on the table.
    /// `NonEmpty` shows one hidden piece in the first slot when any is taken.
    fn conceal(&self, policy: Policy) -> Self {
        let mut concealed = SizedStack::new(Place::deck(self), self.size());
        match policy {
            Policy::Visible => return self.clone(),
            Policy::Order | Policy::Len => {
                for (index, slot) in self.slots().iter().enumerate() {
                    if let Some(slot) = slot {
                        Place::put_unchecked(&mut concealed, index, slot.concealed(policy));
                    }
                }
            }
            Policy::NonEmpty => {
                if self.count() > 0 && self.size() > 0 {
                    Place::put_unchecked(&mut concealed, 0, Slot::Hidden(None));
                }
            }
            Policy::Hidden => {}
        }
        concealed
    }
}

impl<C: Clone, V: Clone> Conceal for Board<C, V> {
    fn conceal(&self, policy: Policy) -> Self {
        let mut concealed = Board::new(Place::deck(self), self.grid());
        let spaces = self.spaces().conceal(policy);
        for (index, slot) in spaces.slots().iter().enumerate() {
            if let Some(slot) = slot {
                Place::put_unchecked(&mut concealed, index, slot.clone());
            }
        }
        concealed
    }
}

impl<T: Conceal> Conceal for PerPlayer<T> {
    fn conceal(&self, policy: Policy) -> Self {
        self.map(|_, place| place.conceal(policy))
    }
}

impl<T: Conceal> Conceal for Vec<T> {
    fn conceal(&self, policy: Policy) -> Self {
        self.iter().map(|place| place.conceal(policy)).collect()
    }
}

impl<T: Conceal> Conceal for Option<T> {
    fn conceal(&self, policy: Policy) -> Self {
        self.as_ref().map(|place| place.conceal(policy))
    }
}

macro_rules! hide_places {
    ($($place:ident),*) => {$(
        impl<C: Clone, V: Clone> Hide for $place<C, V> {
            fn hidden(&self) -> Self {
                self.conceal(Policy::Hidden)
            }
        }
    )*};
}
hide_places!(Stack, SizedStack, Board);

impl<T: Hide> Hide for PerPlayer<T> {
    fn hidden(&self) -> Self {
        self.map(|_, value| value.hidden())
    }
}

impl<T> PerPlayer<T> {
    /// Each seat's value as `viewer` may see it: the owner's (and the admin's) as it is,
    /// the others' through `conceal`. For fields visible to their owner only.
    #[must_use]
    pub fn seen_by(&self, viewer: Viewer, mut conceal: impl FnMut(&T) -> T) -> Self
    where
        T: Clone,
    {
        self.map(|seat, value| {
            if viewer.owns(seat) {
                value.clone()
            } else {
                conceal(value)
            }
        })
    }
}

/// `#[derive(View)]`'s [`View::serialize_state`]: the state's own `Serialize`, asked here,
/// at the state, so a state without it is reported once.
///
/// # Errors
/// The serializer's error.
pub fn serialize_state<T: serde::Serialize, S: serde::Serializer>(
    state: &T,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    state.serialize(serializer)
}
