//! Arbitrary text into the SGF reader: never a panic; whatever reads and replays
//! writes back out and reads again to the same game.
#![no_main]

use go_core::Rules;
use go_core::sgf::{Collection, SgfGame};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    // The one-pass reader agrees with the tree reader. On malformed text both fail,
    // though not always with the same error: the one-pass reader reports the first
    // problem it meets, which may be a bad value in the main line before a syntax
    // error further on.
    let tree = Collection::parse(&text);
    let first = SgfGame::read(&text);
    match &tree {
        Ok(c) if !c.roots.is_empty() => {
            assert_eq!(SgfGame::from_collection(c, c.roots[0]), first);
        }
        Ok(_) => assert!(first.is_err()),
        Err(_) => assert!(first.is_err()),
    }
    if let Ok(records) = SgfGame::read_all(&text) {
        for record in records.iter().take(4) {
            let _ = record.rules_hint();
            if let Ok(game) = record.replay(Rules::default()) {
                let written = SgfGame::from_game(&game).to_sgf();
                let again = SgfGame::read(&written).expect("our own SGF reads back");
                let replayed = again.replay(Rules::default()).expect("and replays");
                assert_eq!(replayed, game);
                let _ = game.score();
            }
        }
    }
});
