//! The native side of the browser speed comparison: the same playouts as
//! `randomPlayouts` in `web/bench.html`, timed here. `scripts/wasm-speed` runs
//! both and writes the table of `docs/benchmarks.md`.
//!
//! `cargo run --release --manifest-path wasm/Cargo.toml --example native_speed -- [SECONDS]`

use std::time::Instant;

use tabletop_wasm::native_random_playouts;

/// The games timed, as game strings, with playouts per batch.
const GAMES: [(&str, u32); 5] = [
    ("go(board_size=9)", 200),
    ("o_an_quan", 2000),
    ("hoop_race", 1000),
    ("trap_stones", 2000),
    ("tarokk_war", 2000),
];

fn main() {
    let seconds: f64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1.0);
    println!("game\tplayouts_per_s\tactions_per_s");
    for (game, batch) in GAMES {
        // Warm up, then batches until the time is spent.
        let _ = native_random_playouts(game, batch / 10 + 1, 7);
        let start = Instant::now();
        let (mut playouts, mut actions, mut seed) = (0u64, 0u64, 1u64);
        while start.elapsed().as_secs_f64() < seconds {
            match native_random_playouts(game, batch, seed) {
                Ok(n) => actions += n,
                Err(e) => {
                    eprintln!("{game}: {e}");
                    std::process::exit(1);
                }
            }
            playouts += u64::from(batch);
            seed += 1;
        }
        let t = start.elapsed().as_secs_f64();
        println!(
            "{game}\t{:.0}\t{:.0}",
            playouts as f64 / t,
            actions as f64 / t
        );
    }
}
