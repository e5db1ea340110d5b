//! The soak, shared by `server/tests/soak.rs` (a short one, in CI) and the load bench
//! (`LOAD=soak`, the long one): matches created at a steady pace, each played to its end by
//! the server's own bots and watched from its creation by one observer, who keeps every
//! record it hears and the outcome. Afterwards the store is asked for every match, and
//! what was heard must be what is stored.

use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

/// One kind of match the soak creates: a game, its seats and its config.
#[derive(Clone, Debug)]
pub struct SoakGame {
    /// The game's name, as the lobby serves it.
    pub game: &'static str,
    /// Its seats, every one a bot.
    pub players: usize,
    /// The game's config (`setupData`), `null` for its default.
    pub config: Value,
}

/// What the observer of one match heard.
#[derive(Clone, Debug)]
pub struct Heard {
    pub game: &'static str,
    pub id: String,
    /// The records, as an observer sees them, in order.
    pub records: Vec<Value>,
    /// The outcome the last frame carried.
    pub outcome: Value,
}

/// How long the observer of a match waits for its next frame before the soak fails.
const FRAME_PATIENCE: Duration = Duration::from_secs(60);

/// Creates `matches` matches on the server at `address` over `over` (one every
/// `over / matches`), each of `games[i % games.len()]` with a bot of `think_ms` in every
/// seat, watched by an observer to its end. Returns what each observer heard, in the
/// order the matches were created.
///
/// # Panics
/// When the lobby refuses a match, a connection fails, or a match makes no progress for
/// [`FRAME_PATIENCE`].
pub async fn soak(
    address: &str,
    games: &[SoakGame],
    matches: usize,
    over: Duration,
    think_ms: u64,
) -> Vec<Heard> {
    let started = Instant::now();
    let pace = over / u32::try_from(matches.max(1)).unwrap_or(u32::MAX);
    let http = reqwest::Client::new();
    let mut watching = Vec::with_capacity(matches);
    for index in 0..matches {
        let due = started + pace * u32::try_from(index).unwrap_or(u32::MAX);
        tokio::time::sleep_until(due.into()).await;
        let kind = games[index % games.len()].clone();
        let bots: serde_json::Map<String, Value> = (0..kind.players)
            .map(|seat| {
                (
                    seat.to_string(),
                    json!({ "agent": "random", "thinkMs": think_ms }),
                )
            })
            .collect();
        let created: Value = http
            .post(format!("http://{address}/games/{}/create", kind.game))
            .json(&json!({ "numPlayers": kind.players, "setupData": kind.config, "bots": bots }))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let id = created["matchID"]
            .as_str()
            .unwrap_or_else(|| panic!("create {}: {created}", kind.game))
            .to_owned();
        watching.push(tokio::spawn(watch(address.to_owned(), kind.game, id)));
    }
    let mut heard = Vec::with_capacity(matches);
    for task in watching {
        heard.push(task.await.unwrap());
    }
    heard
}

/// Watches match `id` of `game` as an observer from its first record to its outcome.
async fn watch(address: String, game: &'static str, id: String) -> Heard {
    let (mut socket, _) = tokio_tungstenite::connect_async(format!("ws://{address}/play/{id}"))
        .await
        .unwrap();
    socket
        .send(Message::text(json!({ "type": "hello" }).to_string()))
        .await
        .unwrap();
    let mut records = Vec::new();
    loop {
        let message = tokio::time::timeout(FRAME_PATIENCE, socket.next())
            .await
            .unwrap_or_else(|_| panic!("match {id} of {game}: no frame in time"));
        let Some(Ok(Message::Text(text))) = message else {
            if matches!(message, Some(Ok(_))) {
                continue;
            }
            panic!("match {id} of {game}: the connection closed before the end");
        };
        let frame: Value = serde_json::from_str(text.as_str()).unwrap();
        match frame["type"].as_str() {
            // A welcome (the first, or again after falling behind) has every record.
            Some("welcome") => {
                records = frame["records"].as_array().cloned().unwrap_or_default();
            }
            Some("records") => {
                records.extend(frame["records"].as_array().cloned().unwrap_or_default());
            }
            Some("error" | "match_gone") => panic!("match {id} of {game}: {frame}"),
            _ => continue,
        }
        if !frame["outcome"].is_null() {
            let _ = socket.close(None).await;
            return Heard {
                game,
                id,
                records,
                outcome: frame["outcome"].clone(),
            };
        }
    }
}

/// Checks what was heard against `store`: each match is stored with the records its
/// observer heard (the same number, each with the same player, action, kind and flow
/// event) and the outcome it heard. Returns the records checked.
///
/// # Panics
/// On the first match stored otherwise than heard.
pub async fn check_stored(store: &meeple_server::Store, heard: &[Heard]) -> usize {
    let mut checked = 0;
    for match_heard in heard {
        let stored = store
            .get(match_heard.id.clone())
            .await
            .unwrap()
            .unwrap_or_else(|| panic!("match {} is not stored", match_heard.id));
        let records = store.records(match_heard.id.clone(), 0).await.unwrap();
        assert_eq!(
            records.len(),
            match_heard.records.len(),
            "match {} of {}: records stored and heard",
            match_heard.id,
            match_heard.game
        );
        assert_eq!(
            stored.gameover.as_ref(),
            Some(&match_heard.outcome),
            "match {} of {}: the outcome",
            match_heard.id,
            match_heard.game
        );
        // Who acted, what, how, and what the flow did: what an observer hears of each.
        for (seq, (stored, heard)) in records.iter().zip(&match_heard.records).enumerate() {
            let stored: Value = serde_json::from_str(stored).unwrap();
            for field in ["player", "action", "kind", "event"] {
                assert_eq!(
                    stored.get(field),
                    heard.get(field),
                    "match {} of {}, record {seq}: its {field}",
                    match_heard.id,
                    match_heard.game
                );
            }
        }
        checked += records.len();
    }
    checked
}
