//! Unit tests of the rules, each from a position ([`Othello::from_rows`]).

use meeple::testing::check_views;
use meeple::{Engine, NamedSeat, PlayerSet, RecordKind, Refusal, Start, Submission, SubmitError};

use super::*;

const BLACK: PlayerIndex = PlayerIndex(0);
const WHITE: PlayerIndex = PlayerIndex(1);

fn start(rows: &[&str], to_move: PlayerIndex) -> Engine<Othello> {
    let state = Othello::from_rows(rows, to_move).expect("a board of 8 by 8");
    Engine::from_start(Start::new(state, 2)).expect("a position a game can reach")
}

/// `player` places a disc on the space named `name`.
fn place(engine: &mut Engine<Othello>, player: PlayerIndex, name: &str) {
    let space = engine.position().state().space(name).expect("a space");
    engine
        .submit_submission(
            player,
            &Submission::new("place_disc").with("space", space.0),
        )
        .unwrap_or_else(|error| panic!("{player} on {name}: {error}"));
}

/// The names of `spaces`.
fn names(game: &Othello, spaces: impl IntoIterator<Item = Space>) -> Vec<String> {
    spaces
        .into_iter()
        .map(|space| game.space_name(space))
        .collect()
}

#[test]
fn black_opens_on_one_of_four_spaces_as_in_openspiel() {
    let engine = Engine::<Othello>::new((), 2, 0).expect("a valid setup");
    let game = engine.position().state();
    assert_eq!(
        names(game, game.placement_spaces(BLACK)),
        ["d3", "c4", "f5", "e6"]
    );
    assert_eq!(engine.position().to_act(), PlayerSet::one(BLACK));
    assert_eq!(game.count(Colour::Black), 2);
    assert_eq!(game.count(Colour::White), 2);
    assert_eq!(game.supply(), 60);
}

/// A disc closes seven lines at once; the eighth (down) ends on an empty space and turns
/// nothing. Each disc turns as a consequence of its own, in OpenSpiel's order of
/// directions.
#[test]
fn a_placement_turns_every_line_it_closes_and_no_other() {
    let mut engine = start(
        &[
            "........", "........", "........", "...xxx.x", "...xooo.", "...xo.ox", "....ooo.",
            "...x...x",
        ],
        BLACK,
    );
    let game = engine.position().state();
    let f6 = game.space("f6").expect("f6");
    assert_eq!(
        names(game, game.flips(BLACK, f6)),
        ["f5", "e6", "g6", "e5", "g5", "e7", "g7"]
    );
    let records = engine.records().len();
    place(&mut engine, BLACK, "f6");
    let game = engine.position().state();
    assert_eq!(game.count(Colour::Black), 17);
    assert_eq!(game.count(Colour::White), 1);
    assert_eq!(
        game.colour(game.space("f7").expect("f7")),
        Some(Colour::White)
    );
    // The placement's record: the disc from the supply, the placement, seven flips.
    let record = &engine.records()[records];
    let flipped: Vec<String> = record
        .moves
        .iter()
        .filter_map(|applied| match applied {
            OthelloMove::Flipped { space, colour } => {
                assert_eq!(*colour, Colour::Black);
                Some(game.space_name(*space))
            }
            _ => None,
        })
        .collect();
    assert_eq!(flipped, ["f5", "e6", "g6", "e5", "g5", "e7", "g7"]);
    assert_eq!(
        game.describe_move(&record.moves[1], meeple::Viewer::Observer)
            .as_deref(),
        Some("Black places a disc on f6 and turns f5, e6, g6, e5, g5, e7 and g7")
    );
}

/// White, to move, has no disc to place: the engine passes for them, and Black is asked.
/// Black's placement leaves White stuck again; Black's last space is then forced, and
/// ends the game: neither can place a disc.
#[test]
fn a_player_with_no_placement_passes_and_the_game_ends_when_neither_has_one() {
    let rows = [
        "xo......", "........", "........", "...xx...", "...xx...", "........", "........",
        "......ox",
    ];
    let mut engine = start(&rows, WHITE);
    assert_eq!(engine.position().to_act(), PlayerSet::one(BLACK));
    let pass = engine
        .records()
        .iter()
        .find(|record| record.kind == RecordKind::Pass)
        .expect("the pass");
    assert_eq!(pass.player, Some(WHITE));
    assert_eq!(pass.moves[..], [OthelloMove::Passed { player: WHITE }]);
    assert_eq!(
        engine
            .position()
            .state()
            .describe_move(&pass.moves[0], meeple::Viewer::Observer)
            .as_deref(),
        Some("White has no disc to place and passes")
    );
    let game = engine.position().state();
    assert_eq!(names(game, game.placement_spaces(BLACK)), ["c1", "f8"]);
    place(&mut engine, BLACK, "c1");
    let game = engine.position().state();
    assert_eq!(
        game.finish(),
        Some(Finish {
            black: 10,
            white: 0
        })
    );
    let outcome = engine.position().outcome().expect("over");
    assert_eq!(outcome.finish(), meeple::Finish::Win(BLACK));
    assert_eq!(outcome.scores(), [10, 0]);
    let last = engine
        .records()
        .iter()
        .rev()
        .find(|record| record.kind == RecordKind::Forced)
        .expect("Black's last placement, forced");
    assert_eq!(
        last.moves.last(),
        Some(&OthelloMove::Ended(Finish {
            black: 10,
            white: 0
        }))
    );
}

/// Equal counts when neither can place a disc: a draw, with both counts as scores.
#[test]
fn equal_counts_at_the_end_are_a_draw() {
    let engine = start(
        &[
            "o......o", "........", "........", "...xx...", "...xx...", "........", "........",
            "o......o",
        ],
        BLACK,
    );
    let outcome = engine
        .position()
        .outcome()
        .expect("neither can place a disc");
    assert!(outcome.is_draw());
    assert_eq!(outcome.scores(), [4, 4]);
}

#[test]
fn a_space_that_turns_nothing_or_is_taken_is_refused_and_changes_nothing() {
    let mut engine = Engine::<Othello>::new((), 2, 0).expect("a valid setup");
    let before = serde_json::to_string(engine.position().state()).expect("JSON");
    let records = engine.records().len();
    for name in ["a1", "d4", "e3"] {
        let space = engine.position().state().space(name).expect("a space");
        let error = engine
            .submit_submission(BLACK, &Submission::new("place_disc").with("space", space.0))
            .err();
        assert_eq!(
            error,
            Some(SubmitError::Refused(Refusal::NotOffered {
                action: "place_disc",
                selection: "space",
                value: space.0.to_string(),
                reason: "it is not among the options".to_owned(),
            })),
            "{name}"
        );
    }
    let error = engine
        .submit_submission(WHITE, &Submission::new("place_disc").with("space", 19))
        .err();
    assert_eq!(
        error,
        Some(SubmitError::Refused(Refusal::NotYourTurn {
            player: NamedSeat::new(WHITE, "White"),
            to_act: vec![NamedSeat::new(BLACK, "Black")],
        }))
    );
    assert_eq!(
        serde_json::to_string(engine.position().state()).expect("JSON"),
        before
    );
    assert_eq!(engine.records().len(), records);
}

#[test]
fn positions_a_game_cannot_reach_are_refused() {
    let refused = |rows: &[&str], to_move| {
        Engine::from_start(Start::new(
            Othello::from_rows(rows, to_move).expect("rows"),
            2,
        ))
        .err()
        .map(|error| error.to_string())
    };
    assert_eq!(
        refused(
            &[
                "........", "........", "........", "...ox...", "...x....", "........", "........",
                "........",
            ],
            BLACK
        ),
        Some(
            "invalid state to start from: e5 is empty, but the centre is taken from the start"
                .to_owned()
        )
    );
    assert_eq!(
        Othello::from_rows(&["........"], BLACK).err(),
        Some(SetupError::State {
            reason: "1 rows, not 8".to_owned()
        })
    );
    assert_eq!(
        Othello::from_rows(
            &[
                "........", "........", "........", "...o?...", "...xo...", "........", "........",
                "........",
            ],
            BLACK
        )
        .err()
        .map(|error| error.to_string()),
        Some(
            "invalid state to start from: `?` in row 3, column 4 is not `x`, `o`, `.` or `-`"
                .to_owned()
        )
    );
}

/// A seat out of time places where the most discs turn: f6 turns seven.
#[test]
fn the_timeout_places_where_the_most_discs_turn() {
    let mut engine = start(
        &[
            "........", "........", "........", "...xxx.x", "...xooo.", "...xo.ox", "....ooo.",
            "...x...x",
        ],
        BLACK,
    );
    let game = engine.position().state();
    let action = game
        .timeout_action(engine.position().progress(), BLACK)
        .expect("Black can place a disc");
    assert_eq!(
        action,
        OthelloAction::PlaceDisc(PlaceDisc {
            space: game.space("f6").expect("f6")
        })
    );
    engine
        .submit(BLACK, action)
        .expect("the timeout's action is legal");
}

#[test]
fn views_hide_nothing_and_games_replay() {
    let report = check_views::<Othello>(&(), 2, 0..10, Some(&chest()), 200)
        .unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(report.games, 10);
    let mut engine = Engine::<Othello>::new((), 2, 3).expect("a valid setup");
    for name in ["d3", "c3", "c4"] {
        let player = engine.position().to_act().first().expect("a player to act");
        place(&mut engine, player, name);
    }
    assert_eq!(
        engine.position().view(meeple::Viewer::Observer),
        *engine.position().state()
    );
    let replayed = Engine::<Othello>::replay(&engine.sealed_log()).expect("replays");
    assert_eq!(replayed.position().state(), engine.position().state());
}
