//! Two server processes on one PostgreSQL database (a server of the test's own, from
//! Debian's `postgresql`): a match has one writer at a time among them; a seat connected
//! to one process hears at once what a seat connected to the other played; and when the
//! process that writes a match is killed (SIGKILL), the other takes it over: every
//! acknowledged record is there, its bots play on, its watchers stay connected.

#![allow(clippy::unwrap_used)]

mod support;

use serde_json::{Value, json};
use support::{
    Client, Completion, Seen, ServerProcess, TestPostgres, complete_from_prompt, play_to_end,
    post_to, rng,
};

/// Creates a match of `game` through `server`; its id.
async fn create(server: &ServerProcess, game: &str, body: Value) -> String {
    post_to(&server.address, &format!("/games/{game}/create"), body).await["matchID"]
        .as_str()
        .unwrap()
        .to_owned()
}

/// Joins seat `seat` of match `id` through `server`; the credentials.
async fn join(server: &ServerProcess, game: &str, id: &str, seat: usize) -> String {
    support::join_to(&server.address, game, id, seat, &format!("p{seat}")).await
}

/// A seat's connection, welcomed.
async fn seat(server: &ServerProcess, id: &str, seat: usize, credentials: &str) -> (Client, Seen) {
    let mut client = server.connect(id).await;
    let mut seen = Seen::default();
    seen.absorb(&client.hello(Some(seat), Some(credentials), 0).await);
    (client, seen)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_share_matches_and_take_over_from_a_killed_writer() {
    let postgres = tokio::task::spawn_blocking(TestPostgres::start)
        .await
        .unwrap();
    let first = ServerProcess::start(&postgres.url);
    let second = ServerProcess::start(&postgres.url);

    // Tic-tac-toe with one seat on each process: every move is submitted through one
    // process and heard through the other (no polling: only its notice tells it), the
    // writer moving to wherever the seat that acts is connected.
    let id = create(&first, "tictactoe", json!({ "numPlayers": 2 })).await;
    let alice = join(&first, "tictactoe", &id, 0).await;
    let bob = join(&second, "tictactoe", &id, 1).await;
    let (mut one, seen_one) = seat(&first, &id, 0, &alice).await;
    let (mut two, seen_two) = seat(&second, &id, 1, &bob).await;
    let mut observer = second.connect(&id).await;
    let watched = observer.hello(None, None, 0).await;
    let (mut rng_one, mut rng_two) = (rng(1), rng(2));
    let (seen_one, seen_two) = tokio::join!(
        play_to_end(&mut one, seen_one, &mut rng_one),
        play_to_end(&mut two, seen_two, &mut rng_two),
    );
    assert!(seen_one.outcome.is_some());
    assert_eq!(seen_one.outcome, seen_two.outcome);
    assert_eq!(seen_one.records, seen_two.records);
    // The observer on the second process heard every record, to the outcome.
    let mut heard = watched["records"].as_array().unwrap().len();
    let mut outcome = watched["outcome"].clone();
    while outcome.is_null() {
        let frame = observer.next_of("records").await;
        heard += frame["records"].as_array().unwrap().len();
        outcome = frame["outcome"].clone();
    }
    assert_eq!(heard, seen_one.records);
    assert_eq!(Some(outcome), seen_one.outcome);

    // Hearts against three bots, created and played through the first process (its
    // writer: the bots play there), watched through the second.
    let id = create(
        &first,
        "hearts",
        json!({ "numPlayers": 4, "setupData": { "target_score": 26 },
                "bots": { "1": {}, "2": {}, "3": {} } }),
    )
    .await;
    let carol = join(&first, "hearts", &id, 0).await;
    let mut person = first.connect(&id).await;
    let welcome = person.hello(Some(0), Some(&carol), 0).await;
    let mut seen = Seen::default();
    seen.absorb(&welcome);
    let mut heard_by_person = welcome["records"].as_array().unwrap().clone();
    let mut observer = second.connect(&id).await;
    let welcome = observer.hello(None, None, 0).await;
    let mut watched = welcome["records"].as_array().unwrap().len();
    let mut random = rng(3);
    // A dozen plays of the person's, each answered by the bots on the first process.
    let mut plays = 0;
    while plays < 12 {
        let Some(prompt) = seen.prompt.take() else {
            let frame = person.next_of("records").await;
            heard_by_person.extend(frame["records"].as_array().unwrap().iter().cloned());
            seen.absorb(&frame);
            continue;
        };
        let (action, selections) =
            match complete_from_prompt(&mut person, &prompt, &mut random).await {
                Completion::Ready(action, selections) => (action, selections),
                Completion::Outdated => continue,
                Completion::Gone => panic!("the first process closed the connection"),
            };
        person
            .send(json!({ "type": "submit", "at": seen.at, "action": action, "selections": selections }))
            .await;
        let answer = person.next_of_any(&["accepted", "error"]).await;
        assert_eq!(answer["type"], "accepted", "{answer}");
        plays += 1;
    }
    // The bots have answered the last play: the person is to act again.
    while seen.prompt.is_none() {
        let frame = person.next_of("records").await;
        heard_by_person.extend(frame["records"].as_array().unwrap().iter().cloned());
        seen.absorb(&frame);
    }
    // The observer hears what the seat hears. Seats act at once in Hearts' pass: the bots'
    // passes may come after the person's prompt, so each reads on until both heard as many
    // records (a record one never hears ends the test, a frame not coming in time).
    while watched != heard_by_person.len() {
        if watched < heard_by_person.len() {
            watched += observer.next_of("records").await["records"]
                .as_array()
                .unwrap()
                .len();
        } else {
            let frame = person.next_of("records").await;
            heard_by_person.extend(frame["records"].as_array().unwrap().iter().cloned());
            seen.absorb(&frame);
        }
    }

    // The writer is killed. The person comes back through the second process: every
    // record they heard is stored, the same; they play on to the end, the bots answering
    // from the second process now; the observer, never disconnected, hears all of it.
    drop(first);
    let (mut person, welcome) = {
        let mut client = second.connect(&id).await;
        let welcome = client.hello(Some(0), Some(&carol), 0).await;
        (client, welcome)
    };
    assert_eq!(welcome["type"], "welcome", "{welcome}");
    // The records the match keeps in memory: those after the snapshot it was loaded
    // from (every line before it was stored with it).
    let kept = welcome["records"].as_array().unwrap();
    let first = welcome["at"].as_u64().unwrap() as usize - kept.len();
    assert!(first + kept.len() >= heard_by_person.len() && first <= heard_by_person.len());
    assert_eq!(
        &kept[..heard_by_person.len() - first],
        &heard_by_person[first..]
    );
    let mut seen = Seen {
        records: first,
        ..Seen::default()
    };
    seen.absorb(&welcome);
    let seen = play_to_end(&mut person, seen, &mut rng(4)).await;
    let outcome = seen.outcome.clone().unwrap();
    let mut last = Value::Null;
    while last.is_null() {
        let frame = observer.next_of("records").await;
        watched += frame["records"].as_array().unwrap().len();
        last = frame["outcome"].clone();
    }
    assert_eq!(last, outcome);
    assert_eq!(watched, seen.records, "the observer heard every record");
    let listed = reqwest::get(format!("http://{}/games/hearts/{id}", second.address))
        .await
        .unwrap()
        .json::<Value>()
        .await
        .unwrap();
    assert_eq!(listed["gameover"], outcome);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_left_through_another_process_is_lost_at_once_and_its_successor_plays() {
    let postgres = tokio::task::spawn_blocking(TestPostgres::start)
        .await
        .unwrap();
    let first = ServerProcess::start(&postgres.url);
    let second = ServerProcess::start(&postgres.url);
    let id = create(&first, "tictactoe", json!({ "numPlayers": 2 })).await;
    let alice = join(&first, "tictactoe", &id, 0).await;
    let _bob = join(&first, "tictactoe", &id, 1).await;
    let (mut one, _) = seat(&first, &id, 0, &alice).await;

    // Alice leaves through the other process: the first hears of it from the database.
    post_to(
        &second.address,
        &format!("/games/tictactoe/{id}/leave"),
        json!({ "playerID": "0", "credentials": alice }),
    )
    .await;
    let lost = one.next_of("seat_lost").await;
    assert_eq!(lost["reason"], "left", "{lost}");
    assert_eq!(one.next_of("welcome").await["seat"], Value::Null);

    // Carol joins through the second process and plays through the first.
    let carol = support::join_to(&second.address, "tictactoe", &id, 0, "carol").await;
    let (mut hers, seen) = seat(&first, &id, 0, &carol).await;
    let answer = support::submit_from_prompt(&mut hers, &seen, &mut rng(5)).await;
    assert_eq!(answer["type"], "accepted", "{answer}");
    // Alice's old connection, an observer now, hears the move as one.
    let heard = one.next_of("records").await;
    assert_eq!(heard["prompt"], Value::Null);
    assert_eq!(heard["at"], answer["at"]);
}

/// Runs `sql` on the test's database, from a connection of the test's own; the first
/// column of the first row, as a number.
async fn query_number(postgres: &TestPostgres, sql: &str) -> i64 {
    let url = postgres.url.clone();
    let sql = sql.to_owned();
    tokio::task::spawn_blocking(move || {
        let mut client = postgres::Client::connect(&url, postgres::NoTls).unwrap();
        client.query_one(sql.as_str(), &[]).unwrap().get(0)
    })
    .await
    .unwrap()
}

/// How many listening connections server process `process` has open (0 or 1).
async fn listening(postgres: &TestPostgres, process: &ServerProcess) -> i64 {
    let name = meeple_server::store::listener_name(process.pid());
    query_number(
        postgres,
        &format!("SELECT count(*) FROM pg_stat_activity WHERE application_name = '{name}'"),
    )
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_process_that_lost_its_listening_connection_catches_up_on_what_it_missed() {
    let postgres = tokio::task::spawn_blocking(TestPostgres::start)
        .await
        .unwrap();
    let first = ServerProcess::start(&postgres.url);
    let second = ServerProcess::start(&postgres.url);
    assert_eq!(listening(&postgres, &second).await, 1);
    // The listener connects again some 500 ms after it lost its connection. A run where
    // it came back before both changes were made proves nothing: it is tried again, on a
    // match of its own.
    for attempt in 0..5 {
        let id = create(&first, "tictactoe", json!({ "numPlayers": 2 })).await;
        let alice = join(&first, "tictactoe", &id, 0).await;
        let bob = join(&first, "tictactoe", &id, 1).await;
        let (mut one, seen_one) = seat(&first, &id, 0, &alice).await;
        // Bob and an observer are connected to the second process, which follows the
        // match: only a notice tells it of what the first one does.
        let (mut two, _) = seat(&second, &id, 1, &bob).await;
        let mut observer = second.connect(&id).await;
        let watched = observer.hello(None, None, 0).await;
        let at = watched["at"].as_u64().unwrap();

        let name = meeple_server::store::listener_name(second.pid());
        let ended = query_number(
            &postgres,
            &format!(
                "SELECT count(*) FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
                 WHERE application_name = '{name}') AS ended"
            ),
        )
        .await;
        assert_eq!(ended, 1, "the second process's listening connection");
        // Ended once its backend is gone: until then it could still hand on a notice.
        let ending = std::time::Instant::now();
        while listening(&postgres, &second).await != 0
            && ending.elapsed() < std::time::Duration::from_secs(2)
        {
            tokio::time::sleep(std::time::Duration::from_millis(5)).await;
        }
        // Alice moves, and Bob leaves, through the first process, while the second does
        // not listen.
        let answer = support::submit_from_prompt(&mut one, &seen_one, &mut rng(6)).await;
        assert_eq!(answer["type"], "accepted", "{answer}");
        post_to(
            &first.address,
            &format!("/games/tictactoe/{id}/leave"),
            json!({ "playerID": "1", "credentials": bob }),
        )
        .await;
        if listening(&postgres, &second).await != 0 {
            eprintln!("attempt {attempt}: the listener was back before the changes were made");
            continue;
        }
        // Both notices are lost. Once listening again, the second process catches up:
        // the observer hears the move, and Bob's connection that his seat is lost.
        let heard = observer.next_of("records").await;
        assert_eq!(heard["at"], answer["at"], "{heard}");
        assert_eq!(
            heard["records"].as_array().unwrap().len() as u64,
            heard["at"].as_u64().unwrap() - at
        );
        let lost = two.next_of("seat_lost").await;
        assert_eq!(lost["reason"], "left", "{lost}");
        assert_eq!(listening(&postgres, &second).await, 1, "listening again");
        return;
    }
    panic!("the listener came back before the changes in every attempt");
}
