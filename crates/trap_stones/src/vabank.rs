//! Counting va-bank groups (ruling T6): connected sets of 1 to 4 cells under the
//! 8-neighbourhood, by Redelmeier's enumeration, which produces each set exactly
//! once (from its lowest cell) without storing any.

use crate::board::{Bits, Geometry};

/// The number of 8-connected sets of 1..=`max` cells within `allowed`.
pub(crate) fn count_groups(g: &Geometry, allowed: &Bits, max: usize) -> u64 {
    let mut total = 0;
    for root in allowed.iter(g.words) {
        let mut seen = Bits::EMPTY;
        seen.set(root);
        total += extend(g, allowed, root, &mut seen, &[root], 0, max);
    }
    total
}

/// Counts the sets that grow the current one (of `size` cells) by cells taken from
/// `untried` in order, each later set also drawing on the new neighbours.
fn extend(
    g: &Geometry,
    allowed: &Bits,
    root: usize,
    seen: &mut Bits,
    untried: &[usize],
    size: usize,
    max: usize,
) -> u64 {
    let mut list = [0usize; 64];
    let mut len = untried.len().min(list.len());
    list[..len].copy_from_slice(&untried[..len]);
    let mut total = 0;
    while len > 0 {
        len -= 1;
        let v = list[len];
        total += 1; // the current set with v
        if size + 1 == max {
            continue;
        }
        let mut next = list;
        let mut n = len;
        let mut added = [0usize; 8];
        let mut k = 0;
        for nb in g.neighbours(g.cell(v)) {
            let i = g.index(nb);
            if i > root && allowed.get(i) && !seen.get(i) && n < next.len() {
                seen.set(i);
                next[n] = i;
                n += 1;
                added[k] = i;
                k += 1;
            }
        }
        total += extend(g, allowed, root, seen, &next[..n], size + 1, max);
        for &i in &added[..k] {
            seen.clear(i);
        }
    }
    total
}
