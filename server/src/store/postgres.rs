//! The store in PostgreSQL: the same tables and statements as in SQLite, for a database
//! several server processes can share.

use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use postgres::fallible_iterator::FallibleIterator;
use std::collections::HashMap;

use postgres::types::ToSql;
use postgres::{Client, NoTls, Row, Statement, Transaction};
use serde_json::Value;
use tokio::sync::mpsc as channel;

use super::{
    Database, Deliver, Job, Line, MatchFilter, Notice, Rows, SeatHolder, StoreError, StoredMatch,
    StoredSeat, StoredSnapshot, read_json, read_notice,
};

/// The channel of PostgreSQL's `LISTEN`/`NOTIFY` the processes sharing a database send
/// each other their [`Notice`]s on.
pub const NOTICE_CHANNEL: &str = "meeple";

/// How long the listener waits before it connects again after losing its connection.
const RECONNECT_AFTER: Duration = Duration::from_millis(500);

/// Listens on [`NOTICE_CHANNEL`] of the database at `url` on a thread of its own, with a
/// connection of its own (its `application_name` is `meeple-listen-<pid>`, this
/// process's id); hands on every notice of another process than `process`.
///
/// Connects again when the connection is lost. What was sent meanwhile is lost, so once
/// listening again it hands on [`Notice::Resumed`]: the hub then catches up every match
/// it follows from the store. Ends when the receiver is dropped.
///
/// # Errors
/// [`StoreError::Postgres`] when `url` does not parse or the first connection fails.
pub(super) fn listen(
    url: &str,
    process: u64,
) -> Result<channel::UnboundedReceiver<Notice>, StoreError> {
    let mut config: postgres::Config = url.parse().map_err(StoreError::from)?;
    config.application_name(&listener_name(std::process::id()));
    let (notices, received) = channel::unbounded_channel();
    let (opened, connected) = mpsc::sync_channel(1);
    thread::Builder::new()
        .name("meeple-listen".to_owned())
        .spawn(move || {
            let mut opened = Some(opened);
            loop {
                let client = config.connect(NoTls).and_then(|mut client| {
                    client.batch_execute(&format!("LISTEN {NOTICE_CHANNEL}"))?;
                    Ok(client)
                });
                let mut client = match (client, opened.take()) {
                    (Ok(client), Some(first)) => {
                        let _ = first.send(Ok(()));
                        client
                    }
                    (Ok(client), None) => {
                        // Listening again: what was sent while it was not is in the store.
                        if notices.send(Notice::Resumed).is_err() {
                            return;
                        }
                        client
                    }
                    (Err(error), Some(first)) => {
                        let _ = first.send(Err(StoreError::from(error)));
                        return;
                    }
                    (Err(_), None) => {
                        thread::sleep(RECONNECT_AFTER);
                        continue;
                    }
                };
                let mut notifications = client.notifications();
                let mut iter = notifications.blocking_iter();
                while let Ok(Some(notification)) = iter.next() {
                    let Some(notice) = read_notice(notification.payload(), process) else {
                        continue;
                    };
                    if notices.send(notice).is_err() {
                        return;
                    }
                }
                if notices.is_closed() {
                    return;
                }
                thread::sleep(RECONNECT_AFTER);
            }
        })
        .map_err(|error| StoreError::Postgres(error.to_string()))?;
    connected.recv().map_err(|_| StoreError::Closed)??;
    Ok(received)
}

/// The `application_name` of the listening connection of the server process `pid`: an
/// operator (or a test) finds it in `pg_stat_activity`.
#[must_use]
pub fn listener_name(pid: u32) -> String {
    format!("meeple-listen-{pid}")
}

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS matches (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    config TEXT NOT NULL,
    seed BIGINT NOT NULL,
    unlisted BOOLEAN NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    gameover TEXT,
    next_match_id TEXT,
    move_clock_ms BIGINT
);
-- A database made before matches had a clock per move. Checked first: an ALTER TABLE
-- locks the table whole even when it changes nothing.
DO $$ BEGIN
    IF NOT EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema()
                   AND table_name = 'matches' AND column_name = 'move_clock_ms') THEN
        ALTER TABLE matches ADD COLUMN move_clock_ms BIGINT;
    END IF;
END $$;
CREATE INDEX IF NOT EXISTS matches_by_game ON matches (game, created_at);
CREATE TABLE IF NOT EXISTS seats (
    match_id TEXT NOT NULL REFERENCES matches (id),
    seat BIGINT NOT NULL,
    name TEXT,
    data TEXT,
    credential_hash TEXT,
    bot TEXT,
    PRIMARY KEY (match_id, seat)
);
CREATE TABLE IF NOT EXISTS records (
    match_id TEXT NOT NULL REFERENCES matches (id),
    seq BIGINT NOT NULL,
    body TEXT,
    packed BYTEA,
    PRIMARY KEY (match_id, seq)
);
-- A database made before records were stored in MessagePack: its JSON rows stay in
-- `body`, new ones go to `packed`.
DO $$ BEGIN
    IF NOT EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema()
                   AND table_name = 'records' AND column_name = 'packed') THEN
        ALTER TABLE records ADD COLUMN packed BYTEA;
        ALTER TABLE records ALTER COLUMN body DROP NOT NULL;
    END IF;
END $$;
CREATE TABLE IF NOT EXISTS snapshots (
    match_id TEXT NOT NULL REFERENCES matches (id),
    at BIGINT NOT NULL,
    base_at BIGINT,
    cancelled BOOLEAN NOT NULL DEFAULT FALSE,
    body BYTEA NOT NULL,
    PRIMARY KEY (match_id, at)
);
";

/// A connection to PostgreSQL, owned by the store's thread, with the statements it
/// prepared.
pub(super) struct Postgres {
    client: Client,
    /// Every statement of the store, prepared once on this connection: the client would
    /// otherwise prepare a statement again at each use, a round trip to the server before
    /// the one that runs it.
    prepared: HashMap<&'static str, Statement>,
}

impl Postgres {
    pub(super) fn connect(url: &str, set_up: bool) -> Result<Self, StoreError> {
        let mut client = Client::connect(url, NoTls)?;
        if set_up {
            // Two processes starting at once both create the tables: one waits for the
            // other.
            let mut transaction = client.transaction()?;
            transaction.execute("SELECT pg_advisory_xact_lock(4242)", &[])?;
            transaction.batch_execute(SCHEMA)?;
            transaction.commit()?;
        }
        Ok(Postgres {
            client,
            prepared: HashMap::new(),
        })
    }
}

impl Database for Postgres {
    fn commit_group(&mut self, jobs: Vec<Job>) -> (Vec<Deliver>, Result<(), StoreError>) {
        let Postgres { client, prepared } = self;
        let mut delivers = Vec::with_capacity(jobs.len());
        let committed = (|| -> Result<(), StoreError> {
            let mut transaction = client.transaction()?;
            for job in jobs {
                let mut savepoint = transaction.transaction()?;
                let (succeeded, deliver) = job(&mut Statements {
                    transaction: &mut savepoint,
                    prepared,
                });
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
        (delivers, committed)
    }
}

/// The store's statements in an open PostgreSQL savepoint, each prepared once for the
/// connection (a statement outlives the transaction it was prepared in).
struct Statements<'a, 'b> {
    transaction: &'a mut Transaction<'b>,
    prepared: &'a mut HashMap<&'static str, Statement>,
}

/// A statement's parameters.
type Parameters<'a> = [&'a (dyn ToSql + Sync)];

impl Statements<'_, '_> {
    /// `sql`, prepared on the connection the first time it is asked for.
    fn statement(&mut self, sql: &'static str) -> Result<Statement, StoreError> {
        if let Some(statement) = self.prepared.get(sql) {
            return Ok(statement.clone());
        }
        let statement = self.transaction.prepare(sql)?;
        self.prepared.insert(sql, statement.clone());
        Ok(statement)
    }

    /// Runs `sql` with `parameters`: the rows it changed.
    fn execute(
        &mut self,
        sql: &'static str,
        parameters: &Parameters<'_>,
    ) -> Result<u64, StoreError> {
        let statement = self.statement(sql)?;
        Ok(self.transaction.execute(&statement, parameters)?)
    }

    /// The rows `sql` reads.
    fn query(
        &mut self,
        sql: &'static str,
        parameters: &Parameters<'_>,
    ) -> Result<Vec<Row>, StoreError> {
        let statement = self.statement(sql)?;
        Ok(self.transaction.query(&statement, parameters)?)
    }

    /// The row `sql` reads, if any.
    fn query_opt(
        &mut self,
        sql: &'static str,
        parameters: &Parameters<'_>,
    ) -> Result<Option<Row>, StoreError> {
        let statement = self.statement(sql)?;
        Ok(self.transaction.query_opt(&statement, parameters)?)
    }

    /// The one row `sql` reads.
    fn query_one(
        &mut self,
        sql: &'static str,
        parameters: &Parameters<'_>,
    ) -> Result<Row, StoreError> {
        let statement = self.statement(sql)?;
        Ok(self.transaction.query_one(&statement, parameters)?)
    }
}

fn signed(value: u64) -> i64 {
    value.cast_signed()
}

fn index(value: usize) -> i64 {
    i64::try_from(value).unwrap_or(i64::MAX)
}

/// A stored line number, which no writer made negative.
fn unsigned_index(value: i64) -> Result<usize, StoreError> {
    usize::try_from(value).map_err(|error| StoreError::Corrupt(error.to_string()))
}

impl Statements<'_, '_> {
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
        let statement = "UPDATE seats SET name = $3, data = $4, credential_hash = $5, bot = $6 \
             WHERE match_id = $1 AND seat = $2 \
             AND (($7::TEXT IS NULL AND name IS NULL AND bot IS NULL) OR credential_hash = $7)";
        let changed = self.execute(
            statement,
            &[
                &id,
                &index(seat),
                &row.name,
                &row.data.as_ref().map(Value::to_string),
                &row.credential_hash,
                &row.bot.as_ref().map(Value::to_string),
                &held_by,
            ],
        )?;
        Ok(changed == 1)
    }
}

impl Rows for Statements<'_, '_> {
    fn insert_match(&mut self, stored: &StoredMatch) -> Result<(), StoreError> {
        self.execute(
            "INSERT INTO matches (id, game, config, seed, unlisted, created_at, updated_at, gameover, next_match_id, move_clock_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
            &[
                &stored.id,
                &stored.game,
                &stored.config.to_string(),
                &signed(stored.seed),
                &stored.unlisted,
                &signed(stored.created_at),
                &signed(stored.updated_at),
                &stored.gameover.as_ref().map(Value::to_string),
                &stored.next_match_id,
                &stored.move_clock_ms.map(signed),
            ],
        )?;
        Ok(())
    }

    fn insert_seat(&mut self, id: &str, seat: usize, row: &StoredSeat) -> Result<(), StoreError> {
        self.execute(
            "INSERT INTO seats (match_id, seat, name, data, credential_hash, bot) VALUES ($1, $2, $3, $4, $5, $6)",
            &[
                &id,
                &index(seat),
                &row.name,
                &row.data.as_ref().map(Value::to_string),
                &row.credential_hash,
                &row.bot.as_ref().map(Value::to_string),
            ],
        )?;
        Ok(())
    }

    fn append_rows(&mut self, id: &str, from: usize, records: &[Line]) -> Result<(), StoreError> {
        // Every row in one statement: one round trip, however many records.
        let seqs: Vec<i64> = (0..records.len())
            .map(|offset| index(from + offset))
            .collect();
        self.execute(
            "INSERT INTO records (match_id, seq, packed) \
             SELECT $1, seq, packed FROM unnest($2::BIGINT[], $3::BYTEA[]) AS rows (seq, packed)",
            &[&id, &seqs, &records],
        )?;
        Ok(())
    }

    fn update_match(
        &mut self,
        id: &str,
        updated_at: u64,
        gameover: Option<&Value>,
    ) -> Result<(), StoreError> {
        self.execute(
            "UPDATE matches SET updated_at = $2, gameover = $3 WHERE id = $1",
            &[&id, &signed(updated_at), &gameover.map(Value::to_string)],
        )?;
        Ok(())
    }

    fn read_match(&mut self, id: &str) -> Result<Option<StoredMatch>, StoreError> {
        let Some(row) = self.query_opt(
            "SELECT game, config, seed, unlisted, created_at, updated_at, gameover, next_match_id, move_clock_ms FROM matches WHERE id = $1",
            &[&id],
        )?
        else {
            return Ok(None);
        };
        let mut seats = Vec::new();
        for seat in self.query(
            "SELECT name, data, credential_hash, bot FROM seats WHERE match_id = $1 ORDER BY seat",
            &[&id],
        )? {
            seats.push(StoredSeat {
                name: seat.try_get(0)?,
                data: read_json(seat.try_get(1)?)?,
                credential_hash: seat.try_get(2)?,
                bot: read_json(seat.try_get(3)?)?,
            });
        }
        Ok(Some(StoredMatch {
            id: id.to_owned(),
            game: row.try_get(0)?,
            config: read_json(Some(row.try_get(1)?))?.unwrap_or(Value::Null),
            seed: row.try_get::<_, i64>(2)?.cast_unsigned(),
            unlisted: row.try_get(3)?,
            created_at: row.try_get::<_, i64>(4)?.cast_unsigned(),
            updated_at: row.try_get::<_, i64>(5)?.cast_unsigned(),
            gameover: read_json(row.try_get(6)?)?,
            next_match_id: row.try_get(7)?,
            move_clock_ms: row.try_get::<_, Option<i64>>(8)?.map(i64::cast_unsigned),
            seats,
        }))
    }

    fn insert_snapshot(&mut self, id: &str, snapshot: &StoredSnapshot) -> Result<(), StoreError> {
        self.execute(
            "INSERT INTO snapshots (match_id, at, base_at, body) VALUES ($1, $2, $3, $4)",
            &[
                &id,
                &index(snapshot.at),
                &snapshot.base_at.map(index),
                &snapshot.body,
            ],
        )?;
        if let Some(base_at) = snapshot.base_at {
            // Before the base's own base: a load that read the last snapshot just before
            // this one was stored still finds its base's body.
            self.execute(
                "UPDATE snapshots SET body = ''::BYTEA WHERE match_id = $1 AND body <> ''::BYTEA \
                 AND at < (SELECT base_at FROM snapshots WHERE match_id = $1 AND at = $2)",
                &[&id, &index(base_at)],
            )?;
        }
        Ok(())
    }

    fn cancel_snapshot(&mut self, id: &str, at: usize) -> Result<(), StoreError> {
        self.execute(
            "UPDATE snapshots SET cancelled = TRUE WHERE match_id = $1 AND at = $2",
            &[&id, &index(at)],
        )?;
        Ok(())
    }

    fn read_last_snapshot(
        &mut self,
        id: &str,
    ) -> Result<Option<(StoredSnapshot, bool)>, StoreError> {
        let Some(row) = self.query_opt(
            "SELECT at, base_at, body, cancelled FROM snapshots WHERE match_id = $1 \
             ORDER BY at DESC LIMIT 1",
            &[&id],
        )?
        else {
            return Ok(None);
        };
        let base_at: Option<i64> = row.try_get(1)?;
        Ok(Some((
            StoredSnapshot {
                at: unsigned_index(row.try_get(0)?)?,
                base_at: base_at.map(unsigned_index).transpose()?,
                body: row.try_get(2)?,
            },
            row.try_get(3)?,
        )))
    }

    fn read_snapshot_at(
        &mut self,
        id: &str,
        at: usize,
    ) -> Result<Option<StoredSnapshot>, StoreError> {
        let Some(row) = self.query_opt(
            "SELECT base_at, body FROM snapshots WHERE match_id = $1 AND at = $2",
            &[&id, &index(at)],
        )?
        else {
            return Ok(None);
        };
        let base_at: Option<i64> = row.try_get(0)?;
        Ok(Some(StoredSnapshot {
            at,
            base_at: base_at.map(unsigned_index).transpose()?,
            body: row.try_get(1)?,
        }))
    }

    fn read_snapshot_points(&mut self, id: &str, from: usize) -> Result<Vec<usize>, StoreError> {
        self.query(
            "SELECT at FROM snapshots WHERE match_id = $1 AND at >= $2 ORDER BY at",
            &[&id, &index(from)],
        )?
        .iter()
        .map(|row| unsigned_index(row.try_get(0)?))
        .collect()
    }

    fn read_records(&mut self, id: &str, from: usize) -> Result<Vec<Line>, StoreError> {
        // MessagePack, or the JSON an earlier server wrote.
        self.query(
            "SELECT COALESCE(packed, convert_to(body, 'UTF8')) FROM records \
             WHERE match_id = $1 AND seq >= $2 ORDER BY seq",
            &[&id, &index(from)],
        )?
        .iter()
        .map(|row| row.try_get::<_, Vec<u8>>(0).map_err(StoreError::from))
        .collect()
    }

    fn list_ids(&mut self, game: &str, filter: &MatchFilter) -> Result<Vec<String>, StoreError> {
        self.query(
                "SELECT id FROM matches WHERE game = $1 AND NOT unlisted \
                 AND ($2::BOOLEAN IS NULL OR (gameover IS NOT NULL) = $2) \
                 AND ($3::BIGINT IS NULL OR updated_at < $3) AND ($4::BIGINT IS NULL OR updated_at > $4) \
                 ORDER BY created_at, id",
                &[
                    &game,
                    &filter.is_gameover,
                    &filter.updated_before.map(signed),
                    &filter.updated_after.map(signed),
                ],
            )?
            .iter()
            .map(|row| row.try_get::<_, String>(0).map_err(StoreError::from))
            .collect()
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
        // FOR SHARE: a leave or a join of this seat in another process waits for this
        // transaction, so that it answers only once these records are ordered before it.
        Ok(self
            .query_opt(
                "SELECT 1 FROM seats WHERE match_id = $1 AND seat = $2 AND credential_hash = $3 \
                 FOR SHARE",
                &[&id, &index(seat), &credential_hash],
            )?
            .is_some())
    }

    fn set_next_match(&mut self, id: &str, next: &str) -> Result<Option<String>, StoreError> {
        self.execute(
            "UPDATE matches SET next_match_id = $2 WHERE id = $1 AND next_match_id IS NULL",
            &[&id, &next],
        )?;
        Ok(self
            .query_opt("SELECT next_match_id FROM matches WHERE id = $1", &[&id])?
            .map(|row| row.try_get::<_, Option<String>>(0))
            .transpose()?
            .flatten())
    }

    fn wipe(&mut self, id: &str) -> Result<(), StoreError> {
        self.execute("DELETE FROM snapshots WHERE match_id = $1", &[&id])?;
        self.execute("DELETE FROM records WHERE match_id = $1", &[&id])?;
        self.execute("DELETE FROM seats WHERE match_id = $1", &[&id])?;
        self.execute("DELETE FROM matches WHERE id = $1", &[&id])?;
        Ok(())
    }

    fn try_lease(&mut self, id: &str) -> Result<bool, StoreError> {
        // The lock is the session's, not the transaction's: it outlives this transaction
        // and is let go by `release_lease` or when this process's connection closes.
        Ok(self
            .query_one(
                "SELECT pg_try_advisory_lock(hashtextextended($1, 0))",
                &[&id],
            )?
            .try_get(0)?)
    }

    fn release_lease(&mut self, id: &str) -> Result<(), StoreError> {
        self.execute("SELECT pg_advisory_unlock(hashtextextended($1, 0))", &[&id])?;
        Ok(())
    }

    fn notify(&mut self, payload: &str) -> Result<(), StoreError> {
        self.execute("SELECT pg_notify($1, $2)", &[&NOTICE_CHANNEL, &payload])?;
        Ok(())
    }
}
