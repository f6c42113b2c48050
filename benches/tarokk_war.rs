//! Criterion benchmarks of tarokk_war: complete random games (every shuffle drawn,
//! uniformly random legal moves) and legal-move lists.
//!
//! Run: `cargo bench -p tabletop-benches --bench tarokk_war`.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand_core::SeedableRng;
use rand_pcg::Pcg64Mcg;
use tarokk_war::{Game, Rules};

/// Games per iteration.
const GAMES: u64 = 100;

fn games(c: &mut Criterion) {
    let mut group = c.benchmark_group("tarokk_war/game");
    group.throughput(Throughput::Elements(GAMES));
    let mut rng = Pcg64Mcg::seed_from_u64(1);
    group.bench_function("random, shuffles included", |b| {
        b.iter(|| {
            let mut moves = 0;
            for _ in 0..GAMES {
                let mut g = Game::random(Rules::default(), &mut rng).expect("valid rules");
                while let Some(mv) = g.random_move(&mut rng) {
                    if g.play(mv).is_err() {
                        break;
                    }
                    moves += 1;
                }
            }
            black_box(moves)
        })
    });
    group.finish();
}

fn legal_moves(c: &mut Criterion) {
    let mut group = c.benchmark_group("tarokk_war/legal_moves");
    let mut rng = Pcg64Mcg::seed_from_u64(2);
    let mut g = Game::random(Rules::default(), &mut rng).expect("valid rules");
    while !g.in_phase_two() {
        let mv = g.random_move(&mut rng).expect("phase I moves");
        g.play(mv).expect("legal");
    }
    group.throughput(Throughput::Elements(1));
    group.bench_function("phase II, first battle", |b| {
        b.iter(|| black_box(black_box(&g).legal_moves().len()))
    });
    group.finish();
}

criterion_group!(benches, games, legal_moves);
criterion_main!(benches);
