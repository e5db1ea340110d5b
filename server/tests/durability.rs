//! Durability: the server process is killed (SIGKILL) in the middle of many matches and
//! started again on the same SQLite file. Every record a client heard of (a record is sent
//! only once it is durable) is there, the same, and every match plays on to its end,
//! timers and clocks per move included.

#![allow(clippy::unwrap_used)]

mod support;

use std::time::Duration;

use serde_json::{Value, json};
use support::{Client, Completion, Seen, ServerProcess, complete_from_prompt, rng};

fn start_server(database: &str) -> (ServerProcess, String) {
    let server = ServerProcess::start(database);
    let address = server.address.clone();
    (server, address)
}

async fn post(address: &str, path: &str, body: Value) -> Value {
    support::post_to(address, path, body).await
}

async fn connect(address: &str, id: &str) -> Client {
    support::connect_to(&format!("ws://{address}/play/{id}")).await
}

/// A seat of a match: who it is and every record it heard of, in order.
struct Player {
    game: &'static str,
    id: String,
    seat: usize,
    credentials: String,
    heard: Vec<Value>,
    deadline: Option<Value>,
}

/// Plays `player` from its prompts until the connection drops or the match ends; every
/// record heard is kept.
async fn play_until_gone(address: String, mut player: Player, seed: u64) -> Player {
    let mut client = connect(&address, &player.id).await;
    let Some(welcome) = client
        .try_hello(
            Some(player.seat),
            Some(&player.credentials),
            player.heard.len(),
        )
        .await
    else {
        return player;
    };
    let mut seen = Seen::default();
    seen.absorb(&welcome);
    player
        .heard
        .extend(welcome["records"].as_array().unwrap().iter().cloned());
    player.deadline = welcome["acting"].get("deadline_ms").cloned();
    let mut random = rng(seed);
    // The prompt of the last submission, chosen from again after a refusal that says to
    // try again (the match's writer just restarting: `writer_busy`, `store`).
    let mut submitted: Option<Value> = None;
    while seen.outcome.is_none() {
        if let Some(prompt) = seen.prompt.take() {
            submitted = Some(prompt.clone());
            let (action, selections) =
                match complete_from_prompt(&mut client, &prompt, &mut random).await {
                    Completion::Ready(action, selections) => (action, selections),
                    Completion::Outdated => continue,
                    Completion::Gone => return player,
                };
            if client
                .try_send(json!({ "type": "submit", "at": seen.at, "action": action, "selections": selections }))
                .await
                .is_none()
            {
                return player;
            }
        }
        let Some(frame) = client.try_next().await else {
            return player;
        };
        if frame["type"] == "error"
            && matches!(
                frame["error"]["error"].as_str(),
                Some("writer_busy" | "store")
            )
        {
            eprintln!("{} {}: {frame}; trying again", player.game, player.id);
            tokio::time::sleep(Duration::from_millis(100)).await;
            seen.prompt = submitted.take();
        }
        if frame["type"] == "records" {
            seen.absorb(&frame);
            player
                .heard
                .extend(frame["records"].as_array().unwrap().iter().cloned());
            player.deadline = frame["acting"].get("deadline_ms").cloned();
        }
    }
    player
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_acknowledged_record_survives_a_kill_on_sqlite() {
    let directory = tempfile::tempdir().unwrap();
    let database = directory.path().join("durable.sqlite");
    survives_a_kill(database.to_str().unwrap()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_acknowledged_record_survives_a_kill_on_postgres() {
    let postgres = tokio::task::spawn_blocking(support::TestPostgres::start)
        .await
        .unwrap();
    survives_a_kill(&postgres.url).await;
}

async fn survives_a_kill(database: &str) {
    let (server, address) = start_server(database);

    // Matches of every kind: two people at Connect Four, a person against three bots at
    // Hearts, two people at Memory with a timer that hides a miss, and Connect Four with a
    // clock per move and a seat left empty.
    let mut players = Vec::new();
    for index in 0..8 {
        let (game, body, seats): (&'static str, Value, Vec<usize>) = match index % 4 {
            0 => ("connect_four", json!({ "numPlayers": 2 }), vec![0, 1]),
            // One seat plays, the other was left: its clock per move plays for it.
            3 => (
                "connect_four",
                json!({ "numPlayers": 2, "moveClockMs": 120 }),
                vec![0],
            ),
            1 => (
                "hearts",
                json!({ "numPlayers": 4, "setupData": { "target_score": 30 },
                        "bots": { "1": {}, "2": {}, "3": {} } }),
                vec![0],
            ),
            _ => (
                "memory",
                json!({ "numPlayers": 2, "setupData": { "hide_after_ms": 150 } }),
                vec![0, 1],
            ),
        };
        let id = post(&address, &format!("/games/{game}/create"), body).await["matchID"]
            .as_str()
            .unwrap()
            .to_owned();
        for seat in seats {
            let joined = post(
                &address,
                &format!("/games/{game}/{id}/join"),
                json!({ "playerID": seat.to_string(), "playerName": format!("p{seat}") }),
            )
            .await;
            players.push(Player {
                game,
                id: id.clone(),
                seat,
                credentials: joined["playerCredentials"].as_str().unwrap().to_owned(),
                heard: Vec::new(),
                deadline: None,
            });
        }
    }
    let tasks: Vec<_> = players
        .into_iter()
        .enumerate()
        .map(|(index, player)| tokio::spawn(play_until_gone(address.clone(), player, index as u64)))
        .collect();
    tokio::time::sleep(Duration::from_millis(700)).await;
    drop(server);
    let mut players = Vec::new();
    for task in tasks {
        players.push(task.await.unwrap());
    }
    assert!(
        players.iter().any(|player| player.heard.len() > 10),
        "the matches were under way when the server was killed"
    );

    // Started again: every record heard is stored, the same, and the match goes on.
    let (server, address) = start_server(database);
    for player in &players {
        let mut client = connect(&address, &player.id).await;
        let welcome = client
            .hello(Some(player.seat), Some(&player.credentials), 0)
            .await;
        assert_eq!(welcome["type"], "welcome", "{welcome}");
        // The welcome has the records the match keeps in memory: those after the
        // snapshot it was loaded from, whose line was stored with every line before it.
        let kept = welcome["records"].as_array().unwrap();
        let at = welcome["at"].as_u64().unwrap() as usize;
        let first = at - kept.len();
        assert!(
            at >= player.heard.len() && first <= player.heard.len(),
            "{} {}: records {first} to {at} stored and kept, {} heard",
            player.game,
            player.id,
            player.heard.len()
        );
        let stored = &kept[..];
        assert_eq!(
            &stored[..player.heard.len() - first],
            &player.heard[first..],
            "{}",
            player.game
        );
        // A timer that was running still runs to the same deadline, or fired once, on it
        // or after: nobody gained time from the restart.
        if let Some(deadline) = player.deadline.as_ref().and_then(Value::as_u64) {
            let later = &stored[player.heard.len() - first..];
            let fired: Vec<&Value> = later
                .iter()
                .filter(|record| record["kind"] == "timer" || record["kind"] == "timeout")
                .collect();
            match fired.first() {
                None if later.is_empty() => {
                    assert_eq!(welcome["acting"]["deadline_ms"], deadline, "{welcome}");
                }
                // Others acted since (stored, not yet heard): the deadline moved with them.
                None => {}
                Some(record) => assert!(record["clock_ms"].as_u64().unwrap() >= deadline),
            }
        }
    }
    let tasks: Vec<_> = players
        .into_iter()
        .enumerate()
        .map(|(index, player)| {
            tokio::spawn(play_until_gone(address.clone(), player, 100 + index as u64))
        })
        .collect();
    for task in tasks {
        let player = task.await.unwrap();
        let mut client = connect(&address, &player.id).await;
        let welcome = client
            .hello(Some(player.seat), Some(&player.credentials), 0)
            .await;
        assert!(
            welcome["outcome"].is_object(),
            "{} {} ended: {welcome}",
            player.game,
            player.id
        );
    }
    drop(server);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sqlite_file_is_kept_by_one_process_without_a_shared_memory_file() {
    let directory = tempfile::tempdir().unwrap();
    let database = directory.path().join("alone.sqlite");
    let (server, address) = start_server(database.to_str().unwrap());
    let id = post(
        &address,
        "/games/tictactoe/create",
        json!({ "numPlayers": 2 }),
    )
    .await;
    assert!(id["matchID"].is_string());
    // A `-shm` file shrunk under the server's mapping of it (by another program, a full
    // disk) killed the server with SIGBUS at its next write. There is none to shrink now:
    // the WAL's index is in the server's memory.
    let shm = directory.path().join("alone.sqlite-shm");
    if shm.exists() {
        std::fs::File::options()
            .write(true)
            .open(&shm)
            .unwrap()
            .set_len(0)
            .unwrap();
    }
    for _ in 0..3 {
        let created = post(
            &address,
            "/games/tictactoe/create",
            json!({ "numPlayers": 2 }),
        )
        .await;
        assert!(created["matchID"].is_string(), "{created}");
    }
    assert!(!shm.exists(), "the WAL's index is in the server's memory");
    // A second process on the same file is refused at start, with the reason.
    let second = std::process::Command::new(env!("CARGO_BIN_EXE_meeple-server"))
        .args(["--addr", "127.0.0.1:0", "--database"])
        .arg(&database)
        .output()
        .unwrap();
    assert_eq!(second.status.code(), Some(1));
    let said = String::from_utf8_lossy(&second.stderr);
    assert!(said.contains("database is locked"), "{said}");
    drop(server);
    // Once the first is gone, the file opens again with every match.
    let (_server, address) = start_server(database.to_str().unwrap());
    let listed = reqwest::get(format!("http://{address}/games/tictactoe"))
        .await
        .unwrap()
        .json::<Value>()
        .await
        .unwrap();
    assert_eq!(listed["matches"].as_array().unwrap().len(), 4);
}
