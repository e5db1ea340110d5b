//! The server's command line: `meeple-server` and `meeple serve`.

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
    pub store_lanes: Option<usize>,
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
    let store = Store::open(&args.database, args.store_lanes)
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
