//! Criterion benchmarks of o_an_quan's hot paths: random playouts (uniform among
//! the legal moves, every rule applied: refill, loans, repetition count) for 2, 3
//! and 4 players, a long relay chain, a long capture chain, legal-move lists.
//!
//! Run: `cargo bench -p tabletop-benches --bench o_an_quan` (or `-- playout` for one group).

use std::hint::black_box;

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use o_an_quan::{Game, Player, Rules, Setup};
use rand_core::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// Moves played per benchmark iteration: whole random games one after another,
/// the last one cut short, so that throughput is exact in moves.
const MOVES_PER_ITER: usize = 10_000;

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("o_an_quan/playout");
    group.throughput(Throughput::Elements(MOVES_PER_ITER as u64));
    for (name, rules) in [
        ("2p source", Rules::default()),
        ("2p common", Rules::common()),
        ("3p source", Rules::default().with_players(3)),
        ("4p source", Rules::default().with_players(4)),
    ] {
        let start = Game::new(rules, Setup::standard(&rules)).expect("valid rules");
        let mut game = start.clone();
        let mut rng = Pcg64Mcg::seed_from_u64(1);
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut left = MOVES_PER_ITER;
                while left > 0 {
                    game.restart(); // reuses the buffers: no allocation per game
                    left -= game.play_out(&mut rng, left);
                }
                black_box(game.move_count())
            })
        });
    }
    group.finish();
}

/// The move with the most relays (or captures) found among uniform boards (every
/// small square with k stones, rows of 12, 2–4 players) and seeded random boards:
/// a deterministic search, so the benchmark always measures the same move.
fn longest(score: fn(&o_an_quan::Report) -> u32) -> (Game, o_an_quan::Move) {
    let mut best: Option<(u32, Game, o_an_quan::Move)> = None;
    let mut consider = |game: Game| {
        for &mv in game.legal_moves().iter() {
            let mut g = game.clone();
            let n = score(&g.play(mv).expect("legal"));
            if best.as_ref().is_none_or(|(b, _, _)| n > *b) {
                best = Some((n, game.clone(), mv));
            }
        }
    };
    for players in 2..=4u8 {
        for k in 1..=12u8 {
            let rules = Rules::default()
                .with_players(players)
                .with_row_len(12)
                .with_start_stones(k);
            consider(Game::new(rules, Setup::standard(&rules)).expect("valid"));
        }
    }
    let mut rng = Pcg64Mcg::seed_from_u64(9);
    for _ in 0..3000 {
        let rules = Rules::default().with_players(4).with_row_len(12);
        let mut board = o_an_quan::Board::empty(4, 12);
        for sq in board.clone().squares() {
            if !sq.is_quan() {
                let r = rng.next_u32() % 8;
                board
                    .set_stones(sq, if r < 4 { 0 } else { r as u16 })
                    .expect("small");
            }
        }
        for p in Player::all(4) {
            board
                .set_quan(o_an_quan::Square::quan(p), true)
                .expect("quan square");
        }
        if let Ok(game) = Game::new(rules, Setup::new(board, Player::A)) {
            consider(game);
        }
    }
    let (_, game, mv) = best.expect("some move");
    (game, mv)
}

fn chains(c: &mut Criterion) {
    let mut group = c.benchmark_group("o_an_quan/chain");
    let relay = longest(|r| r.pick_ups);
    let capture = longest(|r| r.captures);
    for (name, (game, mv)) in [("relay", relay), ("capture", capture)] {
        let mut probe = game.clone();
        let report = probe.play(mv).expect("legal");
        let steps = if name == "relay" {
            report.pick_ups
        } else {
            report.captures
        };
        eprintln!(
            "{name}: {mv} on {} : {steps} steps, {} stones sown",
            game.board().ring(),
            report.sown
        );
        group.throughput(Throughput::Elements(u64::from(steps)));
        group.bench_function(format!("{name} ({steps} steps)"), |b| {
            b.iter_batched_ref(
                || game.clone(),
                |g| black_box(g.play(mv).expect("legal")),
                BatchSize::SmallInput,
            )
        });
        group.bench_function(format!("{name} traced ({steps} steps)"), |b| {
            b.iter_batched_ref(
                || game.clone(),
                |g| {
                    let mut events = 0u32;
                    g.play_traced(mv, &mut |_| events += 1).expect("legal");
                    black_box(events)
                },
                BatchSize::SmallInput,
            )
        });
    }
    group.finish();
}

fn legal_moves(c: &mut Criterion) {
    let mut group = c.benchmark_group("o_an_quan/legal_moves");
    let rules = Rules::default().with_players(4);
    let mut game = Game::new(rules, Setup::standard(&rules)).expect("valid");
    let mut rng = Pcg64Mcg::seed_from_u64(5);
    game.play_out(&mut rng, 3);
    group.throughput(Throughput::Elements(1));
    group.bench_function("4p after 3 moves", |b| {
        b.iter(|| black_box(black_box(&game).legal_moves().len()))
    });
    group.finish();
}

criterion_group!(benches, playouts, chains, legal_moves);
criterion_main!(benches);
