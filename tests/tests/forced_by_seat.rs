//! [`PositionSettings::asked_always`]: the forced moves of chosen seats are asked of them,
//! while the engine plays the others', and a replay of the log does the same; and
//! [`PositionSettings::stop_forced_at_next_player`]: forced moves stop where they would
//! pass to another seat.

use meeple::flow::{Flow, Step};
use meeple::{
    Action, Actions, Engine, Game, Move, MoveContext, Outcome, PlayerIndex, PlayerSet,
    PositionSettings, RecordKind, Seats, Setup, SetupError, Start, Submission, View,
};
use serde::{Deserialize, Serialize};

/// Seat 0 adds 1 or 2 to a count; seat 1 can only wait, then stretch (two forced moves in
/// a row). Ten turns each.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, View)]
struct Count {
    total: u32,
    waits: u32,
    stretches: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
enum CountMove {
    Add(u32),
    Wait,
    Stretch,
}

impl Move<Count> for CountMove {
    fn apply(&self, count: &mut Count, _next: &mut MoveContext<'_, Self>) {
        match *self {
            CountMove::Add(amount) => count.total += amount,
            CountMove::Wait => count.waits += 1,
            CountMove::Stretch => count.stretches += 1,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Action)]
#[action(prompt = "Add", behaviour = [CountMove::Add(*amount)])]
struct Add {
    #[choose_number(min = 1, max = 2)]
    amount: u32,
}

#[derive(Clone, Debug, PartialEq, Action)]
#[action(prompt = "Wait", behaviour = [CountMove::Wait])]
struct Wait {}

#[derive(Clone, Debug, PartialEq, Action)]
#[action(prompt = "Stretch", behaviour = [CountMove::Stretch])]
struct Stretch {}

#[derive(Clone, Debug, PartialEq, Actions)]
#[actions(game = Count)]
enum CountAction {
    Add(Add),
    Wait(Wait),
    Stretch(Stretch),
}

impl Game for Count {
    type Config = ();
    type Move = CountMove;
    type Actions = CountAction;
    const NAME: &'static str = "count";
    const PLAYERS: std::ops::RangeInclusive<usize> = 2..=2;

    fn setup(_: &(), _: Seats) -> Result<Setup<Self>, SetupError> {
        Ok(Setup {
            state: Count {
                total: 0,
                waits: 0,
                stretches: 0,
            },
            moves: Vec::new(),
        })
    }

    fn flow() -> Flow<Self> {
        Flow::new(Step::times(
            "rounds",
            |_, _| 10,
            [
                Step::player("add", |_, _| PlayerIndex(0)).offering::<Add>(),
                Step::player("wait", |_, _| PlayerIndex(1)).offering::<Wait>(),
                Step::player("stretch", |_, _| PlayerIndex(1)).offering::<Stretch>(),
            ],
        ))
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.stretches == 10).then(|| Outcome::win(PlayerIndex(0), Seats::new(2)))
    }
}

fn add(engine: &mut Engine<Count>) {
    let submission = Submission::new("add").with("amount", 1);
    if let Err(error) = engine.submit_submission(PlayerIndex(0), &submission) {
        panic!("add: {error}");
    }
}

#[test]
fn by_default_the_engine_plays_a_forced_move() {
    let mut engine = Engine::<Count>::new((), 2, 0).expect("a table of two");
    add(&mut engine);
    assert_eq!(engine.position().state().waits, 1);
    assert_eq!(engine.position().to_act(), PlayerSet::one(PlayerIndex(0)));
    let last = engine.records().last().expect("a record");
    assert_eq!((last.kind, last.name()), (RecordKind::Forced, "stretch"));
}

#[test]
fn a_seat_asked_always_makes_its_forced_move_itself_and_a_replay_asks_it_too() {
    let settings = PositionSettings {
        asked_always: PlayerSet::one(PlayerIndex(1)),
        ..PositionSettings::default()
    };
    let mut engine = Engine::<Count>::with_settings((), 2, 0, settings).expect("a table");
    add(&mut engine);
    assert_eq!(engine.position().state().waits, 0);
    assert_eq!(engine.position().to_act(), PlayerSet::one(PlayerIndex(1)));
    engine
        .submit_submission(PlayerIndex(1), &Submission::new("wait"))
        .expect("the forced move, submitted");
    engine
        .submit_submission(PlayerIndex(1), &Submission::new("stretch"))
        .expect("the next forced move, submitted");
    let last = engine
        .records()
        .iter()
        .rev()
        .find(|record| record.name() == "wait")
        .expect("the wait");
    assert_eq!(last.kind, RecordKind::Submitted);
    let log = engine.log();
    assert_eq!(log.asked_always, PlayerSet::one(PlayerIndex(1)));
    let replayed = Engine::replay(&log).expect("the log replays");
    assert_eq!(replayed.position().state(), engine.position().state());
    assert_eq!(replayed.position().to_act(), PlayerSet::one(PlayerIndex(0)));
    // The setting is part of a sealed game: the digest differs from a game without it.
    let plain = Engine::<Count>::new((), 2, 0).expect("a table of two");
    let asked = Engine::<Count>::with_settings((), 2, 0, settings).expect("a table");
    assert_ne!(plain.digest(), asked.digest());
}

/// The kind and name of each record since `from`, the flow's left out.
fn made_since(engine: &Engine<Count>, from: usize) -> Vec<(RecordKind, &str)> {
    engine.records()[from..]
        .iter()
        .filter(|record| record.kind != RecordKind::Flow)
        .map(|record| (record.kind, record.name()))
        .collect()
}

#[test]
fn forced_moves_stop_at_the_next_player_and_a_replay_stops_them_too() {
    let settings = PositionSettings {
        stop_forced_at_next_player: true,
        ..PositionSettings::default()
    };
    let mut engine = Engine::<Count>::with_settings((), 2, 0, settings).expect("a table");
    let from = engine.records().len();
    add(&mut engine);
    // Seat 1's wait is forced, but seat 0 acted: it is asked of seat 1.
    assert_eq!(made_since(&engine, from), [(RecordKind::Submitted, "add")]);
    assert_eq!(engine.position().to_act(), PlayerSet::one(PlayerIndex(1)));
    let prompt = engine.position().prompt(PlayerIndex(1));
    assert_eq!(prompt.actions.len(), 1, "the wait alone: {prompt:?}");

    // Seat 1 waits; their own stretch after it is still played for them, and the chain
    // stops at seat 0, who has a choice anyway.
    let from = engine.records().len();
    engine
        .submit_submission(PlayerIndex(1), &Submission::new("wait"))
        .expect("the wait");
    assert_eq!(
        made_since(&engine, from),
        [
            (RecordKind::Submitted, "wait"),
            (RecordKind::Forced, "stretch")
        ]
    );
    assert_eq!(engine.position().to_act(), PlayerSet::one(PlayerIndex(0)));

    let log = engine.log();
    assert!(log.stop_forced_at_next_player);
    let replayed = Engine::replay(&log).expect("the log replays");
    assert_eq!(replayed.position().state(), engine.position().state());
    add(&mut engine);
    assert_eq!(engine.position().to_act(), PlayerSet::one(PlayerIndex(1)));
    // Part of a sealed game, as the seats asked always are.
    let plain = Engine::<Count>::new((), 2, 0).expect("a table of two");
    let stopping = Engine::<Count>::with_settings((), 2, 0, settings).expect("a table");
    assert_ne!(plain.digest(), stopping.digest());
}

#[test]
fn from_a_start_the_first_player_forced_plays_on() {
    let settings = PositionSettings {
        stop_forced_at_next_player: true,
        ..PositionSettings::default()
    };
    let state = Count {
        total: 3,
        waits: 2,
        stretches: 2,
    };
    let start = Start::new(state, 2)
        .with_settings(settings)
        .at_step("wait", None)
        .expect("the flow has a wait step");
    let engine = Engine::from_start(start).expect("the start is played");
    // Nobody acted: seat 1, the first forced, waits and stretches; seat 0 has a choice.
    assert_eq!(
        made_since(&engine, 0),
        [
            (RecordKind::Setup, "setup"),
            (RecordKind::Forced, "wait"),
            (RecordKind::Forced, "stretch")
        ]
    );
    assert_eq!(engine.position().to_act(), PlayerSet::one(PlayerIndex(0)));
}
