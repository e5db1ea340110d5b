//! Snapshots of the prompts of Hearts, read before they were accepted: the pass, and the
//! first trick with the refused cards shown in place with their reason; and of the table
//! as one player sees it.

use meeple::{Engine, Game, PlayerIndex, PlayerSet, SelectionKind, Viewer};
use meeple_games::hearts::{Hearts, HeartsConfig, HeartsMove, SEATS};

fn engine(seed: u64) -> Engine<Hearts> {
    Engine::<Hearts>::new(HeartsConfig::default(), 4, seed).expect("a valid setup")
}

/// The engine after every seat passed the first three cards of their hand (the lowest).
fn after_the_pass(seed: u64) -> Engine<Hearts> {
    let mut engine = engine(seed);
    for seat in 0..4 {
        let player = PlayerIndex(seat);
        let first = engine
            .position()
            .completions(player)
            .into_iter()
            .next()
            .expect("a pass");
        engine.submit(player, first).expect("accepted");
    }
    engine
}

#[test]
fn the_prompt_at_the_pass() {
    let engine = engine(7);
    assert_eq!(engine.position().phase(), Some("passing"));
    assert_eq!(engine.position().to_act(), PlayerSet::all(4));
    let prompt = engine.position().prompt(PlayerIndex(0));
    let selection = prompt.actions[0].selection.as_ref().expect("a selection");
    assert_eq!(selection.kind, SelectionKind::ChooseFrom { min: 3, max: 3 });
    assert_eq!(selection.options.len(), 13);
    insta::assert_json_snapshot!("pass", prompt);
}

#[test]
fn the_prompt_at_the_first_trick() {
    let engine = after_the_pass(7);
    // The 2 of clubs was led for its holder; the next seat is asked.
    let trick: Vec<_> = engine.position().state().trick().collect();
    assert_eq!(trick.len(), 1);
    let player = engine.position().to_act().first().expect("someone plays");
    assert_eq!(player, SEATS.next(trick[0].0));
    let prompt = engine.position().prompt(player);
    let selection = prompt.actions[0].selection.as_ref().expect("a selection");
    assert!(
        selection
            .options
            .iter()
            .any(|option| option.error.as_deref() == Some("you must follow clubs")),
        "refused cards keep their reason"
    );
    insta::assert_json_snapshot!("first_trick", prompt);
}

#[test]
fn the_first_trick_when_void_in_clubs() {
    // North holds no club after the pass: any card but the points may go.
    let engine = after_the_pass(169);
    let player = engine.position().to_act().first().expect("someone plays");
    assert_eq!(player, PlayerIndex(0));
    let prompt = engine.position().prompt(player);
    let selection = prompt.actions[0].selection.as_ref().expect("a selection");
    let refused: Vec<_> = selection
        .options
        .iter()
        .filter_map(|option| option.error.as_deref())
        .collect();
    assert_eq!(refused.len(), 4, "the four hearts wait");
    insta::assert_json_snapshot!("first_trick_void_in_clubs", prompt);
}

#[test]
fn the_table_as_one_player_sees_it() {
    let passing = engine(7);
    insta::assert_snapshot!(
        "summary_pass",
        passing.position().state().summary(PlayerIndex(0))
    );
    let mut passed = passing.clone();
    let first = passed
        .position()
        .completions(PlayerIndex(0))
        .into_iter()
        .next()
        .expect("a pass");
    passed.submit(PlayerIndex(0), first).expect("accepted");
    insta::assert_snapshot!(
        "summary_passed",
        passed.position().state().summary(PlayerIndex(0))
    );
    // Another seat does not see what North passed.
    assert!(
        !passed
            .position()
            .state()
            .summary(PlayerIndex(1))
            .contains("You passed")
    );

    let playing = after_the_pass(7);
    insta::assert_snapshot!(
        "summary_first_trick",
        playing.position().state().summary(PlayerIndex(2))
    );
    // An observer sees no hand.
    insta::assert_snapshot!(
        "summary_observer",
        playing.position().state().summary(PlayerIndex(4))
    );
}

#[test]
fn messages_and_moves_show_each_player_only_what_they_may_see() {
    let mut engine = engine(7);
    let north = PlayerIndex(0);
    let pass = engine
        .position()
        .completions(north)
        .into_iter()
        .next()
        .expect("a pass");
    // The engine keeps the record typed; its messages read the state it was made in.
    let before = engine.position().state().clone();
    let record = engine.submit(north, pass).expect("accepted").clone();
    let messages = record.messages(&before);
    let seen = |viewer: PlayerIndex| -> Vec<&str> {
        messages
            .iter()
            .filter(|message| message.reaches(viewer))
            .map(|message| message.text.as_str())
            .collect()
    };
    assert_eq!(seen(north), ["North passed 2C, 4C, JC"]);
    assert_eq!(seen(PlayerIndex(1)), ["North passed three cards"]);

    let state = engine.position().state();
    let [passed] = record.moves.as_slice() else {
        panic!("one move: {:?}", record.moves)
    };
    assert_eq!(
        state
            .describe_move(passed, Viewer::Player(north))
            .as_deref(),
        Some("You pass 2C 4C JC to East")
    );
    assert_eq!(
        state
            .describe_move(passed, Viewer::Player(PlayerIndex(2)))
            .as_deref(),
        Some("North passes three cards to East")
    );

    // The deal: each seat sees its own cards only.
    let deal = engine.records()[0]
        .moves
        .iter()
        .find(|applied| matches!(applied, HeartsMove::Deal { .. }))
        .expect("the setup deals");
    let north_hand = state
        .describe_move(deal, Viewer::Player(north))
        .expect("shown");
    assert_eq!(
        north_hand,
        "You are dealt 2C 4C JC KC AC 3D 6D JD QS 2H 4H 5H QH"
    );
    assert_eq!(
        state.describe_move(deal, Viewer::Observer).as_deref(),
        Some("The cards are dealt")
    );
    // The same words travel beside each move of a record as its viewer sees it (what a
    // server sends its clients), one per move.
    let seated = &engine.viewed_records(Viewer::Player(north))[0];
    assert_eq!(seated.texts.len(), seated.moves.len());
    assert!(
        seated
            .texts
            .iter()
            .flatten()
            .any(|text| *text == north_hand)
    );
    let watched = &engine.viewed_records(Viewer::Observer)[0];
    assert!(
        watched
            .texts
            .iter()
            .flatten()
            .any(|text| text == "The cards are dealt")
    );
    assert!(
        !watched
            .texts
            .iter()
            .flatten()
            .any(|text| text.starts_with("You are dealt"))
    );

    // Once play begins, the messages name the card.
    let playing = after_the_pass(7);
    let log = playing.log();
    let play = log
        .records
        .iter()
        .rev()
        .find(|record| record.action == "play_card")
        .expect("the 2 of clubs was led");
    assert_eq!(play.messages[0].text, "East played 2C");
    assert!(play.messages[0].to.is_none());
}
