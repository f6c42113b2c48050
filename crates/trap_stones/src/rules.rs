//! The rules values (rulings T1, T3, T5, T8, T9): board size, traps, the corner
//! variant, scarecrows and their options, the score base and double the stake;
//! the presets by name.

use crate::board::MAX_SIDE;
use crate::error::RulesError;

/// The most scarecrows a side may have (a limit of this crate: T5 says 3 and
/// leaves the number open as a setting).
pub const MAX_SCARECROWS: u8 = 20;

/// The largest score base (a limit of this crate: T8 says 100, settable).
pub const MAX_BASE: u16 = 10_000;

/// Whether the winner may stake the win on one more stone (ruling T9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Stake {
    /// Not played (the default).
    Off,
    /// The winner of a game not decided by va-bank chooses: one more ordinary
    /// stone, or keep the win.
    Optional,
    /// The winner must make the extra move; with none possible, the game is drawn.
    Compulsory,
}

/// The rules of a game: `Rules::default()` is the source's as ruled (9×9, one trap
/// each, edges, 3 free scarecrows that anchor, base 100, no double the stake);
/// each variant is a `with_*` setting, checked by [`Rules::validate`]. The presets
/// ([`Rules::PRESETS`]) load by name with [`Rules::preset`] and each has its own
/// constructor.
///
/// Serialised as an object of every setting, such as `{"width": 9, "height": 9,
/// "traps": 1, "corner_homes": false, "scarecrows": 3, "scarecrow_adjacent": false,
/// "scarecrows_anchor": true, "base": 100, "stake": "off"}`.
///
/// ```
/// use trap_stones::{Rules, Stake};
///
/// fn main() -> Result<(), Box<dyn std::error::Error>> {
///     let blitz = Rules::blitz3().with_size(7, 7).with_stake(Stake::Optional);
///     assert_eq!(blitz.traps(), 3);
///     blitz.validate()?;
///     assert_eq!(Rules::preset("Blitz3")?, Rules::blitz3());
///     for name in Rules::PRESETS {
///         println!("{name}: {} traps", Rules::preset(name)?.traps());
///     }
///     assert!(Rules::default().with_size(30, 9).validate().is_err());
///     Ok(())
/// }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "RulesData", into = "RulesData"))]
pub struct Rules {
    width: u8,
    height: u8,
    traps: u8,
    corner_homes: bool,
    scarecrows: u8,
    scarecrow_adjacent: bool,
    scarecrows_anchor: bool,
    base: u16,
    stake: Stake,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::source()
    }
}

impl Rules {
    /// Every preset's name, the default first: the names [`Rules::preset`] takes
    /// and each preset's constructor's.
    pub const PRESETS: &'static [&'static str] = &["source", "blitz", "blitz3", "corners"];

    /// The preset called `name`, one of [`Rules::PRESETS`]: matched by
    /// [`game_kit::same_name`] (case, spaces, `-` and `_` ignored).
    ///
    /// # Errors
    /// [`RulesError::UnknownPreset`] for any other name.
    pub fn preset(name: &str) -> Result<Rules, RulesError> {
        match game_kit::find_name(Rules::PRESETS, name) {
            Some(0) => Ok(Rules::source()),
            Some(1) => Ok(Rules::blitz()),
            Some(2) => Ok(Rules::blitz3()),
            Some(3) => Ok(Rules::corners()),
            _ => Err(RulesError::UnknownPreset(name.into())),
        }
    }

    /// The preset `source`: the source's rules as ruled (the same as
    /// [`Rules::default`]).
    pub const fn source() -> Rules {
        Rules {
            width: 9,
            height: 9,
            traps: 1,
            corner_homes: false,
            scarecrows: 3,
            scarecrow_adjacent: false,
            scarecrows_anchor: true,
            base: 100,
            stake: Stake::Off,
        }
    }

    /// The preset `blitz` (source variant): 2 traps per side.
    pub const fn blitz() -> Rules {
        Rules::source().with_traps(2)
    }

    /// The preset `blitz3` (source variant): 3 traps per side.
    pub const fn blitz3() -> Rules {
        Rules::source().with_traps(3)
    }

    /// The preset `corners` (source variant): the sides open from corners when
    /// draws 2 and 3 agree (T2).
    pub const fn corners() -> Rules {
        Rules::source().with_corner_homes(true)
    }

    /// Board width (2..=26; 9 by default).
    pub const fn width(&self) -> u8 {
        self.width
    }

    /// Board height (2..=26; 9 by default).
    pub const fn height(&self) -> u8 {
        self.height
    }

    /// Traps per side (T3: 1, or 2–3 in blitz).
    pub const fn traps(&self) -> usize {
        self.traps as usize
    }

    /// Whether the corner variant is played (T2): with draws 2 and 3 both dark or
    /// both light, the sides start from opposite corners.
    pub const fn corner_homes(&self) -> bool {
        self.corner_homes
    }

    /// Scarecrows per side (T5; 3 by default).
    pub const fn scarecrows(&self) -> u8 {
        self.scarecrows
    }

    /// Whether scarecrows must be placed next to the side's stones like ordinary
    /// stones (T5 option; off by default: anywhere).
    pub const fn scarecrow_adjacent(&self) -> bool {
        self.scarecrow_adjacent
    }

    /// Whether scarecrows anchor later stones (T5; on by default).
    pub const fn scarecrows_anchor(&self) -> bool {
        self.scarecrows_anchor
    }

    /// The score base (T8; 100).
    pub const fn base(&self) -> u16 {
        self.base
    }

    /// Double the stake (T9).
    pub const fn stake(&self) -> Stake {
        self.stake
    }

    /// The same rules on a `width × height` board.
    #[must_use]
    pub const fn with_size(mut self, width: u8, height: u8) -> Rules {
        self.width = width;
        self.height = height;
        self
    }

    /// The same rules with `traps` traps per side (1..=3).
    #[must_use]
    pub const fn with_traps(mut self, traps: u8) -> Rules {
        self.traps = traps;
        self
    }

    /// The same rules with the corner variant on or off.
    #[must_use]
    pub const fn with_corner_homes(mut self, corner_homes: bool) -> Rules {
        self.corner_homes = corner_homes;
        self
    }

    /// The same rules with `n` scarecrows per side (0 to [`MAX_SCARECROWS`]).
    #[must_use]
    pub const fn with_scarecrows(mut self, n: u8) -> Rules {
        self.scarecrows = n;
        self
    }

    /// The same rules with scarecrows placed like ordinary stones, or anywhere.
    #[must_use]
    pub const fn with_scarecrow_adjacent(mut self, adjacent: bool) -> Rules {
        self.scarecrow_adjacent = adjacent;
        self
    }

    /// The same rules with scarecrows anchoring later stones, or not.
    #[must_use]
    pub const fn with_scarecrows_anchor(mut self, anchor: bool) -> Rules {
        self.scarecrows_anchor = anchor;
        self
    }

    /// The same rules with another score base (0 to [`MAX_BASE`]).
    #[must_use]
    pub const fn with_base(mut self, base: u16) -> Rules {
        self.base = base;
        self
    }

    /// The same rules with double the stake off, optional or compulsory.
    #[must_use]
    pub const fn with_stake(mut self, stake: Stake) -> Rules {
        self.stake = stake;
        self
    }

    /// Checks every value.
    ///
    /// # Errors
    /// [`RulesError::Size`] outside 2..=26; [`RulesError::Traps`] outside 1..=3;
    /// [`RulesError::Scarecrows`] above [`MAX_SCARECROWS`]; [`RulesError::Base`]
    /// above [`MAX_BASE`].
    pub const fn validate(&self) -> Result<(), RulesError> {
        if self.width < 2 || self.width > MAX_SIDE || self.height < 2 || self.height > MAX_SIDE {
            return Err(RulesError::Size {
                width: self.width,
                height: self.height,
            });
        }
        if self.traps == 0 || self.traps > 3 {
            return Err(RulesError::Traps(self.traps));
        }
        if self.scarecrows > MAX_SCARECROWS {
            return Err(RulesError::Scarecrows(self.scarecrows));
        }
        if self.base > MAX_BASE {
            return Err(RulesError::Base(self.base));
        }
        Ok(())
    }
}

#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct RulesData {
    width: u8,
    height: u8,
    traps: u8,
    corner_homes: bool,
    scarecrows: u8,
    scarecrow_adjacent: bool,
    scarecrows_anchor: bool,
    base: u16,
    stake: Stake,
}

#[cfg(feature = "serde")]
impl From<Rules> for RulesData {
    fn from(r: Rules) -> RulesData {
        RulesData {
            width: r.width,
            height: r.height,
            traps: r.traps,
            corner_homes: r.corner_homes,
            scarecrows: r.scarecrows,
            scarecrow_adjacent: r.scarecrow_adjacent,
            scarecrows_anchor: r.scarecrows_anchor,
            base: r.base,
            stake: r.stake,
        }
    }
}

#[cfg(feature = "serde")]
impl TryFrom<RulesData> for Rules {
    type Error = RulesError;
    fn try_from(d: RulesData) -> Result<Rules, RulesError> {
        let r = Rules {
            width: d.width,
            height: d.height,
            traps: d.traps,
            corner_homes: d.corner_homes,
            scarecrows: d.scarecrows,
            scarecrow_adjacent: d.scarecrow_adjacent,
            scarecrows_anchor: d.scarecrows_anchor,
            base: d.base,
            stake: d.stake,
        };
        r.validate()?;
        Ok(r)
    }
}
