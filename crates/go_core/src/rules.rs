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

/// What living groups pay (KataGo's `taxRule`): which surrounded points count
/// for nobody, and whether every group gives up the two eyes it needs to live.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Tax {
    /// Every surrounded point counts (KataGo's `NONE`; the source's rule, and
    /// Chinese, AGA, New Zealand).
    #[default]
    None,
    /// The empty points of groups in seki count for nobody (KataGo's `SEKI`;
    /// Japanese and Korean rules). Which chains are in seki: see
    /// [`Game::seki_stones`](crate::Game::seki_stones).
    Seki,
    /// As [`Tax::Seki`], and every independent living group gives up two points,
    /// the two eyes it needs to live (KataGo's `ALL`: stone scoring, ancient
    /// territory counting). A group is one colour's connected area — its stones
    /// and the empty points that reach only it — holding no chain in seki.
    All,
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
/// | preset | ko rule | suicide | scoring | tax | button | handicap bonus | friendly pass | komi |
/// |---|---|---|---|---|---|---|---|---|
/// | [`tromp_taylor`](Rules::tromp_taylor) (default) | positional superko | allowed | area | none | no | none | no | 0 |
/// | [`chinese`](Rules::chinese) | simple ko | forbidden | area | none | no | `N` | yes | 7.5 |
/// | [`chinese_ogs`](Rules::chinese_ogs), [`chinese_kgs`](Rules::chinese_kgs) | positional superko | forbidden | area | none | no | `N` | yes | 7.5 |
/// | [`japanese`](Rules::japanese), [`korean`](Rules::korean) | simple ko | forbidden | territory | seki | no | none | no | 6.5 |
/// | [`aga`](Rules::aga), [`bga`](Rules::bga) | situational superko | forbidden | area | none | no | `N − 1` | yes | 7.5 |
/// | [`new_zealand`](Rules::new_zealand) | situational superko | allowed | area | none | no | none | yes | 7.5 |
/// | [`stone_scoring`](Rules::stone_scoring) | simple ko | forbidden | area | all | no | none | yes | 7.5 |
/// | [`ancient_territory`](Rules::ancient_territory) | simple ko | forbidden | territory | all | no | none | no | 6.5 |
/// | [`aga_button`](Rules::aga_button) | situational superko | forbidden | area | none | yes | `N − 1` | yes | 7 |
///
/// Every preset but the source's is KataGo's rule set of that name, field for
/// field (`docs/go_core.md` has the table side by side).
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
    tax: Tax,
    friendly_pass_ok: bool,
}

#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct RulesRepr {
    ko: KoRule,
    suicide: Suicide,
    scoring: Scoring,
    #[serde(default)]
    tax: Tax,
    komi: Komi,
    #[serde(default)]
    button: bool,
    #[serde(default)]
    handicap_bonus: HandicapBonus,
    #[serde(default)]
    friendly_pass_ok: bool,
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
            tax: r.tax,
            friendly_pass_ok: r.friendly_pass_ok,
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
            tax: r.tax,
            komi: r.komi,
            button: r.button,
            handicap_bonus: r.handicap_bonus,
            friendly_pass_ok: r.friendly_pass_ok,
        }
    }
}

/// The rules of each preset, in the order of [`Rules::PRESETS`].
const PRESET_RULES: [Rules; 12] = [
    Rules::tromp_taylor(),
    Rules::chinese(),
    Rules::chinese_ogs(),
    Rules::chinese_kgs(),
    Rules::japanese(),
    Rules::korean(),
    Rules::aga(),
    Rules::bga(),
    Rules::new_zealand(),
    Rules::stone_scoring(),
    Rules::ancient_territory(),
    Rules::aga_button(),
];

impl Default for Rules {
    fn default() -> Self {
        Rules::tromp_taylor()
    }
}

/// A preset's fields; the button, the handicap bonus and the friendly pass are off
/// unless set.
const fn preset(
    ko: KoRule,
    suicide: Suicide,
    scoring: Scoring,
    tax: Tax,
    komi_halves: i32,
) -> Rules {
    Rules {
        ko,
        suicide,
        scoring,
        komi: Komi(komi_halves),
        button: false,
        handicap_bonus: HandicapBonus::None,
        tax,
        friendly_pass_ok: false,
    }
}

impl Rules {
    /// The source's rules (G2): positional superko, suicide allowed, area scoring,
    /// komi 0. KataGo's `tromp-taylor` has the same fields with komi 7.5.
    pub const fn tromp_taylor() -> Rules {
        preset(
            KoRule::PositionalSuperko,
            Suicide::Allowed,
            Scoring::Area,
            Tax::None,
            0,
        )
    }

    /// Chinese rules as KataGo defines them (`chinese`): simple ko, no suicide,
    /// area scoring, komi 7.5, White receives `N` points for `N` handicap stones,
    /// a friendly pass is fine.
    pub const fn chinese() -> Rules {
        preset(
            KoRule::Simple,
            Suicide::Forbidden,
            Scoring::Area,
            Tax::None,
            15,
        )
        .with_handicap_bonus(HandicapBonus::Stones)
        .with_friendly_pass_ok(true)
    }

    /// Chinese rules as OGS plays them (KataGo's `chinese-ogs`): as
    /// [`Rules::chinese`] with positional superko.
    pub const fn chinese_ogs() -> Rules {
        Rules::chinese().with_ko(KoRule::PositionalSuperko)
    }

    /// Chinese rules as KGS plays them (KataGo's `chinese-kgs`): the same fields
    /// as [`Rules::chinese_ogs`].
    pub const fn chinese_kgs() -> Rules {
        Rules::chinese_ogs()
    }

    /// Japanese rules (KataGo's `japanese`): simple ko, no suicide, territory
    /// scoring, the eyes of groups in seki uncounted, komi 6.5.
    pub const fn japanese() -> Rules {
        preset(
            KoRule::Simple,
            Suicide::Forbidden,
            Scoring::Territory,
            Tax::Seki,
            13,
        )
    }

    /// Korean rules (KataGo's `korean`): the same fields as [`Rules::japanese`].
    pub const fn korean() -> Rules {
        Rules::japanese()
    }

    /// AGA rules (KataGo's `aga`): situational superko, no suicide, area scoring,
    /// komi 7.5, White receives `N − 1` points for `N` handicap stones, a friendly
    /// pass is fine.
    pub const fn aga() -> Rules {
        preset(
            KoRule::SituationalSuperko,
            Suicide::Forbidden,
            Scoring::Area,
            Tax::None,
            15,
        )
        .with_handicap_bonus(HandicapBonus::StonesMinusOne)
        .with_friendly_pass_ok(true)
    }

    /// British rules (KataGo's `bga`): the same fields as [`Rules::aga`].
    pub const fn bga() -> Rules {
        Rules::aga()
    }

    /// New Zealand rules (KataGo's `new-zealand`): situational superko, suicide
    /// allowed, area scoring, komi 7.5, a friendly pass is fine.
    pub const fn new_zealand() -> Rules {
        preset(
            KoRule::SituationalSuperko,
            Suicide::Allowed,
            Scoring::Area,
            Tax::None,
            15,
        )
        .with_friendly_pass_ok(true)
    }

    /// Stone scoring (KataGo's `stone-scoring`): simple ko, no suicide, area
    /// scoring with the group tax on every group ([`Tax::All`]), komi 7.5 — the
    /// same result as counting stones only once the eyes are filled; a friendly
    /// pass is fine.
    pub const fn stone_scoring() -> Rules {
        preset(
            KoRule::Simple,
            Suicide::Forbidden,
            Scoring::Area,
            Tax::All,
            15,
        )
        .with_friendly_pass_ok(true)
    }

    /// Ancient territory counting (KataGo's `ancient-territory`): simple ko, no
    /// suicide, territory scoring with the group tax on every group, komi 6.5.
    pub const fn ancient_territory() -> Rules {
        preset(
            KoRule::Simple,
            Suicide::Forbidden,
            Scoring::Territory,
            Tax::All,
            13,
        )
    }

    /// AGA rules with the button (KataGo's `aga-button`): as [`Rules::aga`] with
    /// the first pass worth half a point to its player and komi 7.
    pub const fn aga_button() -> Rules {
        Rules::aga().with_button(true).with_komi(Komi(14))
    }

    /// Every preset name, the default first: the names [`Rules::preset`] accepts,
    /// each also a constructor of the same name. Besides the source's rules they
    /// are KataGo's named rule sets, field for field (`docs/go_core.md`).
    pub const PRESETS: &'static [&'static str] = &[
        "tromp_taylor",
        "chinese",
        "chinese_ogs",
        "chinese_kgs",
        "japanese",
        "korean",
        "aga",
        "bga",
        "new_zealand",
        "stone_scoring",
        "ancient_territory",
        "aga_button",
    ];

    /// The preset called `name`, one of [`Rules::PRESETS`]; matched by
    /// [`game_kit::same_name`] (case, spaces, `-` and `_` ignored: `Tromp-Taylor`,
    /// `TrompTaylor`).
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
        game_kit::find_name(Rules::PRESETS, name)
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
    /// `hasButton`). On only in [`Rules::aga_button`].
    pub const fn button(&self) -> bool {
        self.button
    }

    /// The points White receives for Black's handicap stones (`N` in the Chinese
    /// presets, `N − 1` in the AGA ones, none elsewhere).
    pub const fn handicap_bonus(&self) -> HandicapBonus {
        self.handicap_bonus
    }

    /// What living groups pay: the eyes of seki groups, or two points a group.
    pub const fn tax(&self) -> Tax {
        self.tax
    }

    /// Whether a player may pass while the opponent's dead stones are still on
    /// the board (KataGo's `friendlyPassOk`): under area scoring, whether the
    /// players agree on dead stones after the game (Chinese, AGA, New Zealand,
    /// stone scoring) or the board is counted as it stands, so that dead stones
    /// must be captured before passing (Tromp–Taylor). It changes neither
    /// legality nor the count of a position; it tells an engine when passing is
    /// safe.
    pub const fn friendly_pass_ok(&self) -> bool {
        self.friendly_pass_ok
    }

    /// The same rules with the friendly pass allowed or not.
    #[must_use]
    pub const fn with_friendly_pass_ok(mut self, ok: bool) -> Rules {
        self.friendly_pass_ok = ok;
        self
    }

    /// The same rules with another group tax.
    #[must_use]
    pub const fn with_tax(mut self, tax: Tax) -> Rules {
        self.tax = tax;
        self
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
