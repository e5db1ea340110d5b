//! Forced selections are preset; a forced completion is played for the player, or shown
//! when autoplay is off.

use super::*;

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
struct FerryConfig {
    boats: Vec<u8>,
    seats: u8,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Passenger {
    player: PlayerIndex,
    boat: u8,
    seat: u8,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, meeple::View)]
struct Ferry {
    players: usize,
    boats: Vec<u8>,
    seats: u8,
    aboard: Vec<Passenger>,
    departed: bool,
}

impl Ferry {
    fn taken(&self, boat: u8, seat: u8) -> bool {
        self.aboard
            .iter()
            .any(|passenger| passenger.boat == boat && passenger.seat == seat)
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
enum FerryMove {
    Board {
        player: PlayerIndex,
        boat: u8,
        seat: u8,
    },
    CastOff,
}

impl Move<Ferry> for FerryMove {
    fn apply(&self, ferry: &mut Ferry, _next: &mut MoveContext<'_, Self>) {
        match *self {
            FerryMove::Board { player, boat, seat } => {
                ferry.aboard.push(Passenger { player, boat, seat });
            }
            FerryMove::CastOff => ferry.departed = true,
        }
    }
}

/// Each player in turn takes a free seat on a boat.
#[derive(Clone, Debug, Action)]
#[action(
    prompt = "Board a boat",
    condition = game.aboard.len() < game.players,
    message = "{player} boards {boat}, seat {seat}",
    behaviour = [FerryMove::Board { player, boat: *boat, seat: *seat }],
)]
struct Board {
    #[choose_from(game.boats.clone(), label = format!("boat {boat}"))]
    boat: u8,
    #[choose_number(
        min = 1,
        max = game.seats,
        validate = if game.taken(*boat, *seat) { Err(format!("seat {seat} is taken")) } else { Ok(()) },
    )]
    seat: u8,
}

/// Once everyone is aboard, the first player casts off: no selection.
#[derive(Clone, Debug, Action)]
#[action(
    prompt = "Cast off",
    condition = game.aboard.len() == game.players,
    message = "{player} casts off",
    behaviour = [FerryMove::CastOff],
)]
struct CastOff {}

#[derive(Clone, Debug, Actions)]
#[actions(game = Ferry)]
enum FerryAction {
    Board(Board),
    CastOff(CastOff),
}

impl Game for Ferry {
    type Config = FerryConfig;
    type Move = FerryMove;
    type Actions = FerryAction;
    const NAME: &'static str = "ferry";
    const PLAYERS: std::ops::RangeInclusive<usize> = 1..=4;
    fn setup(config: &FerryConfig, table: Seats) -> Result<Setup<Self>, SetupError> {
        let state = Ferry {
            players: table.count(),
            boats: config.boats.clone(),
            seats: config.seats,
            aboard: Vec::new(),
            departed: false,
        };
        Ok(Setup {
            state,
            moves: Vec::new(),
        })
    }
    fn to_act(&self) -> PlayerSet {
        if self.departed {
            PlayerSet::EMPTY
        } else if self.aboard.len() < self.players {
            PlayerSet::one(PlayerIndex(self.aboard.len()))
        } else {
            PlayerSet::one(P0)
        }
    }
    fn outcome(&self) -> Option<Outcome> {
        self.departed
            .then(|| Outcome::draw(Seats::new(self.players)))
    }
}

fn ferry(players: usize, seats: u8, autoplay_forced: bool) -> Engine<Ferry> {
    let config = FerryConfig {
        boats: vec![7],
        seats,
    };
    Engine::with_settings(
        config,
        players,
        7,
        PositionSettings {
            autoplay_forced,
            ..PositionSettings::default()
        },
    )
    .expect("a valid setup")
}

/// One boat, two seats: the boat is preset, the seat is asked (1 or 2).
#[test]
fn a_forced_selection_is_preset_and_the_next_one_asked() {
    let engine = ferry(2, 2, true);
    let prompt = engine.position().prompt(P0);
    assert!(prompt.forced().is_none());
    insta::assert_json_snapshot!("forced_selection", prompt);
}

/// After the first player takes seat 2, the second player's only completion (boat 7,
/// seat 1) and then the cast-off are played by the engine, recorded as forced.
#[test]
fn forced_completions_after_a_submission_are_played() {
    let mut engine = ferry(2, 2, true);
    engine
        .submit(P0, FerryAction::Board(Board { boat: 7, seat: 2 }))
        .expect("seat 2 is free");
    let kinds: Vec<_> = engine.records().iter().map(|record| record.kind).collect();
    assert_eq!(
        kinds,
        [
            RecordKind::Setup,
            RecordKind::Submitted,
            RecordKind::Forced,
            RecordKind::Forced
        ]
    );
    assert!(matches!(engine.position().status(), Status::Over(_)));
    assert!(engine.position().prompt(P0).actions.is_empty());
    assert!(engine.position().prompt(P1).actions.is_empty());
    insta::assert_json_snapshot!("forced_records", engine.log().records);
}

/// With autoplay off, the second player's forced completion is shown: the boat and
/// seat 1 preset, no selection left (seat 2, taken, is not shown); then the cast-off,
/// an action without selections. Both are submitted by the player.
#[test]
fn forced_completions_are_shown_when_autoplay_is_off() {
    let mut engine = ferry(2, 2, false);
    engine
        .submit(P0, FerryAction::Board(Board { boat: 7, seat: 2 }))
        .expect("seat 2 is free");
    assert_eq!(engine.records().len(), 2);
    let prompt = engine.position().prompt(P1);
    let forced = prompt.forced().expect("the prompt is forced").clone();
    insta::assert_json_snapshot!("forced_board_shown", prompt);

    let submission = Submission {
        action: forced.action.clone(),
        selections: forced.chosen_selections(),
    };
    engine
        .submit_submission(P1, &submission)
        .expect("the forced completion is accepted");
    let prompt = engine.position().prompt(P0);
    assert!(prompt.forced().is_some());
    insta::assert_json_snapshot!("forced_cast_off_shown", prompt);
    engine
        .submit_submission(P0, &Submission::new("cast_off"))
        .expect("cast off");
    assert!(
        engine
            .records()
            .iter()
            .all(|record| record.kind != RecordKind::Forced)
    );
    assert!(matches!(engine.position().status(), Status::Over(_)));
}

/// A player alone with one boat and one seat: the whole game is forced and plays
/// itself at setup.
#[test]
fn a_game_of_forced_actions_plays_itself() {
    let engine = ferry(1, 1, true);
    let records: Vec<_> = engine
        .records()
        .iter()
        .map(|record| (record.name(), record.kind))
        .collect();
    assert_eq!(
        records,
        [
            ("setup", RecordKind::Setup),
            ("board", RecordKind::Forced),
            ("cast_off", RecordKind::Forced)
        ]
    );
    assert!(matches!(engine.position().status(), Status::Over(_)));
}

/// A taken seat, another player's turn and a finished game are typed errors.
#[test]
fn refused_boardings_say_why() {
    let mut engine = ferry(2, 2, false);
    engine
        .submit(P0, FerryAction::Board(Board { boat: 7, seat: 2 }))
        .expect("seat 2 is free");

    let error = refused(&mut engine, |engine| {
        engine
            .submit(P1, FerryAction::Board(Board { boat: 7, seat: 2 }))
            .map(|_| ())
            .map_err(Refusal::from)
    });
    assert_eq!(
        error,
        Refusal::Invalid {
            action: "board",
            selection: "seat",
            message: "seat 2 is taken".to_owned(),
        }
    );

    let error = refused(&mut engine, |engine| {
        engine
            .submit(P0, FerryAction::CastOff(CastOff {}))
            .map(|_| ())
            .map_err(Refusal::from)
    });
    assert_eq!(
        error,
        Refusal::NotYourTurn {
            player: seat(P0),
            to_act: vec![seat(P1)]
        }
    );
    assert_eq!(
        error.to_string(),
        "it is not Player 1's turn (to act: Player 2)"
    );

    let error = refused(&mut engine, submit(P1, Submission::new("cast_off")));
    assert_eq!(
        error,
        SubmitError::Refused(Refusal::ActionNotAvailable {
            action: "cast_off",
            reason: None,
            player: seat(P1),
            available: vec!["board"],
        })
    );

    let mut over = ferry(1, 1, true);
    let error = refused(&mut over, submit(P0, Submission::new("cast_off")));
    assert_eq!(error, SubmitError::Refused(Refusal::GameOver));
}
