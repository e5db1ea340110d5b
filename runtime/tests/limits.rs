//! The engine's limits on what a game or a player can make it do: a game that plays itself
//! forever, an action name of any length and any characters.

use meeple::testing::{FORCED_LIMIT, echo};
use meeple::{
    Action, Actions, DecodeError, Engine, Game, Move, MoveContext, Outcome, PlayerIndex, PlayerSet,
    PositionSettings, Refusal, Seats, Setup, SetupError, Status, Submission, SubmitError,
};
use serde::{Deserialize, Serialize};

/// A clock that ticks forever once started: `tick` is its only action after `start`, and
/// has no choice in it, so the engine plays it for the player again and again.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, meeple::View)]
struct Clock {
    started: bool,
    ticks: u64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
enum ClockMove {
    Start,
    Tick,
}

impl Move<Clock> for ClockMove {
    fn apply(&self, clock: &mut Clock, _next: &mut MoveContext<'_, Self>) {
        match self {
            ClockMove::Start => clock.started = true,
            ClockMove::Tick => clock.ticks += 1,
        }
    }
}

#[derive(Clone, Debug, Action)]
#[action(prompt = "Start the clock", condition = !game.started, behaviour = [ClockMove::Start])]
struct Start {
    #[choose_number(min = 1, max = 2)]
    hands: u32,
}

#[derive(Clone, Debug, Action)]
#[action(prompt = "Tick", condition = game.started, behaviour = [ClockMove::Tick])]
struct Tick {}

#[derive(Clone, Debug, Actions)]
#[actions(game = Clock)]
enum ClockAction {
    Start(Start),
    Tick(Tick),
}

impl Game for Clock {
    /// Whether the clock starts already running.
    type Config = bool;
    type Move = ClockMove;
    type Actions = ClockAction;
    const NAME: &'static str = "clock";
    const PLAYERS: std::ops::RangeInclusive<usize> = 1..=4;

    fn setup(started: &bool, _: Seats) -> Result<Setup<Self>, SetupError> {
        Ok(Setup {
            state: Clock {
                started: *started,
                ticks: 0,
            },
            moves: Vec::new(),
        })
    }

    fn to_act(&self) -> PlayerSet {
        PlayerSet::one(PlayerIndex(0))
    }

    fn outcome(&self) -> Option<Outcome> {
        None
    }
}

#[test]
fn a_game_that_plays_itself_forever_is_refused_at_setup() {
    let error = Engine::<Clock>::new(true, 1, 0).expect_err("the clock never stops");
    assert_eq!(
        error,
        SetupError::ForcedWithoutEnd {
            action: "tick".to_owned(),
            records: FORCED_LIMIT,
        }
    );
    assert_eq!(
        error.to_string(),
        "`tick` was played for the players 10000 times in a row after the setup: the game \
         would never end"
    );
}

#[test]
fn a_submission_that_sets_off_endless_forced_plays_is_refused_and_loses_nothing() {
    let settings = PositionSettings {
        forced_limit: 50,
        ..PositionSettings::default()
    };
    let mut engine = Engine::<Clock>::with_settings(false, 1, 0, settings).expect("setup");
    let before = engine.clone();
    let refused =
        engine.submit_submission(PlayerIndex(0), &Submission::new("start").with("hands", 1));
    assert_eq!(
        refused.map(|_| ()),
        Err(SubmitError::Refused(Refusal::ForcedWithoutEnd {
            action: "tick".to_owned(),
            records: 50,
        }))
    );
    assert_eq!(
        engine.position().state(),
        before.position().state(),
        "the state is as before"
    );
    assert_eq!(engine.log(), before.log(), "the log is as before");
    assert_eq!(
        engine.position().status(),
        Status::Acting(PlayerSet::one(PlayerIndex(0)))
    );
}

#[test]
fn an_unknown_action_is_echoed_short_and_escaped() {
    let mut engine = Engine::<Clock>::new(false, 1, 0).expect("setup");
    let name = format!("evil\u{202e}\u{7}{}", "x".repeat(200));
    let refused = engine
        .submit_submission(PlayerIndex(0), &Submission::new(name))
        .map(|_| ())
        .expect_err("unknown");
    let SubmitError::Decode(DecodeError::UnknownAction { action, .. }) = &refused else {
        panic!("{refused:?}");
    };
    assert_eq!(action.chars().filter(|&c| c == 'x').count(), 58);
    assert_eq!(
        refused.to_string(),
        format!(
            "unknown action `evil\\u{{202e}}\\u{{7}}{}…`; the actions of this game are start, tick",
            "x".repeat(58)
        )
    );
    assert_eq!(echo("play_card"), "play_card");
}

#[test]
fn seats_and_statuses_print_as_players() {
    let seats: PlayerSet = [PlayerIndex(0), PlayerIndex(2), PlayerIndex(3)]
        .into_iter()
        .collect();
    assert_eq!(format!("{seats:?}"), "{0, 2, 3}");
    assert_eq!(seats.to_string(), "player 0, player 2 and player 3");
    assert_eq!(PlayerSet::EMPTY.to_string(), "nobody");
    assert_eq!(
        Status::Acting(PlayerSet::one(PlayerIndex(1))).to_string(),
        "player 1 to act"
    );
    assert_eq!(
        Status::Over(Outcome::shared_win(
            [PlayerIndex(0), PlayerIndex(2)].into_iter().collect(),
            Seats::new(4)
        ))
        .to_string(),
        "over: player 0 and player 2 shared the win"
    );
    assert_eq!(
        Status::Over(Outcome::win(PlayerIndex(3), Seats::new(4))).to_string(),
        "over: player 3 won"
    );
    assert_eq!(
        Status::Over(Outcome::draw(Seats::new(2))).to_string(),
        "over: a draw"
    );
    assert_eq!(format!("{:?}", Status::Stuck(seats)), "Stuck({0, 2, 3})");
}
