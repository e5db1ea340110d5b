//! Whole games of Blackjack from fixed seeds, played by a seeded random agent (uniform
//! among the completions of the player to act, `ChaCha8Rng` seeded like the engine), with
//! their exact final scores (in half-chips). `checked_rounds` re-deals every round from the
//! records and settles it again by the rules. Then undo. Their replay from the log is
//! checked by the conformance suite (`conformance.rs`).

use meeple::{
    Engine, Finish, NamedSeat, PieceMove, PlayerIndex, Record, RecordKind, Refusal, Slot,
    UndoError, Viewer,
};
use meeple_games::blackjack::{
    Blackjack, BlackjackAction, BlackjackConfig, BlackjackMove, BlackjackPlace, HandResult,
    HandValue, Hit, Stand, dealer_draws, settle,
};
use meeple_games::french::Card;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Plays a game of `players` under `config` with the random agent (the engine and the agent
/// seeded with `seed`) until it is over, or until a record satisfies `stop`.
/// The last action a player submitted (the flow's records may follow it).
fn last_action(engine: &Engine<Blackjack>) -> Record<Blackjack> {
    engine
        .records()
        .iter()
        .rfind(|record| record.kind == RecordKind::Submitted)
        .expect("an action")
        .clone()
}

fn play_until(
    config: BlackjackConfig,
    players: usize,
    seed: u64,
    stop: impl Fn(&Record<Blackjack>) -> bool,
) -> Engine<Blackjack> {
    let mut engine = Engine::<Blackjack>::new(config, players, seed).expect("a valid setup");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut submissions = 0;
    while let Some(player) = engine.position().to_act().first() {
        let mut completions = engine.position().completions(player);
        assert_eq!(completions.len(), 2, "hit or stand");
        let index = rng.random_range(0..completions.len());
        let record = engine
            .submit(player, completions.swap_remove(index))
            .expect("an offered completion is accepted");
        if stop(record) {
            break;
        }
        submissions += 1;
        assert!(submissions < 100_000, "the game does not end");
    }
    engine
}

/// Plays a whole game with the random agent.
fn play_random(config: BlackjackConfig, players: usize, seed: u64) -> Engine<Blackjack> {
    play_until(config, players, seed, |_| false)
}

fn known(seen: Option<&Slot<Card>>) -> Card {
    *seen
        .and_then(Slot::component)
        .expect("an observer sees every card dealt face up")
}

/// Follows every move of a finished game as an observer sees it, checking the rules on the
/// way, and returns each round's results. Checks that each round deals two cards to every
/// hand before any decision; that the dealer draws exactly while the rule says so; that
/// every settlement is that of the cards dealt; that the discard goes back into the shoe
/// only when the shoe is empty; that the scores are the sums of the payouts and the
/// winners the highest scores.
fn checked_rounds(engine: &Engine<Blackjack>) -> Vec<Vec<HandResult>> {
    let config = engine.position().state().config().clone();
    let players = engine.position().state().seats().count();
    let mut rounds = Vec::new();
    let mut hands: Vec<Vec<Card>> = vec![Vec::new(); players];
    let mut dealer: Vec<Card> = Vec::new();
    let mut hole = false;
    let mut shoe = config.decks as usize * 52;
    let mut scores = vec![0i64; players];
    let mut ended = false;
    let records = engine.viewed_records(Viewer::Observer);
    for applied in records.iter().flat_map(|record| &record.moves) {
        assert!(!ended, "a move after the end: {applied:?}");
        match applied {
            BlackjackMove::StartRound { round } => {
                assert_eq!(*round as usize, rounds.len());
                hands.iter_mut().for_each(Vec::clear);
                dealer.clear();
            }
            BlackjackMove::Piece(PieceMove::Move {
                from: BlackjackPlace::Shoe,
                to,
                seen,
                ..
            }) => {
                shoe -= 1;
                match to {
                    BlackjackPlace::Hands(player) => hands[player.0].push(known(seen.as_ref())),
                    BlackjackPlace::Dealer => {
                        if dealer.len() >= 2 {
                            let value = HandValue::of(dealer.iter().copied());
                            assert!(dealer_draws(value, config.dealer_hits_soft_17));
                        }
                        dealer.push(known(seen.as_ref()));
                    }
                    BlackjackPlace::Hole => {
                        assert_eq!(dealer.len(), 1, "the hole card is the dealer's second");
                        assert!(hands.iter().all(|hand| hand.len() == 2));
                        assert!(seen.as_ref().is_some_and(Slot::is_hidden), "face down");
                        hole = true;
                    }
                    other => panic!("a card dealt to {other:?}"),
                }
            }
            BlackjackMove::Piece(PieceMove::Move {
                from: BlackjackPlace::Hole,
                to: BlackjackPlace::Dealer,
                seen,
                ..
            }) => {
                assert!(hole, "the hole card is turned up once");
                hole = false;
                dealer.push(known(seen.as_ref()));
            }
            BlackjackMove::Hit { player } => {
                assert!(dealer.len() == 1 && hole, "the deal is complete");
                assert!(HandValue::of(hands[player.0].iter().copied()).total < 21);
            }
            BlackjackMove::GatherDiscard { .. } => {
                assert_eq!(shoe, 0, "the discard goes back only into an empty shoe");
            }
            BlackjackMove::Piece(PieceMove::Move {
                from: BlackjackPlace::Discard,
                to,
                ..
            }) => {
                assert_eq!(*to, BlackjackPlace::Shoe);
                shoe += 1;
            }
            BlackjackMove::Settle {
                dealer: value,
                results,
            } => {
                let final_value = HandValue::of(dealer.iter().copied());
                assert_eq!(*value, final_value);
                assert!(!dealer_draws(final_value, config.dealer_hits_soft_17));
                let expected: Vec<HandResult> = hands
                    .iter()
                    .map(|hand| settle(HandValue::of(hand.iter().copied()), final_value))
                    .collect();
                assert_eq!(results.iter().copied().collect::<Vec<_>>(), expected);
                for (score, result) in scores.iter_mut().zip(&expected) {
                    *score += result.payout();
                }
                rounds.push(expected);
            }
            BlackjackMove::EndGame => ended = true,
            _ => {}
        }
    }
    assert!(ended, "the game is over");
    assert_eq!(rounds.len(), config.rounds as usize);
    assert_eq!(engine.position().state().shoe().len(), shoe);
    let outcome = engine.position().outcome().expect("over");
    assert_eq!(outcome.scores(), scores);
    let best = scores.iter().max().copied();
    let winners: Vec<PlayerIndex> = (0..players)
        .filter(|&seat| Some(scores[seat]) == best)
        .map(PlayerIndex)
        .collect();
    assert_eq!(outcome.winners(), winners.into_iter().collect());
    rounds
}

/// Plays `seed` and returns the final scores (half-chips) and the winners' seats.
fn play(config: BlackjackConfig, players: usize, seed: u64) -> (Vec<i64>, Vec<usize>) {
    let engine = play_random(config, players, seed);
    checked_rounds(&engine);
    let outcome = engine.position().outcome().expect("over");
    let winners = outcome.winners().iter().map(|seat| seat.0).collect();
    (outcome.scores().to_vec(), winners)
}

#[test]
fn default_games_from_fixed_seeds() {
    let standard = BlackjackConfig::default;
    assert_eq!(play(standard(), 3, 0), (vec![-2, -2, 10], vec![2]));
    assert_eq!(play(standard(), 3, 1), (vec![2, 1, -2], vec![0]));
    assert_eq!(play(standard(), 3, 2), (vec![2, -6, -2], vec![0]));
    assert_eq!(play(standard(), 3, 3), (vec![-6, -2, -1], vec![2]));
    assert_eq!(play(standard(), 3, 5), (vec![-5, 8, -4], vec![1]));
}

#[test]
fn tied_players_share_the_win() {
    let standard = BlackjackConfig::default;
    assert_eq!(play(standard(), 3, 4), (vec![-6, -10, -6], vec![0, 2]));
    assert_eq!(play(standard(), 3, 6), (vec![-6, -3, -3], vec![1, 2]));
}

#[test]
fn one_deck_for_seven_players_reshuffles_the_discard() {
    let config = BlackjackConfig {
        decks: 1,
        rounds: 20,
        ..BlackjackConfig::default()
    };
    let engine = play_random(config, 7, 0);
    checked_rounds(&engine);
    let gathers = engine
        .records()
        .iter()
        .flat_map(|record| &record.moves)
        .filter(|applied| matches!(applied, BlackjackMove::GatherDiscard { .. }))
        .count();
    assert_eq!(gathers, 9);
    let count = |wanted: fn(&BlackjackMove) -> bool| {
        engine
            .records()
            .iter()
            .flat_map(|record| &record.moves)
            .filter(|applied| wanted(applied))
            .count()
    };
    // The dealer peeked 8 times and found 2 blackjacks; 6 rounds paid a player's blackjack.
    assert_eq!(
        count(|applied| matches!(applied, BlackjackMove::Peek { .. })),
        8
    );
    assert_eq!(
        count(|applied| matches!(applied, BlackjackMove::Peek { blackjack: true })),
        2
    );
    assert_eq!(
        count(|applied| matches!(
            applied,
            BlackjackMove::Settle { results, .. } if results.iter().any(|result| *result == HandResult::Blackjack)
        )),
        6
    );
    assert_eq!(
        engine.position().state().shuffles(),
        10,
        "the first shuffle and 9 more"
    );
    let outcome = engine.position().outcome().expect("over");
    assert_eq!(outcome.scores(), [-7, -7, -7, -11, -7, -13, -3]);
    assert_eq!(outcome.finish(), Finish::Win(PlayerIndex(6)));
}

#[test]
fn variant_games_from_fixed_seeds() {
    // The dealer hits soft 17 and does not peek; two decks, ten rounds, a lone player.
    let variant = BlackjackConfig {
        decks: 2,
        rounds: 10,
        dealer_hits_soft_17: true,
        dealer_peeks: false,
    };
    assert_eq!(play(variant.clone(), 1, 0), (vec![5], vec![0]));
    assert_eq!(play(variant.clone(), 1, 1), (vec![-2], vec![0]));
    assert_eq!(play(variant, 5, 2), (vec![-20, 1, -11, -7, -12], vec![1]));
}

#[test]
fn a_hit_cannot_be_undone() {
    // A hit shows the card drawn from the shoe.
    let mut engine = play_until(BlackjackConfig::default(), 2, 0, |record| {
        record.name() == "hit"
    });
    let record = last_action(&engine);
    let player = record.player.expect("a player's action");
    assert!(!record.drew_chance);
    let before = serde_json::to_string(engine.position().state()).expect("serializable");
    assert_eq!(
        engine.undo(player),
        Err(UndoError::RevealedInformation {
            action: "Hit: take another card".to_owned(),
            viewer: "Player 1".to_owned(),
        })
    );
    assert_eq!(
        engine
            .undo(player)
            .map(|_| ())
            .expect_err("still refused")
            .to_string(),
        "`Hit: take another card` showed Player 1 what was hidden from them, so it cannot be undone"
    );
    assert_eq!(
        serde_json::to_string(engine.position().state()).expect("serializable"),
        before
    );

    // A hit into an empty shoe has the discard shuffled back into it: it drew chance.
    let one_deck = BlackjackConfig {
        decks: 1,
        rounds: 20,
        ..BlackjackConfig::default()
    };
    let mut engine = play_until(one_deck, 7, 0, |record| {
        record.name() == "hit" && record.drew_chance
    });
    let record = last_action(&engine);
    assert!(
        record
            .moves
            .iter()
            .any(|applied| matches!(applied, BlackjackMove::GatherDiscard { .. }))
    );
    let player = record.player.expect("a player's action");
    assert_eq!(
        engine.undo(player),
        Err(UndoError::DrewChance {
            action: "Hit: take another card".to_owned()
        })
    );
}

#[test]
fn a_stand_that_reveals_nothing_can_be_undone() {
    let mut engine = Engine::<Blackjack>::new(BlackjackConfig::default(), 2, 0).expect("setup");
    let first = PlayerIndex(0);
    assert_eq!(engine.position().turn(), Some(first));
    let before = serde_json::to_string(engine.position().state()).expect("serializable");
    let record = engine
        .submit(first, BlackjackAction::Stand(Stand))
        .expect("a stand")
        .clone();
    assert_eq!(record.moves[..], [BlackjackMove::Stand { player: first }]);
    assert_eq!(engine.position().turn(), Some(PlayerIndex(1)));
    engine.undo(first).expect("nothing was revealed");
    assert_eq!(
        serde_json::to_string(engine.position().state()).expect("serializable"),
        before
    );
    // The last stand has the dealer play: the hole card is turned up.
    engine
        .submit(first, BlackjackAction::Stand(Stand))
        .expect("a stand");
    let second = PlayerIndex(1);
    engine
        .submit(second, BlackjackAction::Stand(Stand))
        .expect("a stand");
    assert_eq!(
        engine.undo(second),
        Err(UndoError::RevealedInformation {
            action: "Stand: keep your hand".to_owned(),
            viewer: "Player 1".to_owned(),
        })
    );
    // Out of turn, an action is refused and changes nothing.
    // The next round began with the first player: the second may not act.
    assert_eq!(
        engine
            .submit(second, BlackjackAction::Hit(Hit))
            .map(|_| ())
            .map_err(Refusal::from)
            .expect_err("not their turn"),
        Refusal::NotYourTurn {
            player: NamedSeat::new(second, "Player 2"),
            to_act: vec![NamedSeat::new(first, "Player 1")]
        }
    );
}
