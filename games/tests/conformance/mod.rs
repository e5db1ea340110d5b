//! The conformance suite every game passes, whatever it is: one generic check of its views,
//! its completions, its log and replay, its undo, and of the two layers of the engine
//! ([`Engine`] and the bare [`Position`]) agreeing. A game's test calls [`conforms`] once per
//! table; what only one game has stays in that game's own test files.

use std::ops::Range;

use meeple::testing::{ViewReport, check_completions, check_hidden_fields, check_views};
use meeple::{
    Chest, Engine, FirstPosition, Game, GameLog, PlayerIndex, Position, PositionSettings,
    RecordKind, ReplayError, Start, Status, StoredRecord, UndoError, View, Viewer,
};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The most submissions a game of the suite may take before it is declared endless.
const MAX_SUBMISSIONS: usize = 10_000;

/// One table of a game to check: how it is set up, the seeds of its games, and what the
/// game declares hidden.
pub struct Table<G: Game> {
    /// How the table reads in a failure (`"memory 3 x 4, 6 players"`).
    pub name: String,
    /// The game's config.
    pub config: G::Config,
    /// The number of seats.
    pub players: usize,
    /// One game per seed, for the view harness and for the suite's own games.
    pub seeds: Range<u64>,
    /// The game's components, for the one-place check of the view harness.
    pub chest: Option<Chest>,
    /// The first field the game declares hidden ([`View::HIDDEN_FIELDS`]), which a view
    /// that hides nothing is refused for; `None` for a game of perfect information.
    pub first_hidden: Option<&'static str>,
}

/// What [`conforms`] played, for a game's test to assert on.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// What the view harness played.
    pub views: ViewReport,
    /// The suite's own games, one per seed.
    pub games: usize,
    /// Decisions checked in them: each seat to act at each step.
    pub decisions: usize,
    /// Submissions made in them.
    pub submissions: usize,
    /// Games whose take-backs, before the last submission, went all the way back to the
    /// setup.
    pub rewound_to_start: usize,
    /// Why a take-back stopped short of the setup, one per game that did.
    pub refusals: Vec<UndoError>,
}

/// The submissions the view harness plays at least on each table: none beyond one game per
/// seed, or `MEEPLE_VIEW_STEPS` when set, for a long run
/// (`MEEPLE_VIEW_STEPS=100000 cargo test --release -p meeple-games --test conformance`).
pub fn view_steps() -> usize {
    std::env::var("MEEPLE_VIEW_STEPS")
        .ok()
        .and_then(|steps| steps.parse().ok())
        .unwrap_or(0)
}

/// Runs the whole suite on `table` and returns what it played; panics, naming the table,
/// the seed and the step, at the first failure: the view harness on every seed
/// ([`views_conform`]), then [`games_conform`].
pub fn conforms<G: Game>(table: &Table<G>) -> Report {
    let views = views_conform(table);
    Report {
        views,
        ..games_conform(table)
    }
}

/// The suite without the view harness, for a table whose views are checked elsewhere (a
/// slow one): for each seed, a game played to its end by random completions in which every
/// decision is checked ([`play_checked`]), then its replay ([`replay_conforms`]) and its
/// undo ([`undo_conforms`]); over all of them, what the views hide ([`hiding_conforms`]).
pub fn games_conform<G: Game>(table: &Table<G>) -> Report {
    let mut report = Report::default();
    let mut states = Vec::new();
    let first = FirstPosition::<G>::new(&table.config, table.players, PositionSettings::default())
        .unwrap_or_else(|error| panic!("{}: setup failed: {error}", table.name));
    let mut bare = None;
    for seed in table.seeds.clone() {
        let played = play_checked(table, seed, &first, &mut bare, &mut report);
        replay_conforms(table, seed, &played.engine);
        match undo_conforms(table, seed, &played.engine) {
            Ok(()) => report.rewound_to_start += 1,
            Err(refusal) => report.refusals.push(refusal),
        }
        states.extend(played.states);
        report.games += 1;
    }
    hiding_conforms(table, &states);
    report
}

/// The view harness ([`check_views`]) on one game per seed of the table, then on the seeds
/// after them until [`view_steps`] submissions were made: prompts from a view equal prompts
/// from the full state, each viewer's moves replayed give their view, the records give
/// the state, every component lies in one place (with a chest), counting and listing
/// completions agree for the player about to act, no message or follow-up shows what is
/// hidden, and a take-back restores what it cancelled. Every seed's game must end.
pub fn views_conform<G: Game>(table: &Table<G>) -> ViewReport {
    let check = |seeds: Range<u64>| {
        check_views::<G>(
            &table.config,
            table.players,
            seeds,
            table.chest.as_ref(),
            MAX_SUBMISSIONS,
        )
        .unwrap_or_else(|error| panic!("{}: the view harness failed: {error}", table.name))
    };
    let mut total = check(table.seeds.clone());
    let games = table.seeds.end - table.seeds.start;
    assert_eq!(
        total.games as u64, games,
        "{}: the harness played every seed",
        table.name
    );
    let mut seed = table.seeds.end;
    while total.submissions < view_steps() {
        let report = check(seed..seed + 1);
        total.games += report.games;
        total.submissions += report.submissions;
        total.moves += report.moves;
        seed += 1;
    }
    total
}

/// The game's own view hides, in some of `states`, every field it declares hidden, while
/// a view that hides nothing (the full state for every viewer) is refused, naming the
/// table's first hidden field: the check of hidden fields in [`check_views`] can fail. A
/// game of perfect information declares nothing hidden and its views are the full state
/// for every viewer in every one of `states`.
pub fn hiding_conforms<G: Game>(table: &Table<G>, states: &[G]) {
    assert!(!states.is_empty(), "{}: states to look at", table.name);
    let players = table.players;
    check_hidden_fields(states, players, |state: &G, viewer| state.view(viewer))
        .unwrap_or_else(|error| panic!("{}: {error}", table.name));
    let shows_everything = check_hidden_fields(states, players, |state: &G, _| state.clone());
    match table.first_hidden {
        Some(first) => {
            assert_eq!(
                G::HIDDEN_FIELDS.first(),
                Some(&first),
                "{}: the first field the game declares hidden",
                table.name
            );
            assert_eq!(
                shows_everything,
                Err(format!(
                    "the game declares `{first}` hidden, but no view hid it in these states"
                )),
                "{}: a view that hides nothing is refused",
                table.name
            );
        }
        None => {
            assert_eq!(G::HIDDEN_FIELDS, &[] as &[&str], "{}", table.name);
            assert_eq!(shows_everything, Ok(()), "{}", table.name);
            for state in states {
                let full = json_of(state);
                for viewer in viewers(players) {
                    assert_eq!(
                        json_of(&state.view(viewer)),
                        full,
                        "{}: {viewer:?} sees the whole state of a game that hides nothing",
                        table.name
                    );
                }
            }
        }
    }
}

/// A game the suite played, checked at every step.
pub struct Played<G: Game> {
    /// The logged table at the end of the game.
    pub engine: Engine<G>,
    /// The full state after the setup and after each submission.
    pub states: Vec<G>,
}

/// Plays the game of `seed` to its end on a logged table ([`Engine`]) and, beside it, on a
/// bare [`Position`] of the same seed given the same completion indices (started from
/// `first` into `bare`, the last game's position when there was one, so that a start from a
/// kept first position is checked against a new table), choosing a seat to
/// act and a completion uniformly (seeded by `seed`). Before each submission, for every
/// seat: a seat to act passes [`check_completions`] (count, list and `nth_completion`
/// agree) with at least one completion, each listed completion is admitted
/// ([`Position::admit`]) and the position lists the same ones; a seat not to act has no
/// completion and is refused another's. After each submission the position's state, seats
/// to act, status and play counts equal the table's: the two layers agree. The table
/// alternates [`Engine::submit`] and [`Engine::submit_nth`], so both forms are checked.
pub fn play_checked<G: Game>(
    table: &Table<G>,
    seed: u64,
    first: &FirstPosition<G>,
    bare: &mut Option<Position<G>>,
    report: &mut Report,
) -> Played<G> {
    let fail = |step: usize, what: String| -> ! {
        panic!("{}, seed {seed}, submission {step}: {what}", table.name)
    };
    let mut engine = Engine::<G>::new(table.config.clone(), table.players, seed)
        .unwrap_or_else(|error| fail(0, format!("setup failed: {error}")));
    let started = match bare {
        Some(position) => first.start_into(seed, position),
        None => first.start(seed).map(|position| *bare = Some(position)),
    };
    started.unwrap_or_else(|error| fail(0, format!("the position's setup failed: {error}")));
    let Some(position) = bare.as_mut() else {
        fail(0, "no position was started".to_owned())
    };
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0xc0f0_4a11);
    let mut states = vec![engine.position().state().clone()];
    if let Err(mistake) = engine.position().flow().check() {
        fail(0, format!("the flow is declared with a mistake: {mistake}"));
    }
    layers_agree(&engine, position).unwrap_or_else(|what| fail(0, what));
    for step in 0..=MAX_SUBMISSIONS {
        let to_act: Vec<PlayerIndex> = match engine.position().status() {
            Status::Over(_) => {
                return Played { engine, states };
            }
            Status::Acting(to_act) => to_act.iter().collect(),
            Status::Stuck(stuck) => fail(step, format!("the game is stuck: {stuck}")),
        };
        flow_resumes(table, &engine).unwrap_or_else(|what| fail(step, what));
        for seat in (0..table.players).map(PlayerIndex) {
            if to_act.contains(&seat) {
                completions_conform(&engine, position, seat)
                    .unwrap_or_else(|what| fail(step, what));
                report.decisions += 1;
            } else {
                idle_seat_conforms(&engine, seat, to_act[0])
                    .unwrap_or_else(|what| fail(step, what));
            }
        }
        let player = to_act[rng.random_range(0..to_act.len())];
        let index = rng.random_range(0..engine.position().count_completions(player));
        let submitted = if step % 2 == 0 {
            let action = engine
                .position()
                .nth_completion(player, index)
                .unwrap_or_else(|| fail(step, format!("no completion {index} of {player}")));
            engine
                .submit(player, action)
                .map(|_| ())
                .map_err(|refused| refused.error)
        } else {
            engine.submit_nth(player, index).map(|_| ())
        };
        submitted.unwrap_or_else(|error| {
            fail(
                step,
                format!("completion {index} of {player} was refused: {error}"),
            )
        });
        position.submit_nth(player, index).unwrap_or_else(|error| {
            fail(
                step,
                format!("the position refused completion {index} of {player}: {error}"),
            )
        });
        report.submissions += 1;
        states.push(engine.position().state().clone());
        layers_agree(&engine, position).unwrap_or_else(|what| fail(step + 1, what));
    }
    fail(
        MAX_SUBMISSIONS,
        format!("the game did not end within {MAX_SUBMISSIONS} submissions"),
    )
}

/// `player`, to act, passes [`check_completions`] with at least one completion; every one
/// is admitted by the table's position; and `position`, the bare position at the same
/// point, counts and lists the same completions.
fn completions_conform<G: Game>(
    engine: &Engine<G>,
    position: &Position<G>,
    player: PlayerIndex,
) -> Result<(), String> {
    let count = check_completions(engine, player)?;
    if count == 0 {
        return Err(format!("{player} is to act and has no completion"));
    }
    let listed = engine.position().completions(player);
    for (index, action) in listed.iter().enumerate() {
        engine
            .position()
            .admit(player, action)
            .map_err(|error| format!("completion {index} of {player}, {action:?}: {error}"))?;
    }
    if position.count_completions(player) != count {
        return Err(format!(
            "{player} has {count} completions at the table but {} in the position",
            position.count_completions(player)
        ));
    }
    let (at_table, alone) = (
        format!("{listed:?}"),
        format!("{:?}", position.completions(player)),
    );
    if at_table != alone {
        return Err(format!(
            "{player}'s completions differ: the table lists {at_table}, the position {alone}"
        ));
    }
    Ok(())
}

/// `seat`, not to act, has no completion, and a completion of `acting`'s submitted as
/// theirs is refused.
fn idle_seat_conforms<G: Game>(
    engine: &Engine<G>,
    seat: PlayerIndex,
    acting: PlayerIndex,
) -> Result<(), String> {
    let count = engine.position().count_completions(seat);
    if count != 0 || engine.position().nth_completion(seat, 0).is_some() {
        return Err(format!("{seat} is not to act but has {count} completions"));
    }
    let Some(theirs) = engine.position().nth_completion(acting, 0) else {
        return Err(format!("{acting} is to act and has no completion"));
    };
    if engine.position().admit(seat, &theirs).is_ok() {
        return Err(format!(
            "{seat}, not to act, is admitted {acting}'s completion {theirs:?}"
        ));
    }
    Ok(())
}

/// A game saved where `engine` stands (its state, follow-ups, flow position and clock, as
/// a server keeps them) and started again ([`Start`]) resumes identically: the same seats
/// to act, the same flow position, phase and turn, the same prompts.
fn flow_resumes<G: Game>(table: &Table<G>, engine: &Engine<G>) -> Result<(), String> {
    let mut start = Start::new(engine.position().state().clone(), table.players)
        .with_config(table.config.clone())
        .with_flow(engine.position().flow_position().clone())
        .with_clock(engine.clock());
    start.follow_ups = engine.position().follow_ups().to_vec();
    let resumed = Engine::from_start(start).map_err(|error| format!("no resume: {error}"))?;
    let (saved, again) = (engine.position(), resumed.position());
    if saved.flow_position() != again.flow_position()
        || saved.to_act() != again.to_act()
        || saved.phase() != again.phase()
        || saved.turn() != again.turn()
    {
        return Err(format!(
            "the game resumed at {:?} ({} to act), saved at {:?} ({} to act)",
            again.flow_position(),
            again.to_act(),
            saved.flow_position(),
            saved.to_act()
        ));
    }
    for seat in saved.to_act().iter() {
        if engine.position().prompt(seat) != resumed.position().prompt(seat) {
            return Err(format!("{seat}'s prompt differs once resumed"));
        }
    }
    Ok(())
}

/// The logged table and the bare position are at the same point: the same state (as JSON),
/// seats to act, status, and records and moves played.
fn layers_agree<G: Game>(engine: &Engine<G>, position: &Position<G>) -> Result<(), String> {
    let (at_table, alone) = (
        json_of(engine.position().state()),
        json_of(position.state()),
    );
    if at_table != alone {
        return Err(format!(
            "the table and the position differ: table {at_table}, position {alone}"
        ));
    }
    if engine.position().to_act() != position.to_act()
        || engine.position().status() != position.status()
    {
        return Err(format!(
            "the table has {} to act, the position {}",
            engine.position().status(),
            position.status()
        ));
    }
    if engine.position().played() != position.played() {
        return Err(format!(
            "the table played {:?}, the position {:?}",
            engine.position().played(),
            position.played()
        ));
    }
    Ok(())
}

/// The game's sealed log ([`Engine::sealed_log`]), written as JSON and read back, replays
/// ([`Engine::replay_sealed`]) to a game whose sealed log is the same JSON byte for byte,
/// with the same [`Engine::digest`], state and records; [`Engine::replay_json`] reads the
/// same text. A prefix of the log ending before a submission replays, through JSON, to a
/// game whose log is that prefix; with the whole game's seal, the same prefix is refused as
/// cut short.
pub fn replay_conforms<G: Game>(table: &Table<G>, seed: u64, engine: &Engine<G>) {
    let fail = |what: String| -> ! { panic!("{}, seed {seed}: {what}", table.name) };
    let sealed = engine.sealed_log();
    let text = serde_json::to_string(&sealed)
        .unwrap_or_else(|error| fail(format!("the log is not JSON: {error}")));
    let read: GameLog<G> = serde_json::from_str(&text)
        .unwrap_or_else(|error| fail(format!("the log does not read back: {error}")));
    let replayed = Engine::replay_sealed(&read)
        .unwrap_or_else(|error| fail(format!("the sealed log does not replay: {error}")));
    let again = serde_json::to_string(&replayed.sealed_log())
        .unwrap_or_else(|error| fail(format!("the replayed log is not JSON: {error}")));
    if again != text {
        fail(format!(
            "the replay writes another log: {again}, not {text}"
        ));
    }
    assert_eq!(
        replayed.digest(),
        engine.digest(),
        "{}, seed {seed}: the replay's digest",
        table.name
    );
    assert_eq!(
        json_of(replayed.position().state()),
        json_of(engine.position().state()),
        "{}, seed {seed}: the replay's state",
        table.name
    );
    assert_eq!(
        format!("{:?}", replayed.records()),
        format!("{:?}", engine.records()),
        "{}, seed {seed}: the replay's records",
        table.name
    );
    let from_text = Engine::<G>::replay_json(&text)
        .unwrap_or_else(|error| fail(format!("the log text does not replay: {error}")));
    assert_eq!(
        from_text.digest(),
        engine.digest(),
        "{}, seed {seed}: the digest of the replayed text",
        table.name
    );

    // A prefix, ending before a submission near the middle.
    let records = &sealed.records;
    let Some(cut) = (records.len() / 2..records.len())
        .chain(1..records.len() / 2)
        .find(|&index| records[index].kind == RecordKind::Submitted)
    else {
        fail("the game has no submission".to_owned())
    };
    let mut prefix = sealed.clone();
    prefix.records.truncate(cut);
    let cut_short = Engine::replay(&prefix).map(|_| ());
    assert_eq!(
        cut_short,
        Err(ReplayError::SealRecords {
            sealed: records.len(),
            found: cut
        }),
        "{}, seed {seed}: a sealed log cut short is refused",
        table.name
    );
    prefix.seal = None;
    let prefix_text = serde_json::to_string(&prefix)
        .unwrap_or_else(|error| fail(format!("the prefix is not JSON: {error}")));
    let halfway = Engine::<G>::replay_json(&prefix_text).unwrap_or_else(|error| {
        fail(format!(
            "the prefix of {cut} records does not replay: {error}"
        ))
    });
    assert_eq!(
        log_json(&halfway),
        prefix_text,
        "{}, seed {seed}: the replayed prefix's log",
        table.name
    );
    snapshot_conforms(table, seed, &halfway, &records[cut..], engine);
}

/// A snapshot of `halfway` ([`Engine::snapshot`]), through JSON, restored, then given the
/// lines the whole game logged after that point (each cause played: [`Engine::play_line`]),
/// becomes the whole game: the same state, and the same lines written after its start,
/// byte for byte: chance drew on where it stood, what each seat saw and every clock came
/// along.
fn snapshot_conforms<G: Game>(
    table: &Table<G>,
    seed: u64,
    halfway: &Engine<G>,
    rest: &[StoredRecord<G::Move>],
    whole: &Engine<G>,
) {
    let fail = |what: String| -> ! { panic!("{}, seed {seed}, snapshot: {what}", table.name) };
    let snapshot = halfway
        .snapshot()
        .unwrap_or_else(|error| fail(format!("none taken: {error}")));
    let text =
        serde_json::to_string(&snapshot).unwrap_or_else(|error| fail(format!("not JSON: {error}")));
    let mut restored = Engine::<G>::replay_json(&text)
        .unwrap_or_else(|error| fail(format!("does not restore: {error}")));
    if json_of(restored.position().state()) != json_of(halfway.position().state())
        || restored.position().to_act() != halfway.position().to_act()
        || restored.deadline() != halfway.deadline()
    {
        fail("restores to another game".to_owned());
    }
    let start = restored.log().records.len();
    for (offset, line) in rest.iter().enumerate() {
        if matches!(
            line.kind,
            RecordKind::Submitted | RecordKind::Timer | RecordKind::Timeout | RecordKind::Undo
        ) {
            restored
                .play_line(start + offset, line)
                .unwrap_or_else(|error| fail(format!("line {offset} after it: {error}")));
        }
    }
    assert_eq!(
        json_of(restored.position().state()),
        json_of(whole.position().state()),
        "{}, seed {seed}: the state played on from a snapshot",
        table.name
    );
    let written = serde_json::to_string(&restored.log().records[start..])
        .unwrap_or_else(|error| fail(format!("its lines are not JSON: {error}")));
    let expected = serde_json::to_string(rest)
        .unwrap_or_else(|error| fail(format!("the lines are not JSON: {error}")));
    assert_eq!(
        written, expected,
        "{}, seed {seed}: the lines written after a snapshot",
        table.name
    );
}

/// Undo and take-back by the rules of [`Engine::undo`] and [`Engine::take_back`]. Once the
/// game is over, both are refused for every seat ([`UndoError::GameOver`]) and change
/// nothing. Before the last submission (the log replayed up to it), the last submitter's
/// action is taken back, again and again: each take-back cancels records and leaves the
/// state its log replays to, and, when the player's action is the last record,
/// [`Engine::undo`] does the same or is refused the same. Either this reaches the setup,
/// whose state and log are then those of a new game of the seed (`Ok`), or a take-back is
/// refused, changing nothing, for a reason the records bear out (`Err` with it): chance
/// drawn by a cancelled record, or something shown to a viewer, which a game that hides
/// nothing cannot show. A submitted action is never refused as forced.
pub fn undo_conforms<G: Game>(
    table: &Table<G>,
    seed: u64,
    engine: &Engine<G>,
) -> Result<(), UndoError> {
    let fail = |what: String| -> ! { panic!("{}, seed {seed}: {what}", table.name) };
    let log = log_json(engine);
    for seat in (0..table.players).map(PlayerIndex) {
        let mut undone = engine.clone();
        assert_eq!(
            undone.undo(seat).map(|_| ()),
            Err(UndoError::GameOver),
            "{}, seed {seed}: undo by {seat} after the end",
            table.name
        );
        assert_eq!(
            undone.take_back(seat).map(|_| ()),
            Err(UndoError::GameOver),
            "{}, seed {seed}: take-back by {seat} after the end",
            table.name
        );
        if log_json(&undone) != log {
            fail(format!("a refused undo by {seat} changed the log"));
        }
    }

    let Some(last) = last_submitted(engine) else {
        fail("the game has no submission".to_owned())
    };
    let mut before_end = engine.log();
    before_end.records.truncate(last);
    let mut rewound = Engine::<G>::replay(&before_end)
        .unwrap_or_else(|error| fail(format!("the log before the end does not replay: {error}")));
    while let Some(last) = last_submitted(&rewound) {
        let player = rewound.records()[last]
            .player
            .unwrap_or_else(|| fail(format!("submitted record {last} has no player")));
        let before = rewound.clone();
        let kept = before.records().len();
        let taken = rewound.take_back(player);
        if last + 1 == kept {
            let mut undone = before.clone();
            let by_undo = undone.undo(player);
            let same = match (&taken, &by_undo) {
                // The same records and state; the journal's line names which was asked.
                (Ok(_), Ok(_)) => {
                    json_of(undone.position().state()) == json_of(rewound.position().state())
                        && records_json(&undone) == records_json(&rewound)
                }
                (Err(taken), Err(by_undo)) => taken == by_undo,
                _ => false,
            };
            if !same {
                fail(format!(
                    "{player}'s last action is the last record, yet undo gives {:?} and \
                     take-back {:?}",
                    by_undo.map(|record| record.name()),
                    taken.as_ref().map(Vec::len)
                ));
            }
        }
        match taken {
            Ok(cancelled) => {
                if cancelled.is_empty() || rewound.records().len() + cancelled.len() != kept {
                    fail(format!(
                        "a take-back by {player} of {kept} records kept {} and cancelled {}",
                        rewound.records().len(),
                        cancelled.len()
                    ));
                }
                let replayed = Engine::replay(&rewound.log()).unwrap_or_else(|error| {
                    fail(format!(
                        "the log after a take-back does not replay: {error}"
                    ))
                });
                if json_of(replayed.position().state()) != json_of(rewound.position().state()) {
                    fail(format!(
                        "a take-back by {player} left a state its log does not give"
                    ));
                }
                // A take-back that stays after the last checkpoint plays the records since
                // it again, the others replay the log: either way, the game stands where
                // its log says.
                if standing(&replayed, table.players) != standing(&rewound, table.players) {
                    fail(format!(
                        "a take-back by {player} left the flow, the follow-ups or a prompt \
                         other than its log gives"
                    ));
                }
            }
            Err(refusal) => {
                if log_json(&rewound) != log_json(&before) {
                    fail(format!("a refused take-back by {player} changed the log"));
                }
                let cancelled = &before.records()[last..];
                let borne_out = match &refusal {
                    UndoError::DrewChance { .. } => {
                        cancelled.iter().any(|record| record.drew_chance)
                    }
                    UndoError::RevealedInformation { .. } => !G::HIDDEN_FIELDS.is_empty(),
                    _ => false,
                };
                if !borne_out {
                    fail(format!(
                        "the take-back of {player}'s `{}` was refused: {refusal}",
                        before.records()[last].name()
                    ));
                }
                return Err(refusal);
            }
        }
    }
    let fresh = Engine::<G>::new(table.config.clone(), table.players, seed)
        .unwrap_or_else(|error| fail(format!("setup failed: {error}")));
    assert_eq!(
        json_of(rewound.position().state()),
        json_of(fresh.position().state()),
        "{}, seed {seed}: taken back to the start, the state is the setup's",
        table.name
    );
    assert_eq!(
        records_json(&rewound),
        records_json(&fresh),
        "{}, seed {seed}: taken back to the start, the records standing are the setup's",
        table.name
    );
    assert_eq!(
        rewound.digest(),
        fresh.digest(),
        "{}, seed {seed}",
        table.name
    );
    // The log keeps every record taken back, and every undo after them: it replays to
    // the game taken back.
    let log = rewound.log();
    let replayed = Engine::<G>::replay(&log)
        .unwrap_or_else(|error| fail(format!("the log with its undos does not replay: {error}")));
    assert_eq!(
        replayed.digest(),
        rewound.digest(),
        "{}, seed {seed}",
        table.name
    );
    assert_eq!(
        log_json(&replayed),
        log_json(&rewound),
        "{}, seed {seed}",
        table.name
    );
    Ok(())
}

/// The index of the last record a player submitted.
fn last_submitted<G: Game>(engine: &Engine<G>) -> Option<usize> {
    engine
        .records()
        .iter()
        .rposition(|record| record.kind == RecordKind::Submitted)
}

/// Every viewer of a table of `players`: each seat, then an observer.
fn viewers(players: usize) -> impl Iterator<Item = Viewer> {
    (0..players)
        .map(|seat| Viewer::Player(PlayerIndex(seat)))
        .chain([Viewer::Observer])
}

/// A state as JSON, written by the game's own [`View::serialize_state`], as the engine
/// writes it into digests.
pub fn json_of<G: View>(state: &G) -> String {
    serde_json::to_string(&meeple::Serialized(state))
        .unwrap_or_else(|error| panic!("a state is not JSON: {error}"))
}

/// The records standing, as the admin sees them, as JSON.
/// Where a game stands beyond its state, as JSON: the flow's position, the follow-ups
/// waiting, who acts and each seat's prompt.
fn standing<G: Game>(engine: &Engine<G>, players: usize) -> String {
    let prompts: Vec<_> = (0..players)
        .map(|seat| engine.position().prompt(PlayerIndex(seat)))
        .collect();
    serde_json::to_string(&(
        engine.position().flow_position(),
        engine.position().follow_ups(),
        engine.position().to_act(),
        prompts,
    ))
    .unwrap_or_else(|error| panic!("where a game stands is not JSON: {error}"))
}

fn records_json<G: Game>(engine: &Engine<G>) -> String {
    serde_json::to_string(&engine.viewed_records(Viewer::Admin))
        .unwrap_or_else(|error| panic!("records are not JSON: {error}"))
}

/// An engine's log as JSON.
fn log_json<G: Game>(engine: &Engine<G>) -> String {
    serde_json::to_string(&engine.log())
        .unwrap_or_else(|error| panic!("a log is not JSON: {error}"))
}
