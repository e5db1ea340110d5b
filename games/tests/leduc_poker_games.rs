//! Leduc (and Kuhn) poker played whole: prompts at each kind of decision and the table as
//! each seat sees it (insta), random hands from fixed seeds with pinned results, logged
//! and replayed byte for byte, and the information-set search against random play.

use meeple::{Budget, Engine, Game, PlayerIndex, RandomAgent, SearchAgent, Submission, Viewer};
use meeple_games::leduc_poker::{LeducConfig, LeducPoker, Variant};

mod matches;

use matches::{assert_replays, play_match, random_game};

const FIRST: PlayerIndex = PlayerIndex(0);
const SECOND: PlayerIndex = PlayerIndex(1);

fn bet(engine: &mut Engine<LeducPoker>, player: PlayerIndex, action: &str) {
    engine
        .submit_submission(player, &Submission::new(action))
        .unwrap_or_else(|error| panic!("{player} {action}: {error}"));
}

/// The first decision (check or raise), one facing a raise (fold, call or raise), one in
/// the second round; the table as the second seat sees it there, and the hand's moves as
/// the first seat read them.
#[test]
fn prompts_at_each_kind_of_decision() {
    let mut engine = Engine::<LeducPoker>::new(LeducConfig::default(), 2, 3).expect("setup");
    insta::assert_json_snapshot!("leduc_first_prompt", engine.position().prompt(FIRST));
    bet(&mut engine, FIRST, "raise");
    insta::assert_json_snapshot!("leduc_facing_a_raise", engine.position().prompt(SECOND));
    bet(&mut engine, SECOND, "call");
    insta::assert_json_snapshot!("leduc_second_round", engine.position().prompt(FIRST));
    insta::assert_snapshot!(
        "leduc_summary_second",
        engine.position().state().summary(Viewer::Player(SECOND))
    );
    insta::assert_json_snapshot!(
        "leduc_scene_second",
        engine.position().scene(Viewer::Player(SECOND))
    );
    bet(&mut engine, FIRST, "raise");
    bet(&mut engine, SECOND, "call");
    insta::assert_snapshot!(
        "leduc_summary_end",
        engine.position().state().summary(Viewer::Player(FIRST))
    );
    let texts: Vec<String> = engine
        .records()
        .iter()
        .flat_map(|record| record.moves.iter())
        .filter_map(|applied| {
            engine
                .position()
                .state()
                .describe_move(applied, Viewer::Player(FIRST))
        })
        .collect();
    insta::assert_json_snapshot!("leduc_moves_first", texts);
}

/// Random hands from fixed seeds end with these chips won and lost, at two and three
/// seats and in Kuhn; each log replays to the same state and writes the same log again,
/// byte for byte.
#[test]
fn random_hands_end_with_these_results_and_replay_byte_for_byte() {
    let kuhn = LeducConfig {
        variant: Variant::Kuhn,
    };
    let mut results = Vec::new();
    for (config, players) in [
        (LeducConfig::default(), 2),
        (LeducConfig::default(), 3),
        (kuhn, 2),
    ] {
        for seed in 0..6 {
            let engine = random_game::<LeducPoker>(config.clone(), players, seed);
            let outcome = engine.position().outcome().expect("over");
            assert_eq!(outcome.scores().iter().sum::<i64>(), 0, "chips are kept");
            results.push(outcome.scores().to_vec());
            assert_replays(&engine);
        }
    }
    insta::assert_json_snapshot!("leduc_random_results", results);
}

/// The information-set search (ISMCTS, 200 playouts a decision, each dealing again the
/// cards it cannot see) against random play, 40 hands at each seat: it wins chips.
#[test]
fn ismcts_wins_chips_from_random_play() {
    let mut chips = 0;
    for game in 0..80_u64 {
        let seat = PlayerIndex(usize::from(game % 2 == 1));
        let mut engine = Engine::<LeducPoker>::new(LeducConfig::default(), 2, game).expect("setup");
        let mut search = SearchAgent::ismcts(game, Budget::Iterations(200));
        let mut random = RandomAgent::new(game);
        play_match(&mut engine, seat, &mut search, &mut random, |step| {
            game * 100 + step
        });
        chips += engine.position().outcome().expect("over").scores()[seat.0];
    }
    assert!(chips > 40, "ISMCTS won {chips} chips in 80 hands");
}
