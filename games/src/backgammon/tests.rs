//! Unit tests of the rules from classic positions ([`Checkers::from_counts`] and
//! [`Backgammon::with_dice`]): the dice that must be played, the larger die, entering from
//! the bar, bearing off, hits, gammons and backgammons.

use meeple::{Engine, Start, Submission};
use serde_json::json;

use super::*;

const X: PlayerIndex = PlayerIndex(0);
const O: PlayerIndex = PlayerIndex(1);

/// Checkers from `(point, count)` lists for X and O, with the bar and the checkers off.
fn checkers(x: &[(usize, u8)], o: &[(usize, u8)], bar: [u8; 2], off: [u8; 2]) -> Checkers {
    let mut points = [[0; POINTS]; 2];
    for (side, list) in [x, o].into_iter().enumerate() {
        for &(point, count) in list {
            points[side][point] = count;
        }
    }
    Checkers::from_counts(points, bar, off)
}

fn start(checkers: Checkers, to_move: PlayerIndex, dice: [u8; 2]) -> Engine<Backgammon> {
    start_with(BackgammonConfig::default(), checkers, to_move, dice)
}

fn start_with(
    config: BackgammonConfig,
    checkers: Checkers,
    to_move: PlayerIndex,
    dice: [u8; 2],
) -> Engine<Backgammon> {
    let state = Backgammon::new(config, checkers, to_move)
        .with_dice(dice)
        .expect("faces");
    Engine::from_start(Start::new(state, 2)).expect("a position a game can reach")
}

/// Every play offered to `player`, each as its real steps `(point or "bar", pip)`.
fn plays(engine: &Engine<Backgammon>, player: PlayerIndex) -> Vec<Vec<(String, u8)>> {
    let mut plays: Vec<Vec<(String, u8)>> = engine
        .position()
        .completions(player)
        .into_iter()
        .map(|action| {
            let BackgammonAction::PlayDice(play) = action;
            [(play.checker1, play.pip1), (play.checker2, play.pip2)]
                .into_iter()
                .filter_map(|(source, pip)| {
                    let name = match source? {
                        Source::Point(point) => point.to_string(),
                        Source::Bar => "bar".to_owned(),
                    };
                    Some((name, pip?))
                })
                .collect()
        })
        .collect();
    plays.sort();
    plays
}

fn step(point: usize, pip: u8) -> (String, u8) {
    (point.to_string(), pip)
}

/// X's checkers on 0 and 16, O's points made on 7 and 17, a roll of 6 and 1: the 6 from 0
/// lands on 6 and leaves no 1 (7 and 17 are held), so tree-shaking offers only the plays
/// that use both dice: 0 by 1 then 16 by 6, or 16 by 6 then 0 by 1 or 22 by 1.
#[test]
fn both_dice_must_be_played_when_they_can_be() {
    let position = checkers(
        &[(0, 1), (16, 1), (23, 13)],
        &[(7, 2), (17, 2), (5, 11)],
        [0; 2],
        [0; 2],
    );
    let engine = start(position, X, [1, 6]);
    assert_eq!(engine.position().state().playable(), 2);
    assert_eq!(
        plays(&engine, X),
        [
            vec![step(0, 1), step(16, 6)],
            vec![step(16, 6), step(0, 1)],
            vec![step(16, 6), step(22, 1)]
        ]
    );
    // The first step that strands the other die is refused, and nothing changes.
    let mut engine = engine;
    let before = serde_json::to_string(engine.position().state()).expect("JSON");
    let refused = engine.submit_submission(
        X,
        &Submission::new("play_dice")
            .with("checker1", json!({"point": 0}))
            .with("pip1", 6)
            .with("checker2", json!(null))
            .with("pip2", json!(null)),
    );
    assert_eq!(
        refused.map_err(|error| error.to_string()),
        Err(
            "`play_dice`: null is not offered for `checker2` (it is not among the options)"
                .to_owned()
        )
    );
    assert_eq!(
        serde_json::to_string(engine.position().state()).expect("JSON"),
        before
    );
}

/// The same, with O's point 22 made too: the 1 then the 6 is blocked as well, so only one
/// die can be played, and either could: the larger, the 6, must be.
#[test]
fn the_larger_die_must_be_played_when_only_one_can_be() {
    let position = checkers(
        &[(0, 1), (16, 1), (23, 13)],
        &[(7, 2), (17, 2), (22, 2), (5, 9)],
        [0; 2],
        [0; 2],
    );
    let state = Backgammon::new(BackgammonConfig::default(), position.clone(), X)
        .with_dice([1, 6])
        .expect("faces");
    assert_eq!(state.playable(), 1);
    assert_eq!(
        state.checker_options(X, &[]).collect::<Vec<_>>(),
        [Some(Source::Point(0))]
    );
    assert_eq!(
        state
            .pip_options(X, &[], Some(Source::Point(0)))
            .collect::<Vec<_>>(),
        [Some(6)]
    );
    // The one play is forced: the engine plays it for X, and O's turn begins.
    let engine = start(position, X, [1, 6]);
    let played = engine
        .records()
        .iter()
        .find(|record| record.player == Some(X))
        .expect("X's play");
    assert_eq!(played.kind, meeple::RecordKind::Forced);
    assert_eq!(
        played.moves[0],
        BackgammonMove::Moved {
            player: X,
            from: Source::Point(0),
            pip: 6,
            hit: false
        }
    );
}

/// A checker on the bar enters before anything else, on the other's home board; a double
/// is played as two actions of two steps, as in OpenSpiel.
#[test]
fn a_checker_on_the_bar_enters_first_and_a_double_is_played_twice() {
    // O holds X's entry points 0 to 3; a 5 enters on 4.
    let position = checkers(
        &[(11, 5), (16, 3), (18, 6)],
        &[(0, 2), (1, 2), (2, 2), (3, 2), (12, 7)],
        [1, 0],
        [0; 2],
    );
    let mut engine = start(position, X, [5, 5]);
    let state = engine.position().state();
    assert_eq!(state.playable(), 2);
    assert_eq!(
        state.checker_options(X, &[]).collect::<Vec<_>>(),
        [Some(Source::Bar)]
    );
    let all = plays(&engine, X);
    assert!(
        all.iter()
            .all(|play| play.len() == 2 && play[0] == ("bar".to_owned(), 5))
    );
    // Entering on 4 and going on with it to 9; then the second half, from 9 to 14 and 19.
    assert!(all.contains(&vec![("bar".to_owned(), 5), step(4, 5)]));
    let first_half = PlayDice::from_steps(&[
        (Some(Source::Bar), Some(5)),
        (Some(Source::Point(4)), Some(5)),
    ]);
    engine
        .submit(X, BackgammonAction::PlayDice(first_half))
        .expect("legal");
    assert_eq!(engine.position().to_act(), meeple::PlayerSet::one(X));
    assert!(plays(&engine, X).contains(&vec![step(9, 5), step(14, 5)]));
    // A checker on the bar that cannot enter: the turn passes, played by the engine.
    let blocked = checkers(
        &[(11, 5), (16, 3), (18, 6)],
        &[(0, 2), (1, 2), (2, 2), (3, 2), (4, 2), (5, 2), (12, 3)],
        [1, 0],
        [0; 2],
    );
    let engine = start(blocked, X, [2, 6]);
    let passed = engine
        .records()
        .iter()
        .find(|record| record.player == Some(X))
        .expect("X's turn");
    assert_eq!(passed.kind, meeple::RecordKind::Forced);
    assert_eq!(
        passed.moves[..],
        [
            BackgammonMove::Played {
                player: X,
                steps: 0
            },
            BackgammonMove::TurnEnded { player: X }
        ]
    );
}

/// Bearing off: a die that takes a checker exactly off, or a larger one from the furthest
/// point only.
#[test]
fn a_larger_die_bears_off_from_the_furthest_point_only() {
    let position = checkers(&[(20, 2), (22, 1)], &[(5, 15)], [0; 2], [12, 0]);
    let engine = start(position, X, [4, 6]);
    let state = engine.position().state();
    // 6 and 4 both bear off from 20 (X's 4 point, the furthest), not from 22.
    assert_eq!(
        state
            .pip_options(X, &[], Some(Source::Point(20)))
            .collect::<Vec<_>>(),
        [Some(4), Some(6)]
    );
    assert_eq!(
        state
            .pip_options(X, &[], Some(Source::Point(22)))
            .collect::<Vec<_>>(),
        Vec::<Option<u8>>::new()
    );
}

/// Landing on a lone checker hits it: it goes to the bar, by a move of its own.
#[test]
fn a_lone_checker_is_hit_to_the_bar() {
    let position = checkers(&[(0, 2), (11, 13)], &[(3, 1), (23, 14)], [0; 2], [0; 2]);
    let mut engine = start(position, X, [3, 5]);
    engine
        .submit_submission(
            X,
            &Submission::new("play_dice")
                .with("checker1", json!({"point": 0}))
                .with("pip1", 3)
                .with("checker2", json!({"point": 11}))
                .with("pip2", 5),
        )
        .expect("a legal play");
    let state = engine.position().state();
    assert_eq!(state.board().bar(O), 1);
    assert_eq!(state.checkers(X, 3), 1);
    let record = engine
        .records()
        .iter()
        .rev()
        .find(|record| {
            record
                .moves
                .iter()
                .any(|applied| matches!(applied, BackgammonMove::Hit { .. }))
        })
        .expect("the play");
    let words: Vec<String> = record
        .moves
        .iter()
        .filter_map(|applied| state.describe_move(applied, meeple::Viewer::Observer))
        .collect();
    assert_eq!(
        words,
        [
            "X moves 24/21*",
            "O's checker goes to the bar",
            "X moves 13/8"
        ]
    );
}

/// The last checker off wins: a gammon when the loser bore none off, a backgammon when
/// they also have a checker in the winner's home, under full scoring.
#[test]
fn gammons_and_backgammons_count_under_full_scoring() {
    let full = BackgammonConfig {
        scoring: Scoring::Full,
        ..BackgammonConfig::default()
    };
    for (o, points) in [(vec![(5, 15)], 2), (vec![(5, 14), (20, 1)], 3)] {
        let position = checkers(&[(23, 1)], &o, [0; 2], [14, 0]);
        let engine = start_with(full.clone(), position, X, [1, 2]);
        assert_eq!(
            engine.position().state().finish(),
            Some(Finish::Won { winner: X, points }),
            "{o:?}"
        );
        assert_eq!(
            engine.position().outcome().expect("over").scores(),
            [i64::from(points), -i64::from(points)]
        );
    }
    // Win and loss only, by default.
    let position = checkers(&[(23, 1)], &[(5, 15)], [0; 2], [14, 0]);
    let engine = start(position, X, [1, 2]);
    assert_eq!(
        engine.position().state().finish(),
        Some(Finish::Won {
            winner: X,
            points: 1
        })
    );
}

/// With a limit of one turn, X plays its turn; O's first action then ends the game with no
/// winner, as OpenSpiel cuts a game right after the first action of the turn past its
/// limit.
#[test]
fn the_turn_limit_cuts_the_game_after_the_first_action_past_it() {
    let one_turn = BackgammonConfig {
        max_turns: 1,
        ..BackgammonConfig::default()
    };
    let mut engine = start_with(one_turn, Checkers::start(), X, [1, 3]);
    let play = engine
        .position()
        .state()
        .timeout_action(engine.position().progress(), X)
        .expect("a play");
    engine.submit(X, play).expect("legal");
    if let Some(player) = engine.position().to_act().first() {
        assert_eq!(player, O);
        let play = engine
            .position()
            .state()
            .timeout_action(engine.position().progress(), O)
            .expect("a play");
        engine.submit(O, play).expect("legal");
    }
    let state = engine.position().state();
    assert_eq!(state.finish(), Some(Finish::TurnLimit));
    assert_eq!(state.turns(), 2);
    assert!(engine.position().outcome().expect("over").is_draw());
}

#[test]
fn positions_and_configs_outside_the_rules_are_refused() {
    let short = checkers(&[(0, 2)], &[(23, 15)], [0; 2], [0; 2]);
    let refused = Engine::from_start(Start::new(
        Backgammon::new(BackgammonConfig::default(), short, X),
        2,
    ))
    .err()
    .map(|error| error.to_string());
    assert_eq!(
        refused.as_deref(),
        Some("invalid state to start from: X has 2 checkers, not 15")
    );
    assert_eq!(
        Engine::<Backgammon>::new(
            BackgammonConfig {
                max_turns: 0,
                ..BackgammonConfig::default()
            },
            2,
            0
        )
        .err()
        .map(|error| error.to_string())
        .as_deref(),
        Some("invalid config: max_turns: the game needs at least one turn")
    );
}

/// A seat out of time plays the first full play, checkers from the furthest back first.
#[test]
fn the_timeout_plays_the_first_full_play() {
    let position = checkers(
        &[(0, 1), (16, 1), (23, 13)],
        &[(7, 2), (17, 2), (5, 11)],
        [0; 2],
        [0; 2],
    );
    let mut engine = start(position, X, [1, 6]);
    let action = engine
        .position()
        .state()
        .timeout_action(engine.position().progress(), X)
        .expect("a play");
    assert_eq!(
        action,
        BackgammonAction::PlayDice(PlayDice::from_steps(&[
            (Some(Source::Point(0)), Some(1)),
            (Some(Source::Point(16)), Some(6)),
        ]))
    );
    engine.submit(X, action).expect("legal");
}

#[test]
fn views_hide_nothing_and_games_replay() {
    // Forty turns each, then the turn limit: games short enough for the harness.
    let config = BackgammonConfig {
        max_turns: 40,
        ..BackgammonConfig::default()
    };
    let report = meeple::testing::check_views::<Backgammon>(&config, 2, 0..3, None, 100)
        .unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(report.games, 3);
}
