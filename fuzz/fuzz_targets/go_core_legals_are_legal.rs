//! Typed games of Go under every rules preset (with the ko and suicide rules
//! varied), from an empty board or arbitrary setup stones: each step plays the
//! k-th listed legal move or tries an arbitrary move. Every listed move passes
//! `check` and plays; the list has no duplicates and holds `pass` while the game
//! goes on; an arbitrary move is accepted exactly when it is listed (or is
//! `resign`, which the list leaves out by design while the game goes on); a
//! refused move leaves the game, its board and its hash as they were, with the
//! error `check` gave; a finished game lists nothing and refuses everything.
#![no_main]

use arbitrary::Arbitrary;
use go_core::{Color, Game, KoRule, Move, Point, Rules, Setup, Suicide};
use libfuzzer_sys::fuzz_target;
use tabletop_fuzz::pick;

#[derive(Debug, Arbitrary)]
enum Step {
    /// The k-th listed legal move.
    Listed(u16),
    /// Any move at all.
    Try(Move),
}

#[derive(Debug, Arbitrary)]
struct Input {
    preset: u8,
    /// 0: the preset's; else the ko rule and suicide rule varied.
    variant: u8,
    width: u8,
    height: u8,
    stones: Vec<(Point, Color)>,
    to_move: Color,
    steps: Vec<Step>,
}

fuzz_target!(|input: Input| {
    let name = pick(Rules::PRESETS, usize::from(input.preset)).expect("presets");
    let mut rules = Rules::preset(name).expect("a listed preset");
    if input.variant != 0 {
        let ko = [KoRule::PositionalSuperko, KoRule::SituationalSuperko, KoRule::Simple, KoRule::None];
        let varied = rules
            .with_ko(ko[usize::from(input.variant % 4)])
            .with_suicide(if input.variant & 4 == 0 { Suicide::Allowed } else { Suicide::Forbidden });
        // Some mixes are refused (no ko rule with suicide allowed could go on for ever).
        if varied.validate().is_ok() {
            rules = varied;
        }
    }
    // Mostly small boards (most games end, and listing is cheap), sometimes 25×25.
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
    for step in input.steps {
        let legal = game.legal_moves();
        // No duplicates; pass listed exactly while the game goes on.
        let mut sorted = legal.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), legal.len(), "duplicates in {legal:?}");
        assert_eq!(legal.contains(&Move::Pass), !game.is_over());
        assert!(!legal.contains(&Move::Resign), "resign is never listed");
        for &mv in &legal {
            assert_eq!(game.check(mv), Ok(()), "listed {mv} refused by check");
            assert!(game.is_legal(mv));
        }
        if game.is_over() {
            assert!(legal.is_empty());
        }
        let mv = match step {
            Step::Listed(k) => match pick(&legal, usize::from(k)) {
                Some(mv) => {
                    game.play(mv).unwrap_or_else(|e| panic!("listed {mv} did not play: {e}"));
                    continue;
                }
                None => Move::Pass,
            },
            Step::Try(mv) => mv,
        };
        let listed = legal.contains(&mv) || (mv == Move::Resign && !game.is_over());
        let checked = game.check(mv);
        assert_eq!(checked.is_ok(), listed, "{mv}: check says {checked:?}, listed: {listed}");
        assert_eq!(game.is_legal(mv), listed);
        let before = game.clone();
        match game.play(mv) {
            Ok(_) => assert!(listed, "{mv} played but not listed"),
            Err(e) => {
                assert_eq!(Err(e), checked, "play and check disagree on {mv}");
                assert_eq!(game, before, "a refused {mv} changed the game");
                assert_eq!(game.board(), before.board());
                assert_eq!(game.hash(), before.hash());
                assert_eq!(game.to_move(), before.to_move());
            }
        }
    }
    if game.is_over() {
        assert!(game.legal_moves().is_empty());
        for mv in [Move::Pass, Move::Resign, Move::Play(Point::new(0, 0).expect("a1"))] {
            assert!(game.check(mv).is_err(), "a finished game accepts {mv}");
            let before = game.clone();
            assert!(game.play(mv).is_err());
            assert_eq!(game, before);
        }
    }
});
