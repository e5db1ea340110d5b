//! Play over a WebSocket (`GET /play/{matchID}`), as `docs/PROTOCOL.md` describes: a
//! seat or an observer says `hello`, receives what it missed and its prompt, submits,
//! and hears every stored record as it sees it.

use std::sync::Arc;

use axum::extract::ws::{Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::response::Response;
use meeple::{PlayerIndex, Submission, Viewer};
use tokio::sync::broadcast::error::RecvError;

use crate::hub::{Hub, HubError, LiveMatch};
use crate::lobby::credentials_match;
use crate::protocol::{ClientFrame, MAX_FRAME, ServerFrame, WireError};

/// The largest message the WebSocket layer reads at all: past it the connection is
/// dropped (the client sees 1006). Frames between [`MAX_FRAME`] and this get a typed
/// error.
const MAX_MESSAGE: usize = 1 << 20;

/// The WebSocket layer's read buffer, in bytes.
const READ_BUFFER: usize = 4096;

/// `GET /play/{matchID}`: upgrades to the play protocol.
pub(crate) async fn play(
    upgrade: WebSocketUpgrade,
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
) -> Response {
    upgrade
        .max_message_size(MAX_MESSAGE)
        .max_frame_size(MAX_MESSAGE)
        // Frames are small: a large read buffer is zeroed again at every read (a sixth of
        // the server's time under load at tungstenite's default of 128 KiB).
        .read_buffer_size(READ_BUFFER)
        .on_upgrade(move |socket| connection(hub, id, socket))
}

/// Who is connected: a seat or an observer.
#[derive(Clone, Copy)]
struct Client {
    viewer: Viewer,
}

impl Client {
    fn seat(self) -> Option<PlayerIndex> {
        self.viewer.player()
    }
}

async fn send(socket: &mut WebSocket, frame: &ServerFrame) -> bool {
    let text = serde_json::to_string(frame).unwrap_or_default();
    socket
        .send(Message::Text(Utf8Bytes::from(text)))
        .await
        .is_ok()
}

async fn send_error(socket: &mut WebSocket, error: WireError) -> bool {
    send(socket, &ServerFrame::error(error)).await
}

/// Reads one frame of the client; `None` when the connection is closed. A frame that
/// is not a frame of the protocol is answered with its error here.
async fn read_frame(socket: &mut WebSocket) -> Option<Result<ClientFrame, WireError>> {
    loop {
        let message = socket.recv().await?.ok()?;
        return Some(match message {
            Message::Text(text) if text.len() > MAX_FRAME => Err(WireError::FrameTooLarge {
                size: text.len(),
                limit: MAX_FRAME,
            }),
            Message::Text(text) => {
                serde_json::from_str(text.as_str()).map_err(|error| WireError::MalformedFrame {
                    reason: error.to_string(),
                })
            }
            Message::Binary(_) => Err(WireError::BinaryFrame),
            Message::Close(_) => return None,
            Message::Ping(_) | Message::Pong(_) => continue,
        });
    }
}

async fn connection(hub: Arc<Hub>, id: String, mut socket: WebSocket) {
    // Until `hello`: who is this?
    let (client, since) = loop {
        let frame = match read_frame(&mut socket).await {
            None => return,
            Some(Err(error)) => {
                if !send_error(&mut socket, error).await {
                    return;
                }
                continue;
            }
            Some(Ok(frame)) => frame,
        };
        let ClientFrame::Hello {
            player_id,
            credentials,
            since,
        } = frame
        else {
            if !send_error(&mut socket, WireError::HelloFirst).await {
                return;
            }
            continue;
        };
        match identify(&hub, &id, player_id.as_ref(), credentials.as_deref()).await {
            Ok(client) => break (client, since),
            Err(error) => {
                if !send_error(&mut socket, error).await {
                    return;
                }
            }
        }
    };
    let live = match hub.open(&id).await {
        Ok(live) => live,
        Err(error) => {
            let _ = send_error(&mut socket, hub_error(error)).await;
            return;
        }
    };
    // Watched, then subscribed, before the welcome is read, so that every update from
    // then on has a frame for this viewer and none falls between them.
    let watching = live.watch(client.viewer);
    let updates = live.updates.subscribe();
    session(&hub, &live, client, since, &mut socket, updates).await;
    drop(watching);
    // The last connection gone, a match that nothing else moves leaves memory.
    hub.release(&live).await;
}

/// Serves a connection that said `hello`: its welcome, then its frames and the match's
/// updates, until it closes.
async fn session(
    hub: &Arc<Hub>,
    live: &Arc<LiveMatch>,
    client: Client,
    since: usize,
    socket: &mut WebSocket,
    mut updates: tokio::sync::broadcast::Receiver<Arc<crate::hub::Update>>,
) {
    // The updates are numbered by the lines of the match's log, which only grow.
    let Some(mut logged) = welcome(live, client, since, socket).await else {
        return;
    };
    loop {
        tokio::select! {
            frame = read_frame(socket) => {
                let Some(frame) = frame else { return };
                let answer = match frame {
                    Err(error) => ServerFrame::error(error),
                    Ok(frame) => handle(hub, live, client, frame).await,
                };
                if !send(socket, &answer).await {
                    return;
                }
            }
            update = updates.recv() => match update {
                Ok(update) => {
                    if update.logged > logged {
                        logged = update.logged;
                        let sent = match update.frame(client.viewer) {
                            Some(frame) => socket
                                .send(Message::Text(Utf8Bytes::from(frame.to_owned())))
                                .await
                                .is_ok(),
                            // Made before this viewer was counted: the match again, whole.
                            None => match welcome(live, client, 0, socket).await {
                                Some(now) => {
                                    logged = now;
                                    true
                                }
                                None => false,
                            },
                        };
                        if !sent {
                            return;
                        }
                    }
                }
                // Too far behind: the whole match again.
                Err(RecvError::Lagged(_)) => {
                    let Some(now) = welcome(live, client, 0, socket).await else { return };
                    logged = now;
                }
                Err(RecvError::Closed) => return,
            }
        }
    }
}

/// Checks who connects: an observer (no `playerID`), or a seat with its credentials.
async fn identify(
    hub: &Hub,
    id: &str,
    player_id: Option<&serde_json::Value>,
    credentials: Option<&str>,
) -> Result<Client, WireError> {
    let stored = hub
        .store
        .get(id.to_owned())
        .await
        .map_err(|error| WireError::Store {
            reason: error.to_string(),
        })?
        .ok_or(WireError::MatchGone)?;
    let Some(player_id) = player_id else {
        return Ok(Client {
            viewer: Viewer::Observer,
        });
    };
    let text = match player_id {
        serde_json::Value::String(text) => text.clone(),
        other => other.to_string(),
    };
    let seat = text
        .parse::<usize>()
        .ok()
        .filter(|&seat| seat < stored.seats.len() && seat.to_string() == text)
        .ok_or_else(|| WireError::NoSuchSeat {
            player_id: text.clone(),
        })?;
    if !credentials_match(&stored.seats[seat], credentials) {
        return Err(WireError::InvalidCredentials { player_id: text });
    }
    Ok(Client {
        viewer: Viewer::Player(PlayerIndex(seat)),
    })
}

fn hub_error(error: HubError) -> WireError {
    match error {
        HubError::NoSuchMatch(_) => WireError::MatchGone,
        other => WireError::Store {
            reason: other.to_string(),
        },
    }
}

/// Sends the client the match as it sees it, with the records from `since`; returns the
/// lines of the match's log it stands at.
async fn welcome(
    live: &Arc<LiveMatch>,
    client: Client,
    since: usize,
    socket: &mut WebSocket,
) -> Option<usize> {
    let (frame, logged) = {
        let state = live.state.lock().await;
        let table = &state.table;
        let at = table.records();
        let frame = ServerFrame::Welcome {
            match_id: live.id.clone(),
            game: live.game,
            seat: client.seat().map(|seat| seat.0),
            players: table.players(),
            records: table.viewed_records(client.viewer, since),
            at,
            view: table.view(client.viewer),
            prompt: client.seat().and_then(|seat| table.prompt(seat)),
            acting: table.acting(),
            outcome: table.outcome(),
        };
        (frame, table.logged())
    };
    send(socket, &frame).await.then_some(logged)
}

/// Answers a frame after `hello`.
async fn handle(
    hub: &Arc<Hub>,
    live: &Arc<LiveMatch>,
    client: Client,
    frame: ClientFrame,
) -> ServerFrame {
    let result = match frame {
        ClientFrame::Hello { .. } => Err(WireError::HelloFirst),
        ClientFrame::Submit {
            at,
            action,
            selections,
        } => match client.seat() {
            None => Err(WireError::Observer),
            Some(seat) => hub
                .submit(live, seat, at, &Submission { action, selections })
                .await
                .map(|at| ServerFrame::Accepted { at }),
        },
        ClientFrame::Undo { take_back } => match client.seat() {
            None => Err(WireError::Observer),
            Some(seat) => hub
                .undo(live, seat, take_back)
                .await
                .map(|at| ServerFrame::Accepted { at }),
        },
        ClientFrame::PromptAction { action, selections } => match client.seat() {
            None => Err(WireError::Observer),
            Some(seat) => {
                let state = live.state.lock().await;
                state
                    .table
                    .prompt_action(seat, &Submission { action, selections })
                    .map(|prompt| ServerFrame::Prompt { prompt })
            }
        },
    };
    result.unwrap_or_else(ServerFrame::error)
}
