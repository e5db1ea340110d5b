//! Options refused by their validation stay in the prompt, in place, with the game's text.

use super::*;

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
struct CardsConfig {
    hand: Vec<u8>,
    top: u8,
    deck: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, meeple::View)]
struct Cards {
    hand: Vec<u8>,
    top: u8,
    deck: u32,
    passed: bool,
    journal: Vec<String>,
}

impl Cards {
    fn may_play(&self, card: u8) -> Result<(), String> {
        if card > self.top {
            Ok(())
        } else {
            Err(format!("{card} is not higher than {}", self.top))
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
enum CardMove {
    Note(String),
    Pass,
}

impl Move<Cards> for CardMove {
    fn apply(&self, cards: &mut Cards, _next: &mut MoveContext<'_, Self>) {
        match self {
            CardMove::Note(text) => cards.journal.push(text.clone()),
            CardMove::Pass => cards.passed = true,
        }
    }
}

/// A card higher than the top of the pile (a `Result` validation).
#[derive(Clone, Debug, Action)]
#[action(prompt = "Play a card", behaviour = [CardMove::Note(format!("played {card}"))])]
struct Play {
    #[choose_from(game.hand.clone(), validate = game.may_play(*card))]
    card: u8,
}

/// Two cards adding up to 10 (a validation of the whole set).
#[derive(Clone, Debug, Action)]
#[action(prompt = "Meld two cards", behaviour = [CardMove::Note(format!("melded {cards:?}"))])]
struct Meld {
    #[choose_from(
        game.hand.clone(),
        count = 2,
        validate = if cards.iter().sum::<u8>() == 10 { Ok(()) } else { Err("a meld adds up to 10") },
    )]
    cards: Vec<u8>,
}

/// An odd card (a `bool` validation: its text is "not allowed").
#[derive(Clone, Debug, Action)]
#[action(prompt = "Discard an odd card", behaviour = [CardMove::Note(format!("discarded {card}"))])]
struct Discard {
    #[choose_from(game.hand.clone(), validate = card % 2 == 1)]
    card: u8,
}

/// Draw from the deck, while it lasts (a `Result` condition: its text is the reason).
#[derive(Clone, Debug, Action)]
#[action(
    prompt = "Draw",
    condition = if game.deck > 0 { Ok(()) } else { Err("the deck is empty") },
    behaviour = [CardMove::Note("drew".to_owned())]
)]
struct Draw {}

#[derive(Clone, Debug, Actions)]
#[actions(game = Cards)]
enum CardAction {
    Play(Play),
    Meld(Meld),
    Discard(Discard),
    Draw(Draw),
}

impl Game for Cards {
    type Config = CardsConfig;
    type Move = CardMove;
    type Actions = CardAction;
    const NAME: &'static str = "cards";
    const PLAYERS: std::ops::RangeInclusive<usize> = 1..=4;
    fn setup(config: &CardsConfig, _: Seats) -> Result<Setup<Self>, SetupError> {
        let state = Cards {
            hand: config.hand.clone(),
            top: config.top,
            deck: config.deck,
            passed: false,
            journal: Vec::new(),
        };
        Ok(Setup {
            state,
            moves: Vec::new(),
        })
    }
    fn to_act(&self) -> PlayerSet {
        if self.passed {
            PlayerSet::EMPTY
        } else {
            PlayerSet::one(P0)
        }
    }
    fn outcome(&self) -> Option<Outcome> {
        self.passed.then(|| Outcome::win(P0, Seats::new(1)))
    }
    fn when_stuck(&self, _player: PlayerIndex) -> WhenStuck<CardMove> {
        WhenStuck::Pass(vec![CardMove::Pass])
    }
}

fn cards(hand: &[u8], top: u8, deck: u32) -> Engine<Cards> {
    let config = CardsConfig {
        hand: hand.to_vec(),
        top,
        deck,
    };
    Engine::new(config, 1, 7).expect("a valid setup")
}

/// Hand 1 3 7 8 9 on a 6: `play` lists 1 and 3 with their error in place among 7, 8
/// and 9; `meld` offers 1, 3, 7 and 9 (1+9, 3+7; 8 is in no meld and is left out);
/// `discard` lists 8 in place with "not allowed"; `draw`.
#[test]
fn refused_options_stay_in_place_with_their_error() {
    let engine = cards(&[1, 3, 7, 8, 9], 6, 1);
    let prompt = engine.position().prompt(P0);
    let play = prompt.actions[0].selection.as_ref().expect("play asks");
    let errors: Vec<_> = play.options.iter().map(|o| o.error.as_deref()).collect();
    assert_eq!(
        errors,
        [
            Some("1 is not higher than 6"),
            Some("3 is not higher than 6"),
            None,
            None,
            None
        ]
    );
    insta::assert_json_snapshot!("validation_in_place", prompt);
}

/// Every completion can be submitted by its position, with the same record as the
/// completion itself: play 7, 8 or 9; meld 1 and 9 or 3 and 7; discard an odd card;
/// draw. A position past the last is refused and changes nothing.
#[test]
fn a_completion_is_submitted_by_its_position() {
    let engine = cards(&[1, 3, 7, 8, 9], 6, 1);
    let count = engine.position().count_completions(P0);
    assert_eq!(count, 3 + 2 + 4 + 1);
    for index in 0..count {
        let action = engine
            .position()
            .nth_completion(P0, index)
            .expect("a completion");
        let (mut by_action, mut by_position) = (engine.clone(), engine.clone());
        by_action
            .submit(P0, action)
            .expect("a completion is allowed");
        by_position
            .submit_nth(P0, index)
            .expect("a completion's position is allowed");
        assert_eq!(by_position.log(), by_action.log(), "completion {index}");
    }
    let mut past = engine.clone();
    assert_eq!(
        past.submit_nth(P0, count).map(|_| ()),
        Err(Refusal::NoSuchCompletion {
            player: seat(P0),
            index: count,
            count
        })
    );
    assert_eq!(past.log(), engine.log());
    assert_eq!(
        past.position().state().journal,
        engine.position().state().journal
    );
}

/// A meld stepped through as one chosen set: the set is labelled item by item, and
/// nothing follows it. A set that is not a meld is refused with the set's error.
#[test]
fn a_chosen_set_is_labelled_by_its_items() {
    let engine = cards(&[1, 3, 7, 8, 9], 6, 1);
    let meld = engine
        .position()
        .prompt_action(P0, "meld", &[json!([3, 7])])
        .expect("3 and 7 make a meld");
    let chosen: Vec<(&str, &str)> = meld
        .chosen
        .iter()
        .map(|choice| (choice.selection.as_str(), choice.label.as_str()))
        .collect();
    assert_eq!(chosen, [("cards", "3, 7")]);
    assert_eq!(meld.selection, None);
    assert_eq!(
        engine
            .position()
            .prompt_action(P0, "meld", &[json!([3, 8])]),
        Err(SubmitError::Refused(Refusal::Invalid {
            action: "meld",
            selection: "cards",
            message: "a meld adds up to 10".to_owned()
        }))
    );
}

/// Hand 2 9 on a 9: every card of `play` fails and the action is still shown with
/// both errors; `meld` is shown with the set's error and no option; the only odd card
/// of `discard` is preset (the refused 2 is then not shown); `draw`. The player has
/// completions, so the game goes on.
#[test]
fn an_action_whose_every_option_fails_is_shown_with_the_errors() {
    let engine = cards(&[2, 9], 9, 1);
    let prompt = engine.position().prompt(P0);
    assert_eq!(offered(&engine, P0), ["play", "meld", "discard", "draw"]);
    assert_eq!(
        engine.position().status(),
        Status::Acting(PlayerSet::one(P0))
    );
    assert_eq!(
        engine.position().completions(P0).len(),
        2,
        "discard 9 and draw, nothing else"
    );
    insta::assert_json_snapshot!("validation_every_option_fails", prompt);
}

/// The typed errors of refused cards and sets, with the game's text; nothing changes.
#[test]
fn refused_submissions_say_why() {
    let mut engine = cards(&[1, 3, 7, 8, 9], 6, 1);

    let error = refused(&mut engine, |engine| {
        engine
            .submit_json(P0, r#"{"action":"play","selections":{"card":3}}"#)
            .map(|_| ())
    });
    assert_eq!(
        error,
        SubmitError::Refused(Refusal::Invalid {
            action: "play",
            selection: "card",
            message: "3 is not higher than 6".to_owned(),
        })
    );
    assert_eq!(error.to_string(), "`play`: 3 is not higher than 6");

    let error = refused(&mut engine, |engine| {
        engine
            .submit(P0, CardAction::Play(Play { card: 4 }))
            .map(|_| ())
            .map_err(Refusal::from)
    });
    assert_eq!(
        error,
        Refusal::NotOffered {
            action: "play",
            selection: "card",
            value: "4".to_owned(),
            reason: "it is not among the options".to_owned(),
        }
    );

    let error = refused(
        &mut engine,
        submit(P0, Submission::new("meld").with("cards", json!([1, 3]))),
    );
    assert_eq!(
        error,
        SubmitError::Refused(Refusal::Invalid {
            action: "meld",
            selection: "cards",
            message: "a meld adds up to 10".to_owned(),
        })
    );

    let error = refused(
        &mut engine,
        submit(P0, Submission::new("meld").with("cards", json!([1]))),
    );
    assert_eq!(
        error,
        SubmitError::Refused(Refusal::NotOffered {
            action: "meld",
            selection: "cards",
            value: "[1]".to_owned(),
            reason: "choose exactly 2, not 1".to_owned(),
        })
    );
    assert_eq!(
        error.to_string(),
        "`meld`: [1] is not offered for `cards` (choose exactly 2, not 1)"
    );

    let error = refused(
        &mut engine,
        submit(P0, Submission::new("meld").with("cards", json!([9, 9]))),
    );
    assert_eq!(
        error,
        SubmitError::Refused(Refusal::NotOffered {
            action: "meld",
            selection: "cards",
            value: "[9,9]".to_owned(),
            reason: "value #2 is chosen twice".to_owned(),
        })
    );

    let error = refused(
        &mut engine,
        submit(P0, Submission::new("discard").with("card", 8)),
    );
    assert_eq!(
        error,
        SubmitError::Refused(Refusal::Invalid {
            action: "discard",
            selection: "card",
            message: "not allowed".to_owned(),
        })
    );

    engine
        .submit_submission(P0, &Submission::new("meld").with("cards", json!([9, 1])))
        .expect("a meld of 10 in any order");
    assert_eq!(engine.position().state().journal, ["melded [9, 1]"]);
}

/// A player whose actions are all shown only for their errors has nothing possible:
/// the engine applies the game's `WhenStuck::Pass` for them.
#[test]
fn a_player_with_only_refused_options_is_stuck() {
    let engine = cards(&[2, 4], 9, 0);
    assert!(engine.position().completions(P0).is_empty());
    let prompt = serde_json::to_string_pretty(&engine.position().prompt(P0)).expect("JSON");
    let kinds: Vec<_> = engine.records().iter().map(|record| record.kind).collect();
    assert_eq!(
        kinds,
        [RecordKind::Setup, RecordKind::Pass],
        "the game passes for a player with nothing possible; status {:?}, prompt {prompt}",
        engine.position().status()
    );
}

/// A condition that says why: the refusal of the action carries its text, the prompt
/// leaves the action out, and nothing changes.
#[test]
fn a_refused_condition_says_why() {
    let mut engine = cards(&[1, 3, 7, 8, 9], 6, 0);
    assert_eq!(offered(&engine, P0), ["play", "meld", "discard"]);
    let error = refused(&mut engine, submit(P0, Submission::new("draw")));
    assert_eq!(
        error,
        SubmitError::Refused(Refusal::ActionNotAvailable {
            action: "draw",
            player: seat(P0),
            reason: Some("the deck is empty".to_owned()),
            available: vec!["play", "meld", "discard"],
        })
    );
    assert_eq!(
        error.to_string(),
        "`draw` is not available to Player 1 now: the deck is empty; available: play, meld, discard"
    );
    let error = refused(&mut engine, |engine| {
        engine.position().prompt_action(P0, "draw", &[]).map(|_| ())
    });
    assert_eq!(
        error.to_string(),
        "`draw` is not available to Player 1 now: the deck is empty; available: play, meld, discard"
    );
    // An action without a completion, its condition holding, has no reason to give.
    let mut engine = cards(&[8], 6, 1);
    let error = refused(&mut engine, submit(P0, Submission::new("meld")));
    assert!(
        matches!(
            &error,
            SubmitError::Refused(Refusal::ActionNotAvailable { reason: None, .. })
        ),
        "{error}"
    );
}
