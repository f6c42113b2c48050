//! Rule sets as KataGo names and writes them: its names (`chinese`, `aga`,
//! `new-zealand`, …), its JSON object (`kata-set-rules {"ko": "SIMPLE", …}`,
//! `kata-get-rules`) and its compact rule string (`koPOSITIONALscoreAREAtaxNONEsui1`,
//! which KataGo writes into an SGF record's `RU`). Read by GTP's `kata-set-rules`
//! and by [`SgfGame::named_rules`](crate::sgf::SgfGame::named_rules); written by
//! `kata-get-rules` and into `RU` by [`SgfGame::from_game`](crate::sgf::SgfGame::from_game),
//! so rules survive a round trip through either.

use alloc::format;
use alloc::string::{String, ToString};
use core::fmt::Write;

use crate::error::RulesError;
use crate::rules::{HandicapBonus, KoRule, Komi, Rules, Scoring, Suicide, Tax};

/// A rule set's name and the rules it stands for.
type Named = (&'static str, fn() -> Rules);

/// Names KataGo (and SGF's `RU`, as programs write it) gives rule sets beyond
/// [`Rules::PRESETS`], with the rules they stand for.
const ALIASES: [Named; 9] = [
    ("french", Rules::aga),
    ("ancient_area", Rules::stone_scoring),
    ("ing", ing),
    ("goe", ing),
    ("cn", Rules::chinese),
    ("jp", Rules::japanese),
    ("kr", Rules::korean),
    ("nz", Rules::new_zealand),
    ("tt", Rules::tromp_taylor),
];

/// KataGo's `ing` and `goe`: Tromp–Taylor's fields with a friendly pass.
fn ing() -> Rules {
    Rules::tromp_taylor().with_friendly_pass_ok(true)
}

/// The names KataGo writes for whole rule sets (`toStringNoKomiMaybeNice`, with
/// the two presets it reads but does not write), first match wins.
const NICE: [Named; 9] = [
    ("TrompTaylor", Rules::tromp_taylor),
    ("Japanese", Rules::japanese),
    ("Chinese", Rules::chinese),
    ("Chinese-OGS", Rules::chinese_ogs),
    ("AGA", Rules::aga),
    ("StoneScoring", Rules::stone_scoring),
    ("NewZealand", Rules::new_zealand),
    ("Ancient-Territory", Rules::ancient_territory),
    ("AGA-Button", Rules::aga_button),
];

impl Rules {
    /// The rules KataGo would read from `text`: a rule-set name (any of
    /// [`Rules::PRESETS`], KataGo's other names `french`, `ancient_area`, `ing`,
    /// `goe`, and SGF's short forms `CN`, `JP`, `KR`, `NZ`, `TT`; case, spaces,
    /// `-` and `_` ignored), KataGo's JSON object (keys `ko`, `scoring` or
    /// `score`, `tax`, `suicide`, `hasButton`, `whiteHandicapBonus`,
    /// `friendlyPassOk`, `komi`), or its compact rule string
    /// (`koSITUATIONALscoreAREAtaxNONEsui0whbN-1fpok1`, optionally with `komi7.5`).
    /// What the JSON or string leaves out is KataGo's default: Tromp–Taylor's
    /// fields, the tax `SEKI` under territory scoring, and komi 7.5 (6.5 under
    /// territory scoring, 7 with the button). A name gives its preset's komi.
    ///
    /// ```
    /// use go_core::{KoRule, Rules};
    /// assert_eq!(Rules::from_katago("Chinese")?, Rules::chinese());
    /// assert_eq!(Rules::from_katago("french")?, Rules::aga());
    /// let rules = Rules::from_katago("koSIMPLEscoreTERRITORYsui0")?;
    /// assert_eq!(rules.with_komi(Rules::japanese().komi()), Rules::japanese());
    /// let json = Rules::from_katago(r#"{"ko":"SITUATIONAL","scoring":"AREA","suicide":true}"#)?;
    /// assert_eq!(json.ko(), KoRule::SituationalSuperko);
    /// assert!(Rules::from_katago("fischer").is_err());
    /// # Ok::<(), go_core::RulesError>(())
    /// ```
    ///
    /// # Errors
    /// [`RulesError::UnknownRules`] for text that is none of these (or a value
    /// go_core does not play, such as KataGo's `SPIGHT` ko); the other
    /// [`RulesError`]s for values out of range.
    pub fn from_katago(text: &str) -> Result<Rules, RulesError> {
        let trimmed = text.trim();
        let unknown = |why: &str| RulesError::UnknownRules {
            text: trimmed.to_string(),
            why: why.to_string(),
        };
        let rules = if let Ok(rules) = Rules::preset(trimmed) {
            rules
        } else if let Some(i) = ALIASES
            .iter()
            .position(|(n, _)| game_kit::same_name(n, trimmed))
        {
            (ALIASES[i].1)()
        } else if trimmed.starts_with('{') {
            from_json(trimmed).map_err(|why| unknown(&why))?
        } else if trimmed.starts_with("ko")
            || trimmed.starts_with("score")
            || trimmed.starts_with("komi")
        {
            from_compact(trimmed).map_err(|why| unknown(&why))?
        } else {
            return Err(unknown(
                "neither a rule-set name, KataGo's JSON nor its rule string",
            ));
        };
        rules.validate()?;
        Ok(rules)
    }

    /// The rules as KataGo names them in SGF and logs, komi aside: the name of the
    /// rule set they are (`Chinese`, `Japanese`, `AGA`, …), else KataGo's compact
    /// rule string (`koSITUATIONALscoreAREAtaxNONEsui1fpok1`). [`Rules::from_katago`]
    /// reads it back as the same rules (with the komi given apart, as SGF's `KM`).
    ///
    /// ```
    /// use go_core::{KoRule, Rules};
    /// assert_eq!(Rules::korean().katago_name(), "Japanese");
    /// let odd = Rules::chinese().with_ko(KoRule::SituationalSuperko);
    /// assert_eq!(odd.katago_name(), "koSITUATIONALscoreAREAtaxNONEsui0whbNfpok1");
    /// let back = Rules::from_katago(&odd.katago_name())?.with_komi(odd.komi());
    /// assert_eq!(back, odd);
    /// # Ok::<(), go_core::RulesError>(())
    /// ```
    pub fn katago_name(&self) -> String {
        if let Some((name, _)) = NICE
            .iter()
            .find(|(_, r)| r().with_komi(self.komi()) == *self)
        {
            return (*name).to_string();
        }
        let mut s = format!(
            "ko{}score{}tax{}sui{}",
            ko_word(self.ko()),
            scoring_word(self.scoring()),
            tax_word(self.tax()),
            u8::from(self.suicide() == Suicide::Allowed)
        );
        if self.button() {
            s.push_str("button1");
        }
        if self.handicap_bonus() != HandicapBonus::None {
            let _ = write!(s, "whb{}", bonus_word(self.handicap_bonus()));
        }
        if self.friendly_pass_ok() {
            s.push_str("fpok1");
        }
        s
    }

    /// The rules as KataGo's `kata-get-rules` writes them: a JSON object with its
    /// keys in its order, without the komi (KataGo keeps the komi apart).
    ///
    /// ```
    /// use go_core::Rules;
    /// assert_eq!(
    ///     Rules::chinese().katago_json(),
    ///     r#"{"friendlyPassOk":true,"hasButton":false,"ko":"SIMPLE","scoring":"AREA","suicide":false,"tax":"NONE","whiteHandicapBonus":"N"}"#
    /// );
    /// ```
    pub fn katago_json(&self) -> String {
        format!(
            "{{\"friendlyPassOk\":{},\"hasButton\":{},\"ko\":\"{}\",\"scoring\":\"{}\",\"suicide\":{},\"tax\":\"{}\",\"whiteHandicapBonus\":\"{}\"}}",
            self.friendly_pass_ok(),
            self.button(),
            ko_word(self.ko()),
            scoring_word(self.scoring()),
            self.suicide() == Suicide::Allowed,
            tax_word(self.tax()),
            bonus_word(self.handicap_bonus()),
        )
    }
}

fn ko_word(ko: KoRule) -> &'static str {
    match ko {
        KoRule::Simple => "SIMPLE",
        KoRule::PositionalSuperko => "POSITIONAL",
        KoRule::SituationalSuperko => "SITUATIONAL",
        // Not KataGo's: go_core's own rule, read back by `from_katago`.
        KoRule::None => "NONE",
    }
}

fn scoring_word(s: Scoring) -> &'static str {
    match s {
        Scoring::Area => "AREA",
        Scoring::Territory => "TERRITORY",
    }
}

fn tax_word(t: Tax) -> &'static str {
    match t {
        Tax::None => "NONE",
        Tax::Seki => "SEKI",
        Tax::All => "ALL",
    }
}

fn bonus_word(b: HandicapBonus) -> &'static str {
    match b {
        HandicapBonus::None => "0",
        HandicapBonus::StonesMinusOne => "N-1",
        HandicapBonus::Stones => "N",
    }
}

fn ko_of(word: &str) -> Result<KoRule, String> {
    match word {
        "SIMPLE" => Ok(KoRule::Simple),
        "POSITIONAL" => Ok(KoRule::PositionalSuperko),
        "SITUATIONAL" => Ok(KoRule::SituationalSuperko),
        "NONE" => Ok(KoRule::None),
        "SPIGHT" => Err("the SPIGHT ko rule is not played here".into()),
        other => Err(format!("no ko rule {other:?}")),
    }
}

fn scoring_of(word: &str) -> Result<Scoring, String> {
    match word {
        "AREA" => Ok(Scoring::Area),
        "TERRITORY" => Ok(Scoring::Territory),
        other => Err(format!("no scoring {other:?}")),
    }
}

fn tax_of(word: &str) -> Result<Tax, String> {
    match word {
        "NONE" => Ok(Tax::None),
        "SEKI" => Ok(Tax::Seki),
        "ALL" => Ok(Tax::All),
        other => Err(format!("no tax {other:?}")),
    }
}

fn bonus_of(word: &str) -> Result<HandicapBonus, String> {
    match word {
        "0" => Ok(HandicapBonus::None),
        "N-1" => Ok(HandicapBonus::StonesMinusOne),
        "N" => Ok(HandicapBonus::Stones),
        other => Err(format!("no white handicap bonus {other:?}")),
    }
}

/// What KataGo's JSON and rule string start from, and the settings they leave to
/// be filled in at the end.
struct Partial {
    rules: Rules,
    tax: Option<Tax>,
    komi: Option<Komi>,
}

impl Partial {
    fn new() -> Partial {
        Partial {
            rules: Rules::tromp_taylor(),
            tax: None,
            komi: None,
        }
    }

    /// KataGo's defaults for what was not given.
    fn finish(self) -> Rules {
        let r = self.rules;
        let tax = self.tax.unwrap_or(match r.scoring() {
            Scoring::Territory => Tax::Seki,
            Scoring::Area => Tax::None,
        });
        let komi = self.komi.unwrap_or(if r.scoring() == Scoring::Territory {
            Komi::from_halves(13)
        } else if r.button() {
            Komi::from_halves(14)
        } else {
            Komi::from_halves(15)
        });
        r.with_tax(tax).with_komi(komi)
    }
}

/// KataGo's compact rule string: `ko…`, `score…` (or `scoring…`), `tax…`,
/// `sui0|1`, `button0|1`, `whb0|N|N-1`, `fpok0|1`, `komi…`, in any order.
fn from_compact(text: &str) -> Result<Rules, String> {
    let mut p = Partial::new();
    let mut s = text.trim();
    let bit = |s: &mut &str, key: &str| -> Result<bool, String> {
        let v = take_one_of(s, &["1", "0"]).ok_or_else(|| format!("{key} takes 0 or 1"))?;
        Ok(v == "1")
    };
    while !s.is_empty() {
        if let Some(rest) = s.strip_prefix("komi") {
            let end = rest
                .find(|c: char| c.is_ascii_alphabetic() || c.is_whitespace())
                .unwrap_or(rest.len());
            let komi: Komi = rest[..end]
                .parse()
                .map_err(|_| format!("bad komi {:?}", &rest[..end]))?;
            p.komi = Some(komi);
            s = &rest[end..];
        } else if let Some(rest) = s.strip_prefix("ko") {
            s = rest;
            let w = take_one_of(
                &mut s,
                &["SIMPLE", "POSITIONAL", "SITUATIONAL", "SPIGHT", "NONE"],
            )
            .ok_or("ko takes SIMPLE, POSITIONAL or SITUATIONAL")?;
            p.rules = p.rules.with_ko(ko_of(w)?);
        } else if let Some(rest) = s
            .strip_prefix("scoring")
            .or_else(|| s.strip_prefix("score"))
        {
            s = rest;
            let w = take_one_of(&mut s, &["AREA", "TERRITORY"])
                .ok_or("score takes AREA or TERRITORY")?;
            p.rules = p.rules.with_scoring(scoring_of(w)?);
        } else if let Some(rest) = s.strip_prefix("tax") {
            s = rest;
            let w = take_one_of(&mut s, &["NONE", "SEKI", "ALL"])
                .ok_or("tax takes NONE, SEKI or ALL")?;
            p.tax = Some(tax_of(w)?);
        } else if let Some(rest) = s.strip_prefix("sui") {
            s = rest;
            let allowed = bit(&mut s, "sui")?;
            p.rules = p.rules.with_suicide(if allowed {
                Suicide::Allowed
            } else {
                Suicide::Forbidden
            });
        } else if let Some(rest) = s.strip_prefix("button") {
            s = rest;
            p.rules = p.rules.with_button(bit(&mut s, "button")?);
        } else if let Some(rest) = s.strip_prefix("whb") {
            s = rest;
            // `N-1` before `N`: the longer word first.
            let w = take_one_of(&mut s, &["0", "N-1", "N"]).ok_or("whb takes 0, N or N-1")?;
            p.rules = p.rules.with_handicap_bonus(bonus_of(w)?);
        } else if let Some(rest) = s.strip_prefix("fpok") {
            s = rest;
            p.rules = p.rules.with_friendly_pass_ok(bit(&mut s, "fpok")?);
        } else {
            return Err(format!("unexpected {s:?}"));
        }
        s = s.trim_start();
    }
    Ok(p.finish())
}

/// Takes the first of `words` that `s` starts with.
fn take_one_of<'w>(s: &mut &str, words: &[&'w str]) -> Option<&'w str> {
    let w = *words.iter().find(|w| s.starts_with(**w))?;
    *s = &s[w.len()..];
    Some(w)
}

/// One value of KataGo's flat JSON object.
#[derive(Debug, PartialEq)]
enum Value<'a> {
    Str(&'a str),
    Bool(bool),
    Num(&'a str),
}

/// KataGo's JSON object of rule settings.
fn from_json(text: &str) -> Result<Rules, String> {
    let mut p = Partial::new();
    for pair in json_pairs(text)? {
        let (key, value) = pair?;
        let word = |v: &Value<'_>| match v {
            Value::Str(s) => Ok(s.to_ascii_uppercase()),
            _ => Err(format!("{key} takes a string")),
        };
        let flag = |v: &Value<'_>| match v {
            Value::Bool(b) => Ok(*b),
            _ => Err(format!("{key} takes true or false")),
        };
        match key {
            "ko" => p.rules = p.rules.with_ko(ko_of(&word(&value)?)?),
            "scoring" | "score" => p.rules = p.rules.with_scoring(scoring_of(&word(&value)?)?),
            "tax" => p.tax = Some(tax_of(&word(&value)?)?),
            "suicide" => {
                p.rules = p.rules.with_suicide(if flag(&value)? {
                    Suicide::Allowed
                } else {
                    Suicide::Forbidden
                });
            }
            "hasButton" => p.rules = p.rules.with_button(flag(&value)?),
            "whiteHandicapBonus" => {
                p.rules = p.rules.with_handicap_bonus(bonus_of(&word(&value)?)?);
            }
            "friendlyPassOk" => p.rules = p.rules.with_friendly_pass_ok(flag(&value)?),
            "komi" => {
                let Value::Num(n) = value else {
                    return Err("komi takes a number".into());
                };
                p.komi = Some(n.parse().map_err(|_| format!("bad komi {n}"))?);
            }
            other => return Err(format!("no rules option {other:?}")),
        }
    }
    Ok(p.finish())
}

/// The key–value pairs of a flat JSON object (string keys; string, boolean or
/// number values; no escapes), or why the text is not one.
fn json_pairs(
    text: &str,
) -> Result<impl Iterator<Item = Result<(&str, Value<'_>), String>>, String> {
    let inner = text
        .trim()
        .strip_prefix('{')
        .and_then(|t| t.strip_suffix('}'))
        .ok_or("a JSON object is wrapped in braces")?;
    if inner.contains('\\') || inner.contains(['[', '{']) {
        return Err("only a flat object of strings, booleans and numbers".into());
    }
    let inner = inner.trim();
    let parts = (!inner.is_empty()).then(|| inner.split(','));
    Ok(parts.into_iter().flatten().map(|part| {
        let (key, value) = part.split_once(':').ok_or("a pair is \"key\": value")?;
        let key = quoted(key).ok_or("keys are strings")?;
        let value = value.trim();
        let value = if let Some(s) = quoted(value) {
            Value::Str(s)
        } else if value == "true" || value == "false" {
            Value::Bool(value == "true")
        } else if !value.is_empty()
            && value
                .bytes()
                .all(|b| b.is_ascii_digit() || matches!(b, b'-' | b'+' | b'.'))
        {
            Value::Num(value)
        } else {
            return Err(format!("bad value {value:?}"));
        };
        Ok((key, value))
    }))
}

/// The text between double quotes, trimmed of spaces outside them.
fn quoted(s: &str) -> Option<&str> {
    let s = s.trim().strip_prefix('"')?.strip_suffix('"')?;
    (!s.contains('"')).then_some(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// KataGo's table of named rule sets (`Rules::parseRulesHelper`), field for
    /// field: friendlyPassOk is true for chinese, chinese-ogs/kgs, stone scoring,
    /// aga/bga/french, aga-button, new zealand, ing/goe; false for japanese,
    /// korean, tromp-taylor, ancient territory.
    #[test]
    fn friendly_pass_as_katago_sets_it() {
        let yes = [
            "chinese",
            "chinese-ogs",
            "chinese_kgs",
            "stone-scoring",
            "ancient area",
            "aga",
            "bga",
            "french",
            "aga-button",
            "new zealand",
            "nz",
            "ing",
            "goe",
        ];
        let no = ["japanese", "korean", "tromp-taylor", "ancient-territory"];
        for name in yes {
            assert!(
                Rules::from_katago(name).unwrap().friendly_pass_ok(),
                "{name}"
            );
        }
        for name in no {
            assert!(
                !Rules::from_katago(name).unwrap().friendly_pass_ok(),
                "{name}"
            );
        }
    }

    #[test]
    fn every_preset_and_spelling_round_trips_through_its_name() {
        for &name in Rules::PRESETS {
            let rules = Rules::preset(name).unwrap();
            let written = rules.katago_name();
            let back = Rules::from_katago(&written)
                .unwrap()
                .with_komi(rules.komi());
            assert_eq!(back, rules, "{name} written as {written}");
        }
    }

    #[test]
    fn compact_strings_as_katago_writes_them() {
        let r = Rules::from_katago("koPOSITIONALscoreAREAtaxNONEsui1").unwrap();
        assert_eq!(
            r.with_komi(Rules::tromp_taylor().komi()),
            Rules::tromp_taylor()
        );
        assert_eq!(r.komi(), Komi::from_halves(15));
        let r = Rules::from_katago("koSITUATIONALscoreAREAtaxNONEsui0button1whbN-1fpok1").unwrap();
        assert_eq!(r, Rules::aga_button());
        let r = Rules::from_katago("koSIMPLEscoreTERRITORYsui0komi5.5").unwrap();
        assert_eq!(r.tax(), Tax::Seki);
        assert_eq!(r.komi(), Komi::from_halves(11));
        // The fields in any order: a string may start with score or komi too.
        for text in [
            "scoreTERRITORYkoSIMPLEsui0komi5.5",
            "komi5.5sui0scoreTERRITORYkoSIMPLE",
        ] {
            assert_eq!(Rules::from_katago(text), Ok(r), "{text}");
        }
        for bad in [
            "koSPIGHTscoreAREA",
            "koSIMPLEscoreAREAsui2",
            "koSIMPLE score AREA x",
            "komiabc",
        ] {
            assert!(
                matches!(
                    Rules::from_katago(bad),
                    Err(RulesError::UnknownRules { .. })
                ),
                "{bad}"
            );
        }
    }

    #[test]
    fn json_as_katago_reads_it() {
        let r = Rules::from_katago(
            r#"{"ko":"simple","score":"TERRITORY","suicide":false,"friendlyPassOk":false}"#,
        )
        .unwrap();
        assert_eq!(r, Rules::japanese());
        let r = Rules::from_katago(r#"{"hasButton":true,"scoring":"AREA","komi":7}"#).unwrap();
        assert!(r.button());
        assert_eq!(r.komi(), Komi::from_halves(14));
        // Each tax KataGo names, in its JSON and its compact string.
        for (name, tax) in [("NONE", Tax::None), ("SEKI", Tax::Seki), ("ALL", Tax::All)] {
            let json = format!(r#"{{"scoring":"AREA","tax":"{name}"}}"#);
            assert_eq!(
                Rules::from_katago(&json).map(|r| r.tax()),
                Ok(tax),
                "{json}"
            );
            let compact = format!("koSIMPLEscoreAREAtax{name}sui0");
            assert_eq!(
                Rules::from_katago(&compact).map(|r| r.tax()),
                Ok(tax),
                "{compact}"
            );
        }
        let r = Rules::from_katago("{}").unwrap();
        assert_eq!(r, Rules::tromp_taylor().with_komi(Komi::from_halves(15)));
        assert_eq!(
            Rules::from_katago(&Rules::chinese().katago_json()).unwrap(),
            Rules::chinese()
        );
        for bad in [
            r#"{"ko":"SPIGHT"}"#,
            r#"{"colour":"black"}"#,
            r#"{"suicide":"yes"}"#,
            r#"{"ko":["SIMPLE"]}"#,
            r#"{"komi":7.25}"#,
            "{",
        ] {
            assert!(Rules::from_katago(bad).is_err(), "{bad}");
        }
        assert!(Rules::from_katago(r#"{"komi":5000}"#).is_err());
        // A value that is no JSON string, boolean or number is refused as such,
        // naming it, before any key looks at it.
        for (bad, value) in [
            (r#"{"suicide":yes}"#, r#""yes""#),
            (r#"{"komi":7.5x}"#, r#""7.5x""#),
            (r#"{"komi":}"#, r#""""#),
        ] {
            let Err(RulesError::UnknownRules { why, .. }) = Rules::from_katago(bad) else {
                panic!("{bad} read");
            };
            assert_eq!(why, format!("bad value {value}"), "{bad}");
        }
        // Nesting and escapes are refused whole, whatever else the object holds.
        for bad in [
            r#"{"ko":["SIMPLE"]}"#,
            r#"{"ko":"SIMPLE","x":{"a":1}}"#,
            r#"{"ko":"SIM\"PLE"}"#,
            r#"{"ko":"SIMPLE","n\u0061me":"x"}"#,
        ] {
            let Err(RulesError::UnknownRules { why, .. }) = Rules::from_katago(bad) else {
                panic!("{bad} read");
            };
            assert_eq!(
                why, "only a flat object of strings, booleans and numbers",
                "{bad}"
            );
        }
    }

    #[test]
    fn names_that_are_no_rules() {
        for bad in ["", "fischer", "chinese-ing", "japanese;", "ko"] {
            assert!(Rules::from_katago(bad).is_err(), "{bad:?}");
        }
    }
}
