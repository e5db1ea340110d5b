//! What the server's tests share: a server on a loopback port with its own SQLite file,
//! the lobby over real HTTP, and a WebSocket client that plays any game from its prompts
//! alone, as a person's client does.

#![allow(dead_code, clippy::unwrap_used, clippy::missing_panics_doc)]

pub mod soak;

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use meeple_server::{Server, Store};
use rand::RngExt;
use rand::SeedableRng;
use rand::rngs::StdRng;
use serde_json::{Map, Value, json};
use tokio::net::TcpStream;
use tokio::task::JoinHandle;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// How long a test waits for a frame before it fails.
pub const PATIENCE: Duration = Duration::from_secs(20);

/// A server serving every shipped game on a loopback port, its matches in `database`.
pub struct TestServer {
    pub address: SocketAddr,
    /// The server's matches, to see which are in memory.
    pub hub: std::sync::Arc<meeple_server::Hub>,
    pub database: PathBuf,
    /// The store it serves from, to serve it again ([`restart`](Self::restart)).
    store: Store,
    task: JoinHandle<()>,
}

impl TestServer {
    /// Starts a server on `database` (created if missing).
    pub async fn start(database: &Path) -> TestServer {
        let mut server = Self::start_on(Store::open_sqlite(database).unwrap()).await;
        server.database = database.to_owned();
        server
    }

    /// Starts a server on `store`.
    pub async fn start_on(store: Store) -> TestServer {
        Self::start_serving(store, |server| server).await
    }

    /// Starts a server on `store` serving the shipped games and what `more` adds.
    pub async fn start_serving(store: Store, more: impl FnOnce(Server) -> Server) -> TestServer {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap();
        let (router, hub) = more(Server::new(store.clone()).with_shipped_games()).router();
        let task = tokio::spawn(async move {
            meeple_server::serve_router(listener, router).await.unwrap();
        });
        TestServer {
            address,
            hub,
            database: PathBuf::new(),
            store,
            task,
        }
    }

    /// Stops serving (the process's memory of its matches goes with it).
    pub fn stop(self) {
        self.task.abort();
    }

    /// Stops serving, then serves again from the same store on a new port, with nothing
    /// in memory: a restarted server, in this process. (A SQLite file has one connection
    /// at a time, which the store keeps.)
    pub async fn restart(self) -> TestServer {
        self.task.abort();
        let mut server = Self::start_on(self.store.clone()).await;
        server.database = self.database;
        server
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.address)
    }

    /// `GET path`: the status and the body (JSON when it is JSON, else a string).
    pub async fn get(&self, path: &str) -> (u16, Value) {
        let response = reqwest::get(self.url(path)).await.unwrap();
        read_response(response).await
    }

    /// `POST path` with a JSON body.
    pub async fn post(&self, path: &str, body: Value) -> (u16, Value) {
        let response = reqwest::Client::new()
            .post(self.url(path))
            .json(&body)
            .send()
            .await
            .unwrap();
        read_response(response).await
    }

    /// Creates a match of `game` and returns its id.
    pub async fn create(&self, game: &str, body: Value) -> String {
        let (status, answer) = self.post(&format!("/games/{game}/create"), body).await;
        assert_eq!(status, 200, "create {game}: {answer}");
        answer["matchID"].as_str().unwrap().to_owned()
    }

    /// Joins seat `seat` of match `id` as `name`; returns the credentials.
    pub async fn join(&self, game: &str, id: &str, seat: usize, name: &str) -> String {
        let (status, answer) = self
            .post(
                &format!("/games/{game}/{id}/join"),
                json!({ "playerID": seat.to_string(), "playerName": name }),
            )
            .await;
        assert_eq!(status, 200, "join: {answer}");
        answer["playerCredentials"].as_str().unwrap().to_owned()
    }

    /// Connects to match `id`'s play socket.
    pub async fn connect(&self, id: &str) -> Client {
        connect_to(&format!("ws://{}/play/{id}", self.address)).await
    }
}

/// A PostgreSQL server of the test's own: Debian's binaries, a temporary data directory, a
/// free loopback port; stopped when dropped. Run as the `postgres` user when the test runs
/// as root (PostgreSQL refuses root).
pub struct TestPostgres {
    directory: tempfile::TempDir,
    pub url: String,
    bin: PathBuf,
    root: bool,
}

impl Drop for TestPostgres {
    fn drop(&mut self) {
        let data = self.directory.path().join("data");
        let mut command = if self.root {
            let mut command = std::process::Command::new("runuser");
            command
                .args(["-u", "postgres", "--"])
                .arg(self.bin.join("pg_ctl"));
            command
        } else {
            std::process::Command::new(self.bin.join("pg_ctl"))
        };
        let _ = command
            .arg("-D")
            .arg(data)
            .args(["-m", "immediate", "stop"])
            .stdout(std::process::Stdio::null())
            .status();
    }
}

impl TestPostgres {
    pub fn start() -> TestPostgres {
        let bin = std::fs::read_dir("/usr/lib/postgresql")
            .expect("PostgreSQL's server (Debian's postgresql package, installed by scripts/test when missing)")
            .filter_map(Result::ok)
            .map(|entry| entry.path().join("bin"))
            .filter(|bin| bin.join("initdb").exists())
            .max()
            .expect("initdb under /usr/lib/postgresql/*/bin");
        let directory = tempfile::tempdir().unwrap();
        let data = directory.path().join("data");
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let root = std::process::Command::new("id")
            .arg("-u")
            .output()
            .is_ok_and(|output| output.stdout.starts_with(b"0\n"));
        let run = |program: &str, args: &[&str]| {
            let path = bin.join(program);
            let status = if root {
                std::process::Command::new("runuser")
                    .args(["-u", "postgres", "--"])
                    .arg(&path)
                    .args(args)
                    .stdout(std::process::Stdio::null())
                    .status()
            } else {
                std::process::Command::new(&path)
                    .args(args)
                    .stdout(std::process::Stdio::null())
                    .status()
            };
            assert!(status.unwrap().success(), "{program} {args:?} failed");
        };
        if root {
            let status = std::process::Command::new("chown")
                .args(["postgres:"])
                .arg(directory.path())
                .status()
                .unwrap();
            assert!(status.success());
        }
        let data_text = data.to_str().unwrap().to_owned();
        let socket = directory.path().to_str().unwrap().to_owned();
        run(
            "initdb",
            &["-D", &data_text, "-A", "trust", "-U", "meeple", "--no-sync"],
        );
        let options = format!("-p {port} -k {socket} -c listen_addresses=127.0.0.1 -c fsync=on");
        let log = format!("{socket}/postgres.log");
        run(
            "pg_ctl",
            &["-D", &data_text, "-l", &log, "-o", &options, "-w", "start"],
        );
        TestPostgres {
            url: format!("postgres://meeple@127.0.0.1:{port}/postgres"),
            directory,
            bin,
            root,
        }
    }
}

/// A server process (the `meeple-server` binary) on a free loopback port, killed (SIGKILL)
/// when dropped: a failing test leaves none behind.
pub struct ServerProcess {
    child: std::process::Child,
    /// Where it listens: `127.0.0.1:port`.
    pub address: String,
}

impl ServerProcess {
    /// Starts the server binary on `database` (a SQLite file or a `postgres://` URL) and
    /// waits for the address it prints.
    pub fn start(database: &str) -> ServerProcess {
        use std::io::BufRead;
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_meeple-server"))
            .args(["--addr", "127.0.0.1:0", "--database"])
            .arg(database)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::inherit())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let mut line = String::new();
        std::io::BufReader::new(stdout)
            .read_line(&mut line)
            .unwrap();
        let address = line
            .trim()
            .strip_prefix("listening on http://")
            .unwrap_or_else(|| panic!("the server said {line:?}"))
            .to_owned();
        ServerProcess { child, address }
    }

    /// Connects to match `id`'s play socket.
    pub async fn connect(&self, id: &str) -> Client {
        connect_to(&format!("ws://{}/play/{id}", self.address)).await
    }

    /// The process's id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// The CPU time the process used so far (user and system, every thread), in seconds,
    /// from `/proc/<pid>/stat` (in clock ticks of 1/100 s, Linux's `USER_HZ`).
    pub fn cpu_seconds(&self) -> f64 {
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", self.child.id())).unwrap();
        // After the command's name, in parentheses: utime and stime are fields 14 and 15.
        let fields: Vec<&str> = stat[stat.rfind(')').unwrap() + 2..]
            .split_whitespace()
            .collect();
        let ticks: f64 = fields[11].parse::<f64>().unwrap() + fields[12].parse::<f64>().unwrap();
        ticks / 100.0
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Posts `body` as JSON to `path` of the server at `address`; its JSON answer, which
/// must be a 200.
pub async fn post_to(address: &str, path: &str, body: Value) -> Value {
    let response = reqwest::Client::new()
        .post(format!("http://{address}{path}"))
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 200);
    response.json().await.unwrap()
}

/// Joins seat `seat` of match `id` of `game` as `name`, through the server at `address`;
/// the credentials.
pub async fn join_to(address: &str, game: &str, id: &str, seat: usize, name: &str) -> String {
    post_to(
        address,
        &format!("/games/{game}/{id}/join"),
        json!({ "playerID": seat.to_string(), "playerName": name }),
    )
    .await["playerCredentials"]
        .as_str()
        .unwrap()
        .to_owned()
}

/// Connects to a play socket by its URL.
pub async fn connect_to(url: &str) -> Client {
    let (socket, _) = tokio_tungstenite::connect_async(url).await.unwrap();
    Client {
        socket,
        received: Vec::new(),
        pending: std::collections::VecDeque::new(),
        view: None,
        scene: None,
    }
}

async fn read_response(response: reqwest::Response) -> (u16, Value) {
    let status = response.status().as_u16();
    let text = response.text().await.unwrap();
    let body = serde_json::from_str(&text).unwrap_or(Value::String(text));
    (status, body)
}

/// A play connection, keeping the text of every frame it received, and the view and
/// scene it was sent: an update's changes are applied to them as a client does, and the
/// frame read carries them whole (`view`, `scene`), as the welcome does.
pub struct Client {
    socket: WebSocketStream<MaybeTlsStream<TcpStream>>,
    pub received: Vec<String>,
    /// `records` frames passed over while waiting for another kind: read next, in order.
    pending: std::collections::VecDeque<Value>,
    view: Option<Value>,
    scene: Option<Value>,
}

/// The view or scene `held` after `frame` (a `welcome`, `records` or `undone`): `frame`'s
/// `field` whole, else `held` with `field_changes` applied (a JSON Patch); written back
/// into the frame as `field`, whole.
///
/// # Panics
/// When changes come for nothing held, or do not apply.
pub fn follow(held: &mut Option<Value>, frame: &mut Value, field: &str) {
    let changes = format!("{field}_changes");
    if let Some(whole) = frame.get(field).filter(|whole| !whole.is_null()) {
        *held = Some(whole.clone());
    } else if let Some(changes) = frame.get(&changes) {
        let patch: json_patch::Patch = serde_json::from_value(changes.clone()).unwrap();
        let view = held
            .as_mut()
            .unwrap_or_else(|| panic!("{changes} for no {field} held: {frame}"));
        json_patch::patch(view, &patch).unwrap_or_else(|error| panic!("{changes}: {error}"));
        frame[field] = view.clone();
    }
}

impl Client {
    /// The scene this connection holds: its welcome's, with every update's changes applied.
    pub fn scene_held(&self) -> Value {
        self.scene.clone().unwrap_or(Value::Null)
    }

    pub async fn send(&mut self, frame: Value) {
        self.send_raw(Message::text(frame.to_string())).await;
    }

    pub async fn send_raw(&mut self, message: Message) {
        self.socket.send(message).await.unwrap();
    }

    /// Sends `frame`; `None` when the connection is gone.
    pub async fn try_send(&mut self, frame: Value) -> Option<()> {
        self.socket
            .send(Message::text(frame.to_string()))
            .await
            .ok()
    }

    /// The next frame, as JSON: `{"type": "gone"}` once the connection is closed.
    ///
    /// # Panics
    /// When no frame comes within [`PATIENCE`].
    pub async fn next(&mut self) -> Value {
        if let Some(frame) = self.pending.pop_front() {
            return frame;
        }
        loop {
            let message = tokio::time::timeout(PATIENCE, self.socket.next())
                .await
                .unwrap_or_else(|_| {
                    panic!(
                        "a frame in time; received so far: {:?}",
                        &self.received[self.received.len().saturating_sub(4)..]
                    )
                });
            match message {
                Some(Ok(Message::Text(text))) => {
                    self.received.push(text.to_string());
                    let mut frame: Value = serde_json::from_str(text.as_str()).unwrap();
                    if matches!(
                        frame["type"].as_str(),
                        Some("welcome" | "records" | "undone")
                    ) {
                        if frame["type"] == "welcome" {
                            self.view = None;
                            self.scene = None;
                        }
                        follow(&mut self.view, &mut frame, "view");
                        follow(&mut self.scene, &mut frame, "scene");
                    }
                    return frame;
                }
                Some(Ok(_)) => {}
                Some(Err(_)) | None => return json!({ "type": "gone" }),
            }
        }
    }

    /// The next frame; `None` once the connection is closed.
    pub async fn try_next(&mut self) -> Option<Value> {
        Some(self.next().await).filter(|frame| frame["type"] != "gone")
    }

    /// [`hello`](Self::hello), `None` when the connection is gone.
    pub async fn try_hello(
        &mut self,
        seat: Option<usize>,
        credentials: Option<&str>,
        since: usize,
    ) -> Option<Value> {
        Some(self.hello(seat, credentials, since).await).filter(|frame| frame["type"] == "welcome")
    }

    /// The next frame of type `kind`, skipping others.
    ///
    /// # Panics
    /// When the connection is closed first.
    pub async fn next_of(&mut self, kind: &str) -> Value {
        let frame = self.next_of_any(&[kind]).await;
        assert_ne!(frame["type"], "gone", "the connection closed");
        frame
    }

    /// Says hello as seat `seat` with `credentials`, from `since`; returns the welcome.
    pub async fn hello(
        &mut self,
        seat: Option<usize>,
        credentials: Option<&str>,
        since: usize,
    ) -> Value {
        let mut hello = json!({ "type": "hello", "since": since });
        if let Some(seat) = seat {
            hello["playerID"] = json!(seat.to_string());
        }
        if let Some(credentials) = credentials {
            hello["credentials"] = json!(credentials);
        }
        self.send(hello).await;
        self.next().await
    }
}

/// What a seat's client keeps of the match: the record count, its prompt, the outcome.
#[derive(Clone, Debug, Default)]
pub struct Seen {
    pub at: usize,
    pub prompt: Option<Value>,
    pub outcome: Option<Value>,
    pub records: usize,
}

impl Seen {
    /// Takes in a `welcome` or `records` frame.
    pub fn absorb(&mut self, frame: &Value) {
        self.at = frame["at"].as_u64().unwrap() as usize;
        self.prompt = frame
            .get("prompt")
            .filter(|prompt| !prompt.is_null())
            .cloned();
        self.outcome = frame
            .get("outcome")
            .filter(|outcome| !outcome.is_null())
            .cloned();
        self.records += frame["records"].as_array().map_or(0, Vec::len);
    }
}

/// What became of completing an action from a prompt.
pub enum Completion {
    /// The submission's action and selections.
    Ready(String, Map<String, Value>),
    /// The prompt was outdated (the match moved on while it was completed, as when others
    /// act at the same time): wait for the next records.
    Outdated,
    /// The connection is gone.
    Gone,
}

impl Completion {
    /// The action and selections of a completion that must be ready.
    pub fn ready(self) -> (String, Map<String, Value>) {
        match self {
            Completion::Ready(action, selections) => (action, selections),
            Completion::Outdated => panic!("the prompt was outdated"),
            Completion::Gone => panic!("the connection closed"),
        }
    }
}

/// Whether an error frame says the player's prompt no longer holds (it is not their turn
/// any more, the action is no longer offered), rather than that a choice was refused.
fn outdated(error: &Value) -> bool {
    error["error"]["error"] == "stale"
        || matches!(
            error["error"]["reason"]["reason"]["error"].as_str(),
            Some("not_your_turn" | "action_not_available" | "game_over" | "stuck")
        )
}

/// Completes one action from `prompt` by random choices among the valid options, asking
/// the server for the prompt of the choices so far (`prompt_action`) after each: what a
/// client that knows nothing of the game does.
pub async fn complete_from_prompt(
    client: &mut Client,
    prompt: &Value,
    rng: &mut StdRng,
) -> Completion {
    // An action shown with every option refused (a prohibition in force) is not taken.
    let actions: Vec<&Value> = prompt["actions"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|action| offers_something(action))
        .collect();
    let mut action = actions[rng.random_range(0..actions.len())].clone();
    let mut refused = 0;
    loop {
        let name = action["action"].as_str().unwrap().to_owned();
        let mut selections = Map::new();
        for choice in action["chosen"].as_array().into_iter().flatten() {
            selections.insert(
                choice["selection"].as_str().unwrap().to_owned(),
                choice["value"].clone(),
            );
        }
        let Some(selection) = action
            .get("selection")
            .filter(|selection| !selection.is_null())
        else {
            return Completion::Ready(name, selections);
        };
        choose(selection, &mut selections, rng);
        if client
            .try_send(json!({ "type": "prompt_action", "action": name, "selections": selections }))
            .await
            .is_none()
        {
            return Completion::Gone;
        }
        let answer = client.next_of_any(&["prompt", "error"]).await;
        match answer["type"].as_str() {
            Some("gone") => return Completion::Gone,
            Some("prompt") => action = answer["prompt"].clone(),
            _ if outdated(&answer) => return Completion::Outdated,
            // The random combination was refused: the same prompt is tried again.
            _ => {
                refused += 1;
                assert!(refused < 1000, "every combination refused: {answer}");
            }
        }
    }
}

impl Client {
    /// The next frame of one of `kinds` (or `gone`), skipping others; `records` frames
    /// skipped are kept, to be read next in their order (a client never loses a record).
    pub async fn next_of_any(&mut self, kinds: &[&str]) -> Value {
        let mut kept = Vec::new();
        let found = loop {
            let frame = self.next().await;
            if frame["type"] == "gone" || kinds.iter().any(|kind| frame["type"] == *kind) {
                break frame;
            }
            if frame["type"] == "records" {
                kept.push(frame);
            }
        };
        for frame in kept.into_iter().rev() {
            self.pending.push_front(frame);
        }
        found
    }
}

/// Whether an action of a prompt has something to take: no selection left, a selection
/// other than a list of options, or an option not refused.
fn offers_something(action: &Value) -> bool {
    let selection = &action["selection"];
    if selection.is_null()
        || !matches!(
            selection["kind"].as_str(),
            Some("choose_from" | "choose_on_board")
        )
    {
        return true;
    }
    selection["options"]
        .as_array()
        .into_iter()
        .flatten()
        .any(|option| option.get("error").is_none_or(Value::is_null))
        || selection["min"].as_u64() == Some(0)
}

/// Makes `selection` at random among its valid options, into `selections`.
fn choose(selection: &Value, selections: &mut Map<String, Value>, rng: &mut StdRng) {
    let name = selection["name"].as_str().unwrap().to_owned();
    let valid: Vec<&Value> = selection["options"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|option| option.get("error").is_none_or(Value::is_null))
        .collect();
    match selection["kind"].as_str().unwrap() {
        "choose_from" | "choose_on_board" => {
            let min = selection["min"].as_u64().unwrap() as usize;
            let max = selection["max"].as_u64().unwrap() as usize;
            if min == 1 && max == 1 {
                let option = valid[rng.random_range(0..valid.len())];
                selections.insert(name, option["value"].clone());
                for then in option["then"].as_array().into_iter().flatten() {
                    selections.insert(
                        then["selection"].as_str().unwrap().to_owned(),
                        then["value"].clone(),
                    );
                }
            } else {
                let count = rng.random_range(min..=max.min(valid.len()));
                let mut pool = valid.clone();
                let mut picked = Vec::new();
                for _ in 0..count {
                    picked.push(pool.swap_remove(rng.random_range(0..pool.len()))["value"].clone());
                }
                selections.insert(name, Value::Array(picked));
            }
        }
        "place_piece" => {
            let option = valid[rng.random_range(0..valid.len())];
            selections.insert(name, option["value"].clone());
        }
        "choose_number" => {
            let min = selection["min"].as_i64().unwrap();
            let max = selection["max"].as_i64().unwrap();
            selections.insert(name, json!(rng.random_range(min..=max)));
        }
        "choose_group" => {
            for inner in selection["selections"].as_array().unwrap() {
                choose(inner, selections, rng);
            }
        }
        _ => {
            selections.insert(name, json!("x"));
        }
    }
}

/// A seeded random source for a test's choices.
pub fn rng(seed: u64) -> StdRng {
    StdRng::seed_from_u64(seed)
}

/// Completes one action from the prompt `seen` holds, submits it at `seen`'s record count,
/// and returns the answer (`accepted` or `error`).
pub async fn submit_from_prompt(client: &mut Client, seen: &Seen, rng: &mut StdRng) -> Value {
    let prompt = seen.prompt.clone().expect("the seat is to act");
    let (action, selections) = complete_from_prompt(client, &prompt, rng).await.ready();
    client
        .send(
            json!({ "type": "submit", "at": seen.at, "action": action, "selections": selections }),
        )
        .await;
    client.next_of_any(&["accepted", "error"]).await
}

/// Plays seat `seat` from its prompts until the match is over: returns what it saw.
pub async fn play_to_end(client: &mut Client, mut seen: Seen, rng: &mut StdRng) -> Seen {
    let mut moves = 0;
    while seen.outcome.is_none() {
        moves += 1;
        assert!(moves < 10_000, "the match never ended");
        if let Some(prompt) = seen.prompt.take() {
            let (action, selections) = match complete_from_prompt(client, &prompt, rng).await {
                Completion::Ready(action, selections) => (action, selections),
                Completion::Outdated => continue,
                Completion::Gone => panic!("the connection closed"),
            };
            client
                .send(json!({ "type": "submit", "at": seen.at, "action": action, "selections": selections }))
                .await;
            loop {
                let answer = client.next_of_any(&["accepted", "error", "records"]).await;
                match answer["type"].as_str().unwrap() {
                    "records" => seen.absorb(&answer),
                    "gone" => panic!("the connection closed"),
                    "error" => {
                        // Only a match that moved on since the prompt (a timer, a bot, a
                        // record in flight) refuses a client that chose from its prompt.
                        assert!(outdated(&answer), "{answer}");
                        break;
                    }
                    _ => break,
                }
            }
            continue;
        }
        let frame = client.next_of("records").await;
        seen.absorb(&frame);
    }
    seen
}
