//! Criterion benchmarks of go_core's hot paths, with two other Go rules crates
//! (`goban` 0.20.1, `board-game` 0.8.2) measured side by side on the same light
//! playout policy: a uniformly random legal move that does not fill the mover's own
//! eye, pass when there is none, superko checked on every move.
//!
//! Run: `cargo bench -p tabletop-benches --bench go_core` (or `-- playout` for one group).

use std::hint::black_box;
use std::path::PathBuf;

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use go_core::sgf::SgfGame;
use go_core::{Color, Game, Move, Point, Rules, Setup};
use rand_core::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// Uniform in 0..n (bias below 2^-32 is irrelevant for a benchmark policy).
fn below(rng: &mut Pcg64Mcg, n: usize) -> usize {
    ((u64::from(rng.next_u32()) * n as u64) >> 32) as usize
}

// ----- go_core -----

fn go_core_playout(game: &mut Game, start: &Game, rng: &mut Pcg64Mcg) -> usize {
    game.clone_from(start); // reuses the buffers: no allocation per playout
    game.play_out(rng, 10_000)
}

// ----- goban 0.20.1 -----

mod goban_policy {
    use goban::rules::game::Game;
    use goban::rules::{CHINESE, GobanSizes, IllegalRules, Move};

    pub fn new(size: u8) -> Game {
        let s = if size == 9 {
            GobanSizes::Nine
        } else {
            GobanSizes::Nineteen
        };
        Game::new(s, CHINESE)
    }

    pub fn playout(start: &Game, rng: &mut super::Pcg64Mcg) -> usize {
        let mut game = start.clone();
        let rules = IllegalRules::KO
            | IllegalRules::SUPERKO
            | IllegalRules::SUICIDE
            | IllegalRules::FILLEYE;
        let mut moves = 0;
        let mut buf = Vec::new();
        while !game.is_over() && moves < 10_000 {
            buf.clear();
            buf.extend(game.legals_by(rules));
            if buf.is_empty() {
                game.play(Move::Pass);
            } else {
                let (x, y) = buf[super::below(rng, buf.len())];
                game.play(Move::Play(x, y));
            }
            moves += 1;
        }
        moves
    }
}

// ----- board-game 0.8.2 -----

mod board_game_policy {
    use board_game::board::{Board, Player};
    use board_game::games::go::{GoBoard, Komi, Move, Rules, Tile};

    pub fn new(size: u8) -> GoBoard {
        GoBoard::new(size, Komi::zero(), Rules::tromp_taylor())
    }

    fn is_own_eye(b: &GoBoard, t: Tile, me: Player) -> bool {
        let size = b.size();
        if t.all_adjacent(size).any(|n| b.stone_at(n) != Some(me)) {
            return false;
        }
        let (x, y) = (t.x() as i16, t.y() as i16);
        let (mut bad, mut edge) = (0, false);
        for (dx, dy) in [(-1, -1), (-1, 1), (1, -1), (1, 1)] {
            let (nx, ny) = (x + dx, y + dy);
            if nx < 0 || ny < 0 || nx >= size as i16 || ny >= size as i16 {
                edge = true;
            } else if b.stone_at(Tile::new(nx as u8, ny as u8)) == Some(me.other()) {
                bad += 1;
            }
        }
        if edge { bad == 0 } else { bad < 2 }
    }

    pub fn playout(start: &GoBoard, rng: &mut super::Pcg64Mcg) -> usize {
        let mut b = start.clone();
        let mut moves = 0;
        let mut buf: Vec<Tile> = Vec::new();
        while !b.is_done() && moves < 10_000 {
            buf.clear();
            buf.extend(b.empty_tiles());
            let me = b.next_player();
            let mut chosen = Move::Pass;
            let mut n = buf.len();
            while n > 0 {
                let k = super::below(rng, n);
                let t = buf[k];
                if !is_own_eye(&b, t, me) && b.is_available_move(Move::Place(t)).unwrap_or(false) {
                    chosen = Move::Place(t);
                    break;
                }
                n -= 1;
                buf.swap(k, n);
            }
            if b.play(chosen).is_err() {
                break;
            }
            moves += 1;
        }
        moves
    }
}

fn playouts(c: &mut Criterion) {
    for size in [9u8, 19] {
        let mut group = c.benchmark_group(format!("go_core/playout_{size}x{size}"));
        group.throughput(Throughput::Elements(1));
        if size == 19 {
            group.sample_size(30);
        }
        let start = Game::new(Rules::tromp_taylor(), Setup::new(size, size)).unwrap();
        let mut rng = Pcg64Mcg::seed_from_u64(1);
        let mut game = start.clone();
        group.bench_function("go_core", |b| {
            b.iter(|| black_box(go_core_playout(&mut game, &start, &mut rng)))
        });
        // The same playouts on the board built for them (the same moves for the
        // same random numbers).
        let mut light = go_core::LightPlayout::new(&start);
        let mut rng = Pcg64Mcg::seed_from_u64(1);
        group.bench_function("go_core_light", |b| {
            b.iter(|| black_box(light.run(&mut rng, 10_000)))
        });
        let gb = goban_policy::new(size);
        let mut rng = Pcg64Mcg::seed_from_u64(1);
        group.bench_function("goban-0.20.1", |b| {
            b.iter(|| black_box(goban_policy::playout(&gb, &mut rng)))
        });
        let bg = board_game_policy::new(size);
        let mut rng = Pcg64Mcg::seed_from_u64(1);
        group.bench_function("board-game-0.8.2", |b| {
            b.iter(|| black_box(board_game_policy::playout(&bg, &mut rng)))
        });
        group.finish();
    }
}

/// Average moves per playout, printed once so that playouts/s converts to moves/s.
fn playout_lengths(c: &mut Criterion) {
    let _ = c;
    for size in [9u8, 19] {
        let start = Game::new(Rules::tromp_taylor(), Setup::new(size, size)).unwrap();
        let mut rng = Pcg64Mcg::seed_from_u64(2);
        let mut game = start.clone();
        let total: usize = (0..200)
            .map(|_| go_core_playout(&mut game, &start, &mut rng))
            .sum();
        eprintln!(
            "go_core {size}x{size}: {:.1} moves per playout",
            total as f64 / 200.0
        );
    }
}

fn game_from(diagram: &str, to_move: Color) -> Game {
    Game::new(
        Rules::tromp_taylor(),
        Setup::from_diagram(diagram, to_move).unwrap(),
    )
    .unwrap()
}

/// One move capturing a 60-stone group, from a prepared position.
fn big_capture(c: &mut Criterion) {
    // White's 6x10 block in the middle, all its liberties but one filled by Black.
    let mut rows = Vec::new();
    for r in 0..19 {
        let mut row = String::new();
        for col in 0..19 {
            let in_block = (4..14).contains(&r) && (6..12).contains(&col);
            let ring = (3..15).contains(&r) && (5..13).contains(&col) && !in_block;
            row.push(if in_block {
                'O'
            } else if ring && !(r == 3 && col == 8) {
                'X'
            } else {
                '.'
            });
        }
        rows.push(row);
    }
    let game = game_from(&rows.join("\n"), Color::Black);
    let mv = Move::Play(Point::new(8, 15).unwrap());
    assert_eq!(game.clone().play(mv).unwrap().captured, 60);
    let mut group = c.benchmark_group("go_core/big_capture");
    group.throughput(Throughput::Elements(1));
    group.bench_function("capture_60_stones", |b| {
        b.iter_batched_ref(
            || game.clone(),
            |g| black_box(g.play(mv).unwrap()),
            BatchSize::SmallInput,
        )
    });
    group.finish();
}

/// The distinct empty points next to the chain through `p`.
fn chain_liberties(game: &Game, p: Point) -> Vec<Point> {
    let b = game.board();
    let mut libs: Vec<Point> = Vec::new();
    for s in b.chain(p) {
        let (c, r) = (s.col() as i32, s.row() as i32);
        for (dc, dr) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
            let (nc, nr) = (c + dc, r + dr);
            if nc < 0 || nr < 0 {
                continue;
            }
            if let Some(q) = Point::new(nc as u8, nr as u8)
                && b.contains(q)
                && b.get(q).is_none()
                && !libs.contains(&q)
            {
                libs.push(q);
            }
        }
    }
    libs
}

/// A ladder from near the lower-left corner to the upper-right edge: White
/// extends out of atari, Black ataris again, until White is captured.
fn ladder(c: &mut Criterion) {
    let setup = Setup {
        stones: vec![
            (Point::new(1, 1).unwrap(), Color::White),
            (Point::new(0, 1).unwrap(), Color::Black),
            (Point::new(1, 0).unwrap(), Color::Black),
            (Point::new(2, 1).unwrap(), Color::Black),
            (Point::new(0, 2).unwrap(), Color::Black),
        ],
        to_move: Color::White,
        ..Setup::new(19, 19)
    };
    let start = Game::new(Rules::tromp_taylor(), setup).unwrap();
    let runner = Point::new(1, 1).unwrap();
    let mut g = start.clone();
    let mut moves = Vec::new();
    while g.board().get(runner) == Some(Color::White) {
        let libs = chain_liberties(&g, runner);
        if g.to_move() == Color::White {
            let mv = Move::Play(libs[0]);
            g.play(mv).unwrap();
            moves.push(mv);
        } else {
            // Black ataris on the liberty that leaves White's escape worst.
            let best = libs
                .iter()
                .copied()
                .min_by_key(|&l| {
                    let mut t = g.clone();
                    t.play(Move::Play(l)).unwrap();
                    chain_liberties(&t, runner).first().map_or(0, |&esc| {
                        t.play(Move::Play(esc))
                            .map_or(9, |_| chain_liberties(&t, runner).len())
                    })
                })
                .unwrap();
            g.play(Move::Play(best)).unwrap();
            moves.push(Move::Play(best));
        }
    }
    assert!(
        moves.len() > 30,
        "the ladder runs across the board ({} moves)",
        moves.len()
    );
    let mut group = c.benchmark_group("go_core/ladder");
    group.throughput(Throughput::Elements(moves.len() as u64));
    group.bench_function(format!("{}_moves_to_capture", moves.len()), |b| {
        b.iter_batched_ref(
            || start.clone(),
            |g| {
                for &m in &moves {
                    black_box(g.play(m).unwrap());
                }
            },
            BatchSize::SmallInput,
        )
    });
    group.finish();
}

/// A 19x19 game after `moves` random moves.
fn random_game(moves: usize, seed: u64) -> Game {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut game = Game::new(Rules::tromp_taylor(), Setup::new(19, 19)).unwrap();
    while game.move_count() < moves {
        let mv = game.playout_move(&mut rng).unwrap();
        if mv == Move::Pass {
            game = Game::new(Rules::tromp_taylor(), Setup::new(19, 19)).unwrap();
            continue;
        }
        game.play(mv).unwrap();
    }
    game
}

fn legal_moves(c: &mut Criterion) {
    let game = random_game(150, 3);
    let n = game.legal_moves().len();
    let mut group = c.benchmark_group("go_core/legal_moves");
    group.throughput(Throughput::Elements(n as u64));
    group.bench_function(format!("19x19_after_150_moves_{n}_legal"), |b| {
        b.iter(|| black_box(game.legal_moves()))
    });
    group.finish();
}

/// Checking every point deep into a long game (superko history of 400+ boards).
fn superko(c: &mut Criterion) {
    // The first seeded random game that lasts 500 moves, cut at move 500.
    let game = (4..)
        .map(|seed| {
            let mut rng = Pcg64Mcg::seed_from_u64(seed);
            let mut game = Game::new(Rules::tromp_taylor(), Setup::new(19, 19)).unwrap();
            game.play_out(&mut rng, 500);
            game
        })
        .find(|g| g.move_count() == 500 && !g.is_over())
        .unwrap();
    let points: Vec<Move> = game.board().points().map(Move::Play).collect();
    let mut group = c.benchmark_group("go_core/superko");
    group.throughput(Throughput::Elements(points.len() as u64));
    group.bench_function(
        format!("check_all_points_after_{}_moves", game.move_count()),
        |b| b.iter(|| points.iter().filter(|&&m| game.is_legal(m)).count()),
    );
    group.finish();
}

fn sgf_texts() -> Vec<String> {
    // `cargo bench` runs this in `benches/`: a relative `GO_SGF_DIR` is read from
    // the project root, where the command is typed, and the default is the
    // collection beside the repository.
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let dir = std::env::var_os("GO_SGF_DIR")
        .map(|d| root.join(d))
        .unwrap_or_else(|| root.join("../shared/data/go-sgf"));
    let mut texts: Vec<String> = std::fs::read_dir(&dir)
        .map(|d| {
            d.filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|e| e == "sgf"))
                .filter_map(|p| std::fs::read(p).ok())
                .map(|b| String::from_utf8_lossy(&b).into_owned())
                .collect()
        })
        .unwrap_or_default();
    if texts.is_empty() {
        eprintln!(
            "no SGF collection at {}: benchmarking 100 generated games",
            dir.display()
        );
        texts = (0..100)
            .map(|s| SgfGame::from_game(&random_game(250, 100 + s)).to_sgf())
            .collect();
    }
    texts
}

fn sgf_replay(c: &mut Criterion) {
    let texts = sgf_texts();
    let moves: usize = texts
        .iter()
        .filter_map(|t| SgfGame::read(t).ok())
        .map(|r| r.moves.len())
        .sum();
    let mut group = c.benchmark_group("go_core/sgf");
    group.throughput(Throughput::Elements(moves as u64));
    group.sample_size(20);
    group.bench_function(format!("parse_and_replay_{}_games", texts.len()), |b| {
        b.iter(|| {
            for t in &texts {
                let game = SgfGame::read(t).and_then(|r| r.replay(Rules::tromp_taylor()));
                black_box(game.is_ok());
            }
        })
    });
    let records: Vec<SgfGame> = texts.iter().filter_map(|t| SgfGame::read(t).ok()).collect();
    group.bench_function("replay_only", |b| {
        b.iter(|| {
            for r in &records {
                black_box(r.replay(Rules::tromp_taylor()).is_ok());
            }
        })
    });
    group.finish();
}

criterion_group!(
    benches,
    playout_lengths,
    playouts,
    big_capture,
    ladder,
    legal_moves,
    superko,
    sgf_replay
);
criterion_main!(benches);
