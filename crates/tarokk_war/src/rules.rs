//! The rules values (rulings W8, W10): the soldiers' strength table and how
//! locations score; the presets by name.

use crate::cards::{Card, Rank, SOLDIERS, TOK_VIII};
use crate::error::RulesError;

/// The rules of phase II: the soldiers' strength table (W8) and how a location
/// scores (W10). `Rules::default()` is the preset `source`: the rulings' table
/// {piros VII, piros VIII} < alsók < felsők < királyok < ászok, one point a location.
///
/// ```
/// use tarokk_war::{Card, Rules, SOLDIERS, TOK_VIII};
/// let r = Rules::default();
/// let s = |c: &str| r.strength(c.parse::<Card>().unwrap());
/// assert!(s("piros VII") == s("P8") && s("P8") < s("makk alsó"));
/// assert!(s("zöld király") < s("tök ász"));
/// assert_eq!(Rules::preset("numeral-scoring")?, r.with_location_value(true));
/// // A custom table: the makk ász alone at the bottom, every other soldier above it.
/// let makk_asz: Card = "MA".parse()?;
/// let rest: Vec<Card> = SOLDIERS.iter().copied().filter(|&c| c != TOK_VIII && c != makk_asz).collect();
/// let tiers = [vec![makk_asz], rest];
/// assert!(r.with_strength(&tiers).is_ok());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Strength tier of each card by index (0 for cards that are not soldiers).
    strength: [u8; 32],
    location_value: bool,
}

impl Default for Rules {
    /// The preset `source` ([`Rules::source`]).
    fn default() -> Rules {
        Rules::source()
    }
}

/// The rulings' default strength table (W8), by card index.
const SOURCE_STRENGTH: [u8; 32] = {
    let mut strength = [0u8; 32];
    let mut k = 0;
    while k < SOLDIERS.len() {
        let c = SOLDIERS[k];
        if c.index() != TOK_VIII.index() {
            strength[c.index()] = match c.rank() {
                Rank::Also => 2,
                Rank::Felso => 3,
                Rank::Kiraly => 4,
                Rank::Asz => 5,
                _ => 1, // piros VII and piros VIII
            };
        }
        k += 1;
    }
    strength
};

impl Rules {
    /// Every preset's name, the default first. [`Rules::preset`] reads them.
    pub const PRESETS: &'static [&'static str] = &["source", "numeral_scoring"];

    /// The preset of that name: one of [`Rules::PRESETS`], matched by
    /// [`game_kit::same_name`] (case, spaces, `-` and `_` ignored).
    ///
    /// # Errors
    /// [`RulesError::UnknownPreset`] for any other name.
    pub fn preset(name: &str) -> Result<Rules, RulesError> {
        match game_kit::find_name(Rules::PRESETS, name) {
            Some(0) => Ok(Rules::source()),
            Some(1) => Ok(Rules::numeral_scoring()),
            _ => Err(RulesError::UnknownPreset(name.into())),
        }
    }

    /// The preset `source` (the default): the source's game completed by the
    /// rulings — the strength table of W8, one point a location (W10).
    pub const fn source() -> Rules {
        Rules {
            strength: SOURCE_STRENGTH,
            location_value: false,
        }
    }

    /// The preset `numeral_scoring`: as `source`, but a location scores its numeral
    /// (VII = 7 … X = 10), the option of W10. It changes margins, never the winner.
    pub const fn numeral_scoring() -> Rules {
        Rules {
            strength: SOURCE_STRENGTH,
            location_value: true,
        }
    }

    /// A soldier's strength tier (higher is stronger; equal tiers tie, W8). 0 for
    /// cards that are not soldiers in phase II.
    pub const fn strength(&self, card: Card) -> u8 {
        self.strength[card.index() % 32]
    }

    /// Whether a location scores its numeral (VII = 7 … X = 10) instead of 1 (W10).
    pub const fn location_value(&self) -> bool {
        self.location_value
    }

    /// The same rules with locations scoring their numeral (`true`), or 1 each.
    #[must_use]
    pub const fn with_location_value(mut self, numeral: bool) -> Rules {
        self.location_value = numeral;
        self
    }

    /// The same rules with another strength table: tiers from weakest to strongest,
    /// together holding each of the 18 phase-II soldiers (every soldier but the
    /// tök VIII) exactly once (W8).
    ///
    /// # Errors
    /// [`RulesError::Strength`] otherwise.
    pub fn with_strength<T: AsRef<[Card]>>(mut self, tiers: &[T]) -> Result<Rules, RulesError> {
        let mut strength = [0u8; 32];
        for (k, tier) in tiers.iter().enumerate() {
            for &c in tier.as_ref() {
                if !is_fighter(c) || strength[c.index()] != 0 || k >= 200 {
                    return Err(RulesError::Strength);
                }
                strength[c.index()] = k as u8 + 1;
            }
        }
        self.strength = strength;
        self.validate()?;
        Ok(self)
    }

    /// The strength table as tiers of cards, weakest first (the form
    /// [`Rules::with_strength`] takes).
    pub fn strength_tiers(&self) -> alloc::vec::Vec<alloc::vec::Vec<Card>> {
        let top = self.strength.iter().copied().max().unwrap_or(0);
        (1..=top)
            .map(|t| {
                Card::all()
                    .filter(|&c| self.strength[c.index()] == t)
                    .collect()
            })
            .filter(|tier: &alloc::vec::Vec<Card>| !tier.is_empty())
            .collect()
    }

    /// The score of a location (W10).
    pub const fn location_points(&self, c: Card) -> u32 {
        if self.location_value {
            c.numeral() as u32
        } else {
            1
        }
    }

    /// Checks the strength table: every phase-II soldier has a tier, no other card
    /// has one.
    ///
    /// # Errors
    /// [`RulesError::Strength`] for a table that is not a tiering of the soldiers.
    pub fn validate(&self) -> Result<(), RulesError> {
        let mut tiered = 0u32;
        for (i, &s) in self.strength.iter().enumerate() {
            tiered |= u32::from(s != 0) << i;
        }
        if tiered != FIGHTERS {
            return Err(RulesError::Strength);
        }
        Ok(())
    }
}

/// The soldiers of phase II, as bits by card index: every soldier but the tök VIII
/// (buried in phase I).
const FIGHTERS: u32 = {
    let mut bits = 0;
    let mut k = 0;
    while k < SOLDIERS.len() {
        bits |= 1 << SOLDIERS[k].index();
        k += 1;
    }
    bits & !(1 << TOK_VIII.index())
};

/// A soldier of phase II.
fn is_fighter(c: Card) -> bool {
    FIGHTERS & (1 << c.index()) != 0
}

/// The serialised rules: the strength tiers by card code, and the scoring option;
/// checked on the way in.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct RulesData {
    /// Tiers, weakest first.
    strength: alloc::vec::Vec<alloc::vec::Vec<Card>>,
    location_value: bool,
}

/// Written as the settings: `{"strength": [["P7", "P8"], ["PU", …], …],
/// "location_value": false}`.
#[cfg(feature = "serde")]
impl serde::Serialize for Rules {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        RulesData {
            strength: self.strength_tiers(),
            location_value: self.location_value,
        }
        .serialize(s)
    }
}

/// Read from the settings (checked, as [`Rules::with_strength`]) or from a preset's
/// name (`"source"`, `"numeral_scoring"`).
#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Rules {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Rules, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = Rules;
            fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str("a preset name or an object of rules settings")
            }
            fn visit_str<E: serde::de::Error>(self, name: &str) -> Result<Rules, E> {
                Rules::preset(name).map_err(E::custom)
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<Rules, A::Error> {
                use serde::Deserialize;
                let d = RulesData::deserialize(serde::de::value::MapAccessDeserializer::new(map))?;
                Rules::default()
                    .with_location_value(d.location_value)
                    .with_strength(&d.strength)
                    .map_err(serde::de::Error::custom)
            }
        }
        d.deserialize_any(Visitor)
    }
}

#[cfg(test)]
mod tests {
    use super::{Card, SOLDIERS, TOK_VIII, is_fighter};

    #[test]
    fn the_fighters_are_the_soldiers_but_the_tok_viii() {
        for c in Card::all() {
            assert_eq!(is_fighter(c), SOLDIERS.contains(&c) && c != TOK_VIII, "{c}");
        }
    }
}
