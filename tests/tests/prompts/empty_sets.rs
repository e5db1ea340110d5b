//! Choosing nothing: a set of `min = 0` over no option has one completion, the empty set,
//! and every part of the engine says so: the prompt, `prompt_action`, the walks and
//! `submit`. It is asked, never made for the player, so a player whose only action it is
//! sees it.

use super::*;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, meeple::View)]
struct Hand {
    cards: Vec<u8>,
    journal: Vec<String>,
}

impl Journal for Hand {
    fn journal(&mut self) -> &mut Vec<String> {
        &mut self.journal
    }
}

/// Discard up to two cards, maybe none.
#[derive(Clone, Debug, Action)]
#[action(prompt = "Discard", behaviour = [Note(format!("discarded {cards:?}"))])]
struct Discard {
    #[choose_from(game.cards.clone(), min = 0, max = 2)]
    cards: Vec<u8>,
}

#[derive(Clone, Debug, Actions)]
#[actions(game = Hand)]
enum HandAction {
    Discard(Discard),
}

impl Game for Hand {
    type Config = ();
    type Move = Note;
    type Actions = HandAction;
    const NAME: &'static str = "hand";
    const PLAYERS: std::ops::RangeInclusive<usize> = 1..=4;
    fn setup(_: &(), _: Seats) -> Result<Setup<Self>, SetupError> {
        let state = Hand {
            cards: Vec::new(),
            journal: Vec::new(),
        };
        Ok(Setup {
            state,
            moves: Vec::new(),
        })
    }
    fn to_act(&self) -> PlayerSet {
        if self.journal.is_empty() {
            PlayerSet::one(P0)
        } else {
            PlayerSet::EMPTY
        }
    }
    fn outcome(&self) -> Option<Outcome> {
        None
    }
}

#[test]
fn an_empty_set_out_of_no_option_is_offered_everywhere() {
    let mut engine = Engine::<Hand>::new((), 1, 7).expect("a valid setup");
    assert_eq!(
        engine.position().status(),
        Status::Acting(PlayerSet::one(P0))
    );
    assert_eq!(offered(&engine, P0), ["discard"]);
    let discard = engine
        .position()
        .prompt_action(P0, "discard", &[])
        .expect("discard is offered");
    assert_eq!(
        engine.position().prompt(P0).actions,
        std::slice::from_ref(&discard)
    );
    let selection = discard.selection.expect("choosing nothing is asked");
    assert_eq!(selection.kind, SelectionKind::ChooseFrom { min: 0, max: 0 });
    assert!(selection.options.is_empty());
    assert_eq!(meeple::testing::check_completions(&engine, P0), Ok(1));
    assert_eq!(engine.position().completions(P0).len(), 1);
    submit(P0, Submission::new("discard").with("cards", json!([])))(&mut engine)
        .expect("the empty set is accepted");
    assert_eq!(engine.position().state().journal, ["discarded []"]);
}
