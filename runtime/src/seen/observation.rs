//! Observations: a seat's view as numbers of fixed shape, for learning agents (after
//! OpenSpiel's observation tensors and their named "pieces", and entity-gym's
//! `Featurizable`). An observation is written only from the view of the seat that
//! observes (`Position::view(Viewer::Player(seat))`), never from the state: it cannot
//! hold what the view hides.
//!
//! `#[derive(Observe)]` on a state writes its fields in order, each by its type's
//! [`Observe`]; `#[observe(skip)]` leaves a field out. Seats are relative to the observer
//! (the observer first), so that one network serves every seat.

use crate::pieces::board::{Board, Space};
use crate::pieces::components::{SizedStack, Slot, Stack};
use crate::pieces::player::{PerPlayer, PlayerIndex, PlayerSet};

/// One named piece of an observation: `len` numbers from `offset`, read as `shape` (row
/// major).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ObservationPiece {
    /// The piece's name: the field's path (`hands`, `board`, `trick.some`).
    pub name: String,
    /// Its shape; the product of its sizes is its length.
    pub shape: Vec<usize>,
    /// Its first number in the observation.
    pub offset: usize,
}

impl ObservationPiece {
    /// How many numbers the piece holds: the product of its shape.
    #[must_use]
    pub fn len(&self) -> usize {
        self.shape.iter().product()
    }

    /// Whether the piece holds no number.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The pieces of an observation, in order, and its length: fixed per table (config and
/// seats), read from the state as set up.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ObservationLayout {
    pieces: Vec<ObservationPiece>,
    len: usize,
    seats: usize,
}

impl ObservationLayout {
    /// An empty layout for a table of `seats`.
    #[must_use]
    pub fn new(seats: usize) -> Self {
        ObservationLayout {
            pieces: Vec::new(),
            len: 0,
            seats,
        }
    }

    /// How many seats the table has.
    #[must_use]
    pub fn seats(&self) -> usize {
        self.seats
    }

    /// Adds a piece named `name` of `shape` after the others.
    pub fn push(&mut self, name: impl Into<String>, shape: Vec<usize>) {
        let piece = ObservationPiece {
            name: name.into(),
            shape,
            offset: self.len,
        };
        self.len += piece.len();
        self.pieces.push(piece);
    }

    /// The pieces, in order.
    #[must_use]
    pub fn pieces(&self) -> &[ObservationPiece] {
        &self.pieces
    }

    /// How many numbers an observation holds.
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether an observation holds no number.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// Where an observation is written: the numbers, and the seat that observes.
#[derive(Debug)]
pub struct Observer<'a> {
    seat: PlayerIndex,
    seats: usize,
    out: &'a mut [f32],
    at: usize,
}

impl<'a> Observer<'a> {
    /// A writer into `out` for `seat` at a table of `seats`, from its start. The numbers
    /// are written over whatever `out` held.
    #[must_use]
    pub fn new(seat: PlayerIndex, seats: usize, out: &'a mut [f32]) -> Self {
        Observer {
            seat,
            seats,
            out,
            at: 0,
        }
    }

    /// The seat that observes.
    #[must_use]
    #[inline]
    pub fn seat(&self) -> PlayerIndex {
        self.seat
    }

    /// How many seats the table has.
    #[must_use]
    #[inline]
    pub fn seats(&self) -> usize {
        self.seats
    }

    /// `player` counted from the observer: 0 for the observer, 1 for the next seat...
    #[must_use]
    #[inline]
    pub fn relative(&self, player: PlayerIndex) -> usize {
        if player.0 >= self.seat.0 {
            player.0 - self.seat.0
        } else {
            player.0 + self.seats - self.seat.0
        }
    }

    /// The seat `offset` places after the observer.
    #[must_use]
    #[inline]
    pub fn absolute(&self, offset: usize) -> PlayerIndex {
        let seat = self.seat.0 + offset;
        PlayerIndex(if seat >= self.seats && self.seats > 0 {
            seat % self.seats
        } else {
            seat
        })
    }

    /// How many numbers have been written.
    #[must_use]
    #[inline]
    pub fn written(&self) -> usize {
        self.at
    }

    /// Writes `value` as the next number. Past the end of the output, nothing is
    /// written: [`written`](Self::written) still counts it, for the caller to check.
    #[inline]
    pub fn push(&mut self, value: f32) {
        if let Some(slot) = self.out.get_mut(self.at) {
            *slot = value;
        }
        self.at += 1;
    }

    /// Writes `value` over the number at `at`, already written (past the end of the
    /// output or of what was written, nothing).
    #[inline]
    pub fn set(&mut self, at: usize, value: f32) {
        if at < self.at
            && let Some(slot) = self.out.get_mut(at)
        {
            *slot = value;
        }
    }

    /// Writes `len` numbers, all 0 but a 1 at `index` (none when `index >= len`).
    #[inline]
    pub fn one_hot(&mut self, index: usize, len: usize) {
        let end = self.at + len;
        if let Some(numbers) = self.out.get_mut(self.at..end) {
            numbers.fill(0.0);
            if let Some(number) = numbers.get_mut(index) {
                *number = 1.0;
            }
        } else {
            self.zeros(len);
            return;
        }
        self.at = end;
    }

    /// Writes `len` zeros.
    #[inline]
    pub fn zeros(&mut self, len: usize) {
        let end = self.at + len;
        if let Some(numbers) = self.out.get_mut(self.at..end.min(self.out.len())) {
            numbers.fill(0.0);
        }
        self.at = end;
    }
}

/// A value written into a seat's observation, as numbers of a shape fixed per table.
///
/// `G` is the game whose view is observed: a type of another crate is implemented for
/// your own game (`impl Observe<MyGame> for Face`), reading from the game what it needs
/// (a config's faces). The runtime implements it for numbers and `bool` (one number
/// each), `Option<T>` (a flag, then `T`, zeros when absent), arrays, [`PerPlayer`] (each
/// seat's value, the observer first), [`PlayerIndex`] (one-hot, relative to the
/// observer), [`PlayerSet`] (a flag per seat, relative), [`Space`] (its number) and
/// places of [`Categorical`] pieces: a [`Board`] as planes, a [`Stack`] or
/// [`SizedStack`] as counts per category.
pub trait Observe<G> {
    /// Adds the pieces of a value of this type, named `name`, to `layout`: called with
    /// the state as set up (`value` is `None` for an absent option's value), so shapes
    /// may read its sizes (a board's rows) but never what changes in play.
    fn layout(value: Option<&Self>, game: &G, name: &str, layout: &mut ObservationLayout);

    /// Writes this value into `observer`: exactly as many numbers as
    /// [`layout`](Self::layout) laid out, whatever the value now holds.
    fn observe(&self, game: &G, observer: &mut Observer<'_>);

    /// How many numbers [`layout`](Self::layout) lays out for `value`; by default laid
    /// out and counted.
    fn len(value: Option<&Self>, game: &G, seats: usize) -> usize {
        let mut layout = ObservationLayout::new(seats);
        Self::layout(value, game, "", &mut layout);
        layout.len()
    }
}

/// A piece's component as one of a fixed number of categories, for the places that hold
/// it ([`Board`], [`Stack`]): a disc as the observer's or another seat's, a card as one of
/// 52.
pub trait Categorical<G> {
    /// How many categories there are in `game`, read from what its config and seats fix.
    fn categories(game: &G) -> usize;

    /// This component's category for `observer` (below [`categories`](Self::categories)).
    fn category(&self, game: &G, observer: &Observer<'_>) -> usize;
}

/// The name of field `field` of a value named `parent`: `parent.field`, or `field` at
/// the top.
#[must_use]
pub fn piece_name(parent: &str, field: &str) -> String {
    if parent.is_empty() {
        field.to_owned()
    } else {
        format!("{parent}.{field}")
    }
}

macro_rules! observe_numbers {
    ($($ty:ty),*) => {$(
        /// One number: the value, as `f32`.
        impl<G> Observe<G> for $ty {
            fn layout(_value: Option<&Self>, _game: &G, name: &str, layout: &mut ObservationLayout) {
                layout.push(name, vec![1]);
            }

            #[allow(clippy::cast_precision_loss, clippy::cast_lossless)]
            fn observe(&self, _game: &G, observer: &mut Observer<'_>) {
                observer.push(*self as f32);
            }

            fn len(_value: Option<&Self>, _game: &G, _seats: usize) -> usize {
                1
            }
        }
    )*};
}

observe_numbers!(u8, u16, u32, u64, usize, i8, i16, i32, i64, f32, f64);

/// One number: 1 for true.
impl<G> Observe<G> for bool {
    fn layout(_value: Option<&Self>, _game: &G, name: &str, layout: &mut ObservationLayout) {
        layout.push(name, vec![1]);
    }

    fn observe(&self, _game: &G, observer: &mut Observer<'_>) {
        observer.push(if *self { 1.0 } else { 0.0 });
    }

    fn len(_value: Option<&Self>, _game: &G, _seats: usize) -> usize {
        1
    }
}

/// `name.some`, a flag, then the value under `name` (zeros when absent, with the flag 0).
impl<G, T: Observe<G>> Observe<G> for Option<T> {
    fn layout(value: Option<&Self>, game: &G, name: &str, layout: &mut ObservationLayout) {
        layout.push(format!("{name}.some"), vec![1]);
        T::layout(value.and_then(Option::as_ref), game, name, layout);
    }

    fn observe(&self, game: &G, observer: &mut Observer<'_>) {
        match self {
            Some(value) => {
                observer.push(1.0);
                value.observe(game, observer);
            }
            None => {
                observer.push(0.0);
                let len = T::len(None, game, observer.seats());
                observer.zeros(len);
            }
        }
    }
}

/// The shape of a value's observation as one piece: its own when it lays out one piece,
/// else its length.
fn shape_of<G, T: Observe<G>>(value: Option<&T>, game: &G, seats: usize) -> Vec<usize> {
    let mut inner = ObservationLayout::new(seats);
    T::layout(value, game, "", &mut inner);
    match inner.pieces() {
        [one] => one.shape.clone(),
        _ => vec![inner.len()],
    }
}

/// One piece of shape `[N, ..]`: each item's numbers in turn.
impl<G, T: Observe<G>, const N: usize> Observe<G> for [T; N] {
    fn layout(value: Option<&Self>, game: &G, name: &str, layout: &mut ObservationLayout) {
        let mut shape = vec![N];
        shape.extend(shape_of(
            value.and_then(|items| items.first()),
            game,
            layout.seats(),
        ));
        layout.push(name, shape);
    }

    fn observe(&self, game: &G, observer: &mut Observer<'_>) {
        for item in self {
            item.observe(game, observer);
        }
    }
}

/// One piece of shape `[seats, ..]`: each seat's value, the observer's first, then the
/// seats after it in turn.
impl<G, T: Observe<G>> Observe<G> for PerPlayer<T> {
    fn layout(value: Option<&Self>, game: &G, name: &str, layout: &mut ObservationLayout) {
        let seats = value.map_or(layout.seats(), PerPlayer::len);
        let mut shape = vec![seats];
        shape.extend(shape_of(
            value.and_then(|values| values.iter().next()),
            game,
            layout.seats(),
        ));
        layout.push(name, shape);
    }

    fn observe(&self, game: &G, observer: &mut Observer<'_>) {
        for offset in 0..self.len() {
            let seat = observer.absolute(offset);
            match self.get(seat) {
                Some(value) => value.observe(game, observer),
                None => {
                    let len = T::len(None, game, observer.seats());
                    observer.zeros(len);
                }
            }
        }
    }
}

/// One-hot over the seats, relative to the observer (the observer first).
impl<G> Observe<G> for PlayerIndex {
    fn layout(_value: Option<&Self>, _game: &G, name: &str, layout: &mut ObservationLayout) {
        layout.push(name, vec![layout.seats()]);
    }

    fn observe(&self, _game: &G, observer: &mut Observer<'_>) {
        let index = observer.relative(*self);
        observer.one_hot(index, observer.seats());
    }

    fn len(_value: Option<&Self>, _game: &G, seats: usize) -> usize {
        seats
    }
}

/// A flag per seat, relative to the observer (the observer first).
impl<G> Observe<G> for PlayerSet {
    fn layout(_value: Option<&Self>, _game: &G, name: &str, layout: &mut ObservationLayout) {
        layout.push(name, vec![layout.seats()]);
    }

    fn observe(&self, _game: &G, observer: &mut Observer<'_>) {
        for offset in 0..observer.seats() {
            let seat = observer.absolute(offset);
            observer.push(if self.contains(seat) { 1.0 } else { 0.0 });
        }
    }

    fn len(_value: Option<&Self>, _game: &G, seats: usize) -> usize {
        seats
    }
}

/// One number: the space's number.
impl<G> Observe<G> for Space {
    fn layout(_value: Option<&Self>, _game: &G, name: &str, layout: &mut ObservationLayout) {
        layout.push(name, vec![1]);
    }

    #[allow(clippy::cast_precision_loss)]
    fn observe(&self, _game: &G, observer: &mut Observer<'_>) {
        observer.push(self.0 as f32);
    }

    fn len(_value: Option<&Self>, _game: &G, _seats: usize) -> usize {
        1
    }
}

/// The one-hot of a slot: empty, each category, hidden.
fn observe_slot<G, C: Categorical<G>, V>(
    slot: Option<&Slot<C, V>>,
    game: &G,
    observer: &mut Observer<'_>,
) {
    let categories = C::categories(game);
    let index = match slot {
        None => 0,
        Some(Slot::Known(piece)) => 1 + piece.component().category(game, observer),
        Some(Slot::Hidden(_)) => categories + 1,
    };
    observer.one_hot(index, categories + 2);
}

/// Planes of shape `[rows, columns, categories + 2]`: for each space, one-hot of empty,
/// each category of piece, or a hidden piece (after OpenSpiel's board planes).
///
/// The board's shape is its value's: a board never absent (inside an `Option`, an absent
/// board lays out no space).
impl<G, C: Categorical<G>, V> Observe<G> for Board<C, V> {
    fn layout(value: Option<&Self>, game: &G, name: &str, layout: &mut ObservationLayout) {
        let (rows, columns) =
            value.map_or((0, 0), |board| (board.grid().rows, board.grid().columns));
        layout.push(name, vec![rows, columns, C::categories(game) + 2]);
    }

    fn observe(&self, game: &G, observer: &mut Observer<'_>) {
        for slot in self.spaces().slots() {
            observe_slot(slot.as_ref(), game, observer);
        }
    }
}

/// The counts of pieces in a place by category, then of hidden pieces: shape
/// `[categories + 1]`.
fn observe_counts<'s, G, C: Categorical<G> + 's, V: 's>(
    slots: impl Iterator<Item = &'s Slot<C, V>>,
    game: &G,
    observer: &mut Observer<'_>,
) {
    let categories = C::categories(game);
    let start = observer.written();
    observer.zeros(categories + 1);
    let end = observer.written();
    for slot in slots {
        let index = match slot {
            Slot::Known(piece) => piece.component().category(game, observer),
            Slot::Hidden(_) => categories,
        };
        if start + index < end
            && let Some(count) = observer.out.get_mut(start + index)
        {
            *count += 1.0;
        }
    }
}

/// Counts by category, then hidden pieces: shape `[categories + 1]`.
impl<G, C: Categorical<G>, V> Observe<G> for Stack<C, V> {
    fn layout(_value: Option<&Self>, game: &G, name: &str, layout: &mut ObservationLayout) {
        layout.push(name, vec![C::categories(game) + 1]);
    }

    fn observe(&self, game: &G, observer: &mut Observer<'_>) {
        observe_counts(self.slots().iter(), game, observer);
    }
}

/// Counts by category, then hidden pieces: shape `[categories + 1]`.
impl<G, C: Categorical<G>, V> Observe<G> for SizedStack<C, V> {
    fn layout(_value: Option<&Self>, game: &G, name: &str, layout: &mut ObservationLayout) {
        layout.push(name, vec![C::categories(game) + 1]);
    }

    fn observe(&self, game: &G, observer: &mut Observer<'_>) {
        observe_counts(self.slots().iter().flatten(), game, observer);
    }
}
