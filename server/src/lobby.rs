//! The lobby: boardgame.io 0.50's Lobby REST API (`GET /games`, `GET /games/{name}`,
//! `GET /games/{name}/{id}`, `POST /games/{name}/create`, `…/{id}/join`, `…/leave`,
//! `…/update`, `…/playAgain`), with its bodies, responses, status codes and plain-text
//! error messages, so that boardgame.io's `LobbyClient` works unchanged.
//!
//! Where meeple differs, on purpose: credentials are 128 random bits, kept only as their
//! SHA-256 and checked on every call (boardgame.io keeps them in plain text and lets
//! anyone act on a match where nobody joined yet); `numPlayers` defaults to the game's
//! smallest table (not 2); `create` and `playAgain` take `bots`, seats played by the
//! project's agents (`{"1": {"agent": "random", "thinkMs": 0}}`).

use std::sync::Arc;

use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, RawQuery, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Map, Value, json};
use sha2::{Digest, Sha256};

use crate::hub::{Hub, HubError, now_ms};
use crate::store::{MatchFilter, StoredMatch, StoredSeat};
use crate::table::AgentKind;

/// A refusal of the lobby: a status and boardgame.io's plain-text message.
pub(crate) struct LobbyError(StatusCode, String);

impl IntoResponse for LobbyError {
    fn into_response(self) -> Response {
        (
            self.0,
            [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
            self.1,
        )
            .into_response()
    }
}

fn refuse(status: StatusCode, message: impl Into<String>) -> LobbyError {
    LobbyError(status, message.into())
}

fn internal(error: impl std::fmt::Display) -> LobbyError {
    refuse(
        StatusCode::INTERNAL_SERVER_ERROR,
        format!("Internal Server Error: {error}"),
    )
}

type Answer = Result<Json<Value>, LobbyError>;

/// The largest body a lobby call may have, in bytes: a create of any shipped game with
/// every config list at its cap is a few kilobytes. Past it the call is refused (413)
/// before it is read.
pub const MAX_BODY: usize = 64 * 1024;

/// The most characters a player's name may have: names are shown at the table and sent
/// in every listing of the match.
pub const MAX_NAME_CHARS: usize = 64;

/// The most bytes a seat's `data` may have, as JSON.
pub const MAX_SEAT_DATA_BYTES: usize = 4096;

/// Checks a player's name (`playerName`, `newName`) against [`MAX_NAME_CHARS`].
fn check_name(field: &str, name: &str) -> Result<(), LobbyError> {
    let chars = name.chars().count();
    if chars > MAX_NAME_CHARS {
        return Err(refuse(
            StatusCode::BAD_REQUEST,
            format!("{field} must be at most {MAX_NAME_CHARS} characters, not {chars}"),
        ));
    }
    Ok(())
}

/// Checks a seat's `data` against [`MAX_SEAT_DATA_BYTES`].
fn check_data(data: &Value) -> Result<(), LobbyError> {
    let bytes = serde_json::to_string(data).map_or(usize::MAX, |text| text.len());
    if bytes > MAX_SEAT_DATA_BYTES {
        return Err(refuse(
            StatusCode::BAD_REQUEST,
            format!("data must be at most {MAX_SEAT_DATA_BYTES} bytes of JSON, not {bytes}"),
        ));
    }
    Ok(())
}

/// A POST body: a JSON object, or a form (every value a string), or nothing (`{}`), as
/// koa-body reads them for boardgame.io.
///
/// # Errors
/// 400 for JSON that does not parse or is not an object (an array, a string, a number).
fn read_body(headers: &HeaderMap, body: &Bytes) -> Result<Map<String, Value>, LobbyError> {
    let kind = headers
        .get(header::CONTENT_TYPE)
        .and_then(|kind| kind.to_str().ok())
        .unwrap_or("");
    if body.is_empty() {
        return Ok(Map::new());
    }
    if kind.starts_with("application/x-www-form-urlencoded") {
        let pairs: Vec<(String, String)> = serde_urlencoded::from_bytes(body)
            .map_err(|_| refuse(StatusCode::BAD_REQUEST, "Bad Request"))?;
        let mut map = Map::new();
        for (key, value) in pairs {
            map.entry(key).or_insert(Value::String(value));
        }
        return Ok(map);
    }
    if kind.contains("json") {
        return match serde_json::from_slice::<Value>(body) {
            Ok(Value::Object(map)) => Ok(map),
            // koa-body reads an array and boardgame.io then finds none of its fields, so
            // it creates a match from `[]`; meeple refuses it as it refuses any body that
            // is not an object of fields.
            Ok(Value::Array(_)) => Err(refuse(
                StatusCode::BAD_REQUEST,
                "Bad Request: the body is a JSON array, not an object of fields",
            )),
            _ => Err(refuse(StatusCode::BAD_REQUEST, "Bad Request")),
        };
    }
    Ok(Map::new())
}

/// JavaScript's truthiness of a JSON value: what boardgame.io tests its fields with.
fn truthy(value: Option<&Value>) -> bool {
    match value {
        None | Some(Value::Null) => false,
        Some(Value::Bool(flag)) => *flag,
        Some(Value::Number(number)) => number.as_f64().is_some_and(|n| n != 0.0 && !n.is_nan()),
        Some(Value::String(text)) => !text.is_empty(),
        Some(Value::Array(_) | Value::Object(_)) => true,
    }
}

/// JavaScript's `parseInt` of a field: the leading integer of a string or a number;
/// `None` for NaN.
fn parse_int(value: &Value) -> Option<i64> {
    let text = match value {
        Value::Number(number) => {
            return number
                .as_f64()
                .filter(|n| n.is_finite())
                .map(|n| n.trunc() as i64);
        }
        Value::String(text) => text.trim_start(),
        _ => return None,
    };
    let (sign, digits) = match text.strip_prefix('-') {
        Some(rest) => (-1, rest),
        None => (1, text.strip_prefix('+').unwrap_or(text)),
    };
    let end = digits
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(digits.len());
    digits[..end].parse::<i64>().ok().map(|n| sign * n)
}

/// A `playerID` as boardgame.io compares it: its string form (`1` and `"1"` alike).
fn id_text(value: &Value) -> String {
    match value {
        Value::String(text) => text.clone(),
        other => other.to_string(),
    }
}

/// The seat a `playerID` names, if it is a seat's index.
fn seat_of(stored: &StoredMatch, player_id: &Value) -> Option<usize> {
    let text = id_text(player_id);
    let seat: usize = text.parse().ok()?;
    (seat < stored.seats.len() && seat.to_string() == text).then_some(seat)
}

/// New credentials: 128 random bits from the operating system's generator, as 32
/// hexadecimal digits.
pub(crate) fn new_credentials() -> String {
    format!("{:032x}", rand::random::<u128>())
}

/// What the store keeps of credentials: their SHA-256, hexadecimal.
pub(crate) fn hash_credentials(credentials: &str) -> String {
    Sha256::digest(credentials.as_bytes())
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

/// Whether `credentials` are seat `seat`'s: a seat nobody holds has none to match.
pub(crate) fn credentials_match(seat: &StoredSeat, credentials: Option<&str>) -> bool {
    match (&seat.credential_hash, credentials) {
        (Some(hash), Some(credentials)) => *hash == hash_credentials(credentials),
        _ => false,
    }
}

/// A new match id: 64 random bits in base 62 (11 characters).
fn new_match_id() -> String {
    const DIGITS: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    let mut bits = rand::random::<u64>();
    (0..11)
        .map(|_| {
            let digit = DIGITS[(bits % 62) as usize];
            bits /= 62;
            char::from(digit)
        })
        .collect()
}

/// A match as the lobby shows it: credentials never.
pub(crate) fn match_json(stored: &StoredMatch) -> Value {
    let players: Vec<Value> = stored
        .seats
        .iter()
        .enumerate()
        .map(|(seat, row)| {
            let mut player = Map::new();
            player.insert("id".to_owned(), json!(seat));
            if let Some(name) = &row.name {
                player.insert("name".to_owned(), json!(name));
            }
            if let Some(data) = &row.data {
                player.insert("data".to_owned(), data.clone());
            }
            if let Some(bot) = &row.bot {
                player.insert("bot".to_owned(), bot.clone());
            }
            Value::Object(player)
        })
        .collect();
    let mut object = Map::new();
    object.insert("matchID".to_owned(), json!(stored.id));
    object.insert("gameName".to_owned(), json!(stored.game));
    object.insert("players".to_owned(), Value::Array(players));
    if !stored.config.is_null() {
        object.insert("setupData".to_owned(), stored.config.clone());
    }
    if let Some(gameover) = &stored.gameover {
        object.insert("gameover".to_owned(), gameover.clone());
    }
    if let Some(next) = &stored.next_match_id {
        object.insert("nextMatchID".to_owned(), json!(next));
    }
    object.insert("unlisted".to_owned(), json!(stored.unlisted));
    if let Some(clock) = stored.move_clock_ms {
        object.insert("moveClockMs".to_owned(), json!(clock));
    }
    object.insert("createdAt".to_owned(), json!(stored.created_at));
    object.insert("updatedAt".to_owned(), json!(stored.updated_at));
    Value::Object(object)
}

/// `GET /games`: the names of the games served.
pub(crate) async fn list_games(State(hub): State<Arc<Hub>>) -> Json<Value> {
    Json(json!(hub.games.keys().collect::<Vec<_>>()))
}

/// `GET /games/{name}`: the listed matches of a game, filtered by `isGameover`,
/// `updatedBefore` and `updatedAfter` (the first value of each).
pub(crate) async fn list_matches(
    State(hub): State<Arc<Hub>>,
    Path(name): Path<String>,
    RawQuery(query): RawQuery,
) -> Answer {
    let pairs: Vec<(String, String)> =
        serde_urlencoded::from_str(query.as_deref().unwrap_or("")).unwrap_or_default();
    let first = |key: &str| {
        pairs
            .iter()
            .find(|(name, _)| name == key)
            .map(|(_, value)| value.as_str())
    };
    let time = |key: &str| {
        first(key)
            .and_then(|value| parse_int(&Value::String(value.to_owned())))
            .filter(|&time| time > 0)
            .map(i64::cast_unsigned)
    };
    let filter = MatchFilter {
        is_gameover: match first("isGameover").map(str::to_ascii_lowercase).as_deref() {
            Some("true") => Some(true),
            Some("false") => Some(false),
            _ => None,
        },
        updated_before: time("updatedBefore"),
        updated_after: time("updatedAfter"),
    };
    let matches = hub.store.list(name, filter).await.map_err(internal)?;
    Ok(Json(
        json!({ "matches": matches.iter().map(match_json).collect::<Vec<_>>() }),
    ))
}

/// `GET /games/{name}/{id}`: one match.
pub(crate) async fn get_match(
    State(hub): State<Arc<Hub>>,
    Path((_, id)): Path<(String, String)>,
) -> Answer {
    let stored = find(&hub, &id).await?;
    Ok(Json(match_json(&stored)))
}

async fn find(hub: &Hub, id: &str) -> Result<StoredMatch, LobbyError> {
    hub.store
        .get(id.to_owned())
        .await
        .map_err(internal)?
        .ok_or_else(|| refuse(StatusCode::NOT_FOUND, format!("Match {id} not found")))
}

/// Reads `bots` (meeple's addition): `{"<seat>": {"agent": "random", "thinkMs": 0}}`.
fn read_bots(body: &Map<String, Value>, players: usize) -> Result<Vec<Option<Value>>, LobbyError> {
    let mut bots = vec![None; players];
    let Some(given) = body.get("bots").filter(|bots| !bots.is_null()) else {
        return Ok(bots);
    };
    let Value::Object(given) = given else {
        return Err(refuse(
            StatusCode::BAD_REQUEST,
            "bots must be an object of seats",
        ));
    };
    for (seat, bot) in given {
        let index = seat
            .parse::<usize>()
            .ok()
            .filter(|&index| index < players)
            .ok_or_else(|| {
                refuse(
                    StatusCode::BAD_REQUEST,
                    format!("bots: there is no seat {seat}"),
                )
            })?;
        let agent = bot.get("agent").cloned().unwrap_or(json!("random"));
        if serde_json::from_value::<AgentKind>(agent.clone()).is_err() {
            return Err(refuse(
                StatusCode::BAD_REQUEST,
                format!("bots: unknown agent {agent}; expected \"random\", \"uct\" or \"ismcts\""),
            ));
        }
        let think = match bot.get("thinkMs") {
            None | Some(Value::Null) => 0,
            Some(think) => think.as_u64().filter(|&ms| ms <= 60_000).ok_or_else(|| {
                refuse(StatusCode::BAD_REQUEST, "bots: thinkMs must be 0 to 60000")
            })?,
        };
        bots[index] = Some(json!({ "agent": agent, "thinkMs": think }));
    }
    Ok(bots)
}

/// The shortest and longest clock per move a match may have, in milliseconds.
const MOVE_CLOCK_MS: std::ops::RangeInclusive<u64> = 100..=86_400_000;

/// Reads `moveClockMs` (meeple's addition): each seat's time for a move, in milliseconds;
/// `None` when absent or `null`.
fn read_move_clock(body: &Map<String, Value>) -> Result<Option<u64>, LobbyError> {
    match body.get("moveClockMs") {
        None | Some(Value::Null) => Ok(None),
        Some(given) => given
            .as_u64()
            .filter(|ms| MOVE_CLOCK_MS.contains(ms))
            .map(Some)
            .ok_or_else(|| {
                refuse(
                    StatusCode::BAD_REQUEST,
                    format!(
                        "moveClockMs must be a whole number of milliseconds from {} to {}",
                        MOVE_CLOCK_MS.start(),
                        MOVE_CLOCK_MS.end()
                    ),
                )
            }),
    }
}

/// What a new match is made of, beyond its game.
struct NewMatch {
    players: usize,
    config: Value,
    unlisted: bool,
    bots: Vec<Option<Value>>,
    move_clock_ms: Option<u64>,
}

/// Creates a match of `game` and returns its id.
async fn create_match(hub: &Arc<Hub>, game: &str, new: NewMatch) -> Result<String, LobbyError> {
    let NewMatch {
        players,
        config,
        unlisted,
        bots,
        move_clock_ms,
    } = new;
    if !hub.games.contains_key(game) {
        return Err(refuse(
            StatusCode::NOT_FOUND,
            format!("Game {game} not found"),
        ));
    }
    // The game checks the config as it sets the match up (`Hub::create`), off the async
    // workers: both are its author's code.
    let now = now_ms();
    let id = new_match_id();
    let seats = bots
        .into_iter()
        .map(|bot| StoredSeat {
            name: bot.as_ref().map(|bot| {
                format!(
                    "{} bot",
                    bot.get("agent").and_then(Value::as_str).unwrap_or("random")
                )
            }),
            data: None,
            credential_hash: None,
            bot,
        })
        .collect();
    let stored = StoredMatch {
        id: id.clone(),
        game: game.to_owned(),
        config,
        seed: rand::random::<u64>(),
        unlisted,
        created_at: now,
        updated_at: now,
        gameover: None,
        next_match_id: None,
        move_clock_ms,
        seats,
    };
    hub.create(stored, players)
        .await
        .map_err(|error| match error {
            HubError::Setup(message) => refuse(StatusCode::BAD_REQUEST, message),
            other => internal(other),
        })?;
    Ok(id)
}

/// `POST /games/{name}/create`: `numPlayers`, `setupData` (the game's config),
/// `unlisted`, `bots`, `moveClockMs`. Answers `{matchID}`.
pub(crate) async fn create(
    State(hub): State<Arc<Hub>>,
    Path(name): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Answer {
    let body = read_body(&headers, &body)?;
    let entry = hub
        .games
        .get(name.as_str())
        .ok_or_else(|| refuse(StatusCode::NOT_FOUND, format!("Game {name} not found")))?;
    let players = match body.get("numPlayers") {
        None => None,
        Some(given) => Some(
            parse_int(given)
                .ok_or_else(|| refuse(StatusCode::BAD_REQUEST, "Invalid numPlayers"))?,
        ),
    };
    let players = match players {
        None | Some(0) => *entry.players.start(),
        Some(count) => usize::try_from(count)
            .ok()
            .filter(|count| entry.players.contains(count))
            .ok_or_else(|| refuse(StatusCode::BAD_REQUEST, "Invalid numPlayers"))?,
    };
    let new = NewMatch {
        players,
        config: body.get("setupData").cloned().unwrap_or(Value::Null),
        unlisted: truthy(body.get("unlisted")),
        bots: read_bots(&body, players)?,
        move_clock_ms: read_move_clock(&body)?,
    };
    let id = create_match(&hub, &name, new).await?;
    Ok(Json(json!({ "matchID": id })))
}

/// `POST /games/{name}/{id}/join`: `playerID` (the first free seat when absent),
/// `playerName`, `data`. Answers `{playerID, playerCredentials}`.
pub(crate) async fn join(
    State(hub): State<Arc<Hub>>,
    Path((_, id)): Path<(String, String)>,
    headers: HeaderMap,
    body: Bytes,
) -> Answer {
    let body = read_body(&headers, &body)?;
    if !truthy(body.get("playerName")) {
        return Err(refuse(StatusCode::FORBIDDEN, "playerName is required"));
    }
    let name = match &body["playerName"] {
        Value::String(name) => name.clone(),
        other => other.to_string(),
    };
    check_name("playerName", &name)?;
    if truthy(body.get("data")) {
        check_data(&body["data"])?;
    }
    let stored = find(&hub, &id).await?;
    let (seat, player_id) = match body.get("playerID").filter(|id| !id.is_null()) {
        None => {
            let seat = stored
                .seats
                .iter()
                .position(|seat| seat.name.is_none())
                .ok_or_else(|| {
                    refuse(
                        StatusCode::CONFLICT,
                        format!(
                            "Match {id} reached maximum number of players ({})",
                            stored.seats.len()
                        ),
                    )
                })?;
            (seat, json!(seat.to_string()))
        }
        Some(given) => {
            let seat = seat_of(&stored, given).ok_or_else(|| {
                refuse(
                    StatusCode::NOT_FOUND,
                    format!("Player {} not found", id_text(given)),
                )
            })?;
            if stored.seats[seat].name.is_some() {
                return Err(refuse(
                    StatusCode::CONFLICT,
                    format!("Player {} not available", id_text(given)),
                ));
            }
            (seat, given.clone())
        }
    };
    let credentials = new_credentials();
    let mut row = stored.seats[seat].clone();
    row.name = Some(name);
    if truthy(body.get("data")) {
        row.data = body.get("data").cloned();
    }
    row.credential_hash = Some(hash_credentials(&credentials));
    // Taken only if still free: of two joins of one seat at once (two requests, or two
    // server processes), one wins and the other hears the seat is taken.
    let taken = hub
        .store
        .take_seat(id.clone(), seat, row.clone())
        .await
        .map_err(internal)?;
    if !taken {
        return Err(refuse(
            StatusCode::CONFLICT,
            format!("Player {} not available", id_text(&player_id)),
        ));
    }
    hub.seat_taken(&id, seat, row).await;
    Ok(Json(
        json!({ "playerID": player_id, "playerCredentials": credentials }),
    ))
}

/// The seat of a call that acts for a player (`leave`, `update`, `playAgain`), checked:
/// the match, the seat, the credentials.
async fn checked_seat(
    hub: &Hub,
    id: &str,
    body: &Map<String, Value>,
) -> Result<(StoredMatch, usize), LobbyError> {
    let stored = find(hub, id).await?;
    let given = body.get("playerID").cloned().unwrap_or(Value::Null);
    let seat = seat_of(&stored, &given).ok_or_else(|| {
        refuse(
            StatusCode::NOT_FOUND,
            format!("Player {} not found", id_text(&given)),
        )
    })?;
    let credentials = body.get("credentials").and_then(Value::as_str);
    if !credentials_match(&stored.seats[seat], credentials) {
        return Err(invalid_credentials(body));
    }
    Ok((stored, seat))
}

/// boardgame.io's refusal of the credentials a body gives.
fn invalid_credentials(body: &Map<String, Value>) -> LobbyError {
    let shown = body
        .get("credentials")
        .map_or_else(|| "undefined".to_owned(), id_text);
    refuse(
        StatusCode::FORBIDDEN,
        format!("Invalid credentials {shown}"),
    )
}

/// Writes `row` as seat `seat` of match `stored` for a call whose credentials
/// ([`checked_seat`]) hold it, unless they no longer do (another call changed the seat
/// meanwhile: refused as their credentials are); then the match in memory and its
/// connections hear of it, before the answer.
async fn change_seat(
    hub: &Hub,
    stored: &StoredMatch,
    seat: usize,
    row: StoredSeat,
    body: &Map<String, Value>,
) -> Result<(), LobbyError> {
    let held_by = stored.seats[seat]
        .credential_hash
        .clone()
        .unwrap_or_default();
    let set = hub
        .store
        .set_seat(stored.id.clone(), seat, row, held_by)
        .await
        .map_err(internal)?;
    if !set {
        return Err(invalid_credentials(body));
    }
    hub.seats_changed(&stored.id).await;
    Ok(())
}

fn require_player_id(body: &Map<String, Value>, null_counts: bool) -> Result<(), LobbyError> {
    match body.get("playerID") {
        None => Err(refuse(StatusCode::FORBIDDEN, "playerID is required")),
        Some(Value::Null) if null_counts => {
            Err(refuse(StatusCode::FORBIDDEN, "playerID is required"))
        }
        Some(_) => Ok(()),
    }
}

/// `POST /games/{name}/{id}/leave`: `playerID`, `credentials`. The seat is freed (its
/// data kept); once no person holds a seat, the match is wiped. Answers `{}`.
pub(crate) async fn leave(
    State(hub): State<Arc<Hub>>,
    Path((_, id)): Path<(String, String)>,
    headers: HeaderMap,
    body: Bytes,
) -> Answer {
    let body = read_body(&headers, &body)?;
    require_player_id(&body, true)?;
    let (stored, seat) = checked_seat(&hub, &id, &body).await?;
    let mut row = stored.seats[seat].clone();
    row.name = None;
    row.credential_hash = None;
    let anyone_left = stored
        .seats
        .iter()
        .enumerate()
        .any(|(other, row)| other != seat && row.name.is_some() && row.bot.is_none());
    if anyone_left {
        // Before the answer: the connections that held the seat act for it no more.
        change_seat(&hub, &stored, seat, row, &body).await?;
    } else {
        hub.wipe(&id).await.map_err(internal)?;
    }
    Ok(Json(json!({})))
}

/// `POST /games/{name}/{id}/update` (and the deprecated `…/rename`): `playerID`,
/// `credentials`, `newName`, `data`. Answers `{}`.
pub(crate) async fn update(
    State(hub): State<Arc<Hub>>,
    Path((_, id)): Path<(String, String)>,
    headers: HeaderMap,
    body: Bytes,
) -> Answer {
    let body = read_body(&headers, &body)?;
    require_player_id(&body, false)?;
    let new_name = body.get("newName");
    if body.get("data").is_none() && !truthy(new_name) {
        return Err(refuse(StatusCode::FORBIDDEN, "newName or data is required"));
    }
    if truthy(new_name) && !new_name.is_some_and(Value::is_string) {
        let kind = match new_name {
            Some(Value::Number(_)) => "number",
            Some(Value::Bool(_)) => "boolean",
            _ => "object",
        };
        return Err(refuse(
            StatusCode::FORBIDDEN,
            format!("newName must be a string, got {kind}"),
        ));
    }
    if let Some(Value::String(name)) = new_name {
        check_name("newName", name)?;
    }
    if truthy(body.get("data")) {
        check_data(&body["data"])?;
    }
    let (stored, seat) = checked_seat(&hub, &id, &body).await?;
    let mut row = stored.seats[seat].clone();
    if let Some(Value::String(name)) = new_name.filter(|name| truthy(Some(name))) {
        row.name = Some(name.clone());
    }
    if truthy(body.get("data")) {
        row.data = body.get("data").cloned();
    }
    change_seat(&hub, &stored, seat, row, &body).await?;
    Ok(Json(json!({})))
}

/// `POST /games/{name}/{id}/playAgain`: `playerID`, `credentials`, `numPlayers`,
/// `setupData`, `unlisted`, `moveClockMs`. A new match of the same game with the same
/// bots and clock, once: a second call answers the same `{nextMatchID}`.
pub(crate) async fn play_again(
    State(hub): State<Arc<Hub>>,
    Path((name, id)): Path<(String, String)>,
    headers: HeaderMap,
    body: Bytes,
) -> Answer {
    let body = read_body(&headers, &body)?;
    require_player_id(&body, true)?;
    let (stored, _) = checked_seat(&hub, &id, &body).await?;
    if let Some(next) = &stored.next_match_id {
        return Ok(Json(json!({ "nextMatchID": next })));
    }
    let entry = hub
        .games
        .get(name.as_str())
        .ok_or_else(|| refuse(StatusCode::NOT_FOUND, format!("Game {name} not found")))?;
    let players = body
        .get("numPlayers")
        .and_then(parse_int)
        .filter(|&count| count != 0)
        .map_or(Ok(stored.seats.len()), |count| {
            usize::try_from(count)
                .ok()
                .filter(|count| entry.players.contains(count))
                .ok_or_else(|| refuse(StatusCode::BAD_REQUEST, "Invalid numPlayers"))
        })?;
    let config = match body.get("setupData") {
        Some(config) if truthy(Some(config)) => config.clone(),
        _ => stored.config.clone(),
    };
    let mut bots: Vec<Option<Value>> = stored.seats.iter().map(|row| row.bot.clone()).collect();
    bots.resize(players, None);
    let move_clock_ms = match read_move_clock(&body)? {
        None => stored.move_clock_ms,
        given => given,
    };
    let new = NewMatch {
        players,
        config,
        unlisted: truthy(body.get("unlisted")),
        bots,
        move_clock_ms,
    };
    let next = create_match(&hub, &name, new).await?;
    let standing = hub.store.set_next_match(id, next).await.map_err(internal)?;
    Ok(Json(json!({ "nextMatchID": standing })))
}
