//! The shared collection of real game records (`../shared/data/go-sgf`, or the
//! directory in `GO_SGF_DIR`), for the tests that read it. The data is not part
//! of the project: without it those tests say so and pass.

use std::path::PathBuf;

/// The records' paths, sorted; `None` (after saying so) when the collection is
/// absent.
pub fn sgf_files() -> Option<Vec<PathBuf>> {
    let dir = match std::env::var_os("GO_SGF_DIR") {
        Some(d) => PathBuf::from(d),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/go-sgf"),
    };
    if !dir.is_dir() {
        eprintln!("SKIPPED: no SGF collection (set GO_SGF_DIR or provide ../shared/data/go-sgf)");
        return None;
    }
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "sgf"))
        .collect();
    files.sort();
    Some(files)
}
