//! Selections that name their valid values as a set (`valid = <set>`): the walks count and
//! rank the set, while prompts and submissions still ask `validate`, which explains every
//! refused option; debug builds check that both agree. A last selection that nothing
//! checks is counted and ranked the same way, its options being its valid values.

use meeple::{
    Action, Actions, Engine, Game, Move, MoveContext, Outcome, PlayerSet, Refusal, Seats, Setup,
    SetupError,
};
use meeple_tests::P0;
use serde::{Deserialize, Serialize};
use serde_json::json;

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
enum Side {
    Left,
    Right,
}

impl Side {
    const ALL: [Side; 2] = [Side::Left, Side::Right];
}

/// A quarry of numbered stones: only even stones may be taken.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
struct QuarryConfig {
    stones: Vec<u8>,
    /// Makes `valid` name every stone, odd ones included: a game whose set and
    /// validation disagree.
    mislabelled: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, meeple::View)]
struct Quarry {
    stones: Vec<u8>,
    mislabelled: bool,
    taken: Vec<u8>,
}

impl Quarry {
    fn may_take(&self, stone: u8) -> Result<(), String> {
        if stone.is_multiple_of(2) {
            Ok(())
        } else {
            Err(format!("stone {stone} is odd"))
        }
    }

    /// The stones `may_take` accepts, at once, in the quarry's order.
    fn takeable(&self) -> Vec<u8> {
        self.stones
            .iter()
            .copied()
            .filter(|stone| self.mislabelled || stone.is_multiple_of(2))
            .collect()
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
enum QuarryMove {
    /// A stone leaves the quarry for the taken ones.
    Take(u8),
    /// A taken stone goes back to the quarry.
    PutBack(u8),
}

impl Move<Quarry> for QuarryMove {
    fn apply(&self, game: &mut Quarry, _next: &mut MoveContext<'_, Self>) {
        match *self {
            QuarryMove::Take(taken) => {
                game.stones.retain(|stone| *stone != taken);
                game.taken.push(taken);
            }
            QuarryMove::PutBack(put) => {
                game.taken.retain(|stone| *stone != put);
                game.stones.push(put);
            }
        }
    }
}

/// `valid` on the last selection: counted as the set's length, ranked by its `nth`.
#[derive(Clone, Debug, Action)]
#[action(prompt = "Take a stone", behaviour = [QuarryMove::Take(*stone)])]
struct Take {
    #[choose_from(
        game.stones.clone(),
        validate = game.may_take(*stone),
        valid = game.takeable()
    )]
    stone: u8,
}

/// `valid` on a selection with another after it: walked value by value.
#[derive(Clone, Debug, Action)]
#[action(prompt = "Stack a stone", behaviour = [QuarryMove::Take(*stone)])]
struct Stack {
    #[choose_from(
        game.stones.clone(),
        validate = game.may_take(*stone),
        valid = game.takeable()
    )]
    stone: u8,
    #[choose_from(Side::ALL)]
    side: Side,
}

/// A last selection with neither `validate` nor `valid`: every option is a completion, so
/// it is counted and ranked over the options themselves, without a walk.
#[derive(Clone, Debug, Action)]
#[action(prompt = "Put a stone back", behaviour = [QuarryMove::PutBack(*stone)])]
struct PutBack {
    #[choose_from(game.taken.clone())]
    stone: u8,
}

#[derive(Clone, Debug, Actions)]
#[actions(game = Quarry)]
enum QuarryAction {
    Take(Take),
    Stack(Stack),
    PutBack(PutBack),
}

impl Game for Quarry {
    type Config = QuarryConfig;
    type Move = QuarryMove;
    type Actions = QuarryAction;
    const NAME: &'static str = "quarry";
    const PLAYERS: std::ops::RangeInclusive<usize> = 1..=1;
    fn setup(config: &QuarryConfig, _: Seats) -> Result<Setup<Self>, SetupError> {
        Ok(Setup {
            state: Quarry {
                stones: config.stones.clone(),
                mislabelled: config.mislabelled,
                taken: Vec::new(),
            },
            moves: Vec::new(),
        })
    }
    fn to_act(&self) -> PlayerSet {
        PlayerSet::one(P0)
    }
    fn outcome(&self) -> Option<Outcome> {
        None
    }
}

fn quarry(stones: &[u8], mislabelled: bool) -> Engine<Quarry> {
    let config = QuarryConfig {
        stones: stones.to_vec(),
        mislabelled,
    };
    Engine::new(config, 1, 3).expect("a valid setup")
}

/// Every completion of the one player, in walk order, as its `Debug` text.
fn completions(engine: &Engine<Quarry>) -> Vec<String> {
    engine
        .position()
        .completions(P0)
        .iter()
        .map(|action| format!("{action:?}"))
        .collect()
}

/// Stones 1 to 6: `take` has the three even stones, `stack` each of them on two sides;
/// counting, ranking and walking agree, in the quarry's order.
#[test]
fn the_valid_set_is_counted_ranked_and_walked_in_option_order() {
    let engine = quarry(&[1, 2, 3, 4, 5, 6], false);
    assert_eq!(
        meeple::testing::check_completions(&engine, P0),
        Ok(3 + 3 * 2)
    );
    assert_eq!(
        completions(&engine),
        [
            "Take(Take { stone: 2 })",
            "Take(Take { stone: 4 })",
            "Take(Take { stone: 6 })",
            "Stack(Stack { stone: 2, side: Left })",
            "Stack(Stack { stone: 2, side: Right })",
            "Stack(Stack { stone: 4, side: Left })",
            "Stack(Stack { stone: 4, side: Right })",
            "Stack(Stack { stone: 6, side: Left })",
            "Stack(Stack { stone: 6, side: Right })",
        ]
    );
    assert_eq!(
        engine
            .position()
            .nth_completion(P0, 9)
            .map(|action| format!("{action:?}")),
        None
    );
}

/// The prompt still lists every stone, each odd one with `validate`'s reason.
#[test]
fn the_prompt_explains_the_values_outside_the_set() {
    let engine = quarry(&[1, 2, 3, 4], false);
    let take = engine
        .position()
        .prompt_action(P0, "take", &[])
        .expect("take is offered");
    let selection = take.selection.expect("the stone is asked");
    let options: Vec<_> = selection
        .options
        .iter()
        .map(|option| (option.value.clone(), option.error.clone()))
        .collect();
    assert_eq!(
        options,
        [
            (json!(1), Some("stone 1 is odd".to_owned())),
            (json!(2), None),
            (json!(3), Some("stone 3 is odd".to_owned())),
            (json!(4), None),
        ]
    );
}

/// A submitted odd stone is refused with `validate`'s message; an even one is taken.
#[test]
fn a_submission_outside_the_set_gets_the_validation_error() {
    // Stone 4 stays to take after 2: putting 2 back is not the only completion left,
    // which the engine would play at once.
    let mut engine = quarry(&[1, 2, 3, 4], false);
    let error = engine
        .submit(P0, QuarryAction::Take(Take { stone: 3 }))
        .expect_err("odd stones stay");
    assert!(matches!(
        error.action,
        QuarryAction::Take(Take { stone: 3 })
    ));
    assert_eq!(
        error.error,
        Refusal::Invalid {
            action: "take",
            selection: "stone",
            message: "stone 3 is odd".to_owned(),
        }
    );
    assert_eq!(engine.records().len(), 1, "only the setup");
    engine
        .submit(P0, QuarryAction::Take(Take { stone: 2 }))
        .expect("an even stone is taken");
    assert_eq!(engine.position().state().taken, [2]);
}

/// A set that names a value `validate` refuses is a bug of the game: debug builds stop at
/// the first walk that takes the set, here the one that settles the new game.
#[test]
#[cfg(debug_assertions)]
#[should_panic(
    expected = "`valid` of selection `stone` gives [1, 2, 3], but `validate` accepts [2]"
)]
fn a_set_that_disagrees_with_validate_panics_in_debug_builds() {
    quarry(&[1, 2, 3], true);
}

/// Once stones 2, 6 and 4 are taken, `put_back` offers each of them, in the order taken:
/// counted, ranked and walked alike, alone or after the actions before it; nothing taken,
/// nothing to put back.
#[test]
fn an_unchecked_last_choice_is_counted_and_ranked_over_its_options() {
    let mut engine = quarry(&[1, 2, 3, 4, 5, 6], false);
    assert!(
        !engine
            .position()
            .completions(P0)
            .iter()
            .any(|action| matches!(action, QuarryAction::PutBack(_))),
        "nothing to put back yet"
    );
    for stone in [2, 6, 4] {
        engine
            .submit(P0, QuarryAction::Take(Take { stone }))
            .expect("an even stone is taken");
    }
    assert_eq!(engine.position().state().stones, [1, 3, 5]);
    assert_eq!(meeple::testing::check_completions(&engine, P0), Ok(3));
    assert_eq!(
        completions(&engine),
        [
            "PutBack(PutBack { stone: 2 })",
            "PutBack(PutBack { stone: 6 })",
            "PutBack(PutBack { stone: 4 })",
        ]
    );
    engine.submit_nth(P0, 1).expect("the second completion");
    assert_eq!(engine.position().state().taken, [2, 4]);
    assert_eq!(engine.position().state().stones, [1, 3, 5, 6]);
    // Take 6, stack 6 on either side, put back 2 or 4.
    assert_eq!(
        meeple::testing::check_completions(&engine, P0),
        Ok(1 + 2 + 2)
    );
}
