//! Liar's Dice, with OpenSpiel's rules (`liars_dice`, OpenSpiel 2.0.2, its default
//! `reset-face` bidding): each player rolls their dice (one each by default) behind a cup,
//! seen by nobody else. In turn, from the first seat, a player either bids, claiming that
//! at least `quantity` dice on the table show `face`, a bid higher than the last (more
//! dice, or as many dice of a higher face), or calls the last bidder a liar. The call
//! ends the game: every die is shown, each 6 counting for any face (the highest face is
//! wild, as in OpenSpiel), and the bidder wins if the bid holds, else the caller wins. The
//! first player must bid; after the highest bid (every die a 6) only the call is left.
//!
//! The dice are rolled by the engine at the setup ([`LiarsDiceMove::Roll`], drawn from the
//! game's seeded chance), and each player's are hidden from the others in every view
//! (`#[view(others = hidden)]`) until the call shows them all
//! ([`LiarsDiceMove::Revealed`]). A bid is two `choose_number` selections, the quantity
//! then the face, each preselecting the lowest legal bid (`initial`), the face validated
//! to rise above the last bid; tree-shaking leaves out a quantity with no face that rises.
//!
//! Where it differs from OpenSpiel: OpenSpiel's game is for two players only; here 2 to
//! 6 play, in turn from seat 0, and one call still ends the game: the caller or the
//! bidder wins, the other loses, and the other seats tie between them. The dice of each
//! player are sorted, as OpenSpiel sorts them after the roll.
//!
//! ```
//! use meeple::{Engine, PlayerIndex, Submission};
//! use meeple_games::liars_dice::{LiarsDice, LiarsDiceConfig};
//!
//! let mut engine = Engine::<LiarsDice>::new(LiarsDiceConfig::default(), 2, 7)?;
//! engine.submit_submission(
//!     PlayerIndex(0),
//!     &Submission::new("make_bid").with("quantity", 1).with("face", 4),
//! )?;
//! engine.submit_submission(PlayerIndex(1), &Submission::new("call_liar"))?;
//! assert!(engine.position().outcome().is_some());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod view;

#[cfg(test)]
mod tests;

use std::fmt;
use std::ops::RangeInclusive;

use meeple::flow::{Progress, Step};
use meeple::{
    Action, Actions, Best, Chance, Flow, Game, Move, MoveContext, Outcome, PerPlayer, PlayerIndex,
    Search, Seats, Setup, SetupError, View, Viewer,
};
use serde::{Deserialize, Serialize};

/// The faces of a die, 1 to 6; the highest is wild.
pub const FACES: u8 = 6;

/// How many dice each player rolls, and the table's rules.
///
/// Read from JSON with every field optional (`{"dice": 2}`); unknown fields are refused.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct LiarsDiceConfig {
    /// Dice per player: 1 (OpenSpiel's default) to [`MAX_DICE`](Self::MAX_DICE).
    pub dice: u8,
}

impl Default for LiarsDiceConfig {
    fn default() -> Self {
        LiarsDiceConfig { dice: 1 }
    }
}

impl LiarsDiceConfig {
    /// The most dice a player may roll.
    pub const MAX_DICE: u8 = 5;

    /// Checks the config.
    ///
    /// # Errors
    /// [`SetupError::Config`] when `dice` is not in `1..=5`.
    pub fn validate(&self) -> Result<(), SetupError> {
        if (1..=Self::MAX_DICE).contains(&self.dice) {
            Ok(())
        } else {
            Err(SetupError::Config {
                field: "dice",
                reason: format!(
                    "each player rolls 1 to {} dice, not {}",
                    Self::MAX_DICE,
                    self.dice
                ),
            })
        }
    }
}

/// One player's dice, their faces in increasing order (as OpenSpiel sorts them); empty
/// in a view of another player's, before the call. Up to
/// [`LiarsDiceConfig::MAX_DICE`], kept inline: a roll allocates nothing.
///
/// Serialized as the list of faces: `[2, 5]`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "Vec<u8>", into = "Vec<u8>")]
pub struct Dice {
    faces: [u8; LiarsDiceConfig::MAX_DICE as usize],
    len: u8,
}

impl TryFrom<Vec<u8>> for Dice {
    type Error = String;

    /// The dice of `faces`, sorted; refused past five dice or for a face outside 1 to 6.
    fn try_from(faces: Vec<u8>) -> Result<Self, String> {
        Dice::new(&faces)
    }
}

impl From<Dice> for Vec<u8> {
    fn from(dice: Dice) -> Vec<u8> {
        dice.faces().to_vec()
    }
}

impl Dice {
    /// The dice showing `faces`, sorted.
    ///
    /// # Errors
    /// More than [`LiarsDiceConfig::MAX_DICE`] faces, or a face outside 1 to 6, said in
    /// words.
    pub fn new(faces: &[u8]) -> Result<Self, String> {
        let mut dice = Dice::default();
        if faces.len() > dice.faces.len() {
            return Err(format!(
                "a player rolls at most {} dice, not {}",
                dice.faces.len(),
                faces.len()
            ));
        }
        if let Some(face) = faces.iter().find(|face| !(1..=FACES).contains(face)) {
            return Err(format!("a die shows 1 to 6, not {face}"));
        }
        dice.faces[..faces.len()].copy_from_slice(faces);
        dice.len = u8::try_from(faces.len()).unwrap_or(0);
        dice.faces[..faces.len()].sort_unstable();
        Ok(dice)
    }

    /// The faces, low first.
    #[must_use]
    pub fn faces(&self) -> &[u8] {
        &self.faces[..usize::from(self.len)]
    }

    /// Whether there is no die: another seat's dice in a view, before the call.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// How many of these dice count for `face`: those that show it, and the 6s (wild)
    /// whatever the face.
    #[must_use]
    pub fn matching(&self, face: u8) -> usize {
        self.faces()
            .iter()
            .filter(|&&shown| shown == face || shown == FACES)
            .count()
    }
}

impl fmt::Display for Dice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let faces: Vec<String> = self.faces().iter().map(u8::to_string).collect();
        f.write_str(&faces.join(" "))
    }
}

/// A player's dice as a learning agent observes them: how many show each face, shape
/// `[6]` (all 0 for dice it may not see).
impl meeple::Observe<LiarsDice> for Dice {
    fn layout(
        _value: Option<&Self>,
        _game: &LiarsDice,
        name: &str,
        layout: &mut meeple::ObservationLayout,
    ) {
        layout.push(name, vec![usize::from(FACES)]);
    }

    fn observe(&self, _game: &LiarsDice, observer: &mut meeple::Observer<'_>) {
        let mut counts = [0.0_f32; FACES as usize];
        for &face in self.faces() {
            if let Some(count) = counts.get_mut(usize::from(face).wrapping_sub(1)) {
                *count += 1.0;
            }
        }
        for count in counts {
            observer.push(count);
        }
    }
}

/// A claim that at least `quantity` dice on the table show `face` (6s counting for any
/// face).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Bid {
    /// How many dice, at least.
    pub quantity: u8,
    /// Which face, 1 to 6.
    pub face: u8,
}

impl Bid {
    /// The bid's rank, OpenSpiel's action id: `(quantity - 1) * 6 + face - 1`; a bid is
    /// higher than another exactly when its rank is.
    #[must_use]
    pub fn rank(self) -> usize {
        usize::from(self.quantity.saturating_sub(1)) * usize::from(FACES)
            + usize::from(self.face.saturating_sub(1))
    }
}

impl Bid {
    /// The bid in words: `2 dice showing 4`, `1 die showing 6`.
    #[must_use]
    pub fn words(self) -> String {
        format!("{} showing {}", dice_count(self.quantity), self.face)
    }
}

/// `quantity` dice in words: `1 die`, `2 dice`.
#[must_use]
pub fn dice_count(quantity: u8) -> String {
    if quantity == 1 {
        "1 die".to_owned()
    } else {
        format!("{quantity} dice")
    }
}

/// OpenSpiel's notation, `quantity-face`: `2-4`.
impl fmt::Display for Bid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.quantity, self.face)
    }
}

/// The last bid as a learning agent observes it: one-hot of its rank among every bid of
/// the table, shape `[dice on the table * 6]`.
impl meeple::Observe<LiarsDice> for Bid {
    fn layout(
        _value: Option<&Self>,
        game: &LiarsDice,
        name: &str,
        layout: &mut meeple::ObservationLayout,
    ) {
        layout.push(name, vec![game.bids_possible()]);
    }

    fn observe(&self, game: &LiarsDice, observer: &mut meeple::Observer<'_>) {
        observer.one_hot(self.rank(), game.bids_possible());
    }
}

/// How a game ended: who called whom a liar on which bid, how many dice matched it, who
/// won and who lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Finish {
    /// Who called.
    pub caller: PlayerIndex,
    /// Whose bid was called.
    pub bidder: PlayerIndex,
    /// The bid called.
    pub bid: Bid,
    /// The dice that count for its face, 6s included.
    pub matching: usize,
    /// The bidder when the bid holds, else the caller.
    pub winner: PlayerIndex,
    /// The other of the two.
    pub loser: PlayerIndex,
}

/// The state of a game: each player's dice (only their owner sees them, until the call),
/// the bids made, and how the game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, View, meeple::Observe)]
pub struct LiarsDice {
    /// Dice per player (the config's).
    #[observe(skip)]
    dice_each: u8,
    /// Each seat's dice: only their owner sees them.
    #[view(others = hidden)]
    dice: PerPlayer<Dice>,
    /// Every bid made, in order, with its bidder.
    #[observe(skip)]
    bids: Vec<(PlayerIndex, Bid)>,
    /// The last bid, for learning agents.
    last_bid: Option<Bid>,
    /// Who made it.
    last_bidder: Option<PlayerIndex>,
    /// Every seat's dice, once the call showed them.
    #[observe(skip)]
    shown: Option<PerPlayer<Dice>>,
    #[observe(skip)]
    finish: Option<Finish>,
}

impl Game for LiarsDice {
    type Config = LiarsDiceConfig;
    type Move = LiarsDiceMove;
    type Actions = LiarsDiceAction;
    const NAME: &'static str = "liars_dice";
    const PLAYERS: RangeInclusive<usize> = 2..=6;

    /// No dice yet: the setup's move rolls them ([`LiarsDiceMove::Roll`]).
    ///
    /// # Errors
    /// [`SetupError::Config`] for a config [`LiarsDiceConfig::validate`] refuses.
    fn setup(config: &LiarsDiceConfig, seats: Seats) -> Result<Setup<Self>, SetupError> {
        config.validate()?;
        Ok(Setup {
            state: LiarsDice {
                dice_each: config.dice,
                dice: PerPlayer::from_fn(seats, |_| Dice::default()),
                bids: Vec::new(),
                last_bid: None,
                last_bidder: None,
                shown: None,
                finish: None,
            },
            moves: vec![LiarsDiceMove::Roll],
        })
    }

    /// Turn after turn from seat 0: a bid or a call, until the call ends the game.
    fn flow() -> Flow<Self> {
        Flow::new(Step::forever(
            "rounds",
            [Step::each_player(
                "turns",
                |_, _| PlayerIndex(0),
                [Step::turn("bid")
                    .offering::<MakeBid>()
                    .offering::<CallLiar>()],
            )],
        ))
    }

    /// A move in words for `viewer`: see the game's view module.
    fn describe_move(&self, applied: &LiarsDiceMove, viewer: Viewer) -> Option<String> {
        self.move_in_words(applied, viewer)
    }

    /// The winner first, the loser last, any other seat between them.
    fn outcome(&self) -> Option<Outcome> {
        let finish = self.finish?;
        let scores = (0..self.dice.len()).map(|seat| {
            if PlayerIndex(seat) == finish.winner {
                1
            } else if PlayerIndex(seat) == finish.loser {
                -1
            } else {
                0
            }
        });
        Some(Outcome::from_scores(scores, Best::Highest))
    }

    /// The lowest bid that rises, or the call when no bid rises: what a player out of time
    /// plays (a bid keeps the game going at the least risk).
    fn timeout_action(&self, _flow: Progress<'_>, _player: PlayerIndex) -> Option<LiarsDiceAction> {
        Some(match self.lowest_bid() {
            Some(bid) => LiarsDiceAction::MakeBid(MakeBid {
                quantity: bid.quantity,
                face: bid.face,
            }),
            None => LiarsDiceAction::CallLiar(CallLiar),
        })
    }

    /// Each seat's dice, face up for the viewer's own and after the call; the bids.
    fn scene(&self, viewer: Viewer, seats: Seats) -> meeple::scene::Scene {
        self.draw_scene(viewer, seats)
    }
}

/// The dice hidden from `player` are rolled again: a world consistent with what they see.
impl Search for LiarsDice {
    fn determinize(&self, player: PlayerIndex, chance: &mut Chance) -> Self {
        let mut world = self.clone();
        if world.shown.is_none() {
            for (seat, dice) in world.dice.iter_mut().enumerate() {
                if PlayerIndex(seat) != player {
                    *dice = roll(world.dice_each, chance);
                }
            }
        }
        world
    }
}

/// `count` dice rolled from `chance`, sorted.
fn roll(count: u8, chance: &mut Chance) -> Dice {
    let mut dice = Dice::default();
    for face in dice.faces.iter_mut().take(usize::from(count)) {
        *face = u8::try_from(chance.roll(1, i64::from(FACES))).unwrap_or(1);
    }
    dice.len = count.min(LiarsDiceConfig::MAX_DICE);
    dice.faces[..usize::from(dice.len)].sort_unstable();
    dice
}

impl LiarsDice {
    /// A game whose dice are rolled already: `dice[seat]` are that seat's faces (sorted
    /// here), no bid made. For rules tests and puzzles, started with
    /// [`meeple::Engine::from_start`] at a table of `dice.len()` seats.
    ///
    /// # Errors
    /// [`SetupError::State`] for fewer than 2 or more than 6 seats, seats with different
    /// numbers of dice, a number of dice outside `1..=5`, or a face outside `1..=6`.
    pub fn with_dice(dice: &[&[u8]]) -> Result<Self, SetupError> {
        let invalid = |reason: String| Err(SetupError::State { reason });
        if !Self::PLAYERS.contains(&dice.len()) {
            return invalid(format!("2 to 6 players roll, not {}", dice.len()));
        }
        let each = dice.first().map_or(0, |first| first.len());
        if dice.iter().any(|faces| faces.len() != each) {
            return invalid("every player rolls as many dice".to_owned());
        }
        let dice_each = u8::try_from(each).unwrap_or(u8::MAX);
        LiarsDiceConfig { dice: dice_each }
            .validate()
            .map_err(|error| SetupError::State {
                reason: error.to_string(),
            })?;
        if let Some(face) = dice
            .iter()
            .flat_map(|faces| faces.iter())
            .find(|face| !(1..=FACES).contains(face))
        {
            return invalid(format!("a die shows 1 to 6, not {face}"));
        }
        let seats = Seats::new(dice.len());
        Ok(LiarsDice {
            dice_each,
            dice: PerPlayer::from_fn(seats, |seat| {
                dice.get(seat.0)
                    .and_then(|faces| Dice::new(faces).ok())
                    .unwrap_or_default()
            }),
            bids: Vec::new(),
            last_bid: None,
            last_bidder: None,
            shown: None,
            finish: None,
        })
    }

    /// How many dice lie on the table, all players together.
    #[must_use]
    pub fn total_dice(&self) -> u8 {
        let seats = u8::try_from(self.dice.len()).unwrap_or(u8::MAX);
        seats.saturating_mul(self.dice_each)
    }

    /// How many different bids the table allows: every quantity up to the dice on the
    /// table, of each face (OpenSpiel's bid ids, the call aside).
    #[must_use]
    pub fn bids_possible(&self) -> usize {
        usize::from(self.total_dice()) * usize::from(FACES)
    }

    /// `player`'s dice (empty in a view where they are hidden).
    #[must_use]
    pub fn dice(&self, player: PlayerIndex) -> Option<&Dice> {
        self.dice.get(player)
    }

    /// Every bid made so far, in order, with its bidder.
    #[must_use]
    pub fn bids(&self) -> &[(PlayerIndex, Bid)] {
        &self.bids
    }

    /// The last bid and its bidder.
    #[must_use]
    pub fn current_bid(&self) -> Option<(PlayerIndex, Bid)> {
        self.bids.last().copied()
    }

    /// Every seat's dice, once the call has shown them.
    #[must_use]
    pub fn shown(&self) -> Option<&PerPlayer<Dice>> {
        self.shown.as_ref()
    }

    /// How the game ended, once it has.
    #[must_use]
    pub fn finish(&self) -> Option<Finish> {
        self.finish
    }

    /// Whether `bid` is a bid of the table that rises above the last one.
    #[must_use]
    pub fn rises(&self, bid: Bid) -> bool {
        (1..=self.total_dice()).contains(&bid.quantity)
            && (1..=FACES).contains(&bid.face)
            && self
                .current_bid()
                .is_none_or(|(_, last)| bid.rank() > last.rank())
    }

    /// The lowest bid that rises above the last one; `None` after the highest bid.
    #[must_use]
    pub fn lowest_bid(&self) -> Option<Bid> {
        let next = self.current_bid().map_or(0, |(_, last)| last.rank() + 1);
        (next < self.bids_possible()).then(|| Bid {
            quantity: u8::try_from(next / usize::from(FACES) + 1).unwrap_or(u8::MAX),
            face: u8::try_from(next % usize::from(FACES) + 1).unwrap_or(FACES),
        })
    }

    /// The lowest face that rises with `quantity` dice (1 above the last bid's quantity,
    /// the face after its face at the same quantity).
    #[must_use]
    pub fn lowest_face(&self, quantity: u8) -> u8 {
        match self.current_bid() {
            Some((_, last)) if last.quantity == quantity => last.face.saturating_add(1),
            _ => 1,
        }
    }

    /// Whether the bid `quantity`-`face` rises, as the face's validation says it; the
    /// refusal is written only when shown (tree-shaking asks this of every bid).
    fn check_rise(&self, quantity: u8, face: u8) -> Result<(), NotRising> {
        if self.rises(Bid { quantity, face }) {
            return Ok(());
        }
        Err(NotRising {
            last: self.current_bid().map(|(_, last)| last),
            dice: self.total_dice(),
        })
    }
}

/// Why a bid is refused: it does not rise above `last`, or it claims more dice than the
/// table's `dice`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotRising {
    /// The last bid, if any.
    pub last: Option<Bid>,
    /// The dice on the table.
    pub dice: u8,
}

impl fmt::Display for NotRising {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.last {
            Some(last) => write!(
                f,
                "a bid must rise above {}: more dice, or a higher face",
                last.words()
            ),
            None => write!(f, "there are {} dice on the table", self.dice),
        }
    }
}

/// A step of Liar's Dice: `Roll -> Rolled` at the setup; `Bid`; `Called -> Revealed ->
/// Ended`.
///
/// Serialized with a `move` tag: `{"move":"bid","player":0,"bid":{"quantity":1,"face":4}}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "move", rename_all = "snake_case")]
pub enum LiarsDiceMove {
    /// Every player rolls their dice, drawn from the game's chance, seat 0's first, and
    /// sorts them: then [`Rolled`](Self::Rolled) with the faces.
    Roll,
    /// The dice rolled, by seat: each seat sees its own only (the others' are empty in
    /// its view of the move).
    Rolled {
        /// Each seat's dice.
        dice: PerPlayer<Dice>,
    },
    /// `player` bids `bid`.
    Bid {
        /// Who bids.
        player: PlayerIndex,
        /// The bid.
        bid: Bid,
    },
    /// `player` calls the last bid a lie: every die is shown, and the game ends.
    Called {
        /// Who calls.
        player: PlayerIndex,
    },
    /// Every seat's dice, shown to all.
    Revealed {
        /// The dice, by seat.
        dice: PerPlayer<Dice>,
    },
    /// The call is judged.
    Ended(Finish),
}

impl Move<LiarsDice> for LiarsDiceMove {
    fn apply(&self, game: &mut LiarsDice, next: &mut MoveContext<'_, Self>) {
        match self {
            LiarsDiceMove::Roll => {
                let each = game.dice_each;
                let mut dice = game.dice.clone();
                for rolled in dice.iter_mut() {
                    *rolled = roll(each, next.chance());
                }
                next.then(LiarsDiceMove::Rolled { dice });
            }
            LiarsDiceMove::Rolled { dice } => game.dice = dice.clone(),
            LiarsDiceMove::Bid { player, bid } => {
                game.bids.push((*player, *bid));
                game.last_bid = Some(*bid);
                game.last_bidder = Some(*player);
            }
            LiarsDiceMove::Called { player } => {
                // The action's condition holds: a bid was made.
                if let Some((bidder, bid)) = game.current_bid() {
                    next.then(LiarsDiceMove::Revealed {
                        dice: game.dice.clone(),
                    });
                    let matching = game.dice.iter().map(|dice| dice.matching(bid.face)).sum();
                    let holds = matching >= usize::from(bid.quantity);
                    let (winner, loser) = if holds {
                        (bidder, *player)
                    } else {
                        (*player, bidder)
                    };
                    next.then(LiarsDiceMove::Ended(Finish {
                        caller: *player,
                        bidder,
                        bid,
                        matching,
                        winner,
                        loser,
                    }));
                }
            }
            LiarsDiceMove::Revealed { dice } => game.shown = Some(dice.clone()),
            LiarsDiceMove::Ended(finish) => game.finish = Some(*finish),
        }
    }

    /// The roll shows each seat its own dice only; every other move is public.
    fn view(&self, _after: &LiarsDice, viewer: Viewer) -> Option<Self> {
        Some(match self {
            LiarsDiceMove::Rolled { dice } => LiarsDiceMove::Rolled {
                dice: dice.seen_by(viewer, |_| Dice::default()),
            },
            other => other.clone(),
        })
    }
}

/// Bid: at least `quantity` dice on the table show `face`, 6s counting for any face; the
/// bid must rise above the last. Both numbers preselect the lowest bid that rises.
/// Submitted as `{"action":"make_bid","selections":{"quantity":1,"face":4}}`.
#[derive(Clone, Debug, PartialEq, Eq, Action)]
#[action(
    prompt = "Bid",
    description = "{player} is bidding",
    message = "{player} bids {quantity} × {face}",
    behaviour = [LiarsDiceMove::Bid { player, bid: Bid { quantity: *quantity, face: *face } }]
)]
pub struct MakeBid {
    /// How many dice, at least.
    #[choose_number(
        min = 1,
        max = game.total_dice(),
        initial = game.lowest_bid().map_or(1, |bid| bid.quantity),
        prompt = "How many dice?"
    )]
    pub quantity: u8,
    /// Which face.
    #[choose_number(
        min = 1,
        max = FACES,
        initial = game.lowest_face(*quantity),
        prompt = format!("{} showing which face?", dice_count(*quantity)),
        validate = game.check_rise(*quantity, *face)
    )]
    pub face: u8,
}

/// Call the last bid a lie: every die is shown, and the game ends. Offered once a bid
/// was made. Submitted as `{"action":"call_liar"}`.
#[derive(Clone, Debug, PartialEq, Eq, Action)]
#[action(
    prompt = "Call liar",
    condition = game.current_bid().is_some(),
    description = "{player} is bidding",
    message = "{player} calls liar",
    behaviour = [LiarsDiceMove::Called { player }]
)]
pub struct CallLiar;

/// Every action of Liar's Dice.
#[derive(Clone, Debug, PartialEq, Eq, Actions)]
#[actions(game = LiarsDice)]
pub enum LiarsDiceAction {
    /// See [`MakeBid`].
    MakeBid(MakeBid),
    /// See [`CallLiar`].
    CallLiar(CallLiar),
}

/// A bid's quantity or face as a distinct action, for learning agents: the number less
/// one, in a block as long as the larger of the dice on the table and the faces (both
/// numbers of a bid share the type).
impl meeple::Distinct<LiarsDice> for u8 {
    fn count(game: &LiarsDice) -> usize {
        usize::from(game.total_dice().max(FACES))
    }

    fn index(&self, _game: &LiarsDice) -> usize {
        usize::from(self.saturating_sub(1))
    }
}
