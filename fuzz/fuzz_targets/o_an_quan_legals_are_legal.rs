//! Typed games of Ô ăn quan under both presets with small options varied (2 to 4
//! players, row length, young quan, end rule, a move limit), each step playing the
//! k-th listed legal move or trying an arbitrary move: every listed move passes
//! `check` and plays, the list has no duplicates and is empty exactly when the
//! game is over; an arbitrary move is accepted exactly when it is listed; a refused
//! move leaves the game and its position as they were, with the error `check`
//! gave; a finished game refuses everything.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use o_an_quan::{Board, Direction, EndRule, Game, Move, Player, Rules, Setup, Square};
use tabletop_fuzz::pick;

#[derive(Debug, Arbitrary)]
enum Step {
    Listed(u8),
    Try(Move),
}

#[derive(Debug, Arbitrary)]
struct Options {
    players: u8,
    row: u8,
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

fuzz_target!(|input: Input| {
    let name = pick(Rules::PRESETS, usize::from(input.preset)).expect("presets");
    let preset = Rules::preset(name).expect("a listed preset");
    let rules = match &input.options {
        None => preset,
        Some(o) => {
            let varied = preset
                .with_players(2 + o.players % 3)
                .with_row_len(1 + o.row % 12)
                .with_young_quan(o.young_quan.map(|m| 1 + m % 20))
                .with_end_rule(if o.quan_captured_ends { EndRule::QuanCaptured } else { EndRule::QuanSquaresEmpty })
                .with_move_limit(o.move_limit.map(|m| 1 + u32::from(m)));
            if varied.validate().is_ok() { varied } else { preset }
        }
    };
    let first = Player::new(input.first.index() % rules.players()).expect("a seat");
    let mut game = Game::new(rules, Setup::new(Board::new(&rules), first)).expect("the standard start");
    for step in input.steps {
        let legal = game.legal_moves();
        let mut sorted = legal.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), legal.len(), "duplicates in {legal:?}");
        assert_eq!(legal.is_empty(), game.is_over(), "a running game always has a move");
        for &mv in &legal {
            assert_eq!(game.check(mv), Ok(()), "listed {mv} refused by check");
        }
        let mv = match step {
            Step::Listed(k) => match pick(&legal, usize::from(k)) {
                Some(mv) => {
                    let mut traced = game.clone();
                    let report = game.play(mv).unwrap_or_else(|e| panic!("listed {mv} did not play: {e}"));
                    // Traced play is the same move.
                    assert_eq!(traced.play_traced(mv, &mut |_| {}), Ok(report));
                    assert_eq!(traced.position(), game.position());
                    continue;
                }
                None => Move::new(Square::small(game.to_move(), 1), Direction::Left),
            },
            Step::Try(mv) => mv,
        };
        let listed = legal.contains(&mv);
        let checked = game.check(mv);
        assert_eq!(checked.is_ok(), listed, "{mv}: check says {checked:?}, listed: {listed}");
        assert_eq!(game.is_legal(mv), listed);
        let before = game.clone();
        match game.play(mv) {
            Ok(_) => assert!(listed, "{mv} played but not listed"),
            Err(e) => {
                assert_eq!(Err(e), checked, "play and check disagree on {mv}");
                assert_eq!(game, before, "a refused {mv} changed the game");
                assert_eq!(game.position(), before.position());
                assert_eq!(game.outcome(), before.outcome());
            }
        }
    }
    if game.is_over() {
        for side in Player::all(4) {
            for n in 0..=12 {
                for d in Direction::ALL {
                    let mv = Move::new(Square::small(side, n), d);
                    assert!(game.check(mv).is_err(), "a finished game accepts {mv}");
                }
            }
        }
    }
});
