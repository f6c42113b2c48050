//! Every path of the board engine, small enough to run under Miri, which checks
//! the one `unsafe` module (`board/cells.rs`: the cell and chain tables read
//! without bounds checks on the hot path) for out-of-range accesses and undefined
//! behaviour, together with that module's own unit tests:
//!
//! ```text
//! cargo +nightly miri test -p go_core --lib --test miri
//! ```
//! Natively it is one more test of random games: captures, suicide, repetitions,
//! undo, scoring with dead stones, diagrams, SGF, on boards from 1×1 to 25×25.

use go_core::sgf::SgfGame;
use go_core::{Board, Game, KoRule, Move, Point, Rules, Setup, Suicide};
use rand_core::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// Plays a random game of `rules` on a `width`×`height` board to the end (or
/// `limit` moves), mixing playout moves, arbitrary points (often illegal: off the
/// board, occupied, suicide, repetition) and undos, checking the board as it goes.
fn random_game(rules: Rules, width: u8, height: u8, seed: u64, limit: usize) -> Game {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut game = Game::new(rules, Setup::new(width, height)).expect("a valid size");
    let mut moves = 0;
    while !game.is_over() && moves < limit {
        let mv = match rng.next_u32() % 8 {
            0 => Move::Play(
                Point::new((rng.next_u32() % 26) as u8, (rng.next_u32() % 26) as u8)
                    .unwrap_or(Point::new(0, 0).expect("A1")),
            ),
            1 if game.move_count() > 0 => {
                game.undo().expect("a move to undo");
                continue;
            }
            2 => game.random_move(&mut rng).expect("the game goes on"),
            _ => game.playout_move(&mut rng).expect("the game goes on"),
        };
        let before = game.board().clone();
        match game.play(mv) {
            Ok(_) => moves += 1,
            Err(_) => assert_eq!(game.board(), &before, "a refused move changes nothing"),
        }
        let stones = game.board().stones().count();
        assert_eq!(
            stones,
            game.board().count(go_core::Color::Black) + game.board().count(go_core::Color::White)
        );
        if moves % 8 == 0 {
            for (p, _) in game.board().stones() {
                assert!(game.board().liberties(p) > 0, "no chain without a liberty");
            }
        }
    }
    game
}

#[test]
fn the_engine_under_every_rule_and_board_shape() {
    let rules = [
        Rules::tromp_taylor(),
        Rules::chinese(),
        Rules::japanese(),
        Rules::chinese().with_ko(KoRule::SituationalSuperko),
        Rules::chinese()
            .with_ko(KoRule::None)
            .with_suicide(Suicide::Forbidden),
    ];
    let shapes = [(1, 1), (2, 2), (3, 3), (1, 7), (5, 4)];
    for (k, &rules) in rules.iter().enumerate() {
        for (s, &(w, h)) in shapes.iter().enumerate() {
            let seed = (k * 10 + s) as u64;
            let mut game = random_game(rules, w, h, seed, 40);
            let _ = game.legal_moves();
            let _ = game.score();
            let dead: Vec<Point> = game.board().stones().take(2).map(|(p, _)| p).collect();
            let _ = game.score_with_dead(&dead);
            let sgf = SgfGame::from_game(&game).to_sgf();
            let replayed = SgfGame::read(&sgf)
                .and_then(|r| r.replay(rules))
                .expect("the record replays");
            assert_eq!(replayed.board(), game.board());
            game.undo_many(game.move_count())
                .expect("back to the start");
            assert_eq!(game.board().stones().count(), 0);
        }
    }
}

#[test]
fn playouts_on_the_big_boards() {
    let mut rng = Pcg64Mcg::seed_from_u64(5);
    for (w, h, moves) in [(9, 9, 150), (19, 19, 40), (25, 25, 20)] {
        let mut game = Game::new(Rules::tromp_taylor(), Setup::new(w, h)).expect("a valid size");
        game.play_out(&mut rng, moves);
        assert!(game.move_count() > 0);
        let _ = game.score();
    }
}

#[test]
fn diagrams_and_points_off_the_board() {
    let board = Board::from_diagram(
        "X O . .
         O . O .
         . O X X",
    )
    .expect("a diagram");
    let far = Point::new(24, 24).expect("Z25");
    assert_eq!(board.get(far), None);
    assert_eq!(board.chain(far).count(), 0);
    assert_eq!(board.liberties(far), 0);
    let mut game = Game::new(Rules::tromp_taylor(), Setup::new(3, 3)).expect("3x3");
    assert!(game.play(Move::Play(far)).is_err());
}
