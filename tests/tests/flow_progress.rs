//! Where the flow stands ([`meeple::flow::Progress`]), read by the rules: a step of the
//! flow that draws for the player whose turn begins, an action offered only in the first
//! round, and the answers of `Progress` at each point.

use meeple::flow::{Flow, Progress, Step};
use meeple::{
    Action, Actions, Engine, Game, Move, MoveContext, Outcome, PerPlayer, PlayerIndex, Seats,
    Setup, SetupError, Submission, View,
};
use serde::{Deserialize, Serialize};

/// Two rounds of turns; each turn begins with a draw for its player, then the player
/// plays a card, or, in the first round only, takes a bonus.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, View)]
struct Draws {
    drawn: PerPlayer<u32>,
    played: PerPlayer<u32>,
    bonuses: PerPlayer<u32>,
    over: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
enum DrawMove {
    Draw { player: PlayerIndex },
    Play { player: PlayerIndex },
    Bonus { player: PlayerIndex },
    End,
}

impl Move<Draws> for DrawMove {
    fn apply(&self, game: &mut Draws, _next: &mut MoveContext<'_, Self>) {
        match *self {
            DrawMove::Draw { player } => game.drawn[player] += 1,
            DrawMove::Play { player } => game.played[player] += 1,
            DrawMove::Bonus { player } => game.bonuses[player] += 1,
            DrawMove::End => game.over = true,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Action)]
#[action(prompt = "Play a card", behaviour = [DrawMove::Play { player }])]
struct PlayCard {
    // Two cards to choose from, so that a turn with no bonus is not played for the player.
    #[choose_number(min = 1, max = 2)]
    card: u32,
}

#[derive(Clone, Debug, PartialEq, Action)]
#[action(
    prompt = "Take the first round's bonus",
    condition = flow.round("rounds") == Some(0),
    behaviour = [DrawMove::Bonus { player }]
)]
struct Bonus {}

#[derive(Clone, Debug, PartialEq, Actions)]
#[actions(game = Draws)]
enum DrawAction {
    PlayCard(PlayCard),
    Bonus(Bonus),
}

impl Game for Draws {
    type Config = ();
    type Move = DrawMove;
    type Actions = DrawAction;
    const NAME: &'static str = "draws";
    const PLAYERS: std::ops::RangeInclusive<usize> = 2..=2;

    fn setup(_: &(), seats: Seats) -> Result<Setup<Self>, SetupError> {
        Ok(Setup {
            state: Draws {
                drawn: PerPlayer::filled(seats, 0),
                played: PerPlayer::filled(seats, 0),
                bonuses: PerPlayer::filled(seats, 0),
                over: false,
            },
            moves: Vec::new(),
        })
    }

    fn flow() -> Flow<Self> {
        Flow::new(Step::sequence([
            Step::phase(
                "play",
                [Step::times(
                    "rounds",
                    |_, _| 2,
                    [Step::each_player(
                        "turns",
                        |_, _| PlayerIndex(0),
                        [
                            // "Draw a card at the start of your turn": a step of the flow.
                            Step::moves("draw", |_, flow: Progress<'_>, moves| {
                                if let Some(player) = flow.turn() {
                                    moves.push(DrawMove::Draw { player });
                                }
                            }),
                            Step::turn("play")
                                .offering::<PlayCard>()
                                .offering::<Bonus>(),
                        ],
                    )],
                )],
            ),
            Step::moves("end", |_, _, moves| moves.push(DrawMove::End)),
        ]))
    }

    fn outcome(&self) -> Option<Outcome> {
        self.over.then(|| {
            Outcome::from_scores(
                self.played.iter().map(|&played| i64::from(played)),
                meeple::Best::Highest,
            )
        })
    }
}

fn offered(engine: &Engine<Draws>, player: usize) -> Vec<String> {
    engine
        .position()
        .prompt(PlayerIndex(player))
        .actions
        .iter()
        .map(|action| action.action.clone())
        .collect()
}

fn submit(engine: &mut Engine<Draws>, player: usize, action: &str) {
    let submission = match action {
        "play_card" => Submission::new(action).with("card", 1),
        _ => Submission::new(action),
    };
    if let Err(error) = engine.submit_submission(PlayerIndex(player), &submission) {
        panic!("{action} by {player}: {error}");
    }
}

#[test]
fn a_turn_begins_with_a_draw_for_its_player_made_by_the_flow() {
    let mut engine = Engine::<Draws>::new((), 2, 0).expect("a table of two");
    assert_eq!(
        engine
            .position()
            .state()
            .drawn
            .iter()
            .copied()
            .collect::<Vec<_>>(),
        [1, 0]
    );
    submit(&mut engine, 0, "play_card");
    assert_eq!(
        engine
            .position()
            .state()
            .drawn
            .iter()
            .copied()
            .collect::<Vec<_>>(),
        [1, 1]
    );
    submit(&mut engine, 1, "play_card");
    assert_eq!(
        engine
            .position()
            .state()
            .drawn
            .iter()
            .copied()
            .collect::<Vec<_>>(),
        [2, 1]
    );
}

#[test]
fn progress_says_the_phase_the_step_the_turn_and_each_loops_round() {
    let mut engine = Engine::<Draws>::new((), 2, 0).expect("a table of two");
    let progress = engine.position().progress();
    assert_eq!(progress.phase(), Some("play"));
    assert!(progress.in_phase("play"));
    assert!(!progress.in_phase("end"));
    assert_eq!(progress.step(), Some("play"));
    assert_eq!(progress.turn(), Some(PlayerIndex(0)));
    assert_eq!(progress.round("rounds"), Some(0));
    assert_eq!(progress.round("turns"), Some(0));
    assert_eq!(progress.round("hands"), None);
    submit(&mut engine, 0, "play_card");
    submit(&mut engine, 1, "play_card");
    let progress = engine.position().progress();
    assert_eq!(progress.turn(), Some(PlayerIndex(0)));
    assert_eq!(progress.round("rounds"), Some(1));
    assert_eq!(progress.round("turns"), Some(0));
    submit(&mut engine, 0, "play_card");
    assert_eq!(engine.position().progress().round("turns"), Some(1));
    submit(&mut engine, 1, "play_card");
    let progress = engine.position().progress();
    assert!(engine.position().outcome().is_some());
    // The flow stops where the game ended: in the step whose moves ended it.
    assert_eq!(
        (progress.phase(), progress.turn(), progress.step()),
        (None, None, Some("end"))
    );
    assert_eq!(Progress::NOWHERE.phase(), None);
}

#[test]
fn an_action_reads_the_flow_in_its_condition() {
    let mut engine = Engine::<Draws>::new((), 2, 0).expect("a table of two");
    assert_eq!(offered(&engine, 0), ["play_card", "bonus"]);
    submit(&mut engine, 0, "bonus");
    submit(&mut engine, 1, "play_card");
    // The second round: the bonus is no longer offered, and refused if sent.
    assert_eq!(offered(&engine, 0), ["play_card"]);
    let refused = engine.submit_submission(PlayerIndex(0), &Submission::new("bonus"));
    assert!(refused.is_err(), "{refused:?}");
    assert_eq!(
        engine
            .position()
            .state()
            .bonuses
            .iter()
            .copied()
            .collect::<Vec<_>>(),
        [1, 0]
    );
}
