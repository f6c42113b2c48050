//! The GTP example (`examples/go_gtp.rs`) through a pipe, as a GUI drives it.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// The example binary, built by `cargo test` next to the test executables.
fn example_binary() -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    let dir = exe.parent()?.parent()?.join("examples");
    let bin = dir.join(if cfg!(windows) {
        "go_gtp.exe"
    } else {
        "go_gtp"
    });
    bin.exists().then_some(bin)
}

#[test]
fn the_example_speaks_gtp_through_a_pipe() {
    let Some(bin) = example_binary() else {
        eprintln!("SKIPPED: examples/go_gtp was not built");
        return;
    };
    let mut child = Command::new(bin)
        .args(["--rules", "chinese", "--seed", "5", "--playouts", "300"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let input =
        "boardsize 9\nplay b E5\nplay w E5\n\u{1}garbage \u{7f}\ngenmove w\nfinal_score\nquit\n";
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let replies: Vec<&str> = text.split("\n\n").filter(|r| !r.is_empty()).collect();
    assert_eq!(replies.len(), 7, "{text}");
    assert_eq!(replies[2], "? illegal move (E5 is occupied)");
    assert_eq!(replies[3], "? unknown command");
    assert!(replies[4].starts_with("= "));
    assert!(out.status.success());
}
