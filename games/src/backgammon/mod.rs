//! Backgammon, with OpenSpiel's rules (`backgammon`, OpenSpiel 2.0.2): two players, X
//! (seat 0) moving its fifteen checkers up the points 0 to 23 (its home 18 to 23) and O
//! (seat 1) down from 23 to 0 (its home 0 to 5); X starts with 2 on point 0, 5 on 11, 3 on
//! 16 and 5 on 18, O the mirror. Each player rolls one die to begin, again on a tie; the
//! higher begins and plays both. Then each turn rolls two dice, and the player moves a
//! checker by each die, four times on a double, onto a point not held by two or more of
//! the other's checkers; landing on a lone checker hits it to the bar, and a player with a
//! checker on the bar must enter it (on the other's home board) before anything else. With
//! every checker home, a player bears off by a die that takes a checker exactly off the
//! board, or by a larger die from the furthest point. Whoever bears off all fifteen wins:
//! a single game, a gammon (2) when the loser bore off none, a backgammon (3) when the
//! loser also has a checker on the bar or in the winner's home.
//!
//! **The move.** A turn is one action, [`PlayDice`] (two on a double), of chained
//! selections: a checker
//! (the point it leaves, or the bar), then the pip it moves by, once per die; a double is
//! played as two such actions, the second when the first used both its dice, as
//! OpenSpiel plays it. A player must use as many of the dice as can be used, and when only
//! one of two dice can be used, the larger if either can: these rules are not written as
//! checks but left to tree-shaking alone. The roll works out how many dice can be played
//! ([`Backgammon::playable`]); each checker selection offers the checkers with a legal
//! move, "no move" only once that many were played, and a prefix that cannot reach that
//! many has no completion, so it is never offered. A turn with no move is played by the
//! engine, as is any selection with one option.
//!
//! **Chance.** The dice are rolled by the engine from the game's seeded chance: the opening
//! roll at the setup ([`BackgammonMove::OpeningRoll`]), then a step of the flow at the
//! start of each later turn ([`BackgammonMove::Roll`]).
//!
//! Where it differs from OpenSpiel: OpenSpiel's opening is one chance outcome among 30
//! (the starter and the roll); here the two players' dice are rolled until they differ,
//! which gives the same odds. OpenSpiel's action holds two checker moves as one number
//! (1,352 of them); here they are four selections. As in OpenSpiel, the rule of the most
//! dice applies to each half of a double, not to all four dice; and a turn limit ends the
//! game with no winner right after the first action of the turn that follows `max_turns`
//! turns, as OpenSpiel's `max_player_turns`.
//!
//! ```
//! use meeple::{Engine, PlayerIndex};
//! use meeple_games::backgammon::{Backgammon, BackgammonConfig};
//!
//! let engine = Engine::<Backgammon>::new(BackgammonConfig::default(), 2, 3)?;
//! let state = engine.position().state();
//! let dice = state.dice().expect("the opening roll");
//! assert_ne!(dice[0], dice[1], "the opening roll is never a double");
//! assert_eq!(state.checkers(PlayerIndex(0), 0), 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod board;
mod view;

#[cfg(test)]
mod tests;

use std::ops::RangeInclusive;

use meeple::flow::{Progress, Step};
use meeple::{
    Action, Actions, Flow, Game, Move, MoveContext, Outcome, PlayerIndex, Search, Seats, Setup,
    SetupError, View,
};
use serde::{Deserialize, Serialize};

pub use board::{Checkers, Source};

/// The table: X and O.
pub const SEATS: Seats = Seats::new(2);

/// The points of the board.
pub const POINTS: usize = 24;

/// Each player's checkers.
pub const CHECKERS: u8 = 15;

/// How the winner scores, as OpenSpiel's `scoring_type`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Scoring {
    /// Every win is worth 1 (OpenSpiel's `winloss_scoring`, the default).
    #[default]
    WinLoss,
    /// A gammon is worth 2 (`enable_gammons`).
    Gammons,
    /// A gammon is worth 2, a backgammon 3 (`full_scoring`).
    Full,
}

/// The table's rules.
///
/// Read from JSON with every field optional (`{"scoring": "full"}`); unknown fields are
/// refused.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct BackgammonConfig {
    /// How the winner scores.
    pub scoring: Scoring,
    /// The turns after which the game ends with no winner (OpenSpiel's
    /// `max_player_turns`, 500 by default): as in OpenSpiel, the game is cut right after
    /// the first action of the turn that follows them (which may still win it); at least
    /// 1.
    pub max_turns: u32,
}

impl Default for BackgammonConfig {
    fn default() -> Self {
        BackgammonConfig {
            scoring: Scoring::default(),
            max_turns: 500,
        }
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "finish")]
pub enum Finish {
    /// `winner` bore off every checker; the game is worth `points` (1, 2 for a gammon, 3
    /// for a backgammon, as the scoring counts them).
    Won {
        /// Who bore off all fifteen.
        winner: PlayerIndex,
        /// What the win is worth.
        points: u8,
    },
    /// The turn limit was reached.
    TurnLimit,
}

/// The state of a game: the checkers, the dice of the turn, and how the game ended.
/// Everything is public.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, View, meeple::Observe)]
pub struct Backgammon {
    #[observe(skip)]
    config: BackgammonConfig,
    /// The checkers on the board, on the bar and borne off.
    checkers: Checkers,
    /// The dice of the turn, low first, once rolled.
    dice: Option<[u8; 2]>,
    /// How many dice the player must play in this action (up to 2; a double is played as
    /// two actions).
    playable: u8,
    /// When only one die of two can be played: the one that must be.
    #[observe(skip)]
    single_die: Option<u8>,
    /// Whether the second half of a double is being played.
    second_half: bool,
    /// The seat that plays the first turn.
    #[observe(skip)]
    first: PlayerIndex,
    /// Turns played.
    #[observe(skip)]
    turns: u32,
    #[observe(skip)]
    finish: Option<Finish>,
}

/// Backgammon hides nothing; its chance is the dice, drawn by the engine: the defaults.
impl Search for Backgammon {}

impl Game for Backgammon {
    type Config = BackgammonConfig;
    type Move = BackgammonMove;
    type Actions = BackgammonAction;
    const NAME: &'static str = "backgammon";
    const PLAYERS: RangeInclusive<usize> = SEATS.count()..=SEATS.count();

    /// The checkers in their starting places; the setup's move is the opening roll.
    ///
    /// # Errors
    /// [`SetupError::Config`] for `max_turns` of 0.
    fn setup(config: &BackgammonConfig, _: Seats) -> Result<Setup<Self>, SetupError> {
        if config.max_turns == 0 {
            return Err(SetupError::Config {
                field: "max_turns",
                reason: "the game needs at least one turn".to_owned(),
            });
        }
        Ok(Setup {
            state: Backgammon::new(config.clone(), Checkers::start(), PlayerIndex(0)),
            moves: vec![BackgammonMove::OpeningRoll],
        })
    }

    /// Every checker on the board, the bar or off (fifteen each); no point holds both
    /// colours; the dice, when rolled, are faces; a finished game has a winner with all
    /// fifteen off.
    ///
    /// # Errors
    /// [`SetupError::State`] saying which of these fails.
    fn validate_state(&self, _: &BackgammonConfig, _: Seats) -> Result<(), SetupError> {
        let invalid = |reason: String| Err(SetupError::State { reason });
        for player in SEATS.iter() {
            let total = self.checkers.total(player);
            if total != u16::from(CHECKERS) {
                return invalid(format!(
                    "{} has {total} checkers, not {CHECKERS}",
                    self.player_name(player)
                ));
            }
        }
        if let Some(point) = (0..POINTS).find(|&point| {
            self.checkers.on(PlayerIndex(0), point) > 0
                && self.checkers.on(PlayerIndex(1), point) > 0
        }) {
            return invalid(format!("point {point} holds checkers of both players"));
        }
        if let Some([low, high]) = self.dice
            && (!(1..=6).contains(&low) || !(1..=6).contains(&high) || low > high)
        {
            return invalid(format!(
                "the dice {low} and {high} are not two faces, low first"
            ));
        }
        if self.first.0 >= SEATS.count() {
            return invalid(format!("{} is not a seat", self.first.0));
        }
        if let Some(player) = SEATS
            .iter()
            .find(|&player| self.checkers.off(player) == CHECKERS)
            && self.finish.is_none()
        {
            return invalid(format!(
                "{} has borne off every checker, but the game goes on",
                self.player_name(player)
            ));
        }
        if let Some(Finish::Won { winner, .. }) = self.finish
            && self.checkers.off(winner) != CHECKERS
        {
            return invalid(format!(
                "{} is said to have won without bearing off every checker",
                self.player_name(winner)
            ));
        }
        Ok(())
    }

    /// Round after round, each player in turn from the one who won the opening roll: a
    /// roll (but on the first turn, which plays the opening roll), then the move.
    fn flow() -> Flow<Self> {
        Flow::new(Step::forever(
            "rounds",
            [Step::each_player(
                "turns",
                |game, _| game.first,
                [
                    Step::when(
                        |game: &Backgammon, _| game.dice.is_none(),
                        [Step::moves("roll", |_, flow, moves| {
                            if let Some(player) = flow.turn() {
                                moves.push(BackgammonMove::Roll { player });
                            }
                        })],
                    ),
                    Step::turn("move")
                        .offering::<PlayDice>()
                        .repeated_while(|game, _| game.dice.is_some()),
                ],
            )],
        ))
    }

    /// A move in words: see the game's view module.
    fn describe_move(&self, applied: &BackgammonMove, viewer: meeple::Viewer) -> Option<String> {
        self.move_in_words(applied, viewer)
    }

    /// A win worth its points (the loser's score their negative), or a draw at the turn
    /// limit.
    fn outcome(&self) -> Option<Outcome> {
        Some(match self.finish? {
            Finish::Won { winner, points } => {
                let points = i64::from(points);
                Outcome::win(winner, SEATS).with_scores(
                    SEATS
                        .iter()
                        .map(|seat| if seat == winner { points } else { -points }),
                )
            }
            Finish::TurnLimit => Outcome::draw(SEATS),
        })
    }

    /// `X` and `O`.
    fn player_name(&self, player: PlayerIndex) -> String {
        if player.0 == 0 { "X" } else { "O" }.to_owned()
    }

    /// The first full play the rules allow, checkers from the furthest back first: what a
    /// player out of time plays.
    fn timeout_action(&self, _flow: Progress<'_>, player: PlayerIndex) -> Option<BackgammonAction> {
        let plays = self.first_full_play(player)?;
        Some(BackgammonAction::PlayDice(PlayDice::from_steps(&plays)))
    }

    /// The board as two rows of points, the bar and the checkers off, the dice.
    fn scene(&self, _viewer: meeple::Viewer, seats: Seats) -> meeple::scene::Scene {
        self.draw_scene(seats)
    }
}

/// One checker step of a play: the checker (the point it leaves, or the bar) and the pip;
/// `(None, None)` once no die is left to play.
pub type CheckerStep = (Option<Source>, Option<u8>);

impl Backgammon {
    /// A game in `checkers`'s position, `to_move` to play, no dice rolled yet: for rules
    /// tests and puzzles, with [`Backgammon::with_dice`] to set the roll.
    #[must_use]
    pub fn new(config: BackgammonConfig, checkers: Checkers, to_move: PlayerIndex) -> Self {
        Backgammon {
            config,
            checkers,
            dice: None,
            playable: 0,
            single_die: None,
            second_half: false,
            first: to_move,
            turns: 0,
            finish: None,
        }
    }

    /// This position with `dice` rolled for the player to move (the first seat of the
    /// flow): what the rules then allow is worked out as after a roll.
    ///
    /// # Errors
    /// [`SetupError::State`] for a die outside 1 to 6.
    pub fn with_dice(mut self, dice: [u8; 2]) -> Result<Self, SetupError> {
        if dice.iter().any(|die| !(1..=6).contains(die)) {
            return Err(SetupError::State {
                reason: format!("the dice {} and {} are not two faces", dice[0], dice[1]),
            });
        }
        self.set_dice(self.first, dice);
        Ok(self)
    }

    /// The checkers.
    #[must_use]
    pub fn board(&self) -> &Checkers {
        &self.checkers
    }

    /// `player`'s checkers on `point` (0 to 23, absolute).
    #[must_use]
    pub fn checkers(&self, player: PlayerIndex, point: usize) -> u8 {
        self.checkers.on(player, point)
    }

    /// The dice of the turn, low first, once rolled.
    #[must_use]
    pub fn dice(&self) -> Option<[u8; 2]> {
        self.dice
    }

    /// How many dice the player must play in this action: 0 to 2 (each half of a double is
    /// an action of its own).
    #[must_use]
    pub fn playable(&self) -> u8 {
        self.playable
    }

    /// How the game ended, once it has.
    #[must_use]
    pub fn finish(&self) -> Option<Finish> {
        self.finish
    }

    /// Turns played so far.
    #[must_use]
    pub fn turns(&self) -> u32 {
        self.turns
    }

    /// The dice the player may use in this action, once each (a double's two halves use
    /// its two dice each), as the first `len` of an array.
    fn roll_dice(&self) -> ([u8; 4], usize) {
        match self.dice {
            Some([low, high]) => ([low, high, 0, 0], 2),
            None => ([0; 4], 0),
        }
    }

    /// Sets the dice rolled for `player`, low first, and works out how many can be played
    /// and, when one of two, which.
    fn set_dice(&mut self, player: PlayerIndex, mut dice: [u8; 2]) {
        dice.sort_unstable();
        self.dice = Some(dice);
        self.second_half = false;
        self.work_out_playable(player);
    }

    /// Works out how many of the dice `player` can play in this action and, when one of
    /// two different dice, which.
    fn work_out_playable(&mut self, player: PlayerIndex) {
        let Some(dice) = self.dice else {
            return;
        };
        let (available, len) = self.roll_dice();
        self.playable = self.checkers.most_playable(player, &available[..len]);
        self.single_die = None;
        if self.playable == 1 && dice[0] != dice[1] {
            // Either die may be playable alone: the larger must be played when it is.
            self.single_die = [dice[1], dice[0]]
                .into_iter()
                .find(|&die| self.checkers.has_move(player, die));
        }
    }

    /// The checkers after the real steps of `prior`, with the dice left (the first `len`
    /// of the array); `None` when a step is not legal there.
    fn after(
        &self,
        player: PlayerIndex,
        prior: &[CheckerStep],
    ) -> Option<(Checkers, [u8; 4], usize)> {
        let mut checkers = self.checkers.clone();
        let (mut dice, mut len) = self.roll_dice();
        for &(source, pip) in prior {
            let (Some(source), Some(pip)) = (source, pip) else {
                continue;
            };
            let at = dice[..len].iter().position(|&die| die == pip)?;
            checkers.step(player, source, pip)?;
            dice[at] = dice[len - 1];
            len -= 1;
        }
        Some((checkers, dice, len))
    }

    /// The checkers `player` may move next, after `prior` steps of the turn: the bar or
    /// points with a legal step by a die left (the larger one when only one of two can be
    /// played); only "no move" once the dice that can be played were. Kept on the stack:
    /// tree-shaking asks this at every node of every turn's walk.
    pub fn checker_options(
        &self,
        player: PlayerIndex,
        prior: &[CheckerStep],
    ) -> impl Iterator<Item = Option<Source>> + use<> {
        let mut options = [None; POINTS + 2];
        let mut count = 0;
        let played = prior.iter().filter(|(source, _)| source.is_some()).count();
        if played >= usize::from(self.playable) {
            count = 1;
        } else if let Some((checkers, dice, len)) = self.after(player, prior) {
            for source in checkers.sources(player) {
                if self
                    .allowed_dice(&dice[..len])
                    .any(|die| checkers.can_step(player, source, die))
                {
                    options[count] = Some(source);
                    count += 1;
                }
            }
        }
        options.into_iter().take(count)
    }

    /// The pips `player` may move `source` by, after `prior` steps: the dice left with a
    /// legal step from there; only none for "no move".
    pub fn pip_options(
        &self,
        player: PlayerIndex,
        prior: &[CheckerStep],
        source: Option<Source>,
    ) -> impl Iterator<Item = Option<u8>> + use<> {
        let mut pips = [None; 4];
        let mut count = 0;
        match source {
            None => count = 1,
            Some(source) => {
                if let Some((checkers, dice, len)) = self.after(player, prior) {
                    for die in self.allowed_dice(&dice[..len]) {
                        if checkers.can_step(player, source, die)
                            && !pips[..count].contains(&Some(die))
                        {
                            pips[count] = Some(die);
                            count += 1;
                        }
                    }
                }
            }
        }
        pips[..count].sort_unstable();
        pips.into_iter().take(count)
    }

    /// The dice of `left` that may be played: all of them, but only the one that must be
    /// when one of two can be played.
    fn allowed_dice<'a>(&self, left: &'a [u8]) -> impl Iterator<Item = u8> + 'a {
        let single = self.single_die;
        left.iter()
            .copied()
            .filter(move |&die| single.is_none_or(|single| single == die))
    }

    /// The moves of a play of `steps` by `player`: each checker's step (a hit sends the
    /// checker hit to the bar), then the end of the turn.
    #[must_use]
    pub fn play_moves(&self, player: PlayerIndex, steps: &[CheckerStep]) -> Vec<BackgammonMove> {
        let mut moves = Vec::new();
        let mut checkers = self.checkers.clone();
        for &(source, pip) in steps {
            let (Some(source), Some(pip)) = (source, pip) else {
                continue;
            };
            let to = checkers.destination(player, source, pip);
            let hit = to
                .and_then(|to| to.point())
                .is_some_and(|point| checkers.on(board::opponent(player), point) == 1);
            if checkers.step(player, source, pip).is_none() {
                break;
            }
            moves.push(BackgammonMove::Moved {
                player,
                from: source,
                pip,
                hit,
            });
        }
        moves.push(BackgammonMove::Played {
            player,
            steps: u8::try_from(moves.len()).unwrap_or(u8::MAX),
        });
        moves
    }

    /// The first play of the most dice the rules allow, by a depth-first search over the
    /// checker options in order (the furthest back first).
    fn first_full_play(&self, player: PlayerIndex) -> Option<Vec<CheckerStep>> {
        fn search(game: &Backgammon, player: PlayerIndex, prior: &mut Vec<CheckerStep>) -> bool {
            if prior.len() == 2 {
                return true;
            }
            for source in game.checker_options(player, prior) {
                for pip in game.pip_options(player, prior, source) {
                    prior.push((source, pip));
                    if search(game, player, prior) {
                        return true;
                    }
                    prior.pop();
                }
            }
            false
        }
        let mut prior = Vec::new();
        search(self, player, &mut prior).then_some(prior)
    }

    /// What a win by `winner` is worth under the table's scoring.
    fn points(&self, winner: PlayerIndex) -> u8 {
        let loser = board::opponent(winner);
        let gammon = self.checkers.off(loser) == 0;
        let backgammon = gammon && self.checkers.behind(loser, winner);
        match self.config.scoring {
            Scoring::WinLoss => 1,
            Scoring::Gammons => 1 + u8::from(gammon),
            Scoring::Full => 1 + u8::from(gammon) + u8::from(backgammon),
        }
    }
}

/// A step of Backgammon: `OpeningRoll` at the setup, then for each turn `Roll` (but the
/// first), the checkers `Moved` one by one (`Hit` after a step that hits), `Played`, then
/// `TurnEnded` (but after the first half of a double), and `Ended` when a player has borne
/// off every checker or the turn limit is reached.
///
/// Serialized with a `move` tag: `{"move":"moved","player":0,"from":{"point":0},"pip":3,"hit":false}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "move", rename_all = "snake_case")]
pub enum BackgammonMove {
    /// Each player rolls one die, again until they differ: the higher begins, and plays
    /// both ([`Rolled`](Self::Rolled)).
    OpeningRoll,
    /// `player` rolls two dice ([`Rolled`](Self::Rolled)).
    Roll {
        /// Who rolls.
        player: PlayerIndex,
    },
    /// The dice `player` plays this turn.
    Rolled {
        /// Who plays them.
        player: PlayerIndex,
        /// The dice, as rolled.
        dice: [u8; 2],
    },
    /// `player` moves the checker `from` by `pip`; `hit` when it lands on a lone checker
    /// of the other's, which goes to the bar ([`Hit`](Self::Hit)).
    Moved {
        /// Whose checker.
        player: PlayerIndex,
        /// The point it leaves, or the bar.
        from: Source,
        /// The pips moved.
        pip: u8,
        /// Whether it hits.
        hit: bool,
    },
    /// `player`'s lone checker on `point` is hit, and goes to the bar.
    Hit {
        /// Whose checker is hit.
        player: PlayerIndex,
        /// Where it was.
        point: usize,
    },
    /// `player` played `steps` dice: the turn ends, but after the first half of a double
    /// that used both its dice, when the second half is to be played.
    Played {
        /// Who played.
        player: PlayerIndex,
        /// How many dice they played.
        steps: u8,
    },
    /// `player`'s turn is over: the dice are put away.
    TurnEnded {
        /// Whose turn.
        player: PlayerIndex,
    },
    /// The game is over.
    Ended(Finish),
}

impl Move<Backgammon> for BackgammonMove {
    fn apply(&self, game: &mut Backgammon, next: &mut MoveContext<'_, Self>) {
        match *self {
            BackgammonMove::OpeningRoll => {
                let (x, o) = loop {
                    let x = next.chance().roll(1, 6);
                    let o = next.chance().roll(1, 6);
                    if x != o {
                        break (x, o);
                    }
                };
                let player = PlayerIndex(usize::from(o > x));
                let dice = [x, o].map(|die| u8::try_from(die).unwrap_or(1));
                next.then(BackgammonMove::Rolled { player, dice });
            }
            BackgammonMove::Roll { player } => {
                let dice = [next.chance().roll(1, 6), next.chance().roll(1, 6)]
                    .map(|die| u8::try_from(die).unwrap_or(1));
                next.then(BackgammonMove::Rolled { player, dice });
            }
            BackgammonMove::Rolled { player, dice } => {
                if game.turns == 0 {
                    game.first = player;
                }
                game.set_dice(player, dice);
            }
            BackgammonMove::Moved {
                player, from, pip, ..
            } => {
                let to = game.checkers.destination(player, from, pip);
                if let Some(point) = to.and_then(|to| to.point())
                    && game.checkers.on(board::opponent(player), point) == 1
                {
                    next.then(BackgammonMove::Hit {
                        player: board::opponent(player),
                        point,
                    });
                }
                // The checker hit, if any, goes to the bar by the `Hit` pushed above.
                let stepped = game.checkers.step_only(player, from, pip);
                debug_assert!(stepped.is_some(), "{self:?}");
            }
            BackgammonMove::Hit { player, point } => game.checkers.hit(player, point),
            BackgammonMove::Played { player, steps } => {
                let double = game.dice.is_some_and(|[low, high]| low == high);
                // The first action of the turn after the last one ends the game, as
                // OpenSpiel's cut-off does, even in the middle of a double.
                let past_limit = game.turns >= game.config.max_turns;
                if double
                    && !game.second_half
                    && steps == 2
                    && !past_limit
                    && game.checkers.off(player) < CHECKERS
                {
                    game.second_half = true;
                    game.work_out_playable(player);
                } else {
                    next.then(BackgammonMove::TurnEnded { player });
                }
            }
            BackgammonMove::TurnEnded { player } => {
                game.dice = None;
                game.playable = 0;
                game.single_die = None;
                game.second_half = false;
                game.turns += 1;
                if game.checkers.off(player) == CHECKERS {
                    let points = game.points(player);
                    next.then(BackgammonMove::Ended(Finish::Won {
                        winner: player,
                        points,
                    }));
                } else if game.turns > game.config.max_turns {
                    next.then(BackgammonMove::Ended(Finish::TurnLimit));
                }
            }
            BackgammonMove::Ended(finish) => game.finish = Some(finish),
        }
    }
}

/// Play the dice: a checker, then the pips it moves, for each die, as many as can be
/// played; "no move" (`null`) for a step left over. A double is played twice, by two of
/// these actions. Submitted as `{"action":"play_dice","selections":{"checker1":{"point":0},
/// "pip1":3,"checker2":{"point":11},"pip2":5}}`.
#[derive(Clone, Debug, PartialEq, Eq, Action)]
#[action(
    prompt = "Move your checkers",
    condition = game.dice.is_some(),
    description = "{player} is moving",
    behaviour = game.play_moves(player, &[(*checker1, *pip1), (*checker2, *pip2)])
)]
pub struct PlayDice {
    /// The first checker to move.
    #[choose_on_board(game.checker_options(player, &[]), label = game.source_label(player, *checker1), prompt = "Which checker?")]
    pub checker1: Option<Source>,
    /// Its pips.
    #[choose_from(game.pip_options(player, &[], *checker1), label = game.pip_label(*pip1), prompt = "By which die?")]
    pub pip1: Option<u8>,
    /// The second checker.
    #[choose_on_board(game.checker_options(player, &[(*checker1, *pip1)]), label = game.source_label(player, *checker2), prompt = "Which checker next?")]
    pub checker2: Option<Source>,
    /// Its pips.
    #[choose_from(game.pip_options(player, &[(*checker1, *pip1)], *checker2), label = game.pip_label(*pip2), prompt = "By which die?")]
    pub pip2: Option<u8>,
}

impl PlayDice {
    /// The play of `steps` (up to two; missing ones are "no move").
    #[must_use]
    pub fn from_steps(steps: &[CheckerStep]) -> Self {
        let step = |at: usize| steps.get(at).copied().unwrap_or((None, None));
        PlayDice {
            checker1: step(0).0,
            pip1: step(0).1,
            checker2: step(1).0,
            pip2: step(1).1,
        }
    }
}

/// Every action of Backgammon.
#[derive(Clone, Debug, PartialEq, Eq, Actions)]
#[actions(game = Backgammon)]
pub enum BackgammonAction {
    /// See [`PlayDice`].
    PlayDice(PlayDice),
}

/// A checker's source as a distinct action, for learning agents: the point (0 to 23), or
/// 24 for the bar.
impl meeple::Distinct<Backgammon> for Source {
    fn count(_game: &Backgammon) -> usize {
        POINTS + 1
    }

    fn index(&self, _game: &Backgammon) -> usize {
        match *self {
            Source::Point(point) => point,
            Source::Bar => POINTS,
        }
    }
}

/// A pip as a distinct action: the die less one.
impl meeple::Distinct<Backgammon> for u8 {
    fn count(_game: &Backgammon) -> usize {
        6
    }

    fn index(&self, _game: &Backgammon) -> usize {
        usize::from(self.saturating_sub(1))
    }
}

/// Each player's checkers per point, on the bar and off, written relative to the observer.
impl meeple::Observe<Backgammon> for Checkers {
    fn layout(
        _value: Option<&Self>,
        _game: &Backgammon,
        name: &str,
        layout: &mut meeple::ObservationLayout,
    ) {
        layout.push(name, vec![2, POINTS + 2]);
    }

    fn observe(&self, _game: &Backgammon, observer: &mut meeple::Observer<'_>) {
        for offset in 0..2 {
            let player = observer.absolute(offset);
            for point in 0..POINTS {
                observer.push(f32::from(self.on(player, point)));
            }
            observer.push(f32::from(self.bar(player)));
            observer.push(f32::from(self.off(player)));
        }
    }
}
