//! What Hearts' views hide that only Hearts has: the cards of a pass. The generic checks
//! of its views (the view harness, and a view that hides nothing failing) are in the
//! conformance suite (`conformance.rs`).

use meeple_games::hearts::{Hearts, HeartsConfig};

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
