//! Hearts random playouts, meeple against a hand-written engine, in the same run (issue 4,
//! "Speed" 1 and part of 2):
//!
//! - `hearts one deal`: from the deal to the end of the hand (a pass, thirteen tricks);
//! - `hearts full game`: hands until a total reaches 100;
//! - `hearts prompt`: Hearts' play prompt in the middle of a trick, the completions an
//!   agent enumerates there, and the hand-written engine's legal cards at the same point.
//!
//! meeple plays as the random agent does: `to_act`, a uniform completion drawn with
//! `count_completions` and `nth_completion`, `submit` (which applies the moves, their
//! consequences and the forced plays that follow): at the logged table, `Engine`, with the
//! full log (`meeple`), and on a bare `Position` as `meeple simulate` plays (`meeple
//! simulation`). A third meeple entry plays as a search agent's rollout: in the position
//! of `Position::for_agent`, North's view determinized into a full deal.
//!
//! The hand-written engine below plays the same rules (`meeple_games::hearts` with the
//! default config) on bitmask hands, with no framework; before measuring, it is checked
//! move by move against meeple on whole games (same deals, same choices: same legal cards,
//! trick winners, points and scores).
//!
//! Run with `cargo bench -p meeple-games --bench hearts`.
//!
//! With `HEARTS_PLAYOUTS=<playout>/<way>:<games>` set, the binary plays that many playouts
//! instead of measuring (`one-deal` or `full-game`, then `hand-written`, `simulation`,
//! `lookahead` or `log`: `HEARTS_PLAYOUTS=one-deal/simulation:200`): a fixed workload to
//! count instructions under `valgrind --tool=cachegrind`, which the noise of a shared
//! machine does not move (`docs/PERFORMANCE.md`, "Instructions per game").

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group};
use meeple::{Engine, PlayerIndex, Position, PositionSettings};
use meeple_games::french::Card;
use meeple_games::hearts::{Hearts, HeartsAction, HeartsConfig, HeartsMove};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

/// The cards of one suit as a bitmask: bit `suit * 13 + rank` (meeple's `CardSet` order:
/// clubs, diamonds, spades, hearts; ranks two to ace).
const fn suit_mask(suit: u32) -> u64 {
    0x1FFF << (suit * 13)
}

/// The suit index of hearts.
const HEARTS: u32 = 3;
/// The 2 of clubs' bit index.
const TWO_OF_CLUBS: u32 = 0;
/// The queen of spades' bit index (spades = 2, queen = 10).
const QUEEN_OF_SPADES: u32 = 2 * 13 + 10;
/// Hearts and the queen of spades: the cards that score.
const POINT_CARDS: u64 = suit_mask(HEARTS) | 1 << QUEEN_OF_SPADES;
/// Every card.
const DECK: u64 = (1 << 52) - 1;

/// A hand-written Hearts engine: the default rules of `meeple_games::hearts` (pass 3 cards
/// left, right, across, then hold; the 2 of clubs leads; follow suit; no points on the
/// first trick unless the hand holds nothing else; hearts broken by a heart or the queen
/// of spades; shooting the moon gives the others 26; the game ends when a total reaches
/// the target) on `u64` bitmask hands, with no allocation.
#[derive(Clone, Copy, Debug)]
struct Handwritten {
    /// Each seat's cards, bit `suit * 13 + rank`.
    hands: [u64; 4],
    /// The card each seat played to the current trick (valid for the first `trick_len`
    /// seats from `leader`).
    trick: [u8; 4],
    /// How many cards the current trick holds.
    trick_len: u8,
    /// The seat that led the current trick.
    leader: u8,
    /// The seat to play next.
    to_play: u8,
    /// Tricks taken this hand.
    tricks_played: u8,
    /// Whether a heart or the queen of spades has been played this hand.
    hearts_broken: bool,
    /// The points each seat took this hand.
    points: [i32; 4],
    /// The totals over the hands scored.
    totals: [i32; 4],
    /// The hand in progress, 0-based (the pass direction rotates with it).
    hand_number: u32,
    /// The game ends once a total reaches this.
    target: i32,
    /// The winner and points of the last trick taken (for the check against meeple).
    last_trick: (u8, i32),
    /// The scores of the last hand (for the check against meeple).
    last_scores: [i32; 4],
}

impl Handwritten {
    /// A game before its first deal, played to `target` points.
    fn new(target: i32) -> Self {
        Handwritten {
            hands: [0; 4],
            trick: [0; 4],
            trick_len: 0,
            leader: 0,
            to_play: 0,
            tricks_played: 0,
            hearts_broken: false,
            points: [0; 4],
            totals: [0; 4],
            hand_number: 0,
            target,
            last_trick: (0, 0),
            last_scores: [0; 4],
        }
    }

    /// How many seats to the left the cards go in this hand: left, right, across, hold.
    fn pass_steps(&self) -> Option<usize> {
        match self.hand_number % 4 {
            0 => Some(1),
            1 => Some(3),
            2 => Some(2),
            _ => None,
        }
    }

    /// Starts a hand with these hands; in a hand without passing, the holder of the 2 of
    /// clubs is to lead.
    fn start_hand(&mut self, hands: [u64; 4]) {
        self.hands = hands;
        self.trick_len = 0;
        self.tricks_played = 0;
        self.hearts_broken = false;
        self.points = [0; 4];
        if self.pass_steps().is_none() {
            self.start_play();
        }
    }

    /// Shuffles the deck (Fisher-Yates) and deals thirteen cards to each seat.
    fn deal(&mut self, rng: &mut SmallRng) {
        let mut deck: [u8; 52] = std::array::from_fn(|card| card as u8);
        for i in (1..52).rev() {
            let j = rng.random_range(0..=i);
            deck.swap(i, j);
        }
        let mut hands = [0u64; 4];
        for (position, &card) in deck.iter().enumerate() {
            hands[position / 13] |= 1 << card;
        }
        self.start_hand(hands);
    }

    /// Every seat passes `chosen[seat]` (three cards) at once, in this hand's direction;
    /// then the holder of the 2 of clubs is to lead.
    fn pass(&mut self, chosen: [u64; 4]) {
        let steps = self.pass_steps().expect("a hand with passing");
        for (seat, &cards) in chosen.iter().enumerate() {
            self.hands[seat] &= !cards;
        }
        for (seat, &cards) in chosen.iter().enumerate() {
            self.hands[(seat + steps) % 4] |= cards;
        }
        self.start_play();
    }

    /// The holder of the 2 of clubs leads the first trick.
    fn start_play(&mut self) {
        let leader = self
            .hands
            .iter()
            .position(|hand| hand & 1 << TWO_OF_CLUBS != 0)
            .expect("someone holds the 2 of clubs");
        self.leader = leader as u8;
        self.to_play = leader as u8;
    }

    /// The cards the seat to play may play now.
    fn legal(&self) -> u64 {
        let hand = self.hands[usize::from(self.to_play)];
        let first_trick = self.tricks_played == 0;
        if self.trick_len == 0 {
            if first_trick && hand & 1 << TWO_OF_CLUBS != 0 {
                return 1 << TWO_OF_CLUBS;
            }
            let not_hearts = hand & !suit_mask(HEARTS);
            return if self.hearts_broken || not_hearts == 0 {
                hand
            } else {
                not_hearts
            };
        }
        let led = u32::from(self.trick[usize::from(self.leader)]) / 13;
        let follow = hand & suit_mask(led);
        let allowed = if follow == 0 { hand } else { follow };
        if first_trick {
            let safe = allowed & !POINT_CARDS;
            if safe != 0 {
                return safe;
            }
        }
        allowed
    }

    /// The seat to play plays `card`; the fourth card of a trick has its winner take it,
    /// and the thirteenth trick scores the hand. Returns whether the hand ended.
    fn play(&mut self, card: u32) -> bool {
        let seat = usize::from(self.to_play);
        self.hands[seat] &= !(1 << card);
        self.trick[seat] = card as u8;
        if card / 13 == HEARTS || card == QUEEN_OF_SPADES {
            self.hearts_broken = true;
        }
        self.trick_len += 1;
        self.to_play = ((seat + 1) % 4) as u8;
        if self.trick_len < 4 {
            return false;
        }
        // The highest card of the suit led takes the trick.
        let led = u32::from(self.trick[usize::from(self.leader)]) / 13;
        let (mut winner, mut best, mut points) = (self.leader, 0, 0);
        for (seat, &card) in self.trick.iter().enumerate() {
            let card = u32::from(card);
            if card / 13 == led && card % 13 >= best {
                best = card % 13;
                winner = seat as u8;
            }
            points += i32::from(card / 13 == HEARTS) + 13 * i32::from(card == QUEEN_OF_SPADES);
        }
        self.points[usize::from(winner)] += points;
        self.last_trick = (winner, points);
        self.trick_len = 0;
        self.leader = winner;
        self.to_play = winner;
        self.tricks_played += 1;
        if self.tricks_played < 13 {
            return false;
        }
        self.end_hand();
        true
    }

    /// Scores the hand (shooting the moon: 0 for the shooter, 26 for the others) and moves
    /// to the next hand number.
    fn end_hand(&mut self) {
        let moon = self.points.iter().position(|&points| points == 26);
        let scores = match moon {
            Some(shooter) => std::array::from_fn(|seat| if seat == shooter { 0 } else { 26 }),
            None => self.points,
        };
        for (total, score) in self.totals.iter_mut().zip(scores) {
            *total += score;
        }
        self.last_scores = scores;
        self.hand_number += 1;
    }

    /// Whether a total has reached the target.
    fn over(&self) -> bool {
        self.totals.iter().any(|&total| total >= self.target)
    }

    /// Plays one hand at random from the deal: random passes, uniform legal cards.
    /// Returns the hand's scores.
    fn random_hand(&mut self, rng: &mut SmallRng) -> [i32; 4] {
        self.deal(rng);
        if self.pass_steps().is_some() {
            let chosen = std::array::from_fn(|seat| random_cards(self.hands[seat], 3, rng));
            self.pass(chosen);
        }
        while !self.play(random_card(self.legal(), rng)) {}
        self.last_scores
    }

    /// Plays hands at random until a total reaches the target; returns the totals.
    fn random_game(&mut self, rng: &mut SmallRng) -> [i32; 4] {
        while !self.over() {
            self.random_hand(rng);
        }
        self.totals
    }

    /// Follows a move of meeple's Hearts, checking that this engine agrees with it.
    fn follow(&mut self, played: &HeartsMove, passes: &mut [u64; 4]) {
        match played {
            HeartsMove::StartHand { hand } => assert_eq!(*hand, self.hand_number),
            HeartsMove::Deal { hands } => {
                self.start_hand(std::array::from_fn(|seat| hands[PlayerIndex(seat)].bits()));
            }
            HeartsMove::StartPlay { leader } => {
                assert_eq!(leader.0, usize::from(self.leader));
                assert_eq!(leader.0, usize::from(self.to_play));
            }
            HeartsMove::Pass { player, to, cards } => {
                let steps = self.pass_steps().expect("meeple passes in a passing hand");
                assert_eq!(to.0, (player.0 + steps) % 4, "pass direction");
                assert_eq!(cards.len(), 3);
                assert_eq!(cards.bits() & !self.hands[player.0], 0);
                passes[player.0] = cards.bits();
                if passes.iter().all(|&cards| cards != 0) {
                    self.pass(*passes);
                    *passes = [0; 4];
                }
            }
            HeartsMove::TakePassed { player, cards, .. } => {
                assert_eq!(cards.bits() & !self.hands[player.0], 0);
            }
            HeartsMove::Play { player, card } => {
                assert_eq!(player.0, usize::from(self.to_play));
                assert_ne!(self.legal() & 1 << card.index(), 0, "{card} is legal");
                self.play(card.index());
            }
            HeartsMove::TakeTrick { winner, points, .. } => {
                assert_eq!((winner.0 as u8, *points), self.last_trick);
            }
            HeartsMove::EndHand { scores, .. } => {
                let scores: Vec<i32> = scores.iter().copied().collect();
                assert_eq!(scores, self.last_scores);
            }
            HeartsMove::EndGame => assert!(self.over()),
        }
    }
}

/// A uniform card of `cards` (not empty).
fn random_card(cards: u64, rng: &mut SmallRng) -> u32 {
    nth_card(cards, rng.random_range(0..cards.count_ones()))
}

/// The `n`th card (0-based, lowest bit first) of `cards`.
fn nth_card(mut cards: u64, n: u32) -> u32 {
    for _ in 0..n {
        cards &= cards - 1;
    }
    cards.trailing_zeros()
}

/// `count` distinct cards of `cards`, uniform among the sets of that size.
fn random_cards(cards: u64, count: usize, rng: &mut SmallRng) -> u64 {
    let mut chosen = 0;
    for _ in 0..count {
        chosen |= 1 << random_card(cards & !chosen, rng);
    }
    chosen
}

/// A uniform completion of `player`'s, drawn without building a list, as agents draw it:
/// `Position::count_completions` counts them (the 286 passes as C(13, 3), without
/// building a set), `Position::nth_completion` skips to the one drawn.
fn uniform_completion(
    engine: &Position<Hearts>,
    player: PlayerIndex,
    rng: &mut SmallRng,
) -> HeartsAction {
    let count = engine.count_completions(player);
    engine
        .nth_completion(player, rng.random_range(0..count))
        .expect("a completion was drawn")
}

/// How meeple plays a benchmark game: the engine it plays in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Way {
    /// `Engine::new`, the logged table, keeping the full log (every record, typed;
    /// written only when read).
    Log,
    /// `Position::new`, no log, as `meeple simulate` plays without `--log`.
    Simulation,
    /// As a search agent's rollout: the position an agent looks ahead in
    /// (`Position::for_agent`), North's view determinized into a full deal, each drawn
    /// position submitted with `Position::submit_nth`.
    Lookahead,
}

impl Way {
    const ALL: [Way; 3] = [Way::Log, Way::Simulation, Way::Lookahead];

    /// The benchmark's name for this way.
    fn name(self) -> &'static str {
        match self {
            Way::Log => "meeple",
            Way::Simulation => "meeple simulation",
            Way::Lookahead => "meeple lookahead",
        }
    }
}

/// A meeple game of Hearts played to its end: at the logged table, or on a bare position.
#[allow(
    clippy::large_enum_variant,
    reason = "one per game played, returned once: boxing would add an allocation to the measure"
)]
enum Played {
    Logged(Engine<Hearts>),
    Bare(Position<Hearts>),
}

impl Played {
    /// The game as it ended.
    fn position(&self) -> &Position<Hearts> {
        match self {
            Played::Logged(engine) => engine.position(),
            Played::Bare(position) => position,
        }
    }

    /// The records kept: none on a bare position.
    fn records(&self) -> usize {
        match self {
            Played::Logged(engine) => engine.records().len(),
            Played::Bare(_) => 0,
        }
    }
}

/// Plays a meeple game of Hearts at random the way `way` says, as the random agent does:
/// the first seat to act, a uniform completion (`uniform_completion`: no list), submit.
/// Returns the game at its end.
fn meeple_random_game(config: HeartsConfig, seed: u64, rng: &mut SmallRng, way: Way) -> Played {
    if way == Way::Log {
        let mut engine = Engine::<Hearts>::new(config, 4, seed).expect("a valid Hearts config");
        while let Some(player) = engine.position().to_act().first() {
            let action = uniform_completion(engine.position(), player, rng);
            engine
                .submit(player, action)
                .expect("a completion is accepted");
        }
        return Played::Logged(engine);
    }
    let mut position = Position::<Hearts>::new(&config, 4, seed).expect("a valid Hearts config");
    if way == Way::Lookahead {
        position = position.for_agent(PlayerIndex(0), seed);
        position.determinize(PlayerIndex(0));
    }
    while let Some(player) = position.to_act().first() {
        if way == Way::Lookahead {
            // As the search agent's playout: the drawn position, submitted as it is.
            let count = position.count_completions(player);
            position
                .submit_nth(player, rng.random_range(0..count))
                .expect("a completion is accepted");
        } else {
            let action = uniform_completion(&position, player, rng);
            position
                .submit(player, action)
                .expect("a completion is accepted");
        }
    }
    Played::Bare(position)
}

/// One deal in meeple: a game to 1 point, which ends after its first hand (the hand's 26
/// points, or 78 with the moon, always give some seat at least 1).
fn one_deal() -> HeartsConfig {
    HeartsConfig {
        target_score: 1,
        ..HeartsConfig::default()
    }
}

/// Checks the hand-written engine before measuring it: its hands score 26 points (78 when
/// a seat shoots the moon), and whole games of meeple, followed move by move, agree with it
/// on every legal set, pass, trick, hand score and the end of the game.
fn check_handwritten() {
    assert_eq!(Card::TWO_OF_CLUBS.index(), TWO_OF_CLUBS);
    assert_eq!(Card::QUEEN_OF_SPADES.index(), QUEEN_OF_SPADES);
    let mut rng = SmallRng::seed_from_u64(1);
    let mut dealt = Handwritten::new(100);
    dealt.deal(&mut rng);
    assert_eq!(dealt.hands.iter().fold(0, |all, hand| all | hand), DECK);
    assert!(dealt.hands.iter().all(|hand| hand.count_ones() == 13));
    let mut moons = 0;
    for _ in 0..10_000 {
        let mut game = Handwritten::new(100);
        let scores = game.random_hand(&mut rng);
        assert_eq!(game.hands, [0; 4], "every card is played");
        assert_eq!(game.points.iter().sum::<i32>(), 26, "26 points per hand");
        let total: i32 = scores.iter().sum();
        if total == 78 {
            moons += 1;
            assert_eq!(scores.iter().filter(|&&score| score == 26).count(), 3);
        } else {
            assert_eq!(total, 26, "a hand scores 26, or 78 with the moon");
        }
    }
    assert!(moons > 0, "random play shoots the moon now and then");
    let mut hands = 0;
    for _ in 0..1000 {
        let mut game = Handwritten::new(100);
        let totals = game.random_game(&mut rng);
        assert!(totals.iter().any(|&total| total >= 100));
        assert!(game.hand_number > 1);
        hands += game.hand_number;
    }
    eprintln!(
        "hand-written: {moons} moons in 10000 random hands; {:.1} hands per game to 100",
        f64::from(hands) / 1000.0
    );

    // Lockstep with meeple on two full games, one without forced plays.
    for (seed, autoplay_forced) in [(3, true), (4, false)] {
        let settings = PositionSettings {
            autoplay_forced,
            ..PositionSettings::default()
        };
        let mut engine =
            Engine::<Hearts>::with_settings(HeartsConfig::default(), 4, seed, settings)
                .expect("the default config");
        let mut game = Handwritten::new(100);
        let mut passes = [0; 4];
        let mut followed = 0;
        loop {
            for record in &engine.records()[followed..] {
                for played in &record.moves {
                    game.follow(played, &mut passes);
                }
            }
            followed = engine.records().len();
            let Some(player) = engine.position().to_act().first() else {
                break;
            };
            let mut completions = engine.position().completions(player);
            if engine.position().phase() == Some("tricks") {
                let offered = completions.iter().fold(0, |cards, action| match action {
                    HeartsAction::PlayCard(play) => cards | 1 << play.card.index(),
                    HeartsAction::PassCards(_) => panic!("no pass while playing"),
                });
                assert_eq!(player.0, usize::from(game.to_play));
                assert_eq!(offered, game.legal(), "the legal cards of {player}");
            }
            let pick = rng.random_range(0..completions.len());
            engine
                .submit(player, completions.swap_remove(pick))
                .expect("a completion is accepted");
        }
        assert!(game.over() && engine.position().outcome().is_some());
        let totals: Vec<i32> = engine.position().state().totals().iter().copied().collect();
        assert_eq!(totals, game.totals);
        assert_eq!(
            engine.position().state().hand_number() + 1,
            game.hand_number
        );
    }
    // One deal in meeple is a game to 1 point that ends after its first hand.
    for way in Way::ALL {
        let played = meeple_random_game(one_deal(), 0, &mut rng, way);
        let engine = played.position();
        assert!(engine.outcome().is_some());
        assert_eq!(engine.state().hand_number(), 0);
        let points: i32 = engine.state().totals().iter().sum();
        assert!(points == 26 || points == 78, "{points} points in a deal");
        assert_eq!(
            played.records() > 1,
            way == Way::Log,
            "only a game with its log keeps it"
        );
    }
}

/// Random playouts of one deal, meeple against the hand-written engine, in deals per second.
/// A meeple deal is a whole game to 1 point: the engine's setup (shuffle, deal), four
/// passes chosen among 286 completions each, and 52 plays (forced ones played by the
/// engine). `meeple` plays as the random agent (`count_completions`, `nth_completion`,
/// `submit`) with the full log, `meeple simulation` the same without the log, and
/// `meeple lookahead` as a search agent's rollout (see [`Way`]).
fn one_deal_playouts(c: &mut Criterion) {
    check_handwritten();
    eprintln!(
        "hand-written Hearts state: {} bytes, no heap",
        size_of::<Handwritten>()
    );
    let mut group = c.benchmark_group("hearts one deal");
    group.throughput(Throughput::Elements(1));
    for way in Way::ALL {
        group.bench_function(BenchmarkId::new(way.name(), "random playout"), |b| {
            let mut rng = SmallRng::seed_from_u64(7);
            let mut seed = 0;
            b.iter(|| {
                seed += 1;
                black_box(meeple_random_game(one_deal(), seed, &mut rng, way))
            });
        });
    }
    group.bench_function(BenchmarkId::new("hand-written", "random playout"), |b| {
        let mut rng = SmallRng::seed_from_u64(7);
        b.iter(|| black_box(Handwritten::new(1).random_hand(&mut rng)));
    });
    group.finish();
}

/// Random playouts of full games to 100 points, meeple (both ways, as in
/// [`one_deal_playouts`]) against the hand-written engine, in games per second (about
/// eleven and a half hands each).
fn full_game_playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("hearts full game");
    group.throughput(Throughput::Elements(1));
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    for way in Way::ALL {
        group.bench_function(BenchmarkId::new(way.name(), "random playout"), |b| {
            let mut rng = SmallRng::seed_from_u64(7);
            let mut seed = 0;
            b.iter(|| {
                seed += 1;
                black_box(meeple_random_game(
                    HeartsConfig::default(),
                    seed,
                    &mut rng,
                    way,
                ))
            });
        });
    }
    group.bench_function(BenchmarkId::new("hand-written", "random playout"), |b| {
        let mut rng = SmallRng::seed_from_u64(7);
        b.iter(|| black_box(Handwritten::new(100).random_game(&mut rng)));
    });
    group.finish();
}

/// An engine in the middle of a trick (from the second hand on, after two tricks, two cards
/// on the trick, the seat to play holding at least four legal cards), and the hand-written
/// engine at the same point.
fn mid_trick() -> (Engine<Hearts>, PlayerIndex, Handwritten) {
    let mut rng = SmallRng::seed_from_u64(11);
    let mut engine =
        Engine::<Hearts>::new(HeartsConfig::default(), 4, 11).expect("the default config");
    let mut game = Handwritten::new(100);
    let (mut passes, mut followed) = ([0; 4], 0);
    loop {
        for record in &engine.records()[followed..] {
            for played in &record.moves {
                game.follow(played, &mut passes);
            }
        }
        followed = engine.records().len();
        let player = engine
            .position()
            .to_act()
            .first()
            .expect("the game goes on");
        let state = engine.position().state();
        if state.hand_number() >= 1
            && state.tricks_played() >= 2
            && state.trick().count() == 2
            && game.legal().count_ones() >= 4
        {
            return (engine, player, game);
        }
        let mut completions = engine.position().completions(player);
        let pick = rng.random_range(0..completions.len());
        engine
            .submit(player, completions.swap_remove(pick))
            .expect("a completion is accepted");
    }
}

/// Hearts' play prompt mid-trick (`Position::prompt`, the serializable prompt a client
/// gets), the completions an agent enumerates at the same point (`Position::completions`),
/// and the hand-written engine's legal cards (a bitmask); also the pass prompt (three
/// cards of thirteen) and a pass drawn by its rank and admitted, as a random agent plays
/// it.
fn prompts(c: &mut Criterion) {
    let (engine, player, game) = mid_trick();
    let prompt = engine.position().prompt(player);
    let options = prompt.actions[0]
        .selection
        .as_ref()
        .map_or(0, |selection| selection.options.len());
    eprintln!(
        "hearts play prompt: {} options ({} legal) for {player}",
        options,
        game.legal().count_ones()
    );
    let mut group = c.benchmark_group("hearts prompt");
    group.bench_function("meeple: play prompt mid-trick", |b| {
        b.iter(|| black_box(engine.position().prompt(black_box(player))));
    });
    group.bench_function("meeple: completions mid-trick", |b| {
        b.iter(|| black_box(engine.position().completions(black_box(player))));
    });
    group.bench_function("hand-written: legal cards mid-trick", |b| {
        b.iter(|| black_box(black_box(&game).legal()));
    });
    let passing = Engine::<Hearts>::new(HeartsConfig::default(), 4, 5).expect("the default config");
    assert_eq!(passing.position().phase(), Some("passing"));
    group.bench_function("meeple: pass prompt (3 of 13 cards)", |b| {
        b.iter(|| black_box(passing.position().prompt(black_box(PlayerIndex(0)))));
    });
    // What a random agent does for a pass, and what `submit` checks of it: the 286 passes
    // counted, one drawn by its rank (each rank in turn), then admitted.
    let position = passing.position();
    let passes = position.count_completions(PlayerIndex(0));
    let mut rank = 0;
    group.bench_function("meeple: a drawn pass, ranked and admitted", |b| {
        b.iter(|| {
            rank = (rank + 1) % passes;
            let pass = position
                .nth_completion(PlayerIndex(0), black_box(rank))
                .expect("a rank below the count");
            black_box(position.admit(PlayerIndex(0), &pass)).expect("a completion is admitted");
        });
    });
    group.finish();
}

/// Plays the playouts `workload` names (`<one-deal|full-game>/<way>:<games>`, see the
/// module's doc) from the benches' seeds; returns how many were played.
///
/// # Errors
/// What was expected, when `workload` names no known playout or no count of games.
fn counted_playouts(workload: &str) -> Result<u64, String> {
    let malformed = || {
        format!(
            "HEARTS_PLAYOUTS={workload}: expected <one-deal|full-game>/\
             <hand-written|simulation|lookahead|log>:<games>"
        )
    };
    let (playout, games) = workload.split_once(':').ok_or_else(malformed)?;
    let games: u64 = games.parse().map_err(|_| malformed())?;
    let (length, way) = playout.split_once('/').ok_or_else(malformed)?;
    let (config, target) = match length {
        "one-deal" => (one_deal(), 1),
        "full-game" => (HeartsConfig::default(), 100),
        _ => return Err(malformed()),
    };
    let way = match way {
        "hand-written" => None,
        "simulation" => Some(Way::Simulation),
        "lookahead" => Some(Way::Lookahead),
        "log" => Some(Way::Log),
        _ => return Err(malformed()),
    };
    let mut rng = SmallRng::seed_from_u64(7);
    for seed in 1..=games {
        match way {
            // As the benches play it: one hand, or hands until the target.
            None if target == 1 => {
                black_box(Handwritten::new(target).random_hand(&mut rng));
            }
            None => {
                black_box(Handwritten::new(target).random_game(&mut rng));
            }
            Some(way) => {
                black_box(meeple_random_game(config.clone(), seed, &mut rng, way));
            }
        }
    }
    Ok(games)
}

criterion_group!(benches, one_deal_playouts, full_game_playouts, prompts);

/// Criterion's benches, or the counted playouts of `HEARTS_PLAYOUTS` when it is set (exit
/// code 2 when it names none).
fn main() {
    if let Ok(workload) = std::env::var("HEARTS_PLAYOUTS") {
        match counted_playouts(&workload) {
            Ok(games) => println!("{workload}: {games} playouts"),
            Err(error) => {
                eprintln!("{error}");
                std::process::exit(2);
            }
        }
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
