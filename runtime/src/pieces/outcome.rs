//! [`Outcome`]: how a finished game ended. A win, a shared win or a draw ([`Finish`]),
//! each seat's place in the final ranking and, for a game that keeps them, its score.

use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use crate::pieces::player::{PlayerIndex, PlayerSet, Seats};

/// Which scores win.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Best {
    /// The highest score wins (most pairs, most chips).
    Highest,
    /// The lowest score wins (Hearts' points).
    Lowest,
}

/// How a finished game ended, in a word: what a player is told first, before the ranking.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Finish {
    /// One seat placed first alone.
    Win(PlayerIndex),
    /// Several seats share the first place, but not every seat (Hearts: two players with
    /// the fewest points).
    SharedWin(PlayerSet),
    /// Every seat of a table of two or more shares the first place (Tic-tac-toe's full
    /// board without a line).
    Draw,
}

/// The result of a finished game: each seat's place in the final ranking and, for a game
/// that keeps them, each seat's score.
///
/// Places follow the standard competition ranking ("1224"): 1 is first, seats that tie
/// share a place, and the place after a tie skips as many as tied. At least one seat is
/// first. [`finish`](Self::finish) says whether that is a win, a shared win or a draw.
///
/// Built by the constructors, which keep that shape: [`win`](Self::win),
/// [`shared_win`](Self::shared_win), [`draw`](Self::draw), [`ranked`](Self::ranked) (from
/// any order, lower first) and [`from_scores`](Self::from_scores); a score may be added to
/// any of them with [`with_scores`](Self::with_scores). Serialized as
/// `{"places":[1,2],"scores":[]}`; reading one checks the same shape.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "OutcomeData")]
pub struct Outcome {
    places: PerSeat<u32>,
    scores: PerSeat<i64>,
}

/// A value per seat, inline up to four seats (as [`PerPlayer`](crate::PerPlayer)'s): the
/// move that ends a game at such a table builds its outcome without touching the
/// allocator (issue 30).
type PerSeat<T> = SmallVec<[T; 4]>;

/// An outcome as written, checked into an [`Outcome`] when read.
#[derive(Deserialize)]
struct OutcomeData {
    places: Vec<u32>,
    #[serde(default)]
    scores: Vec<i64>,
}

impl TryFrom<OutcomeData> for Outcome {
    type Error = String;

    fn try_from(data: OutcomeData) -> Result<Self, Self::Error> {
        if data.places.is_empty() || data.places.len() > Seats::MAX {
            return Err(format!(
                "an outcome places 1 to {} seats, not {}",
                Seats::MAX,
                data.places.len()
            ));
        }
        if !data.scores.is_empty() && data.scores.len() != data.places.len() {
            return Err(format!(
                "an outcome with {} places has {} scores",
                data.places.len(),
                data.scores.len()
            ));
        }
        if competition_places(&data.places).as_slice() != data.places.as_slice() {
            return Err(format!(
                "places {:?} are not a ranking (1 first, ties sharing a place, the next skipping them)",
                data.places
            ));
        }
        Ok(Outcome {
            places: SmallVec::from_vec(data.places),
            scores: SmallVec::from_vec(data.scores),
        })
    }
}

/// The competition places ("1224") of `keys`, seat 0 first, the lowest key first.
fn competition_places<K: Ord>(keys: &[K]) -> PerSeat<u32> {
    keys.iter()
        .map(|key| {
            let ahead = keys.iter().filter(|other| *other < key).count();
            u32::try_from(ahead + 1).unwrap_or(u32::MAX)
        })
        .collect()
}

// The constructors are cold: a game builds its outcome once, at its end, while the engine
// asks `Game::outcome` at every decision; kept out of line, they leave that question small
// enough to inline (Hearts' `outcome` inlined into the engine's refresh: 1,290 instructions
// a simulated deal).
impl Outcome {
    /// `winner` won alone at a table of `seats`: every other seat shares the second
    /// place.
    ///
    /// # Panics
    /// When `winner` is not a seat of the table (a bug of the game).
    #[must_use]
    #[cold]
    pub fn win(winner: PlayerIndex, seats: Seats) -> Self {
        Self::shared_win(PlayerSet::one(winner), seats)
    }

    /// The seats of `winners` share the first place at a table of `seats`; the others
    /// share the place after them. Every seat winning is a [`draw`](Self::draw), which
    /// [`finish`](Self::finish) reports as such.
    ///
    /// # Panics
    /// When `winners` is empty or names a seat outside the table (a bug of the game).
    #[must_use]
    #[cold]
    pub fn shared_win(winners: PlayerSet, seats: Seats) -> Self {
        assert!(!winners.is_empty(), "an outcome needs at least one winner");
        assert!(
            winners.iter().all(|winner| winner.0 < seats.count()),
            "the winners {winners:?} are not all seats of a table of {}",
            seats.count()
        );
        Self::ranked((0..seats.count()).map(|seat| i64::from(!winners.contains(PlayerIndex(seat)))))
    }

    /// Every seat of a table of `seats` shares the first place.
    #[must_use]
    #[cold]
    pub fn draw(seats: Seats) -> Self {
        Self::ranked(std::iter::repeat_n(0, seats.count()))
    }

    /// The ranking of `order` (seat 0 first): the seats with the lowest value are first,
    /// equal values share a place (a finishing order, say, or a number of turns taken).
    ///
    /// # Panics
    /// When `order` is empty (a bug of the game: a game has one seat at least).
    #[must_use]
    #[cold]
    pub fn ranked(order: impl IntoIterator<Item = i64>) -> Self {
        let order: PerSeat<i64> = order.into_iter().collect();
        assert!(!order.is_empty(), "an outcome places at least one seat");
        Outcome {
            places: competition_places(&order),
            scores: SmallVec::new(),
        }
    }

    /// The outcome of final `scores` (seat 0 first), ranked by them: the best score is
    /// first (several when they tie), and the scores are kept.
    ///
    /// # Panics
    /// When `scores` is empty (a bug of the game: a game has one seat at least).
    #[must_use]
    #[cold]
    pub fn from_scores(scores: impl IntoIterator<Item = i64>, best: Best) -> Self {
        let scores: PerSeat<i64> = scores.into_iter().collect();
        let ranked = match best {
            Best::Lowest => Self::ranked(scores.iter().copied()),
            Best::Highest => Self::ranked(scores.iter().map(|&score| score.saturating_neg())),
        };
        ranked.with_scores(scores)
    }

    /// This outcome with each seat's score (seat 0 first), in the game's own unit, shown
    /// beside the places; the places are not changed.
    ///
    /// # Panics
    /// When there is not one score per seat (a bug of the game).
    #[must_use]
    #[cold]
    pub fn with_scores(mut self, scores: impl IntoIterator<Item = i64>) -> Self {
        self.scores = scores.into_iter().collect();
        assert_eq!(
            self.scores.len(),
            self.places.len(),
            "an outcome needs one score per seat"
        );
        self
    }

    /// How the game ended: a win, a shared win or a draw.
    #[must_use]
    pub fn finish(&self) -> Finish {
        let winners = self.winners();
        match winners.len() {
            1 => Finish::Win(winners.first().unwrap_or(PlayerIndex(0))),
            count if count == self.places.len() => Finish::Draw,
            _ => Finish::SharedWin(winners),
        }
    }

    /// Whether every seat shares the first place (at a table of two or more).
    #[must_use]
    pub fn is_draw(&self) -> bool {
        self.finish() == Finish::Draw
    }

    /// The seats placed first: one winner, several who share the win, or every seat in a
    /// draw.
    #[must_use]
    pub fn winners(&self) -> PlayerSet {
        self.places
            .iter()
            .enumerate()
            .filter(|&(_, &place)| place == 1)
            .map(|(seat, _)| PlayerIndex(seat))
            .collect()
    }

    /// Each seat's place, seat 0 first (1 is first; see [`Outcome`]).
    #[must_use]
    pub fn places(&self) -> &[u32] {
        &self.places
    }

    /// The place of `player`; `None` outside the table.
    #[must_use]
    pub fn place(&self, player: PlayerIndex) -> Option<u32> {
        self.places.get(player.0).copied()
    }

    /// Each seat's score, seat 0 first, in the game's own unit (Hearts: points taken,
    /// lower is better); empty for a game without scores.
    #[must_use]
    pub fn scores(&self) -> &[i64] {
        &self.scores
    }

    /// Whether the game keeps scores (a game of pure win and loss does not).
    #[must_use]
    pub fn has_scores(&self) -> bool {
        !self.scores.is_empty()
    }

    /// How well `player` did, in `0.0..=1.0`: the share of the other seats they placed
    /// ahead of, a tie counting half (1 for a win alone, 0.5 in a two-seat draw, 0 for
    /// the last alone). What search agents maximize by default
    /// ([`Search::evaluate`](crate::Search::evaluate)); 1 at a table of one, 0 for a seat
    /// outside the table.
    #[must_use]
    pub fn share(&self, player: PlayerIndex) -> f64 {
        let Some(mine) = self.place(player) else {
            return 0.0;
        };
        let others = self.places.len() - 1;
        if others == 0 {
            return 1.0;
        }
        let beaten = self.places.iter().filter(|&&place| place > mine).count();
        let tied = self.places.iter().filter(|&&place| place == mine).count() - 1;
        (beaten as f64 + 0.5 * tied as f64) / others as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const P0: PlayerIndex = PlayerIndex(0);
    const P1: PlayerIndex = PlayerIndex(1);
    const P2: PlayerIndex = PlayerIndex(2);

    #[test]
    fn places_share_ties_and_skip_after_them() {
        let outcome = Outcome::from_scores([26, 40, 26, 90], Best::Lowest);
        assert_eq!(outcome.places(), [1, 3, 1, 4]);
        assert_eq!(outcome.scores(), [26, 40, 26, 90]);
        assert_eq!(
            outcome.finish(),
            Finish::SharedWin([P0, P2].into_iter().collect())
        );
        let highest = Outcome::from_scores([3, 5, 5], Best::Highest);
        assert_eq!(highest.places(), [3, 1, 1]);
    }

    #[test]
    fn a_win_a_shared_win_and_a_draw_are_told_apart() {
        let three = Seats::new(3);
        assert_eq!(Outcome::win(P1, three).places(), [2, 1, 2]);
        assert_eq!(Outcome::win(P1, three).finish(), Finish::Win(P1));
        assert!(Outcome::draw(Seats::new(2)).is_draw());
        assert_eq!(Outcome::draw(Seats::new(2)).places(), [1, 1]);
        let shared = Outcome::shared_win([P0, P2].into_iter().collect(), three);
        assert_eq!(shared.places(), [1, 3, 1]);
        assert!(!shared.is_draw());
        // A table of one is won, never drawn.
        assert_eq!(Outcome::draw(Seats::new(1)).finish(), Finish::Win(P0));
        assert!(!Outcome::win(P0, Seats::new(2)).has_scores());
    }

    #[test]
    fn shares_count_the_seats_beaten_and_half_the_ties() {
        let two = Seats::new(2);
        assert_eq!(Outcome::win(P0, two).share(P0), 1.0);
        assert_eq!(Outcome::win(P0, two).share(P1), 0.0);
        assert_eq!(Outcome::draw(two).share(P1), 0.5);
        let ranking = Outcome::ranked([1, 2, 2]);
        assert_eq!(ranking.share(P0), 1.0);
        assert_eq!(ranking.share(P1), 0.25);
        assert_eq!(ranking.share(PlayerIndex(7)), 0.0);
    }

    #[test]
    fn reading_checks_the_shape() {
        let outcome: Outcome =
            serde_json::from_str(r#"{"places":[2,1],"scores":[0,3]}"#).expect("an outcome");
        assert_eq!(outcome.finish(), Finish::Win(P1));
        assert_eq!(
            serde_json::to_string(&Outcome::draw(Seats::new(2))).expect("json"),
            r#"{"places":[1,1],"scores":[]}"#
        );
        for (json, error) in [
            (r#"{"places":[]}"#, "an outcome places 1 to 64 seats, not 0"),
            (
                r#"{"places":[1,2],"scores":[1]}"#,
                "an outcome with 2 places has 1 scores",
            ),
            (
                r#"{"places":[1,2,2,3]}"#,
                "places [1, 2, 2, 3] are not a ranking (1 first, ties sharing a place, the next skipping them)",
            ),
            (
                r#"{"places":[2,2]}"#,
                "places [2, 2] are not a ranking (1 first, ties sharing a place, the next skipping them)",
            ),
        ] {
            let refused = serde_json::from_str::<Outcome>(json)
                .err()
                .map(|e| e.to_string());
            assert!(
                refused
                    .as_deref()
                    .is_some_and(|text| text.starts_with(error)),
                "{json}: {refused:?}"
            );
        }
    }
}
