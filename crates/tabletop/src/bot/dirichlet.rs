//! Draws from a symmetric Dirichlet distribution (the PUCT search's root
//! noise): independent Gamma(α, 1) draws divided by their sum. Gamma by
//! Marsaglia and Tsang's method (2000), with `U^(1/α)` for α < 1; normals by
//! Box and Muller.

use rand_core::Rng;

/// A uniform draw in the open interval (0, 1).
fn open_unit<R: Rng + ?Sized>(rng: &mut R) -> f64 {
    // 53 random bits, shifted half a step off zero.
    ((rng.next_u64() >> 11) as f64 + 0.5) * (1.0 / (1u64 << 53) as f64)
}

/// A standard normal draw.
fn normal<R: Rng + ?Sized>(rng: &mut R) -> f64 {
    let (u, v) = (open_unit(rng), open_unit(rng));
    (-2.0 * u.ln()).sqrt() * (core::f64::consts::TAU * v).cos()
}

/// A Gamma(`alpha`, 1) draw, `alpha > 0`.
fn gamma<R: Rng + ?Sized>(rng: &mut R, alpha: f64) -> f64 {
    if alpha < 1.0 {
        // Gamma(α) = Gamma(α + 1) · U^(1/α).
        return gamma(rng, alpha + 1.0) * open_unit(rng).powf(1.0 / alpha);
    }
    let d = alpha - 1.0 / 3.0;
    let c = 1.0 / (9.0 * d).sqrt();
    // Accepted with probability above 0.95 a round; bounded for safety.
    for _ in 0..1000 {
        let x = normal(rng);
        let v = 1.0 + c * x;
        if v <= 0.0 {
            continue;
        }
        let v = v * v * v;
        let u = open_unit(rng);
        if u.ln() < 0.5 * x * x + d - d * v + d * v.ln() {
            return d * v;
        }
    }
    d
}

/// Fills `out` with one draw of the symmetric Dirichlet distribution of
/// parameter `alpha` (`out.len()` components summing to 1). A draw whose
/// gammas all underflow (tiny `alpha`) puts everything on one component, drawn
/// uniformly.
pub(crate) fn dirichlet<R: Rng + ?Sized>(rng: &mut R, alpha: f64, out: &mut [f64]) {
    if out.is_empty() {
        return;
    }
    let mut sum = 0.0;
    for x in out.iter_mut() {
        *x = gamma(rng, alpha);
        sum += *x;
    }
    if sum > 0.0 && sum.is_finite() {
        for x in out.iter_mut() {
            *x /= sum;
        }
    } else {
        out.fill(0.0);
        let k = crate::rng::below(rng, out.len() as u32) as usize;
        if let Some(x) = out.get_mut(k) {
            *x = 1.0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SplitMix64;

    #[test]
    fn gamma_draws_have_the_right_mean_and_variance() {
        let mut rng = SplitMix64::new(3);
        for alpha in [0.03, 0.3, 1.0, 2.5, 10.0] {
            let n = 40_000;
            let xs: std::vec::Vec<f64> = (0..n).map(|_| gamma(&mut rng, alpha)).collect();
            let mean = xs.iter().sum::<f64>() / n as f64;
            let var = xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / n as f64;
            // Mean and variance are both alpha; a few standard errors.
            let se = (alpha / n as f64).sqrt();
            assert!(
                (mean - alpha).abs() < 5.0 * se + 1e-3,
                "{alpha}: mean {mean}"
            );
            assert!(
                (var - alpha).abs() < 0.1 * alpha + 1e-3,
                "{alpha}: var {var}"
            );
        }
    }

    #[test]
    fn dirichlet_draws_sum_to_one() {
        let mut rng = SplitMix64::new(4);
        let mut out = [0.0; 7];
        for alpha in [1e-300, 0.03, 0.3, 3.0] {
            dirichlet(&mut rng, alpha, &mut out);
            let sum: f64 = out.iter().sum();
            assert!((sum - 1.0).abs() < 1e-9, "{alpha}: {out:?}");
            assert!(out.iter().all(|x| (0.0..=1.0).contains(x)));
        }
    }
}
