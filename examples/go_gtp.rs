//! A GTP v2 Go engine on stdin/stdout, for Go GUIs and match tools.
//!
//! ```text
//! cargo run --release --example go_gtp -- [--rules NAME] [--seed N]
//! ```
//! NAME is a rules preset: tromp_taylor (default), chinese, japanese, aga,
//! new_zealand. `genmove` plays a uniformly random legal move that does not fill
//! its own eye, drawn from a generator seeded with N (default 1).

use std::io::{BufRead, Write};

use go_core::Rules;
use rand_core::SeedableRng;
use rand_pcg::Pcg64Mcg;
use tabletop_examples::go_gtp::Engine;

fn main() {
    let mut rules = Rules::default();
    let mut seed = 1u64;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match (a.as_str(), args.next()) {
            ("--rules", Some(name)) => match Rules::preset(&name) {
                Ok(r) => rules = r,
                Err(e) => exit_usage(&e.to_string()),
            },
            ("--seed", Some(n)) => match n.parse() {
                Ok(n) => seed = n,
                Err(_) => exit_usage("--seed takes a whole number"),
            },
            _ => exit_usage(&format!("unexpected argument {a}")),
        }
    }
    let mut engine = Engine::new(rules, Pcg64Mcg::seed_from_u64(seed));
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        if let Some(reply) = engine.handle_line(&line)
            && out
                .write_all(reply.as_bytes())
                .and_then(|()| out.flush())
                .is_err()
        {
            break;
        }
        if engine.has_quit() {
            break;
        }
    }
}

fn exit_usage(problem: &str) -> ! {
    eprintln!(
        "go_gtp: {problem}\nusage: go_gtp [--rules tromp_taylor|chinese|japanese|aga|new_zealand] [--seed N]"
    );
    std::process::exit(2);
}
