//! Properties of random games (proptest): seeds pick the board, the rules and the
//! moves; invariants are checked after every move. `PROPTEST_CASES` raises the
//! number of games (default 64).

use go_core::sgf::GameRecord;
use go_core::{Board, Color, Game, IllegalMove, KoRule, Move, Point, Rules, Suicide};
use proptest::prelude::*;
use rand_core::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

fn rules_from(i: u8) -> Rules {
    match i % 6 {
        0 => Rules::tromp_taylor(),
        1 => Rules::chinese(),
        2 => Rules::japanese(),
        3 => Rules::aga(),
        4 => Rules::new_zealand(),
        _ => Rules::chinese()
            .with_ko(KoRule::None)
            .with_suicide(Suicide::Forbidden),
    }
}

/// Board sizes: small ones (many captures and repetitions), rectangles, 19x19.
fn size_from(i: u8) -> (u8, u8) {
    [
        (2, 2),
        (3, 3),
        (4, 3),
        (5, 5),
        (7, 4),
        (9, 9),
        (1, 6),
        (19, 19),
        (6, 6),
    ][i as usize % 9]
}

/// A move: mostly a playout move, sometimes any listed legal move (eye fills,
/// passes), sometimes an arbitrary point (often illegal).
fn pick(game: &Game, rng: &mut Pcg64Mcg) -> Move {
    match rng.next_u32() % 10 {
        0..=5 => game.random_move(rng),
        6..=8 => {
            let legal = game.legal_moves();
            if legal.is_empty() {
                return Move::Pass;
            }
            legal[(rng.next_u32() as usize) % legal.len()]
        }
        _ => {
            let b = game.board();
            let col = (rng.next_u32() % (b.width() as u32 + 1)) as u8;
            let row = (rng.next_u32() % (b.height() as u32 + 1)) as u8;
            Point::new(col, row).map_or(Move::Pass, Move::Play)
        }
    }
}

fn all_moves(board: &Board) -> Vec<Move> {
    let mut v: Vec<Move> = board.points().map(Move::Play).collect();
    v.push(Move::Pass);
    v
}

fn check_invariants(game: &Game, placed: u32, removed: u32) -> Result<(), TestCaseError> {
    let b = game.board();
    // No chain without liberties.
    for (p, _) in b.stones() {
        prop_assert!(b.liberties(p) > 0, "chain at {} has no liberty\n{}", p, b);
    }
    // Conservation: setup + stones placed - stones removed = stones on the board.
    let on_board = (b.count(Color::Black) + b.count(Color::White)) as u32;
    prop_assert_eq!(game.setup().len() as u32 + placed - removed, on_board);
    prop_assert_eq!(
        removed,
        game.prisoners(Color::Black) + game.prisoners(Color::White),
        "every removed stone is someone's prisoner"
    );
    // The incremental hash equals one computed from scratch.
    let stones: Vec<(Point, Color)> = b.stones().collect();
    let fresh = Board::with_stones(b.width(), b.height(), &stones).unwrap();
    prop_assert_eq!(fresh.zobrist(), game.hash());
    prop_assert_eq!(&fresh, b);
    // The legal-move list is exactly what the check accepts, without duplicates.
    let listed = game.legal_moves();
    let accepted: Vec<Move> = all_moves(b)
        .into_iter()
        .filter(|&m| game.check(m).is_ok())
        .collect();
    prop_assert_eq!(&listed[..], &accepted[..]);
    if game.is_over() {
        prop_assert!(listed.is_empty());
        for m in all_moves(b) {
            prop_assert_eq!(game.check(m), Err(IllegalMove::GameOver));
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(64)
    ))]

    #[test]
    fn random_games_keep_every_invariant(seed: u64, size in 0u8..9, rules in 0u8..6) {
        let (w, h) = size_from(size);
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut game = Game::new(rules_from(rules), w, h).unwrap();
        let (mut placed, mut removed) = (0u32, 0u32);
        let max_moves = if w as u32 * h as u32 > 100 { 60 } else { 250 };
        let mut checkpoints: Vec<Game> = Vec::new();
        for step in 0..max_moves {
            if game.is_over() {
                break;
            }
            let mv = pick(&game, &mut rng);
            let before = game.clone();
            match game.play(mv) {
                Ok(report) => {
                    if let Move::Play(_) = mv {
                        placed += 1;
                    }
                    removed += report.captured + report.self_captured;
                    prop_assert_eq!(game.last_captures().count() as u32, report.captured + report.self_captured);
                }
                Err(e) => {
                    // A refused move changes nothing, and the check agrees.
                    prop_assert_eq!(before.check(mv), Err(e));
                    prop_assert_eq!(&game, &before);
                    prop_assert_eq!(game.board(), before.board());
                    prop_assert_eq!(game.hash(), before.hash());
                }
            }
            check_invariants(&game, placed, removed)?;
            if step % 7 == 0 {
                checkpoints.push(game.clone());
            }
        }
        // Undo back to each checkpoint restores it exactly.
        for cp in checkpoints.iter().rev() {
            let n = game.move_count() - cp.move_count();
            game.undo_many(n).unwrap();
            prop_assert_eq!(&game, cp);
            prop_assert_eq!(game.board(), cp.board());
            prop_assert_eq!(game.hash(), cp.hash());
            prop_assert_eq!(game.situational_hash(), cp.situational_hash());
            prop_assert_eq!(game.to_move(), cp.to_move());
            prop_assert_eq!(game.prisoners(Color::Black), cp.prisoners(Color::Black));
            prop_assert_eq!(game.prisoners(Color::White), cp.prisoners(Color::White));
            prop_assert_eq!(game.ko_point(), cp.ko_point());
            prop_assert_eq!(game.outcome(), cp.outcome());
            prop_assert_eq!(game.legal_moves(), cp.legal_moves());
        }
    }

    #[test]
    fn sgf_and_serde_round_trip(seed: u64, size in 0u8..9, rules in 0u8..6) {
        let (w, h) = size_from(size);
        let rules = rules_from(rules);
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut game = Game::new(rules, w, h).unwrap();
        for _ in 0..80 {
            let mv = pick(&game, &mut rng);
            let _ = game.play(mv);
        }
        let text = GameRecord::from_game(&game).to_sgf();
        let back = GameRecord::read(&text).unwrap().replay(rules).unwrap();
        prop_assert_eq!(&back, &game);
        prop_assert_eq!(back.board(), game.board());
        #[cfg(feature = "serde")]
        {
            let json = serde_json::to_string(&game).unwrap();
            let back: Game = serde_json::from_str(&json).unwrap();
            prop_assert_eq!(&back, &game);
            prop_assert_eq!(back.hash(), game.hash());
        }
    }

    #[test]
    fn games_always_end(seed: u64, size in 0u8..9, rules in 0u8..5) {
        // Under every ko rule that forbids repetition, random play ends by passing.
        let (w, h) = size_from(size);
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut game = Game::new(rules_from(rules), w, h).unwrap();
        let cap = 20 * w as usize * h as usize + 100;
        game.play_out(&mut rng, cap);
        prop_assert!(game.is_over(), "{}x{} not over after {} moves", w, h, cap);
        prop_assert!(game.result().is_some());
    }

    #[test]
    fn notation_round_trips(col in 0u8..25, row in 0u8..25, height in 1u8..=25) {
        let p = Point::new(col, row).unwrap();
        prop_assert_eq!(p.to_string().parse::<Point>().unwrap(), p);
        prop_assert_eq!(Move::Play(p).to_string().parse::<Move>().unwrap(), Move::Play(p));
        if row < height {
            prop_assert_eq!(Point::from_sgf(p.to_sgf(height).as_str(), height).unwrap(), p);
        }
        #[cfg(feature = "serde")]
        {
            let json = serde_json::to_string(&p).unwrap();
            prop_assert_eq!(serde_json::from_str::<Point>(&json).unwrap(), p);
        }
    }
}

#[cfg(feature = "serde")]
#[test]
fn corrupt_serialised_games_are_errors() {
    // An illegal move in the record, a bad size, a bad komi, a bad point.
    let bad = [
        r#"{"rules":{"ko":"PositionalSuperko","suicide":"Allowed","scoring":"Area","komi":0.0},"width":9,"height":9,"setup":[],"first":"Black","moves":[{"Play":[0,0]},{"Play":[0,0]}]}"#,
        r#"{"rules":{"ko":"PositionalSuperko","suicide":"Allowed","scoring":"Area","komi":0.0},"width":30,"height":9,"setup":[],"first":"Black","moves":[]}"#,
        r#"{"rules":{"ko":"PositionalSuperko","suicide":"Allowed","scoring":"Area","komi":0.3},"width":9,"height":9,"setup":[],"first":"Black","moves":[]}"#,
        r#"{"rules":{"ko":"None","suicide":"Allowed","scoring":"Area","komi":0.0},"width":9,"height":9,"setup":[],"first":"Black","moves":[]}"#,
        r#"{"rules":{"ko":"PositionalSuperko","suicide":"Allowed","scoring":"Area","komi":0.0},"width":9,"height":9,"setup":[[[30,1],"Black"]],"first":"Black","moves":[]}"#,
        r#"{"rules":{"ko":"PositionalSuperko","suicide":"Allowed","scoring":"Area","komi":0.0},"width":3,"height":3,"setup":[[[0,1],"Black"],[[1,0],"Black"],[[0,0],"White"]],"first":"Black","moves":[]}"#,
    ];
    for text in bad {
        assert!(serde_json::from_str::<Game>(text).is_err(), "{text}");
    }
    let good = r#"{"rules":{"ko":"PositionalSuperko","suicide":"Allowed","scoring":"Area","komi":7.5},"width":9,"height":9,"setup":[],"first":"Black","moves":[{"Play":[4,4]},"Pass"]}"#;
    let g: Game = serde_json::from_str(good).unwrap();
    assert_eq!(g.move_count(), 2);
}

/// The playout move is uniform over the acceptable moves (chi-squared, 9x9
/// position with eyes and illegal points).
#[test]
fn random_move_is_uniform() {
    let game = Game::from_diagram(
        Rules::default(),
        "
        . X . X O . O . .
        X X X X O O O O O
        . . . . . . . . .
        . . . . . . . . .
        . . . . X . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
        Color::Black,
    )
    .unwrap();
    // Black's acceptable moves: every empty point but its own eyes A9, C9 and the
    // suicides in White's eyes F9, H9 (J9 is not an eye: it is a legal point).
    let acceptable: Vec<Move> = game
        .legal_moves()
        .iter()
        .copied()
        .filter(|m| !matches!(m, Move::Pass) && !["A9", "C9"].contains(&m.to_string().as_str()))
        .collect();
    let mut counts = std::collections::HashMap::new();
    let mut rng = Pcg64Mcg::seed_from_u64(99);
    let draws = 200 * acceptable.len();
    for _ in 0..draws {
        *counts.entry(game.random_move(&mut rng)).or_insert(0u32) += 1;
    }
    assert_eq!(
        counts.len(),
        acceptable.len(),
        "exactly the acceptable moves are drawn"
    );
    let expected = draws as f64 / acceptable.len() as f64;
    let chi2: f64 = acceptable
        .iter()
        .map(|m| {
            let o = *counts.get(m).unwrap_or(&0) as f64;
            (o - expected).powi(2) / expected
        })
        .sum();
    // 57 degrees of freedom: the 0.999 quantile is about 97.
    let dof = acceptable.len() - 1;
    assert!(
        chi2 < dof as f64 + 4.0 * (2.0 * dof as f64).sqrt() + 10.0,
        "chi2 {chi2} with {dof} dof"
    );
}
