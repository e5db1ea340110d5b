//! The server's command line: `meeple-server` and `meeple serve`.

use std::path::PathBuf;
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
    /// The SQLite file the matches are kept in (created if missing).
    #[arg(long, default_value = "meeple.sqlite")]
    pub database: PathBuf,
}

/// Opens the store, binds the address, prints it (`listening on http://…`) and serves
/// until the process ends. Returns 1 with the error printed when the store or the address
/// cannot be opened.
#[must_use]
pub fn run(args: &ServeArgs) -> ExitCode {
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("meeple-server: cannot start the async runtime: {error}");
            return ExitCode::FAILURE;
        }
    };
    runtime.block_on(async {
        let store = match Store::open_sqlite(&args.database) {
            Ok(store) => store,
            Err(error) => {
                eprintln!(
                    "meeple-server: cannot open {}: {error}",
                    args.database.display()
                );
                return ExitCode::FAILURE;
            }
        };
        let listener = match tokio::net::TcpListener::bind(&args.addr).await {
            Ok(listener) => listener,
            Err(error) => {
                eprintln!("meeple-server: cannot listen on {}: {error}", args.addr);
                return ExitCode::FAILURE;
            }
        };
        let address = listener
            .local_addr()
            .map_or_else(|_| args.addr.clone(), |address| address.to_string());
        println!("listening on http://{address}");
        match Server::new(store)
            .with_shipped_games()
            .serve(listener)
            .await
        {
            Ok(()) => ExitCode::SUCCESS,
            Err(error) => {
                eprintln!("meeple-server: {error}");
                ExitCode::FAILURE
            }
        }
    })
}
