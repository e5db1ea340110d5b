//! Groups of selections (`group = name`, `#[action(group(name, ..))]`): shown together,
//! checked together, tree-shaken as a whole, never skipped.

use meeple::{
    Action, Actions, Engine, Game, Move, MoveContext, Outcome, PlayerIndex, PlayerSet, Refusal,
    Seats, SelectionKind, Setup, SetupError, Submission, SubmitError, View,
};
use meeple_tests::P0;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

/// A caravan loads exactly `load` crates of wood and stone from the store, names the
/// load, and picks a destination.
#[derive(Clone, Debug, Serialize, Deserialize, View)]
struct Caravan {
    wood: u32,
    stone: u32,
    load: u32,
    sent: Option<(u32, u32, String, String)>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
enum CaravanMove {
    Send {
        wood: u32,
        stone: u32,
        name: String,
        to: String,
    },
}

impl Move<Caravan> for CaravanMove {
    fn apply(&self, caravan: &mut Caravan, _next: &mut MoveContext<'_, Self>) {
        let CaravanMove::Send {
            wood,
            stone,
            name,
            to,
        } = self.clone();
        caravan.wood -= wood;
        caravan.stone -= stone;
        caravan.sent = Some((wood, stone, name, to));
    }
}

fn exactly(load: u32, wood: u32, stone: u32) -> Result<(), String> {
    if wood + stone == load {
        Ok(())
    } else {
        Err(format!("load exactly {load} crates, not {}", wood + stone))
    }
}

#[derive(Clone, Debug, Action)]
#[action(
    prompt = "Send the caravan",
    group(cargo, prompt = "Load the caravan", validate = exactly(game.load, *wood, *stone)),
    behaviour = [CaravanMove::Send { wood: *wood, stone: *stone, name: name.clone(), to: to.clone() }]
)]
struct Send {
    #[choose_number(min = 0, max = game.wood, group = cargo)]
    wood: u32,
    #[choose_number(min = 0, max = game.stone, group = cargo, validate = *stone != 1)]
    stone: u32,
    #[enter_text(group = cargo, prompt = "Name the load", validate = !name.is_empty())]
    name: String,
    #[choose_from(["north", "south"].map(String::from), validate = to != "south" || *stone == 0)]
    to: String,
}

#[derive(Clone, Debug, Actions)]
#[actions(game = Caravan)]
enum CaravanAction {
    Send(Send),
}

impl Game for Caravan {
    type Config = (u32, u32, u32);
    type Move = CaravanMove;
    type Actions = CaravanAction;
    const NAME: &'static str = "caravan";
    const PLAYERS: std::ops::RangeInclusive<usize> = 1..=4;

    fn setup(&(wood, stone, load): &(u32, u32, u32), _: Seats) -> Result<Setup<Self>, SetupError> {
        Ok(Setup {
            state: Caravan {
                wood,
                stone,
                load,
                sent: None,
            },
            moves: Vec::new(),
        })
    }

    fn to_act(&self) -> PlayerSet {
        if self.sent.is_none() {
            PlayerSet::one(PlayerIndex(0))
        } else {
            PlayerSet::EMPTY
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.sent
            .as_ref()
            .map(|_| Outcome::win(PlayerIndex(0), Seats::new(1)))
    }
}

fn send(wood: u32, stone: u32, name: &str, to: &str) -> Submission {
    Submission::new("send")
        .with("wood", wood)
        .with("stone", stone)
        .with("name", name)
        .with("to", to)
}

/// The three selections of the group come in one prompt, each with its own options and
/// their own validation errors (stone 1 is refused in place).
#[test]
fn a_group_is_prompted_whole() {
    let engine = Engine::<Caravan>::new((3, 2, 3), 1, 0).expect("a valid setup");
    let prompt = engine.position().prompt(P0);
    let selection = prompt.actions[0].selection.as_ref().expect("a selection");
    assert_eq!(selection.name, "cargo");
    let SelectionKind::ChooseGroup { selections } = &selection.kind else {
        panic!("a group: {selection:?}");
    };
    let names: Vec<&str> = selections
        .iter()
        .map(|member| member.name.as_str())
        .collect();
    assert_eq!(names, ["wood", "stone", "name"]);
    insta::assert_json_snapshot!("caravan_prompt", prompt);
}

/// A group is never preset, even when a single combination fits: it is always asked.
#[test]
fn a_group_is_never_skipped() {
    // 3 wood, no stone, load 3: only wood 3, stone 0.
    let engine = Engine::<Caravan>::new((3, 0, 3), 1, 0).expect("a valid setup");
    let prompt = engine.position().prompt(P0);
    assert!(prompt.actions[0].chosen.is_empty());
    assert!(matches!(
        prompt.actions[0]
            .selection
            .as_ref()
            .map(|selection| &selection.kind),
        Some(SelectionKind::ChooseGroup { .. })
    ));
}

/// Stepping into the group one value at a time, the last number shows the group's error
/// on the values that break it.
#[test]
fn the_group_validation_shows_on_its_last_number() {
    let engine = Engine::<Caravan>::new((3, 2, 3), 1, 0).expect("a valid setup");
    let after_wood = engine
        .position()
        .prompt_action(P0, "send", &[Value::from(1)])
        .expect("one wood is offered");
    insta::assert_json_snapshot!("caravan_after_one_wood", after_wood);
}

/// The group is checked as a whole on submission; its error names the group.
#[test]
fn a_group_is_checked_together() {
    let mut engine = Engine::<Caravan>::new((3, 2, 3), 1, 0).expect("a valid setup");
    assert_eq!(
        engine
            .submit_submission(P0, &send(1, 0, "planks", "north"))
            .map(|record| record.name()),
        Err(SubmitError::Refused(Refusal::Invalid {
            action: "send",
            selection: "cargo",
            message: "load exactly 3 crates, not 1".to_owned()
        }))
    );
    assert_eq!(
        engine
            .submit_submission(P0, &send(3, 0, "", "north"))
            .map(|record| record.name()),
        Err(SubmitError::Refused(Refusal::Invalid {
            action: "send",
            selection: "name",
            message: "not allowed".to_owned()
        }))
    );
    assert_eq!(engine.position().state().sent, None);
    engine
        .submit_submission(P0, &send(1, 2, "mixed", "north"))
        .expect("three crates to the north");
    assert_eq!(
        engine.position().state().sent,
        Some((1, 2, "mixed".to_owned(), "north".to_owned()))
    );
}

/// Tree-shaking sees through the group: with a load no combination makes, or whose only
/// combinations lead nowhere, the action is not offered.
#[test]
fn a_group_without_a_valid_combination_is_not_offered() {
    // 1 wood and 1 stone (refused) cannot make a load of 2.
    let engine = Engine::<Caravan>::new((1, 1, 2), 1, 0).expect("a valid setup");
    assert!(engine.position().prompt(P0).actions.is_empty());
    // The text cannot be enumerated: it is assumed completable, so a load of 1 is offered.
    let engine = Engine::<Caravan>::new((1, 0, 1), 1, 0).expect("a valid setup");
    assert_eq!(engine.position().prompt(P0).actions.len(), 1);
}

/// A group's selections cannot be folded into the one before them: the number chosen
/// before a group is asked on its own.
#[test]
fn json_of_a_group_submission() {
    let mut engine = Engine::<Caravan>::new((3, 2, 3), 1, 0).expect("a valid setup");
    let record = engine
        .submit_json(
            P0,
            &json!({"action": "send", "selections": {"wood": 3, "stone": 0, "name": "logs", "to": "south"}})
                .to_string(),
        )
        .expect("three wood to the south");
    assert_eq!(record.selections().len(), 4);
}

/// Counts of crates as distinct actions, for learning agents: 0 to 100.
impl meeple::Distinct<Caravan> for u32 {
    fn count(_caravan: &Caravan) -> usize {
        101
    }

    fn index(&self, _caravan: &Caravan) -> usize {
        *self as usize
    }
}

/// A name typed in is no integer: a game that asks for one is refused as an environment
/// for learning agents, naming the selection.
#[test]
fn a_game_that_asks_for_free_text_has_no_distinct_actions() {
    let error = meeple::Environment::<Caravan>::new(&(3, 2, 3), 1, 0, true)
        .expect_err("free text cannot be numbered");
    assert_eq!(
        error.to_string(),
        "selection `name` of `send` asks for free text, which has no distinct numbering"
    );
}
