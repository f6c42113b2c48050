use hoop_race::{Game, Rules};
use rand_core::SeedableRng;
use std::time::Instant;
fn main() {
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(1);
    let mut g = Game::new(Rules::default()).unwrap();
    let n = 300_000;
    let t = Instant::now();
    let mut acts = 0;
    for _ in 0..n {
        g.restart();
        acts += g.play_out(&mut rng, 1_000_000);
    }
    let s = t.elapsed().as_secs_f64();
    println!(
        "{:.0} games/s, {:.1} ns/action",
        n as f64 / s,
        s * 1e9 / acts as f64
    );
}
