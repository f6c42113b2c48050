//! The light playout against the game's own: the same moves from the same random
//! numbers, on every board shape and under every ko and suicide rule, from the
//! empty board and from random positions (repetitions are frequent on the small
//! boards, so the superko checks run both ways, refused and allowed).

use alloc::vec::Vec;

use rand_core::SeedableRng;
use rand_pcg::Pcg64Mcg;

use super::LightPlayout;
use crate::{Color, Game, KoRule, Move, Rules, Setup, Suicide};

fn rule_sets() -> [Rules; 6] {
    [
        Rules::tromp_taylor(), // positional superko, suicide allowed
        Rules::chinese_ogs(),  // positional superko, suicide forbidden
        Rules::chinese(),      // simple ko
        Rules::tromp_taylor().with_ko(KoRule::SituationalSuperko),
        Rules::tromp_taylor().with_ko(KoRule::Simple),
        Rules::chinese()
            .with_ko(KoRule::None)
            .with_suicide(Suicide::Forbidden),
    ]
}

/// Plays `n` uniformly random legal moves (passes and suicides included).
fn random_start(rules: Rules, w: u8, h: u8, n: usize, seed: u64) -> Game {
    let mut game = Game::new(rules, Setup::new(w, h)).unwrap();
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    for _ in 0..n {
        match game.random_move(&mut rng) {
            Some(mv) => {
                game.play(mv).unwrap();
            }
            None => break,
        }
    }
    game
}

/// One playout both ways from `start` with the same seed: same moves, same board.
fn same_playout(start: &Game, light: &mut LightPlayout, seed: u64, max: usize) {
    let mut game = start.clone();
    let played = game.play_out(&mut Pcg64Mcg::seed_from_u64(seed), max);
    let light_played = light.run(&mut Pcg64Mcg::seed_from_u64(seed), max);
    let expected: Vec<Move> = game
        .moves()
        .skip(start.move_count())
        .map(|(_, m)| m)
        .collect();
    let got: Vec<Move> = light.moves().collect();
    assert_eq!(
        got,
        expected,
        "{:?} seed {seed}\n{}",
        start.rules(),
        start.board()
    );
    assert_eq!(light_played, played);
    assert_eq!(light.is_over(), game.is_over());
    assert_eq!(light.to_move(), game.to_move());
    for p in game.board().points() {
        assert_eq!(light.get(p), game.board().get(p), "{p}");
    }
}

#[test]
#[cfg_attr(
    miri,
    ignore = "thousands of playouts; light.rs has no unsafe code, and tests/miri.rs runs the game's"
)]
fn the_same_moves_as_the_games_playout_from_the_empty_board() {
    for rules in rule_sets() {
        for (w, h, playouts) in [
            (1, 1, 5),
            (2, 2, 300),
            (3, 3, 300),
            (2, 3, 200),
            (5, 4, 100),
            (9, 9, 40),
            (13, 13, 8),
            (9, 13, 8),
            (13, 9, 8),
            (19, 19, 4),
        ] {
            let start = Game::new(rules, Setup::new(w, h)).unwrap();
            let mut light = LightPlayout::new(&start);
            for seed in 0..playouts {
                same_playout(&start, &mut light, seed, 2_000);
            }
        }
    }
}

#[test]
#[cfg_attr(
    miri,
    ignore = "thousands of playouts; light.rs has no unsafe code, and tests/miri.rs runs the game's"
)]
fn the_same_moves_from_random_positions_and_cut_short() {
    for (r, rules) in rule_sets().into_iter().enumerate() {
        for (w, h) in [(2, 2), (3, 3), (4, 4), (7, 7), (9, 9)] {
            for s in 0..12u64 {
                let n = (s as usize * 7) % (3 * usize::from(w) * usize::from(h));
                let start = random_start(rules, w, h, n, s + 100 * r as u64);
                // One `LightPlayout` moved from position to position.
                let mut light = LightPlayout::new(&Game::new(rules, Setup::new(w, h)).unwrap());
                light.set_start(&start);
                for seed in 0..25 {
                    same_playout(&start, &mut light, seed, 2_000);
                    same_playout(&start, &mut light, seed, seed as usize % 7);
                }
            }
        }
    }
}

#[test]
fn a_finished_game_plays_no_move() {
    let mut game = Game::new(Rules::default(), Setup::new(5, 5)).unwrap();
    game.play(Move::Pass).unwrap();
    game.play(Move::Pass).unwrap();
    let mut light = LightPlayout::new(&game);
    assert_eq!(light.run(&mut Pcg64Mcg::seed_from_u64(1), 100), 0);
    assert!(light.is_over());
}

#[test]
#[cfg_attr(
    miri,
    ignore = "thousands of playouts; light.rs has no unsafe code, and tests/miri.rs runs the game's"
)]
fn area_and_winner_agree_with_the_games_count() {
    // Area scoring without tax or button, with komi and White's handicap
    // bonus (Chinese: one point a handicap stone; AGA's `N - 1` under area).
    let komi_half = Rules::tromp_taylor().with_komi(crate::Komi::from_halves(1));
    // Without komi, drawn counts: a 1×1 board always ends empty, a 2×2 one
    // sometimes shared.
    let no_komi = Rules::tromp_taylor().with_komi(crate::Komi::from_halves(0));
    let starts = [
        (no_komi, Setup::new(1, 1)),
        (no_komi, Setup::new(2, 2)),
        (Rules::tromp_taylor(), Setup::new(3, 3)),
        (Rules::tromp_taylor(), Setup::new(5, 5)),
        (Rules::chinese_ogs(), Setup::new(9, 9)),
        (komi_half, Setup::new(5, 5)),
        (Rules::chinese(), crate::handicap::fixed(9, 3).unwrap()),
        (
            Rules::chinese().with_handicap_bonus(crate::HandicapBonus::StonesMinusOne),
            crate::handicap::fixed(9, 2).unwrap(),
        ),
    ];
    let mut draws = 0;
    for (rules, setup) in starts {
        let start = Game::new(rules, setup).unwrap();
        let mut light = LightPlayout::new(&start);
        for seed in 0..30 {
            let mut game = start.clone();
            game.play_out(&mut Pcg64Mcg::seed_from_u64(seed), 10_000);
            light.run(&mut Pcg64Mcg::seed_from_u64(seed), 10_000);
            let score = game.score();
            assert_eq!(
                light.area(),
                [
                    score.stones[0] + score.territory[0],
                    score.stones[1] + score.territory[1]
                ],
                "seed {seed}\n{}",
                game.board()
            );
            assert_eq!(light.winner(), game.outcome().unwrap().winner());
            draws += usize::from(light.winner().is_none());
        }
    }
    assert!(draws >= 30, "{draws} drawn playouts");
}

#[test]
fn the_handicap_bonus_counts() {
    // Two handicap stones and two passes: Black's area is the whole board,
    // 81; komi 79.5 leaves Black 1.5 ahead, and White's bonus of one point a
    // handicap stone (Chinese rules) turns it to White by 0.5.
    let rules = Rules::chinese().with_komi(crate::Komi::from_halves(159));
    let mut game = Game::new(rules, crate::handicap::fixed(9, 2).unwrap()).unwrap();
    game.play(Move::Pass).unwrap();
    game.play(Move::Pass).unwrap();
    let mut light = LightPlayout::new(&game);
    assert_eq!(light.run(&mut Pcg64Mcg::seed_from_u64(1), 10), 0);
    assert_eq!(light.area(), [81, 0]);
    assert_eq!(light.winner(), Some(Color::White));
    assert_eq!(game.outcome().unwrap().winner(), Some(Color::White));
    let no_bonus = rules.with_handicap_bonus(crate::HandicapBonus::None);
    let mut game = Game::new(no_bonus, crate::handicap::fixed(9, 2).unwrap()).unwrap();
    game.play(Move::Pass).unwrap();
    game.play(Move::Pass).unwrap();
    assert_eq!(LightPlayout::new(&game).winner(), Some(Color::Black));
}

#[test]
fn the_area_counts_regions_reaching_one_colour_only() {
    let game = Game::new(
        Rules::tromp_taylor(),
        Setup::from_diagram(
            "
            . X . O .
            X X . O O
            . . . . .
            O O . . .
            . O . . .
            ",
            Color::Black,
        )
        .unwrap(),
    )
    .unwrap();
    let light = LightPlayout::new(&game);
    // Black: 3 stones and A5; White: 6 stones, E5 and A1; the rest is shared.
    assert_eq!(light.area(), [4, 8]);
}

/// Replays the last playout's moves on the game `start` under `rules`, checking
/// each is legal there and fills none of the mover's own eyes, and that a pass
/// comes only when no point is acceptable (legal, no own eye filled, no stone
/// dying alone); returns how many stones the moves took with them (suicides)
/// and how many of those were one stone alone.
fn replay_checked(light: &LightPlayout, start: &Game, rules: Rules) -> (usize, usize) {
    let mut game = Game::new(rules, start.setup().clone()).unwrap();
    for (_, mv) in start.moves() {
        game.play(mv).unwrap();
    }
    let (mut suicides, mut lone) = (0, 0);
    for mv in light.moves() {
        if let Move::Play(p) = mv {
            assert!(!game.fills_own_eye(p), "{p} fills an eye\n{}", game.board());
        } else {
            for p in game.board().points() {
                let acceptable = game.board().get(p).is_none()
                    && !game.fills_own_eye(p)
                    && game
                        .clone()
                        .play(Move::Play(p))
                        .is_ok_and(|r| r.self_captured != 1);
                assert!(!acceptable, "a pass with {p} open\n{}", game.board());
            }
        }
        let report = game
            .play(mv)
            .unwrap_or_else(|e| panic!("{mv:?}: {e}\n{}", game.board()));
        suicides += usize::from(report.self_captured > 0);
        lone += usize::from(report.self_captured == 1);
    }
    (suicides, lone)
}

/// `set_ko(Some(Simple))`, `Draw::Scan`, alone and together (libego's work):
/// every move legal under simple ko and the game's suicide rule, no own eye
/// filled, a stone that would die alone never played (it would repeat the
/// board, which simple ko does not stop: such games used to cycle to the move
/// limit), a suicide of several stones played where the rules allow it, and the
/// games end (two passes) as often as the game's own playouts.
#[test]
#[cfg_attr(miri, ignore = "hundreds of playouts")]
fn the_playouts_own_ko_rule_and_the_scan_draw() {
    use super::Draw;
    let mut suicides_seen = 0;
    for rules in [Rules::tromp_taylor(), Rules::chinese_ogs()] {
        for (ko, draw) in [
            (Some(KoRule::Simple), Draw::Uniform),
            (None, Draw::Scan),
            (Some(KoRule::Simple), Draw::Scan),
        ] {
            let start = random_start(rules, 9, 9, 20, 7);
            let mut light = LightPlayout::new(&start);
            light.set_ko(ko);
            light.set_draw(draw);
            let checked = rules.with_ko(ko.unwrap_or(rules.ko()));
            let (mut unfinished, mut rng) = (0, Pcg64Mcg::seed_from_u64(3));
            for _ in 0..200 {
                light.run(&mut rng, 2 * 81);
                unfinished += usize::from(!light.is_over());
                let (suicides, lone) = replay_checked(&light, &start, checked);
                assert_eq!(lone, 0, "{ko:?} {draw:?}: a lone stone's suicide");
                if rules.suicide() == Suicide::Forbidden {
                    assert_eq!(suicides, 0);
                }
                suicides_seen += suicides;
            }
            // The game's own playouts: about 1 in 600 cut at twice the area.
            assert!(
                unfinished <= 4,
                "{ko:?} {draw:?}: {unfinished} of 200 unfinished"
            );
        }
    }
    assert!(suicides_seen > 0, "no suicide of several stones was played");
}

/// The scan draw takes the first acceptable point from a random place in the
/// empty-point list on, so a seed gives the same playout, and the default
/// draw and ko rule again give exactly the game's playouts.
#[test]
fn the_scan_draw_is_seeded_and_the_defaults_come_back() {
    use super::Draw;
    let start = Game::new(Rules::tromp_taylor(), Setup::new(7, 7)).unwrap();
    let mut light = LightPlayout::new(&start);
    light.set_draw(Draw::Scan);
    light.set_ko(Some(KoRule::Simple));
    light.run(&mut Pcg64Mcg::seed_from_u64(5), 500);
    let first: Vec<Move> = light.moves().collect();
    light.run(&mut Pcg64Mcg::seed_from_u64(5), 500);
    assert_eq!(light.moves().collect::<Vec<_>>(), first);
    // The first move: the empty point at the drawn place of the list (all
    // 49 acceptable on the empty board).
    let k = crate::chance::below(&mut Pcg64Mcg::seed_from_u64(5), 49) as usize;
    let cell = usize::from(start.board().empty_cells()[k]);
    assert_eq!(first[0], Move::Play(start.board().point(cell)));
    light.set_draw(Draw::Uniform);
    light.set_ko(None);
    for seed in 0..10 {
        same_playout(&start, &mut light, seed, 500);
    }
    // The two draws agree on a first draw that is acceptable, not on the
    // rejected ones (the scan takes the next point in the list, the uniform
    // draw draws again): over whole playouts they part.
    let mut differ = 0;
    for seed in 0..10 {
        let moves = [Draw::Scan, Draw::Uniform].map(|draw| {
            light.set_draw(draw);
            light.run(&mut Pcg64Mcg::seed_from_u64(seed), 500);
            light.moves().collect::<Vec<Move>>()
        });
        differ += usize::from(moves[0] != moves[1]);
    }
    assert!(differ >= 8, "{differ} of 10 playouts differ");
}

/// A suicide of several stones that brings back an earlier board is refused
/// under positional superko, as the game refuses it: Black's A1 takes Black's
/// three stones off and leaves the starting board again.
#[test]
fn a_suicide_of_several_stones_that_repeats_a_board_is_refused() {
    use crate::IllegalMove;
    let setup = Setup::from_diagram(
        "
        . . O
        . O .",
        Color::Black,
    )
    .unwrap();
    let mut start = Game::new(Rules::tromp_taylor(), setup).unwrap();
    for mv in ["A2", "pass", "B2", "pass"] {
        start.play(mv.parse().unwrap()).unwrap();
    }
    let a1 = "A1".parse().unwrap();
    assert_eq!(
        start.check(Move::Play(a1)),
        Err(IllegalMove::PositionalSuperko {
            point: a1,
            repeats: 0
        })
    );
    // Black's other move, C1, captures C2: the playouts start with it.
    let mut light = LightPlayout::new(&start);
    for seed in 0..40 {
        same_playout(&start, &mut light, seed, 100);
        assert_eq!(
            light.moves().next(),
            Some(Move::Play("C1".parse().unwrap()))
        );
    }
}

/// A playout prints as what it holds: its moves so far and whether it is over.
#[test]
fn a_playout_prints_its_moves_and_end() {
    let start = Game::new(Rules::chinese(), Setup::new(5, 5)).unwrap();
    let mut light = LightPlayout::new(&start);
    assert_eq!(
        alloc::format!("{light:?}"),
        "LightPlayout { moves: 0, over: false, .. }"
    );
    let played = light.run(&mut Pcg64Mcg::seed_from_u64(1), 500);
    assert_eq!(
        alloc::format!("{light:?}"),
        alloc::format!("LightPlayout {{ moves: {played}, over: true, .. }}")
    );
}

/// The simple-ko point is set by a stone that stood alone (no empty and no
/// friendly neighbour) and took one stone, and by no other: `play` judges it
/// from the neighbour counts, also when a playout is replayed after a
/// repetition (every move then goes through the path for stones without an
/// empty neighbour).
#[test]
fn only_a_lone_stone_taking_one_sets_the_ko_point() {
    use crate::{Color, Point, Setup};
    let cases = [
        // B1 takes A1, with C1 and B2 empty: no ko.
        (". . .\n. . .\nX . .\nO . .", "B1", [2, 0], None),
        // C1 among White's stones takes B1: a ko at B1.
        (". . . .\n. X O .\nX O . O", "C1", [3, 2], Some("B1")),
    ];
    for (diagram, at, stones, ko) in cases {
        let setup = Setup::from_diagram(diagram, Color::Black).unwrap();
        let game = Game::new(Rules::tromp_taylor(), setup).unwrap();
        let mut light = LightPlayout::new(&game);
        let index = |s: &str| game.board().index(s.parse::<Point>().unwrap());
        let i = index(at);
        let k = usize::from(light.live.empty_at[i]);
        light.play::<0, true, false>(k, i);
        assert_eq!(light.live.stones, stones, "{at} in\n{diagram}");
        assert_eq!(
            light.live.ko,
            ko.map_or(0, |p| index(p) as u16),
            "{at} in\n{diagram}"
        );
    }
}

/// `set_ko(Some(Simple))` puts the playout's own ko rule in place of the game's:
/// on 5×5 under positional superko, some playouts then repeat an earlier board
/// (simple ko only forbids the immediate retake), moves the game refuses; with
/// `set_ko(None)` the game's superko is back and no playout repeats one.
#[test]
#[cfg_attr(miri, ignore = "hundreds of playouts")]
fn the_playouts_ko_rule_replaces_the_games() {
    let start = Game::new(Rules::tromp_taylor(), Setup::new(5, 5)).unwrap();
    let mut light = LightPlayout::new(&start);
    let repeating = |light: &mut LightPlayout| {
        let mut rng = Pcg64Mcg::seed_from_u64(1);
        (0..200)
            .filter(|_| {
                light.run(&mut rng, 2 * 25);
                let mut game = start.clone();
                light.moves().any(|mv| game.play(mv).is_err())
            })
            .count()
    };
    light.set_ko(Some(KoRule::Simple));
    assert!(
        repeating(&mut light) > 0,
        "no board repeated under simple ko"
    );
    light.set_ko(None);
    assert_eq!(repeating(&mut light), 0);
}

/// A stone with no empty and no friendly neighbour is refused at once when it
/// would die alone, and played when it takes a chain: here C2 among four white
/// stones, each alone with at most four pseudo-liberties, takes B2.
#[test]
fn a_lone_stone_that_takes_a_stone_is_played() {
    use crate::{Color, Point, Setup};
    let diagram = ". . . . . .\n. X O . . .\nX O . O . .\n. X O . . .";
    for (rules, superko) in [(Rules::tromp_taylor(), true), (Rules::chinese(), false)] {
        let setup = Setup::from_diagram(diagram, Color::Black).unwrap();
        let game = Game::new(rules, setup).unwrap();
        let mut light = LightPlayout::new(&game);
        let i = game.board().index("C2".parse::<Point>().unwrap());
        let k = usize::from(light.live.empty_at[i]);
        let played = if superko {
            light.try_play::<0, true>(k)
        } else {
            light.try_play::<0, false>(k)
        };
        assert!(played, "{rules:?}");
        assert_eq!(light.live.stones, [4, 3], "{rules:?}");
    }
    // The same shape at the top of 25×25, after a stone of Black's has taken
    // a pseudo-liberty from four empty cells elsewhere (their table entries,
    // junk for an empty cell, wrap to 65535) and White has answered far away:
    // the four white chains' own entries, not others, say whether C2 may take.
    let mut setup = Setup::new(25, 25);
    let at = |c: u8, r: u8| Point::new(c, r).unwrap();
    for (c, r) in [(11, 20), (10, 19), (11, 18)] {
        setup.stones.push((at(c, r), Color::Black));
    }
    for (c, r) in [(12, 20), (11, 19), (13, 19), (12, 18)] {
        setup.stones.push((at(c, r), Color::White));
    }
    let game = Game::new(Rules::tromp_taylor(), setup).unwrap();
    let mut light = LightPlayout::new(&game);
    for p in [at(21, 17), at(0, 0)] {
        let i = game.board().index(p);
        let k = usize::from(light.live.empty_at[i]);
        light.play::<0, true, true>(k, i);
    }
    let i = game.board().index(at(12, 19));
    let k = usize::from(light.live.empty_at[i]);
    assert!(light.try_play::<0, true>(k));
    assert_eq!(light.live.stones, [5, 4]);
}
