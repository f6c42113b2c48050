//! Arbitrary text as a board (ring notation), a move, a square, a player, a rules
//! preset, and arbitrary JSON as a game, setup or position: errors, never panics;
//! what reads writes back the same.
#![no_main]

use libfuzzer_sys::fuzz_target;
use o_an_quan::{Board, Game, Move, Player, Position, Rules, Setup, Square};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = core::str::from_utf8(data) else {
        return;
    };
    if let Ok(board) = text.parse::<Board>() {
        let again: Board = board.ring().to_string().parse().expect("ring notation reads back");
        assert_eq!(again, board);
        let _ = board.to_string();
    }
    if let Ok(mv) = text.parse::<Move>() {
        assert_eq!(mv.to_string().parse::<Move>(), Ok(mv));
    }
    if let Ok(sq) = text.parse::<Square>() {
        assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
    }
    let _ = text.parse::<Player>();
    let _ = Rules::preset(text);
    if let Ok(game) = serde_json::from_str::<Game>(text) {
        let json = serde_json::to_string(&game).expect("a game serialises");
        let back: Game = serde_json::from_str(&json).expect("and reads back");
        assert_eq!(back, game);
        let _ = game.legal_moves();
    }
    if let Ok(setup) = serde_json::from_str::<Setup>(text) {
        let json = serde_json::to_string(&setup).expect("a setup serialises");
        let back: Setup = serde_json::from_str(&json).expect("and reads back");
        assert_eq!(back, setup);
        let rules = Rules::default()
            .with_players(setup.board.players() as u8)
            .with_row_len(setup.board.row_len() as u8);
        if let Ok(game) = Game::new(rules, setup) {
            let _ = game.legal_moves();
        }
    }
    if let Ok(pos) = serde_json::from_str::<Position>(text) {
        let json = serde_json::to_string(&pos).expect("a position serialises");
        let back: Position = serde_json::from_str(&json).expect("and reads back");
        assert_eq!(back, pos);
    }
    if let Ok(game) = Game::new(Rules::default(), Setup::default()) {
        let _ = game.parse_move(text);
    }
});
