//! The terminal player (`examples/play.rs`) driven as a person would drive it: in a
//! real terminal (tmux), typing commands, a bad move, legal moves and undo, and
//! reading the screen. Says SKIPPED when tmux is missing.

use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

fn play_binary() -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    let bin = exe.parent()?.parent()?.join("examples").join("play");
    bin.exists().then_some(bin)
}

/// A tmux session on a private server, killed when dropped.
struct Pane {
    socket: String,
}

impl Pane {
    fn start(args: &[&str]) -> Option<Pane> {
        let bin = play_binary()?;
        let ok = Command::new("tmux")
            .arg("-V")
            .output()
            .is_ok_and(|o| o.status.success());
        if !ok {
            return None;
        }
        let socket = format!("tabletop-play-{}-{}", std::process::id(), args[0]);
        let mut cmd = vec![bin.to_string_lossy().into_owned()];
        cmd.extend(args.iter().map(|a| a.to_string()));
        // Keep the pane after the program ends, so its last screen can be read.
        let shell = format!("{}; echo '[exited]'; sleep 30", cmd.join(" "));
        let status = Command::new("tmux")
            .args([
                "-L",
                &socket,
                "new-session",
                "-d",
                "-x",
                "150",
                "-y",
                "50",
                &shell,
            ])
            .env("TERM", "xterm-256color")
            .env_remove("NO_COLOR")
            .status()
            .ok()?;
        status.success().then_some(Pane { socket })
    }

    fn tmux(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .args(["-L", &self.socket])
            .args(args)
            .output()
            .expect("tmux runs");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    fn type_line(&self, text: &str) {
        self.tmux(&["send-keys", "-l", text]);
        self.tmux(&["send-keys", "Enter"]);
    }

    /// The screen and its scroll-back, as text (or with colour codes).
    fn screen(&self, colours: bool) -> String {
        let mut args = vec!["capture-pane", "-p", "-S", "-3000"];
        if colours {
            args.push("-e");
        }
        self.tmux(&args)
    }

    /// Waits until the screen shows `text` `count` times; returns the screen.
    fn wait_for(&self, text: &str, count: usize) -> String {
        let start = Instant::now();
        loop {
            let s = self.screen(false);
            if s.matches(text).count() >= count {
                return s;
            }
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "waited for {count} × {text:?}; the screen:\n{s}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Pane {
    fn drop(&mut self) {
        self.tmux(&["kill-server"]);
    }
}

/// The first move of the last "legal moves:" line on the screen.
fn first_listed(screen: &str) -> String {
    screen
        .lines()
        .rev()
        .find_map(|l| l.split("legal moves: ").nth(1))
        .and_then(|l| l.split_whitespace().next())
        .expect("the legal moves were listed")
        .to_string()
}

/// Runs a scripted session: each step types a line and waits for a text.
fn session(args: &[&str], steps: &[(&str, &str)]) -> Option<Pane> {
    let Some(pane) = Pane::start(args) else {
        eprintln!("SKIPPED: tmux or examples/play is missing");
        return None;
    };
    let mut prompts = 1;
    pane.wait_for("your move>", prompts);
    for (line, expect) in steps {
        pane.type_line(line);
        let screen = pane.wait_for(expect, 1);
        if *line != "quit" {
            prompts += 1;
            pane.wait_for("your move>", prompts);
        }
        let _ = screen;
    }
    Some(pane)
}

#[test]
fn go_in_a_terminal() {
    let Some(pane) = session(
        &["go", "--seed", "3", "--level", "1"],
        &[
            ("moves", "legal moves: A1 B1 C1"),
            ("Z99", "can't play \"Z99\""),
            ("E5", "you play E5"),
            ("E5", "can't play \"E5\": "),
            ("undo", "took back your last move"),
            ("D4", "you play D4"),
        ],
    ) else {
        return;
    };
    let screen = pane.screen(false);
    assert!(screen.contains("player 1 plays"), "{screen}");
    pane.type_line("quit");
    pane.wait_for("bye", 1);
    pane.wait_for("[exited]", 1);
}

#[test]
fn o_an_quan_in_a_terminal() {
    let Some(pane) = session(
        &["o_an_quan", "--rules", "common", "--level", "1"],
        &[
            ("help", "Type a move"),
            ("B1R", "can't play \"B1R\": B1 belongs to B"),
            ("3R", "you play A3R"),
            ("undo", "took back your last move"),
            ("2L", "you play A2L"),
        ],
    ) else {
        return;
    };
    let screen = pane.screen(false);
    assert!(
        screen.contains("player 1 plays"),
        "the bot answers: {screen}"
    );
    assert!(
        screen.contains("A1  A2  A3  A4  A5"),
        "the board is drawn: {screen}"
    );
    pane.type_line("quit");
    pane.wait_for("[exited]", 1);
}

#[test]
fn hoop_race_in_a_terminal() {
    let Some(pane) = session(
        &["hoop_race", "--seed", "5", "--level", "1"],
        &[("moves", "legal moves: "), ("A9+9", "can't play \"A9+9\"")],
    ) else {
        return;
    };
    let screen = pane.screen(false);
    assert!(
        screen.contains("chance: "),
        "the sticks are thrown: {screen}"
    );
    // Play the first legal move shown.
    let listed = first_listed(&screen);
    pane.type_line(&listed);
    pane.wait_for(&format!("you play {listed}"), 1);
    pane.type_line("quit");
    pane.wait_for("[exited]", 1);
}

#[test]
fn trap_stones_in_a_terminal() {
    // The human chooses its own trap, in secret; the bot chooses its own.
    let Some(pane) = session(
        &["trap_stones", "--seed", "2", "--level", "1"],
        &[
            ("moves", "legal moves: trap a1"),
            ("e99", "can't play \"e99\""),
            ("trap e5", "you play trap e5"),
        ],
    ) else {
        return;
    };
    let screen = pane.screen(false);
    assert!(
        screen.contains("player 1 decided in secret"),
        "the bot's trap stays hidden: {screen}"
    );
    assert!(
        screen.contains('^'),
        "the human sees its own trap: {screen}"
    );
    let first = first_listed(&screen);
    pane.type_line(&first);
    pane.wait_for(&format!("you play {first}"), 1);
    pane.type_line("quit");
    pane.wait_for("[exited]", 1);
}

#[test]
fn tarokk_war_in_a_terminal() {
    let Some(pane) = session(
        &["tarokk_war", "--seed", "3", "--level", "1"],
        &[
            ("moves", "legal moves: "),
            ("kék 9", "can't play \"kék 9\""),
        ],
    ) else {
        return;
    };
    let screen = pane.screen(false);
    assert!(screen.contains("hand 1:"), "{screen}");
    let first = first_listed(&screen);
    pane.type_line(&first);
    pane.wait_for(&format!("you play {first}"), 1);
    pane.type_line("quit");
    pane.wait_for("[exited]", 1);
}

#[test]
fn unknown_games_and_arguments_are_refused() {
    let Some(bin) = play_binary() else {
        eprintln!("SKIPPED: examples/play is missing");
        return;
    };
    for args in [
        vec!["chess"],
        vec![],
        vec!["go", "--seed", "x"],
        vec!["go", "--rules", "nope"],
    ] {
        let out = Command::new(&bin).args(&args).output().unwrap();
        assert!(!out.status.success(), "{args:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("usage"),
            "{args:?}"
        );
    }
}
