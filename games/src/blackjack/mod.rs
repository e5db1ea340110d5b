//! Blackjack for one to seven players against the dealer, dealt from a shuffled shoe.
//!
//! The rules are the common casino rules (Wikipedia's "Blackjack",
//! <https://en.wikipedia.org/wiki/Blackjack>), each player betting one chip a round:
//!
//! - the shoe holds [`BlackjackConfig::decks`] standard 52-card decks, shuffled once at the
//!   start; a dealt card is taken from the top of the shoe; at the start of each round the
//!   cards of the last one go to a face-up discard pile. When the shoe is empty and a card
//!   is needed, the discard pile is gathered into the shoe and shuffled, and the deal goes
//!   on (the cards on the table stay where they are). There is no cut card;
//! - each round, the dealer deals one card face up to each player in seat order, one face
//!   up to the dealer, a second face up to each player, and the dealer's second card face
//!   down: the *hole card*, which nobody but the admin sees until the dealer plays;
//! - when the dealer shows an ace or a ten-valued card, the dealer checks the hole card for
//!   blackjack ("peeks", [`BlackjackConfig::dealer_peeks`]): with one, the dealer turns it
//!   up at once and the round is settled without the players' turns;
//! - then each player in seat order [`Hit`]s (takes a card) or [`Stand`]s, as long as they
//!   like: a hand over 21 is bust and its turn ends; a hand of 21 stands by itself (no card
//!   can improve it), and a player dealt a blackjack has no turn;
//! - aces count 1 or 11, whichever is better ([`HandValue`]); tens and court cards count 10;
//! - after the players, the dealer turns up the hole card and draws until the hand reaches
//!   17 or more, standing on every 17 (or drawing on a soft 17,
//!   [`BlackjackConfig::dealer_hits_soft_17`]). The dealer plays out the hand even when
//!   every player is bust;
//! - each hand is settled against the dealer's ([`settle`]): a blackjack (21 in the first two
//!   cards) pays 3 to 2, a win 1, a push 0, a loss or a bust costs the chip. Scores are kept
//!   as integers in **half-chips**: +3, +2, 0 and -2;
//! - the game lasts [`BlackjackConfig::rounds`] rounds; each player's score is their net
//!   winnings, and the highest score wins (tied players share the win).
//!
//! Not implemented (variants of the casino game): betting amounts, doubling down,
//! splitting pairs, insurance, surrender, a cut card.
//!
//! The dealer is not a seat: the engine plays the dealer's hand, a step of the game's flow
//! whose moves draw to 17 by their consequences ([`BlackjackMove`]); the flow also deals
//! each round, peeks, and gives each player their turn ([`Game::flow`]). The cards are components ([`Blackjack::deck`]) in places:
//! the shoe (whose cards nobody sees, only how many), the discard pile, each player's hand
//! and the dealer's face-up cards (seen by all), and the hole card (seen by nobody, its
//! place followed by a token). The places are addressed as data by `#[derive(Places)]`
//! ([`BlackjackPlace`]), so every move of a card is a [`PieceMove`] of the framework's,
//! which also says what each viewer sees of it.
//!
//! A search agent ([`meeple::SearchAgent`]) plays possible tables drawn from the player's
//! view ([`Search::determinize`]): the hole card and the shoe dealt from the cards nobody has
//! seen; its search stops when the round is settled ([`Search::evaluate`]).
//!
//! ```
//! use meeple::{Engine, PlayerIndex};
//! use meeple_games::blackjack::{Blackjack, BlackjackAction, BlackjackConfig, Stand};
//!
//! let config = BlackjackConfig { decks: 1, rounds: 1, ..BlackjackConfig::default() };
//! let mut engine = Engine::<Blackjack>::new(config, 2, 7)?;
//! // Everyone stands on the first two cards; the dealer then plays and the game ends.
//! while let Some(player) = engine.position().to_act().first() {
//!     engine.submit(player, BlackjackAction::Stand(Stand))?;
//! }
//! let outcome = engine.position().outcome().expect("one round, and it is over");
//! assert_eq!(outcome.scores().len(), 2);
//! println!("{}", engine.position().state().summary(PlayerIndex(0)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod actions;
mod config;
mod hand;
mod moves;
mod search;
mod view;

#[cfg(test)]
mod tests;

use std::ops::RangeInclusive;

use meeple::flow::Step;
use meeple::{
    Best, Chance, Chest, Deck, DeckId, Flow, Game, MoveContext, Outcome, PerPlayer, PieceMove,
    Places, PlayerIndex, PlayerSet, Search, Seats, Setup, SetupError, Stack,
};

use serde::{Deserialize, Serialize};

use crate::french::{Card, Rank, Suit};

pub use actions::{BlackjackAction, BlackjackActionArgs, Hit, HitArgs, Stand, StandArgs};
pub use config::BlackjackConfig;
pub use hand::{HandResult, HandValue, card_points, chips, dealer_draws, settle};
pub use moves::BlackjackMove;

/// How the last round settled, kept for the players to read during the next one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundReport {
    /// The round, 0-based.
    pub round: u32,
    /// The dealer's final cards, in the order they were dealt.
    pub dealer_cards: Vec<Card>,
    /// The value of the dealer's final hand.
    pub dealer: HandValue,
    /// The value of each player's final hand.
    pub hands: PerPlayer<HandValue>,
    /// How each player's hand settled.
    pub results: PerPlayer<HandResult>,
}

/// The state of a game of Blackjack: the shoe, the discard pile, the hands, the dealer's
/// cards and the scores. See the [module docs](self) for the rules.
///
/// This is the whole truth (the admin's view). Every card is a component of
/// [`Blackjack::deck`] and lies in exactly one of the places. What each viewer sees
/// (`#[derive(View)]`): how many cards the shoe holds but none of them (`len`), the hole
/// card as a hidden piece with its token (`order`), everything else.
#[derive(
    Clone, Debug, PartialEq, Eq, Serialize, Deserialize, meeple::View, Places, meeple::Observe,
)]
#[places(component = Card)]
pub struct Blackjack {
    #[observe(skip)]
    config: BlackjackConfig,
    /// The round in progress (or the last one, once settled), 0-based.
    round: u32,
    /// How many rounds have been settled.
    rounds_settled: u32,
    /// Whether the last round has been settled: the game is over.
    over: bool,
    /// The cards to deal, the top one dealt next.
    #[view(len)]
    shoe: Stack<Card>,
    /// The cards of the rounds played since the last reshuffle, face up.
    #[view(place)]
    discard: Stack<Card>,
    /// Each player's cards, face up, in the order dealt.
    #[view(place)]
    hands: PerPlayer<Stack<Card>>,
    /// The dealer's face-up cards, in the order dealt (the hole card joins them when the
    /// dealer plays).
    #[view(place)]
    dealer: Stack<Card>,
    /// The dealer's face-down card, until the dealer plays.
    #[view(order)]
    hole: Stack<Card>,
    /// The players who stood this round: their turn is over.
    stood: PlayerSet,
    /// What the dealer's peek at the hole card told everyone this round: `Some(true)` for
    /// a blackjack (the players then have no turn), `Some(false)` for none, `None` when the
    /// dealer did not peek.
    peek: Option<bool>,
    /// Each player's net winnings so far, in half-chips.
    scores: PerPlayer<i64>,
    /// How many times the shoe has been shuffled (the first shuffle included).
    shuffles: u32,
    /// How the previous round settled.
    #[observe(skip)]
    last_round: Option<RoundReport>,
}

impl Game for Blackjack {
    type Config = BlackjackConfig;
    type Move = BlackjackMove;
    type Actions = BlackjackAction;
    const NAME: &'static str = "blackjack";
    /// One to seven players (the seats of a casino table).
    const PLAYERS: RangeInclusive<usize> = 1..=7;

    /// [`BlackjackConfig::validate`].
    ///
    /// # Errors
    /// As [`BlackjackConfig::validate`].
    fn validate_config(config: &BlackjackConfig, _: Seats) -> Result<(), SetupError> {
        config.validate()
    }

    /// The whole shoe, unshuffled, and nothing on the table; the setup moves shuffle the
    /// shoe (a [`PieceMove::Shuffle`] of [`BlackjackPlace::Shoe`]) and start the first round.
    ///
    /// # Errors
    /// [`SetupError::Config`] from [`BlackjackConfig::validate`] (never after the engine's
    /// own check, [`validate_config`](Game::validate_config)).
    fn setup(config: &BlackjackConfig, seats: Seats) -> Result<Setup<Self>, SetupError> {
        let deck = Blackjack::deck(config)?;
        let id = deck.id();
        Ok(Setup {
            state: Blackjack {
                config: config.clone(),
                round: 0,
                rounds_settled: 0,
                over: false,
                shoe: deck.stack(()),
                // Sized once: dealing, clearing and gathering then never reallocate.
                discard: Stack::with_capacity(id, deck.len()),
                hands: PerPlayer::from_fn(seats, |_| {
                    Stack::with_capacity(id, Self::MOST_CARDS_IN_HAND)
                }),
                dealer: Stack::with_capacity(id, Self::MOST_CARDS_IN_HAND),
                hole: Stack::new(id),
                stood: PlayerSet::EMPTY,
                peek: None,
                scores: PerPlayer::filled(seats, 0),
                shuffles: 0,
                last_round: None,
            },
            moves: vec![BlackjackMove::Piece(PieceMove::Shuffle {
                place: BlackjackPlace::Shoe,
            })],
        })
    }

    /// The rounds, as many as the config says: the dealer deals (and peeks when the up
    /// card is an ace or a ten-valued card); unless the peek showed a blackjack, each
    /// player in seat order hits or stands while their hand is under 21 and they have not
    /// stood (a blackjack has no turn); the dealer plays and the round is settled. Then
    /// the game ends. The dealer's play is the engine's: moves and their consequences.
    fn flow() -> Flow<Self> {
        Flow::new(Step::sequence([
            Step::times(
                "rounds",
                |game, _| game.config.rounds,
                [
                    Step::moves("deal", |game: &Blackjack, _, moves| {
                        moves.push(BlackjackMove::StartRound {
                            round: game.rounds_settled,
                        });
                    }),
                    Step::when(
                        |game, _| game.dealer_peeks(),
                        [Step::moves("peek", |game: &Blackjack, _, moves| {
                            game.peek_moves(moves);
                        })],
                    ),
                    Step::when(
                        |game, _| game.players_play(),
                        [Step::phase(
                            "players",
                            [Step::each_player(
                                "turns",
                                |_, _| PlayerIndex(0),
                                [Step::turn("hit or stand")
                                    .offering::<Hit>()
                                    .offering::<Stand>()
                                    .repeated_while(Blackjack::may_draw)],
                            )],
                        )],
                    ),
                    Step::moves("dealer", |_, _, moves| {
                        moves.push(BlackjackMove::DealerTurn);
                    }),
                ],
            ),
            Step::moves("end", |_, _, moves| moves.push(BlackjackMove::EndGame)),
        ]))
    }

    /// A move in words for `viewer`: see the game's view module.
    fn describe_move(&self, applied: &BlackjackMove, viewer: meeple::Viewer) -> Option<String> {
        self.move_in_words(applied, viewer)
    }

    /// The shoe, the dealer, each seat's cards and chips.
    fn scene(&self, _viewer: meeple::Viewer, seats: Seats) -> meeple::scene::Scene {
        self.draw_scene(seats)
    }

    /// Once the last round is settled: the players with the highest score (several when
    /// tied) and every score, in half-chips.
    fn outcome(&self) -> Option<Outcome> {
        if !self.over {
            return None;
        }
        Some(Outcome::from_scores(
            self.scores.iter().copied(),
            Best::Highest,
        ))
    }
}

impl Search for Blackjack {
    /// A full table consistent with `player`'s view (`self`): the hole card and the shoe
    /// dealt from the cards the player cannot locate, shuffled by `chance`; a hole card
    /// that the dealer's peek ruled out a blackjack for makes none.
    fn determinize(&self, player: PlayerIndex, chance: &mut Chance) -> Self {
        let _ = player;
        self.determinized(chance)
    }

    /// Scores the end of the round in progress at `root`: each player's payout in it,
    /// from `-2` half-chips (0.0) to `+3` (1.0). What a player decides changes only their
    /// hand in this round, so a search need not look further.
    fn evaluate(&self, root: &Self, player: PlayerIndex) -> Option<f64> {
        self.round_reward(root, player)
    }
}

impl Blackjack {
    /// The most cards a hand can hold: 21 aces counted as one each, then the card that
    /// busts it (with enough decks in the shoe).
    pub const MOST_CARDS_IN_HAND: usize = 22;

    /// The cards of a game under `config`: [`BlackjackConfig::decks`] standard decks one
    /// after the other, each in [`Suit::ALL`] then [`Rank::ALL`] order, as deck 0 named
    /// `"cards"`. Component `i` is card `i % 52` of deck `i / 52`.
    ///
    /// # Errors
    /// [`SetupError::Config`] from [`BlackjackConfig::validate`].
    pub fn deck(config: &BlackjackConfig) -> Result<Deck<Card>, SetupError> {
        config.validate()?;
        let one_deck = Suit::ALL
            .into_iter()
            .flat_map(|suit| Rank::ALL.into_iter().map(move |rank| Card::new(rank, suit)));
        let cards = (0..config.decks).flat_map(|_| one_deck.clone()).collect();
        Ok(Deck::new(DeckId(0), "cards", cards))
    }

    /// The chest of a game under `config` (its one deck, [`deck`](Self::deck)), to check
    /// that every card lies in exactly one place ([`meeple::testing::check_views`]).
    ///
    /// # Errors
    /// [`SetupError::Config`] from [`BlackjackConfig::validate`].
    pub fn chest(config: &BlackjackConfig) -> Result<Chest, SetupError> {
        Ok(Chest::new().with(&Blackjack::deck(config)?))
    }

    /// The rules this game is played with.
    #[must_use]
    pub fn config(&self) -> &BlackjackConfig {
        &self.config
    }

    /// Whether the last round has been settled: the game is over.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// How many rounds have been settled.
    #[must_use]
    pub fn rounds_settled(&self) -> u32 {
        self.rounds_settled
    }

    /// What the dealer's peek told everyone this round: `Some(true)` for a blackjack,
    /// `Some(false)` for none, `None` when the dealer did not peek (yet).
    #[must_use]
    pub fn peek(&self) -> Option<bool> {
        self.peek
    }

    /// Whether `player` stood this round.
    #[must_use]
    pub fn stood(&self, player: PlayerIndex) -> bool {
        self.stood.contains(player)
    }

    /// The round in progress (or the last one, once over), 0-based.
    #[must_use]
    pub fn round(&self) -> u32 {
        self.round
    }

    /// The table: how many players sit at it.
    #[must_use]
    pub fn seats(&self) -> Seats {
        self.hands.seats()
    }

    /// The shoe, its top card dealt next. Its cards are hidden from every player.
    #[must_use]
    pub fn shoe(&self) -> &Stack<Card> {
        &self.shoe
    }

    /// The discard pile, face up.
    #[must_use]
    pub fn discard(&self) -> &Stack<Card> {
        &self.discard
    }

    /// Each player's hand, face up.
    #[must_use]
    pub fn hands(&self) -> &PerPlayer<Stack<Card>> {
        &self.hands
    }

    /// The cards of `player`'s hand, in the order dealt; empty for a seat that does not
    /// exist.
    #[must_use]
    pub fn hand(&self, player: PlayerIndex) -> Vec<Card> {
        self.hands
            .get(player)
            .map(|hand| hand.components().copied().collect())
            .unwrap_or_default()
    }

    /// The value of `player`'s hand (zero for a seat that does not exist).
    #[must_use]
    pub fn hand_value(&self, player: PlayerIndex) -> HandValue {
        self.hands.get(player).map_or(HandValue::of([]), |hand| {
            HandValue::of(hand.components().copied())
        })
    }

    /// The dealer's face-up cards, in the order dealt (the hole card is among them once the
    /// dealer has turned it up).
    #[must_use]
    pub fn dealer_cards(&self) -> Vec<Card> {
        self.dealer.components().copied().collect()
    }

    /// The value of the dealer's face-up cards: the whole hand once the hole card is turned
    /// up, only what the dealer shows before.
    #[must_use]
    pub fn dealer_value(&self) -> HandValue {
        HandValue::of(self.dealer.components().copied())
    }

    /// The hole card's place: one hidden card from the deal until the dealer plays, empty
    /// otherwise.
    #[must_use]
    pub fn hole(&self) -> &Stack<Card> {
        &self.hole
    }

    /// Whether `player`, on their turn, is asked to hit or stand: their hand is under 21
    /// and they have not stood. Asked by the flow as their turn begins (a blackjack, or
    /// any 21, has no turn) and after each of their actions (a bust ends the turn).
    #[must_use]
    pub fn may_draw(&self, player: PlayerIndex) -> bool {
        !self.stood.contains(player) && self.hand_value(player).total < 21
    }

    /// Whether the dealer peeks at the hole card this round: the config says so and the up
    /// card is an ace or a ten-valued card. Asked by the flow after the deal.
    #[must_use]
    pub fn dealer_peeks(&self) -> bool {
        self.config.dealer_peeks && self.dealer_shows_ace_or_ten()
    }

    /// Whether the players take their turns this round: unless the dealer's peek showed a
    /// blackjack. Asked by the flow after the deal and the peek.
    #[must_use]
    pub fn players_play(&self) -> bool {
        self.peek != Some(true)
    }

    /// The dealer's peek: whether the up card and the hole card make a blackjack, as the
    /// move that tells everyone ([`BlackjackMove::Peek`]).
    fn peek_moves(&self, moves: &mut Vec<BlackjackMove>) {
        let hand = self.dealer.components().chain(self.hole.components());
        let blackjack = HandValue::of(hand.copied()).is_blackjack();
        moves.push(BlackjackMove::Peek { blackjack });
    }

    /// Each player's net winnings so far, in half-chips (see [`chips`]).
    #[must_use]
    pub fn scores(&self) -> &PerPlayer<i64> {
        &self.scores
    }

    /// How many times the shoe has been shuffled, the first shuffle included.
    #[must_use]
    pub fn shuffles(&self) -> u32 {
        self.shuffles
    }

    /// How the previous round settled, once a round has been.
    #[must_use]
    pub fn last_round(&self) -> Option<&RoundReport> {
        self.last_round.as_ref()
    }

    /// The card at `index` of the shoe dealt onto the top of `to`.
    fn deal_move(&self, index: usize, to: BlackjackPlace) -> PieceMove<BlackjackPlace, Card> {
        PieceMove::Move {
            from: BlackjackPlace::Shoe,
            index,
            to,
            // The top of `to` (a stack): its number of cards, none for a seat that does
            // not exist.
            at: self.place(to).map_or(0, |place| place.positions()),
            seen: None,
        }
    }

    /// Every card on the table (each hand in seat order, then the dealer's cards, each
    /// bottom first) moved onto the discard pile, in the order the moves run. The hole card
    /// is never there then: it is turned up at every dealer's turn.
    fn clear_table_moves(&self) -> impl Iterator<Item = PieceMove<BlackjackPlace, Card>> + '_ {
        let places = self
            .hands
            .enumerate()
            .map(|(player, hand)| (BlackjackPlace::Hands(player), hand.len()))
            .chain([(BlackjackPlace::Dealer, self.dealer.len())]);
        let discard = self.discard.len();
        places
            .flat_map(|(from, cards)| std::iter::repeat_n(from, cards))
            .enumerate()
            .map(move |(cleared, from)| PieceMove::Move {
                from,
                index: 0,
                to: BlackjackPlace::Discard,
                at: discard + cleared,
                seen: None,
            })
    }

    /// The whole discard pile moved onto the shoe, bottom first, in the order the moves run.
    fn gather_discard_moves(
        &self,
    ) -> impl Iterator<Item = PieceMove<BlackjackPlace, Card>> + use<> {
        let shoe = self.shoe.len();
        (0..self.discard.len()).map(move |gathered| PieceMove::Move {
            from: BlackjackPlace::Discard,
            index: 0,
            to: BlackjackPlace::Shoe,
            at: shoe + gathered,
            seen: None,
        })
    }

    /// Asks for the next card of the shoe to go to `to`: the top card moved there, then
    /// [`BlackjackMove::Dealt`]; or, with the shoe empty, the discard pile gathered and
    /// shuffled first ([`BlackjackMove::GatherDiscard`]), which then deals. With both empty
    /// (which no table of at most seven players can reach: the cards in play are worth at
    /// most 236 points, a deck 340) nothing is dealt.
    fn deal(&self, to: BlackjackPlace, next: &mut MoveContext<'_, BlackjackMove>) {
        if let Some(top) = self.shoe.top_index() {
            next.then(BlackjackMove::Piece(self.deal_move(top, to)));
            next.then(BlackjackMove::Dealt);
        } else if !self.discard.is_empty() {
            next.then(BlackjackMove::GatherDiscard { resume: to });
        }
    }

    /// Where the next card of the deal goes: each player, the dealer's up card, each player
    /// again, the hole card; `None` once the deal is complete.
    fn next_deal_spot(&self) -> Option<BlackjackPlace> {
        for pass in 1..=2 {
            if let Some((player, _)) = self.hands.enumerate().find(|(_, hand)| hand.len() < pass) {
                return Some(BlackjackPlace::Hands(player));
            }
            // The dealer's cards so far, the hole card included (turned up, it joins them).
            if self.dealer.len() + self.hole.len() < pass {
                return Some(if pass == 1 {
                    BlackjackPlace::Dealer
                } else {
                    BlackjackPlace::Hole
                });
            }
        }
        None
    }

    /// Whether the dealer's up card lets the hole card make a blackjack: an ace or a
    /// ten-valued card, after which the dealer peeks.
    fn dealer_shows_ace_or_ten(&self) -> bool {
        self.dealer
            .components()
            .next()
            .is_some_and(|card| matches!(card_points(card.rank), 1 | 10))
    }

    /// What follows a card dealt (or the table cleared, or the hole card turned up), read
    /// from the state: while the deal is incomplete, its next card; once the hole card is
    /// turned up, the dealer's next card or the settlement; after a player's hit, nothing
    /// (the flow asks them again or moves on). Only asks for consequences (which may read
    /// the hidden cards: the full state decides); changes nothing, so that the moves apply
    /// the same to every view.
    fn proceed(&self, next: &mut MoveContext<'_, BlackjackMove>) {
        if let Some(to) = self.next_deal_spot() {
            self.deal(to, next);
            return;
        }
        if !self.hole.is_empty() {
            return;
        }
        let dealer = self.dealer_value();
        if dealer_draws(dealer, self.config.dealer_hits_soft_17) {
            self.deal(BlackjackPlace::Dealer, next);
        } else {
            let results = PerPlayer::from_fn(self.seats(), |player| {
                settle(self.hand_value(player), dealer)
            });
            next.then(BlackjackMove::Settle { dealer, results });
        }
    }

    /// The dealer's turn begins: the hole card turned up (then the dealer draws,
    /// [`proceed`](Self::proceed)).
    fn turn_up_hole(&self, next: &mut MoveContext<'_, BlackjackMove>) {
        if let Some(hole) = self.hole.top_index() {
            next.then(BlackjackMove::Piece(PieceMove::Move {
                from: BlackjackPlace::Hole,
                index: hole,
                to: BlackjackPlace::Dealer,
                at: self.dealer.len(),
                seen: None,
            }));
            next.then(BlackjackMove::HoleTurnedUp);
        }
    }

    /// Adds each player's payout for the round to their score and keeps the round's report.
    fn settle_round(&mut self, dealer: HandValue, results: &PerPlayer<HandResult>) {
        for (score, result) in self.scores.iter_mut().zip(results.iter()) {
            *score += result.payout();
        }
        // The last report's buffer is reused: a round allocates nothing once the dealer's
        // longest hand so far has been seen.
        let mut dealer_cards = self.last_round.take().map_or_else(
            || Vec::with_capacity(Self::MOST_CARDS_IN_HAND),
            |report| report.dealer_cards,
        );
        dealer_cards.clear();
        dealer_cards.extend(self.dealer.components().copied());
        self.rounds_settled += 1;
        self.last_round = Some(RoundReport {
            round: self.round,
            dealer_cards,
            dealer,
            hands: PerPlayer::from_fn(self.seats(), |player| self.hand_value(player)),
            results: results.clone(),
        });
    }
}
