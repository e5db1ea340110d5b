//! The view harness extended to the wire: over random matches of every shipped game, with
//! every seat a WebSocket client, each frame a seat receives is exactly what the engine
//! shows that seat (its view, whole in its welcome and then as changes the client applies,
//! its records, its prompt: [`meeple::View`] decides, and
//! `meeple::harness::check_views` checks the views themselves), and no frame holds the
//! match's seed.

#![allow(clippy::unwrap_used)]

mod support;

use meeple::{Engine, Game, GameLog, PlayerIndex, Viewer};
use meeple_games::{
    blackjack::Blackjack, breakthrough::Breakthrough, connect_four::ConnectFour, hearts::Hearts,
    memory::Memory, smash::Smash, tictactoe::TicTacToe,
};
use serde_json::{Value, json};
use support::{Seen, TestServer, play_to_end, rng};

/// The stored match: its config, seed, number of seats and records, read through the
/// server's own store (the SQLite file has no other connection while it runs).
async fn stored(server: &TestServer, id: &str) -> (Value, u64, usize, Vec<String>) {
    let store = server.hub.store();
    let stored = store.get(id.to_owned()).await.unwrap().unwrap();
    let records = store.records(id.to_owned(), 0).await.unwrap();
    (stored.config, stored.seed, stored.seats.len(), records)
}

/// The engine after the first `count` stored records.
fn engine_at<G: Game>(
    config: &Value,
    seed: u64,
    players: usize,
    records: &[String],
    count: usize,
) -> Engine<G> {
    let config = if config.is_null() {
        G::Config::default()
    } else {
        serde_json::from_value(config.clone()).unwrap()
    };
    let records = records[..count]
        .iter()
        .map(|record| serde_json::from_str(record).unwrap())
        .collect();
    let log = GameLog::<G>::new(config, players, seed, records);
    Engine::restore(&log).unwrap()
}

/// The updates checked whose view came as changes.
static AS_CHANGES: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// Checks every frame `seat` received against the engine's own answers for that seat.
fn check_frames<G: Game>(
    (config, seed, players, records): &(Value, u64, usize, Vec<String>),
    seat: usize,
    frames: &[String],
) -> usize {
    let (seed, players) = (*seed, *players);
    let viewer = Viewer::Player(PlayerIndex(seat));
    let whole = engine_at::<G>(config, seed, players, records, records.len());
    let viewed: Vec<Value> = whole
        .viewed_records(viewer)
        .iter()
        .map(|record| serde_json::to_value(record).unwrap())
        .collect();
    let mut checked = 0;
    // The view as the client holds it: whole from its welcome, then each update's changes
    // applied to it.
    let mut held = None;
    for text in frames {
        assert!(
            !text.contains(&seed.to_string()),
            "{} seat {seat}: a frame holds the seed: {text}",
            G::NAME
        );
        let mut frame: Value = serde_json::from_str(text).unwrap();
        if !matches!(frame["type"].as_str(), Some("welcome" | "records")) {
            continue;
        }
        if frame["type"] == "records" {
            assert!(
                frame.get("view_changes").is_some() != frame.get("view").is_some(),
                "{} seat {seat}: an update has its view whole or as changes: {text}",
                G::NAME
            );
        }
        if frame.get("view_changes").is_some() {
            AS_CHANGES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }
        support::follow(&mut held, &mut frame, "view");
        let at = frame["at"].as_u64().unwrap() as usize;
        let sent = frame["records"].as_array().unwrap();
        assert_eq!(
            &sent[..],
            &viewed[at - sent.len()..at],
            "{} seat {seat}: the records up to {at}",
            G::NAME
        );
        let engine = engine_at::<G>(config, seed, players, records, at);
        assert_eq!(
            frame["view"],
            serde_json::to_value(meeple::Serialized(&engine.position().view(viewer))).unwrap(),
            "{} seat {seat}: the view at {at}, as the client holds it",
            G::NAME
        );
        let prompt = engine
            .position()
            .to_act()
            .contains(PlayerIndex(seat))
            .then(|| serde_json::to_value(engine.position().prompt(PlayerIndex(seat))).unwrap());
        assert_eq!(
            frame.get("prompt").filter(|prompt| !prompt.is_null()),
            prompt.as_ref(),
            "{} seat {seat}: the prompt at {at}",
            G::NAME
        );
        checked += 1;
    }
    checked
}

/// Plays a match of `game` with every seat a client from its prompts; returns each seat's
/// frames.
async fn play(
    server: &TestServer,
    game: &str,
    body: Value,
    players: usize,
    seed: u64,
) -> (String, Vec<Vec<String>>) {
    let id = server.create(game, body).await;
    let mut clients = Vec::new();
    for seat in 0..players {
        let credentials = server.join(game, &id, seat, &format!("p{seat}")).await;
        let mut client = server.connect(&id).await;
        let welcome = client.hello(Some(seat), Some(&credentials), 0).await;
        let mut seen = Seen::default();
        seen.absorb(&welcome);
        clients.push((client, seen));
    }
    let tasks: Vec<_> = clients
        .into_iter()
        .enumerate()
        .map(|(seat, (mut client, seen))| {
            tokio::spawn(async move {
                let mut random = rng(seed * 10 + seat as u64);
                let seen = play_to_end(&mut client, seen, &mut random).await;
                assert!(seen.outcome.is_some());
                client.received
            })
        })
        .collect();
    let mut frames = Vec::new();
    for task in tasks {
        frames.push(task.await.unwrap());
    }
    (id, frames)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_frame_is_the_seats_own_view_and_never_the_seed() {
    let directory = tempfile::tempdir().unwrap();
    let database = directory.path().join("views.sqlite");
    let server = TestServer::start(&database).await;
    let mut checked = 0;
    for seed in 0..2 {
        let (id, frames) = play(
            &server,
            "hearts",
            json!({ "numPlayers": 4, "setupData": { "target_score": 1 } }),
            4,
            seed,
        )
        .await;
        let kept = stored(&server, &id).await;
        for (seat, frames) in frames.iter().enumerate() {
            checked += check_frames::<Hearts>(&kept, seat, frames);
        }
        let (id, frames) = play(
            &server,
            "memory",
            json!({ "numPlayers": 3, "setupData": { "hide_after_ms": null } }),
            3,
            seed,
        )
        .await;
        let kept = stored(&server, &id).await;
        for (seat, frames) in frames.iter().enumerate() {
            checked += check_frames::<Memory>(&kept, seat, frames);
        }
        let (id, frames) = play(&server, "blackjack", json!({ "numPlayers": 3 }), 3, seed).await;
        let kept = stored(&server, &id).await;
        for (seat, frames) in frames.iter().enumerate() {
            checked += check_frames::<Blackjack>(&kept, seat, frames);
        }
        let (id, frames) = play(&server, "tictactoe", json!({ "numPlayers": 2 }), 2, seed).await;
        let kept = stored(&server, &id).await;
        for (seat, frames) in frames.iter().enumerate() {
            checked += check_frames::<TicTacToe>(&kept, seat, frames);
        }
        let (id, frames) = play(&server, "connect_four", json!({ "numPlayers": 2 }), 2, seed).await;
        let kept = stored(&server, &id).await;
        for (seat, frames) in frames.iter().enumerate() {
            checked += check_frames::<ConnectFour>(&kept, seat, frames);
        }
        let (id, frames) = play(&server, "breakthrough", json!({ "numPlayers": 2 }), 2, seed).await;
        let kept = stored(&server, &id).await;
        for (seat, frames) in frames.iter().enumerate() {
            checked += check_frames::<Breakthrough>(&kept, seat, frames);
        }
        let (id, frames) = play(&server, "smash", json!({ "numPlayers": 2 }), 2, seed).await;
        let kept = stored(&server, &id).await;
        for (seat, frames) in frames.iter().enumerate() {
            checked += check_frames::<Smash>(&kept, seat, frames);
        }
    }
    assert!(checked > 500, "{checked} frames checked");
    // Past each seat's first update, every view came as changes.
    let as_changes = AS_CHANGES.load(std::sync::atomic::Ordering::Relaxed);
    assert!(
        as_changes > checked / 2,
        "{as_changes} of {checked} frames had their view as changes"
    );
}
