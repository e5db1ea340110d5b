//! The log: the seed, the config and every action record; enough to replay a game.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::action::Message;
use crate::game::{Game, Outcome};
use crate::player::PlayerIndex;

/// A game's log: how it was set up and every action record, in order.
///
/// Written as one JSON object (one line per game in `meeple simulate --log`). Replaying it
/// with [`Engine::replay`](crate::Engine::replay) re-submits the submitted records and
/// checks that every record comes out the same.
///
/// A log from [`Engine::sealed_log`](crate::Engine::sealed_log) also carries its
/// [`LogSeal`]: the number of records, the outcome and a digest of the final state, so a
/// replay can check the log whole, not only record by record.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct GameLog<G: Game> {
    /// The game's name ([`Game::NAME`]).
    pub game: String,
    /// The seed of the game's chance.
    pub seed: u64,
    /// The number of seats.
    pub players: usize,
    /// The config the game was set up with.
    pub config: G::Config,
    /// Whether forced completions were played for the players.
    pub autoplay_forced: bool,
    /// Every action record, the setup first.
    pub records: Vec<ActionRecord<G::Move>>,
    /// What the whole log comes to, when it was written by
    /// [`Engine::sealed_log`](crate::Engine::sealed_log); `None` in an engine's own log.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seal: Option<LogSeal>,
}

/// What a whole log comes to: checked by a replay once every record reproduced, so that a
/// log cut short at a record boundary, or whose seed or config was changed where no record
/// shows it, does not replay as if it were whole.
///
/// It detects corruption and mistakes, not forgery: anyone who can edit a log can replay
/// the edited log and seal it again. A log that must be trusted needs a signature or a
/// store of its own.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogSeal {
    /// How many action records the log has, the setup included.
    pub records: usize,
    /// The outcome, when the game was over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<Outcome>,
    /// SHA-256, in lowercase hexadecimal, of the log's header (game, seed, players,
    /// config, forced play) and of the final full state and chance's state, each serialized
    /// as JSON ([`Engine::digest`](crate::Engine::digest)).
    pub digest: String,
}

/// One action and every move it caused, in the order applied: the unit of undo and of
/// animation.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ActionRecord<M> {
    /// Who acted; `None` for the setup.
    pub player: Option<PlayerIndex>,
    /// The action's name; `setup` for the setup, `pass` for a pass the game made for a
    /// stuck player.
    pub action: Cow<'static, str>,
    /// How the record came about.
    pub kind: RecordKind,
    /// The values of the selections, by selection name.
    #[serde(default, skip_serializing_if = "serde_json::Map::is_empty")]
    pub selections: serde_json::Map<String, Value>,
    /// The action's arguments when it was a follow-up.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub args: Option<Value>,
    /// The action's messages.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub messages: Vec<Message>,
    /// Every move applied, the action's own and their consequences, in order.
    pub moves: Vec<M>,
    /// Whether chance was drawn while applying the moves.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub drew_chance: bool,
}

/// How an action record came about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RecordKind {
    /// The setup moves of [`Game::setup`].
    Setup,
    /// A player submitted the action.
    Submitted,
    /// The engine played the player's only possible completion for them.
    Forced,
    /// The player had nothing possible and the game passed for them
    /// ([`WhenStuck::Pass`](crate::WhenStuck::Pass)).
    Pass,
}
