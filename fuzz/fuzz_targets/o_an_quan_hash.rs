//! Ô ăn quan's repetition hash (ruling Q9) kept move by move, against one computed
//! from scratch. Typed games (both presets, small options varied, a move limit
//! often) with listed and arbitrary moves, undos, restarts, and resumptions from
//! `Game::position_setup` (whose history carries the earlier turns); after every
//! step, while the game goes on, the running hash equals the hash of the position
//! computed from scratch (`Position::repetition_hash`), every turn's recorded hash
//! equals that of the position that started the turn (kept by this target), and
//! `occurrences` equals a count of equal positions among those turns.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use o_an_quan::{Board, EndRule, Game, Move, Player, Position, Rules, Setup};
use tabletop_fuzz::pick;

#[derive(Debug, Arbitrary)]
enum Step {
    Listed(u8),
    Try(Move),
    Undo(u8),
    Restart,
    Resume,
}

#[derive(Debug, Arbitrary)]
struct Options {
    players: u8,
    row: u8,
    start_stones: u8,
    young_quan: Option<u8>,
    quan_captured_ends: bool,
    move_limit: Option<u8>,
}

#[derive(Debug, Arbitrary)]
struct Input {
    preset: u8,
    options: Option<Options>,
    first: Player,
    steps: Vec<Step>,
}

/// The game's hashes against those of `turns`, the positions that started each
/// turn (the setup's history first).
fn check(game: &Game, turns: &[Position]) {
    for (t, pos) in turns.iter().enumerate() {
        assert_eq!(game.turn_repetition_hash(t), Some(pos.repetition_hash()), "turn {t}'s hash");
    }
    if game.is_over() {
        assert_eq!(game.running_repetition_hash(), None);
        return;
    }
    let now = game.position();
    assert_eq!(turns.last(), Some(now), "the turn's position");
    assert_eq!(game.turn_repetition_hash(turns.len()), None, "a turn too many");
    assert_eq!(game.running_repetition_hash(), Some(now.repetition_hash()), "the running hash drifted:\n{game}");
    let equal = turns.iter().filter(|&p| p == now).count() as u32;
    assert_eq!(game.occurrences(), equal, "the repetition count");
}

fuzz_target!(|input: Input| {
    let name = pick(Rules::PRESETS, usize::from(input.preset)).expect("presets");
    let preset = Rules::preset(name).expect("a listed preset");
    let rules = match &input.options {
        None => preset,
        Some(o) => {
            let varied = preset
                .with_players(2 + o.players % 3)
                .with_row_len(1 + o.row % 12)
                .with_start_stones(1 + o.start_stones % 6)
                .with_young_quan(o.young_quan.map(|m| 1 + m % 20))
                .with_end_rule(if o.quan_captured_ends { EndRule::QuanCaptured } else { EndRule::QuanSquaresEmpty })
                .with_move_limit(o.move_limit.map(|m| 1 + u32::from(m)));
            if varied.validate().is_ok() { varied } else { preset }
        }
    };
    let first = Player::new(input.first.index() % rules.players()).expect("a seat");
    let mut game = Game::new(rules, Setup::new(Board::new(&rules), first)).expect("the standard start");
    let mut turns: Vec<Position> = game.setup().history.clone();
    if !game.is_over() {
        turns.push(game.position().clone());
    }
    check(&game, &turns);
    for step in input.steps {
        let prior = game.setup().history.len();
        match step {
            Step::Listed(k) => {
                let Some(mv) = pick(&game.legal_moves(), usize::from(k)) else { continue };
                game.play(mv).unwrap_or_else(|e| panic!("listed {mv} did not play: {e}"));
                if !game.is_over() {
                    turns.push(game.position().clone());
                }
            }
            Step::Try(mv) => {
                if game.play(mv).is_ok() && !game.is_over() {
                    turns.push(game.position().clone());
                }
            }
            Step::Undo(n) => {
                let n = usize::from(n % 4).min(game.move_count());
                game.undo_many(n).expect("no more than were played");
                turns.truncate(prior + game.move_count());
                if !game.is_over() {
                    turns.push(game.position().clone());
                }
            }
            Step::Restart => {
                game.restart();
                turns.truncate(prior);
                if !game.is_over() {
                    turns.push(game.position().clone());
                }
            }
            Step::Resume => {
                let Some(setup) = game.position_setup() else { continue };
                assert_eq!(setup.history[..], turns[..turns.len() - 1], "the setup's history");
                game = Game::new(rules, setup).expect("a game's own position");
            }
        }
        check(&game, &turns);
    }
});
