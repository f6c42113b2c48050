//! Arbitrary JSON into a `Game`: a corrupt game is an error, never a panic or a
//! broken invariant; what deserialises serialises back to the same game.
#![no_main]

use go_core::Game;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(game) = serde_json::from_slice::<Game>(data) {
        let json = serde_json::to_string(&game).expect("a game serialises");
        let back: Game = serde_json::from_str(&json).expect("and reads back");
        assert_eq!(back, game);
        let _ = game.legal_moves();
    }
});
