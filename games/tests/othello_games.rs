//! Othello played whole: prompts, views and the table at characteristic moments (insta),
//! random games from fixed seeds with pinned results, logged and replayed byte for byte,
//! and UCT against random play.

use meeple::{Budget, Engine, Finish, PlayerIndex, RandomAgent, SearchAgent, Submission, Viewer};
use meeple_games::othello::{Othello, OthelloMove};

mod matches;

use matches::{assert_replays, play_match, random_game};

const BLACK: PlayerIndex = PlayerIndex(0);
const WHITE: PlayerIndex = PlayerIndex(1);

fn place(engine: &mut Engine<Othello>, player: PlayerIndex, name: &str) {
    let space = engine.position().state().space(name).expect("a space");
    engine
        .submit_submission(
            player,
            &Submission::new("place_disc").with("space", space.0),
        )
        .unwrap_or_else(|error| panic!("{player} on {name}: {error}"));
}

/// The first prompt: Black's four spaces, by name; White is asked nothing.
#[test]
fn the_first_prompt_offers_four_spaces() {
    let engine = Engine::<Othello>::new((), 2, 0).expect("setup");
    insta::assert_json_snapshot!("othello_first_prompt", engine.position().prompt(BLACK));
    assert!(engine.position().prompt(WHITE).actions.is_empty());
}

/// After three placements: White's prompt, the table as text, and the table as pieces.
#[test]
fn a_game_in_progress() {
    let mut engine = Engine::<Othello>::new((), 2, 0).expect("setup");
    place(&mut engine, BLACK, "d3");
    place(&mut engine, WHITE, "c3");
    place(&mut engine, BLACK, "c4");
    insta::assert_json_snapshot!("othello_middle_prompt", engine.position().prompt(WHITE));
    insta::assert_snapshot!(
        "othello_middle_summary",
        engine.position().state().summary(WHITE)
    );
    insta::assert_json_snapshot!(
        "othello_middle_scene",
        engine.position().scene(Viewer::Player(WHITE))
    );
}

/// Random games from fixed seeds end with these results (Black's and White's discs), and
/// some pass on the way; each log replays to the same state, and writes the same log
/// again, byte for byte.
#[test]
fn random_games_end_with_these_results_and_replay_byte_for_byte() {
    let mut results = Vec::new();
    let mut passes = 0;
    for seed in 0..6 {
        let engine = random_game::<Othello>((), 2, seed);
        let finish = engine.position().state().finish().expect("over");
        results.push((finish.black, finish.white));
        passes += engine
            .records()
            .iter()
            .filter(|record| matches!(record.moves.first(), Some(OthelloMove::Passed { .. })))
            .count();
        assert_replays(&engine);
    }
    insta::assert_json_snapshot!("othello_random_results", (results, passes));
}

/// UCT with 100 playouts a decision against random play, four games at each seat: it
/// wins most.
#[test]
fn uct_beats_random_play() {
    let mut won = 0;
    for game in 0..8_u64 {
        let seat = PlayerIndex(usize::from(game % 2 == 1));
        let mut engine = Engine::<Othello>::new((), 2, game).expect("setup");
        let mut uct = SearchAgent::uct(game, Budget::Iterations(100));
        let mut random = RandomAgent::new(game);
        play_match(&mut engine, seat, &mut uct, &mut random, |_| game);
        if engine.position().outcome().expect("over").finish() == Finish::Win(seat) {
            won += 1;
        }
    }
    assert!(won >= 6, "UCT won {won} of 8");
}
