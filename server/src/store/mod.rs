//! Where matches are kept: SQLite (in WAL mode with `synchronous=FULL`) or PostgreSQL,
//! written by one thread that commits every job waiting at once (group commit), so a
//! record is durable before it is acknowledged and durability does not cost a commit per
//! move.
//!
//! A match is its setup (game, config, seed, seats) and the append-only list of its
//! records, each as the log holds it ([`meeple::StoredRecord`]) in MessagePack: a
//! [`Line`]. Lines stored as JSON by earlier servers are read alike.

mod postgres;
mod sqlite;

use std::path::Path;
use std::sync::{Arc, Mutex, PoisonError, mpsc};
use std::thread;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use tokio::sync::{mpsc as channel, oneshot};

pub use self::postgres::{NOTICE_CHANNEL, listener_name};

/// A line of a match's log as stored: a [`meeple::StoredRecord`] in MessagePack (the
/// `rmp-serde` crate, structs as maps of their fields' names: self-describing, so a
/// record's JSON values and a game's own moves keep their shape, and a null reads as
/// serde_json reads it), or, written by an earlier server, in JSON (its first byte `{`,
/// which no MessagePack map starts with). [`pack_line`] writes one, [`read_line`] reads
/// either.
pub type Line = Vec<u8>;

/// `record` as a stored [`Line`], in MessagePack.
///
/// # Errors
/// The record cannot be serialized (a game's type whose `Serialize` fails), in words.
pub fn pack_line(record: &impl Serialize) -> Result<Line, String> {
    rmp_serde::to_vec_named(record).map_err(|error| error.to_string())
}

/// Reads a stored [`Line`], MessagePack or JSON, as `T` (a [`meeple::StoredRecord`] of
/// the game's moves, or a JSON value when its maps' keys are strings).
///
/// # Errors
/// The line is neither, or not a `T`, in words.
pub fn read_line<T: serde::de::DeserializeOwned>(line: &[u8]) -> Result<T, String> {
    if line.first() == Some(&b'{') {
        serde_json::from_slice(line).map_err(|error| error.to_string())
    } else {
        rmp_serde::from_slice(line).map_err(|error| error.to_string())
    }
}

/// The most jobs committed together: a bound on how long the first of them waits.
const GROUP_LIMIT: usize = 512;

/// Why the store failed. Nothing of the failed call was kept.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StoreError {
    /// SQLite refused (a full disk, a corrupt file, a locked database).
    #[error("SQLite: {0}")]
    Sqlite(String),
    /// PostgreSQL refused, or the connection to it failed.
    #[error("PostgreSQL: {0}")]
    Postgres(String),
    /// The store's thread is gone (the server is stopping).
    #[error("the store is closed")]
    Closed,
    /// A row of the database could not be read.
    #[error("a stored value could not be read: {0}")]
    Corrupt(String),
    /// Records submitted for a seat were not appended: the seat is no longer held by the
    /// credentials that submitted them (its player left, or another took it).
    #[error("seat {seat} is no longer held by the credentials that acted for it")]
    SeatChanged {
        /// The seat.
        seat: usize,
    },
}

impl From<rusqlite::Error> for StoreError {
    fn from(error: rusqlite::Error) -> Self {
        StoreError::Sqlite(error.to_string())
    }
}

impl From<::postgres::Error> for StoreError {
    fn from(error: ::postgres::Error) -> Self {
        StoreError::Postgres(error.to_string())
    }
}

/// A match as the store keeps it, without its records.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredMatch {
    /// The match's id.
    pub id: String,
    /// The game's name.
    pub game: String,
    /// The game's config, JSON.
    pub config: Value,
    /// The seed of its chance.
    pub seed: u64,
    /// Hidden from the lobby's list.
    pub unlisted: bool,
    /// When it was created, in milliseconds since the Unix epoch.
    pub created_at: u64,
    /// When a record was last appended, in milliseconds since the Unix epoch.
    pub updated_at: u64,
    /// The outcome, JSON, once the match is over.
    pub gameover: Option<Value>,
    /// The match created by "play again" from this one.
    pub next_match_id: Option<String>,
    /// Its clock per move, in milliseconds ([`meeple::PositionSettings::move_clock`]);
    /// `None` for none.
    pub move_clock_ms: Option<u64>,
    /// Its seats, seat 0 first.
    pub seats: Vec<StoredSeat>,
}

/// A seat of a stored match.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct StoredSeat {
    /// The name of the person who joined; `None` while the seat is free.
    pub name: Option<String>,
    /// The data they joined with, JSON.
    pub data: Option<Value>,
    /// The SHA-256 of their credentials, hexadecimal; never the credentials.
    pub credential_hash: Option<String>,
    /// The bot that plays the seat, JSON (`{"agent":"random"}`); `None` for a person.
    pub bot: Option<Value>,
}

/// A match as it stood after a number of its log's lines, kept so that loading it replays
/// only the lines after: a long match loads as fast as a short one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredSnapshot {
    /// The lines of the match's log before it (its records and undos): the lines after it
    /// are the ones to play from it.
    pub at: usize,
    /// Where the snapshot the writer's table was based on once it stored this one stands
    /// (`None`: on none, the table played from the setup): what the match is loaded from.
    pub base_at: Option<usize>,
    /// The snapshot as the server wrote it, in MessagePack: the engine's snapshot log
    /// ([`meeple::Engine::snapshot`]) and what the server counts beside it. Empty once the
    /// base of a later snapshot's base is past it: only the lines where the snapshots
    /// stand are read then (by followers, [`Store::lines_since`]).
    pub body: Line,
}

/// What a match is loaded from ([`Store::load`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Loaded {
    /// The snapshot its table is based on: the base of its last snapshot (`None`: the
    /// match is played from its setup).
    pub base: Option<StoredSnapshot>,
    /// Its last snapshot, which its table rebases on at the next; `None` when it has none
    /// or an undo cancelled it.
    pub latest: Option<StoredSnapshot>,
    /// The lines of its log after `base` (all of them without one), in order.
    pub lines: Vec<Line>,
}

/// What [`Store::append`] appends to a match, in one transaction.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Appended {
    /// The lines appended, each as the log holds it.
    pub records: Vec<Line>,
    /// When, in milliseconds since the Unix epoch.
    pub updated_at: u64,
    /// The outcome, JSON, once the match is over.
    pub gameover: Option<Value>,
    /// A seat and the SHA-256 of the credentials that acted for it: the lines are only
    /// appended if that seat is still held by them.
    pub holder: Option<(usize, String)>,
    /// A snapshot of the match after these lines, written with them.
    pub snapshot: Option<StoredSnapshot>,
    /// The line of a snapshot these lines cancelled (an undo that took back records
    /// before it): it is no longer one to rebase on.
    pub cancels_snapshot: Option<usize>,
}

/// A filter of the lobby's list of matches.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MatchFilter {
    /// Only over (`true`) or not over (`false`) matches.
    pub is_gameover: Option<bool>,
    /// Only matches updated strictly before, in milliseconds since the epoch.
    pub updated_before: Option<u64>,
    /// Only matches updated strictly after.
    pub updated_after: Option<u64>,
}

/// What a job does in a transaction of either database: the store's operations, each
/// its own statements.
trait Rows {
    fn insert_match(&mut self, stored: &StoredMatch) -> Result<(), StoreError>;
    fn insert_seat(&mut self, id: &str, seat: usize, row: &StoredSeat) -> Result<(), StoreError>;
    fn append_rows(&mut self, id: &str, from: usize, records: &[Line]) -> Result<(), StoreError>;
    /// Stores `snapshot`, and empties the bodies of the snapshots before its base's own
    /// base, which nothing loads any more (one generation is kept for a load that read
    /// the last snapshot just before this one was stored).
    fn insert_snapshot(&mut self, id: &str, snapshot: &StoredSnapshot) -> Result<(), StoreError>;
    /// Marks the snapshot of match `id` at line `at` cancelled.
    fn cancel_snapshot(&mut self, id: &str, at: usize) -> Result<(), StoreError>;
    /// The snapshot of match `id` with the most lines before it, and whether it was
    /// cancelled.
    fn read_last_snapshot(
        &mut self,
        id: &str,
    ) -> Result<Option<(StoredSnapshot, bool)>, StoreError>;
    /// The snapshot of match `id` at line `at`.
    fn read_snapshot_at(
        &mut self,
        id: &str,
        at: usize,
    ) -> Result<Option<StoredSnapshot>, StoreError>;
    /// Where the snapshots of match `id` taken at line `from` or later stand, in order.
    fn read_snapshot_points(&mut self, id: &str, from: usize) -> Result<Vec<usize>, StoreError>;
    fn update_match(
        &mut self,
        id: &str,
        updated_at: u64,
        gameover: Option<&Value>,
    ) -> Result<(), StoreError>;
    fn read_match(&mut self, id: &str) -> Result<Option<StoredMatch>, StoreError>;
    /// The records of match `id` from record number `from` on, in order.
    fn read_records(&mut self, id: &str, from: usize) -> Result<Vec<Line>, StoreError>;
    fn list_ids(&mut self, game: &str, filter: &MatchFilter) -> Result<Vec<String>, StoreError>;
    /// Sets seat `seat` of match `id` if it is held as `held_by` says; whether it did.
    fn set_seat(
        &mut self,
        id: &str,
        seat: usize,
        row: &StoredSeat,
        held_by: SeatHolder<'_>,
    ) -> Result<bool, StoreError>;
    /// Whether seat `seat` of match `id` is held by the credentials of SHA-256
    /// `credential_hash`, the row locked against changes until the transaction ends.
    fn seat_held(
        &mut self,
        id: &str,
        seat: usize,
        credential_hash: &str,
    ) -> Result<bool, StoreError>;
    fn set_next_match(&mut self, id: &str, next: &str) -> Result<Option<String>, StoreError>;
    fn wipe(&mut self, id: &str) -> Result<(), StoreError>;
    /// Takes the lease of match `id`'s writer for this process unless another holds it;
    /// whether it is held now. Always, for a database only one process uses.
    fn try_lease(&mut self, _id: &str) -> Result<bool, StoreError> {
        Ok(true)
    }
    /// Gives up the lease of match `id`'s writer.
    fn release_lease(&mut self, _id: &str) -> Result<(), StoreError> {
        Ok(())
    }
    /// Sends `payload` to the other processes once the transaction commits.
    fn notify(&mut self, _payload: &str) -> Result<(), StoreError> {
        Ok(())
    }
}

/// Who must hold a seat for a change of it to be written: the condition that makes a
/// change of a seat safe against another made at the same time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SeatHolder<'a> {
    /// Nobody: no name, no bot (a join).
    Nobody,
    /// The credentials of this SHA-256, hexadecimal (a leave, a rename: of two changes at
    /// once, the second finds other credentials or none).
    Credentials(&'a str),
}

/// What one server process tells the others that share its PostgreSQL database (its
/// `NOTIFY`s, on [`NOTICE_CHANNEL`]), each sent when the transaction that made it true
/// commits.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Notice {
    /// Records of match `id` were stored: its log has `logged` lines now.
    Records {
        /// The match.
        id: String,
        /// The lines of its log stored.
        logged: usize,
    },
    /// A process asks the writer of match `id` to hand it over (a seat connected to
    /// that process acts).
    Release {
        /// The match.
        id: String,
    },
    /// The writer of match `id` gave up its lease: another process may take it.
    Released {
        /// The match.
        id: String,
    },
    /// The seats of match `id` changed (a join, a leave, a rename), or the match was
    /// wiped: each process reads them again and lets go of connections whose credentials
    /// no longer hold a seat.
    Seats {
        /// The match.
        id: String,
    },
    /// Not sent by a process: this process listens again after its listening connection
    /// was lost, and whatever the others sent meanwhile was lost with it. The hub reads
    /// again, from the store, the seats of every match in memory and the records of every
    /// match it follows.
    #[serde(skip)]
    Resumed,
}

impl Notice {
    /// The match the notice is of; `None` for [`Notice::Resumed`].
    fn match_id(&self) -> Option<&str> {
        match self {
            Notice::Records { id, .. }
            | Notice::Release { id }
            | Notice::Released { id }
            | Notice::Seats { id } => Some(id),
            Notice::Resumed => None,
        }
    }
}

/// A notice as it travels: with the process that sent it, which ignores its own.
#[derive(Serialize, Deserialize)]
struct Envelope {
    from: u64,
    #[serde(flatten)]
    notice: Notice,
}

/// What a store shared by several processes has: who this process is among them, and
/// the notices the others send it.
struct Sharing {
    /// This process's name among those sharing the database: random.
    process: u64,
    /// The notices of the other processes, until the hub takes them.
    notices: Mutex<Option<channel::UnboundedReceiver<Notice>>>,
}

/// A job of the store's thread: it runs in the open transaction, says whether its work
/// succeeded (else it is rolled back alone), and hands back what to tell its caller once
/// the transaction is committed (or failed).
type Job = Box<dyn FnOnce(&mut dyn Rows) -> (bool, Deliver) + Send>;
type Deliver = Box<dyn FnOnce(Result<(), StoreError>) + Send>;

/// A database the store's thread commits groups of jobs to.
trait Database: Send + 'static {
    /// Runs `jobs` in one transaction, each in a savepoint of its own (a failed job is
    /// rolled back alone), commits once; returns each job's delivery and whether the
    /// commit succeeded.
    fn commit_group(&mut self, jobs: Vec<Job>) -> (Vec<Deliver>, Result<(), StoreError>);
}

/// The store: a handle to its lanes, each a thread that owns a connection and commits
/// its jobs in groups. A match's jobs all go to one lane, chosen from its id
/// (FNV-1a, stable across releases), so that they keep their order and no thread is one every
/// match waits on. Cloned freely.
#[derive(Clone)]
pub struct Store {
    lanes: Arc<[mpsc::Sender<Job>]>,
    /// Whether each lane has a database of its own (SQLite shards, one file each) rather
    /// than a connection to the one database (PostgreSQL): a list then asks every lane.
    sharded: bool,
    /// `Some` for PostgreSQL, which several processes may share.
    sharing: Option<Arc<Sharing>>,
}

/// The most lanes a store opens by itself ([`Store::open`] without a count): one per
/// core up to this.
const LANES_BY_DEFAULT: usize = 8;

/// The lane of match `id` among `lanes`: FNV-1a of its bytes, a hash that never changes
/// (a SQLite shard holds the matches whose ids hash to it, across restarts and releases).
fn lane_of(id: &str, lanes: usize) -> usize {
    let hash = id.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3)
    });
    usize::try_from(hash % lanes.max(1) as u64).unwrap_or(0)
}

impl Store {
    /// Opens (creating if missing) the SQLite database at `path`, in WAL mode with
    /// `synchronous=FULL`, creates its tables, and starts its thread: one shard, or as
    /// many as the file was made with ([`open_sqlite_shards`](Self::open_sqlite_shards)).
    ///
    /// # Errors
    /// [`StoreError::Sqlite`] when the file cannot be opened or set up.
    pub fn open_sqlite(path: &Path) -> Result<Self, StoreError> {
        Self::open_sqlite_shards(path, None)
    }

    /// Opens the SQLite database at `path` as `shards` files, each a shard with its own
    /// thread, connection and commits: `path` itself holds the matches of shard 0 and
    /// the count, `path.shard1` and on the others'. A match lives in the shard its id
    /// hashes to. The count is the database's from its creation: `None` opens it with its
    /// own (1 for a new one).
    ///
    /// # Errors
    /// [`StoreError::Sqlite`] when a file cannot be opened or set up, or when `shards`
    /// is not the count the database was made with.
    pub fn open_sqlite_shards(path: &Path, shards: Option<usize>) -> Result<Self, StoreError> {
        let first = sqlite::Sqlite::open(path)?;
        let (count, made_now) = first.shard_count(shards)?;
        let mut databases = vec![first];
        for shard in 1..count {
            let mut name = path.as_os_str().to_owned();
            name.push(format!(".shard{shard}"));
            let name = Path::new(&name);
            // A shard of a database made before is never made anew: its matches would
            // be lost without a word (a copy of the first file alone).
            if !made_now && !name.exists() {
                return Err(StoreError::Sqlite(format!(
                    "{} is missing: the database was made with {count} shards",
                    name.display()
                )));
            }
            databases.push(sqlite::Sqlite::open(name)?);
        }
        let sharded = databases.len() > 1;
        Self::start(databases, sharded)
    }

    /// An in-memory SQLite store, for tests: nothing survives it.
    ///
    /// # Errors
    /// [`StoreError::Sqlite`].
    pub fn in_memory() -> Result<Self, StoreError> {
        Self::start(vec![sqlite::Sqlite::in_memory()?], false)
    }

    /// Connects to the PostgreSQL database at `url` (`postgres://user@host:port/name`),
    /// creates its tables if missing, and starts `lanes` threads, each with its own
    /// connection (`None`: one per core, up to 8). Commits wait for the server's own
    /// durability (`synchronous_commit` as the server sets it, `on` by default: the WAL
    /// flushed to disk).
    ///
    /// # Errors
    /// [`StoreError::Postgres`] when the database cannot be reached or set up.
    pub fn open_postgres(url: &str, lanes: Option<usize>) -> Result<Self, StoreError> {
        let process = rand::random::<u64>();
        let notices = postgres::listen(url, process)?;
        let lanes = lanes.unwrap_or_else(cores).max(1);
        let mut senders = Vec::with_capacity(lanes);
        for lane in 0..lanes {
            // The synchronous client runs a runtime of its own: it is made and used on its
            // lane's thread only, never inside the server's async tasks.
            let url = url.to_owned();
            let (jobs, queue) = mpsc::channel::<Job>();
            let (opened, connected) = mpsc::sync_channel(1);
            thread::Builder::new()
                .name(format!("meeple-store-{lane}"))
                // The first lane sets the tables up; the others connect once it did.
                .spawn(move || match postgres::Postgres::connect(&url, lane == 0) {
                    Ok(mut database) => {
                        let _ = opened.send(Ok(()));
                        run_jobs(&mut database, &queue);
                    }
                    Err(error) => {
                        let _ = opened.send(Err(error));
                    }
                })
                .map_err(|error| StoreError::Postgres(error.to_string()))?;
            connected.recv().map_err(|_| StoreError::Closed)??;
            senders.push(jobs);
        }
        Ok(Store {
            lanes: senders.into(),
            sharded: false,
            sharing: Some(Arc::new(Sharing {
                process,
                notices: Mutex::new(Some(notices)),
            })),
        })
    }

    /// Opens the store a `--database` argument names: a `postgres://` or `postgresql://`
    /// URL, else a SQLite file; with `lanes` its lanes (PostgreSQL's connections, SQLite's
    /// shards: [`open_postgres`](Self::open_postgres),
    /// [`open_sqlite_shards`](Self::open_sqlite_shards)).
    ///
    /// # Errors
    /// As [`open_postgres`](Self::open_postgres) and
    /// [`open_sqlite_shards`](Self::open_sqlite_shards).
    pub fn open(database: &str, lanes: Option<usize>) -> Result<Self, StoreError> {
        if database.starts_with("postgres://") || database.starts_with("postgresql://") {
            Self::open_postgres(database, lanes)
        } else {
            Self::open_sqlite_shards(Path::new(database), lanes)
        }
    }

    fn start(databases: Vec<impl Database>, sharded: bool) -> Result<Self, StoreError> {
        let mut lanes = Vec::with_capacity(databases.len());
        for (lane, mut database) in databases.into_iter().enumerate() {
            let (jobs, queue) = mpsc::channel::<Job>();
            thread::Builder::new()
                .name(format!("meeple-store-{lane}"))
                .spawn(move || run_jobs(&mut database, &queue))
                .map_err(|error| StoreError::Sqlite(error.to_string()))?;
            lanes.push(jobs);
        }
        Ok(Store {
            lanes: lanes.into(),
            sharded,
            sharing: None,
        })
    }

    /// How many lanes the store has: its threads, each with its own connection.
    pub fn lanes(&self) -> usize {
        self.lanes.len()
    }

    /// The lane whose thread runs the jobs of match `id`.
    fn lane_of(&self, id: &str) -> usize {
        lane_of(id, self.lanes.len())
    }

    /// Whether other processes may share the database (PostgreSQL): a match then has one
    /// writer at a time among them, holding its lease ([`take_lease`](Self::take_lease)),
    /// and the others follow its records from their [`notices`](Self::take_notices).
    pub fn shared(&self) -> bool {
        self.sharing.is_some()
    }

    /// The notices the other processes sharing the database send this one, in the order
    /// they committed; `None` for a database no other process shares, or once taken.
    pub fn take_notices(&self) -> Option<channel::UnboundedReceiver<Notice>> {
        self.sharing.as_ref().and_then(|sharing| {
            sharing
                .notices
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .take()
        })
    }

    /// `notice` as sent, from this process.
    fn envelope(&self, notice: Notice) -> Option<String> {
        let sharing = self.sharing.as_ref()?;
        serde_json::to_string(&Envelope {
            from: sharing.process,
            notice,
        })
        .ok()
    }

    /// Takes the lease of match `id`'s writer, unless another process holds it: whether
    /// this process holds it now. A PostgreSQL session-level advisory lock on the store's
    /// connection: held until [`release_lease`](Self::release_lease) or until this
    /// process dies (its connection closes), when another may take it. Always `true` for
    /// a database no other process shares.
    ///
    /// # Errors
    /// [`StoreError`]; the lease is not held then.
    pub async fn take_lease(&self, id: String) -> Result<bool, StoreError> {
        if !self.shared() {
            return Ok(true);
        }
        let taken = self.run_on(self.lane_of(&id), {
            let id = id.clone();
            move |rows| rows.try_lease(&id)
        });
        match taken.await {
            Ok(held) => Ok(held),
            Err(error) => {
                // Taken in a transaction that then failed: a session's lock outlives it.
                let _ = self.release_lease(id).await;
                Err(error)
            }
        }
    }

    /// Gives up the lease of match `id`'s writer and tells the other processes
    /// ([`Notice::Released`]).
    ///
    /// # Errors
    /// [`StoreError`].
    pub async fn release_lease(&self, id: String) -> Result<(), StoreError> {
        let Some(released) = self.envelope(Notice::Released { id: id.clone() }) else {
            return Ok(());
        };
        self.run_on(self.lane_of(&id), move |rows| {
            rows.release_lease(&id)?;
            rows.notify(&released)
        })
        .await
    }

    /// Gives back one hold of match `id`'s lease without telling the other processes: a
    /// session's advisory lock counts its holds, and a lease taken twice at once by this
    /// process (two loads of one match) must be held once.
    ///
    /// # Errors
    /// [`StoreError`].
    pub async fn unlock_lease(&self, id: String) -> Result<(), StoreError> {
        if !self.shared() {
            return Ok(());
        }
        self.run_on(self.lane_of(&id), move |rows| rows.release_lease(&id))
            .await
    }

    /// Sends `notice` to the other processes sharing the database (none for SQLite).
    ///
    /// # Errors
    /// [`StoreError`].
    pub async fn notify(&self, notice: Notice) -> Result<(), StoreError> {
        let lane = self.lane_of(notice.match_id().unwrap_or_default());
        let Some(payload) = self.envelope(notice) else {
            return Ok(());
        };
        self.run_on(lane, move |rows| rows.notify(&payload)).await
    }

    /// Runs `work` in lane `lane`'s next transaction and returns its answer once that
    /// transaction is committed.
    async fn run_on<T: Send + 'static>(
        &self,
        lane: usize,
        work: impl FnOnce(&mut dyn Rows) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        let (answer, answered) = oneshot::channel();
        let job: Job = Box::new(move |transaction| {
            let result = work(transaction);
            let succeeded = result.is_ok();
            let deliver: Deliver = Box::new(move |committed: Result<(), StoreError>| {
                let _ = answer.send(committed.and(result));
            });
            (succeeded, deliver)
        });
        let queue = self.lanes.get(lane).ok_or(StoreError::Closed)?;
        queue.send(job).map_err(|_| StoreError::Closed)?;
        answered.await.map_err(|_| StoreError::Closed)?
    }

    /// Stores a new match with its first records.
    ///
    /// # Errors
    /// [`StoreError`]; nothing is stored then.
    pub async fn create(&self, stored: StoredMatch, records: Vec<Line>) -> Result<(), StoreError> {
        self.run_on(self.lane_of(&stored.id), move |rows| {
            rows.insert_match(&stored)?;
            for (seat, row) in stored.seats.iter().enumerate() {
                rows.insert_seat(&stored.id, seat, row)?;
            }
            rows.append_rows(&stored.id, 0, &records)
        })
        .await
    }

    /// Appends `appended.records` to match `id` from line number `from`, sets when it was
    /// updated and its outcome, and writes its snapshot if it has one. With a `holder` (a
    /// seat and the SHA-256 of the credentials that acted for it), only if that seat is
    /// still held by them, checked in the same transaction. Returns once they are durable;
    /// the other processes sharing the database hear of them then ([`Notice::Records`]).
    ///
    /// # Errors
    /// [`StoreError::SeatChanged`] when the holder no longer holds its seat; any other
    /// [`StoreError`]. Nothing of the call is kept then (a line number already taken, as
    /// by another writer, fails the whole call).
    pub async fn append(
        &self,
        id: String,
        from: usize,
        appended: Appended,
    ) -> Result<(), StoreError> {
        let notice = self.envelope(Notice::Records {
            id: id.clone(),
            logged: from + appended.records.len(),
        });
        self.run_on(self.lane_of(&id), move |rows| {
            if let Some((seat, hash)) = &appended.holder
                && !rows.seat_held(&id, *seat, hash)?
            {
                return Err(StoreError::SeatChanged { seat: *seat });
            }
            rows.append_rows(&id, from, &appended.records)?;
            rows.update_match(&id, appended.updated_at, appended.gameover.as_ref())?;
            if let Some(at) = appended.cancels_snapshot {
                rows.cancel_snapshot(&id, at)?;
            }
            if let Some(snapshot) = &appended.snapshot {
                rows.insert_snapshot(&id, snapshot)?;
            }
            match &notice {
                Some(notice) => rows.notify(notice),
                None => Ok(()),
            }
        })
        .await
    }

    /// The match `id`, without its records; `None` when there is none.
    ///
    /// # Errors
    /// [`StoreError`].
    pub async fn get(&self, id: String) -> Result<Option<StoredMatch>, StoreError> {
        self.run_on(self.lane_of(&id), move |rows| rows.read_match(&id))
            .await
    }

    /// The lines of match `id` from line number `from` on (0 for all), in order, each in
    /// JSON, read from the stored form without the game's types: objects' keys sorted, a
    /// unit struct as `[]`. For tests and tools; a log file of a match, as the game writes
    /// it, is [`Server::export`](crate::Server::export)'s.
    ///
    /// # Errors
    /// [`StoreError`]; [`StoreError::Corrupt`] for a line that cannot be read as JSON (a
    /// map whose keys are not strings).
    pub async fn records(&self, id: String, from: usize) -> Result<Vec<String>, StoreError> {
        let lines = self.lines(id, from).await?;
        lines
            .iter()
            .map(|line| {
                read_line::<Value>(line)
                    .map(|record| record.to_string())
                    .map_err(StoreError::Corrupt)
            })
            .collect()
    }

    /// The lines of match `id` from line number `from` on (0 for all), in order, as
    /// stored ([`Line`]).
    ///
    /// # Errors
    /// [`StoreError`].
    pub async fn lines(&self, id: String, from: usize) -> Result<Vec<Line>, StoreError> {
        self.run_on(self.lane_of(&id), move |rows| rows.read_records(&id, from))
            .await
    }

    /// What match `id` is loaded from: the snapshot its writer's table was based on, its
    /// last snapshot unless cancelled, and the lines of its log after the first, read in
    /// one transaction.
    ///
    /// # Errors
    /// [`StoreError`]; [`StoreError::Corrupt`] when the base of its last snapshot is gone.
    pub async fn load(&self, id: String) -> Result<Loaded, StoreError> {
        self.run_on(self.lane_of(&id), move |rows| {
            let last = rows.read_last_snapshot(&id)?;
            let base = match last.as_ref().and_then(|(last, _)| last.base_at) {
                None => None,
                Some(at) => Some(rows.read_snapshot_at(&id, at)?.ok_or_else(|| {
                    StoreError::Corrupt(format!("match {id} has no snapshot at line {at}"))
                })?),
            };
            let latest = last
                .filter(|(_, cancelled)| !cancelled)
                .map(|(last, _)| last);
            let from = base.as_ref().map_or(0, |base| base.at);
            let lines = rows.read_records(&id, from)?;
            Ok(Loaded {
                base,
                latest,
                lines,
            })
        })
        .await
    }

    /// The lines of match `id` from line `from` on, and where the snapshots taken at `from`
    /// or later stand (only those within the lines read): what a follower plays to catch
    /// up, rebasing at the same lines as the writer did.
    ///
    /// # Errors
    /// [`StoreError`].
    pub async fn lines_since(
        &self,
        id: String,
        from: usize,
    ) -> Result<(Vec<Line>, Vec<usize>), StoreError> {
        self.run_on(self.lane_of(&id), move |rows| {
            // The lines first: a snapshot is written with the lines before it, so every
            // point within them is seen by the second read, even past a commit between.
            let lines = rows.read_records(&id, from)?;
            let end = from + lines.len();
            let mut points = rows.read_snapshot_points(&id, from)?;
            points.retain(|&at| at <= end);
            Ok((lines, points))
        })
        .await
    }

    /// The listed matches of `game` that pass `filter`, oldest first (by creation, then
    /// id), from every shard.
    ///
    /// # Errors
    /// [`StoreError`].
    pub async fn list(
        &self,
        game: String,
        filter: MatchFilter,
    ) -> Result<Vec<StoredMatch>, StoreError> {
        let shards = if self.sharded { self.lanes.len() } else { 1 };
        let mut matches = Vec::new();
        for lane in 0..shards {
            let (game, filter) = (game.clone(), filter.clone());
            let listed = self
                .run_on(lane, move |rows| {
                    let ids = rows.list_ids(&game, &filter)?;
                    let mut matches = Vec::with_capacity(ids.len());
                    for id in ids {
                        if let Some(stored) = rows.read_match(&id)? {
                            matches.push(stored);
                        }
                    }
                    Ok(matches)
                })
                .await?;
            matches.extend(listed);
        }
        if shards > 1 {
            matches.sort_by(|one, other| {
                (one.created_at, &one.id).cmp(&(other.created_at, &other.id))
            });
        }
        Ok(matches)
    }

    /// Sets seat `seat` of match `id` to `row` if the credentials of SHA-256 `held_by`
    /// still hold it: whether it did. What a leave or a rename does, so that neither
    /// writes back credentials that left meanwhile. The other processes sharing the
    /// database hear of it ([`Notice::Seats`]).
    ///
    /// # Errors
    /// [`StoreError`].
    pub async fn set_seat(
        &self,
        id: String,
        seat: usize,
        row: StoredSeat,
        held_by: String,
    ) -> Result<bool, StoreError> {
        let notice = self.envelope(Notice::Seats { id: id.clone() });
        self.run_on(self.lane_of(&id), move |rows| {
            let set = rows.set_seat(&id, seat, &row, SeatHolder::Credentials(&held_by))?;
            if let Some(notice) = notice.filter(|_| set) {
                rows.notify(&notice)?;
            }
            Ok(set)
        })
        .await
    }

    /// Sets seat `seat` of match `id` to `row` if nobody holds it (no name, no bot):
    /// whether it did. What a join does, so that of two joins of a seat at once one wins.
    /// The other processes sharing the database hear of it ([`Notice::Seats`]).
    ///
    /// # Errors
    /// [`StoreError`].
    pub async fn take_seat(
        &self,
        id: String,
        seat: usize,
        row: StoredSeat,
    ) -> Result<bool, StoreError> {
        let notice = self.envelope(Notice::Seats { id: id.clone() });
        self.run_on(self.lane_of(&id), move |rows| {
            let taken = rows.set_seat(&id, seat, &row, SeatHolder::Nobody)?;
            if let Some(notice) = notice.filter(|_| taken) {
                rows.notify(&notice)?;
            }
            Ok(taken)
        })
        .await
    }

    /// Sets the match "play again" created from match `id`, unless one is set already;
    /// returns the one that stands.
    ///
    /// # Errors
    /// [`StoreError`].
    pub async fn set_next_match(&self, id: String, next: String) -> Result<String, StoreError> {
        self.run_on(self.lane_of(&id), move |rows| {
            Ok(rows.set_next_match(&id, &next)?.unwrap_or(next))
        })
        .await
    }

    /// Deletes match `id` with its seats and records (every person left it); the other
    /// processes sharing the database hear of it ([`Notice::Seats`]).
    ///
    /// # Errors
    /// [`StoreError`].
    pub async fn wipe(&self, id: String) -> Result<(), StoreError> {
        let notice = self.envelope(Notice::Seats { id: id.clone() });
        self.run_on(self.lane_of(&id), move |rows| {
            rows.wipe(&id)?;
            notice.map_or(Ok(()), |notice| rows.notify(&notice))
        })
        .await
    }
}

/// The cores this machine has, up to [`LANES_BY_DEFAULT`].
fn cores() -> usize {
    thread::available_parallelism()
        .map_or(1, std::num::NonZeroUsize::get)
        .min(LANES_BY_DEFAULT)
}

/// The store's thread: takes the first job waiting and every other one already queued
/// (up to [`GROUP_LIMIT`]), commits them as one transaction, then answers each.
fn run_jobs(database: &mut impl Database, queue: &mpsc::Receiver<Job>) {
    while let Ok(first) = queue.recv() {
        let mut group = vec![first];
        while group.len() < GROUP_LIMIT {
            match queue.try_recv() {
                Ok(job) => group.push(job),
                Err(_) => break,
            }
        }
        let (delivers, committed) = database.commit_group(group);
        for deliver in delivers {
            deliver(committed.clone());
        }
    }
}

/// Reads a notice as sent; `None` for one this process sent, or one it cannot read (of
/// another version of the server).
fn read_notice(payload: &str, process: u64) -> Option<Notice> {
    serde_json::from_str::<Envelope>(payload)
        .ok()
        .filter(|envelope| envelope.from != process)
        .map(|envelope| envelope.notice)
}

/// Reads a JSON column.
fn read_json(text: Option<String>) -> Result<Option<Value>, StoreError> {
    text.map(|text| serde_json::from_str(&text))
        .transpose()
        .map_err(|error| StoreError::Corrupt(error.to_string()))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    fn stored(id: &str) -> StoredMatch {
        StoredMatch {
            id: id.to_owned(),
            game: "tictactoe".to_owned(),
            config: Value::Null,
            seed: 7,
            unlisted: false,
            created_at: 1,
            updated_at: 1,
            gameover: None,
            next_match_id: None,
            move_clock_ms: None,
            seats: vec![StoredSeat::default(), StoredSeat::default()],
        }
    }

    /// Lines that are `texts`, each a MessagePack string.
    fn rows(texts: &[&str]) -> Vec<Line> {
        texts.iter().map(|text| pack_line(text).unwrap()).collect()
    }

    fn lines(texts: &[&str], updated_at: u64) -> Appended {
        Appended {
            records: rows(texts),
            updated_at,
            ..Appended::default()
        }
    }

    /// Jobs queued together commit as one group; one that fails after it wrote a row is
    /// rolled back alone, and the group's others stand.
    #[tokio::test]
    async fn a_failed_job_of_a_group_is_rolled_back_alone() {
        let directory = tempfile::tempdir().unwrap();
        let store = Store::open_sqlite(&directory.path().join("group.sqlite")).unwrap();
        store
            .create(stored("m"), rows(&["r0", "r1", "r2"]))
            .await
            .unwrap();
        store
            .append("m".to_owned(), 6, lines(&["r6"], 2))
            .await
            .unwrap();
        // The store's thread is held while the others queue, so they make one group.
        let held = store.run_on(0, |_| {
            std::thread::sleep(std::time::Duration::from_millis(200));
            Ok(())
        });
        // Seq 5 is written, then seq 6 is taken: this job fails, and its seq 5 goes too.
        let failing = store.append("m".to_owned(), 5, lines(&["b5", "b6"], 3));
        let standing = store.append("m".to_owned(), 3, lines(&["a3", "a4"], 4));
        let (held, failing, standing) = tokio::join!(held, failing, standing);
        held.unwrap();
        assert!(failing.is_err(), "{failing:?}");
        standing.unwrap();
        assert_eq!(
            store.lines("m".to_owned(), 0).await.unwrap(),
            rows(&["r0", "r1", "r2", "a3", "a4", "r6"])
        );
        assert_eq!(
            store.get("m".to_owned()).await.unwrap().unwrap().updated_at,
            4
        );
        // The statements kept for the group work again for the next one.
        store
            .append("m".to_owned(), 5, lines(&["c5"], 5))
            .await
            .unwrap();
        assert_eq!(
            store.lines("m".to_owned(), 5).await.unwrap(),
            rows(&["c5", "r6"])
        );
    }

    /// A match loads from the base of its last snapshot and the lines after it, with the
    /// last unless an undo cancelled it; a follower hears where every snapshot stands
    /// among the lines it reads.
    #[tokio::test]
    async fn a_match_loads_from_its_snapshots() {
        let store = Store::in_memory().unwrap();
        store
            .create(stored("m"), rows(&["r0", "r1"]))
            .await
            .unwrap();
        let load = || store.load("m".to_owned());
        assert_eq!(
            load().await.unwrap(),
            Loaded {
                lines: rows(&["r0", "r1"]),
                ..Loaded::default()
            }
        );
        let snapshot = |at: usize, base_at: Option<usize>| StoredSnapshot {
            at,
            base_at,
            body: format!("s{at}").into_bytes(),
        };
        let with_snapshot = |texts: [&str; 2], at: usize, base_at: Option<usize>| Appended {
            snapshot: Some(snapshot(at, base_at)),
            ..lines(&texts, 2)
        };
        store
            .append("m".to_owned(), 2, with_snapshot(["r2", "r3"], 4, None))
            .await
            .unwrap();
        assert_eq!(
            load().await.unwrap(),
            Loaded {
                base: None,
                latest: Some(snapshot(4, None)),
                lines: rows(&["r0", "r1", "r2", "r3"]),
            }
        );
        store
            .append("m".to_owned(), 4, with_snapshot(["r4", "r5"], 6, Some(4)))
            .await
            .unwrap();
        store
            .append("m".to_owned(), 6, lines(&["r6"], 3))
            .await
            .unwrap();
        assert_eq!(
            load().await.unwrap(),
            Loaded {
                base: Some(snapshot(4, None)),
                latest: Some(snapshot(6, Some(4))),
                lines: rows(&["r4", "r5", "r6"]),
            }
        );
        // An undo cancels the last snapshot: the base stays, and there is no latest.
        let undo = Appended {
            cancels_snapshot: Some(6),
            ..lines(&["u7"], 4)
        };
        store.append("m".to_owned(), 7, undo).await.unwrap();
        assert_eq!(
            load().await.unwrap(),
            Loaded {
                base: Some(snapshot(4, None)),
                latest: None,
                lines: rows(&["r4", "r5", "r6", "u7"]),
            }
        );
        assert_eq!(
            store.lines_since("m".to_owned(), 3).await.unwrap(),
            (rows(&["r3", "r4", "r5", "r6", "u7"]), vec![4, 6])
        );
        assert_eq!(
            store.lines_since("m".to_owned(), 6).await.unwrap(),
            (rows(&["r6", "u7"]), vec![6])
        );
        assert_eq!(
            store.lines_since("m".to_owned(), 8).await.unwrap(),
            (Vec::new(), Vec::new())
        );
        // A snapshot at a line already taken fails its whole append.
        let again = Appended {
            snapshot: Some(snapshot(6, Some(4))),
            ..lines(&["x8"], 5)
        };
        assert!(store.append("m".to_owned(), 8, again).await.is_err());
        assert_eq!(store.lines("m".to_owned(), 8).await.unwrap(), rows(&[]));
        store.wipe("m".to_owned()).await.unwrap();
        assert_eq!(load().await.unwrap(), Loaded::default());

        // Only the base and the latest keep their bodies: the others are never loaded.
        store
            .create(stored("n"), rows(&["r0", "r1"]))
            .await
            .unwrap();
        for (from, base_at) in [(2, None), (4, Some(4)), (6, Some(6)), (8, Some(8))] {
            let appended = Appended {
                snapshot: Some(snapshot(from + 2, base_at)),
                ..lines(&["a", "b"], 2)
            };
            store.append("n".to_owned(), from, appended).await.unwrap();
        }
        let kept = |at: usize| {
            store.run_on(store.lane_of("n"), move |rows| {
                Ok(rows.read_snapshot_at("n", at)?.unwrap().body)
            })
        };
        // The last (10) names its base (8), whose base (6) is kept; before it, emptied.
        assert_eq!(kept(4).await.unwrap(), Vec::<u8>::new());
        assert_eq!(kept(6).await.unwrap(), snapshot(6, None).body);
        let loaded = store.load("n".to_owned()).await.unwrap();
        assert_eq!(loaded.base, Some(snapshot(8, Some(6))));
        assert_eq!(loaded.latest, Some(snapshot(10, Some(8))));
        assert_eq!(
            store.lines_since("n".to_owned(), 0).await.unwrap().1,
            vec![4, 6, 8, 10]
        );
    }

    /// A store of three SQLite shards keeps each match in the file its id hashes to, lists
    /// them all in order, and opens again with the count it was made with.
    #[tokio::test]
    async fn a_sharded_sqlite_store_keeps_each_match_in_one_shard() {
        let directory = tempfile::tempdir().unwrap();
        let path = directory.path().join("sharded.sqlite");
        let store = Store::open_sqlite_shards(&path, Some(3)).unwrap();
        assert_eq!(store.lanes(), 3);
        let ids: Vec<String> = (0..12).map(|index| format!("match{index}")).collect();
        for (index, id) in ids.iter().enumerate() {
            let made = StoredMatch {
                created_at: 100 - index as u64,
                ..stored(id)
            };
            store.create(made, rows(&[id])).await.unwrap();
        }
        let lanes: std::collections::BTreeSet<usize> =
            ids.iter().map(|id| lane_of(id, 3)).collect();
        assert_eq!(lanes.len(), 3, "twelve ids hash to every shard");
        let listed = |store: Store| async move {
            store
                .list("tictactoe".to_owned(), MatchFilter::default())
                .await
                .unwrap()
                .into_iter()
                .map(|listed| listed.id)
                .collect::<Vec<_>>()
        };
        let oldest_first: Vec<String> = ids.iter().rev().cloned().collect();
        assert_eq!(listed(store.clone()).await, oldest_first);
        for id in &ids {
            assert_eq!(store.lines(id.clone(), 0).await.unwrap(), rows(&[id]));
        }
        drop(store);
        // Each file holds the matches of its shard only (read once its thread, which
        // holds the file's lock, is gone).
        for (lane, file) in [
            "sharded.sqlite",
            "sharded.sqlite.shard1",
            "sharded.sqlite.shard2",
        ]
        .iter()
        .enumerate()
        {
            let connection = rusqlite::Connection::open(directory.path().join(file)).unwrap();
            connection
                .busy_timeout(std::time::Duration::from_secs(5))
                .unwrap();
            let mut held: Vec<String> = connection
                .prepare("SELECT id FROM matches ORDER BY id")
                .unwrap()
                .query_map([], |row| row.get(0))
                .unwrap()
                .collect::<Result<_, _>>()
                .unwrap();
            held.sort();
            let mut expected: Vec<String> = ids
                .iter()
                .filter(|id| lane_of(id, 3) == lane)
                .cloned()
                .collect();
            expected.sort();
            assert_eq!(held, expected, "{file}");
        }
        // Opened again: with its own count, or refused with another.
        let again = Store::open_sqlite(&path).unwrap();
        assert_eq!(again.lanes(), 3);
        assert_eq!(listed(again.clone()).await, oldest_first);
        drop(again);
        let refused = Store::open_sqlite_shards(&path, Some(2)).err().unwrap();
        assert_eq!(
            refused,
            StoreError::Sqlite("the database was made with 3 shard(s), not 2".to_owned())
        );
        // A shard's file gone (the first file copied alone) is refused, not made anew.
        std::fs::remove_file(directory.path().join("sharded.sqlite.shard2")).unwrap();
        let missing = Store::open_sqlite(&path).err().unwrap();
        assert_eq!(
            missing,
            StoreError::Sqlite(format!(
                "{} is missing: the database was made with 3 shards",
                directory.path().join("sharded.sqlite.shard2").display()
            ))
        );
        let zero = Store::open_sqlite_shards(&directory.path().join("zero.sqlite"), Some(0));
        assert_eq!(
            zero.err().unwrap(),
            StoreError::Sqlite("a database has 1 shard or more, not 0".to_owned())
        );
    }

    /// A line is stored in MessagePack, smaller than its JSON, and read back as JSON; a
    /// line an earlier server stored as JSON text reads alike.
    #[tokio::test]
    async fn lines_are_stored_in_messagepack_and_read_as_json() {
        let directory = tempfile::tempdir().unwrap();
        let path = directory.path().join("lines.sqlite");
        let store = Store::open_sqlite(&path).unwrap();
        let record = serde_json::json!({
            "player": 1, "action": "play", "kind": "submitted",
            "selections": { "card": { "rank": 12, "suit": "hearts" } },
            "moves": [{ "Played": { "seat": 1, "card": { "rank": 12, "suit": "hearts" } } }],
            "clock_ms": 1234
        });
        let packed = pack_line(&record).unwrap();
        assert!(packed.len() < record.to_string().len());
        assert_eq!(read_line::<Value>(&packed).unwrap(), record);
        store.create(stored("m"), vec![packed]).await.unwrap();
        let json_line = record.to_string().into_bytes();
        store
            .append(
                "m".to_owned(),
                1,
                Appended {
                    records: vec![json_line],
                    ..Appended::default()
                },
            )
            .await
            .unwrap();
        assert_eq!(
            store.records("m".to_owned(), 0).await.unwrap(),
            vec![record.to_string(), record.to_string()]
        );
        drop(store);
        let connection = rusqlite::Connection::open(&path).unwrap();
        connection
            .busy_timeout(std::time::Duration::from_secs(5))
            .unwrap();
        let kinds: Vec<String> = connection
            .prepare("SELECT typeof(body) FROM records ORDER BY seq")
            .unwrap()
            .query_map([], |row| row.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(kinds, ["blob", "blob"]);
        // The TEXT an earlier server wrote.
        connection
            .execute(
                "INSERT INTO records (match_id, seq, body) VALUES ('m', 2, ?1)",
                [record.to_string()],
            )
            .unwrap();
        drop(connection);
        let store = Store::open_sqlite(&path).unwrap();
        assert_eq!(
            store.records("m".to_owned(), 2).await.unwrap(),
            vec![record.to_string()]
        );
        // A line that is neither is refused with what was wrong (0xc1 is no MessagePack).
        assert!(read_line::<Value>(b"\xc1").is_err());
        assert!(read_line::<Value>(b"{nope").is_err());
    }
}
