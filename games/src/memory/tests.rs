//! Unit tests of the rules, on tables laid by hand: the cards in deck order, unshuffled, so
//! spaces 0 and 1 hold the pair `A`, spaces 2 and 3 the pair `B`, and so on.

use meeple::{
    Chance, Engine, Finish, Game, Move, PieceMove, PlayerIndex, Policy, Seats, SetupError, Slot,
    Space, Viewer, apply_moves,
};

use super::*;

const P0: PlayerIndex = PlayerIndex(0);
const P1: PlayerIndex = PlayerIndex(1);
const P2: PlayerIndex = PlayerIndex(2);

/// A table of `rows` x `columns` for `players`, before the shuffle: the cards in deck order.
fn laid(rows: usize, columns: usize, players: usize) -> Memory {
    Memory::setup(&MemoryConfig::grid(rows, columns), Seats::new(players))
        .expect("a valid setup")
        .state
}

/// `player` turns over the card on `space`, with every consequence; returns the moves.
fn reveal(game: &mut Memory, player: PlayerIndex, space: usize) -> Vec<MemoryMove> {
    assert!(
        !game.is_over(),
        "{player} may not reveal once the game is over"
    );
    assert!(
        game.revealable().any(|offered| offered == Space(space)),
        "space {space} is not offered"
    );
    let moves: Vec<MemoryMove> = game.reveal_moves(player, Space(space)).collect();
    apply_moves(game, &mut Chance::from_seed(0), moves)
}

/// `player` turns over `a` then `b`.
fn turn(game: &mut Memory, player: PlayerIndex, a: usize, b: usize) -> Vec<MemoryMove> {
    let mut moves = reveal(game, player, a);
    moves.extend(reveal(game, player, b));
    moves
}

fn face(text: &str) -> Face {
    Face::new(text)
}

/// The card on `space` of the board `from` moved to the same space of `to`, as the rules
/// move it (the full move: nothing `seen`).
fn turned(from: MemoryPlace, to: MemoryPlace, space: usize) -> MemoryMove {
    MemoryMove::Piece(PieceMove::Move {
        from,
        index: space,
        to,
        at: space,
        seen: None,
    })
}

/// The face-up card on `space` taken to position `at` of `player`'s pile.
fn taken(player: PlayerIndex, space: usize, at: usize) -> MemoryMove {
    MemoryMove::Piece(PieceMove::Move {
        from: MemoryPlace::FaceUp,
        index: space,
        to: MemoryPlace::Captured(player),
        at,
        seen: None,
    })
}

#[test]
fn the_table_is_laid_face_down_in_deck_order_before_the_shuffle() {
    let game = laid(2, 3, 2);
    assert_eq!(game.seats(), Seats::new(2));
    assert_eq!(game.pairs_left(), 3);
    let faces: Vec<String> = (0..6)
        .map(|space| {
            game.face_down()
                .component(Space(space))
                .expect("a card")
                .to_string()
        })
        .collect();
    assert_eq!(faces, ["A", "A", "B", "B", "C", "C"]);
    assert_eq!(game.face_up().taken().count(), 0);
    assert_eq!(game.reveal_prompt(), "Turn over a card");
    assert!(game.revealable().eq((0..6).map(Space)));
}

#[test]
fn the_shuffle_moves_the_cards_and_keeps_every_one() {
    let mut game = laid(4, 4, 2);
    let shuffle = MemoryMove::Piece(PieceMove::Shuffle {
        place: MemoryPlace::FaceDown,
    });
    let applied = apply_moves(&mut game, &mut Chance::from_seed(3), vec![shuffle]);
    assert!(matches!(
        applied.as_slice(),
        [
            MemoryMove::Piece(PieceMove::Shuffle {
                place: MemoryPlace::FaceDown
            }),
            MemoryMove::Piece(PieceMove::Arrange {
                place: MemoryPlace::FaceDown,
                ..
            })
        ]
    ));
    let mut ids = Vec::new();
    game.visit_pieces(&mut |id| ids.push(id));
    Memory::chest(game.config())
        .check(ids)
        .expect("every card once");
    let faces: String = (0..16)
        .filter_map(|space| game.face_down().component(Space(space)))
        .map(ToString::to_string)
        .collect();
    assert_eq!(faces.len(), 16);
    assert_ne!(faces, "AABBCCDDEEFFGGHH", "shuffled");
}

#[test]
fn a_match_takes_the_pair_and_the_player_plays_again() {
    let mut game = laid(2, 3, 2);
    let first = reveal(&mut game, P0, 4);
    assert_eq!(
        first,
        [
            turned(MemoryPlace::FaceDown, MemoryPlace::FaceUp, 4),
            MemoryMove::Turned {
                player: P0,
                space: Space(4),
                face: face("C"),
            }
        ]
    );
    assert_eq!(game.revealed(), Some(Space(4)));
    assert_eq!(game.face_at(Space(4)), Some(&face("C")));
    assert!(game.face_down().is_free(Space(4)));
    assert_eq!(
        game.reveal_prompt(),
        "Turn over a second card to match C at 1,1"
    );
    assert!(!game.revealable().any(|offered| offered == Space(4)));

    let second = reveal(&mut game, P0, 5);
    assert_eq!(
        second[2..],
        [
            MemoryMove::Capture {
                player: P0,
                spaces: [Space(4), Space(5)],
                face: face("C"),
            },
            taken(P0, 4, 0),
            taken(P0, 5, 1),
        ]
    );
    assert_eq!(game.pairs(P0), 1);
    assert_eq!(game.captured(P0).len(), 2);
    assert!(
        game.captured(P0)
            .iter()
            .all(|card| card.component() == Some(&face("C")))
    );
    assert_eq!(game.pairs_left(), 2);
    assert_eq!(game.face_up().taken().count(), 0);
    assert_eq!(game.revealed(), None);
    // Played again.
    assert!(!game.turn_is_over(P0));
    assert!(game.revealable().eq((0..4).map(Space)));
}

#[test]
fn a_miss_leaves_both_cards_face_up_and_passes_the_turn() {
    let mut game = laid(2, 3, 3);
    let moves = turn(&mut game, P0, 0, 2);
    assert_eq!(
        moves[4..],
        [MemoryMove::Miss {
            player: P0,
            spaces: [Space(0), Space(2)],
        }]
    );
    assert_eq!(game.pairs(P0), 0);
    assert_eq!(game.waiting(), Some([Space(0), Space(2)]));
    assert_eq!(game.face_at(Space(0)), Some(&face("A")));
    assert_eq!(game.face_at(Space(2)), Some(&face("B")));
    assert!(game.turn_is_over(P0));
    assert_eq!(game.misses(), 1);
    assert!(game.may_hide());
    assert_eq!(
        game.hide_delay(),
        Some(std::time::Duration::from_millis(3_000))
    );
    assert_eq!(
        game.reveal_prompt(),
        "Turn over a card (the two face-up cards go face down first)"
    );
    // The two face-up cards may be chosen: they go face down first.
    assert!(game.revealable().eq((0..6).map(Space)));
}

#[test]
fn hiding_turns_the_cards_of_the_miss_face_down() {
    let mut game = laid(2, 3, 2);
    turn(&mut game, P0, 0, 2);
    let hide: Vec<MemoryMove> = game.hide_moves().collect();
    let applied = apply_moves(&mut game, &mut Chance::from_seed(0), hide);
    assert_eq!(
        applied,
        [
            turned(MemoryPlace::FaceUp, MemoryPlace::FaceDown, 0),
            turned(MemoryPlace::FaceUp, MemoryPlace::FaceDown, 2),
            MemoryMove::Hidden {
                spaces: [Space(0), Space(2)]
            },
        ]
    );
    assert_eq!(game.waiting(), None);
    assert_eq!(game.face_up().taken().count(), 0);
    assert_eq!(game.face_down().component(Space(0)), Some(&face("A")));
    assert_eq!(game.face_down().component(Space(2)), Some(&face("B")));
    // Nothing more to hide, and no timer to run.
    assert!(!game.may_hide());
    assert_eq!(game.hide_delay(), None);
    assert!(!game.turn_is_over(P1));
    assert_eq!(game.hide_moves().count(), 0);
    assert_eq!(game.reveal_prompt(), "Turn over a card");
}

#[test]
fn the_next_reveal_hides_the_cards_of_the_miss_first() {
    let mut game = laid(2, 3, 2);
    turn(&mut game, P0, 0, 2);
    // P1 remembers where the A lies and turns it over again.
    let moves = reveal(&mut game, P1, 0);
    assert_eq!(
        moves,
        [
            turned(MemoryPlace::FaceUp, MemoryPlace::FaceDown, 0),
            turned(MemoryPlace::FaceUp, MemoryPlace::FaceDown, 2),
            MemoryMove::Hidden {
                spaces: [Space(0), Space(2)]
            },
            turned(MemoryPlace::FaceDown, MemoryPlace::FaceUp, 0),
            MemoryMove::Turned {
                player: P1,
                space: Space(0),
                face: face("A"),
            },
        ]
    );
    assert_eq!(game.waiting(), None);
    assert_eq!(game.revealed(), Some(Space(0)));
    assert_eq!(game.face_at(Space(0)), Some(&face("A")));
    assert_eq!(game.face_at(Space(2)), None);
    assert!(game.face_down().get(Space(2)).is_some());
    let moves = reveal(&mut game, P1, 1);
    assert!(matches!(moves[2], MemoryMove::Capture { player: P1, .. }));
    assert_eq!(game.pairs(P1), 1);
    assert!(!game.turn_is_over(P1));
}

#[test]
fn the_table_shows_both_boards_as_one() {
    let mut game = laid(1, 4, 2);
    turn(&mut game, P0, 0, 1);
    reveal(&mut game, P0, 3);
    let table = game.table();
    assert_eq!(table.len(), 4);
    assert_eq!(table.get(0), None, "taken");
    assert_eq!(table.get(1), None, "taken");
    assert_eq!(
        table.get(3).and_then(Slot::component),
        Some(&face("B")),
        "face up"
    );
    let view = game.view(Viewer::Player(P1));
    assert_eq!(view.table().get(2), Some(&Slot::Hidden(None)), "face down");
    assert_eq!(view.table().get(3), table.get(3));
}

#[test]
fn the_game_ends_when_every_pair_is_taken() {
    let mut game = laid(1, 4, 2);
    turn(&mut game, P0, 0, 2);
    turn(&mut game, P1, 0, 1);
    assert_eq!(game.outcome(), None);
    let moves = turn(&mut game, P1, 2, 3);
    assert_eq!(moves.last(), Some(&MemoryMove::EndGame));
    assert!(game.is_over());
    assert_eq!(game.pairs_left(), 0);
    assert!(game.turn_is_over(P1));
    assert_eq!(
        game.outcome(),
        Some(Outcome::win(P1, Seats::new(2)).with_scores([0, 2]))
    );
}

#[test]
fn players_tied_for_the_most_pairs_share_the_first_place() {
    let mut game = laid(2, 4, 2);
    turn(&mut game, P0, 0, 1);
    turn(&mut game, P0, 2, 3);
    turn(&mut game, P0, 4, 6);
    turn(&mut game, P1, 4, 5);
    turn(&mut game, P1, 6, 7);
    // Both of two players: a draw.
    assert_eq!(
        game.outcome(),
        Some(Outcome::draw(Seats::new(2)).with_scores([2, 2]))
    );

    // Three players: the one with the most pairs wins alone, a seat without pairs scores 0.
    let mut game = laid(2, 4, 3);
    turn(&mut game, P0, 0, 1);
    turn(&mut game, P0, 2, 4);
    turn(&mut game, P1, 4, 6);
    turn(&mut game, P2, 2, 3);
    turn(&mut game, P2, 4, 5);
    turn(&mut game, P2, 6, 7);
    let outcome = game.outcome().expect("over");
    assert_eq!(outcome.finish(), Finish::Win(P2));
    assert_eq!(outcome.places(), [2, 3, 1]);
    assert_eq!(outcome.scores(), [1, 0, 3]);
}

#[test]
fn players_and_observers_see_no_face_down_card() {
    let mut game = laid(2, 3, 2);
    turn(&mut game, P0, 0, 2);
    for viewer in [Viewer::Player(P0), Viewer::Player(P1), Viewer::Observer] {
        let view = game.view(viewer);
        assert_eq!(view.face_down().taken().count(), 4);
        assert!(
            view.face_down()
                .taken()
                .all(|space| view.face_down().get(space) == Some(&Slot::Hidden(None))),
            "{viewer:?}"
        );
        assert_eq!(view.face_up(), game.face_up(), "face-up cards are public");
        assert_eq!(view.waiting(), game.waiting());
    }
    assert_eq!(game.view(Viewer::Admin), game);

    // A viewer sees a card turned face down as an anonymous card where it lands.
    let Some(hide) = game.hide_moves().next() else {
        panic!("two cards wait to be hidden");
    };
    let mut after = game.clone();
    apply_moves(&mut after, &mut Chance::from_seed(0), vec![hide.clone()]);
    assert_eq!(
        Move::view(&hide, &after, Viewer::Player(P1)),
        Some(MemoryMove::Piece(PieceMove::Move {
            from: MemoryPlace::FaceUp,
            index: 0,
            to: MemoryPlace::FaceDown,
            at: 0,
            seen: Some(Slot::Hidden(None)),
        }))
    );
    assert_eq!(Move::view(&hide, &after, Viewer::Admin), Some(hide.clone()));
    // The shuffle's order is the admin's alone.
    let arrangement = meeple::Arrangement::shuffle(6, &mut Chance::from_seed(1));
    let arrange = |arrangement| {
        MemoryMove::Piece(PieceMove::Arrange {
            place: MemoryPlace::FaceDown,
            arrangement,
        })
    };
    assert_eq!(
        Move::view(&arrange(arrangement.clone()), &game, Viewer::Observer),
        Some(arrange(arrangement.concealed()))
    );
    assert_eq!(
        Slot::Hidden::<Face>(None).concealed(Policy::Len),
        Slot::Hidden(None)
    );
}

fn config_error(config: MemoryConfig) -> String {
    match Engine::<Memory>::new(config.clone(), 2, 0) {
        Err(error) => error.to_string(),
        Ok(_) => panic!("{config:?} was accepted"),
    }
}

#[test]
fn the_config_and_the_player_count_are_checked() {
    assert_eq!(
        config_error(MemoryConfig::grid(0, 4)),
        "invalid config: rows: must be between 1 and 10, not 0"
    );
    assert_eq!(
        config_error(MemoryConfig::grid(4, 11)),
        "invalid config: columns: must be between 1 and 10, not 11"
    );
    assert_eq!(
        config_error(MemoryConfig::grid(3, 3)),
        "invalid config: rows x columns: a 3 x 3 table holds 9 cards, but cards come in pairs: make rows x columns even"
    );
    assert_eq!(
        config_error(MemoryConfig::grid(10, 10)),
        "invalid config: faces: a 10 x 10 table needs 50 faces, one per pair, but 26 are listed"
    );
    let faces = |faces: &[&str]| MemoryConfig {
        faces: faces.iter().map(|text| face(text)).collect(),
        ..MemoryConfig::grid(2, 2)
    };
    assert_eq!(
        config_error(faces(&["A"])),
        "invalid config: faces: a 2 x 2 table needs 2 faces, one per pair, but 1 is listed"
    );
    assert_eq!(
        config_error(faces(&["A", "B C"])),
        "invalid config: faces: `B C` is not a face: write each with 1 to 4 characters, without spaces"
    );
    assert_eq!(
        config_error(faces(&["", "B"])),
        "invalid config: faces: `` is not a face: write each with 1 to 4 characters, without spaces"
    );
    assert_eq!(
        config_error(faces(&["A", "QUEEN"])),
        "invalid config: faces: `QUEEN` is not a face: write each with 1 to 4 characters, without spaces"
    );
    assert_eq!(
        config_error(faces(&["A", "B", "A"])),
        "invalid config: faces: `A` is listed twice: each pair needs its own face"
    );
    // As many faces as the largest table uses, and not one more.
    let numbered: Vec<String> = (0..=MemoryConfig::MAX_FACES)
        .map(|n| n.to_string())
        .collect();
    let listed: Vec<&str> = numbered.iter().map(String::as_str).collect();
    assert_eq!(
        config_error(faces(&listed)),
        "invalid config: faces: 51 faces are listed, but at most 50 are used (one per pair of a 10 x 10 table)"
    );
    assert!(
        Engine::<Memory>::new(
            MemoryConfig {
                faces: listed[..MemoryConfig::MAX_FACES]
                    .iter()
                    .map(|text| face(text))
                    .collect(),
                ..MemoryConfig::grid(10, 10)
            },
            2,
            0
        )
        .is_ok()
    );
    assert_eq!(
        Engine::<Memory>::new(MemoryConfig::default(), 2, 0)
            .err()
            .map(|error| error.to_string()),
        None
    );
    // The faces are the author's: a 1 x 2 table of one pair of cherries.
    let cherries = MemoryConfig {
        faces: vec![face("🍒")],
        ..MemoryConfig::grid(1, 2)
    };
    let game = Memory::setup(&cherries, Seats::new(2))
        .expect("valid")
        .state;
    assert_eq!(game.face_down().component(Space(1)), Some(&face("🍒")));

    for players in [0, 1, 7] {
        assert_eq!(
            Engine::<Memory>::new(MemoryConfig::default(), players, 0).err(),
            Some(SetupError::PlayerCount {
                game: "memory",
                players,
                expected: "2 to 6".to_owned(),
            })
        );
    }
    assert_eq!(
        Engine::<Memory>::new(MemoryConfig::default(), 1, 0)
            .err()
            .map(|error| error.to_string())
            .as_deref(),
        Some("memory is played by 2 to 6 players, not 1")
    );
    assert!(Engine::<Memory>::new(MemoryConfig::default(), 6, 0).is_ok());
}

#[test]
fn the_config_reads_from_json_with_defaults() {
    let config: MemoryConfig =
        serde_json::from_str(r#"{"rows": 2, "columns": 5}"#).expect("a config");
    assert_eq!(config, MemoryConfig::grid(2, 5));
    assert_eq!(config.pairs(), 5);
    assert_eq!(
        config.faces_in_play(),
        ["A", "B", "C", "D", "E"].map(face).as_slice()
    );
    let unknown = serde_json::from_str::<MemoryConfig>(r#"{"size": 4}"#);
    assert!(unknown.is_err());
}

#[test]
fn moves_are_described_without_face_down_cards() {
    let mut game = laid(2, 3, 2);
    let mut moves = turn(&mut game, P0, 0, 2);
    moves.extend(game.hide_moves());
    let seen: Vec<Option<String>> = moves
        .iter()
        .map(|applied| game.describe_move(applied, Viewer::Player(P1)))
        .collect();
    assert_eq!(
        seen,
        [
            None,
            Some("Player 1 turns over A at 0,0".to_owned()),
            None,
            Some("Player 1 turns over B at 0,2".to_owned()),
            Some(
                "Player 1 finds no pair: the cards at 0,0 and 0,2 stay face up; you to play"
                    .to_owned()
            ),
            None,
            None,
            Some("The cards at 0,0 and 0,2 are turned face down".to_owned()),
        ]
    );
    assert_eq!(
        game.describe_move(&moves[1], Viewer::Player(P0)).as_deref(),
        Some("You turn over A at 0,0")
    );
    let capture = MemoryMove::Capture {
        player: P1,
        spaces: [Space(0), Space(1)],
        face: face("A"),
    };
    assert_eq!(
        game.describe_move(&capture, Viewer::Player(P1)).as_deref(),
        Some("You take the pair of A")
    );
    let arrange = MemoryMove::Piece(PieceMove::Arrange {
        place: MemoryPlace::FaceDown,
        arrangement: meeple::Arrangement::shuffle(6, &mut Chance::from_seed(1)),
    });
    assert_eq!(game.describe_move(&arrange, Viewer::Player(P0)), None);
    let shuffle = MemoryMove::Piece(PieceMove::Shuffle {
        place: MemoryPlace::FaceDown,
    });
    assert_eq!(
        game.describe_move(&shuffle, Viewer::Player(P0)).as_deref(),
        Some("The cards are shuffled and laid face down")
    );
}
