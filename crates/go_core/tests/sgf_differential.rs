//! go_core's SGF reader against another, the `sgf-parse` crate, on every record
//! of the shared collection: where both read a record, they find the same main
//! line of moves. (`fuzz/fuzz_targets/go_core_sgf_differential.rs` does the same
//! on any input.)

mod real_data;

use go_core::sgf::{Reading, SgfGame};
use go_core::{Color, Move};

/// A move as both readers can state it: colour, and the SGF column and row from
/// the top (`None` for a pass).
type Plain = (Color, Option<(u8, u8)>);

/// The main line's moves as `sgf-parse` reads them.
fn their_moves(text: &str) -> Option<Vec<Plain>> {
    use sgf_parse::go::{Move as TheirMove, Prop};
    let roots = sgf_parse::go::parse(text).ok()?;
    let root = roots.first()?;
    let mut out = Vec::new();
    for node in root.main_variation() {
        for prop in node.properties() {
            let (color, mv) = match prop {
                Prop::B(mv) => (Color::Black, mv),
                Prop::W(mv) => (Color::White, mv),
                _ => continue,
            };
            out.push((
                color,
                match mv {
                    TheirMove::Pass => None,
                    TheirMove::Move(p) => Some((p.x, p.y)),
                },
            ));
        }
    }
    Some(out)
}

/// The same of go_core's record (`tt` on boards up to 19×19 is a pass in both).
fn our_moves(g: &SgfGame) -> Vec<Plain> {
    let height = g.setup.height;
    g.moves
        .iter()
        .map(|m| {
            (
                m.color,
                match m.mv {
                    Move::Play(p) => Some((p.col(), height - 1 - p.row())),
                    _ => None,
                },
            )
        })
        .collect()
}

/// `sgf-parse` reads `[tt]` as a point; go_core as a pass on boards up to 19×19.
fn same(ours: &[Plain], theirs: &[Plain]) -> bool {
    ours.len() == theirs.len()
        && ours
            .iter()
            .zip(theirs)
            .all(|(a, b)| a.0 == b.0 && (a.1 == b.1 || (a.1.is_none() && b.1 == Some((19, 19)))))
}

#[test]
fn both_readers_find_the_same_main_line_in_every_real_record() {
    let Some(files) = real_data::sgf_files() else {
        return;
    };
    let (mut both, mut differ) = (0, Vec::new());
    for path in &files {
        let text = String::from_utf8_lossy(&std::fs::read(path).unwrap()).into_owned();
        let (Ok(ours), Some(theirs)) = (
            SgfGame::read_with(&text, Reading::Strict),
            their_moves(&text),
        ) else {
            continue;
        };
        both += 1;
        if !same(&our_moves(&ours), &theirs) {
            differ.push(path.display().to_string());
        }
    }
    eprintln!("{both} records read by both readers");
    assert!(both >= 2000, "only {both} records read by both");
    assert!(differ.is_empty(), "main lines differ: {differ:?}");
}

#[test]
fn constructed_records_read_alike() {
    for text in [
        "(;GM[1]FF[4]SZ[9];B[ee];W[];B[aa](;W[bb])(;W[cc]))",
        "(;GM[1]SZ[19]AB[dd][pp];W[tt];B[pd]C[a \\] b])",
        "(;GM[1]SZ[13:9];B[ab];W[ma])",
    ] {
        let ours = SgfGame::read_with(text, Reading::Strict).unwrap();
        let theirs = their_moves(text).unwrap();
        assert!(
            same(&our_moves(&ours), &theirs),
            "{text}: {:?} {theirs:?}",
            our_moves(&ours)
        );
    }
}
