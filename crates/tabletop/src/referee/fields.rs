//! What the rooms' referee code shares: values as JSON, a setup's fields read
//! and checked, and the failures they give.

use std::format;
use std::string::{String, ToString};
use std::vec::Vec;

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

use super::Failure;
pub(crate) use super::fail;
use crate::games::Setup;
use crate::turn::Turn;

/// A value as JSON, the way its crate serialises it.
pub(crate) fn to_json<T: Serialize>(v: &T) -> Value {
    serde_json::to_value(v).unwrap_or(Value::Null)
}

/// A picture as a list of its lines.
pub(crate) fn lines(text: &str) -> Value {
    json!(text.lines().collect::<Vec<_>>())
}

/// A `bad_setup` failure with the crate's message.
pub(crate) fn bad_setup(e: impl core::fmt::Display) -> Failure {
    fail("bad_setup", e.to_string())
}

/// A setup field read as the crate's type.
pub(crate) fn from_setup<T: DeserializeOwned>(v: &Value) -> Result<T, Failure> {
    serde_json::from_value(v.clone()).map_err(bad_setup)
}

/// Refuses an object (a setup, a request's argument) holding any field but
/// `known`, naming what it is and the fields it takes, so that no field is
/// dropped unread.
pub(crate) fn only_fields(what: &str, fields: &Setup, known: &[&str]) -> Result<(), Failure> {
    match fields.keys().find(|k| !known.contains(&k.as_str())) {
        None => Ok(()),
        Some(k) if known.is_empty() => Err(fail(
            "bad_setup",
            format!("{what} takes no field ({k:?} given)"),
        )),
        Some(k) => Err(fail(
            "bad_setup",
            format!(
                "{what} has no field {k:?} (it takes {})",
                known
                    .iter()
                    .map(|f| format!("{f:?}"))
                    .collect::<Vec<String>>()
                    .join(", ")
            ),
        )),
    }
}

/// Whose turn it is, as JSON: a player's number, `"chance"` or `"terminal"`.
pub(crate) fn turn_json(t: Turn) -> Value {
    match t {
        Turn::Player(p) => json!(p),
        Turn::Chance => json!("chance"),
        Turn::Terminal => json!("terminal"),
    }
}
