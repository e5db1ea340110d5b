//! Undo as a record: a game that took actions back writes every record it made, the
//! cancelled ones too, and each undo as a record naming what it cancelled; the log is only
//! ever appended to, and replays to the same game, byte for byte.

#![allow(clippy::unwrap_used)]

use meeple::{Engine, GameLog, PlayerIndex, RecordKind, Submission};
use meeple_games::hearts::{Hearts, HeartsConfig};
use meeple_games::tictactoe::TicTacToe;

const X: PlayerIndex = PlayerIndex(0);
const O: PlayerIndex = PlayerIndex(1);

fn place(engine: &mut Engine<TicTacToe>, player: PlayerIndex, space: u32) {
    engine
        .submit_submission(player, &Submission::new("place").with("space", space))
        .unwrap();
}

/// The log replays to the same game, writes the same log again, and survives JSON.
fn replays_whole<G: meeple::Game + PartialEq>(engine: &Engine<G>) -> GameLog<G> {
    let log = engine.sealed_log();
    let replayed = Engine::<G>::replay_sealed(&log).unwrap();
    assert_eq!(replayed.digest(), engine.digest());
    assert_eq!(replayed.log(), engine.log());
    let json = serde_json::to_string(&log).unwrap();
    let read: GameLog<G> = serde_json::from_str(&json).unwrap();
    assert_eq!(
        Engine::<G>::replay_json(&json).unwrap().digest(),
        engine.digest()
    );
    assert_eq!(read, log);
    log
}

#[test]
fn undone_records_stay_in_the_log_with_the_undo_after_them() {
    let mut engine = Engine::<TicTacToe>::new(Default::default(), 2, 7).unwrap();
    let before = engine.log().records.len();
    place(&mut engine, X, 4);
    let standing = engine.records().len();
    engine.undo(X).unwrap();
    place(&mut engine, X, 0);
    place(&mut engine, O, 4);
    engine.undo(O).unwrap();
    place(&mut engine, O, 8);

    let log = replays_whole(&engine);
    let undos: Vec<_> = log
        .records
        .iter()
        .filter(|record| record.kind == RecordKind::Undo)
        .collect();
    assert_eq!(undos.len(), 2);
    assert_eq!(undos[0].action, "undo");
    assert_eq!(undos[0].player, Some(X));
    assert_eq!(undos[0].cancels, (before..standing).collect::<Vec<_>>());
    assert_eq!(undos[1].player, Some(O));
    // Every record made is there: the standing ones, the cancelled ones and the undos.
    let cancelled: usize = undos.iter().map(|undo| undo.cancels.len()).sum();
    assert_eq!(
        log.records.len(),
        engine.records().len() + cancelled + undos.len()
    );
    // The log of a game that undid nothing is as it always was.
    let mut plain = Engine::<TicTacToe>::new(Default::default(), 2, 7).unwrap();
    place(&mut plain, X, 0);
    assert!(
        plain
            .log()
            .records
            .iter()
            .all(|record| record.kind != RecordKind::Undo)
    );
}

#[test]
fn a_take_back_that_keeps_the_others_actions_names_only_its_own() {
    // Every seat passes at once; the first takes its pass back, the others' stay.
    let mut engine = Engine::<Hearts>::new(HeartsConfig::default(), 4, 3).unwrap();
    let mut passed = Vec::new();
    for seat in 0..3 {
        let player = PlayerIndex(seat);
        let action = engine
            .position()
            .completions(player)
            .into_iter()
            .next()
            .unwrap();
        engine.submit(player, action).unwrap();
        passed.push(engine.records().len() - 1);
    }
    let first = engine
        .records()
        .iter()
        .position(|record| {
            record.player == Some(PlayerIndex(0)) && record.kind == RecordKind::Submitted
        })
        .unwrap();
    let taken = engine.take_back(PlayerIndex(0)).unwrap();
    assert_eq!(taken.len(), 1);
    let log = replays_whole(&engine);
    let undo = log.records.last().unwrap();
    assert_eq!(undo.kind, RecordKind::Undo);
    assert_eq!(undo.action, "take_back");
    assert_eq!(undo.cancels, vec![first]);
    // The game goes on, and its log still replays.
    let action = engine
        .position()
        .completions(PlayerIndex(0))
        .into_iter()
        .last()
        .unwrap();
    engine.submit(PlayerIndex(0), action).unwrap();
    replays_whole(&engine);
}

/// An undo of the last submission, which puts back the last checkpoint and plays the
/// records since it again, leaves the clock where a replay of the log leaves it: the clock
/// of the last record standing, not the time that passed before the undone submission. A
/// submission made after it at any later time replays.
#[test]
fn an_undo_leaves_the_clock_where_its_log_replays_to() {
    use std::time::Duration;
    let mut engine = Engine::<TicTacToe>::new(Default::default(), 2, 0).unwrap();
    engine.advance_clock(Duration::from_secs(1)).unwrap();
    place(&mut engine, X, 4);
    engine.advance_clock(Duration::from_secs(5)).unwrap();
    place(&mut engine, O, 0);
    engine.undo(O).unwrap();
    let replayed = Engine::<TicTacToe>::replay(&engine.log()).unwrap();
    assert_eq!(engine.clock(), replayed.clock());
    assert_eq!(engine.clock(), Duration::from_secs(1));
    engine.advance_clock(Duration::from_secs(3)).unwrap();
    place(&mut engine, O, 8);
    replays_whole(&engine);
}

#[test]
fn an_engine_shrunk_to_fit_plays_and_writes_the_same_game() {
    let mut kept = Engine::<TicTacToe>::new(Default::default(), 2, 7).unwrap();
    let mut shrunk = Engine::<TicTacToe>::new(Default::default(), 2, 7).unwrap();
    shrunk.shrink_to_fit();
    for (player, space) in [(X, 4), (O, 0), (X, 8)] {
        place(&mut kept, player, space);
        place(&mut shrunk, player, space);
        // Shrunk between moves, as a server does, and with a journal after an undo.
        shrunk.shrink_to_fit();
    }
    kept.undo(X).unwrap();
    shrunk.undo(X).unwrap();
    shrunk.shrink_to_fit();
    place(&mut kept, X, 2);
    place(&mut shrunk, X, 2);
    assert_eq!(shrunk.digest(), kept.digest());
    assert_eq!(shrunk.log(), kept.log());
    replays_whole(&shrunk);
}
