//! The matches a server runs: the registered games, the live matches in memory (loaded
//! from the store on demand, dropped once over), and what moves them: submissions, bots
//! and timers. Every change is stored before anyone hears of it.

use std::collections::{BTreeMap, HashMap, HashSet, VecDeque};
use std::ops::RangeInclusive;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError, Weak};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use meeple::{Game, PlayerIndex, Seats, Submission, Viewer};
use serde_json::Value;
use tokio::sync::{Notify, broadcast, watch};

use crate::protocol::{ServerFrame, Shown, WireError};
use crate::store::{Appended, Line, Loaded, Notice, Store, StoreError, StoredMatch, StoredSeat};
use crate::table::{AgentKind, CaughtUp, Live, NewRecord, ServerGame, Setup, Table};

/// What the server needs of one registered game, its type erased.
pub(crate) struct GameEntry {
    /// [`Game::PLAYERS`].
    pub(crate) players: RangeInclusive<usize>,
    /// Checks a config (JSON; `null` for the default) for a table of that many seats.
    pub(crate) validate: fn(&Value, usize) -> Result<(), String>,
    /// The game's default config, JSON ([`Game::Config`]'s `Default`).
    pub(crate) default_config: fn() -> Value,
    create: fn(&Setup) -> Result<Box<dyn Table>, String>,
    restore: RestoreTable,
    /// Writes a stored match as its game's log, one line of JSON ([`GameLog`]).
    pub(crate) export: fn(&Setup, &[Line]) -> Result<String, String>,
}

/// Restores a table from its setup, what the store loaded of it ([`Loaded`]) and its
/// clock now.
type RestoreTable = fn(&Setup, Loaded, Duration) -> Result<Box<dyn Table>, String>;

impl GameEntry {
    pub(crate) fn of<G: ServerGame>() -> Self {
        GameEntry {
            players: G::PLAYERS,
            validate: validate::<G>,
            default_config: || serde_json::to_value(G::Config::default()).unwrap_or(Value::Null),
            create: |setup| Live::<G>::create(setup).map(|live| Box::new(live) as Box<dyn Table>),
            export: crate::table::export_log::<G>,
            restore: |setup, loaded, clock| {
                Live::<G>::restore(
                    setup,
                    loaded.base.as_ref(),
                    loaded.latest,
                    &loaded.lines,
                    clock,
                )
                .map(|live| Box::new(live) as Box<dyn Table>)
            },
        }
    }
}

/// Checks `config` for a table of `players` seats as [`Game::validate_config`] does.
fn validate<G: Game>(config: &Value, players: usize) -> Result<(), String> {
    let config: G::Config = if config.is_null() {
        G::Config::default()
    } else {
        serde_json::from_value(config.clone()).map_err(|error| error.to_string())?
    };
    if !G::PLAYERS.contains(&players) {
        return Err(format!(
            "{} is played by {} to {} players, not {players}",
            G::NAME,
            G::PLAYERS.start(),
            G::PLAYERS.end()
        ));
    }
    G::validate_config(&config, Seats::new(players)).map_err(|error| error.to_string())
}

/// How long a process waits for another to hand over a match's writer before it tells the
/// player to try again ([`WireError::WriterBusy`]).
const HANDOVER_WAIT: Duration = Duration::from_secs(5);

/// How often a process that waits for a match's writer asks for it again (the first ask
/// may reach the writer before it took the match).
const ASK_AGAIN: Duration = Duration::from_millis(500);

/// How long a process that waits for a match's writer sleeps between tries when no
/// [`Notice::Released`] wakes it.
const RETRY_LEASE: Duration = Duration::from_millis(50);

/// How often a process looks for matches it follows that have no writer (it died) but
/// a bot or a timer to move them.
const TAKE_OVER_EVERY: Duration = Duration::from_millis(500);

/// The updates a match keeps for a connection that is slow to read them; one that falls
/// further behind is sent a new `welcome` with what it missed. The channel makes room for
/// all of them with the match (some 40 bytes each): 256 of them were 10 KB a match.
const UPDATES_KEPT: usize = 32;

/// The finished matches a process keeps in memory after their last connection closed, of
/// those an observer watched, most recent first: an observer's `hello` to one of them is
/// answered without replaying it from the store. Few: each is a whole match in memory (some
/// 100 to 400 KB).
const FINISHED_KEPT: usize = 8;

/// Milliseconds since the Unix epoch, now.
pub(crate) fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| {
            u64::try_from(since.as_millis()).unwrap_or(u64::MAX)
        })
}

/// The server's matches.
///
/// With a store several processes share (PostgreSQL), each match has one writer among them
/// at a time, the process holding its lease ([`Store::take_lease`]): only it stores
/// records, plays bots and fires timers. The others follow: they load the match, serve
/// its connections, and catch up from the store when the writer says it stored records
/// ([`Notice::Records`]). A seat that acts through a follower makes it the writer: it asks
/// the writer to hand over ([`Notice::Release`]), takes the lease once free, catches up,
/// then plays. A writer that dies lets go of its leases with its connection; a follower
/// with a bot or a timer to move the match takes it over.
pub struct Hub {
    pub(crate) games: BTreeMap<&'static str, GameEntry>,
    pub(crate) store: Store,
    live: Mutex<HashMap<String, Arc<LiveMatch>>>,
    /// The matches whose writer's lease this process holds (a store others share).
    leases: Mutex<HashSet<String>>,
    /// Woken when another process hands over a match ([`Notice::Released`]).
    handed_over: Notify,
    /// Finished matches no connection watches any more, most recent first, at most
    /// [`FINISHED_KEPT`].
    finished: Mutex<VecDeque<Arc<LiveMatch>>>,
    /// How many times a match was loaded from the store (restored from its records).
    loads: AtomicUsize,
}

/// A match in memory: its table, its seats, and the channel its updates go out on.
pub(crate) struct LiveMatch {
    pub(crate) id: String,
    pub(crate) game: &'static str,
    /// When the match was created, in milliseconds since the epoch: its clock's origin.
    created_at: u64,
    pub(crate) state: tokio::sync::Mutex<MatchState>,
    /// Every update, stored, with a frame for each viewer.
    pub(crate) updates: broadcast::Sender<Arc<Update>>,
    /// The connections of each viewer (seat 0 first, then observers): an update writes
    /// frames only for the viewers someone watches as.
    watchers: Vec<AtomicUsize>,
    /// Of those, the connections that draw the game's pieces: an update carries the scene
    /// (and the scenes of its beats) only of the viewers one of them watches as. Shared
    /// with the table, which makes the beats' scenes as it follows its records.
    drawers: Arc<[AtomicUsize]>,
    /// Who holds each seat now: a connection whose credentials no longer hold its seat
    /// hears of it at once, and acts and sees as that seat no more.
    pub(crate) seating: watch::Sender<Seating>,
    /// Whether an observer ever watched it: only such a match is kept once finished.
    observed: AtomicBool,
}

/// Who holds the seats of a match, as its connections check it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Seating {
    /// The SHA-256 of each seat's credentials, seat 0 first; `None` for a seat nobody
    /// joined, or a bot's.
    pub(crate) holders: Vec<Option<String>>,
    /// Who sits at each seat, as the lobby names them (a person's name, `random bot`);
    /// `None` for a free seat.
    pub(crate) names: Vec<Option<String>>,
    /// The match was wiped (every person left it).
    pub(crate) wiped: bool,
}

impl Seating {
    fn of(seats: &[StoredSeat]) -> Self {
        Seating {
            holders: seats
                .iter()
                .map(|seat| seat.credential_hash.clone())
                .collect(),
            names: seats.iter().map(|seat| seat.name.clone()).collect(),
            wiped: false,
        }
    }

    /// Whether the credentials of SHA-256 `credential_hash` hold `seat`.
    pub(crate) fn holds(&self, seat: PlayerIndex, credential_hash: &str) -> bool {
        !self.wiped
            && self
                .holders
                .get(seat.0)
                .and_then(Option::as_deref)
                .is_some_and(|held| held == credential_hash)
    }
}

/// A match opened for a connection: the match, the connection counted as its viewer, and
/// its updates from then on.
pub(crate) struct Opened {
    pub(crate) live: Arc<LiveMatch>,
    pub(crate) watching: Watching,
    pub(crate) updates: broadcast::Receiver<Arc<Update>>,
}

/// A connection watching a match as one viewer, counted while it lives.
pub(crate) struct Watching {
    live: Arc<LiveMatch>,
    index: usize,
    /// Whether it draws the game's pieces (it is counted among the viewer's drawers).
    draws: bool,
}

impl Drop for Watching {
    fn drop(&mut self) {
        if let Some(count) = self.live.watchers.get(self.index) {
            count.fetch_sub(1, Ordering::SeqCst);
        }
        if self.draws
            && let Some(count) = self.live.drawers.get(self.index)
        {
            count.fetch_sub(1, Ordering::SeqCst);
        }
    }
}

/// A match's mutable part, behind its lock: one change at a time, stored before the
/// next.
pub(crate) struct MatchState {
    pub(crate) table: Box<dyn Table>,
    pub(crate) seats: Vec<StoredSeat>,
    /// The deadline a timer task waits for, so that one is started per deadline.
    timer: Option<Duration>,
    /// For each seat, the record count its bot is choosing at, while it chooses: one
    /// choice at a time per seat, however often the match is woken (a choice made before
    /// others acted still holds, in steps where players act at once).
    thinking: Vec<Option<usize>>,
    /// For each seat, the record count at which its bot last failed to play: it is not
    /// asked again until the match moves on.
    failed: Vec<Option<usize>>,
    /// Set when the store failed: the table ran ahead of what is durable, so it is
    /// dropped and loaded again.
    pub(crate) broken: bool,
    /// What the last update sent each viewer (seat 0 first, then observers), whole: the
    /// next one sends the changes from it.
    sent: Vec<Sent>,
}

/// The view and the scene a viewer was last sent, as JSON text; `None` for what nobody watched
/// (or drew) as that viewer then: the next update sends it whole. Every connection of the
/// viewer holds them: it was sent them, or the update before its welcome was made (a
/// welcome is made under the match's lock, which only a stored update changes the table
/// under).
#[derive(Clone, Debug, Default)]
struct Sent {
    view: Option<Box<str>>,
    scene: Option<Box<str>>,
}

/// Records appended to a match, stored: a `records` frame for each viewer (seat 0 first,
/// then an observer), serialized once.
pub(crate) struct Update {
    /// The lines of the match's log after it ([`Table::logged`]): it only grows, through
    /// undos too, so a connection knows which updates it has.
    pub(crate) logged: usize,
    /// The frames of each viewer, `None` for a viewer nobody watched as.
    pub(crate) frames: Vec<Option<Frames>>,
}

/// A viewer's frame of an update, serialized: without the scene, and with it for the
/// viewer's connections that draw pieces (their `welcome` had the scene the changes are
/// counted from; the others' had none).
pub(crate) struct Frames {
    plain: String,
    /// `None` when no connection that draws watched as the viewer.
    drawn: Option<String>,
}

impl Update {
    /// The frame of `viewer` for a connection that draws pieces or not; `None` when nobody
    /// watched as it when the update was made.
    pub(crate) fn frame(&self, viewer: Viewer, draws: bool) -> Option<&str> {
        let index = viewer_index(viewer, self.frames.len() - 1);
        let frames = self.frames.get(index)?.as_ref()?;
        Some(match (&frames.drawn, draws) {
            (Some(drawn), true) => drawn,
            _ => &frames.plain,
        })
    }
}

/// The index of `viewer` among a match's viewers: its seat, or `players` for observers.
fn viewer_index(viewer: Viewer, players: usize) -> usize {
    match viewer {
        Viewer::Player(seat) => seat.0,
        Viewer::Observer | Viewer::Admin => players,
    }
}

/// Why the hub could not do what it was asked.
#[derive(Debug, thiserror::Error)]
pub(crate) enum HubError {
    #[error("Match {0} not found")]
    NoSuchMatch(String),
    #[error("the store: {0}")]
    Store(#[from] StoreError),
    #[error("the match could not be restored: {0}")]
    Restore(String),
    #[error("{0}")]
    Setup(String),
}

impl Hub {
    pub(crate) fn new(games: BTreeMap<&'static str, GameEntry>, store: Store) -> Self {
        Hub {
            games,
            store,
            live: Mutex::new(HashMap::new()),
            leases: Mutex::new(HashSet::new()),
            handed_over: Notify::new(),
            finished: Mutex::new(VecDeque::new()),
            loads: AtomicUsize::new(0),
        }
    }

    /// With a store other processes share: starts following what they say, and taking
    /// over the matches whose writer died. Must be called inside a Tokio runtime; the tasks
    /// end with the hub.
    pub(crate) fn start_sharing(self: &Arc<Self>) {
        let Some(mut notices) = self.store.take_notices() else {
            return;
        };
        let hub = Arc::downgrade(self);
        tokio::spawn(async move {
            while let Some(notice) = notices.recv().await {
                let Some(hub) = hub.upgrade() else { return };
                // Each on a task of its own: a match waiting for its lock holds up no other.
                tokio::spawn(async move { hub.heard(notice).await });
            }
        });
        let hub: Weak<Hub> = Arc::downgrade(self);
        tokio::spawn(async move {
            let mut every = tokio::time::interval(TAKE_OVER_EVERY);
            loop {
                every.tick().await;
                let Some(hub) = hub.upgrade() else { return };
                hub.take_over_orphans().await;
            }
        });
    }

    /// What another process said.
    async fn heard(self: &Arc<Self>, notice: Notice) {
        match notice {
            Notice::Records { id, logged } => {
                let Some(live) = self.live_match(&id) else {
                    return;
                };
                let mut state = live.state.lock().await;
                if state.broken || self.holds(&id) || state.table.logged() >= logged {
                    return;
                }
                let _ = self.catch_up(&live, &mut state).await;
            }
            Notice::Release { id } => {
                if !self.holds(&id) {
                    return;
                }
                // Whatever this process is doing with the match ends first.
                let live = self.live_match(&id);
                let mut state = match &live {
                    Some(live) => Some(live.state.lock().await),
                    None => None,
                };
                if let Some(state) = state.as_mut() {
                    // Its bots and timers run in the new writer's process now (a bot still
                    // choosing here finds it so when it is done, and plays nothing).
                    state.timer = None;
                    state.failed.fill(None);
                }
                self.let_go(&id).await;
            }
            Notice::Released { .. } => self.handed_over.notify_waiters(),
            Notice::Seats { id } => self.seats_changed(&id).await,
            Notice::Resumed => self.resume().await,
        }
    }

    /// After this process's listening connection was lost and made again: every notice
    /// sent meanwhile is lost, so each match in memory reads its seats again and each one
    /// it follows catches up from the store, as if told of both. A handover missed is
    /// asked again by its waiter ([`ASK_AGAIN`]); it is woken all the same.
    async fn resume(self: &Arc<Self>) {
        self.handed_over.notify_waiters();
        let in_memory: Vec<Arc<LiveMatch>> = self
            .live
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .values()
            .cloned()
            .collect();
        for live in in_memory {
            let hub = Arc::clone(self);
            // Each on a task of its own, as the notices are.
            tokio::spawn(async move {
                let mut state = live.state.lock().await;
                if state.broken {
                    return;
                }
                if let Err(error) = hub.read_seats(&live, &mut state).await {
                    eprintln!(
                        "meeple-server: match {}: its seats could not be read again: {error}",
                        live.id
                    );
                    return;
                }
                if !state.broken && !hub.holds(&live.id) {
                    let _ = hub.catch_up(&live, &mut state).await;
                }
            });
        }
    }

    /// After the seats of match `id` changed in the store (a join, a leave, a rename, a
    /// wipe; here or in another process): the match in memory reads them again, and the
    /// connections whose credentials no longer hold their seat hear of it. When the store
    /// cannot be read, the match is dropped from memory (its seats may be stale: it is
    /// loaded again when next asked) and the failure written to the standard error: the
    /// change itself stands.
    pub(crate) async fn seats_changed(&self, id: &str) {
        let Some(live) = self.live_match(id) else {
            return;
        };
        let mut state = live.state.lock().await;
        if let Err(error) = self.read_seats(&live, &mut state).await {
            eprintln!("meeple-server: match {id}: its seats could not be read again: {error}");
        }
    }

    /// After seat `seat` of match `id` was taken (a join), in this process: the match in
    /// memory, if any, has `row` there. No read of the store: the seat was free when the
    /// join committed, and a change of it since can only follow a leave, which reads the
    /// seats again under the match's lock (whoever has the lock last has the latest seats).
    pub(crate) async fn seat_taken(&self, id: &str, seat: usize, row: StoredSeat) {
        let Some(live) = self.live_match(id) else {
            return;
        };
        let mut state = live.state.lock().await;
        let Some(kept) = state.seats.get_mut(seat) else {
            return;
        };
        *kept = row;
        let seating = Seating::of(&state.seats);
        live.seating.send_if_modified(|now| {
            let changed = !now.wiped && *now != seating;
            if changed {
                *now = seating;
            }
            changed
        });
    }

    /// Reads the seats of match `live` from the store into its state, and tells its
    /// connections who holds them; a match the store no longer has was wiped.
    async fn read_seats(&self, live: &LiveMatch, state: &mut MatchState) -> Result<(), StoreError> {
        match self.store.get(live.id.clone()).await {
            Ok(Some(stored)) => {
                let seating = Seating::of(&stored.seats);
                state.seats = stored.seats;
                live.seating.send_if_modified(|now| {
                    let changed = *now != seating;
                    *now = seating;
                    changed
                });
                Ok(())
            }
            Ok(None) => {
                state.broken = true;
                self.forget(&live.id);
                live.seating.send_modify(|now| now.wiped = true);
                Ok(())
            }
            Err(error) => {
                state.broken = true;
                self.forget(&live.id);
                Err(error)
            }
        }
    }

    /// Whether this process writes match `id`: it holds its lease, or no other process
    /// shares the store.
    fn holds(&self, id: &str) -> bool {
        !self.store.shared()
            || self
                .leases
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .contains(id)
    }

    /// Takes match `id`'s lease if it is free: whether this process holds it now.
    async fn try_take(&self, id: &str) -> Result<bool, StoreError> {
        if self.holds(id) {
            return Ok(true);
        }
        let taken = self.store.take_lease(id.to_owned()).await?;
        if taken {
            let first = self
                .leases
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .insert(id.to_owned());
            if !first {
                // Taken twice at once (two loads of the match): the database counts both,
                // and `let_go` gives back one.
                let _ = self.store.unlock_lease(id.to_owned()).await;
            }
        }
        Ok(taken)
    }

    /// Gives up match `id`'s lease, if this process holds it.
    async fn let_go(&self, id: &str) {
        let held = self
            .leases
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(id);
        if held {
            // On a failure the lease goes with this process's connection.
            let _ = self.store.release_lease(id.to_owned()).await;
        }
    }

    /// Makes this process match `live`'s writer: its lease taken (the writer in another
    /// process asked to hand it over), then what that process stored played here.
    ///
    /// # Errors
    /// [`WireError::WriterBusy`] when the lease is not free within [`HANDOVER_WAIT`];
    /// [`WireError::Store`].
    async fn become_writer(
        &self,
        live: &Arc<LiveMatch>,
        state: &mut MatchState,
    ) -> Result<(), WireError> {
        if self.holds(&live.id) {
            return Ok(());
        }
        let started = Instant::now();
        let mut asked: Option<Instant> = None;
        loop {
            let handed = self.handed_over.notified();
            tokio::pin!(handed);
            handed.as_mut().enable();
            if self.try_take(&live.id).await.map_err(store_error)? {
                break;
            }
            if started.elapsed() >= HANDOVER_WAIT {
                return Err(WireError::WriterBusy {
                    waited_ms: crate::table::millis(started.elapsed()),
                });
            }
            if asked.is_none_or(|at| at.elapsed() >= ASK_AGAIN) {
                let release = Notice::Release {
                    id: live.id.clone(),
                };
                self.store.notify(release).await.map_err(store_error)?;
                asked = Some(Instant::now());
            }
            let _ = tokio::time::timeout(RETRY_LEASE, handed).await;
        }
        self.catch_up(live, state).await
    }

    /// Plays what other processes stored of match `live` since its table's last line,
    /// and tells its viewers. A table that cannot follow the store is dropped from memory
    /// (loaded again when next asked).
    ///
    /// # Errors
    /// [`WireError::Store`].
    async fn catch_up(
        &self,
        live: &Arc<LiveMatch>,
        state: &mut MatchState,
    ) -> Result<(), WireError> {
        let (lines, rebases) = self
            .store
            .lines_since(live.id.clone(), state.table.logged())
            .await
            .map_err(store_error)?;
        if lines.is_empty() {
            return Ok(());
        }
        let heard = match state.table.catch_up(&lines, &rebases) {
            Ok(heard) => heard,
            Err(reason) => {
                state.broken = true;
                self.forget(&live.id);
                return Err(WireError::Store { reason });
            }
        };
        let mut pending = Vec::new();
        let mut pending_logged = 0;
        for caught in heard {
            match caught {
                CaughtUp::Records { new, logged } => {
                    pending.extend(new);
                    pending_logged = logged;
                }
                CaughtUp::Undone {
                    seat,
                    cancels,
                    logged,
                } => {
                    if !pending.is_empty() {
                        let update =
                            build_update(live, state, std::mem::take(&mut pending), pending_logged);
                        let _ = live.updates.send(Arc::new(update));
                    }
                    let update = build_undone(live, state, seat, &cancels, logged);
                    let _ = live.updates.send(Arc::new(update));
                }
            }
        }
        if !pending.is_empty() {
            let update = build_update(live, state, pending, pending_logged);
            let _ = live.updates.send(Arc::new(update));
        }
        self.leave_if_over(live, state.table.outcome().is_some())
            .await;
        Ok(())
    }

    /// A finished match (`over`) leaves this process its lease, and memory once no
    /// connection watches it (kept a while for observers, [`FINISHED_KEPT`]); the store
    /// keeps it.
    async fn leave_if_over(&self, live: &Arc<LiveMatch>, over: bool) {
        if over {
            self.retire(live);
            self.let_go(&live.id).await;
        }
    }

    /// Moves finished match `live` out of the matches in memory once no connection watches
    /// it: to the few kept for observers ([`FINISHED_KEPT`]) if any observer watched it
    /// (a match nobody watches is not kept: its observers would be the first).
    fn retire(&self, live: &Arc<LiveMatch>) {
        if self.remove_unwatched(live) && live.observed.load(Ordering::Relaxed) {
            let mut finished = self.finished.lock().unwrap_or_else(PoisonError::into_inner);
            finished.retain(|kept| kept.id != live.id);
            finished.push_front(Arc::clone(live));
            finished.truncate(FINISHED_KEPT);
        }
    }

    /// Takes over the matches this process follows whose writer is gone (its lease free)
    /// and that a bot or a timer moves: nobody else would.
    async fn take_over_orphans(self: &Arc<Self>) {
        let followed: Vec<Arc<LiveMatch>> = self
            .live
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .values()
            .filter(|live| !self.holds(&live.id))
            .cloned()
            .collect();
        for live in followed {
            {
                let mut state = live.state.lock().await;
                if state.broken || state.table.outcome().is_some() || !moves_alone(&state) {
                    continue;
                }
                if !matches!(self.try_take(&live.id).await, Ok(true)) {
                    continue;
                }
                if self.catch_up(&live, &mut state).await.is_err() {
                    continue;
                }
            }
            self.wake(&live).await;
        }
    }

    /// Creates match `stored` (its seats set, its seed drawn), its config checked by the
    /// game first ([`Game::validate_config`], in the game's words), stores it with its
    /// setup records, and keeps it in memory, its bots started.
    ///
    /// # Errors
    /// [`HubError::Setup`] when the game refuses the setup (its config, its seats);
    /// [`HubError::Store`] when the store fails.
    pub(crate) async fn create(
        self: &Arc<Self>,
        stored: StoredMatch,
        players: usize,
    ) -> Result<(), HubError> {
        let Some((game, entry)) = self.games.get_key_value(stored.game.as_str()) else {
            return Err(HubError::Setup(format!("Game {} not found", stored.game)));
        };
        let setup = Setup {
            config: stored.config.clone(),
            players,
            seed: stored.seed,
            move_clock: stored.move_clock_ms.map(Duration::from_millis),
        };
        // The game's check of its config and its setup are its author's code: off the
        // async workers, in one trip to the blocking pool.
        let (validate, create) = (entry.validate, entry.create);
        let mut table = off_the_workers(move || {
            validate(&setup.config, setup.players)?;
            create(&setup)
        })
        .await
        .map_err(|error| HubError::Setup(format!("the game's setup panicked: {error}")))?
        .map_err(HubError::Setup)?;
        let records: Vec<Line> = table.take_new().into_iter().map(|new| new.stored).collect();
        let mut stored = stored;
        stored.gameover = table.outcome();
        let (id, created_at, seats) = (stored.id.clone(), stored.created_at, stored.seats.clone());
        self.store.create(stored, records).await?;
        if table.outcome().is_none() {
            // A new match: nobody else has heard of it, its lease is free.
            self.try_take(&id).await?;
            let live = self.keep(LiveMatch::new(id, game, created_at, table, seats));
            self.wake(&live).await;
        }
        Ok(())
    }

    /// Keeps `live` in memory, unless the same match was loaded meanwhile: then that one.
    fn keep(&self, live: LiveMatch) -> Arc<LiveMatch> {
        let mut map = self.live.lock().unwrap_or_else(PoisonError::into_inner);
        Arc::clone(map.entry(live.id.clone()).or_insert_with(|| Arc::new(live)))
    }

    /// Match `id` for a connection watching as `viewer`: loaded from the store when it is
    /// not in memory, and counted as watched ([`LiveMatch::watch`]) and subscribed to while
    /// it is in the hub's map, so that it cannot leave memory between the two (a change of
    /// its seats must reach every connection).
    ///
    /// # Errors
    /// [`HubError::NoSuchMatch`]; [`HubError::Store`]; [`HubError::Restore`] when its
    /// records do not replay.
    pub(crate) async fn open(
        self: &Arc<Self>,
        id: &str,
        viewer: Viewer,
        draws: bool,
    ) -> Result<Opened, HubError> {
        if let Some(opened) = self.attach(id, None, viewer, draws) {
            return Ok(opened);
        }
        let kept = {
            let mut finished = self.finished.lock().unwrap_or_else(PoisonError::into_inner);
            finished
                .iter()
                .position(|kept| kept.id == id)
                .and_then(|index| finished.remove(index))
        };
        if let Some(kept) = kept
            && let Some(opened) = self.attach(id, Some(kept), viewer, draws)
        {
            // Its seats again: a change of them while it was out of the map reached nobody.
            let mut state = opened.live.state.lock().await;
            self.read_seats(&opened.live, &mut state).await?;
            drop(state);
            return Ok(opened);
        }
        self.loads.fetch_add(1, Ordering::Relaxed);
        let stored = self
            .store
            .get(id.to_owned())
            .await?
            .ok_or_else(|| HubError::NoSuchMatch(id.to_owned()))?;
        let loaded = self.store.load(id.to_owned()).await?;
        let stored_count = loaded.base.as_ref().map_or(0, |base| base.at) + loaded.lines.len();
        // A follower (another process writes the match) fires no timer: the writer does.
        let writer = stored.gameover.is_none() && self.try_take(id).await?;
        let clock = if writer {
            Duration::from_millis(now_ms().saturating_sub(stored.created_at))
        } else {
            Duration::ZERO
        };
        let table = match self.restore_table(&stored, loaded, clock).await {
            Ok(table) => table,
            Err(error) => {
                self.let_go(id).await;
                return Err(error);
            }
        };
        let Some(game) = self
            .games
            .get_key_value(stored.game.as_str())
            .map(|(game, _)| *game)
        else {
            return Err(HubError::Restore(format!(
                "no game `{}` is served",
                stored.game
            )));
        };
        let loaded = Arc::new(LiveMatch::new(
            id.to_owned(),
            game,
            stored.created_at,
            table,
            stored.seats,
        ));
        // Of two loads at once, the first is kept. A finished match too, while connections
        // watch it: a seat that leaves it must reach them.
        let Some(opened) = self.attach(id, Some(Arc::clone(&loaded)), viewer, draws) else {
            return Err(HubError::NoSuchMatch(id.to_owned()));
        };
        let live = Arc::clone(&opened.live);
        {
            let mut state = live.state.lock().await;
            if Arc::ptr_eq(&live, &loaded) {
                // The seats again, now that a change of them finds the match in memory: one
                // made since they were read above would otherwise be missed.
                self.read_seats(&live, &mut state).await?;
            }
            // A timer that came due while the match was not loaded fired in `restore`: its
            // records are stored now, before anyone is told of them.
            if self.holds(id) {
                let new = state.table.take_new();
                if !new.is_empty() && !state.broken {
                    let _ = self
                        .commit(&live, &mut state, stored_count, new, None)
                        .await;
                }
            } else if !state.broken {
                // What the writer stored since the records were read.
                let _ = self.catch_up(&live, &mut state).await;
            }
        }
        self.wake(&live).await;
        Ok(opened)
    }

    /// Under the map's lock: match `id` as the map has it (`loaded` put there if it has
    /// none), watched as `viewer` and subscribed to; `None` when the map has none and
    /// nothing is given.
    fn attach(
        &self,
        id: &str,
        loaded: Option<Arc<LiveMatch>>,
        viewer: Viewer,
        draws: bool,
    ) -> Option<Opened> {
        let mut map = self.live.lock().unwrap_or_else(PoisonError::into_inner);
        let live = match (map.get(id), loaded) {
            (Some(live), _) => Arc::clone(live),
            (None, Some(loaded)) => Arc::clone(map.entry(id.to_owned()).or_insert(loaded)),
            (None, None) => return None,
        };
        // Watched, then subscribed: every update from then on has a frame for this viewer.
        let watching = live.watch(viewer, draws);
        let updates = live.updates.subscribe();
        Some(Opened {
            live,
            watching,
            updates,
        })
    }

    /// Replays `stored`'s lines from its base snapshot (from its setup without one,
    /// [`Loaded`]) into a table of its game, its clock moved to `clock` (a timer due by then fires: its
    /// records are the table's new ones), on the blocking pool: replaying lines takes as
    /// long as they are many.
    ///
    /// # Errors
    /// [`HubError::Restore`]: the game is not served, or the lines do not replay.
    async fn restore_table(
        &self,
        stored: &StoredMatch,
        loaded: Loaded,
        clock: Duration,
    ) -> Result<Box<dyn Table>, HubError> {
        let Some(entry) = self.games.get(stored.game.as_str()) else {
            return Err(HubError::Restore(format!(
                "no game `{}` is served",
                stored.game
            )));
        };
        let setup = Setup {
            config: stored.config.clone(),
            players: stored.seats.len(),
            seed: stored.seed,
            move_clock: stored.move_clock_ms.map(Duration::from_millis),
        };
        let restore = entry.restore;
        off_the_workers(move || restore(&setup, loaded, clock))
            .await
            .unwrap_or_else(|error| Err(format!("replaying it panicked: {error}")))
            .map_err(HubError::Restore)
    }

    /// Loads match `live`'s table and seats again from the store, in place, after its
    /// table ran ahead of the store by records the store refused
    /// ([`StoreError::SeatChanged`]): its connections heard of none of them, and stay.
    ///
    /// # Errors
    /// As [`open`](Self::open)'s.
    async fn reload(&self, live: &LiveMatch, state: &mut MatchState) -> Result<(), HubError> {
        let stored = self
            .store
            .get(live.id.clone())
            .await?
            .ok_or_else(|| HubError::NoSuchMatch(live.id.clone()))?;
        let loaded = self.store.load(live.id.clone()).await?;
        // At the clock of its last record: a timer due since fires at the next change.
        state.table = self.restore_table(&stored, loaded, Duration::ZERO).await?;
        state.table.draw_for(Arc::clone(&live.drawers));
        state.failed.fill(None);
        // Whole views at the next update: nothing then depends on the table read again
        // standing where the last update left it.
        state.sent.fill(Sent::default());
        self.read_seats(live, state).await?;
        Ok(())
    }

    fn live_match(&self, id: &str) -> Option<Arc<LiveMatch>> {
        self.live
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(id)
            .cloned()
    }

    /// Drops match `id` from memory: it is loaded again from the store when next asked.
    pub(crate) fn forget(&self, id: &str) {
        self.live
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(id);
    }

    /// Drops match `live` from memory once nothing moves it: no connection left, no bot
    /// to act, no timer running; a finished one once no connection watches it (kept a
    /// while for observers). The store has it; it is loaded again when asked.
    pub(crate) async fn release(&self, live: &Arc<LiveMatch>) {
        let state = live.state.lock().await;
        let over = state.table.outcome().is_some() && !state.broken;
        // A follower's bots play in the writer's process.
        let moving =
            state.timer.is_some() || (self.holds(&live.id) && bot_to_act(&state) && !state.broken);
        drop(state);
        if over {
            self.retire(live);
        } else if !moving && self.remove_unwatched(live) {
            self.let_go(&live.id).await;
        }
    }

    /// Removes match `live` from the map if no connection watches it, under the map's lock
    /// (a connection subscribes under it, [`open`](Self::open)): whether it did.
    fn remove_unwatched(&self, live: &Arc<LiveMatch>) -> bool {
        let mut map = self.live.lock().unwrap_or_else(PoisonError::into_inner);
        let kept = map
            .get(&live.id)
            .is_some_and(|kept| Arc::ptr_eq(kept, live));
        kept && live.updates.receiver_count() == 0 && map.remove(&live.id).is_some()
    }

    /// Wipes match `id` (every person left it): its connections hear that it is gone.
    ///
    /// # Errors
    /// [`StoreError`]; the match is dropped from memory all the same.
    pub(crate) async fn wipe(&self, id: &str) -> Result<(), StoreError> {
        let live = self.live_match(id);
        if let Some(live) = &live {
            live.state.lock().await.broken = true;
        }
        self.forget(id);
        self.finished
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .retain(|kept| kept.id != id);
        self.let_go(id).await;
        self.store.wipe(id.to_owned()).await?;
        if let Some(live) = live {
            live.seating.send_modify(|now| now.wiped = true);
        }
        Ok(())
    }

    /// How many times a match was loaded from the store since the server started: a
    /// match in memory, or finished and kept for observers, is not loaded again.
    pub fn loads(&self) -> usize {
        self.loads.load(Ordering::Relaxed)
    }

    /// The store the matches are kept in: to read them while the server runs (a SQLite
    /// file has this one connection, and refuses any other while it lives).
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// How many matches are in memory.
    pub fn live_count(&self) -> usize {
        self.live
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .len()
    }

    /// Submits `submission` for `seat` at match `live`, acting on record count `at`, from
    /// a connection whose credentials have SHA-256 `credential_hash`: the clock moved to
    /// now first (a timer due fires before it), then the records stored, then sent to
    /// every viewer. Returns the record count after it.
    ///
    /// # Errors
    /// [`WireError::SeatLost`] when the credentials no longer hold the seat (checked here,
    /// and again by the store in the transaction that appends the records when other
    /// processes share it); the table's refusal; [`WireError::Store`].
    pub(crate) async fn submit(
        self: &Arc<Self>,
        live: &Arc<LiveMatch>,
        seat: PlayerIndex,
        credential_hash: &str,
        at: usize,
        submission: &Submission,
    ) -> Result<usize, WireError> {
        let result = {
            let mut state = live.state.lock().await;
            if state.broken {
                return Err(WireError::MatchGone);
            }
            check_holder(live, seat, credential_hash)?;
            self.become_writer(live, &mut state).await?;
            let from = state.table.logged();
            let mut new = state.table.advance_clock(live.clock()).unwrap_or_default();
            let submitted = state.table.submit(seat, at, submission);
            let refusal = match submitted {
                Ok(records) => {
                    new.extend(records);
                    None
                }
                Err(error) => Some(error),
            };
            let holder = refusal
                .is_none()
                .then(|| self.store_guard(seat, credential_hash))
                .flatten();
            self.commit(live, &mut state, from, new, holder).await?;
            match refusal {
                None => Ok(state.table.records()),
                Some(error) => Err(error),
            }
        };
        self.wake(live).await;
        result
    }

    /// Takes back `seat`'s last action at match `live` (with what depended on it when
    /// `take_back`): the undo stored as a line of the log, then every viewer told which
    /// records are gone. Returns the record count after it.
    ///
    /// # Errors
    /// As [`submit`](Self::submit)'s, and the engine's refusal of the undo.
    pub(crate) async fn undo(
        self: &Arc<Self>,
        live: &Arc<LiveMatch>,
        seat: PlayerIndex,
        credential_hash: &str,
        take_back: bool,
    ) -> Result<usize, WireError> {
        let result = {
            let mut state = live.state.lock().await;
            if state.broken {
                return Err(WireError::MatchGone);
            }
            check_holder(live, seat, credential_hash)?;
            self.become_writer(live, &mut state).await?;
            let from = state.table.logged();
            let undone = state.table.undo(seat, take_back)?;
            let appended = Appended {
                records: vec![undone.stored],
                updated_at: now_ms(),
                gameover: state.table.outcome(),
                holder: self.store_guard(seat, credential_hash),
                snapshot: state.table.snapshot(),
                cancels_snapshot: undone.cancels_snapshot,
            };
            if let Err(error) = self.store.append(live.id.clone(), from, appended).await {
                return Err(self.store_failed(live, &mut state, &error).await);
            }
            state.table.rebase();
            let logged = state.table.logged();
            let update = build_undone(live, &mut state, seat, &undone.cancels, logged);
            let _ = live.updates.send(Arc::new(update));
            Ok(state.table.records())
        };
        self.wake(live).await;
        result
    }

    /// After the store failed to keep what `live`'s table played: the table ran ahead of
    /// what is durable, so the match is dropped from memory (loaded again from the store
    /// when next asked) and nobody hears of what was lost.
    ///
    /// Records the store refused because the seat that submitted them changed hands
    /// ([`StoreError::SeatChanged`], a race between processes) are not a failure of the
    /// store: the table is loaded again in place, and the match goes on.
    async fn store_failed(
        &self,
        live: &LiveMatch,
        state: &mut MatchState,
        error: &StoreError,
    ) -> WireError {
        if let StoreError::SeatChanged { seat } = error {
            match self.reload(live, state).await {
                Ok(()) => return WireError::SeatLost { seat: *seat },
                Err(reload) => eprintln!(
                    "meeple-server: match {}: it could not be loaded again after seat {seat} changed hands: {reload}",
                    live.id
                ),
            }
        }
        state.broken = true;
        self.forget(&live.id);
        match error {
            StoreError::SeatChanged { seat } => WireError::SeatLost { seat: *seat },
            other => store_error(other.clone()),
        }
    }

    /// What the store checks before it appends records a person's connection submitted:
    /// that its credentials still hold the seat. Only where other processes share the
    /// store: in one process every change of a seat reaches the match in memory before the
    /// lobby answers, and [`check_holder`] is enough.
    fn store_guard(&self, seat: PlayerIndex, credential_hash: &str) -> Option<(usize, String)> {
        self.store
            .shared()
            .then(|| (seat.0, credential_hash.to_owned()))
    }

    /// Stores `new`, appended as log line `from` on, then sends it to every viewer. On a
    /// failure of the store the match is dropped from memory (its table ran ahead of the
    /// store) and nobody hears of the records.
    async fn commit(
        &self,
        live: &Arc<LiveMatch>,
        state: &mut MatchState,
        from: usize,
        new: Vec<NewRecord>,
        holder: Option<(usize, String)>,
    ) -> Result<(), WireError> {
        if new.is_empty() {
            return Ok(());
        }
        let appended = Appended {
            records: new.iter().map(|record| record.stored.clone()).collect(),
            updated_at: now_ms(),
            gameover: state.table.outcome(),
            holder,
            snapshot: state.table.snapshot(),
            cancels_snapshot: None,
        };
        if let Err(error) = self.store.append(live.id.clone(), from, appended).await {
            return Err(self.store_failed(live, state, &error).await);
        }
        state.table.rebase();
        let logged = state.table.logged();
        let update = build_update(live, state, new, logged);
        let _ = live.updates.send(Arc::new(update));
        self.leave_if_over(live, state.table.outcome().is_some())
            .await;
        Ok(())
    }

    /// Starts what moves the match without a person: a bot whose seat is to act, a timer
    /// to its deadline.
    ///
    /// Boxed, as a future of its own: the tasks it starts come back to it.
    pub(crate) fn wake<'a>(
        self: &'a Arc<Self>,
        live: &'a Arc<LiveMatch>,
    ) -> futures_util::future::BoxFuture<'a, ()> {
        Box::pin(self.wake_now(live))
    }

    async fn wake_now(self: &Arc<Self>, live: &Arc<LiveMatch>) {
        let mut state = live.state.lock().await;
        if state.broken || state.table.outcome().is_some() || !self.holds(&live.id) {
            return;
        }
        for seat in state.table.to_act() {
            let Some(bot) = state.seats.get(seat.0).and_then(|row| row.bot.clone()) else {
                continue;
            };
            let agent: AgentKind = bot
                .get("agent")
                .and_then(|agent| serde_json::from_value(agent.clone()).ok())
                .unwrap_or(AgentKind::Random);
            let think = bot.get("thinkMs").and_then(Value::as_u64).unwrap_or(0);
            // One choice at a time per seat; a bot that failed to play is not asked again
            // until the match moves on.
            let at = Some(state.table.records());
            if state.thinking.get(seat.0).is_some_and(Option::is_some)
                || state.failed.get(seat.0).copied().flatten() == at
            {
                continue;
            }
            self.start_bot(live, &mut state, seat, agent, think);
        }
        let deadline = state.table.deadline();
        if deadline.is_some() && deadline != state.timer {
            state.timer = deadline;
            let hub = Arc::clone(self);
            let live = Arc::clone(live);
            let due = deadline.unwrap_or_default();
            tokio::spawn(async move {
                let wait = due.saturating_sub(live.clock());
                tokio::time::sleep(wait).await;
                hub.tick(&live).await;
            });
        }
    }

    /// Makes `seat`'s bot, played by `agent`, choose at the match's record count now, off
    /// the async runtime, then play its choice after `think` milliseconds.
    fn start_bot(
        self: &Arc<Self>,
        live: &Arc<LiveMatch>,
        state: &mut MatchState,
        seat: PlayerIndex,
        agent: AgentKind,
        think: u64,
    ) {
        let Some(job) = state.table.bot_job(seat, agent) else {
            return;
        };
        let at = state.table.records();
        if let Some(thinking) = state.thinking.get_mut(seat.0) {
            *thinking = Some(at);
        }
        let hub = Arc::clone(self);
        let live = Arc::clone(live);
        tokio::spawn(async move {
            match tokio::task::spawn_blocking(job).await {
                Ok(choice) => {
                    if think > 0 {
                        tokio::time::sleep(Duration::from_millis(think)).await;
                    }
                    hub.play_bot(&live, agent, choice).await;
                }
                Err(panicked) => {
                    let mut state = live.state.lock().await;
                    finish_thinking(&mut state, seat, at);
                    let failure = format!("the agent panicked: {panicked}");
                    hub.bot_failed(&live, &mut state, seat, agent, at, &failure);
                    drop(state);
                    hub.wake(&live).await;
                }
            }
        });
    }

    /// Plays `choice`, made by `agent`; a choice made before the match moved on is
    /// dropped, and the bot asked again by [`wake`](Self::wake).
    async fn play_bot(
        self: &Arc<Self>,
        live: &Arc<LiveMatch>,
        agent: AgentKind,
        choice: crate::table::BotChoice,
    ) {
        {
            let mut state = live.state.lock().await;
            let (seat, at) = (choice.seat, choice.at);
            finish_thinking(&mut state, seat, at);
            // A bot of a match handed over to another process meanwhile plays there.
            if state.broken || !self.holds(&live.id) {
                return;
            }
            let from = state.table.logged();
            match state.table.play_bot(choice) {
                Ok(new) => {
                    let _ = self.commit(live, &mut state, from, new, None).await;
                }
                // Asked again by `wake` below, at the record count now.
                Err(WireError::Stale { .. }) => {}
                Err(refused) => {
                    let failure = refused.to_string();
                    self.bot_failed(live, &mut state, seat, agent, at, &failure);
                }
            }
        }
        self.wake(live).await;
        // A match nobody watches leaves memory once its bots are done.
        if live.updates.receiver_count() == 0 {
            self.release(live).await;
        }
    }

    /// After `seat`'s bot, played by `agent`, failed to play at record count `at` (it chose
    /// what the game refused, found nothing, or panicked): says so once on the standard
    /// error, and lets a random agent play the seat at that count instead, once. The seat's
    /// bot is not asked again at that count: a bot never spins on a choice it cannot make.
    fn bot_failed(
        self: &Arc<Self>,
        live: &Arc<LiveMatch>,
        state: &mut MatchState,
        seat: PlayerIndex,
        agent: AgentKind,
        at: usize,
        failure: &str,
    ) {
        if let Some(failed) = state.failed.get_mut(seat.0) {
            *failed = Some(at);
        }
        let fallback = agent != AgentKind::Random && state.table.records() == at;
        eprintln!(
            "meeple-server: match {}: the {} bot of seat {} failed at record {at}: {failure}{}",
            live.id,
            agent.name(),
            seat.0,
            if fallback {
                "; a random agent plays the seat there instead"
            } else {
                ""
            }
        );
        if fallback && !state.broken && self.holds(&live.id) {
            self.start_bot(live, state, seat, AgentKind::Random, 0);
        }
    }

    /// Moves match `live`'s clock to now, firing its timer when due.
    async fn tick(self: &Arc<Self>, live: &Arc<LiveMatch>) {
        {
            let mut state = live.state.lock().await;
            state.timer = None;
            if state.broken || !self.holds(&live.id) {
                return;
            }
            let from = state.table.logged();
            if let Ok(new) = state.table.advance_clock(live.clock()) {
                let _ = self.commit(live, &mut state, from, new, None).await;
            }
        }
        self.wake(live).await;
        // A match nobody watches leaves memory once its timer is done.
        if live.updates.receiver_count() == 0 {
            self.release(live).await;
        }
    }
}

impl LiveMatch {
    fn new(
        id: String,
        game: &'static str,
        created_at: u64,
        mut table: Box<dyn Table>,
        seats: Vec<StoredSeat>,
    ) -> Self {
        let (updates, _) = broadcast::channel(UPDATES_KEPT);
        let players = table.players();
        let watchers = (0..=table.players()).map(|_| AtomicUsize::new(0)).collect();
        let drawers: Arc<[AtomicUsize]> =
            (0..=table.players()).map(|_| AtomicUsize::new(0)).collect();
        table.draw_for(Arc::clone(&drawers));
        let (seating, _) = watch::channel(Seating::of(&seats));
        LiveMatch {
            id,
            game,
            watchers,
            drawers,
            seating,
            observed: AtomicBool::new(false),
            created_at,
            state: tokio::sync::Mutex::new(MatchState {
                table,
                seats,
                timer: None,
                thinking: vec![None; players],
                failed: vec![None; players],
                broken: false,
                sent: vec![Sent::default(); players + 1],
            }),
            updates,
        }
    }

    /// Counts a connection watching as `viewer` until the result is dropped: from then on,
    /// every update has a frame for it. Called before subscribing to the updates.
    pub(crate) fn watch(self: &Arc<Self>, viewer: Viewer, draws: bool) -> Watching {
        if viewer.player().is_none() {
            self.observed.store(true, Ordering::Relaxed);
        }
        let index = viewer_index(viewer, self.watchers.len() - 1);
        if let Some(count) = self.watchers.get(index) {
            count.fetch_add(1, Ordering::SeqCst);
        }
        if draws && let Some(count) = self.drawers.get(index) {
            count.fetch_add(1, Ordering::SeqCst);
        }
        Watching {
            live: Arc::clone(self),
            index,
            draws,
        }
    }

    /// Whether some connection watches as the viewer at `index`.
    fn watched(&self, index: usize) -> bool {
        self.watchers
            .get(index)
            .is_some_and(|count| count.load(Ordering::SeqCst) > 0)
    }

    /// Whether some connection that draws the game's pieces watches as the viewer at
    /// `index`.
    fn drawn(&self, index: usize) -> bool {
        self.drawers
            .get(index)
            .is_some_and(|count| count.load(Ordering::SeqCst) > 0)
    }

    /// The match's clock: the time since it was created.
    pub(crate) fn clock(&self) -> Duration {
        Duration::from_millis(now_ms().saturating_sub(self.created_at))
    }
}

/// Checks that the credentials of SHA-256 `credential_hash` hold `seat` of match `live`.
/// Called under the match's lock, under which its seats change ([`Hub::seats_changed`],
/// [`Hub::seat_taken`]), so the answer holds until the lock is let go.
///
/// # Errors
/// [`WireError::MatchGone`] for a wiped match, [`WireError::SeatLost`] when the seat is
/// free or held by other credentials.
pub(crate) fn check_holder(
    live: &LiveMatch,
    seat: PlayerIndex,
    credential_hash: &str,
) -> Result<(), WireError> {
    let seating = live.seating.borrow();
    if seating.wiped {
        Err(WireError::MatchGone)
    } else if seating.holds(seat, credential_hash) {
        Ok(())
    } else {
        Err(WireError::SeatLost { seat: seat.0 })
    }
}

/// Runs `work`, the game's own code (a check of its config, its setup, a replay), on
/// tokio's blocking pool, where it holds up no other request however long it takes.
///
/// # Errors
/// The work panicked: what it said.
async fn off_the_workers<T: Send + 'static>(
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, String> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|error| match error.try_into_panic() {
            Ok(panicked) => panicked
                .downcast_ref::<&str>()
                .map(|text| (*text).to_owned())
                .or_else(|| panicked.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic".to_owned()),
            Err(error) => error.to_string(),
        })
}

/// `seat`'s bot is done choosing at record count `at`: it may be asked at any other.
fn finish_thinking(state: &mut MatchState, seat: PlayerIndex, at: usize) {
    if let Some(thinking) = state.thinking.get_mut(seat.0)
        && *thinking == Some(at)
    {
        *thinking = None;
    }
}

/// Whether a bot is to act at the match, and may: one that failed at this record waits
/// for the match to move on.
fn bot_to_act(state: &MatchState) -> bool {
    let at = Some(state.table.records());
    state.table.to_act().iter().any(|seat| {
        state.seats.get(seat.0).is_some_and(|row| row.bot.is_some())
            && state.failed.get(seat.0).copied().flatten() != at
    })
}

/// Whether something moves the match without a person: a bot to act, a timer running.
fn moves_alone(state: &MatchState) -> bool {
    bot_to_act(state) || state.table.deadline().is_some()
}

/// The wire's error for a failure of the store.
fn store_error(error: StoreError) -> WireError {
    WireError::Store {
        reason: error.to_string(),
    }
}

/// The `records` frame of each viewer for `new`, after which the log has `logged` lines:
/// each viewer's records moved into its frame, its view, scene and prompt serialized once.
fn build_update(
    live: &LiveMatch,
    state: &mut MatchState,
    new: Vec<NewRecord>,
    logged: usize,
) -> Update {
    let MatchState { table, sent, .. } = state;
    let table = table.as_ref();
    let acting = table.acting();
    let outcome = table.outcome();
    let at = table.records();
    let mut records: Vec<Vec<crate::protocol::Json>> = (0..=table.players())
        .map(|_| Vec::with_capacity(new.len()))
        .collect();
    // Beats only for a match someone draws: no allocation otherwise.
    let mut beats: Vec<Vec<crate::protocol::Json>> =
        if new.iter().any(|record| !record.beats.is_empty()) {
            (0..=table.players()).map(|_| Vec::new()).collect()
        } else {
            Vec::new()
        };
    for record in new {
        for (seen, viewed) in records.iter_mut().zip(record.viewed) {
            seen.push(viewed);
        }
        for (held, scenes) in beats.iter_mut().zip(record.beats) {
            held.extend(scenes);
        }
    }
    let frames = frames_for(live, table, sent, |index, shown, prompt| {
        ServerFrame::Records {
            records: records
                .get_mut(index)
                .map(std::mem::take)
                .unwrap_or_default(),
            beats: beats.get_mut(index).map(std::mem::take).unwrap_or_default(),
            at,
            shown,
            prompt,
            acting: acting.clone(),
            outcome: outcome.clone(),
        }
    });
    Update { logged, frames }
}

/// The `undone` frame of each viewer after `seat` cancelled the records at `cancels`, the
/// log then `logged` lines long.
fn build_undone(
    live: &LiveMatch,
    state: &mut MatchState,
    seat: PlayerIndex,
    cancels: &[usize],
    logged: usize,
) -> Update {
    let MatchState { table, sent, .. } = state;
    let table = table.as_ref();
    let acting = table.acting();
    let frames = frames_for(live, table, sent, |_, shown, prompt| ServerFrame::Undone {
        seat: seat.0,
        cancels: cancels.to_vec(),
        at: table.records(),
        shown,
        prompt,
        acting: acting.clone(),
    });
    Update { logged, frames }
}

/// The frames of each viewer someone watches as (seat 0 first, then observers; `None`
/// for the others), made by `frame` from the viewer's index, view and scene (the scene
/// only for a viewer a connection that draws pieces watches as) and prompt: serialized
/// once without the scene, and once more with it for such a viewer. The view and the scene
/// go as the changes from what `sent` holds of the viewer, whole when it holds nothing,
/// and `sent` then holds them; of a viewer nobody watches, it holds nothing.
fn frames_for(
    live: &LiveMatch,
    table: &dyn Table,
    sent: &mut [Sent],
    mut frame: impl FnMut(usize, Shown, Option<crate::protocol::Json>) -> ServerFrame,
) -> Vec<Option<Frames>> {
    let players = table.players();
    (0..=players)
        .map(|index| {
            let mut unsent = Sent::default();
            let sent = sent.get_mut(index).unwrap_or(&mut unsent);
            if !live.watched(index) {
                *sent = Sent::default();
                return None;
            }
            let viewer = if index == players {
                Viewer::Observer
            } else {
                Viewer::Player(PlayerIndex(index))
            };
            let prompt = viewer.player().and_then(|seat| table.prompt(seat));
            let (view, view_changes) = changes(&mut sent.view, table.view(viewer));
            let (scene, scene_changes) = if live.drawn(index) {
                changes(&mut sent.scene, table.scene(viewer))
            } else {
                sent.scene = None;
                (None, None)
            };
            let drawn = scene.is_some() || scene_changes.is_some();
            let shown = Shown {
                view,
                view_changes,
                scene,
                scene_changes,
            };
            let mut built = frame(index, shown, prompt);
            let drawn = drawn.then(|| serde_json::to_string(&built).ok()).flatten();
            without_scene(&mut built);
            let plain = serde_json::to_string(&built).ok()?;
            Some(Frames { plain, drawn })
        })
        .collect()
}

/// `frame` without what only a connection that draws pieces gets: its scene (whole or as
/// changes) and the scenes of its beats.
fn without_scene(frame: &mut ServerFrame) {
    match frame {
        ServerFrame::Records { shown, beats, .. } => {
            beats.clear();
            shown.scene = None;
            shown.scene_changes = None;
        }
        ServerFrame::Undone { shown, .. } => {
            shown.scene = None;
            shown.scene_changes = None;
        }
        _ => {}
    }
}

/// `now` to send, whole when `sent` holds nothing, else as the changes from what it holds
/// (a JSON Patch, RFC 6902: [`crate::changes`]): `(whole, changes)`, one of them set.
/// `sent` holds `now` after.
fn changes(
    sent: &mut Option<Box<str>>,
    now: crate::protocol::Json,
) -> (Option<crate::protocol::Json>, Option<crate::protocol::Json>) {
    let patch = sent
        .as_deref()
        .map(|before| crate::changes::changes(before, now.get()))
        .and_then(|patch| serde_json::value::RawValue::from_string(patch).ok());
    // Whole when nothing was sent before, or when the changes could not be made JSON.
    let shown = match patch {
        Some(patch) => (None, Some(patch)),
        None => (Some(now.clone()), None),
    };
    *sent = Some(now.into());
    shown
}
