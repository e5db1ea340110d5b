//! The cost of computing prompts on a large board: a selection of one of 40 pieces
//! followed by one of 400 empty spaces (Boardzilla takes seconds for this one).
//!
//! Run with `cargo bench -p meeple --bench prompt`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use meeple::{
    Action, Actions, Board, Deck, DeckId, Engine, Game, Grid, Move, MoveContext, Outcome,
    PlayerIndex, PlayerSet, Setup, SetupError, Space, Stack, View, move_piece,
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

    fn setup(_: &(), _players: usize) -> Result<Setup<Self>, SetupError> {
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

fn board(c: &mut Criterion) {
    let engine = Engine::<Deploy>::new((), 1, 0).expect("a valid setup");
    let player = PlayerIndex(0);
    assert_eq!(
        engine.prompt(player).actions[0]
            .selection
            .as_ref()
            .map(|selection| selection.options.len()),
        Some(40)
    );
    c.bench_function("prompt: 1 of 40 pieces, then 1 of 400 spaces", |b| {
        b.iter(|| black_box(engine.prompt(black_box(player))));
    });
    c.bench_function("prompt after choosing a piece: the 400 spaces", |b| {
        let prefix = [Value::from(7)];
        b.iter(|| black_box(engine.prompt_action(player, "deploy_piece", black_box(&prefix))));
    });
}

criterion_group!(benches, board);
criterion_main!(benches);
