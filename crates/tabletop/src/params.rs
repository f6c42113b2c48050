//! Game parameters by name: the preset, each rule option under the name the game
//! crate's serialised rules use, and the options of the interface itself (board
//! size, length caps). Written and read as OpenSpiel writes them:
//! `go(board_size=9,komi=7.5,rules=chinese)`.

use alloc::collections::BTreeMap;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

/// One parameter value.
#[derive(Clone, Debug, PartialEq)]
pub enum Param {
    /// `true` / `false`.
    Bool(bool),
    /// A whole number.
    Int(i64),
    /// A number with a fraction.
    Float(f64),
    /// Text: a preset or enum name, or JSON for a structured option (for example
    /// hoop race's `throw_model`).
    Str(String),
}

impl Param {
    /// The value as JSON, the way the crates' serialised rules hold it. Text that is
    /// itself a JSON object, array or `null` becomes that value; other text is a
    /// string.
    pub fn to_json(&self) -> serde_json::Value {
        match self {
            Param::Bool(b) => serde_json::Value::Bool(*b),
            Param::Int(i) => serde_json::Value::from(*i),
            Param::Float(x) => serde_json::Number::from_f64(*x)
                .map_or(serde_json::Value::Null, serde_json::Value::Number),
            Param::Str(s) => {
                let t = s.trim();
                if t.starts_with('{') || t.starts_with('[') || t == "null" {
                    serde_json::from_str(t).unwrap_or_else(|_| serde_json::Value::String(s.clone()))
                } else {
                    serde_json::Value::String(s.clone())
                }
            }
        }
    }

    /// The parameter for a JSON value: numbers, booleans and strings as themselves,
    /// anything else as its JSON text.
    pub fn from_json(v: &serde_json::Value) -> Param {
        match v {
            serde_json::Value::Bool(b) => Param::Bool(*b),
            serde_json::Value::Number(n) => match n.as_i64() {
                Some(i) => Param::Int(i),
                None => Param::Float(n.as_f64().unwrap_or(0.0)),
            },
            serde_json::Value::String(s) => Param::Str(s.clone()),
            other => Param::Str(other.to_string()),
        }
    }

    /// A whole number, if it is one (a float with no fraction counts).
    pub fn as_int(&self) -> Option<i64> {
        match self {
            Param::Int(i) => Some(*i),
            Param::Float(x) if is_whole(*x, 9.0e15) => Some(*x as i64),
            _ => None,
        }
    }

    /// The text, if it is text.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Param::Str(s) => Some(s),
            _ => None,
        }
    }
}

/// Whether `x` is a whole number of magnitude below `bound` (at most 2^53, so
/// that the conversion to `i64` and back is exact). `core` has no `f64::fract`:
/// the round trip through `i64` is the test.
fn is_whole(x: f64, bound: f64) -> bool {
    x.abs() < bound && (x as i64) as f64 == x
}

impl fmt::Display for Param {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Param::Bool(b) => write!(f, "{b}"),
            Param::Int(i) => write!(f, "{i}"),
            Param::Float(x) if is_whole(*x, 1e15) => write!(f, "{x:.1}"),
            Param::Float(x) => write!(f, "{x}"),
            Param::Str(s) => f.write_str(s),
        }
    }
}

/// Parameters by name, in name order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Params(BTreeMap<String, Param>);

/// Why a game string or parameter could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParamsError {
    /// Not `name` or `name(key=value,…)`.
    #[error("cannot read game string {0:?}: expected name or name(key=value,...)")]
    Syntax(String),
}

impl Params {
    /// No parameters.
    pub fn new() -> Params {
        Params::default()
    }

    /// Sets `name` to `value` (replacing any earlier value), returning self.
    #[must_use]
    pub fn with(mut self, name: &str, value: Param) -> Params {
        self.0.insert(name.to_string(), value);
        self
    }

    /// Sets `name` to `value`.
    pub fn set(&mut self, name: &str, value: Param) {
        self.0.insert(name.to_string(), value);
    }

    /// The value of `name`.
    pub fn get(&self, name: &str) -> Option<&Param> {
        self.0.get(name)
    }

    /// Removes and returns `name`.
    pub fn take(&mut self, name: &str) -> Option<Param> {
        self.0.remove(name)
    }

    /// Every parameter, in name order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &Param)> {
        self.0.iter().map(|(k, v)| (k.as_str(), v))
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Reads OpenSpiel's form, `name` or `name(key=value,...)`: the game's name and
    /// its parameters. Values: `true`/`false`, whole numbers, numbers with a point
    /// or exponent, else text (which may hold JSON with nested parentheses, commas
    /// and `=`: only top-level commas separate parameters).
    ///
    /// # Errors
    /// [`ParamsError::Syntax`] for unbalanced brackets or a parameter without `=`.
    pub fn parse_game_string(text: &str) -> Result<(String, Params), ParamsError> {
        let text = text.trim();
        let err = || ParamsError::Syntax(text.to_string());
        let Some(open) = text.find('(') else {
            if text.is_empty() || text.contains(')') {
                return Err(err());
            }
            return Ok((text.to_string(), Params::new()));
        };
        if !text.ends_with(')') {
            return Err(err());
        }
        let name = text[..open].trim().to_string();
        let inner = &text[open + 1..text.len() - 1];
        let mut params = Params::new();
        for item in split_top_level(inner).ok_or_else(err)? {
            let item = item.trim();
            if item.is_empty() {
                continue;
            }
            let eq = item.find('=').ok_or_else(err)?;
            let (key, value) = (item[..eq].trim(), item[eq + 1..].trim());
            if key.is_empty() {
                return Err(err());
            }
            params.set(key, parse_value(value));
        }
        Ok((name, params))
    }
}

/// Splits at commas outside brackets and quotes; `None` if they do not balance.
fn split_top_level(s: &str) -> Option<Vec<&str>> {
    let (mut depth, mut quoted, mut start) = (0i32, false, 0);
    let mut parts = Vec::new();
    let mut escaped = false;
    for (i, c) in s.char_indices() {
        if quoted {
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => quoted = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => quoted = true,
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => {
                depth -= 1;
                if depth < 0 {
                    return None;
                }
            }
            ',' if depth == 0 => {
                parts.push(&s[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    if depth != 0 || quoted {
        return None;
    }
    parts.push(&s[start..]);
    Some(parts)
}

fn parse_value(v: &str) -> Param {
    match v {
        "true" | "True" => return Param::Bool(true),
        "false" | "False" => return Param::Bool(false),
        _ => {}
    }
    if let Ok(i) = v.parse::<i64>() {
        return Param::Int(i);
    }
    if v.contains(['.', 'e', 'E'])
        && let Ok(x) = v.parse::<f64>()
        && x.is_finite()
    {
        return Param::Float(x);
    }
    Param::Str(v.to_string())
}

impl fmt::Display for Params {
    /// `(key=value,...)`, or nothing when empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return Ok(());
        }
        f.write_str("(")?;
        for (k, (key, value)) in self.0.iter().enumerate() {
            if k > 0 {
                f.write_str(",")?;
            }
            write!(f, "{key}={value}")?;
        }
        f.write_str(")")
    }
}

/// One parameter a game accepts: its name, default and meaning.
#[derive(Clone, Debug, PartialEq)]
pub struct ParamSpec {
    /// The name.
    pub name: String,
    /// The value used when it is not given.
    pub default: Param,
    /// What it sets.
    pub doc: &'static str,
}
