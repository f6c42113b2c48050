//! Criterion benchmarks of o_an_quan's hot paths: random playouts (uniform among
//! the legal moves, every rule applied: refill, loans, repetition count) for 2, 3
//! and 4 players, a long relay chain, a long capture chain, legal-move lists.
//!
//! Run: `cargo bench --bench o_an_quan` (or `-- playout` for one group).

use std::hint::black_box;

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use o_an_quan::{Game, Player, Position, Rules};
use rand_core::SeedableRng;
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
        let start = Game::new(rules).expect("valid rules");
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

/// A position whose one move relays `n` times round a long ring.
fn relay_position() -> (Game, o_an_quan::Move) {
    // Rows of 12 with one stone each: every sowing drops one stone on the next
    // square, which is full, so the move relays round and round until the squares
    // before the quan squares run dry.
    let rules = Rules::default().with_row_len(12).with_start_stones(1);
    let pos = Position::start(&rules);
    let game = Game::from_position(rules, pos).expect("valid");
    let mv = game.parse_move("1R").expect("a move");
    (game, mv)
}

/// A position whose one move captures every other square round a 4-player ring.
fn capture_position() -> (Game, o_an_quan::Move) {
    let rules = Rules::default().with_players(4).with_row_len(12);
    // A1 holds 1 stone; then empty, full, empty, full … all round: the chain takes
    // every full square until it comes back.
    let mut ring = String::new();
    for p in 0..4 {
        ring.push_str(if p == 0 { "(Q) " } else { "(Q) " });
        for k in 1..=12 {
            let stones = if p == 0 && k == 1 {
                1
            } else if (p * 13 + k) % 2 == 1 {
                3
            } else {
                0
            };
            ring.push_str(&format!("{stones} "));
        }
    }
    // QA..QD sit at even ring indices and hold their quan, so they are captured too.
    let pos = Position::new(ring.parse().expect("ring"), Player::A);
    let game = Game::from_position(rules, pos).expect("valid");
    let mv = game.parse_move("1R").expect("a move");
    (game, mv)
}

fn chains(c: &mut Criterion) {
    let mut group = c.benchmark_group("o_an_quan/chain");
    for (name, (game, mv)) in [("relay", relay_position()), ("capture", capture_position())] {
        let mut probe = game.clone();
        let report = probe.play(mv).expect("legal");
        let steps = if name == "relay" {
            report.pick_ups
        } else {
            report.captures
        };
        eprintln!("{name}: {steps} steps, {} stones sown", report.sown);
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
                |g| black_box(g.play_traced(mv).expect("legal").events.len()),
                BatchSize::SmallInput,
            )
        });
    }
    group.finish();
}

fn legal_moves(c: &mut Criterion) {
    let mut group = c.benchmark_group("o_an_quan/legal_moves");
    let mut game = Game::new(Rules::default().with_players(4)).expect("valid");
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
