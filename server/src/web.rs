//! The web client, served by the server itself: plain HTML, CSS and ES modules built into
//! the binary (nothing to install, no build step), and the catalog of games it builds its
//! lobby pages from. The client plays any game from its prompts and views alone
//! (`docs/CLIENT.md`).

use std::sync::Arc;

use axum::Json;
use axum::extract::{Path, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

use crate::hub::Hub;

/// The client's files, each with its contents, built into the binary.
macro_rules! client_files {
    ($($name:literal),* $(,)?) => {
        &[$(($name, include_str!(concat!("../web/", $name)))),*]
    };
}

const FILES: &[(&str, &str)] = client_files![
    "index.html",
    "style.css",
    "app.js",
    "dom.js",
    "connection.js",
    "patch.js",
    "lobby.js",
    "table.js",
    "prompt.js",
    "scene.js",
    "view.js",
];

/// `GET /`: the client's page; it routes by the URL's fragment (`#/games/hearts`).
pub(crate) async fn index() -> Response {
    file("index.html")
}

/// `GET /client/{file}`: one of the client's files; 404 for any other name.
pub(crate) async fn client_file(Path(name): Path<String>) -> Response {
    file(&name)
}

fn file(name: &str) -> Response {
    match FILES.iter().find(|(file, _)| *file == name) {
        Some((_, contents)) => {
            let media = match name.rsplit_once('.').map(|(_, extension)| extension) {
                Some("html") => "text/html; charset=utf-8",
                Some("css") => "text/css; charset=utf-8",
                _ => "text/javascript; charset=utf-8",
            };
            let mut response = (*contents).into_response();
            let headers = response.headers_mut();
            headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(media));
            // A new server's client is taken at once: the files are small.
            headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
            response
        }
        None => (StatusCode::NOT_FOUND, format!("no client file {name}")).into_response(),
    }
}

/// `GET /meeple/games`: every game served, for the client's lobby: its name, the seats it
/// is played by (`players`: `[min, max]`), and its default config (the form a match's
/// `setupData` is made from).
pub(crate) async fn catalog(State(hub): State<Arc<Hub>>) -> Json<Value> {
    Json(Value::Array(
        hub.games
            .iter()
            .map(|(name, entry)| {
                json!({
                    "name": name,
                    "players": [entry.players.start(), entry.players.end()],
                    "config": (entry.default_config)(),
                })
            })
            .collect(),
    ))
}
