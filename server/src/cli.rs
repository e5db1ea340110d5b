//! The server's command line: `meeple-server`, `meeple serve` and `meeple export`.

use std::process::ExitCode;

use crate::{Server, Store};

/// Where to listen and where to keep the matches.
#[derive(Clone, Debug, clap::Parser)]
#[command(
    name = "meeple-server",
    about = "Serve every meeple game: lobby, play, storage"
)]
pub struct ServeArgs {
    /// The address to listen on.
    #[arg(long, default_value = "127.0.0.1:8000")]
    pub addr: String,
    /// Where the matches are kept: a SQLite file (created if missing), or a PostgreSQL
    /// URL (`postgres://user@host:port/database`).
    #[arg(long, default_value = "meeple.sqlite")]
    pub database: String,
    /// The store's lanes, each a thread with its own connection that commits its matches'
    /// records: for PostgreSQL its connections (default: one per core, up to 8); for
    /// SQLite its shards, one file each (`FILE`, `FILE.shard1`, ...), fixed when the
    /// database is made (default: the database's own, 1 for a new one).
    #[arg(long)]
    pub store_lanes: Option<std::num::NonZeroUsize>,
}

/// Runs [`serve`] and turns its result into the process's exit code: 1 with the error
/// printed after `meeple-server:` when the store or the address cannot be opened.
#[must_use]
pub fn run(args: &ServeArgs) -> ExitCode {
    match serve(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("meeple-server: {error}");
            ExitCode::FAILURE
        }
    }
}

/// Opens the store, binds the address, prints it (`listening on http://…`, then flushes,
/// so a script reading the output learns the port of `--addr 127.0.0.1:0`) and serves
/// every game of `meeple-games` until the process ends.
///
/// # Errors
/// The async runtime, the store or the address cannot be opened, or serving fails; in
/// words.
pub fn serve(args: &ServeArgs) -> Result<(), String> {
    let store = Store::open(
        &args.database,
        args.store_lanes.map(std::num::NonZeroUsize::get),
    )
    .map_err(|error| format!("cannot open {}: {error}", args.database))?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|error| format!("cannot start the async runtime: {error}"))?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(&args.addr)
            .await
            .map_err(|error| format!("cannot listen on {}: {error}", args.addr))?;
        let address = listener
            .local_addr()
            .map_or_else(|_| args.addr.clone(), |address| address.to_string());
        println!("listening on http://{address}");
        let _ = std::io::Write::flush(&mut std::io::stdout());
        Server::new(store)
            .with_shipped_games()
            .serve(listener)
            .await
            .map_err(|error| error.to_string())
    })
}

/// Which stored matches to write as logs, from which database.
#[derive(Clone, Debug, clap::Parser)]
pub struct ExportArgs {
    /// Where the matches are kept: a SQLite file, or a PostgreSQL URL. A SQLite file
    /// cannot be read while its server runs (the server holds it).
    #[arg(long, default_value = "meeple.sqlite")]
    pub database: String,
    /// The ids of the matches (`matchID`).
    #[arg(required = true)]
    pub matches: Vec<String>,
}

/// Writes the stored matches `args.matches` to standard output as their games' logs, one
/// line of JSON each, in order: the file `meeple replay` reads ([`Server::export`]), for
/// every game of `meeple-games`.
///
/// # Errors
/// No SQLite file is at the path given (none is made), the store cannot be opened, a match
/// is not stored or cannot be read, or standard output cannot be written; in words.
pub fn export(args: &ExportArgs) -> Result<(), String> {
    let url =
        args.database.starts_with("postgres://") || args.database.starts_with("postgresql://");
    if !url && !std::path::Path::new(&args.database).exists() {
        return Err(format!("no database at {}", args.database));
    }
    let store = Store::open(&args.database, None)
        .map_err(|error| format!("cannot open {}: {error}", args.database))?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|error| format!("cannot start the async runtime: {error}"))?;
    let server = Server::new(store).with_shipped_games();
    let logs = runtime.block_on(server.export(&args.matches))?;
    let mut out = std::io::stdout().lock();
    for log in logs {
        std::io::Write::write_all(&mut out, log.as_bytes())
            .and_then(|()| std::io::Write::write_all(&mut out, b"\n"))
            .map_err(|error| format!("cannot write the logs: {error}"))?;
    }
    std::io::Write::flush(&mut out).map_err(|error| format!("cannot write the logs: {error}"))
}
