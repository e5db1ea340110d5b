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
        .position()
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

/// The table a client draws for a seat shows its own hand face up, card by card, and every
/// other hand face down, as many cards as it holds; and at no step of a game does any
/// seat's scene name a card another seat holds.
#[test]
fn a_seats_scene_shows_its_hand_and_no_other() {
    use meeple::scene::Shape;
    use meeple::{Engine, PlayerIndex, Viewer};
    use rand::{RngExt, SeedableRng};

    let mut engine = Engine::<Hearts>::new(HeartsConfig::default(), 4, 11).expect("setup");
    let scene = engine.position().scene(Viewer::Player(PlayerIndex(1)));
    let hand_of = |seat: usize| match &scene.seats[seat].parts[0].shape {
        Shape::Cards { pieces, .. } => pieces.clone(),
        other => panic!("a hand is cards, not {other:?}"),
    };
    let east = hand_of(1);
    assert_eq!(east.len(), 13);
    assert!(
        east.iter()
            .all(|card| card.face.is_some() && card.choices.len() == 1)
    );
    for seat in [0, 2, 3] {
        let hand = hand_of(seat);
        assert_eq!(hand.len(), 13);
        assert!(
            hand.iter()
                .all(|card| card.face.is_none() && card.choices.is_empty())
        );
    }

    let mut choices = rand::rngs::StdRng::seed_from_u64(11);
    while engine.position().outcome().is_none() {
        for viewer in 0..4 {
            let seen = serde_json::to_string(
                &engine.position().scene(Viewer::Player(PlayerIndex(viewer))),
            )
            .expect("a scene serializes");
            for other in (0..4).filter(|&other| other != viewer) {
                for card in engine.position().state().hand(PlayerIndex(other)) {
                    assert!(
                        !seen.contains(&format!("\"{card}\"")) && !seen.contains(&card.face()),
                        "seat {viewer}'s scene names {card}, in seat {other}'s hand: {seen}"
                    );
                }
            }
        }
        let seat = engine
            .position()
            .to_act()
            .iter()
            .next()
            .expect("someone acts");
        let completions = engine.position().completions(seat);
        let pick = choices.random_range(0..completions.len());
        let action = completions.into_iter().nth(pick).expect("a completion");
        engine.submit(seat, action).expect("an offered action");
    }
}
