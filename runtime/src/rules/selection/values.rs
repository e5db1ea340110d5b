//! A selection's value in the wire form every kind shares: as JSON, as the label a prompt
//! shows when the selection declares none, and read back from a submission with the
//! errors that say which selection was wrong.

use serde_json::{Map, Value};

use crate::error::DecodeError;

/// How a value is shown when its selection declares no `label`: a JSON string as is,
/// anything else as its JSON text.
pub fn default_label<T: serde::Serialize + ?Sized>(value: &T) -> String {
    match serde_json::to_value(value) {
        Ok(Value::String(text)) => text,
        Ok(other) => other.to_string(),
        Err(error) => format!("<{error}>"),
    }
}

/// A selection's value as JSON. Values that cannot be serialized become `null`: the
/// types of selections are the author's plain data, for which serialization does not fail.
pub fn encode<T: serde::Serialize + ?Sized>(value: &T) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}

/// Reads a selection's submitted value.
///
/// # Errors
/// [`DecodeError::MalformedSelection`] with serde's reason.
pub fn decode<T: serde::de::DeserializeOwned>(
    action: &'static str,
    selection: &'static str,
    value: &Value,
) -> Result<T, DecodeError> {
    T::deserialize(value).map_err(|error| DecodeError::MalformedSelection {
        action,
        selection,
        reason: error.to_string(),
    })
}

/// Reads the value of `selection` from a submission's selections.
///
/// # Errors
/// [`DecodeError::MissingSelection`] or [`DecodeError::MalformedSelection`].
pub fn take<T: serde::de::DeserializeOwned>(
    action: &'static str,
    selection: &'static str,
    selections: &Map<String, Value>,
) -> Result<T, DecodeError> {
    match selections.get(selection) {
        Some(value) => decode(action, selection, value),
        None => Err(DecodeError::MissingSelection { action, selection }),
    }
}

/// Refuses selections a submission names that the action does not have.
///
/// # Errors
/// [`DecodeError::ExtraSelection`] for the first unknown name.
pub fn no_extra(
    action: &'static str,
    known: &[&'static str],
    selections: &Map<String, Value>,
) -> Result<(), DecodeError> {
    match selections
        .keys()
        .find(|name| !known.contains(&name.as_str()))
    {
        Some(extra) => Err(DecodeError::ExtraSelection {
            action,
            selection: extra.clone(),
        }),
        None => Ok(()),
    }
}

/// The error of a prefix with more values than the action has selections.
#[must_use]
pub fn extra_value(action: &'static str, selections: usize) -> DecodeError {
    DecodeError::ExtraSelection {
        action,
        selection: format!(
            "value #{} (the action has {selections} selections)",
            selections + 1
        ),
    }
}
