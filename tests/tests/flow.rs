//! A declared flow ([`meeple::flow`]): phases, every player at once, loops of turns from a
//! starting player, players left out for good, moves the engine plays, interrupts from a
//! move, the records of each change, and mistakes of the declaration.

use meeple::flow::{Flow, FlowError, FlowEvent, Interrupt, Step};
use meeple::{
    Action, Actions, Engine, Game, Move, MoveContext, Outcome, PerPlayer, PlayerIndex, PlayerSet,
    Record, RecordKind, Refusal, Seats, Setup, SetupError, Start, Submission, SubmitError, View,
};
use serde::{Deserialize, Serialize};

const SEATS: Seats = Seats::new(3);

/// Everyone bids at once, then two rounds of turns from the highest bidder, each taking
/// one or two tokens or leaving the game; taking three stops the rounds at once. Most
/// tokens wins.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, View)]
struct Tokens {
    bids: PerPlayer<Option<u32>>,
    taken: PerPlayer<u32>,
    out: PlayerSet,
    scored: bool,
}

impl Tokens {
    fn leader(&self) -> PlayerIndex {
        SEATS
            .iter()
            .max_by_key(|&player| (self.bids[player], std::cmp::Reverse(player.0)))
            .unwrap_or(PlayerIndex(0))
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
enum TokenMove {
    Bid { player: PlayerIndex, amount: u32 },
    Take { player: PlayerIndex, count: u32 },
    Leave { player: PlayerIndex },
    Score,
}

impl Move<Tokens> for TokenMove {
    fn apply(&self, game: &mut Tokens, next: &mut MoveContext<'_, Self>) {
        match *self {
            TokenMove::Bid { player, amount } => game.bids[player] = Some(amount),
            TokenMove::Take { player, count } => {
                game.taken[player] += count;
                if count == 3 {
                    next.interrupt(Interrupt::Break, "rounds");
                }
            }
            TokenMove::Leave { player } => game.out = game.out.with(player),
            TokenMove::Score => game.scored = true,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Action)]
#[action(prompt = "Bid", behaviour = [TokenMove::Bid { player, amount: *amount }])]
struct Bid {
    #[choose_number(min = 1, max = 3)]
    amount: u32,
}

#[derive(Clone, Debug, PartialEq, Action)]
#[action(prompt = "Take tokens", behaviour = [TokenMove::Take { player, count: *count }])]
struct Take {
    #[choose_number(min = 1, max = 3)]
    count: u32,
}

#[derive(Clone, Debug, PartialEq, Action)]
#[action(prompt = "Leave the game", behaviour = [TokenMove::Leave { player }])]
struct Leave {}

#[derive(Clone, Debug, PartialEq, Actions)]
#[actions(game = Tokens)]
enum TokenAction {
    Bid(Bid),
    Take(Take),
    Leave(Leave),
}

impl Game for Tokens {
    type Config = ();
    type Move = TokenMove;
    type Actions = TokenAction;
    const NAME: &'static str = "tokens";
    const PLAYERS: std::ops::RangeInclusive<usize> = 3..=3;

    fn setup(_: &(), seats: Seats) -> Result<Setup<Self>, SetupError> {
        Ok(Setup {
            state: Tokens {
                bids: PerPlayer::from_fn(seats, |_| None),
                taken: PerPlayer::from_fn(seats, |_| 0),
                out: PlayerSet::EMPTY,
                scored: false,
            },
            moves: Vec::new(),
        })
    }

    fn flow() -> Flow<Self> {
        Flow::new(Step::sequence([
            Step::phase("bidding", [Step::everyone("bid").offering::<Bid>()]),
            Step::phase(
                "playing",
                [Step::times(
                    "rounds",
                    |_, _| 2,
                    [Step::each_player(
                        "turns",
                        |game, _| game.leader(),
                        [Step::turn("take").offering::<Take>().offering::<Leave>()],
                    )],
                )],
            ),
            Step::moves("score", |_, _, moves| moves.push(TokenMove::Score)),
        ]))
        .skipping(|game, player| game.out.contains(player))
    }

    fn outcome(&self) -> Option<Outcome> {
        self.scored.then(|| {
            Outcome::from_scores(
                self.taken.iter().map(|&taken| i64::from(taken)),
                meeple::Best::Highest,
            )
        })
    }
}

fn seat(player: usize) -> PlayerIndex {
    PlayerIndex(player)
}

fn bid(amount: u32) -> Submission {
    Submission::new("bid").with("amount", amount)
}

fn take(count: u32) -> Submission {
    Submission::new("take").with("count", count)
}

/// The records of the flow from record `from` on, as `kind event` lines, with the
/// actions between them by name and player.
fn story(records: &[Record<Tokens>], from: usize) -> Vec<String> {
    records[from..]
        .iter()
        .map(|record| match (&record.event, record.player) {
            (Some(event), _) => format!("flow: {event}"),
            (None, Some(player)) => format!("{} by {player}", record.name()),
            (None, None) => record.name().to_owned(),
        })
        .collect()
}

fn submit(engine: &mut Engine<Tokens>, player: usize, submission: &Submission) {
    if let Err(error) = engine.submit_submission(seat(player), submission) {
        panic!("{submission:?} by {player}: {error}");
    }
}

fn bidden() -> Engine<Tokens> {
    let mut engine = Engine::new((), 3, 0).expect("a table of three");
    submit(&mut engine, 2, &bid(3));
    submit(&mut engine, 0, &bid(1));
    submit(&mut engine, 1, &bid(2));
    engine
}

#[test]
fn everyone_bids_at_once_then_turns_go_round_from_the_leader_and_the_engine_scores() {
    let mut engine = Engine::new((), 3, 0).expect("a table of three");
    assert_eq!(engine.position().phase(), Some("bidding"));
    assert_eq!(engine.position().to_act(), SEATS.everyone());
    // Only the step's action is offered, though no condition says so.
    let prompt = engine.position().prompt(seat(1));
    let offered: Vec<&str> = prompt
        .actions
        .iter()
        .map(|action| &*action.action)
        .collect();
    assert_eq!(offered, ["bid"]);
    submit(&mut engine, 2, &bid(3));
    assert_eq!(
        engine.position().to_act(),
        PlayerSet::one(seat(0)).with(seat(1))
    );
    // A seat that acted in the step is not asked again.
    let refused = engine.submit_submission(seat(2), &bid(1));
    assert!(
        matches!(
            refused,
            Err(SubmitError::Refused(Refusal::NotYourTurn { .. }))
        ),
        "{refused:?}"
    );
    submit(&mut engine, 0, &bid(1));
    submit(&mut engine, 1, &bid(2));
    assert_eq!(engine.position().phase(), Some("playing"));
    assert_eq!(engine.position().turn(), Some(seat(2)));
    assert_eq!(engine.position().to_act(), PlayerSet::one(seat(2)));
    for player in [2, 0, 1, 2, 0, 1] {
        submit(&mut engine, player, &take(1));
    }
    assert_eq!(
        story(engine.records(), 0),
        [
            "setup",
            "flow: phase bidding begins",
            "bid by player 2",
            "bid by player 0",
            "bid by player 1",
            "flow: phase bidding ends",
            "flow: phase playing begins",
            "flow: turn of player 2 begins",
            "take by player 2",
            "flow: turn of player 2 ends",
            "flow: turn of player 0 begins",
            "take by player 0",
            "flow: turn of player 0 ends",
            "flow: turn of player 1 begins",
            "take by player 1",
            "flow: turn of player 1 ends",
            "flow: turn of player 2 begins",
            "take by player 2",
            "flow: turn of player 2 ends",
            "flow: turn of player 0 begins",
            "take by player 0",
            "flow: turn of player 0 ends",
            "flow: turn of player 1 begins",
            "take by player 1",
            "flow: turn of player 1 ends",
            "flow: phase playing ends",
            "flow: score",
        ]
    );
    let score = engine.records().last().expect("the score");
    assert_eq!(score.kind, RecordKind::Flow);
    assert_eq!(&score.moves[..], [TokenMove::Score]);
    // The game is over: the flow stops there, and nobody is asked anything.
    assert!(engine.position().outcome().is_some());
    assert_eq!(engine.position().to_act(), PlayerSet::EMPTY);
    // The log replays to the same records, flow records included.
    let replayed = Engine::replay(&engine.log()).expect("the log replays");
    assert_eq!(replayed.records(), engine.records());
}

#[test]
fn a_player_who_leaves_has_no_turn_again_even_in_the_next_round() {
    let mut engine = bidden();
    let from = engine.records().len();
    submit(&mut engine, 2, &take(1));
    submit(&mut engine, 0, &Submission::new("leave"));
    submit(&mut engine, 1, &take(1));
    // The second round: player 0 is out.
    assert_eq!(engine.position().to_act(), PlayerSet::one(seat(2)));
    submit(&mut engine, 2, &take(2));
    assert_eq!(engine.position().to_act(), PlayerSet::one(seat(1)));
    submit(&mut engine, 1, &take(2));
    assert_eq!(
        story(engine.records(), from),
        [
            "take by player 2",
            "flow: turn of player 2 ends",
            "flow: turn of player 0 begins",
            "leave by player 0",
            "flow: turn of player 0 ends",
            "flow: turn of player 1 begins",
            "take by player 1",
            "flow: turn of player 1 ends",
            "flow: turn of player 2 begins",
            "take by player 2",
            "flow: turn of player 2 ends",
            "flow: turn of player 1 begins",
            "take by player 1",
            "flow: turn of player 1 ends",
            "flow: phase playing ends",
            "flow: score",
        ]
    );
}

#[test]
fn a_move_breaks_the_loop_and_the_turn_and_phase_end_innermost_first() {
    let mut engine = bidden();
    let from = engine.records().len();
    submit(&mut engine, 2, &take(3));
    assert_eq!(
        story(engine.records(), from),
        [
            "take by player 2",
            "flow: turn of player 2 ends",
            "flow: phase playing ends",
            "flow: score",
        ]
    );
    assert!(engine.position().outcome().is_some());
}

#[test]
fn a_game_saved_in_the_middle_of_the_flow_resumes_where_it_stood() {
    let mut engine = bidden();
    submit(&mut engine, 2, &take(1));
    let saved = engine.position().flow_position().clone();
    let text = serde_json::to_string(&saved).expect("a flow position serializes");
    let restored = serde_json::from_str(&text).expect("and reads back");
    assert_eq!(saved, restored);
    let start = Start::new(engine.position().state().clone(), 3).with_flow(restored);
    let mut resumed = Engine::from_start(start).expect("the saved game starts");
    assert_eq!(resumed.position().to_act(), PlayerSet::one(seat(0)));
    assert_eq!(resumed.position().turn(), Some(seat(0)));
    for player in [0, 1, 2, 0, 1] {
        submit(&mut engine, player, &take(1));
        submit(&mut resumed, player, &take(1));
    }
    assert_eq!(resumed.position().state(), engine.position().state());
    assert!(resumed.position().outcome().is_some());
    let replayed = Engine::replay(&resumed.log()).expect("a resumed game's log replays");
    assert_eq!(replayed.records(), resumed.records());
}

/// A test starts a game at a step of the flow, with a given player's turn, from a state
/// it built: the step is entered when the game starts, and the flow goes on from there as
/// if the game had been played up to it.
#[test]
fn a_game_starts_at_a_named_step_with_a_given_players_turn() {
    let state = bidden().position().state().clone();
    let start = Start::new(state.clone(), 3)
        .at_step("take", Some(seat(1)))
        .expect("the flow has a step `take`");
    let mut engine = Engine::from_start(start).expect("the game starts at the step");
    assert_eq!(engine.position().phase(), Some("playing"));
    assert_eq!(engine.position().turn(), Some(seat(1)));
    assert_eq!(engine.position().to_act(), PlayerSet::one(seat(1)));
    assert_eq!(engine.position().progress().round("rounds"), Some(0));
    submit(&mut engine, 1, &take(1));
    // The round began at seat 1: seat 2, then seat 0, then the second round from the
    // leader the state names (seat 2, the highest bid).
    assert_eq!(engine.position().to_act(), PlayerSet::one(seat(2)));
    submit(&mut engine, 2, &take(1));
    assert_eq!(engine.position().to_act(), PlayerSet::one(seat(0)));
    submit(&mut engine, 0, &take(1));
    assert_eq!(engine.position().progress().round("rounds"), Some(1));
    assert_eq!(engine.position().to_act(), PlayerSet::one(seat(2)));
    assert_eq!(
        Start::new(state, 3)
            .at_step("deal", None)
            .err()
            .map(|error| error.to_string()),
        Some("the game's flow: the flow has no step `deal` where players act".to_owned())
    );
}

#[test]
fn a_flow_position_that_does_not_fit_the_flow_is_refused_at_the_start() {
    let engine = bidden();
    let mut text = serde_json::to_value(engine.position().flow_position()).expect("serializes");
    text["frames"][1]["step"] = serde_json::json!(0);
    let misplaced = serde_json::from_value(text).expect("still a flow position");
    let start = Start::new(engine.position().state().clone(), 3).with_flow(misplaced);
    let refused = Engine::from_start(start).map(|_| ());
    assert!(
        matches!(refused, Err(SetupError::Flow(FlowError::Position { .. }))),
        "{refused:?}"
    );
}

#[test]
fn a_flow_position_naming_seats_outside_the_table_is_refused_at_the_start() {
    let mut engine = bidden();
    submit(&mut engine, 2, &take(1));
    let saved = serde_json::to_value(engine.position().flow_position()).expect("serializes");
    let start_from = |flow: serde_json::Value| {
        let flow = serde_json::from_value(flow).expect("still a flow position");
        Engine::from_start(Start::new(engine.position().state().clone(), 3).with_flow(flow))
            .map(|_| ())
            .map_err(|error| error.to_string())
    };
    assert_eq!(start_from(saved.clone()), Ok(()));
    let mut acting = saved.clone();
    // Seat 5 of a table of three.
    acting["acting"]["actors"] = serde_json::json!(1 << 5);
    assert_eq!(
        start_from(acting),
        Err("the game's flow: the flow position does not fit this game's flow: the players acting, {5}, are not all at this table of 3".to_owned())
    );
    let mut turn = saved;
    let turns = turn["frames"]
        .as_array_mut()
        .and_then(|frames| {
            frames
                .iter_mut()
                .find(|frame| frame.get("player").is_some())
        })
        .expect("a frame of turns");
    turns["player"] = serde_json::json!(7);
    assert_eq!(
        start_from(turn),
        Err("the game's flow: the flow position does not fit this game's flow: the turn at depth 3 is player 7's, who is not at this table of 3".to_owned())
    );
}

#[test]
fn mistakes_of_the_declaration_are_reported_when_the_flow_is_built() {
    let nothing = Flow::<Tokens>::new(Step::turn("take"));
    assert_eq!(
        nothing.check(),
        Err(FlowError::NothingOffered { step: "take" })
    );
    let outside = Flow::<Tokens>::new(Step::forever(
        "rounds",
        [
            Step::turn("take").offering::<Take>(),
            Step::break_loop("turns"),
        ],
    ));
    assert_eq!(
        outside.check(),
        Err(FlowError::NoSuchLoop {
            interrupt: Interrupt::Break,
            loop_name: "turns"
        })
    );
    let twice = Flow::<Tokens>::new(Step::sequence([
        Step::phase("one", [Step::turn("take").offering::<Take>()]),
        Step::phase("one", [Step::turn("take").offering::<Take>()]),
    ]));
    assert_eq!(twice.check(), Err(FlowError::NameTwice { name: "one" }));
    let by_hand =
        Flow::<Tokens>::by_hand().subflow("bids", Step::everyone("bid").offering::<Bid>());
    assert_eq!(
        by_hand.check(),
        Err(FlowError::SubflowByHand { name: "bids" })
    );
    let subflow_twice = Flow::<Tokens>::new(Step::everyone("bid").offering::<Bid>())
        .subflow("bids", Step::everyone("bid").offering::<Bid>())
        .subflow("bids", Step::everyone("bid").offering::<Bid>());
    assert_eq!(
        subflow_twice.check(),
        Err(FlowError::NameTwice { name: "bids" })
    );
    let endless = Flow::<Tokens>::new(Step::forever(
        "spin",
        [Step::moves("nothing", |_, _, _| {})],
    ));
    assert_eq!(
        endless.check(),
        Err(FlowError::Endless { loop_name: "spin" })
    );
    assert_eq!(
        endless.check().map_err(|error| error.to_string()),
        Err("loop `spin` can neither end nor ask anyone anything".to_owned())
    );
    let after_forever = Flow::<Tokens>::new(Step::sequence([
        Step::forever("rounds", [Step::turn("take").offering::<Take>()]),
        Step::moves("score", |_, _, moves| moves.push(TokenMove::Score)),
    ]));
    assert_eq!(
        after_forever.check(),
        Err(FlowError::Unreachable { step: "score" })
    );
    let after_break = Flow::<Tokens>::new(Step::forever(
        "rounds",
        [
            Step::turn("take").offering::<Take>(),
            Step::break_loop("rounds"),
            Step::turn("leave").offering::<Leave>(),
        ],
    ));
    assert_eq!(
        after_break.check().map_err(|error| error.to_string()),
        Err(
            "step `leave` is never reached: it follows an interrupt or a loop without end"
                .to_owned()
        )
    );
    // A loop without end is fine last: the game ends inside it.
    let fine = Tokens::flow();
    assert_eq!(fine.check(), Ok(()));
    // A flow event reads as it is shown.
    assert_eq!(
        FlowEvent::StartTurn { player: seat(1) }.to_string(),
        "turn of player 1 begins"
    );
}

/// Each player in turn hits (takes one to three cards' worth) until they stand or reach
/// five: a step repeated until done.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, View)]
struct Hits {
    total: PerPlayer<u32>,
    stood: PlayerSet,
    scored: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
enum HitMove {
    Hit { player: PlayerIndex, points: u32 },
    Stand { player: PlayerIndex },
    Score,
}

impl Move<Hits> for HitMove {
    fn apply(&self, game: &mut Hits, _next: &mut MoveContext<'_, Self>) {
        match *self {
            HitMove::Hit { player, points } => game.total[player] += points,
            HitMove::Stand { player } => game.stood = game.stood.with(player),
            HitMove::Score => game.scored = true,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Action)]
#[action(prompt = "Hit", behaviour = [HitMove::Hit { player, points: *points }])]
struct Hit {
    #[choose_number(min = 1, max = 3)]
    points: u32,
}

#[derive(Clone, Debug, PartialEq, Action)]
#[action(prompt = "Stand", behaviour = [HitMove::Stand { player }])]
struct Stand {}

#[derive(Clone, Debug, PartialEq, Actions)]
#[actions(game = Hits)]
enum HitAction {
    Hit(Hit),
    Stand(Stand),
}

impl Hits {
    fn done(&self, player: PlayerIndex) -> bool {
        self.stood.contains(player) || self.total[player] >= 5
    }
}

impl Game for Hits {
    type Config = ();
    type Move = HitMove;
    type Actions = HitAction;
    const NAME: &'static str = "hits";
    const PLAYERS: std::ops::RangeInclusive<usize> = 2..=2;

    fn setup(_: &(), seats: Seats) -> Result<Setup<Self>, SetupError> {
        Ok(Setup {
            state: Hits {
                total: PerPlayer::from_fn(seats, |_| 0),
                stood: PlayerSet::EMPTY,
                scored: false,
            },
            moves: Vec::new(),
        })
    }

    fn flow() -> Flow<Self> {
        Flow::new(Step::sequence([
            Step::each_player(
                "turns",
                |_, _| PlayerIndex(0),
                [Step::turn("hit or stand")
                    .offering::<Hit>()
                    .offering::<Stand>()
                    .repeated_until(Hits::done)],
            ),
            Step::moves("score", |_, _, moves| moves.push(HitMove::Score)),
        ]))
    }

    fn outcome(&self) -> Option<Outcome> {
        self.scored.then(|| {
            Outcome::from_scores(
                self.total.iter().map(|&total| i64::from(total)),
                meeple::Best::Highest,
            )
        })
    }
}

#[test]
fn a_step_repeated_until_done_asks_the_same_player_again_until_the_state_says_so() {
    let mut engine = Engine::<Hits>::new((), 2, 0).expect("a table of two");
    let hit = |points: u32| Submission::new("hit").with("points", points);
    let submit = |engine: &mut Engine<Hits>, player: usize, submission: &Submission| {
        if let Err(error) = engine.submit_submission(seat(player), submission) {
            panic!("{submission:?} by {player}: {error}");
        }
    };
    submit(&mut engine, 0, &hit(2));
    // Two is not five: the same turn asks again.
    assert_eq!(engine.position().turn(), Some(seat(0)));
    assert_eq!(engine.position().to_act(), PlayerSet::one(seat(0)));
    submit(&mut engine, 0, &hit(3));
    // Five: done, the turn passes.
    assert_eq!(engine.position().turn(), Some(seat(1)));
    submit(&mut engine, 1, &hit(1));
    assert_eq!(engine.position().to_act(), PlayerSet::one(seat(1)));
    submit(&mut engine, 1, &Submission::new("stand"));
    assert!(engine.position().outcome().is_some());
    let names: Vec<String> = engine
        .records()
        .iter()
        .map(|record| match &record.event {
            Some(event) => event.to_string(),
            None => record.name().to_owned(),
        })
        .collect();
    assert_eq!(
        names,
        [
            "setup",
            "turn of player 0 begins",
            "hit",
            "hit",
            "turn of player 0 ends",
            "turn of player 1 begins",
            "hit",
            "stand",
            "turn of player 1 ends",
            "score",
        ]
    );
}
