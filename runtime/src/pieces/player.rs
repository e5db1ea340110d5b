//! Seats: one seat ([`PlayerIndex`]), the table's seats ([`Seats`]), sets of seats
//! ([`PlayerSet`]) and per-seat storage ([`PerPlayer`]).

use std::fmt;
use std::ops::{Index, IndexMut};

use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

/// A seat at the table, 0-based: the first player is `PlayerIndex(0)`.
///
/// Serialized as a bare number. Displayed as `player N` (0-based); a game gives seats
/// human names through [`Game::player_name`](crate::Game::player_name).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PlayerIndex(pub usize);

impl fmt::Display for PlayerIndex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "player {}", self.0)
    }
}

/// The seats of a table: how many players a game was set up for, from 1 to
/// [`Seats::MAX`]. The engine checks the count against [`Game::PLAYERS`](crate::Game::PLAYERS)
/// and hands it to [`Game::setup`](crate::Game::setup); a state keeps it to go round the
/// table (`seats.next(player)`) and to build its [`PerPlayer`] values, so no rule repeats
/// the table's size.
///
/// Serialized as a bare number (the count).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "usize", into = "usize")]
pub struct Seats(usize);

impl Seats {
    /// The most seats a table may have: a [`PlayerSet`] holds 64.
    pub const MAX: usize = 64;

    /// A table of `count` seats.
    ///
    /// # Panics
    /// Panics if `count` is 0 or more than [`Seats::MAX`]; [`Seats::try_new`] returns
    /// `None` instead. The engine only builds tables within
    /// [`Game::PLAYERS`](crate::Game::PLAYERS).
    #[must_use]
    pub const fn new(count: usize) -> Self {
        match Seats::try_new(count) {
            Some(seats) => seats,
            None => panic!("a table has 1 to 64 seats"),
        }
    }

    /// A table of `count` seats the engine checked already (a position's own count).
    #[inline]
    pub(crate) const fn checked(count: usize) -> Self {
        Seats(count)
    }

    /// A table of `count` seats, or `None` if `count` is 0 or more than [`Seats::MAX`].
    #[must_use]
    pub const fn try_new(count: usize) -> Option<Self> {
        if count == 0 || count > Seats::MAX {
            None
        } else {
            Some(Seats(count))
        }
    }

    /// How many seats.
    #[must_use]
    pub const fn count(self) -> usize {
        self.0
    }

    /// The seats, `PlayerIndex(0)` first.
    pub fn iter(self) -> impl Iterator<Item = PlayerIndex> {
        (0..self.0).map(PlayerIndex)
    }

    /// Every seat, as a set.
    #[must_use]
    pub fn everyone(self) -> PlayerSet {
        PlayerSet::all(self.0)
    }

    /// The seat after `player`, going round the table (clockwise in the usual seating, so
    /// the player to the left); the first seat after the last.
    #[must_use]
    pub fn next(self, player: PlayerIndex) -> PlayerIndex {
        self.after(player, 1)
    }

    /// [`next`](Self::next) for a seat of the table, without a division: the engine's
    /// case at every turn of a flow, where the count is not a constant.
    #[inline]
    pub(crate) fn next_of_seat(self, player: PlayerIndex) -> PlayerIndex {
        let next = player.0 + 1;
        if next < self.0 {
            PlayerIndex(next)
        } else if next == self.0 {
            PlayerIndex(0)
        } else {
            self.after(player, 1)
        }
    }

    /// The seat `steps` places after `player`, going round the table.
    #[must_use]
    pub fn after(self, player: PlayerIndex, steps: usize) -> PlayerIndex {
        PlayerIndex((player.0 % self.0 + steps % self.0) % self.0)
    }

    /// The seat `steps` places before `player` (to the right), going round the table.
    #[must_use]
    pub fn before(self, player: PlayerIndex, steps: usize) -> PlayerIndex {
        self.after(player, self.0 - steps % self.0)
    }
}

impl TryFrom<usize> for Seats {
    type Error = String;

    fn try_from(count: usize) -> Result<Self, String> {
        Seats::try_new(count)
            .ok_or_else(|| format!("a table has 1 to {} seats, not {count}", Seats::MAX))
    }
}

impl From<Seats> for usize {
    fn from(seats: Seats) -> usize {
        seats.0
    }
}

/// A set of seats (up to 64), as a bitmask: who may act now, who receives a message.
///
/// `Copy` and allocation-free, so a game can answer [`Game::to_act`](crate::Game::to_act)
/// on every call of the hot path.
///
/// Printed as the seats it holds, never as its mask: `{0, 2}` with `{:?}`, `player 0 and
/// player 2` with `{}` (`nobody` when empty); a game names seats with
/// [`Game::player_name`](crate::Game::player_name).
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PlayerSet(u64);

impl fmt::Debug for PlayerSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set()
            .entries(self.iter().map(|seat| seat.0))
            .finish()
    }
}

impl fmt::Display for PlayerSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let seats: Vec<PlayerIndex> = self.iter().collect();
        f.write_str(&in_prose(&seats))
    }
}

/// `items` as a list in prose: `a`, `a and b`, `a, b and c`; `nobody` when empty.
pub(crate) fn in_prose<T: fmt::Display>(items: &[T]) -> String {
    match items {
        [] => "nobody".to_owned(),
        [one] => one.to_string(),
        [first @ .., last] => {
            let first: Vec<String> = first.iter().map(ToString::to_string).collect();
            format!("{} and {last}", first.join(", "))
        }
    }
}

impl PlayerSet {
    /// Nobody.
    pub const EMPTY: PlayerSet = PlayerSet(0);

    /// The seats of this set that are not in `other`.
    #[must_use]
    #[inline]
    pub fn minus(self, other: PlayerSet) -> PlayerSet {
        PlayerSet(self.0 & !other.0)
    }

    /// Exactly one seat.
    ///
    /// # Panics
    /// Panics if the seat is 64 or more.
    #[must_use]
    #[inline]
    pub fn one(player: PlayerIndex) -> Self {
        assert!(
            player.0 < 64,
            "a PlayerSet holds seats 0..64, not {}",
            player.0
        );
        PlayerSet(1 << player.0)
    }

    /// Exactly one seat, known to be a seat of a table ([`Seats`] hold at most 64): no
    /// check on the hot path of the flow.
    #[inline]
    pub(crate) fn one_seated(player: PlayerIndex) -> Self {
        debug_assert!(player.0 < 64, "a seat of a table is below 64");
        PlayerSet(1 << (player.0 & 63))
    }

    /// Every seat of a table of `players` seats.
    ///
    /// # Panics
    /// Panics if `players` is more than 64.
    #[must_use]
    pub fn all(players: usize) -> Self {
        assert!(
            players <= 64,
            "a PlayerSet holds at most 64 seats, not {players}"
        );
        if players == 64 {
            PlayerSet(u64::MAX)
        } else {
            PlayerSet((1 << players) - 1)
        }
    }

    /// This set with `player` added.
    #[must_use]
    #[inline]
    pub fn with(self, player: PlayerIndex) -> Self {
        PlayerSet(self.0 | PlayerSet::one(player).0)
    }

    /// This set with `player` removed.
    #[must_use]
    #[inline]
    pub fn without(self, player: PlayerIndex) -> Self {
        PlayerSet(self.0 & !PlayerSet::one(player).0)
    }

    /// Whether `player` is in the set.
    #[must_use]
    #[inline]
    pub fn contains(self, player: PlayerIndex) -> bool {
        player.0 < 64 && self.0 & (1 << player.0) != 0
    }

    /// Whether the set is empty.
    #[must_use]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many seats are in the set.
    #[must_use]
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The lowest seat in the set, if any.
    #[must_use]
    pub fn first(self) -> Option<PlayerIndex> {
        (self.0 != 0).then(|| PlayerIndex(self.0.trailing_zeros() as usize))
    }

    /// The seats in increasing order.
    pub fn iter(self) -> impl Iterator<Item = PlayerIndex> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let seat = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            Some(PlayerIndex(seat))
        })
    }
}

impl From<PlayerIndex> for PlayerSet {
    fn from(player: PlayerIndex) -> Self {
        PlayerSet::one(player)
    }
}

impl FromIterator<PlayerIndex> for PlayerSet {
    fn from_iter<I: IntoIterator<Item = PlayerIndex>>(iter: I) -> Self {
        iter.into_iter().fold(PlayerSet::EMPTY, PlayerSet::with)
    }
}

/// One value per seat, indexed by [`PlayerIndex`] instead of a bare `usize`.
///
/// Serialized as a JSON array, seat 0 first. Up to four seats are stored inline, so cloning
/// a state of four or fewer players copies its per-seat values without allocating.
#[derive(Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PerPlayer<T>(SmallVec<[T; INLINE_SEATS]>);

/// Seats stored inline in a [`PerPlayer`]: a state of up to this many seats clones without
/// allocating for its per-seat values.
const INLINE_SEATS: usize = 4;

impl<T> PerPlayer<T> {
    /// One value per seat of `seats`, the value of seat `i` being `value(PlayerIndex(i))`.
    pub fn from_fn(seats: Seats, mut value: impl FnMut(PlayerIndex) -> T) -> Self {
        PerPlayer(inline_seats(seats.count(), |seat| value(PlayerIndex(seat))))
    }

    /// The table these values are for: one seat per value.
    ///
    /// # Panics
    /// Panics if there are no values or more than [`Seats::MAX`], which the constructors
    /// never build (only a deserialized `PerPlayer` can be empty).
    #[must_use]
    pub fn seats(&self) -> Seats {
        Seats::new(self.0.len())
    }

    /// How many seats.
    #[must_use]
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are no seats.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The values, seat 0 first.
    pub fn iter(&self) -> std::slice::Iter<'_, T> {
        self.0.iter()
    }

    /// The values, mutably, seat 0 first.
    pub fn iter_mut(&mut self) -> std::slice::IterMut<'_, T> {
        self.0.iter_mut()
    }

    /// Each seat with its value, seat 0 first.
    pub fn enumerate(&self) -> impl Iterator<Item = (PlayerIndex, &T)> {
        self.0
            .iter()
            .enumerate()
            .map(|(seat, value)| (PlayerIndex(seat), value))
    }

    /// The value of `player`, if the seat exists.
    #[must_use]
    pub fn get(&self, player: PlayerIndex) -> Option<&T> {
        self.0.get(player.0)
    }

    /// The value of `player`, mutably, if the seat exists.
    pub fn get_mut(&mut self, player: PlayerIndex) -> Option<&mut T> {
        self.0.get_mut(player.0)
    }

    /// Each seat with its value, mutably, seat 0 first.
    pub fn enumerate_mut(&mut self) -> impl Iterator<Item = (PlayerIndex, &mut T)> {
        self.0
            .iter_mut()
            .enumerate()
            .map(|(seat, value)| (PlayerIndex(seat), value))
    }

    /// A value per seat made from each seat and its value here, seat 0 first.
    pub fn map<U>(&self, mut value: impl FnMut(PlayerIndex, &T) -> U) -> PerPlayer<U> {
        let old = self.0.as_slice();
        PerPlayer(inline_seats(old.len(), |seat| {
            value(PlayerIndex(seat), &old[seat])
        }))
    }

    /// The seats: `PlayerIndex(0)..PlayerIndex(len)`.
    pub fn players(&self) -> impl Iterator<Item = PlayerIndex> + use<T> {
        (0..self.0.len()).map(PlayerIndex)
    }
}

impl<T: Clone> PerPlayer<T> {
    /// `value` for every seat of `seats`.
    pub fn filled(seats: Seats, value: T) -> Self {
        PerPlayer(SmallVec::from_elem(value, seats.count()))
    }
}

/// The values of `count` seats, seat `i`'s being `value(i)`. A table of exactly
/// [`INLINE_SEATS`] fills the inline array at once: collecting checks room and length at
/// every value, several times the cost of the values themselves for the small `Copy`
/// values most games keep per seat.
fn inline_seats<T>(count: usize, value: impl FnMut(usize) -> T) -> SmallVec<[T; INLINE_SEATS]> {
    if count == INLINE_SEATS {
        SmallVec::from_buf(std::array::from_fn(value))
    } else {
        (0..count).map(value).collect()
    }
}

/// A table of four (`INLINE_SEATS`) clones its array at once (a copy, for `Copy` values), not
/// value by value through `SmallVec`'s collecting clone: states are cloned at every
/// search playout.
impl<T: Clone> Clone for PerPlayer<T> {
    fn clone(&self) -> Self {
        match <&[T; INLINE_SEATS]>::try_from(self.0.as_slice()) {
            Ok(values) => PerPlayer(SmallVec::from_buf(values.clone())),
            Err(_) => PerPlayer(self.0.clone()),
        }
    }
}

impl<T> Index<PlayerIndex> for PerPlayer<T> {
    type Output = T;

    fn index(&self, player: PlayerIndex) -> &T {
        &self.0[player.0]
    }
}

impl<T> IndexMut<PlayerIndex> for PerPlayer<T> {
    fn index_mut(&mut self, player: PlayerIndex) -> &mut T {
        &mut self.0[player.0]
    }
}

impl<'a, T> IntoIterator for &'a PerPlayer<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn player_set_iterates_in_seat_order() {
        let set: PlayerSet = [PlayerIndex(3), PlayerIndex(0), PlayerIndex(2)]
            .into_iter()
            .collect();
        assert_eq!(
            set.iter().collect::<Vec<_>>(),
            vec![PlayerIndex(0), PlayerIndex(2), PlayerIndex(3)]
        );
        assert_eq!(set.len(), 3);
        assert_eq!(set.without(PlayerIndex(0)).first(), Some(PlayerIndex(2)));
        assert!(!set.contains(PlayerIndex(1)));
        assert_eq!(PlayerSet::all(4).len(), 4);
    }

    #[test]
    fn seats_go_round_the_table() {
        let seats = Seats::new(4);
        assert_eq!(seats.next(PlayerIndex(3)), PlayerIndex(0));
        assert_eq!(seats.after(PlayerIndex(1), 2), PlayerIndex(3));
        assert_eq!(seats.after(PlayerIndex(1), 9), PlayerIndex(2));
        assert_eq!(seats.before(PlayerIndex(0), 1), PlayerIndex(3));
        assert_eq!(seats.before(PlayerIndex(2), 4), PlayerIndex(2));
        assert_eq!(
            seats.iter().collect::<Vec<_>>(),
            [0, 1, 2, 3].map(PlayerIndex).to_vec()
        );
        assert_eq!(seats.everyone(), PlayerSet::all(4));
        assert_eq!(PerPlayer::filled(seats, 0u8).seats(), seats);
    }

    #[test]
    fn per_seat_values_are_built_mapped_and_cloned_alike_at_every_table_size() {
        // Four seats take the inline array at once; the others are collected.
        for count in [1, 2, 3, 4, 5, 9] {
            let seats = Seats::new(count);
            let names = PerPlayer::from_fn(seats, |seat| format!("seat {}", seat.0));
            let expected: Vec<String> = (0..count).map(|seat| format!("seat {seat}")).collect();
            assert_eq!(names.iter().cloned().collect::<Vec<_>>(), expected);
            assert_eq!(names.clone(), names);
            assert_eq!(names.clone().seats(), seats);
            let lengths = names.map(|seat, name| name.len() + seat.0);
            assert_eq!(
                lengths.iter().copied().collect::<Vec<_>>(),
                (0..count)
                    .map(|seat| expected[seat].len() + seat)
                    .collect::<Vec<_>>()
            );
        }
    }

    #[test]
    fn a_table_has_one_to_sixty_four_seats() {
        assert_eq!(Seats::try_new(0), None);
        assert_eq!(Seats::try_new(65), None);
        assert_eq!(Seats::try_new(64).map(Seats::count), Some(64));
        assert_eq!(
            serde_json::from_str::<Seats>("0").map_err(|error| error.to_string()),
            Err("a table has 1 to 64 seats, not 0".to_owned())
        );
        assert_eq!(
            serde_json::to_string(&Seats::new(3)).ok(),
            Some("3".to_owned())
        );
    }
}
