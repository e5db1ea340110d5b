//! Search agents at Hearts: determinization keeps what the player sees, and an
//! information-set MCTS agent takes clearly fewer points than random players.

use meeple::{Budget, Engine, PlayerIndex, RandomAgent, SearchAgent};
use meeple_games::french::CardSet;
use meeple_games::hearts::{Hearts, HeartsConfig};

mod matches;

use matches::{check_determinizations, mean_ci, play_match};

/// One hand (the game ends once anybody has a point).
fn one_hand() -> HeartsConfig {
    HeartsConfig {
        target_score: 1,
        ..HeartsConfig::default()
    }
}

/// A determinized world shows its player exactly their view, at every step of a game and
/// for every seat, with every card in one place and no card of a suit a seat has shown it
/// lacks.
#[test]
fn determinization_keeps_the_players_view() {
    check_determinizations::<Hearts>(&one_hand(), 4, [3], None, |found| {
        let (state, at) = (found.world.state(), &found.at);
        // Every card lies somewhere exactly once.
        let places: Vec<CardSet> = (0..4)
            .map(PlayerIndex)
            .flat_map(|seat| {
                [
                    state.hand(seat),
                    state.passed(seat).unwrap_or_default(),
                    state.taken(seat),
                ]
            })
            .chain([state.trick().map(|(_, card)| card).collect()])
            .collect();
        assert_eq!(
            places.iter().map(|cards| cards.len()).sum::<usize>(),
            52,
            "{at}"
        );
        assert_eq!(
            places
                .iter()
                .fold(CardSet::EMPTY, |all, cards| all.union(*cards)),
            CardSet::DECK,
            "{at}"
        );
        // Nobody holds a card of a suit they have shown they lack.
        for seat in (0..4).map(PlayerIndex) {
            assert!(
                state
                    .hand(seat)
                    .intersection(state.shown_out(seat))
                    .is_empty(),
                "{at}: seat {} holds {} but showed out of {}",
                seat.0,
                state.hand(seat),
                state.shown_out(seat)
            );
        }
    });
}

/// Plays `hands` one-hand games with the search agent at seat 0 and random agents at the
/// others; returns the points of seat 0 and the points of the others, per game.
fn points(hands: u64, iterations: u32) -> (Vec<f64>, Vec<f64>) {
    let (mut searcher, mut others) = (Vec::new(), Vec::new());
    for game in 0..hands {
        let mut engine = Engine::<Hearts>::new(one_hand(), 4, game).expect("setup");
        let mut search = SearchAgent::ismcts(game, Budget::Iterations(iterations));
        let mut random = RandomAgent::new(game);
        play_match(
            &mut engine,
            PlayerIndex(0),
            &mut search,
            &mut random,
            |step| game * 1000 + step,
        );
        let scores = engine.position().outcome().expect("over").scores().to_vec();
        searcher.push(scores[0] as f64);
        others.extend(scores[1..].iter().map(|&score| score as f64));
    }
    (searcher, others)
}

/// Over fixed seeds, the search agent's mean points per hand lie below the random
/// players', with the 95% confidence intervals apart.
#[test]
fn the_search_agent_takes_fewer_points_than_random_players() {
    let (searcher, others) = points(40, 60);
    let (search_mean, search_ci) = mean_ci(&searcher);
    let (random_mean, random_ci) = mean_ci(&others);
    eprintln!("search {search_mean:.2} ± {search_ci:.2}, random {random_mean:.2} ± {random_ci:.2}");
    assert!(
        search_mean + search_ci < random_mean - random_ci,
        "search {search_mean:.2} ± {search_ci:.2}, random {random_mean:.2} ± {random_ci:.2}"
    );
}
