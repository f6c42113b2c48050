//! The interface's speed against each crate's own, timed interleaved: for each
//! game, rounds of whole random games through the crate and through `tabletop`
//! (the loops of the `tabletop` benchmark, `benches/lib.rs`), the order alternating
//! from round to round, so that a machine whose load changes slows both alike.
//! Prints each game's games per second both ways and the median over the rounds
//! of the per-round ratio interface / native (the goal: ≥ 0.9).
//!
//! ```text
//! cargo run --release -p tabletop-benches --example interface_speed -- [ROUNDS] [SECONDS_A_SIDE] [GAME…]
//! ```
//! Defaults: 11 rounds of 0.2 s a side, every game.

use std::time::Instant;

use rand_core::SeedableRng;
use rand_pcg::Pcg64Mcg;
use tabletop_benches::{GAMES, interface_games, interface_start, native_games};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rounds: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(11);
    let seconds: f64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(0.2);
    let chosen: Vec<&str> = args.iter().skip(2).map(String::as_str).collect();
    println!("{rounds} rounds of {seconds} s a side, order alternating; games per second");
    for game in GAMES {
        if !chosen.is_empty() && !chosen.contains(&game) {
            continue;
        }
        let start = interface_start(game);
        let mut rng = Pcg64Mcg::seed_from_u64(1);
        // Games per timed run, from a short calibration of the native loop.
        let t = Instant::now();
        let mut calibration = 0;
        while t.elapsed().as_secs_f64() < 0.05 {
            native_games(game, 10, &mut rng);
            calibration += 10;
        }
        let n = ((calibration as f64 / t.elapsed().as_secs_f64()) * seconds).max(10.0) as usize;
        let time = |f: &mut dyn FnMut()| {
            let t = Instant::now();
            f();
            n as f64 / t.elapsed().as_secs_f64()
        };
        let (mut natives, mut interfaces, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
        for round in 0..rounds {
            let mut native = || {
                std::hint::black_box(native_games(game, n, &mut rng));
            };
            let (a, b);
            if round % 2 == 0 {
                a = time(&mut native);
                b = time(&mut || {
                    std::hint::black_box(interface_games(
                        &start,
                        n,
                        &mut Pcg64Mcg::seed_from_u64(round as u64),
                    ));
                });
            } else {
                b = time(&mut || {
                    std::hint::black_box(interface_games(
                        &start,
                        n,
                        &mut Pcg64Mcg::seed_from_u64(round as u64),
                    ));
                });
                a = time(&mut native);
            }
            natives.push(a);
            interfaces.push(b);
            ratios.push(b / a);
        }
        let median = |v: &mut Vec<f64>| {
            v.sort_by(f64::total_cmp);
            v[v.len() / 2]
        };
        println!(
            "{game:12} native {:9.0}  interface {:9.0}  interface/native: median {:.3} (rounds {:.3} to {:.3})",
            median(&mut natives),
            median(&mut interfaces),
            median(&mut ratios),
            ratios[0],
            ratios[ratios.len() - 1],
        );
    }
}
