//! Criterion benchmarks of hoop_race: complete random games (the order of play
//! settled by throws, random throws from the stick model, uniformly random legal
//! moves; the generator included) for 2, 3 and 4 players under the source's rules
//! and yut nori, and legal-move generation.
//!
//! Run: `cargo bench -p tabletop-benches --bench hoop_race`.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use hoop_race::{Game, Horse, Place, Player, Route, Rules, Setup};
use rand_core::SeedableRng;
use rand_pcg::Pcg64Mcg;

/// Games per benchmark iteration.
const GAMES: u64 = 100;

fn games(c: &mut Criterion) {
    let mut group = c.benchmark_group("hoop_race/game");
    group.throughput(Throughput::Elements(GAMES));
    for (name, rules) in [
        ("2p source", Rules::default()),
        ("3p source", Rules::default().with_players(3)),
        ("4p source", Rules::default().with_players(4)),
        ("2p yut nori", Rules::yut_nori()),
    ] {
        let mut game = Game::new(rules, Setup::default()).expect("valid rules");
        let mut rng = Pcg64Mcg::seed_from_u64(1);
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut actions = 0;
                for _ in 0..GAMES {
                    game.restart(); // reuses the record's memory: no allocation per move
                    actions += game.play_out(&mut rng, 1_000_000);
                }
                black_box(actions)
            })
        });
    }
    group.finish();
}

fn legal_moves(c: &mut Criterion) {
    let mut group = c.benchmark_group("hoop_race/legal_moves");
    // Four players, partners' horses in play, three banked throws.
    let on = |step| Place::On {
        route: Route::Circle,
        step,
    };
    let setup = Setup {
        places: vec![
            (Horse::new(Player::A, 0), on(3)),
            (Horse::new(Player::C, 0), on(7)),
            (Horse::new(Player::C, 1), on(12)),
        ],
        ..Setup::in_seat_order(4)
    };
    let mut game = Game::new(Rules::default().with_players(4), setup).expect("a valid position");
    for t in [4, 5, 2] {
        game.throw(hoop_race::Throw::points(t).expect("1..5"))
            .expect("a throw is awaited");
    }
    let n = game.legal_moves().len();
    group.throughput(Throughput::Elements(1));
    group.bench_function(format!("4p, 3 throws banked ({n} moves)"), |b| {
        b.iter(|| black_box(black_box(&game).legal_moves().len()))
    });
    group.finish();
}

criterion_group!(benches, games, legal_moves);
criterion_main!(benches);
