//! The server under load, on loopback: 10, 100 and 1,000 concurrent matches of
//! Tic-tac-toe and of Hearts, every seat a bot driven by a real WebSocket client that
//! chooses from its prompts. Reports moves per second per server core (the server's own
//! CPU time, read from `/proc`), p50 and p99 from a submission to its acknowledgement
//! (every record durable in SQLite first) and to the `records` frame that tells its mover
//! of it (the update a client draws), and the server's memory per live match.
//!
//! `LOAD=soak` runs the soak instead (not among the workloads run by default): 10,000
//! matches of Tic-tac-toe and Hearts created over 10 minutes (`SOAK_MATCHES`,
//! `SOAK_SECONDS`), each played to its end by the server's bots and watched by an
//! observer; it reports the server's memory idle, after a warm-up and once every match is
//! over, and checks that every record heard is stored (the server killed, its SQLite
//! file read).
//!
//! `cargo bench -p meeple-server --bench load` (the figures are in `docs/SERVER.md`);
//! `LOAD=tictactoe:100` runs one workload, `LOAD_SECONDS` sets each window (default 8);
//! `LOAD_CORES=N` runs the server on cores 0 to N-1 (`taskset`) and the clients on the
//! others, so that the server's moves per second are those of N cores (on a machine of
//! N cores or fewer, the clients share them); `LOAD_PIN=1` is `LOAD_CORES=1`. Run as is on
//! a machine of 16 cores: `LOAD_CORES=1`, `2`, `4`, `8` say how the server grows with the
//! cores it gets. `LOAD_LANES=N` gives the store N lanes (`--store-lanes`: N SQLite
//! shards, each a file with its own thread and commits).

#![allow(clippy::unwrap_used, clippy::cast_precision_loss, missing_docs)]

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use serde_json::{Map, Value, json};
use tokio::sync::Mutex;
use tokio_tungstenite::tungstenite::Message;

#[path = "../tests/support/soak.rs"]
mod soak;

fn start_server(database: &std::path::Path) -> (Child, String) {
    let server = env!("CARGO_BIN_EXE_meeple-server");
    let mut command = if let Some(cores) = server_cores() {
        let mut command = Command::new("taskset");
        command.args(["-c", &format!("0-{}", cores - 1), server]);
        command
    } else {
        Command::new(server)
    };
    if let Ok(lanes) = std::env::var("LOAD_LANES") {
        command.args(["--store-lanes", &lanes]);
    }
    let mut child = command
        .args(["--addr", "127.0.0.1:0", "--database"])
        .arg(database)
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let address = line
        .trim()
        .trim_start_matches("listening on http://")
        .to_owned();
    (child, address)
}

/// The cores the server is pinned to (cores 0 to N-1): `LOAD_CORES=N`, or 1 for
/// `LOAD_PIN=1`; `None` leaves it free to use every core.
fn server_cores() -> Option<usize> {
    let cores = std::env::var("LOAD_CORES")
        .ok()
        .map(|cores| {
            cores
                .parse::<usize>()
                .ok()
                .filter(|cores| *cores > 0)
                .unwrap_or_else(|| panic!("LOAD_CORES={cores}: a number of cores, 1 or more"))
        })
        .or_else(|| {
            std::env::var("LOAD_PIN")
                .is_ok_and(|pin| pin == "1")
                .then_some(1)
        })?;
    let machine = std::thread::available_parallelism().map_or(1, usize::from);
    assert!(
        cores <= machine,
        "LOAD_CORES={cores}: this machine has {machine} cores"
    );
    Some(cores)
}

/// Keeps this process (the clients) off the server's cores when it is pinned and cores
/// are left; on a machine with none left, the clients share the server's.
fn pin_clients() {
    let machine = std::thread::available_parallelism().map_or(1, usize::from);
    let Some(cores) = server_cores().filter(|cores| *cores < machine) else {
        return;
    };
    let others = format!("{cores}-{}", machine - 1);
    let status = Command::new("taskset")
        .args(["-a", "-p", "-c", &others, &std::process::id().to_string()])
        .stdout(Stdio::null())
        .status();
    assert!(
        status.is_ok_and(|status| status.success()),
        "taskset failed"
    );
}

/// The server's CPU time so far (user and system), from `/proc/<pid>/stat`.
fn cpu_seconds(pid: u32) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap();
    let fields: Vec<&str> = stat
        .rsplit(')')
        .next()
        .unwrap()
        .split_whitespace()
        .collect();
    // After the name: state is field 3, utime 14, stime 15 (1-based, man 5 proc).
    let ticks: f64 = fields[11].parse::<f64>().unwrap() + fields[12].parse::<f64>().unwrap();
    ticks / 100.0
}

/// The server's resident memory, in bytes.
fn resident_bytes(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .map(|kb| {
            kb.trim()
                .trim_end_matches("kB")
                .trim()
                .parse::<u64>()
                .unwrap()
                * 1024
        })
        .unwrap()
}

/// A `submit` frame of a choice made from `prompt` at random, acting on record count `at`.
fn submission(prompt: &Value, at: &Value, rng: &mut StdRng) -> Message {
    let (action, selections) = choose(prompt, rng);
    Message::text(
        json!({ "type": "submit", "at": at, "action": action, "selections": selections })
            .to_string(),
    )
}

/// Chooses a submission from `prompt` at random: the first action's selection, its
/// options picked as many as it asks. Enough for Tic-tac-toe and Hearts, whose actions
/// are one selection each.
fn choose(prompt: &Value, rng: &mut StdRng) -> (String, Map<String, Value>) {
    let actions = prompt["actions"].as_array().unwrap();
    let action = &actions[rng.random_range(0..actions.len())];
    let mut selections = Map::new();
    for choice in action["chosen"].as_array().into_iter().flatten() {
        selections.insert(
            choice["selection"].as_str().unwrap().to_owned(),
            choice["value"].clone(),
        );
    }
    if let Some(selection) = action
        .get("selection")
        .filter(|selection| !selection.is_null())
    {
        let mut valid: Vec<&Value> = selection["options"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|option| option.get("error").is_none())
            .collect();
        let min = selection["min"].as_u64().unwrap_or(1) as usize;
        let max = selection["max"].as_u64().unwrap_or(1) as usize;
        let name = selection["name"].as_str().unwrap().to_owned();
        if min == 1 && max == 1 {
            selections.insert(
                name,
                valid[rng.random_range(0..valid.len())]["value"].clone(),
            );
        } else {
            let mut picked = Vec::new();
            for _ in 0..min {
                picked.push(valid.swap_remove(rng.random_range(0..valid.len()))["value"].clone());
            }
            selections.insert(name, Value::Array(picked));
        }
    }
    (action["action"].as_str().unwrap().to_owned(), selections)
}

struct Tally {
    moves: AtomicU64,
    refused: AtomicU64,
    /// From a submission to its `accepted` frame.
    latencies: Mutex<Vec<Duration>>,
    /// From a submission to the first `records` frame at or past the record count its
    /// `accepted` named.
    updates: Mutex<Vec<Duration>>,
    measuring: AtomicBool,
    stop: AtomicBool,
}

/// One seat's client: plays from its prompts until told to stop or the match ends.
async fn seat(address: String, id: String, seat: usize, credentials: String, tally: Arc<Tally>) {
    // The server goes at the end of a workload: a client then stops.
    let Ok((mut socket, _)) =
        tokio_tungstenite::connect_async(format!("ws://{address}/play/{id}")).await
    else {
        return;
    };
    let Ok(()) = socket
        .send(Message::text(
            json!({ "type": "hello", "playerID": seat.to_string(), "credentials": credentials })
                .to_string(),
        ))
        .await
    else {
        return;
    };
    let mut rng = StdRng::seed_from_u64(id.len() as u64 * 31 + seat as u64);
    let mut sent: Option<Instant> = None;
    let mut latencies = Vec::new();
    let mut updates = Vec::new();
    // An accepted submission waiting for its records: when it was sent, and the record
    // count after it.
    let mut unheard: Option<(Instant, u64)> = None;
    // The last prompt and the record count it came at: chosen from again after a refusal.
    let mut last: Option<(Value, Value)> = None;
    while let Some(Ok(message)) = socket.next().await {
        if tally.stop.load(Ordering::Relaxed) {
            break;
        }
        let Message::Text(text) = message else {
            continue;
        };
        let frame: Value = serde_json::from_str(text.as_str()).unwrap();
        match frame["type"].as_str().unwrap() {
            "accepted" => {
                if let Some(sent) = sent.take()
                    && tally.measuring.load(Ordering::Relaxed)
                {
                    latencies.push(sent.elapsed());
                    tally.moves.fetch_add(1, Ordering::Relaxed);
                    unheard = Some((sent, frame["at"].as_u64().unwrap_or(0)));
                }
            }
            "error" => {
                sent = None;
                if tally.refused.fetch_add(1, Ordering::Relaxed) < 3 {
                    eprintln!("refused: {frame}");
                }
                // A prompt that came while the refused submission was in flight is answered
                // now; a refused choice (one the rules found wrong) is made again from the
                // same prompt; a stale one waits for the next records.
                let newer = last
                    .as_ref()
                    .is_some_and(|(_, at)| *at != frame["error"]["at"]);
                if (newer || frame["error"]["error"] != "stale")
                    && let Some((prompt, at)) = &last
                {
                    sent = Some(Instant::now());
                    if socket.send(submission(prompt, at, &mut rng)).await.is_err() {
                        break;
                    }
                }
            }
            "welcome" | "records" => {
                if let Some((sent, at)) = unheard
                    && frame["at"].as_u64().unwrap_or(0) >= at
                {
                    updates.push(sent.elapsed());
                    unheard = None;
                }
                if !frame["outcome"].is_null() {
                    break;
                }
                last = frame
                    .get("prompt")
                    .filter(|prompt| !prompt.is_null())
                    .map(|prompt| (prompt.clone(), frame["at"].clone()));
                if sent.is_none()
                    && let Some((prompt, at)) = &last
                {
                    sent = Some(Instant::now());
                    if socket.send(submission(prompt, at, &mut rng)).await.is_err() {
                        break;
                    }
                }
            }
            _ => {}
        }
    }
    tally.latencies.lock().await.extend(latencies);
    tally.updates.lock().await.extend(updates);
}

/// One of the concurrent matches: created, its seats joined and played by their clients
/// to its end, then another in its place, until told to stop.
async fn slot(address: String, game: String, players: usize, body: Value, tally: Arc<Tally>) {
    let http = reqwest::Client::new();
    while !tally.stop.load(Ordering::Relaxed) {
        let Some(created) = post(
            &http,
            &address,
            &format!("/games/{game}/create"),
            body.clone(),
        )
        .await
        else {
            return;
        };
        let id = created["matchID"].as_str().unwrap_or_default().to_owned();
        let mut seats = Vec::new();
        for index in 0..players {
            let Some(joined) = post(
                &http,
                &address,
                &format!("/games/{game}/{id}/join"),
                json!({ "playerID": index.to_string(), "playerName": "bot" }),
            )
            .await
            else {
                return;
            };
            let credentials = joined["playerCredentials"]
                .as_str()
                .unwrap_or_default()
                .to_owned();
            seats.push(tokio::spawn(seat(
                address.clone(),
                id.clone(),
                index,
                credentials,
                Arc::clone(&tally),
            )));
        }
        for seat in seats {
            let _ = seat.await;
        }
    }
}

/// `POST path` with a JSON body; `None` once the server is gone.
async fn post(client: &reqwest::Client, address: &str, path: &str, body: Value) -> Option<Value> {
    client
        .post(format!("http://{address}{path}"))
        .json(&body)
        .send()
        .await
        .ok()?
        .json()
        .await
        .ok()
}

fn percentile(sorted: &[Duration], fraction: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    sorted[((sorted.len() - 1) as f64 * fraction).round() as usize]
}

async fn workload(game: &str, matches: usize, window: Duration) {
    let directory = tempfile::tempdir().unwrap();
    let (mut server, address) = start_server(&directory.path().join("load.sqlite"));
    let pid = server.id();
    let (players, body) = match game {
        "hearts" => (
            4,
            json!({ "numPlayers": 4, "setupData": { "target_score": 10000 } }),
        ),
        _ => (2, json!({ "numPlayers": 2 })),
    };
    let memory_before = resident_bytes(pid);
    let tally = Arc::new(Tally {
        moves: AtomicU64::new(0),
        refused: AtomicU64::new(0),
        latencies: Mutex::new(Vec::new()),
        updates: Mutex::new(Vec::new()),
        measuring: AtomicBool::new(false),
        stop: AtomicBool::new(false),
    });
    let tasks: Vec<_> = (0..matches)
        .map(|_| {
            tokio::spawn(slot(
                address.clone(),
                game.to_owned(),
                players,
                body.clone(),
                Arc::clone(&tally),
            ))
        })
        .collect();
    // Warm up: every client connected and playing.
    tokio::time::sleep(Duration::from_secs(2)).await;
    let memory_live = resident_bytes(pid);
    let cpu_before = cpu_seconds(pid);
    let started = Instant::now();
    tally.measuring.store(true, Ordering::Relaxed);
    tokio::time::sleep(window).await;
    tally.measuring.store(false, Ordering::Relaxed);
    let elapsed = started.elapsed().as_secs_f64();
    let cpu = cpu_seconds(pid) - cpu_before;
    tally.stop.store(true, Ordering::Relaxed);
    server.kill().unwrap();
    server.wait().unwrap();
    for task in tasks {
        let _ = task.await;
    }
    let mut latencies = tally.latencies.lock().await.clone();
    latencies.sort();
    let mut updates = tally.updates.lock().await.clone();
    updates.sort();
    let moves = tally.moves.load(Ordering::Relaxed);
    let ms = |duration: Duration| duration.as_secs_f64() * 1000.0;
    println!(
        "{game:>9} {matches:>5} matches, server on {}: {:>8.0} moves/s, {:>8.0} moves per server CPU-second ({cpu:.2} s of CPU in {elapsed:.1} s), accepted p50 {:>7.2} ms p99 {:>7.2} ms, records p50 {:>7.2} ms p99 {:>7.2} ms, {:>6.1} KB per live match, {} refused",
        server_cores().map_or_else(|| "every core".to_owned(), |cores| format!("{cores} cores")),
        moves as f64 / elapsed,
        moves as f64 / cpu.max(1e-9),
        ms(percentile(&latencies, 0.5)),
        ms(percentile(&latencies, 0.99)),
        ms(percentile(&updates, 0.5)),
        ms(percentile(&updates, 0.99)),
        (memory_live.saturating_sub(memory_before)) as f64 / matches as f64 / 1024.0,
        tally.refused.load(Ordering::Relaxed),
    );
}

/// A number from the environment variable `name`, else `default`.
fn setting(name: &str, default: u64) -> u64 {
    std::env::var(name).map_or(default, |value| {
        value
            .parse()
            .unwrap_or_else(|_| panic!("{name}={value}: a whole number"))
    })
}

/// The soak: `SOAK_MATCHES` matches over `SOAK_SECONDS`, after a warm-up of 200 over 10 s.
async fn soak_workload() {
    let games = [
        soak::SoakGame {
            game: "tictactoe",
            players: 2,
            config: Value::Null,
        },
        soak::SoakGame {
            game: "hearts",
            players: 4,
            config: json!({ "target_score": 26 }),
        },
    ];
    // Nine matches of Tic-tac-toe to one of Hearts, which lasts far longer.
    let mix: Vec<soak::SoakGame> = (0..10)
        .map(|index| games[usize::from(index == 9)].clone())
        .collect();
    let matches = usize::try_from(setting("SOAK_MATCHES", 10_000)).unwrap();
    let over = Duration::from_secs(setting("SOAK_SECONDS", 600));
    let think = setting("SOAK_THINK_MS", 20);
    let directory = tempfile::tempdir().unwrap();
    let database = directory.path().join("soak.sqlite");
    let (mut server, address) = start_server(&database);
    let pid = server.id();
    let idle = resident_bytes(pid);
    let warm = soak::soak(&address, &mix, 200, Duration::from_secs(10), think).await;
    tokio::time::sleep(Duration::from_secs(5)).await;
    let warmed = resident_bytes(pid);
    let started = Instant::now();
    let cpu_before = cpu_seconds(pid);
    let heard = soak::soak(&address, &mix, matches, over, think).await;
    let elapsed = started.elapsed().as_secs_f64();
    let cpu = cpu_seconds(pid) - cpu_before;
    let peak = resident_bytes(pid);
    // Every match is over: what is left in memory after a while is the idle server's.
    tokio::time::sleep(Duration::from_secs(10)).await;
    let after = resident_bytes(pid);
    server.kill().unwrap();
    server.wait().unwrap();
    let store = meeple_server::Store::open_sqlite(&database).unwrap();
    let checked =
        soak::check_stored(&store, &warm).await + soak::check_stored(&store, &heard).await;
    let mb = |bytes: u64| bytes as f64 / (1024.0 * 1024.0);
    println!(
        "soak: {matches} matches in {elapsed:.0} s ({cpu:.1} s of server CPU), {checked} records heard and stored; server memory {:.1} MB idle, {:.1} MB after a warm-up of 200 matches, {:.1} MB at the end of the soak, {:.1} MB 10 s later",
        mb(idle),
        mb(warmed),
        mb(peak),
        mb(after),
    );
}

fn main() {
    // `cargo bench` passes `--bench`; `cargo test --benches` passes nothing: then the
    // workloads are only built.
    if !std::env::args().any(|argument| argument == "--bench") {
        return;
    }
    let window = Duration::from_secs(
        std::env::var("LOAD_SECONDS")
            .ok()
            .and_then(|seconds| seconds.parse().ok())
            .unwrap_or(8),
    );
    let only = std::env::var("LOAD").ok();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    // After the runtime's threads exist, so that `taskset -a` moves them all.
    pin_clients();
    if only.as_deref() == Some("soak") {
        runtime.block_on(soak_workload());
        return;
    }
    for game in ["tictactoe", "hearts"] {
        for matches in [10, 100, 1000] {
            let name = format!("{game}:{matches}");
            if only.as_ref().is_some_and(|only| *only != name) {
                continue;
            }
            runtime.block_on(workload(game, matches, window));
        }
    }
}
