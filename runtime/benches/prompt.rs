//! The cost of computing prompts (issue 4, "Speed" 2; Boardzilla takes seconds for each):
//!
//! - on a large board: a selection of one of 40 pieces followed by one of 400 empty spaces;
//! - any subset of 20 cards under a budget (`within`), with a validation of the whole set;
//! - three dependent numbers of `0..=100` each, with exactly one valid combination.
//!
//! Hearts' play prompt is measured in `games/benches/hearts.rs`.
//!
//! Run with `cargo bench -p meeple --bench prompt`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use meeple::{
    Action, Actions, Board, Deck, DeckId, Engine, Game, Grid, Move, MoveContext, Outcome,
    PlayerIndex, PlayerSet, PositionSettings, Seats, Setup, SetupError, Space, Stack, View,
    move_piece,
};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// 40 pieces in a reserve and a 20x20 board, all empty.
#[derive(Clone, Debug, Serialize, Deserialize, View)]
struct Deploy {
    #[view(place)]
    reserve: Stack<u16>,
    #[view(place)]
    board: Board<u16>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
enum DeployMove {
    Place { piece: usize, space: Space },
}

impl Move<Deploy> for DeployMove {
    fn apply(&self, game: &mut Deploy, _next: &mut MoveContext<'_, Self>) {
        let DeployMove::Place { piece, space } = *self;
        let _ = move_piece(&mut game.reserve, piece, &mut game.board, Some(space.0));
    }
}

#[derive(Clone, Debug, Action)]
#[action(prompt = "Deploy a piece", behaviour = [DeployMove::Place { piece: *piece, space: *space }])]
struct DeployPiece {
    #[choose_on_board(0..game.reserve.len())]
    piece: usize,
    #[choose_on_board(game.board.free())]
    space: Space,
}

#[derive(Clone, Debug, Actions)]
#[actions(game = Deploy)]
enum DeployAction {
    DeployPiece(DeployPiece),
}

impl Game for Deploy {
    type Config = ();
    type Move = DeployMove;
    type Actions = DeployAction;
    const NAME: &'static str = "deploy";
    const PLAYERS: std::ops::RangeInclusive<usize> = 1..=4;

    fn setup(_: &(), _: Seats) -> Result<Setup<Self>, SetupError> {
        let deck = Deck::new(DeckId(0), "pieces", (0..40).collect());
        Ok(Setup {
            state: Deploy {
                reserve: deck.stack(()),
                board: Board::new(deck.id(), Grid::new(20, 20)),
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

/// The prompt of a selection of one of 40 pieces followed by one of 400 empty spaces, and
/// the prompt of the spaces once a piece is chosen.
fn board(c: &mut Criterion) {
    let engine = Engine::<Deploy>::new((), 1, 0).expect("a valid setup");
    let player = PlayerIndex(0);
    assert_eq!(
        engine.position().prompt(player).actions[0]
            .selection
            .as_ref()
            .map(|selection| selection.options.len()),
        Some(40)
    );
    c.bench_function("prompt: 1 of 40 pieces, then 1 of 400 spaces", |b| {
        b.iter(|| black_box(engine.position().prompt(black_box(player))));
    });
    c.bench_function("prompt after choosing a piece: the 400 spaces", |b| {
        let prefix = [Value::from(7)];
        b.iter(|| {
            black_box(
                engine
                    .position()
                    .prompt_action(player, "deploy_piece", black_box(&prefix)),
            )
        });
    });
}

/// Cards costing 1 to 20 and a budget: buy any set of them within the budget, which the
/// validation then checks against the game's rule for the whole set.
#[derive(Clone, Debug, Serialize, Deserialize, View)]
struct Shop {
    /// The most the bought cards may cost together.
    budget: u32,
    /// The total a set must have to be valid: `None` accepts any set within the budget.
    exact: Option<u32>,
    bought: Option<Vec<u32>>,
}

impl Shop {
    /// The validation of a whole set: its total is `exact`, when the game asks for one.
    fn spends(&self, cards: &[u32]) -> Result<(), Overspent> {
        let total: u32 = cards.iter().sum();
        match self.exact {
            Some(exact) if total != exact => Err(Overspent { exact, total }),
            _ => Ok(()),
        }
    }
}

/// Why a set is refused: its total is not the one asked for. Formatted only when shown.
#[derive(Debug)]
struct Overspent {
    exact: u32,
    total: u32,
}

impl std::fmt::Display for Overspent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "spend exactly {}, not {}", self.exact, self.total)
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
enum ShopMove {
    Buy(Vec<u32>),
}

impl Move<Shop> for ShopMove {
    fn apply(&self, shop: &mut Shop, _next: &mut MoveContext<'_, Self>) {
        let ShopMove::Buy(cards) = self;
        shop.bought = Some(cards.clone());
    }
}

#[derive(Clone, Debug, Action)]
#[action(prompt = "Buy cards", behaviour = [ShopMove::Buy(cards.clone())])]
struct Buy {
    #[choose_from(
        1..=20_u32,
        min = 1,
        max = 20,
        within = cards.iter().sum::<u32>() <= game.budget,
        validate = game.spends(cards),
    )]
    cards: Vec<u32>,
}

#[derive(Clone, Debug, Actions)]
#[actions(game = Shop)]
enum ShopAction {
    Buy(Buy),
}

impl Game for Shop {
    /// The budget and the exact total asked for, if any.
    type Config = (u32, Option<u32>);
    type Move = ShopMove;
    type Actions = ShopAction;
    const NAME: &'static str = "shop";
    const PLAYERS: std::ops::RangeInclusive<usize> = 1..=4;

    fn setup(&(budget, exact): &Self::Config, _: Seats) -> Result<Setup<Self>, SetupError> {
        Ok(Setup {
            state: Shop {
                budget,
                exact,
                bought: None,
            },
            moves: Vec::new(),
        })
    }

    fn to_act(&self) -> PlayerSet {
        if self.bought.is_none() {
            PlayerSet::one(PlayerIndex(0))
        } else {
            PlayerSet::EMPTY
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.bought
            .as_ref()
            .map(|_| Outcome::win(PlayerIndex(0), Seats::new(1)))
    }
}

/// The options of the first selection of `engine`'s first action (empty if none).
fn first_options<G: Game + serde::Serialize>(engine: &Engine<G>) -> usize {
    engine
        .position()
        .prompt(PlayerIndex(0))
        .actions
        .first()
        .and_then(|action| action.selection.as_ref())
        .map_or(0, |selection| selection.options.len())
}

/// The prompt of any subset of 20 cards (costing 1 to 20) within a budget of 30: with any
/// set accepted; with only the sets spending exactly 30 valid (every card is part of one);
/// and with a validation no set passes (spend exactly 31), where the search walks every set
/// within the budget, for each of the 20 cards, and finds none (the action is then not
/// offered).
fn budget(c: &mut Criterion) {
    let cases = [
        ("any set within", None, 20),
        ("spending it exactly", Some(30), 20),
        ("no set valid", Some(31), 0),
    ];
    for (case, exact, options) in cases {
        let engine = Engine::<Shop>::new((30, exact), 1, 0).expect("a valid setup");
        assert_eq!(first_options(&engine), options, "{case}");
        c.bench_function(
            &format!("prompt: any subset of 20 cards under a budget of 30, {case}"),
            |b| b.iter(|| black_box(engine.position().prompt(black_box(PlayerIndex(0))))),
        );
    }
}

/// Three dependent numbers, each in `0..=100`: `a`, then `b < a`, then `c < b` with
/// `a + b + c == 297`. Exactly one combination is valid: 100, 99, 98.
#[derive(Clone, Debug, Serialize, Deserialize, View)]
struct Triple {
    chosen: Option<(u32, u32, u32)>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
enum TripleMove {
    Choose(u32, u32, u32),
}

impl Move<Triple> for TripleMove {
    fn apply(&self, triple: &mut Triple, _next: &mut MoveContext<'_, Self>) {
        let TripleMove::Choose(a, b, c) = *self;
        triple.chosen = Some((a, b, c));
    }
}

#[derive(Clone, Debug, Action)]
#[action(prompt = "Choose three numbers", behaviour = [TripleMove::Choose(*a, *b, *c)])]
struct ChooseThree {
    #[choose_number(min = 0, max = 100)]
    a: u32,
    #[choose_number(min = 0, max = 100, validate = *b < *a)]
    b: u32,
    #[choose_number(min = 0, max = 100, validate = *c < *b && *a + *b + *c == 297)]
    c: u32,
}

#[derive(Clone, Debug, Actions)]
#[actions(game = Triple)]
enum TripleAction {
    ChooseThree(ChooseThree),
}

impl Game for Triple {
    type Config = ();
    type Move = TripleMove;
    type Actions = TripleAction;
    const NAME: &'static str = "triple";
    const PLAYERS: std::ops::RangeInclusive<usize> = 1..=4;

    fn setup(_: &(), _: Seats) -> Result<Setup<Self>, SetupError> {
        Ok(Setup {
            state: Triple { chosen: None },
            moves: Vec::new(),
        })
    }

    fn to_act(&self) -> PlayerSet {
        if self.chosen.is_none() {
            PlayerSet::one(PlayerIndex(0))
        } else {
            PlayerSet::EMPTY
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.chosen
            .map(|_| Outcome::win(PlayerIndex(0), Seats::new(1)))
    }
}

/// The prompt of three dependent numbers of `0..=100` with one valid combination: the
/// whole prompt (every value of `a` below 100 is searched to its end before the range's
/// bounds are known; the single viable value of each range is then chosen by skipping),
/// and the prompts of the same action after the player chose `a` = 100, then `b` = 99.
fn three_numbers(c: &mut Criterion) {
    // The one combination is the player's only completion: the engine would play it for
    // them at setup.
    let settings = PositionSettings {
        autoplay_forced: false,
        ..PositionSettings::default()
    };
    let engine = Engine::<Triple>::with_settings((), 1, 0, settings).expect("a valid setup");
    let player = PlayerIndex(0);
    // Each range has one viable value, so skipping chooses all three for the player: the
    // prompt is the complete action, ready to submit.
    let prompt = engine.position().prompt(player);
    let chosen: Vec<(&str, &Value, bool)> = prompt.actions[0]
        .chosen
        .iter()
        .map(|choice| (choice.selection.as_str(), &choice.value, choice.preset))
        .collect();
    assert_eq!(
        chosen,
        [
            ("a", &Value::from(100), true),
            ("b", &Value::from(99), true),
            ("c", &Value::from(98), true)
        ]
    );
    assert!(prompt.actions[0].selection.is_none());
    engine
        .clone()
        .submit(
            player,
            TripleAction::ChooseThree(ChooseThree {
                a: 100,
                b: 99,
                c: 98,
            }),
        )
        .expect("the one valid combination");
    assert!(
        engine
            .clone()
            .submit(
                player,
                TripleAction::ChooseThree(ChooseThree {
                    a: 100,
                    b: 98,
                    c: 97
                })
            )
            .is_err()
    );
    c.bench_function(
        "prompt: 3 dependent numbers of 0..=100, one valid combination",
        |b| {
            b.iter(|| black_box(engine.position().prompt(black_box(player))));
        },
    );
    c.bench_function("prompt after choosing a = 100: b of 0..=100", |b| {
        let prefix = [Value::from(100)];
        b.iter(|| {
            black_box(
                engine
                    .position()
                    .prompt_action(player, "choose_three", black_box(&prefix)),
            )
        });
    });
    c.bench_function("prompt after choosing a = 100, b = 99: c of 0..=100", |b| {
        let prefix = [Value::from(100), Value::from(99)];
        b.iter(|| {
            black_box(
                engine
                    .position()
                    .prompt_action(player, "choose_three", black_box(&prefix)),
            )
        });
    });
}

criterion_group!(benches, board, budget, three_numbers);
criterion_main!(benches);
