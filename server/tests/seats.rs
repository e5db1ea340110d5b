//! Who acts for a seat: the credentials that hold it now. A connection whose credentials
//! no longer hold its seat (its player left, another person took the seat, the match was
//! wiped) hears why at once, and acts and sees as that seat no more.

#![allow(clippy::unwrap_used)]

mod support;

use serde_json::{Value, json};
use support::{Client, TestServer};

/// Seat `seat` of match `id` leaves with `credentials`: the lobby's status.
async fn leave(server: &TestServer, game: &str, id: &str, seat: usize, credentials: &str) -> u16 {
    let (status, _) = server
        .post(
            &format!("/games/{game}/{id}/leave"),
            json!({ "playerID": seat.to_string(), "credentials": credentials }),
        )
        .await;
    status
}

/// A seat's connection to match `id`, welcomed: the connection and its welcome.
async fn seated(server: &TestServer, id: &str, seat: usize, credentials: &str) -> (Client, Value) {
    let mut client = server.connect(id).await;
    let welcome = client.hello(Some(seat), Some(credentials), 0).await;
    assert_eq!(welcome["type"], "welcome", "{welcome}");
    (client, welcome)
}

/// The first card of the prompt's pass, as a submission's selections would name it.
fn some_pass(prompt: &Value) -> (String, Value) {
    let action = &prompt["actions"][0];
    let selection = &action["selection"];
    let cards: Vec<Value> = selection["options"]
        .as_array()
        .unwrap()
        .iter()
        .take(3)
        .map(|option| option["value"].clone())
        .collect();
    (
        action["action"].as_str().unwrap().to_owned(),
        json!({ selection["name"].as_str().unwrap(): cards }),
    )
}

#[tokio::test]
async fn a_seat_that_left_acts_and_sees_as_it_no_more_and_the_next_person_is_theirs() {
    let directory = tempfile::tempdir().unwrap();
    let server = TestServer::start(&directory.path().join("left.sqlite")).await;
    // Hearts with two people (so that one may leave without the match being wiped).
    let id = server
        .create(
            "hearts",
            json!({ "numPlayers": 4, "bots": { "2": {}, "3": {} } }),
        )
        .await;
    let alice = server.join("hearts", &id, 0, "alice").await;
    let _bob = server.join("hearts", &id, 1, "bob").await;
    let (mut first, welcome) = seated(&server, &id, 0, &alice).await;
    // A second connection with the same credentials (another tab).
    let (mut second, _) = seated(&server, &id, 0, &alice).await;
    let hand = welcome["view"]["hands"][0].clone();
    assert!(hand.is_array(), "alice sees her hand: {welcome}");
    let (action, selections) = some_pass(&welcome["prompt"]);

    assert_eq!(leave(&server, "hearts", &id, 0, &alice).await, 200);
    // At once, each connection that held the seat hears why, then the match as an
    // observer sees it: no hand, no prompt.
    for client in [&mut first, &mut second] {
        let lost = client.next_of("seat_lost").await;
        assert_eq!(
            lost,
            json!({
                "type": "seat_lost",
                "seat": 0,
                "reason": "left",
                "message": "you left seat 0: you watch the match as an observer now",
            })
        );
        let watched = client.next_of("welcome").await;
        assert_eq!(watched["seat"], Value::Null);
        assert_eq!(watched["prompt"], Value::Null);
        assert_ne!(watched["view"]["hands"][0], hand, "{watched}");
    }

    // Its submissions, undos and prompts are refused, and change nothing.
    let at = welcome["at"].as_u64().unwrap();
    first
        .send(json!({ "type": "submit", "at": at, "action": action, "selections": selections }))
        .await;
    assert_eq!(
        first.next_of("error").await["error"],
        json!({ "error": "observer" })
    );
    first.send(json!({ "type": "undo" })).await;
    assert_eq!(
        first.next_of("error").await["error"],
        json!({ "error": "observer" })
    );
    // The old credentials open no new connection.
    let mut again = server.connect(&id).await;
    assert_eq!(
        again.hello(Some(0), Some(&alice), 0).await["error"],
        json!({ "error": "invalid_credentials", "player_id": "0" })
    );

    // Carol takes the seat: the old connections see nothing of hers, her connection all.
    let carol = server.join("hearts", &id, 0, "carol").await;
    let (mut third, hers) = seated(&server, &id, 0, &carol).await;
    assert!(hers["prompt"].is_object(), "carol is to pass: {hers}");
    let (action, selections) = some_pass(&hers["prompt"]);
    third
        .send(json!({ "type": "submit", "at": hers["at"], "action": action, "selections": selections }))
        .await;
    assert_eq!(third.next_of("accepted").await["type"], "accepted");
    let after = third.next_of("records").await;
    let watched = first.next_of("records").await;
    assert_eq!(watched["at"], after["at"]);
    assert_eq!(watched["prompt"], Value::Null);
    assert_ne!(
        watched["view"], after["view"],
        "the observer does not see carol's hand"
    );
}

#[tokio::test]
async fn a_submission_from_the_prompt_of_a_seat_that_left_changes_nothing() {
    let directory = tempfile::tempdir().unwrap();
    let server = TestServer::start(&directory.path().join("late.sqlite")).await;
    let id = server.create("tictactoe", json!({ "numPlayers": 2 })).await;
    let alice = server.join("tictactoe", &id, 0, "alice").await;
    let _bob = server.join("tictactoe", &id, 1, "bob").await;
    let (mut first, welcome) = seated(&server, &id, 0, &alice).await;
    assert!(welcome["prompt"].is_object());
    assert_eq!(leave(&server, "tictactoe", &id, 0, &alice).await, 200);
    assert_eq!(first.next_of("seat_lost").await["reason"], "left");
    // A submission prepared from the old prompt is the observer's now.
    let action = &welcome["prompt"]["actions"][0];
    let name = action["selection"]["name"].as_str().unwrap();
    let value = action["selection"]["options"][0]["value"].clone();
    first
        .send(json!({
            "type": "submit",
            "at": welcome["at"],
            "action": action["action"],
            "selections": { name: value },
        }))
        .await;
    assert_eq!(first.next_of("error").await["error"]["error"], "observer");
    let (_, listed) = server.get(&format!("/games/tictactoe/{id}")).await;
    assert_eq!(listed["players"][0], json!({ "id": 0 }));
    // Nothing was played.
    let mut observer = server.connect(&id).await;
    assert_eq!(observer.hello(None, None, 0).await["at"], welcome["at"]);
}

#[tokio::test]
async fn a_wiped_match_closes_its_connections_with_the_reason() {
    let directory = tempfile::tempdir().unwrap();
    let server = TestServer::start(&directory.path().join("wiped.sqlite")).await;
    let id = server
        .create("tictactoe", json!({ "numPlayers": 2, "bots": { "1": {} } }))
        .await;
    let alice = server.join("tictactoe", &id, 0, "alice").await;
    let (mut seat, _) = seated(&server, &id, 0, &alice).await;
    let mut observer = server.connect(&id).await;
    assert_eq!(observer.hello(None, None, 0).await["type"], "welcome");
    // The last person leaves: the match is wiped.
    assert_eq!(leave(&server, "tictactoe", &id, 0, &alice).await, 200);
    assert_eq!(
        seat.next_of("seat_lost").await,
        json!({
            "type": "seat_lost",
            "seat": 0,
            "reason": "wiped",
            "message": "the match was wiped when its last person left: seat 0 is gone",
        })
    );
    assert_eq!(seat.next().await["type"], "gone");
    assert_eq!(
        observer.next_of("error").await["error"],
        json!({ "error": "match_gone" })
    );
    assert_eq!(observer.next().await["type"], "gone");
    let (status, _) = server.get(&format!("/games/tictactoe/{id}")).await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn a_rename_keeps_the_seat_and_its_connection() {
    let directory = tempfile::tempdir().unwrap();
    let server = TestServer::start(&directory.path().join("rename.sqlite")).await;
    let id = server.create("tictactoe", json!({ "numPlayers": 2 })).await;
    let alice = server.join("tictactoe", &id, 0, "alice").await;
    let _bob = server.join("tictactoe", &id, 1, "bob").await;
    let (mut first, welcome) = seated(&server, &id, 0, &alice).await;
    let (status, _) = server
        .post(
            &format!("/games/tictactoe/{id}/update"),
            json!({ "playerID": "0", "credentials": alice, "newName": "Alice B." }),
        )
        .await;
    assert_eq!(status, 200);
    let seen = support::Seen {
        at: welcome["at"].as_u64().unwrap() as usize,
        prompt: Some(welcome["prompt"].clone()),
        ..support::Seen::default()
    };
    let answer = support::submit_from_prompt(&mut first, &seen, &mut support::rng(3)).await;
    assert_eq!(answer["type"], "accepted", "{answer}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_submission_racing_a_leave_is_refused_and_changes_nothing() {
    let directory = tempfile::tempdir().unwrap();
    let server = TestServer::start(&directory.path().join("race.sqlite")).await;
    for round in 0..10 {
        let id = server.create("tictactoe", json!({ "numPlayers": 2 })).await;
        let alice = server.join("tictactoe", &id, 0, "alice").await;
        let _bob = server.join("tictactoe", &id, 1, "bob").await;
        let (mut first, welcome) = seated(&server, &id, 0, &alice).await;
        let action = &welcome["prompt"]["actions"][0];
        let name = action["selection"]["name"].as_str().unwrap();
        let value = action["selection"]["options"][round % 9]["value"].clone();
        let submit = json!({
            "type": "submit",
            "at": welcome["at"],
            "action": action["action"],
            "selections": { name: value },
        });
        // The leave and the submission at once: the submission is taken before the leave
        // answers, or refused after it (as an observer's, or as a seat no longer held),
        // never taken after.
        let (left, answer) = tokio::join!(leave(&server, "tictactoe", &id, 0, &alice), async {
            first.send(submit.clone()).await;
            first.next_of_any(&["accepted", "error"]).await
        });
        assert_eq!(left, 200);
        let mut observer = server.connect(&id).await;
        let at = observer.hello(None, None, 0).await["at"].clone();
        match answer["type"].as_str() {
            Some("accepted") => assert_eq!(at, answer["at"]),
            _ => {
                assert!(
                    matches!(
                        answer["error"]["error"].as_str(),
                        Some("observer" | "seat_lost")
                    ),
                    "{answer}"
                );
                assert_eq!(at, welcome["at"], "nothing was played");
            }
        }
        // Afterwards, always refused.
        first.send(submit).await;
        let refused = first.next_of("error").await;
        assert!(
            matches!(
                refused["error"]["error"].as_str(),
                Some("observer" | "seat_lost" | "stale")
            ),
            "{refused}"
        );
    }
}
