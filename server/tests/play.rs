//! Play over the WebSocket against a real server: whole matches from prompts alone,
//! every refusal typed with nothing changed, and matches that outlive their server.

#![allow(clippy::unwrap_used)]

mod support;

use serde_json::{Value, json};
use support::{Seen, TestServer, play_to_end, rng};
use tokio_tungstenite::tungstenite::Message;

#[tokio::test]
async fn two_people_play_tictactoe_to_the_end_and_an_observer_watches() {
    let directory = tempfile::tempdir().unwrap();
    let server = TestServer::start(&directory.path().join("play.sqlite")).await;
    let id = server.create("tictactoe", json!({ "numPlayers": 2 })).await;
    let alice = server.join("tictactoe", &id, 0, "alice").await;
    let bob = server.join("tictactoe", &id, 1, "bob").await;

    let mut observer = server.connect(&id).await;
    let welcome = observer.hello(None, None, 0).await;
    assert_eq!(welcome["type"], "welcome");
    assert_eq!(welcome["seat"], json!(null));
    assert_eq!(welcome["prompt"], json!(null));
    assert_eq!(welcome["game"], "tictactoe");

    let mut first = server.connect(&id).await;
    let mut second = server.connect(&id).await;
    let welcome_first = first.hello(Some(0), Some(&alice), 0).await;
    let welcome_second = second.hello(Some(1), Some(&bob), 0).await;
    assert_eq!(welcome_first["seat"], 0);
    assert_eq!(welcome_first["acting"]["to_act"], json!([0]));
    assert!(welcome_first["prompt"].is_object(), "{welcome_first}");
    assert_eq!(welcome_second["prompt"], json!(null), "not bob's turn");
    let mut seen_first = Seen::default();
    seen_first.absorb(&welcome_first);
    let mut seen_second = Seen::default();
    seen_second.absorb(&welcome_second);

    // Both play from their prompts at once; each waits for its turn.
    let (mut rng_first, mut rng_second) = (rng(1), rng(2));
    let (one, two) = tokio::join!(
        play_to_end(&mut first, seen_first, &mut rng_first),
        play_to_end(&mut second, seen_second, &mut rng_second),
    );
    assert_eq!(one.outcome, two.outcome);
    assert!(one.outcome.is_some());
    assert_eq!(one.at, two.at);

    // The observer heard every record, and the end.
    let mut watched = Seen::default();
    watched.absorb(&welcome);
    while watched.outcome.is_none() {
        let frame = observer.next_of("records").await;
        watched.absorb(&frame);
    }
    assert_eq!(watched.at, one.at);
    assert_eq!(watched.records, one.at);

    // The lobby knows the match is over.
    let (_, listed) = server.get(&format!("/games/tictactoe/{id}")).await;
    assert_eq!(listed["gameover"], one.outcome.unwrap());
    let (_, over) = server.get("/games/tictactoe?isGameover=true").await;
    assert_eq!(over["matches"].as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn bad_frames_get_typed_errors_and_change_nothing() {
    let directory = tempfile::tempdir().unwrap();
    let server = TestServer::start(&directory.path().join("bad.sqlite")).await;
    let id = server.create("tictactoe", json!({ "numPlayers": 2 })).await;
    let alice = server.join("tictactoe", &id, 0, "alice").await;
    let bob = server.join("tictactoe", &id, 1, "bob").await;

    let mut client = server.connect(&id).await;
    // Before hello: nothing but hello.
    client
        .send(json!({ "type": "submit", "at": 1, "action": "place", "selections": {} }))
        .await;
    assert_eq!(client.next().await["error"]["error"], "hello_first");
    // Another seat's credentials, a seat that does not exist.
    let refused = client.hello(Some(0), Some(&bob), 0).await;
    assert_eq!(
        refused["error"],
        json!({ "error": "invalid_credentials", "player_id": "0" })
    );
    let refused = client.hello(Some(2), Some(&alice), 0).await;
    assert_eq!(
        refused["error"],
        json!({ "error": "no_such_seat", "player_id": "2" })
    );
    let welcome = client.hello(Some(0), Some(&alice), 0).await;
    assert_eq!(welcome["type"], "welcome");
    let at = welcome["at"].as_u64().unwrap();

    // Garbage, a forged state, a binary frame, a huge frame, a second hello.
    client.send_raw(Message::text("}{ not json")).await;
    assert_eq!(client.next().await["error"]["error"], "malformed_frame");
    client
        .send(json!({ "type": "state", "state": { "board": [] } }))
        .await;
    assert_eq!(client.next().await["error"]["error"], "malformed_frame");
    client
        .send(json!({ "type": "submit", "at": "one", "action": 5 }))
        .await;
    assert_eq!(client.next().await["error"]["error"], "malformed_frame");
    client.send_raw(Message::binary(vec![0u8, 1, 2])).await;
    assert_eq!(client.next().await["error"]["error"], "binary_frame");
    client.send_raw(Message::text("x".repeat(100_000))).await;
    assert_eq!(
        client.next().await["error"],
        json!({ "error": "frame_too_large", "size": 100_000, "limit": 65_536 })
    );
    client.send(json!({ "type": "hello" })).await;
    assert_eq!(client.next().await["error"]["error"], "hello_first");

    // A stale submission, a value not offered, an unknown action.
    let prompt = &welcome["prompt"]["actions"][0];
    let action = prompt["action"].as_str().unwrap();
    let selection = prompt["selection"]["name"].as_str().unwrap();
    let option = prompt["selection"]["options"][0]["value"].clone();
    client
        .send(json!({ "type": "submit", "at": at + 5, "action": action, "selections": { selection: option } }))
        .await;
    assert_eq!(
        client.next().await["error"],
        json!({ "error": "stale", "at": at + 5, "records": at })
    );
    client
        .send(json!({ "type": "submit", "at": at, "action": "resign" }))
        .await;
    let refused = client.next().await;
    assert_eq!(refused["error"]["error"], "refused");
    assert_eq!(refused["error"]["reason"]["stage"], "decode");
    assert_eq!(
        refused["error"]["reason"]["reason"]["error"],
        "unknown_action"
    );

    // Out of turn: bob acts while it is alice's turn.
    let mut other = server.connect(&id).await;
    let welcome_bob = other.hello(Some(1), Some(&bob), 0).await;
    other
        .send(json!({ "type": "submit", "at": at, "action": action, "selections": { selection: option } }))
        .await;
    let refused = other.next().await;
    assert_eq!(
        refused["error"]["reason"]["reason"]["error"], "not_your_turn",
        "{refused}"
    );
    assert_eq!(welcome_bob["at"], at);

    // Nothing changed: a new connection sees the same match.
    let mut again = server.connect(&id).await;
    let fresh = again.hello(Some(0), Some(&alice), 0).await;
    assert_eq!(fresh["at"], welcome["at"]);
    assert_eq!(fresh["view"], welcome["view"]);
    assert_eq!(fresh["records"], welcome["records"]);

    // Now a good one: accepted, then its records reach both seats.
    client
        .send(json!({ "type": "submit", "at": at, "action": action, "selections": { selection: option } }))
        .await;
    assert_eq!(client.next().await["type"], "accepted");
    let records = client.next_of("records").await;
    assert!(records["at"].as_u64().unwrap() > at);
    let heard = other.next_of("records").await;
    assert_eq!(heard["at"], records["at"]);
    assert!(heard["prompt"].is_object(), "now bob's turn");

    // The same frame again (a replay): stale, since Alice acted since; nothing changes.
    client
        .send(json!({ "type": "submit", "at": at, "action": action, "selections": { selection: option } }))
        .await;
    assert_eq!(
        client.next().await["error"],
        json!({ "error": "stale", "at": at, "records": records["at"] })
    );
    let mut again = server.connect(&id).await;
    let now = again.hello(Some(1), Some(&bob), 0).await;
    assert_eq!(now["at"], records["at"]);
    assert_eq!(now["view"], heard["view"]);

    // Observers may not act.
    let mut observer = server.connect(&id).await;
    observer.hello(None, None, 0).await;
    observer
        .send(json!({ "type": "prompt_action", "action": action, "selections": {} }))
        .await;
    assert_eq!(observer.next().await["error"]["error"], "observer");
}

#[tokio::test]
async fn a_person_plays_hearts_against_three_bots() {
    let directory = tempfile::tempdir().unwrap();
    let server = TestServer::start(&directory.path().join("hearts.sqlite")).await;
    let id = server
        .create(
            "hearts",
            json!({ "numPlayers": 4, "setupData": { "target_score": 1 },
                    "bots": { "1": { "agent": "random" }, "2": { "agent": "ismcts" }, "3": { "agent": "uct" } } }),
        )
        .await;
    let alice = server.join("hearts", &id, 0, "alice").await;
    let mut client = server.connect(&id).await;
    let welcome = client.hello(Some(0), Some(&alice), 0).await;
    // What North is doing, as the others are told: the pass action's description.
    assert_eq!(welcome["acting"]["phase"], "passing", "{welcome}");
    assert_eq!(
        welcome["acting"]["doing"][0],
        "North is choosing three cards to pass"
    );
    let mut seen = Seen::default();
    seen.absorb(&welcome);
    let seen = play_to_end(&mut client, seen, &mut rng(7)).await;
    assert!(seen.outcome.is_some());
    // A seat hears the records it missed from a recent point; from further back, the
    // records the match keeps in memory, those after its snapshot before last (64 lines
    // at least; the store has the others).
    let mut late = server.connect(&id).await;
    let resumed = late.hello(Some(0), Some(&alice), seen.at - 20).await;
    assert_eq!(resumed["records"].as_array().unwrap().len(), 20);
    assert_eq!(resumed["at"].as_u64().unwrap() as usize, seen.at);
    assert!(seen.at > 128, "a match of {} records", seen.at);
    let mut late = server.connect(&id).await;
    let resumed = late.hello(Some(0), Some(&alice), 10).await;
    let kept = resumed["records"].as_array().unwrap().len();
    assert!(
        (64..=128).contains(&kept) && kept < seen.at - 10,
        "{kept} records of {} kept",
        seen.at
    );
    assert_eq!(resumed["at"].as_u64().unwrap() as usize, seen.at);
}

#[tokio::test]
async fn a_match_outlives_its_server() {
    let directory = tempfile::tempdir().unwrap();
    let database = directory.path().join("restart.sqlite");
    let server = TestServer::start(&database).await;
    let id = server
        .create("connect_four", json!({ "numPlayers": 2 }))
        .await;
    let alice = server.join("connect_four", &id, 0, "alice").await;
    let bob = server.join("connect_four", &id, 1, "bob").await;
    let mut first = server.connect(&id).await;
    let mut second = server.connect(&id).await;
    let mut seen = [Seen::default(), Seen::default()];
    seen[0].absorb(&first.hello(Some(0), Some(&alice), 0).await);
    seen[1].absorb(&second.hello(Some(1), Some(&bob), 0).await);
    let mut random = rng(3);
    // Four moves, each acknowledged (and so stored).
    for turn in 0..4 {
        let (client, mine) = if turn % 2 == 0 {
            (&mut first, 0)
        } else {
            (&mut second, 1)
        };
        let prompt = seen[mine].prompt.clone().unwrap();
        let (action, selections) = support::complete_from_prompt(client, &prompt, &mut random)
            .await
            .ready();
        client
            .send(json!({ "type": "submit", "at": seen[mine].at, "action": action, "selections": selections }))
            .await;
        assert_eq!(
            client.next_of_any(&["accepted", "error"]).await["type"],
            "accepted"
        );
        for (index, client) in [&mut first, &mut second].into_iter().enumerate() {
            let frame = client.next_of("records").await;
            seen[index].absorb(&frame);
        }
    }
    let before = seen[0].at;
    let view_before = {
        let mut observer = server.connect(&id).await;
        observer.hello(None, None, 0).await["view"].clone()
    };
    drop((first, second));

    // A new server on the same file: the match is loaded on demand and goes on.
    let server = server.restart().await;
    let mut first = server.connect(&id).await;
    let mut second = server.connect(&id).await;
    let welcome = first.hello(Some(0), Some(&alice), 0).await;
    assert_eq!(welcome["at"].as_u64().unwrap() as usize, before);
    assert_eq!(welcome["records"].as_array().unwrap().len(), before);
    let mut observer = server.connect(&id).await;
    assert_eq!(observer.hello(None, None, 0).await["view"], view_before);
    let mut one = Seen::default();
    one.absorb(&welcome);
    let mut two = Seen::default();
    two.absorb(&second.hello(Some(1), Some(&bob), before).await);
    let (mut rng_first, mut rng_second) = (rng(4), rng(5));
    let (one, two) = tokio::join!(
        play_to_end(&mut first, one, &mut rng_first),
        play_to_end(&mut second, two, &mut rng_second),
    );
    assert!(one.outcome.is_some());
    assert_eq!(one.outcome, two.outcome);
}

#[tokio::test]
async fn an_undo_is_a_line_of_the_log_and_outlives_the_server() {
    let directory = tempfile::tempdir().unwrap();
    let database = directory.path().join("undo.sqlite");
    let server = TestServer::start(&database).await;
    let id = server.create("tictactoe", json!({ "numPlayers": 2 })).await;
    let alice = server.join("tictactoe", &id, 0, "alice").await;
    let bob = server.join("tictactoe", &id, 1, "bob").await;
    let mut first = server.connect(&id).await;
    let mut second = server.connect(&id).await;
    let mut seen = Seen::default();
    seen.absorb(&first.hello(Some(0), Some(&alice), 0).await);
    let before = second.hello(Some(1), Some(&bob), 0).await;
    let standing = seen.at;

    assert_eq!(
        support::submit_from_prompt(&mut first, &seen, &mut rng(9)).await["type"],
        "accepted"
    );
    let played = first.next_of("records").await["at"].as_u64().unwrap() as usize;
    second.next_of("records").await;

    // Bob has nothing to undo; Alice takes her mark back.
    second.send(json!({ "type": "undo" })).await;
    let refused = second.next_of_any(&["error"]).await;
    assert_eq!(refused["error"]["error"], "undo");
    assert_eq!(refused["error"]["reason"]["error"], "nothing_to_undo");
    first.send(json!({ "type": "undo" })).await;
    assert_eq!(
        first.next_of_any(&["accepted", "error"]).await,
        json!({ "type": "accepted", "at": standing })
    );
    let mut heard = Vec::new();
    for client in [&mut first, &mut second] {
        let undone = client.next_of("undone").await;
        assert_eq!(undone["seat"], 0);
        assert_eq!(
            undone["cancels"],
            json!((standing..played).collect::<Vec<_>>())
        );
        assert_eq!(undone["at"], standing);
        heard.push(undone);
    }
    // The view came as changes, which the client applied to what it held.
    let sent: serde_json::Value = serde_json::from_str(first.received.last().unwrap()).unwrap();
    assert!(
        sent.get("view").is_none() && sent["view_changes"].is_array(),
        "{sent}"
    );
    assert!(heard[0]["prompt"].is_object(), "Alice's turn again");
    assert_eq!(heard[0]["view"], before["view"], "the board as it was");
    assert_eq!(heard[1]["view"], before["view"]);

    // The store kept everything: the records, the mark, the undo after it.
    let rows = server
        .hub
        .store()
        .records(id.clone(), 0)
        .await
        .unwrap()
        .len();
    assert_eq!(rows, played + 1);

    // Another server on the same file replays the undo and the match goes on.
    let server = server.restart().await;
    let mut first = server.connect(&id).await;
    let mut second = server.connect(&id).await;
    let welcome = first.hello(Some(0), Some(&alice), 0).await;
    assert_eq!(welcome["at"], standing);
    assert_eq!(welcome["view"], before["view"]);
    let mut one = Seen::default();
    one.absorb(&welcome);
    let mut two = Seen::default();
    two.absorb(&second.hello(Some(1), Some(&bob), 0).await);
    let (mut rng_one, mut rng_two) = (rng(10), rng(11));
    let (one, two) = tokio::join!(
        play_to_end(&mut first, one, &mut rng_one),
        play_to_end(&mut second, two, &mut rng_two),
    );
    assert!(one.outcome.is_some());
    assert_eq!(one.outcome, two.outcome);
}

#[tokio::test]
async fn a_match_nothing_moves_leaves_memory_and_comes_back_when_asked() {
    let directory = tempfile::tempdir().unwrap();
    let server = TestServer::start(&directory.path().join("memory.sqlite")).await;
    let id = server
        .create(
            "hearts",
            json!({ "numPlayers": 4, "bots": { "1": {}, "2": {}, "3": {} } }),
        )
        .await;
    let alice = server.join("hearts", &id, 0, "alice").await;
    let mut client = server.connect(&id).await;
    let welcome = client.hello(Some(0), Some(&alice), 0).await;
    assert_eq!(server.hub.live_count(), 1);
    // The bots pass and wait for Alice; she leaves: nothing moves the match any more.
    drop(client);
    let mut waited = 0;
    while server.hub.live_count() > 0 {
        waited += 1;
        assert!(waited < 200, "the match stayed in memory");
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    // Asked again, it is loaded from the store as it was.
    let mut client = server.connect(&id).await;
    let again = client.hello(Some(0), Some(&alice), 0).await;
    assert_eq!(server.hub.live_count(), 1);
    assert_eq!(again["view"]["hands"][0], welcome["view"]["hands"][0]);
    assert!(again["at"].as_u64().unwrap() >= welcome["at"].as_u64().unwrap());
}

#[tokio::test]
async fn a_seat_out_of_time_has_its_timeout_move_played_and_an_abandoned_match_ends() {
    let directory = tempfile::tempdir().unwrap();
    let server = TestServer::start(&directory.path().join("clock.sqlite")).await;
    for bad in [json!(5), json!("fast"), json!(-1), json!(100_000_000)] {
        let (status, body) = server
            .post(
                "/games/tictactoe/create",
                json!({ "numPlayers": 2, "moveClockMs": bad }),
            )
            .await;
        assert_eq!(status, 400);
        assert_eq!(
            body,
            "moveClockMs must be a whole number of milliseconds from 100 to 86400000"
        );
    }
    let id = server
        .create("tictactoe", json!({ "numPlayers": 2, "moveClockMs": 150 }))
        .await;
    let (_, listed) = server.get(&format!("/games/tictactoe/{id}")).await;
    assert_eq!(listed["moveClockMs"], 150);
    let alice = server.join("tictactoe", &id, 0, "alice").await;

    // Alice plays once, in time; then nobody plays: the clock plays for both seats.
    let mut first = server.connect(&id).await;
    let welcome = first.hello(Some(0), Some(&alice), 0).await;
    assert_eq!(welcome["acting"]["deadline_ms"], 150, "{welcome}");
    let mut seen = Seen::default();
    seen.absorb(&welcome);
    assert_eq!(
        support::submit_from_prompt(&mut first, &seen, &mut rng(1)).await["type"],
        "accepted"
    );

    let mut observer = server.connect(&id).await;
    let mut frame = observer.hello(None, None, 0).await;
    let mut timeouts = 0;
    while frame["outcome"].is_null() {
        let deadline = frame["acting"]["deadline_ms"]
            .as_u64()
            .expect("a clock runs");
        frame = observer.next_of("records").await;
        for record in frame["records"].as_array().unwrap() {
            if record["kind"] == "timeout" {
                timeouts += 1;
                assert!(
                    record["clock_ms"].as_u64().unwrap() >= deadline,
                    "fired before its deadline: {record}"
                );
            }
        }
    }
    assert!(timeouts >= 2, "{timeouts} timeouts");
    assert_eq!(
        frame["acting"]["deadline_ms"],
        json!(null),
        "no clock once over"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn search_bots_pass_at_once_and_then_wait_for_a_person_without_using_the_cpu() {
    let directory = tempfile::tempdir().unwrap();
    let database = directory.path().join("bots.sqlite");
    let server = support::ServerProcess::start(database.to_str().unwrap());
    let create = support::post_to(
        &server.address,
        "/games/hearts/create",
        json!({
            "numPlayers": 4,
            "bots": {
                "1": { "agent": "ismcts" },
                "2": { "agent": "uct" },
                "3": { "agent": "ismcts" },
            },
        }),
    )
    .await;
    let id = create["matchID"].as_str().unwrap().to_owned();
    // Nobody holds seat 0: the bots pass all the same (each search's own pass, whoever
    // else passed), and the pass waits for seat 0.
    let mut observer = server.connect(&id).await;
    let mut acting = observer.hello(None, None, 0).await["acting"].clone();
    while acting["acted"] != json!([1, 2, 3]) {
        acting = observer.next_of("records").await["acting"].clone();
    }
    assert_eq!(acting["to_act"], json!([0]));
    // Then nothing runs: no search, no retry.
    let before = server.cpu_seconds();
    tokio::time::sleep(std::time::Duration::from_secs(2)).await;
    let used = server.cpu_seconds() - before;
    assert!(
        used < 0.2,
        "the server used {used} s of CPU in 2 s with nothing to do"
    );

    // A person takes seat 0 and passes: the bots play on.
    let credentials = support::join_to(&server.address, "hearts", &id, 0, "alice").await;
    let mut alice = server.connect(&id).await;
    let mut seen = Seen::default();
    seen.absorb(&alice.hello(Some(0), Some(&credentials), 0).await);
    let answer = support::submit_from_prompt(&mut alice, &seen, &mut rng(9)).await;
    assert_eq!(answer["type"], "accepted", "{answer}");
    let mut records = observer.next_of("records").await;
    while records["acting"]["step"] == acting["step"] {
        records = observer.next_of("records").await;
    }
    assert_ne!(records["acting"]["to_act"], json!([]));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_submissions_records_follow_its_acknowledgement_at_once() {
    // `accepted` and `records` are two small writes: with Nagle's algorithm on the server's
    // socket the second waited for the client's delayed acknowledgement of the first
    // (some 40 ms on Linux) on most moves.
    let directory = tempfile::tempdir().unwrap();
    let server = TestServer::start(&directory.path().join("nodelay.sqlite")).await;
    let mut waits = Vec::new();
    for round in 0..3 {
        let id = server.create("tictactoe", json!({ "numPlayers": 2 })).await;
        let alice = server.join("tictactoe", &id, 0, "alice").await;
        let bob = server.join("tictactoe", &id, 1, "bob").await;
        let mut clients = [server.connect(&id).await, server.connect(&id).await];
        let mut seen = [Seen::default(), Seen::default()];
        seen[0].absorb(&clients[0].hello(Some(0), Some(&alice), 0).await);
        seen[1].absorb(&clients[1].hello(Some(1), Some(&bob), 0).await);
        let mut rng = rng(round);
        while seen[0].outcome.is_none() {
            let mover = usize::from(seen[0].prompt.is_none());
            let other = 1 - mover;
            let prompt = seen[mover].prompt.clone().unwrap();
            let (action, selections) =
                support::complete_from_prompt(&mut clients[mover], &prompt, &mut rng)
                    .await
                    .ready();
            clients[mover]
                .send(json!({ "type": "submit", "at": seen[mover].at, "action": action, "selections": selections }))
                .await;
            assert_eq!(clients[mover].next_of("accepted").await["type"], "accepted");
            // From the acknowledgement to the records (the store's flush came before both).
            let accepted = std::time::Instant::now();
            let records = clients[mover].next_of("records").await;
            waits.push(accepted.elapsed());
            seen[mover].absorb(&records);
            let heard = clients[other].next_of("records").await;
            seen[other].absorb(&heard);
        }
    }
    waits.sort();
    let median = waits[waits.len() / 2];
    assert!(
        median < std::time::Duration::from_millis(20),
        "from a submission's acknowledgement to its records: median {median:?} over {} moves",
        waits.len()
    );
}

#[tokio::test]
async fn observers_of_a_finished_match_are_answered_from_memory() {
    let directory = tempfile::tempdir().unwrap();
    let database = directory.path().join("finished.sqlite");
    let server = TestServer::start(&database).await;
    let id = server
        .create(
            "tictactoe",
            json!({ "numPlayers": 2, "bots": { "0": {}, "1": {} } }),
        )
        .await;
    // Two bots play it to the end, nobody watching.
    let mut waited = 0;
    let outcome = loop {
        let (_, listed) = server.get(&format!("/games/tictactoe/{id}")).await;
        if let Some(outcome) = listed.get("gameover") {
            break outcome.clone();
        }
        waited += 1;
        assert!(waited < 500, "the bots never finished");
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    };
    // Nobody watched it: it left memory at its end. The first observer loads it from
    // the store; the others are answered from memory, alike.
    let loads = server.hub.loads();
    let mut welcomes = Vec::new();
    for _ in 0..5 {
        let mut observer = server.connect(&id).await;
        let welcome = observer.hello(None, None, 0).await;
        assert_eq!(welcome["outcome"], outcome);
        welcomes.push(welcome);
    }
    assert_eq!(server.hub.loads(), loads + 1);
    assert!(welcomes.windows(2).all(|pair| pair[0] == pair[1]));

    // A new server loads it once, for its first observer.
    let server = server.restart().await;
    for _ in 0..3 {
        let mut observer = server.connect(&id).await;
        assert_eq!(observer.hello(None, None, 0).await, welcomes[0]);
    }
    assert_eq!(server.hub.loads(), 1);
}

#[tokio::test]
async fn a_finished_match_with_a_clock_leaves_memory_once_nobody_watches() {
    let directory = tempfile::tempdir().unwrap();
    let server = TestServer::start(&directory.path().join("clocked.sqlite")).await;
    let id = server
        .create(
            "tictactoe",
            json!({ "numPlayers": 2, "moveClockMs": 60000 }),
        )
        .await;
    let alice = server.join("tictactoe", &id, 0, "alice").await;
    let bob = server.join("tictactoe", &id, 1, "bob").await;
    let mut first = server.connect(&id).await;
    let mut second = server.connect(&id).await;
    let mut one = Seen::default();
    one.absorb(&first.hello(Some(0), Some(&alice), 0).await);
    let mut two = Seen::default();
    two.absorb(&second.hello(Some(1), Some(&bob), 0).await);
    let (mut rng_one, mut rng_two) = (rng(3), rng(4));
    let (one, _) = tokio::join!(
        play_to_end(&mut first, one, &mut rng_one),
        play_to_end(&mut second, two, &mut rng_two),
    );
    assert!(one.outcome.is_some());
    // The last move's clock was still running when it ended the match: the match goes
    // all the same once its connections do.
    drop((first, second));
    let mut waited = 0;
    while server.hub.live_count() > 0 {
        waited += 1;
        assert!(waited < 200, "the finished match stayed in memory");
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_scene_and_its_changes_reach_only_the_connections_that_draw() {
    let directory = tempfile::tempdir().unwrap();
    let server = TestServer::start(&directory.path().join("scenes.sqlite")).await;
    let id = server.create("tictactoe", json!({ "numPlayers": 2 })).await;
    let alice = server.join("tictactoe", &id, 0, "Alice").await;
    let bob = server.join("tictactoe", &id, 1, "Bob").await;
    // Two observers, one viewer: one draws the pieces, the other does not.
    let mut drawing = server.connect(&id).await;
    drawing
        .send(json!({ "type": "hello", "scene": true }))
        .await;
    assert!(drawing.next_of("welcome").await["scene"].is_object());
    let mut plain = server.connect(&id).await;
    assert!(plain.hello(None, None, 0).await.get("scene").is_none());
    let mut seats = Vec::new();
    for (seat, credentials) in [(0, &alice), (1, &bob)] {
        let mut client = server.connect(&id).await;
        let mut seen = Seen::default();
        seen.absorb(&client.hello(Some(seat), Some(credentials), 0).await);
        seats.push((client, seen));
    }
    let mut random = rng(11);
    for turn in 0..3 {
        let (client, seen) = &mut seats[turn % 2];
        let answer = support::submit_from_prompt(client, seen, &mut random).await;
        assert_eq!(answer["type"], "accepted", "{answer}");
        for (client, seen) in &mut seats {
            seen.absorb(&client.next_of("records").await);
        }
        let heard = drawing.next_of("records").await;
        assert!(heard["scene"].is_object(), "the scene, followed: {heard}");
        let sent: Value = serde_json::from_str(drawing.received.last().unwrap()).unwrap();
        // The first update after the welcome has it whole (the match's first watched as
        // an observer), then as changes.
        if turn > 0 {
            assert!(sent["scene_changes"].is_array(), "{sent}");
        }
        plain.next_of("records").await;
        let sent: Value = serde_json::from_str(plain.received.last().unwrap()).unwrap();
        for field in ["scene", "scene_changes", "beats"] {
            assert!(
                sent.get(field).is_none(),
                "{field} to a page that does not draw: {sent}"
            );
        }
    }
    // The scene the drawing connection holds is the one a new one is welcomed with.
    let held = drawing.scene_held();
    let mut fresh = server.connect(&id).await;
    fresh.send(json!({ "type": "hello", "scene": true })).await;
    assert_eq!(fresh.next_of("welcome").await["scene"], held);
}
