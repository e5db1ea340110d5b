//! Helpers shared by the Hearts test suites: a seeded random agent and checks of a played
//! game's records.

#![allow(dead_code, reason = "each test binary uses a part of the helpers")]

use meeple::{Engine, PlayerIndex};
use meeple_games::hearts::{Hearts, HeartsAction, HeartsConfig, HeartsMove, MoonScoring};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The random agent of the tests: seeded with `seed`.
pub fn agent(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// The next action of the random agent: a uniform choice among the completions of the
/// first player to act. `None` when nobody is to act.
pub fn random_choice(
    engine: &Engine<Hearts>,
    rng: &mut ChaCha8Rng,
) -> Option<(PlayerIndex, HeartsAction)> {
    let player = engine.position().to_act().first()?;
    let mut completions = engine.position().completions(player);
    assert!(
        !completions.is_empty(),
        "{player} is to act but has no completion"
    );
    let index = rng.random_range(0..completions.len());
    Some((player, completions.swap_remove(index)))
}

/// Plays a whole game with the random agent; the engine and the agent are seeded with
/// `seed`.
pub fn play_random(config: HeartsConfig, seed: u64) -> Engine<Hearts> {
    let mut engine = Engine::<Hearts>::new(config, 4, seed).expect("a valid setup");
    let mut rng = agent(seed);
    let mut submissions = 0;
    while let Some((player, action)) = random_choice(&engine, &mut rng) {
        engine
            .submit(player, action)
            .expect("an offered completion is accepted");
        submissions += 1;
        assert!(submissions < 100_000, "the game does not end");
    }
    engine
}

/// Checks the scoring of every hand in the records and returns each hand's scores.
///
/// Every trick's points are those of its cards; with the default scoring each hand gives out
/// 26 points (78 when a player shoots the moon); the totals are the sums of the hands; the
/// game ends after the first hand in which a total reaches the target, and not before.
pub fn checked_hands(engine: &Engine<Hearts>) -> Vec<[i32; 4]> {
    let config = engine.position().state().config().clone();
    let mut hands = Vec::new();
    let mut totals = [0i32; 4];
    let mut trick_points = [0i32; 4];
    let mut tricks = 0;
    let mut ended = false;
    let moves = engine.records().iter().flat_map(|record| &record.moves);
    let mut previous: Option<&HeartsMove> = None;
    for applied in moves {
        assert!(!ended, "a move after the end of the game: {applied:?}");
        match applied {
            HeartsMove::TakeTrick {
                winner,
                cards,
                points,
            } => {
                assert_eq!(cards.len(), 4);
                assert_eq!(*points, engine.position().state().points_of(*cards));
                trick_points[winner.0] += points;
                tricks += 1;
            }
            HeartsMove::EndHand { scores, moon } => {
                assert_eq!(tricks, 13, "a hand has 13 tricks");
                assert!(
                    matches!(previous, Some(HeartsMove::TakeTrick { .. })),
                    "a hand ends on its last trick"
                );
                let scores: [i32; 4] = std::array::from_fn(|seat| scores[PlayerIndex(seat)]);
                let sum: i32 = scores.iter().sum();
                let jack = if config.jack_of_diamonds { -10 } else { 0 };
                match (moon, config.moon) {
                    (None, _) => {
                        assert_eq!(scores, trick_points);
                        assert_eq!(sum, 26 + jack);
                    }
                    (Some(shooter), MoonScoring::AddToOthers) => {
                        assert_eq!(sum, 78 + jack);
                        assert_eq!(scores[shooter.0], trick_points[shooter.0] - 26);
                    }
                    (Some(shooter), MoonScoring::SubtractFromSelf) => {
                        assert_eq!(sum, -26 + jack);
                        assert_eq!(scores[shooter.0], trick_points[shooter.0] - 52);
                    }
                    (Some(_), MoonScoring::Off) => panic!("no moon without moon scoring"),
                }
                for (total, score) in totals.iter_mut().zip(scores) {
                    *total += score;
                }
                hands.push(scores);
                trick_points = [0; 4];
                tricks = 0;
            }
            HeartsMove::StartHand { hand } => {
                assert_eq!(*hand as usize, hands.len());
                let target = i64::from(config.target_score);
                assert!(
                    totals.iter().all(|&total| i64::from(total) < target),
                    "a new hand after a total reached the target: {totals:?}"
                );
            }
            HeartsMove::EndGame => {
                ended = true;
                assert!(matches!(previous, Some(HeartsMove::EndHand { .. })));
                let target = i64::from(config.target_score);
                assert!(
                    totals.iter().any(|&total| i64::from(total) >= target),
                    "the game ended before a total reached the target: {totals:?}"
                );
            }
            _ => {}
        }
        previous = Some(applied);
    }
    assert!(ended, "the game is not over");
    let outcome = engine.position().outcome().expect("the game is over");
    assert_eq!(outcome.scores(), totals.map(i64::from).to_vec());
    let best = totals.iter().min().copied();
    let winners: Vec<PlayerIndex> = (0..4)
        .filter(|&seat| Some(totals[seat]) == best)
        .map(PlayerIndex)
        .collect();
    assert_eq!(outcome.winners(), winners.into_iter().collect());
    hands
}
