//! Benson's algorithm (`Board::pass_alive`): constructed positions whose status
//! is known, and the property that defines pass-alive — the chains listed are
//! never captured, and the opponent never makes a pass-alive chain in the
//! territory listed, however the opponent plays while their owner passes.

use go_core::{Board, Color, Game, Move, Point, Rules, Setup, Suicide};
use rand_core::SeedableRng;
use rand_pcg::Pcg64Mcg;

fn points(list: &[&str]) -> Vec<Point> {
    let mut v: Vec<Point> = list.iter().map(|s| s.parse().unwrap()).collect();
    v.sort_by_key(|p| (p.row(), p.col()));
    v
}

fn alive(diagram: &str, color: Color) -> (usize, Vec<Point>) {
    let board = Board::from_diagram(diagram).unwrap();
    let pa = board.pass_alive(color, Suicide::Forbidden);
    // Without opponent stones inside, the suicide rule makes no difference.
    let allowed = board.pass_alive(color, Suicide::Allowed);
    if board.stones().all(|(_, c)| c == color) {
        assert_eq!(allowed, pa);
    }
    (pa.stones.len(), pa.territory)
}

#[test]
fn one_eye_is_not_enough_and_two_are() {
    let one = "
        . . . . .
        . X X X .
        . X . X .
        . X X X .
        . . . . .";
    assert_eq!(alive(one, Color::Black), (0, vec![]));
    let two = "
        . . . . . . .
        . X X X X X .
        . X . X . X .
        . X X X X X .
        . . . . . . .";
    assert_eq!(alive(two, Color::Black), (13, points(&["C3", "E3"])));
    // Nothing of White's, on a board without White stones.
    assert_eq!(alive(two, Color::White), (0, vec![]));
}

#[test]
fn a_chain_found_dead_takes_only_its_own_regions_with_it() {
    // The right-hand chain has one eye: it goes in the first round, and with
    // it the regions it borders (its eye, the open area). The left group's
    // two eyes border nothing else: they stay vital, and it stays alive.
    let board = "
        X X X X X . . . .
        X . X . X . . X X
        X X X X X . . X .
        . . . . . . . X X
        . . . . . . . . .";
    assert_eq!(alive(board, Color::Black), (13, points(&["B4", "D4"])));
}

#[test]
fn the_empty_board_has_nothing_alive() {
    let board = Board::new(9, 9).unwrap();
    assert_eq!(
        board.pass_alive(Color::Black, Suicide::Allowed),
        Default::default()
    );
}

#[test]
fn a_dead_stone_inside_an_eye_is_territory() {
    // A two-point eye holding a white stone: every empty point of it is a
    // liberty of the black chain, so it is vital, and the white stone is dead.
    let board = "
        . . . . . . . .
        . X X X X X X .
        . X O . X . X .
        . X X X X X X .
        . . . . . . . .";
    assert_eq!(
        alive(board, Color::Black),
        (15, points(&["C3", "D3", "F3"]))
    );
    assert_eq!(alive(board, Color::White), (0, vec![]));
}

#[test]
fn a_large_eye_is_not_vital() {
    // The left region is nine points and C3 is no black stone's liberty, so it
    // is not vital; nor is the lower right one (G1); with one small eye (F4)
    // the chain is not pass-alive.
    let board = "
        X X X X X X X
        X . . . X . X
        X . . . X X X
        X . . . X . .
        X X X X X . .";
    let (stones, territory) = alive(board, Color::Black);
    assert_eq!((stones, territory), (0, vec![]));
}

#[test]
fn every_region_whose_points_all_touch_the_wall_counts() {
    // One chain of 12: the top row, the three eyes and the bottom row are each
    // next to it at every point, so all five regions are vital and territory.
    let board = "
        . . . . .
        X X X X X
        . X . X .
        X X X X X
        . . . . .";
    let (stones, territory) = alive(board, Color::Black);
    assert_eq!(stones, 12);
    assert_eq!(territory.len(), 13);
}

#[test]
fn eyes_along_the_edge() {
    // One chain (B3 joins the columns): the two-point eye B1-B2 and the column
    // D1-D3, every point of which is a liberty of the chain.
    let board = "
        X X X .
        X . X .
        X . X .";
    assert_eq!(
        alive(board, Color::Black),
        (7, points(&["B1", "B2", "D1", "D2", "D3"]))
    );
    let board = "
        X X X X
        X . X .
        X . X X";
    assert_eq!(alive(board, Color::Black), (9, points(&["B1", "B2", "D2"])));
}

#[test]
fn opponent_stones_in_an_eye_count_only_if_they_cannot_leave() {
    // The region D5-E5-E4 is vital to both black chains while White cannot take
    // its own stones off; where suicide is allowed White plays E4, its three
    // stones leave, E5 is then no black stone's liberty, and both chains can be
    // captured (found by the property test below).
    let board = "
        . O X O O
        O O X X .
        O O X . X
        . . O X X
        O O . O X";
    let b = Board::from_diagram(board).unwrap();
    assert_eq!(
        b.pass_alive(Color::Black, Suicide::Forbidden).stones.len(),
        8
    );
    assert_eq!(
        b.pass_alive(Color::Black, Suicide::Allowed),
        Default::default()
    );
}

#[test]
fn seki_is_not_pass_alive() {
    // Neither side fills B1 or B2 in play (whoever does is captured), but a
    // side that only passes loses its chain: White plays B1, then B2.
    let board = "
        X . O
        X . O";
    assert_eq!(alive(board, Color::Black), (0, vec![]));
    assert_eq!(alive(board, Color::White), (0, vec![]));
}

/// Whether any of `stones` is no longer `color` on `game`'s board.
fn lost(game: &Game, stones: &[Point], color: Color) -> bool {
    stones.iter().any(|&p| game.board().get(p) != Some(color))
}

#[test]
fn pass_alive_chains_survive_any_attack_while_their_owner_passes() {
    let mut rng = Pcg64Mcg::seed_from_u64(11);
    let (mut tested, mut attacks) = (0, 0);
    for (size, rules) in [5u8, 7, 9]
        .into_iter()
        .flat_map(|s| [(s, Rules::tromp_taylor()), (s, Rules::chinese())])
    {
        for k in 0..30 {
            // A light playout, finished (most groups have two eyes or more) or
            // cut short (more room to attack).
            let mut game = Game::new(rules, Setup::new(size, size)).unwrap();
            let cut = if k % 2 == 0 {
                10_000
            } else {
                usize::from(size) * usize::from(size)
            };
            game.play_out(&mut rng, cut);
            for owner in [Color::Black, Color::White] {
                let pa = game.board().pass_alive(owner, rules.suicide());
                tested += pa.stones.len();
                // Restart from this board with the opponent to move, and let the
                // opponent play every move it likes while the owner passes.
                let stones: Vec<(Point, Color)> = game.board().stones().collect();
                let setup = Setup {
                    stones,
                    to_move: owner.opponent(),
                    ..Setup::new(size, size)
                };
                let mut attack = Game::new(rules, setup).unwrap();
                for _ in 0..200 {
                    let legal = attack.legal_moves();
                    let stones_only: Vec<Move> =
                        legal.iter().copied().filter(|m| *m != Move::Pass).collect();
                    if stones_only.is_empty() {
                        break;
                    }
                    let mv = stones_only
                        [(rand_core::Rng::next_u32(&mut rng) as usize) % stones_only.len()];
                    attack.play(mv).unwrap();
                    attacks += 1;
                    assert!(
                        !lost(&attack, &pa.stones, owner),
                        "a pass-alive stone of {owner} was captured:\n{}\nfrom\n{}",
                        attack.board(),
                        game.board()
                    );
                    // The opponent never makes a pass-alive chain in the territory.
                    let theirs = attack.board().pass_alive(owner.opponent(), rules.suicide());
                    assert!(
                        theirs.stones.iter().all(|p| !pa.territory.contains(p)),
                        "the opponent lives in pass-alive territory:\n{}",
                        attack.board()
                    );
                    attack.play(Move::Pass).unwrap();
                }
            }
        }
    }
    assert!(
        tested > 1000 && attacks > 10_000,
        "only {tested} pass-alive stones put to the test, by {attacks} moves"
    );
}
