//! Measures light random playouts (the policy of the benchmarks) without criterion:
//! `cargo run --release --example playout_speed -- [SIZE] [PLAYOUTS]`.

use std::time::Instant;

use go_core::{Game, Rules};
use rand_core::SeedableRng;
use rand_pcg::Pcg64Mcg;

fn main() {
    let mut args = std::env::args().skip(1);
    let size: u8 = args.next().and_then(|a| a.parse().ok()).unwrap_or(9);
    let playouts: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(20_000);
    let rules = if std::env::var_os("SIMPLE_KO").is_some() {
        Rules::chinese().with_ko(go_core::KoRule::Simple)
    } else if std::env::var_os("CHINESE").is_some() {
        Rules::chinese()
    } else {
        Rules::tromp_taylor()
    };
    let start = Game::new(rules, size, size).expect("a board size 1..=25");
    let mut game = start.clone();
    let mut rng = Pcg64Mcg::seed_from_u64(1);
    let t = Instant::now();
    let mut moves = 0;
    for _ in 0..playouts {
        game.clone_from(&start);
        moves += game.play_out(&mut rng, 10_000);
    }
    let secs = t.elapsed().as_secs_f64();
    println!(
        "{size}x{size}: {playouts} playouts, {:.0} playouts/s, {:.1} moves each, {:.1} ns a move",
        playouts as f64 / secs,
        moves as f64 / playouts as f64,
        secs * 1e9 / moves as f64
    );
}
