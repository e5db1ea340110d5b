//! Snapshots of Blackjack at its characteristic moments, read before they were accepted: the
//! first prompt, the table after a hit, and after the dealer played (the next round, and
//! the end of the game); with the messages and move descriptions each player sees.

use meeple::{Engine, Game, PieceMove, PlayerIndex, Viewer};
use meeple_games::blackjack::{
    Blackjack, BlackjackAction, BlackjackConfig, BlackjackMove, BlackjackPlace, Hit, Stand,
};

const FIRST: PlayerIndex = PlayerIndex(0);
const SECOND: PlayerIndex = PlayerIndex(1);

/// Two players, one deck, two rounds, seed 0: the first player holds 5S 8H against the
/// dealer's QH (who peeked and found no blackjack), the second TH 6C.
fn engine() -> Engine<Blackjack> {
    let config = BlackjackConfig {
        decks: 1,
        rounds: 2,
        ..BlackjackConfig::default()
    };
    Engine::<Blackjack>::new(config, 2, 0).expect("a valid setup")
}

/// The state as `player` sees it, for the snapshots.
fn view(engine: &Engine<Blackjack>, player: PlayerIndex) -> Blackjack {
    engine.position().view(Viewer::Player(player))
}

/// The moves of the record at `index` as `player` sees them: what the terminal describes.
fn viewed_moves(
    engine: &Engine<Blackjack>,
    records: std::ops::RangeFrom<usize>,
    player: PlayerIndex,
) -> Vec<BlackjackMove> {
    let viewed = engine.viewed_records(Viewer::Player(player));
    viewed
        .into_iter()
        .skip(records.start)
        .flat_map(|record| record.moves)
        .collect()
}

#[test]
fn the_first_prompt() {
    let engine = engine();
    assert_eq!(engine.position().turn(), Some(FIRST));
    let prompt = engine.position().prompt(FIRST);
    let actions: Vec<&str> = prompt
        .actions
        .iter()
        .map(|action| action.action.as_str())
        .collect();
    assert_eq!(actions, ["hit", "stand"]);
    assert!(
        prompt
            .actions
            .iter()
            .all(|action| action.selection.is_none())
    );
    assert!(
        engine.position().prompt(SECOND).actions.is_empty(),
        "not their turn"
    );
    insta::assert_json_snapshot!("first_prompt", prompt);
    insta::assert_json_snapshot!("first_view", view(&engine, FIRST));
    insta::assert_snapshot!("first_summary", engine.position().state().summary(FIRST));
    // The observer sees the same table, without "(you)".
    insta::assert_snapshot!(
        "first_summary_observer",
        engine.position().state().summary(PlayerIndex(9))
    );
}

#[test]
fn after_a_hit() {
    let mut engine = engine();
    let before = engine.position().state().clone();
    let record = engine
        .submit(FIRST, BlackjackAction::Hit(Hit))
        .expect("a hit")
        .clone();
    let messages = record.messages(&before);
    assert_eq!(messages[0].text, "Player 1 hits");
    assert!(messages[0].to.is_none());
    let [
        BlackjackMove::Hit { .. },
        BlackjackMove::Piece(PieceMove::Move {
            from: BlackjackPlace::Shoe,
            to: BlackjackPlace::Hands(FIRST),
            seen: None,
            ..
        }),
        BlackjackMove::Dealt,
    ] = record.moves.as_slice()
    else {
        panic!("a hit and its card: {:?}", record.moves)
    };
    let state = engine.position().state();
    let last = engine.records().len() - 1;
    for (viewer, described) in [
        (FIRST, ["You hit", "You are dealt 2D"]),
        (SECOND, ["Player 1 hits", "Player 1 is dealt 2D"]),
    ] {
        let moves = viewed_moves(&engine, last.., viewer);
        let texts: Vec<String> = moves
            .iter()
            .filter_map(|applied| state.describe_move(applied, Viewer::Player(viewer)))
            .collect();
        assert_eq!(texts, described);
    }
    // The full move carries no card: only the viewed one names it.
    assert_eq!(
        state
            .describe_move(&record.moves[1], Viewer::Player(FIRST))
            .as_deref(),
        Some("You are dealt a card")
    );
    assert_eq!(engine.position().turn(), Some(FIRST), "15: still to play");
    insta::assert_json_snapshot!("after_hit_prompt", engine.position().prompt(FIRST));
    insta::assert_json_snapshot!("after_hit_view", view(&engine, SECOND));
    insta::assert_snapshot!(
        "after_hit_summary",
        engine.position().state().summary(FIRST)
    );
}

#[test]
fn after_the_dealer_plays() {
    let mut engine = engine();
    engine
        .submit(FIRST, BlackjackAction::Stand(Stand))
        .expect("a stand");
    let from = engine.records().len();
    engine
        .submit(SECOND, BlackjackAction::Stand(Stand))
        .expect("a stand");
    // The last stand ends the players' turns: the flow has the dealer play, the round
    // settle and the next one be dealt, each step a record of its own.
    let state = engine.position().state();
    let moves = viewed_moves(&engine, from.., SECOND);
    let described: Vec<String> = moves
        .iter()
        .filter_map(|applied| state.describe_move(applied, Viewer::Player(SECOND)))
        .collect();
    insta::assert_snapshot!("dealer_plays_moves", described.join("\n"));
    assert!(moves.contains(&BlackjackMove::HoleTurnedUp));
    assert_eq!(engine.position().state().round(), 1);
    insta::assert_snapshot!(
        "next_round_summary",
        engine.position().state().summary(FIRST)
    );
    insta::assert_json_snapshot!("next_round_view", view(&engine, FIRST));

    // Everyone stands to the end: the last round's cards stay on the table, face up.
    while let Some(player) = engine.position().to_act().first() {
        engine
            .submit(player, BlackjackAction::Stand(Stand))
            .expect("a stand");
    }
    assert!(engine.position().state().is_over());
    assert!(engine.position().state().hole().is_empty());
    insta::assert_snapshot!(
        "game_over_summary",
        engine.position().state().summary(FIRST)
    );
    insta::assert_json_snapshot!("game_over_view", view(&engine, FIRST));
    insta::assert_json_snapshot!("game_over_outcome", engine.position().outcome());
}

#[test]
fn the_hole_card_is_described_face_down() {
    let engine = engine();
    // The setup's shuffle, then the flow's deal.
    let setup = viewed_moves(&engine, 0.., FIRST);
    let state = engine.position().state();
    let hole = setup
        .iter()
        .find(|applied| {
            matches!(
                applied,
                BlackjackMove::Piece(PieceMove::Move {
                    to: BlackjackPlace::Hole,
                    ..
                })
            )
        })
        .expect("the deal");
    assert_eq!(
        state.describe_move(hole, Viewer::Player(FIRST)).as_deref(),
        Some("The dealer is dealt a card face down")
    );
    let described: Vec<String> = setup
        .iter()
        .filter_map(|applied| state.describe_move(applied, Viewer::Player(FIRST)))
        .collect();
    insta::assert_snapshot!("setup_moves", described.join("\n"));
}

#[test]
fn actions_are_submitted_by_name_without_selections() {
    let mut engine = engine();
    engine
        .submit_json(FIRST, r#"{"action":"hit"}"#)
        .expect("a hit");
    assert_eq!(engine.position().state().hand(FIRST).len(), 3);
    let refused = engine
        .submit_json(FIRST, r#"{"action":"double"}"#)
        .map(|_| ())
        .expect_err("no doubling");
    assert_eq!(
        refused.to_string(),
        "unknown action `double`; the actions of this game are hit, stand"
    );
    engine
        .submit_json(FIRST, r#"{"action":"stand"}"#)
        .expect("a stand");
    assert_eq!(engine.position().turn(), Some(SECOND));
}
