//! The API around the rules: the board's accessors and setters, a game's
//! equality, printing, record and memory reuse. The rules tests (`rules.rs`) and
//! the invariants (`properties.rs`) go through these without looking at each;
//! these tests do (found by mutation testing, `docs/testing.md`).

use o_an_quan::{Board, Game, MAX_STONES, Player, Rules, Setup, SetupError, Square};
use rand_core::SeedableRng;
use rand_pcg::Pcg64Mcg;

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

fn fresh(rules: Rules) -> Game {
    Game::new(rules, Setup::standard(&rules)).unwrap()
}

/// A game of `rules` after `moves` random moves from seed `seed`.
fn played(rules: Rules, seed: u64, moves: usize) -> Game {
    let mut game = fresh(rules);
    game.play_out(&mut Pcg64Mcg::seed_from_u64(seed), moves);
    game
}

#[test]
fn a_board_knows_its_squares() {
    let board = Board::new(&Rules::default());
    assert!(!board.is_empty());
    assert_eq!(board.len(), 12);
    for s in ["QA", "A1", "A5", "QB", "B1", "B5"] {
        assert!(board.contains(sq(s)), "{s}");
    }
    // A third seat's squares and a sixth small square are not on a 2 × 5 ring.
    for s in ["C1", "QC", "A6"] {
        assert!(!board.contains(sq(s)), "{s}");
    }
    assert_eq!(format!("{board:?}"), format!("Board({})", board.ring()));
}

#[test]
fn set_stones_keeps_the_ring_within_max_stones() {
    let mut board = Board::new(&Rules::default());
    let others = board.small_stones() - u32::from(board.stones(sq("A1")));
    let fits = u16::try_from(MAX_STONES - others).unwrap();
    // Replacing a square's stones counts the new number, not the old one on top.
    board.set_stones(sq("A1"), fits).unwrap();
    assert_eq!(board.small_stones(), MAX_STONES);
    board.set_stones(sq("A1"), fits).unwrap();
    assert_eq!(board.stones(sq("A1")), fits);
    assert_eq!(
        board.set_stones(sq("A1"), fits + 1),
        Err(SetupError::TooManyStones(MAX_STONES + 1))
    );
    assert_eq!(
        board.set_stones(sq("A2"), 7),
        Err(SetupError::TooManyStones(MAX_STONES + 7 - 5))
    );
    assert_eq!(board.stones(sq("A2")), 5);
    assert_eq!(
        board.set_stones(sq("C1"), 1),
        Err(SetupError::NoSuchSquare(sq("C1")))
    );
}

#[test]
fn set_quan_puts_and_takes_one_quan() {
    let mut board = Board::new(&Rules::default());
    assert_eq!(board.quan_count(), 2);
    board.set_quan(sq("QB"), false).unwrap();
    assert!(!board.has_quan(sq("QB")));
    assert!(board.has_quan(sq("QA")), "taking QB's quan left QA's");
    assert_eq!(board.quan_count(), 1);
    board.set_quan(sq("QB"), true).unwrap();
    assert!(board.has_quan(sq("QB")));
    assert_eq!(board.quan_count(), 2);
    board.set_quan(sq("QA"), false).unwrap();
    assert!(board.has_quan(sq("QB")), "taking QA's quan left QB's");
    assert_eq!(
        board.set_quan(sq("A1"), true),
        Err(SetupError::NotAQuanSquare(sq("A1")))
    );
}

#[test]
fn a_game_lists_its_moves_and_prints_its_result() {
    let game = played(Rules::default(), 7, 10_000);
    assert!(game.is_over());
    assert_eq!(game.moves().len(), game.move_count());
    assert!(game.move_count() > 0);
    // The moves replay to the same game.
    let mut again = fresh(Rules::default());
    for &mv in game.moves() {
        again.play(mv).unwrap();
    }
    assert_eq!(again.position(), game.position());
    // The picture, then the outcome and the score.
    let outcome = game.outcome().unwrap();
    assert_eq!(
        game.to_string(),
        format!("{}{outcome}: {}\n", game.position(), game.score())
    );
    let open = fresh(Rules::default());
    assert_eq!(open.to_string(), open.position().to_string());
}

#[test]
fn games_are_equal_by_rules_setup_and_moves() {
    let a = played(Rules::default(), 3, 4);
    let b = played(Rules::default(), 3, 4);
    assert_eq!(a, b);
    // Other moves from the same setup.
    let other_moves = played(Rules::default(), 4, 4);
    assert_ne!(a.moves(), other_moves.moves());
    assert_ne!(a, other_moves);
    // The same moves (none) from another setup.
    let start = fresh(Rules::default());
    let mut setup = Setup::standard(&Rules::default());
    setup.to_move = Player::B;
    let other_setup = Game::new(Rules::default(), setup).unwrap();
    assert_ne!(start, other_setup);
    assert_ne!(a, start);
}

/// `clone_from` (the playout loops' way of reusing a game's memory) copies the
/// repetition history too: the copy counts repetitions as the original does.
#[test]
fn clone_from_copies_the_repetition_history() {
    let source = played(Rules::default(), 11, 30);
    let mut copy = played(Rules::default(), 12, 50);
    copy.clone_from(&source);
    assert_eq!(copy, source);
    for turn in 0..=source.move_count() + 1 {
        assert_eq!(
            copy.turn_repetition_hash(turn),
            source.turn_repetition_hash(turn),
            "turn {turn}"
        );
    }
    assert_eq!(copy.occurrences(), source.occurrences());
}

/// The hash recorded for each turn is the hash of the position that started it,
/// and there is none past the last turn started.
#[test]
fn each_turn_records_its_positions_hash() {
    let game = played(Rules::default(), 5, 6);
    let mut replay = fresh(Rules::default());
    for (turn, &mv) in game.moves().iter().enumerate() {
        assert_eq!(
            game.turn_repetition_hash(turn),
            Some(replay.position().repetition_hash()),
            "turn {turn}"
        );
        replay.play(mv).unwrap();
    }
    assert_eq!(game.turn_repetition_hash(game.move_count() + 1), None);
}

/// Different positions have different repetition hashes (over the positions of
/// a few hundred random games): the hash's keys are spread, so that the
/// repetition count (Q9) confirms few candidates by replay.
#[test]
fn distinct_positions_have_distinct_hashes() {
    use std::collections::HashMap;
    let mut seen: HashMap<u64, o_an_quan::Position> = HashMap::new();
    for seed in 0..300 {
        let mut game = fresh(Rules::default());
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        while !game.is_over() {
            let pos = game.position().clone();
            let hash = pos.repetition_hash();
            if let Some(earlier) = seen.insert(hash, pos.clone()) {
                assert_eq!(earlier, pos, "hash {hash:#x}");
            }
            game.play_out(&mut rng, 1);
        }
    }
    assert!(seen.len() > 1000, "{} positions", seen.len());
}

/// The most legal moves a position has: four seats of twelve squares, every
/// small square A's after sales (Q7) but one for each other player (a player
/// owns at least one), each holding stones: 45 squares, two directions each,
/// within [`o_an_quan::MAX_MOVES`] (96, every small square's two).
#[test]
fn the_largest_ring_owned_by_one_player_has_the_most_moves() {
    let rules = Rules::default().with_players(4).with_row_len(12);
    let mut setup = Setup::standard(&rules);
    for (i, o) in setup.owners.iter_mut().enumerate() {
        if i % 12 != 0 {
            *o = Player::A;
        }
    }
    let game = Game::new(rules, setup).unwrap();
    assert_eq!(game.legal_moves().len(), 90);
}

/// Q7: what a player holds after a game is what they left beside the board
/// (sales paid and received) plus their score, and their quan back if it is
/// still on the ring. B, short of stones, fills B1 and sells B2 and B3 to A;
/// B4 and B5 find no buyer (A has spent everything beside the board, and B
/// may not buy back its own squares).
#[test]
fn q7_holdings_after_a_game_are_what_was_beside_plus_the_score() {
    use o_an_quan::{Holding, Match};
    let rules = Rules::default();
    let (per_square, price) = (5, i64::from(rules.sale_price()));
    assert_eq!(price, 25);
    let mut quan_back = [0; 2];
    for seed in 0..20 {
        let start = [
            Holding {
                stones: 85,
                quan: 1,
            },
            Holding { stones: 8, quan: 1 },
        ];
        let mut m = Match::with_holdings(rules, &start).unwrap();
        assert_eq!(m.games_played(), 0);
        let (mut game, sales) = m.next_game(Player::A).unwrap();
        let sold: Vec<_> = sales
            .iter()
            .map(|s| (s.square.to_string(), s.seller, s.buyer, s.price))
            .collect();
        assert_eq!(
            sold,
            [
                ("B2".to_string(), Player::B, Player::A, 25),
                ("B3".to_string(), Player::B, Player::A, 25)
            ]
        );
        assert_eq!(
            game.board().ring().to_string(),
            "(Q) 5 5 5 5 5 (Q) 5 5 5 0 0"
        );
        let owners: Vec<_> = ["B1", "B2", "B3", "B4", "B5"]
            .iter()
            .map(|s| game.position().owner(sq(s)).unwrap())
            .collect();
        assert_eq!(
            owners,
            [Player::B, Player::A, Player::A, Player::B, Player::B]
        );
        // Beside the board: A 85 − 25 (its row) − 2 × 30 = 0; B 8 − 5 + 2 × 25.
        let beside = [
            85 - 5 * per_square - 2 * (price + per_square),
            8 - per_square + 2 * price,
        ];
        assert_eq!(beside, [0, 53]);
        game.play_out(&mut Pcg64Mcg::seed_from_u64(seed), 100_000);
        m.finish_game(&game).unwrap();
        assert_eq!(m.games_played(), 1);
        let score = game.score();
        for (p, q) in [(Player::A, "QA"), (Player::B, "QB")] {
            let i = p.index();
            let back = u32::from(game.board().has_quan(sq(q)));
            quan_back[i] += back;
            let expected = Holding {
                stones: beside[i]
                    + i64::from(score.captured[i])
                    + i64::from(score.collected[i])
                    + i64::from(score.loans[i]),
                quan: u32::from(score.quan[i]) + back,
            };
            assert_eq!(m.holdings()[i], expected, "seed {seed}, {p}");
        }
        if m.outcome().is_none() {
            let (mut game, _) = m.next_game(Player::B).unwrap();
            game.play_out(&mut Pcg64Mcg::seed_from_u64(seed), 100_000);
            m.finish_game(&game).unwrap();
            assert_eq!(m.games_played(), 2);
        }
    }
    // Both seats saw their own quan come back in some game.
    assert!(quan_back.iter().all(|&n| n > 0), "{quan_back:?}");
}

/// Q7: a match goes on while every player can fill a square (exactly five
/// stones is enough) and holds a quan; its leaders are by stones plus quan at
/// their value.
#[test]
fn q7_a_match_ends_by_holdings_and_ranks_by_value() {
    use o_an_quan::{Holding, Match, MatchEnd};
    let rules = Rules::default();
    let just = [
        Holding { stones: 5, quan: 1 },
        Holding {
            stones: 95,
            quan: 1,
        },
    ];
    assert_eq!(Match::with_holdings(rules, &just).unwrap().outcome(), None);
    let h = Holding { stones: 7, quan: 3 };
    assert_eq!(h.value(10), 37);
    assert_eq!(h.value(0), 7);
    // A cannot fill a square but leads by its quan's value.
    let q = i64::from(rules.quan_value());
    let holdings = [
        Holding { stones: 4, quan: 3 },
        Holding {
            stones: 2 * q,
            quan: 1,
        },
    ];
    let o = Match::with_holdings(rules, &holdings)
        .unwrap()
        .outcome()
        .unwrap();
    assert_eq!(o.end, MatchEnd::CannotFill(Player::A));
    assert_eq!(o.leaders.iter().collect::<Vec<_>>(), [Player::A]);
}

/// Three players' picture: one line a seat, each led by its quan square's name.
#[test]
fn a_three_player_picture_names_each_quan_square() {
    let mut board = Board::new(&Rules::default().with_players(3).with_row_len(2));
    board.set_stones(sq("B2"), 7).unwrap();
    let expected = "  QA (Q  )[ 5][ 5]  A1..A2 ->
  QB (Q  )[ 5][ 7]  B1..B2 ->
  QC (Q  )[ 5][ 5]  C1..C2 ->
";
    assert_eq!(board.to_string(), expected);
}

/// Four players' picture (Q1's square ring): A along the bottom, B up the
/// right side from B1, C along the top read from C's side, D down the left
/// from D1; a quan square without its quan and stones is blank.
#[test]
fn a_four_player_picture_goes_round_the_square() {
    let mut board = Board::new(&Rules::default().with_players(4).with_row_len(3));
    board.set_stones(sq("D2"), 12).unwrap();
    board.set_quan(sq("QC"), false).unwrap();
    let expected = "           C3  C2  C1
    (Q  )[ 5][ 5][ 5](   )
D1   [ 5]            [ 5]  B3
D2   [12]            [ 5]  B2
D3   [ 5]            [ 5]  B1
    (Q  )[ 5][ 5][ 5](Q  )
           A1  A2  A3
";
    assert_eq!(board.to_string(), expected);
    assert_eq!(
        format!("{board:?}"),
        "Board((Q) 5 5 5 (Q) 5 5 5 () 5 5 5 (Q) 5 12 5)"
    );
}

/// Two-digit squares are labelled in full (A10 … A12), right-aligned.
#[test]
fn a_long_row_is_labelled_to_its_end() {
    let board = Board::new(&Rules::default().with_row_len(12));
    let expected = "      B12 B11 B10  B9  B8  B7  B6  B5  B4  B3  B2  B1
     [ 5][ 5][ 5][ 5][ 5][ 5][ 5][ 5][ 5][ 5][ 5][ 5]
(Q  )                                                (Q  )
     [ 5][ 5][ 5][ 5][ 5][ 5][ 5][ 5][ 5][ 5][ 5][ 5]
       A1  A2  A3  A4  A5  A6  A7  A8  A9 A10 A11 A12
";
    assert_eq!(board.to_string(), expected);
}

/// A position prints its board, then a line a player: captured stones and
/// quan, loans (lent or owed), stones collected, and who is to move.
#[test]
fn a_position_prints_its_players_lines() {
    let fresh = fresh(Rules::default());
    let pos = fresh.position();
    assert_eq!(
        pos.to_string(),
        format!(
            "{}A: captured 0 stones, 0 quan  <- to move\nB: captured 0 stones, 0 quan\n",
            pos.board()
        )
    );
    assert_eq!(
        format!("{pos:?}"),
        "Position { board: Board((Q) 5 5 5 5 5 (Q) 5 5 5 5 5), to_move: Player(0), \
         stores: [0, 0], quan_taken: [0, 0], loans: [0, 0], collected: [0, 0], \
         owned: [62, 3968] }"
    );
    // Over random games, every line as the accessors say (loans both ways,
    // stones collected at the end).
    let (mut lent, mut owed, mut collected) = (false, false, false);
    for seed in 0..200 {
        let mut game = fresh.clone();
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        while !game.is_over() {
            game.play_out(&mut rng, 1);
            let pos = game.position();
            let text = pos.to_string();
            let lines: Vec<&str> = text.lines().rev().take(2).collect();
            for (line, p) in lines.iter().rev().zip([Player::A, Player::B]) {
                let mut want = format!(
                    "{p}: captured {} stones, {} quan",
                    pos.store(p),
                    pos.quan_taken(p)
                );
                match pos.loans(p) {
                    0 => {}
                    l if l > 0 => want += &format!(", lent {l}"),
                    l => want += &format!(", owes {}", -l),
                }
                if pos.collected(p) > 0 {
                    want += &format!(", collected {}", pos.collected(p));
                }
                if pos.to_move() == p {
                    want += "  <- to move";
                }
                assert_eq!(*line, want);
                lent |= pos.loans(p) > 0;
                owed |= pos.loans(p) < 0;
                collected |= pos.collected(p) > 0;
            }
        }
    }
    assert!(lent && owed && collected);
    // The squares a player owns, in ring order.
    let a: Vec<String> = pos.squares_of(Player::A).map(|s| s.to_string()).collect();
    assert_eq!(a, ["A1", "A2", "A3", "A4", "A5"]);
    assert_eq!(pos.squares_of(Player::B).count(), 5);
    assert!(
        pos.squares_of(Player::B)
            .all(|s| pos.owner(s) == Some(Player::B))
    );
}

/// A set of players: added once however often it is added, empty or not,
/// printed as its letters (Debug as the players).
#[test]
fn a_set_of_players_adds_counts_and_prints() {
    use o_an_quan::Players;
    let ac = Players::only(Player::A).with(Player::C);
    assert_eq!(ac.with(Player::C), ac);
    assert_eq!(ac.len(), 2);
    assert!(!ac.is_empty());
    assert!(Players::NONE.is_empty());
    assert_eq!(ac.to_string(), "A, C");
    assert_eq!(format!("{ac:?}"), "{Player(0), Player(2)}");
    let json = serde_json::to_string(&ac).unwrap();
    assert_eq!(json, r#"["A","C"]"#);
    assert_eq!(serde_json::from_str::<Players>(&json).unwrap(), ac);
}

/// Checks that `game`'s random moves, 200 draws for each of `squares` squares
/// (seeded by `seed`), reach every one of them about equally often.
fn assert_random_moves_uniform(game: &Game, squares: usize, seed: u64) {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut counts = std::collections::HashMap::new();
    for _ in 0..200 * squares {
        let mv = game.random_move(&mut rng).unwrap();
        *counts.entry(mv.square.to_string()).or_insert(0) += 1;
    }
    assert_eq!(counts.len(), squares, "{counts:?}");
    // 200 expected for each square.
    assert!(
        counts.values().all(|&n| (120..=280).contains(&n)),
        "{counts:?}"
    );
}

/// A random move is uniform over the mover's filled squares even when they do
/// not follow each other round the ring: A owns its row of twelve and B12,
/// bought in a match (Q7), 25 squares round the ring from A1.
#[test]
fn random_moves_reach_a_bought_square_far_round_the_ring() {
    let rules = Rules::default().with_row_len(12);
    let mut setup = Setup::standard(&rules);
    setup.owners[23] = Player::A; // B12
    assert_random_moves_uniform(&Game::new(rules, setup).unwrap(), 13, 9);
}

/// A random move is uniform over a row of twelve (two bytes of the ring's bits).
#[test]
fn random_moves_are_uniform_over_a_row_of_twelve() {
    assert_random_moves_uniform(&fresh(Rules::default().with_row_len(12)), 12, 10);
}

/// A move's report prints as one line: the sowing, the captures, then the
/// refill, loan or end that followed (checked against its fields over random
/// games, every branch seen).
#[test]
fn a_report_prints_what_the_move_did() {
    let plural = |n: u32| if n == 1 { "" } else { "s" };
    let mut seen = [false; 5];
    for seed in 0..300 {
        let mut game = fresh(Rules::default());
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        while let Some(mv) = game.random_move(&mut rng) {
            let r = game.play(mv).unwrap();
            let relays = r.pick_ups.saturating_sub(1);
            let mut want = format!(
                "{} plays {}: {} stone{} sown, {relays} relay{}",
                r.player,
                r.mv,
                r.sown,
                plural(r.sown),
                plural(relays)
            );
            if r.captures > 0 {
                want += &format!(
                    ", captures {} stone{}",
                    r.stones_captured,
                    plural(r.stones_captured)
                );
                if r.quan_captured > 0 {
                    want += &format!(" and {} quan", r.quan_captured);
                }
            }
            if r.borrowed > 0 {
                want += &format!("; the next player borrows {} to refill", r.borrowed);
            } else if r.refill {
                want += "; the next player refills";
            }
            if let Some(end) = r.game_over {
                want += &format!("; game over: {end}");
            }
            assert_eq!(r.to_string(), want);
            seen[0] |= r.stones_captured == 1;
            seen[1] |= r.quan_captured > 0;
            seen[2] |= r.borrowed > 0;
            seen[3] |= r.refill && r.borrowed == 0;
            seen[4] |= relays == 1;
        }
    }
    assert!(seen.iter().all(|&s| s), "{seen:?}");
    // One case spelt out: the first move of the standard start.
    let mut game = fresh(Rules::default());
    let r = game.play("A5R".parse().unwrap()).unwrap();
    assert!(r.to_string().starts_with("A plays A5R: "), "{r}");
}

/// Ring notation refuses rings of no shape Q1 allows: empty, not starting with
/// a quan square, rows of unequal length, empty rows, rows over twelve, more
/// stones than MAX_STONES.
#[test]
fn ring_notation_refuses_what_is_no_ring() {
    for bad in [
        "",
        "5 (Q) 5 (Q)",
        "(Q) 5 5 (Q) 5",
        "(Q) (Q)",
        "(Q) 5 5 5 5 5 5 5 5 5 5 5 5 5 (Q) 5 5 5 5 5 5 5 5 5 5 5 5 5",
        "(Q) 30000 (Q) 1",
    ] {
        assert!(bad.parse::<Board>().is_err(), "{bad:?}");
    }
    let twelve = "(Q) 5 5 5 5 5 5 5 5 5 5 5 5 (Q) 5 5 5 5 5 5 5 5 5 5 5 5";
    assert_eq!(twelve.parse::<Board>().unwrap().row_len(), 12);
    let full = "(Q) 29999 (Q) 1".parse::<Board>().unwrap();
    assert_eq!(full.small_stones(), MAX_STONES);
    let one_row = "(Q) 5 (Q) 5".parse::<Board>().unwrap();
    assert_eq!(one_row.row_len(), 1);
}

#[test]
fn rules_count_the_rings_squares() {
    assert_eq!(Rules::default().squares(), 12);
    assert_eq!(Rules::default().with_players(3).squares(), 18);
    assert_eq!(
        Rules::default().with_players(4).with_row_len(12).squares(),
        52
    );
    assert_eq!(o_an_quan::MAX_SQUARES, 52);
}

/// `play_out` plays at most the moves asked for and says how many it played.
#[test]
fn play_out_counts_the_moves_it_plays() {
    let mut game = fresh(Rules::default());
    let mut rng = Pcg64Mcg::seed_from_u64(1);
    assert_eq!(game.play_out(&mut rng, 3), 3);
    assert_eq!(game.move_count(), 3);
    assert_eq!(game.play_out(&mut rng, 0), 0);
    let rest = game.play_out(&mut rng, 100_000);
    assert!(game.is_over());
    assert_eq!(game.move_count(), 3 + rest);
    assert_eq!(game.play_out(&mut rng, 5), 0);
}

/// The running repetition hash (fuzzing's check) is the position's, move by
/// move, and none once the game is over.
#[test]
fn the_running_hash_follows_the_position() {
    let mut game = fresh(Rules::default());
    let mut rng = Pcg64Mcg::seed_from_u64(2);
    while !game.is_over() {
        assert_eq!(
            game.running_repetition_hash(),
            Some(game.position().repetition_hash())
        );
        game.play_out(&mut rng, 1);
    }
    assert_eq!(game.running_repetition_hash(), None);
}

/// Q9 with the move limit reached inside the setup's history: the game is over
/// at once, and the last earlier position, seen twice, has occurred twice.
#[test]
fn q9_occurrences_count_a_history_the_game_ends_in() {
    let rules = Rules::default().with_move_limit(Some(2));
    let mut setup = Setup::standard(&rules);
    let start = fresh(rules).position().clone();
    setup.history = vec![start.clone(), start];
    let game = Game::new(rules, setup).unwrap();
    assert!(game.is_over());
    assert_eq!(game.occurrences(), 2);
}

/// Rules settings are checked at their limits: a row of twelve, stones per
/// square 1 to 100, values up to 1000.
#[test]
fn rules_settings_are_checked_at_their_limits() {
    use o_an_quan::{MAX_PER_SQUARE, MAX_ROW, MAX_VALUE, RulesError};
    let r = Rules::default();
    assert_eq!(r.with_row_len(MAX_ROW as u8).validate(), Ok(()));
    assert_eq!(
        r.with_row_len(MAX_ROW as u8 + 1).validate(),
        Err(RulesError::RowLength(13))
    );
    assert_eq!(r.with_start_stones(MAX_PER_SQUARE).validate(), Ok(()));
    assert_eq!(r.with_refill_per_square(MAX_PER_SQUARE).validate(), Ok(()));
    assert_eq!(r.with_young_quan(Some(MAX_PER_SQUARE)).validate(), Ok(()));
    for bad in [0, MAX_PER_SQUARE + 1] {
        assert_eq!(
            r.with_start_stones(bad).validate(),
            Err(RulesError::PerSquare {
                what: "start stones",
                value: bad
            })
        );
        assert!(r.with_refill_per_square(bad).validate().is_err());
        assert!(r.with_young_quan(Some(bad)).validate().is_err());
    }
    assert_eq!(r.with_quan_value(MAX_VALUE).validate(), Ok(()));
    assert_eq!(r.with_sale_price(MAX_VALUE).validate(), Ok(()));
    assert_eq!(
        r.with_quan_value(MAX_VALUE + 1).validate(),
        Err(RulesError::Value {
            what: "quan value",
            value: 1001
        })
    );
    assert_eq!(
        r.with_sale_price(MAX_VALUE + 1).validate(),
        Err(RulesError::Value {
            what: "square price",
            value: 1001
        })
    );
}

#[test]
fn each_end_says_why() {
    use o_an_quan::End;
    let texts: Vec<String> = [
        End::QuanCaptured,
        End::QuanSquaresEmpty,
        End::NoLender {
            borrower: Player::B,
        },
        End::Repetition,
        End::MoveLimit,
    ]
    .iter()
    .map(|e| e.to_string())
    .collect();
    assert_eq!(
        texts,
        [
            "every quan captured",
            "every quan square empty",
            "B could not refill and nobody could lend",
            "a position occurred a third time",
            "the move limit was reached",
        ]
    );
}

/// Q4: a player's net loans fill an `i32` exactly (B borrowing 2^31 stones
/// from two lenders), and one stone more is refused.
#[test]
fn q4_loans_fill_a_balance_exactly() {
    use o_an_quan::Loan;
    let rules = Rules::default().with_players(3);
    let half = |lender: Player, extra: u16| {
        // 2^30 + extra stones from `lender` to B.
        let mut loans = vec![
            Loan {
                borrower: Player::B,
                lender,
                stones: u16::MAX,
            };
            16_384
        ];
        loans.push(Loan {
            borrower: Player::B,
            lender,
            stones: 16_384 + extra,
        });
        loans
    };
    let mut setup = Setup::standard(&rules);
    setup.loans = [half(Player::A, 0), half(Player::C, 0)].concat();
    let game = Game::new(rules, setup.clone()).unwrap();
    assert_eq!(game.position().loans(Player::B), i32::MIN);
    setup.loans = [half(Player::A, 0), half(Player::C, 1)].concat();
    assert_eq!(
        Game::new(rules, setup).unwrap_err(),
        o_an_quan::GameError::Setup(SetupError::Loans)
    );
}

#[test]
fn a_square_knows_its_number_and_side() {
    assert_eq!(sq("A3").number(), Some(3));
    assert_eq!(sq("B12").number(), Some(12));
    assert_eq!(sq("QB").number(), None);
    assert_eq!(sq("QB").side(), Player::B);
    assert!(sq("QC").is_quan() && !sq("C1").is_quan());
}

/// Each step of a move prints as the event's documentation says.
#[test]
fn events_print_as_documented() {
    use o_an_quan::{End, Event};
    let texts: Vec<String> = [
        Event::PickUp {
            square: sq("A5"),
            stones: 5,
        },
        Event::Drop { square: sq("QB") },
        Event::Capture {
            square: sq("QB"),
            stones: 1,
            quan: true,
        },
        Event::Capture {
            square: sq("B2"),
            stones: 6,
            quan: false,
        },
        Event::Borrow {
            borrower: Player::A,
            lender: Player::B,
            stones: 22,
        },
        Event::Refill {
            player: Player::A,
            square: sq("A1"),
            stones: 5,
        },
        Event::GameOver {
            reason: End::QuanCaptured,
        },
        Event::Collect {
            player: Player::B,
            square: sq("B5"),
            stones: 4,
        },
    ]
    .iter()
    .map(|e| e.to_string())
    .collect();
    assert_eq!(
        texts,
        [
            "pick up A5 (5)",
            "drop QB",
            "capture QB (1 + quan)",
            "capture B2 (6)",
            "A borrows 22 from B",
            "A refills A1 (5)",
            "game over: every quan captured",
            "B collects B5 (4)",
        ]
    );
}

/// A quan square shows its stones beside its quan; a game's `Debug` names its
/// rules and position.
#[test]
fn a_quan_square_shows_its_stones() {
    let mut board = Board::new(&Rules::default());
    board.set_stones(sq("QA"), 7).unwrap();
    assert!(board.to_string().contains("(Q 7)"), "{board}");
    board.set_quan(sq("QA"), false).unwrap();
    assert!(board.to_string().contains("(  7)"), "{board}");
    let debug = format!("{:?}", fresh(Rules::default()));
    assert!(
        debug.starts_with("Game { rules: ") && debug.contains("position: Position {"),
        "{debug}"
    );
}

/// Q7: a buyer pays the price and fills the square, so needs both beside the
/// board: 29 stones (price 25 + 5 − 1) buy nothing. A game that is not the
/// one set up is refused.
#[test]
fn q7_a_buyer_needs_the_price_and_the_stones_to_fill() {
    use o_an_quan::{Holding, Match, MatchError};
    let rules = Rules::default();
    let holdings = [
        Holding {
            stones: 54,
            quan: 1,
        },
        Holding { stones: 8, quan: 1 },
    ];
    let mut m = Match::with_holdings(rules, &holdings).unwrap();
    let (_, sales) = m.next_game(Player::A).unwrap();
    assert!(sales.is_empty(), "{sales:?}");
    let mut other = fresh(rules);
    other.play_out(&mut Pcg64Mcg::seed_from_u64(1), 100_000);
    assert_eq!(m.finish_game(&other), Err(MatchError::NoGame));
}

/// The stones of a setup, stores included, may reach MAX_STONES, not pass it.
#[test]
fn a_setup_holds_at_most_max_stones() {
    let rules = Rules::default();
    let mut setup = Setup::standard(&rules);
    let on_board = Board::new(&rules).small_stones();
    setup.stores[0] = u16::try_from(MAX_STONES - on_board).unwrap();
    assert!(Game::new(rules, setup.clone()).is_ok());
    setup.stores[0] += 1;
    assert!(Game::new(rules, setup).is_err());
}

/// Why a capture chain stopped, a loan and an outcome print as documented.
#[test]
fn stops_loans_and_outcomes_print_as_documented() {
    use o_an_quan::{Loan, Stop};
    let stops: Vec<String> = [
        Stop::QuanSquare,
        Stop::TwoEmpty,
        Stop::Occupied,
        Stop::QuanGap,
        Stop::YoungQuan,
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    assert_eq!(
        stops,
        [
            "a quan square is next",
            "two empty squares",
            "the square after the capture holds something",
            "an empty quan square after the capture",
            "a young quan",
        ]
    );
    let loan = Loan {
        borrower: Player::A,
        lender: Player::B,
        stones: 22,
    };
    assert_eq!(loan.to_string(), "A owes B 22");
    // Over random games, each outcome says who won or who drew, and why.
    let (mut won, mut drawn) = (false, false);
    for seed in 0..300 {
        let game = played(Rules::default(), seed, 100_000);
        let o = game.outcome().unwrap();
        let text = o.to_string();
        match o.winner() {
            Some(w) => {
                assert_eq!(text, format!("{w} wins ({})", o.reason()));
                won = true;
            }
            None => {
                assert_eq!(text, format!("draw between A, B ({})", o.reason()));
                drawn = true;
            }
        }
    }
    assert!(won && drawn);
}

/// A setup is checked against the rules: its ring's shape, counts that fit, the
/// lenders' balances, and earlier positions of the same ring and owners.
#[test]
fn a_setup_is_checked_against_the_rules() {
    use o_an_quan::Loan;
    let rules = Rules::default();
    let long_rows = Setup::standard(&rules.with_row_len(6));
    assert!(long_rows.validate(&rules).is_err());
    assert!(Game::new(rules, long_rows).is_err());
    assert!(
        "(Q) 70000 (Q) 5".parse::<Board>().is_err(),
        "a count beyond MAX_STONES"
    );
    // A lends 2^31 stones in all (to B and to C): more than a balance holds.
    let three = rules.with_players(3);
    let lend = |to: Player, extra: u16| {
        let mut loans = vec![
            Loan {
                borrower: to,
                lender: Player::A,
                stones: u16::MAX,
            };
            16_384
        ];
        loans.push(Loan {
            borrower: to,
            lender: Player::A,
            stones: 16_384 - extra,
        });
        loans
    };
    let mut setup = Setup::standard(&three);
    setup.loans = [lend(Player::B, 0), lend(Player::C, 1)].concat();
    assert_eq!(setup.validate(&three), Ok(()));
    setup.loans = [lend(Player::B, 0), lend(Player::C, 0)].concat();
    assert_eq!(setup.validate(&three), Err(SetupError::Loans));
    // An earlier position with other owners is no history of this game.
    let mut setup = Setup::standard(&rules);
    let mut other = Setup::standard(&rules);
    other.owners[0] = Player::B;
    other.owners[5] = Player::A;
    let earlier = Game::new(rules, other).unwrap().position().clone();
    setup.history = vec![earlier];
    assert_eq!(setup.validate(&rules), Err(SetupError::History { turn: 0 }));
}

#[test]
fn square_names_are_a_letter_and_one_or_two_digits() {
    for bad in ["A", "A123", "A1234", "A99999", "Q", "QAB", "a1x"] {
        assert!(bad.parse::<Square>().is_err(), "{bad}");
    }
    assert_eq!(sq("a12"), sq("A12"));
    assert_eq!(sq("qb"), sq("QB"));
}

/// Ring notation separates squares by spaces, commas or bars.
#[test]
fn ring_notation_takes_commas_and_bars() {
    let plain: Board = "(Q) 5 5 5 5 5 (Q) 5 5 5 5 5".parse().unwrap();
    for s in [
        "(Q),5,5,5,5,5,(Q),5,5,5,5,5",
        "(Q) 5 5 5 5 5 | (Q) 5 5 5 5 5",
        "(Q)|5|5|5|5|5|(Q)|5|5|5|5|5",
    ] {
        assert_eq!(s.parse::<Board>().unwrap(), plain, "{s}");
    }
}
