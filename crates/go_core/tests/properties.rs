//! Properties of random games (proptest): seeds pick the board, the rules and the
//! moves; invariants are checked after every move. `PROPTEST_CASES` raises the
//! number of games (default 64). Also: the uniform random move and the playout
//! policy (chi-squared), the pinned output of `below`, and the stored game.

use go_core::sgf::SgfGame;
use go_core::{
    Board, Color, Event, Game, IllegalMove, KoRule, Move, Point, Report, Rules, Setup, Suicide,
    below,
};
use proptest::prelude::*;
use rand_core::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

fn rules_from(i: u8) -> Rules {
    match i % 7 {
        0 => Rules::tromp_taylor(),
        1 => Rules::chinese(),
        2 => Rules::japanese(),
        3 => Rules::aga(),
        4 => Rules::new_zealand(),
        // Simple ko with suicide allowed: every empty point but the ko point.
        5 => Rules::tromp_taylor().with_ko(KoRule::Simple),
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
        0..=5 => game.playout_move(rng).unwrap_or(Move::Pass),
        6..=8 => game.random_move(rng).unwrap_or(Move::Pass),
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

/// The chain's liberties counted the slow way: its stones' empty neighbours, each
/// once (a point beside two of its stones is one liberty).
fn distinct_liberties(b: &Board, p: Point) -> usize {
    let mut libs: Vec<Point> = Vec::new();
    for s in b.chain(p) {
        let (c, r) = (s.col() as i16, s.row() as i16);
        for (dc, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            let (Ok(col), Ok(row)) = (u8::try_from(c + dc), u8::try_from(r + dr)) else {
                continue;
            };
            if let Some(q) = Point::new(col, row).filter(|&q| b.contains(q) && b.get(q).is_none()) {
                libs.push(q);
            }
        }
    }
    libs.sort();
    libs.dedup();
    libs.len()
}

fn check_invariants(game: &Game, placed: u32, removed: u32) -> Result<(), TestCaseError> {
    let b = game.board();
    // No chain without liberties.
    for (p, _) in b.stones() {
        prop_assert!(b.liberties(p) > 0, "chain at {} has no liberty\n{}", p, b);
        prop_assert_eq!(b.liberties(p), distinct_liberties(b, p), "at {}\n{}", p, b);
    }
    // Conservation: setup + stones placed - stones removed = stones on the board.
    let on_board = (b.count(Color::Black) + b.count(Color::White)) as u32;
    prop_assert_eq!(
        game.setup().stones.len() as u32 + placed - removed,
        on_board
    );
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
    let mut sorted = listed.to_vec();
    sorted.sort();
    sorted.dedup();
    prop_assert_eq!(sorted.len(), listed.len(), "no move listed twice");
    // Every listed move plays; resigning is legal while the game goes on (and not
    // listed: it is no move of the game tree).
    for &m in listed.iter() {
        prop_assert!(game.clone().play(m).is_ok(), "{} is listed but refused", m);
    }
    prop_assert_eq!(game.check(Move::Resign).is_ok(), !game.is_over());
    prop_assert!(!listed.contains(&Move::Resign));
    prop_assert_eq!(
        game.random_move(&mut Pcg64Mcg::seed_from_u64(0)).is_none(),
        game.is_over()
    );
    prop_assert_eq!(
        game.playout_move(&mut Pcg64Mcg::seed_from_u64(0)).is_none(),
        game.is_over()
    );
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
        let mut game = Game::new(rules_from(rules), Setup::new(w, h)).unwrap();
        let (mut placed, mut removed) = (0u32, 0u32);
        let max_moves = if w as u32 * h as u32 > 100 { 60 } else { 250 };
        let mut checkpoints: Vec<Game> = Vec::new();
        for step in 0..max_moves {
            if game.is_over() {
                break;
            }
            let mv = pick(&game, &mut rng);
            let before = game.clone();
            // The same move, traced: the same game and report, and events that
            // describe it.
            let mut traced = game.clone();
            let mut events = Vec::new();
            let traced_report = traced.play_traced(mv, &mut |e| events.push(e));
            match game.play(mv) {
                Ok(report) => {
                    prop_assert_eq!(traced_report, Ok(report));
                    prop_assert_eq!(&traced, &game);
                    prop_assert_eq!(traced.board(), game.board());
                    check_events(&game, &report, &events)?;
                    if let Move::Play(_) = mv {
                        placed += 1;
                    }
                    removed += report.captured + report.self_captured;
                    prop_assert_eq!(game.last_captures().count() as u32, report.captured + report.self_captured);
                }
                Err(e) => {
                    // A refused move changes nothing, and the check agrees.
                    prop_assert_eq!(traced_report, Err(e));
                    prop_assert!(events.is_empty());
                    prop_assert_eq!(&traced, &before);
                    prop_assert_eq!(before.check(mv), Err(e));
                    prop_assert_eq!(&game, &before);
                    prop_assert_eq!(game.board(), before.board());
                    prop_assert_eq!(game.hash(), before.hash());
                }
            }
            check_invariants(&game, placed, removed)?;
            // Replaying the record gives an equal game.
            if step % 5 == 0 {
                let replayed = game.record().replay().unwrap();
                prop_assert_eq!(&replayed, &game);
                prop_assert_eq!(replayed.board(), game.board());
                prop_assert_eq!(replayed.hash(), game.hash());
            }
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
        let mut game = Game::new(rules, Setup::new(w, h)).unwrap();
        for _ in 0..80 {
            let mv = pick(&game, &mut rng);
            let _ = game.play(mv);
        }
        let text = SgfGame::from_game(&game).to_sgf();
        let back = SgfGame::read(&text).unwrap().replay(rules).unwrap();
        prop_assert_eq!(&back, &game);
        prop_assert_eq!(back.board(), game.board());
        #[cfg(feature = "serde")]
        {
            let json = serde_json::to_string(&game).unwrap();
            let back: Game = serde_json::from_str(&json).unwrap();
            prop_assert_eq!(&back, &game);
            prop_assert_eq!(back.hash(), game.hash());
            let record: go_core::Record = serde_json::from_str(&json).unwrap();
            prop_assert_eq!(&record, &game.record());
        }
    }

    #[test]
    fn games_always_end(seed: u64, size in 0u8..9, rules in prop::sample::select(&[0u8, 3, 4][..])) {
        // Under every ko rule that forbids repetition (the superko rules of
        // Tromp-Taylor, AGA and New Zealand), random play ends by passing. Simple
        // ko (Chinese and Japanese since they are KataGo's) does not forbid longer
        // cycles: at 3x3 under Chinese rules seed 13705257180979092662 still went
        // on after 280 moves.
        let (w, h) = size_from(size);
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut game = Game::new(rules_from(rules), Setup::new(w, h)).unwrap();
        let cap = 20 * w as usize * h as usize + 100;
        game.play_out(&mut rng, cap);
        prop_assert!(game.is_over(), "{}x{} not over after {} moves", w, h, cap);
        prop_assert!(game.result().is_some());
        let outcome = game.outcome().unwrap();
        prop_assert_eq!(outcome.winner(), game.result().unwrap().winner());
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
            prop_assert_eq!(&json, &format!("\"{p}\""));
            prop_assert_eq!(serde_json::from_str::<Point>(&json).unwrap(), p);
            let json = serde_json::to_string(&Move::Play(p)).unwrap();
            prop_assert_eq!(serde_json::from_str::<Move>(&json).unwrap(), Move::Play(p));
        }
    }
}

/// The events of a move describe it: the stone placed, each captured stone (as
/// many as the report counts, the points of `last_captures`), each self-captured
/// stone, or the pass or resignation; then the end when the move ended the game.
fn check_events(game: &Game, report: &Report, events: &[Event]) -> Result<(), TestCaseError> {
    let color = report.color;
    let mut rest = events;
    match report.mv {
        Move::Play(point) => {
            prop_assert_eq!(rest.first(), Some(&Event::Place { color, point }));
            rest = &rest[1..];
            let removed: Vec<Point> = game.last_captures().collect();
            let n = removed.len();
            prop_assert!(rest.len() >= n);
            let (captured, own) = removed.split_at(report.captured as usize);
            for (e, &point) in rest.iter().zip(captured) {
                let expected = Event::Capture {
                    color: color.opponent(),
                    point,
                };
                prop_assert_eq!(e, &expected);
            }
            for (e, &point) in rest[captured.len()..].iter().zip(own) {
                prop_assert_eq!(e, &Event::SelfCapture { color, point });
            }
            prop_assert_eq!(own.len() as u32, report.self_captured);
            rest = &rest[n..];
        }
        Move::Pass => {
            prop_assert_eq!(rest.first(), Some(&Event::Pass { color }));
            rest = &rest[1..];
        }
        Move::Resign => {
            prop_assert_eq!(rest.first(), Some(&Event::Resign { color }));
            rest = &rest[1..];
        }
    }
    match report.end {
        Some(reason) => prop_assert_eq!(rest, &[Event::GameOver { reason }][..]),
        None => prop_assert!(rest.is_empty(), "unexpected events {:?}", rest),
    }
    prop_assert_eq!(report.end.is_some(), game.is_over());
    Ok(())
}

/// A 9x9 position with eyes and illegal points, Black to move.
fn eyes_position() -> Game {
    let setup = Setup::from_diagram(
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
    Game::new(Rules::default(), setup).unwrap()
}

/// Draws `draws` moves with `draw` and checks that exactly `expected` come out,
/// each about equally often (chi-squared, well below a 0.999 quantile).
fn assert_uniform(expected: &[Move], draws: usize, mut draw: impl FnMut() -> Move) {
    let mut counts = std::collections::HashMap::new();
    for _ in 0..draws {
        *counts.entry(draw()).or_insert(0u32) += 1;
    }
    let mut drawn: Vec<Move> = counts.keys().copied().collect();
    drawn.sort();
    let mut want = expected.to_vec();
    want.sort();
    assert_eq!(drawn, want, "exactly the expected moves are drawn");
    let mean = draws as f64 / expected.len() as f64;
    let chi2: f64 = expected
        .iter()
        .map(|m| {
            let o = *counts.get(m).unwrap_or(&0) as f64;
            (o - mean).powi(2) / mean
        })
        .sum();
    let dof = (expected.len() - 1) as f64;
    assert!(
        chi2 < dof + 4.0 * (2.0 * dof).sqrt() + 10.0,
        "chi2 {chi2} with {dof} dof"
    );
}

/// `random_move` is uniform over `legal_moves()`: every legal point, the pass too
/// (own eyes and White's eyes included where legal).
#[test]
fn random_move_is_uniform_over_the_legal_moves() {
    let game = eyes_position();
    let legal = game.legal_moves();
    // Every empty point but F9 (a lone stone's suicide in White's eye: it would
    // repeat the board); and the pass.
    assert_eq!(legal.len(), 81 - 14 - 1 + 1);
    assert!(legal.contains(&Move::Pass) && legal.contains(&"A9".parse().unwrap()));
    let mut rng = Pcg64Mcg::seed_from_u64(98);
    assert_uniform(&legal, 200 * legal.len(), || {
        game.random_move(&mut rng).unwrap()
    });
}

/// On a big board where nearly every empty point is an own eye, the playout
/// move still finds the few acceptable ones: past the quick draws, the draw
/// without replacement covers every empty point (more than its small buffer
/// holds), not the first ones only.
#[test]
fn playout_move_finds_rare_acceptable_points_among_many_eyes() {
    // 25×25: Black on every point of odd x + y, the others empty (313 eyes of
    // Black's), but the stone at (HOLE_X, HOLE_Y) taken away: it and its four
    // neighbours are the only acceptable points. The hole is one whose points
    // the empty-point list holds past its 192nd entry (the small buffer's
    // size): searching only the first 192 fails here.
    const HOLE_X: u8 = 12;
    const HOLE_Y: u8 = 9;
    let n = 25u8;
    let mut diagram = String::new();
    for y in (0..n).rev() {
        for x in 0..n {
            let black = (x + y) % 2 == 1 && (x, y) != (HOLE_X, HOLE_Y);
            diagram.push_str(if black { "X " } else { ". " });
        }
        diagram.push('\n');
    }
    let game = Game::new(
        Rules::tromp_taylor(),
        Setup::from_diagram(&diagram, Color::Black).unwrap(),
    )
    .unwrap();
    assert!(game.board().empty_count() > 300);
    let acceptable: Vec<Move> = [(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)]
        .iter()
        .map(|&(dx, dy): &(i8, i8)| {
            let p = Point::new(
                HOLE_X.wrapping_add_signed(dx),
                HOLE_Y.wrapping_add_signed(dy),
            );
            Move::Play(p.unwrap())
        })
        .collect();
    let mut seen = Vec::new();
    for seed in 0..40 {
        let mv = game
            .playout_move(&mut Pcg64Mcg::seed_from_u64(seed))
            .unwrap();
        assert!(acceptable.contains(&mv), "seed {seed}: {mv}");
        seen.push(mv);
    }
    assert!(acceptable.iter().all(|m| seen.contains(m)), "{seen:?}");
}

/// The playout move is uniform over the acceptable moves: the legal points that
/// are not the mover's own eyes.
#[test]
fn playout_move_is_uniform_over_the_points_that_fill_no_own_eye() {
    let game = eyes_position();
    // Black's acceptable moves: every legal point but its own eyes A9 and C9 (F9 is
    // illegal; H9 and J9 are no eyes of Black's).
    let acceptable: Vec<Move> = game
        .legal_moves()
        .iter()
        .copied()
        .filter(|m| !matches!(m, Move::Pass) && !["A9", "C9"].contains(&m.to_string().as_str()))
        .collect();
    assert_eq!(acceptable.len(), 64);
    let mut rng = Pcg64Mcg::seed_from_u64(99);
    assert_uniform(&acceptable, 200 * acceptable.len(), || {
        game.playout_move(&mut rng).unwrap()
    });
}

/// The output of `below` for a seed is part of the API (replays and tests depend on
/// it): pinned here.
#[test]
fn below_gives_the_pinned_sequence() {
    let mut rng = Pcg64Mcg::seed_from_u64(1);
    let ns = [1, 2, 3, 10, 1000, u32::MAX];
    let drawn: Vec<u32> = (0..12).map(|k| below(&mut rng, ns[k % ns.len()])).collect();
    assert_eq!(drawn, PINNED);
    // n = 0 does not panic: it is read as 1.
    assert_eq!(below(&mut Pcg64Mcg::seed_from_u64(1), 0), 0);
}

/// The Zobrist keys are fixed at compile time, the same in every run and on
/// every platform (hashes may be stored and compared across programs): pinned
/// here by the hashes of a few positions, Black's and White's stones on the
/// first and last cells of a 25×25 board among them.
#[test]
fn zobrist_hashes_are_pinned() {
    let mut hashes = Vec::new();
    for (size, moves) in [
        (9u8, &["E5"][..]),
        (9, &["E5", "D4"][..]),
        (19, &["Q16", "D4", "pass", "C3"][..]),
        (25, &["A1", "Z25", "Z1", "A25"][..]),
    ] {
        let mut g = Game::new(Rules::tromp_taylor(), Setup::new(size, size)).unwrap();
        for m in moves {
            g.play(m.parse().unwrap()).unwrap();
        }
        hashes.push(g.hash());
    }
    assert_eq!(hashes, PINNED_HASHES, "{hashes:#x?}");
}

/// `Board` as a `Hash` key: equal boards hash equally, and the boards of a game
/// hash apart (the Zobrist hash and the size go into the hasher).
#[test]
fn boards_hash_apart_as_keys() {
    use std::hash::{BuildHasher, BuildHasherDefault, DefaultHasher};
    let key = |b: &Board| BuildHasherDefault::<DefaultHasher>::default().hash_one(b);
    let mut g = Game::new(Rules::tromp_taylor(), Setup::new(9, 9)).unwrap();
    let mut boards = vec![g.board().clone()];
    let mut rng = Pcg64Mcg::seed_from_u64(11);
    for _ in 0..60 {
        let mv = g.playout_move(&mut rng).unwrap_or(Move::Pass);
        g.play(mv).unwrap();
        boards.push(g.board().clone());
    }
    let mut distinct = boards.clone();
    distinct.sort_by_key(|b| b.to_string());
    distinct.dedup();
    let mut keys: Vec<u64> = distinct.iter().map(key).collect();
    keys.sort();
    keys.dedup();
    assert_eq!(keys.len(), distinct.len());
    assert_eq!(key(&boards[5]), key(&boards[5].clone()));
    // The same stones on boards of other sizes are other keys.
    let empty = |w, h| Board::new(w, h).unwrap();
    assert_ne!(key(&empty(9, 9)), key(&empty(9, 13)));
    assert_ne!(key(&empty(9, 9)), key(&empty(13, 9)));
}

/// `Board`'s equality is the stones and the size (not the history), and its
/// `Debug` form names the size above the diagram.
#[test]
fn boards_are_equal_by_stones_and_size() {
    let mut g = Game::new(Rules::tromp_taylor(), Setup::new(9, 9)).unwrap();
    let empty = g.board().clone();
    assert_eq!(empty, Board::new(9, 9).unwrap());
    assert_ne!(empty, Board::new(9, 13).unwrap());
    assert_ne!(empty, Board::new(13, 9).unwrap());
    let mv = |s: &str| s.parse::<Move>().unwrap();
    g.play(mv("C3")).unwrap();
    assert_ne!(g.board(), &empty);
    // A stone played and taken back by capture leaves a board equal to one
    // that never had it: Black's A1, taken by White's B1.
    let mut a = Game::new(Rules::tromp_taylor(), Setup::new(3, 1)).unwrap();
    a.play(mv("A1")).unwrap();
    a.play(mv("B1")).unwrap();
    let mut b = Game::new(Rules::tromp_taylor(), Setup::new(3, 1)).unwrap();
    b.play(Move::Pass).unwrap();
    b.play(mv("B1")).unwrap();
    assert_eq!(a.board(), b.board());
    assert_eq!(
        format!("{:?}", g.board()),
        format!("Board 9x9\n{}", g.board())
    );
    // A game's Debug: its rules, setup, turn, moves and board.
    let debug = format!("{a:?}");
    assert!(debug.starts_with("Game { rules: "), "{debug}");
    for part in [
        "setup: ",
        "to_move: Black",
        "moves: [Play(",
        "board: Board 3x1",
    ] {
        assert!(debug.contains(part), "{part} in {debug}");
    }
}

const PINNED: [u32; 12] = [0, 0, 2, 2, 704, 948_110_966, 0, 1, 0, 1, 883, 3_958_879_474];

#[test]
fn colors_print_and_parse_back() {
    for c in Color::all() {
        assert_eq!(c.to_string().parse::<Color>(), Ok(c));
        assert_eq!(c.letter().to_string().parse::<Color>(), Ok(c));
    }
    assert_eq!(Color::all().map(Color::index), [0, 1]);
}

#[cfg(feature = "serde")]
mod stored {
    use go_core::{GameError, IllegalMove, Record};

    use super::*;

    fn sample() -> Game {
        let setup = Setup {
            stones: vec![("C3".parse().unwrap(), Color::Black)],
            to_move: Color::White,
            ..Setup::new(9, 9)
        };
        let mut game = Game::new(Rules::japanese(), setup).unwrap();
        for m in ["E5", "D4", "pass"] {
            game.play(m.parse().unwrap()).unwrap();
        }
        game
    }

    #[test]
    fn a_game_is_stored_as_its_record_in_notation() {
        let game = sample();
        let json = serde_json::to_string(&game).unwrap();
        assert_eq!(
            json,
            r#"{"rules":{"ko":"simple","suicide":"forbidden","scoring":"territory","tax":"seki","komi":6.5,"button":false,"handicap_bonus":"none","friendly_pass_ok":false},"setup":{"width":9,"height":9,"stones":[["C3","black"]],"to_move":"white"},"moves":["E5","D4","pass"]}"#
        );
        let back: Game = serde_json::from_str(&json).unwrap();
        assert_eq!(back, game);
        assert_eq!(
            serde_json::from_str::<Record>(&json).unwrap(),
            game.record()
        );
        assert_eq!(serde_json::to_string(&game.record()).unwrap(), json);
    }

    #[test]
    fn unknown_fields_are_refused() {
        let json = serde_json::to_string(&sample()).unwrap();
        for (from, to) in [
            (r#""moves":"#, r#""clock":1,"moves":"#),
            (r#""to_move":"#, r#""first":"black","to_move":"#),
            (r#""komi":"#, r#""handicap":0,"komi":"#),
        ] {
            let bad = json.replacen(from, to, 1);
            assert!(serde_json::from_str::<Game>(&bad).is_err(), "{bad}");
            assert!(serde_json::from_str::<Record>(&bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_record_with_an_illegal_move_is_refused_at_that_move() {
        let mut record = sample().record();
        record
            .moves
            .extend(["A1", "A2", "A1"].map(|m| m.parse::<Move>().unwrap()));
        // Moves 0..=2 are E5, D4, pass; 3 and 4 are A1, A2; 5 repeats A1.
        assert_eq!(
            record.replay(),
            Err(GameError::Replay {
                number: 5,
                mv: "A1".parse().unwrap(),
                error: IllegalMove::Occupied {
                    point: "A1".parse().unwrap()
                },
            })
        );
        assert_eq!(
            record.replay().unwrap_err().to_string(),
            "move 5 (A1) refused: A1 is occupied"
        );
        let json = serde_json::to_string(&record).unwrap();
        let err = serde_json::from_str::<Game>(&json).unwrap_err();
        assert!(err.to_string().contains("move 5 (A1) refused"), "{err}");
    }

    #[test]
    fn corrupt_stored_games_are_errors() {
        let game = r#"{"rules":{"ko":"positional_superko","suicide":"allowed","scoring":"area","komi":0.0},"setup":{"width":9,"height":9,"stones":[],"to_move":"black"},"moves":[]}"#;
        assert_eq!(serde_json::from_str::<Game>(game).unwrap().move_count(), 0);
        // An illegal move, a bad size, a bad komi, an endless rule set, a point off
        // every board, a point off this board, a chain without liberties, a move
        // in the old form.
        let bad = [
            game.replace(r#""moves":[]"#, r#""moves":["A1","A1"]"#),
            game.replace(r#""width":9"#, r#""width":30"#),
            game.replace(r#""komi":0.0"#, r#""komi":0.3"#),
            game.replace(r#""ko":"positional_superko""#, r#""ko":"none""#),
            game.replace(r#""stones":[]"#, r#""stones":[["Z26","black"]]"#),
            game.replace(r#""stones":[]"#, r#""stones":[["K10","black"]]"#),
            game.replace(
                r#""width":9,"height":9,"stones":[]"#,
                r#""width":3,"height":3,"stones":[["A2","black"],["B1","black"],["A1","white"]]"#,
            ),
            game.replace(r#""moves":[]"#, r#""moves":[{"Play":[4,4]}]"#),
        ];
        for text in bad {
            assert!(serde_json::from_str::<Game>(&text).is_err(), "{text}");
        }
    }

    #[test]
    fn outcomes_and_reports_serialise_in_snake_case() {
        let mut game = sample();
        let report = game.play(Move::Pass).unwrap();
        assert_eq!(
            serde_json::to_string(&report).unwrap(),
            r#"{"color":"black","mv":"pass","captured":0,"self_captured":0,"end":"two_passes"}"#
        );
        let outcome = game.outcome().unwrap();
        assert_eq!(
            serde_json::to_string(&outcome).unwrap(),
            r#"{"winner":"white","reason":"two_passes"}"#
        );
        assert_eq!(
            serde_json::to_string(&Event::SelfCapture {
                color: Color::White,
                point: "B2".parse().unwrap()
            })
            .unwrap(),
            r#"{"self_capture":{"color":"white","point":"B2"}}"#
        );
        assert_eq!(
            serde_json::to_string(&game.result().unwrap()).unwrap(),
            r#""W+6.5""#
        );
    }
}

/// The README's stored game is what serde writes for that game, and reads back.
#[cfg(feature = "serde")]
#[test]
fn the_readme_json_is_a_stored_game() {
    let readme = include_str!("../README.md");
    let start = readme.find("```json\n").expect("a JSON example") + "```json\n".len();
    let json = &readme[start..start + readme[start..].find("```").unwrap()];
    let game: Game = serde_json::from_str(json).unwrap();
    let setup = Setup {
        stones: vec![("C3".parse().unwrap(), Color::Black)],
        to_move: Color::White,
        ..Setup::new(9, 9)
    };
    let moves: Vec<Move> = ["E5", "D4", "pass"].map(|m| m.parse().unwrap()).to_vec();
    assert_eq!(
        game,
        Game::replay(Rules::japanese(), setup, &moves).unwrap()
    );
    assert_eq!(serde_json::to_string_pretty(&game).unwrap() + "\n", json);
}

const PINNED_HASHES: [u64; 4] = [
    0x65c6_ee47_7300_a9a7,
    0x9ae6_c761_450e_8908,
    0x52c4_0452_6249_7297,
    0x8476_8447_6173_4dab,
];
