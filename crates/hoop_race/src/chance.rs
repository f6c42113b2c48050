//! Chance (ruling H5): the crate's one uniform draw ([`below`]), the throw values,
//! the stick models and outcome tables, exact distributions, and drawing a throw
//! from a random generator.

use alloc::string::{String, ToString};
use core::fmt;
use core::str::FromStr;

use rand_core::Rng;

use crate::error::{ParseError, RulesError};

/// The points of one throw of the four sticks: 1 to 5, or back-do (−1) where the
/// rules enable it (ruling H5, H11).
///
/// Prints as `1`..`5` and `back-do`; parses those, `-1`, and the yut nori names
/// `do`, `gae`, `geol`, `yut`, `mo`, `backdo` (either case). Serialised as the
/// printed text.
///
/// ```
/// use hoop_race::Throw;
/// let t: Throw = "mo".parse()?;
/// assert_eq!(t, Throw::points(5).unwrap());
/// assert!(t.rethrow());
/// assert_eq!("back-do".parse::<Throw>()?, Throw::BACK_DO);
/// # Ok::<(), hoop_race::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "String", into = "String"))]
pub struct Throw(i8);

impl Throw {
    /// Back-do: one marked stick white and the rest black; moves a horse one station
    /// back (ruling H11).
    pub const BACK_DO: Throw = Throw(-1);

    /// Every throw value, in table order: 1, 2, 3, 4, 5, back-do.
    pub const ALL: [Throw; 6] = [Throw(1), Throw(2), Throw(3), Throw(4), Throw(5), Throw(-1)];

    /// The throw worth `points` (1..=5).
    pub const fn points(points: u8) -> Option<Throw> {
        if points >= 1 && points <= 5 {
            Some(Throw(points as i8))
        } else {
            None
        }
    }

    /// The stations it moves a horse: 1..5 forward, −1 for back-do.
    pub const fn steps(self) -> i8 {
        self.0
    }

    /// Whether it earns another throw (4 or 5; ruling H6).
    pub const fn rethrow(self) -> bool {
        self.0 >= 4
    }

    /// Whether it is back-do.
    pub const fn is_back_do(self) -> bool {
        self.0 < 0
    }

    /// Its place in [`Throw::ALL`] and in distributions: 0..=4 for 1..5, 5 for back-do.
    pub const fn index(self) -> usize {
        if self.0 < 0 { 5 } else { self.0 as usize - 1 }
    }
}

impl TryFrom<i8> for Throw {
    type Error = ParseError;
    fn try_from(v: i8) -> Result<Throw, ParseError> {
        match v {
            1..=5 | -1 => Ok(Throw(v)),
            _ => Err(ParseError::Throw),
        }
    }
}

impl From<Throw> for i8 {
    fn from(t: Throw) -> i8 {
        t.0
    }
}

impl fmt::Display for Throw {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 < 0 {
            f.write_str("back-do")
        } else {
            write!(f, "{}", self.0)
        }
    }
}

impl FromStr for Throw {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Throw, ParseError> {
        const NAMES: [(&str, i8); 16] = [
            ("1", 1),
            ("2", 2),
            ("3", 3),
            ("4", 4),
            ("5", 5),
            ("-1", -1),
            ("back-do", -1),
            ("backdo", -1),
            ("back", -1),
            ("do", 1),
            ("gae", 2),
            ("geol", 3),
            ("gul", 3),
            ("yut", 4),
            ("yoot", 4),
            ("mo", 5),
        ];
        let s = s.trim();
        NAMES
            .iter()
            .find(|(name, _)| s.eq_ignore_ascii_case(name))
            .map(|&(_, v)| Throw(v))
            .ok_or(ParseError::Throw)
    }
}

impl TryFrom<String> for Throw {
    type Error = ParseError;
    fn try_from(s: String) -> Result<Throw, ParseError> {
        s.parse()
    }
}

impl From<Throw> for String {
    fn from(t: Throw) -> String {
        t.to_string()
    }
}

/// An exact fraction `num / den`, in lowest terms, for probabilities.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Ratio {
    num: u128,
    den: u128,
}

impl Ratio {
    /// Zero.
    pub const ZERO: Ratio = Ratio { num: 0, den: 1 };
    /// One.
    pub const ONE: Ratio = Ratio { num: 1, den: 1 };

    /// `num / den` in lowest terms; `None` if `den` is 0.
    pub const fn new(num: u128, den: u128) -> Option<Ratio> {
        if den == 0 {
            return None;
        }
        let g = gcd(num, den);
        Some(Ratio {
            num: num / g,
            den: den / g,
        })
    }

    /// The numerator.
    pub const fn numer(self) -> u128 {
        self.num
    }

    /// The denominator.
    pub const fn denom(self) -> u128 {
        self.den
    }

    /// The nearest `f64`.
    pub fn to_f64(self) -> f64 {
        self.num as f64 / self.den as f64
    }

    /// The sum, if it fits.
    pub fn checked_add(self, o: Ratio) -> Option<Ratio> {
        let g = gcd(self.den, o.den);
        let den = (self.den / g).checked_mul(o.den)?;
        let num = self
            .num
            .checked_mul(o.den / g)?
            .checked_add(o.num.checked_mul(self.den / g)?)?;
        Ratio::new(num, den)
    }

    /// The product, if it fits.
    pub fn checked_mul(self, o: Ratio) -> Option<Ratio> {
        let g1 = gcd(self.num, o.den);
        let g2 = gcd(o.num, self.den);
        let num = (self.num / g1).checked_mul(o.num / g2)?;
        let den = (self.den / g2).checked_mul(o.den / g1)?;
        Ratio::new(num, den)
    }

    /// `1 − self` for a probability (`self ≤ 1`).
    pub fn complement(self) -> Ratio {
        Ratio::new(self.den.saturating_sub(self.num), self.den).unwrap_or(Ratio::ZERO)
    }
}

const fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        let t = a % b;
        a = b;
        b = t;
    }
    if a == 0 { 1 } else { a }
}

impl fmt::Display for Ratio {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.num, self.den)
    }
}

/// The largest stick-probability denominator: four sticks' joint probabilities then
/// fit exactly in 128 bits.
pub const MAX_DENOMINATOR: u32 = 1 << 30;

/// How throws fall (ruling H5): four independent sticks, or a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum ThrowModel {
    /// Each of the four sticks lands white side up with probability
    /// `white_num / white_den`, independently (½ by default). The points are the
    /// number of whites, and 5 for none. With back-do, one stick is marked: a throw
    /// whose only white stick is the marked one is back-do, taken out of the 1s.
    Sticks {
        /// Numerator of the probability of white.
        white_num: u32,
        /// Denominator of the probability of white (1..=2³⁰).
        white_den: u32,
    },
    /// Relative weights of 1, 2, 3, 4, 5 and back-do (real sticks do not land
    /// independently; published counts can be used directly). The back-do weight
    /// must be 0 unless the rules enable back-do.
    Table {
        /// Weights in [`Throw::ALL`] order.
        weights: [u32; 6],
    },
}

impl Default for ThrowModel {
    /// Fair sticks: white with probability ½.
    fn default() -> ThrowModel {
        ThrowModel::FAIR
    }
}

impl ThrowModel {
    /// Four fair sticks.
    pub const FAIR: ThrowModel = ThrowModel::Sticks {
        white_num: 1,
        white_den: 2,
    };

    /// Checks the values.
    ///
    /// # Errors
    /// [`RulesError::StickProbability`] unless `0 < white_num < white_den ≤ 2³⁰`
    /// (both sides can land up); [`RulesError::ThrowTable`] for a table with fewer
    /// than two possible throws (the order of play could never be settled, H9),
    /// whose total exceeds 2³², or with a back-do weight while back-do is off.
    pub fn validate(&self, back_do: bool) -> Result<(), RulesError> {
        match *self {
            ThrowModel::Sticks {
                white_num,
                white_den,
            } => {
                if white_num == 0 || white_num >= white_den || white_den > MAX_DENOMINATOR {
                    return Err(RulesError::StickProbability {
                        num: white_num,
                        den: white_den,
                    });
                }
            }
            ThrowModel::Table { weights } => {
                let total: u64 = weights.iter().map(|&w| u64::from(w)).sum();
                // At least two possible throws: with one, every throw for the order
                // of play would tie for ever (H9).
                let outcomes = weights.iter().filter(|&&w| w > 0).count();
                if outcomes < 2 || total > u64::from(u32::MAX) || (!back_do && weights[5] != 0) {
                    return Err(RulesError::ThrowTable);
                }
            }
        }
        Ok(())
    }

    /// The exact probability of each throw in [`Throw::ALL`] order (back-do last,
    /// 0 unless `back_do`). For p = ½ without back-do: 4/16, 6/16, 4/16, 1/16, 1/16.
    ///
    /// ```
    /// use hoop_race::{Ratio, ThrowModel};
    /// let d = ThrowModel::FAIR.distribution(false);
    /// let sixteenths: Vec<u128> = d.iter().map(|r| r.numer() * 16 / r.denom()).collect();
    /// assert_eq!(sixteenths, [4, 6, 4, 1, 1, 0]);
    /// ```
    ///
    /// An invalid model (see [`ThrowModel::validate`]) gives all zeros.
    pub fn distribution(&self, back_do: bool) -> [Ratio; 6] {
        let mut d = [Ratio::ZERO; 6];
        if self.validate(back_do).is_err() {
            return d;
        }
        match *self {
            ThrowModel::Sticks {
                white_num,
                white_den,
            } => {
                let (w, b) = (u128::from(white_num), u128::from(white_den - white_num));
                let den = u128::from(white_den).pow(4);
                // P(k whites) = C(4, k) w^k b^(4-k) / den^4.
                let choose = [1u128, 4, 6, 4, 1];
                for k in 0..=4u32 {
                    let num = choose[k as usize] * w.pow(k) * b.pow(4 - k);
                    let points = if k == 0 { 5 } else { k as usize };
                    d[points - 1] = Ratio::new(num, den).unwrap_or(Ratio::ZERO);
                }
                if back_do {
                    // One of the four single-white throws has the marked stick white.
                    let one = w * b.pow(3);
                    d[0] = Ratio::new(3 * one, den).unwrap_or(Ratio::ZERO);
                    d[5] = Ratio::new(one, den).unwrap_or(Ratio::ZERO);
                }
            }
            ThrowModel::Table { weights } => {
                let total: u128 = weights.iter().map(|&w| u128::from(w)).sum();
                for (slot, &w) in d.iter_mut().zip(&weights) {
                    *slot = Ratio::new(u128::from(w), total).unwrap_or(Ratio::ZERO);
                }
            }
        }
        d
    }

    /// The probabilities as floats, in [`Throw::ALL`] order.
    pub fn probabilities(&self, back_do: bool) -> [f64; 6] {
        self.distribution(back_do).map(Ratio::to_f64)
    }

    /// Draws a throw, exactly by the model (no floating point), through [`below`]:
    /// - sticks whose denominator `d` is a power of two up to 128: one
    ///   `below(rng, d⁴)`, whose four base-`d` digits are the four sticks (the lowest
    ///   digit the marked stick of back-do), each white when below `white_num`;
    /// - other sticks: one `below(rng, white_den)` per stick, the marked stick first;
    /// - a table: one `below(rng, total weight)`, read against the weights in
    ///   [`Throw::ALL`] order.
    ///
    /// An invalid model draws as fair sticks.
    pub fn draw<R: Rng + ?Sized>(&self, back_do: bool, rng: &mut R) -> Throw {
        if self.validate(back_do).is_ok() {
            self.draw_valid(back_do, rng)
        } else {
            ThrowModel::FAIR.draw_valid(back_do, rng)
        }
    }

    /// [`ThrowModel::draw`] for a model known to be valid.
    #[inline]
    pub(crate) fn draw_valid<R: Rng + ?Sized>(&self, back_do: bool, rng: &mut R) -> Throw {
        match *self {
            ThrowModel::Sticks {
                white_num,
                white_den,
            } => {
                let mut whites = 0;
                let mut marked = false;
                if white_den.is_power_of_two() && white_den <= 128 {
                    // One draw gives the four sticks as its base-d digits.
                    let bits = white_den.trailing_zeros();
                    let r = below(rng, 1 << (4 * bits));
                    for i in 0..4 {
                        let v = (r >> (bits * i)) & (white_den - 1);
                        let white = v < white_num;
                        whites += u32::from(white);
                        marked |= i == 0 && white;
                    }
                } else {
                    for i in 0..4 {
                        let white = below(rng, white_den) < white_num;
                        whites += u32::from(white);
                        marked |= i == 0 && white;
                    }
                }
                match whites {
                    0 => Throw(5),
                    1 if back_do && marked => Throw::BACK_DO,
                    k => Throw(k as i8),
                }
            }
            ThrowModel::Table { weights } => {
                let total = weights.iter().fold(0u32, |a, &w| a.saturating_add(w));
                let mut r = below(rng, total);
                for (t, &w) in Throw::ALL.iter().zip(&weights) {
                    if r < w {
                        return *t;
                    }
                    r -= w;
                }
                Throw(1)
            }
        }
    }
}

/// A uniform integer in `0..n`, exact: the one uniform draw every random helper of
/// this crate uses (throws from any [`ThrowModel`], [`Game::random`](crate::Game::random),
/// [`Game::random_move`](crate::Game::random_move), playouts).
///
/// It is [`game_kit::below`], shared by the rules crates so that they all draw
/// alike: its output for a seed is part of this crate's API (replays and tests
/// depend on it); `n = 0` returns 0 after one draw and never panics.
///
/// ```
/// use hoop_race::below;
/// use rand_core::SeedableRng;
/// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(1);
/// let d = below(&mut rng, 6);
/// assert!(d < 6);
/// assert_eq!(below(&mut rng, 0), 0);
/// ```
pub use game_kit::below;
