//! Moves of pieces declared on actions (`move_piece`, `swap_pieces`, `reorder`, `shuffle`)
//! over places addressed by `#[derive(Places)]`: no hand-written move code, and views that
//! pass the harness.

use meeple::testing::check_views;
use meeple::{
    Action, Actions, Chest, Deck, DeckId, Engine, Game, Move, MoveContext, Outcome, PerPlayer,
    PieceMove, Places, PlayerIndex, PlayerSet, Seats, Setup, SetupError, Slot, Stack, Submission,
    View, Viewer,
};
use meeple_tests::P0;
use serde::{Deserialize, Serialize};

const SEATS: Seats = Seats::new(2);
const TURNS: u32 = 8;

fn cards() -> Deck<u8> {
    Deck::new(DeckId(0), "cards", (1..=9).collect())
}

/// A draw pile, a hand per player (seen by its owner, counted by the others) and a
/// discard pile; players take turns drawing, discarding, swapping, sorting or reshuffling.
#[derive(Clone, Debug, Serialize, Deserialize, View, Places)]
#[places(component = u8)]
struct Table {
    #[view(len)]
    draw: Stack<u8>,
    #[view(others = len)]
    hands: PerPlayer<Stack<u8>>,
    #[view(place)]
    discard: Stack<u8>,
    turn: u32,
}

impl Table {
    fn to_play(&self) -> PlayerIndex {
        PlayerIndex(self.turn as usize % SEATS.count())
    }

    fn hand(&self, player: PlayerIndex) -> &Stack<u8> {
        &self.hands[player]
    }

    fn card(&self, player: PlayerIndex, index: usize) -> String {
        self.hand(player)
            .get(index)
            .and_then(Slot::component)
            .map_or_else(|| "?".to_owned(), u8::to_string)
    }

    /// The order that sorts `player`'s hand, lowest first.
    fn sorted(&self, player: PlayerIndex) -> Vec<u16> {
        let hand = self.hand(player);
        let mut order: Vec<u16> = (0..hand.len()).map(|i| i as u16).collect();
        order.sort_by_key(|&i| hand.get(usize::from(i)).and_then(Slot::component).copied());
        order
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
enum TableMove {
    Piece(PieceMove<TablePlace, u8>),
    EndTurn,
}

impl From<PieceMove<TablePlace, u8>> for TableMove {
    fn from(piece: PieceMove<TablePlace, u8>) -> Self {
        TableMove::Piece(piece)
    }
}

impl Move<Table> for TableMove {
    fn apply(&self, table: &mut Table, next: &mut MoveContext<'_, Self>) {
        match self {
            TableMove::Piece(piece) => {
                let applied = piece.apply(table, next);
                assert_eq!(applied, Ok(()), "{piece:?}");
            }
            TableMove::EndTurn => table.turn += 1,
        }
    }

    fn view(&self, after: &Table, viewer: Viewer) -> Option<Self> {
        Some(match self {
            TableMove::Piece(piece) => TableMove::Piece(piece.view(after, viewer)),
            other => other.clone(),
        })
    }
}

#[derive(Clone, Debug, Action)]
#[action(
    condition = !game.draw.is_empty(),
    move_piece(from = TablePlace::Draw, index = game.draw.len() - 1, to = TablePlace::Hands(player)),
    behaviour = [TableMove::EndTurn]
)]
struct DrawCard {}

#[derive(Clone, Debug, Action)]
#[action(
    move_piece(from = TablePlace::Hands(player), index = *card, to = TablePlace::Discard),
    behaviour = [TableMove::EndTurn]
)]
struct Discard {
    #[choose_from(0..game.hand(player).len(), label = game.card(player, *card))]
    card: usize,
}

#[derive(Clone, Debug, Action)]
#[action(
    swap_pieces(a = TablePlace::Hands(player), a_index = *mine, b = TablePlace::Discard, b_index = game.discard.len() - 1),
    behaviour = [TableMove::EndTurn]
)]
struct SwapWithDiscard {
    #[choose_from(0..if game.discard.is_empty() { 0 } else { game.hand(player).len() }, label = game.card(player, *mine))]
    mine: usize,
}

#[derive(Clone, Debug, Action)]
#[action(
    condition = game.hand(player).len() > 1,
    reorder(place = TablePlace::Hands(player), order = game.sorted(player)),
    behaviour = [TableMove::EndTurn]
)]
struct Sort {}

#[derive(Clone, Debug, Action)]
#[action(
    condition = game.discard.len() > 1,
    shuffle(place = TablePlace::Discard),
    move_piece(from = TablePlace::Discard, index = 0, to = TablePlace::Draw, at = 0),
    behaviour = [TableMove::EndTurn]
)]
struct Recycle {}

#[derive(Clone, Debug, Actions)]
#[actions(game = Table)]
enum TableAction {
    DrawCard(DrawCard),
    Discard(Discard),
    SwapWithDiscard(SwapWithDiscard),
    Sort(Sort),
    Recycle(Recycle),
}

impl Game for Table {
    type Config = ();
    type Move = TableMove;
    type Actions = TableAction;
    const NAME: &'static str = "table";
    const PLAYERS: std::ops::RangeInclusive<usize> = SEATS.count()..=SEATS.count();

    fn setup(_: &(), seats: Seats) -> Result<Setup<Self>, SetupError> {
        let deck = cards();
        let mut moves = vec![TableMove::Piece(PieceMove::Shuffle {
            place: TablePlace::Draw,
        })];
        // Dealt from the top, each card on top of its hand: nothing counted by hand.
        for round in 0..4 {
            let seat = PlayerIndex(round % SEATS.count());
            moves.push(TableMove::Piece(PieceMove::MoveTop {
                from: TablePlace::Draw,
                to: TablePlace::Hands(seat),
                seen: None,
            }));
        }
        Ok(Setup {
            state: Table {
                draw: deck.stack(()),
                hands: PerPlayer::from_fn(seats, |_| Stack::new(deck.id())),
                discard: Stack::new(deck.id()),
                turn: 0,
            },
            moves,
        })
    }

    fn to_act(&self) -> PlayerSet {
        if self.turn < TURNS {
            PlayerSet::one(self.to_play())
        } else {
            PlayerSet::EMPTY
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.turn >= TURNS).then(|| Outcome::win(PlayerIndex(0), SEATS))
    }
}

fn hand(engine: &Engine<Table>, player: PlayerIndex) -> Vec<u8> {
    engine
        .position()
        .state()
        .hand(player)
        .components()
        .copied()
        .collect()
}

/// The setup shuffles the draw pile and deals two cards each; each player sees their own
/// cards and only how many the other holds.
#[test]
fn dealt_cards_are_seen_by_their_owner_only() {
    let engine = Engine::<Table>::new((), 2, 4).expect("a valid setup");
    assert_eq!(engine.position().state().draw.len(), 5);
    assert_eq!(hand(&engine, P0).len(), 2);
    let view = engine.position().view(Viewer::Player(P0));
    assert_eq!(view.hand(P0).components().count(), 2);
    assert_eq!(
        view.hand(PlayerIndex(1)).slots(),
        &[Slot::Hidden(None), Slot::Hidden(None)]
    );
    // The viewed shuffle shows no order: the positions stay in place.
    let records = engine.viewed_records(Viewer::Player(P0));
    let TableMove::Piece(PieceMove::Arrange { arrangement, .. }) = &records[0].moves[1] else {
        panic!("the shuffle's arrangement: {:?}", records[0].moves);
    };
    assert_eq!(arrangement.order, (0..9).collect::<Vec<u16>>());
    // A game that describes no move sends no words beside them.
    assert!(records.iter().all(|record| record.texts.is_empty()));
    let json = serde_json::to_value(&records[0]).expect("a record serializes");
    assert!(json.get("texts").is_none(), "{json}");
}

/// Drawing, discarding, sorting and swapping move the pieces the actions say.
#[test]
fn declared_moves_move_the_pieces() {
    let mut engine = Engine::<Table>::new((), 2, 4).expect("a valid setup");
    let top = *engine
        .position()
        .state()
        .draw
        .components()
        .last()
        .expect("a card to draw");
    engine
        .submit_submission(P0, &Submission::new("draw_card"))
        .expect("the draw pile has cards");
    assert_eq!(hand(&engine, P0).last(), Some(&top));
    let theirs = hand(&engine, PlayerIndex(1));
    engine
        .submit_submission(PlayerIndex(1), &Submission::new("discard").with("card", 0))
        .expect("a card of the hand");
    assert_eq!(
        engine
            .position()
            .state()
            .discard
            .components()
            .copied()
            .collect::<Vec<_>>(),
        vec![theirs[0]]
    );
    engine
        .submit_submission(P0, &Submission::new("sort"))
        .expect("three cards to sort");
    let sorted = hand(&engine, P0);
    assert!(
        sorted.windows(2).all(|pair| pair[0] <= pair[1]),
        "{sorted:?}"
    );
    engine
        .submit_submission(
            PlayerIndex(1),
            &Submission::new("swap_with_discard").with("mine", 0),
        )
        .expect("a card to swap with the discard");
    assert_eq!(hand(&engine, PlayerIndex(1))[0], theirs[0]);
    assert_eq!(
        engine
            .position()
            .state()
            .discard
            .components()
            .copied()
            .collect::<Vec<_>>(),
        vec![theirs[1]]
    );
}

/// Random games: every prompt from the player's view equals the full one, every viewer's
/// moves replay onto their view, and every card lies in one place.
#[test]
fn declared_moves_pass_the_view_harness() {
    let chest = Chest::new().with(&cards());
    let report = check_views::<Table>(&(), 2, 0..40, Some(&chest), 50)
        .unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(report.games, 40);
    // A turn with one possible action is played for the player, not submitted.
    assert!(
        report.submissions > 40 * TURNS as usize * 9 / 10,
        "{report:?}"
    );
}

/// Within one place, a stack closes up behind the moved piece; a move the place refuses
/// changes nothing.
#[test]
fn moving_within_one_stack_closes_it_up() {
    let mut engine = Engine::<Table>::new((), 2, 4).expect("a valid setup");
    let before: Vec<u8> = engine
        .position()
        .state()
        .draw
        .components()
        .copied()
        .collect();
    let mut table = engine.position().state().clone();
    let mut chance = meeple::Chance::from_seed(0);
    let mut ignored = Vec::new();
    let mut next = MoveContext::<TableMove>::new(&mut ignored, &mut chance);
    let to_top = PieceMove::Move {
        from: TablePlace::Draw,
        index: 0,
        to: TablePlace::Draw,
        at: before.len() - 1,
        seen: None,
    };
    assert_eq!(to_top.apply(&mut table, &mut next), Ok(()));
    let mut expected = before.clone();
    let bottom = expected.remove(0);
    expected.push(bottom);
    assert_eq!(
        table.draw.components().copied().collect::<Vec<_>>(),
        expected
    );
    let beyond = PieceMove::Move {
        from: TablePlace::Draw,
        index: 0,
        to: TablePlace::Draw,
        at: before.len(),
        seen: None,
    };
    assert!(beyond.apply(&mut table, &mut next).is_err());
    assert_eq!(
        table.draw.components().copied().collect::<Vec<_>>(),
        expected
    );
    engine
        .submit_submission(P0, &Submission::new("draw_card"))
        .expect("the engine's own state was not touched");
}

/// The top of a place moves on top of another, the positions read as it applies: the
/// same move twice takes two cards; from an empty place it is refused, changing nothing.
#[test]
fn the_top_piece_moves_on_top_until_the_place_is_empty() {
    let engine = Engine::<Table>::new((), 2, 4).expect("a valid setup");
    let mut table = engine.position().state().clone();
    let mut chance = meeple::Chance::from_seed(0);
    let mut ignored = Vec::new();
    let mut next = MoveContext::<TableMove>::new(&mut ignored, &mut chance);
    let draw: Vec<u8> = table.draw.components().copied().collect();
    let top = PieceMove::MoveTop {
        from: TablePlace::Draw,
        to: TablePlace::Discard,
        seen: None,
    };
    assert_eq!(top.apply(&mut table, &mut next), Ok(()));
    assert_eq!(top.apply(&mut table, &mut next), Ok(()));
    let discard: Vec<u8> = table.discard.components().copied().collect();
    assert_eq!(discard, [draw[draw.len() - 1], draw[draw.len() - 2]]);
    while !table.draw.is_empty() {
        assert_eq!(top.apply(&mut table, &mut next), Ok(()));
    }
    let before = table.discard.components().copied().collect::<Vec<_>>();
    assert_eq!(
        top.apply(&mut table, &mut next),
        Err(meeple::PieceMoveError::Empty("Draw".to_owned()))
    );
    assert_eq!(
        table.discard.components().copied().collect::<Vec<_>>(),
        before
    );
}
