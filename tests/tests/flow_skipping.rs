//! [`Flow::skipping`] in every kind of step where players act: a seat put out of the game
//! in the first step of its turn is asked nothing more, the turn passes at once, and a
//! step that names a seat that is out (`Step::player`) is skipped.

use meeple::flow::{Flow, Step};
use meeple::{
    Action, Actions, Engine, Game, Move, MoveContext, Outcome, PlayerIndex, PlayerSet, Record,
    Seats, Setup, SetupError, Submission, View,
};
use serde::{Deserialize, Serialize};

/// A turn is three steps: the player plays a card or concedes, the judge (seat 2) rules on
/// it, and the player draws. Play goes round until one seat is left.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, View)]
struct Duel {
    seats: Seats,
    out: PlayerSet,
    played: u32,
    ruled: u32,
    drawn: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
enum DuelMove {
    Play,
    Concede { player: PlayerIndex },
    Rule,
    Draw,
}

impl Move<Duel> for DuelMove {
    fn apply(&self, duel: &mut Duel, _next: &mut MoveContext<'_, Self>) {
        match *self {
            DuelMove::Play => duel.played += 1,
            DuelMove::Concede { player } => duel.out = duel.out.with(player),
            DuelMove::Rule => duel.ruled += 1,
            DuelMove::Draw => duel.drawn += 1,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Action)]
#[action(prompt = "Play a card", behaviour = [DuelMove::Play])]
struct Play {}

#[derive(Clone, Debug, PartialEq, Action)]
#[action(prompt = "Concede", behaviour = [DuelMove::Concede { player }])]
struct Concede {}

#[derive(Clone, Debug, PartialEq, Action)]
#[action(prompt = "Rule on the card", behaviour = [DuelMove::Rule])]
struct Rule {
    // Two verdicts, so that the judge is asked and not played for (a forced play).
    #[choose_number(min = 1, max = 2)]
    verdict: u32,
}

#[derive(Clone, Debug, PartialEq, Action)]
#[action(prompt = "Draw a card", behaviour = [DuelMove::Draw])]
struct Draw {
    #[choose_number(min = 1, max = 2)]
    from_pile: u32,
}

#[derive(Clone, Debug, PartialEq, Actions)]
#[actions(game = Duel)]
enum DuelAction {
    Play(Play),
    Concede(Concede),
    Rule(Rule),
    Draw(Draw),
}

const JUDGE: PlayerIndex = PlayerIndex(2);

impl Game for Duel {
    type Config = ();
    type Move = DuelMove;
    type Actions = DuelAction;
    const NAME: &'static str = "duel";
    const PLAYERS: std::ops::RangeInclusive<usize> = 3..=3;

    fn setup(_: &(), seats: Seats) -> Result<Setup<Self>, SetupError> {
        Ok(Setup {
            state: Duel {
                seats,
                out: PlayerSet::EMPTY,
                played: 0,
                ruled: 0,
                drawn: 0,
            },
            moves: Vec::new(),
        })
    }

    fn flow() -> Flow<Self> {
        Flow::new(Step::until(
            "rounds",
            |duel, _| duel.out.len() + 1 >= duel.seats.count(),
            [Step::each_player(
                "turns",
                |_, _| PlayerIndex(0),
                [
                    Step::turn("play").offering::<Play>().offering::<Concede>(),
                    Step::player("rule", |_, _| JUDGE).offering::<Rule>(),
                    Step::turn("draw").offering::<Draw>(),
                ],
            )],
        ))
        .skipping(|duel, player| duel.out.contains(player))
    }

    fn outcome(&self) -> Option<Outcome> {
        let left = self.seats.everyone().minus(self.out);
        (left.len() == 1)
            .then(|| left.first().map(|winner| Outcome::win(winner, self.seats)))
            .flatten()
    }
}

fn submit(engine: &mut Engine<Duel>, player: usize, action: &str) {
    let submission = match action {
        "rule" => Submission::new(action).with("verdict", 1),
        "draw" => Submission::new(action).with("from_pile", 2),
        _ => Submission::new(action),
    };
    if let Err(error) = engine.submit_submission(PlayerIndex(player), &submission) {
        panic!("{action} by {player}: {error}");
    }
}

/// The records from record `from` on: actions by name and player, flow changes as their
/// events.
fn story(records: &[Record<Duel>], from: usize) -> Vec<String> {
    records[from..]
        .iter()
        .map(|record| match (&record.event, record.player) {
            (Some(event), _) => format!("flow: {event}"),
            (None, Some(player)) => format!("{} by {player}", record.name()),
            (None, None) => record.name().to_owned(),
        })
        .collect()
}

#[test]
fn a_player_who_concedes_in_the_first_step_of_a_turn_is_asked_nothing_more_and_the_turn_passes() {
    let mut engine = Engine::<Duel>::new((), 3, 0).expect("a table of three");
    let from = engine.records().len();
    submit(&mut engine, 0, "concede");
    // The judge still rules on the turn (seat 2 is in), but seat 0 does not draw.
    assert_eq!(engine.position().to_act(), PlayerSet::one(JUDGE));
    submit(&mut engine, 2, "rule");
    assert_eq!(engine.position().turn(), Some(PlayerIndex(1)));
    assert_eq!(engine.position().to_act(), PlayerSet::one(PlayerIndex(1)));
    assert_eq!(engine.position().state().drawn, 0);
    assert_eq!(
        story(engine.records(), from),
        [
            "concede by player 0",
            "rule by player 2",
            "flow: turn of player 0 ends",
            "flow: turn of player 1 begins",
        ]
    );
}

#[test]
fn a_step_that_names_a_seat_that_is_out_is_skipped() {
    let mut engine = Engine::<Duel>::new((), 3, 0).expect("a table of three");
    for (player, action) in [(0, "play"), (2, "rule"), (0, "draw")] {
        submit(&mut engine, player, action);
    }
    submit(&mut engine, 1, "play");
    submit(&mut engine, 2, "rule");
    submit(&mut engine, 1, "draw");
    let from = engine.records().len();
    // The judge concedes in their own turn: no ruling, no draw, and the turns after it
    // have no ruling either.
    submit(&mut engine, 2, "concede");
    assert_eq!(engine.position().turn(), Some(PlayerIndex(0)));
    submit(&mut engine, 0, "play");
    assert_eq!(engine.position().to_act(), PlayerSet::one(PlayerIndex(0)));
    submit(&mut engine, 0, "draw");
    assert_eq!(engine.position().turn(), Some(PlayerIndex(1)));
    assert_eq!(
        story(engine.records(), from),
        [
            "concede by player 2",
            "flow: turn of player 2 ends",
            "flow: turn of player 0 begins",
            "play by player 0",
            "draw by player 0",
            "flow: turn of player 0 ends",
            "flow: turn of player 1 begins",
        ]
    );
    assert_eq!(
        (
            engine.position().state().ruled,
            engine.position().state().drawn
        ),
        (2, 3)
    );
}

#[test]
fn the_game_ends_when_one_seat_is_left_and_the_turn_of_the_last_to_concede_ends() {
    let mut engine = Engine::<Duel>::new((), 3, 0).expect("a table of three");
    submit(&mut engine, 0, "concede");
    submit(&mut engine, 2, "rule");
    let from = engine.records().len();
    submit(&mut engine, 1, "concede");
    assert_eq!(
        engine.position().outcome(),
        Some(Outcome::win(JUDGE, Seats::new(3)))
    );
    assert_eq!(engine.position().to_act(), PlayerSet::EMPTY);
    assert_eq!(story(engine.records(), from), ["concede by player 1"]);
}
