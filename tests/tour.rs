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
    let (ok, first) = run(&["--seed", "3", "--level", "1"]);
    assert!(ok);
    let (_, second) = run(&["--seed", "3", "--level", "1"]);
    assert_eq!(first, second, "same seed, same output");
    for name in [
        "=== Go ===",
        "=== O an quan ===",
        "=== Hoop race",
        "=== Trap stones ===",
        "=== Tarokk war ===",
    ] {
        assert!(first.contains(name), "{name} is missing");
    }
    assert_eq!(first.matches("returns [").count(), 5, "every game ends");
    assert!(
        first.contains("The end as player 1 sees it"),
        "the tour shows both players' views where information is hidden"
    );
    assert!(first.contains("(hidden)"), "secret decisions stay secret");
    let (ok, only) = run(&["--seed", "3", "--game", "o_an_quan", "--level", "1"]);
    assert!(ok);
    assert!(only.contains("=== O an quan ===") && !only.contains("=== Go ==="));
    let (_, other) = run(&["--seed", "4", "--game", "go", "--level", "1"]);
    assert!(!first.contains(&other), "another seed, another game");
    let (ok, _) = run(&["--game", "chess"]);
    assert!(!ok, "an unknown game is refused");
}
