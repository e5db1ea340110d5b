//! Memory under the view harness: no prompt or view depends on a face-down card.

mod views;

use meeple::check_views;
use meeple_games::memory::{Face, Memory, MemoryConfig};

/// Random games from many seeds on `config` with `players`: at every step, each player's
/// prompt from their view equals their prompt from the full state, each viewer's moves
/// replayed from the viewed setup give their view, and every card lies in one place.
fn check(config: &MemoryConfig, players: usize, games: u64) -> meeple::ViewReport {
    let chest = Memory::chest(config);
    let report = check_views::<Memory>(config, players, 0..games, Some(&chest), 10_000)
        .unwrap_or_else(|error| {
            let (rows, columns) = (config.rows, config.columns);
            panic!("{rows} x {columns}, {players} players: {error}")
        });
    assert_eq!(report.games as u64, games);
    report
}

/// At least 2,000 submissions (`MEEPLE_VIEW_STEPS`) on the default table.
#[test]
fn the_default_table_hides_every_face_down_card() {
    let config = MemoryConfig::default();
    let chest = Memory::chest(&config);
    let report = views::check_steps::<Memory>(&config, 2, Some(&chest));
    assert!(report.submissions >= views::view_steps(), "{report:?}");
}

/// Memory declares the face-down cards hidden: a view that shows them fails the harness.
#[test]
fn a_view_of_memory_that_hides_nothing_fails() {
    views::check_a_view_that_hides_nothing_fails::<Memory>(
        &MemoryConfig::default(),
        2,
        "face_down",
    );
}

#[test]
fn other_tables_and_player_counts_hide_them_too() {
    check(&MemoryConfig::grid(2, 3), 3, 10);
    check(&MemoryConfig::grid(1, 2), 2, 5);
    check(&MemoryConfig::grid(3, 4), 6, 5);
    let suits = MemoryConfig {
        faces: ["♠", "♥", "♦", "♣", "10", "QUE"]
            .map(|face| Face(face.to_owned()))
            .to_vec(),
        ..MemoryConfig::grid(3, 4)
    };
    check(&suits, 4, 5);
}
