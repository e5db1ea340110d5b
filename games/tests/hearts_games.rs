//! Whole games of Hearts from fixed seeds, played by a seeded random agent (uniform among
//! the completions of the first player to act, `ChaCha8Rng` seeded like the engine), with
//! their exact final scores. `checked_hands` re-adds every hand from the records: each
//! distributes 26 points, or 78 when a player shoots the moon (other sums in the variants).

mod common;

use common::{checked_hands, play_random};
use meeple::{PlayerIndex, RecordKind};
use meeple_games::french::Card;
use meeple_games::hearts::{HeartsConfig, HeartsMove, MoonScoring, PassDirection, SEATS};

/// Plays `seed` under `config`; returns the final totals, the winners, the number of hands
/// and of moons.
fn play(config: HeartsConfig, seed: u64) -> (Vec<i64>, Vec<usize>, usize, usize) {
    let engine = play_random(config, seed);
    let hands = checked_hands(&engine);
    let moons = engine
        .records()
        .iter()
        .flat_map(|record| &record.moves)
        .filter(|applied| matches!(applied, HeartsMove::EndHand { moon: Some(_), .. }))
        .count();
    let outcome = engine.position().outcome().expect("over");
    let winners = outcome.winners().iter().map(|seat| seat.0).collect();
    (outcome.scores().to_vec(), winners, hands.len(), moons)
}

#[test]
fn standard_games_from_fixed_seeds() {
    let standard = HeartsConfig::default;
    assert_eq!(
        play(standard(), 0),
        (vec![28, 102, 103, 79], vec![0], 12, 0)
    );
    assert_eq!(play(standard(), 1), (vec![82, 33, 100, 71], vec![1], 11, 0));
    assert_eq!(play(standard(), 2), (vec![87, 101, 91, 59], vec![3], 13, 0));
    assert_eq!(play(standard(), 3), (vec![97, 115, 64, 88], vec![2], 14, 0));
}

#[test]
fn a_game_with_a_moon_shot() {
    // 13 hands: 12 x 26 + 78 = 390 points in all.
    let (scores, winners, hands, moons) = play(HeartsConfig::default(), 13);
    assert_eq!(scores, vec![116, 117, 84, 125]);
    assert_eq!(scores.iter().sum::<i64>(), (hands as i64 - 1) * 26 + 78);
    assert_eq!((winners, moons), (vec![2], 1));
}

#[test]
fn tied_players_share_the_win() {
    assert_eq!(
        play(HeartsConfig::default(), 50),
        (vec![32, 41, 32, 103], vec![0, 2], 8, 0)
    );
    // A moon and a tie in one game.
    let (scores, winners, _, moons) = play(HeartsConfig::default(), 98);
    assert_eq!(scores, vec![37, 91, 121, 37]);
    assert_eq!((winners, moons), (vec![0, 3], 1));
    // A game to 1 point ends after its first hand; those who took nothing share the win.
    let to_one = HeartsConfig {
        target_score: 1,
        ..HeartsConfig::default()
    };
    assert_eq!(play(to_one, 10), (vec![0, 22, 4, 0], vec![0, 3], 1, 0));
}

#[test]
fn variant_games_from_fixed_seeds() {
    // The jack of diamonds counts -10 (each hand gives out 16) and the moon subtracts 26
    // from the shooter: 15 x 16 + (-26 - 10) = 204.
    let omnibus = HeartsConfig {
        moon: MoonScoring::SubtractFromSelf,
        jack_of_diamonds: true,
        ..HeartsConfig::default()
    };
    let (scores, winners, hands, moons) = play(omnibus, 13);
    assert_eq!(scores, vec![43, 52, 2, 107]);
    assert_eq!((winners, hands, moons), (vec![2], 16, 1));
    assert_eq!(scores.iter().sum::<i64>(), 15 * 16 - 36);

    // No passing, a game to 50, the queen does not break hearts, points on the first trick.
    let holding = HeartsConfig {
        target_score: 50,
        pass_rotation: vec![PassDirection::Hold],
        queen_breaks_hearts: false,
        points_on_first_trick: true,
        ..HeartsConfig::default()
    };
    assert_eq!(play(holding, 13), (vec![1, 27, 26, 50], vec![0], 2, 1));
}

#[test]
fn passes_follow_the_rotation_and_the_two_of_clubs_leads_each_hand() {
    let engine = play_random(HeartsConfig::default(), 0);
    let config = engine.position().state().config().clone();
    let mut hand = 0;
    let mut passes = 0;
    let mut first_play_of_hand = true;
    for record in engine.records() {
        for applied in &record.moves {
            match applied {
                HeartsMove::StartHand { hand: number } => {
                    hand = *number;
                    first_play_of_hand = true;
                }
                HeartsMove::Pass { player, to, cards } => {
                    let steps = config.pass_direction(hand).steps();
                    assert_eq!(Some(*to), steps.map(|steps| SEATS.after(*player, steps)));
                    assert_eq!(cards.len(), 3);
                    assert_eq!(record.player, Some(*player));
                    passes += 1;
                }
                HeartsMove::TakePassed { player, from, .. } => {
                    let steps = config.pass_direction(hand).steps().expect("a passing hand");
                    assert_eq!(*player, SEATS.after(*from, steps));
                }
                HeartsMove::Play { card, .. } => {
                    if first_play_of_hand {
                        assert_eq!(*card, Card::TWO_OF_CLUBS);
                        assert_eq!(record.kind, RecordKind::Forced, "nobody chooses the lead");
                    }
                    first_play_of_hand = false;
                }
                _ => {}
            }
        }
    }
    // 12 hands, 9 of them with passing (hands 4, 8 and 12 hold).
    assert_eq!(hand, 11);
    assert_eq!(passes, 9 * 4);
    // The seats are named.
    assert_eq!(
        meeple::Game::player_name(engine.position().state(), PlayerIndex(3)),
        "West"
    );
}

/// A game played on a bare position (no log) plays exactly as the same game at a logged
/// table: same players to act and completions at every step, same final state, same counts
/// of records and moves.
#[test]
fn a_position_plays_as_the_logged_table() {
    use meeple::{Engine, Position};
    use meeple_games::hearts::Hearts;
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    let play = || {
        let config = HeartsConfig {
            target_score: 30,
            ..HeartsConfig::default()
        };
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let mut pick = move |completions: &mut Vec<_>| {
            let pick = rng.random_range(0..completions.len());
            completions.swap_remove(pick)
        };
        let mut position = Position::<Hearts>::new(&config, 4, 9).expect("setup");
        let mut engine = Engine::<Hearts>::new(config, 4, 9).expect("setup");
        while let Some(player) = engine.position().to_act().first() {
            assert_eq!(position.to_act(), engine.position().to_act());
            let mut completions = engine.position().completions(player);
            assert_eq!(position.completions(player), completions);
            let action = pick(&mut completions);
            position
                .submit(player, action.clone())
                .expect("an offered completion");
            engine.submit(player, action).expect("the same completion");
        }
        (engine, position)
    };
    let (logged, unlogged) = play();
    assert_eq!(
        serde_json::to_string(logged.position().state()).expect("JSON"),
        serde_json::to_string(unlogged.state()).expect("JSON")
    );
    assert_eq!(logged.position().played(), unlogged.played());
    assert_eq!(
        logged.position().played().records,
        logged.records().len() as u64
    );
}
