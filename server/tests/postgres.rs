//! The server on PostgreSQL (a server of the test's own, from Debian's `postgresql`): the
//! lobby, whole matches with people and bots, and a match that outlives its server.

#![allow(clippy::unwrap_used)]

mod support;

use meeple_server::Store;
use serde_json::json;
use support::{Seen, TestPostgres, TestServer, play_to_end, rng};

/// The store on the database at `url` (the synchronous client connects off the runtime).
async fn open(url: &str) -> Store {
    let url = url.to_owned();
    tokio::task::spawn_blocking(move || Store::open(&url, None))
        .await
        .unwrap()
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn matches_are_kept_in_postgres() {
    let postgres = tokio::task::spawn_blocking(TestPostgres::start)
        .await
        .unwrap();
    let server = TestServer::start_on(open(&postgres.url).await).await;

    // The lobby, as on SQLite.
    let id = server.create("tictactoe", json!({ "numPlayers": 2 })).await;
    let alice = server.join("tictactoe", &id, 0, "alice").await;
    let bob = server.join("tictactoe", &id, 1, "bob").await;
    let (_, listed) = server.get("/games/tictactoe?isGameover=false").await;
    assert_eq!(
        listed["matches"][0]["players"],
        json!([{ "id": 0, "name": "alice" }, { "id": 1, "name": "bob" }])
    );

    // Two moves, then the server goes and another takes its place on the same database.
    let mut first = server.connect(&id).await;
    let mut seen = Seen::default();
    seen.absorb(&first.hello(Some(0), Some(&alice), 0).await);
    assert_eq!(
        support::submit_from_prompt(&mut first, &seen, &mut rng(1)).await["type"],
        "accepted"
    );
    let stored = first.next_of("records").await["at"].as_u64().unwrap();
    server.stop();

    let server = TestServer::start_on(open(&postgres.url).await).await;
    let mut first = server.connect(&id).await;
    let mut second = server.connect(&id).await;
    let mut one = Seen::default();
    one.absorb(&first.hello(Some(0), Some(&alice), 0).await);
    assert_eq!(one.at as u64, stored);
    assert_eq!(one.records as u64, stored);
    let mut two = Seen::default();
    two.absorb(&second.hello(Some(1), Some(&bob), 0).await);
    let (mut rng_one, mut rng_two) = (rng(2), rng(3));
    let (one, two) = tokio::join!(
        play_to_end(&mut first, one, &mut rng_one),
        play_to_end(&mut second, two, &mut rng_two),
    );
    assert!(one.outcome.is_some());
    assert_eq!(one.outcome, two.outcome);

    // Hearts against bots, to its end.
    let id = server
        .create(
            "hearts",
            json!({ "numPlayers": 4, "setupData": { "target_score": 1 },
                    "bots": { "1": {}, "2": {}, "3": {} } }),
        )
        .await;
    let credentials = server.join("hearts", &id, 0, "carol").await;
    let mut client = server.connect(&id).await;
    let mut seen = Seen::default();
    seen.absorb(&client.hello(Some(0), Some(&credentials), 0).await);
    let seen = play_to_end(&mut client, seen, &mut rng(4)).await;
    let (_, listed) = server.get(&format!("/games/hearts/{id}")).await;
    assert_eq!(listed["gameover"], seen.outcome.unwrap());
}

/// A match's lease is a session's advisory lock, which counts its holds: taken twice by
/// one process (two loads of the match at once), it is held until given back twice.
/// `unlock_lease` gives back the second without telling anyone; then one release lets
/// another process take it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lease_taken_twice_by_one_process_is_given_back_whole() {
    let postgres = tokio::task::spawn_blocking(TestPostgres::start)
        .await
        .unwrap();
    let (one, other) = (open(&postgres.url).await, open(&postgres.url).await);
    let id = "m".to_owned();
    assert!(one.take_lease(id.clone()).await.unwrap());
    assert!(one.take_lease(id.clone()).await.unwrap(), "held already");
    assert!(!other.take_lease(id.clone()).await.unwrap());
    one.release_lease(id.clone()).await.unwrap();
    assert!(
        !other.take_lease(id.clone()).await.unwrap(),
        "still held once: the second take was never given back"
    );
    one.unlock_lease(id.clone()).await.unwrap();
    assert!(other.take_lease(id.clone()).await.unwrap());
    assert!(!one.take_lease(id.clone()).await.unwrap());
}
