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
    assert!(out.contains("every record reproduced"), "{out}");

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
        out.contains("Game over. Winner"),
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
    for (game, players) in [("tictactoe", "2"), ("memory", "3"), ("blackjack", "4")] {
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
        out.contains("Game over."),
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
    assert!(out.contains("seat 0:     uct     mean points"), "{out}");
    assert!(out.contains(" ± "), "{out}");
    let refused = meeple(&["simulate", "hearts", "--agents", "random,random"], "");
    assert!(!refused.status.success());
    assert_eq!(
        text(&refused.stderr).trim(),
        "meeple: invalid --agents: 2 agents for 4 seats: give one name for every seat, or one per seat"
    );
}
