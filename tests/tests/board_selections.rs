//! Selections on the board: `choose_on_board` (one space, or several) and `place_piece`
//! (a space and a rotation), with the same tree-shaking, validation and skips as
//! `choose_from`.

use meeple::{
    Action, Actions, Engine, Game, Move, MoveContext, Outcome, Placement, PlayerIndex, PlayerSet,
    Refusal, Seats, SelectionKind, Setup, SetupError, Space, Submission, SubmitError, View,
};
use meeple_tests::P0;
use serde::{Deserialize, Serialize};
use serde_json::json;

/// A 2x3 board of spaces, some blocked; a player lays an arrow (4 rotations: 0 up, 1 right,
/// 2 down, 3 left) that must not point off the board, or fences two free spaces.
#[derive(Clone, Debug, Serialize, Deserialize, View)]
struct Yard {
    blocked: Vec<Space>,
    laid: Vec<Placement>,
    fenced: Vec<Space>,
}

const COLUMNS: usize = 3;
const ROWS: usize = 2;

impl Yard {
    fn free(&self) -> impl Iterator<Item = Space> + '_ {
        (0..ROWS * COLUMNS)
            .map(Space)
            .filter(|space| !self.blocked.contains(space))
    }

    /// An arrow may not point off the board.
    fn points_inside(placement: &Placement) -> Result<(), String> {
        let (row, column) = (placement.space.0 / COLUMNS, placement.space.0 % COLUMNS);
        let inside = match placement.rotation {
            0 => row > 0,
            1 => column + 1 < COLUMNS,
            2 => row + 1 < ROWS,
            _ => column > 0,
        };
        if inside {
            Ok(())
        } else {
            Err(format!(
                "the arrow would point off the board from {row},{column}"
            ))
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
enum YardMove {
    Lay(Placement),
    Fence(Vec<Space>),
}

impl Move<Yard> for YardMove {
    fn apply(&self, yard: &mut Yard, _next: &mut MoveContext<'_, Self>) {
        match self {
            YardMove::Lay(placement) => yard.laid.push(*placement),
            YardMove::Fence(spaces) => yard.fenced.extend(spaces),
        }
    }
}

#[derive(Clone, Debug, Action)]
#[action(prompt = "Lay an arrow", behaviour = [YardMove::Lay(*at)])]
struct Lay {
    #[place_piece(
        game.free(),
        rotations = 4,
        label = format!("{} {}", at.space.0, ["up", "right", "down", "left"][usize::from(at.rotation)]),
        validate = Yard::points_inside(at)
    )]
    at: Placement,
}

#[derive(Clone, Debug, Action)]
#[action(prompt = "Fence two spaces", behaviour = [YardMove::Fence(spaces.clone())])]
struct Fence {
    #[choose_on_board(game.free(), count = 2, validate = spaces[0].0 + 1 == spaces[1].0 || spaces[1].0 + 1 == spaces[0].0)]
    spaces: Vec<Space>,
}

#[derive(Clone, Debug, Actions)]
#[actions(game = Yard)]
enum YardAction {
    Lay(Lay),
    Fence(Fence),
}

impl Game for Yard {
    type Config = Vec<Space>;
    type Move = YardMove;
    type Actions = YardAction;
    const NAME: &'static str = "yard";
    const PLAYERS: std::ops::RangeInclusive<usize> = 1..=4;

    fn setup(blocked: &Vec<Space>, _: Seats) -> Result<Setup<Self>, SetupError> {
        Ok(Setup {
            state: Yard {
                blocked: blocked.clone(),
                laid: Vec::new(),
                fenced: Vec::new(),
            },
            moves: Vec::new(),
        })
    }

    fn to_act(&self) -> PlayerSet {
        if self.laid.is_empty() && self.fenced.is_empty() {
            PlayerSet::one(PlayerIndex(0))
        } else {
            PlayerSet::EMPTY
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        (!self.to_act().contains(PlayerIndex(0)))
            .then(|| Outcome::win(PlayerIndex(0), Seats::new(1)))
    }
}

/// Four spaces free (0, 1, 3, 4 of a 2x3 board): each with its four rotations, those
/// pointing off the board shown with the reason; the fence's adjacent pairs.
#[test]
fn placements_and_board_choices_are_prompted() {
    let engine = Engine::<Yard>::new(vec![Space(2), Space(5)], 1, 0).expect("a valid setup");
    let prompt = engine.position().prompt(P0);
    let lay = prompt.actions[0].selection.as_ref().expect("a selection");
    assert_eq!(lay.kind, SelectionKind::PlacePiece { rotations: 4 });
    assert_eq!(lay.options.len(), 16);
    let fence = prompt.actions[1].selection.as_ref().expect("a selection");
    assert_eq!(fence.kind, SelectionKind::ChooseOnBoard { min: 2, max: 2 });
    insta::assert_json_snapshot!("yard_prompt", prompt);
}

/// With one space free, only the rotations pointing inside remain; with none free, the
/// action is not offered.
#[test]
fn placements_are_tree_shaken() {
    let engine = Engine::<Yard>::new(vec![Space(0), Space(1), Space(2), Space(4), Space(5)], 1, 0)
        .expect("a valid setup");
    let prompt = engine.position().prompt(P0);
    let names: Vec<&str> = prompt
        .actions
        .iter()
        .map(|action| action.action.as_str())
        .collect();
    assert_eq!(names, ["lay"], "no two free spaces to fence");
    let lay = prompt.actions[0].selection.as_ref().expect("a selection");
    let viable: Vec<&str> = lay
        .options
        .iter()
        .filter(|option| option.error.is_none())
        .map(|option| option.label.as_str())
        .collect();
    assert_eq!(viable, ["3 up", "3 right"]);
}

/// A placement is submitted as `{"space":..,"rotation":..}`; one pointing off the board is
/// refused with the validation's text, and nothing changes.
#[test]
fn placements_are_submitted_and_checked() {
    let mut engine = Engine::<Yard>::new(vec![], 1, 0).expect("a valid setup");
    let refused = engine.submit_submission(
        P0,
        &Submission::new("lay").with("at", json!({"space": 0, "rotation": 0})),
    );
    assert_eq!(
        refused.map(|record| record.name()),
        Err(SubmitError::Refused(Refusal::Invalid {
            action: "lay",
            selection: "at",
            message: "the arrow would point off the board from 0,0".to_owned()
        }))
    );
    assert!(engine.position().state().laid.is_empty());
    engine
        .submit_submission(
            P0,
            &Submission::new("lay").with("at", json!({"space": 0, "rotation": 1})),
        )
        .expect("pointing right from the corner");
    assert_eq!(
        engine.position().state().laid,
        vec![Placement {
            space: Space(0),
            rotation: 1
        }]
    );
}

/// A hand of 20 cards costing 1 to 20 and a budget: buy any set within it.
mod budget {
    use std::cell::Cell;

    use super::*;

    thread_local! {
        /// How many times the budget was checked, to show the search never walks every
        /// subset of the hand.
        static CHECKS: Cell<usize> = const { Cell::new(0) };
    }

    fn within(cards: &[u32], budget: u32) -> bool {
        CHECKS.with(|checks| checks.set(checks.get() + 1));
        cards.iter().sum::<u32>() <= budget
    }

    #[derive(Clone, Debug, Serialize, Deserialize, View)]
    pub(super) struct Shop {
        pub(super) budget: u32,
        pub(super) bought: Option<Vec<u32>>,
    }

    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    pub(super) enum ShopMove {
        Buy(Vec<u32>),
    }

    impl Move<Shop> for ShopMove {
        fn apply(&self, shop: &mut Shop, _next: &mut MoveContext<'_, Self>) {
            let ShopMove::Buy(cards) = self;
            shop.bought = Some(cards.clone());
        }
    }

    #[derive(Clone, Debug, Action)]
    #[action(prompt = "Buy cards", behaviour = [ShopMove::Buy(cards.clone())])]
    pub(super) struct Buy {
        #[choose_from(1..=20_u32, min = 1, max = 20, within = within(cards, game.budget))]
        cards: Vec<u32>,
    }

    #[derive(Clone, Debug, Actions)]
    #[actions(game = Shop)]
    pub(super) enum ShopAction {
        Buy(Buy),
    }

    impl Game for Shop {
        type Config = u32;
        type Move = ShopMove;
        type Actions = ShopAction;
        const NAME: &'static str = "shop";
        const PLAYERS: std::ops::RangeInclusive<usize> = 1..=4;

        fn setup(budget: &u32, _: Seats) -> Result<Setup<Self>, SetupError> {
            Ok(Setup {
                state: Shop {
                    budget: *budget,
                    bought: None,
                },
                moves: Vec::new(),
            })
        }

        fn to_act(&self) -> PlayerSet {
            if self.bought.is_none() {
                PlayerSet::one(PlayerIndex(0))
            } else {
                PlayerSet::EMPTY
            }
        }

        fn outcome(&self) -> Option<Outcome> {
            self.bought
                .as_ref()
                .map(|_| Outcome::win(PlayerIndex(0), Seats::new(1)))
        }
    }

    pub(super) fn checks() -> usize {
        CHECKS.with(|checks| checks.replace(0))
    }
}

/// Under a budget of 3, only the cards 1, 2 and 3 can be part of a set; the search checks
/// the budget a few hundred times, not once per subset of 20 cards (about a million).
#[test]
fn a_budget_prunes_the_sets_as_they_grow() {
    let engine = Engine::<budget::Shop>::new(3, 1, 0).expect("a valid setup");
    budget::checks();
    let prompt = engine.position().prompt(P0);
    let checks = budget::checks();
    let selection = prompt.actions[0].selection.as_ref().expect("a selection");
    let labels: Vec<&str> = selection
        .options
        .iter()
        .map(|option| option.label.as_str())
        .collect();
    assert_eq!(labels, ["1", "2", "3"]);
    assert!(checks < 1_000, "{checks} checks of the budget");
    // {1}, {1,2}, {2}, {3}: counted and ranked by the same depth-first, pruned search.
    assert_eq!(meeple::testing::check_completions(&engine, P0), Ok(4));
    assert_eq!(
        engine
            .position()
            .nth_completion(P0, 1)
            .map(|action| format!("{action:?}")),
        Some("Buy(Buy { cards: [1, 2] })".to_owned())
    );
    // A set over the budget is refused; one within it is bought.
    let mut engine = engine;
    let refused =
        engine.submit_submission(P0, &Submission::new("buy").with("cards", json!([1, 3])));
    assert_eq!(
        refused.map(|record| record.name()),
        Err(SubmitError::Refused(Refusal::NotOffered {
            action: "buy",
            selection: "cards",
            value: "[1,3]".to_owned(),
            reason: "the set breaks its bound (`within`)".to_owned()
        }))
    );
    assert_eq!(engine.position().state().bought, None);
    engine
        .submit_submission(P0, &Submission::new("buy").with("cards", json!([1, 2])))
        .expect("within the budget");
    assert_eq!(engine.position().state().bought, Some(vec![1, 2]));
}

/// With no budget at all, nothing can be bought and the action is not offered, found
/// after 20 checks.
#[test]
fn a_budget_nothing_fits_removes_the_action() {
    let engine = Engine::<budget::Shop>::new(0, 1, 0).expect("a valid setup");
    budget::checks();
    assert!(engine.position().prompt(P0).actions.is_empty());
    assert!(budget::checks() <= 40);
}
