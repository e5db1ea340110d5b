//! Hearts for four players, the trick-taking game where points are to be avoided.
//!
//! The rules are Pagat's "Hearts" (<https://www.pagat.com/reverse/hearts.html>), as also
//! implemented by OpenSpiel's `hearts` with its default parameters:
//!
//! - four players, thirteen cards each; seats are named North, East, South, West and play
//!   goes clockwise (to the left: seat `p + 1`);
//! - before play, each player passes three cards, all at once: to the left, to the right,
//!   across, then no passing (hold), repeating with each hand ([`PassDirection`]);
//! - the holder of the 2 of clubs leads it to the first trick; players must follow the suit
//!   led when they can; the highest card of that suit takes the trick and leads the next;
//! - no heart and no queen of spades may be played to the first trick, unless the hand
//!   holds nothing else;
//! - hearts may not be led until a heart or the queen of spades has been played (hearts are
//!   "broken"), unless the leader holds only hearts;
//! - each heart taken counts 1 point and the queen of spades 13; a player who takes all
//!   26 points "shoots the moon" and scores 0 while every other player scores 26;
//! - hands are played until a player's total reaches 100: the lowest total wins, and
//!   players tied for it share the win.
//!
//! [`HeartsConfig`] holds the variants (target score, pass rotation, whether the queen
//! breaks hearts, moon scoring, the jack of diamonds).
//!
//! ```
//! use meeple::{Engine, PlayerIndex};
//! use meeple_games::hearts::{Hearts, HeartsConfig};
//!
//! let mut engine = Engine::<Hearts>::new(HeartsConfig::default(), 4, 7)?;
//! // Everyone passes the first three cards offered; then the 2 of clubs is led for its
//! // holder, who had no choice.
//! for seat in 0..4 {
//!     let player = PlayerIndex(seat);
//!     let first = engine.position().completions(player).into_iter().next().expect("a pass is offered");
//!     engine.submit(player, first)?;
//! }
//! assert_eq!(engine.position().state().trick().count(), 1);
//! println!("{}", engine.position().state().summary(PlayerIndex(0)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod actions;
mod config;
mod moves;
mod view;

#[cfg(test)]
mod tests;

use std::ops::RangeInclusive;
use std::sync::Arc;

use meeple::flow::{Progress, Step};
use meeple::{
    Best, Chance, Flow, Game, Outcome, PerPlayer, PlayerIndex, PlayerSet, Search, Seats, Setup,
    SetupError, View,
};
use serde::{Deserialize, Serialize};

use crate::french::{Card, CardSet, Suit};

pub use actions::{
    HeartsAction, HeartsActionArgs, PassCards, PassCardsArgs, PlayCard, PlayCardArgs,
};
pub use config::{HeartsConfig, MoonScoring, PassDirection};
pub use moves::HeartsMove;

/// The table: Hearts is played by four.
pub const SEATS: Seats = Seats::new(4);

/// The names of the seats, seat 0 first, clockwise.
pub const SEAT_NAMES: [&str; SEATS.count()] = ["North", "East", "South", "West"];

/// The state of a game of Hearts: the hands, the cards being passed, the trick, the cards
/// taken and the scores. See the [module docs](self) for the rules.
///
/// This is the whole truth (the admin's view); [`summary`](Self::summary) shows one
/// player's view. Its [`View`] is derived: each player sees their own hand, the cards they
/// passed and received, and everything on the table (the trick, the cards taken, the
/// scores); of the others' passes only that they passed (the direction says to whom).
/// Observers see no hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, View, meeple::Observe)]
pub struct Hearts {
    /// Shared: the rules never change during a game, and a clone (every search playout
    /// makes several) then allocates nothing.
    #[observe(skip)]
    config: Arc<HeartsConfig>,
    /// Whether a total reached the target at the end of a hand: the game is over.
    over: bool,
    /// The hand in progress, 0-based.
    hand_number: u32,
    pass_direction: PassDirection,
    /// Each seat's cards: only their owner sees them.
    #[view(others = hidden)]
    hands: PerPlayer<CardSet>,
    /// The seats that have passed this hand, until the cards passed are taken: public,
    /// and the pass direction says to whom.
    has_passed: PlayerSet,
    /// The cards each seat passed this hand, until they are taken (none for a seat that
    /// has not passed): only the passer sees them.
    #[view(others = hidden)]
    passed: PerPlayer<CardSet>,
    /// The cards each seat received this hand: only the receiver sees them.
    #[view(others = hidden)]
    received: PerPlayer<CardSet>,
    /// The current trick's cards, by seat.
    trick: PerPlayer<Option<Card>>,
    leader: PlayerIndex,
    tricks_played: u8,
    hearts_broken: bool,
    /// The cards each seat took this hand.
    taken: PerPlayer<CardSet>,
    /// The suits each seat has shown it lacks this hand (it did not follow them), as the
    /// set of their cards: public, everyone saw it.
    #[serde(default = "no_suits_shown_out")]
    shown_out: PerPlayer<CardSet>,
    /// The points each seat took this hand, before shooting the moon is counted.
    points: PerPlayer<i32>,
    totals: PerPlayer<i32>,
    /// The scores of the hand before this one.
    last_hand: Option<PerPlayer<i32>>,
}

impl Game for Hearts {
    type Config = HeartsConfig;
    type Move = HeartsMove;
    type Actions = HeartsAction;
    const NAME: &'static str = "hearts";
    const PLAYERS: RangeInclusive<usize> = SEATS.count()..=SEATS.count();

    /// [`HeartsConfig::validate`].
    ///
    /// # Errors
    /// As [`HeartsConfig::validate`].
    fn validate_config(config: &HeartsConfig, _: Seats) -> Result<(), SetupError> {
        config.validate()
    }

    /// A game of four with no cards yet; its setup move starts the first hand (a shuffle
    /// and a deal).
    ///
    /// Never fails: the engine has checked the count and the config.
    fn setup(config: &HeartsConfig, _: Seats) -> Result<Setup<Self>, SetupError> {
        Ok(Setup {
            state: Hearts::new(config.clone()),
            moves: vec![HeartsMove::StartHand { hand: 0 }],
        })
    }

    /// Hand after hand until the game is over: in a hand that passes, a passing phase
    /// where every seat passes at once; then thirteen tricks, each player in turn from
    /// the trick's leader (the holder of the 2 of clubs for the first, then the winner of
    /// the last). The deal and the scoring are consequences of the moves that start and
    /// end a hand.
    fn flow() -> Flow<Self> {
        Flow::new(Step::forever(
            "hands",
            [
                Step::when(
                    |game, _| game.passes_this_hand(),
                    [Step::phase(
                        "passing",
                        [Step::everyone("pass").offering::<PassCards>()],
                    )],
                ),
                Step::phase(
                    "tricks",
                    [Step::times(
                        "trick",
                        |_, _| 13,
                        [Step::each_player(
                            "turn",
                            |game, _| game.leader(),
                            [Step::turn("play").offering::<PlayCard>()],
                        )],
                    )],
                ),
            ],
        ))
    }

    /// A move in words for `viewer`: see the game's view module.
    fn describe_move(&self, applied: &HeartsMove, viewer: meeple::Viewer) -> Option<String> {
        self.move_in_words(applied, viewer)
    }

    /// The fourth card of a trick, before the trick is taken, and the end of a hand,
    /// before the next is dealt: held for people to see.
    fn is_beat(&self, applied: &HeartsMove) -> bool {
        match applied {
            HeartsMove::Play { .. } => self.trick.iter().all(Option::is_some),
            HeartsMove::EndHand { .. } => true,
            _ => false,
        }
    }

    /// The trick, the hands (the viewer's face up), the pass, the points.
    fn scene(&self, viewer: meeple::Viewer, _seats: Seats) -> meeple::scene::Scene {
        self.draw_scene(viewer)
    }

    /// Once over: the seats with the lowest total (several when tied) and every total.
    fn outcome(&self) -> Option<Outcome> {
        if !self.over {
            return None;
        }
        Some(Outcome::from_scores(
            self.totals.iter().map(|&total| i64::from(total)),
            Best::Lowest,
        ))
    }

    /// North, East, South and West.
    fn player_name(&self, player: PlayerIndex) -> String {
        seat_name(player)
    }

    /// A seat out of time on a clock per move passes its three highest cards, or plays
    /// its lowest legal card: the cautious default of a player away from the table (high
    /// cards take tricks, and tricks take points). Aces are high; of equal ranks, the
    /// later suit in [`Suit`] order.
    fn timeout_action(&self, flow: Progress<'_>, player: PlayerIndex) -> Option<HeartsAction> {
        let by_rank = |card: &Card| (card.rank, card.suit);
        match flow.phase() {
            Some("passing") => {
                let mut hand: Vec<Card> = self.hand(player).iter().collect();
                hand.sort_by_key(by_rank);
                let cards = hand
                    .iter()
                    .rev()
                    .take(3)
                    .fold(CardSet::EMPTY, |cards, &card| cards.with(card));
                Some(HeartsAction::PassCards(PassCards { cards }))
            }
            Some("tricks") => self
                .legal_cards(player)
                .iter()
                .min_by_key(by_rank)
                .map(|card| HeartsAction::PlayCard(PlayCard { card })),
            _ => None,
        }
    }
}

impl Search for Hearts {
    /// Deals the cards `player` cannot see at random to the other seats: their hands
    /// (13 before passing, 10 once they passed, then 13 less the cards they played) and
    /// the three cards each passed. What the view keeps (the player's own cards, the trick,
    /// the cards taken) stays, and no seat gets a card of a suit it has shown it lacks.
    fn determinize(&self, player: PlayerIndex, chance: &mut Chance) -> Self {
        let mut world = self.clone();
        // Over, or between hands: nothing is hidden in anyone's hand.
        if self.over || self.hands.iter().all(|hand| hand.is_empty()) {
            return world;
        }
        let own = |values: &PerPlayer<CardSet>| values.get(player).copied().unwrap_or_default();
        let mut known = own(&self.hands);
        if let Some(passed) = self.passed(player) {
            known = known.union(passed);
        }
        known = known.union(self.trick.iter().flatten().collect());
        for taken in self.taken.iter() {
            known = known.union(*taken);
        }
        // On the stack: a rollout determinizes once per playout.
        let mut unseen = [Card::TWO_OF_CLUBS; 52];
        let mut unseen_len = 0;
        let unseen_set = CardSet::DECK.difference(known);
        for card in unseen_set.iter() {
            unseen[unseen_len] = card;
            unseen_len += 1;
        }
        let tricks = usize::from(self.tricks_played);
        let mut others = [player; SEATS.count()];
        let mut others_len = 0;
        for seat in SEATS.iter().filter(|&seat| seat != player) {
            others[others_len] = seat;
            others_len += 1;
        }
        let others = &others[..others_len];
        // Thirteen less the three passed while they wait, the tricks played and the card
        // on this trick.
        let held = |seat: PlayerIndex| {
            13 - 3 * usize::from(self.has_passed.contains(seat))
                - tricks
                - usize::from(self.trick[seat].is_some())
        };
        // While no seat has shown out of a suit among the unseen cards, any deal of them is
        // possible: a shuffle dealt in order, hands first and then the cards passed, is as
        // likely to give each as the draw by room below, at one draw per card fewer.
        if others
            .iter()
            .all(|&seat| self.shown_out[seat].intersection(unseen_set).is_empty())
        {
            let cards = &mut unseen[..unseen_len];
            chance.shuffle(cards);
            let mut dealt = cards.iter().copied();
            for &seat in others {
                world.hands[seat] = dealt.by_ref().take(held(seat)).collect();
            }
            for &seat in others {
                if self.has_passed.contains(seat) {
                    world.passed[seat] = dealt.by_ref().take(3).collect();
                }
            }
            return world;
        }
        // Each card goes to a seat that has room and has not shown out of its suit; a deal
        // that corners itself is drawn again, and after a few tries the suits shown out are
        // let go (the world is then only as consistent as the hand sizes).
        for attempt in 0..16 {
            let mut cards = unseen;
            let cards = &mut cards[..unseen_len];
            chance.shuffle(cards);
            let mut room = [0; SEATS.count()];
            for (left, &seat) in room.iter_mut().zip(others) {
                *left = held(seat);
            }
            let mut hands = [CardSet::EMPTY; SEATS.count()];
            // The cards left once every hand is full: those passed, three by three.
            let mut spare_order = [Card::TWO_OF_CLUBS; 52];
            let mut spare_len = 0;
            let mut cornered = false;
            for &card in cards.iter() {
                let mut open = [0; SEATS.count()];
                let mut open_len = 0;
                for i in 0..others.len() {
                    if room[i] > 0 && (attempt == 15 || !self.shown_out[others[i]].contains(card)) {
                        open[open_len] = i;
                        open_len += 1;
                    }
                }
                let open = &open[..open_len];
                if open.is_empty() {
                    if room.iter().all(|&left| left == 0) {
                        spare_order[spare_len] = card;
                        spare_len += 1;
                        continue;
                    }
                    cornered = true;
                    break;
                }
                // A seat is drawn in proportion to its room: without suits shown out, every
                // deal of the unseen cards is equally likely.
                let total: usize = open.iter().map(|&i| room[i]).sum();
                let mut drawn =
                    usize::try_from(chance.roll(0, i64::try_from(total - 1).unwrap_or(0)))
                        .unwrap_or(0);
                let pick = open
                    .iter()
                    .copied()
                    .find(|&i| {
                        if drawn < room[i] {
                            true
                        } else {
                            drawn -= room[i];
                            false
                        }
                    })
                    .unwrap_or(open[0]);
                hands[pick].insert(card);
                room[pick] -= 1;
            }
            if cornered {
                continue;
            }
            let mut spare = spare_order[..spare_len].iter().copied();
            for (i, &seat) in others.iter().enumerate() {
                world.hands[seat] = hands[i];
                if self.has_passed.contains(seat) {
                    world.passed[seat] = spare.by_ref().take(3).collect();
                }
            }
            break;
        }
        world
    }

    /// At the end of the hand being played when the search began (or of the game): 1 for
    /// no point taken, 0 for 26 or more (the queen of spades and every heart, or another's
    /// moon).
    fn evaluate(&self, root: &Self, player: PlayerIndex) -> Option<f64> {
        if !self.over && self.hand_number == root.hand_number {
            return None;
        }
        let taken = self.seat(&self.totals, player) - root.seat(&root.totals, player);
        Some(1.0 - f64::from(taken.clamp(0, 26)) / 26.0)
    }
}

/// No seat has shown out of any suit: the start of a hand.
fn no_suits_shown_out() -> PerPlayer<CardSet> {
    PerPlayer::filled(SEATS, CardSet::EMPTY)
}

/// The name of a seat: North, East, South, West; `Player N` (1-based) for any other index.
#[must_use]
pub fn seat_name(player: PlayerIndex) -> String {
    SEAT_NAMES.get(player.0).map_or_else(
        || format!("Player {}", player.0 + 1),
        |name| (*name).to_owned(),
    )
}

impl Hearts {
    /// A game before its first deal.
    fn new(config: HeartsConfig) -> Hearts {
        Hearts {
            pass_direction: config.pass_direction(0),
            config: Arc::new(config),
            over: false,
            hand_number: 0,
            hands: PerPlayer::filled(SEATS, CardSet::EMPTY),
            has_passed: PlayerSet::EMPTY,
            passed: PerPlayer::filled(SEATS, CardSet::EMPTY),
            received: PerPlayer::filled(SEATS, CardSet::EMPTY),
            trick: PerPlayer::filled(SEATS, None),
            leader: PlayerIndex(0),
            tricks_played: 0,
            hearts_broken: false,
            taken: PerPlayer::filled(SEATS, CardSet::EMPTY),
            shown_out: no_suits_shown_out(),
            points: PerPlayer::filled(SEATS, 0),
            totals: PerPlayer::filled(SEATS, 0),
            last_hand: None,
        }
    }

    /// The rules this game is played with.
    #[must_use]
    pub fn config(&self) -> &HeartsConfig {
        &self.config
    }

    /// Whether the game is between two hands: over, or the thirteenth trick taken (in the
    /// middle of the record that scores the hand and deals the next). Read from the cards,
    /// for the words of a view, which may be drawn in the middle of a record (a beat):
    /// between actions, the flow says where a hand stands (its phases `passing` and
    /// `tricks`, [`Progress::phase`]).
    fn between_hands(&self) -> bool {
        self.over || self.tricks_played == 13
    }

    /// Whether this hand's pass is still to be made or taken: a hand that passes, before
    /// the cards passed are taken and the first trick is played. From the cards, as
    /// [`between_hands`](Self::between_hands).
    fn pass_pending(&self) -> bool {
        !self.between_hands()
            && self.passes_this_hand()
            && self.tricks_played == 0
            && self.received.iter().all(|received| received.is_empty())
    }

    /// Whether the tricks of a hand are being played. From the cards, as
    /// [`between_hands`](Self::between_hands).
    fn playing_tricks(&self) -> bool {
        !self.between_hands() && !self.pass_pending()
    }

    /// The hand in progress, 0-based.
    #[must_use]
    pub fn hand_number(&self) -> u32 {
        self.hand_number
    }

    /// The pass direction of the hand in progress.
    #[must_use]
    pub fn pass_direction(&self) -> PassDirection {
        self.pass_direction
    }

    /// The seat `player` passes to in this hand; `None` in a hand without passing.
    #[must_use]
    pub fn pass_target(&self, player: PlayerIndex) -> Option<PlayerIndex> {
        self.pass_direction
            .steps()
            .map(|steps| SEATS.after(player, steps))
    }

    /// The cards in `player`'s hand (hidden from the others). Empty for a seat that does not
    /// exist.
    #[must_use]
    pub fn hand(&self, player: PlayerIndex) -> CardSet {
        self.seat(&self.hands, player)
    }

    /// The cards `player` has passed this hand, while they wait to be taken (hidden from the
    /// others).
    #[must_use]
    pub fn passed(&self, player: PlayerIndex) -> Option<CardSet> {
        self.has_passed
            .contains(player)
            .then(|| self.seat(&self.passed, player))
    }

    /// The cards `player` received from the pass of this hand (hidden from the others).
    #[must_use]
    pub fn received(&self, player: PlayerIndex) -> CardSet {
        self.seat(&self.received, player)
    }

    /// The cards of the current trick, in the order they were played, with who played them.
    pub fn trick(&self) -> impl Iterator<Item = (PlayerIndex, Card)> + '_ {
        (0..SEATS.count()).filter_map(move |step| {
            let seat = SEATS.after(self.leader, step);
            self.trick[seat].map(|card| (seat, card))
        })
    }

    /// The seat that led (or leads) the current trick.
    #[must_use]
    pub fn leader(&self) -> PlayerIndex {
        self.leader
    }

    /// The seat to play next, while the tricks are played.
    #[must_use]
    pub fn to_play(&self) -> Option<PlayerIndex> {
        self.playing_tricks().then(|| self.next_in_trick())
    }

    /// The seat after the last card of the trick: its leader, then each seat after it.
    fn next_in_trick(&self) -> PlayerIndex {
        let played = self.trick.iter().filter(|card| card.is_some()).count();
        SEATS.after(self.leader, played)
    }

    /// How many tricks of this hand have been taken, `0..=13`.
    #[must_use]
    pub fn tricks_played(&self) -> u8 {
        self.tricks_played
    }

    /// Whether hearts have been broken in this hand (a heart, or the queen of spades when
    /// [`HeartsConfig::queen_breaks_hearts`], has been played).
    #[must_use]
    pub fn hearts_broken(&self) -> bool {
        self.hearts_broken
    }

    /// The cards `player` has taken in this hand (public: every trick is seen).
    #[must_use]
    pub fn taken(&self, player: PlayerIndex) -> CardSet {
        self.seat(&self.taken, player)
    }

    /// The suits `player` has shown it lacks in this hand (it did not follow them), as the
    /// set of their cards (public: everyone saw it).
    #[must_use]
    pub fn shown_out(&self, player: PlayerIndex) -> CardSet {
        self.seat(&self.shown_out, player)
    }

    /// The points `player` has taken in this hand, before shooting the moon is counted.
    #[must_use]
    pub fn hand_points(&self, player: PlayerIndex) -> i32 {
        self.seat(&self.points, player)
    }

    /// Each seat's total over the hands already scored, seat 0 first.
    #[must_use]
    pub fn totals(&self) -> &PerPlayer<i32> {
        &self.totals
    }

    /// What each seat scored in the previous hand, if a hand has been scored.
    #[must_use]
    pub fn last_hand(&self) -> Option<&PerPlayer<i32>> {
        self.last_hand.as_ref()
    }

    /// The value of `player` in `values`, or the default for a seat that does not exist.
    fn seat<T: Copy + Default>(&self, values: &PerPlayer<T>, player: PlayerIndex) -> T {
        values.get(player).copied().unwrap_or_default()
    }

    /// Whether this hand passes cards before play: its direction is not hold
    /// ([`PassDirection::Hold`]). Asked by the flow as each hand begins.
    #[must_use]
    pub fn passes_this_hand(&self) -> bool {
        self.pass_direction.steps().is_some()
    }

    /// Whether the rules let `player` play `card` now, assuming it is their turn.
    ///
    /// # Errors
    /// The reason shown to the player, in this order of checks:
    /// - `"that card is not in your hand"`;
    /// - leading the first trick: `"the 2 of clubs leads the first trick"`;
    /// - leading a heart before hearts are broken, holding another suit:
    ///   `"hearts are not broken yet"`;
    /// - not following the suit led while holding it: `"you must follow clubs"` (or the
    ///   suit led);
    /// - a heart or the queen of spades on the first trick while holding another card
    ///   (unless [`HeartsConfig::points_on_first_trick`]):
    ///   `"no points on the first trick: hearts and the queen of spades wait"`.
    pub fn may_play(&self, player: PlayerIndex, card: Card) -> Result<(), &'static str> {
        let hand = self.hand(player);
        if !hand.contains(card) {
            return Err("that card is not in your hand");
        }
        let first_trick = self.tricks_played == 0;
        let Some(led) = self.trick[self.leader] else {
            // Leading.
            if first_trick && hand.contains(Card::TWO_OF_CLUBS) && card != Card::TWO_OF_CLUBS {
                return Err("the 2 of clubs leads the first trick");
            }
            if card.is_heart()
                && self.config.hearts_must_be_broken
                && !self.hearts_broken
                && !hand.difference(CardSet::suit(Suit::Hearts)).is_empty()
            {
                return Err("hearts are not broken yet");
            }
            return Ok(());
        };
        if card.suit != led.suit && hand.has_suit(led.suit) {
            return Err(match led.suit {
                Suit::Clubs => "you must follow clubs",
                Suit::Diamonds => "you must follow diamonds",
                Suit::Spades => "you must follow spades",
                Suit::Hearts => "you must follow hearts",
            });
        }
        let point_cards = CardSet::suit(Suit::Hearts).with(Card::QUEEN_OF_SPADES);
        if first_trick
            && !self.config.points_on_first_trick
            && point_cards.contains(card)
            && !hand.difference(point_cards).is_empty()
        {
            return Err("no points on the first trick: hearts and the queen of spades wait");
        }
        Ok(())
    }

    /// The cards `player` may play now, assuming it is their turn: exactly those of their
    /// hand that [`may_play`](Self::may_play) accepts, found with a few set operations
    /// instead of a check per card (what [`PlayCard`]'s `valid` names,
    /// so that drawing a card is a popcount and a bit select). Same rules, same order of
    /// precedence: the 2 of clubs leads the first trick; hearts wait until broken while
    /// another suit is held; the suit led must be followed; no points on the first trick
    /// while holding another card.
    #[must_use]
    pub fn legal_cards(&self, player: PlayerIndex) -> CardSet {
        let hand = self.hand(player);
        let first_trick = self.tricks_played == 0;
        let Some(led) = self.trick[self.leader] else {
            // Leading.
            if first_trick && hand.contains(Card::TWO_OF_CLUBS) {
                return CardSet::EMPTY.with(Card::TWO_OF_CLUBS);
            }
            let others = hand.difference(CardSet::suit(Suit::Hearts));
            if self.config.hearts_must_be_broken && !self.hearts_broken && !others.is_empty() {
                return others;
            }
            return hand;
        };
        let following = hand.of_suit(led.suit);
        let playable = if following.is_empty() {
            hand
        } else {
            following
        };
        let point_cards = CardSet::suit(Suit::Hearts).with(Card::QUEEN_OF_SPADES);
        if first_trick
            && !self.config.points_on_first_trick
            && !hand.difference(point_cards).is_empty()
        {
            return playable.difference(point_cards);
        }
        playable
    }

    /// The points a set of taken cards is worth: 1 per heart, 13 for the queen of spades,
    /// -10 for the jack of diamonds when [`HeartsConfig::jack_of_diamonds`].
    #[must_use]
    pub fn points_of(&self, cards: CardSet) -> i32 {
        let hearts = cards.of_suit(Suit::Hearts).len() as i32;
        let queen = if cards.contains(Card::QUEEN_OF_SPADES) {
            13
        } else {
            0
        };
        let jack = if self.config.jack_of_diamonds && cards.contains(Card::JACK_OF_DIAMONDS) {
            -10
        } else {
            0
        };
        hearts + queen + jack
    }

    /// The seat whose card takes the current trick: the highest card of the suit led.
    /// `None` while no card has been led.
    #[must_use]
    pub fn trick_winner(&self) -> Option<PlayerIndex> {
        let led = self.trick[self.leader]?;
        // No two cards share a rank in a suit: the seats' order does not matter.
        let mut winner = (self.leader, led.rank);
        for (seat, card) in self.trick.enumerate() {
            if let Some(card) = card
                && card.suit == led.suit
                && card.rank > winner.1
            {
                winner = (seat, card.rank);
            }
        }
        Some(winner.0)
    }

    /// What each seat scores for the hand from the cards taken, shooting the moon counted
    /// per [`HeartsConfig::moon`], and the seat that shot the moon, if any.
    #[must_use]
    pub fn hand_scores(&self) -> (PerPlayer<i32>, Option<PlayerIndex>) {
        let moon_cards = CardSet::suit(Suit::Hearts).with(Card::QUEEN_OF_SPADES);
        let shooter = self
            .taken
            .enumerate()
            .find(|(_, taken)| moon_cards.is_subset(**taken))
            .map(|(seat, _)| seat);
        let raw = |seat: PlayerIndex| self.points[seat];
        let scores = match (shooter, self.config.moon) {
            (Some(shooter), MoonScoring::AddToOthers) => PerPlayer::from_fn(SEATS, |seat| {
                if seat == shooter {
                    raw(seat) - 26
                } else {
                    raw(seat) + 26
                }
            }),
            (Some(shooter), MoonScoring::SubtractFromSelf) => PerPlayer::from_fn(SEATS, |seat| {
                if seat == shooter {
                    raw(seat) - 52
                } else {
                    raw(seat)
                }
            }),
            (None, _) | (Some(_), MoonScoring::Off) => PerPlayer::from_fn(SEATS, raw),
        };
        let moon = shooter.filter(|_| self.config.moon != MoonScoring::Off);
        (scores, moon)
    }

    /// Resets the hand's state for hand `hand`.
    fn start_hand(&mut self, hand: u32) {
        self.hand_number = hand;
        self.pass_direction = self.config.pass_direction(hand);
        self.hands = PerPlayer::filled(SEATS, CardSet::EMPTY);
        self.has_passed = PlayerSet::EMPTY;
        self.passed = PerPlayer::filled(SEATS, CardSet::EMPTY);
        self.received = PerPlayer::filled(SEATS, CardSet::EMPTY);
        self.trick = PerPlayer::filled(SEATS, None);
        self.tricks_played = 0;
        self.hearts_broken = false;
        self.taken = PerPlayer::filled(SEATS, CardSet::EMPTY);
        self.shown_out = no_suits_shown_out();
        self.points = PerPlayer::filled(SEATS, 0);
    }

    /// The seat holding the 2 of clubs (seat 0 if none does, which the deal rules out).
    fn two_of_clubs_holder(&self) -> PlayerIndex {
        self.hands
            .enumerate()
            .find(|(_, hand)| hand.contains(Card::TWO_OF_CLUBS))
            .map_or(PlayerIndex(0), |(seat, _)| seat)
    }

    /// The prompt of [`PassCards`]: `"Pass three cards to the left (to East)"`.
    #[must_use]
    pub fn pass_prompt(&self, player: PlayerIndex) -> String {
        match self.pass_target(player) {
            Some(to) => format!(
                "Pass three cards to the {} (to {})",
                self.pass_direction,
                seat_name(to)
            ),
            None => "Pass three cards".to_owned(),
        }
    }

    /// The prompt of [`PlayCard`]: what the trick asks for.
    #[must_use]
    pub fn play_prompt(&self) -> String {
        match self.trick[self.leader] {
            None if self.tricks_played == 0 => "Lead the 2 of clubs".to_owned(),
            None => "Lead a card".to_owned(),
            Some(led) => format!("Play a card ({} led)", led.suit),
        }
    }
}
