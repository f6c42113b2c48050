//! How the bots search trap stones: progressive widening, so that the tens of
//! thousands of va-bank declarations (ruling T6) do not each need a playout
//! before the tree grows deeper (measured: `docs/bots.md`).

use crate::bot::{Budget, Config, Widening};

/// Widening above 48 legal actions: `4 · √visits` children.
pub(super) fn config(budget: Budget, seed: u64) -> Config {
    Config {
        widening: Some(Widening {
            c: 4.0,
            alpha: 0.5,
            above: 48,
        }),
        ..Config::with_budget(budget, seed)
    }
}
