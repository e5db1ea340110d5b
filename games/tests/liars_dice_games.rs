//! Liar's Dice played whole: prompts at each kind of decision and the table as each seat
//! sees it (insta), random games from fixed seeds with pinned results, logged and replayed
//! byte for byte, and the information-set search against random play.

use meeple::{
    Budget, Engine, Finish, Game, PlayerIndex, RandomAgent, SearchAgent, Submission, Viewer,
};
use meeple_games::liars_dice::{LiarsDice, LiarsDiceConfig};

mod matches;

use matches::{assert_replays, play_match, random_game};

const FIRST: PlayerIndex = PlayerIndex(0);
const SECOND: PlayerIndex = PlayerIndex(1);

fn bid(engine: &mut Engine<LiarsDice>, player: PlayerIndex, quantity: u8, face: u8) {
    engine
        .submit_submission(
            player,
            &Submission::new("make_bid")
                .with("quantity", quantity)
                .with("face", face),
        )
        .unwrap_or_else(|error| panic!("{player} bids {quantity}-{face}: {error}"));
}

/// The first prompt offers a bid only, its quantity preselecting 1; then the face of two
/// dice; after a bid, the call too.
#[test]
fn prompts_at_each_kind_of_decision() {
    let mut engine = Engine::<LiarsDice>::new(LiarsDiceConfig { dice: 2 }, 2, 3).expect("setup");
    insta::assert_json_snapshot!("liars_dice_first_prompt", engine.position().prompt(FIRST));
    insta::assert_json_snapshot!(
        "liars_dice_face_prompt",
        engine
            .position()
            .prompt_action(FIRST, "make_bid", &[serde_json::json!(2)])
            .expect("offered")
    );
    bid(&mut engine, FIRST, 2, 3);
    insta::assert_json_snapshot!("liars_dice_after_a_bid", engine.position().prompt(SECOND));
    insta::assert_snapshot!(
        "liars_dice_summary_second",
        engine.position().state().summary(Viewer::Player(SECOND))
    );
    insta::assert_json_snapshot!(
        "liars_dice_scene_second",
        engine.position().scene(Viewer::Player(SECOND))
    );
    engine
        .submit_submission(FIRST, &Submission::new("call_liar"))
        .expect_err("not First's turn");
    engine
        .submit_submission(SECOND, &Submission::new("call_liar"))
        .expect("the call");
    insta::assert_snapshot!(
        "liars_dice_summary_end",
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
    insta::assert_json_snapshot!("liars_dice_moves_first", texts);
}

/// Random games from fixed seeds end with these winners, at OpenSpiel's table and at one
/// of four players with three dice each; each log replays to the same state and writes
/// the same log again, byte for byte.
#[test]
fn random_games_end_with_these_results_and_replay_byte_for_byte() {
    let mut winners = Vec::new();
    for (config, players) in [
        (LiarsDiceConfig::default(), 2),
        (LiarsDiceConfig { dice: 3 }, 4),
    ] {
        for seed in 0..6 {
            let engine = random_game::<LiarsDice>(config.clone(), players, seed);
            let finish = engine.position().state().finish().expect("over");
            winners.push((
                finish.winner.0,
                finish.loser.0,
                engine.position().state().bids().len(),
            ));
            assert_replays(&engine);
        }
    }
    insta::assert_json_snapshot!("liars_dice_random_results", winners);
}

/// The information-set search (ISMCTS, 200 playouts a decision, each redrawing the dice
/// it cannot see) against random play, 20 games at each seat: it wins most.
#[test]
fn ismcts_beats_random_play() {
    let mut won = 0;
    for game in 0..40_u64 {
        let seat = PlayerIndex(usize::from(game % 2 == 1));
        let mut engine =
            Engine::<LiarsDice>::new(LiarsDiceConfig::default(), 2, game).expect("setup");
        let mut search = SearchAgent::ismcts(game, Budget::Iterations(200));
        let mut random = RandomAgent::new(game);
        play_match(&mut engine, seat, &mut search, &mut random, |step| {
            game * 100 + step
        });
        if engine.position().outcome().expect("over").finish() == Finish::Win(seat) {
            won += 1;
        }
    }
    assert!(won >= 28, "ISMCTS won {won} of 40");
}
