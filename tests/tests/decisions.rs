//! Decisions asked in the middle of a resolution ([`MoveContext::ask`], issue 34): the
//! moves still pending wait in the position while the player decides, by an ordinary
//! action prompted as a follow-up; then they resolve, after the decision's own moves, as
//! the rest of its record. A forced decision is played for the player, one without any
//! completion lapses as a pass; replay, undo and snapshots keep a waiting resolution.

use meeple::{
    Action, Actions, Engine, FollowUp, Game, Move, MoveContext, Outcome, PlayerSet,
    PositionSettings, RecordKind, Seats, Setup, SetupError, Submission, View,
};
use meeple_tests::P0;
use serde::{Deserialize, Serialize};

/// A raid: a minion of power 1 to 3 is played, and in the middle of the play, power 1:
/// "you may destroy a minion of power 1 or less"; power 2: "destroy a minion of power 1 or
/// less"; power 3: "destroy a minion of power 0 or less"; then a note and the round's end.
/// Three rounds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, View)]
struct Raid {
    minions: Vec<u32>,
    events: Vec<String>,
    rounds: u32,
}

impl Raid {
    /// The minions of power `most` or less, by position.
    fn destroyable(&self, most: u32) -> Vec<usize> {
        (0..self.minions.len())
            .filter(|&index| self.minions[index] <= most)
            .collect()
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
enum RaidMove {
    Play { power: u32 },
    Destroy { index: usize },
    Note(String),
    EndRound,
}

impl Move<Raid> for RaidMove {
    fn apply(&self, raid: &mut Raid, next: &mut MoveContext<'_, Self>) {
        match self {
            RaidMove::Play { power } => {
                raid.minions.push(*power);
                raid.events.push(format!("played {power}"));
                next.then(RaidMove::Note("after the play".to_owned()));
                match power {
                    1 => next.ask(FollowUp::<Raid>::new(P0, MayDestroyArgs { most: 1 })),
                    2 => next.ask(FollowUp::<Raid>::new(P0, MustDestroyArgs { most: 1 })),
                    _ => next.ask(FollowUp::<Raid>::new(P0, MustDestroyArgs { most: 0 })),
                }
            }
            RaidMove::Destroy { index } => {
                let power = raid.minions.remove(*index);
                raid.events.push(format!("destroyed {power}"));
            }
            RaidMove::Note(text) => raid.events.push(text.clone()),
            RaidMove::EndRound => {
                raid.rounds += 1;
                raid.events.push("round ends".to_owned());
            }
        }
    }
}

#[derive(Clone, Debug, PartialEq, Action)]
#[action(prompt = "Play a minion", behaviour = [RaidMove::Play { power: *power }, RaidMove::EndRound])]
struct PlayMinion {
    #[choose_from([1, 2, 3])]
    power: u32,
}

/// Only as a decision: its argument comes from the play.
#[derive(Clone, Debug, PartialEq, Action)]
#[action(
    prompt = format!("You may destroy a minion of power {most} or less"),
    behaviour = targets.iter().map(|&index| RaidMove::Destroy { index })
)]
struct MayDestroy {
    #[arg]
    most: u32,
    #[choose_from(game.destroyable(*most), min = 0, max = 1)]
    targets: Vec<usize>,
}

/// Only as a decision: forced with one minion to destroy, lapsed with none.
#[derive(Clone, Debug, PartialEq, Action)]
#[action(
    prompt = format!("Destroy a minion of power {most} or less"),
    behaviour = [RaidMove::Destroy { index: *target }]
)]
struct MustDestroy {
    #[arg]
    most: u32,
    #[choose_from(game.destroyable(*most))]
    target: usize,
}

#[derive(Clone, Debug, PartialEq, Actions)]
#[actions(game = Raid)]
enum RaidAction {
    PlayMinion(PlayMinion),
    MayDestroy(MayDestroy),
    MustDestroy(MustDestroy),
}

impl Game for Raid {
    type Config = ();
    type Move = RaidMove;
    type Actions = RaidAction;
    const NAME: &'static str = "raid";
    const PLAYERS: std::ops::RangeInclusive<usize> = 1..=1;

    fn setup(_: &(), _: Seats) -> Result<Setup<Self>, SetupError> {
        Ok(Setup {
            state: Raid {
                minions: vec![1, 5],
                events: Vec::new(),
                rounds: 0,
            },
            moves: Vec::new(),
        })
    }

    fn to_act(&self) -> PlayerSet {
        if self.rounds < 3 {
            PlayerSet::one(P0)
        } else {
            PlayerSet::EMPTY
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.rounds >= 3).then(|| Outcome::win(P0, Seats::new(1)))
    }
}

fn raid() -> Engine<Raid> {
    Engine::new((), 1, 0).expect("a raid")
}

fn play(engine: &mut Engine<Raid>, power: u32) {
    engine
        .submit_submission(P0, &Submission::new("play_minion").with("power", power))
        .expect("a play");
}

fn events(engine: &Engine<Raid>) -> Vec<&str> {
    engine
        .position()
        .state()
        .events
        .iter()
        .map(String::as_str)
        .collect()
}

fn log_json(engine: &Engine<Raid>) -> String {
    serde_json::to_string(&engine.log()).expect("the log serializes")
}

#[test]
fn the_resolution_waits_for_the_decision_then_goes_on_after_its_moves() {
    let mut engine = raid();
    let records = engine.records().len();
    play(&mut engine, 1);
    // Stopped right after the play: its note and the round's end wait.
    assert_eq!(events(&engine), ["played 1"]);
    assert_eq!(engine.position().state().rounds, 0);
    assert_eq!(engine.position().suspended().len(), 1);
    assert_eq!(
        engine.position().suspended()[0].moves,
        [
            RaidMove::Note("after the play".to_owned()),
            RaidMove::EndRound
        ]
    );
    assert_eq!(
        engine.records()[records].moves[..],
        [RaidMove::Play { power: 1 }]
    );
    // The decision is an ordinary prompt, with its argument and only what it may take.
    let prompt = engine.position().prompt(P0);
    assert_eq!(prompt.actions.len(), 1);
    assert_eq!(prompt.actions[0].action, "may_destroy");
    assert_eq!(
        prompt.actions[0].prompt,
        "You may destroy a minion of power 1 or less"
    );
    let options = &prompt.actions[0]
        .selection
        .as_ref()
        .expect("a selection")
        .options;
    assert_eq!(
        options.len(),
        2,
        "the two minions of power 1, not the one of 5"
    );

    // Decided: the destruction first, then what waited, in the same record.
    let before = engine.records().len();
    engine
        .submit_submission(P0, &Submission::new("may_destroy").with("targets", vec![0]))
        .expect("a decision");
    assert_eq!(
        events(&engine),
        ["played 1", "destroyed 1", "after the play", "round ends"]
    );
    assert!(engine.position().suspended().is_empty());
    let decided = &engine.records()[before];
    assert_eq!(decided.kind, RecordKind::Submitted);
    assert_eq!(
        decided.moves[..],
        [
            RaidMove::Destroy { index: 0 },
            RaidMove::Note("after the play".to_owned()),
            RaidMove::EndRound
        ]
    );
    assert_eq!(
        engine.position().prompt(P0).actions[0].action,
        "play_minion"
    );
}

#[test]
fn a_forced_decision_a_may_declined_and_a_lapsed_one_all_let_the_resolution_go_on() {
    let mut engine = raid();
    // Forced: one minion of power 1 or less to destroy, destroyed for the player.
    let before = engine.records().len();
    play(&mut engine, 2);
    assert_eq!(
        events(&engine),
        ["played 2", "destroyed 1", "after the play", "round ends"]
    );
    let kinds: Vec<RecordKind> = engine.records()[before..]
        .iter()
        .filter(|record| record.kind != RecordKind::Flow)
        .map(|record| record.kind)
        .collect();
    assert_eq!(kinds, [RecordKind::Submitted, RecordKind::Forced]);
    // Declined.
    play(&mut engine, 1);
    engine
        .submit_submission(
            P0,
            &Submission::new("may_destroy").with("targets", Vec::<usize>::new()),
        )
        .expect("declined");
    assert_eq!(
        &events(&engine)[4..],
        ["played 1", "after the play", "round ends"]
    );
    // Lapsed: power 3 must destroy a minion of power 0, which there is not: a pass, and on.
    let before = engine.records().len();
    play(&mut engine, 3);
    assert_eq!(
        &events(&engine)[7..],
        ["played 3", "after the play", "round ends"]
    );
    let passed = engine.records()[before..]
        .iter()
        .find(|record| record.kind == RecordKind::Pass)
        .expect("a pass");
    assert_eq!(passed.player, Some(P0));
    assert_eq!(
        passed.moves[..],
        [
            RaidMove::Note("after the play".to_owned()),
            RaidMove::EndRound
        ]
    );
    assert!(engine.position().outcome().is_some());
    // The whole game replays, byte for byte.
    let replayed = Engine::<Raid>::replay(&engine.log()).expect("the log replays");
    assert_eq!(replayed.position().state(), engine.position().state());
    assert_eq!(log_json(&replayed), log_json(&engine));
}

#[test]
fn a_waiting_resolution_replays_is_undone_and_comes_back_from_a_snapshot() {
    let mut engine = raid();
    play(&mut engine, 1);
    let waiting = log_json(&engine);

    // Replayed while waiting: the same position, the same prompt.
    let replayed = Engine::<Raid>::replay(&engine.log()).expect("the log replays");
    assert_eq!(replayed.position().state(), engine.position().state());
    assert_eq!(
        replayed.position().suspended(),
        engine.position().suspended()
    );
    assert_eq!(replayed.position().prompt(P0), engine.position().prompt(P0));

    // From a snapshot while waiting, through JSON: the same, and the decision resolves
    // what waited exactly as at the table it was taken from.
    let snapshot = serde_json::to_string(&engine.snapshot().expect("a snapshot"))
        .expect("the snapshot serializes");
    let mut restored = Engine::<Raid>::replay_json(&snapshot).expect("the snapshot restores");
    assert_eq!(
        restored.position().suspended(),
        engine.position().suspended()
    );
    assert_eq!(restored.position().prompt(P0), engine.position().prompt(P0));
    let decide = Submission::new("may_destroy").with("targets", vec![0]);
    let mut decided = engine.clone();
    decided.submit_submission(P0, &decide).expect("decided");
    restored.submit_submission(P0, &decide).expect("decided");
    assert_eq!(restored.position().state(), decided.position().state());

    // The decision undone: the resolution waits again, as it did.
    decided.undo(P0).expect("the decision is taken back");
    assert_eq!(decided.position().state(), engine.position().state());
    assert_eq!(
        decided.position().suspended(),
        engine.position().suspended()
    );
    assert_eq!(decided.position().prompt(P0), engine.position().prompt(P0));
    assert!(log_json(&decided).starts_with(&waiting[..waiting.len() - 2]));
}

/// A move type shared by two games that asks, while one is played, a decision of the
/// other: a bug of the game, refused with the state unchanged.
mod foreign {
    use super::*;

    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize, View)]
    pub struct Here {
        pub asked: u32,
    }

    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize, View)]
    pub struct There {
        pub answered: u32,
    }

    /// Asks, in `Here`, a decision of `There`.
    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    pub struct Ask;

    impl Move<Here> for Ask {
        fn apply(&self, here: &mut Here, next: &mut MoveContext<'_, Self>) {
            here.asked += 1;
            next.ask(FollowUp::<There>::new(P0, AnswerArgs {}));
        }
    }

    impl Move<There> for Ask {
        fn apply(&self, there: &mut There, _next: &mut MoveContext<'_, Self>) {
            there.answered += 1;
        }
    }

    #[derive(Clone, Debug, PartialEq, Action)]
    #[action(prompt = "Ask", behaviour = [Ask])]
    pub struct AskNow {}

    #[derive(Clone, Debug, PartialEq, Actions)]
    #[actions(game = Here)]
    pub enum HereAction {
        AskNow(AskNow),
    }

    #[derive(Clone, Debug, PartialEq, Action)]
    #[action(prompt = "Answer", behaviour = [Ask])]
    pub struct Answer {}

    #[derive(Clone, Debug, PartialEq, Actions)]
    #[actions(game = There)]
    pub enum ThereAction {
        Answer(Answer),
    }

    impl Game for Here {
        type Config = ();
        type Move = Ask;
        type Actions = HereAction;
        const NAME: &'static str = "here";
        const PLAYERS: std::ops::RangeInclusive<usize> = 1..=1;
        fn setup(_: &(), _: Seats) -> Result<Setup<Self>, SetupError> {
            Ok(Setup {
                state: Here { asked: 0 },
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

    impl Game for There {
        type Config = ();
        type Move = Ask;
        type Actions = ThereAction;
        const NAME: &'static str = "there";
        const PLAYERS: std::ops::RangeInclusive<usize> = 1..=1;
        fn setup(_: &(), _: Seats) -> Result<Setup<Self>, SetupError> {
            Ok(Setup {
                state: There { answered: 0 },
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
}

#[test]
fn a_decision_of_another_game_is_refused_and_changes_nothing() {
    let settings = PositionSettings {
        asked_always: PlayerSet::one(P0),
        ..PositionSettings::default()
    };
    let mut engine =
        Engine::<foreign::Here>::with_settings((), 1, 0, settings).expect("a table of one");
    let before = serde_json::to_string(&engine.log()).expect("the log serializes");
    let refusal = engine
        .submit_submission(P0, &Submission::new("ask_now"))
        .map(|record| record.name().to_owned())
        .expect_err("the decision is no follow-up of this game");
    assert_eq!(
        refusal.to_string(),
        format!(
            "the game's flow: a move asked a decision the game cannot read back: it is a follow-up of `{}`, not of this game",
            std::any::type_name::<foreign::There>()
        )
    );
    assert_eq!(engine.position().state().asked, 0);
    assert_eq!(
        serde_json::to_string(&engine.log()).expect("the log serializes"),
        before
    );
}
