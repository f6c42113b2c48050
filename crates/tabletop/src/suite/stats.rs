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

/// The chi-squared value that a true hypothesis exceeds with probability about
/// one in a million, for `df` degrees of freedom (Wilson–Hilferty's cube-root
/// normal approximation; exact enough from 1 degree of freedom on for a test
/// threshold). A statistic above it rejects the distribution.
pub fn critical_value(df: usize) -> f64 {
    if df == 0 {
        return f64::INFINITY;
    }
    // The standard normal quantile of 1 - 1e-6.
    const Z: f64 = 4.753_424_308_822_899;
    let k = df as f64;
    let a = 2.0 / (9.0 * k);
    let t = 1.0 - a + Z * a.sqrt();
    k * t * t * t
}

/// Whether `observed` counts fit `probabilities` (chi-squared below
/// [`critical_value`]); a distribution with one possible category always fits.
pub fn fits(observed: &[u64], probabilities: &[f64]) -> bool {
    let (stat, df) = chi_squared(observed, probabilities);
    df == 0 && stat.is_finite() || stat <= critical_value(df)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn critical_values_match_published_tables() {
        // Chi-squared upper quantiles at p = 1e-6 (published: 23.928 for 1 df,
        // 27.631 for 2, 50.984 for 10, 173.6 for 100); Wilson–Hilferty is within 2 %.
        for (df, table) in [(1, 23.928), (2, 27.631), (10, 50.984), (100, 173.62)] {
            let v = critical_value(df);
            assert!((v - table).abs() / table < 0.02, "{df}: {v} vs {table}");
        }
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
