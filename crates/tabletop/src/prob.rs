//! Exact probabilities of chance outcomes.

use core::fmt;

/// An exact probability: a fraction in lowest terms, `0 <= num <= den`, `den > 0`.
/// Chance outcomes carry it so that their sum can be checked to be exactly 1;
/// [`Prob::to_f64`] gives the float frameworks want.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Prob {
    num: u128,
    den: u128,
}

const fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        let t = a % b;
        a = b;
        b = t;
    }
    a
}

impl Prob {
    /// Probability 0.
    pub const ZERO: Prob = Prob { num: 0, den: 1 };
    /// Probability 1.
    pub const ONE: Prob = Prob { num: 1, den: 1 };

    /// `num / den` in lowest terms; `None` unless `den > 0` and `num <= den`.
    pub const fn new(num: u128, den: u128) -> Option<Prob> {
        if den == 0 || num > den {
            return None;
        }
        let g = gcd(num, den);
        let g = if g == 0 { 1 } else { g };
        Some(Prob {
            num: num / g,
            den: den / g,
        })
    }

    /// One outcome of `n` equally likely ones (`n >= 1`; `None` for 0).
    pub const fn uniform(n: u128) -> Option<Prob> {
        Prob::new(1, n)
    }

    /// The numerator (lowest terms).
    pub const fn numerator(self) -> u128 {
        self.num
    }

    /// The denominator (lowest terms).
    pub const fn denominator(self) -> u128 {
        self.den
    }

    /// As a float.
    pub fn to_f64(self) -> f64 {
        self.num as f64 / self.den as f64
    }

    /// The exact sum, `None` if it exceeds 1 or does not fit in 128 bits.
    pub fn checked_add(self, other: Prob) -> Option<Prob> {
        let g = gcd(self.den, other.den);
        let den = (self.den / g).checked_mul(other.den)?;
        let num = self
            .num
            .checked_mul(other.den / g)?
            .checked_add(other.num.checked_mul(self.den / g)?)?;
        Prob::new(num, den)
    }
}

impl fmt::Display for Prob {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.num, self.den)
    }
}
