//! The rules values (rulings W8, W10): the soldiers' strength table and how
//! locations score.

use crate::cards::{Card, SOLDIERS, TOK_VIII};
use crate::error::RulesError;

/// The rules of phase II. `Rules::default()` is the completion's default: the
/// strength table {piros VII, piros VIII} < alsók < felsők < királyok < ászok (W8)
/// and one point per location (W10).
///
/// ```
/// use tarokk_war::{Card, Rules};
/// let r = Rules::default();
/// let s = |c: &str| r.strength(c.parse::<Card>().unwrap());
/// assert!(s("piros VII") == s("piros VIII") && s("piros VIII") < s("makk alsó"));
/// assert!(s("zöld király") < s("tök ász"));
/// // A custom table: every soldier, weakest tier first.
/// let tiers: Vec<Vec<Card>> = vec![vec!["makk ász".parse()?], r.soldiers_except("makk ász")];
/// assert!(Rules::default().with_strength(&tiers).is_ok());
/// # Ok::<(), tarokk_war::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "RulesData", into = "RulesData"))]
pub struct Rules {
    /// Strength tier of each card by index (0 for cards that are not soldiers).
    strength: [u8; 32],
    location_value: bool,
}

impl Default for Rules {
    fn default() -> Rules {
        let mut strength = [0u8; 32];
        for c in SOLDIERS {
            if c == TOK_VIII {
                continue;
            }
            strength[c.index()] = match c.rank() {
                crate::Rank::Also => 2,
                crate::Rank::Felso => 3,
                crate::Rank::Kiraly => 4,
                crate::Rank::Asz => 5,
                _ => 1, // piros VII and piros VIII
            };
        }
        Rules {
            strength,
            location_value: false,
        }
    }
}

impl Rules {
    /// A soldier's strength tier (higher is stronger; equal tiers tie, W8). 0 for
    /// cards that are not soldiers in phase II.
    pub fn strength(&self, card: Card) -> u8 {
        self.strength[card.index()]
    }

    /// Whether a location scores its numeral (VII = 7 … X = 10) instead of 1 (W10).
    pub fn location_value(&self) -> bool {
        self.location_value
    }

    /// The same rules with locations scoring their numeral, or 1 each.
    #[must_use]
    pub fn with_location_value(mut self, numeral: bool) -> Rules {
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
                let is_soldier = SOLDIERS.contains(&c) && c != TOK_VIII;
                if !is_soldier || strength[c.index()] != 0 || k >= 200 {
                    return Err(RulesError::Strength);
                }
                strength[c.index()] = k as u8 + 1;
            }
        }
        if SOLDIERS
            .iter()
            .any(|&c| c != TOK_VIII && strength[c.index()] == 0)
        {
            return Err(RulesError::Strength);
        }
        self.strength = strength;
        Ok(self)
    }

    /// The 18 phase-II soldiers but the one named (a helper for building tables).
    pub fn soldiers_except(&self, name: &str) -> alloc::vec::Vec<Card> {
        let skip = name.parse::<Card>().ok();
        SOLDIERS
            .iter()
            .copied()
            .filter(|&c| c != TOK_VIII && Some(c) != skip)
            .collect()
    }

    /// The score of a location (W10).
    pub fn location_points(&self, c: Card) -> u32 {
        if self.location_value {
            u32::from(c.numeral())
        } else {
            1
        }
    }

    /// Checks the table (as [`Rules::with_strength`] would).
    ///
    /// # Errors
    /// [`RulesError::Strength`] for a table that is not a tiering of the soldiers.
    pub fn validate(&self) -> Result<(), RulesError> {
        for c in crate::Card::all() {
            let soldier = SOLDIERS.contains(&c) && c != TOK_VIII;
            if soldier != (self.strength[c.index()] != 0) {
                return Err(RulesError::Strength);
            }
        }
        Ok(())
    }
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

#[cfg(feature = "serde")]
impl From<Rules> for RulesData {
    fn from(r: Rules) -> RulesData {
        let top = r.strength.iter().copied().max().unwrap_or(0);
        let strength = (1..=top)
            .map(|t| {
                Card::all()
                    .filter(|&c| r.strength[c.index()] == t)
                    .collect()
            })
            .filter(|tier: &alloc::vec::Vec<Card>| !tier.is_empty())
            .collect();
        RulesData {
            strength,
            location_value: r.location_value,
        }
    }
}

#[cfg(feature = "serde")]
impl TryFrom<RulesData> for Rules {
    type Error = RulesError;
    fn try_from(d: RulesData) -> Result<Rules, RulesError> {
        Rules::default()
            .with_location_value(d.location_value)
            .with_strength(&d.strength)
    }
}
