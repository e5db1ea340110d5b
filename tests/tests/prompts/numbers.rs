//! Number ranges: bounds depending on an earlier selection, and wide ranges offered as
//! bounds instead of a list.

use super::*;

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
enum Good {
    Wood,
    Stone,
    Gold,
}

impl Good {
    const ALL: [Good; 3] = [Good::Wood, Good::Stone, Good::Gold];

    fn price(self) -> u32 {
        match self {
            Good::Wood => 1,
            Good::Stone => 3,
            Good::Gold => 7,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, meeple::View)]
struct Shop {
    coins: u32,
    journal: Vec<String>,
}

impl Journal for Shop {
    fn journal(&mut self) -> &mut Vec<String> {
        &mut self.journal
    }
}

/// As much of a good as the coins pay for: the range depends on the good, and half of it is
/// preselected.
#[derive(Clone, Debug, Action)]
#[action(prompt = "Buy goods", behaviour = [Note(format!("bought {amount} {good:?}"))])]
struct Buy {
    #[choose_from(Good::ALL, label = format!("{good:?} ({} each)", good.price()))]
    good: Good,
    #[choose_number(
        min = 1,
        max = game.coins / good.price(),
        initial = game.coins / good.price() / 2,
        prompt = format!("How much {good:?}?")
    )]
    amount: u32,
}

/// Any bid up to a million: offered as bounds, not listed.
#[derive(Clone, Debug, Action)]
#[action(prompt = "Bid", behaviour = [Note(format!("bid {amount}"))])]
struct Bid {
    #[choose_number(min = 0, max = 1_000_000)]
    amount: u32,
}

/// Pledges are in hundreds: the bounds are the smallest and largest valid values; the
/// preselected pledge is a hundred times the coins.
#[derive(Clone, Debug, Action)]
#[action(prompt = "Pledge", behaviour = [Note(format!("pledged {amount}"))])]
struct Pledge {
    #[choose_number(
        min = 1,
        max = 1_000_000,
        initial = game.coins * 100,
        validate = if *amount % 100 == 0 { Ok(()) } else { Err("pledges are in hundreds") },
    )]
    amount: u32,
}

#[derive(Clone, Debug, Actions)]
#[actions(game = Shop)]
enum ShopAction {
    Buy(Buy),
    Bid(Bid),
    Pledge(Pledge),
}

impl Game for Shop {
    type Config = u32;
    type Move = Note;
    type Actions = ShopAction;
    const NAME: &'static str = "shop";
    const PLAYERS: std::ops::RangeInclusive<usize> = 1..=4;
    fn setup(coins: &u32, _: Seats) -> Result<Setup<Self>, SetupError> {
        let state = Shop {
            coins: *coins,
            journal: Vec::new(),
        };
        Ok(Setup {
            state,
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

fn shop(coins: u32) -> Engine<Shop> {
    Engine::new(coins, 1, 7).expect("a valid setup")
}

/// Six coins: `buy` offers wood and stone (gold, at 7, has no amount and is removed);
/// `bid` is the bounds 0..=1000000 with no list; `pledge` the bounds 100..=1000000.
#[test]
fn wide_ranges_are_bounds() {
    let engine = shop(6);
    let prompt = engine.position().prompt(P0);
    let bid = prompt.actions[1].selection.as_ref().expect("bid asks");
    assert_eq!(
        bid.kind,
        SelectionKind::ChooseNumber {
            min: 0,
            max: 1_000_000,
            initial: None,
        }
    );
    assert!(bid.options.is_empty());
    insta::assert_json_snapshot!("numbers_prompt", prompt);
}

/// Six coins: `buy` has 6 amounts of wood and 2 of stone, `bid` 1,000,001 amounts,
/// `pledge` the 10,000 hundreds; ranking skips a whole range by its count.
#[test]
fn wide_ranges_are_counted_and_ranked() {
    let engine = shop(6);
    assert_eq!(
        engine.position().count_completions(P0),
        8 + 1_000_001 + 10_000
    );
    let at = |index| {
        engine
            .position()
            .nth_completion(P0, index)
            .map(|action| format!("{action:?}"))
    };
    assert_eq!(
        at(7).as_deref(),
        Some("Buy(Buy { good: Stone, amount: 2 })")
    );
    assert_eq!(at(8).as_deref(), Some("Bid(Bid { amount: 0 })"));
    assert_eq!(
        at(1_000_008).as_deref(),
        Some("Bid(Bid { amount: 1000000 })")
    );
    assert_eq!(
        at(1_000_009).as_deref(),
        Some("Pledge(Pledge { amount: 100 })")
    );
    assert_eq!(
        at(1_010_008).as_deref(),
        Some("Pledge(Pledge { amount: 1000000 })")
    );
    assert_eq!(at(1_010_009), None);
}

/// The amount's range follows the good: wood 1..=6 (listed), stone 1..=2.
#[test]
fn a_range_depends_on_an_earlier_selection() {
    let engine = shop(6);
    let wood = engine
        .position()
        .prompt_action(P0, "buy", &[json!("wood")])
        .expect("wood is offered");
    insta::assert_json_snapshot!("numbers_buy_wood", wood);
    let stone = engine
        .position()
        .prompt_action(P0, "buy", &[json!("stone")])
        .expect("stone is offered");
    insta::assert_json_snapshot!("numbers_buy_stone", stone);
}

/// With 60 coins the wood range 1..=60 is too wide to list: it is bounds; stone's
/// 1..=20 (twenty values) is still listed.
#[test]
fn a_dependent_range_becomes_bounds_when_wide() {
    let engine = shop(60);
    let wood = engine
        .position()
        .prompt_action(P0, "buy", &[json!("wood")])
        .expect("wood is offered");
    let selection = wood.selection.as_ref().expect("the amount");
    assert_eq!(
        selection.kind,
        SelectionKind::ChooseNumber {
            min: 1,
            max: 60,
            initial: Some(30),
        }
    );
    assert!(selection.options.is_empty());
    let stone = engine
        .position()
        .prompt_action(P0, "buy", &[json!("stone")])
        .expect("stone is offered");
    let selection = stone.selection.as_ref().expect("the amount");
    assert_eq!(selection.options.len(), 20);
    insta::assert_json_snapshot!("numbers_buy_wood_60_coins", wood);
}

/// Out of range, refused by the validation, malformed, or a good with no amount.
#[test]
fn refused_numbers_say_why() {
    let mut engine = shop(6);

    let error = refused(
        &mut engine,
        submit(
            P0,
            Submission::new("buy")
                .with("good", "stone")
                .with("amount", 3),
        ),
    );
    assert_eq!(
        error,
        SubmitError::Refused(Refusal::NotOffered {
            action: "buy",
            selection: "amount",
            value: "3".to_owned(),
            reason: "it is outside 1..=2".to_owned(),
        })
    );

    let error = refused(
        &mut engine,
        submit(P0, Submission::new("bid").with("amount", 1_000_001)),
    );
    assert_eq!(
        error.to_string(),
        "`bid`: 1000001 is not offered for `amount` (it is outside 0..=1000000)"
    );

    let error = refused(
        &mut engine,
        submit(P0, Submission::new("pledge").with("amount", 150)),
    );
    assert_eq!(
        error,
        SubmitError::Refused(Refusal::Invalid {
            action: "pledge",
            selection: "amount",
            message: "pledges are in hundreds".to_owned(),
        })
    );

    let error = refused(
        &mut engine,
        submit(P0, Submission::new("bid").with("amount", -1)),
    );
    assert!(
        matches!(
            error,
            SubmitError::Decode(DecodeError::MalformedSelection {
                action: "bid",
                selection: "amount",
                ..
            })
        ),
        "{error:?}"
    );

    // Gold is among the goods, so a submission is refused at its amount; stepping
    // through the prompt says gold itself leads nowhere.
    let error = refused(
        &mut engine,
        submit(
            P0,
            Submission::new("buy")
                .with("good", "gold")
                .with("amount", 1),
        ),
    );
    assert_eq!(
        error,
        SubmitError::Refused(Refusal::NotOffered {
            action: "buy",
            selection: "amount",
            value: "1".to_owned(),
            reason: "it is outside 1..=0".to_owned(),
        })
    );
    assert_eq!(
        engine.position().prompt_action(P0, "buy", &[json!("gold")]),
        Err(SubmitError::Refused(Refusal::NotOffered {
            action: "buy",
            selection: "good",
            value: "gold".to_owned(),
            reason: "no complete action follows it".to_owned(),
        }))
    );
    assert_eq!(
        engine
            .position()
            .prompt_action(P0, "buy", &[json!("wood"), json!(1), json!(1)]),
        Err(SubmitError::Decode(DecodeError::ExtraSelection {
            action: "buy",
            selection: "value #3 (the action has 2 selections)".to_owned(),
        }))
    );

    engine
        .submit_submission(P0, &Submission::new("pledge").with("amount", 999_900))
        .expect("a pledge in hundreds");
    assert_eq!(engine.position().state().journal, ["pledged 999900"]);
}

/// The preselected number is carried in the prompt, moved to a viable value: half of what
/// the coins buy (listed), a hundred times the coins when that is a valid pledge (wide), the
/// smallest pledge when it is not.
#[test]
fn the_initial_number_is_in_the_prompt() {
    let initial = |coins: u32, action: &str, earlier: &[serde_json::Value]| {
        let engine = shop(coins);
        let prompt = engine
            .position()
            .prompt_action(P0, action, earlier)
            .expect("offered");
        match prompt.selection.expect("a selection").kind {
            SelectionKind::ChooseNumber { initial, .. } => initial,
            other => panic!("not a number: {other:?}"),
        }
    };
    assert_eq!(initial(6, "buy", &[json!("wood")]), Some(3));
    assert_eq!(initial(6, "buy", &[json!("stone")]), Some(1));
    assert_eq!(initial(6, "pledge", &[]), Some(600));
    assert_eq!(initial(0, "pledge", &[]), Some(100));
    assert_eq!(initial(6, "bid", &[]), None);
}
