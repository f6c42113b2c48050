//! Criterion benchmarks of trap_stones: legal-move lists (bitboards; va-bank
//! groups are not listed, only made available) and complete random games (random
//! setups included) on 9×9 and 19×19, played with the playout policy
//! (`playout_move`) and with uniformly random moves (`random_move`, which counts
//! and draws among every va-bank group at each move).
//!
//! Run: `cargo bench -p tabletop-benches --bench trap_stones`.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand_core::SeedableRng;
use rand_pcg::Pcg64Mcg;
use trap_stones::{Game, Rules};

/// A game in mid-play: each side has grown a chain for `turns` moves.
fn mid_game(rules: Rules, turns: usize) -> Game {
    let mut rng = Pcg64Mcg::seed_from_u64(3);
    loop {
        let mut g = Game::random(rules, &mut rng).expect("valid rules");
        let mut n = 0;
        while n < turns {
            let legal = g.legal_moves();
            let Some(cell) = legal.stones().nth(n % 3) else {
                break;
            };
            if g.play(trap_stones::Move::Stone(cell)).is_err() || g.is_over() {
                break;
            }
            n += 1;
        }
        if n == turns {
            return g;
        }
    }
}

fn legal_moves(c: &mut Criterion) {
    let mut group = c.benchmark_group("trap_stones/legal_moves");
    group.throughput(Throughput::Elements(1));
    for (name, rules) in [
        ("9x9", Rules::default()),
        ("19x19", Rules::default().with_size(19, 19)),
    ] {
        let g = mid_game(rules, 20);
        let legal = g.legal_moves();
        let n = legal.stones().count() + legal.scarecrows().count();
        group.bench_function(format!("{name}, after 20 turns ({n} moves)"), |b| {
            b.iter(|| black_box(black_box(&g).legal_moves()))
        });
    }
    group.finish();
}

/// Games per iteration.
const GAMES: u64 = 100;

fn games(c: &mut Criterion) {
    let mut group = c.benchmark_group("trap_stones/game");
    group.throughput(Throughput::Elements(GAMES));
    for (name, rules) in [
        ("9x9", Rules::default()),
        ("19x19", Rules::default().with_size(19, 19)),
    ] {
        let mut rng = Pcg64Mcg::seed_from_u64(1);
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut turns = 0;
                for _ in 0..GAMES {
                    let mut g = Game::random(rules, &mut rng).expect("valid rules");
                    while let Some(mv) = g.playout_move(&mut rng) {
                        if g.play(mv).is_err() {
                            break;
                        }
                    }
                    turns += g.turns();
                }
                black_box(turns)
            })
        });
    }
    group.finish();
}

fn uniform_games(c: &mut Criterion) {
    let mut group = c.benchmark_group("trap_stones/uniform_game");
    group.throughput(Throughput::Elements(GAMES));
    for (name, rules) in [
        ("9x9", Rules::default()),
        ("19x19", Rules::default().with_size(19, 19)),
    ] {
        let mut rng = Pcg64Mcg::seed_from_u64(1);
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut turns = 0;
                for _ in 0..GAMES {
                    let mut g = Game::random(rules, &mut rng).expect("valid rules");
                    while let Some(mv) = g.random_move(&mut rng) {
                        if g.play(mv).is_err() {
                            break;
                        }
                    }
                    turns += g.turns();
                }
                black_box(turns)
            })
        });
    }
    group.finish();
}

criterion_group!(benches, legal_moves, games, uniform_games);
criterion_main!(benches);
