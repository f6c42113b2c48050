//! A referee for every game of the workspace, speaking JSON lines on stdin/stdout:
//! one request per line, one response per line (the protocol: docs/referee.md).
//! Malformed requests, unknown games, bad rules and illegal moves are answered with
//! an error and the session goes on; `{"quit": {}}` or the end of input ends it.
//!
//! ```text
//! cargo run --release --example referee
//! {"new": {"game": "o_an_quan", "rules": "common"}}
//! {"play": "A3R"}
//! ```

use std::io::{BufRead, Write};

fn main() {
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    let mut referee = tabletop_examples::referee::Referee::new();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        if line.trim().is_empty() {
            continue;
        }
        let (response, quit) = referee.handle(&line);
        if writeln!(out, "{response}")
            .and_then(|_| out.flush())
            .is_err()
            || quit
        {
            break;
        }
    }
}
