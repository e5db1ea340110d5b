//! Play over a WebSocket (`GET /play/{matchID}`), as `docs/PROTOCOL.md` describes: a
//! seat or an observer says `hello`, receives what it missed and its prompt, submits,
//! and hears every stored record as it sees it.

use std::sync::Arc;

use axum::extract::ws::{Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::response::Response;
use futures_util::SinkExt;
use meeple::{PlayerIndex, Submission, Viewer};
use tokio::sync::broadcast::error::{RecvError, TryRecvError};

use crate::hub::{Hub, HubError, LiveMatch, Opened, Seating, Watching, check_holder};
use crate::lobby::credentials_match;
use crate::protocol::{ClientFrame, MAX_FRAME, SeatLostReason, ServerFrame, WireError};

/// The largest message the WebSocket layer reads at all: past it the connection is
/// dropped (the client sees 1006). Frames between [`MAX_FRAME`] and this get a typed
/// error.
const MAX_MESSAGE: usize = 1 << 20;

/// The WebSocket layer's read buffer, in bytes.
const READ_BUFFER: usize = 1024;

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

/// Who is connected: a seat, with the credentials it said `hello` with, or an observer.
#[derive(Clone)]
struct Client {
    viewer: Viewer,
    /// The SHA-256 of the seat's credentials, as the store keeps them; `None` for an
    /// observer.
    credential_hash: Option<String>,
}

impl Client {
    const OBSERVER: Client = Client {
        viewer: Viewer::Observer,
        credential_hash: None,
    };

    fn seat(&self) -> Option<PlayerIndex> {
        self.viewer.player()
    }

    /// The seat and credentials of a seat's connection.
    fn holder(&self) -> Option<(PlayerIndex, &str)> {
        Some((self.seat()?, self.credential_hash.as_deref()?))
    }

    /// Why this connection may no longer act or see as its seat, if so: checked at every
    /// change of the match's seats and before every frame written for the seat.
    fn lost(&self, seating: &Seating) -> Option<SeatLostReason> {
        let (seat, credential_hash) = self.holder()?;
        if seating.wiped {
            return Some(SeatLostReason::Wiped);
        }
        match seating.holders.get(seat.0) {
            Some(Some(_)) if seating.holds(seat, credential_hash) => None,
            Some(Some(_)) => Some(SeatLostReason::Taken),
            _ => Some(SeatLostReason::Left),
        }
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
    let (client, since, draws) = loop {
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
            scene,
        } = frame
        else {
            if !send_error(&mut socket, WireError::HelloFirst).await {
                return;
            }
            continue;
        };
        match identify(&hub, &id, player_id.as_ref(), credentials.as_deref()).await {
            Ok(client) => break (client, since, scene),
            Err(error) => {
                if !send_error(&mut socket, error).await {
                    return;
                }
            }
        }
    };
    // Watched, then subscribed, before the welcome is read, so that every update from
    // then on has a frame for this viewer and none falls between them.
    let Opened {
        live,
        mut watching,
        updates,
    } = match hub.open(&id, client.viewer, draws).await {
        Ok(opened) => opened,
        Err(error) => {
            let _ = send_error(&mut socket, hub_error(error)).await;
            return;
        }
    };
    let connection = Connection {
        hub: &hub,
        live: &live,
        client,
        draws,
        seated: None,
        watching: &mut watching,
        socket: &mut socket,
    };
    connection.serve(since, updates).await;
    drop(watching);
    // The last connection gone, a match that nothing else moves leaves memory.
    hub.release(&live).await;
}

/// A connection that said `hello`, to a match in memory.
struct Connection<'a> {
    hub: &'a Arc<Hub>,
    live: &'a Arc<LiveMatch>,
    client: Client,
    /// Whether it draws the game's pieces: its frames carry the viewer's scene.
    draws: bool,
    /// Who sat at each seat as this connection was last told (`welcome`, `seated`).
    seated: Option<Vec<Option<String>>>,
    /// What counts this connection among the match's viewers (as its seat, or as an
    /// observer once demoted).
    watching: &'a mut Watching,
    socket: &'a mut WebSocket,
}

/// What became of a connection whose seat's holders changed.
enum Checked {
    /// It still holds its seat, or is an observer: nothing to do.
    Unchanged,
    /// It lost its seat and was sent what it sees as an observer: the lines of the match's
    /// log it stands at now.
    Demoted(usize),
    /// It is to be closed (the match was wiped, or the socket failed).
    Closed,
}

impl Connection<'_> {
    /// Serves the connection: its welcome, then its frames and the match's updates and
    /// changes of seats, until it closes.
    async fn serve(
        mut self,
        since: usize,
        mut updates: tokio::sync::broadcast::Receiver<Arc<crate::hub::Update>>,
    ) {
        let mut seating = self.live.seating.subscribe();
        // Credentials `hello` just found in the store, but that the match in memory does
        // not know yet (a join through another process whose notice is on its way): the
        // seats are read again before anything is decided.
        let unknown = self.client.lost(&self.live.seating.borrow()).is_some();
        if unknown {
            self.hub.seats_changed(&self.live.id).await;
        }
        // The seat may have changed between `hello` and now.
        let mut logged = match self.check_seat().await {
            Checked::Closed => return,
            Checked::Demoted(logged) => logged,
            Checked::Unchanged => match self.welcome(since).await {
                Some(logged) => logged,
                None => return,
            },
        };
        // The updates are numbered by the lines of the match's log, which only grow.
        loop {
            tokio::select! {
                frame = read_frame(self.socket) => {
                    let Some(frame) = frame else { return };
                    let answer = match frame {
                        Err(error) => ServerFrame::error(error),
                        Ok(frame) => handle(self.hub, self.live, &self.client, frame).await,
                    };
                    let text = serde_json::to_string(&answer).unwrap_or_default();
                    if self.socket.feed(Message::Text(Utf8Bytes::from(text))).await.is_err() {
                        return;
                    }
                    // The records a submission made are out already: written with its
                    // `accepted`, in one write (without Nagle's algorithm, a write each is
                    // a packet each).
                    if !self.deliver_waiting(&mut updates, &mut logged).await
                        || self.socket.flush().await.is_err()
                    {
                        return;
                    }
                }
                changed = seating.changed() => {
                    if changed.is_err() {
                        return;
                    }
                    match self.check_seat().await {
                        Checked::Unchanged => {}
                        Checked::Demoted(now) => logged = now,
                        Checked::Closed => return,
                    }
                    if !self.tell_seated().await {
                        return;
                    }
                }
                update = updates.recv() => {
                    // With the updates already waiting (a bot's move and the flow's after
                    // it, other matches' work delaying this task): one write for all.
                    if !self.deliver(update, &mut logged).await
                        || !self.deliver_waiting(&mut updates, &mut logged).await
                        || self.socket.flush().await.is_err()
                    {
                        return;
                    }
                }
            }
        }
    }

    /// Writes every update already waiting (not yet flushed), as [`deliver`](Self::deliver)
    /// does. Returns whether the connection goes on.
    async fn deliver_waiting(
        &mut self,
        updates: &mut tokio::sync::broadcast::Receiver<Arc<crate::hub::Update>>,
        logged: &mut usize,
    ) -> bool {
        loop {
            let update = match updates.try_recv() {
                Ok(update) => Ok(update),
                Err(TryRecvError::Empty) => return true,
                Err(TryRecvError::Lagged(missed)) => Err(RecvError::Lagged(missed)),
                Err(TryRecvError::Closed) => Err(RecvError::Closed),
            };
            if !self.deliver(update, logged).await {
                return false;
            }
        }
    }

    /// Writes `update` (not yet flushed) if the connection has not had it, as the viewer it
    /// watches as now; `logged` is the lines of the match's log the connection stands at.
    /// Returns whether the connection goes on.
    async fn deliver(
        &mut self,
        update: Result<Arc<crate::hub::Update>, RecvError>,
        logged: &mut usize,
    ) -> bool {
        // Never a seat's frame to credentials that no longer hold it.
        match self.check_seat().await {
            Checked::Unchanged => {}
            Checked::Demoted(now) => *logged = now,
            Checked::Closed => return false,
        }
        match update {
            Ok(update) => {
                if update.logged <= *logged {
                    return true;
                }
                *logged = update.logged;
                match update.frame(self.client.viewer, self.draws) {
                    Some(frame) => self
                        .socket
                        .feed(Message::Text(Utf8Bytes::from(frame.to_owned())))
                        .await
                        .is_ok(),
                    // Made before this viewer was counted: the match again, whole.
                    None => self.welcome(0).await.map(|now| *logged = now).is_some(),
                }
            }
            // Too far behind: the whole match again.
            Err(RecvError::Lagged(_)) => self.welcome(0).await.map(|now| *logged = now).is_some(),
            Err(RecvError::Closed) => false,
        }
    }

    /// Sends the match as the connection may see it, with the records from `since`: as
    /// its seat only if its credentials hold it when the match is read; else it is told
    /// it lost the seat, and sent what an observer sees. Returns the lines of the match's
    /// log it stands at; `None` once it is to be closed.
    async fn welcome(&mut self, since: usize) -> Option<usize> {
        // Seats change under the match's lock: a second round is one where they changed
        // between this check and the next.
        for _ in 0..3 {
            match self.send_welcome(since).await {
                Welcomed::Sent(logged) => return Some(logged),
                Welcomed::Closed => return None,
                Welcomed::SeatLost => match self.check_seat().await {
                    Checked::Demoted(logged) => return Some(logged),
                    Checked::Closed => return None,
                    Checked::Unchanged => {}
                },
            }
        }
        None
    }

    /// [`welcome`] for this connection; what it was told of the seats is kept.
    async fn send_welcome(&mut self, since: usize) -> Welcomed {
        let (welcomed, seated) =
            welcome(self.live, &self.client, since, self.draws, self.socket).await;
        if matches!(welcomed, Welcomed::Sent(_)) {
            self.seated = Some(seated);
        }
        welcomed
    }

    /// Tells the connection who sits at each seat, if that changed since it was last
    /// told. Returns whether the connection goes on.
    async fn tell_seated(&mut self) -> bool {
        let seated = self.live.seating.borrow().names.clone();
        if self.seated.as_ref() == Some(&seated) {
            return true;
        }
        self.seated = Some(seated.clone());
        send(self.socket, &ServerFrame::Seated { seated }).await
    }

    /// Checks that the connection's credentials still hold its seat. If not, it is told
    /// why ([`ServerFrame::SeatLost`]), and then either closed (the match was wiped) or
    /// demoted to an observer and sent the match as one sees it. An observer hears that a
    /// wiped match is gone, and is closed.
    async fn check_seat(&mut self) -> Checked {
        let (lost, wiped) = {
            let seating = self.live.seating.borrow();
            (self.client.lost(&seating), seating.wiped)
        };
        let Some(reason) = lost else {
            if wiped {
                let _ = send_error(self.socket, WireError::MatchGone).await;
                return Checked::Closed;
            }
            return Checked::Unchanged;
        };
        let seat = self.client.seat().map_or(0, |seat| seat.0);
        let told = ServerFrame::SeatLost {
            seat,
            reason,
            message: reason.message(seat),
        };
        if !send(self.socket, &told).await || reason == SeatLostReason::Wiped {
            return Checked::Closed;
        }
        self.client = Client::OBSERVER;
        *self.watching = self.live.watch(Viewer::Observer, self.draws);
        match self.send_welcome(0).await {
            Welcomed::Sent(logged) => Checked::Demoted(logged),
            Welcomed::Closed | Welcomed::SeatLost => Checked::Closed,
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
        return Ok(Client::OBSERVER);
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
        credential_hash: stored.seats[seat].credential_hash.clone(),
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

/// What became of a `welcome`.
enum Welcomed {
    /// Sent: the lines of the match's log the connection stands at.
    Sent(usize),
    /// Not sent: the connection's credentials no longer hold its seat.
    SeatLost,
    /// The socket failed.
    Closed,
}

/// Sends the client the match as it sees it, with the records from `since`, unless its
/// credentials no longer hold its seat: checked under the match's lock, under which its
/// seats change.
async fn welcome(
    live: &Arc<LiveMatch>,
    client: &Client,
    since: usize,
    draws: bool,
    socket: &mut WebSocket,
) -> (Welcomed, Vec<Option<String>>) {
    let (frame, logged, seated) = {
        let state = live.state.lock().await;
        let seated = {
            let seating = live.seating.borrow();
            if client.lost(&seating).is_some() {
                return (Welcomed::SeatLost, Vec::new());
            }
            seating.names.clone()
        };
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
            scene: draws.then(|| table.scene(client.viewer)),
            prompt: client.seat().and_then(|seat| table.prompt(seat)),
            acting: table.acting(),
            outcome: table.outcome(),
            seated: seated.clone(),
        };
        (frame, table.logged(), seated)
    };
    if send(socket, &frame).await {
        (Welcomed::Sent(logged), seated)
    } else {
        (Welcomed::Closed, seated)
    }
}

/// Answers a frame after `hello`.
async fn handle(
    hub: &Arc<Hub>,
    live: &Arc<LiveMatch>,
    client: &Client,
    frame: ClientFrame,
) -> ServerFrame {
    let result = match frame {
        ClientFrame::Hello { .. } => Err(WireError::HelloFirst),
        ClientFrame::Submit {
            at,
            action,
            selections,
        } => match client.holder() {
            None => Err(WireError::Observer),
            Some((seat, credential_hash)) => hub
                .submit(
                    live,
                    seat,
                    credential_hash,
                    at,
                    &Submission { action, selections },
                )
                .await
                .map(|at| ServerFrame::Accepted { at }),
        },
        ClientFrame::Undo { take_back } => match client.holder() {
            None => Err(WireError::Observer),
            Some((seat, credential_hash)) => hub
                .undo(live, seat, credential_hash, take_back)
                .await
                .map(|at| ServerFrame::Accepted { at }),
        },
        ClientFrame::PromptAction { action, selections } => match client.holder() {
            None => Err(WireError::Observer),
            Some((seat, credential_hash)) => {
                let state = live.state.lock().await;
                check_holder(live, seat, credential_hash).and_then(|()| {
                    state
                        .table
                        .prompt_action(seat, &Submission { action, selections })
                        .map(|prompt| ServerFrame::Prompt { prompt })
                })
            }
        },
    };
    result.unwrap_or_else(ServerFrame::error)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seating(holders: &[Option<&str>], wiped: bool) -> Seating {
        Seating {
            holders: holders.iter().map(|held| held.map(str::to_owned)).collect(),
            names: vec![None; holders.len()],
            wiped,
        }
    }

    #[test]
    fn a_seat_is_lost_when_left_taken_or_wiped() {
        let alice = Client {
            viewer: Viewer::Player(PlayerIndex(1)),
            credential_hash: Some("a1".to_owned()),
        };
        assert_eq!(alice.lost(&seating(&[None, Some("a1")], false)), None);
        assert_eq!(
            alice.lost(&seating(&[None, None], false)),
            Some(SeatLostReason::Left)
        );
        assert_eq!(
            alice.lost(&seating(&[None, Some("c3")], false)),
            Some(SeatLostReason::Taken)
        );
        assert_eq!(
            alice.lost(&seating(&[None, Some("a1")], true)),
            Some(SeatLostReason::Wiped)
        );
        // An observer holds no seat to lose.
        assert_eq!(Client::OBSERVER.lost(&seating(&[None, None], true)), None);
    }
}
