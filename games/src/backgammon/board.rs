//! The checkers of Backgammon: how many each player has on each point, on the bar and
//! off, and what a step of one checker by a die may do (OpenSpiel's `LegalCheckerMoves`).

use meeple::PlayerIndex;
use serde::{Deserialize, Serialize};

use super::POINTS;

/// Where a checker moves from: a point (0 to 23, absolute) or the bar.
///
/// Serialized as `{"point":5}` or `"bar"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    /// A checker on the bar, to enter.
    Bar,
    /// A checker on this point.
    Point(usize),
}

/// Where a checker lands: a point, or off the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// This point (0 to 23, absolute).
    Point(usize),
    /// Borne off.
    Off,
}

impl Target {
    /// The point, unless borne off.
    #[must_use]
    pub fn point(self) -> Option<usize> {
        match self {
            Target::Point(point) => Some(point),
            Target::Off => None,
        }
    }
}

/// The other player.
#[must_use]
pub fn opponent(player: PlayerIndex) -> PlayerIndex {
    PlayerIndex(1 - player.0.min(1))
}

/// Each player's checkers: on each of the 24 points, on the bar, borne off. X (seat 0)
/// moves up from point 0, O (seat 1) down from point 23.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Checkers {
    points: [[u8; POINTS]; 2],
    bar: [u8; 2],
    off: [u8; 2],
}

impl Checkers {
    /// The starting position: X 2 on point 0, 5 on 11, 3 on 16, 5 on 18; O the mirror (2
    /// on 23, 5 on 12, 3 on 7, 5 on 5).
    #[must_use]
    pub fn start() -> Self {
        let mut points = [[0; POINTS]; 2];
        for (point, count) in [(0, 2), (11, 5), (16, 3), (18, 5)] {
            points[0][point] = count;
            points[1][POINTS - 1 - point] = count;
        }
        Checkers {
            points,
            bar: [0; 2],
            off: [0; 2],
        }
    }

    /// A position from each player's checkers per point, on the bar and off: for rules
    /// tests (the classic positions), checked by [`Game::validate_state`](meeple::Game::validate_state)
    /// when a game starts from it.
    #[must_use]
    pub fn from_counts(points: [[u8; POINTS]; 2], bar: [u8; 2], off: [u8; 2]) -> Self {
        Checkers { points, bar, off }
    }

    /// `player`'s checkers on `point`.
    #[must_use]
    pub fn on(&self, player: PlayerIndex, point: usize) -> u8 {
        self.points
            .get(player.0)
            .and_then(|points| points.get(point))
            .copied()
            .unwrap_or(0)
    }

    /// `player`'s checkers on the bar.
    #[must_use]
    pub fn bar(&self, player: PlayerIndex) -> u8 {
        self.bar.get(player.0).copied().unwrap_or(0)
    }

    /// `player`'s checkers borne off.
    #[must_use]
    pub fn off(&self, player: PlayerIndex) -> u8 {
        self.off.get(player.0).copied().unwrap_or(0)
    }

    /// All of `player`'s checkers: on the board, the bar and off (counted wide, so that
    /// no position built by hand wraps around).
    #[must_use]
    pub fn total(&self, player: PlayerIndex) -> u16 {
        let side = usize::from(player.0 != 0);
        self.points[side]
            .iter()
            .map(|&count| u16::from(count))
            .sum::<u16>()
            + u16::from(self.bar[side])
            + u16::from(self.off[side])
    }

    /// The checkers `player` may move from, the furthest from home first: only the bar
    /// while a checker is on it.
    pub fn sources(&self, player: PlayerIndex) -> impl Iterator<Item = Source> + '_ {
        let on_bar = self.bar(player) > 0;
        let up = player.0 == 0;
        let side = usize::from(!up);
        on_bar.then_some(Source::Bar).into_iter().chain(
            (0..POINTS)
                .map(move |at| if up { at } else { POINTS - 1 - at })
                .filter(move |&point| !on_bar && self.points[side][point] > 0)
                .map(Source::Point),
        )
    }

    /// Where a checker of `player` from `source` lands by `pip`: a point, or off; `None`
    /// past the end of the board.
    #[must_use]
    pub fn destination(&self, player: PlayerIndex, source: Source, pip: u8) -> Option<Target> {
        let pip = usize::from(pip);
        let up = player.0 == 0;
        let to = match (source, up) {
            (Source::Bar, true) => pip.checked_sub(1)?,
            (Source::Bar, false) => POINTS.checked_sub(pip)?,
            (Source::Point(point), true) => point + pip,
            (Source::Point(point), false) => match point.checked_sub(pip) {
                Some(to) => to,
                None => return Some(Target::Off),
            },
        };
        Some(if to >= POINTS {
            Target::Off
        } else {
            Target::Point(to)
        })
    }

    /// Whether every checker of `player` still in play is in their home (X 18 to 23, O 0
    /// to 5), none on the bar.
    #[must_use]
    pub fn all_home(&self, player: PlayerIndex) -> bool {
        self.bar(player) == 0
            && (0..POINTS).all(|point| in_home(player, point) || self.on(player, point) == 0)
    }

    /// Whether a checker of `player` from `source` may move by `pip`: it is there, nothing
    /// waits on the bar but it, the point it lands on holds at most one of the other's,
    /// and a checker borne off leaves from the exact point, or by a larger pip from the
    /// furthest point, with every checker home.
    #[must_use]
    pub fn can_step(&self, player: PlayerIndex, source: Source, pip: u8) -> bool {
        let there = match source {
            Source::Bar => self.bar(player) > 0,
            Source::Point(point) => self.bar(player) == 0 && self.on(player, point) > 0,
        };
        if !there {
            return false;
        }
        match self.destination(player, source, pip) {
            None => false,
            Some(Target::Point(to)) => self.on(opponent(player), to) <= 1,
            Some(Target::Off) => {
                let Source::Point(point) = source else {
                    return false;
                };
                if !self.all_home(player) {
                    return false;
                }
                let exact = if player.0 == 0 {
                    point + usize::from(pip) == POINTS
                } else {
                    point + 1 == usize::from(pip)
                };
                // A larger pip bears off only the checker furthest from off.
                exact || !self.further_back(player, point)
            }
        }
    }

    /// Whether `player` has a checker further from off than `point`.
    fn further_back(&self, player: PlayerIndex, point: usize) -> bool {
        if player.0 == 0 {
            (0..point).any(|behind| self.on(player, behind) > 0)
        } else {
            (point + 1..POINTS).any(|behind| self.on(player, behind) > 0)
        }
    }

    /// Whether `player` has any legal step by `pip`.
    #[must_use]
    pub fn has_move(&self, player: PlayerIndex, pip: u8) -> bool {
        self.sources(player)
            .any(|source| self.can_step(player, source, pip))
    }

    /// Moves a checker of `player` from `source` by `pip`, hitting a lone checker of the
    /// other's where it lands; `None`, changing nothing, when the step is not legal.
    pub fn step(&mut self, player: PlayerIndex, source: Source, pip: u8) -> Option<()> {
        if !self.can_step(player, source, pip) {
            return None;
        }
        if let Some(Target::Point(to)) = self.destination(player, source, pip)
            && self.on(opponent(player), to) == 1
        {
            self.hit(opponent(player), to);
        }
        self.step_only(player, source, pip)
    }

    /// Moves a checker of `player` from `source` by `pip`, leaving a checker it lands on to
    /// be hit by a move of its own; `None`, changing nothing, when the step is not legal.
    pub fn step_only(&mut self, player: PlayerIndex, source: Source, pip: u8) -> Option<()> {
        if !self.can_step(player, source, pip) {
            return None;
        }
        let side = usize::from(player.0 != 0);
        match source {
            Source::Bar => self.bar[side] -= 1,
            Source::Point(point) => self.points[side][point] -= 1,
        }
        match self.destination(player, source, pip)? {
            Target::Point(to) => {
                self.points[side][to] = self.points[side][to].saturating_add(1);
            }
            Target::Off => self.off[side] = self.off[side].saturating_add(1),
        }
        Some(())
    }

    /// `player`'s checker on `point` goes to the bar.
    pub fn hit(&mut self, player: PlayerIndex, point: usize) {
        let side = usize::from(player.0 != 0);
        if let Some(count) = self.points[side].get_mut(point)
            && *count > 0
        {
            *count -= 1;
            self.bar[side] = self.bar[side].saturating_add(1);
        }
    }

    /// The most of `dice` (each value once per die, four on a double) that `player` can
    /// play in some order: a depth-first search that stops once all can be.
    #[must_use]
    pub fn most_playable(&self, player: PlayerIndex, dice: &[u8]) -> u8 {
        let mut left = [0; 4];
        let len = dice.len().min(left.len());
        left[..len].copy_from_slice(&dice[..len]);
        let mut best = 0;
        self.search(player, left, len, 0, &mut best);
        best
    }

    /// The search of [`most_playable`](Self::most_playable) over the first `len` of
    /// `dice`, kept on the stack.
    fn search(&self, player: PlayerIndex, dice: [u8; 4], len: usize, depth: u8, best: &mut u8) {
        *best = (*best).max(depth);
        let all = usize::from(depth) + len;
        if len == 0 || usize::from(*best) == all {
            return;
        }
        for at in 0..len {
            let pip = dice[at];
            // A value tried once: the same die again gives the same positions.
            if dice[..at].contains(&pip) {
                continue;
            }
            let mut rest = dice;
            rest[at] = rest[len - 1];
            for source in self.sources(player) {
                let mut after = self.clone();
                if after.step(player, source, pip).is_some() {
                    after.search(player, rest, len - 1, depth + 1, best);
                    if usize::from(*best) == all {
                        return;
                    }
                }
            }
        }
    }

    /// Whether `loser` has a checker on the bar or in `winner`'s home: a backgammon, with
    /// none borne off.
    #[must_use]
    pub fn behind(&self, loser: PlayerIndex, winner: PlayerIndex) -> bool {
        self.bar(loser) > 0
            || (0..POINTS).any(|point| in_home(winner, point) && self.on(loser, point) > 0)
    }
}

/// Whether `point` is in `player`'s home: 18 to 23 for X, 0 to 5 for O.
#[must_use]
pub fn in_home(player: PlayerIndex, point: usize) -> bool {
    if player.0 == 0 {
        point >= POINTS - 6
    } else {
        point < 6
    }
}
