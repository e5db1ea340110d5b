//! A step where every player goes through several stages at once, each at their own pace
//! ([`Step::next_stage`]): Boardzilla's `everyPlayer` with a multi-step body, which must
//! neither wait for the slowest player between stages nor hang.

use meeple::flow::{Flow, Step};
use meeple::{
    Action, Actions, Behaviour, Engine, Game, Move, MoveContext, Outcome, PerPlayer, PlayerIndex,
    PlayerSet, Refusal, Seats, Setup, SetupError, Start, Submission, SubmitError, View,
};
use serde::{Deserialize, Serialize};

const SEATS: Seats = Seats::new(3);

/// Everyone at once discards a card of their hand, then draws one or two cards from the top
/// of their own pile; the highest hand wins.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, View)]
struct Swap {
    hands: PerPlayer<Vec<u32>>,
    piles: PerPlayer<Vec<u32>>,
    over: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
enum SwapMove {
    Discard { player: PlayerIndex, card: u32 },
    Draw { player: PlayerIndex, count: u32 },
    Score,
}

impl Move<Swap> for SwapMove {
    fn apply(&self, game: &mut Swap, _next: &mut MoveContext<'_, Self>) {
        match *self {
            SwapMove::Discard { player, card } => game.hands[player].retain(|&held| held != card),
            SwapMove::Draw { player, count } => {
                for _ in 0..count {
                    if let Some(card) = game.piles[player].pop() {
                        game.hands[player].push(card);
                    }
                }
            }
            SwapMove::Score => game.over = true,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Action)]
#[action(prompt = "Discard a card", behaviour = [SwapMove::Discard { player, card: *card }])]
struct Discard {
    #[choose_from(game.hands[player].iter().copied())]
    card: u32,
}

#[derive(Clone, Debug, PartialEq, Action)]
#[action(prompt = "Draw cards", behaviour = [SwapMove::Draw { player, count: *count }])]
struct Draw {
    #[choose_number(min = 1, max = 2)]
    count: u32,
}

/// Instead of discarding: every other player discards a card, all at once.
#[derive(Clone, Debug, PartialEq, Action)]
#[action(
    prompt = "Storm: the others discard",
    behaviour = Behaviour::moves([]).follow_up_each(SEATS.everyone().without(player), DiscardArgs {})
)]
struct Storm {}

#[derive(Clone, Debug, PartialEq, Actions)]
#[actions(game = Swap)]
enum SwapAction {
    Discard(Discard),
    Draw(Draw),
    Storm(Storm),
}

impl Game for Swap {
    type Config = ();
    type Move = SwapMove;
    type Actions = SwapAction;
    const NAME: &'static str = "swap";
    const PLAYERS: std::ops::RangeInclusive<usize> = 3..=3;

    fn setup(_: &(), seats: Seats) -> Result<Setup<Self>, SetupError> {
        Ok(Setup {
            state: Swap {
                hands: PerPlayer::from_fn(seats, |seat| vec![1 + seat.0 as u32, 5]),
                piles: PerPlayer::from_fn(seats, |seat| {
                    vec![10 + seat.0 as u32, 20 + seat.0 as u32]
                }),
                over: false,
            },
            moves: Vec::new(),
        })
    }

    fn flow() -> Flow<Self> {
        Flow::new(Step::sequence([
            Step::everyone("swap")
                .offering::<Discard>()
                .offering::<Storm>()
                .next_stage()
                .offering::<Draw>(),
            Step::moves("score", |_, _, moves| moves.push(SwapMove::Score)),
        ]))
    }

    fn outcome(&self) -> Option<Outcome> {
        self.over.then(|| {
            Outcome::from_scores(
                self.hands
                    .iter()
                    .map(|hand| i64::from(hand.iter().sum::<u32>())),
                meeple::Best::Highest,
            )
        })
    }
}

fn seat(player: usize) -> PlayerIndex {
    PlayerIndex(player)
}

fn discard(card: u32) -> Submission {
    Submission::new("discard").with("card", card)
}

fn draw(count: u32) -> Submission {
    Submission::new("draw").with("count", count)
}

fn submit(engine: &mut Engine<Swap>, player: usize, submission: &Submission) {
    if let Err(error) = engine.submit_submission(seat(player), submission) {
        panic!("{submission:?} by {player}: {error}");
    }
}

/// The actions offered to each seat, by name.
fn offered(engine: &Engine<Swap>) -> Vec<Vec<String>> {
    SEATS
        .iter()
        .map(|player| meeple_tests::offered(engine, player))
        .collect()
}

#[test]
fn each_player_goes_through_the_stages_at_their_own_pace() {
    let mut engine = Engine::<Swap>::new((), 3, 0).expect("a table of three");
    assert_eq!(
        offered(&engine),
        [
            ["discard", "storm"],
            ["discard", "storm"],
            ["discard", "storm"]
        ]
    );
    assert_eq!(
        engine.position().flow_position().stages(),
        Some(&[0, 0, 0][..])
    );

    // East discards and draws before anyone else has done anything.
    submit(&mut engine, 1, &discard(2));
    assert_eq!(
        offered(&engine),
        [
            vec!["discard", "storm"],
            vec!["draw"],
            vec!["discard", "storm"]
        ]
    );
    assert_eq!(
        engine.position().flow_position().stages(),
        Some(&[0, 1, 0][..])
    );
    // A stage's action is refused to a player at another stage.
    let refused = engine
        .submit_submission(seat(0), &draw(1))
        .expect_err("North has not discarded yet");
    assert!(
        matches!(
            refused,
            SubmitError::Refused(Refusal::ActionNotAvailable { .. })
        ),
        "{refused:?}"
    );
    submit(&mut engine, 1, &draw(1));
    assert_eq!(
        engine.position().to_act(),
        PlayerSet::from_iter([seat(0), seat(2)])
    );
    assert_eq!(engine.position().state().hands[seat(1)], [5, 21]);

    submit(&mut engine, 0, &discard(5));
    submit(&mut engine, 2, &discard(3));
    submit(&mut engine, 2, &draw(2));
    assert_eq!(engine.position().to_act(), PlayerSet::one(seat(0)));
    assert_eq!(offered(&engine)[0], ["draw"]);
    submit(&mut engine, 0, &draw(1));
    // Through every stage: the step ends and the engine scores.
    let outcome = engine.position().outcome().expect("the game is over");
    assert_eq!(outcome.scores(), [21, 26, 39]);
}

#[test]
fn a_game_saved_between_two_stages_resumes_at_each_players_stage() {
    let mut engine = Engine::<Swap>::new((), 3, 0).expect("a table of three");
    submit(&mut engine, 2, &discard(3));
    let saved = serde_json::to_string(engine.position().flow_position()).expect("it serializes");
    let flow = serde_json::from_str(&saved).expect("it reads back");
    let resumed = Engine::<Swap>::from_start(
        Start::new(engine.position().state().clone(), 3).with_flow(flow),
    )
    .expect("the saved game starts");
    assert_eq!(offered(&resumed), offered(&engine));
    assert_eq!(offered(&resumed)[2], ["draw"]);
    assert_eq!(offered(&resumed)[0], ["discard", "storm"]);

    // A stage past the step's last is refused, with what does not fit.
    let mut broken: serde_json::Value = serde_json::from_str(&saved).expect("JSON");
    broken["stages"] = serde_json::json!([0, 0, 2]);
    let flow = serde_json::from_value(broken).expect("a flow position");
    let refused = Engine::<Swap>::from_start(
        Start::new(engine.position().state().clone(), 3).with_flow(flow),
    )
    .expect_err("no third stage");
    assert!(
        refused
            .to_string()
            .contains("do not fit the step where players act (2 stages)"),
        "{refused}"
    );
}

#[test]
fn a_follow_up_asked_of_every_other_player_is_taken_by_all_at_once() {
    let mut engine = Engine::<Swap>::new((), 3, 0).expect("a table of three");
    submit(&mut engine, 0, &Submission::new("storm"));
    // East and South each discard, at once and in any order; North waits.
    assert_eq!(
        engine.position().to_act(),
        PlayerSet::from_iter([seat(1), seat(2)])
    );
    assert_eq!(offered(&engine), [vec![], vec!["discard"], vec!["discard"]]);
    let joint: Vec<(PlayerIndex, bool)> = engine
        .position()
        .follow_ups()
        .iter()
        .map(|follow_up| (follow_up.player, follow_up.joint))
        .collect();
    assert_eq!(joint, [(seat(1), true), (seat(2), false)]);
    submit(&mut engine, 2, &discard(3));
    assert_eq!(engine.position().to_act(), PlayerSet::one(seat(1)));
    assert!(
        !engine.position().follow_ups()[0].joint,
        "the group's last now"
    );
    submit(&mut engine, 1, &discard(2));
    // The follow-ups taken, the step goes on where each stood: North's storm was their
    // first stage; the others' discards were follow-ups, not their stage.
    assert!(engine.position().follow_ups().is_empty());
    assert_eq!(
        offered(&engine),
        [
            vec!["draw"],
            vec!["discard", "storm"],
            vec!["discard", "storm"]
        ]
    );
    assert_eq!(engine.position().state().hands[seat(1)], [5]);
    assert_eq!(engine.position().state().hands[seat(2)], [5]);
    // The log replays, the joint follow-ups included.
    let replayed = Engine::replay(&engine.log()).expect("the log replays");
    assert_eq!(replayed.records(), engine.records());
}
