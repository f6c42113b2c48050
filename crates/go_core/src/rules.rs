//! The rules settings (rulings G2, G3): ko rule, suicide, scoring and komi, with the
//! presets of the common rule sets.

use core::fmt;
use core::str::FromStr;

use crate::error::{ParseError, RulesError};

/// How repetition is limited (ruling G3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum KoRule {
    /// No move may recreate any earlier board (the source's rule; G6).
    PositionalSuperko,
    /// No move may recreate an earlier board with the same player to move (G6).
    SituationalSuperko,
    /// Only the immediate recapture of a single-stone ko is forbidden.
    Simple,
    /// Repetition is allowed.
    None,
}

/// Whether a move may capture the mover's own stones (ruling G3, G5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Suicide {
    /// Self-capture is legal (the source's rule); a single-stone suicide still
    /// repeats the board and so breaks positional superko (G5).
    Allowed,
    /// A move that would leave its own chain without liberties is illegal.
    Forbidden,
}

/// How the game is counted (ruling G8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Scoring {
    /// Stones on the board plus empty points reaching only that colour.
    Area,
    /// Surrounded empty points plus prisoners (captures and dead stones); empty
    /// points of groups in seki count for nobody.
    Territory,
}

/// Points White receives for Black's handicap stones (KataGo's
/// `whiteHandicapBonus`): in a handicap game (a setup of `N` black stones only,
/// White to move) area counting would otherwise give Black those stones' worth
/// twice, once as the stones and once as the move White did not get.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum HandicapBonus {
    /// Nothing (KataGo's `0`).
    #[default]
    None,
    /// `N − 1` points (KataGo's `N-1`: AGA rules).
    StonesMinusOne,
    /// `N` points (KataGo's `N`: Chinese rules).
    Stones,
}

impl HandicapBonus {
    /// The points White receives for `n` handicap stones.
    pub const fn points(self, n: u32) -> u32 {
        match self {
            HandicapBonus::None => 0,
            HandicapBonus::StonesMinusOne => n.saturating_sub(1),
            HandicapBonus::Stones => n,
        }
    }
}

/// Komi: points given to White, a multiple of ½ between −1000 and 1000.
///
/// ```
/// use go_core::Komi;
/// let k: Komi = "7.5".parse()?;
/// assert_eq!(k.halves(), 15);
/// assert_eq!(k.to_string(), "7.5");
/// assert_eq!(Komi::from_halves(-1).to_string(), "-0.5");
/// # Ok::<(), go_core::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "f64", into = "f64"))]
pub struct Komi(i32);

/// The largest komi magnitude, in half-points.
const MAX_KOMI_HALVES: i32 = 2000;

impl Komi {
    /// Komi 0.
    pub const ZERO: Komi = Komi(0);

    /// Komi from a count of half-points (15 = 7.5). Values beyond ±1000 points are
    /// caught by [`Rules::validate`].
    pub const fn from_halves(halves: i32) -> Komi {
        Komi(halves)
    }

    /// Komi from a number of points.
    ///
    /// # Errors
    /// [`RulesError::KomiNotHalfPoint`] when not a finite multiple of 0.5;
    /// [`RulesError::KomiOutOfRange`] beyond ±1000.
    pub fn from_points(points: f64) -> Result<Komi, RulesError> {
        let halves = points * 2.0;
        if !halves.is_finite() || halves != (halves as i64) as f64 {
            return Err(RulesError::KomiNotHalfPoint);
        }
        if halves.abs() > MAX_KOMI_HALVES as f64 {
            return Err(RulesError::KomiOutOfRange {
                halves: halves.clamp(i32::MIN as f64, i32::MAX as f64) as i32,
            });
        }
        Ok(Komi(halves as i32))
    }

    /// The komi in half-points.
    pub const fn halves(self) -> i32 {
        self.0
    }

    /// The komi in points.
    pub fn points(self) -> f64 {
        f64::from(self.0) / 2.0
    }
}

impl fmt::Display for Komi {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_half_points(f, self.0)
    }
}

/// Writes a count of half-points as `7`, `7.5`, `-0.5`.
pub(crate) fn write_half_points(f: &mut fmt::Formatter<'_>, halves: i32) -> fmt::Result {
    let sign = if halves < 0 { "-" } else { "" };
    let abs = halves.unsigned_abs();
    if abs.is_multiple_of(2) {
        write!(f, "{sign}{}", abs / 2)
    } else {
        write!(f, "{sign}{}.5", abs / 2)
    }
}

impl FromStr for Komi {
    type Err = ParseError;

    /// Parses `7.5`, `-3`, `0.50`, `+6.5`.
    fn from_str(s: &str) -> Result<Komi, ParseError> {
        parse_half_points(s)
            .filter(|h| h.abs() <= MAX_KOMI_HALVES)
            .map(Komi)
            .ok_or(ParseError::Komi)
    }
}

/// Parses a decimal number that is a multiple of ½ into half-points, exactly (no
/// floating point): `6.5` → 13, `-0.50` → −1. `None` for anything else.
pub(crate) fn parse_half_points(s: &str) -> Option<i32> {
    let s = s.trim();
    let (negative, digits) = match s.as_bytes().first()? {
        b'-' => (true, &s[1..]),
        b'+' => (false, &s[1..]),
        _ => (false, s),
    };
    let (int, frac) = digits.split_once('.').unwrap_or((digits, ""));
    if int.is_empty() && frac.is_empty() {
        return None;
    }
    if !int.bytes().chain(frac.bytes()).all(|b| b.is_ascii_digit()) || int.len() > 6 {
        return None;
    }
    let whole: i32 = if int.is_empty() { 0 } else { int.parse().ok()? };
    let frac = frac.trim_end_matches('0');
    let half = match frac {
        "" => 0,
        "5" => 1,
        _ => return None,
    };
    let halves = whole * 2 + half;
    Some(if negative { -halves } else { halves })
}

#[cfg(feature = "serde")]
impl TryFrom<f64> for Komi {
    type Error = RulesError;
    fn try_from(v: f64) -> Result<Self, RulesError> {
        Komi::from_points(v)
    }
}

#[cfg(feature = "serde")]
impl From<Komi> for f64 {
    fn from(k: Komi) -> f64 {
        k.points()
    }
}

/// A complete rules setting. `Rules::default()` is the source's rules, Tromp–Taylor
/// (ruling G2): positional superko, suicide allowed, area scoring, komi 0.
///
/// Each setting can be changed on its own; [`Rules::validate`] (called by every
/// constructor of a game) refuses values out of range and combinations that cannot
/// be played.
///
/// | preset | ko rule | suicide | scoring | komi |
/// |---|---|---|---|---|
/// | [`tromp_taylor`](Rules::tromp_taylor) (default) | positional superko | allowed | area | 0 |
/// | [`chinese`](Rules::chinese) | positional superko | forbidden | area | 7.5 |
/// | [`japanese`](Rules::japanese) | simple ko | forbidden | territory | 6.5 |
/// | [`aga`](Rules::aga) | situational superko | forbidden | area | 7.5 |
/// | [`new_zealand`](Rules::new_zealand) | situational superko | allowed | area | 7.5 |
///
/// ```
/// use go_core::{KoRule, Komi, Rules, Suicide};
/// let rules = Rules::chinese().with_ko(KoRule::SituationalSuperko).with_komi(Komi::from_halves(13));
/// assert!(rules.validate().is_ok());
/// assert_eq!(rules.suicide(), Suicide::Forbidden);
/// let endless = Rules::tromp_taylor().with_ko(KoRule::None);
/// assert!(endless.validate().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "RulesRepr", into = "RulesRepr"))]
pub struct Rules {
    ko: KoRule,
    suicide: Suicide,
    scoring: Scoring,
    komi: Komi,
    button: bool,
    handicap_bonus: HandicapBonus,
}

#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct RulesRepr {
    ko: KoRule,
    suicide: Suicide,
    scoring: Scoring,
    komi: Komi,
    #[serde(default)]
    button: bool,
    #[serde(default)]
    handicap_bonus: HandicapBonus,
}

#[cfg(feature = "serde")]
impl TryFrom<RulesRepr> for Rules {
    type Error = RulesError;
    fn try_from(r: RulesRepr) -> Result<Rules, RulesError> {
        let rules = Rules {
            ko: r.ko,
            suicide: r.suicide,
            scoring: r.scoring,
            komi: r.komi,
            button: r.button,
            handicap_bonus: r.handicap_bonus,
        };
        rules.validate().map(|()| rules)
    }
}

#[cfg(feature = "serde")]
impl From<Rules> for RulesRepr {
    fn from(r: Rules) -> RulesRepr {
        RulesRepr {
            ko: r.ko,
            suicide: r.suicide,
            scoring: r.scoring,
            komi: r.komi,
            button: r.button,
            handicap_bonus: r.handicap_bonus,
        }
    }
}

/// The rules of each preset, in the order of [`Rules::PRESETS`].
const PRESET_RULES: [Rules; 5] = [
    Rules::tromp_taylor(),
    Rules::chinese(),
    Rules::japanese(),
    Rules::aga(),
    Rules::new_zealand(),
];

impl Default for Rules {
    fn default() -> Self {
        Rules::tromp_taylor()
    }
}

impl Rules {
    /// The source's rules (G2): positional superko, suicide allowed, area scoring,
    /// komi 0.
    pub const fn tromp_taylor() -> Rules {
        Rules {
            ko: KoRule::PositionalSuperko,
            suicide: Suicide::Allowed,
            scoring: Scoring::Area,
            komi: Komi::ZERO,
            button: false,
            handicap_bonus: HandicapBonus::None,
        }
    }

    /// Chinese rules: positional superko, no suicide, area scoring, komi 7.5.
    pub const fn chinese() -> Rules {
        Rules {
            ko: KoRule::PositionalSuperko,
            suicide: Suicide::Forbidden,
            scoring: Scoring::Area,
            komi: Komi(15),
            button: false,
            handicap_bonus: HandicapBonus::None,
        }
    }

    /// Japanese rules: simple ko, no suicide, territory scoring, komi 6.5.
    pub const fn japanese() -> Rules {
        Rules {
            ko: KoRule::Simple,
            suicide: Suicide::Forbidden,
            scoring: Scoring::Territory,
            komi: Komi(13),
            button: false,
            handicap_bonus: HandicapBonus::None,
        }
    }

    /// AGA rules: situational superko, no suicide, area scoring, komi 7.5.
    pub const fn aga() -> Rules {
        Rules {
            ko: KoRule::SituationalSuperko,
            suicide: Suicide::Forbidden,
            scoring: Scoring::Area,
            komi: Komi(15),
            button: false,
            handicap_bonus: HandicapBonus::None,
        }
    }

    /// New Zealand rules: situational superko, suicide allowed, area scoring, komi 7.5.
    pub const fn new_zealand() -> Rules {
        Rules {
            ko: KoRule::SituationalSuperko,
            suicide: Suicide::Allowed,
            scoring: Scoring::Area,
            komi: Komi(15),
            button: false,
            handicap_bonus: HandicapBonus::None,
        }
    }

    /// Every preset name, the default first: the names [`Rules::preset`] accepts,
    /// each also a constructor of the same name.
    pub const PRESETS: &'static [&'static str] =
        &["tromp_taylor", "chinese", "japanese", "aga", "new_zealand"];

    /// The preset called `name`, one of [`Rules::PRESETS`]; case-insensitive, and
    /// `-` may stand for `_` (`Tromp-Taylor`).
    ///
    /// ```
    /// use go_core::Rules;
    /// for &name in Rules::PRESETS {
    ///     assert!(Rules::preset(name)?.validate().is_ok());
    /// }
    /// assert_eq!(Rules::preset("New-Zealand")?, Rules::new_zealand());
    /// assert!(Rules::preset("ing").is_err());
    /// # Ok::<(), go_core::RulesError>(())
    /// ```
    ///
    /// # Errors
    /// [`RulesError::UnknownPreset`] for any other name.
    pub fn preset(name: &str) -> Result<Rules, RulesError> {
        let same = |preset: &str| {
            name.len() == preset.len()
                && name.bytes().zip(preset.bytes()).all(|(a, b)| {
                    let a = if a == b'-' {
                        b'_'
                    } else {
                        a.to_ascii_lowercase()
                    };
                    a == b
                })
        };
        Rules::PRESETS
            .iter()
            .position(|p| same(p))
            .and_then(|i| PRESET_RULES.get(i).copied())
            .ok_or_else(|| RulesError::UnknownPreset(name.into()))
    }

    /// The ko rule.
    pub const fn ko(&self) -> KoRule {
        self.ko
    }

    /// Whether suicide is allowed.
    pub const fn suicide(&self) -> Suicide {
        self.suicide
    }

    /// The scoring method.
    pub const fn scoring(&self) -> Scoring {
        self.scoring
    }

    /// The komi.
    pub const fn komi(&self) -> Komi {
        self.komi
    }

    /// Whether the first player to pass receives half a point (button Go; KataGo's
    /// `hasButton`, the `aga-button` rules). Off in every preset.
    pub const fn button(&self) -> bool {
        self.button
    }

    /// The points White receives for Black's handicap stones. None in every
    /// preset.
    pub const fn handicap_bonus(&self) -> HandicapBonus {
        self.handicap_bonus
    }

    /// The same rules with another ko rule.
    #[must_use]
    pub const fn with_ko(mut self, ko: KoRule) -> Rules {
        self.ko = ko;
        self
    }

    /// The same rules with suicide allowed or forbidden.
    #[must_use]
    pub const fn with_suicide(mut self, suicide: Suicide) -> Rules {
        self.suicide = suicide;
        self
    }

    /// The same rules with another scoring method.
    #[must_use]
    pub const fn with_scoring(mut self, scoring: Scoring) -> Rules {
        self.scoring = scoring;
        self
    }

    /// The same rules with another komi.
    #[must_use]
    pub const fn with_komi(mut self, komi: Komi) -> Rules {
        self.komi = komi;
        self
    }

    /// The same rules with the button on or off.
    #[must_use]
    pub const fn with_button(mut self, button: bool) -> Rules {
        self.button = button;
        self
    }

    /// The same rules with another handicap bonus.
    #[must_use]
    pub const fn with_handicap_bonus(mut self, bonus: HandicapBonus) -> Rules {
        self.handicap_bonus = bonus;
        self
    }

    /// Checks values and combinations.
    ///
    /// # Errors
    /// [`RulesError::KomiOutOfRange`] for komi beyond ±1000;
    /// [`RulesError::EndlessSuicide`] for [`KoRule::None`] with [`Suicide::Allowed`]:
    /// a single-stone suicide then changes nothing on the board yet is not a pass,
    /// so a player could refuse to let the game end forever.
    pub const fn validate(&self) -> Result<(), RulesError> {
        if self.komi.0 > MAX_KOMI_HALVES || self.komi.0 < -MAX_KOMI_HALVES {
            return Err(RulesError::KomiOutOfRange {
                halves: self.komi.0,
            });
        }
        if matches!(self.ko, KoRule::None) && matches!(self.suicide, Suicide::Allowed) {
            return Err(RulesError::EndlessSuicide);
        }
        Ok(())
    }
}
