//! Every game as distinct actions (the integers learning agents choose): the layouts as
//! read, exact integers where the rules fix them (Connect Four's spaces, Hearts' pass
//! as three ascending cards), and random games where every legal integer is accepted,
//! every other refused with nothing changed, every game ends and replays from its
//! integers.

use meeple::{Environment, Game, PlayerIndex, StepError};
use meeple_games::backgammon::{Backgammon, BackgammonConfig};
use meeple_games::blackjack::Blackjack;
use meeple_games::breakthrough::Breakthrough;
use meeple_games::connect_four::ConnectFour;
use meeple_games::french::Card;
use meeple_games::hearts::{Hearts, HeartsConfig};
use meeple_games::leduc_poker::{LeducConfig, LeducPoker, Variant};
use meeple_games::liars_dice::{LiarsDice, LiarsDiceConfig};
use meeple_games::memory::Memory;
use meeple_games::othello::Othello;
use meeple_games::smash::Smash;
use meeple_games::tictactoe::TicTacToe;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The layout's blocks, one line each: name, first integer, size, and whether it ends
/// with "done".
fn layout_text<G: Game>(config: &G::Config, players: usize) -> String {
    let environment = Environment::<G>::new(config, players, 0, true).expect("a table");
    let layout = environment.layout();
    let mut text = format!("{} distinct actions\n", layout.len());
    for block in layout.blocks() {
        text.push_str(&format!(
            "{:>5} +{:<4} {}{}\n",
            block.offset,
            block.len,
            block.name(),
            if block.done { " (last: done)" } else { "" }
        ));
    }
    text
}

#[test]
fn every_game_lays_out_its_distinct_actions() {
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
fn connect_fours_integers_are_the_spaces_of_the_bottom_row() {
    let mut environment =
        Environment::<ConnectFour>::new(&Default::default(), 2, 0, false).expect("a table");
    let mut legal = Vec::new();
    environment.legal(&mut legal);
    // One kind, dropped: block 0 has one integer, the spaces follow from 1. The bottom
    // row is the board's last (row 5 of 0..6, spaces 35..42).
    assert_eq!(legal, (36..43).collect::<Vec<_>>());
    environment.step(39).expect("the middle column");
    legal.clear();
    environment.legal(&mut legal);
    assert_eq!(legal, vec![32, 36, 37, 38, 40, 41, 42]);
}

#[test]
fn a_hearts_pass_is_three_ascending_cards() {
    let config = HeartsConfig::default();
    let mut environment = Environment::<Hearts>::new(&config, 4, 7, true).expect("a table");
    let layout = environment.layout().clone();
    let pass = *layout
        .blocks()
        .iter()
        .find(|block| block.name() == "pass_cards.cards")
        .expect("the pass's block");
    assert_eq!((pass.len, pass.done), (52, false));
    let hand = |environment: &Environment<Hearts>| {
        let mut legal = Vec::new();
        environment.legal(&mut legal);
        legal
            .iter()
            .map(|integer| Card::from_index(u32::try_from(integer - pass.offset).expect("small")))
            .collect::<Option<Vec<Card>>>()
            .expect("cards")
    };
    assert_eq!(environment.player(), Some(PlayerIndex(0)));
    let first = hand(&environment);
    // The whole hand but the two highest cards: a pass of three ascending cards must
    // leave two above its first.
    assert_eq!(first.len(), 11, "{first:?}");
    let lowest = first[0];
    environment
        .step(pass.offset + lowest.index() as usize)
        .expect("the lowest card");
    let second = hand(&environment);
    assert_eq!(second.len(), 11, "the rest of the hand but its highest");
    assert!(second.iter().all(|card| card.index() > lowest.index()));
    let next = second[0];
    environment
        .step(pass.offset + next.index() as usize)
        .expect("the next card");
    let third = hand(&environment);
    assert_eq!(third.len(), 11);
    assert_eq!(environment.player(), Some(PlayerIndex(0)));
    environment
        .step(pass.offset + third[0].index() as usize)
        .expect("the third card");
    // Seat 0 has passed: the next seat chooses, its only kind (pass) taken unasked.
    assert_eq!(environment.player(), Some(PlayerIndex(1)));
    assert_eq!(environment.decision().chosen(), [0]);
}

/// Plays `games` random games of `G` each way (forced choices skipped and asked). At
/// every step: the legal integers are ascending, inside the layout and agree with the
/// mask; an integer that is not legal is refused with `NotLegal` and changes nothing;
/// a legal one is accepted. Every game ends, its returns sum to zero, and its integers
/// replay it to the same state.
fn random_games<G: Game + std::fmt::Debug>(config: &G::Config, players: usize, games: u64) {
    for skip_forced in [true, false] {
        for seed in 0..games {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut environment =
                Environment::<G>::new(config, players, seed, skip_forced).expect("a table");
            let size = environment.layout().len();
            let mut legal = Vec::new();
            let mut mask = vec![false; size];
            let mut steps = 0;
            while !environment.is_over() {
                legal.clear();
                environment.legal(&mut legal);
                assert!(!legal.is_empty(), "seed {seed}: something is legal");
                assert!(legal.windows(2).all(|pair| pair[0] < pair[1]));
                assert!(legal.iter().all(|&integer| integer < size));
                environment.mask(&mut mask);
                assert_eq!(
                    mask.iter().filter(|&&flag| flag).count(),
                    legal.len(),
                    "the mask flags the legal integers"
                );
                assert!(legal.iter().all(|&integer| mask[integer]));
                let illegal = (0..=size)
                    .find(|integer| !legal.contains(integer))
                    .expect("an integer that is not legal");
                let before = (
                    format!("{:?}", environment.position().state()),
                    environment.history().to_vec(),
                    environment.decision().chosen().to_vec(),
                    environment.player(),
                );
                match environment.step(illegal) {
                    Err(StepError::NotLegal(error)) => {
                        assert_eq!(error.integer, illegal);
                        assert_eq!(error.legal, legal);
                    }
                    other => panic!("seed {seed}: {illegal} refused as not legal, got {other:?}"),
                }
                let after = (
                    format!("{:?}", environment.position().state()),
                    environment.history().to_vec(),
                    environment.decision().chosen().to_vec(),
                    environment.player(),
                );
                assert_eq!(before, after, "a refusal changes nothing");
                let integer = legal[rng.random_range(0..legal.len())];
                environment
                    .step(integer)
                    .unwrap_or_else(|error| panic!("seed {seed}: {integer} is legal: {error}"));
                steps += 1;
                assert!(steps < 100_000, "seed {seed}: the game ends");
            }
            assert!(environment.outcome().is_some());
            assert_eq!(environment.step(0), Err(StepError::GameOver));
            let mut returns = vec![0.0; players];
            environment.returns(&mut returns);
            assert!(returns.iter().sum::<f64>().abs() < 1e-9, "{returns:?}");
            let again = environment
                .replay(seed, environment.history())
                .expect("the integers replay");
            assert_eq!(
                format!("{:?}", again.position().state()),
                format!("{:?}", environment.position().state())
            );
            assert!(again.is_over());
        }
    }
}

#[test]
fn random_tictactoe_games_take_every_legal_integer_and_refuse_the_rest() {
    random_games::<TicTacToe>(&Default::default(), 2, 40);
}

#[test]
fn random_connect_four_games_take_every_legal_integer_and_refuse_the_rest() {
    random_games::<ConnectFour>(&Default::default(), 2, 40);
}

#[test]
fn random_liars_dice_games_take_every_legal_integer_and_refuse_the_rest() {
    random_games::<LiarsDice>(&LiarsDiceConfig::default(), 2, 20);
    random_games::<LiarsDice>(&LiarsDiceConfig { dice: 3 }, 4, 10);
}

#[test]
fn random_leduc_poker_games_take_every_legal_integer_and_refuse_the_rest() {
    random_games::<LeducPoker>(&LeducConfig::default(), 2, 20);
    let kuhn = LeducConfig {
        variant: Variant::Kuhn,
    };
    random_games::<LeducPoker>(&kuhn, 3, 10);
}

#[test]
fn random_backgammon_games_take_every_legal_integer_and_refuse_the_rest() {
    let short = BackgammonConfig {
        max_turns: 20,
        ..BackgammonConfig::default()
    };
    random_games::<Backgammon>(&short, 2, 3);
}

#[test]
fn random_othello_games_take_every_legal_integer_and_refuse_the_rest() {
    random_games::<Othello>(&(), 2, 5);
}

#[test]
fn random_breakthrough_games_take_every_legal_integer_and_refuse_the_rest() {
    random_games::<Breakthrough>(&Default::default(), 2, 10);
}

#[test]
fn random_memory_games_take_every_legal_integer_and_refuse_the_rest() {
    random_games::<Memory>(&Default::default(), 2, 20);
}

#[test]
fn random_hearts_games_take_every_legal_integer_and_refuse_the_rest() {
    let config = HeartsConfig {
        target_score: 20,
        ..HeartsConfig::default()
    };
    random_games::<Hearts>(&config, 4, 10);
}

#[test]
fn random_blackjack_games_take_every_legal_integer_and_refuse_the_rest() {
    random_games::<Blackjack>(&Default::default(), 3, 40);
}

#[test]
fn random_smash_games_take_every_legal_integer_and_refuse_the_rest() {
    random_games::<Smash>(&Default::default(), 2, 5);
}
