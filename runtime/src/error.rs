//! Errors of submissions and undo.

use std::fmt;

use serde::Serialize;

use crate::pieces::player::{PlayerIndex, in_prose};

/// A player as errors name them: their seat and their name in the game
/// ([`Game::player_name`](crate::Game::player_name)). Displayed as the name alone, so a
/// message never shows an index. Was `Seat` (a deprecated alias for 0.3), a word the
/// glossary keeps for the seat itself.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NamedSeat {
    /// The seat.
    pub index: PlayerIndex,
    /// The seat's name in the game (`North`, `Player 2`).
    pub name: String,
}

impl NamedSeat {
    /// The seat `index`, named `name`.
    #[must_use]
    pub fn new(index: PlayerIndex, name: impl Into<String>) -> Self {
        NamedSeat {
            index,
            name: name.into(),
        }
    }
}

impl fmt::Display for NamedSeat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

/// The longest part of an unknown action's name an error repeats, in characters.
pub const ECHO_LIMIT: usize = 64;

/// `text` as an error may repeat it: at most [`ECHO_LIMIT`] characters (then `…`), with
/// control characters and the bidirectional controls that could reorder the rest of a
/// line escaped (`\u{202e}`).
#[must_use]
pub fn echo(text: &str) -> String {
    let mut echoed = String::new();
    for (count, character) in text.chars().enumerate() {
        if count == ECHO_LIMIT {
            echoed.push('…');
            break;
        }
        let bidirectional = matches!(
            character,
            '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}'
        );
        if character.is_control() || bidirectional {
            echoed.extend(character.escape_unicode());
        } else {
            echoed.push(character);
        }
    }
    echoed
}

/// Why a submission was not taken: it could not be read as an action of the game
/// ([`DecodeError`]), or it was read and the rules refuse it now ([`Refusal`]). The state
/// and the log are exactly as before.
///
/// The split is the one a client acts on: a decoding error is a fault of the client (its
/// submission names no action or selection of this game, or has the wrong shape), a
/// refusal is a move the rules do not allow now, which a correct client still meets (the
/// turn passed, an option was taken). After shakmaty's `ParseSanError` and `PlayError`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize)]
#[serde(tag = "stage", content = "reason", rename_all = "snake_case")]
#[non_exhaustive]
pub enum SubmitError {
    /// The submission is not an action of this game as it was written.
    #[error(transparent)]
    Decode(#[from] DecodeError),
    /// The submission reads as an action, and the rules refuse it now.
    #[error(transparent)]
    Refused(#[from] Refusal),
}

/// Why a submission could not be read as an action of the game: its JSON, its action's
/// name, or its selections' names and values do not fit the game: its form is at fault,
/// not the rules.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize)]
#[serde(tag = "error", rename_all = "snake_case")]
#[non_exhaustive]
pub enum DecodeError {
    /// The submission could not be read as JSON of the expected shape.
    #[error("malformed submission: {reason}")]
    MalformedJson {
        /// What the parser said.
        reason: String,
    },
    /// No action of the game has this name.
    #[error("unknown action `{action}`; the actions of this game are {}", known.join(", "))]
    UnknownAction {
        /// The name submitted, as an error may repeat it ([`echo`]): at most
        /// [`ECHO_LIMIT`] characters, control and bidirectional characters escaped.
        action: String,
        /// Every action name of the game.
        known: Vec<&'static str>,
    },
    /// A selection of the action is missing from the submission.
    #[error("`{action}` needs the selection `{selection}`")]
    MissingSelection {
        /// The action submitted.
        action: &'static str,
        /// The selection that is missing.
        selection: &'static str,
    },
    /// The submission names a selection the action does not have, or too many values.
    #[error("`{action}` has no selection `{selection}`")]
    ExtraSelection {
        /// The action submitted.
        action: &'static str,
        /// The selection that is not part of the action.
        selection: String,
    },
    /// A selection's value does not have the right shape (a string where a number goes).
    #[error("`{action}`: the value of `{selection}` is malformed: {reason}")]
    MalformedSelection {
        /// The action submitted.
        action: &'static str,
        /// The selection at fault.
        selection: &'static str,
        /// What the value should look like.
        reason: String,
    },
}

/// Why the rules refuse an action now: the game is over, it is another player's turn, the
/// action or a value is not offered, a validation fails. Each variant names the action and,
/// where one is at fault, the selection, so a client can show the player what to change.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize)]
#[serde(tag = "error", rename_all = "snake_case")]
#[non_exhaustive]
pub enum Refusal {
    /// The seat is not at the table: every entry point that takes a seat refuses one
    /// outside it first, before it asks the game anything.
    #[error("{}", no_such_seat(*player, *players))]
    NoSuchSeat {
        /// The seat given.
        player: PlayerIndex,
        /// How many seats the table has.
        players: usize,
    },
    /// The game is over: nothing more can be submitted.
    #[error("the game is over")]
    GameOver,
    /// The player may not act now.
    #[error("it is not {player}'s turn (to act: {})", in_prose(to_act))]
    NotYourTurn {
        /// Who submitted.
        player: NamedSeat,
        /// Who may act now.
        to_act: Vec<NamedSeat>,
    },
    /// The action exists but is not offered to this player now (its condition is false,
    /// it has no valid completion, or a follow-up must be taken first).
    #[error("`{action}` is not available to {player} now{}; available: {}", reason.as_ref().map(|reason| format!(": {reason}")).unwrap_or_default(), if available.is_empty() { "nothing".to_owned() } else { available.join(", ") })]
    ActionNotAvailable {
        /// The action submitted.
        action: &'static str,
        /// Who submitted.
        player: NamedSeat,
        /// Why, in the game's words, when the action's `condition` says
        /// (a `condition`'s error: "captures are mandatory").
        reason: Option<String>,
        /// The actions this player may take now.
        available: Vec<&'static str>,
    },
    /// A value that is not among the options offered for that selection.
    #[error("`{action}`: {value} is not offered for `{selection}` ({reason})")]
    NotOffered {
        /// The action submitted.
        action: &'static str,
        /// The selection at fault.
        selection: &'static str,
        /// The value submitted, as shown to players.
        value: String,
        /// Why: not an option, out of range, repeated, wrong count, or nothing can follow it.
        reason: String,
    },
    /// The selection's validation refused the value; `message` is the game's text.
    #[error("`{action}`: {message}")]
    Invalid {
        /// The action submitted.
        action: &'static str,
        /// The selection whose validation failed.
        selection: &'static str,
        /// The text the game shows the player.
        message: String,
    },
    /// Every selection is offered and valid, but an effect in force forbids the action as a
    /// whole ([`Game::prohibits`](crate::Game::prohibits): "this minion cannot be
    /// destroyed").
    #[error("`{action}` is prohibited: {message}")]
    Prohibited {
        /// The action submitted.
        action: &'static str,
        /// Why, in the game's words.
        message: String,
    },
    /// The player is to act but nothing is possible and the game declares no pass.
    #[error("{player} has nothing possible and the game does not pass for them")]
    Stuck {
        /// The stuck player.
        player: NamedSeat,
    },
    /// A completion was asked for by its position ([`Engine::submit_nth`]) past the last.
    ///
    /// [`Engine::submit_nth`]: crate::Engine::submit_nth
    #[error("{player} has {count} completions; there is none at position {index}")]
    NoSuchCompletion {
        /// Who submitted.
        player: NamedSeat,
        /// The position asked for, from 0.
        index: u64,
        /// How many completions the player has ([`Position::count_completions`]).
        ///
        /// [`Position::count_completions`]: crate::Position::count_completions
        count: u64,
    },
    /// The game's flow could not go on after the action (an interrupt naming a loop the
    /// flow is not in, a loop that never asks anyone anything): a bug of the game. A game
    /// with its log is put back exactly as it was before the submission.
    #[error("the game's flow: {0}")]
    Flow(crate::rules::flow::error::FlowError),
    /// The action was applied, but what followed was played for the players
    /// [`PositionSettings::forced_limit`](crate::PositionSettings::forced_limit) times in a row,
    /// the last of them `action`: a game that would never end (a bug of the game). A game
    /// with its log is put back exactly as it was before the submission.
    #[error(
        "after this, `{action}` was played for the players {records} times in a row: the game would never end"
    )]
    ForcedWithoutEnd {
        /// The action played last, by name.
        action: String,
        /// How many records were played in a row.
        records: usize,
    },
}

/// Why `player` is not a seat of a table of `players`: `there is no player 4 at this table
/// of 4 (players 0 to 3)`.
fn no_such_seat(player: PlayerIndex, players: usize) -> String {
    match players {
        0 => format!("there is no {player} at this table: it has no seats"),
        1 => format!("there is no {player} at this table of 1 (player 0 only)"),
        _ => format!(
            "there is no {player} at this table of {players} (players 0 to {})",
            players - 1
        ),
    }
}

/// A submission of the game's own action that was refused, with the action handed back
/// (as shakmaty's `PlayError` hands back what was played), so that a caller may change it
/// and submit it again without having cloned it first. Displayed as its error.
///
/// `?` turns it into its [`Refusal`], or a [`SubmitError`], where the action is not wanted.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{error}")]
pub struct Refused<A> {
    /// The action submitted, as it was.
    pub action: A,
    /// Why it was refused.
    pub error: Refusal,
}

impl<A> From<Refused<A>> for Refusal {
    fn from(refused: Refused<A>) -> Self {
        refused.error
    }
}

impl<A> From<Refused<A>> for SubmitError {
    fn from(refused: Refused<A>) -> Self {
        SubmitError::Refused(refused.error)
    }
}

/// Why moving the game's clock was refused ([`Engine::advance_clock`](crate::Engine::advance_clock)).
/// The state, the clock and the log are exactly as before.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize)]
#[serde(tag = "error", rename_all = "snake_case")]
#[non_exhaustive]
pub enum ClockError {
    /// The time given is before the clock's: time only moves on.
    #[error("the clock is at {clock:?}; it cannot go back to {now:?}")]
    Backwards {
        /// Where the clock stands (in milliseconds on the wire).
        #[serde(serialize_with = "as_millis")]
        clock: std::time::Duration,
        /// The time given (in milliseconds on the wire).
        #[serde(serialize_with = "as_millis")]
        now: std::time::Duration,
    },
    /// A timer fired, and what followed its moves never came to anyone's decision: the
    /// flow's or the forced plays' error ([`Refusal::ForcedWithoutEnd`], [`Refusal::Flow`]).
    #[error("the timer of `{step}` fired, and then: {refusal}")]
    Unsettled {
        /// The step whose timer fired.
        step: &'static str,
        /// What went wrong after it.
        refusal: Refusal,
    },
}

/// Why an undo was refused. The state and the log are exactly as before.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize)]
#[serde(tag = "error", rename_all = "snake_case")]
#[non_exhaustive]
pub enum UndoError {
    /// The seat is not at the table.
    #[error("{}", no_such_seat(*player, *players))]
    NoSuchSeat {
        /// The seat given.
        player: PlayerIndex,
        /// How many seats the table has.
        players: usize,
    },
    /// The player has no action in the log.
    #[error("{player} has no action to undo")]
    NothingToUndo {
        /// Who asked.
        player: NamedSeat,
    },
    /// Another action came after the player's last one.
    #[error("{player}'s last action `{action}` was followed by another action")]
    Followed {
        /// Who asked.
        player: NamedSeat,
        /// Their last action, by its prompt text.
        action: String,
    },
    /// The action (or a consequence of it) drew chance: undoing would let a player redraw.
    #[error("`{action}` drew chance and cannot be undone")]
    DrewChance {
        /// The action, by its prompt text.
        action: String,
    },
    /// A move of the action (or of a consequence of it) showed `viewer` something that was
    /// hidden from them: undoing would let a player choose again knowing it. Decided from
    /// the game's views ([`Engine::take_back`](crate::Engine::take_back)).
    #[error("`{action}` showed {viewer} what was hidden from them, so it cannot be undone")]
    RevealedInformation {
        /// The action, by its prompt text.
        action: String,
        /// Who saw it: a player's name, or an observer.
        viewer: String,
    },
    /// The action was played by the engine for the player (forced), not chosen by them.
    #[error("`{action}` was forced by the rules and cannot be undone")]
    Forced {
        /// The action, by its prompt text.
        action: String,
    },
    /// The game is over: its result stands.
    #[error("the game is over, so nothing can be undone")]
    GameOver,
    /// Replaying the log up to the undone action did not reproduce it: a move of the game
    /// depends on something besides its data and the state (a bug of the game).
    #[error("the game could not be rebuilt before this action: {reason}")]
    Nondeterministic {
        /// What the replay reported.
        reason: String,
    },
}

/// A duration as whole milliseconds, as the clock counts on the wire.
fn as_millis<S: serde::Serializer>(
    duration: &std::time::Duration,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.serialize_u64(u64::try_from(duration.as_millis()).unwrap_or(u64::MAX))
}

/// Why a game's actions cannot be taken as distinct actions (integers, for learning
/// agents: [`ActionLayout`](crate::ActionLayout)), or why one decision cannot.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize)]
#[non_exhaustive]
pub enum NotDistinct {
    /// A selection's values are of a type that does not implement
    /// [`Distinct`](crate::Distinct) for the game.
    #[error(
        "selection `{selection}` of `{action}` takes values of type `{ty}`, which has no distinct numbering for this game: implement `meeple::Distinct<Game>` for it"
    )]
    Type {
        /// The action.
        action: &'static str,
        /// The selection.
        selection: &'static str,
        /// The name of the values' type.
        ty: &'static str,
    },
    /// A selection asks for free text, which no fixed set of integers can stand for.
    #[error(
        "selection `{selection}` of `{action}` asks for free text, which has no distinct numbering"
    )]
    FreeText {
        /// The action.
        action: &'static str,
        /// The selection.
        selection: &'static str,
    },
    /// The action was not made by `#[derive(Action)]`, which alone numbers selections.
    #[error("action `{action}` was not derived, so its selections have no distinct numbering")]
    NotDerived {
        /// The action.
        action: &'static str,
    },
    /// A value's index is not below its block's size: the game's
    /// [`Distinct`](crate::Distinct) implementation is wrong.
    #[error(
        "selection `{selection}` of `{action}` numbered a value {index}, outside its block of {len}"
    )]
    OutOfBlock {
        /// The action.
        action: &'static str,
        /// The selection.
        selection: &'static str,
        /// The index given.
        index: usize,
        /// The block's size.
        len: usize,
    },
    /// Two completions of one decision took the same integers: the game's
    /// [`Distinct`](crate::Distinct) implementation gives two values offered together
    /// one index.
    #[error("two completions of `{action}` have the same distinct actions")]
    Ambiguous {
        /// The action.
        action: &'static str,
    },
    /// The decision has more completions than a decision is enumerated up to.
    #[error("the decision has {count} completions, more than the {limit} enumerated")]
    TooManyCompletions {
        /// How many completions the decision has (saturating).
        count: u64,
        /// The most enumerated.
        limit: u64,
    },
}
