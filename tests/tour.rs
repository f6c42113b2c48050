//! The tour (`examples/tour.rs`): finishes, prints a summary line per game, gives the
//! same output for the same seed, and refuses unknown arguments.

use std::path::PathBuf;
use std::process::Command;

/// The example binary, built by `cargo test` next to the test executables.
fn tour() -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    let bin = exe
        .parent()?
        .parent()?
        .join("examples")
        .join(if cfg!(windows) { "tour.exe" } else { "tour" });
    bin.exists().then_some(bin)
}

fn run(args: &[&str]) -> (bool, String) {
    let out = Command::new(tour().unwrap()).args(args).output().unwrap();
    (out.status.success(), String::from_utf8(out.stdout).unwrap())
}

#[test]
fn the_tour_is_reproducible_and_complete() {
    if tour().is_none() {
        eprintln!("SKIPPED: examples/tour was not built");
        return;
    }
    let (ok, first) = run(&["--seed", "3"]);
    assert!(ok);
    let (_, second) = run(&["--seed", "3"]);
    assert_eq!(first, second, "same seed, same output");
    assert!(first.contains("== summary (seed 3) =="));
    let summary = first
        .lines()
        .find(|l| l.starts_with("go_core"))
        .expect("a summary line for Go");
    assert!(summary.contains("result "), "{summary}");
    assert!(first.contains("final position"));
    let oaq = first
        .lines()
        .find(|l| l.starts_with("o_an_quan"))
        .expect("a summary line for Ô ăn quan");
    assert!(oaq.contains("wins") || oaq.contains("draw"), "{oaq}");
    assert!(first.contains("step by step"), "a move's trace is shown");
    let hr = first
        .lines()
        .find(|l| l.starts_with("hoop_race"))
        .expect("a summary line for hoop race");
    assert!(hr.contains("wins"), "{hr}");
    assert!(first.contains("order of play (H9)"));
    let ts = first
        .lines()
        .find(|l| l.starts_with("trap_stones"))
        .expect("a summary line for trap stones");
    assert!(ts.contains("no-referee check passed"), "{ts}");
    let tw = first
        .lines()
        .find(|l| l.starts_with("tarokk_war"))
        .expect("a summary line for tarokk war");
    assert!(tw.contains("battles"), "{tw}");
    assert!(
        first.contains("P2 sees:"),
        "the tour shows both players' views"
    );
    let (ok, only) = run(&["--seed", "3", "--game", "o_an_quan"]);
    assert!(ok);
    assert!(only.contains("Ô ăn quan") && !only.contains("go_core"));
    let (_, other) = run(&["--seed", "4", "--game", "go"]);
    assert_ne!(other, first);
    let (ok, _) = run(&["--game", "chess"]);
    assert!(!ok, "an unknown game is refused");
}
