//! The WebSocket protocol's frames, as `docs/PROTOCOL.md` describes them: JSON text
//! frames, each an object tagged by `type`.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// JSON text serialized once and sent as it is: a view, a prompt, a record as a viewer
/// sees it.
pub type Json = Box<serde_json::value::RawValue>;

/// The largest frame a client may send, in bytes: a submission of any shipped game is
/// under a kilobyte.
pub const MAX_FRAME: usize = 64 * 1024;

/// A frame from a client.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientFrame {
    /// The first frame: who connects, and the records they already have.
    Hello {
        /// The seat, as the lobby's `playerID` (a string or a number); absent for an
        /// observer.
        #[serde(default, rename = "playerID")]
        player_id: Option<Value>,
        /// The seat's credentials from the lobby's join; absent for an observer.
        #[serde(default)]
        credentials: Option<String>,
        /// How many records the client has already (0 for none): it is sent the rest.
        #[serde(default)]
        since: usize,
        /// Whether the client draws the game's pieces: its `welcome`, `records` and
        /// `undone` frames then carry the viewer's scene ([`meeple::scene::Scene`]).
        #[serde(default)]
        scene: bool,
    },
    /// An action submitted: its name and selections, and the record count it was chosen
    /// at.
    Submit {
        /// The record count the client acted on; refused as stale if the match moved on.
        at: usize,
        /// The action's name.
        action: String,
        /// Its selections, by name.
        #[serde(default)]
        selections: serde_json::Map<String, Value>,
    },
    /// Takes back the seat's last action, as the engine allows
    /// ([`meeple::Engine::undo`]); with `take_back`, also what depended on it
    /// ([`meeple::Engine::take_back`]: bots' replies, forced plays).
    Undo {
        /// Take back the actions that followed too.
        #[serde(default)]
        take_back: bool,
    },
    /// The prompt of an action in progress: the choices so far.
    PromptAction {
        /// The action's name.
        action: String,
        /// The selections made so far, by name.
        #[serde(default)]
        selections: serde_json::Map<String, Value>,
    },
}

/// Who acts now and where the flow stands: public, sent to everyone at a table.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Acting {
    /// The phase the flow is in, if the game names phases.
    pub phase: Option<&'static str>,
    /// The step where players act, by name.
    pub step: Option<&'static str>,
    /// The seats to act now.
    pub to_act: Vec<usize>,
    /// The seats of the step that already acted in it.
    pub acted: Vec<usize>,
    /// Every seat the step asks.
    pub actors: Vec<usize>,
    /// Each seat's name in the game, seat 0 first.
    pub names: Vec<String>,
    /// What each seat to act is doing, as the others are told (`Position::description`:
    /// "West is choosing three cards to pass"), seat 0 first; `null` for a seat not to act
    /// or whose actions describe nothing.
    pub doing: Vec<Option<String>>,
    /// The match's clock, in milliseconds since it began.
    pub clock_ms: u64,
    /// When the next timer fires or clock per move runs out, on that clock.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deadline_ms: Option<u64>,
}

/// Why a frame was refused. The match is exactly as before.
#[derive(Clone, Debug, PartialEq, thiserror::Error, Serialize)]
#[serde(tag = "error", rename_all = "snake_case")]
#[non_exhaustive]
pub enum WireError {
    /// The frame is not JSON of a frame of this protocol.
    #[error("malformed frame: {reason}")]
    MalformedFrame {
        /// What the parser said.
        reason: String,
    },
    /// The frame is larger than [`MAX_FRAME`] bytes.
    #[error("the frame has {size} bytes; at most {limit} are read")]
    FrameTooLarge {
        /// Its size.
        size: usize,
        /// The limit.
        limit: usize,
    },
    /// A binary frame: the protocol is JSON text.
    #[error("binary frames are not read: send JSON text")]
    BinaryFrame,
    /// The first frame must be `hello`, and only the first.
    #[error("`hello` comes first, once")]
    HelloFirst,
    /// No seat of the match has that id.
    #[error("there is no seat {player_id} at this match")]
    NoSuchSeat {
        /// The id given.
        player_id: String,
    },
    /// The credentials are not the seat's.
    #[error("invalid credentials for seat {player_id}")]
    InvalidCredentials {
        /// The seat.
        player_id: String,
    },
    /// An observer submits or asks for a prompt.
    #[error("an observer cannot act")]
    Observer,
    /// The submission names a record count the match has not reached, or its seat acted
    /// since that count (the submission was taken already: a replay).
    #[error(
        "the submission was made at record {at}, but the match is at record {records} and it is stale"
    )]
    Stale {
        /// The record count the submission names.
        at: usize,
        /// The match's.
        records: usize,
    },
    /// The game refused the submission ([`meeple::SubmitError`]).
    #[error("{message}")]
    Refused {
        /// The game's reason, typed (boxed: a refusal is rare, every result carries room
        /// for it).
        reason: Box<meeple::SubmitError>,
        /// It in words.
        message: String,
    },
    /// The game's clock refused to move ([`meeple::ClockError`]).
    #[error("{message}")]
    Clock {
        /// The reason, typed (boxed as a refusal's).
        reason: Box<meeple::ClockError>,
        /// It in words.
        message: String,
    },
    /// The engine refused the undo ([`meeple::UndoError`]).
    #[error("{message}")]
    Undo {
        /// The reason, typed (boxed as a refusal's).
        reason: Box<meeple::UndoError>,
        /// It in words.
        message: String,
    },
    /// A bot had nothing to play.
    #[error("the bot found nothing to play")]
    BotFoundNothing,
    /// The store failed to keep the records: they were not acknowledged.
    #[error("the store failed: {reason}")]
    Store {
        /// What the store said.
        reason: String,
    },
    /// The match is gone (wiped when every person left).
    #[error("the match is gone")]
    MatchGone,
    /// The connection's credentials no longer hold its seat: its player left it, or
    /// another person took it since. Nothing changed; the connection watches as an observer
    /// from then on ([`ServerFrame::SeatLost`]).
    #[error("seat {seat} is no longer yours: its player left it, or another person took it")]
    SeatLost {
        /// The seat.
        seat: usize,
    },
    /// Another server process sharing the database writes the match and did not hand it
    /// over in time (it is busy, or just died and its lease is not yet free): nothing
    /// changed; send the frame again.
    #[error(
        "the match's writer, another server process, did not hand it over within {waited_ms} ms"
    )]
    WriterBusy {
        /// How long this process waited, in milliseconds.
        waited_ms: u64,
    },
}

impl From<meeple::SubmitError> for WireError {
    fn from(reason: meeple::SubmitError) -> Self {
        WireError::Refused {
            message: reason.to_string(),
            reason: Box::new(reason),
        }
    }
}

/// A viewer's view and scene in an update (`records`, `undone`), each either whole or as
/// the changes from the one the viewer was last sent: a JSON Patch (RFC 6902) that the
/// client applies to what it holds. A viewer gets its view whole in its `welcome` and in
/// the first update after nobody watched as it; its changes after that. The scene, only
/// for a client that asked for scenes, the same way.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Shown {
    /// The view, whole.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub view: Option<Json>,
    /// The view, as a JSON Patch of the last one sent.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub view_changes: Option<Json>,
    /// The scene, whole.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scene: Option<Json>,
    /// The scene, as a JSON Patch of the last one sent.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scene_changes: Option<Json>,
}

/// A frame to a client.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerFrame {
    /// The answer to `hello`: the match as the client may see it.
    Welcome {
        /// The match's id.
        #[serde(rename = "matchID")]
        match_id: String,
        /// The game's name.
        game: &'static str,
        /// The client's seat; `None` for an observer.
        seat: Option<usize>,
        /// The number of seats.
        players: usize,
        /// The records the client did not have, from `since`, as it sees them.
        records: Vec<Json>,
        /// The match's record count after them.
        at: usize,
        /// The state as the client sees it.
        view: Json,
        /// The state laid out as pieces, for a client that asked for scenes.
        #[serde(skip_serializing_if = "Option::is_none")]
        scene: Option<Json>,
        /// The client's prompt when it is to act.
        prompt: Option<Json>,
        /// Who acts now.
        acting: Acting,
        /// The outcome, once the match is over.
        outcome: Option<Value>,
        /// Who sits at each seat, seat 0 first, as the lobby names them: a person's name,
        /// a bot's agent (`random bot`); `null` for a free seat.
        seated: Vec<Option<String>>,
    },
    /// Records appended to the match (by anyone), stored before they are sent.
    Records {
        /// The records, as the client sees them.
        records: Vec<Json>,
        /// For a client that asked for scenes: its scene at each beat of the records
        /// ([`meeple::Game::is_beat`]), in order, to hold before it shows `scene`.
        #[serde(skip_serializing_if = "Vec::is_empty")]
        beats: Vec<Json>,
        /// The record count after them.
        at: usize,
        /// The state as the client sees it after them, and the pieces for a client that
        /// asked for scenes: whole, or as the changes from the last ones sent.
        #[serde(flatten)]
        shown: Shown,
        /// The client's prompt when it is to act.
        prompt: Option<Json>,
        /// Who acts now.
        acting: Acting,
        /// The outcome, once the match is over.
        outcome: Option<Value>,
    },
    /// A seat took actions back: the records at `cancels` (positions among those the
    /// clients had) are gone; the view and prompt are the match's as it stands now.
    Undone {
        /// The seat that undid.
        seat: usize,
        /// The positions of the records cancelled, in order.
        cancels: Vec<usize>,
        /// The record count now.
        at: usize,
        /// The state as the client sees it now, and the pieces for a client that asked
        /// for scenes: whole, or as the changes from the last ones sent.
        #[serde(flatten)]
        shown: Shown,
        /// The client's prompt when it is to act.
        prompt: Option<Json>,
        /// Who acts now.
        acting: Acting,
    },
    /// The client's submission was taken: its records follow in a `records` frame.
    Accepted {
        /// The record count after the submission's records.
        at: usize,
    },
    /// The answer to `prompt_action`.
    Prompt {
        /// The action's prompt for the choices so far.
        prompt: Json,
    },
    /// The connection's credentials no longer hold its seat. Sent once, at once, to every
    /// connection that said `hello` with them: after `left` or `taken` it watches as an
    /// observer (a `welcome` as one follows); after `wiped` it is closed.
    SeatLost {
        /// The seat it held.
        seat: usize,
        /// Why.
        reason: SeatLostReason,
        /// It in words.
        message: String,
    },
    /// Someone joined, left or was renamed: who sits at each seat now, as in `welcome`.
    Seated {
        /// Who sits at each seat, seat 0 first; `null` for a free seat.
        seated: Vec<Option<String>>,
    },
    /// A frame was refused; nothing changed.
    Error {
        /// Why, typed.
        error: WireError,
        /// It in words.
        message: String,
    },
}

impl ServerFrame {
    /// The frame of `error`.
    #[must_use]
    pub fn error(error: WireError) -> Self {
        ServerFrame::Error {
            message: error.to_string(),
            error,
        }
    }
}

/// Why a connection's credentials no longer hold its seat ([`ServerFrame::SeatLost`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatLostReason {
    /// The seat is free: its player left the match (the lobby's `leave`).
    Left,
    /// Other credentials hold the seat now: it was freed and another person joined it.
    Taken,
    /// The match was wiped: every person left it.
    Wiped,
}

impl SeatLostReason {
    /// The reason in words, for seat `seat`.
    #[must_use]
    pub fn message(self, seat: usize) -> String {
        match self {
            SeatLostReason::Left => {
                format!("you left seat {seat}: you watch the match as an observer now")
            }
            SeatLostReason::Taken => format!(
                "seat {seat} was left and another person joined it: you watch the match as an observer now"
            ),
            SeatLostReason::Wiped => {
                format!("the match was wiped when its last person left: seat {seat} is gone")
            }
        }
    }
}
