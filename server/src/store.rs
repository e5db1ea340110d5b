//! Where matches are kept: SQLite, in WAL mode with `synchronous=FULL`, written by one
//! thread that commits every job waiting at once (group commit), so a record is durable
//! before it is acknowledged and durability does not cost a commit per move.
//!
//! A match is its setup (game, config, seed, seats) and the append-only list of its
//! records, each as the log holds it ([`meeple::ActionRecord`]).

use std::path::Path;
use std::sync::mpsc;
use std::thread;

use rusqlite::{Connection, OptionalExtension, params};
use serde_json::Value;
use tokio::sync::oneshot;

/// The most jobs committed together: a bound on how long the first of them waits.
const GROUP_LIMIT: usize = 512;

/// Why the store failed. Nothing of the failed call was kept.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StoreError {
    /// SQLite refused (a full disk, a corrupt file, a locked database).
    #[error("SQLite: {0}")]
    Sqlite(String),
    /// The store's thread is gone (the server is stopping).
    #[error("the store is closed")]
    Closed,
    /// A row of the database could not be read.
    #[error("a stored value could not be read: {0}")]
    Corrupt(String),
}

impl From<rusqlite::Error> for StoreError {
    fn from(error: rusqlite::Error) -> Self {
        StoreError::Sqlite(error.to_string())
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

/// A job of the store's thread: it runs in the open transaction, says whether its work
/// succeeded (else it is rolled back alone), and hands back what to tell its caller once
/// the transaction is committed (or failed).
type Job = Box<dyn FnOnce(&Connection) -> (bool, Deliver) + Send>;
type Deliver = Box<dyn FnOnce(Result<(), StoreError>) + Send>;

/// The store: a handle to the thread that owns the SQLite connection. Cloned freely.
#[derive(Clone)]
pub struct Store {
    jobs: mpsc::Sender<Job>,
}

impl Store {
    /// Opens (creating if missing) the SQLite database at `path`, in WAL mode with
    /// `synchronous=FULL`, creates its tables, and starts its thread.
    ///
    /// # Errors
    /// [`StoreError::Sqlite`] when the file cannot be opened or set up.
    pub fn open_sqlite(path: &Path) -> Result<Self, StoreError> {
        let connection = Connection::open(path)?;
        Self::start(connection)
    }

    /// An in-memory SQLite store, for tests: nothing survives it.
    ///
    /// # Errors
    /// [`StoreError::Sqlite`].
    pub fn in_memory() -> Result<Self, StoreError> {
        Self::start(Connection::open_in_memory()?)
    }

    fn start(mut connection: Connection) -> Result<Self, StoreError> {
        // WAL: readers never wait for the writer; FULL: a commit is on disk (fsync of
        // the WAL) before it returns, so an acknowledged record survives a power cut.
        connection.pragma_update(None, "journal_mode", "WAL")?;
        connection.pragma_update(None, "synchronous", "FULL")?;
        connection.pragma_update(None, "foreign_keys", "ON")?;
        connection.execute_batch(SCHEMA)?;
        let (jobs, queue) = mpsc::channel::<Job>();
        thread::Builder::new()
            .name("meeple-store".to_owned())
            .spawn(move || run_jobs(&mut connection, &queue))
            .map_err(|error| StoreError::Sqlite(error.to_string()))?;
        Ok(Store { jobs })
    }

    /// Runs `work` in the store's next transaction and returns its answer once that
    /// transaction is committed.
    async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce(&Connection) -> Result<T, StoreError> + Send + 'static,
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
        self.jobs.send(job).map_err(|_| StoreError::Closed)?;
        answered.await.map_err(|_| StoreError::Closed)?
    }

    /// Stores a new match with its first records.
    ///
    /// # Errors
    /// [`StoreError`]; nothing is stored then.
    pub async fn create(
        &self,
        stored: StoredMatch,
        records: Vec<String>,
    ) -> Result<(), StoreError> {
        self.run(move |transaction| {
            transaction.execute(
                "INSERT INTO matches (id, game, config, seed, unlisted, created_at, updated_at, gameover, next_match_id) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
                params![
                    stored.id,
                    stored.game,
                    stored.config.to_string(),
                    stored.seed.cast_signed(),
                    stored.unlisted,
                    stored.created_at.cast_signed(),
                    stored.updated_at.cast_signed(),
                    stored.gameover.as_ref().map(Value::to_string),
                    stored.next_match_id,
                ],
            )?;
            for (seat, row) in stored.seats.iter().enumerate() {
                transaction.execute(
                    "INSERT INTO seats (match_id, seat, name, data, credential_hash, bot) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                    params![
                        stored.id,
                        seat as i64,
                        row.name,
                        row.data.as_ref().map(Value::to_string),
                        row.credential_hash,
                        row.bot.as_ref().map(Value::to_string),
                    ],
                )?;
            }
            append_rows(transaction, &stored.id, 0, &records)?;
            Ok(())
        })
        .await
    }

    /// Appends `records` to match `id` from record number `from`, and sets when it was
    /// updated and its outcome. Returns once they are durable.
    ///
    /// # Errors
    /// [`StoreError`]; none of them is kept then (a record number already taken, as by
    /// another writer, fails the whole call).
    pub async fn append(
        &self,
        id: String,
        from: usize,
        records: Vec<String>,
        updated_at: u64,
        gameover: Option<Value>,
    ) -> Result<(), StoreError> {
        self.run(move |transaction| {
            append_rows(transaction, &id, from, &records)?;
            transaction.execute(
                "UPDATE matches SET updated_at = ?2, gameover = ?3 WHERE id = ?1",
                params![
                    id,
                    updated_at.cast_signed(),
                    gameover.as_ref().map(Value::to_string)
                ],
            )?;
            Ok(())
        })
        .await
    }

    /// The match `id`, without its records; `None` when there is none.
    ///
    /// # Errors
    /// [`StoreError`].
    pub async fn get(&self, id: String) -> Result<Option<StoredMatch>, StoreError> {
        self.run(move |transaction| read_match(transaction, &id))
            .await
    }

    /// Every record of match `id`, in order, as the log holds them.
    ///
    /// # Errors
    /// [`StoreError`].
    pub async fn records(&self, id: String) -> Result<Vec<String>, StoreError> {
        self.run(move |transaction| {
            let mut statement = transaction
                .prepare_cached("SELECT body FROM records WHERE match_id = ?1 ORDER BY seq")?;
            let rows = statement.query_map(params![id], |row| row.get::<_, String>(0))?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
        .await
    }

    /// The listed matches of `game` that pass `filter`, oldest first.
    ///
    /// # Errors
    /// [`StoreError`].
    pub async fn list(
        &self,
        game: String,
        filter: MatchFilter,
    ) -> Result<Vec<StoredMatch>, StoreError> {
        self.run(move |transaction| {
            let ids: Vec<String> = {
                let mut statement = transaction.prepare_cached(
                    "SELECT id FROM matches WHERE game = ?1 AND unlisted = 0 \
                     AND (?2 IS NULL OR (gameover IS NOT NULL) = ?2) \
                     AND (?3 IS NULL OR updated_at < ?3) AND (?4 IS NULL OR updated_at > ?4) \
                     ORDER BY created_at, id",
                )?;
                let rows = statement.query_map(
                    params![
                        game,
                        filter.is_gameover,
                        filter.updated_before.map(u64::cast_signed),
                        filter.updated_after.map(u64::cast_signed)
                    ],
                    |row| row.get::<_, String>(0),
                )?;
                rows.collect::<Result<_, _>>()?
            };
            let mut matches = Vec::with_capacity(ids.len());
            for id in ids {
                if let Some(stored) = read_match(transaction, &id)? {
                    matches.push(stored);
                }
            }
            Ok(matches)
        })
        .await
    }

    /// Sets seat `seat` of match `id`.
    ///
    /// # Errors
    /// [`StoreError`].
    pub async fn set_seat(
        &self,
        id: String,
        seat: usize,
        row: StoredSeat,
    ) -> Result<(), StoreError> {
        self.run(move |transaction| {
            transaction.execute(
                "UPDATE seats SET name = ?3, data = ?4, credential_hash = ?5, bot = ?6 WHERE match_id = ?1 AND seat = ?2",
                params![
                    id,
                    seat as i64,
                    row.name,
                    row.data.as_ref().map(Value::to_string),
                    row.credential_hash,
                    row.bot.as_ref().map(Value::to_string),
                ],
            )?;
            Ok(())
        })
        .await
    }

    /// Sets the match "play again" created from match `id`, unless one is set already;
    /// returns the one that stands.
    ///
    /// # Errors
    /// [`StoreError`].
    pub async fn set_next_match(&self, id: String, next: String) -> Result<String, StoreError> {
        self.run(move |transaction| {
            transaction.execute(
                "UPDATE matches SET next_match_id = ?2 WHERE id = ?1 AND next_match_id IS NULL",
                params![id, next],
            )?;
            let standing: Option<String> = transaction
                .query_row(
                    "SELECT next_match_id FROM matches WHERE id = ?1",
                    params![id],
                    |row| row.get(0),
                )
                .optional()?
                .flatten();
            Ok(standing.unwrap_or(next))
        })
        .await
    }

    /// Deletes match `id` with its seats and records (every person left it).
    ///
    /// # Errors
    /// [`StoreError`].
    pub async fn wipe(&self, id: String) -> Result<(), StoreError> {
        self.run(move |transaction| {
            transaction.execute("DELETE FROM records WHERE match_id = ?1", params![id])?;
            transaction.execute("DELETE FROM seats WHERE match_id = ?1", params![id])?;
            transaction.execute("DELETE FROM matches WHERE id = ?1", params![id])?;
            Ok(())
        })
        .await
    }
}

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS matches (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    config TEXT NOT NULL,
    seed INTEGER NOT NULL,
    unlisted INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    gameover TEXT,
    next_match_id TEXT
);
CREATE INDEX IF NOT EXISTS matches_by_game ON matches (game, created_at);
CREATE TABLE IF NOT EXISTS seats (
    match_id TEXT NOT NULL REFERENCES matches (id),
    seat INTEGER NOT NULL,
    name TEXT,
    data TEXT,
    credential_hash TEXT,
    bot TEXT,
    PRIMARY KEY (match_id, seat)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS records (
    match_id TEXT NOT NULL REFERENCES matches (id),
    seq INTEGER NOT NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (match_id, seq)
) WITHOUT ROWID;
";

/// The store's thread: takes the first job waiting and every other one already queued
/// (up to [`GROUP_LIMIT`]), runs them in one transaction, commits once, then answers
/// each. A job whose work failed is rolled back alone (a savepoint each), so one bad
/// call never fails the others of its group.
fn run_jobs(connection: &mut Connection, queue: &mpsc::Receiver<Job>) {
    while let Ok(first) = queue.recv() {
        let mut group = vec![first];
        while group.len() < GROUP_LIMIT {
            match queue.try_recv() {
                Ok(job) => group.push(job),
                Err(_) => break,
            }
        }
        let mut delivers = Vec::with_capacity(group.len());
        let committed = (|| -> Result<(), StoreError> {
            let mut transaction = connection.transaction()?;
            for job in group.drain(..) {
                let mut savepoint = transaction.savepoint()?;
                let (succeeded, deliver) = job(&savepoint);
                delivers.push(deliver);
                if succeeded {
                    savepoint.commit()?;
                } else {
                    savepoint.rollback()?;
                }
            }
            transaction.commit()?;
            Ok(())
        })();
        for deliver in delivers {
            deliver(committed.clone());
        }
    }
}

/// Inserts `records` of match `id` numbered from `from`.
fn append_rows(
    transaction: &Connection,
    id: &str,
    from: usize,
    records: &[String],
) -> Result<(), StoreError> {
    let mut statement = transaction
        .prepare_cached("INSERT INTO records (match_id, seq, body) VALUES (?1, ?2, ?3)")?;
    for (offset, body) in records.iter().enumerate() {
        statement.execute(params![id, (from + offset) as i64, body])?;
    }
    Ok(())
}

fn read_json(text: Option<String>) -> Result<Option<Value>, StoreError> {
    text.map(|text| serde_json::from_str(&text))
        .transpose()
        .map_err(|error| StoreError::Corrupt(error.to_string()))
}

fn read_match(transaction: &Connection, id: &str) -> Result<Option<StoredMatch>, StoreError> {
    let row = transaction
        .query_row(
            "SELECT game, config, seed, unlisted, created_at, updated_at, gameover, next_match_id FROM matches WHERE id = ?1",
            params![id],
            |row| {
                Ok((
                    row.get::<_, String>(0)?,
                    row.get::<_, String>(1)?,
                    row.get::<_, i64>(2)?,
                    row.get::<_, bool>(3)?,
                    row.get::<_, i64>(4)?,
                    row.get::<_, i64>(5)?,
                    row.get::<_, Option<String>>(6)?,
                    row.get::<_, Option<String>>(7)?,
                ))
            },
        )
        .optional()?;
    let Some((game, config, seed, unlisted, created_at, updated_at, gameover, next_match_id)) = row
    else {
        return Ok(None);
    };
    let mut statement = transaction.prepare_cached(
        "SELECT name, data, credential_hash, bot FROM seats WHERE match_id = ?1 ORDER BY seat",
    )?;
    let rows = statement.query_map(params![id], |row| {
        Ok((
            row.get::<_, Option<String>>(0)?,
            row.get::<_, Option<String>>(1)?,
            row.get::<_, Option<String>>(2)?,
            row.get::<_, Option<String>>(3)?,
        ))
    })?;
    let mut seats = Vec::new();
    for row in rows {
        let (name, data, credential_hash, bot) = row?;
        seats.push(StoredSeat {
            name,
            data: read_json(data)?,
            credential_hash,
            bot: read_json(bot)?,
        });
    }
    Ok(Some(StoredMatch {
        id: id.to_owned(),
        game,
        config: serde_json::from_str(&config)
            .map_err(|error| StoreError::Corrupt(error.to_string()))?,
        seed: seed.cast_unsigned(),
        unlisted,
        created_at: created_at.cast_unsigned(),
        updated_at: updated_at.cast_unsigned(),
        gameover: read_json(gameover)?,
        next_match_id,
        seats,
    }))
}
