//! Selections on the board: `choose_on_board` (one space, or several) and `place_piece`
//! (a space and a rotation), with the same tree-shaking, validation and skips as
//! `choose_from`.

use meeple::{
    Action, Actions, Engine, Game, Move, MoveContext, Outcome, Placement, PlayerIndex, PlayerSet,
    SelectionKind, Setup, SetupError, Space, Submission, SubmitError, View,
};
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

    fn setup(blocked: &Vec<Space>, _players: usize) -> Result<Setup<Self>, SetupError> {
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
        (!self.to_act().contains(PlayerIndex(0))).then(|| Outcome {
            winners: vec![PlayerIndex(0)],
            scores: Vec::new(),
        })
    }
}

const P0: PlayerIndex = PlayerIndex(0);

/// Four spaces free (0, 1, 3, 4 of a 2x3 board): each with its four rotations, those
/// pointing off the board shown with the reason; the fence's adjacent pairs.
#[test]
fn placements_and_board_choices_are_prompted() {
    let engine = Engine::<Yard>::new(vec![Space(2), Space(5)], 1, 0).expect("a valid setup");
    let prompt = engine.prompt(P0);
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
    let prompt = engine.prompt(P0);
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
        refused,
        Err(SubmitError::Invalid {
            action: "lay",
            selection: "at",
            message: "the arrow would point off the board from 0,0".to_owned()
        })
    );
    assert!(engine.state().laid.is_empty());
    engine
        .submit_submission(
            P0,
            &Submission::new("lay").with("at", json!({"space": 0, "rotation": 1})),
        )
        .expect("pointing right from the corner");
    assert_eq!(
        engine.state().laid,
        vec![Placement {
            space: Space(0),
            rotation: 1
        }]
    );
}
