//! A stored match written as its game's log (`meeple export`): the JSON that `meeple
//! replay` reads, from records the store keeps in MessagePack, across snapshots.

#![allow(clippy::unwrap_used)]

mod support;

use meeple::{Engine, GameLog};
use meeple_games::hearts::Hearts;
use meeple_server::Server;
use serde_json::{Value, json};
use support::TestServer;

#[tokio::test]
async fn a_long_match_is_exported_as_a_log_that_replays_to_its_outcome() {
    let directory = tempfile::tempdir().unwrap();
    let server = TestServer::start(&directory.path().join("export.sqlite")).await;
    let id = server
        .create(
            "hearts",
            json!({ "numPlayers": 4, "setupData": { "target_score": 26 },
                    "bots": { "0": {}, "1": {}, "2": {}, "3": {} } }),
        )
        .await;
    let mut waited = 0;
    let gameover = loop {
        let (_, listed) = server.get(&format!("/games/hearts/{id}")).await;
        if let Some(outcome) = listed.get("gameover") {
            break outcome.clone();
        }
        waited += 1;
        assert!(waited < 1000, "the bots never finished");
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    };
    let exporter = Server::new(server.hub.store().clone()).with_shipped_games();
    let logs = exporter.export(std::slice::from_ref(&id)).await.unwrap();
    assert_eq!(logs.len(), 1);
    let log: GameLog<Hearts> = serde_json::from_str(&logs[0]).unwrap();
    let stored = server.hub.store().records(id.clone(), 0).await.unwrap();
    assert_eq!(log.records.len(), stored.len());
    // Long enough that the server took snapshots and rebased its table on them.
    assert!(log.records.len() > 128, "{} lines", log.records.len());
    for (written, stored) in log.records.iter().zip(&stored) {
        assert_eq!(
            serde_json::to_value(written).unwrap(),
            serde_json::from_str::<Value>(stored).unwrap()
        );
    }
    // Replayed, every record and message reproduces, to the outcome the lobby lists.
    let replayed = Engine::replay(&log).unwrap();
    let outcome = replayed.position().outcome().unwrap();
    assert_eq!(serde_json::to_value(outcome).unwrap(), gameover);

    let missing = exporter.export(&["nope".to_owned()]).await.unwrap_err();
    assert_eq!(missing, "no match nope is stored");
}
