//! Components, places and boards: every change keeps each piece in exactly one place, and
//! every impossible change is refused without changing anything.

use meeple::{
    Adjacency, Arrangement, Board, Chance, Chest, ChestError, ComponentId, Conceal, Coord, Deck,
    DeckId, Direction, Graph, Grid, MergedStack, Pieces, Place, PlaceError, Policy, SizedStack,
    Slot, Space, Stack, move_piece, swap_pieces,
};

fn letters() -> Deck<char> {
    Deck::new(DeckId(0), "letters", vec!['a', 'b', 'c', 'd'])
}

fn components<V>(stack: &Stack<char, V>) -> String {
    stack.components().collect()
}

fn ids(places: &[&dyn Pieces]) -> Vec<ComponentId> {
    let mut ids = Vec::new();
    for place in places {
        place.visit_pieces(&mut |id| ids.push(id));
    }
    ids
}

#[test]
fn a_deck_fills_one_stack_bottom_first() {
    let deck = letters();
    let stack = deck.stack(());
    assert_eq!(components(&stack), "abcd");
    assert_eq!(stack.top().and_then(Slot::component), Some(&'d'));
    assert_eq!(
        deck.get(ComponentId {
            deck: DeckId(0),
            index: 2
        }),
        Some(&'c')
    );
    assert_eq!(
        deck.get(ComponentId {
            deck: DeckId(1),
            index: 2
        }),
        None
    );
}

#[test]
fn moving_keeps_every_piece_in_one_place() {
    let deck = letters();
    let chest = Chest::new().with(&deck);
    let mut draw = deck.stack(());
    let mut hand = Stack::new(deck.id());
    assert_eq!(move_piece(&mut draw, 3, &mut hand, None), Ok(0));
    assert_eq!(move_piece(&mut draw, 0, &mut hand, Some(0)), Ok(0));
    assert_eq!(components(&draw), "bc");
    assert_eq!(components(&hand), "ad");
    assert_eq!(chest.check(ids(&[&draw, &hand])), Ok(()));
    // The check sees a piece missing or twice.
    assert_eq!(
        chest.check(ids(&[&draw])),
        Err(ChestError::Missing {
            id: ComponentId {
                deck: DeckId(0),
                index: 0
            },
            deck: "letters"
        })
    );
    assert!(matches!(
        chest.check(ids(&[&draw, &hand, &hand])),
        Err(ChestError::Repeated { .. })
    ));
}

#[test]
fn impossible_moves_change_nothing() {
    let deck = letters();
    let other = Deck::new(DeckId(1), "numbers", vec!['1']);
    let mut draw = deck.stack(());
    let mut row: SizedStack<char> = SizedStack::new(deck.id(), 2);
    let mut foreign = other.stack(());
    let before = (draw.clone(), row.clone(), foreign.clone());

    assert_eq!(
        move_piece(&mut draw, 9, &mut row, None),
        Err(PlaceError::NoPiece { index: 9, len: 4 })
    );
    assert_eq!(
        move_piece(&mut draw, 0, &mut row, Some(5)),
        Err(PlaceError::OutOfRange { index: 5, len: 2 })
    );
    assert_eq!(
        move_piece(&mut foreign, 0, &mut draw, None),
        Err(PlaceError::WrongDeck {
            expected: 0,
            found: 1
        })
    );
    assert_eq!(
        move_piece(&mut row, 1, &mut draw, None),
        Err(PlaceError::EmptySlot { index: 1 })
    );
    assert_eq!((draw.clone(), row.clone(), foreign.clone()), before);

    move_piece(&mut draw, 0, &mut row, Some(1)).expect("slot 1 is free");
    move_piece(&mut draw, 0, &mut row, None).expect("slot 0 is free");
    let full = (draw.clone(), row.clone());
    assert_eq!(
        move_piece(&mut draw, 0, &mut row, Some(1)),
        Err(PlaceError::SlotTaken { index: 1 })
    );
    assert_eq!(
        move_piece(&mut draw, 0, &mut row, None),
        Err(PlaceError::Full { size: 2 })
    );
    assert_eq!((draw, row), full);
}

#[test]
fn swapping_and_moving_within_a_place() {
    let deck = letters();
    let mut draw = deck.stack(());
    let mut hand = Stack::new(deck.id());
    move_piece(&mut draw, 0, &mut hand, None).expect("a piece");
    swap_pieces(&mut draw, 2, &mut hand, 0).expect("two pieces");
    assert_eq!(components(&draw), "bca");
    assert_eq!(components(&hand), "d");
    draw.move_within(2, 0).expect("in range");
    assert_eq!(components(&draw), "abc");
    assert_eq!(
        draw.move_within(0, 3),
        Err(PlaceError::OutOfRange { index: 3, len: 3 })
    );
    assert_eq!(
        swap_pieces(&mut draw, 0, &mut hand, 1),
        Err(PlaceError::NoPiece { index: 1, len: 1 })
    );
    assert_eq!(components(&draw), "abc");
}

#[test]
fn shuffles_are_drawn_then_applied_deterministically() {
    let deck = letters();
    let mut first = deck.stack(());
    let mut second = deck.stack(());
    let arrangement = Arrangement::shuffle(first.len(), &mut Chance::from_seed(9));
    assert_eq!(
        arrangement,
        Arrangement::shuffle(4, &mut Chance::from_seed(9)),
        "the same seed draws the same shuffle"
    );
    first.arrange(&arrangement).expect("a permutation of 4");
    second.arrange(&arrangement).expect("a permutation of 4");
    assert_eq!(first, second);
    let mut sorted: Vec<char> = first.components().copied().collect();
    sorted.sort_unstable();
    assert_eq!(sorted, vec!['a', 'b', 'c', 'd']);
    // New tokens: a viewer following hidden pieces loses track of them.
    assert!(
        first
            .pieces()
            .zip(deck.stack(()).pieces())
            .all(|(shuffled, fresh)| shuffled.token() != fresh.token())
    );
    let bad = Arrangement {
        order: vec![0, 0, 1, 2],
        tokens: vec![1, 2, 3, 4],
    };
    let before = first.clone();
    assert_eq!(
        first.arrange(&bad),
        Err(PlaceError::NotAPermutation { len: 4 })
    );
    assert_eq!(first, before);
    // Concealed, the arrangement keeps the order and only renews the tokens.
    assert_eq!(arrangement.concealed().order, vec![0, 1, 2, 3]);
}

#[test]
fn policies_conceal_a_stack() {
    let deck = letters();
    let stack = deck.stack(());
    assert_eq!(stack.conceal(Policy::Visible), stack);
    let order = stack.conceal(Policy::Order);
    assert_eq!(order.len(), 4);
    assert!(
        order
            .slots()
            .iter()
            .zip(stack.pieces())
            .all(|(slot, piece)| *slot == Slot::Hidden(Some(piece.token())))
    );
    let len = stack.conceal(Policy::Len);
    assert!(len.slots().iter().all(|slot| *slot == Slot::Hidden(None)));
    assert_eq!(len.len(), 4);
    assert_eq!(stack.conceal(Policy::NonEmpty).len(), 1);
    assert_eq!(
        Stack::<char>::new(deck.id())
            .conceal(Policy::NonEmpty)
            .len(),
        0
    );
    assert!(stack.conceal(Policy::Hidden).is_empty());
}

#[test]
fn policies_keep_the_gaps_of_a_sized_stack() {
    let deck = letters();
    let mut draw = deck.stack(());
    let mut row: SizedStack<char> = SizedStack::new(deck.id(), 3);
    move_piece(&mut draw, 0, &mut row, Some(2)).expect("free");
    let concealed = row.conceal(Policy::Len);
    assert_eq!(concealed.slots(), &[None, None, Some(Slot::Hidden(None))]);
    assert_eq!(
        row.conceal(Policy::NonEmpty).slots(),
        &[Some(Slot::Hidden(None)), None, None]
    );
}

#[test]
fn dynamic_values_travel_with_their_piece() {
    let dice = Deck::new(DeckId(0), "dice", vec!["d6", "d6"]);
    let mut tray = dice.stack(1_u8);
    let mut table = Stack::new(dice.id());
    *tray.value_mut(1).expect("a die") = 6;
    move_piece(&mut tray, 1, &mut table, None).expect("a die");
    assert_eq!(
        table
            .pieces()
            .map(|piece| *piece.value())
            .collect::<Vec<_>>(),
        vec![6]
    );
    assert_eq!(
        tray.value_mut(1),
        Err(PlaceError::NoPiece { index: 1, len: 1 })
    );
    // Hidden, the value is hidden with the piece.
    assert_eq!(table.conceal(Policy::Len).slots(), &[Slot::Hidden(None)]);
}

#[test]
fn merged_stacks_show_two_places_as_one() {
    let deck = letters();
    let mut draw = deck.stack(());
    let mut top: SizedStack<char> = SizedStack::new(deck.id(), 3);
    let mut bottom: SizedStack<char> = SizedStack::new(deck.id(), 3);
    move_piece(&mut draw, 0, &mut bottom, Some(0)).expect("free");
    move_piece(&mut draw, 0, &mut bottom, Some(1)).expect("free");
    move_piece(&mut draw, 0, &mut top, Some(1)).expect("free");
    let overlapped = MergedStack::overlapped(&top, &bottom);
    let shown: Vec<Option<char>> = overlapped
        .iter()
        .map(|slot| slot.and_then(Slot::component).copied())
        .collect();
    assert_eq!(shown, vec![Some('a'), Some('c'), None]);
    let hand = Stack::new(deck.id());
    let concatenated = MergedStack::concatenated(&draw, &hand);
    assert_eq!(concatenated.len(), 1);
    assert_eq!(concatenated.get(0).and_then(Slot::component), Some(&'d'));
}

#[test]
fn grid_spaces_coordinates_and_adjacency() {
    let grid = Grid::new(3, 4);
    assert_eq!(grid.len(), 12);
    let space = grid
        .space("1,2".parse().expect("a coordinate"))
        .expect("on the grid");
    assert_eq!(space, Space(6));
    assert_eq!(grid.coord(space), Some(Coord { row: 1, column: 2 }));
    assert_eq!(
        grid.coord(space).map(|coord| coord.to_string()),
        Some("1,2".to_owned())
    );
    assert_eq!(
        "x,2".parse::<Coord>().map_err(|error| error.to_string()),
        Err("`x,2` is not a space: write it `row,column`, like `2,0`".to_owned())
    );
    assert_eq!(grid.space(Coord { row: 3, column: 0 }), None);
    assert_eq!(grid.step(Space(0), Direction::North), None);
    assert_eq!(grid.step(Space(0), Direction::SouthEast), Some(Space(5)));
    let corner: Vec<Space> = grid.neighbours(Space(0), Adjacency::Orthogonal).collect();
    assert_eq!(corner, vec![Space(1), Space(4)]);
    assert_eq!(grid.neighbours(Space(5), Adjacency::All).count(), 8);
    assert_eq!(grid.neighbours(Space(5), Adjacency::Diagonal).count(), 4);
    // 3x3, three in a row: 3 rows, 3 columns, 2 diagonals.
    assert_eq!(Grid::new(3, 3).lines(3).len(), 8);
    assert!(
        Grid::new(3, 3)
            .lines(3)
            .contains(&vec![Space(2), Space(4), Space(6)])
    );
}

#[test]
fn graphs_join_spaces_explicitly() {
    let graph = Graph::new(3)
        .joined(Space(0), Space(1))
        .directed(Space(1), Space(2));
    assert!(graph.adjacent(Space(0), Space(1)));
    assert!(graph.adjacent(Space(1), Space(0)));
    assert!(graph.adjacent(Space(1), Space(2)));
    assert!(!graph.adjacent(Space(2), Space(1)), "a directed edge");
    assert_eq!(graph.neighbours(Space(1)), &[Space(0), Space(2)]);
    assert_eq!(graph.neighbours(Space(7)), &[] as &[Space]);
}

#[test]
fn boards_are_places() {
    let deck = letters();
    let mut draw = deck.stack(());
    let mut board: Board<char> = Board::new(deck.id(), Grid::new(2, 2));
    move_piece(&mut draw, 0, &mut board, Some(3)).expect("free");
    assert_eq!(board.component(Space(3)), Some(&'a'));
    assert_eq!(
        board.free().collect::<Vec<_>>(),
        vec![Space(0), Space(1), Space(2)]
    );
    board.move_within(Space(3), Space(0)).expect("free");
    assert_eq!(board.taken().collect::<Vec<_>>(), vec![Space(0)]);
    assert_eq!(
        board.move_within(Space(1), Space(2)),
        Err(PlaceError::EmptySlot { index: 1 })
    );
    assert_eq!(
        board.check_put(Some(0)),
        Err(PlaceError::SlotTaken { index: 0 })
    );
}

/// The pieces a view does not show are the ones left to deal when determinizing it.
#[test]
fn unseen_pieces_are_those_no_place_shows() {
    #[derive(Clone, serde::Serialize, meeple::View)]
    struct Table {
        #[view(place)]
        shown: Stack<char>,
        #[view(len)]
        hidden: Stack<char>,
    }
    let deck = letters();
    let mut hidden = deck.stack(());
    let mut shown = Stack::new(deck.id());
    move_piece(&mut hidden, 1, &mut shown, None).expect("a piece");
    let table = Table { shown, hidden };
    let view = meeple::View::view(&table, meeple::Viewer::Observer);
    let unseen: String = deck
        .unseen((), &view)
        .iter()
        .map(|piece| *piece.component())
        .collect();
    assert_eq!(unseen, "acd");
    assert!(
        deck.unseen((), &table).is_empty(),
        "the full state shows every piece"
    );
}

/// Within one sized stack, a moved piece leaves a gap and needs a free slot.
#[test]
fn moving_within_a_sized_stack_leaves_a_gap() {
    use meeple::{MoveContext, PieceMove};

    #[derive(Clone, serde::Serialize, meeple::View, meeple::Places)]
    #[places(component = char)]
    struct Row {
        #[view(place)]
        row: SizedStack<char>,
    }
    let deck = letters();
    let mut row = Row {
        row: deck.sized_stack(5, ()),
    };
    let (mut asked, mut chance) = (Vec::new(), meeple::Chance::from_seed(0));
    let mut next = MoveContext::<PieceMove<RowPlace, char>>::new(&mut asked, &mut chance);
    let to_gap = PieceMove::Move {
        from: RowPlace::Row,
        index: 0,
        to: RowPlace::Row,
        at: 4,
        seen: None,
    };
    assert_eq!(to_gap.apply(&mut row, &mut next), Ok(()));
    let shown: Vec<Option<char>> = row
        .row
        .slots()
        .iter()
        .map(|slot| slot.as_ref().and_then(Slot::component).copied())
        .collect();
    assert_eq!(
        shown,
        vec![None, Some('b'), Some('c'), Some('d'), Some('a')]
    );
    let onto_taken = PieceMove::Move {
        from: RowPlace::Row,
        index: 1,
        to: RowPlace::Row,
        at: 2,
        seen: None,
    };
    assert_eq!(
        onto_taken.apply(&mut row, &mut next),
        Err(meeple::PieceMoveError::Place(PlaceError::SlotTaken {
            index: 2
        }))
    );
    assert_eq!(row.row.get(1).and_then(Slot::component), Some(&'b'));
}
