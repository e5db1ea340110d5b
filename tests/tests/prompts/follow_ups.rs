//! A behaviour asks another player to act next, with arguments that shape the prompt.

use super::*;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, meeple::View)]
struct Market {
    seats: Seats,
    coins: Vec<u32>,
    next: PlayerIndex,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
enum MarketMove {
    Earn {
        player: PlayerIndex,
        coins: u32,
    },
    Steal {
        player: PlayerIndex,
        from: PlayerIndex,
        coins: u32,
    },
}

impl Move<Market> for MarketMove {
    fn apply(&self, market: &mut Market, _next: &mut MoveContext<'_, Self>) {
        match *self {
            MarketMove::Earn { player, coins } => {
                market.coins[player.0] += coins;
                market.next = market.seats.next(player);
            }
            MarketMove::Steal {
                player,
                from,
                coins,
            } => {
                market.coins[from.0] -= coins;
                market.coins[player.0] += coins;
            }
        }
    }
}

/// Earn 1 to 3 coins; the other player may then steal up to that many.
#[derive(Clone, Debug, Action)]
#[action(
    prompt = "Earn coins",
    message = "{player} earns {coins}",
    behaviour = Behaviour::moves([MarketMove::Earn { player, coins: *coins }])
        .follow_up(game.seats.next(player), StealArgs { most: *coins, from: player }),
)]
struct Earn {
    #[choose_number(min = 1, max = 3)]
    coins: u32,
}

/// Only a follow-up: steal at most `most` coins from `from`.
#[derive(Clone, Debug, Action)]
#[action(
    prompt = format!("Steal up to {most} coins from {}", game.player_name(*from)),
    message = "{player} steals {amount}",
    behaviour = [MarketMove::Steal { player, from: *from, coins: *amount }],
)]
struct Steal {
    #[arg]
    most: u32,
    #[arg]
    from: PlayerIndex,
    #[choose_number(min = 0, max = *most, prompt = "How many coins?")]
    amount: u32,
}

#[derive(Clone, Debug, Actions)]
#[actions(game = Market)]
enum MarketAction {
    Earn(Earn),
    Steal(Steal),
}

impl Game for Market {
    type Config = ();
    type Move = MarketMove;
    type Actions = MarketAction;
    const NAME: &'static str = "market";
    const PLAYERS: std::ops::RangeInclusive<usize> = 1..=4;
    fn setup(_: &(), seats: Seats) -> Result<Setup<Self>, SetupError> {
        let state = Market {
            seats,
            coins: vec![0; seats.count()],
            next: P0,
        };
        Ok(Setup {
            state,
            moves: Vec::new(),
        })
    }
    fn to_act(&self) -> PlayerSet {
        PlayerSet::one(self.next)
    }
    fn outcome(&self) -> Option<Outcome> {
        None
    }
}

/// The market after the first player earned 2: the second player must steal.
fn after_earning_two() -> Engine<Market> {
    let mut engine = Engine::<Market>::new((), 2, 7).expect("a valid setup");
    engine
        .submit(P0, MarketAction::Earn(Earn { coins: 2 }))
        .expect("earning 2 is offered");
    engine
}

/// The follow-up is the second player's only action: its prompt names the arguments
/// (2 coins, from Player 1) and its range is bounded by them: 0..=2.
#[test]
fn a_follow_up_prompt_shows_its_arguments() {
    let engine = after_earning_two();
    assert_eq!(engine.position().follow_ups().len(), 1);
    assert_eq!(engine.position().to_act(), PlayerSet::one(P1));
    let prompt = engine.position().prompt(P1);
    insta::assert_json_snapshot!("follow_up_steal", prompt);
    assert!(engine.position().prompt(P0).actions.is_empty());
}

/// The next follow-up has other arguments, and so another prompt: after the second
/// player earns 3, the first may steal up to 3 from Player 2 (0..=3); the earning
/// itself is no follow-up and its record has no arguments.
#[test]
fn a_follow_up_range_follows_its_arguments() {
    let mut engine = after_earning_two();
    engine
        .submit(P1, MarketAction::Steal(steal(2, P0, 1)))
        .expect("steal 1");
    assert_eq!(engine.position().state().coins, [1, 1]);
    engine
        .submit(P1, MarketAction::Earn(Earn { coins: 3 }))
        .expect("earn 3");
    let steal = engine
        .position()
        .prompt_action(P0, "steal", &[])
        .expect("the follow-up is offered");
    insta::assert_json_snapshot!("follow_up_steal_three", steal);
    let record = engine.log().records.pop().expect("a record");
    assert_eq!(record.action, "earn");
    assert!(record.args.is_none());
}

fn steal(most: u32, from: PlayerIndex, amount: u32) -> Steal {
    Steal { most, from, amount }
}

/// Outside the range, with other arguments, by the wrong player or the wrong action:
/// each is a typed error that changes nothing, and the follow-up is still pending.
#[test]
fn refused_follow_ups_say_why() {
    let mut engine = after_earning_two();

    let error = refused(
        &mut engine,
        submit(P1, Submission::new("steal").with("amount", 3)),
    );
    assert_eq!(
        error,
        SubmitError::Refused(Refusal::NotOffered {
            action: "steal",
            selection: "amount",
            value: "3".to_owned(),
            reason: "it is outside 0..=2".to_owned(),
        })
    );
    assert_eq!(
        error.to_string(),
        "`steal`: 3 is not offered for `amount` (it is outside 0..=2)"
    );

    let error = refused(&mut engine, |engine| {
        engine
            .submit(P1, MarketAction::Steal(steal(5, P0, 2)))
            .map(|_| ())
            .map_err(Refusal::from)
    });
    assert_eq!(
        error,
        Refusal::ActionNotAvailable {
            action: "steal",
            reason: None,
            player: seat(P1),
            available: vec!["steal"],
        }
    );

    let error = refused(
        &mut engine,
        submit(P1, Submission::new("earn").with("coins", 1)),
    );
    assert_eq!(
        error,
        SubmitError::Refused(Refusal::ActionNotAvailable {
            action: "earn",
            reason: None,
            player: seat(P1),
            available: vec!["steal"],
        })
    );
    assert_eq!(
        error.to_string(),
        "`earn` is not available to Player 2 now; available: steal"
    );
    assert_eq!(
        engine.position().prompt_action(P1, "earn", &[]),
        Err(SubmitError::Refused(Refusal::ActionNotAvailable {
            action: "earn",
            reason: None,
            player: seat(P1),
            available: vec!["steal"],
        }))
    );

    let error = refused(
        &mut engine,
        submit(P0, Submission::new("steal").with("amount", 1)),
    );
    assert_eq!(
        error,
        SubmitError::Refused(Refusal::NotYourTurn {
            player: seat(P0),
            to_act: vec![seat(P1)]
        })
    );

    let error = refused(
        &mut engine,
        submit(P1, Submission::new("pay").with("amount", 1)),
    );
    assert_eq!(
        error,
        SubmitError::Decode(DecodeError::UnknownAction {
            action: "pay".to_owned(),
            known: vec!["earn", "steal"],
        })
    );

    let record = engine
        .submit_submission(P1, &Submission::new("steal").with("amount", 2))
        .expect("stealing 2 is offered");
    assert!(record.follow_up, "stealing is a follow-up");
    let record = engine.log().records.pop().expect("a record");
    assert_eq!(record.args, Some(json!({"Steal": {"most": 2, "from": 0}})));
    assert!(engine.position().follow_ups().is_empty());
    assert_eq!(engine.position().state().coins, [0, 2]);
}
