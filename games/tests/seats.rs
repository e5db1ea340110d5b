//! Seats outside the table, for every game: each entry point that takes a seat and can fail
//! refuses one with [`Refusal::NoSuchSeat`] (or [`UndoError::NoSuchSeat`]) before it asks
//! the game anything, so no game's `player_name`, view or rules ever see such a seat; the
//! queries that cannot fail answer it as they answer a player who is not to act. Whatever
//! was asked, the state and the log are exactly as before.

use meeple::{
    ActionSet, DecodeError, Engine, Game, PlayerIndex, Refusal, Submission, SubmitError, UndoError,
    Viewer,
};
use meeple_games::backgammon::{Backgammon, BackgammonConfig};
use meeple_games::blackjack::{Blackjack, BlackjackConfig};
use meeple_games::breakthrough::Breakthrough;
use meeple_games::connect_four::ConnectFour;
use meeple_games::hearts::{Hearts, HeartsConfig};
use meeple_games::leduc_poker::{LeducConfig, LeducPoker};
use meeple_games::liars_dice::{LiarsDice, LiarsDiceConfig};
use meeple_games::memory::{Memory, MemoryConfig};
use meeple_games::othello::Othello;
use meeple_games::smash::{Smash, SmashConfig};
use meeple_games::tictactoe::{TicTacToe, TicTacToeConfig};
use proptest::prelude::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A seat outside a table of `players`: just past it, far past it, or the largest index.
fn outside(players: usize) -> impl Strategy<Value = PlayerIndex> {
    prop_oneof![
        (players..players + 70).prop_map(PlayerIndex),
        (players..=usize::MAX).prop_map(PlayerIndex),
        Just(PlayerIndex(usize::MAX)),
    ]
}

/// Plays `steps` random completions of `G` from `seed`, then asks every entry point about
/// `seat`, which is outside the table, and checks the answers and that nothing changed.
fn refuses_outside<G: Game + serde::Serialize>(
    config: G::Config,
    players: usize,
    seed: u64,
    steps: usize,
    seat: PlayerIndex,
) {
    let mut engine = Engine::<G>::new(config, players, seed).expect("a valid setup");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..steps {
        let Some(player) = engine.position().to_act().first() else {
            break;
        };
        let count = engine.position().count_completions(player);
        if count == 0 {
            break;
        }
        engine
            .submit_nth(player, rng.random_range(0..count))
            .expect("a completion is accepted");
    }
    let state = serde_json::to_string(engine.position().state()).expect("the state serializes");
    let records = engine.records().len();
    let refusal = Refusal::NoSuchSeat {
        player: seat,
        players,
    };

    // Every fallible entry point: the same typed refusal, whatever else is wrong.
    assert_eq!(engine.position().check_seat(seat), Err(refusal.clone()));
    assert_eq!(engine.submit_nth(seat, 0).map(|_| ()), Err(refusal.clone()));
    assert_eq!(
        engine
            .submit_json(seat, "{\"action\":\"nothing\"}")
            .map(|_| ()),
        Err(SubmitError::Refused(refusal.clone()))
    );
    // Malformed JSON is the client's fault before any seat is read.
    assert!(matches!(
        engine.submit_json(seat, "{"),
        Err(SubmitError::Decode(DecodeError::MalformedJson { .. }))
    ));
    let submission = Submission::new(G::Actions::NAMES[0]);
    assert_eq!(
        engine.submit_submission(seat, &submission).map(|_| ()),
        Err(SubmitError::Refused(refusal.clone()))
    );
    assert_eq!(
        engine
            .position()
            .prompt_action(seat, G::Actions::NAMES[0], &[]),
        Err(SubmitError::Refused(refusal.clone()))
    );
    assert_eq!(
        engine.position().prompt_submission(seat, &submission),
        Err(SubmitError::Refused(refusal.clone()))
    );
    if let Some(player) = engine.position().to_act().first()
        && let Some(action) = engine.position().nth_completion(player, 0)
    {
        assert_eq!(engine.position().admit(seat, &action), Err(refusal.clone()));
        let refused = engine.submit(seat, action.clone()).map(|_| ());
        assert_eq!(
            refused.map_err(|refused| refused.error),
            Err(refusal.clone())
        );
    }
    let undo_refusal = UndoError::NoSuchSeat {
        player: seat,
        players,
    };
    assert_eq!(engine.undo(seat).map(|_| ()), Err(undo_refusal.clone()));
    assert_eq!(engine.take_back(seat).map(|_| ()), Err(undo_refusal));
    let seats = match players {
        1 => "player 0 only".to_owned(),
        _ => format!("players 0 to {}", players - 1),
    };
    assert_eq!(
        refusal.to_string(),
        format!(
            "there is no player {} at this table of {players} ({seats})",
            seat.0
        )
    );

    // The queries that cannot fail: nothing offered, as to a player not to act.
    assert!(engine.position().prompt(seat).actions.is_empty());
    assert!(engine.position().completions(seat).is_empty());
    assert_eq!(engine.position().count_completions(seat), 0);
    assert!(engine.position().nth_completion(seat, 0).is_none());

    assert_eq!(
        serde_json::to_string(engine.position().state()).expect("the state serializes"),
        state
    );
    assert_eq!(engine.records().len(), records);
    // The observer's view is still what it was: nothing was asked of the game for the seat.
    let _ = engine.position().view(Viewer::Observer);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn hearts_refuses_seats_outside_the_table(seed in any::<u64>(), steps in 0usize..60, seat in outside(4)) {
        refuses_outside::<Hearts>(HeartsConfig::default(), 4, seed, steps, seat);
    }

    #[test]
    fn memory_refuses_seats_outside_the_table(seed in any::<u64>(), steps in 0usize..30, players in 2usize..=6, offset in 0usize..70) {
        refuses_outside::<Memory>(MemoryConfig::default(), players, seed, steps, PlayerIndex(players + offset));
    }

    #[test]
    fn blackjack_refuses_seats_outside_the_table(seed in any::<u64>(), steps in 0usize..30, players in 1usize..=7, far in any::<bool>()) {
        let seat = if far { PlayerIndex(usize::MAX) } else { PlayerIndex(players) };
        refuses_outside::<Blackjack>(BlackjackConfig::default(), players, seed, steps, seat);
    }

    #[test]
    fn connect_four_refuses_seats_outside_the_table(seed in any::<u64>(), steps in 0usize..42, seat in outside(2)) {
        refuses_outside::<ConnectFour>((), 2, seed, steps, seat);
    }

    #[test]
    fn liars_dice_refuses_seats_outside_the_table(seed in any::<u64>(), steps in 0usize..12, seat in outside(3)) {
        refuses_outside::<LiarsDice>(LiarsDiceConfig::default(), 3, seed, steps, seat);
    }

    #[test]
    fn leduc_poker_refuses_seats_outside_the_table(seed in any::<u64>(), steps in 0usize..12, seat in outside(3)) {
        refuses_outside::<LeducPoker>(LeducConfig::default(), 3, seed, steps, seat);
    }

    #[test]
    fn backgammon_refuses_seats_outside_the_table(seed in any::<u64>(), steps in 0usize..40, seat in outside(2)) {
        refuses_outside::<Backgammon>(BackgammonConfig::default(), 2, seed, steps, seat);
    }

    #[test]
    fn othello_refuses_seats_outside_the_table(seed in any::<u64>(), steps in 0usize..60, seat in outside(2)) {
        refuses_outside::<Othello>((), 2, seed, steps, seat);
    }

    #[test]
    fn breakthrough_refuses_seats_outside_the_table(seed in any::<u64>(), steps in 0usize..80, seat in outside(2)) {
        refuses_outside::<Breakthrough>((), 2, seed, steps, seat);
    }

    #[test]
    fn smash_refuses_seats_outside_the_table(seed in any::<u64>(), steps in 0usize..60, players in 2usize..=4, seat in outside(4)) {
        refuses_outside::<Smash>(SmashConfig::default(), players, seed, steps, seat);
    }

    #[test]
    fn tictactoe_refuses_seats_outside_the_table(seed in any::<u64>(), steps in 0usize..9, seat in outside(2)) {
        refuses_outside::<TicTacToe>(TicTacToeConfig::default(), 2, seed, steps, seat);
    }
}
