//! Leduc poker, with OpenSpiel's rules (`leduc_poker`, OpenSpiel 2.0.2), and Kuhn poker
//! (`kuhn_poker`) as a config of the same game.
//!
//! **Leduc** (the default): a deck of two suits of `players + 1` ranks (J, Q, K for two
//! players: six cards). Everyone antes 1 chip and is dealt one private card, seen by
//! nobody else. A betting round follows, from seat 0: a player may call (check when there
//! is nothing to match), raise (match the stake, then add 2), or fold when facing a bet;
//! at most two raises a round. The round ends once every player still in has matched the
//! last raise (or checked, without one). Then a public card is dealt face up, and a second
//! round is bet the same way from seat 0 with raises of 4. At the showdown, a player whose
//! private card pairs the public card beats any other hand (a higher pair beats a lower),
//! else the higher rank, then the lower; equal hands split the pot. A player left alone
//! by folds takes the pot at once.
//!
//! **Kuhn** (`{"variant": "kuhn"}`): one suit of `players + 1` ranks (J, Q, K), one round,
//! raises of 1, at most one: OpenSpiel's Kuhn poker, whose pass is a check or a fold here,
//! and whose bet is a raise or a call.
//!
//! The cards are dealt by the engine from the game's seeded chance: the deal
//! ([`LeducMove::Deal`]) shows each seat its own card only; the public card
//! ([`LeducMove::DealPublic`], a step of the flow between the rounds) is drawn among the
//! cards left. The declared flow bets each round as passes of turns from seat 0, the seats
//! that folded skipped, until the round is over; a fold, call or raise is an action of no
//! selection ([`Fold`], [`Call`], [`Raise`]), offered only when the rules allow it.
//!
//! Where it differs from OpenSpiel: with three or more players, a pot split among winners
//! that does not divide gives its odd chips to the first winners from seat 0, where
//! OpenSpiel pays fractions; the outcome's scores are the chips won or lost (OpenSpiel's
//! returns, `money - 100`).
//!
//! ```
//! use meeple::{Engine, PlayerIndex, Submission};
//! use meeple_games::leduc_poker::{LeducConfig, LeducPoker};
//!
//! // Seat 0 raises, seat 1 folds: seat 0 takes the pot, one chip up.
//! let mut engine = Engine::<LeducPoker>::new(LeducConfig::default(), 2, 1)?;
//! engine.submit_submission(PlayerIndex(0), &Submission::new("raise"))?;
//! engine.submit_submission(PlayerIndex(1), &Submission::new("fold"))?;
//! let outcome = engine.position().outcome().expect("over");
//! assert_eq!(outcome.scores(), [1, -1]);
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
    PlayerSet, Search, Seats, Setup, SetupError, View, Viewer,
};
use serde::{Deserialize, Serialize};

/// The rank names, lowest first: a table of `n` players plays the `n + 1` ranks that end
/// with the king (J, Q, K for two).
const RANK_NAMES: [&str; 12] = ["2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"];

/// The most cards a deck has: eleven ranks (ten players) of two suits.
const MAX_DECK: usize = 22;

/// The suits of Leduc's deck, as the cards are drawn.
const SUIT_NAMES: [&str; 2] = ["♠", "♥"];

/// Which poker is played.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Variant {
    /// Leduc poker: two suits, a public card, two rounds with raises of 2 then 4, two
    /// raises a round.
    #[default]
    Leduc,
    /// Kuhn poker: one suit, no public card, one round with raises of 1, one raise.
    Kuhn,
}

/// The table's rules.
///
/// Read from JSON with every field optional (`{"variant": "kuhn"}`); unknown fields are
/// refused.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct LeducConfig {
    /// Leduc (the default) or Kuhn.
    pub variant: Variant,
}

impl Variant {
    /// The suits of the deck: 2 for Leduc, 1 for Kuhn.
    #[must_use]
    pub fn suits(self) -> u8 {
        match self {
            Variant::Leduc => 2,
            Variant::Kuhn => 1,
        }
    }

    /// The betting rounds: 2 for Leduc (the second after the public card), 1 for Kuhn.
    #[must_use]
    pub fn rounds(self) -> u8 {
        match self {
            Variant::Leduc => 2,
            Variant::Kuhn => 1,
        }
    }

    /// What a raise adds to the stake in `round` (1 or 2): 2 then 4 in Leduc, 1 in Kuhn.
    #[must_use]
    pub fn raise(self, round: u8) -> u32 {
        match (self, round) {
            (Variant::Leduc, 1) => 2,
            (Variant::Leduc, _) => 4,
            (Variant::Kuhn, _) => 1,
        }
    }

    /// The most raises in a round: 2 in Leduc, 1 in Kuhn.
    #[must_use]
    pub fn max_raises(self) -> u8 {
        match self {
            Variant::Leduc => 2,
            Variant::Kuhn => 1,
        }
    }
}

/// A card: its rank (0 the lowest of the table's) and its suit (0 or 1; always 0 in
/// Kuhn). OpenSpiel numbers it `rank * suits + suit`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Card {
    /// 0 the lowest rank of the table.
    pub rank: u8,
    /// 0 or 1.
    pub suit: u8,
}

/// A card as a learning agent observes it: one-hot of its number among the deck's cards,
/// OpenSpiel's card one-hot.
impl meeple::Observe<LeducPoker> for Card {
    fn layout(
        _value: Option<&Self>,
        game: &LeducPoker,
        name: &str,
        layout: &mut meeple::ObservationLayout,
    ) {
        layout.push(name, vec![game.deck_len()]);
    }

    fn observe(&self, game: &LeducPoker, observer: &mut meeple::Observer<'_>) {
        observer.one_hot(game.card_number(*self), game.deck_len());
    }
}

/// One betting decision, as the history keeps it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Bet {
    /// Gave up the pot.
    Fold,
    /// Matched the stake (a check when there was nothing to match).
    Call,
    /// Matched the stake and raised it.
    Raise,
}

/// How a game ended: who won what, and the cards shown at a showdown.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Finish {
    /// Who shares the pot: one player, or those of equal best hands.
    pub winners: PlayerSet,
    /// The chips in the pot.
    pub pot: u32,
    /// Each seat's chips won (positive) or lost (negative): OpenSpiel's returns.
    pub net: PerPlayer<i64>,
    /// Whether the hands were shown (a showdown), rather than the others folding.
    pub showdown: bool,
}

/// The state of a hand: the cards, the chips each seat put in, the betting so far, and how
/// it ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, View, meeple::Observe)]
pub struct LeducPoker {
    #[observe(skip)]
    variant: Variant,
    /// Each seat's private card: only their owner sees it, until the showdown.
    #[view(others = hidden)]
    cards: PerPlayer<Option<Card>>,
    /// The public card, once dealt.
    public: Option<Card>,
    /// The chips each seat has put in the pot, ante included.
    put_in: PerPlayer<u32>,
    /// The seats that folded.
    folded: PlayerSet,
    /// The betting round, 1 or 2.
    round: u8,
    /// The raises this round.
    raises: u8,
    /// The calls since the last raise this round (checks included).
    calls: u8,
    /// Every bet, in order, with its round and player.
    #[observe(skip)]
    bets: Vec<(u8, PlayerIndex, Bet)>,
    /// The cards of the seats still in, once the showdown showed them (`None` for a
    /// seat that folded).
    #[observe(skip)]
    shown: Option<PerPlayer<Option<Card>>>,
    #[observe(skip)]
    finish: Option<Finish>,
}

impl Game for LeducPoker {
    type Config = LeducConfig;
    type Move = LeducMove;
    type Actions = LeducAction;
    const NAME: &'static str = "leduc_poker";
    const PLAYERS: RangeInclusive<usize> = 2..=10;

    /// Every seat antes 1; the setup's move deals the private cards ([`LeducMove::Deal`]).
    ///
    /// # Errors
    /// Never: every config is a table.
    fn setup(config: &LeducConfig, seats: Seats) -> Result<Setup<Self>, SetupError> {
        Ok(Setup {
            state: LeducPoker {
                variant: config.variant,
                cards: PerPlayer::from_fn(seats, |_| None),
                public: None,
                put_in: PerPlayer::from_fn(seats, |_| 1),
                folded: PlayerSet::EMPTY,
                round: 1,
                raises: 0,
                calls: 0,
                bets: Vec::new(),
                shown: None,
                finish: None,
            },
            moves: vec![LeducMove::Deal],
        })
    }

    /// A betting round from seat 0, then (in Leduc, with two players or more still in)
    /// the public card and a second round (a position dealt with its public card begins
    /// there). The seats that folded, and everyone once a
    /// round is over, are skipped.
    fn flow() -> Flow<Self> {
        let betting = |name, turns| {
            Step::until(
                name,
                |game: &LeducPoker, _| game.round_over(),
                [Step::each_player(
                    turns,
                    |_, _| PlayerIndex(0),
                    [Step::turn("bet")
                        .offering::<Fold>()
                        .offering::<Call>()
                        .offering::<Raise>()],
                )],
            )
        };
        Flow::new(Step::sequence([
            Step::when(
                |game, _| game.round == 1,
                [Step::phase(
                    "first round",
                    [betting("first bets", "first turns")],
                )],
            ),
            Step::when(
                |game, _| game.finish.is_none() && game.variant.rounds() > 1,
                [
                    Step::when(
                        |game: &LeducPoker, _| game.public.is_none(),
                        [Step::moves("public card", |_, _, moves| {
                            moves.push(LeducMove::DealPublic);
                        })],
                    ),
                    Step::phase("second round", [betting("second bets", "second turns")]),
                ],
            ),
        ]))
        .skipping(|game, player| game.folded.contains(player) || game.round_over())
    }

    /// A move in words for `viewer`: see the game's view module.
    fn describe_move(&self, applied: &LeducMove, viewer: Viewer) -> Option<String> {
        self.move_in_words(applied, viewer)
    }

    /// Each seat's chips won or lost as scores, the most first.
    fn outcome(&self) -> Option<Outcome> {
        let finish = self.finish.as_ref()?;
        Some(Outcome::from_scores(
            finish.net.iter().copied(),
            Best::Highest,
        ))
    }

    /// A check when there is nothing to match, else a fold: what a player out of time
    /// plays, putting no chip in.
    fn timeout_action(&self, _flow: Progress<'_>, player: PlayerIndex) -> Option<LeducAction> {
        Some(if self.to_call(player) == 0 {
            LeducAction::Call(Call)
        } else {
            LeducAction::Fold(Fold)
        })
    }

    /// The cards (the viewer's own face up, the others' face down until the showdown),
    /// the public card, each seat's chips in the pot, the bets.
    fn scene(&self, viewer: Viewer, seats: Seats) -> meeple::scene::Scene {
        self.draw_scene(viewer, seats)
    }
}

/// The cards hidden from `player` are dealt again from those they cannot see: a world
/// consistent with their view.
impl Search for LeducPoker {
    fn determinize(&self, player: PlayerIndex, chance: &mut Chance) -> Self {
        let mut world = self.clone();
        if world.shown.is_some() {
            return world;
        }
        let own = world.cards.get(player).copied().flatten();
        let mut unseen: Vec<Card> = world
            .deck()
            .filter(|&card| Some(card) != own && Some(card) != world.public)
            .collect();
        chance.shuffle(&mut unseen);
        for (seat, card) in world.cards.enumerate_mut() {
            if seat != player {
                *card = unseen.pop();
            }
        }
        world
    }
}

impl LeducPoker {
    /// A hand just dealt: `cards[seat]` is that seat's private card, everyone anted 1 and
    /// nothing bet; with `public`, the public card is dealt and the second round begins.
    /// For rules tests and puzzles, started with [`meeple::Engine::from_start`] at a table
    /// of `cards.len()` seats.
    ///
    /// # Errors
    /// [`SetupError::State`] for a table outside 2 to 10 seats, a card not in the deck, a
    /// card dealt twice, or a public card in Kuhn.
    pub fn dealt(
        config: &LeducConfig,
        cards: &[Card],
        public: Option<Card>,
    ) -> Result<Self, SetupError> {
        let invalid = |reason: String| Err(SetupError::State { reason });
        if !Self::PLAYERS.contains(&cards.len()) {
            return invalid(format!("2 to 10 players are dealt, not {}", cards.len()));
        }
        let seats = Seats::new(cards.len());
        let mut game = Self::setup(config, seats)?.state;
        let deck: Vec<Card> = game.deck().collect();
        let mut dealt: Vec<Card> = cards.iter().copied().chain(public).collect();
        if let Some(card) = dealt.iter().find(|card| !deck.contains(card)) {
            return invalid(format!("{card:?} is not in the deck"));
        }
        dealt.sort_unstable();
        if dealt.windows(2).any(|pair| pair[0] == pair[1]) {
            return invalid("a card is dealt twice".to_owned());
        }
        if public.is_some() && config.variant.rounds() < 2 {
            return invalid("Kuhn poker has no public card".to_owned());
        }
        game.cards = PerPlayer::from_fn(seats, |seat| cards.get(seat.0).copied());
        if public.is_some() {
            game.public = public;
            game.round = 2;
        }
        Ok(game)
    }

    /// The deck, lowest first: `players + 1` ranks of each suit.
    pub fn deck(&self) -> impl Iterator<Item = Card> + use<> {
        let ranks = u8::try_from(self.cards.len() + 1).unwrap_or(u8::MAX);
        let suits = self.variant.suits();
        (0..ranks).flat_map(move |rank| (0..suits).map(move |suit| Card { rank, suit }))
    }

    /// How many cards the deck has.
    #[must_use]
    pub fn deck_len(&self) -> usize {
        (self.cards.len() + 1) * usize::from(self.variant.suits())
    }

    /// `card`'s number in the deck, as OpenSpiel numbers it: `rank * suits + suit`.
    #[must_use]
    pub fn card_number(&self, card: Card) -> usize {
        usize::from(card.rank) * usize::from(self.variant.suits()) + usize::from(card.suit)
    }

    /// `card` in words: its rank (J, Q, K for two players), then its suit in Leduc: `Q♥`.
    #[must_use]
    pub fn card_name(&self, card: Card) -> String {
        let ranks = self.cards.len() + 1;
        let rank = (RANK_NAMES.len() - ranks.min(RANK_NAMES.len())) + usize::from(card.rank);
        let rank = RANK_NAMES.get(rank).copied().unwrap_or("?");
        match self.variant {
            Variant::Leduc => {
                let suit = SUIT_NAMES
                    .get(usize::from(card.suit))
                    .copied()
                    .unwrap_or("?");
                format!("{rank}{suit}")
            }
            Variant::Kuhn => rank.to_owned(),
        }
    }

    /// Which poker is played.
    #[must_use]
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// `player`'s private card (`None` in a view where it is hidden).
    #[must_use]
    pub fn card(&self, player: PlayerIndex) -> Option<Card> {
        self.cards.get(player).copied().flatten()
    }

    /// The public card, once dealt.
    #[must_use]
    pub fn public_card(&self) -> Option<Card> {
        self.public
    }

    /// The chips `player` has put in the pot, ante included.
    #[must_use]
    pub fn put_in(&self, player: PlayerIndex) -> u32 {
        self.put_in.get(player).copied().unwrap_or(0)
    }

    /// The chips in the pot.
    #[must_use]
    pub fn pot(&self) -> u32 {
        self.put_in.iter().sum()
    }

    /// The stake: the most any seat has put in.
    #[must_use]
    pub fn stake(&self) -> u32 {
        self.put_in.iter().copied().max().unwrap_or(0)
    }

    /// What `player` must put in to match the stake: 0 for a check.
    #[must_use]
    pub fn to_call(&self, player: PlayerIndex) -> u32 {
        self.stake().saturating_sub(self.put_in(player))
    }

    /// The betting round, 1 or 2.
    #[must_use]
    pub fn round(&self) -> u8 {
        self.round
    }

    /// The seats that folded.
    #[must_use]
    pub fn folded(&self) -> PlayerSet {
        self.folded
    }

    /// Every bet so far, with its round and player.
    #[must_use]
    pub fn bets(&self) -> &[(u8, PlayerIndex, Bet)] {
        &self.bets
    }

    /// The cards of the seats still in, once the showdown showed them (`None` for a
    /// seat that folded).
    #[must_use]
    pub fn shown(&self) -> Option<&PerPlayer<Option<Card>>> {
        self.shown.as_ref()
    }

    /// How the hand ended, once it has.
    #[must_use]
    pub fn finish(&self) -> Option<&Finish> {
        self.finish.as_ref()
    }

    /// Whether `player` may raise: fewer raises this round than the most.
    #[must_use]
    pub fn may_raise(&self) -> bool {
        self.raises < self.variant.max_raises()
    }

    /// The seats still in (not folded).
    #[must_use]
    pub fn in_play(&self) -> usize {
        self.cards.len() - self.folded.len()
    }

    /// Whether this round's betting is over, as OpenSpiel's `ReadyForNextRound`: everyone
    /// in has checked, or all but the last raiser have called, or the hand is over.
    #[must_use]
    pub fn round_over(&self) -> bool {
        let in_play = self.in_play();
        self.finish.is_some()
            || in_play <= 1
            || (self.raises == 0 && usize::from(self.calls) == in_play)
            || (self.raises > 0 && usize::from(self.calls) + 1 == in_play)
    }

    /// The strength of `player`'s hand with the public card, as OpenSpiel ranks it: a pair
    /// beats any other hand; else the higher rank, then the lower (Kuhn: the card alone).
    #[must_use]
    pub fn hand_strength(&self, player: PlayerIndex) -> Option<usize> {
        let card = self.card(player)?;
        let ranks = self.cards.len() + 1;
        let Some(public) = self.public else {
            return Some(usize::from(card.rank));
        };
        let (low, high) = if card.rank <= public.rank {
            (card.rank, public.rank)
        } else {
            (public.rank, card.rank)
        };
        Some(if low == high {
            ranks * ranks + usize::from(low)
        } else {
            usize::from(high) * ranks + usize::from(low)
        })
    }

    /// The end of the hand, if the last bet ended it: the pot to the one player left, or
    /// to the best hands at the showdown.
    fn settled(&self) -> Option<Finish> {
        // Most bets end nothing: said without allocating.
        let showdown = self.in_play() > 1;
        if showdown && !(self.round_over() && self.round >= self.variant.rounds()) {
            return None;
        }
        let pot = self.pot();
        let in_play: Vec<PlayerIndex> = self
            .put_in
            .players()
            .filter(|&seat| !self.folded.contains(seat))
            .collect();
        let best = in_play
            .iter()
            .filter_map(|&seat| self.hand_strength(seat))
            .max();
        let winners: Vec<PlayerIndex> = if showdown {
            in_play
                .iter()
                .copied()
                .filter(|&seat| self.hand_strength(seat) == best)
                .collect()
        } else {
            in_play
        };
        let share = pot / u32::try_from(winners.len().max(1)).unwrap_or(1);
        let mut odd = pot - share * u32::try_from(winners.len()).unwrap_or(0);
        let net = self.put_in.map(|seat, &put_in| {
            let mut won = 0;
            if winners.contains(&seat) {
                won = share;
                if odd > 0 {
                    won += 1;
                    odd -= 1;
                }
            }
            i64::from(won) - i64::from(put_in)
        });
        Some(Finish {
            winners: winners
                .iter()
                .fold(PlayerSet::EMPTY, |set, &seat| set.with(seat)),
            pot,
            net,
            showdown,
        })
    }
}

/// A step of poker: `Deal -> Dealt` at the setup; `Folded`, `Called` or `Raised` (then
/// `Shown` and `Ended`, or `Ended`, when it ends the hand); `DealPublic -> PublicDealt`
/// between the rounds.
///
/// Serialized with a `move` tag: `{"move":"raised","player":0,"chips":3}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "move", rename_all = "snake_case")]
pub enum LeducMove {
    /// The deck is shuffled from the game's chance and each seat dealt one card: then
    /// [`Dealt`](Self::Dealt).
    Deal,
    /// Each seat's private card: each seat sees its own only.
    Dealt {
        /// The cards, by seat.
        cards: PerPlayer<Option<Card>>,
    },
    /// `player` folds.
    Folded {
        /// Who folds.
        player: PlayerIndex,
    },
    /// `player` puts in `chips` to match the stake (0: a check).
    Called {
        /// Who calls.
        player: PlayerIndex,
        /// The chips put in.
        chips: u32,
    },
    /// `player` puts in `chips`: the stake matched, and raised.
    Raised {
        /// Who raises.
        player: PlayerIndex,
        /// The chips put in.
        chips: u32,
    },
    /// The public card is drawn among the cards not dealt: then
    /// [`PublicDealt`](Self::PublicDealt), and the second round begins.
    DealPublic,
    /// The public card, face up.
    PublicDealt {
        /// The card.
        card: Card,
    },
    /// The cards of the seats still in, shown at the showdown (`None` for a seat that
    /// folded).
    Shown {
        /// The cards, by seat.
        cards: PerPlayer<Option<Card>>,
    },
    /// The hand is over.
    Ended(Finish),
}

impl Move<LeducPoker> for LeducMove {
    fn apply(&self, game: &mut LeducPoker, next: &mut MoveContext<'_, Self>) {
        let bet = match self {
            LeducMove::Deal => {
                let mut deck = [Card { rank: 0, suit: 0 }; MAX_DECK];
                let mut len = 0;
                for (slot, card) in deck.iter_mut().zip(game.deck()) {
                    *slot = card;
                    len += 1;
                }
                let deck = &mut deck[..len];
                next.chance().shuffle(deck);
                let mut dealt = deck.iter().copied();
                let cards = game.cards.map(|_, _| dealt.next());
                // Room for a hand's usual bets at once, rather than growing twice.
                game.bets.reserve(8);
                next.then(LeducMove::Dealt { cards });
                return;
            }
            LeducMove::Dealt { cards } => {
                game.cards = cards.clone();
                return;
            }
            LeducMove::DealPublic => {
                let mut left = [Card { rank: 0, suit: 0 }; MAX_DECK];
                let mut len = 0;
                let undealt = game
                    .deck()
                    .filter(|card| !game.cards.iter().any(|dealt| dealt.as_ref() == Some(card)));
                for (slot, card) in left.iter_mut().zip(undealt) {
                    *slot = card;
                    len += 1;
                }
                let left = &mut left[..len];
                next.chance().shuffle(left);
                if let Some(&card) = left.last() {
                    next.then(LeducMove::PublicDealt { card });
                }
                return;
            }
            LeducMove::PublicDealt { card } => {
                game.public = Some(*card);
                game.round += 1;
                game.raises = 0;
                game.calls = 0;
                return;
            }
            LeducMove::Shown { cards } => {
                game.shown = Some(cards.clone());
                return;
            }
            LeducMove::Ended(finish) => {
                game.finish = Some(finish.clone());
                return;
            }
            LeducMove::Folded { player } => {
                game.folded = game.folded.with(*player);
                (*player, Bet::Fold)
            }
            LeducMove::Called { player, chips } => {
                if let Some(put_in) = game.put_in.get_mut(*player) {
                    *put_in += chips;
                }
                game.calls += 1;
                (*player, Bet::Call)
            }
            LeducMove::Raised { player, chips } => {
                if let Some(put_in) = game.put_in.get_mut(*player) {
                    *put_in += chips;
                }
                game.raises += 1;
                game.calls = 0;
                (*player, Bet::Raise)
            }
        };
        game.bets.push((game.round, bet.0, bet.1));
        if let Some(finish) = game.settled() {
            if finish.showdown {
                // The hands still in are shown; a folded hand stays unseen.
                let folded = game.folded;
                next.then(LeducMove::Shown {
                    cards: game
                        .cards
                        .map(|seat, card| if folded.contains(seat) { None } else { *card }),
                });
            }
            next.then(LeducMove::Ended(finish));
        }
    }

    /// The deal shows each seat its own card only; every other move is public.
    fn view(&self, _after: &LeducPoker, viewer: Viewer) -> Option<Self> {
        Some(match self {
            LeducMove::Dealt { cards } => LeducMove::Dealt {
                cards: cards.seen_by(viewer, |_| None),
            },
            other => other.clone(),
        })
    }
}

/// Fold: give up the pot. Offered when facing a bet. Submitted as `{"action":"fold"}`.
#[derive(Clone, Debug, PartialEq, Eq, Action)]
#[action(
    prompt = "Fold",
    condition = game.to_call(player) > 0,
    description = "{player} is betting",
    message = "{player} folds",
    behaviour = [LeducMove::Folded { player }]
)]
pub struct Fold;

/// Call: match the stake; a check when there is nothing to match. Submitted as
/// `{"action":"call"}`.
#[derive(Clone, Debug, PartialEq, Eq, Action)]
#[action(
    prompt = if game.to_call(player) == 0 { "Check".to_owned() } else { format!("Call {}", game.to_call(player)) },
    description = "{player} is betting",
    message = "{player} calls",
    behaviour = [LeducMove::Called { player, chips: game.to_call(player) }]
)]
pub struct Call;

/// Raise: match the stake, then raise it by 2 (first round) or 4 (second round) in Leduc,
/// by 1 in Kuhn. Offered while the round has had fewer raises than the most. Submitted as
/// `{"action":"raise"}`.
#[derive(Clone, Debug, PartialEq, Eq, Action)]
#[action(
    prompt = format!("Raise {}", game.variant.raise(game.round)),
    condition = game.may_raise(),
    description = "{player} is betting",
    message = "{player} raises",
    behaviour = [LeducMove::Raised { player, chips: game.to_call(player) + game.variant.raise(game.round) }]
)]
pub struct Raise;

/// Every action of the game.
#[derive(Clone, Debug, PartialEq, Eq, Actions)]
#[actions(game = LeducPoker)]
pub enum LeducAction {
    /// See [`Fold`].
    Fold(Fold),
    /// See [`Call`].
    Call(Call),
    /// See [`Raise`].
    Raise(Raise),
}

impl fmt::Display for Bet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Bet::Fold => "fold",
            Bet::Call => "call",
            Bet::Raise => "raise",
        })
    }
}
