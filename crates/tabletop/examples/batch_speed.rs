//! Batched steps a second from Rust (`tabletop::batch`): every game of the
//! batch takes a uniformly random legal decision each step (drawn in Rust),
//! with observations, masks, rewards and auto-reset written every step — the
//! Rust side of `docs/benchmarks.md`'s batched table (the Python side is
//! `python/bench/batch_speed.py`).
//!
//! ```text
//! cargo run --release -p tabletop --example batch_speed -- [GAME_STRING] [N ...] [--threads T] [--seconds S]
//! ```
//! Prints `game N threads steps/s` lines, one per batch size (default 1 64 1024
//! 4096, 1 thread, 2 s each; `--steps K` for K steps instead, for counting
//! instructions with callgrind).

use std::time::{Duration, Instant};

use tabletop::batch::{Batch, Buffers};
use tabletop::rng::SplitMix64;

fn main() {
    let mut args = std::env::args().skip(1).peekable();
    let name = match args.peek() {
        Some(a) if !a.starts_with("--") && a.parse::<usize>().is_err() => {
            args.next().unwrap_or_default()
        }
        _ => "go(board_size=9)".to_string(),
    };
    let (mut sizes, mut threads, mut seconds) = (Vec::new(), 1usize, 2.0f64);
    // A fixed number of steps instead of a time (for instruction counts).
    let mut fixed: Option<u64> = None;
    while let Some(a) = args.next() {
        match a.as_str() {
            "--threads" => threads = args.next().and_then(|v| v.parse().ok()).unwrap_or(1),
            "--seconds" => seconds = args.next().and_then(|v| v.parse().ok()).unwrap_or(2.0),
            "--steps" => fixed = args.next().and_then(|v| v.parse().ok()),
            n => sizes.push(
                n.parse::<usize>()
                    .unwrap_or_else(|_| panic!("a batch size, not {n}")),
            ),
        }
    }
    if sizes.is_empty() {
        sizes = vec![1, 64, 1024, 4096];
    }
    let game = tabletop::load(&name).unwrap_or_else(|e| panic!("{e}"));
    for n in sizes {
        let mut batch = Batch::new(game.clone(), n);
        batch.set_threads(threads);
        let mut buf = Buffers::for_batch(&batch);
        let seeds: Vec<u64> = (0..n as u64).collect();
        batch.reset(&seeds, &mut buf.outputs()).expect("reset");
        let mut rng = SplitMix64::new(1);
        let mut actions = vec![0; n];
        let (start, mut steps) = (Instant::now(), 0u64);
        while fixed.map_or(start.elapsed() < Duration::from_secs_f64(seconds), |k| {
            steps < k
        }) {
            batch
                .random_actions(&mut rng, &mut actions)
                .expect("actions");
            batch.step(&actions, &mut buf.outputs()).expect("step");
            steps += n as u64;
        }
        let rate = steps as f64 / start.elapsed().as_secs_f64();
        println!("{name} {n} {threads} {rate:.0}");
    }
}
