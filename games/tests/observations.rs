//! Every game's observation for learning agents (`#[derive(Observe)]`): the pieces as
//! laid out, and random games where every seat's observation keeps the layout's length
//! at every step and an observation changes only with the view it is written from.

use meeple::{Environment, Game, Observe, PlayerIndex};
use meeple_games::backgammon::{Backgammon, BackgammonConfig};
use meeple_games::blackjack::Blackjack;
use meeple_games::breakthrough::Breakthrough;
use meeple_games::connect_four::ConnectFour;
use meeple_games::hearts::{Hearts, HeartsConfig};
use meeple_games::leduc_poker::{LeducConfig, LeducPoker, Variant};
use meeple_games::liars_dice::{LiarsDice, LiarsDiceConfig};
use meeple_games::memory::Memory;
use meeple_games::othello::Othello;
use meeple_games::smash::Smash;
use meeple_games::tictactoe::TicTacToe;
use proptest::prelude::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The observation's pieces, one line each: name, shape, first number.
fn layout_text<G: Game + Observe<G>>(config: &G::Config, players: usize) -> String {
    let environment = Environment::<G>::new(config, players, 0, true).expect("a table");
    let layout = environment.observation_layout();
    let mut text = format!("{} numbers\n", layout.len());
    for piece in layout.pieces() {
        text.push_str(&format!(
            "{:>5} {:?} {}\n",
            piece.offset, piece.shape, piece.name
        ));
    }
    text
}

#[test]
fn every_game_lays_out_its_observation() {
    insta::assert_snapshot!(
        "tictactoe",
        layout_text::<TicTacToe>(&Default::default(), 2)
    );
    insta::assert_snapshot!(
        "connect_four",
        layout_text::<ConnectFour>(&Default::default(), 2)
    );
    insta::assert_snapshot!(
        "breakthrough",
        layout_text::<Breakthrough>(&Default::default(), 2)
    );
    insta::assert_snapshot!("memory", layout_text::<Memory>(&Default::default(), 2));
    insta::assert_snapshot!("hearts", layout_text::<Hearts>(&Default::default(), 4));
    insta::assert_snapshot!(
        "blackjack",
        layout_text::<Blackjack>(&Default::default(), 2)
    );
    insta::assert_snapshot!("smash", layout_text::<Smash>(&Default::default(), 2));
    insta::assert_snapshot!("othello", layout_text::<Othello>(&(), 2));
    insta::assert_snapshot!(
        "liars_dice",
        layout_text::<LiarsDice>(&LiarsDiceConfig::default(), 2)
    );
    insta::assert_snapshot!(
        "liars_dice_4x3",
        layout_text::<LiarsDice>(&LiarsDiceConfig { dice: 3 }, 4)
    );
    insta::assert_snapshot!(
        "leduc_poker",
        layout_text::<LeducPoker>(&LeducConfig::default(), 2)
    );
    insta::assert_snapshot!(
        "backgammon",
        layout_text::<Backgammon>(&BackgammonConfig::default(), 2)
    );
    insta::assert_snapshot!(
        "kuhn_poker",
        layout_text::<LeducPoker>(
            &LeducConfig {
                variant: Variant::Kuhn
            },
            2
        )
    );
}

#[test]
fn connect_fours_board_is_planes_of_empty_own_and_other_discs() {
    let mut environment =
        Environment::<ConnectFour>::new(&Default::default(), 2, 0, true).expect("a table");
    let layout = environment.observation_layout();
    let board = &layout.pieces()[0];
    assert_eq!(
        (board.name.as_str(), board.shape.as_slice()),
        ("board", &[6, 7, 4][..])
    );
    // Seat 0 drops in the middle column: space 38, the bottom row's fourth.
    environment.step(39).expect("the middle column");
    let mut out = vec![0.0; layout.len()];
    for (seat, own) in [(0, 1.0), (1, 0.0)] {
        environment.observe(PlayerIndex(seat), &mut out);
        let space = &out[board.offset + 38 * 4..board.offset + 39 * 4];
        // Empty, the observer's, the other's, hidden.
        assert_eq!(space, [0.0, own, 1.0 - own, 0.0], "seat {seat}");
        let empty = &out[board.offset..board.offset + 4];
        assert_eq!(empty, [1.0, 0.0, 0.0, 0.0]);
    }
}

/// Plays `games` random games of `G`; at every step each seat's observation has the
/// layout's length, only finite numbers, and equals the one written from a copy of the
/// same position (no state outside the view and the decision leaks in).
fn observed_games<G: Game + Observe<G>>(config: &G::Config, players: usize, games: u64) {
    for seed in 0..games {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut environment = Environment::<G>::new(config, players, seed, true).expect("a table");
        let len = environment.observation_layout().len();
        let mut out = vec![f32::NAN; len + 1];
        let mut legal = Vec::new();
        while !environment.is_over() {
            for seat in 0..players {
                out.fill(f32::NAN);
                let written = environment.observe(PlayerIndex(seat), &mut out);
                assert_eq!(
                    written, len,
                    "seed {seed}: seat {seat}'s observation keeps its length"
                );
                assert!(out[..len].iter().all(|value| value.is_finite()));
                assert!(out[len].is_nan(), "nothing is written past the layout");
            }
            legal.clear();
            environment.legal(&mut legal);
            environment
                .step(legal[rng.random_range(0..legal.len())])
                .expect("a legal integer");
        }
    }
}

#[test]
fn observations_keep_their_length_in_random_games() {
    observed_games::<TicTacToe>(&Default::default(), 2, 20);
    observed_games::<ConnectFour>(&Default::default(), 2, 20);
    observed_games::<Breakthrough>(&Default::default(), 2, 3);
    observed_games::<Memory>(&Default::default(), 3, 10);
    let short = HeartsConfig {
        target_score: 20,
        ..HeartsConfig::default()
    };
    observed_games::<Hearts>(&short, 4, 3);
    observed_games::<Blackjack>(&Default::default(), 3, 20);
    observed_games::<Smash>(&Default::default(), 3, 2);
    observed_games::<Othello>(&(), 2, 5);
    observed_games::<LiarsDice>(&LiarsDiceConfig { dice: 2 }, 3, 20);
    observed_games::<LeducPoker>(&LeducConfig::default(), 3, 20);
    let short = BackgammonConfig {
        max_turns: 20,
        ..BackgammonConfig::default()
    };
    observed_games::<Backgammon>(&short, 2, 3);
}

/// The game's own part of `seat`'s observation, written from `state` as it stands (a
/// view, or for the control, the whole state).
fn observed<G: Game + Observe<G>>(state: &G, seat: usize, players: usize, len: usize) -> Vec<f32> {
    let mut out = vec![0.0; len];
    let mut observer = meeple::Observer::new(PlayerIndex(seat), players, &mut out);
    state.observe(state, &mut observer);
    out
}

/// Plays a random game of `G` from `seed`; at every step, for every seat, redraws what that seat may
/// not see (`Position::determinize` on the seat's own copy: hands, decks, face-down
/// cards) and finds the seat's observation unchanged. As a control, the same
/// observation written from the whole state instead of the view must change in some
/// redraws: the hidden fields do move, and an observation that read them would show it.
fn hidden_fields_leave_observations_unchanged<G>(config: &G::Config, players: usize, seed: u64)
where
    G: Game + Observe<G> + meeple::Search,
{
    let mut redrawn = 0;
    {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut environment = Environment::<G>::new(config, players, seed, true).expect("a table");
        let len = environment.observation_layout().len();
        let mut legal = Vec::new();
        let mut step = 0_u64;
        while !environment.is_over() {
            let position = environment.position();
            for seat in 0..players {
                let viewer = meeple::Viewer::Player(PlayerIndex(seat));
                let mine = observed(&position.view(viewer), seat, players, len);
                let mut other = position.for_agent(PlayerIndex(seat), seed ^ step);
                other.determinize(PlayerIndex(seat));
                let theirs = observed(&other.state().view(viewer), seat, players, len);
                assert_eq!(
                    mine, theirs,
                    "seed {seed}, step {step}: seat {seat}'s observation moved with what it may not see"
                );
                if observed(position.state(), seat, players, len)
                    != observed(other.state(), seat, players, len)
                {
                    redrawn += 1;
                }
            }
            legal.clear();
            environment.legal(&mut legal);
            environment
                .step(legal[rng.random_range(0..legal.len())])
                .expect("a legal integer");
            step += 1;
        }
    }
    assert!(redrawn > 0, "the redraws changed hidden fields");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 6, ..ProptestConfig::default() })]

    #[test]
    fn hearts_observations_ignore_the_hands_they_may_not_see(seed in 0_u64..1 << 40) {
        let short = HeartsConfig {
            target_score: 20,
            ..HeartsConfig::default()
        };
        hidden_fields_leave_observations_unchanged::<Hearts>(&short, 4, seed);
    }

    #[test]
    fn memory_observations_ignore_the_face_down_cards(seed in 0_u64..1 << 40) {
        hidden_fields_leave_observations_unchanged::<Memory>(&Default::default(), 2, seed);
    }

    #[test]
    fn blackjack_observations_ignore_the_shoe_and_the_hole_card(seed in 0_u64..1 << 40) {
        hidden_fields_leave_observations_unchanged::<Blackjack>(&Default::default(), 2, seed);
    }

    #[test]
    fn smash_observations_ignore_the_hands_and_decks_they_may_not_see(seed in 0_u64..1 << 40) {
        hidden_fields_leave_observations_unchanged::<Smash>(&Default::default(), 2, seed);
    }
}
