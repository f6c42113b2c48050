//! One test per ruling (T1–T11), on hand-made setups. Cells: column letter from the
//! West, row number from the South. With draws "side 1 first, dark+light" side 1
//! opens on the South edge (light stones) and side 2 on the North edge (dark).

use trap_stones::{
    Announcement, Awaiting, Cell, Cheat, Color, Draws, End, Game, Home, IllegalMove, Move, Player,
    ProtocolError, Rules, Score, Secret, Setup, SetupError, Side, SideGame, Stake, StakeResult,
    Traps,
};

fn c(s: &str) -> Cell {
    s.parse().unwrap()
}

fn traps(cells: &[&str]) -> Traps {
    Traps::new(&cells.iter().map(|s| c(s)).collect::<Vec<_>>()).unwrap()
}

const SOUTH_NORTH: Draws = Draws {
    first: Side::One,
    axis: Color::Dark,
    side: Color::Light,
};

/// The seat of a side without a team.
fn solo(side: Side) -> Player {
    Player::solo(side)
}

fn game(rules: Rules, p1: &[&str], p2: &[&str]) -> Game {
    Game::new(rules, Setup::new(SOUTH_NORTH, [traps(p1), traps(p2)])).unwrap()
}

fn play(g: &mut Game, moves: &[&str]) {
    for m in moves {
        g.play(m.parse().unwrap())
            .unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

#[test]
fn t1_board_sizes_and_cell_notation() {
    for s in ["a1", "i9", "z26", "c12"] {
        assert_eq!(c(s).to_string(), s);
    }
    assert_eq!("C4".parse::<Cell>().unwrap(), c("c4"));
    // Not a letter first ("11", "[5": below `a`), more than two digits ("a001" is
    // not a1; "a999" overflows no counter).
    for bad in [
        "", "a", "a0", "a27", "1a", "{1", "aa1", "a1x", "11", "[5", "a001", "a999", "b100",
    ] {
        assert!(bad.parse::<Cell>().is_err(), "{bad}");
    }
    assert!(Rules::default().with_size(2, 26).validate().is_ok());
    assert!(Rules::default().with_size(1, 9).validate().is_err());
    assert!(Rules::default().with_size(9, 27).validate().is_err());
    let g = game(Rules::default().with_size(12, 5), &["a3"], &["l3"]);
    assert!(
        g.check("l1".parse().unwrap()).is_ok(),
        "the 12th column exists"
    );
    assert_eq!(
        g.check("m1".parse().unwrap()),
        Err(IllegalMove::OffBoard(c("m1")))
    );
}

#[test]
fn t2_draws_give_homes_and_colors() {
    let d = |axis, side| Draws {
        first: Side::One,
        axis,
        side,
    };
    use Color::{Dark, Light};
    assert_eq!(d(Dark, Light).homes(false), [Home::South, Home::North]);
    assert_eq!(d(Dark, Dark).homes(false), [Home::North, Home::South]);
    assert_eq!(d(Light, Light).homes(false), [Home::East, Home::West]);
    assert_eq!(d(Light, Dark).homes(false), [Home::West, Home::East]);
    // The corner variant: both dark, NW against SE; both light, NE against SW;
    // mixed draws keep the edges.
    assert_eq!(
        d(Dark, Dark).homes(true),
        [Home::NorthWest, Home::SouthEast]
    );
    assert_eq!(
        d(Light, Light).homes(true),
        [Home::NorthEast, Home::SouthWest]
    );
    assert_eq!(d(Dark, Light).homes(true), [Home::South, Home::North]);
    // South, East, SE and NE play light.
    for (home, color) in [
        (Home::South, Light),
        (Home::East, Light),
        (Home::SouthEast, Light),
        (Home::NorthEast, Light),
        (Home::North, Dark),
        (Home::West, Dark),
        (Home::NorthWest, Dark),
        (Home::SouthWest, Dark),
    ] {
        assert_eq!(home.color(), color, "{home:?}");
    }
    let g = game(Rules::default(), &["a5"], &["b5"]);
    assert_eq!(g.color(Side::One), Light);
    assert_eq!(g.to_move(), solo(Side::One), "Player 1 moves first");
}

#[test]
fn t2_a_home_is_its_edge_row_or_its_corner() {
    let homes = [
        Home::North,
        Home::South,
        Home::East,
        Home::West,
        Home::NorthWest,
        Home::NorthEast,
        Home::SouthWest,
        Home::SouthEast,
    ];
    for (w, h) in [(2, 2), (3, 9), (9, 9), (26, 5), (4, 26)] {
        for home in homes {
            // Off the board (one column and one row past it) is in no home.
            for col in 0..=w {
                for row in 0..=h {
                    let on = col < w && row < h;
                    let (north, south) = (row == h - 1, row == 0);
                    let (east, west) = (col == w - 1, col == 0);
                    let expected = on
                        && match home {
                            Home::North => north,
                            Home::South => south,
                            Home::East => east,
                            Home::West => west,
                            Home::NorthWest => north && west,
                            Home::NorthEast => north && east,
                            Home::SouthWest => south && west,
                            Home::SouthEast => south && east,
                        };
                    // (No cell past z or 26 exists.)
                    let Some(cell) = Cell::new(col, row) else {
                        continue;
                    };
                    assert_eq!(
                        home.contains(cell, w, h),
                        expected,
                        "{home:?} {cell} on {w}x{h}"
                    );
                }
            }
        }
        // A side's first stones are exactly the cells of its home (T4). (On 2x2
        // every cell is a corner, where no trap may go: T3.)
        if w == 2 {
            continue;
        }
        for (axis, side, corners) in [
            (Color::Dark, Color::Light, false),
            (Color::Light, Color::Dark, false),
            (Color::Dark, Color::Dark, true),
            (Color::Light, Color::Light, true),
        ] {
            let draws = Draws {
                first: Side::One,
                axis,
                side,
            };
            let rules = Rules::default().with_size(w, h).with_corner_homes(corners);
            // Traps in the middle of the board: never a whole home.
            let trap = Cell::new(w / 2, h / 2).unwrap();
            let g = Game::new(
                rules,
                Setup::new(
                    draws,
                    [Traps::new(&[trap]).unwrap(), Traps::new(&[trap]).unwrap()],
                ),
            )
            .unwrap();
            let home = draws.homes(corners)[0];
            let firsts: Vec<Cell> = g.legal_moves().stones().collect();
            let all: Vec<Cell> = (0..h)
                .flat_map(|r| (0..w).map(move |c| Cell::new(c, r).unwrap()))
                .filter(|&c| home.contains(c, w, h))
                .collect();
            let mut firsts_sorted = firsts.clone();
            firsts_sorted.sort_by_key(|c| (c.row(), c.col()));
            assert_eq!(firsts_sorted, all, "{home:?} on {w}x{h}");
        }
    }
}

#[test]
fn t2_draw_one_decides_which_side_is_player_1() {
    // Draw 1 gave side 2: it moves first, and draws 2 and 3 speak of it as
    // Player 1 (dark axis stone: North–South; light side stone: Player 1 South).
    let draws = Draws {
        first: Side::Two,
        ..SOUTH_NORTH
    };
    assert_eq!(draws.homes(false), [Home::North, Home::South]);
    let corner = Draws {
        first: Side::Two,
        axis: Color::Light,
        side: Color::Light,
    };
    assert_eq!(corner.homes(true), [Home::SouthWest, Home::NorthEast]);
    let mut g = Game::new(
        Rules::default(),
        Setup::new(draws, [traps(&["a5"]), traps(&["i5"])]),
    )
    .unwrap();
    assert_eq!(g.to_move(), solo(Side::Two));
    assert_eq!(g.color(Side::Two), Color::Light);
    assert_eq!(
        g.check("e9".parse().unwrap()),
        Err(IllegalMove::NotHome(c("e9")))
    );
    let r = g.play("e1".parse().unwrap()).unwrap();
    assert_eq!(r.player, solo(Side::Two));
    assert!(g.has_stone(Side::Two, c("e1")));
    assert_eq!(g.to_move(), solo(Side::One));
    g.play("e9".parse().unwrap()).unwrap();
    // The draws come from a generator too, each side first about half the time.
    use rand_core::SeedableRng;
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(4);
    let firsts = (0..1000)
        .filter(|_| Draws::random(&mut rng).first == Side::One)
        .count();
    assert!((430..570).contains(&firsts), "{firsts}");
    // Stored games depend on a seed's draws: three `below(rng, 2)`, 0 giving side 1
    // and a dark stone.
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(1);
    let code = |d: Draws| {
        format!(
            "{}{}{}",
            d.first.index() + 1,
            if d.axis == Color::Dark { 'd' } else { 'l' },
            if d.side == Color::Dark { 'd' } else { 'l' }
        )
    };
    let drawn: Vec<String> = (0..8).map(|_| code(Draws::random(&mut rng))).collect();
    assert_eq!(drawn.join(" "), "2dl 1ld 2ld 1ll 2ld 2ll 2ll 1ld");
}

#[test]
fn t2_corner_orientations_open_on_the_corner() {
    let rules = Rules::corners();
    let nw_se = Draws {
        first: Side::One,
        axis: Color::Dark,
        side: Color::Dark,
    };
    let mut g = Game::new(rules, Setup::new(nw_se, [traps(&["e5"]), traps(&["d5"])])).unwrap();
    assert_eq!(
        g.check(c("a8").into_stone()),
        Err(IllegalMove::NotHome(c("a8")))
    );
    play(&mut g, &["a9", "i1"]);
    let ne_sw = Draws {
        first: Side::One,
        axis: Color::Light,
        side: Color::Light,
    };
    let mut g = Game::new(rules, Setup::new(ne_sw, [traps(&["e5"]), traps(&["d5"])])).unwrap();
    assert_eq!(g.legal_moves().stones().collect::<Vec<_>>(), [c("i9")]);
    play(&mut g, &["i9"]);
    assert_eq!(g.legal_moves().stones().collect::<Vec<_>>(), [c("a1")]);
}

trait IntoStone {
    fn into_stone(self) -> Move;
}

impl IntoStone for Cell {
    fn into_stone(self) -> Move {
        Move::Stone(self)
    }
}

#[test]
fn t3_traps_are_validated() {
    let rules = Rules::default();
    let setup = |a: &[&str], b: &[&str]| Setup::new(SOUTH_NORTH, [traps(a), traps(b)]);
    assert!(
        setup(&["a1"], &["a9"]).validate(&rules).is_ok(),
        "own home edge is allowed"
    );
    assert_eq!(
        setup(&["a1", "b1"], &["a9"]).validate(&rules),
        Err(SetupError::TrapCount {
            expected: 1,
            found: 2
        })
    );
    assert_eq!(
        setup(&["j1"], &["a9"]).validate(&rules),
        Err(SetupError::OffBoard(c("j1")))
    );
    let blitz = Rules::blitz();
    assert_eq!(
        setup(&["c3", "c3"], &["a9", "b9"]).validate(&blitz),
        Err(SetupError::Duplicate(c("c3")))
    );
    // Corner variant: no trap on the opponent's starting corner.
    let corners = Rules::corners();
    let nw_se = Draws {
        first: Side::One,
        axis: Color::Dark,
        side: Color::Dark,
    };
    let s = Setup::new(nw_se, [traps(&["i1"]), traps(&["e5"])]);
    assert_eq!(s.validate(&corners), Err(SetupError::ForcedWin));
    // A narrow board in blitz: not the opponent's whole home edge.
    let narrow = Rules::blitz().with_size(2, 6);
    let s = Setup::new(SOUTH_NORTH, [traps(&["a6", "b6"]), traps(&["a3", "b3"])]);
    assert_eq!(s.validate(&narrow), Err(SetupError::ForcedWin));
    // A side's traps are 1 to 3 cells (T3), whatever the rules.
    let cells: Vec<Cell> = ["a1", "b1", "c1", "d1"].iter().map(|s| c(s)).collect();
    assert_eq!(Traps::new(&cells), Err(SetupError::TrapCells(4)));
    assert_eq!(Traps::new(&[]), Err(SetupError::TrapCells(0)));
    assert!(
        SetupError::TrapCells(4).to_string().contains("T3"),
        "the trap cap is ruling T3's"
    );
    // Traps chosen one at a time: never more than the rules' count, each checked.
    let so_far = |rules: &Rules, cells: &[&str]| {
        let cells: Vec<Cell> = cells.iter().map(|s| c(s)).collect();
        Setup::check_traps_so_far(rules, &SOUTH_NORTH, Side::One, &cells)
    };
    assert_eq!(so_far(&rules, &[]), Ok(()));
    assert_eq!(so_far(&rules, &["e5"]), Ok(()));
    assert_eq!(
        so_far(&rules, &["e5", "e6"]),
        Err(SetupError::TrapCount {
            expected: 1,
            found: 2
        })
    );
    assert_eq!(so_far(&blitz, &["e5", "e6"]), Ok(()));
    assert_eq!(
        so_far(&blitz, &["e5", "j6"]),
        Err(SetupError::OffBoard(c("j6")))
    );
    assert_eq!(
        so_far(&blitz, &["e5", "e5"]),
        Err(SetupError::Duplicate(c("e5")))
    );
    assert_eq!(
        so_far(&narrow, &["a6", "b6"]),
        Err(SetupError::ForcedWin),
        "side 2's whole home edge"
    );
    assert_eq!(
        so_far(&Rules::blitz3(), &["a1", "b1", "c1", "d1"]),
        Err(SetupError::TrapCount {
            expected: 3,
            found: 4
        })
    );
}

#[test]
fn t2_t3_random_setups_are_valid_and_reach_every_cell() {
    use rand_core::SeedableRng;
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(21);
    for rules in [
        Rules::default(),
        Rules::blitz3().with_size(26, 4),
        Rules::corners(),
    ] {
        let mut seen = std::collections::HashSet::new();
        for _ in 0..300 {
            let s = Setup::random(&rules, &mut rng);
            assert_eq!(s.validate(&rules), Ok(()));
            assert_eq!(s.members, [1, 1]);
            seen.extend(s.traps.iter().flat_map(|t| t.cells().to_vec()));
        }
        let cells = rules.width() as usize * rules.height() as usize;
        assert!(
            seen.len() > cells * 3 / 4,
            "traps drawn on {} of {cells} cells",
            seen.len()
        );
    }
    // Team sizes may be left out of a stored setup: one member each.
    let s: Setup = serde_json::from_str(
        r#"{"draws": {"first": "one", "axis": "dark", "side": "light"}, "traps": [["c7"], ["e3"]]}"#,
    )
    .unwrap();
    assert_eq!(s, Setup::new(SOUTH_NORTH, [traps(&["c7"]), traps(&["e3"])]));
}

#[test]
fn t1_t3_t5_t8_rules_values_are_checked_at_their_bounds() {
    use trap_stones::{MAX_BASE, MAX_SCARECROWS, MAX_SIDE, RulesError};
    let r = Rules::default();
    for (w, h) in [(2, 2), (MAX_SIDE, MAX_SIDE), (2, MAX_SIDE), (MAX_SIDE, 2)] {
        assert_eq!(r.with_size(w, h).validate(), Ok(()), "{w}x{h}");
    }
    for (w, h) in [(1, 9), (9, 1), (MAX_SIDE + 1, 9), (9, MAX_SIDE + 1), (0, 0)] {
        assert_eq!(
            r.with_size(w, h).validate(),
            Err(RulesError::Size {
                width: w,
                height: h
            }),
            "{w}x{h}"
        );
    }
    for k in 1..=3 {
        assert_eq!(r.with_traps(k).validate(), Ok(()));
    }
    for k in [0, 4] {
        assert_eq!(r.with_traps(k).validate(), Err(RulesError::Traps(k)));
    }
    assert_eq!(r.with_scarecrows(MAX_SCARECROWS).validate(), Ok(()));
    assert_eq!(
        r.with_scarecrows(MAX_SCARECROWS + 1).validate(),
        Err(RulesError::Scarecrows(MAX_SCARECROWS + 1))
    );
    assert_eq!(r.with_base(MAX_BASE).validate(), Ok(()));
    assert_eq!(
        r.with_base(MAX_BASE + 1).validate(),
        Err(RulesError::Base(MAX_BASE + 1))
    );
    assert!(!r.corner_homes() && Rules::corners().corner_homes());
}

#[test]
fn t4_first_stone_on_the_home_edge_then_next_to_the_color() {
    let mut g = game(Rules::default(), &["a5"], &["i5"]);
    assert_eq!(
        g.check("e2".parse().unwrap()),
        Err(IllegalMove::NotHome(c("e2")))
    );
    assert_eq!(
        g.check("*e1".parse().unwrap()),
        Err(IllegalMove::FirstMoveOrdinary)
    );
    assert_eq!(
        g.check("!e1".parse().unwrap()),
        Err(IllegalMove::FirstMoveOrdinary)
    );
    play(&mut g, &["e1", "e9"]);
    // 8-adjacency: diagonals count.
    for ok in ["d2", "e2", "f2", "d1", "f1"] {
        assert!(g.check(ok.parse().unwrap()).is_ok(), "{ok}");
    }
    assert_eq!(
        g.check("e3".parse().unwrap()),
        Err(IllegalMove::NotAdjacent(c("e3")))
    );
    assert_eq!(
        g.check("e1".parse().unwrap()),
        Err(IllegalMove::Occupied(c("e1")))
    );
    assert_eq!(g.legal_moves().stones().count(), 5);
    let before = g.clone();
    assert!(g.play("e3".parse().unwrap()).is_err());
    assert_eq!(g, before, "a refused move changes nothing");
}

#[test]
fn t4_two_colors_share_a_cell_and_own_traps_are_harmless() {
    // Player 2's trap is on its own home edge; Player 2 steps on it.
    let mut g = game(Rules::default().with_size(5, 3), &["e1"], &["a3"]);
    play(&mut g, &["c1", "a3", "c2", "b2", "b2"]);
    // b2 now holds a dark and a light stone.
    assert!(g.has_stone(Side::One, c("b2")) && g.has_stone(Side::Two, c("b2")));
    assert!(!g.is_over(), "Player 2 on its own trap: nothing happens");
    assert_eq!(
        g.check("b2".parse().unwrap()),
        Err(IllegalMove::Occupied(c("b2")))
    );
}

#[test]
fn t7_a_stone_on_an_opponent_trap_loses_and_t8_scores() {
    let mut g = game(Rules::default(), &["a5"], &["e3"]);
    play(&mut g, &["e1", "e9", "e2"]);
    let r = g.play("e8".parse().unwrap()).unwrap();
    assert!(r.outcome.is_none());
    let r = g.play("e3".parse().unwrap()).unwrap();
    let o = r.outcome.unwrap();
    assert_eq!(r.hit, Some(c("e3")));
    assert_eq!(o.winner(), Some(Side::Two));
    assert_eq!(o.decided_by(), Side::One);
    assert_eq!(
        o.reason(),
        End::Trap {
            cell: c("e3"),
            scarecrow: false
        }
    );
    assert_eq!(o.turns(), 5);
    assert_eq!(o.score(), Score([0, 95]));
    assert_eq!(g.score(), Score([0, 95]));
    assert_eq!(g.awaiting(), Awaiting::Over);
    assert!(g.legal_moves().is_empty() && !g.legal_moves().va_bank_open());
    assert_eq!(g.legal_moves().len(), 0);
    assert_eq!(g.check("e4".parse().unwrap()), Err(IllegalMove::GameOver));
    assert_eq!(
        o.to_string(),
        "side 2 wins 95 points (a stone on the trap at e3; no stake)"
    );
    assert_eq!(o.score().to_string(), "0–95");
    assert_eq!((o.score()[Side::One], o.score()[Side::Two]), (0, 95));
    // A finished game has no random move, and takes no draw to say so.
    use rand_core::SeedableRng;
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(3);
    let before = rng.clone();
    assert_eq!(g.random_move(&mut rng), None);
    assert_eq!(g.playout_move(&mut rng), None);
    assert_eq!(rng, before, "no draw once the game is over");
    // The floor at 0.
    let mut g = game(Rules::default().with_base(3), &["a5"], &["e3"]);
    play(&mut g, &["e1", "e9", "e2", "e8"]);
    assert_eq!(g.score(), Score([0, 0]), "0–0 while the game goes on");
    play(&mut g, &["e3"]);
    assert_eq!(g.outcome().unwrap().score(), Score([0, 0]));
}

#[test]
fn t5_scarecrows_go_anywhere_and_anchor() {
    let mut g = game(Rules::default(), &["a5"], &["i5"]);
    play(&mut g, &["e1", "e9", "*c6"]);
    assert_eq!(g.scarecrows_left(Side::One), 2);
    assert!(g.is_scarecrow(Side::One, c("c6")));
    assert!(!g.is_scarecrow(Side::Two, c("c6")), "side 1's scarecrow");
    assert!(!g.is_scarecrow(Side::One, c("e1")), "an ordinary stone");
    assert!(g.has_stone(Side::One, c("e1")) && !g.has_stone(Side::Two, c("e1")));
    let off = Cell::new(9, 0).unwrap();
    assert!(!g.is_scarecrow(Side::One, off) && !g.has_stone(Side::One, off));
    assert_eq!(g.turns(), 3);
    // The pictures (T1's notation): North at the top; side 1 (South) plays light
    // `o`, its scarecrow a capital; the referee's also marks the traps `^`.
    let rows = |marks: &[(&str, char)]| -> String {
        let mut s = String::from("    a b c d e f g h i\n");
        for r in (1..=9).rev() {
            s += &format!("{r:>3}");
            for col in 'a'..='i' {
                let name = format!("{col}{r}");
                let ch = marks.iter().find(|m| m.0 == name).map_or('.', |m| m.1);
                s += &format!(" {ch}");
            }
            s += &format!(" {r}\n");
        }
        s + "    a b c d e f g h i\n"
    };
    let public = [("e1", 'o'), ("e9", 'x'), ("c6", 'O')];
    assert_eq!(g.to_string(), rows(&public));
    let mut referee = public.to_vec();
    referee.extend([("a5", '^'), ("i5", '^')]);
    assert_eq!(g.referee_picture().to_string(), rows(&referee));
    // Both colors on a cell: `*`; side 2's scarecrow: `X`.
    play(&mut g, &["*c6", "e2", "*g2"]);
    assert_eq!(
        g.to_string(),
        rows(&[
            ("e1", 'o'),
            ("e2", 'o'),
            ("e9", 'x'),
            ("c6", '*'),
            ("g2", 'X')
        ])
    );
    let mut g = game(Rules::default(), &["a5"], &["i5"]);
    play(&mut g, &["e1", "e9", "*c6", "e8"]);
    assert!(
        g.check("d7".parse().unwrap()).is_ok(),
        "next to the scarecrow"
    );
    // Option: scarecrows do not anchor.
    let mut g = game(
        Rules::default().with_scarecrows_anchor(false),
        &["a5"],
        &["i5"],
    );
    play(&mut g, &["e1", "e9", "*c6", "e8"]);
    assert_eq!(
        g.check("d7".parse().unwrap()),
        Err(IllegalMove::NotAdjacent(c("d7")))
    );
    // Option: scarecrows are placed like ordinary stones.
    let mut g = game(
        Rules::default().with_scarecrow_adjacent(true),
        &["a5"],
        &["i5"],
    );
    play(&mut g, &["e1", "e9"]);
    assert_eq!(
        g.check("*c6".parse().unwrap()),
        Err(IllegalMove::NotAdjacent(c("c6")))
    );
    assert!(g.check("*d2".parse().unwrap()).is_ok());
    // Three scarecrows, then no more.
    let mut g = game(Rules::default(), &["a5"], &["i5"]);
    play(&mut g, &["e1", "e9", "*b5", "e8", "*c5", "e7", "*d5", "e6"]);
    assert_eq!(
        g.check("*f5".parse().unwrap()),
        Err(IllegalMove::NoScarecrows)
    );
}

#[test]
fn t5_t8_a_scarecrow_on_a_trap_doubles_the_winner_and_doublings_multiply() {
    let mut g = game(Rules::default(), &["a5"], &["g6"]);
    play(&mut g, &["e1", "e9"]);
    let o = g.play("*g6".parse().unwrap()).unwrap().outcome.unwrap();
    assert_eq!(o.winner(), Some(Side::Two));
    assert_eq!(
        o.reason(),
        End::Trap {
            cell: c("g6"),
            scarecrow: true
        }
    );
    assert_eq!(o.score(), Score([0, (100 - 3) * 2]));
    // With double the stake won on top: ×2 ×2. Player 2's extra stone d8 (next to
    // its e9) lands on Player 1's trap.
    let mut g = game(
        Rules::default().with_stake(Stake::Optional),
        &["d8"],
        &["g6"],
    );
    play(&mut g, &["e1", "e9", "*g6"]);
    assert_eq!(g.awaiting(), Awaiting::Stake(solo(Side::Two)));
    assert_eq!(g.to_move(), solo(Side::Two), "the winner decides");
    let o = g.play("$d8".parse().unwrap()).unwrap().outcome.unwrap();
    assert_eq!(o.stake(), StakeResult::Won(c("d8")));
    assert_eq!(o.score(), Score([0, (100 - 3) * 4]));
}

#[test]
fn t6_va_bank_wins_or_loses_at_once() {
    let mut g = game(Rules::default(), &["a5"], &["f6"]);
    play(&mut g, &["e1", "e9"]);
    // Diagonal connection counts (8-connected).
    let mut win = g.clone();
    let o = win
        .play("!d4+e5+f6".parse().unwrap())
        .unwrap()
        .outcome
        .unwrap();
    assert_eq!(o.winner(), Some(Side::One));
    assert_eq!(o.reason(), End::VaBank { hit: Some(c("f6")) });
    assert_eq!(o.score(), Score([(100 - 3) * 2, 0]));
    let mut lose = g.clone();
    let o = lose
        .play("!b2+b3".parse().unwrap())
        .unwrap()
        .outcome
        .unwrap();
    assert_eq!(o.winner(), Some(Side::Two));
    assert_eq!(o.score(), Score([0, 100 - 3]));
    // Shapes refused.
    assert_eq!(
        g.check("!b2+d2".parse().unwrap()),
        Err(IllegalMove::VaBankShape)
    );
    assert_eq!(
        g.check("!b2+b2".parse().unwrap()),
        Err(IllegalMove::VaBankShape)
    );
    assert_eq!(
        g.check("!e1+e2".parse().unwrap()),
        Err(IllegalMove::Occupied(c("e1")))
    );
    assert!(
        "!a1+a2+a3+a4+a5".parse::<Move>().is_err(),
        "at most 4 stones"
    );
    assert!(g.legal_moves().va_bank_count() > 0);
}

#[test]
fn t6_va_bank_declarations_are_legal_moves() {
    // No va-bank on a side's first move (T6).
    let mut g = game(Rules::default().with_size(3, 3), &["c3"], &["c1"]);
    let legal = g.legal_moves();
    assert!(!legal.va_bank_open());
    assert_eq!(legal.len(), 3, "a1 b1 c1");
    play(&mut g, &["a1", "a3"]);
    // Side 1 may now declare any connected group of 1–4 cells without its color:
    // each is listed, in the move notation, after the stones and scarecrows.
    let legal = g.legal_moves();
    let all: Vec<Move> = legal.iter().collect();
    assert_eq!(all.len(), legal.len());
    let groups: Vec<String> = all
        .iter()
        .filter(|m| matches!(m, Move::VaBank(_)))
        .map(|m| m.to_string())
        .collect();
    assert_eq!(groups.len(), legal.va_bank_count());
    assert_eq!(
        groups.len() as u64,
        brute_force_groups(3, 3, &[c("a1")]),
        "every group, once"
    );
    // A group's cells are written in cell order: row by row from the South.
    for text in ["!b2", "!b1+a2", "!b1+c2+c3", "!a2+a3+b3+c3"] {
        assert!(groups.contains(&text.to_string()), "{text}");
        assert!(legal.contains(text.parse().unwrap()));
    }
    for text in ["!a1+a2", "!a2+c2"] {
        assert!(!legal.contains(text.parse().unwrap()), "{text}");
    }
    // The k-th move is found without listing the others.
    for (k, &mv) in all.iter().enumerate() {
        assert_eq!(legal.get(k), Some(mv));
    }
    assert_eq!(legal.get(all.len()), None);
}

#[test]
fn t6_va_bank_groups_are_counted_exactly() {
    // On an empty 2×2 board every non-empty subset is 8-connected: 15 groups.
    let mut g = game(Rules::default().with_size(2, 2), &["a2"], &["b1"]);
    play(&mut g, &["a1", "b2"]);
    // Player 1 holds a1: the free cells are a2, b1, b2: all 7 subsets connect.
    assert_eq!(g.legal_moves().va_bank_count(), 7);
    // A 3×3 board with one own stone: checked against brute force.
    let mut g = game(Rules::default().with_size(3, 3), &["c3"], &["c1"]);
    play(&mut g, &["a1", "a3"]);
    // Free cells for Player 1: 8 of 9. Connected sets of size 1..4 among them, by
    // brute force below.
    assert_eq!(
        g.legal_moves().va_bank_count() as u64,
        brute_force_groups(3, 3, &[c("a1")])
    );
    // An empty 9×9 board (counted for a side that holds one stone, e5).
    let mut g = game(Rules::default(), &["a5"], &["i5"]);
    play(&mut g, &["e1", "e9"]);
    assert_eq!(
        g.legal_moves().va_bank_count() as u64,
        brute_force_groups(9, 9, &[c("e1")])
    );
}

/// Counts 8-connected sets of 1..=4 free cells by trying every set of up to four.
fn brute_force_groups(w: u8, h: u8, taken: &[Cell]) -> u64 {
    let cells: Vec<Cell> = (0..h)
        .flat_map(|r| (0..w).map(move |col| Cell::new(col, r).unwrap()))
        .filter(|x| !taken.contains(x))
        .collect();
    let touch = |x: Cell, y: Cell| {
        (x.col() as i8 - y.col() as i8).abs() <= 1 && (x.row() as i8 - y.row() as i8).abs() <= 1
    };
    let connected = |set: &[Cell]| {
        let mut reached = vec![set[0]];
        let mut grew = true;
        while grew {
            grew = false;
            for &x in set {
                if !reached.contains(&x) && reached.iter().any(|&y| touch(x, y)) {
                    reached.push(x);
                    grew = true;
                }
            }
        }
        reached.len() == set.len()
    };
    let n = cells.len();
    let mut count = 0;
    for a in 0..n {
        count += 1;
        for b in a + 1..n {
            count += u64::from(connected(&[cells[a], cells[b]]));
            for c in b + 1..n {
                let three = [cells[a], cells[b], cells[c]];
                count += u64::from(connected(&three));
                for d in c + 1..n {
                    count += u64::from(connected(&[cells[a], cells[b], cells[c], cells[d]]));
                }
            }
        }
    }
    count
}

#[test]
fn t7_a_walled_in_side_is_offered_only_va_bank() {
    // 3×3, scarecrows that do not anchor: Player 1 walls its one stone in with
    // five scarecrows and has nothing left but va-bank.
    let rules = Rules::default()
        .with_size(3, 3)
        .with_scarecrows(5)
        .with_scarecrows_anchor(false);
    let mut g = game(rules, &["c1"], &["b3"]);
    play(
        &mut g,
        &[
            "b1", "a3", "*a1", "b3", "*c1", "c3", "*a2", "a2", "*b2", "b2", "*c2", "c2",
        ],
    );
    assert!(!g.is_over(), "own traps are harmless to their owners");
    let legal = g.legal_moves();
    assert_eq!(legal.stones().count(), 0);
    assert_eq!(legal.scarecrows().count(), 0);
    assert!(legal.va_bank_open());
    // The list is not empty: it holds every va-bank declaration, and only those.
    assert!(!legal.is_empty());
    assert!(legal.iter().all(|m| matches!(m, Move::VaBank(_))));
    assert_eq!(legal.len(), legal.va_bank_count());
    // Side 1's stones cover rows 1 and 2: the groups are the connected sets of
    // a3, b3, c3.
    let listed: Vec<String> = legal.iter().map(|m| m.to_string()).collect();
    let mut expected = ["!a3", "!b3", "!c3", "!a3+b3", "!b3+c3", "!a3+b3+c3"];
    let mut sorted = listed.clone();
    sorted.sort();
    expected.sort();
    assert_eq!(sorted, expected);
    let mut win = g.clone();
    assert_eq!(
        win.play("!b3".parse().unwrap())
            .unwrap()
            .outcome
            .unwrap()
            .winner(),
        Some(Side::One)
    );
    let mut lose = g.clone();
    assert_eq!(
        lose.play("!a3".parse().unwrap())
            .unwrap()
            .outcome
            .unwrap()
            .winner(),
        Some(Side::Two)
    );
}

#[test]
fn t9_double_the_stake() {
    let optional = Rules::default().with_stake(Stake::Optional);
    // Player 1 hits Player 2's trap at e3; Player 2 may stake on e8 (next to e9),
    // where Player 1's trap lies, or decline.
    let decided = |rules| {
        let mut g = game(rules, &["e8"], &["e3"]);
        play(&mut g, &["e1", "e9", "e2", "d9", "e3"]);
        g
    };
    let mut g = decided(optional);
    assert_eq!(g.awaiting(), Awaiting::Stake(solo(Side::Two)));
    assert!(!g.is_over());
    assert_eq!(
        g.check("e4".parse().unwrap()),
        Err(IllegalMove::StakeExpected)
    );
    assert!(g.legal_moves().is_stake());
    // The stake moves and `decline` are listed; va-bank is not open.
    let legal = g.legal_moves();
    assert!(!legal.va_bank_open());
    assert!(legal.contains(Move::Decline) && legal.contains("$e8".parse().unwrap()));
    assert_eq!(legal.len(), legal.stones().count() + 1);
    // Taken and won.
    let mut won = g.clone();
    let o = won.play("$e8".parse().unwrap()).unwrap().outcome.unwrap();
    assert_eq!(o.winner(), Some(Side::Two));
    assert_eq!(o.stake(), StakeResult::Won(c("e8")));
    assert_eq!(
        o.score(),
        Score([0, (100 - 5) * 2]),
        "the stake move is not counted"
    );
    assert_eq!(
        o.to_string(),
        "side 2 wins 190 points (a stone on the trap at e3; stake won on e8)"
    );
    // Taken and missed: a draw.
    let mut missed = g.clone();
    let o = missed
        .play("$d8".parse().unwrap())
        .unwrap()
        .outcome
        .unwrap();
    assert_eq!((o.winner(), o.score()), (None, Score([0, 0])));
    assert_eq!(
        o.to_string(),
        "a draw (a stone on the trap at e3; stake missed on d8: a draw)"
    );
    // Declined: the win as it was.
    let o = g.play(Move::Decline).unwrap().outcome.unwrap();
    assert_eq!(
        (o.stake(), o.score()),
        (StakeResult::Declined, Score([0, 95]))
    );
    assert!(o.to_string().ends_with("; stake declined)"), "{o}");
    // Compulsory: declining is refused.
    let mut g = decided(Rules::default().with_stake(Stake::Compulsory));
    assert_eq!(g.check(Move::Decline), Err(IllegalMove::StakeCompulsory));
    assert!(
        g.play("$f8".parse().unwrap())
            .unwrap()
            .outcome
            .unwrap()
            .winner()
            .is_none()
    );
    // No stake after va-bank; none outside a decided game.
    let mut g = game(optional, &["a5"], &["f6"]);
    play(&mut g, &["e1", "e9"]);
    assert_eq!(g.check(Move::Decline), Err(IllegalMove::NoStake));
    let o = g.play("!f6".parse().unwrap()).unwrap().outcome.unwrap();
    assert_eq!(o.stake(), StakeResult::NotOffered);
    assert_eq!(
        o.to_string(),
        "side 1 wins 194 points (va-bank, hitting the trap at f6; no stake)"
    );
    // The other ends, as they print.
    assert_eq!(
        End::VaBank { hit: None }.to_string(),
        "va-bank, missing every trap"
    );
    assert_eq!(
        End::Trap {
            cell: c("c3"),
            scarecrow: true
        }
        .to_string(),
        "a scarecrow on the trap at c3"
    );
    assert_eq!(
        StakeResult::NoMove.to_string(),
        "compulsory stake impossible: a draw"
    );
}

#[test]
fn t9_compulsory_stake_with_no_move_is_a_draw() {
    // Player 1 walls its one stone in with scarecrows that do not anchor (as in the
    // T7 test); Player 2 then steps on Player 1's trap c2. Player 1 wins but has no
    // ordinary stone to stake with: under a compulsory stake the game is drawn.
    let rules = Rules::default()
        .with_size(3, 3)
        .with_scarecrows(5)
        .with_scarecrows_anchor(false)
        .with_stake(Stake::Compulsory);
    let mut g = game(rules, &["c2"], &["b3"]);
    play(
        &mut g,
        &[
            "b1", "a3", "*a1", "b3", "*c1", "c3", "*a2", "a2", "*b2", "b2", "*c2",
        ],
    );
    let r = g.play("c2".parse().unwrap()).unwrap();
    let o = r.outcome.unwrap();
    assert_eq!(o.decided_by(), Side::Two);
    assert_eq!(o.stake(), StakeResult::NoMove);
    assert_eq!((o.winner(), o.score()), (None, Score([0, 0])));
    // Under an optional stake the same win simply waits for the decision.
    let mut g = game(rules.with_stake(Stake::Optional), &["c2"], &["b3"]);
    play(
        &mut g,
        &[
            "b1", "a3", "*a1", "b3", "*c1", "c3", "*a2", "a2", "*b2", "b2", "*c2", "c2",
        ],
    );
    assert_eq!(g.awaiting(), Awaiting::Stake(solo(Side::One)));
    assert_eq!(g.legal_moves().iter().collect::<Vec<_>>(), [Move::Decline]);
}

#[test]
fn t11_team_members_take_turns_in_rotation() {
    let mut setup = Setup::new(SOUTH_NORTH, [traps(&["a5"]), traps(&["i5"])]);
    setup.members = [2, 3];
    let mut g = Game::new(Rules::default(), setup).unwrap();
    let mut seen = vec![];
    for mv in ["e1", "e9", "e2", "e8", "e3", "e7", "e4", "e6"] {
        let p = g.to_move();
        assert_eq!(g.awaiting(), Awaiting::Move(p));
        seen.push((p.side, p.member));
        let r = g.play(mv.parse().unwrap()).unwrap();
        assert_eq!(r.player, p);
    }
    use Side::{One, Two};
    assert_eq!(
        seen,
        [
            (One, 0),
            (Two, 0),
            (One, 1),
            (Two, 1),
            (One, 0),
            (Two, 2),
            (One, 1),
            (Two, 0)
        ]
    );
    // The game's seats: two members of side 1, three of side 2.
    let seats: Vec<String> = g.players().map(|p| p.to_string()).collect();
    assert_eq!(
        seats,
        [
            "side 1, member 1",
            "side 2, member 1",
            "side 1, member 2",
            "side 2, member 2",
            "side 2, member 3"
        ]
    );
    // Every member of a side sees the same view.
    assert_eq!(
        g.view(Player {
            side: Two,
            member: 0
        }),
        g.view(Player {
            side: Two,
            member: 2
        })
    );
}

#[test]
fn t11_teams_one_member_each_unless_given() {
    // A stored setup without `members` has one member per side.
    let json = r#"{"draws": {"first": "one", "axis": "dark", "side": "light"}, "traps": [["a5"], ["i5"]]}"#;
    let setup: Setup = serde_json::from_str(json).unwrap();
    assert_eq!(setup.members, [1, 1]);
    assert_eq!(
        setup,
        Setup::new(SOUTH_NORTH, [traps(&["a5"]), traps(&["i5"])])
    );
    // T11 sets no limit on a team; this crate takes 1 to 8 members, and its error
    // cites no ruling.
    let mut team = setup;
    team.members = [0, 1];
    assert_eq!(
        team.validate(&Rules::default()),
        Err(SetupError::Members(0))
    );
    team.members = [8, 9];
    let error = team.validate(&Rules::default()).unwrap_err();
    assert_eq!(error, SetupError::Members(9));
    assert!(!error.to_string().contains("ruling"), "{error}");
    team.members = [8, 1];
    assert!(team.validate(&Rules::default()).is_ok());
}

#[test]
fn t3_blitz_any_of_three_traps_loses() {
    let mut g = game(Rules::blitz3(), &["a5", "b5", "c5"], &["e3", "g7", "h2"]);
    play(&mut g, &["e1", "e9", "f1", "e8", "g1"]);
    let r = g.play("f8".parse().unwrap()).unwrap();
    assert!(r.outcome.is_none());
    let o = g.play("h2".parse().unwrap()).unwrap().outcome.unwrap();
    assert_eq!(
        o.reason(),
        End::Trap {
            cell: c("h2"),
            scarecrow: false
        }
    );
}

#[test]
fn t10_views_hold_no_opponent_trap() {
    let mut g = game(Rules::default(), &["c7"], &["g3"]);
    play(&mut g, &["e1", "e9"]);
    let v1 = g.view(solo(Side::One));
    assert_eq!(v1.traps, [Some(traps(&["c7"])), None]);
    let json = serde_json::to_string(&v1).unwrap();
    assert!(
        json.contains("\"c7\"") && !json.contains("\"g3\""),
        "{json}"
    );
    assert!(!format!("{v1:?}").contains("g3"));
    let v2 = g.view(solo(Side::Two));
    assert_eq!(v2.traps, [None, Some(traps(&["g3"]))]);
    let json = serde_json::to_string(&v2).unwrap();
    assert!(
        json.contains("\"g3\"") && !json.contains("\"c7\""),
        "{json}"
    );
    assert_eq!(
        v1.to_string().matches('^').count(),
        1,
        "a view draws its own traps"
    );
    assert!(!g.to_string().contains('^'), "the public board shows none");
    // Views of games that differ only in the opponent's traps are equal (and so
    // hash equally): nothing of those traps is in them.
    let mut other = game(Rules::default(), &["c7"], &["h2"]);
    play(&mut other, &["e1", "e9"]);
    assert_eq!(other.view(solo(Side::One)), v1);
    use std::hash::{BuildHasher, RandomState};
    let h = RandomState::new();
    assert_eq!(h.hash_one(other.view(solo(Side::One))), h.hash_one(&v1));
    // While the winner decides on the stake the game is not over: still hidden.
    let mut g = game(
        Rules::default().with_stake(Stake::Optional),
        &["c7"],
        &["e3"],
    );
    play(&mut g, &["e1", "e9", "e2", "e8", "e3"]);
    assert_eq!(g.view(solo(Side::One)).traps, [Some(traps(&["c7"])), None]);
    assert_eq!(g.view(solo(Side::Two)).traps, [None, Some(traps(&["e3"]))]);
}

#[test]
fn t10_the_end_reveals_every_trap() {
    // A stone on a trap: once the game is over both views hold both sides' traps.
    let mut g = game(Rules::default(), &["c7"], &["e3"]);
    play(&mut g, &["e1", "e9", "e2", "e8", "e3"]);
    for side in Side::all() {
        let v = g.view(solo(side));
        assert_eq!(v.traps, [Some(traps(&["c7"])), Some(traps(&["e3"]))]);
        let json = serde_json::to_string(&v).unwrap();
        assert!(json.contains("\"c7\"") && json.contains("\"e3\""), "{json}");
        // c7 is drawn; e3 holds the stone that hit it.
        assert_eq!(v.to_string().matches('^').count(), 1, "{v}");
    }
    // Va-bank in blitz: the views show every trap and which stone of the group hit.
    let mut g = game(Rules::blitz(), &["a5", "b5"], &["f6", "h8"]);
    play(&mut g, &["e1", "e9"]);
    let o = g
        .play("!d4+e5+f6".parse().unwrap())
        .unwrap()
        .outcome
        .unwrap();
    for side in Side::all() {
        let v = g.view(solo(side));
        assert_eq!(
            v.traps,
            [Some(traps(&["a5", "b5"])), Some(traps(&["f6", "h8"]))]
        );
        assert_eq!(
            v.outcome.map(|o| o.reason()),
            Some(End::VaBank { hit: Some(c("f6")) })
        );
        assert_eq!(v.outcome, Some(o));
        assert_eq!(v.to_string().matches('^').count(), 3, "{v}");
    }
}

/// Plays `moves` between two honest no-referee sides; returns both copies.
fn honest(
    rules: Rules,
    p1: Traps,
    p2: Traps,
    moves: &[&str],
) -> (SideGame, SideGame, Secret, Secret) {
    let (s1, s2) = (
        Secret::with_salt(p1, [7; 32]),
        Secret::with_salt(p2, [9; 32]),
    );
    let (mut a, mut b) = sides(rules, s1, s2);
    exchange(&mut a, &mut b, moves, |_, said| said);
    (a, b, s1, s2)
}

/// Both sides' copies of a no-referee game, player 1 with secret `s1`.
fn sides(rules: Rules, s1: Secret, s2: Secret) -> (SideGame, SideGame) {
    (
        SideGame::new(rules, SOUTH_NORTH, Side::One, s1, s2.commitment()).unwrap(),
        SideGame::new(rules, SOUTH_NORTH, Side::Two, s2, s1.commitment()).unwrap(),
    )
}

/// Plays `moves` between the two sides; the mover hears what `answer` makes of
/// the other side's honest announcement of each move.
fn exchange(
    a: &mut SideGame,
    b: &mut SideGame,
    moves: &[&str],
    answer: impl Fn(&str, Announcement) -> Announcement,
) {
    for m in moves {
        let mv: Move = m.parse().unwrap();
        let (mover, other) = if a.to_move().side == Side::One {
            (&mut *a, &mut *b)
        } else {
            (&mut *b, &mut *a)
        };
        mover.play(mv).unwrap();
        let said = other.opponent_move(mv).unwrap();
        mover.announcement(answer(m, said)).unwrap();
    }
}

#[test]
fn t10_no_referee_game_matches_the_referee_and_catches_cheats() {
    let rules = Rules::default();
    let moves = ["e1", "e9", "e2", "e8", "e3"];
    let (a, b, s1, s2) = honest(rules, traps(&["a5"]), traps(&["e3"]), &moves);
    let mut referee = game(rules, &["a5"], &["e3"]);
    play(&mut referee, &moves);
    assert_eq!(a.outcome(), referee.outcome());
    assert_eq!(b.outcome(), referee.outcome());
    assert_eq!(a.verify(&s2.reveal()), Ok(()));
    assert_eq!(b.verify(&s1.reveal()), Ok(()));
    // A reveal that does not match the commitment.
    let fake = Secret::with_salt(traps(&["h8"]), [9; 32]).reveal();
    assert_eq!(a.verify(&fake), Err(Cheat::RevealMismatch(Side::Two)));
    // A false miss: Player 2 says "miss" when e3 is its trap.
    let (s1, s2) = (
        Secret::with_salt(traps(&["a5"]), [1; 32]),
        Secret::with_salt(traps(&["e3"]), [2; 32]),
    );
    let (mut a, mut b) = sides(rules, s1, s2);
    exchange(&mut a, &mut b, &moves, |m, said| {
        if m == "e3" { Announcement::Miss } else { said }
    });
    assert_eq!(
        a.verify(&s2.reveal()),
        Err(Cheat::FalseMiss {
            side: Side::Two,
            cell: c("e3")
        })
    );
    // A false hit: Player 2 claims a hit on e2, which is no trap of its.
    let (mut a, mut b) = sides(rules, s1, s2);
    exchange(&mut a, &mut b, &["e1", "e9"], |_, said| said);
    a.play("e2".parse().unwrap()).unwrap();
    assert_eq!(
        a.announcement(Announcement::Hit(c("d7"))),
        Err(ProtocolError::Cheat(Cheat::FalseHit(Side::Two))),
        "a claimed hit off the move is caught at once"
    );
    a.announcement(Announcement::Hit(c("e2"))).unwrap();
    assert_eq!(a.outcome().unwrap().winner(), Some(Side::Two));
    assert_eq!(a.verify(&s2.reveal()), Err(Cheat::FalseHit(Side::Two)));
    // A missing announcement: Player 2 moves without answering Player 1's move.
    let mut a = SideGame::new(rules, SOUTH_NORTH, Side::One, s1, s2.commitment()).unwrap();
    a.play("e1".parse().unwrap()).unwrap();
    assert_eq!(
        a.opponent_move("e9".parse().unwrap()),
        Err(ProtocolError::Cheat(Cheat::MissingAnnouncement(Side::Two)))
    );
    // Invalid traps (off the board), committed honestly.
    let bad = Secret::with_salt(Traps::new(&[Cell::new(20, 20).unwrap()]).unwrap(), [3; 32]);
    let a = SideGame::new(rules, SOUTH_NORTH, Side::One, s1, bad.commitment()).unwrap();
    assert!(matches!(
        a.verify(&bad.reveal()),
        Err(Cheat::InvalidTraps {
            side: Side::Two,
            ..
        })
    ));
    // The commitment prints and parses as hex.
    let text = s1.commitment().to_string();
    assert_eq!(text.len(), 64);
    assert_eq!(
        text.parse::<trap_stones::Commitment>().unwrap(),
        s1.commitment()
    );
    // Serialised as that hex string.
    assert_eq!(
        serde_json::to_string(&s1.commitment()).unwrap(),
        format!("\"{text}\"")
    );
    // What a side must announce about the opponent's next move, without applying
    // it; nothing while the turn is its own.
    let (a, b) = sides(rules, s1, s2);
    assert_eq!(
        b.announcement_for_opponent("e3".parse().unwrap()),
        Some(Announcement::Hit(c("e3"))),
        "e3 is side 2's trap"
    );
    assert_eq!(
        b.announcement_for_opponent("!e2+e3".parse().unwrap()),
        Some(Announcement::Hit(c("e3")))
    );
    assert_eq!(
        b.announcement_for_opponent("e2".parse().unwrap()),
        Some(Announcement::Miss)
    );
    assert_eq!(
        a.announcement_for_opponent("e9".parse().unwrap()),
        None,
        "side 1 moves first: the turn is its own"
    );
}

#[test]
fn t6_a_group_serialises_as_its_notation() {
    let g: trap_stones::Group = "d4 c3".parse().unwrap();
    assert_eq!(g.to_string(), "c3+d4");
    assert_eq!(serde_json::to_string(&g).unwrap(), r#""c3+d4""#);
    assert_eq!(
        serde_json::from_str::<trap_stones::Group>(r#""d4,c3""#).unwrap(),
        g
    );
}

#[test]
fn notation_refuses_any_text_without_panicking() {
    // Regression (found by fuzzing): slicing inside a multi-byte character.
    for text in [
        "+!ZMYӆ",
        "scarecrowӆ",
        "stakeé c3",
        "va-bankü",
        "ӆ",
        "*",
        "!",
        "$",
        "vabank ",
    ] {
        assert!(text.parse::<Move>().is_err(), "{text}");
    }
    assert_eq!(
        "Scarecrow c3".parse::<Move>().unwrap(),
        Move::Scarecrow(c("c3"))
    );
    assert_eq!("STAKE c3".parse::<Move>().unwrap(), Move::Stake(c("c3")));
    assert_eq!(
        "va-bank c3, d4".parse::<Move>().unwrap().to_string(),
        "!c3+d4"
    );
}
