//! The heavy playout policy (`Game::heavy_playout_move`): each heuristic on a
//! constructed position, the hints for a search's priors, and properties of
//! random games (every move legal and no own eye filled, the bulk playout the
//! same moves). `PROPTEST_CASES` raises the number of games (default 64).

use go_core::{Color, Game, HeavyPolicy, Move, Point, Rules, Setup};
use proptest::prelude::*;
use rand_core::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

fn pt(s: &str) -> Point {
    s.parse().unwrap()
}

/// The game of `diagram` (`to_move` first) after `last` is played.
fn after(diagram: &str, to_move: Color, last: &str) -> Game {
    let mut game = Game::new(
        Rules::chinese(),
        Setup::from_diagram(diagram, to_move).unwrap(),
    )
    .unwrap();
    game.play(Move::Play(pt(last))).unwrap();
    game
}

/// The heavy policy's moves over `seeds` seeds.
fn moves(game: &Game, policy: &HeavyPolicy, seeds: u64) -> Vec<Move> {
    (0..seeds)
        .map(|seed| {
            let mut rng = Pcg64Mcg::seed_from_u64(seed);
            game.heavy_playout_move(&mut rng, policy).unwrap()
        })
        .collect()
}

/// Symmetry `k` (0..8) of a square board: `(x, y)` (column, row from the
/// bottom, from 0) turned a quarter `k % 4` times, then mirrored when `k ≥ 4`.
fn turn(x: usize, y: usize, n: usize, k: u8) -> (usize, usize) {
    let (mut x, mut y) = (x, y);
    for _ in 0..k % 4 {
        (x, y) = (y, n - 1 - x);
    }
    if k >= 4 { (n - 1 - x, y) } else { (x, y) }
}

/// Symmetry `k` of a square diagram (top line = highest row).
fn turn_diagram(diagram: &str, k: u8) -> String {
    let rows: Vec<Vec<&str>> = diagram
        .lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>())
        .filter(|r| !r.is_empty())
        .collect();
    let n = rows.len();
    let mut out = vec![vec!["."; n]; n];
    for (line, row) in rows.iter().enumerate() {
        for (x, cell) in row.iter().enumerate() {
            let (tx, ty) = turn(x, n - 1 - line, n, k);
            out[n - 1 - ty][tx] = cell;
        }
    }
    out.iter().map(|r| r.join(" ") + "\n").collect()
}

/// Symmetry `k` of a point of a square board of side `n`.
fn turn_point(p: &str, n: usize, k: u8) -> String {
    let p = pt(p);
    let (x, y) = turn(usize::from(p.col()), usize::from(p.row()), n, k);
    let letters = "ABCDEFGHJKLMNOPQRST".as_bytes();
    format!("{}{}", letters[x] as char, y + 1)
}

/// The position `after(diagram, to_move, last)` in each of its eight
/// symmetries, with `expected` turned the same way.
fn in_every_symmetry(
    diagram: &str,
    to_move: Color,
    last: &str,
    expected: &[&str],
) -> Vec<(u8, Game, Vec<Move>)> {
    let n = diagram.lines().filter(|l| !l.trim().is_empty()).count();
    (0..8)
        .map(|k| {
            let game = after(&turn_diagram(diagram, k), to_move, &turn_point(last, n, k));
            let moves = expected
                .iter()
                .map(|p| Move::Play(pt(&turn_point(p, n, k))))
                .collect();
            (k, game, moves)
        })
        .collect()
}

const ATARI_ONLY: HeavyPolicy = HeavyPolicy {
    atari: 100,
    patterns: 0,
    self_atari_stones: 0,
};

#[test]
fn captures_a_stone_the_last_move_left_in_atari() {
    // White's C2 has one liberty, C1.
    let game = after(
        "
        . . . . .
        . . . . .
        . . X . .
        . X . X .
        . . . . .
        ",
        Color::White,
        "C2",
    );
    for mv in moves(&game, &HeavyPolicy::default(), 50) {
        assert_eq!(mv, Move::Play(pt("C1")));
    }
}

#[test]
fn saves_a_chain_in_atari_by_extending_when_that_gains_liberties() {
    // White's D3 puts Black's C3 in atari at C2; C2 has three empty neighbours.
    let game = after(
        "
        . . . . .
        . . O . .
        . O X . .
        . . . . .
        . . . . .
        ",
        Color::White,
        "D3",
    );
    for mv in moves(&game, &ATARI_ONLY, 50) {
        assert_eq!(mv, Move::Play(pt("C2")));
    }
}

/// The atari step's candidates are capped (32): a chain in atari beside 36
/// stones of chains in atari pushes a candidate for each, and the extra ones
/// are dropped, not written past the end. White's S11 puts Black's 18 stones on
/// row 10 in atari (at T10) between two white rows of 18, both in atari (K12,
/// K8).
#[test]
fn the_atari_steps_candidates_are_capped() {
    let game = after(
        "
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        X X X X X X X X X . X X X X X X X X X
        O O O O O O O O O O O O O O O O O . X
        X X X X X X X X X X X X X X X X X X .
        O O O O O O O O O O O O O O O O O O X
        X X X X X X X X X . X X X X X X X X X
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        ",
        Color::White,
        "S11",
    );
    for mv in moves(&game, &ATARI_ONLY, 50) {
        assert!(
            ["T10", "K12", "K8"]
                .map(|p| Move::Play(pt(p)))
                .contains(&mv),
            "{mv}"
        );
    }
}

#[test]
fn the_atari_step_looks_on_every_side_of_the_last_move() {
    // The two positions above in their eight symmetries: the chain in atari
    // (White's to capture, Black's to save) on each side of the last move.
    let capture = "
        . . . . .
        . . . . .
        . . X . .
        . X . X .
        . . . . .";
    for (k, game, expected) in in_every_symmetry(capture, Color::White, "C2", &["C1"]) {
        assert_eq!(
            moves(&game, &HeavyPolicy::default(), 20),
            vec![expected[0]; 20],
            "symmetry {k}"
        );
    }
    let save = "
        . . . . .
        . . O . .
        . O X . .
        . . . . .
        . . . . .";
    for (k, game, expected) in in_every_symmetry(save, Color::White, "D3", &["C2"]) {
        assert_eq!(
            moves(&game, &ATARI_ONLY, 20),
            vec![expected[0]; 20],
            "symmetry {k}"
        );
    }
}

#[test]
fn saves_a_chain_in_atari_by_capturing_an_attacker() {
    // White's C3 puts Black's A3 B3 B2 in atari at C2, where a stone would have
    // no liberty; White's A2 is in atari at A1: Black captures it.
    let game = after(
        "
        . . . . .
        O O . . .
        X X . . .
        O X . O .
        . O O . .
        ",
        Color::White,
        "C3",
    );
    for mv in moves(&game, &ATARI_ONLY, 50) {
        assert_eq!(mv, Move::Play(pt("A1")));
    }
}

#[test]
fn does_not_extend_into_a_bigger_atari() {
    // White's C3 puts Black's A3 B3 in atari at B2, where the chain would have
    // one liberty (B1) and nothing to capture: neither the atari step nor the
    // random step plays it (a self-atari of three stones).
    let game = after(
        "
        . . . . .
        O O O . .
        X X . . .
        O . O . .
        . . . . .
        ",
        Color::White,
        "C3",
    );
    let b2 = Move::Play(pt("B2"));
    assert!(!moves(&game, &HeavyPolicy::default(), 300).contains(&b2));
    // Without the self-atari rule the random step plays it now and then.
    let loose = HeavyPolicy {
        self_atari_stones: 0,
        ..HeavyPolicy::default()
    };
    assert!(moves(&game, &loose, 300).contains(&b2));
}

/// Black's C4 and E4 with White's D4 between them: the enclosing hane's answers
/// are D3 and D5.
const ENCLOSING_HANE: &str = "
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . . X . X . .
    . . . . . . .
    . . . . . . .
    . . . . . . .";

#[test]
fn answers_with_a_hane_pattern() {
    // White's D4 between Black's C4 and E4: the hane under it (D3) or over it
    // (D5) is the enclosing hane, the only pattern around D4.
    let game = after(ENCLOSING_HANE, Color::White, "D4");
    let patterns_only = HeavyPolicy {
        atari: 0,
        ..HeavyPolicy::default()
    };
    let seen = moves(&game, &patterns_only, 100);
    for mv in &seen {
        assert!(
            [Move::Play(pt("D3")), Move::Play(pt("D5"))].contains(mv),
            "{mv}"
        );
    }
    assert!(seen.contains(&Move::Play(pt("D3"))) && seen.contains(&Move::Play(pt("D5"))));
    // The hints say so of those two alone among the eight points around D4,
    // and of no point farther away.
    for p in game.board().points() {
        let hints = game.move_hints(p);
        let pattern = hints.is_some_and(|h| h.pattern);
        assert_eq!(pattern, [pt("D3"), pt("D5")].contains(&p), "{p}");
    }
    // Without patterns the move is anywhere.
    let seen = moves(&game, &HeavyPolicy::LIGHT, 100);
    assert!(
        seen.iter()
            .any(|m| ![Move::Play(pt("D3")), Move::Play(pt("D5"))].contains(m))
    );
}

#[test]
fn answers_patterns_on_every_side_and_corner_of_the_last_move() {
    // White's E5 makes the thin hane (`XOO...?.?`) for Black at D4, diagonal to
    // it; the enclosing hane (White's D4 between C4 and E4) is answered beside
    // it. In each of the eight symmetries the answer is among a few pattern
    // moves, never a random move anywhere.
    let patterns_only = HeavyPolicy {
        atari: 0,
        ..HeavyPolicy::default()
    };
    let thin = "
        . . . . . . .
        . . . . . . .
        . . X O . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .";
    for (diagram, last, answers) in [
        (thin, "E5", &["D4"][..]),
        (ENCLOSING_HANE, "D4", &["D3", "D5"][..]),
    ] {
        for (k, game, expected) in in_every_symmetry(diagram, Color::White, last, answers) {
            let seen = moves(&game, &patterns_only, 100);
            for answer in &expected {
                assert!(
                    seen.contains(answer),
                    "symmetry {k}: {answer} not in {seen:?}"
                );
            }
            let mut distinct = seen.clone();
            distinct.sort_by_key(|m| format!("{m}"));
            distinct.dedup();
            assert!(distinct.len() <= 6, "symmetry {k}: {distinct:?}");
        }
    }
}

#[test]
fn a_step_taken_at_a_rate_is_taken_that_often() {
    // The enclosing hane of `answers_with_a_hane_pattern`, its pattern step at
    // 25 %: the answers D3 and D5 come about a quarter of the time (plus the
    // random step's 2 in 47), not three quarters.
    let game = after(ENCLOSING_HANE, Color::White, "D4");
    let quarter = HeavyPolicy {
        atari: 0,
        patterns: 25,
        self_atari_stones: 0,
    };
    let answers = [Move::Play(pt("D3")), Move::Play(pt("D5"))];
    let hits = moves(&game, &quarter, 1000)
        .iter()
        .filter(|m| answers.contains(m))
        .count();
    assert!((200..=370).contains(&hits), "{hits} of 1000");
}

#[test]
fn fills_own_eye_is_a_stone_in_an_eye_of_the_side_to_move() {
    let game = Game::new(
        Rules::chinese(),
        Setup::from_diagram(
            "
            . X . X O .
            X X X O . O
            X . X O O O
            X X O . . .
            . . . . . .
            O . . X . .",
            Color::Black,
        )
        .unwrap(),
    )
    .unwrap();
    // Black's eyes: A6 on the edge, B4 in the middle (one White diagonal).
    assert!(game.fills_own_eye(pt("A6")));
    assert!(game.fills_own_eye(pt("B4")));
    // C6 is no eye (White's D5 on the diagonal of an edge point), E5 is White's
    // eye, not Black's; occupied, open and off-board points are none.
    for p in ["C6", "E5", "B6", "D3", "A1", "B1", "F6"] {
        assert!(!game.fills_own_eye(pt(p)), "{p}");
    }
    assert!(!game.fills_own_eye(pt("G1")));
    assert!(!game.fills_own_eye(pt("A7")));
    // For White to move, E5 is the eye and A6 none.
    let white = Game::new(
        Rules::chinese(),
        Setup {
            stones: game.board().stones().collect(),
            to_move: Color::White,
            ..Setup::new(6, 6)
        },
    )
    .unwrap();
    assert!(white.fills_own_eye(pt("E5")));
    assert!(!white.fills_own_eye(pt("A6")));
}

#[test]
fn a_rate_of_99_is_not_always_and_1_is_not_2() {
    // The same hane at the edges of the rates: at 99 % the pattern step is
    // skipped about once in a hundred moves (then the random step seldom finds
    // D3 or D5); at 1 % it is taken about once in a hundred, not twice.
    let game = after(ENCLOSING_HANE, Color::White, "D4");
    let answers = [Move::Play(pt("D3")), Move::Play(pt("D5"))];
    let hits = |rate: u8, n: u64| {
        let policy = HeavyPolicy {
            atari: 0,
            patterns: rate,
            self_atari_stones: 0,
        };
        moves(&game, &policy, n)
            .iter()
            .filter(|m| answers.contains(m))
            .count()
    };
    let missed = 4000 - hits(99, 4000);
    assert!((15..=70).contains(&missed), "{missed} of 4000 at 99 %");
    let at_one = hits(1, 20_000);
    assert!((900..=1140).contains(&at_one), "{at_one} of 20000 at 1 %");
}

#[test]
fn answers_a_cut_pattern() {
    // White's C4 makes a diagonal with White's B3 around Black's B4: C3 cuts
    // them (cut 1: the mover's stone in the corner, the opponent's two on its
    // sides, none across).
    let game = after(
        "
        . . . . .
        . X . . .
        . O . . .
        . . . . .
        . . . . .
        ",
        Color::White,
        "C4",
    );
    let patterns_only = HeavyPolicy {
        atari: 0,
        ..HeavyPolicy::default()
    };
    let seen = moves(&game, &patterns_only, 100);
    assert!(seen.contains(&Move::Play(pt("C3"))), "{seen:?}");
}

#[test]
fn passes_rather_than_fill_a_seki() {
    // White's B1-E1 and Black's A1-A3 B3 C3 share their two liberties, B2 and
    // C2: a seki. White's only legal moves are there (D5 would be suicide), each
    // leaving five stones in atari: the heavy policy passes, the light one
    // fills a liberty.
    let seki = Game::new(
        Rules::chinese(),
        Setup::from_diagram(
            "
            O O O . X
            O X O X X
            X X X O .
            X . . X X
            X O O O O
            ",
            Color::White,
        )
        .unwrap(),
    )
    .unwrap();
    assert_eq!(seki.move_hints(pt("B2")).unwrap().self_atari, 5);
    for mv in moves(&seki, &HeavyPolicy::default(), 100) {
        assert_eq!(mv, Move::Pass);
    }
    for seed in 0..20 {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mv = seki.playout_move(&mut rng).unwrap();
        assert!([Move::Play(pt("B2")), Move::Play(pt("C2"))].contains(&mv));
    }
}

#[test]
fn hints_describe_the_move() {
    let game = after(
        "
        . . . . .
        . . . . .
        . . X . .
        . X . X .
        . . . . .
        ",
        Color::White,
        "C2",
    );
    let capture = game.move_hints(pt("C1")).unwrap();
    assert_eq!(capture.captures, 1);
    assert_eq!((capture.distance, capture.line), (1, 1));
    assert_eq!(game.move_hints(pt("C2")), None, "occupied");
    let far = game.move_hints(pt("E5")).unwrap();
    assert_eq!((far.distance, far.line, far.captures), (3, 1, 0));
    // No last move (the start, or after a pass): no distance.
    let start = Game::new(Rules::chinese(), Setup::new(9, 9)).unwrap();
    assert_eq!(start.move_hints(pt("E5")).unwrap().distance, u8::MAX);
    let mut passed = game.clone();
    passed.play(Move::Pass).unwrap();
    assert_eq!(passed.move_hints(pt("E5")).unwrap().distance, u8::MAX);
    // The line counts from the nearest edge, each of the four.
    for (p, line) in [
        ("E3", 1),
        ("A3", 1),
        ("C5", 1),
        ("C1", 1),
        ("B3", 2),
        ("D4", 2),
    ] {
        assert_eq!(game.move_hints(pt(p)).unwrap().line, line, "{p}");
    }
    // A Black stone on C4 ataris nothing; White's C2 has one liberty already.
    assert!(!game.move_hints(pt("C4")).unwrap().ataris);

    let saving = after(
        "
        . . . . .
        . . O . .
        . O X . .
        . . . . .
        . . . . .
        ",
        Color::White,
        "D3",
    );
    assert!(saving.move_hints(pt("C2")).unwrap().saves);
    assert!(!saving.move_hints(pt("A1")).unwrap().saves);
    // Black D4 leaves White's D3 two liberties (E3, D2): no atari.
    assert!(!saving.move_hints(pt("D4")).unwrap().ataris);
    let atari = after(
        "
        . . . . .
        . . . . .
        . . . . .
        . . . X .
        . . . . .
        ",
        Color::White,
        "E2",
    );
    // White's E2 has E3 and E1: Black E3 or E1 puts it in atari.
    assert!(atari.move_hints(pt("E3")).unwrap().ataris);
    assert!(atari.move_hints(pt("E1")).unwrap().ataris);
    assert!(!atari.move_hints(pt("A5")).unwrap().ataris);
    // An eye of Black's.
    let eye = Game::new(
        Rules::chinese(),
        Setup::from_diagram(
            "
            . X . . .
            X X . . .
            . . . . .
            . . . . .
            . . . . .
            ",
            Color::Black,
        )
        .unwrap(),
    )
    .unwrap();
    assert!(eye.move_hints(pt("A5")).unwrap().own_eye);
    assert!(!eye.move_hints(pt("C5")).unwrap().own_eye);
}

#[test]
fn the_light_setting_plays_the_light_policy() {
    let mut light = Game::new(Rules::chinese(), Setup::new(9, 9)).unwrap();
    let mut heavy = light.clone();
    let (mut a, mut b) = (Pcg64Mcg::seed_from_u64(5), Pcg64Mcg::seed_from_u64(5));
    light.play_out(&mut a, 1000);
    heavy.heavy_play_out(&mut b, 1000, &HeavyPolicy::LIGHT);
    assert_eq!(light, heavy);
    assert!(light.is_over());
}

fn rules_from(i: u8) -> Rules {
    match i % 4 {
        0 => Rules::tromp_taylor(),
        1 => Rules::chinese(),
        2 => Rules::japanese(),
        _ => Rules::new_zealand(),
    }
}

fn size_from(i: u8) -> (u8, u8) {
    [(3, 3), (5, 5), (7, 4), (9, 9), (9, 9), (13, 13), (19, 19)][i as usize % 7]
}

fn policy_from(i: u8) -> HeavyPolicy {
    match i % 4 {
        0 => HeavyPolicy::default(),
        1 => HeavyPolicy::LIGHT,
        2 => HeavyPolicy {
            atari: 50,
            patterns: 70,
            self_atari_stones: 1,
        },
        _ => HeavyPolicy {
            self_atari_stones: 0,
            ..HeavyPolicy::default()
        },
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(64)
    ))]

    /// Every move the heavy policy returns is legal and fills no own eye; the
    /// bulk playout plays the same moves; a game of heavy moves ends.
    #[test]
    fn every_heavy_move_is_legal(seed: u64, size in 0u8..7, rules in 0u8..4, policy in 0u8..4) {
        let (w, h) = size_from(size);
        let policy = policy_from(policy);
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut game = Game::new(rules_from(rules), Setup::new(w, h)).unwrap();
        let mut bulk = game.clone();
        let limit = 6 * usize::from(w) * usize::from(h) + 20;
        let mut moves = 0;
        while !game.is_over() && moves < limit {
            // Now and then a uniformly random move, for positions the policy
            // would not reach (own eyes filled, big chains in atari).
            let mv = if rng.next_u32() % 8 == 0 {
                game.random_move(&mut rng).unwrap()
            } else {
                let mut twin = rng.clone();
                let mv = game.heavy_playout_move(&mut rng, &policy).unwrap();
                prop_assert!(game.is_legal(mv), "{mv} illegal in\n{game}");
                if let Move::Play(p) = mv {
                    let hints = game.move_hints(p).unwrap();
                    prop_assert!(!hints.own_eye, "{mv} fills an own eye in\n{game}");
                    if policy.self_atari_stones > 0 && hints.captures == 0 {
                        prop_assert!(
                            hints.self_atari < policy.self_atari_stones,
                            "{mv} is a self-atari of {} in\n{game}", hints.self_atari
                        );
                    }
                }
                // The bulk playout from the same position and generator.
                bulk.clone_from(&game);
                prop_assert_eq!(bulk.heavy_play_out(&mut twin, 1, &policy), 1);
                prop_assert_eq!(bulk.last_move().map(|(_, m)| m), Some(mv));
                mv
            };
            game.play(mv).unwrap();
            moves += 1;
        }
        // From here, heavy playouts end the game.
        let left = game.heavy_play_out(&mut rng, 100_000, &policy);
        prop_assert!(game.is_over() && left < 100_000);
    }
}
