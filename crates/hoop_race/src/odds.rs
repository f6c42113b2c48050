//! Exact probabilities for one horse (issue: "computed, not sampled"): where one
//! throw takes it, and the chance it is out within k throws when every throw is
//! spent on it.

use alloc::vec::Vec;

use crate::board::{Place, Route};
use crate::chance::{Ratio, Throw};
use crate::rules::Rules;

/// Every place a horse can be: waiting, out, and each step of each route.
fn all_places() -> Vec<Place> {
    let mut v = alloc::vec![Place::Waiting, Place::Out];
    for route in Route::ALL {
        for step in 1..=route.end() {
            v.push(Place::On { route, step });
        }
    }
    v
}

impl Rules {
    /// The places one throw takes a horse from `from` to, with their exact
    /// probabilities under the rules' throw model (each place once, in order of
    /// first reaching it). A throw the horse cannot use (back-do while waiting)
    /// leaves it where it is.
    ///
    /// ```
    /// use hoop_race::{Place, Route, Rules};
    /// let after = Rules::default().after_one_throw(Place::Waiting);
    /// // A 5 (1/16) enters on Б, on the Б→Г→Д diameter (ruling H3).
    /// let b = Place::On { route: Route::BToD, step: 5 };
    /// assert!(after.iter().any(|&(p, r)| p == b && r.to_string() == "1/16"));
    /// ```
    pub fn after_one_throw(&self, from: Place) -> Vec<(Place, Ratio)> {
        let dist = self.throw_model().distribution(self.back_do());
        let mut out: Vec<(Place, Ratio)> = Vec::new();
        for (t, &p) in Throw::ALL.iter().zip(&dist) {
            if p == Ratio::ZERO {
                continue;
            }
            let to = from.after(t.steps(), self).unwrap_or(from);
            match out.iter_mut().find(|(q, _)| *q == to) {
                Some((_, r)) => *r = r.checked_add(p).unwrap_or(*r),
                None => out.push((to, p)),
            }
        }
        out
    }

    /// The probability that a lone horse at `from` is out within `throws` throws,
    /// every throw spent on it (re-throws count as throws). Computed by dynamic
    /// programming over every place, in floating point.
    ///
    /// ```
    /// use hoop_race::{Place, Route, Rules};
    /// let rules = Rules::default();
    /// let nearly = Place::On { route: Route::Circle, step: 19 };
    /// assert_eq!(rules.chance_home_within(nearly, 1), 1.0); // any throw reaches А
    /// // Three throws never bring a waiting horse home: the shortest way, Б→Г→А, is
    /// // 11 stations and needs a stop on Б first.
    /// assert_eq!(rules.chance_home_within(Place::Waiting, 3), 0.0);
    /// assert!(rules.chance_home_within(Place::Waiting, 4) > 0.0);
    /// ```
    pub fn chance_home_within(&self, from: Place, throws: u32) -> f64 {
        let places = all_places();
        let index = |p: Place| places.iter().position(|&q| q == p).unwrap_or(0);
        let probs = self.throw_model().probabilities(self.back_do());
        // next[s][t]: the place index after throw t from place s.
        let next: Vec<[usize; 6]> = places
            .iter()
            .map(|&s| {
                let mut row = [0usize; 6];
                for (slot, t) in row.iter_mut().zip(Throw::ALL) {
                    *slot = index(s.after(t.steps(), self).unwrap_or(s));
                }
                row
            })
            .collect();
        let mut p: Vec<f64> = places
            .iter()
            .map(|&s| f64::from(u8::from(s == Place::Out)))
            .collect();
        for _ in 0..throws {
            p = (0..places.len())
                .map(|s| next[s].iter().zip(&probs).map(|(&n, &q)| q * p[n]).sum())
                .collect();
        }
        p[index(from)]
    }

    /// As [`Rules::chance_home_within`], exactly, while the fractions fit in 128
    /// bits (`None` beyond: about 30 throws with fair sticks).
    pub fn chance_home_within_exact(&self, from: Place, throws: u32) -> Option<Ratio> {
        let places = all_places();
        let index = |p: Place| places.iter().position(|&q| q == p).unwrap_or(0);
        let dist = self.throw_model().distribution(self.back_do());
        let mut p: Vec<Ratio> = places
            .iter()
            .map(|&s| {
                if s == Place::Out {
                    Ratio::ONE
                } else {
                    Ratio::ZERO
                }
            })
            .collect();
        for _ in 0..throws {
            let mut q = Vec::with_capacity(places.len());
            for &s in &places {
                let mut sum = Ratio::ZERO;
                for (t, &w) in Throw::ALL.iter().zip(&dist) {
                    let n = index(s.after(t.steps(), self).unwrap_or(s));
                    sum = sum.checked_add(w.checked_mul(p[n])?)?;
                }
                q.push(sum);
            }
            p = q;
        }
        Some(p[index(from)])
    }
}
