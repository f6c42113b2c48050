//! A GTP v2 Go engine on stdin/stdout, for Go GUIs and match tools: a thin main
//! over [`tabletop::gtp::Engine`], whose `genmove` is the interface's search.
//!
//! ```text
//! cargo run --release --example go_gtp -- [--rules NAME] [--level L | --playouts N | --seconds S] [--seed N] [--resign P]
//! ```
//! NAME is a rule set as KataGo names it (tromp_taylor by default, chinese,
//! japanese, aga, new_zealand, …; `go_core::Rules::from_katago`). Without a clock from the controller (`time_settings`,
//! `time_left`) `genmove` searches for level L (1–10, default 6: 6,400 playouts),
//! N playouts, or S seconds a move. `--resign P` resigns a game whose winning
//! chance stays below P (0–1) for `--resign-turns T` of its moves in a row
//! (default 3); by default the engine never resigns. `--threads N` searches on
//! N threads (root parallelism). A search ends before its budget once its
//! choice cannot change; `--stop-early 0` spends every move's whole budget.
//! `lz-analyze` and `kata-analyze` run until the next command arrives, as GUIs
//! expect (`tabletop::gtp::Analysis`).

use std::io::{BufRead, Write};
use std::sync::mpsc;
use std::time::Duration;

use go_core::Rules;
use tabletop::bot::{Budget, Level};
use tabletop::gtp::{Analysis, Engine, Thinking};

fn main() {
    let mut rules = Rules::default();
    let mut thinking = Thinking::default();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let value = args.next();
        let number = |v: &Option<String>| -> f64 {
            v.as_deref()
                .and_then(|s| s.parse::<f64>().ok())
                .filter(|x| x.is_finite() && *x >= 0.0)
                .unwrap_or_else(|| exit_usage(&format!("{a} takes a number")))
        };
        match a.as_str() {
            "--rules" => match Rules::from_katago(value.as_deref().unwrap_or("")) {
                Ok(r) => rules = r,
                Err(e) => exit_usage(&e.to_string()),
            },
            "--level" => thinking.budget = Level::new(number(&value) as u8).budget(),
            "--playouts" => thinking.budget = Budget::playouts(number(&value).max(1.0) as u64),
            "--seconds" => {
                thinking.budget = Budget::time(Duration::from_secs_f64(number(&value).max(0.001)))
            }
            "--seed" => thinking.seed = number(&value) as u64,
            "--resign" => thinking.resign_below = Some(number(&value).min(1.0)),
            "--resign-turns" => thinking.resign_turns = number(&value).max(1.0) as u32,
            "--threads" => thinking.threads = number(&value).max(1.0) as usize,
            "--explore" => thinking.exploration = Some(number(&value)),
            "--rave" => thinking.rave = Some(number(&value)),
            "--knowledge" => thinking.knowledge = number(&value) > 0.0,
            "--expand" => {
                let n = number(&value) as u32;
                thinking.expand_after = Some((n > 0).then_some(n));
            }
            "--fpu" => thinking.first_play = Some(number(&value)),
            "--reuse" => thinking.reuse_tree = number(&value) > 0.0,
            "--pass-check" => thinking.pass_check = number(&value) > 0.0,
            "--stop-early" => thinking.stop_early = number(&value) > 0.0,
            "--policy" => match value.as_deref() {
                Some("heavy") => thinking.heavy_playouts = true,
                Some("light") => thinking.heavy_playouts = false,
                _ => exit_usage("--policy is heavy or light"),
            },
            _ => exit_usage(&format!("unexpected argument {a}")),
        }
    }
    let mut engine = Engine::new(rules, thinking);
    // Lines are read on their own thread, so that an analysis (which runs until
    // the next command) can see a command arrive.
    let (lines, input) = mpsc::channel::<String>();
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            if lines.send(line).is_err() {
                break;
            }
        }
    });
    let mut out = std::io::stdout().lock();
    let mut pending: Option<String> = None;
    loop {
        let line = match pending.take() {
            Some(l) => l,
            None => match input.recv() {
                Ok(l) => l,
                Err(_) => break,
            },
        };
        let (id, command, args) = split(&line);
        if let Some(analysis) = Analysis::parse(command, &args) {
            let done = match analysis {
                Ok(a) => engine.analyze(id, &a, &mut out, || {
                    if pending.is_none() {
                        pending = input.try_recv().ok();
                    }
                    pending.is_some()
                }),
                Err(e) => {
                    let id = id.map(|i| i.to_string()).unwrap_or_default();
                    write!(out, "?{id} {e}\n\n").and_then(|()| out.flush())
                }
            };
            if done.is_err() {
                break;
            }
            continue;
        }
        let reply = engine.handle_line(&line);
        // What the engine notes (rules it could not read) goes to standard error,
        // as GTP engines log.
        for note in engine.take_notes() {
            eprintln!("go_gtp: {note}");
        }
        if let Some(reply) = reply
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

/// A GTP line's id, command and arguments (comments and control characters
/// dropped as `Engine::handle_line` drops them).
fn split(line: &str) -> (Option<u64>, &str, Vec<&str>) {
    let line = line.split('#').next().unwrap_or("");
    let mut words = line.split_whitespace();
    let first = words.next().unwrap_or("");
    match first.parse::<u64>() {
        Ok(id) => (Some(id), words.next().unwrap_or(""), words.collect()),
        Err(_) => (None, first, words.collect()),
    }
}

fn exit_usage(problem: &str) -> ! {
    eprintln!(
        "go_gtp: {problem}\nusage: go_gtp [--rules NAME] [--level L | --playouts N | --seconds S] [--seed N] [--resign P] [--resign-turns T] [--threads N]"
    );
    std::process::exit(2);
}
