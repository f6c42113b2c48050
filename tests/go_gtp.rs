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

/// The analysis commands in the exact forms GUIs send them (Lizzie's
/// `lz-analyze 10`, Sabaki's `lz-analyze B 50`, KataGo-minded clients'
/// `kata-analyze B interval 20 ownership false`, LizGoban's `kata-analyze
/// ownership true interval 10 minmoves 30`): the engine answers `=` at once,
/// writes `info` lines until the next command arrives, then ends the response
/// with an empty line and answers that command; `kata-genmove_analyze` reports
/// while it thinks and ends with `play MOVE`.
#[test]
fn analysis_runs_until_the_next_command_as_guis_send_it() {
    use std::io::{BufRead, BufReader};
    use std::time::{Duration, Instant};
    let Some(bin) = example_binary() else {
        eprintln!("SKIPPED: examples/go_gtp was not built");
        return;
    };
    let mut child = Command::new(bin)
        .args(["--rules", "chinese", "--seed", "5", "--playouts", "400"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut say = |line: &str| {
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
    };
    // Reads one response: the lines up to the empty one that ends it.
    let mut response = || {
        let mut lines = Vec::new();
        loop {
            let mut line = String::new();
            assert!(
                stdout.read_line(&mut line).unwrap() > 0,
                "the engine closed"
            );
            let line = line.trim_end().to_string();
            if line.is_empty() {
                return lines;
            }
            lines.push(line);
        }
    };
    say("boardsize 9");
    assert_eq!(response(), ["="]);
    say("play b E5");
    assert_eq!(response(), ["="]);
    for (command, kata) in [
        ("lz-analyze 10", false),
        ("lz-analyze B 50", false),
        ("kata-analyze B interval 20 ownership false", true),
        ("kata-analyze ownership true interval 10 minmoves 30", true),
    ] {
        let start = Instant::now();
        say(command);
        std::thread::sleep(Duration::from_millis(700));
        say("name");
        let lines = response();
        assert_eq!(lines[0], "=", "{command}: {lines:?}");
        let reports = &lines[1..];
        assert!(!reports.is_empty(), "{command}: no report");
        for r in reports {
            assert!(r.starts_with("info move "), "{command}: {r}");
            let fields: Vec<&str> = r.split_whitespace().collect();
            for key in ["visits", "winrate", "prior", "lcb", "order", "pv"] {
                assert!(fields.contains(&key), "{command}: no {key} in {r}");
            }
            if kata {
                for key in ["scoreLead", "scoreMean", "utility"] {
                    assert!(fields.contains(&key), "{command}: no {key} in {r}");
                }
                let winrate: f64 = fields[fields.iter().position(|f| *f == "winrate").unwrap() + 1]
                    .parse()
                    .unwrap();
                assert!((0.0..=1.0).contains(&winrate), "{r}");
            } else {
                let winrate: u32 = fields[fields.iter().position(|f| *f == "winrate").unwrap() + 1]
                    .parse()
                    .unwrap();
                assert!(winrate <= 10_000, "{r}");
            }
            if command.contains("ownership true") {
                let at = fields
                    .iter()
                    .position(|f| *f == "ownership")
                    .expect("ownership");
                assert_eq!(fields.len() - at - 1, 81, "{r}");
            }
            if command.contains("minmoves 30") {
                assert!(fields.iter().filter(|f| **f == "info").count() >= 30, "{r}");
            }
        }
        // White is to move: every move listed is White's, and legal.
        assert!(!reports[0].contains("move E5 "), "{}", reports[0]);
        // The next command was answered once the analysis ended.
        assert_eq!(response(), ["= go_core"], "{command}");
        assert!(start.elapsed() < Duration::from_secs(10));
    }
    // The analysis left the game as it was: White is still to move.
    say("kata-genmove_analyze w 10");
    let lines = response();
    assert_eq!(lines[0], "=");
    let last = lines.last().unwrap();
    assert!(last.starts_with("play "), "{lines:?}");
    assert!(
        lines[1..lines.len() - 1]
            .iter()
            .all(|l| l.starts_with("info move "))
    );
    say("lz-genmove_analyze b 10");
    let lines = response();
    assert!(lines.last().unwrap().starts_with("play "), "{lines:?}");
    say("list_stones white");
    assert_eq!(response().len(), 1);
    say("quit");
    assert_eq!(response(), ["="]);
    assert!(child.wait().unwrap().success());
}
