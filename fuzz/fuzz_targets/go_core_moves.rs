//! Arbitrary move sequences on arbitrary boards under every rules preset: never a
//! panic, refused moves change nothing, undo restores, scoring always works.
#![no_main]

use go_core::{Game, KoRule, Move, Point, Rules, Setup, Suicide};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let [w, h, r, rest @ ..] = data else { return };
    let rules = match r % 6 {
        0 => Rules::tromp_taylor(),
        1 => Rules::chinese(),
        2 => Rules::japanese(),
        3 => Rules::aga(),
        4 => Rules::new_zealand(),
        _ => Rules::japanese().with_ko(KoRule::None).with_suicide(Suicide::Forbidden),
    };
    // Sizes 0..=27 on purpose: the bad ones must be errors.
    let Ok(mut game) = Game::new(rules, Setup::new(w % 28, h % 28)) else { return };
    for pair in rest.chunks(2) {
        let (a, b) = (pair[0], *pair.get(1).unwrap_or(&0));
        let mv = match a {
            250 => Move::Pass,
            251 => Move::Resign,
            252 => {
                let _ = game.undo_many(b as usize % 4);
                continue;
            }
            253 => {
                let _ = game.score_with_dead(&[Point::new(b % 26, b / 26 % 26).unwrap_or(Point::new(0, 0).unwrap())]);
                continue;
            }
            _ => match Point::new(a % 26, b % 26) {
                Some(p) => Move::Play(p),
                None => continue,
            },
        };
        let before = game.clone();
        match game.play(mv) {
            Ok(_) => {
                if b % 17 == 0 {
                    let mut copy = game.clone();
                    copy.undo().expect("a move was just played");
                    assert_eq!(copy, before);
                    assert_eq!(copy.board(), before.board());
                }
            }
            Err(_) => assert_eq!(game, before),
        }
    }
    let _ = game.score();
    let _ = game.legal_moves();
    let _ = game.result();
    let _ = game.outcome();
    assert_eq!(game.record().replay().as_ref(), Ok(&game));
});
