//! The registry's presets: each game's `rules` values are its crate's presets,
//! the default first, and each loads as the crate's rules of that name.

use tabletop::{Game, LoadError, load, presets, referee};

/// The rules a loaded game plays by, as the crate serialises them.
fn rules_of(game_string: &str) -> serde_json::Value {
    referee::rules_json(&load(game_string).unwrap().new_initial_state())
}

/// `name`'s presets are `crate_presets`, the first is the default, and each
/// loads as `preset(name)` (the crate's rules of that name, serialised).
fn check(name: &str, crate_presets: &[&str], preset: impl Fn(&str) -> serde_json::Value) {
    assert_eq!(presets(name).unwrap(), crate_presets, "{name}");
    assert_eq!(
        rules_of(name),
        preset(crate_presets[0]),
        "{name}: the default rules"
    );
    for p in crate_presets {
        assert_eq!(
            rules_of(&format!("{name}(rules={p})")),
            preset(p),
            "{name}: {p}"
        );
        // Named in another spelling (case, `-` for `_`: names match by
        // `game_kit::same_name`), the game string spells it as `PRESETS` does.
        let other = p.to_uppercase().replace('_', "-");
        let described = load(&format!("{name}(rules={other})"))
            .unwrap()
            .info()
            .game_string();
        assert!(
            described.contains(&format!("rules={p},"))
                || described.contains(&format!("rules={p})")),
            "{name}: {other} -> {described}"
        );
    }
}

/// The crate's preset `name` of rules type `R`, serialised.
macro_rules! preset_json {
    ($rules:ty) => {
        |name: &str| serde_json::to_value(<$rules>::preset(name).unwrap()).unwrap()
    };
}

#[test]
fn each_games_presets_are_its_crates() {
    #[cfg(feature = "go")]
    check("go", go_core::Rules::PRESETS, preset_json!(go_core::Rules));
    #[cfg(feature = "o_an_quan")]
    check("o_an_quan", o_an_quan::Rules::PRESETS, |name| {
        // The interface gives a rule set without a move limit one of 5,000 moves.
        let rules = o_an_quan::Rules::preset(name).unwrap();
        let limit = rules.move_limit().or(Some(5_000));
        serde_json::to_value(rules.with_move_limit(limit)).unwrap()
    });
    #[cfg(feature = "hoop_race")]
    check(
        "hoop_race",
        hoop_race::Rules::PRESETS,
        preset_json!(hoop_race::Rules),
    );
    #[cfg(feature = "trap_stones")]
    check(
        "trap_stones",
        trap_stones::Rules::PRESETS,
        preset_json!(trap_stones::Rules),
    );
    #[cfg(feature = "tarokk_war")]
    check(
        "tarokk_war",
        tarokk_war::Rules::PRESETS,
        preset_json!(tarokk_war::Rules),
    );
    assert!(matches!(presets("chess"), Err(LoadError::UnknownGame(g)) if g == "chess"));
}

/// A parameter a game does not take is refused by name, with the ones it
/// takes listed.
#[test]
fn unknown_parameters_are_refused_by_name() {
    for name in tabletop::NAMES {
        let Err(LoadError::UnknownParam {
            name: param, known, ..
        }) = load(&format!("{name}(colour_scheme=1)"))
        else {
            panic!("{name}: colour_scheme accepted");
        };
        assert_eq!(param, "colour_scheme", "{name}");
        assert!(known.contains("rules"), "{name}: {known}");
    }
}
