//! Test suites of meeple: see `tests/`. This library holds what the suites share: the
//! [`Note`] move of test games whose effects do not matter, and helpers that submit, refuse
//! and read prompts with exact checks.

use meeple::{Engine, Game, Move, MoveContext, NamedSeat, PlayerIndex, Submission, SubmitError};
use serde::{Deserialize, Serialize};

/// A move that writes a line in the game's journal: the behaviour of the actions whose
/// effect does not matter here.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Note(pub String);

/// A game with a journal of [`Note`]s.
pub trait Journal {
    /// The journal's lines, oldest first.
    fn journal(&mut self) -> &mut Vec<String>;
}

impl<G: Journal> Move<G> for Note {
    fn apply(&self, game: &mut G, _next: &mut MoveContext<'_, Self>) {
        game.journal().push(self.0.clone());
    }
}

/// Runs `attempt`, which must be refused, checks that it left the state, the log and the
/// pending follow-ups exactly as they were, and returns the error: a [`SubmitError`] for a
/// submission in the wire form, a [`Refusal`](meeple::Refusal) for the game's own action.
///
/// # Panics
/// When `attempt` succeeds, or changes the state, the follow-ups or the log.
pub fn refused<G: Game + serde::Serialize, E: std::fmt::Display>(
    engine: &mut Engine<G>,
    attempt: impl FnOnce(&mut Engine<G>) -> Result<(), E>,
) -> E {
    let json = |engine: &Engine<G>| {
        (
            serde_json::to_value(engine.position().state()).expect("a state serializes"),
            serde_json::to_value(engine.position().follow_ups()).expect("follow-ups serialize"),
        )
    };
    let before = json(engine);
    let records = engine.log().records;
    let error = attempt(engine).expect_err("the submission is refused");
    assert_eq!(json(engine), before, "a refusal changes nothing: {error}");
    assert_eq!(engine.records().len(), records.len(), "no record: {error}");
    assert_eq!(engine.log().records, records);
    error
}

/// Submits `submission` (the wire form) for `player`, keeping only the error.
pub fn submit<G: Game + serde::Serialize>(
    player: PlayerIndex,
    submission: Submission,
) -> impl FnOnce(&mut Engine<G>) -> Result<(), SubmitError> {
    move |engine| engine.submit_submission(player, &submission).map(|_| ())
}

/// The names of the actions of `player`'s prompt, in order.
pub fn offered<G: Game + serde::Serialize>(engine: &Engine<G>, player: PlayerIndex) -> Vec<String> {
    engine
        .position()
        .prompt(player)
        .actions
        .into_iter()
        .map(|action| action.action)
        .collect()
}

/// The first seat.
pub const P0: PlayerIndex = PlayerIndex(0);
/// The second seat.
pub const P1: PlayerIndex = PlayerIndex(1);

/// `player` as errors name them: these games keep the default names.
pub fn seat(player: PlayerIndex) -> NamedSeat {
    NamedSeat::new(player, format!("Player {}", player.0 + 1))
}
