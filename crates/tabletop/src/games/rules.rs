//! Rule sets from parameters: a preset by name, then each rule option under the
//! name the game crate's serialised rules use, checked by the crate.

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::params::{Param, ParamSpec, Params};
use crate::registry::LoadError;

/// The parameter naming the preset.
pub(crate) const PRESET: &str = "rules";

/// A game crate's rules as parameters: the preset, and every serialised field.
pub(crate) trait RulesParams: Sized + Serialize + DeserializeOwned {
    /// The presets' names, the default first.
    const PRESETS: &'static [&'static str];
    /// The preset `name`, or the crate's message.
    fn preset(name: &str) -> Result<Self, String>;
}

/// The rules made from `params` (removing the ones used): the preset named by
/// `rules` (default: the first of `PRESETS`), then each parameter that names a
/// field of the serialised rules; the crate checks the result. Returns the rules
/// and the parameters that describe them completely (the preset and every field).
pub(crate) fn rules_from<R: RulesParams>(
    game: &'static str,
    params: &mut Params,
) -> Result<(R, Params), LoadError> {
    let preset = match params.take(PRESET) {
        None => R::PRESETS[0].to_string(),
        Some(Param::Str(s)) => s,
        Some(other) => other.to_string(),
    };
    let base = R::preset(&preset).map_err(|message| LoadError::BadParam {
        game,
        name: PRESET.to_string(),
        message,
    })?;
    let mut json = serde_json::to_value(&base).map_err(|e| bad(game, PRESET, &e))?;
    let Some(fields) = json.as_object_mut() else {
        return Err(bad(
            game,
            PRESET,
            &"the rules do not serialise as an object",
        ));
    };
    let names: Vec<String> = fields.keys().cloned().collect();
    for name in &names {
        if let Some(value) = params.take(name) {
            fields.insert(name.clone(), value.to_json());
        }
    }
    let rules: R = serde_json::from_value(json).map_err(|e| LoadError::BadParam {
        game,
        name: PRESET.to_string(),
        message: e.to_string(),
    })?;
    // The complete description: the preset's name and every field's value.
    let mut described = Params::new().with(PRESET, Param::Str(canonical_preset::<R>(&preset)));
    if let Ok(serde_json::Value::Object(fields)) = serde_json::to_value(&rules) {
        for (name, value) in &fields {
            described.set(name, Param::from_json(value));
        }
    }
    Ok((rules, described))
}

/// The preset's name as `PRESETS` spells it (names match by
/// [`game_kit::same_name`]); a name that is none of them as given.
fn canonical_preset<R: RulesParams>(name: &str) -> String {
    game_kit::find_name(R::PRESETS, name)
        .map_or_else(|| name.to_string(), |i| R::PRESETS[i].to_string())
}

fn bad(game: &'static str, name: &str, e: &dyn core::fmt::Display) -> LoadError {
    LoadError::BadParam {
        game,
        name: name.to_string(),
        message: e.to_string(),
    }
}

/// Refuses any parameter left over.
pub(crate) fn no_more(
    game: &'static str,
    params: &Params,
    specs: &[ParamSpec],
) -> Result<(), LoadError> {
    if let Some((name, _)) = params.iter().next() {
        let known: Vec<&str> = specs.iter().map(|s| s.name.as_str()).collect();
        return Err(LoadError::UnknownParam {
            game,
            name: name.to_string(),
            known: known.join(", "),
        });
    }
    Ok(())
}

/// The specs of the preset and of every field of the default preset's rules.
pub(crate) fn rules_specs<R: RulesParams>() -> Vec<ParamSpec> {
    let mut specs = Vec::new();
    specs.push(ParamSpec {
        name: PRESET.to_string(),
        default: Param::Str(R::PRESETS[0].to_string()),
        doc: "the preset the other rule options start from",
    });
    if let Ok(base) = R::preset(R::PRESETS[0])
        && let Ok(serde_json::Value::Object(fields)) = serde_json::to_value(&base)
    {
        for (name, value) in fields {
            specs.push(ParamSpec {
                name,
                default: Param::from_json(&value),
                doc: "a rule option (the game crate's serialised rules field)",
            });
        }
    }
    specs
}
