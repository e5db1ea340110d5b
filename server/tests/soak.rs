//! A short soak: a few hundred matches of Tic-tac-toe and Hearts created over some
//! seconds, each played to its end by the server's bots and watched by an observer. Every
//! record an observer heard is stored, with the outcome it heard, and every match leaves
//! memory once over. The load bench runs the long one (`LOAD=soak`: 10,000 matches over 10
//! minutes, with the server's memory before and after).

#![allow(clippy::unwrap_used)]

mod support;

use std::time::{Duration, Instant};

use serde_json::{Value, json};
use support::TestServer;
use support::soak::{SoakGame, check_stored, soak};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn matches_played_for_a_while_are_stored_as_heard_and_leave_memory() {
    let directory = tempfile::tempdir().unwrap();
    // Two shards, each a file with its own thread: the matches spread over both.
    let store =
        meeple_server::Store::open_sqlite_shards(&directory.path().join("soak.sqlite"), Some(2))
            .unwrap();
    let server = TestServer::start_on(store).await;
    let tictactoe = SoakGame {
        game: "tictactoe",
        players: 2,
        config: Value::Null,
    };
    let hearts = SoakGame {
        game: "hearts",
        players: 4,
        config: json!({ "target_score": 26 }),
    };
    let games = [tictactoe.clone(), tictactoe.clone(), tictactoe, hearts];
    let heard = soak(
        &server.address.to_string(),
        &games,
        240,
        Duration::from_secs(12),
        5,
    )
    .await;
    assert_eq!(heard.len(), 240);
    let checked = check_stored(server.hub.store(), &heard).await;
    // Each Hearts match was dealt, passed and played: it heard far more than its setup.
    assert!(
        heard
            .iter()
            .filter(|match_heard| match_heard.game == "hearts")
            .all(|match_heard| match_heard.records.len() > 100),
        "every Hearts match played at least a deal"
    );
    // Over and watched by nobody: no match stays in memory.
    let waited = Instant::now();
    while server.hub.live_count() > 0 {
        assert!(
            waited.elapsed() < Duration::from_secs(10),
            "{} matches still in memory",
            server.hub.live_count()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    eprintln!("240 matches, {checked} records heard and stored");
}
