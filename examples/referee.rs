//! Every game over JSON lines on stdin/stdout, for programs in other languages: a
//! thin main over [`tabletop::referee::Referee`]. The protocol is
//! `docs/referee.md`.
//!
//! ```text
//! cargo run --release --example referee
//! ```

fn main() {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    if let Err(e) = tabletop::referee::Referee::new().serve(stdin.lock(), stdout.lock()) {
        eprintln!("referee: {e}");
        std::process::exit(1);
    }
}
