//! What the interface costs: whole random games through `tabletop` (the generic
//! loop every program uses: chance by its probabilities, decisions by the game's
//! playout policy, through `AnyState`) beside the same games through each crate's
//! own playout, with the same policy, in games per second (the goal: ≥ 0.9 of the
//! crate's own playout speed). The loops are in the package's library; the
//! `interface_speed` example times them interleaved, which a loaded machine needs.
//!
//! Run: `cargo bench -p tabletop-benches --bench tabletop`.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand_core::SeedableRng;
use rand_pcg::Pcg64Mcg;
use tabletop_benches::{GAMES, interface_games, interface_start, native_games};

/// Games per benchmark iteration.
const PER_ITERATION: usize = 20;

fn playouts(c: &mut Criterion) {
    for game in GAMES {
        let name = match game {
            "go" => "go 9x9",
            "tarokk_war/dealt" => "tarokk_war dealt",
            other => other,
        };
        let mut group = c.benchmark_group(format!("tabletop/playout/{name}"));
        group.throughput(Throughput::Elements(PER_ITERATION as u64));
        let mut rng = Pcg64Mcg::seed_from_u64(1);
        group.bench_function("native", |b| {
            b.iter(|| black_box(native_games(game, PER_ITERATION, &mut rng)))
        });
        let start = interface_start(game);
        group.bench_function("interface", |b| {
            b.iter(|| black_box(interface_games(&start, PER_ITERATION, &mut rng)))
        });
        group.finish();
    }
}

criterion_group!(benches, playouts);
criterion_main!(benches);
