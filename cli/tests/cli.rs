//! The `meeple` binary run as a newcomer runs it: simulate, replay, prompt, and a scripted
//! person playing Hearts in the terminal.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn meeple(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_meeple"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the meeple binary starts");
    let mut input = child.stdin.take().expect("stdin is piped");
    let stdin = stdin.to_owned();
    // Written from another thread while this one reads the output, so neither pipe fills
    // up; the child may finish before reading everything, and a broken pipe is then expected.
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(stdin.as_bytes());
    });
    let output = child.wait_with_output().expect("the meeple binary runs");
    writer.join().expect("the input writer ends");
    output
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn simulated_games_replay_from_their_log() {
    let dir = std::env::temp_dir().join(format!("meeple-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("games.jsonl");
    let log_arg = log.to_str().unwrap();

    let simulated = meeple(
        &[
            "simulate", "hearts", "--games", "3", "--seed", "11", "--log", log_arg,
        ],
        "",
    );
    let out = text(&simulated.stdout);
    assert!(
        simulated.status.success(),
        "{out}{}",
        text(&simulated.stderr)
    );
    assert!(out.contains("games:      3"), "{out}");
    assert!(out.contains("seat 3:"), "{out}");
    assert_eq!(std::fs::read_to_string(&log).unwrap().lines().count(), 3);

    let replayed = meeple(&["replay", log_arg], "");
    let out = text(&replayed.stdout);
    assert!(replayed.status.success(), "{out}{}", text(&replayed.stderr));
    assert!(out.contains("replayed 3 games"), "{out}");
    assert!(out.contains("every record and seal reproduced"), "{out}");

    // A log whose moves were changed does not replay, and the error names the record.
    let tampered: String = std::fs::read_to_string(&log)
        .unwrap()
        .replacen("\"QS\"", "\"QH\"", 1);
    let tampered_path = dir.join("tampered.jsonl");
    std::fs::write(&tampered_path, tampered).unwrap();
    let refused = meeple(&["replay", tampered_path.to_str().unwrap()], "");
    assert!(!refused.status.success());
    let err = text(&refused.stderr);
    assert!(err.contains("line 1") && err.contains("record"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_prompt_command_prints_json_a_client_can_read() {
    let output = meeple(&["prompt", "hearts", "--seed", "5", "--after", "0"], "");
    assert!(output.status.success(), "{}", text(&output.stderr));
    let prompt: serde_json::Value =
        serde_json::from_slice(&output.stdout).expect("the prompt is JSON");
    assert_eq!(prompt["player"], 0);
    assert!(
        prompt["actions"]
            .as_array()
            .is_some_and(|actions| !actions.is_empty()),
        "{prompt}"
    );
}

#[test]
fn a_person_plays_a_whole_game_of_hearts_against_bots() {
    // Cycling through the numbers finds a legal card at every trick (refused picks are
    // explained and asked again); passing takes the first three cards.
    let mut script = String::from("1 2 3\nstate\nhelp\n");
    for _ in 0..3000 {
        for pick in 1..=13 {
            script.push_str(&format!("{pick}\n1 2 3\n"));
        }
    }
    let output = meeple(
        &["play", "hearts", "--seed", "3", "--delay-ms", "0"],
        &script,
    );
    let out = text(&output.stdout);
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert!(
        out.contains("Game over: won by ") || out.contains("Game over: a shared win for "),
        "{}",
        &out[out.len().saturating_sub(3000)..]
    );
}

#[test]
fn undo_takes_back_a_play_or_says_why_not() {
    let output = meeple(
        &["play", "hearts", "--seed", "3", "--delay-ms", "0"],
        "undo\nquit\n",
    );
    let out = text(&output.stdout);
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert!(out.contains("Cannot undo"), "{out}");
}

#[test]
fn a_seat_that_does_not_exist_is_refused() {
    let output = meeple(&["play", "hearts", "--seat", "4"], "");
    assert!(!output.status.success());
    assert!(
        text(&output.stderr).contains("seat 4 does not exist"),
        "{}",
        text(&output.stderr)
    );
}

/// Every game simulates, logs and replays; `--players` sets the table's size.
#[test]
fn every_game_simulates_and_replays() {
    let dir = std::env::temp_dir().join(format!("meeple-cli-games-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    for (game, players) in [
        ("tictactoe", "2"),
        ("memory", "3"),
        ("blackjack", "4"),
        ("connect_four", "2"),
        ("breakthrough", "2"),
        ("othello", "2"),
        ("liars_dice", "3"),
        ("leduc_poker", "3"),
        ("backgammon", "2"),
    ] {
        let log = dir.join(format!("{game}.jsonl"));
        let log_arg = log.to_str().expect("a UTF-8 path");
        let simulated = meeple(
            &[
                "simulate",
                game,
                "--games",
                "20",
                "--seed",
                "4",
                "--players",
                players,
                "--log",
                log_arg,
            ],
            "",
        );
        let out = text(&simulated.stdout);
        assert!(
            simulated.status.success(),
            "{game}: {out}{}",
            text(&simulated.stderr)
        );
        assert!(out.contains("games:      20"), "{game}: {out}");
        let replayed = meeple(&["replay", log_arg], "");
        let out = text(&replayed.stdout);
        assert!(
            replayed.status.success(),
            "{game}: {out}{}",
            text(&replayed.stderr)
        );
        assert!(out.contains("replayed 20 games"), "{game}: {out}");
    }
    std::fs::remove_dir_all(&dir).expect("the temporary directory is removed");
}

/// Plays `game` from `seed` with `script` as the person's input; returns what they saw,
/// once the game ended.
fn play_to_the_end(game: &str, seed: &str, script: &str) -> String {
    let output = meeple(&["play", game, "--seed", seed, "--delay-ms", "0"], script);
    let out = text(&output.stdout);
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert!(
        out.contains("Game over: "),
        "{game}: {}",
        &out[out.len().saturating_sub(2000)..]
    );
    out
}

#[test]
fn a_person_plays_memory_to_the_end() {
    // The first face-down card each time, by number.
    play_to_the_end("memory", "5", &"1\n".repeat(400));
}

#[test]
fn a_person_plays_blackjack_to_the_end() {
    // Hit once, then stand, every time.
    play_to_the_end("blackjack", "7", &"hit\nstand\n".repeat(50));
}

#[test]
fn a_person_plays_tictactoe_to_the_end() {
    // The first free space each turn, by number.
    let out = play_to_the_end("tictactoe", "2", &"1\n".repeat(10));
    assert!(out.contains("X marks 0,0"), "{out}");
    // Who is to act comes from the engine, under the board.
    assert!(out.contains("\nYou are X\nTo act: X\n"), "{out}");
}

#[test]
fn a_person_plays_connect_four_to_the_end() {
    // The first column not full, each turn.
    let out = play_to_the_end("connect_four", "5", &"1\n".repeat(30));
    assert!(out.contains("Red drops a disc in column 1"), "{out}");
    assert!(
        out.contains("\nYou are Red\nTo act: Red\nDrop a disc:\n   1. column 1\n"),
        "{out}"
    );
}

#[test]
fn a_person_plays_breakthrough_to_the_end() {
    // The first move offered, each turn: the first pawn's first move.
    let out = play_to_the_end("breakthrough", "1", &"1\n".repeat(200));
    assert!(out.contains("Black moves to a6"), "{out}");
    assert!(out.contains("Game over: won by "), "{out}");
}

#[test]
fn a_person_plays_othello_to_the_end() {
    // The first space offered, each turn.
    let out = play_to_the_end("othello", "1", &"1\n".repeat(40));
    assert!(
        out.contains("Black places a disc on d3 and turns d4"),
        "{out}"
    );
    assert!(
        out.contains("\nYou are Black\nTo act: Black\nPlace a disc:\n   1. d3\n"),
        "{out}"
    );
    assert!(out.contains("Game over: "), "{out}");
}

#[test]
fn a_person_plays_liars_dice_to_the_end() {
    // The lowest quantity listed, then the face preselected (an empty line): the lowest
    // bid that rises, until only the call is left.
    let out = play_to_the_end("liars_dice", "3", &"1\n\n".repeat(30));
    assert!(out.contains("Player 1 bids 1 die showing 1"), "{out}");
    assert!(out.contains("  (Enter for 1)\n"), "{out}");
    assert!(out.contains("The dice are rolled: yours show "), "{out}");
    assert!(out.contains("Game over: "), "{out}");
}

#[test]
fn a_person_plays_leduc_poker_to_the_end() {
    // Always the first action offered: a check, or a fold when facing a bet.
    let out = play_to_the_end("leduc_poker", "2", &"1\n".repeat(20));
    assert!(out.contains("The cards are dealt: yours is "), "{out}");
    assert!(out.contains("Player 1 checks"), "{out}");
    assert!(out.contains("Game over: "), "{out}");
}

#[test]
fn a_person_plays_backgammon_to_the_end() {
    // The first option each time, in a game cut at six turns.
    let output = meeple(
        &[
            "play",
            "backgammon",
            "--seed",
            "2",
            "--delay-ms",
            "0",
            "--config",
            "{\"max_turns\":6}",
        ],
        &"1\n".repeat(200),
    );
    let out = text(&output.stdout);
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert!(out.contains(" rolls "), "{out}");
    assert!(out.contains("Which checker?"), "{out}");
    assert!(out.contains("Game over: "), "{out}");
}

/// A search agent at one seat, random players at the others: the table says who plays
/// where, and each seat's results come with their confidence intervals.
#[test]
fn agents_are_chosen_per_seat() {
    let output = meeple(
        &[
            "simulate",
            "tictactoe",
            "--games",
            "12",
            "--seed",
            "1",
            "--agents",
            "uct,random",
            "--iterations",
            "200",
        ],
        "",
    );
    let out = text(&output.stdout);
    assert!(output.status.success(), "{out}{}", text(&output.stderr));
    assert!(out.contains("agents:     uct, random"), "{out}");
    // Tic-tac-toe keeps no scores: a draw rate, and wins without points.
    assert!(out.contains("\ndraws:      "), "{out}");
    assert!(out.contains("seat 0:     uct     wins "), "{out}");
    assert!(out.contains("seat 1:     random  wins "), "{out}");
    assert!(!out.contains("points"), "{out}");
    assert!(out.contains(" ± "), "{out}");
    let refused = meeple(&["simulate", "hearts", "--agents", "random,random"], "");
    assert!(!refused.status.success());
    assert_eq!(
        text(&refused.stderr).trim(),
        "meeple: invalid --agents: 2 agents for 4 seats: give one name for every seat, or one per seat"
    );
}

/// Runs `meeple` with `args` and no input; asserts it fails with status 1 (2 for arguments
/// clap refuses) and returns its standard error.
fn refused(args: &[&str], status: i32) -> String {
    let output = meeple(args, "");
    let err = text(&output.stderr);
    assert_eq!(output.status.code(), Some(status), "{args:?}: {err}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    err
}

/// Counts a person may type by mistake are refused with a message, before anything is
/// made for them (no panic on a capacity overflow, no abort out of memory).
#[test]
fn bad_counts_are_refused_with_a_message() {
    for players in ["18446744073709551615", "1099511627776"] {
        assert_eq!(
            refused(&["simulate", "hearts", "--players", players], 1).trim(),
            format!("meeple: hearts is played by 4 players, not {players}")
        );
        refused(&["play", "hearts", "--players", players], 1);
    }
    assert_eq!(
        refused(&["simulate", "hearts", "--players", "5"], 1).trim(),
        "meeple: hearts is played by 4 players, not 5"
    );
    assert_eq!(
        refused(&["simulate", "memory", "--players", "0"], 1).trim(),
        "meeple: memory is played by 2 to 6 players, not 0"
    );
    for games in ["18446744073709551615", "1000000000000", "0"] {
        let err = refused(&["simulate", "hearts", "--games", games], 2);
        assert!(
            err.contains(&format!(
                "invalid value '{games}' for '--games <GAMES>': {games} is not in 1..=1000000000"
            )),
            "{err}"
        );
    }
    let err = refused(&["simulate", "hearts", "--iterations", "0"], 2);
    assert!(
        err.contains("invalid value '0' for '--iterations <ITERATIONS>'"),
        "{err}"
    );
    let err = refused(&["simulate", "hearts", "--think-ms", "0"], 2);
    assert!(
        err.contains("invalid value '0' for '--think-ms <THINK_MS>'"),
        "{err}"
    );
}

/// A config is a JSON object of fields by name: `[1]` is not read in field order.
#[test]
fn a_config_must_be_an_object() {
    for config in ["[1]", "1", "\"x\"", "null"] {
        let err = refused(&["simulate", "hearts", "--config", config], 1);
        assert!(
            err.starts_with("meeple: invalid --config: expected a JSON object"),
            "{config}: {err}"
        );
    }
    let err = refused(
        &["simulate", "hearts", "--config", "{\"target_score\":1"],
        1,
    );
    assert!(err.starts_with("meeple: invalid --config: "), "{err}");
}

/// A draw is a draw: `simulate` counts it in its own rate (not as two half-wins) and shows
/// no points for a game without scores, and `replay` says "a draw", not "won by X and O".
#[test]
fn draws_are_counted_and_replayed_as_draws() {
    let dir = std::env::temp_dir().join(format!("meeple-cli-draws-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let log = dir.join("games.jsonl");
    let log_arg = log.to_str().expect("a UTF-8 path");
    let simulated = meeple(
        &["simulate", "tictactoe", "--games", "12", "--log", log_arg],
        "",
    );
    let out = text(&simulated.stdout);
    assert!(simulated.status.success(), "{}", text(&simulated.stderr));
    // Seeds 3, 9 and 11 of 0 to 11 are draws: 25 %, with its 95% interval.
    assert!(out.contains("\ndraws:      25.0% ± 25.6\n"), "{out}");
    assert!(
        out.contains("seat 0:     random  wins 58.3% ± 29.1\n"),
        "{out}"
    );
    assert!(
        out.contains("seat 1:     random  wins 16.7% ± 22.0\n"),
        "{out}"
    );
    let replayed = meeple(&["replay", log_arg], "");
    let out = text(&replayed.stdout);
    assert!(replayed.status.success(), "{}", text(&replayed.stderr));
    assert!(out.contains("game 4: seed 3, a draw\n"), "{out}");
    assert!(out.contains("game 2: seed 1, won by O\n"), "{out}");
    assert_eq!(out.matches(", a draw").count(), 3, "{out}");
    std::fs::remove_dir_all(&dir).expect("removed");
}

/// A closed standard output ends `replay` quietly, not with a panic.
#[test]
fn replay_into_a_closed_pipe_ends_quietly() {
    let dir = std::env::temp_dir().join(format!("meeple-cli-pipe-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let log = dir.join("games.jsonl");
    let log_arg = log.to_str().expect("a UTF-8 path");
    let simulated = meeple(
        &["simulate", "tictactoe", "--games", "2000", "--log", log_arg],
        "",
    );
    assert!(simulated.status.success(), "{}", text(&simulated.stderr));
    let piped = Command::new("bash")
        .args([
            "-c",
            "set -o pipefail; \"$0\" replay \"$1\" | head -1",
            env!("CARGO_BIN_EXE_meeple"),
            log_arg,
        ])
        .output()
        .expect("bash runs");
    assert_eq!(text(&piped.stdout), "game 1: seed 0, won by X\n");
    assert_eq!(text(&piped.stderr), "");
    assert!(piped.status.success(), "{:?}", piped.status);
    std::fs::remove_dir_all(&dir).expect("the temporary directory is removed");
}

/// A file with no game, or with a line too long to be one, is an error.
#[test]
fn replay_needs_a_game_and_reads_bounded_lines() {
    assert_eq!(
        refused(&["replay", "/dev/null"], 1).trim(),
        "meeple: no game in /dev/null"
    );
    let dir = std::env::temp_dir().join(format!("meeple-cli-empty-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let blank = dir.join("blank.jsonl");
    std::fs::write(&blank, "\n  \n").expect("a file is written");
    let blank_arg = blank.to_str().expect("a UTF-8 path");
    assert_eq!(
        refused(&["replay", blank_arg], 1).trim(),
        format!("meeple: no game in {blank_arg}")
    );
    std::fs::remove_dir_all(&dir).expect("the temporary directory is removed");
    assert_eq!(
        refused(&["replay", "/dev/zero"], 1).trim(),
        "meeple: /dev/zero, line 1: the line is longer than 64 MiB"
    );
}

/// Each line of a log carries a seal (records, outcome, digest of the final state and
/// chance): a log cut short at a record boundary, or whose config or seed was changed
/// where no record shows it, does not replay.
#[test]
fn replay_checks_each_log_whole() {
    let dir = std::env::temp_dir().join(format!("meeple-cli-seal-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let replay_edited = |game: &str, edit: &dyn Fn(&mut serde_json::Value)| {
        let log = dir.join(format!("{game}.jsonl"));
        let log_arg = log.to_str().expect("a UTF-8 path");
        let simulated = meeple(
            &[
                "simulate", game, "--games", "1", "--seed", "21", "--log", log_arg,
            ],
            "",
        );
        assert!(simulated.status.success(), "{}", text(&simulated.stderr));
        let line = std::fs::read_to_string(&log).expect("the log is read");
        let mut value: serde_json::Value = serde_json::from_str(&line).expect("a JSON log");
        edit(&mut value);
        std::fs::write(&log, value.to_string()).expect("the log is written");
        meeple(&["replay", log_arg], "")
    };
    let untouched = replay_edited("tictactoe", &|_| {});
    assert!(untouched.status.success(), "{}", text(&untouched.stderr));
    assert!(
        text(&untouched.stdout).contains("replayed 1 game, 21 records"),
        "{}",
        text(&untouched.stdout)
    );

    let failure = |output: Output| {
        let err = text(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{err}");
        err.trim().to_owned()
    };
    let truncated = replay_edited("tictactoe", &|log| {
        log["records"].as_array_mut().expect("records").pop();
    });
    let err = failure(truncated);
    assert!(
        err.ends_with(
            "line 1: the log has 20 records but its seal says 21: it was cut short or added to"
        ),
        "{err}"
    );
    // Tic-tac-toe draws no chance: no record shows the seed.
    let reseeded = replay_edited("tictactoe", &|log| log["seed"] = 22.into());
    let err = failure(reseeded);
    assert!(
        err.ends_with("line 1: the replayed game does not match its seal's digest: the log's seed, config or records were changed"),
        "{err}"
    );
    // Hearts without its rule that hearts must be broken: every play logged stays legal,
    // so every record reproduces.
    let relaxed = replay_edited("hearts", &|log| {
        log["config"]["hearts_must_be_broken"] = false.into();
    });
    let err = failure(relaxed);
    assert!(
        err.ends_with("line 1: the replayed game does not match its seal's digest: the log's seed, config or records were changed"),
        "{err}"
    );
    let unsealed = replay_edited("tictactoe", &|log| {
        log.as_object_mut().expect("an object").remove("seal");
    });
    let err = failure(unsealed);
    assert!(err.ends_with("the log has no seal (its number of records, outcome and final digest), so it cannot be checked whole"), "{err}");
    std::fs::remove_dir_all(&dir).expect("the temporary directory is removed");
}

/// A person's game without `--seed` keeps its seed secret until the game is left, then
/// shows it; the same seed deals the same game again.
#[test]
fn play_shows_a_drawn_seed_only_at_the_end() {
    let output = meeple(&["play", "hearts", "--delay-ms", "0"], "quit\n");
    let out = text(&output.stdout);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let (before, after) = out
        .split_once("The seed of this game was ")
        .expect("the seed is shown at the end");
    assert!(!before.contains("seed"), "{before}");
    assert!(
        before.starts_with("meeple hearts: you are North."),
        "{before}"
    );
    let seed = after.split(':').next().expect("a seed");
    let dealt = |out: &str| {
        out.lines()
            .find(|line| line.contains("You are dealt"))
            .map(str::to_owned)
    };
    let again = meeple(
        &["play", "hearts", "--seed", seed, "--delay-ms", "0"],
        "quit\n",
    );
    let out_again = text(&again.stdout);
    assert!(out_again.starts_with(&format!("meeple hearts (seed {seed}): ")));
    assert!(dealt(&out).is_some());
    assert_eq!(dealt(&out), dealt(&out_again));
    assert!(!out_again.contains("The seed of this game"), "{out_again}");
}

/// What `play` prints uses the prompts' texts and the players' names: no action or
/// selection identifier, no seat number.
#[test]
fn play_shows_no_internal_names() {
    let internal = [
        "pass_cards",
        "play_card",
        "`cards`",
        "`card`",
        "`space`",
        "player 0",
        "player 1",
        "player 2",
        "player 3",
        "PlayerIndex",
        "PlayerSet",
        "Viewer",
    ];
    let check = |game: &str, script: &str| {
        let output = meeple(&["play", game, "--seed", "3", "--delay-ms", "0"], script);
        let out = text(&output.stdout);
        assert!(output.status.success(), "{}", text(&output.stderr));
        for name in internal {
            assert!(!out.contains(name), "{game} shows `{name}`:\n{out}");
        }
        out
    };
    let out = check(
        "hearts",
        "1 2\n1 1 1\n1 2 3 4\nundo\n1 2 3\nundo\n1\n1\n1\n99\nfoo\nquit\n",
    );
    assert!(out.contains("Refused: choose exactly 3, not 2."), "{out}");
    assert!(
        out.contains("Cannot undo: you have nothing to take back."),
        "{out}"
    );
    check("tictactoe", &"undo\n1\nundo\n".repeat(6));
    check("memory", &"1\nundo\n".repeat(40));
    check("blackjack", &"undo\nhit\nstand\n".repeat(20));
}

/// One HTTP/1.1 request to the server at `address`, the connection closed after it:
/// the response's body.
fn http(address: &str, method: &str, path: &str, body: &str) -> String {
    use std::io::Read;
    let mut stream = std::net::TcpStream::connect(address).expect("the server listens");
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .expect("the request is sent");
    let mut response = String::new();
    stream
        .read_to_string(&mut response)
        .expect("the response is read");
    let (_, body) = response
        .split_once("\r\n\r\n")
        .expect("the response has a body");
    body.to_owned()
}

#[test]
fn a_served_match_is_exported_as_a_log_that_meeple_replay_reads() {
    use std::io::BufRead;
    let dir = std::env::temp_dir().join(format!("meeple-cli-export-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let database = dir.join("served.sqlite");
    let database_arg = database.to_str().unwrap();
    let mut server = Command::new(env!("CARGO_BIN_EXE_meeple"))
        .args(["serve", "--addr", "127.0.0.1:0", "--database", database_arg])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    std::io::BufReader::new(server.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let address = line
        .trim()
        .trim_start_matches("listening on http://")
        .to_owned();
    // Two bots play a match of Connect Four to its end.
    let created = http(
        &address,
        "POST",
        "/games/connect_four/create",
        r#"{"numPlayers":2,"bots":{"0":{},"1":{}}}"#,
    );
    let id = created
        .split('"')
        .skip_while(|part| *part != "matchID")
        .nth(2)
        .unwrap()
        .to_owned();
    let mut waited = 0;
    while !http(&address, "GET", &format!("/games/connect_four/{id}"), "").contains("gameover") {
        waited += 1;
        assert!(waited < 500, "the bots never finished");
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    // The server holds its SQLite file: the export reads it once the server is gone.
    server.kill().unwrap();
    server.wait().unwrap();

    let exported = meeple(&["export", "--database", database_arg, &id], "");
    assert!(exported.status.success(), "{}", text(&exported.stderr));
    let log = dir.join("exported.jsonl");
    std::fs::write(&log, &exported.stdout).unwrap();
    assert_eq!(text(&exported.stdout).lines().count(), 1);
    let replayed = meeple(&["replay", log.to_str().unwrap()], "");
    let out = text(&replayed.stdout);
    assert!(replayed.status.success(), "{out}{}", text(&replayed.stderr));
    assert!(
        out.contains("replayed 1 game, ") && out.contains("every record and seal reproduced"),
        "{out}"
    );

    let missing = meeple(&["export", "--database", database_arg, "nope"], "");
    assert!(!missing.status.success());
    assert_eq!(text(&missing.stderr), "meeple: no match nope is stored\n");
    std::fs::remove_dir_all(&dir).unwrap();
}
