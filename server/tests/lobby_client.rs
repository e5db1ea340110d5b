//! boardgame.io's own `LobbyClient` (0.50.2, from npm, pinned by the lock file in
//! `tests/lobby_client/`) lists, creates, joins, renames, leaves and plays again against
//! a meeple server, unchanged. Needs Node.js and npm; `npm ci` fetches the client once.

#![allow(clippy::unwrap_used)]

mod support;

use std::path::Path;
use std::process::Command;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn boardgame_io_lobby_client_works_unchanged() {
    let client = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/lobby_client");
    if !client.join("node_modules/boardgame.io").exists() {
        let installed = Command::new("npm")
            .args(["ci", "--no-audit", "--no-fund"])
            .current_dir(&client)
            .status()
            .expect("npm, to fetch boardgame.io's LobbyClient");
        assert!(installed.success(), "npm ci failed");
    }
    let directory = tempfile::tempdir().unwrap();
    let server = support::TestServer::start(&directory.path().join("lobby.sqlite")).await;
    let url = server.url("/");
    let output = tokio::task::spawn_blocking(move || {
        Command::new("node")
            .arg("lobby_client.js")
            .arg(url)
            .current_dir(&client)
            .output()
            .expect("node, to run boardgame.io's LobbyClient")
    })
    .await
    .unwrap();
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(output.status.success(), "{said}");
    assert!(said.contains("every call answered"), "{said}");
}
