//! go_core's SGF reader against another, the `sgf-parse` crate, on any input
//! that both read (go_core strictly, as `sgf-parse` holds to the grammar): the
//! same main line of moves, colour and point. Also any input as bytes in a
//! declared character set: never a panic.
#![no_main]

use go_core::sgf::{Reading, SgfGame};
use go_core::{Color, Move};
use libfuzzer_sys::fuzz_target;

/// A move as both readers can state it: colour, and the SGF column and row from
/// the top (`None` for a pass).
type Plain = (Color, Option<(u8, u8)>);

fn theirs(text: &str) -> Option<Vec<Plain>> {
    use sgf_parse::go::{Move as TheirMove, Prop};
    let roots = sgf_parse::go::parse(text).ok()?;
    let mut out = Vec::new();
    for node in roots.first()?.main_variation() {
        for prop in node.properties() {
            let (color, mv) = match prop {
                Prop::B(mv) => (Color::Black, mv),
                Prop::W(mv) => (Color::White, mv),
                _ => continue,
            };
            out.push((color, match mv {
                TheirMove::Pass => None,
                TheirMove::Move(p) => Some((p.x, p.y)),
            }));
        }
    }
    Some(out)
}

fn ours(g: &SgfGame) -> Vec<Plain> {
    let height = g.setup.height;
    let point = |mv: Move| match mv {
        Move::Play(p) => Some((p.col(), height - 1 - p.row())),
        _ => None,
    };
    g.moves.iter().map(|m| (m.color, point(m.mv))).collect()
}

fuzz_target!(|data: &[u8]| {
    let _ = SgfGame::read_bytes(data);
    let Ok(text) = std::str::from_utf8(data) else { return };
    let (Ok(g), Some(them)) = (SgfGame::read_with(text, Reading::Strict), theirs(text)) else {
        return;
    };
    let us = ours(&g);
    // `sgf-parse` reads `[tt]` as a point, go_core as a pass on boards up to 19×19.
    let alike = us.len() == them.len()
        && us.iter().zip(&them).all(|(a, b)| {
            a.0 == b.0 && (a.1 == b.1 || (a.1.is_none() && b.1 == Some((19, 19))))
        });
    assert!(alike, "main lines differ on {text:?}: {us:?} against {them:?}");
});
