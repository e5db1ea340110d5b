//! Whole games of Memory from fixed seeds, played by a seeded random agent (uniform among
//! the completions of the player to act, `ChaCha8Rng` seeded like the engine), with their
//! exact final scores; and what undo allows. Their replay from the log is checked by the
//! conformance suite (`conformance.rs`).

use meeple::{Engine, NamedSeat, PlayerIndex, RecordKind, Refusal, Refused, Space, UndoError};
use meeple_games::memory::{Hide, Memory, MemoryAction, MemoryConfig, MemoryMove, Reveal};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

const P0: PlayerIndex = PlayerIndex(0);
const P1: PlayerIndex = PlayerIndex(1);

/// Plays a whole game with the random agent; the engine and the agent are seeded with
/// `seed`.
fn play_random(config: MemoryConfig, players: usize, seed: u64) -> Engine<Memory> {
    let mut engine = Engine::<Memory>::new(config, players, seed).expect("a valid setup");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut submissions = 0;
    while let Some(player) = engine.position().to_act().first() {
        let mut completions = engine.position().completions(player);
        assert!(
            !completions.is_empty(),
            "{player} is to act but has nothing"
        );
        let action = completions.swap_remove(rng.random_range(0..completions.len()));
        engine
            .submit(player, action)
            .expect("an offered completion is accepted");
        submissions += 1;
        assert!(submissions < 10_000, "the game does not end");
    }
    engine
}

/// Checks a finished game against its records and returns the scores and the winners.
///
/// Every capture follows the reveal of its second card and takes two cards of one face;
/// each face is taken once; the scores are the captures of each seat; the game ends with
/// the last capture; the winners are the seats with the most pairs.
fn checked(engine: &Engine<Memory>) -> (Vec<i64>, Vec<usize>) {
    let state = engine.position().state();
    let players = state.seats().count();
    let mut pairs = vec![0i64; players];
    let mut faces = Vec::new();
    let moves: Vec<&MemoryMove> = engine
        .records()
        .iter()
        .flat_map(|record| &record.moves)
        .collect();
    for (step, applied) in moves.iter().enumerate() {
        match applied {
            MemoryMove::Capture {
                player,
                spaces,
                face,
            } => {
                assert!(
                    matches!(
                        moves[step - 1],
                        MemoryMove::Turned { space, face: turned, .. }
                            if *space == spaces[1] && turned == face
                    ),
                    "a capture follows the reveal of its second card"
                );
                assert!(!faces.contains(face), "{face} taken twice");
                faces.push(face.clone());
                pairs[player.0] += 1;
            }
            MemoryMove::EndGame => {
                assert_eq!(step + 1, moves.len(), "the game ends with its last move");
                // The capture, then its two cards taken into the pile.
                assert!(matches!(moves[step - 3], MemoryMove::Capture { .. }));
            }
            _ => {}
        }
    }
    assert_eq!(faces.len(), state.config().pairs());
    assert_eq!(state.pairs_left(), 0);
    let outcome = engine.position().outcome().expect("the game is over");
    assert_eq!(outcome.scores(), pairs);
    let best = pairs.iter().max().copied();
    let winners: Vec<usize> = (0..players)
        .filter(|&seat| Some(pairs[seat]) == best)
        .collect();
    assert_eq!(
        outcome.winners(),
        winners.iter().copied().map(PlayerIndex).collect()
    );
    (outcome.scores().to_vec(), winners)
}

/// Plays `seed`; returns the scores, the winners and the number of misses.
fn play(config: MemoryConfig, players: usize, seed: u64) -> (Vec<i64>, Vec<usize>, usize) {
    let engine = play_random(config, players, seed);
    let (scores, winners) = checked(&engine);
    let misses = engine
        .records()
        .iter()
        .flat_map(|record| &record.moves)
        .filter(|applied| matches!(applied, MemoryMove::Miss { .. }))
        .count();
    (scores, winners, misses)
}

#[test]
fn two_player_games_from_fixed_seeds() {
    let table = MemoryConfig::default;
    assert_eq!(play(table(), 2, 0), (vec![1, 7], vec![1], 37));
    assert_eq!(play(table(), 2, 5), (vec![2, 6], vec![1], 93));
    assert_eq!(play(table(), 2, 6), (vec![5, 3], vec![0], 108));
    assert_eq!(play(table(), 2, 9), (vec![6, 2], vec![0], 80));
    // Ties share the win.
    assert_eq!(play(table(), 2, 1), (vec![4, 4], vec![0, 1], 45));
}

#[test]
fn games_of_more_players_and_other_tables() {
    let three = || MemoryConfig::grid(3, 4);
    assert_eq!(play(three(), 3, 0), (vec![2, 1, 3], vec![2], 29));
    assert_eq!(play(three(), 3, 1), (vec![3, 0, 3], vec![0, 2], 15));
    // A three-way tie.
    assert_eq!(play(three(), 3, 2), (vec![2, 2, 2], vec![0, 1, 2], 29));
    let six = || MemoryConfig::grid(4, 5);
    assert_eq!(play(six(), 6, 0), (vec![6, 1, 2, 1, 0, 0], vec![0], 90));
    assert_eq!(play(six(), 6, 1), (vec![0, 1, 2, 1, 4, 2], vec![4], 94));
    // One pair: the first card is a choice, the second is forced and ends the game: seat 0
    // always wins it.
    let engine = play_random(MemoryConfig::grid(1, 2), 2, 3);
    assert_eq!(checked(&engine), (vec![1, 0], vec![0]));
    let kinds: Vec<RecordKind> = engine.records().iter().map(|record| record.kind).collect();
    // The flow records the first turn's start; the game ends inside it.
    assert_eq!(
        kinds,
        [
            RecordKind::Setup,
            RecordKind::Flow,
            RecordKind::Submitted,
            RecordKind::Forced
        ]
    );
}

/// The engine of seed 11 on the default table, with the admin's knowledge of where the
/// cards lie: two spaces of different faces, face down.
fn miss_spaces(engine: &Engine<Memory>) -> [Space; 2] {
    let board = engine.position().state().face_down();
    let first = board.taken().next().expect("a card");
    let other = board
        .taken()
        .find(|&space| board.component(space) != board.component(first))
        .expect("another face");
    [first, other]
}

fn reveal(space: Space) -> MemoryAction {
    MemoryAction::Reveal(Reveal { space })
}

#[test]
fn turning_a_card_over_cannot_be_undone_but_hiding_can() {
    let mut engine = Engine::<Memory>::new(MemoryConfig::default(), 2, 11).expect("setup");
    assert_eq!(
        engine.undo(P0),
        Err(UndoError::NothingToUndo {
            player: NamedSeat::new(P0, "Player 1")
        })
    );
    let [a, b] = miss_spaces(&engine);
    let before = engine.position().state().clone();
    engine.submit(P0, reveal(a)).expect("offered");
    let revealed = engine.position().state().clone();
    let refused = engine.undo(P0);
    assert_eq!(
        refused,
        Err(UndoError::RevealedInformation {
            action: "Turn over a card".to_owned(),
            viewer: "Player 1".to_owned(),
        })
    );
    assert_eq!(
        refused.err().map(|error| error.to_string()).as_deref(),
        Some(
            "`Turn over a card` showed Player 1 what was hidden from them, so it cannot be undone"
        )
    );
    assert_eq!(
        engine.position().state(),
        &revealed,
        "a refused undo changes nothing"
    );
    assert_ne!(engine.position().state(), &before);

    engine.submit(P0, reveal(b)).expect("offered");
    assert_eq!(engine.position().state().waiting(), Some([a, b]));
    engine
        .submit(P1, MemoryAction::Hide(Hide))
        .expect("the hide is offered");
    assert_eq!(engine.position().state().waiting(), None);
    let undone = engine
        .undo(P1)
        .expect("hiding shows nothing: it can be undone");
    assert_eq!(undone.name(), "hide");
    assert_eq!(engine.position().state().waiting(), Some([a, b]));
    assert!(
        engine.position().state().face_at(a).is_some()
            && engine.position().state().face_at(b).is_some()
    );
}

#[test]
fn what_is_not_offered_is_refused() {
    let mut engine = Engine::<Memory>::new(MemoryConfig::default(), 2, 11).expect("setup");
    let [a, b] = miss_spaces(&engine);
    // Nothing to hide yet.
    assert!(matches!(
        engine.submit(P0, MemoryAction::Hide(Hide)),
        Err(Refused {
            action: MemoryAction::Hide(Hide),
            error: Refusal::ActionNotAvailable { action: "hide", .. }
        })
    ));
    assert!(matches!(
        engine.submit(P1, reveal(a)).map_err(Refusal::from),
        Err(Refusal::NotYourTurn { .. })
    ));
    engine.submit(P0, reveal(a)).expect("offered");
    // The card is face up already.
    // The refusal hands the action back.
    let refused = engine.submit(P0, reveal(a)).map(|_| ());
    assert!(
        matches!(
            &refused,
            Err(Refused {
                action,
                error: Refusal::NotOffered {
                    action: "reveal",
                    selection: "space",
                    ..
                }
            }) if *action == reveal(a)
        ),
        "{refused:?}"
    );
    let off_table = engine.submit(P0, reveal(Space(16))).map_err(Refusal::from);
    assert!(matches!(off_table, Err(Refusal::NotOffered { .. })));
    engine.submit(P0, reveal(b)).expect("offered");
    assert!(matches!(
        engine.submit(P0, reveal(a)).map_err(Refusal::from),
        Err(Refusal::NotYourTurn { .. })
    ));
    let records = engine.records().len();
    engine
        .submit_json(P1, r#"{"action":"reveal","selections":{"space":3}}"#)
        .expect("JSON submissions name the space by index");
    assert_eq!(engine.records().len(), records + 1);
}
