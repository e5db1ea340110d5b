//! The logged table's way back: a copy of its position every few submissions, and the
//! records since played again from it. A refused submission and an undo, far past the
//! start, with chance drawn, timeouts fired and time moved on between, leave the game
//! exactly as it was (its chance and its deadlines too); a game whose rules break
//! determinism is caught when its records are played again, not rebuilt otherwise.

use std::cell::Cell;
use std::time::Duration;

use meeple::{
    Action, Actions, Engine, Game, Move, MoveContext, Outcome, PlayerIndex, PlayerSet,
    PositionSettings, RecordKind, Refusal, Seats, Setup, SetupError, Submission, SubmitError,
    UndoError,
};
use serde::{Deserialize, Serialize};

thread_local! {
    /// What a stamped game's rules read besides the state: a counter of the test's
    /// thread, which a game must never do.
    static STAMPS: Cell<u64> = const { Cell::new(0) };
}

/// A total of dice rolls and added amounts, for one player. Arming it makes `tick` the
/// only action, forever: what a submission sets off that the engine refuses after the
/// fact. A stamped game (the config) also stamps each amount added from a counter outside
/// the state, breaking the rule that moves depend only on their data and the state.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, meeple::View)]
struct Dice {
    stamped: bool,
    total: i64,
    rolls: Vec<i64>,
    stamps: Vec<u64>,
    armed: bool,
    ticks: u64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
enum DiceMove {
    Roll,
    Rolled(i64),
    Add(i64),
    Stamp(u64),
    Arm,
    Tick,
}

impl Move<Dice> for DiceMove {
    fn apply(&self, game: &mut Dice, next: &mut MoveContext<'_, Self>) {
        match *self {
            DiceMove::Roll => {
                let rolled = next.chance().roll(1, 6);
                next.then(DiceMove::Rolled(rolled));
            }
            DiceMove::Rolled(rolled) => {
                game.total += rolled;
                game.rolls.push(rolled);
            }
            DiceMove::Add(amount) => {
                game.total += amount;
                if game.stamped {
                    let stamp = STAMPS.with(|stamps| {
                        stamps.set(stamps.get() + 1);
                        stamps.get()
                    });
                    next.then(DiceMove::Stamp(stamp));
                }
            }
            DiceMove::Stamp(stamp) => game.stamps.push(stamp),
            DiceMove::Arm => game.armed = true,
            DiceMove::Tick => game.ticks += 1,
        }
    }
}

#[derive(Clone, Debug, Action)]
#[action(prompt = "Roll a die", condition = !game.armed, behaviour = [DiceMove::Roll])]
struct Roll {}

#[derive(Clone, Debug, Action)]
#[action(prompt = "Add to the total", condition = !game.armed, behaviour = [DiceMove::Add(i64::from(*amount))])]
struct Add {
    #[choose_number(min = 1, max = 3)]
    amount: u32,
}

#[derive(Clone, Debug, Action)]
#[action(prompt = "Arm the clock", condition = !game.armed, behaviour = [DiceMove::Arm])]
struct Arm {}

#[derive(Clone, Debug, Action)]
#[action(prompt = "Tick", condition = game.armed, behaviour = [DiceMove::Tick])]
struct Tick {}

#[derive(Clone, Debug, Actions)]
#[actions(game = Dice)]
enum DiceAction {
    Roll(Roll),
    Add(Add),
    Arm(Arm),
    Tick(Tick),
}

impl Game for Dice {
    /// Whether the game stamps its amounts from outside its state.
    type Config = bool;
    type Move = DiceMove;
    type Actions = DiceAction;
    const NAME: &'static str = "dice";
    const PLAYERS: std::ops::RangeInclusive<usize> = 1..=1;

    fn setup(stamped: &bool, _: Seats) -> Result<Setup<Self>, SetupError> {
        Ok(Setup {
            state: Dice {
                stamped: *stamped,
                ..Dice::default()
            },
            moves: Vec::new(),
        })
    }

    fn to_act(&self) -> PlayerSet {
        PlayerSet::one(PLAYER)
    }

    fn outcome(&self) -> Option<Outcome> {
        None
    }
}

const PLAYER: PlayerIndex = PlayerIndex(0);

/// Forced plays refused after 40 in a row; 10 seconds a move, after which the engine
/// rolls for the player (their first completion).
fn settings() -> PositionSettings {
    PositionSettings {
        forced_limit: 40,
        move_clock: Some(Duration::from_secs(10)),
        ..PositionSettings::default()
    }
}

/// Submits `count` actions, rolls and amounts in turn, each 3 seconds after the last;
/// before every fourth, the player lets 12 seconds pass, and the engine rolls for them.
fn play(engine: &mut Engine<Dice>, count: usize) {
    for index in 0..count {
        let wait = if index % 4 == 3 { 12 } else { 3 };
        engine
            .advance_clock(engine.clock() + Duration::from_secs(wait))
            .expect("the clock moves on");
        let submission = if index % 2 == 0 {
            Submission::new("roll")
        } else {
            Submission::new("add").with("amount", index % 3 + 1)
        };
        engine
            .submit_submission(PLAYER, &submission)
            .expect("a roll or an amount is allowed");
    }
}

#[test]
fn a_refusal_far_into_the_game_puts_it_back_exactly() {
    let mut engine = Engine::<Dice>::with_settings(false, 1, 7, settings()).expect("setup");
    play(&mut engine, 21);
    let timeouts = engine
        .records()
        .iter()
        .filter(|record| record.kind == RecordKind::Timeout)
        .count();
    assert_eq!(timeouts, 5, "the engine rolled for the player five times");
    // Time moves on without firing anything: the clock is past the last record's.
    engine
        .advance_clock(engine.clock() + Duration::from_secs(2))
        .expect("the clock moves on");
    let mut before = engine.clone();

    let refused = engine.submit_submission(PLAYER, &Submission::new("arm"));
    assert_eq!(
        refused.map(|_| ()),
        Err(SubmitError::Refused(Refusal::ForcedWithoutEnd {
            action: "tick".to_owned(),
            records: 40,
        }))
    );
    assert_eq!(engine.position().state(), before.position().state());
    assert_eq!(engine.log(), before.log(), "the log is as before");
    assert_eq!(engine.digest(), before.digest(), "the state and chance");
    assert_eq!(engine.clock(), before.clock());
    assert_eq!(engine.move_deadline(PLAYER), before.move_deadline(PLAYER));

    // And the game goes on as it would have: the same rolls, the same timeouts.
    play(&mut engine, 11);
    play(&mut before, 11);
    assert_eq!(engine.log(), before.log());
    assert_eq!(engine.digest(), before.digest());
}

#[test]
fn an_undo_far_into_the_game_puts_it_back_exactly() {
    let mut engine = Engine::<Dice>::with_settings(false, 1, 11, settings()).expect("setup");
    play(&mut engine, 19);
    let mut before = engine.clone();
    engine
        .advance_clock(engine.clock() + Duration::from_secs(4))
        .expect("the clock moves on");
    engine
        .submit_submission(PLAYER, &Submission::new("add").with("amount", 3))
        .expect("an amount is allowed");

    let undone = engine.undo(PLAYER).expect("an amount can be undone");
    assert_eq!(undone.kind, RecordKind::Submitted);
    assert_eq!(engine.position().state(), before.position().state());
    assert_eq!(engine.digest(), before.digest(), "the state and chance");
    assert_eq!(engine.records().len(), before.records().len());
    assert_eq!(engine.clock(), before.clock(), "the last record's clock");
    assert_eq!(engine.move_deadline(PLAYER), before.move_deadline(PLAYER));
    let replayed = Engine::<Dice>::replay(&engine.log()).expect("the log replays");
    assert_eq!(replayed.digest(), engine.digest(), "as its log replays");

    play(&mut engine, 9);
    play(&mut before, 9);
    assert_eq!(engine.position().state(), before.position().state());
    assert_eq!(engine.digest(), before.digest());
}

#[test]
fn rules_that_read_outside_the_state_are_caught_by_an_undo() {
    STAMPS.with(|stamps| stamps.set(0));
    let mut engine = Engine::<Dice>::new(true, 1, 3).expect("setup");
    for amount in 1..=3 {
        engine
            .submit_submission(PLAYER, &Submission::new("add").with("amount", amount))
            .expect("an amount is allowed");
    }
    let before = engine.clone();
    assert_eq!(
        engine.undo(PLAYER).map(|record| record.kind),
        Err(UndoError::Nondeterministic {
            reason: "record 1 came out otherwise: move 1 is Stamp(4), where Some(Stamp(1)) stood"
                .to_owned()
        })
    );
    assert_eq!(
        engine.log(),
        before.log(),
        "the refused undo changed nothing"
    );
    assert_eq!(engine.position().state(), before.position().state());
}

#[test]
#[should_panic(
    expected = "`dice` is not deterministic given chance: the records since the last checkpoint were \
                played again to put back a refused submission, and record 2 came out otherwise: \
                move 1 is Stamp(2), where Some(Stamp(1)) stood"
)]
fn rules_that_read_outside_the_state_cannot_be_put_back() {
    STAMPS.with(|stamps| stamps.set(0));
    let settings = PositionSettings {
        forced_limit: 40,
        ..PositionSettings::default()
    };
    let mut engine = Engine::<Dice>::with_settings(true, 1, 3, settings).expect("setup");
    engine
        .submit_submission(PLAYER, &Submission::new("roll"))
        .expect("a roll is allowed");
    engine
        .submit_submission(PLAYER, &Submission::new("add").with("amount", 2))
        .expect("an amount is allowed");
    let _ = engine.submit_submission(PLAYER, &Submission::new("arm"));
}
