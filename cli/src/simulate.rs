//! `meeple simulate`: bots play full games; totals, and optionally every game's log.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};
use meeple::Engine;

use crate::CliError;
use crate::bot::{RandomBot, bot_seed};
use crate::games::{self, TerminalGame};

/// Plays `count` games from seeds `seed`, `seed + 1`, ...; prints totals (games, moves,
/// mean points per seat, games per second) and writes each game's log as a JSON line to
/// `log` when given.
///
/// # Errors
/// A bad config, a log file that cannot be written, or a game that gets stuck.
pub(crate) fn run<G: TerminalGame>(
    count: u64,
    seed: u64,
    log: Option<&Path>,
    config: Option<&str>,
    players: Option<usize>,
) -> Result<(), CliError> {
    let config = games::config::<G>(config)?;
    let players = players.unwrap_or(G::PLAYERS);
    let io_error = |source| CliError::Io {
        path: log.map(Path::to_path_buf).unwrap_or_default(),
        source,
    };
    let mut writer = match log {
        Some(path) => Some(BufWriter::new(File::create(path).map_err(io_error)?)),
        None => None,
    };
    let bar = ProgressBar::new(count);
    bar.set_style(
        ProgressStyle::with_template("{spinner} {bar:40} {pos}/{len} games, {per_sec}, eta {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let started = Instant::now();
    let (mut moves, mut submissions) = (0_u64, 0_u64);
    let mut points = vec![0_i64; players];
    let mut wins = vec![0_f64; players];
    for game in 0..count {
        let engine = play_out::<G>(config.clone(), players, seed.wrapping_add(game), None)?;
        for record in engine.records() {
            moves += record.moves.len() as u64;
            submissions += 1;
        }
        if let Some(outcome) = engine.outcome() {
            for (seat, score) in outcome.scores.iter().enumerate().take(players) {
                points[seat] += score;
            }
            for winner in &outcome.winners {
                if let Some(share) = wins.get_mut(winner.0) {
                    *share += 1.0 / outcome.winners.len() as f64;
                }
            }
        }
        if let Some(writer) = writer.as_mut() {
            serde_json::to_writer(&mut *writer, engine.log())
                .map_err(|error| io_error(error.into()))?;
            writer.write_all(b"\n").map_err(io_error)?;
        }
        bar.inc(1);
    }
    if let Some(mut writer) = writer {
        writer.flush().map_err(io_error)?;
    }
    bar.finish_and_clear();
    let seconds = started.elapsed().as_secs_f64();
    println!("game:       {}", G::NAME);
    println!("games:      {count}");
    println!("records:    {submissions}");
    println!("moves:      {moves}");
    let games = count.max(1) as f64;
    for seat in 0..players {
        println!(
            "seat {seat}:     mean points {:.2}, wins {:.1}%",
            points[seat] as f64 / games,
            100.0 * wins[seat] / games
        );
    }
    println!(
        "time:       {seconds:.2} s ({:.1} games/s)",
        count as f64 / seconds.max(f64::EPSILON)
    );
    if let Some(path) = log {
        println!("log:        {}", path.display());
    }
    Ok(())
}

/// Plays one game from `seed` with random bots, up to `limit` bot submissions (to the
/// end when `None`).
///
/// # Errors
/// A setup error, or a player who is to act and has no completion a bot can enumerate.
pub(crate) fn play_out<G: TerminalGame>(
    config: G::Config,
    players: usize,
    seed: u64,
    limit: Option<usize>,
) -> Result<Engine<G>, CliError> {
    let mut engine = Engine::<G>::new(config, players, seed)?;
    let mut bot = RandomBot::new(bot_seed(seed));
    let mut submitted = 0;
    while engine.outcome().is_none() && limit.is_none_or(|limit| submitted < limit) {
        let Some(player) = engine.to_act().first() else {
            return Err(CliError::Stuck(format!("{:?}", engine.status())));
        };
        let Some(action) = bot.choose(&engine, player) else {
            return Err(CliError::Stuck(format!(
                "{player} has no completion a bot can choose ({:?})",
                engine.status()
            )));
        };
        engine.submit(player, action)?;
        submitted += 1;
    }
    Ok(engine)
}
