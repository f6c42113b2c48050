//! The one chi-squared test every uniformity and chance check uses.

/// Pearson's chi-squared statistic of `observed` counts against `probabilities`
/// (which sum to 1), and its degrees of freedom (categories with a positive
/// probability, less one). A category observed although its probability is 0 makes
/// the statistic infinite.
pub fn chi_squared(observed: &[u64], probabilities: &[f64]) -> (f64, usize) {
    let total: u64 = observed.iter().sum();
    let n = total as f64;
    let mut stat = 0.0;
    let mut categories = 0usize;
    for (&o, &p) in observed.iter().zip(probabilities) {
        if p <= 0.0 {
            if o > 0 {
                return (f64::INFINITY, categories.saturating_sub(1));
            }
            continue;
        }
        categories += 1;
        let expected = n * p;
        let d = o as f64 - expected;
        stat += d * d / expected;
    }
    (stat, categories.saturating_sub(1))
}

/// The significance level below which [`fits`] rejects: one in a million, so that
/// a correct implementation fails a test run about never.
pub const SIGNIFICANCE: f64 = 1e-6;

/// The probability that a chi-squared variable with `df` degrees of freedom
/// exceeds `stat` (the p-value): the regularised upper incomplete gamma function
/// Q(df/2, stat/2), by its series below `a + 1` and its continued fraction above
/// (Numerical Recipes' method, to about 1e-14).
pub fn p_value(stat: f64, df: usize) -> f64 {
    if df == 0 || stat.is_nan() {
        return if stat > 0.0 { 0.0 } else { 1.0 };
    }
    if stat <= 0.0 {
        return 1.0;
    }
    if stat.is_infinite() {
        return 0.0;
    }
    let (a, x) = (df as f64 / 2.0, stat / 2.0);
    let log_prefactor = -x + a * x.ln() - ln_gamma(a);
    if x < a + 1.0 {
        // P(a, x) by its series; Q = 1 - P.
        let (mut term, mut sum, mut n) = (1.0 / a, 1.0 / a, a);
        for _ in 0..10_000 {
            n += 1.0;
            term *= x / n;
            sum += term;
            if term.abs() < sum.abs() * 1e-16 {
                break;
            }
        }
        (1.0 - sum * log_prefactor.exp()).clamp(0.0, 1.0)
    } else {
        // Q(a, x) by Lentz's continued fraction.
        let tiny = 1e-300;
        let mut b = x + 1.0 - a;
        let mut c = 1.0 / tiny;
        let mut d = 1.0 / b;
        let mut h = d;
        for i in 1..10_000 {
            let an = -(i as f64) * (i as f64 - a);
            b += 2.0;
            d = an * d + b;
            if d.abs() < tiny {
                d = tiny;
            }
            c = b + an / c;
            if c.abs() < tiny {
                c = tiny;
            }
            d = 1.0 / d;
            let delta = d * c;
            h *= delta;
            if (delta - 1.0).abs() < 1e-16 {
                break;
            }
        }
        (log_prefactor.exp() * h).clamp(0.0, 1.0)
    }
}

/// ln Γ(x) for x > 0 (Lanczos' approximation, g = 7, nine terms: about 1e-15).
fn ln_gamma(x: f64) -> f64 {
    const C: [f64; 9] = [
        0.999_999_999_999_809_9,
        676.520_368_121_885_1,
        -1_259.139_216_722_402_8,
        771.323_428_777_653_1,
        -176.615_029_162_140_6,
        12.507_343_278_686_905,
        -0.138_571_095_265_720_12,
        9.984_369_578_019_572e-6,
        1.505_632_735_149_311_6e-7,
    ];
    if x < 0.5 {
        // Reflection: Γ(x) Γ(1 − x) = π / sin(πx).
        return (core::f64::consts::PI / (core::f64::consts::PI * x).sin()).ln()
            - ln_gamma(1.0 - x);
    }
    let x = x - 1.0;
    let mut a = C[0];
    let t = x + 7.5;
    for (i, &c) in C.iter().enumerate().skip(1) {
        a += c / (x + i as f64);
    }
    0.5 * (2.0 * core::f64::consts::PI).ln() + (x + 0.5) * t.ln() - t + a.ln()
}

/// Whether `observed` counts fit `probabilities`: the chi-squared p-value is at
/// least [`SIGNIFICANCE`]. A count in a category of probability 0 never fits; a
/// distribution with one possible category always fits otherwise.
pub fn fits(observed: &[u64], probabilities: &[f64]) -> bool {
    let (stat, df) = chi_squared(observed, probabilities);
    stat.is_finite() && (df == 0 || p_value(stat, df) >= SIGNIFICANCE)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn p_values_match_published_tables() {
        // The chi-squared table's 0.001 column (e.g. NIST/SEMATECH e-Handbook,
        // table 1.3.6.7.4): 10.828 (1 df), 13.816 (2), 29.588 (10), 149.449 (100);
        // and its 0.05 column: 3.841 (1), 18.307 (10), 124.342 (100).
        for (stat, df, p) in [
            (10.828, 1, 0.001),
            (13.816, 2, 0.001),
            (29.588, 10, 0.001),
            (149.449, 100, 0.001),
            (3.841, 1, 0.05),
            (18.307, 10, 0.05),
            (124.342, 100, 0.05),
        ] {
            let got = p_value(stat, df);
            assert!(
                (got - p).abs() / p < 2e-3,
                "{stat} on {df} df: {got}, table {p}"
            );
        }
        assert_eq!(p_value(0.0, 3), 1.0);
        assert_eq!(p_value(f64::INFINITY, 3), 0.0);
    }

    #[test]
    fn the_statistic_is_pearsons() {
        // 60 draws of a fair die with counts 5,8,9,8,10,20: chi-squared 13.4 on 5 df.
        let (stat, df) = chi_squared(&[5, 8, 9, 8, 10, 20], &[1.0 / 6.0; 6]);
        assert!((stat - 13.4).abs() < 1e-9);
        assert_eq!(df, 5);
        assert!(fits(&[5, 8, 9, 8, 10, 20], &[1.0 / 6.0; 6]));
        assert!(!fits(&[0, 0, 0, 0, 0, 600], &[1.0 / 6.0; 6]));
        assert!(!fits(&[1, 0], &[0.0, 1.0]));
    }
}
