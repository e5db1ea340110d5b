//! Unit tests of the rules, each from a position ([`Breakthrough::from_rows`]) or from the
//! start.

use meeple::{Engine, Finish, PlayerSet, Refusal, Start, Submission, SubmitError};

use super::*;

const BLACK: PlayerIndex = PlayerIndex(0);
const WHITE: PlayerIndex = PlayerIndex(1);

fn start(rows: &[&str], to_play: PlayerIndex) -> Engine<Breakthrough> {
    let state = Breakthrough::from_rows(rows, to_play).expect("an 8 by 8 board");
    Engine::from_start(Start::new(state, 2)).expect("a position a game can reach")
}

/// Submits `action` (`advance` or `capture`) of `player` from `from` to `to` (`a7`).
fn play(
    engine: &mut Engine<Breakthrough>,
    player: PlayerIndex,
    action: &str,
    from: &str,
    to: &str,
) {
    let (from, to) = (
        engine.position().state().space(from).expect("a space"),
        engine.position().state().space(to).expect("a space"),
    );
    engine
        .submit_submission(
            player,
            &Submission::new(action)
                .with("from", from.0)
                .with("to", to.0),
        )
        .unwrap_or_else(|error| panic!("{player} {action} {from:?} {to:?}: {error}"));
}

#[test]
fn black_begins_with_twenty_two_moves_as_in_openspiel() {
    let engine = Engine::<Breakthrough>::new((), 2, 0).expect("a valid setup");
    assert_eq!(engine.position().to_act(), PlayerSet::one(BLACK));
    assert_eq!(engine.position().count_completions(BLACK), 22);
    assert_eq!(
        engine
            .position()
            .state()
            .space_name(engine.position().state().space("a8").expect("a8")),
        "a8"
    );
    assert_eq!(engine.position().state().space("a8").expect("a8"), Space(0));
    assert_eq!(
        engine.position().state().space("h1").expect("h1"),
        Space(63)
    );
    assert!(engine.position().state().space("i1").is_err());
}

#[test]
fn a_pawn_advances_straight_or_diagonally_onto_an_empty_space() {
    let mut engine = Engine::<Breakthrough>::new((), 2, 0).expect("a valid setup");
    play(&mut engine, BLACK, "advance", "b7", "c6");
    assert_eq!(
        engine
            .position()
            .state()
            .pawn(engine.position().state().space("c6").expect("c6")),
        Some(Pawn::Black)
    );
    assert_eq!(
        engine
            .position()
            .state()
            .pawn(engine.position().state().space("b7").expect("b7")),
        None
    );
    assert_eq!(engine.position().to_act(), PlayerSet::one(WHITE));
    // Backwards and sideways are not offered.
    let (from, to) = (
        engine.position().state().space("a2").expect("a2"),
        engine.position().state().space("a1").expect("a1"),
    );
    let error = engine
        .submit_submission(
            WHITE,
            &Submission::new("advance")
                .with("from", from.0)
                .with("to", to.0),
        )
        .err();
    assert!(
        matches!(
            error,
            Some(SubmitError::Refused(Refusal::NotOffered {
                selection: "to",
                ..
            }))
        ),
        "{error:?}"
    );
}

#[test]
fn captures_are_diagonal_and_take_the_pawn_off_the_board() {
    let rows = [
        "........", "........", "...b....", "...w....", ".w......", "........", "........",
        "........",
    ];
    let mut engine = start(&rows, BLACK);
    // Straight ahead is blocked by the white pawn, which cannot be taken that way.
    let d6 = engine.position().state().space("d6").expect("d6");
    assert_eq!(
        engine
            .position()
            .state()
            .advances(BLACK, d6)
            .map(|space| engine.position().state().space_name(space))
            .collect::<Vec<_>>(),
        ["c5", "e5"]
    );
    assert_eq!(engine.position().state().captures(BLACK, d6).count(), 0);
    play(&mut engine, BLACK, "advance", "d6", "c5");
    let c5 = engine.position().state().space("c5").expect("c5");
    assert_eq!(
        engine
            .position()
            .state()
            .captures(WHITE, engine.position().state().space("b4").expect("b4"))
            .collect::<Vec<_>>(),
        [c5]
    );
    play(&mut engine, WHITE, "capture", "b4", "c5");
    assert_eq!(engine.position().state().pawn(c5), Some(Pawn::White));
    assert_eq!(
        engine.position().state().taken(WHITE),
        16,
        "every black pawn is taken"
    );
    // Taking the last pawn of the other wins.
    assert_eq!(
        engine.position().outcome().map(|outcome| outcome.finish()),
        Some(Finish::Win(WHITE))
    );
}

#[test]
fn reaching_the_far_rank_wins() {
    let rows = [
        "........", "........", "........", "........", "...w....", "........", "b.......",
        "....w...",
    ];
    let mut engine = start(&rows, BLACK);
    play(&mut engine, BLACK, "advance", "a2", "b1");
    assert_eq!(
        engine.position().outcome().map(|outcome| outcome.finish()),
        Some(Finish::Win(BLACK))
    );
    assert_eq!(
        engine.records().last().map(|record| record.moves.len()),
        Some(3)
    );
}

#[test]
fn positions_a_game_cannot_reach_are_refused() {
    assert_eq!(
        Breakthrough::from_rows(&["b"; 8], BLACK).err(),
        Some(SetupError::State {
            reason: "row 0 `b` has 1 spaces, not 8".to_owned()
        })
    );
    let too_many = [
        "bbbbbbbb", "bbbbbbbb", "b.......", "........", "........", "........", "........",
        "w.......",
    ];
    assert_eq!(
        Breakthrough::from_rows(&too_many, BLACK).err(),
        Some(SetupError::State {
            reason: "more than 16 Black pawns".to_owned()
        })
    );
    // A game already won is over: nobody is to act.
    let won = [
        "....w...", "........", "........", "........", "........", "........", "b.......",
        "........",
    ];
    let engine = start(&won, BLACK);
    assert_eq!(
        engine.position().outcome().map(|outcome| outcome.finish()),
        Some(Finish::Win(WHITE))
    );
    // Both colours on their far rank: no game gets there.
    let both = [
        "....w...", "........", "........", "........", "........", "........", "........",
        "b.......",
    ];
    let state = Breakthrough::from_rows(&both, BLACK).expect("rows");
    assert_eq!(
        Engine::from_start(Start::new(state, 2))
            .err()
            .map(|error| error.to_string()),
        Some("invalid state to start from: both Black and White have broken through".to_owned())
    );
}

#[test]
fn views_hide_nothing_and_a_game_replays() {
    let mut engine = Engine::<Breakthrough>::new((), 2, 3).expect("a valid setup");
    play(&mut engine, BLACK, "advance", "d7", "d6");
    play(&mut engine, WHITE, "advance", "e2", "e3");
    assert_eq!(
        engine.position().view(meeple::Viewer::Observer),
        *engine.position().state()
    );
    let replayed = Engine::<Breakthrough>::replay(&engine.sealed_log()).expect("replays");
    assert_eq!(replayed.position().state(), engine.position().state());
}

#[test]
fn the_bitboards_list_a_position_s_moves_in_the_selections_order() {
    // Pawns on both edge files, some blocked straight ahead, with captures either way.
    let rows = [
        "b.......", "b.w.....", ".b.b...w", "..w.....", "......b.", ".......w", "w.b.....",
        "........",
    ];
    for (to_play, counts) in [(BLACK, (11, 3)), (WHITE, (9, 3))] {
        let engine = start(&rows, to_play);
        let state = engine.position().state();
        let advances: Vec<(Space, Space)> = state
            .pawns_of(to_play)
            .flat_map(|from| state.advances(to_play, from).map(move |to| (from, to)))
            .collect();
        let captures: Vec<(Space, Space)> = state
            .pawns_of(to_play)
            .flat_map(|from| state.captures(to_play, from).map(move |to| (from, to)))
            .collect();
        assert_eq!(state.advance_steps(to_play).collect::<Vec<_>>(), advances);
        assert_eq!(state.capture_steps(to_play).collect::<Vec<_>>(), captures);
        assert_eq!(state.advance_steps(to_play).count(), advances.len());
        assert_eq!(state.capture_steps(to_play).len(), captures.len());
        assert_eq!(
            meeple::testing::check_completions(&engine, to_play),
            Ok((advances.len() + captures.len()) as u64)
        );
        assert_eq!((advances.len(), captures.len()), counts);
    }
}

proptest::proptest! {
    /// On any board of up to sixteen pawns a colour, with either colour to play, the
    /// bitboards' moves are the selections' moves, in their order, counted and drawn alike.
    #[test]
    fn the_bitboards_agree_with_the_selections_on_any_board(
        cells in proptest::collection::vec(0_u8..3, SIZE * SIZE),
        white_to_play in proptest::bool::ANY,
    ) {
        let mut rows: Vec<String> = cells
            .chunks(SIZE)
            .map(|row| row.iter().map(|cell| ['.', 'b', 'w'][usize::from(*cell)]).collect())
            .collect();
        // No game reaches a board with a colour on its far row, or more than sixteen pawns.
        rows[SIZE - 1] = rows[SIZE - 1].replace('b', ".");
        rows[0] = rows[0].replace('w', ".");
        let mut counts = [0, 0];
        for row in &mut rows {
            *row = row
                .chars()
                .map(|cell| {
                    let colour = match cell {
                        'b' => 0,
                        'w' => 1,
                        _ => return cell,
                    };
                    counts[colour] += 1;
                    if counts[colour] > 2 * SIZE { '.' } else { cell }
                })
                .collect();
        }
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let to_play = if white_to_play { WHITE } else { BLACK };
        let state = Breakthrough::from_rows(&rows, to_play).expect("rows");
        let Ok(engine) = Engine::from_start(Start::new(state, 2)) else {
            // A colour without pawns has lost: no decision to compare.
            return Ok(());
        };
        for player in [BLACK, WHITE] {
            let state = engine.position().state();
            let walked: Vec<(Space, Space)> = state
                .pawns_of(player)
                .flat_map(|from| state.advances(player, from).map(move |to| (from, to)))
                .collect();
            proptest::prop_assert_eq!(state.advance_steps(player).collect::<Vec<_>>(), walked);
            let walked: Vec<(Space, Space)> = state
                .pawns_of(player)
                .flat_map(|from| state.captures(player, from).map(move |to| (from, to)))
                .collect();
            proptest::prop_assert_eq!(state.capture_steps(player).collect::<Vec<_>>(), walked);
        }
        if engine.position().outcome().is_none() {
            proptest::prop_assert!(meeple::testing::check_completions(&engine, to_play).is_ok());
        }
    }
}
