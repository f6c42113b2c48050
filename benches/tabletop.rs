//! What the interface costs: whole random games through `tabletop` (the generic
//! loop every program uses: chance by its probabilities, decisions by the game's
//! playout policy, through `AnyState`) beside the same games through each crate's
//! own playout, with the same policy, in games per second (issue 15: goal ≥ 0.9 of
//! the native speed).
//!
//! Run: `cargo bench -p tabletop-benches --bench tabletop`.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand_core::SeedableRng;
use rand_pcg::Pcg64Mcg;
use tabletop::{Game as _, State as _};

/// Games per benchmark iteration.
const GAMES: u64 = 20;

/// Plays `GAMES` games from `start` through the interface; returns the actions.
fn through_interface(start: &tabletop::AnyState, rng: &mut Pcg64Mcg) -> usize {
    let mut actions = 0;
    for _ in 0..GAMES {
        let mut s = start.clone();
        actions += s.play_out(rng, usize::MAX);
    }
    actions
}

fn go(c: &mut Criterion) {
    let mut group = c.benchmark_group("tabletop/playout/go 9x9");
    group.throughput(Throughput::Elements(GAMES));
    let rules = go_core::Rules::tromp_taylor();
    let start = go_core::Game::new(rules, go_core::Setup::new(9, 9)).expect("9x9");
    let mut rng = Pcg64Mcg::seed_from_u64(1);
    group.bench_function("native", |b| {
        b.iter(|| {
            let mut moves = 0;
            for _ in 0..GAMES {
                let mut g = start.clone();
                moves += g.play_out(&mut rng, usize::MAX);
            }
            black_box(moves)
        })
    });
    let game = tabletop::load("go(board_size=9,playouts=light)").expect("a game string");
    let initial = game.new_initial_state();
    group.bench_function("interface", |b| {
        b.iter(|| black_box(through_interface(&initial, &mut rng)))
    });
    group.finish();
}

fn o_an_quan(c: &mut Criterion) {
    let mut group = c.benchmark_group("tabletop/playout/o_an_quan");
    group.throughput(Throughput::Elements(GAMES));
    let rules = o_an_quan::Rules::default().with_move_limit(Some(5000));
    let start = o_an_quan::Game::new(rules, o_an_quan::Setup::standard(&rules)).expect("valid");
    let mut rng = Pcg64Mcg::seed_from_u64(1);
    group.bench_function("native", |b| {
        b.iter(|| {
            let mut moves = 0;
            for _ in 0..GAMES {
                let mut g = start.clone();
                moves += g.play_out(&mut rng, usize::MAX);
            }
            black_box(moves)
        })
    });
    let game = tabletop::load("o_an_quan").expect("a game string");
    let initial = game.new_initial_state();
    group.bench_function("interface", |b| {
        b.iter(|| black_box(through_interface(&initial, &mut rng)))
    });
    group.finish();
}

fn hoop_race(c: &mut Criterion) {
    let mut group = c.benchmark_group("tabletop/playout/hoop_race");
    group.throughput(Throughput::Elements(GAMES));
    let rules = hoop_race::Rules::default();
    let start = hoop_race::Game::new(rules, hoop_race::Setup::default()).expect("valid");
    let mut rng = Pcg64Mcg::seed_from_u64(1);
    group.bench_function("native", |b| {
        b.iter(|| {
            let mut actions = 0;
            for _ in 0..GAMES {
                let mut g = start.clone();
                actions += g.play_out(&mut rng, usize::MAX);
            }
            black_box(actions)
        })
    });
    let game = tabletop::load("hoop_race").expect("a game string");
    let initial = game.new_initial_state();
    group.bench_function("interface", |b| {
        b.iter(|| black_box(through_interface(&initial, &mut rng)))
    });
    group.finish();
}

fn trap_stones(c: &mut Criterion) {
    let mut group = c.benchmark_group("tabletop/playout/trap_stones");
    group.throughput(Throughput::Elements(GAMES));
    let rules = trap_stones::Rules::default();
    let mut rng = Pcg64Mcg::seed_from_u64(1);
    group.bench_function("native", |b| {
        b.iter(|| {
            let mut moves = 0;
            for _ in 0..GAMES {
                // The setup drawn by chance, as the interface draws it.
                let mut g = trap_stones::Game::random(rules, &mut rng).expect("valid");
                while let Some(mv) = g.playout_move(&mut rng) {
                    g.play(mv).expect("the policy's move is legal");
                    moves += 1;
                }
            }
            black_box(moves)
        })
    });
    let game = tabletop::load("trap_stones").expect("a game string");
    let initial = game.new_initial_state();
    group.bench_function("interface", |b| {
        b.iter(|| black_box(through_interface(&initial, &mut rng)))
    });
    group.finish();
}

fn tarokk_war(c: &mut Criterion) {
    let mut group = c.benchmark_group("tabletop/playout/tarokk_war");
    group.throughput(Throughput::Elements(GAMES));
    let rules = tarokk_war::Rules::default();
    let mut rng = Pcg64Mcg::seed_from_u64(1);
    group.bench_function("native", |b| {
        b.iter(|| {
            let mut moves = 0;
            for _ in 0..GAMES {
                let mut g = tarokk_war::Game::random(rules, &mut rng).expect("valid");
                while let Some(mv) = g.random_move(&mut rng) {
                    g.play(mv).expect("a listed move is legal");
                    moves += 1;
                }
            }
            black_box(moves)
        })
    });
    let game = tabletop::load("tarokk_war").expect("a game string");
    let initial = game.new_initial_state();
    group.bench_function("interface", |b| {
        b.iter(|| black_box(through_interface(&initial, &mut rng)))
    });
    group.finish();
}

criterion_group!(benches, go, o_an_quan, hoop_race, trap_stones, tarokk_war);
criterion_main!(benches);
