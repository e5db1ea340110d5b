//! Templates: `confirm` names the selections, asked once they are made; every template
//! fills `{player}` and a `PlayerIndex` argument with the player's name, a `Space` argument
//! with the game's name for it, a selection with its label, an argument with its `label`
//! and another argument with its `Display`.

use super::*;
use meeple::Space;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, meeple::View)]
struct Board {
    seats: Seats,
    rows: u8,
    journal: Vec<String>,
}

impl Journal for Board {
    fn journal(&mut self) -> &mut Vec<String> {
        &mut self.journal
    }
}

/// Place a tile in a row, then give a colour to the next player.
#[derive(Clone, Debug, Action)]
#[action(
    prompt = "Place a tile",
    confirm = "Place the tile in row {row}?",
    message = "{player} placed a tile in row {row}",
    behaviour = Behaviour::moves([Note(format!("row {row}"))])
        .follow_up(player, GiveArgs { to: game.seats.next(player), count: *row, at: Space(usize::from(*row) + 3), size: *row }),
)]
struct Place {
    #[choose_number(min = 1, max = game.rows)]
    row: u8,
}

/// Only a follow-up.
#[derive(Clone, Debug, Action)]
#[action(
    prompt = "Give a colour",
    message = "{player} gives {count} of {colour} to {to} at {at}, {size}",
    behaviour = [Note(format!("gave {colour}"))],
)]
struct Give {
    #[arg]
    to: PlayerIndex,
    #[arg]
    count: u8,
    #[arg]
    at: Space,
    #[arg(label = if *size == 1 { "a single tile".to_owned() } else { format!("{size} in a row") })]
    size: u8,
    #[choose_from(["red".to_owned(), "blue".to_owned()], label = format!("the {colour} one"))]
    colour: String,
}

#[derive(Clone, Debug, Actions)]
#[actions(game = Board)]
enum BoardAction {
    Place(Place),
    Give(Give),
}

impl Game for Board {
    type Config = u8;
    type Move = Note;
    type Actions = BoardAction;
    const NAME: &'static str = "board";
    const PLAYERS: std::ops::RangeInclusive<usize> = 1..=4;
    fn setup(rows: &u8, seats: Seats) -> Result<Setup<Self>, SetupError> {
        let state = Board {
            seats,
            rows: *rows,
            journal: Vec::new(),
        };
        Ok(Setup {
            state,
            moves: Vec::new(),
        })
    }
    fn to_act(&self) -> PlayerSet {
        PlayerSet::one(P0)
    }
    fn outcome(&self) -> Option<Outcome> {
        None
    }
    /// Spaces by row and column, three a row: `r2c3`.
    fn space_name(&self, space: Space) -> String {
        format!("r{}c{}", space.0 / 3 + 1, space.0 % 3 + 1)
    }
}

#[test]
fn confirm_names_the_selections_once_they_are_made() {
    let engine = Engine::<Board>::new(3, 2, 7).expect("a valid setup");
    let asking = engine
        .position()
        .prompt_action(P0, "place", &[])
        .expect("place is offered");
    assert_eq!(asking.confirm, None, "the row is still to choose");
    let chosen = engine
        .position()
        .prompt_action(P0, "place", &[json!(2)])
        .expect("row 2 is offered");
    assert_eq!(chosen.confirm.as_deref(), Some("Place the tile in row 2?"));
}

/// With a single row, the action is complete at once but asks for confirmation, so
/// it is not played for the player.
#[test]
fn a_forced_action_with_a_confirmation_is_asked() {
    let engine = Engine::<Board>::new(1, 2, 7).expect("a valid setup");
    let prompt = engine.position().prompt(P0);
    assert_eq!(prompt.forced(), None);
    assert_eq!(
        prompt.actions[0].confirm.as_deref(),
        Some("Place the tile in row 1?")
    );
    assert_eq!(engine.records().len(), 1, "only the setup");
}

#[test]
fn every_placeholder_is_filled_the_same_way() {
    let mut engine = Engine::<Board>::new(3, 2, 7).expect("a valid setup");
    submit(P0, Submission::new("place").with("row", 2))(&mut engine).expect("row 2");
    assert_eq!(
        engine.log().records[1].messages[0].text,
        "Player 1 placed a tile in row 2"
    );
    submit(P0, Submission::new("give").with("colour", "red"))(&mut engine).expect("the follow-up");
    assert_eq!(
        engine.log().records[2].messages[0].text,
        "Player 1 gives 2 of the red one to Player 2 at r2c3, 2 in a row"
    );
}
