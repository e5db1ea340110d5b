//! Submissions: an action's name and the values of its selections, as sent on the wire.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::error::DecodeError;

/// An action as a client sends it: `{"action":"play_card","selections":{"card":"QS"}}`.
///
/// A multi-selection's value is an array; a number is a JSON number; text is a string.
/// Arguments of follow-ups are not sent: the engine supplies them.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Submission {
    /// The action's name.
    pub action: String,
    /// The value of every selection, by selection name.
    #[serde(default)]
    pub selections: serde_json::Map<String, Value>,
}

impl Submission {
    /// A submission of `action` with no selections yet.
    #[must_use]
    pub fn new(action: impl Into<String>) -> Self {
        Submission {
            action: action.into(),
            selections: serde_json::Map::new(),
        }
    }

    /// This submission with `selection` set to `value`.
    #[must_use]
    pub fn with(mut self, selection: impl Into<String>, value: impl Into<Value>) -> Self {
        self.selections.insert(selection.into(), value.into());
        self
    }

    /// Reads a submission from JSON.
    ///
    /// # Errors
    /// [`DecodeError::MalformedJson`] with the parser's reason.
    pub fn from_json(json: &str) -> Result<Self, DecodeError> {
        serde_json::from_str(json).map_err(|error| DecodeError::MalformedJson {
            reason: error.to_string(),
        })
    }
}
