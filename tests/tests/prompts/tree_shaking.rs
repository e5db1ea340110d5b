//! Tree-shaking: options after which nothing valid follows are removed, and actions without
//! a completion are not offered.

use super::*;

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
enum Room {
    Hall,
    Cellar,
    Tower,
    Attic,
}

impl Room {
    const ALL: [Room; 4] = [Room::Hall, Room::Cellar, Room::Tower, Room::Attic];

    fn doors(self) -> Vec<u8> {
        match self {
            Room::Hall => vec![1, 2, 5],
            Room::Cellar => vec![],
            Room::Tower => vec![3],
            Room::Attic => vec![4],
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, meeple::View)]
struct Dungeon {
    locked: Vec<u8>,
    keys: Vec<u8>,
    chests: Vec<(Room, u8)>,
    journal: Vec<String>,
}

impl Dungeon {
    fn chests_in(&self, room: Room) -> Vec<u8> {
        self.chests
            .iter()
            .filter(|(place, _)| *place == room)
            .map(|(_, chest)| *chest)
            .collect()
    }
}

impl Journal for Dungeon {
    fn journal(&mut self) -> &mut Vec<String> {
        &mut self.journal
    }
}

/// A door of a room, if it is not locked: the cellar has no door and the tower's only
/// door is locked, so neither room is offered.
#[derive(Clone, Debug, Action)]
#[action(prompt = "Open a door", behaviour = [Note(format!("opened door {door} of the {room:?}"))])]
struct Open {
    #[choose_from(Room::ALL)]
    room: Room,
    #[choose_from(
        room.doors(),
        validate = if game.locked.contains(door) { Err(format!("door {door} is locked")) } else { Ok(()) },
    )]
    door: u8,
}

/// Give away a key: the player has none, so the action is not offered.
#[derive(Clone, Debug, Action)]
#[action(prompt = "Trade a key", behaviour = [Note(format!("traded key {key}"))])]
struct Trade {
    #[choose_from(game.keys.clone())]
    key: u8,
}

/// Search a chest of a room: every room can be chosen, but no room has a chest, so the
/// action is not offered.
#[derive(Clone, Debug, Action)]
#[action(prompt = "Search a chest", behaviour = [Note(format!("searched chest {chest}"))])]
struct Search {
    #[choose_from(Room::ALL, skip_if = "never")]
    room: Room,
    #[choose_from(game.chests_in(*room))]
    chest: u8,
}

#[derive(Clone, Debug, Actions)]
#[actions(game = Dungeon)]
enum DungeonAction {
    Open(Open),
    Trade(Trade),
    Search(Search),
}

impl Game for Dungeon {
    type Config = ();
    type Move = Note;
    type Actions = DungeonAction;
    const NAME: &'static str = "dungeon";
    const PLAYERS: std::ops::RangeInclusive<usize> = 1..=4;
    fn setup(_: &(), _: Seats) -> Result<Setup<Self>, SetupError> {
        let state = Dungeon {
            locked: vec![2, 3],
            keys: Vec::new(),
            chests: Vec::new(),
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
}

fn dungeon() -> Engine<Dungeon> {
    Engine::new((), 1, 7).expect("a valid setup")
}

/// Only `open` is offered (`trade` and `search` have no completion), with the hall
/// and the attic: the cellar (no door) and the tower (its door locked) are removed.
#[test]
fn options_and_actions_without_completion_are_removed() {
    let engine = dungeon();
    assert_eq!(offered(&engine, P0), ["open"]);
    insta::assert_json_snapshot!("tree_shaking_prompt", engine.position().prompt(P0));
}

/// Three completions (hall doors 1 and 5, attic door 4): actions and rooms without
/// any count nothing.
#[test]
fn only_completable_branches_are_counted() {
    let engine = dungeon();
    assert_eq!(meeple::testing::check_completions(&engine, P0), Ok(3));
}

/// In the hall, locked door 2 is shown in place with its error between 1 and 5; in
/// the attic the only door is preset.
#[test]
fn the_doors_of_an_offered_room() {
    let engine = dungeon();
    let hall = engine
        .position()
        .prompt_action(P0, "open", &[json!("hall")])
        .expect("the hall is offered");
    insta::assert_json_snapshot!("tree_shaking_hall", hall);
    let attic = engine
        .position()
        .prompt_action(P0, "open", &[json!("attic")])
        .expect("the attic is offered");
    insta::assert_json_snapshot!("tree_shaking_attic", attic);
}

/// Stepping into a removed room, or into an action without completion, is refused
/// with a typed error; so are submissions of them.
#[test]
fn removed_options_and_actions_are_refused() {
    let mut engine = dungeon();
    for room in ["cellar", "tower"] {
        assert_eq!(
            engine.position().prompt_action(P0, "open", &[json!(room)]),
            Err(SubmitError::Refused(Refusal::NotOffered {
                action: "open",
                selection: "room",
                value: room.to_owned(),
                reason: "no complete action follows it".to_owned(),
            }))
        );
    }
    let not_available = |action| {
        SubmitError::Refused(Refusal::ActionNotAvailable {
            action,
            player: seat(P0),
            reason: None,
            available: vec!["open"],
        })
    };
    assert_eq!(
        engine.position().prompt_action(P0, "trade", &[]),
        Err(not_available("trade"))
    );
    assert_eq!(
        engine.position().prompt_action(P0, "search", &[]),
        Err(not_available("search"))
    );

    let error = refused(
        &mut engine,
        submit(P0, Submission::new("trade").with("key", 1)),
    );
    assert_eq!(error, not_available("trade"));
    assert_eq!(
        error.to_string(),
        "`trade` is not available to Player 1 now; available: open"
    );

    let error = refused(
        &mut engine,
        submit(
            P0,
            Submission::new("open")
                .with("room", "tower")
                .with("door", 3),
        ),
    );
    assert_eq!(
        error,
        SubmitError::Refused(Refusal::Invalid {
            action: "open",
            selection: "door",
            message: "door 3 is locked".to_owned(),
        })
    );

    let error = refused(
        &mut engine,
        submit(
            P0,
            Submission::new("open")
                .with("room", "cellar")
                .with("door", 1),
        ),
    );
    assert_eq!(
        error,
        SubmitError::Refused(Refusal::NotOffered {
            action: "open",
            selection: "door",
            value: "1".to_owned(),
            reason: "it is not among the options".to_owned(),
        })
    );
}
