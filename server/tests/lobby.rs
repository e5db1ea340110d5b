//! The lobby over real HTTP, call by call as boardgame.io 0.50's Lobby REST API answers:
//! bodies, responses, status codes and plain-text messages.

#![allow(clippy::unwrap_used)]

mod support;

use serde_json::{Value, json};
use support::TestServer;

async fn server() -> (TestServer, tempfile::TempDir) {
    let directory = tempfile::tempdir().unwrap();
    let server = TestServer::start(&directory.path().join("lobby.sqlite")).await;
    (server, directory)
}

#[tokio::test]
async fn lists_the_games_served() {
    let (server, _directory) = server().await;
    assert_eq!(
        server.get("/games").await,
        (
            200,
            json!([
                "backgammon",
                "blackjack",
                "breakthrough",
                "connect_four",
                "hearts",
                "leduc_poker",
                "liars_dice",
                "memory",
                "othello",
                "smash",
                "tictactoe"
            ])
        )
    );
}

#[tokio::test]
async fn create_checks_the_game_the_seats_and_the_config() {
    let (server, _directory) = server().await;
    assert_eq!(
        server
            .post("/games/chess/create", json!({ "numPlayers": 2 }))
            .await,
        (404, json!("Game chess not found"))
    );
    for bad in [json!("two"), json!(null), json!(3), json!(5)] {
        assert_eq!(
            server
                .post("/games/hearts/create", json!({ "numPlayers": bad }))
                .await,
            (400, json!("Invalid numPlayers")),
            "numPlayers {bad}"
        );
    }
    // The game's own check of its config, in its words.
    let (status, message) = server
        .post(
            "/games/hearts/create",
            json!({ "numPlayers": 4, "setupData": { "target_score": 0 } }),
        )
        .await;
    assert_eq!(status, 400);
    assert!(
        message.as_str().unwrap().contains("target_score"),
        "{message}"
    );
    // Smash deals factions as its rules do: no two players share one.
    assert_eq!(
        server
            .post(
                "/games/smash/create",
                json!({ "numPlayers": 2, "setupData": { "factions": [["Pirates", "Robots"], ["Pirates", "Tricksters"]] } }),
            )
            .await,
        (
            400,
            json!(
                "invalid config: factions: Pirates is dealt to seats 0 and 1: no two players share a faction"
            )
        )
    );
    // A config that is not the game's.
    let (status, _) = server
        .post(
            "/games/hearts/create",
            json!({ "setupData": { "laps": 3 } }),
        )
        .await;
    assert_eq!(status, 400);
    // `numPlayers` absent: the game's smallest table; as a string, read as parseInt does.
    let id = server.create("tictactoe", json!({})).await;
    let (_, listed) = server.get(&format!("/games/tictactoe/{id}")).await;
    assert_eq!(listed["players"], json!([{ "id": 0 }, { "id": 1 }]));
    let id = server
        .create("memory", json!({ "numPlayers": "3abc" }))
        .await;
    let (_, listed) = server.get(&format!("/games/memory/{id}")).await;
    assert_eq!(listed["players"].as_array().unwrap().len(), 3);
}

#[tokio::test]
async fn a_match_is_listed_without_credentials_and_filtered() {
    let (server, _directory) = server().await;
    let id = server
        .create(
            "hearts",
            json!({ "numPlayers": 4, "setupData": { "target_score": 50 },
                    "bots": { "1": { "agent": "random" }, "2": { "agent": "random" }, "3": { "agent": "uct", "thinkMs": 5 } } }),
        )
        .await;
    let hidden = server
        .create("hearts", json!({ "numPlayers": 4, "unlisted": true }))
        .await;
    let credentials = server.join("hearts", &id, 0, "alice").await;
    assert_eq!(credentials.len(), 32, "128 bits in hexadecimal");

    let (status, listed) = server.get(&format!("/games/hearts/{id}")).await;
    assert_eq!(status, 200);
    assert_eq!(listed["matchID"], json!(id));
    assert_eq!(listed["gameName"], "hearts");
    assert_eq!(listed["setupData"], json!({ "target_score": 50 }));
    assert_eq!(listed["unlisted"], false);
    assert_eq!(
        listed["players"],
        json!([
            { "id": 0, "name": "alice" },
            { "id": 1, "name": "random bot", "bot": { "agent": "random", "thinkMs": 0 } },
            { "id": 2, "name": "random bot", "bot": { "agent": "random", "thinkMs": 0 } },
            { "id": 3, "name": "uct bot", "bot": { "agent": "uct", "thinkMs": 5 } },
        ])
    );
    assert!(listed["createdAt"].as_u64().unwrap() > 1_700_000_000_000);
    assert!(listed.get("gameover").is_none());

    let (_, all) = server.get("/games/hearts").await;
    let ids: Vec<&Value> = all["matches"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| &m["matchID"])
        .collect();
    assert_eq!(ids, [&json!(id)], "unlisted matches are never listed");
    assert!(!all.to_string().contains(&credentials));
    let (_, over) = server.get("/games/hearts?isGameover=true").await;
    assert_eq!(over, json!({ "matches": [] }));
    let (_, running) = server
        .get("/games/hearts?isGameover=FALSE&isGameover=true")
        .await;
    assert_eq!(running["matches"].as_array().unwrap().len(), 1);
    let updated = listed["updatedAt"].as_u64().unwrap();
    let (_, before) = server
        .get(&format!("/games/hearts?updatedBefore={updated}"))
        .await;
    assert_eq!(before, json!({ "matches": [] }), "updatedBefore is strict");
    let (_, after) = server
        .get(&format!("/games/hearts?updatedAfter={}", updated - 1))
        .await;
    assert_eq!(after["matches"].as_array().unwrap().len(), 1);
    assert_eq!(
        server.get("/games/nothing").await,
        (200, json!({ "matches": [] }))
    );
    assert_eq!(
        server.get("/games/hearts/nope").await,
        (404, json!("Match nope not found"))
    );
    let (status, _) = server.get(&format!("/games/hearts/{hidden}")).await;
    assert_eq!(status, 200, "an unlisted match is found by its id");
}

#[tokio::test]
async fn join_takes_a_free_seat_once() {
    let (server, _directory) = server().await;
    let id = server
        .create(
            "tictactoe",
            json!({ "numPlayers": 2, "bots": { "1": { "agent": "random" } } }),
        )
        .await;
    let join = format!("/games/tictactoe/{id}/join");
    assert_eq!(
        server.post(&join, json!({ "playerID": "0" })).await,
        (403, json!("playerName is required"))
    );
    assert_eq!(
        server
            .post("/games/tictactoe/nope/join", json!({ "playerName": "a" }))
            .await,
        (404, json!("Match nope not found"))
    );
    assert_eq!(
        server
            .post(&join, json!({ "playerID": "1", "playerName": "bob" }))
            .await,
        (409, json!("Player 1 not available")),
        "a bot's seat is taken"
    );
    assert_eq!(
        server
            .post(&join, json!({ "playerID": "7", "playerName": "bob" }))
            .await,
        (404, json!("Player 7 not found"))
    );
    // No playerID: the first free seat, as a string.
    let (status, joined) = server
        .post(&join, json!({ "playerName": "alice", "data": { "x": 1 } }))
        .await;
    assert_eq!(status, 200);
    assert_eq!(joined["playerID"], "0");
    assert_eq!(joined["playerCredentials"].as_str().unwrap().len(), 32);
    assert_eq!(
        server.post(&join, json!({ "playerName": "carol" })).await,
        (
            409,
            json!(format!("Match {id} reached maximum number of players (2)"))
        )
    );
    let (_, listed) = server.get(&format!("/games/tictactoe/{id}")).await;
    assert_eq!(
        listed["players"][0],
        json!({ "id": 0, "name": "alice", "data": { "x": 1 } })
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn of_joins_of_one_seat_at_once_one_wins() {
    let (server, _directory) = server().await;
    let id = server.create("tictactoe", json!({ "numPlayers": 2 })).await;
    let join = format!("/games/tictactoe/{id}/join");
    let attempts = (0..8).map(|attempt| {
        server.post(
            &join,
            json!({ "playerID": "1", "playerName": format!("p{attempt}") }),
        )
    });
    let answers = futures_util::future::join_all(attempts).await;
    let won: Vec<&Value> = answers
        .iter()
        .filter(|(status, _)| *status == 200)
        .map(|(_, body)| body)
        .collect();
    assert_eq!(won.len(), 1, "{answers:?}");
    for (status, body) in answers.iter().filter(|(status, _)| *status != 200) {
        assert_eq!((*status, body), (409, &json!("Player 1 not available")));
    }
    let (_, listed) = server.get(&format!("/games/tictactoe/{id}")).await;
    assert!(listed["players"][1]["name"].is_string());
}

#[tokio::test]
async fn update_leave_and_play_again_need_the_seats_credentials() {
    let (server, _directory) = server().await;
    let id = server.create("tictactoe", json!({ "numPlayers": 2 })).await;
    let alice = server.join("tictactoe", &id, 0, "alice").await;
    let bob = server.join("tictactoe", &id, 1, "bob").await;
    let path = |call: &str| format!("/games/tictactoe/{id}/{call}");

    assert_eq!(
        server
            .post(
                &path("update"),
                json!({ "credentials": alice, "newName": "al" })
            )
            .await,
        (403, json!("playerID is required"))
    );
    assert_eq!(
        server
            .post(
                &path("update"),
                json!({ "playerID": "0", "credentials": alice })
            )
            .await,
        (403, json!("newName or data is required"))
    );
    assert_eq!(
        server
            .post(
                &path("update"),
                json!({ "playerID": "0", "credentials": alice, "newName": 5 })
            )
            .await,
        (403, json!("newName must be a string, got number"))
    );
    assert_eq!(
        server
            .post(
                &path("update"),
                json!({ "playerID": "0", "credentials": bob, "newName": "al" })
            )
            .await,
        (403, json!(format!("Invalid credentials {bob}"))),
        "one seat's credentials cannot act for another"
    );
    assert_eq!(
        server
            .post(&path("update"), json!({ "playerID": "0", "newName": "al" }))
            .await,
        (403, json!("Invalid credentials undefined"))
    );
    assert_eq!(
        server
            .post(
                &path("update"),
                json!({ "playerID": "0", "credentials": alice, "newName": "al" })
            )
            .await,
        (200, json!({}))
    );
    assert_eq!(
        server
            .post(
                &path("rename"),
                json!({ "playerID": "0", "credentials": alice, "data": [1] })
            )
            .await,
        (200, json!({}))
    );
    let (_, listed) = server.get(&format!("/games/tictactoe/{id}")).await;
    assert_eq!(
        listed["players"][0],
        json!({ "id": 0, "name": "al", "data": [1] })
    );

    // Play again: once, whatever the second call asks.
    let (status, again) = server
        .post(
            &path("playAgain"),
            json!({ "playerID": "1", "credentials": bob }),
        )
        .await;
    assert_eq!(status, 200);
    let next = again["nextMatchID"].as_str().unwrap().to_owned();
    assert_ne!(next, id);
    assert_eq!(
        server
            .post(
                &path("playAgain"),
                json!({ "playerID": "0", "credentials": alice, "numPlayers": 2 })
            )
            .await,
        (200, json!({ "nextMatchID": next }))
    );
    let (_, listed) = server.get(&format!("/games/tictactoe/{id}")).await;
    assert_eq!(listed["nextMatchID"], json!(next));
    let (status, _) = server.get(&format!("/games/tictactoe/{next}")).await;
    assert_eq!(status, 200);

    // Leave: the seat is freed; when nobody is left, the match is gone.
    assert_eq!(
        server
            .post(
                &path("leave"),
                json!({ "playerID": "0", "credentials": bob })
            )
            .await,
        (403, json!(format!("Invalid credentials {bob}")))
    );
    assert_eq!(
        server
            .post(
                &path("leave"),
                json!({ "playerID": "0", "credentials": alice })
            )
            .await,
        (200, json!({}))
    );
    let (_, listed) = server.get(&format!("/games/tictactoe/{id}")).await;
    assert_eq!(listed["players"][0], json!({ "id": 0, "data": [1] }));
    assert_eq!(
        server
            .post(
                &path("leave"),
                json!({ "playerID": "0", "credentials": alice })
            )
            .await,
        (403, json!(format!("Invalid credentials {alice}"))),
        "credentials of a seat left are no longer good"
    );
    assert_eq!(
        server
            .post(
                &path("leave"),
                json!({ "playerID": "1", "credentials": bob })
            )
            .await,
        (200, json!({}))
    );
    assert_eq!(
        server.get(&format!("/games/tictactoe/{id}")).await,
        (404, json!(format!("Match {id} not found")))
    );
}

#[tokio::test]
async fn bad_bodies_are_refused_plainly() {
    let (server, _directory) = server().await;
    let response = reqwest::Client::new()
        .post(server.url("/games/tictactoe/create"))
        .header("content-type", "application/json")
        .body("{not json")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 400);
    assert_eq!(response.text().await.unwrap(), "Bad Request");
    // An array (what a LobbyClient sends when given `[]`) is not an object of fields:
    // refused, on create as on every other call, and nothing is created.
    let id = server
        .create("tictactoe", json!({ "numPlayers": 2, "unlisted": true }))
        .await;
    for path in [
        "/games/tictactoe/create".to_owned(),
        format!("/games/tictactoe/{id}/join"),
        format!("/games/tictactoe/{id}/update"),
        format!("/games/tictactoe/{id}/leave"),
        format!("/games/tictactoe/{id}/playAgain"),
    ] {
        assert_eq!(
            server.post(&path, json!([])).await,
            (
                400,
                json!("Bad Request: the body is a JSON array, not an object of fields")
            ),
            "{path}"
        );
    }
    let (_, listed) = server.get("/games/tictactoe").await;
    assert_eq!(listed, json!({ "matches": [] }), "nothing was created");
    let (_, kept) = server.get(&format!("/games/tictactoe/{id}")).await;
    assert!(
        kept["players"]
            .as_array()
            .unwrap()
            .iter()
            .all(|seat| seat.get("name").is_none()),
        "nobody joined: {kept}"
    );
    // A form body, as boardgame.io's own tests send: every value a string.
    let response = reqwest::Client::new()
        .post(server.url("/games/tictactoe/create"))
        .header("content-type", "application/x-www-form-urlencoded")
        .body("numPlayers=2&unlisted=false")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 200);
    let (_, listed) = server.get("/games/tictactoe").await;
    assert_eq!(
        listed,
        json!({ "matches": [] }),
        "\"false\" is a true string, so unlisted"
    );
    let (status, _) = server
        .post("/games/tictactoe/create", json!({ "bots": { "5": {} } }))
        .await;
    assert_eq!(status, 400);
    let (status, message) = server
        .post(
            "/games/tictactoe/create",
            json!({ "bots": { "1": { "agent": "oracle" } } }),
        )
        .await;
    assert_eq!(status, 400);
    assert!(message.as_str().unwrap().contains("oracle"));
}

/// The JSON text `body(n)` for the largest `n` that fits in [`meeple_server::MAX_BODY`]
/// bytes, padded with spaces to exactly that size: the largest body the lobby reads.
fn largest(body: impl Fn(usize) -> Value) -> String {
    let fits = |n: usize| body(n).to_string().len() <= meeple_server::MAX_BODY;
    let (mut low, mut high) = (0, 1);
    while fits(high) {
        low = high;
        high *= 2;
    }
    while high - low > 1 {
        let middle = low + (high - low) / 2;
        if fits(middle) {
            low = middle;
        } else {
            high = middle;
        }
    }
    let mut text = body(low).to_string();
    text.push_str(&" ".repeat(meeple_server::MAX_BODY - text.len()));
    text
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_largest_bodies_are_refused_in_the_games_words_and_stall_nothing() {
    let directory = tempfile::tempdir().unwrap();
    let database = directory.path().join("large.sqlite");
    let server = support::ServerProcess::start(database.to_str().unwrap());
    let address = server.address.clone();
    let memory = support::post_to(&address, "/games/memory/create", json!({ "numPlayers": 2 }))
        .await["matchID"]
        .as_str()
        .unwrap()
        .to_owned();
    let credentials = support::join_to(&address, "memory", &memory, 0, "alice").await;
    let seat = |more: Value| {
        let mut body = json!({ "playerID": "0", "credentials": credentials });
        body.as_object_mut()
            .unwrap()
            .extend(more.as_object().unwrap().clone());
        body
    };
    let faces = |n: usize| {
        (0..n)
            .map(|face| json!(face.to_string()))
            .collect::<Vec<_>>()
    };
    let long = |n: usize| "n".repeat(n);
    // Each create and update route with its largest body, and what it answers.
    let calls: Vec<(String, String, u16, &str)> = vec![
        (
            "/games/memory/create".to_owned(),
            largest(
                |n| json!({ "numPlayers": 2, "setupData": { "rows": 10, "columns": 10, "faces": faces(n) } }),
            ),
            400,
            "faces are listed, but at most 50 are used (one per pair of a 10 x 10 table)",
        ),
        (
            "/games/hearts/create".to_owned(),
            largest(
                |n| json!({ "numPlayers": 4, "setupData": { "pass_rotation": vec!["left"; n] } }),
            ),
            400,
            "list at most 16 directions, the cycle the hands pass by",
        ),
        (
            "/games/smash/create".to_owned(),
            largest(
                |n| json!({ "numPlayers": 2, "setupData": { "factions": vec![["Pirates", "Robots"]; n] } }),
            ),
            400,
            "factions are listed for",
        ),
        (
            "/games/tictactoe/create".to_owned(),
            largest(|n| json!({ "numPlayers": 2, "setupData": { "size": long(n) } })),
            400,
            "invalid type: string",
        ),
        (
            "/games/connect_four/create".to_owned(),
            largest(|n| json!({ "numPlayers": 2, "setupData": long(n) })),
            400,
            "invalid type: string",
        ),
        (
            "/games/breakthrough/create".to_owned(),
            largest(|n| json!({ "numPlayers": 2, "setupData": [long(n)] })),
            400,
            "invalid type: sequence",
        ),
        (
            "/games/blackjack/create".to_owned(),
            largest(|n| json!({ "numPlayers": 1, "bots": { "0": { "agent": long(n) } } })),
            400,
            "bots: unknown agent",
        ),
        (
            format!("/games/memory/{memory}/join"),
            largest(|n| json!({ "playerID": "1", "playerName": long(n) })),
            400,
            "playerName must be at most 64 characters",
        ),
        (
            format!("/games/memory/{memory}/update"),
            largest(|n| seat(json!({ "data": { "note": long(n) } }))),
            400,
            "data must be at most 4096 bytes of JSON",
        ),
        (
            format!("/games/memory/{memory}/rename"),
            largest(|n| seat(json!({ "newName": long(n) }))),
            400,
            "newName must be at most 64 characters",
        ),
        (
            format!("/games/memory/{memory}/leave"),
            largest(|n| json!({ "playerID": "0", "credentials": long(n) })),
            403,
            "Invalid credentials",
        ),
        (
            format!("/games/memory/{memory}/playAgain"),
            largest(|n| seat(json!({ "setupData": { "faces": faces(n) } }))),
            400,
            "faces are listed, but at most 50 are used",
        ),
    ];
    let client = reqwest::Client::new();
    for (path, body, status, message) in calls {
        assert_eq!(body.len(), meeple_server::MAX_BODY);
        // Four at once, and meanwhile the list of games, again and again.
        let posts: Vec<_> = (0..4)
            .map(|_| {
                let request = client
                    .post(format!("http://{address}{path}"))
                    .header("content-type", "application/json")
                    .body(body.clone());
                tokio::spawn(async move {
                    let response = request.send().await.unwrap();
                    (response.status().as_u16(), response.text().await.unwrap())
                })
            })
            .collect();
        let mut slowest = std::time::Duration::ZERO;
        loop {
            let started = std::time::Instant::now();
            let listed = client
                .get(format!("http://{address}/games"))
                .send()
                .await
                .unwrap();
            assert_eq!(listed.status().as_u16(), 200);
            slowest = slowest.max(started.elapsed());
            if posts.iter().all(tokio::task::JoinHandle::is_finished) {
                break;
            }
        }
        assert!(
            slowest < std::time::Duration::from_millis(100),
            "{path}: the list of games took {slowest:?} while four of its largest bodies were read"
        );
        for post in posts {
            let (answered, text) = post.await.unwrap();
            assert_eq!(answered, status, "{path}: {text}");
            assert!(text.contains(message), "{path}: {text}");
        }
    }
    // One byte more is not read.
    let response = client
        .post(format!("http://{address}/games/memory/create"))
        .header("content-type", "application/json")
        .body(format!("{{}}{}", " ".repeat(meeple_server::MAX_BODY - 1)))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 413);
    // Nothing changed: alice still holds her seat, with her name.
    let listed = reqwest::get(format!("http://{address}/games/memory/{memory}"))
        .await
        .unwrap()
        .json::<Value>()
        .await
        .unwrap();
    assert_eq!(listed["players"][0], json!({ "id": 0, "name": "alice" }));
}
