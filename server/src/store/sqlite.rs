//! The store in SQLite: one file, WAL mode, `synchronous=FULL`.

use std::path::Path;

use rusqlite::types::ValueRef;
use rusqlite::{Connection, OptionalExtension, params};
use serde_json::Value;

use super::{
    Database, Deliver, Job, Line, MatchFilter, Rows, SeatHolder, StoreError, StoredMatch,
    StoredSeat, StoredSnapshot, read_json,
};

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
    next_match_id TEXT,
    move_clock_ms INTEGER
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
    body BLOB NOT NULL,
    PRIMARY KEY (match_id, seq)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS shards (
    count INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS snapshots (
    match_id TEXT NOT NULL REFERENCES matches (id),
    at INTEGER NOT NULL,
    base_at INTEGER,
    cancelled INTEGER NOT NULL DEFAULT 0,
    body BLOB NOT NULL,
    PRIMARY KEY (match_id, at)
) WITHOUT ROWID;
";

/// A SQLite database, owned by the store's thread.
pub(super) struct Sqlite(Connection);

impl Sqlite {
    pub(super) fn open(path: &Path) -> Result<Self, StoreError> {
        Self::set_up(Connection::open(path)?)
    }

    pub(super) fn in_memory() -> Result<Self, StoreError> {
        Self::set_up(Connection::open_in_memory()?)
    }

    fn set_up(connection: Connection) -> Result<Self, StoreError> {
        // EXCLUSIVE, before WAL: the WAL's index lives in this process's heap, never in a
        // `-shm` file mapped into memory (a `-shm` file shrunk or unwritable under a
        // mapping kills the process with SIGBUS instead of failing a statement). The store's
        // thread is the database's one connection anyway; a second process on the same file
        // is refused ("database is locked") rather than sharing it.
        connection.pragma_update(None, "locking_mode", "EXCLUSIVE")?;
        // Nobody else may hold the lock but a process about to go: a second wait is
        // enough to tell it from a second server on the file.
        connection.busy_timeout(std::time::Duration::from_secs(1))?;
        // WAL: a commit appends to the log; FULL: a commit is on disk (the WAL synced)
        // before it returns, so an acknowledged record survives a power cut.
        connection.pragma_update(None, "journal_mode", "WAL")?;
        connection.pragma_update(None, "synchronous", "FULL")?;
        connection.pragma_update(None, "foreign_keys", "ON")?;
        connection.execute_batch(SCHEMA)?;
        connection.set_prepared_statement_cache_capacity(STATEMENTS_KEPT);
        // A database made before matches had a clock per move.
        let clocked: i64 = connection.query_row(
            "SELECT COUNT(*) FROM pragma_table_info('matches') WHERE name = 'move_clock_ms'",
            [],
            |row| row.get(0),
        )?;
        if clocked == 0 {
            connection.execute_batch("ALTER TABLE matches ADD COLUMN move_clock_ms INTEGER")?;
        }
        Ok(Sqlite(connection))
    }
}

impl Sqlite {
    /// The number of shards of the database whose first file this is, and whether it was
    /// recorded now: the one recorded at its creation, or `asked` (1 if `None`) recorded
    /// now for a new one. A file made before shards has 1.
    pub(super) fn shard_count(&self, asked: Option<usize>) -> Result<(usize, bool), StoreError> {
        if asked == Some(0) {
            return Err(StoreError::Sqlite(
                "a database has 1 shard or more, not 0".to_owned(),
            ));
        }
        let connection = &self.0;
        let recorded: Option<i64> = connection
            .query_row("SELECT count FROM shards", [], |row| row.get(0))
            .optional()?;
        let made_now = recorded.is_none();
        let recorded = match recorded {
            Some(count) => usize::try_from(count)
                .map_err(|error| StoreError::Corrupt(format!("the shard count: {error}")))?,
            None => {
                let used: bool =
                    connection.query_row("SELECT EXISTS (SELECT 1 FROM matches)", [], |row| {
                        row.get(0)
                    })?;
                let count = if used { 1 } else { asked.unwrap_or(1).max(1) };
                connection.execute(
                    "INSERT INTO shards (count) VALUES (?1)",
                    params![index(count)],
                )?;
                count
            }
        };
        match asked {
            Some(asked) if asked != recorded => Err(StoreError::Sqlite(format!(
                "the database was made with {recorded} shard(s), not {asked}"
            ))),
            _ => Ok((recorded, made_now)),
        }
    }
}

/// How many prepared statements the connection keeps: every statement of the store, each
/// parsed once.
const STATEMENTS_KEPT: usize = 64;

impl Database for Sqlite {
    fn commit_group(&mut self, jobs: Vec<Job>) -> (Vec<Deliver>, Result<(), StoreError>) {
        let connection = &self.0;
        let mut delivers = Vec::with_capacity(jobs.len());
        // Every statement here, the transaction's and the savepoints' too, is prepared once
        // and kept: parsing them again for each job was a fifth of the store's time.
        let run = |sql: &str| -> Result<(), StoreError> {
            connection.prepare_cached(sql)?.execute([])?;
            Ok(())
        };
        let committed = (|| -> Result<(), StoreError> {
            run("BEGIN")?;
            for job in jobs {
                run("SAVEPOINT job")?;
                let (succeeded, deliver) = job(&mut Statements(connection));
                delivers.push(deliver);
                if !succeeded {
                    run("ROLLBACK TO job")?;
                }
                run("RELEASE job")?;
            }
            run("COMMIT")
        })();
        if committed.is_err() && !connection.is_autocommit() {
            // Nothing of the group stands: each job hears of the failure.
            let _ = connection.execute_batch("ROLLBACK");
        }
        (delivers, committed)
    }
}

/// The store's statements on an open SQLite savepoint, each prepared once for the
/// connection.
struct Statements<'a>(&'a Connection);

impl Statements<'_> {
    /// Runs `sql`, prepared once, with `parameters`: the rows it changed.
    fn execute(&self, sql: &str, parameters: impl rusqlite::Params) -> Result<usize, StoreError> {
        Ok(self.0.prepare_cached(sql)?.execute(parameters)?)
    }
}

fn signed(value: u64) -> i64 {
    value.cast_signed()
}

fn index(value: usize) -> i64 {
    i64::try_from(value).unwrap_or(i64::MAX)
}

/// A stored line number, which no writer made negative.
fn line(value: i64) -> Result<usize, StoreError> {
    usize::try_from(value).map_err(|error| StoreError::Corrupt(error.to_string()))
}

impl Statements<'_> {
    /// Writes seat `seat` of match `id`, only if it is held as `only_if` says: whether it
    /// was written.
    fn write_seat(
        &mut self,
        id: &str,
        seat: usize,
        row: &StoredSeat,
        only_if: SeatHolder<'_>,
    ) -> Result<bool, StoreError> {
        let held_by = match only_if {
            SeatHolder::Nobody => None,
            SeatHolder::Credentials(hash) => Some(hash),
        };
        // Free (no name, no bot) when no credentials are named, else held by them.
        let statement = "UPDATE seats SET name = ?3, data = ?4, credential_hash = ?5, bot = ?6 \
             WHERE match_id = ?1 AND seat = ?2 \
             AND ((?7 IS NULL AND name IS NULL AND bot IS NULL) OR credential_hash = ?7)";
        let changed = self.execute(
            statement,
            params![
                id,
                index(seat),
                row.name,
                row.data.as_ref().map(Value::to_string),
                row.credential_hash,
                row.bot.as_ref().map(Value::to_string),
                held_by,
            ],
        )?;
        Ok(changed == 1)
    }
}

impl Rows for Statements<'_> {
    fn insert_match(&mut self, stored: &StoredMatch) -> Result<(), StoreError> {
        self.execute(
            "INSERT INTO matches (id, game, config, seed, unlisted, created_at, updated_at, gameover, next_match_id, move_clock_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
            params![
                stored.id,
                stored.game,
                stored.config.to_string(),
                signed(stored.seed),
                stored.unlisted,
                signed(stored.created_at),
                signed(stored.updated_at),
                stored.gameover.as_ref().map(Value::to_string),
                stored.next_match_id,
                stored.move_clock_ms.map(signed),
            ],
        )?;
        Ok(())
    }

    fn insert_seat(&mut self, id: &str, seat: usize, row: &StoredSeat) -> Result<(), StoreError> {
        self.execute(
            "INSERT INTO seats (match_id, seat, name, data, credential_hash, bot) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![
                id,
                index(seat),
                row.name,
                row.data.as_ref().map(Value::to_string),
                row.credential_hash,
                row.bot.as_ref().map(Value::to_string),
            ],
        )?;
        Ok(())
    }

    fn append_rows(&mut self, id: &str, from: usize, records: &[Line]) -> Result<(), StoreError> {
        let mut statement = self
            .0
            .prepare_cached("INSERT INTO records (match_id, seq, body) VALUES (?1, ?2, ?3)")?;
        for (offset, body) in records.iter().enumerate() {
            statement.execute(params![id, index(from + offset), body])?;
        }
        Ok(())
    }

    fn insert_snapshot(&mut self, id: &str, snapshot: &StoredSnapshot) -> Result<(), StoreError> {
        self.execute(
            "INSERT INTO snapshots (match_id, at, base_at, body) VALUES (?1, ?2, ?3, ?4)",
            params![
                id,
                index(snapshot.at),
                snapshot.base_at.map(index),
                snapshot.body
            ],
        )?;
        if let Some(base_at) = snapshot.base_at {
            // Before the base's own base, as PostgreSQL's: one generation kept.
            self.execute(
                "UPDATE snapshots SET body = X'' WHERE match_id = ?1 AND body <> X'' \
                 AND at < (SELECT base_at FROM snapshots WHERE match_id = ?1 AND at = ?2)",
                params![id, index(base_at)],
            )?;
        }
        Ok(())
    }

    fn cancel_snapshot(&mut self, id: &str, at: usize) -> Result<(), StoreError> {
        self.execute(
            "UPDATE snapshots SET cancelled = 1 WHERE match_id = ?1 AND at = ?2",
            params![id, index(at)],
        )?;
        Ok(())
    }

    fn read_last_snapshot(
        &mut self,
        id: &str,
    ) -> Result<Option<(StoredSnapshot, bool)>, StoreError> {
        let row = self
            .0
            .prepare_cached(
                "SELECT at, base_at, body, cancelled FROM snapshots WHERE match_id = ?1 \
                 ORDER BY at DESC LIMIT 1",
            )?
            .query_row(params![id], |row| {
                Ok((
                    row.get::<_, i64>(0)?,
                    row.get::<_, Option<i64>>(1)?,
                    row.get::<_, Vec<u8>>(2)?,
                    row.get::<_, bool>(3)?,
                ))
            })
            .optional()?;
        row.map(|(at, base_at, body, cancelled)| {
            Ok((
                StoredSnapshot {
                    at: line(at)?,
                    base_at: base_at.map(line).transpose()?,
                    body,
                },
                cancelled,
            ))
        })
        .transpose()
    }

    fn read_snapshot_at(
        &mut self,
        id: &str,
        at: usize,
    ) -> Result<Option<StoredSnapshot>, StoreError> {
        let row = self
            .0
            .prepare_cached("SELECT base_at, body FROM snapshots WHERE match_id = ?1 AND at = ?2")?
            .query_row(params![id, index(at)], |row| {
                Ok((row.get::<_, Option<i64>>(0)?, row.get::<_, Vec<u8>>(1)?))
            })
            .optional()?;
        row.map(|(base_at, body)| {
            Ok(StoredSnapshot {
                at,
                base_at: base_at.map(line).transpose()?,
                body,
            })
        })
        .transpose()
    }

    fn read_snapshot_points(&mut self, id: &str, from: usize) -> Result<Vec<usize>, StoreError> {
        let mut statement = self.0.prepare_cached(
            "SELECT at FROM snapshots WHERE match_id = ?1 AND at >= ?2 ORDER BY at",
        )?;
        let rows = statement.query_map(params![id, index(from)], |row| row.get::<_, i64>(0))?;
        rows.map(|at| line(at?)).collect()
    }

    fn update_match(
        &mut self,
        id: &str,
        updated_at: u64,
        gameover: Option<&Value>,
    ) -> Result<(), StoreError> {
        self.execute(
            "UPDATE matches SET updated_at = ?2, gameover = ?3 WHERE id = ?1",
            params![id, signed(updated_at), gameover.map(Value::to_string)],
        )?;
        Ok(())
    }

    fn read_match(&mut self, id: &str) -> Result<Option<StoredMatch>, StoreError> {
        let row = self
            .0
            .prepare_cached(
                "SELECT game, config, seed, unlisted, created_at, updated_at, gameover, next_match_id, move_clock_ms FROM matches WHERE id = ?1",
            )?
            .query_row(
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
                        row.get::<_, Option<i64>>(8)?,
                    ))
                },
            )
            .optional()?;
        let Some((
            game,
            config,
            seed,
            unlisted,
            created_at,
            updated_at,
            gameover,
            next_match_id,
            move_clock_ms,
        )) = row
        else {
            return Ok(None);
        };
        let mut statement = self.0.prepare_cached(
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
            config: read_json(Some(config))?.unwrap_or(Value::Null),
            seed: seed.cast_unsigned(),
            unlisted,
            created_at: created_at.cast_unsigned(),
            updated_at: updated_at.cast_unsigned(),
            gameover: read_json(gameover)?,
            next_match_id,
            move_clock_ms: move_clock_ms.map(i64::cast_unsigned),
            seats,
        }))
    }

    fn read_records(&mut self, id: &str, from: usize) -> Result<Vec<Line>, StoreError> {
        let mut statement = self.0.prepare_cached(
            "SELECT body FROM records WHERE match_id = ?1 AND seq >= ?2 ORDER BY seq",
        )?;
        let from = i64::try_from(from).unwrap_or(i64::MAX);
        // A BLOB of MessagePack, or the TEXT of JSON an earlier server wrote.
        let rows = statement.query_map(params![id, from], |row| match row.get_ref(0)? {
            ValueRef::Blob(bytes) | ValueRef::Text(bytes) => Ok(bytes.to_vec()),
            _ => Err(rusqlite::Error::InvalidColumnType(
                0,
                "body".to_owned(),
                row.get_ref(0)?.data_type(),
            )),
        })?;
        Ok(rows.collect::<Result<Vec<_>, _>>()?)
    }

    fn list_ids(&mut self, game: &str, filter: &MatchFilter) -> Result<Vec<String>, StoreError> {
        let mut statement = self.0.prepare_cached(
            "SELECT id FROM matches WHERE game = ?1 AND unlisted = 0 \
             AND (?2 IS NULL OR (gameover IS NOT NULL) = ?2) \
             AND (?3 IS NULL OR updated_at < ?3) AND (?4 IS NULL OR updated_at > ?4) \
             ORDER BY created_at, id",
        )?;
        let rows = statement.query_map(
            params![
                game,
                filter.is_gameover,
                filter.updated_before.map(signed),
                filter.updated_after.map(signed)
            ],
            |row| row.get::<_, String>(0),
        )?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    fn set_seat(
        &mut self,
        id: &str,
        seat: usize,
        row: &StoredSeat,
        held_by: SeatHolder<'_>,
    ) -> Result<bool, StoreError> {
        self.write_seat(id, seat, row, held_by)
    }

    fn seat_held(
        &mut self,
        id: &str,
        seat: usize,
        credential_hash: &str,
    ) -> Result<bool, StoreError> {
        // SQLite has one writer: the row cannot change before this transaction commits.
        let mut statement = self.0.prepare_cached(
            "SELECT 1 FROM seats WHERE match_id = ?1 AND seat = ?2 AND credential_hash = ?3",
        )?;
        Ok(statement.exists(params![id, index(seat), credential_hash])?)
    }

    fn set_next_match(&mut self, id: &str, next: &str) -> Result<Option<String>, StoreError> {
        self.execute(
            "UPDATE matches SET next_match_id = ?2 WHERE id = ?1 AND next_match_id IS NULL",
            params![id, next],
        )?;
        Ok(self
            .0
            .prepare_cached("SELECT next_match_id FROM matches WHERE id = ?1")?
            .query_row(params![id], |row| row.get::<_, Option<String>>(0))
            .optional()?
            .flatten())
    }

    fn wipe(&mut self, id: &str) -> Result<(), StoreError> {
        self.execute("DELETE FROM snapshots WHERE match_id = ?1", params![id])?;
        self.execute("DELETE FROM records WHERE match_id = ?1", params![id])?;
        self.execute("DELETE FROM seats WHERE match_id = ?1", params![id])?;
        self.execute("DELETE FROM matches WHERE id = ?1", params![id])?;
        Ok(())
    }
}
