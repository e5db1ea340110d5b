//! Search agents at Blackjack: a determinized table shows its player exactly their view,
//! holds every card once, respects what the dealer's peek told and plays to its end; an
//! information-set MCTS agent loses far less than random players and plays like a player
//! who knows the game (hits a 10 or 11, stands on a hard 17 or more).

use meeple::{
    Agent, Budget, Engine, Game, PlayerIndex, Position, RandomAgent, Search, SearchAgent,
};
use meeple_games::blackjack::{
    Blackjack, BlackjackAction, BlackjackConfig, HandValue, card_points,
};

mod matches;

use matches::check_determinizations;

/// Plays `world` to its end with random completions.
fn play_out(world: &mut Position<Blackjack>, seed: u64) {
    let mut random = RandomAgent::new(seed);
    let mut actions = 0;
    while let Some(player) = world.to_act().first() {
        let action = random.choose(world, player).expect("a completion");
        world.submit(player, action).expect("an offered completion");
        actions += 1;
        assert!(actions < 100_000, "the game does not end");
    }
    assert!(world.outcome().is_some(), "nobody to act, and not over");
}

/// Whether the dealer shows an ace or a ten-valued card, after which a dealer who peeks
/// has checked the hole card.
fn shows_ace_or_ten(state: &Blackjack) -> bool {
    state
        .dealer_cards()
        .first()
        .is_some_and(|card| matches!(card_points(card.rank), 1 | 10))
}

/// Whether the dealer's up card and hole card make a blackjack, in a full state.
fn dealer_blackjack(state: &Blackjack) -> bool {
    let hole = state.hole().components().copied();
    HandValue::of(state.dealer_cards().into_iter().chain(hole)).is_blackjack()
}

/// At every moment of random games, for every seat: the determinized table shows that seat
/// its view (the hole card's token included), every card lies in one place, no card stays
/// hidden, and the table plays to its end. One game reshuffles its discard pile many times.
#[test]
fn determinization_keeps_the_view_and_every_card() {
    let small = BlackjackConfig {
        decks: 1,
        rounds: 40,
        ..BlackjackConfig::default()
    };
    for (config, players, seeds) in [(BlackjackConfig::default(), 3, 0..3_u64), (small, 5, 3..4)] {
        let chest = Blackjack::chest(&config).expect("a valid config");
        let ended =
            check_determinizations::<Blackjack>(&config, players, seeds, Some(&chest), |found| {
                let state = found.world.state();
                let mut hidden = state.shoe().slots().iter().chain(state.hole().slots());
                assert!(
                    hidden.all(|slot| !slot.is_hidden()),
                    "{}: a card is still hidden",
                    found.at
                );
                if found.step.is_multiple_of(10) && found.seat == PlayerIndex(0) {
                    play_out(found.world, found.step);
                }
            });
        if config.rounds == 40 {
            for engine in ended {
                let shuffles = engine.position().state().shuffles();
                assert!(shuffles > 3, "{shuffles}");
            }
        }
    }
}

/// The moments, over random games of `config`, when a player is to act and the dealer
/// shows an ace or a ten: the player's engine and the player.
fn ace_or_ten_up(
    config: &BlackjackConfig,
    seeds: std::ops::Range<u64>,
) -> Vec<Position<Blackjack>> {
    let mut moments = Vec::new();
    for seed in seeds {
        let mut engine = Engine::<Blackjack>::new(config.clone(), 2, seed).expect("setup");
        let mut random = RandomAgent::new(seed);
        while let Some(player) = engine.position().to_act().first() {
            let seat = engine.for_agent(player, seed);
            if shows_ace_or_ten(seat.state()) {
                moments.push(seat.clone());
            }
            let action = random.choose(&seat, player).expect("a completion");
            engine
                .submit(player, action)
                .expect("an offered completion");
        }
    }
    moments
}

/// A dealer who peeked and played on has no blackjack: no determinization gives one. A
/// dealer who does not peek may have one.
#[test]
fn the_hole_card_respects_the_peek() {
    let peeks = BlackjackConfig {
        rounds: 20,
        ..BlackjackConfig::default()
    };
    let moments = ace_or_ten_up(&peeks, 0..3);
    assert!(moments.len() > 10, "{} moments", moments.len());
    for (index, seat) in moments.iter().enumerate() {
        for draw in 0..40 {
            let mut world = seat.for_agent(PlayerIndex(0), draw);
            world.determinize(PlayerIndex(0));
            assert!(
                !dealer_blackjack(world.state()),
                "moment {index}, draw {draw}"
            );
        }
    }
    let blind = BlackjackConfig {
        dealer_peeks: false,
        ..peeks
    };
    let mut blackjacks = 0;
    for seat in ace_or_ten_up(&blind, 0..3) {
        for draw in 0..40 {
            let mut world = seat.for_agent(PlayerIndex(0), draw);
            world.determinize(PlayerIndex(0));
            blackjacks += usize::from(dealer_blackjack(world.state()));
        }
    }
    assert!(
        blackjacks > 0,
        "a dealer who does not peek may hold a blackjack"
    );
}

/// The search's horizon is the end of the round: a playout scores each player's payout in
/// it, from -2 half-chips (0.0) to +3 (1.0).
#[test]
fn the_search_scores_the_end_of_the_round() {
    let config = BlackjackConfig {
        decks: 1,
        rounds: 2,
        ..BlackjackConfig::default()
    };
    let mut checked = 0;
    for seed in 0..10 {
        let mut engine = Engine::<Blackjack>::new(config.clone(), 2, seed).expect("setup");
        let root = engine.position().state().clone();
        if root.round() != 0 {
            // The dealer's blackjack settled the first round with the deal.
            continue;
        }
        let mut random = RandomAgent::new(seed);
        for player in (0..2).map(PlayerIndex) {
            assert_eq!(root.evaluate(&root, player), None, "seed {seed}");
        }
        while engine.position().state().round() == 0 && engine.position().outcome().is_none() {
            let player = engine
                .position()
                .to_act()
                .first()
                .expect("a player, in round 0");
            let action = random
                .choose(engine.position(), player)
                .expect("a completion");
            engine
                .submit(player, action)
                .expect("an offered completion");
        }
        let state = engine.position().state();
        if state.round() != 1 || state.outcome().is_some() {
            // The second round was settled with its deal too: two rounds to score.
            continue;
        }
        checked += 1;
        for player in (0..2).map(PlayerIndex) {
            let payout = state.scores()[player] as f64;
            assert_eq!(
                state.evaluate(&root, player),
                Some((payout + 2.0) / 5.0),
                "seed {seed}"
            );
        }
    }
    assert!(checked >= 5, "{checked} seeds checked");
}

/// What a match of the search agent at seat 0 against random agents gave.
#[derive(Debug, Default)]
struct Match {
    /// Seat 0's winnings, in half-chips, and the rounds it played.
    search: (i64, u32),
    /// The random seats' winnings, in half-chips, and the rounds they played.
    random: (i64, u32),
    /// The search agent's hits and stands on a hard 10 or 11.
    low: (u32, u32),
    /// The search agent's hits and stands on a hard 17 or more.
    high: (u32, u32),
}

impl Match {
    /// Seat 0's mean winnings per round, in half-chips.
    fn search_mean(&self) -> f64 {
        self.search.0 as f64 / f64::from(self.search.1)
    }

    /// The random seats' mean winnings per round, in half-chips.
    fn random_mean(&self) -> f64 {
        self.random.0 as f64 / f64::from(self.random.1)
    }
}

/// Plays `games` games of `config` with `players` seats: the search agent at seat 0 and a
/// random agent at the others.
fn play_match(config: &BlackjackConfig, players: usize, games: u64, iterations: u32) -> Match {
    let mut result = Match::default();
    for game in 0..games {
        let mut engine = Engine::<Blackjack>::new(config.clone(), players, game).expect("setup");
        let mut search = SearchAgent::ismcts(game, Budget::Iterations(iterations));
        let mut random = RandomAgent::new(game);
        let mut step = 0_u64;
        while let Some(player) = engine.position().to_act().first() {
            let seat = engine.for_agent(player, game * 1000 + step);
            let action = if player == PlayerIndex(0) {
                let action = search.choose(&seat, player).expect("a completion");
                let hand = engine.position().state().hand_value(player);
                let hit = matches!(action, BlackjackAction::Hit(_));
                let tally = match (hand.soft, hand.total) {
                    (false, 10 | 11) => Some(&mut result.low),
                    (false, 17..) => Some(&mut result.high),
                    _ => None,
                };
                if let Some(tally) = tally {
                    if hit {
                        tally.0 += 1;
                    } else {
                        tally.1 += 1;
                    }
                }
                action
            } else {
                random.choose(&seat, player).expect("a completion")
            };
            engine
                .submit(player, action)
                .expect("an offered completion");
            step += 1;
        }
        let scores = engine.position().outcome().expect("over").scores().to_vec();
        result.search.0 += scores[0];
        result.search.1 += config.rounds;
        result.random.0 += scores[1..].iter().sum::<i64>();
        result.random.1 += config.rounds * (players as u32 - 1);
    }
    result
}

/// Over fixed seeds, the search agent (200 playouts a decision) wins far more per round
/// than the random players at its table, hits a hard 10 or 11 and stands on a hard 17 or
/// more nearly always.
///
/// Measured (release build, one deck, 3 seats, 5 rounds a game, 400 games): the search
/// agent wins -0.02 half-chips a round, the random players -0.55; it hits 96% of its hard
/// 10s and 11s and stands on 97% of its hard 17s or more. The test plays 40 of those games.
#[test]
fn the_search_agent_beats_random_play() {
    let config = BlackjackConfig {
        decks: 1,
        rounds: 5,
        ..BlackjackConfig::default()
    };
    let result = play_match(&config, 3, 40, 200);
    let (search, random) = (result.search_mean(), result.random_mean());
    eprintln!("search {search:.3} half-chips a round, random {random:.3}; {result:?}");
    assert!(search > random + 0.25, "{result:?}");
    let rate = |(yes, no): (u32, u32)| f64::from(yes) / f64::from((yes + no).max(1));
    assert!(result.low.0 + result.low.1 >= 10, "{result:?}");
    assert!(rate(result.low) >= 0.75, "hits a hard 10 or 11: {result:?}");
    assert!(result.high.0 + result.high.1 >= 40, "{result:?}");
    assert!(
        rate((result.high.1, result.high.0)) >= 0.9,
        "stands on 17+: {result:?}"
    );
}
