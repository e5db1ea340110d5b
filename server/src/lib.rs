//! A game server for any meeple game: a lobby that speaks boardgame.io's Lobby REST API,
//! play over a WebSocket (`docs/PROTOCOL.md`), bots on the server, and matches kept in
//! SQLite or PostgreSQL ([`Store`]), each record durable before anyone hears of it
//! (`docs/SERVER.md`).
//!
//! A game is registered in a line, as on the command line:
//!
//! ```no_run
//! use meeple_games::{hearts::Hearts, tictactoe::TicTacToe};
//! use meeple_server::{Server, Store};
//!
//! # async fn run() -> Result<(), Box<dyn std::error::Error>> {
//! let store = Store::open_sqlite(std::path::Path::new("meeple.sqlite"))?;
//! let server = Server::new(store).game::<Hearts>().game::<TicTacToe>();
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:8000").await?;
//! server.serve(listener).await?;
//! # Ok(())
//! # }
//! ```
//!
//! The server serves a web client too (`/`): plain HTML and ES modules built into the
//! binary that play any game from its prompts and views (`docs/CLIENT.md`).
//!
//! The server never sends a seat anything outside its view ([`meeple::View`]), never the
//! seed, never another seat's prompt; a client can only submit. Bots think on tokio's
//! blocking pool, so a search never delays another match.

mod changes;
pub mod cli;
mod hub;
mod lobby;
pub mod protocol;
mod socket;
pub mod store;
mod table;
mod web;

use std::collections::BTreeMap;
use std::sync::Arc;

use axum::Router;
use axum::routing::{get, post};

pub use crate::hub::Hub;
pub use crate::lobby::{MAX_BODY, MAX_NAME_CHARS, MAX_SEAT_DATA_BYTES};
pub use crate::store::{
    Appended, Line, Loaded, Store, StoreError, StoredSnapshot, pack_line, read_line,
};
pub use crate::table::AgentKind;
pub use crate::table::ServerGame;

use crate::hub::GameEntry;

/// A server of some games on one store: add games with [`game`](Self::game), then
/// [`serve`](Self::serve) or take its [`router`](Self::router).
pub struct Server {
    games: BTreeMap<&'static str, GameEntry>,
    store: Store,
}

impl Server {
    /// A server that keeps its matches in `store` and serves no game yet.
    #[must_use]
    pub fn new(store: Store) -> Self {
        Server {
            games: BTreeMap::new(),
            store,
        }
    }

    /// Serves game `G`, named in URLs by [`meeple::Game::NAME`]. A second game of the same name
    /// replaces the first.
    #[must_use]
    pub fn game<G: ServerGame>(mut self) -> Self {
        self.games.insert(G::NAME, GameEntry::of::<G>());
        self
    }

    /// Every game of `meeple-games`.
    #[must_use]
    pub fn with_shipped_games(self) -> Self {
        use meeple_games::{
            backgammon::Backgammon, blackjack::Blackjack, breakthrough::Breakthrough,
            connect_four::ConnectFour, hearts::Hearts, leduc_poker::LeducPoker,
            liars_dice::LiarsDice, memory::Memory, othello::Othello, smash::Smash,
            tictactoe::TicTacToe,
        };
        self.game::<Hearts>()
            .game::<TicTacToe>()
            .game::<Memory>()
            .game::<Blackjack>()
            .game::<ConnectFour>()
            .game::<Breakthrough>()
            .game::<Othello>()
            .game::<LiarsDice>()
            .game::<LeducPoker>()
            .game::<Backgammon>()
            .game::<Smash>()
    }

    /// The stored matches `ids` as their games' logs, one line of JSON each, in order:
    /// what `meeple replay` reads and checks ([`meeple::GameLog`]). Read from the store
    /// (SQLite or PostgreSQL), whose records are kept in MessagePack: the export is the JSON form
    /// of a match. Each log holds its match's seed, which the server never sends: keep
    /// exports where the store is kept.
    ///
    /// # Errors
    /// A match that is not stored, whose game this server does not serve, or whose lines
    /// cannot be read, named with what was wrong; the store's error.
    pub async fn export(&self, ids: &[String]) -> Result<Vec<String>, String> {
        let mut logs = Vec::with_capacity(ids.len());
        for id in ids {
            let stored = self
                .store
                .get(id.clone())
                .await
                .map_err(|error| format!("match {id}: {error}"))?
                .ok_or_else(|| format!("no match {id} is stored"))?;
            let entry = self
                .games
                .get(stored.game.as_str())
                .ok_or_else(|| format!("match {id}: no game `{}` is served", stored.game))?;
            let lines = self
                .store
                .lines(id.clone(), 0)
                .await
                .map_err(|error| format!("match {id}: {error}"))?;
            let setup = table::Setup {
                config: stored.config,
                players: stored.seats.len(),
                seed: stored.seed,
                move_clock: stored.move_clock_ms.map(std::time::Duration::from_millis),
            };
            logs.push(
                (entry.export)(&setup, &lines).map_err(|error| format!("match {id}: {error}"))?,
            );
        }
        Ok(logs)
    }

    /// The HTTP routes: the lobby under `/games`, play at `/play/{matchID}`, the web client
    /// at `/` (its files under `/client/`, its catalog of games at `/meeple/games`); and
    /// the hub behind them. Call it inside a Tokio runtime: a store other processes share
    /// starts tasks that follow them.
    pub fn router(self) -> (Router, Arc<Hub>) {
        let hub = Arc::new(Hub::new(self.games, self.store));
        hub.start_sharing();
        let router = Router::new()
            .route("/games", get(lobby::list_games))
            .route("/games/", get(lobby::list_games))
            .route("/games/{name}", get(lobby::list_matches))
            .route("/games/{name}/create", post(lobby::create))
            .route("/games/{name}/{id}", get(lobby::get_match))
            .route("/games/{name}/{id}/join", post(lobby::join))
            .route("/games/{name}/{id}/leave", post(lobby::leave))
            .route("/games/{name}/{id}/update", post(lobby::update))
            .route("/games/{name}/{id}/rename", post(lobby::update))
            .route("/games/{name}/{id}/playAgain", post(lobby::play_again))
            .route("/play/{id}", get(socket::play))
            .route("/", get(web::index))
            .route("/client/{file}", get(web::client_file))
            .route("/meeple/games", get(web::catalog))
            .layer(axum::extract::DefaultBodyLimit::max(lobby::MAX_BODY))
            .with_state(Arc::clone(&hub));
        (router, hub)
    }

    /// Serves on `listener` until the process ends.
    ///
    /// # Errors
    /// The listener's I/O error.
    pub async fn serve(self, listener: tokio::net::TcpListener) -> std::io::Result<()> {
        let (router, _hub) = self.router();
        serve_router(listener, router).await
    }
}

/// Serves `router` (from [`Server::router`]) on `listener` until the process ends.
///
/// Every accepted connection is set `TCP_NODELAY`: a submission's `accepted` frame and
/// its `records` frame are two small writes, and with Nagle's algorithm the second waits
/// for the client's delayed acknowledgement of the first (some 40 ms on Linux).
///
/// # Errors
/// The listener's I/O error.
pub async fn serve_router(
    listener: tokio::net::TcpListener,
    router: Router,
) -> std::io::Result<()> {
    use axum::serve::ListenerExt;
    let listener = listener.tap_io(|stream| {
        // A connection that refuses the option is served all the same, only later.
        let _ = stream.set_nodelay(true);
    });
    axum::serve(listener, router).await
}
