//! Snapshots of Memory at its characteristic moments, read before they were accepted: the
//! first prompt, after one card is turned over, after a miss and after a match; each with
//! the prompt of the player to act, a player's view and the table as text. No face-down
//! card is named in any of them.

use meeple::{
    Engine, Game, PlayerIndex, PlayerSet, RecordKind, SelectionKind, Slot, Space, Viewer,
};
use meeple_games::memory::{Memory, MemoryAction, MemoryConfig, Reveal};

mod memory_tables;

use memory_tables::{a_pair, two_different};

const P0: PlayerIndex = PlayerIndex(0);
const P1: PlayerIndex = PlayerIndex(1);

/// A game of two on the default 4 x 4 table, seed 11.
fn engine() -> Engine<Memory> {
    Engine::<Memory>::new(MemoryConfig::default(), 2, 11).expect("a valid setup")
}

fn reveal(engine: &mut Engine<Memory>, player: PlayerIndex, space: Space) {
    engine
        .submit(player, MemoryAction::Reveal(Reveal { space }))
        .expect("offered");
}

/// Checks that no player's view nor the observer's shows a face-down card.
fn hides_the_face_down_cards(engine: &Engine<Memory>) {
    for viewer in [Viewer::Player(P0), Viewer::Player(P1), Viewer::Observer] {
        let view = engine.position().view(viewer);
        let board = view.face_down();
        assert_eq!(
            board.taken().count(),
            engine.position().state().face_down().taken().count()
        );
        for space in board.taken() {
            assert_eq!(board.get(space), Some(&Slot::Hidden(None)), "{viewer:?}");
        }
        assert_eq!(view.face_up(), engine.position().state().face_up());
    }
}

#[test]
fn the_first_prompt() {
    let engine = engine();
    assert_eq!(engine.position().to_act(), PlayerSet::one(P0));
    let prompt = engine.position().prompt(P0);
    assert_eq!(prompt.actions.len(), 1, "nothing to hide yet");
    let selection = prompt.actions[0].selection.as_ref().expect("a selection");
    assert_eq!(
        selection.kind,
        SelectionKind::ChooseOnBoard { min: 1, max: 1 }
    );
    assert_eq!(selection.options.len(), 16);
    assert_eq!(selection.options[5].label, "1,1");
    assert_eq!(
        engine.position().prompt(P1).actions.len(),
        0,
        "not P1's turn"
    );
    hides_the_face_down_cards(&engine);
    insta::assert_json_snapshot!("first_prompt", prompt);
    insta::assert_json_snapshot!("first_view", engine.position().view(Viewer::Player(P0)));
    insta::assert_snapshot!("first_summary", engine.position().state().summary(P0));
}

#[test]
fn after_one_card_is_turned_over() {
    let mut engine = engine();
    let [a, _] = two_different(&engine);
    reveal(&mut engine, P0, a);
    assert_eq!(engine.position().state().revealed(), Some(a));
    let prompt = engine.position().prompt(P0);
    let selection = prompt.actions[0].selection.as_ref().expect("a selection");
    assert_eq!(
        selection.options.len(),
        15,
        "the face-up card is not offered"
    );
    hides_the_face_down_cards(&engine);
    insta::assert_json_snapshot!("one_reveal_prompt", prompt);
    insta::assert_json_snapshot!(
        "one_reveal_view",
        engine.position().view(Viewer::Player(P1))
    );
    insta::assert_snapshot!("one_reveal_summary", engine.position().state().summary(P1));
}

#[test]
fn after_a_miss() {
    let mut engine = engine();
    let [a, b] = two_different(&engine);
    reveal(&mut engine, P0, a);
    reveal(&mut engine, P0, b);
    assert_eq!(engine.position().to_act(), PlayerSet::one(P1));
    assert_eq!(engine.position().state().waiting(), Some([a, b]));
    let prompt = engine.position().prompt(P1);
    let names: Vec<&str> = prompt
        .actions
        .iter()
        .map(|action| action.action.as_str())
        .collect();
    assert_eq!(names, ["reveal", "hide"]);
    let selection = prompt.actions[0].selection.as_ref().expect("a selection");
    assert_eq!(
        selection.options.len(),
        16,
        "the two face-up cards may be turned over again"
    );
    assert!(
        prompt.actions[1].selection.is_none(),
        "hiding is selection-free"
    );
    hides_the_face_down_cards(&engine);
    insta::assert_json_snapshot!("miss_prompt", prompt);
    insta::assert_json_snapshot!("miss_view", engine.position().view(Viewer::Player(P1)));
    insta::assert_snapshot!("miss_summary", engine.position().state().summary(P1));
    // Each viewer sees the moves of the miss the same: turning cards over is public.
    let seen = engine.viewed_records(Viewer::Player(P1));
    // The miss, before the flow's records of the turn passing.
    let last = seen
        .iter()
        .rfind(|record| record.kind == RecordKind::Submitted)
        .expect("the miss");
    let described: Vec<String> = last
        .moves
        .iter()
        .filter_map(|applied| {
            engine
                .position()
                .state()
                .describe_move(applied, Viewer::Player(P1))
        })
        .collect();
    insta::assert_debug_snapshot!("miss_described", described);
}

#[test]
fn after_a_match() {
    let mut engine = engine();
    let [a, b] = two_different(&engine);
    reveal(&mut engine, P0, a);
    reveal(&mut engine, P0, b);
    // P1 turns over a pair: the cards of the miss go face down first.
    let [c, d] = a_pair(&engine);
    reveal(&mut engine, P1, c);
    reveal(&mut engine, P1, d);
    assert_eq!(engine.position().state().pairs(P1), 1);
    assert_eq!(engine.position().state().waiting(), None);
    assert_eq!(
        engine.position().to_act(),
        PlayerSet::one(P1),
        "P1 plays again"
    );
    let prompt = engine.position().prompt(P1);
    assert_eq!(prompt.actions.len(), 1);
    hides_the_face_down_cards(&engine);
    insta::assert_json_snapshot!("match_prompt", prompt);
    insta::assert_json_snapshot!("match_view", engine.position().view(Viewer::Player(P0)));
    insta::assert_snapshot!("match_summary", engine.position().state().summary(P0));
    let messages: Vec<String> = engine
        .log()
        .records
        .iter()
        .flat_map(|record| &record.messages)
        .map(|message| message.text.clone())
        .collect();
    insta::assert_debug_snapshot!("match_messages", messages);
}

#[test]
fn the_table_at_the_end() {
    let mut engine = engine();
    while engine.position().outcome().is_none() {
        let player = engine.position().to_act().first().expect("someone plays");
        let [a, b] = a_pair(&engine);
        reveal(&mut engine, player, a);
        if engine.position().state().revealed().is_some() {
            reveal(&mut engine, player, b);
        }
    }
    insta::assert_snapshot!(
        "end_summary",
        engine.position().state().summary(PlayerIndex(5))
    );
}
