//! More of the declared flow ([`meeple::flow`]): fix-ups applied whenever they hold, a first
//! player that rotates with the rounds, simultaneous submissions in any order, and the flow
//! position as it serializes through each construct (snapshots read before accepting).

use meeple::flow::{Flow, FlowEvent, Step};
use meeple::{
    Action, Actions, Engine, Game, Move, MoveContext, Outcome, PerPlayer, PlayerIndex, Record,
    RecordKind, Refusal, Seats, Setup, SetupError, Submission, SubmitError, View,
};
use serde::{Deserialize, Serialize};

const SEATS: Seats = Seats::new(3);

/// Three rounds of: everyone bids at once; then each player in turn, from the seat of the
/// round's number (the first player rotates), adds 1 to 3 to a shared pile. Whenever the
/// pile reaches 10, a fix-up takes 10 off it. The most added wins.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, View)]
struct Relay {
    round: u32,
    pile: u32,
    added: PerPlayer<u32>,
    bids: PerPlayer<Option<u32>>,
    /// How many times the fix-up took 10 off the pile.
    overflows: u32,
    /// With it, the fix-up never stops: the engine's loop guard must.
    endless: bool,
    over: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
enum RelayMove {
    Bid { player: PlayerIndex, amount: u32 },
    Add { player: PlayerIndex, amount: u32 },
    Overflow,
    Nothing,
    EndRound,
    Finish,
}

impl Move<Relay> for RelayMove {
    fn apply(&self, game: &mut Relay, _next: &mut MoveContext<'_, Self>) {
        match *self {
            RelayMove::Bid { player, amount } => game.bids[player] = Some(amount),
            RelayMove::Add { player, amount } => {
                game.pile += amount;
                game.added[player] += amount;
            }
            RelayMove::Overflow => {
                game.pile -= 10;
                game.overflows += 1;
            }
            RelayMove::Nothing => {}
            RelayMove::EndRound => {
                game.round += 1;
                game.bids = PerPlayer::from_fn(SEATS, |_| None);
            }
            RelayMove::Finish => game.over = true,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Action)]
#[action(prompt = "Bid", behaviour = [RelayMove::Bid { player, amount: *amount }])]
struct Bid {
    #[choose_number(min = 1, max = 3)]
    amount: u32,
}

#[derive(Clone, Debug, PartialEq, Action)]
#[action(prompt = "Add to the pile", behaviour = [RelayMove::Add { player, amount: *amount }])]
struct Add {
    #[choose_number(min = 1, max = 3)]
    amount: u32,
}

#[derive(Clone, Debug, PartialEq, Actions)]
#[actions(game = Relay)]
enum RelayAction {
    Bid(Bid),
    Add(Add),
}

impl Game for Relay {
    /// Whether the fix-up never stops.
    type Config = bool;
    type Move = RelayMove;
    type Actions = RelayAction;
    const NAME: &'static str = "relay";
    const PLAYERS: std::ops::RangeInclusive<usize> = 3..=3;

    fn setup(endless: &bool, seats: Seats) -> Result<Setup<Self>, SetupError> {
        Ok(Setup {
            state: Relay {
                round: 0,
                pile: 0,
                added: PerPlayer::from_fn(seats, |_| 0),
                bids: PerPlayer::from_fn(seats, |_| None),
                overflows: 0,
                endless: *endless,
                over: false,
            },
            moves: Vec::new(),
        })
    }

    fn flow() -> Flow<Self> {
        Flow::new(Step::sequence([
            Step::times(
                "rounds",
                |_, _| 3,
                [
                    Step::phase("bidding", [Step::everyone("bid").offering::<Bid>()]),
                    Step::each_player(
                        "turns",
                        |game: &Relay, _| PlayerIndex(game.round as usize % 3),
                        [Step::turn("add").offering::<Add>()],
                    ),
                    Step::moves("end of round", |_, _, moves| {
                        moves.push(RelayMove::EndRound)
                    }),
                ],
            ),
            Step::moves("finish", |_, _, moves| moves.push(RelayMove::Finish)),
        ]))
        .fix_up("overflow", |game, _, moves| {
            if game.endless && game.pile > 0 {
                moves.push(RelayMove::Nothing);
            } else if game.pile >= 10 {
                moves.push(RelayMove::Overflow);
            }
        })
    }

    fn outcome(&self) -> Option<Outcome> {
        self.over.then(|| {
            Outcome::from_scores(
                self.added.iter().map(|&added| i64::from(added)),
                meeple::Best::Highest,
            )
        })
    }
}

fn seat(player: usize) -> PlayerIndex {
    PlayerIndex(player)
}

fn submit(engine: &mut Engine<Relay>, player: usize, action: &str, amount: u32) {
    let submission = Submission::new(action).with("amount", amount);
    if let Err(error) = engine.submit_submission(seat(player), &submission) {
        panic!("{action} {amount} by {player}: {error}");
    }
}

/// Everyone bids, in the order given.
fn bids(engine: &mut Engine<Relay>, order: [usize; 3]) {
    for player in order {
        submit(engine, player, "bid", 1 + player as u32);
    }
}

#[test]
fn the_first_player_rotates_with_the_rounds() {
    let mut engine = Engine::<Relay>::new(false, 3, 0).expect("a table of three");
    let mut firsts = Vec::new();
    while engine.position().outcome().is_none() {
        bids(&mut engine, [0, 1, 2]);
        firsts.push(engine.position().turn());
        for _ in 0..3 {
            let player = engine.position().to_act().first().expect("a turn");
            submit(&mut engine, player.0, "add", 1);
        }
    }
    assert_eq!(firsts, [Some(seat(0)), Some(seat(1)), Some(seat(2))]);
    let turns: Vec<String> = engine
        .records()
        .iter()
        .filter_map(|record| match &record.event {
            Some(event @ FlowEvent::StartTurn { .. }) => Some(event.to_string()),
            _ => None,
        })
        .collect();
    assert_eq!(
        turns,
        [
            "turn of player 0 begins",
            "turn of player 1 begins",
            "turn of player 2 begins",
            "turn of player 1 begins",
            "turn of player 2 begins",
            "turn of player 0 begins",
            "turn of player 2 begins",
            "turn of player 0 begins",
            "turn of player 1 begins",
        ]
    );
}

#[test]
fn a_fix_up_applies_whenever_it_holds_before_the_turn_passes() {
    let mut engine = Engine::<Relay>::new(false, 3, 0).expect("a table of three");
    bids(&mut engine, [0, 1, 2]);
    submit(&mut engine, 0, "add", 3);
    submit(&mut engine, 1, "add", 3);
    submit(&mut engine, 2, "add", 3);
    assert_eq!(engine.position().state().pile, 9);
    bids(&mut engine, [0, 1, 2]);
    let from = engine.records().len();
    submit(&mut engine, 1, "add", 2);
    assert_eq!(
        story_of(engine.records(), from),
        [
            "add by player 1",
            "Forced: overflow",
            "Flow: turn of player 1 ends",
            "Flow: turn of player 2 begins",
        ]
    );
    let fixed = &engine.records()[from + 1];
    assert_eq!(fixed.kind, RecordKind::Forced);
    assert_eq!(fixed.player, None);
    assert_eq!(fixed.name(), "fix_up");
    assert_eq!(&fixed.moves[..], [RelayMove::Overflow]);
    assert_eq!(engine.position().state().pile, 1);
    assert_eq!(engine.position().state().overflows, 1);
    // The log replays, the fix-up included.
    let replayed = Engine::replay(&engine.log()).expect("the log replays");
    assert_eq!(replayed.records(), engine.records());
}

#[test]
fn a_fix_up_that_never_stops_is_refused_with_the_state_unchanged() {
    let mut engine = Engine::<Relay>::new(true, 3, 0).expect("a table of three");
    bids(&mut engine, [0, 1, 2]);
    // A bid taken back and made again: the log keeps the undo as a line of its own.
    engine.undo(seat(2)).expect("the last bid is taken back");
    submit(&mut engine, 2, "bid", 3);
    let before = engine.position().state().clone();
    let records = engine.records().len();
    let log = serde_json::to_string(&engine.log()).expect("the log serializes");
    let refused = engine
        .submit_submission(seat(0), &Submission::new("add").with("amount", 1))
        .expect_err("the fix-up never stops");
    assert!(
        matches!(
            &refused,
            SubmitError::Refused(Refusal::ForcedWithoutEnd { action, records })
                if action == "overflow" && *records == meeple::testing::FORCED_LIMIT
        ),
        "{refused:?}"
    );
    assert_eq!(engine.position().state(), &before);
    assert_eq!(engine.records().len(), records);
    assert_eq!(engine.position().to_act(), meeple::PlayerSet::one(seat(0)));
    // Exactly as before: the log too, byte for byte, its undo line included.
    assert!(log.contains("\"undo\""), "{log}");
    assert_eq!(
        serde_json::to_string(&engine.log()).expect("the log serializes"),
        log
    );
}

#[test]
fn simultaneous_bids_in_any_order_give_the_same_game() {
    let orders = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let played: Vec<Engine<Relay>> = orders
        .iter()
        .map(|&order| {
            let mut engine = Engine::<Relay>::new(false, 3, 0).expect("a table of three");
            bids(&mut engine, order);
            engine
        })
        .collect();
    for (engine, order) in played.iter().zip(orders) {
        assert_eq!(
            engine.position().state(),
            played[0].position().state(),
            "{order:?}"
        );
        assert_eq!(
            engine.position().flow_position(),
            played[0].position().flow_position(),
            "{order:?}"
        );
        // The setup, the phase entered, the bids in the order made, then the same flow.
        let flow: Vec<String> = story_of(engine.records(), 5);
        assert_eq!(flow, story_of(played[0].records(), 5), "{order:?}");
        assert_eq!(
            flow,
            ["Flow: phase bidding ends", "Flow: turn of player 0 begins"]
        );
    }
}

#[test]
fn the_flow_position_through_each_construct() {
    let mut engine = Engine::<Relay>::new(false, 3, 0).expect("a table of three");
    // Every player at once, in a phase, in a loop of three rounds.
    insta::assert_json_snapshot!("relay_bidding", engine.position().flow_position());
    submit(&mut engine, 2, "bid", 3);
    insta::assert_json_snapshot!("relay_bidding_one_bid", engine.position().flow_position());
    submit(&mut engine, 0, "bid", 1);
    submit(&mut engine, 1, "bid", 2);
    // A turn of the each-player loop, the phase left.
    insta::assert_json_snapshot!("relay_first_turn", engine.position().flow_position());
    insta::assert_json_snapshot!("relay_first_turn_prompt", engine.position().prompt(seat(0)));
    for player in 0..3 {
        submit(&mut engine, player, "add", 1);
    }
    // The engine's moves played, the next round's bidding.
    insta::assert_json_snapshot!("relay_second_round", engine.position().flow_position());
}

/// Lots auctioned one after the other: for each lot of the catalogue as it stands when the
/// auction opens, the lot is opened (bound into the state), everyone bids, the engine
/// awards it. Awarding lot 0 withdraws lot 3 from the catalogue and adds lot 5: neither
/// changes the rounds, fixed at entry.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, View)]
struct Auction {
    catalogue: u32,
    open: Option<u32>,
    awarded: Vec<(u32, u32)>,
    bids: PerPlayer<Option<u32>>,
    over: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
enum AuctionMove {
    Open { lot: u32 },
    Bid { player: PlayerIndex, amount: u32 },
    Award,
    Close,
}

impl Move<Auction> for AuctionMove {
    fn apply(&self, game: &mut Auction, _next: &mut MoveContext<'_, Self>) {
        match *self {
            AuctionMove::Open { lot } => game.open = Some(lot),
            AuctionMove::Bid { player, amount } => game.bids[player] = Some(amount),
            AuctionMove::Award => {
                let best = game.bids.iter().flatten().copied().max().unwrap_or(0);
                if let Some(lot) = game.open.take() {
                    game.awarded.push((lot, best));
                    if lot == 0 {
                        game.catalogue = (game.catalogue & !(1 << 3)) | 1 << 5;
                    }
                }
                game.bids = PerPlayer::from_fn(SEATS, |_| None);
            }
            AuctionMove::Close => game.over = true,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Action)]
#[action(prompt = "Bid", behaviour = [AuctionMove::Bid { player, amount: *amount }])]
struct Offer {
    #[choose_number(min = 1, max = 3)]
    amount: u32,
}

#[derive(Clone, Debug, PartialEq, Actions)]
#[actions(game = Auction)]
enum AuctionAction {
    Offer(Offer),
}

impl Game for Auction {
    type Config = ();
    type Move = AuctionMove;
    type Actions = AuctionAction;
    const NAME: &'static str = "auction";
    const PLAYERS: std::ops::RangeInclusive<usize> = 3..=3;

    fn setup(_: &(), seats: Seats) -> Result<Setup<Self>, SetupError> {
        Ok(Setup {
            state: Auction {
                catalogue: 0b1101,
                open: None,
                awarded: Vec::new(),
                bids: PerPlayer::from_fn(seats, |_| None),
                over: false,
            },
            moves: Vec::new(),
        })
    }

    fn flow() -> Flow<Self> {
        Flow::new(Step::sequence([
            Step::for_each(
                "lots",
                |game: &Auction, _| game.catalogue,
                |_, _, lot, moves| moves.push(AuctionMove::Open { lot }),
                [
                    Step::everyone("bid").offering::<Offer>(),
                    Step::moves("award", |_, _, moves| moves.push(AuctionMove::Award)),
                ],
            ),
            Step::moves("close", |_, _, moves| moves.push(AuctionMove::Close)),
        ]))
    }

    fn outcome(&self) -> Option<Outcome> {
        self.over.then(|| Outcome::draw(SEATS))
    }
}

#[test]
fn a_for_each_loop_visits_the_items_fixed_as_it_begins() {
    let mut engine = Engine::<Auction>::new((), 3, 0).expect("a table of three");
    assert_eq!(
        engine.position().state().open,
        Some(0),
        "the first lot is bound at once"
    );
    let mut rounds = 0;
    while engine.position().outcome().is_none() {
        for player in 0..3 {
            let submission = Submission::new("offer").with("amount", 1 + player as u32);
            if let Err(error) = engine.submit_submission(seat(player), &submission) {
                panic!("{player}: {error}");
            }
        }
        rounds += 1;
    }
    assert_eq!(rounds, 3);
    // Lot 3, withdrawn during the auction, is still auctioned; lot 5, added, is not.
    assert_eq!(engine.position().state().awarded, [(0, 3), (2, 3), (3, 3)]);
    assert_eq!(engine.position().state().catalogue, 0b10_0101);
    let binds: Vec<String> = engine
        .records()
        .iter()
        .filter(|record| {
            record
                .moves
                .iter()
                .any(|moved| matches!(moved, AuctionMove::Open { .. }))
        })
        .map(|record| format!("{:?} {:?}", record.event, record.moves[0]))
        .collect();
    assert_eq!(
        binds,
        [
            r#"Some(Moves { step: "lots" }) Open { lot: 0 }"#,
            r#"Some(Moves { step: "lots" }) Open { lot: 2 }"#,
            r#"Some(Moves { step: "lots" }) Open { lot: 3 }"#,
        ]
    );
    let replayed = Engine::replay(&engine.log()).expect("the log replays");
    assert_eq!(replayed.records(), engine.records());
}

#[test]
fn every_viewer_sees_the_flow_records_with_their_events() {
    let mut engine = Engine::<Relay>::new(false, 3, 0).expect("a table of three");
    bids(&mut engine, [0, 1, 2]);
    for viewer in [
        meeple::Viewer::Player(seat(1)),
        meeple::Viewer::Observer,
        meeple::Viewer::Admin,
    ] {
        let events: Vec<String> = engine
            .viewed_records(viewer)
            .iter()
            .filter_map(|record| record.event.as_ref().map(|event| event.to_string()))
            .collect();
        assert_eq!(
            events,
            [
                "phase bidding begins",
                "phase bidding ends",
                "turn of player 0 begins"
            ],
            "{viewer:?}"
        );
    }
}

/// Turns of adding to one's score; instead, a player may call a duel with the next seat: a
/// subflow where the two draw at once, then the engine pays the higher, and the turn goes on.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, View)]
struct Duel {
    scores: PerPlayer<u32>,
    duellists: meeple::PlayerSet,
    draws: PerPlayer<Option<u32>>,
    turns: u32,
    over: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
enum DuelMove {
    Score { player: PlayerIndex },
    Call { player: PlayerIndex },
    Draw { player: PlayerIndex, card: u32 },
    Pay,
    EndTurn,
}

impl Move<Duel> for DuelMove {
    fn apply(&self, game: &mut Duel, next: &mut MoveContext<'_, Self>) {
        match *self {
            DuelMove::Score { player } => game.scores[player] += 1,
            DuelMove::Call { player } => {
                game.duellists = meeple::PlayerSet::one(player).with(SEATS.next(player));
                next.subflow("duel");
            }
            DuelMove::Draw { player, card } => game.draws[player] = Some(card),
            DuelMove::Pay => {
                let best = SEATS
                    .iter()
                    .filter(|&seat| game.duellists.contains(seat))
                    .max_by_key(|&seat| (game.draws[seat], std::cmp::Reverse(seat.0)));
                if let Some(winner) = best {
                    game.scores[winner] += 5;
                }
                game.duellists = meeple::PlayerSet::EMPTY;
                game.draws = PerPlayer::from_fn(SEATS, |_| None);
            }
            DuelMove::EndTurn => {
                game.turns += 1;
                game.over = game.turns == 3;
            }
        }
    }
}

#[derive(Clone, Debug, PartialEq, Action)]
#[action(prompt = "Score", behaviour = [DuelMove::Score { player }, DuelMove::EndTurn])]
struct Score {}

#[derive(Clone, Debug, PartialEq, Action)]
#[action(prompt = "Call a duel", behaviour = [DuelMove::Call { player }, DuelMove::EndTurn])]
struct Call {}

#[derive(Clone, Debug, PartialEq, Action)]
#[action(prompt = "Draw", behaviour = [DuelMove::Draw { player, card: *card }])]
struct DrawCard {
    #[choose_number(min = 1, max = 3)]
    card: u32,
}

#[derive(Clone, Debug, PartialEq, Actions)]
#[actions(game = Duel)]
enum DuelAction {
    Score(Score),
    Call(Call),
    DrawCard(DrawCard),
}

impl Game for Duel {
    type Config = ();
    type Move = DuelMove;
    type Actions = DuelAction;
    const NAME: &'static str = "duel";
    const PLAYERS: std::ops::RangeInclusive<usize> = 3..=3;

    fn setup(_: &(), seats: Seats) -> Result<Setup<Self>, SetupError> {
        Ok(Setup {
            state: Duel {
                scores: PerPlayer::from_fn(seats, |_| 0),
                duellists: meeple::PlayerSet::EMPTY,
                draws: PerPlayer::from_fn(seats, |_| None),
                turns: 0,
                over: false,
            },
            moves: Vec::new(),
        })
    }

    fn flow() -> Flow<Self> {
        Flow::new(Step::forever(
            "rounds",
            [Step::each_player(
                "turns",
                |_, _| PlayerIndex(0),
                [Step::turn("turn").offering::<Score>().offering::<Call>()],
            )],
        ))
        .subflow(
            "duel",
            Step::sequence([
                Step::players("draw", |game: &Duel, _| game.duellists).offering::<DrawCard>(),
                Step::moves("pay", |_, _, moves| moves.push(DuelMove::Pay)),
            ]),
        )
    }

    fn outcome(&self) -> Option<Outcome> {
        self.over.then(|| {
            Outcome::from_scores(
                self.scores.iter().map(|&score| i64::from(score)),
                meeple::Best::Highest,
            )
        })
    }
}

fn duel_submit(engine: &mut Engine<Duel>, player: usize, submission: &Submission) {
    if let Err(error) = engine.submit_submission(seat(player), submission) {
        panic!("{submission:?} by {player}: {error}");
    }
}

#[test]
fn a_subflow_runs_in_the_middle_of_a_turn_and_the_flow_goes_on_where_it_stood() {
    let mut engine = Engine::<Duel>::new((), 3, 0).expect("a table of three");
    duel_submit(&mut engine, 0, &Submission::new("score"));
    let from = engine.records().len();
    duel_submit(&mut engine, 1, &Submission::new("call"));
    // East's turn stands still while East and South draw at once.
    assert_eq!(engine.position().turn(), Some(seat(1)));
    assert_eq!(
        engine.position().to_act(),
        meeple::PlayerSet::from_iter([seat(1), seat(2)])
    );
    assert_eq!(engine.position().flow_position().suspended().len(), 1);

    // Saved in the middle of the duel, the game resumes there.
    let saved = serde_json::to_string(engine.position().flow_position()).expect("serializes");
    let flow = serde_json::from_str(&saved).expect("reads back");
    let resumed = Engine::<Duel>::from_start(
        meeple::Start::new(engine.position().state().clone(), 3).with_flow(flow),
    )
    .expect("the saved duel starts");
    assert_eq!(resumed.position().to_act(), engine.position().to_act());
    assert_eq!(resumed.position().turn(), Some(seat(1)));

    duel_submit(
        &mut engine,
        2,
        &Submission::new("draw_card").with("card", 3),
    );
    duel_submit(
        &mut engine,
        1,
        &Submission::new("draw_card").with("card", 2),
    );
    assert_eq!(
        story_of(engine.records(), from),
        [
            "call by player 1",
            "draw_card by player 2",
            "draw_card by player 1",
            "Flow: pay",
            "Flow: turn of player 1 ends",
            "Flow: turn of player 2 begins",
        ]
    );
    assert_eq!(
        engine.position().state().scores[seat(2)],
        5,
        "South drew higher"
    );
    assert!(engine.position().flow_position().suspended().is_empty());
    assert_eq!(engine.position().to_act(), meeple::PlayerSet::one(seat(2)));
    let replayed = Engine::replay(&engine.log()).expect("the log replays");
    assert_eq!(replayed.records(), engine.records());
}

/// The records from `from` on, for any game: the flow's events, the actions by name and
/// player.
fn story_of<G: Game>(records: &[Record<G>], from: usize) -> Vec<String> {
    records[from..]
        .iter()
        .map(|record| match (&record.event, record.player) {
            (Some(event), _) => format!("{:?}: {event}", record.kind),
            (None, Some(player)) => format!("{} by {player}", record.name()),
            (None, None) => record.name().to_owned(),
        })
        .collect()
}
