//! The GTP engine's request loop (`tabletop::gtp::Engine::handle_line`), under
//! every Go preset with a tiny playout budget, fed arbitrary lines and typed
//! commands. The input is text up to its first NUL byte, split at newlines and
//! sent line by line (the seeds are GTP sessions), then typed bytes: the preset,
//! the budget (1 to 20 playouts) and the seed, and after each line of text, and
//! then to the end, a line built from typed choices (every known command name,
//! colours, vertices, numbers, SGF text to load). Every line that is
//! not empty or a comment is answered; every answer starts with `=` or `?` (the
//! command's id after it, if it had one), ends with a blank line and has no blank
//! line before that (GTP's end of a response); nothing panics.
//!
//! What a line may make the engine do is kept small and local: time given by
//! `time_settings` and `time_left` is cut to a few hundredths of a second (a clock
//! makes `genmove` think for its time, not the tiny budget), and `loadsgf` reads
//! only a file this target writes from the input (never a path the input names).
#![no_main]

use std::path::PathBuf;
use std::sync::OnceLock;

use arbitrary::{Arbitrary, Unstructured};
use go_core::{Color, Point, Rules};
use libfuzzer_sys::fuzz_target;
use tabletop::bot::Budget;
use tabletop::gtp::{COMMANDS, Engine, Thinking};
use tabletop_fuzz::pick;

#[derive(Debug, Arbitrary)]
enum Arg {
    Color(Color),
    Vertex(Point),
    Pass,
    Int(i16),
    Half(i16),
    Text(String),
}

#[derive(Debug, Arbitrary)]
enum Line {
    /// Raw text, split at newlines.
    Text(String),
    /// A known command (by index) with typed arguments.
    Command { id: Option<u16>, command: u8, args: Vec<Arg> },
    /// `loadsgf` of this SGF text, up to a move number.
    LoadSgf { sgf: String, upto: Option<u8> },
}

/// The file `loadsgf` reads: this process's own.
fn sgf_path() -> &'static PathBuf {
    static PATH: OnceLock<PathBuf> = OnceLock::new();
    PATH.get_or_init(|| std::env::temp_dir().join(format!("tabletop_gtp_fuzz_{}.sgf", std::process::id())))
}

/// `line` as the engine will read it, with clock times cut to 0.03 s and any
/// `loadsgf` path replaced by this target's own file.
fn tame(line: &str) -> String {
    // GTP's own cleaning (the engine does the same): control characters but tab
    // dropped, tabs as spaces, comments cut.
    let cleaned: String =
        line.chars().filter(|c| !c.is_control() || *c == '\t').map(|c| if c == '\t' { ' ' } else { c }).collect();
    let cleaned = cleaned.split('#').next().unwrap_or("");
    let mut words: Vec<String> = cleaned.split_whitespace().map(str::to_string).collect();
    let at = usize::from(words.first().is_some_and(|w| w.parse::<u64>().is_ok()));
    let Some(command) = words.get(at).cloned() else {
        return cleaned.to_string();
    };
    let cut = |w: &mut String| {
        if w.parse::<f64>().is_ok_and(|t| t.is_finite() && t > 0.03) {
            *w = "0.03".to_string();
        }
    };
    match command.as_str() {
        "time_settings" => words.iter_mut().skip(at + 1).take(2).for_each(cut),
        "time_left" => words.iter_mut().skip(at + 2).take(1).for_each(cut),
        "loadsgf" => {
            if let Some(path) = words.get_mut(at + 1) {
                *path = sgf_path().display().to_string();
            }
        }
        _ => return cleaned.to_string(),
    }
    words.join(" ")
}

/// Sends `line`, checking the answer's shape.
fn send(engine: &mut Engine, line: &str) {
    let line = tame(line);
    let reply = engine.handle_line(&line);
    let cleaned: String = line.chars().filter(|c| !c.is_control() || *c == '\t').collect();
    let blank = cleaned.split('#').next().unwrap_or("").trim().is_empty();
    let Some(reply) = reply else {
        assert!(blank, "no answer to {line:?}");
        return;
    };
    assert!(!blank, "an answer to an empty line {line:?}: {reply:?}");
    assert!(reply.starts_with('=') || reply.starts_with('?'), "{line:?} answered {reply:?}");
    assert!(reply.ends_with("\n\n"), "{line:?} answered without the blank line: {reply:?}");
    let body = &reply[..reply.len() - 2];
    assert!(!body.contains("\n\n"), "{line:?} answered with a blank line inside: {reply:?}");
    assert!(!body.ends_with('\n'), "{line:?} answered with a blank line too many: {reply:?}");
}

fuzz_target!(|data: &[u8]| {
    // The input: lines of text (a GTP session, as the seeds are), then after a NUL
    // byte the engine's settings and the typed lines, one sent after each line of
    // text and the rest after the last.
    let (text, typed) = match data.iter().position(|&b| b == 0) {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (data, &[][..]),
    };
    let mut u = Unstructured::new(typed);
    let preset = u8::arbitrary(&mut u).unwrap_or(0);
    let playouts = u8::arbitrary(&mut u).unwrap_or(0);
    let seed = u64::arbitrary(&mut u).unwrap_or(1);
    let name = pick(Rules::PRESETS, usize::from(preset)).expect("presets");
    let rules = Rules::preset(name).expect("a listed preset");
    let thinking = Thinking { budget: Budget::playouts(1 + u64::from(playouts % 20)), seed, ..Thinking::default() };
    let mut engine = Engine::new(rules, thinking);
    for raw in text.split(|&b| b == b'\n') {
        send(&mut engine, &String::from_utf8_lossy(raw));
        if let Ok(line) = Line::arbitrary(&mut u) {
            typed_line(&mut engine, line);
        }
    }
    while let Ok(line) = Line::arbitrary(&mut u) {
        typed_line(&mut engine, line);
        if u.is_empty() {
            break;
        }
    }
});

/// Sends a typed line.
fn typed_line(engine: &mut Engine, line: Line) {
    match line {
        Line::Text(text) => {
            for piece in text.split('\n') {
                send(engine, piece);
            }
        }
        Line::Command { id, command, args } => {
            let mut words: Vec<String> = id.map(|i| i.to_string()).into_iter().collect();
            words.push(COMMANDS[usize::from(command) % COMMANDS.len()].to_string());
            for arg in args {
                words.push(match arg {
                    Arg::Color(c) => c.to_string(),
                    Arg::Vertex(p) => p.to_string(),
                    Arg::Pass => "pass".into(),
                    Arg::Int(n) => n.to_string(),
                    Arg::Half(n) => format!("{}", f64::from(n) / 2.0),
                    Arg::Text(t) => t,
                });
            }
            send(engine, &words.join(" "));
        }
        Line::LoadSgf { sgf, upto } => {
            if std::fs::write(sgf_path(), sgf.as_bytes()).is_err() {
                return;
            }
            let line = match upto {
                Some(n) => format!("loadsgf {} {n}", sgf_path().display()),
                None => format!("loadsgf {}", sgf_path().display()),
            };
            send(engine, &line);
        }
    }
}
