//! Published tables: Tromp–Taylor move-tree sizes ("perft") and the number of legal
//! positions on small boards. The data files cite their sources.

use go_core::{Board, Color, Game, Point, Rules, Setup};

/// Leaves of the move tree `depth` plies deep: every move is a point or a pass, two
/// passes end the game, positional superko, suicide allowed (Tromp–Taylor).
fn perft(game: &Game, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = game.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|&mv| {
            let mut next = game.clone();
            next.play(mv).expect("listed moves are legal");
            perft(&next, depth - 1)
        })
        .sum()
}

/// Reads `tests/data/NAME`: lines of whitespace-separated numbers, `#` comments.
fn table(name: &str) -> Vec<Vec<u64>> {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .map(|l| {
            l.split_whitespace()
                .map(|n| n.parse().expect("a number"))
                .collect()
        })
        .collect()
}

/// Rows `width height depth count`; all of them, 47 million leaves in all, take
/// about two seconds.
#[test]
fn move_tree_counts_match_the_published_table() {
    let mut checked = 0;
    for row in table("tromp_taylor_perft.txt") {
        let &[w, h, depth, expected] = row.as_slice() else {
            panic!("bad row {row:?}")
        };
        let game = Game::new(Rules::tromp_taylor(), Setup::new(w as u8, h as u8)).unwrap();
        assert_eq!(
            perft(&game, depth as u32),
            expected,
            "{w}x{h} depth {depth}"
        );
        checked += 1;
    }
    assert_eq!(checked, 18, "rows checked");
}

/// Every arrangement of empty/black/white on the board, counting those where
/// every chain has a liberty (Tromp & Farnebäck's legal positions).
fn legal_positions(width: u8, height: u8) -> u64 {
    let points: Vec<Point> = (0..height)
        .flat_map(|r| (0..width).map(move |c| Point::new(c, r).unwrap()))
        .collect();
    let total = 3u64.pow(points.len() as u32);
    let mut stones = Vec::with_capacity(points.len());
    let mut legal = 0;
    for code in 0..total {
        stones.clear();
        let mut c = code;
        for &p in &points {
            match c % 3 {
                1 => stones.push((p, Color::Black)),
                2 => stones.push((p, Color::White)),
                _ => {}
            }
            c /= 3;
        }
        if Board::with_stones(width, height, &stones).is_ok() {
            legal += 1;
        }
    }
    legal
}

#[test]
fn legal_position_counts_match_oeis() {
    for row in table("legal_positions.txt") {
        let &[w, h, expected] = row.as_slice() else {
            panic!("bad row {row:?}")
        };
        assert_eq!(legal_positions(w as u8, h as u8), expected, "{w}x{h}");
    }
}
