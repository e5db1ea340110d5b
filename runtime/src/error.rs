//! Errors of submissions and undo.

use crate::player::PlayerIndex;

/// Why a submission was refused. The state and the log are exactly as before.
///
/// Each variant names the action and, where one is at fault, the selection, so a client
/// can show the player what to change.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SubmitError {
    /// The game is over: nothing more can be submitted.
    #[error("the game is over")]
    GameOver,
    /// The player may not act now.
    #[error("it is not {player}'s turn (to act: {to_act:?})")]
    NotYourTurn {
        /// Who submitted.
        player: PlayerIndex,
        /// Who may act now.
        to_act: Vec<PlayerIndex>,
    },
    /// No action of the game has this name.
    #[error("unknown action `{action}`; the actions of this game are {known:?}")]
    UnknownAction {
        /// The name submitted.
        action: String,
        /// Every action name of the game.
        known: Vec<&'static str>,
    },
    /// The action exists but is not offered to this player now (its condition is false,
    /// it has no valid completion, or a follow-up must be taken first).
    #[error("`{action}` is not available to {player} now; available: {available:?}")]
    ActionNotAvailable {
        /// The action submitted.
        action: &'static str,
        /// Who submitted.
        player: PlayerIndex,
        /// The actions this player may take now.
        available: Vec<&'static str>,
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
    /// The submission could not be read as JSON of the expected shape.
    #[error("malformed submission: {reason}")]
    MalformedJson {
        /// What the parser said.
        reason: String,
    },
    /// The player is to act but nothing is possible and the game declares no pass.
    #[error("{player} has nothing possible and the game does not pass for them")]
    Stuck {
        /// The stuck player.
        player: PlayerIndex,
    },
    /// A completion was asked for by its position ([`Engine::submit_nth`]) past the last.
    ///
    /// [`Engine::submit_nth`]: crate::Engine::submit_nth
    #[error("{player} has {count} completions; there is none at position {index}")]
    NoSuchCompletion {
        /// Who submitted.
        player: PlayerIndex,
        /// The position asked for, from 0.
        index: u64,
        /// How many completions the player has ([`Engine::count_completions`]).
        ///
        /// [`Engine::count_completions`]: crate::Engine::count_completions
        count: u64,
    },
}

/// Why an undo was refused. The state and the log are exactly as before.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum UndoError {
    /// The player has no action in the log.
    #[error("{player} has no action to undo")]
    NothingToUndo {
        /// Who asked.
        player: PlayerIndex,
    },
    /// Another action came after the player's last one.
    #[error("{player}'s last action `{action}` was followed by another action")]
    Followed {
        /// Who asked.
        player: PlayerIndex,
        /// Their last action.
        action: String,
    },
    /// The action (or a consequence of it) drew chance: undoing would let a player redraw.
    #[error("`{action}` drew chance and cannot be undone")]
    DrewChance {
        /// The action.
        action: String,
    },
    /// The action (or a consequence of it) revealed hidden information.
    #[error("`{action}` revealed hidden information and cannot be undone")]
    RevealedInformation {
        /// The action.
        action: String,
    },
    /// The action was played by the engine for the player (forced), not chosen by them.
    #[error("`{action}` was forced by the rules and cannot be undone")]
    Forced {
        /// The action.
        action: String,
    },
    /// The engine keeps no log (a simulation's, or an agent's lookahead): there is nothing
    /// to rebuild the state from.
    #[error("this game keeps no log, so nothing can be undone")]
    NoLog,
    /// Replaying the log up to the undone action did not reproduce it: a move of the game
    /// depends on something besides its data and the state (a bug of the game).
    #[error("the game could not be rebuilt before this action: {reason}")]
    Nondeterministic {
        /// What the replay reported.
        reason: String,
    },
}
