//! Go's incremental Zobrist hash against one computed from scratch. Typed games
//! (every preset, small boards and sometimes 25×25, arbitrary setup stones) with
//! listed and arbitrary moves, undos and replays; after every step the game's hash
//! (`Game::hash`, kept move by move through captures, suicides and undo) equals the
//! hash of a board rebuilt from nothing but the stones now on it
//! (`Board::with_stones`, which places each stone once and never captures), the
//! rebuilt board equals the game's, and the situational hash equals that of a
//! fresh game set up with those stones and the player to move. Every hash a
//! position had is what undoing back to it gives again.
#![no_main]

use arbitrary::Arbitrary;
use go_core::{Board, Color, Game, Move, Point, Rules, Setup};
use libfuzzer_sys::fuzz_target;
use tabletop_fuzz::pick;

#[derive(Debug, Arbitrary)]
enum Step {
    Listed(u16),
    Try(Move),
    Undo(u8),
}

#[derive(Debug, Arbitrary)]
struct Input {
    preset: u8,
    width: u8,
    height: u8,
    stones: Vec<(Point, Color)>,
    to_move: Color,
    steps: Vec<Step>,
}

/// The game's hashes against ones computed from the stones alone.
fn check_from_scratch(game: &Game) {
    let board = game.board();
    let stones: Vec<(Point, Color)> = board.stones().collect();
    let rebuilt = Board::with_stones(board.width(), board.height(), &stones)
        .unwrap_or_else(|e| panic!("a position reached by play has a chain without liberties: {e}"));
    assert_eq!(rebuilt, *board, "the rebuilt board differs");
    assert_eq!(rebuilt.zobrist(), board.zobrist(), "the incremental hash drifted:\n{board}");
    assert_eq!(game.hash(), board.zobrist());
    let setup = Setup { stones, to_move: game.to_move(), ..Setup::new(board.width(), board.height()) };
    let fresh = Game::new(*game.rules(), setup).expect("the same position as a setup");
    assert_eq!(fresh.hash(), game.hash());
    assert_eq!(fresh.situational_hash(), game.situational_hash(), "the situational hash drifted");
}

fuzz_target!(|input: Input| {
    let name = pick(Rules::PRESETS, usize::from(input.preset)).expect("presets");
    let rules = Rules::preset(name).expect("a listed preset");
    let side = |b: u8| if b >= 250 { 25 } else { 1 + b % 9 };
    let (w, h) = (side(input.width), side(input.height));
    let stones: Vec<(Point, Color)> = input
        .stones
        .iter()
        .filter_map(|&(p, c)| Some((Point::new(p.col() % w, p.row() % h)?, c)))
        .collect();
    let setup = Setup { stones, to_move: input.to_move, ..Setup::new(w, h) };
    let mut game = match Game::new(rules, setup) {
        Ok(g) => g,
        Err(_) => Game::new(rules, Setup::new(w, h)).expect("an empty board of a valid size"),
    };
    check_from_scratch(&game);
    // The hash of each position so far, position 0 first.
    let mut hashes = vec![(game.hash(), game.situational_hash())];
    for step in input.steps {
        match step {
            Step::Listed(k) => {
                let Some(mv) = pick(&game.legal_moves(), usize::from(k)) else { continue };
                game.play(mv).unwrap_or_else(|e| panic!("listed {mv} did not play: {e}"));
            }
            Step::Try(mv) => {
                let before = (game.hash(), game.situational_hash());
                if game.play(mv).is_err() {
                    assert_eq!((game.hash(), game.situational_hash()), before);
                    continue;
                }
            }
            Step::Undo(n) => {
                let n = usize::from(n % 4).min(game.move_count());
                game.undo_many(n).expect("no more than were played");
                hashes.truncate(hashes.len() - n);
                assert_eq!(Some(&(game.hash(), game.situational_hash())), hashes.last(), "undo gave another hash");
                check_from_scratch(&game);
                continue;
            }
        }
        check_from_scratch(&game);
        hashes.push((game.hash(), game.situational_hash()));
        assert_eq!(hashes.len(), game.move_count() + 1);
    }
    // The record replays to the same hash.
    let replayed = game.record().replay().expect("a game's own record replays");
    assert_eq!(replayed.hash(), game.hash());
    assert_eq!(replayed.situational_hash(), game.situational_hash());
});
