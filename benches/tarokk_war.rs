//! Criterion benchmarks of tarokk_war: complete random games (every shuffle drawn,
//! uniformly random legal moves) and legal-move lists.
//!
//! Run: `cargo bench -p tabletop-benches --bench tarokk_war`. With
//! `TAROKK_WAR_GAMES=N` set, the binary instead plays N games from seed 1 with the
//! benchmark's own loop and exits; with `TAROKK_WAR_LISTS=N`, it makes N legal-move
//! lists of the second benchmark's position. Both give instruction counts that
//! repeat exactly on a busy machine (see `docs/benchmarks.md`):
//! `TAROKK_WAR_GAMES=100000 valgrind --tool=callgrind --toggle-collect='*random_games*' BENCH_BINARY`.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group};
use rand_core::SeedableRng;
use rand_pcg::Pcg64Mcg;
use tarokk_war::{Game, Rules};

/// Games per iteration.
const GAMES: u64 = 100;

/// Plays `games` complete random games; returns the moves played.
#[inline(never)]
fn random_games(rng: &mut Pcg64Mcg, games: u64) -> u64 {
    let mut moves = 0;
    for _ in 0..games {
        let mut g = Game::random(Rules::default(), rng).expect("valid rules");
        while let Some(mv) = g.random_move(rng) {
            if g.play(mv).is_err() {
                break;
            }
            moves += 1;
        }
    }
    moves
}

fn games(c: &mut Criterion) {
    let mut group = c.benchmark_group("tarokk_war/game");
    group.throughput(Throughput::Elements(GAMES));
    let mut rng = Pcg64Mcg::seed_from_u64(1);
    group.bench_function("random, shuffles included", |b| {
        b.iter(|| black_box(random_games(&mut rng, GAMES)))
    });
    group.finish();
}

/// The position of the legal-move benchmark: phase II's first battle of a random
/// game from seed 2.
fn first_battle() -> Game {
    let mut rng = Pcg64Mcg::seed_from_u64(2);
    let mut g = Game::random(Rules::default(), &mut rng).expect("valid rules");
    while !g.in_phase_two() {
        let mv = g.random_move(&mut rng).expect("phase I moves");
        g.play(mv).expect("legal");
    }
    g
}

/// Makes `lists` legal-move lists of `g`, as the benchmark does; returns their
/// total length.
#[inline(never)]
fn legal_lists(g: &Game, lists: u64) -> usize {
    let mut total = 0;
    for _ in 0..lists {
        total += black_box(black_box(g).legal_moves().len());
    }
    total
}

fn legal_moves(c: &mut Criterion) {
    let mut group = c.benchmark_group("tarokk_war/legal_moves");
    let g = first_battle();
    group.throughput(Throughput::Elements(1));
    group.bench_function("phase II, first battle", |b| {
        b.iter(|| black_box(black_box(&g).legal_moves().len()))
    });
    group.finish();
}

criterion_group!(benches, games, legal_moves);

fn main() {
    let count = |var: &str| std::env::var(var).ok().and_then(|n| n.parse().ok());
    if let Some(n) = count("TAROKK_WAR_GAMES") {
        let moves = random_games(&mut Pcg64Mcg::seed_from_u64(1), n);
        println!("{n} games, {moves} moves");
        return;
    }
    if let Some(n) = count("TAROKK_WAR_LISTS") {
        let moves = legal_lists(&first_battle(), n);
        println!("{n} lists, {moves} moves");
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
