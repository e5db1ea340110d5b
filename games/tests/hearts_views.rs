//! Hearts under the view harness: no prompt or view depends on cards a player may not see.

mod views;

use meeple_games::hearts::{Hearts, HeartsConfig};

/// Random games from seeds 0, 1, ... for at least 2,000 submissions (`MEEPLE_VIEW_STEPS`):
/// at every step, each player's prompt, prompts after partial choices and refusals from
/// their view equal those from the full state, each viewer's moves replayed from the viewed
/// setup give their view, no message names a card hidden from a viewer it reaches, and a
/// take-back restores what it cancelled.
#[test]
fn hearts_prompts_and_views_hide_the_other_hands() {
    let config = HeartsConfig {
        target_score: 40,
        ..HeartsConfig::default()
    };
    let report = views::check_steps::<Hearts>(&config, 4, None);
    assert!(report.submissions >= views::view_steps(), "{report:?}");
}

/// Hearts declares the hands, the cards received and the cards passed hidden: a view that
/// shows them fails the harness.
#[test]
fn a_view_of_hearts_that_hides_nothing_fails() {
    views::check_a_view_that_hides_nothing_fails::<Hearts>(&HeartsConfig::default(), 4, "hands");
}

/// A pass shows its cards to the passer only: in the viewed records, the message naming
/// the cards reaches the passer, the others read only that three cards were passed, and
/// the viewed pass move carries no card for them.
#[test]
fn passed_cards_reach_only_the_passer() {
    use meeple::{Engine, PlayerIndex, Viewer};
    use meeple_games::hearts::HeartsMove;

    let mut engine = Engine::<Hearts>::new(HeartsConfig::default(), 4, 7).expect("setup");
    let north = PlayerIndex(0);
    let pass = engine
        .completions(north)
        .into_iter()
        .next()
        .expect("a pass");
    engine.submit(north, pass).expect("an offered pass");
    let texts = |viewer: Viewer| -> (Vec<String>, Vec<HeartsMove>) {
        let records = engine.viewed_records(viewer);
        let last = records.last().expect("the pass");
        (
            last.messages
                .iter()
                .map(|message| message.text.clone())
                .collect(),
            last.moves.clone(),
        )
    };
    let (mine, my_moves) = texts(Viewer::Player(north));
    assert_eq!(mine.len(), 1);
    assert!(mine[0].starts_with("North passed ") && mine[0].len() > "North passed ".len());
    let (theirs, their_moves) = texts(Viewer::Player(PlayerIndex(2)));
    assert_eq!(theirs, vec!["North passed three cards".to_owned()]);
    let (observed, _) = texts(Viewer::Observer);
    assert!(observed.is_empty(), "{observed:?}");
    let cards = |moves: &[HeartsMove]| match moves.first() {
        Some(HeartsMove::Pass { cards, .. }) => cards.len(),
        other => panic!("a pass: {other:?}"),
    };
    assert_eq!(cards(&my_moves), 3);
    assert_eq!(cards(&their_moves), 0);
}
