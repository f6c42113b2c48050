//! One test per ruling (Q1–Q10), each on a hand-worked board. Boards are in ring
//! notation: `QA A1..A5 QB B1..B5 (QC C1..C5 …)`, quan squares in parentheses with
//! `Q` while they hold their quan. Ring order is every player's right
//! (counter-clockwise); `L` sows clockwise.

use o_an_quan::{
    Direction, End, EndRule, Event, Game, IllegalMove, Loan, Match, MatchEnd, Player, Report,
    Rules, Setup, Square, Stop,
};

const A: Player = Player::A;
const B: Player = Player::B;
const C: Player = Player::C;

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

/// The board in ring notation, each row its seat's, nothing captured.
fn at(ring: &str, to_move: Player) -> Setup {
    Setup::new(ring.parse().unwrap(), to_move)
}

/// Sets a setup's captured stones and quan.
trait Captured {
    fn with_store(self, player: Player, stones: u16) -> Self;
    fn with_quan_taken(self, player: Player, quan: u8) -> Self;
}

impl Captured for Setup {
    fn with_store(mut self, player: Player, stones: u16) -> Setup {
        self.stores[player.index()] = stones;
        self
    }

    fn with_quan_taken(mut self, player: Player, quan: u8) -> Setup {
        self.quan_taken[player.index()] = quan;
        self
    }
}

fn game(rules: Rules, setup: Setup) -> Game {
    Game::new(rules, setup).unwrap()
}

/// A game from the standard start of `rules`.
fn fresh(rules: Rules) -> Game {
    Game::new(rules, Setup::standard(&rules)).unwrap()
}

/// A move's report and every step.
struct Trace {
    report: Report,
    events: Vec<Event>,
}

impl Trace {
    fn drops(&self) -> impl Iterator<Item = Square> + '_ {
        self.events.iter().filter_map(|e| match *e {
            Event::Drop { square } => Some(square),
            _ => None,
        })
    }

    fn captures(&self) -> Vec<(Square, u16, bool)> {
        self.events
            .iter()
            .filter_map(|e| match *e {
                Event::Capture {
                    square,
                    stones,
                    quan,
                } => Some((square, stones, quan)),
                _ => None,
            })
            .collect()
    }
}

/// Plays `mv` traced and checks the traced and quiet engines agree.
fn play(g: &mut Game, mv: &str) -> Trace {
    let mv = g.parse_move(mv).unwrap();
    let mut quiet = g.clone();
    let mut events = Vec::new();
    let report = g.play_traced(mv, &mut |e| events.push(e)).unwrap();
    assert_eq!(quiet.play(mv).unwrap(), report);
    assert_eq!(quiet.position(), g.position());
    assert_eq!(&quiet, g);
    Trace { report, events }
}

fn ring(g: &Game) -> String {
    g.board().ring().to_string()
}

#[test]
fn q1_rings_for_two_three_and_four_players() {
    for (n, len) in [(2u8, 12), (3, 18), (4, 24)] {
        let rules = Rules::default().with_players(n);
        let g = fresh(rules);
        assert_eq!(g.board().len(), len);
        assert_eq!(g.board().small_stones(), 25 * u32::from(n));
        assert_eq!(g.board().quan_count(), n as usize);
        assert!(
            g.board()
                .has_quan(Square::quan(Player::new(n as usize - 1).unwrap()))
        );
    }
    // Row length, stones and quan value are rules values.
    let rules = Rules::default()
        .with_row_len(7)
        .with_start_stones(3)
        .with_quan_value(5);
    let g = fresh(rules);
    assert_eq!(
        ring(&g),
        "(Q) 3 3 3 3 3 3 3 (Q) 3 3 3 3 3 3 3",
        "QA, A's row of 7, QB, B's row"
    );
    assert!(Rules::default().with_players(1).validate().is_err());
    assert!(Rules::default().with_row_len(0).validate().is_err());
    assert!(Rules::default().with_row_len(13).validate().is_err());
}

#[test]
fn q1_three_player_ring_sows_across_rows() {
    let mut g = fresh(Rules::default().with_players(3));
    let t = play(&mut g, "A5R");
    // A5's five: QB, B1..B4; relay B5: QC, C1..C4; relay C5: QA, A1..A4; A5 is empty,
    // so QB (its quan and one stone) is captured; B1 holds stones: the chain stops.
    assert_eq!(t.report.pick_ups, 3);
    assert_eq!(t.captures(), [(sq("QB"), 1, true)], "{:?}", t.events);
    assert_eq!(ring(&g), "(Q1) 6 6 6 6 0 () 6 6 6 6 0 (Q1) 6 6 6 6 0");
    assert_eq!(g.to_move(), B, "turn order A, B, C (ruling Q8)");
}

#[test]
fn q1_four_player_ring_sows_clockwise_and_captures_own_square() {
    let mut g = fresh(Rules::default().with_players(4));
    let t = play(&mut g, "A5L");
    // A5's five clockwise: A4..A1, QA; relay D5: D4..D1, QD; relay C5: C4..C1, QC;
    // relay B5: B4..B1, QB; the next square A5 is empty: A captures its own A4.
    assert_eq!(t.report.pick_ups, 4);
    assert_eq!(t.captures(), [(sq("A4"), 6, false)]);
    assert_eq!(t.report.stop, Stop::Occupied);
    assert_eq!(
        ring(&g),
        "(Q1) 6 6 6 0 0 (Q1) 6 6 6 6 0 (Q1) 6 6 6 6 0 (Q1) 6 6 6 6 0"
    );
    assert_eq!(g.position().store(A), 6);
    assert_eq!(g.to_move(), B);
}

#[test]
fn q2_moves_only_own_non_empty_small_squares() {
    let g = game(Rules::default(), at("(Q) 0 2 0 0 0 (Q) 1 1 1 1 1", A));
    let moves: Vec<String> = g.legal_moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(moves, ["A2L", "A2R"]);
    let m = |s: &str| s.parse().unwrap();
    assert_eq!(g.check(m("A1R")), Err(IllegalMove::EmptySquare(sq("A1"))));
    assert_eq!(
        g.check(m("B1R")),
        Err(IllegalMove::NotYourSquare {
            square: sq("B1"),
            owner: B,
            player: A
        })
    );
    let quan = o_an_quan::Move::new(sq("QA"), Direction::Right);
    assert_eq!(g.check(quan), Err(IllegalMove::QuanSquare(sq("QA"))));
    assert_eq!(
        g.check(m("C1R")),
        Err(IllegalMove::NoSuchSquare(sq("C1"))),
        "no C row with 2 players"
    );
    assert_eq!(g.check(m("A6R")), Err(IllegalMove::NoSuchSquare(sq("A6"))));
    // A refused move changes nothing.
    let mut h = g.clone();
    assert!(h.play(m("A1L")).is_err());
    assert_eq!(h, g);
    assert_eq!(h.position(), g.position());
}

#[test]
fn q2_sowing_wraps_round_past_the_emptied_square() {
    let mut g = game(Rules::default(), at("(Q) 13 0 0 0 0 (Q) 1 1 1 1 1", A));
    let t = play(&mut g, "A1R");
    // 13 stones from A1: A2..B5, QA, A1 (sown into again), A2. Relays from A3, A5, B1,
    // B4, A1; then A3 is empty: A captures A4 (2), QB (quan + 2) and B2 (3); B3 stops it.
    let drops: Vec<Square> = t.drops().take(13).collect();
    assert_eq!(drops[10], sq("QA"));
    assert_eq!(
        drops[11],
        sq("A1"),
        "the emptied square is sown into on a wrap"
    );
    assert_eq!(drops[12], sq("A2"));
    let picks: Vec<Square> = t
        .events
        .iter()
        .filter_map(|e| match e {
            Event::PickUp { square, .. } => Some(*square),
            _ => None,
        })
        .collect();
    assert_eq!(picks, ["A1", "A3", "A5", "B1", "B4", "A1"].map(sq));
    assert_eq!(
        t.captures(),
        [
            (sq("A4"), 2, false),
            (sq("QB"), 2, true),
            (sq("B2"), 3, false)
        ]
    );
    assert_eq!(ring(&g), "(Q2) 0 3 0 0 0 () 0 0 3 0 3");
    assert_eq!(g.position().store(A), 7);
    assert_eq!(g.position().quan_taken(A), 1);
}

#[test]
fn q3_relay_then_quan_square_ends_the_turn() {
    let mut g = game(Rules::default(), at("(Q) 1 0 2 0 0 (Q) 1 1 1 1 1", A));
    let t = play(&mut g, "A1R");
    // A1's stone falls in A2; A3 is picked up and sown into A4, A5; next is QB: stop.
    assert_eq!(t.report.pick_ups, 2);
    assert_eq!(t.report.stop, Stop::QuanSquare);
    assert_eq!(
        t.events.last(),
        Some(&Event::Stop {
            at: sq("QB"),
            reason: Stop::QuanSquare
        })
    );
    assert_eq!(ring(&g), "(Q) 0 1 0 1 1 (Q) 1 1 1 1 1");
    assert_eq!(g.to_move(), B);
}

#[test]
fn q3_an_empty_quan_square_next_ends_the_turn_without_capture() {
    // QB is empty (its quan taken) but as the square after the last stone it still
    // ends the turn: B1 is not captured.
    let pos = at("(Q) 0 0 0 1 0 () 4 1 1 1 1", A).with_quan_taken(A, 1);
    let mut g = game(Rules::default(), pos);
    let t = play(&mut g, "A4R");
    assert_eq!(t.report.stop, Stop::QuanSquare);
    assert_eq!(t.report.captures, 0);
}

#[test]
fn q3_capture_after_one_empty_square() {
    let mut g = game(Rules::default(), at("(Q) 1 0 0 4 2 (Q) 1 1 1 1 1", A));
    let t = play(&mut g, "A1R");
    assert_eq!(t.captures(), [(sq("A4"), 4, false)]);
    assert_eq!(
        t.report.stop,
        Stop::Occupied,
        "A5 holds stones: the chain ends"
    );
    assert_eq!(ring(&g), "(Q) 0 1 0 0 2 (Q) 1 1 1 1 1");
    assert_eq!(g.position().store(A), 4);
}

#[test]
fn q3_two_empty_squares_capture_nothing() {
    let mut g = game(Rules::default(), at("(Q) 1 0 0 0 3 (Q) 1 1 1 1 1", A));
    let t = play(&mut g, "A1R");
    assert_eq!(t.report.captures, 0);
    assert_eq!(t.report.stop, Stop::TwoEmpty);
    assert_eq!(ring(&g), "(Q) 0 1 0 0 3 (Q) 1 1 1 1 1");
}

#[test]
fn q3_chain_of_three_captures_ending_in_a_quan_square() {
    let mut g = game(Rules::default(), at("(Q) 1 0 0 0 1 (Q2) 0 4 0 3 0", A));
    let t = play(&mut g, "A1L");
    // A1's stone falls clockwise into QA; B5 is empty: capture B4, skip B3, capture
    // B2, skip B1, capture QB with its quan; A5 holds a stone: stop.
    assert_eq!(
        t.captures(),
        [
            (sq("B4"), 3, false),
            (sq("B2"), 4, false),
            (sq("QB"), 2, true)
        ]
    );
    assert_eq!(g.position().store(A), 9);
    assert_eq!(g.position().quan_taken(A), 1);
    // B's row is now empty and B holds nothing: B needs 25 to refill, A can lend
    // only 9, so the game ends (Q4) and A collects A5's stone.
    assert_eq!(t.report.game_over, Some(End::NoLender { borrower: B }));
    assert_eq!(ring(&g), "(Q1) 0 0 0 0 0 () 0 0 0 0 0");
    assert_eq!(g.score().total(A), 9 + 10 + 1);
}

#[test]
fn q3_any_square_may_be_captured_even_the_movers_own() {
    let mut g = fresh(Rules::default());
    let t = play(&mut g, "A1R");
    // A1's five: A2..A5, QB; relay B1: B2..B5, QA; A1 is empty: A captures its own A2.
    assert_eq!(t.captures(), [(sq("A2"), 6, false)]);
}

#[test]
fn q3_empty_quan_square_as_a_gap_is_an_option() {
    let pos = || at("(Q) 0 1 0 0 3 () 4 1 1 1 1", A).with_quan_taken(A, 1);
    // By default the empty QB is a gap: A5 and B1 are captured.
    let mut g = game(Rules::default(), pos());
    let t = play(&mut g, "A2R");
    assert_eq!(t.captures(), [(sq("A5"), 3, false), (sq("B1"), 4, false)]);
    // With the option off, the chain stops at QB.
    let mut g = game(Rules::default().with_quan_square_gap(false), pos());
    let t = play(&mut g, "A2R");
    assert_eq!(t.captures(), [(sq("A5"), 3, false)]);
    assert_eq!(t.report.stop, Stop::QuanGap);
}

#[test]
fn q4_refill_from_own_store() {
    let pos = || at("(Q) 0 0 0 0 0 (Q) 0 0 0 1 0", B).with_store(A, 30);
    let mut g = game(Rules::default(), pos());
    let t = play(&mut g, "B4R");
    // B's stone falls in B5, QA is next: B's turn ends; A's row is empty: A puts
    // 5 stones in each square from the 30 they captured (the source's rule).
    assert!(t.report.refill);
    assert_eq!(t.report.borrowed, 0);
    let refills: Vec<&Event> = t
        .events
        .iter()
        .filter(|e| matches!(e, Event::Refill { .. }))
        .collect();
    assert_eq!(refills.len(), 5);
    assert_eq!(
        refills[0],
        &Event::Refill {
            player: A,
            square: sq("A1"),
            stones: 5
        }
    );
    assert_eq!(ring(&g), "(Q) 5 5 5 5 5 (Q) 0 0 0 0 1");
    assert_eq!(g.position().store(A), 5);
    // The common rules refill one stone per square.
    let mut g = game(Rules::common(), pos());
    play(&mut g, "B4R");
    assert_eq!(ring(&g), "(Q) 1 1 1 1 1 (Q) 0 0 0 0 1");
    assert_eq!(g.position().store(A), 25);
}

#[test]
fn q4_refill_with_borrowing_settled_at_the_end() {
    let pos = at("(Q) 0 0 0 0 0 (Q) 0 0 0 1 0", B)
        .with_store(A, 3)
        .with_store(B, 40);
    let mut g = game(Rules::default(), pos);
    let t = play(&mut g, "B4R");
    assert!(t.events.contains(&Event::Borrow {
        borrower: A,
        lender: B,
        stones: 22
    }));
    assert_eq!(t.report.borrowed, 22);
    assert_eq!(g.position().store(A), 0);
    assert_eq!(g.position().store(B), 18);
    assert_eq!(g.position().loans(A), -22);
    assert_eq!(g.position().loans(B), 22);
    assert_eq!(ring(&g), "(Q) 5 5 5 5 5 (Q) 0 0 0 0 1");
    // The debt counts in the score: A has 25 on the board and owes 22.
    let score = g.score();
    assert_eq!(score.total(A), -22);
    assert_eq!(score.total(B), 18 + 22);
}

#[test]
fn q4_the_lender_is_the_first_after_the_borrower_who_can_lend_it_all() {
    // Three players: A needs 22 more; B has only 10, C has 30: C lends all 22.
    let pos = at("(Q) 0 0 0 0 0 (Q) 0 0 0 0 0 (Q) 0 0 0 1 0", C)
        .with_store(A, 3)
        .with_store(B, 10)
        .with_store(C, 30);
    let mut g = game(Rules::default().with_players(3), pos);
    let t = play(&mut g, "C4R");
    assert!(t.events.contains(&Event::Borrow {
        borrower: A,
        lender: C,
        stones: 22
    }));
    assert_eq!(g.position().store(B), 10, "loans are not split");
    assert_eq!(
        g.loans(),
        [Loan {
            borrower: A,
            lender: C,
            stones: 22
        }]
    );
}

/// Q4: a lender holding exactly what is missing lends it all.
#[test]
fn q4_a_lender_with_exactly_the_shortfall_lends_it() {
    let pos = at("(Q) 0 0 0 0 0 (Q) 0 0 0 1 0", B)
        .with_store(A, 3)
        .with_store(B, 22);
    let mut g = game(Rules::default(), pos);
    let t = play(&mut g, "B4R");
    assert_eq!(t.report.borrowed, 22);
    assert_eq!(t.report.game_over, None);
    assert_eq!(g.position().store(B), 0);
    assert_eq!(g.position().loans(A), -22);
}

#[test]
fn q4_the_loans_say_who_owes_whom() {
    // A borrowed 5 from B, and B 5 from C: on balance A owes 5 and C is owed 5, as
    // if A had borrowed from C; the ledger keeps who lent to whom, and a game
    // resumed from the position keeps it too.
    let loan = |borrower, lender, stones| Loan {
        borrower,
        lender,
        stones,
    };
    let mut chain = at("(Q) 5 5 5 5 5 (Q) 5 5 5 5 5 (Q) 5 5 5 5 5", A).with_store(C, 10);
    chain.loans = vec![loan(A, B, 5), loan(B, C, 5)];
    let mut direct = chain.clone();
    direct.loans = vec![loan(A, C, 5)];
    let rules = Rules::default().with_players(3);
    let mut g = game(rules, chain.clone());
    let h = game(rules, direct);
    assert_eq!(g.position(), h.position(), "the same balances: -5, 0, +5");
    assert_eq!(g.position().loans(A), -5);
    assert_eq!(g.position().loans(B), 0);
    assert_eq!(g.loans(), chain.loans);
    play(&mut g, "A3L");
    let resumed = game(rules, g.position_setup().unwrap());
    assert_eq!(resumed.loans(), chain.loans);
    assert_eq!(resumed.position(), g.position());
    // A loan at the very start of a game (A to move with an empty row) is kept too.
    let start = at("(Q) 0 0 0 0 0 (Q) 0 0 0 1 0", A)
        .with_store(A, 3)
        .with_store(B, 40);
    let g = game(Rules::default(), start);
    assert_eq!(g.loans(), [loan(A, B, 22)]);
    assert_eq!(g.position_setup().unwrap().loans, [loan(A, B, 22)]);
    // A loan must be between two players of the game, of one stone at least.
    for bad in [loan(A, A, 5), loan(A, Player::D, 5), loan(B, A, 0)] {
        let mut s = chain.clone();
        s.loans.push(bad);
        assert_eq!(
            Game::new(rules, s).unwrap_err(),
            o_an_quan::GameError::Setup(o_an_quan::SetupError::BadLoan(bad))
        );
    }
}

#[test]
fn q4_nobody_can_lend_enough_ends_the_game() {
    let pos = at("(Q) 0 0 0 0 0 (Q) 0 0 0 1 2", B)
        .with_store(A, 3)
        .with_store(B, 10);
    let mut g = game(Rules::default(), pos);
    let t = play(&mut g, "B4R");
    assert_eq!(t.report.game_over, Some(End::NoLender { borrower: A }));
    // B collects B5's three stones: 10 + 3 + the quan they never captured (none).
    let o = g.outcome().unwrap();
    assert_eq!(o.winner(), Some(B));
    assert_eq!(g.score().total(B), 13);
    assert_eq!(g.score().total(A), 3);
    assert!(g.legal_moves().is_empty());
    assert_eq!(g.check("B5R".parse().unwrap()), Err(IllegalMove::GameOver));
}

#[test]
fn q5_both_quan_captured_ends_the_game_and_leftovers_are_collected() {
    let pos = at("(3) 2 0 1 0 0 (Q) 2 0 0 0 4", A)
        .with_quan_taken(B, 1)
        .with_store(A, 5)
        .with_store(B, 5);
    let mut g = game(Rules::default(), pos);
    let t = play(&mut g, "A3R");
    assert_eq!(t.captures(), [(sq("QB"), 0, true)]);
    assert_eq!(t.report.game_over, Some(End::QuanCaptured));
    assert!(t.events.contains(&Event::Collect {
        player: A,
        square: sq("A1"),
        stones: 2
    }));
    assert!(t.events.contains(&Event::Collect {
        player: B,
        square: sq("B5"),
        stones: 4
    }));
    // A: 5 + quan 10 + A1, A4 = 3 → 18. B: 5 + 10 + B1, B5 = 6 → 21. QA's 3: nobody's.
    let s = g.score();
    assert_eq!((s.total(A), s.total(B)), (18, 21));
    assert_eq!(g.outcome().unwrap().winner(), Some(B));
    assert_eq!(ring(&g), "(3) 0 0 0 0 0 () 0 0 0 0 0");
    assert_eq!(s.to_string(), "A 18, B 21");
}

#[test]
fn q5_option_ends_only_when_every_quan_square_is_empty() {
    let pos = at("(3) 2 0 1 0 0 (Q) 2 0 0 0 4", A).with_quan_taken(B, 1);
    let mut g = game(
        Rules::default().with_end_rule(EndRule::QuanSquaresEmpty),
        pos,
    );
    play(&mut g, "A3R");
    assert!(!g.is_over(), "QA still holds 3 stones");
    assert_eq!(g.to_move(), B);
    // B1L: QB and A5 get a stone; relay A4's one into A3; A2 is empty: capture A1;
    // QA holds stones: stop. QA still holds 3, so the game goes on.
    let t = play(&mut g, "B1L");
    assert_eq!(t.captures(), [(sq("A1"), 2, false)]);
    assert_eq!(ring(&g), "(3) 0 0 1 0 1 (1) 0 0 0 0 4");
    assert!(!g.is_over());
}

#[test]
fn q5_draw_when_the_highest_score_is_shared() {
    let pos = at("(3) 2 0 1 0 0 (Q) 2 0 0 0 4", A)
        .with_quan_taken(B, 1)
        .with_store(A, 8)
        .with_store(B, 5);
    let mut g = game(Rules::default(), pos);
    play(&mut g, "A3R");
    // A: 8 + 10 + 3 = 21; B: 5 + 10 + 6 = 21.
    let o = g.outcome().unwrap();
    assert!(o.is_draw());
    assert_eq!(o.winner(), None);
    assert_eq!(o.leaders().iter().collect::<Vec<_>>(), [A, B]);
}

#[test]
fn q6_young_quan_cannot_be_captured() {
    let pos = || at("(Q) 1 0 0 3 0 (Q2) 1 1 1 1 1", A);
    // Without the option: A4, then QB with its quan and 2 stones.
    let mut g = game(Rules::default(), pos());
    let t = play(&mut g, "A1R");
    assert_eq!(t.captures(), [(sq("A4"), 3, false), (sq("QB"), 2, true)]);
    // With quan non (fewer than 5 stones): QB is refused; A4 stands.
    let mut g = game(Rules::default().with_young_quan(Some(5)), pos());
    let t = play(&mut g, "A1R");
    assert_eq!(t.captures(), [(sq("A4"), 3, false)]);
    assert_eq!(t.report.stop, Stop::YoungQuan);
    assert!(g.board().has_quan(sq("QB")));
    // A grown quan (threshold 2 reached) can be taken.
    let mut g = game(Rules::default().with_young_quan(Some(2)), pos());
    assert_eq!(play(&mut g, "A1R").report.quan_captured, 1);
}

#[test]
fn q7_match_sells_squares_that_cannot_be_filled() {
    let rules = Rules::default();
    let holdings = [
        o_an_quan::Holding {
            stones: 18,
            quan: 1,
        },
        o_an_quan::Holding {
            stones: 70,
            quan: 1,
        },
    ];
    let mut m = Match::with_holdings(rules, &holdings).unwrap();
    let (game, sales) = m.next_game(A).unwrap();
    // A fills A1..A3 (15 stones, 3 left); A4 is bought by B for 25 (+5 to fill);
    // B then has 15 beside the board, too few to buy A5, which stays A's, empty.
    assert_eq!(sales.len(), 1);
    assert_eq!(
        (sales[0].square, sales[0].seller, sales[0].buyer),
        (sq("A4"), A, B)
    );
    let pos = game.position();
    assert_eq!(ring(&game), "(Q) 5 5 5 5 0 (Q) 5 5 5 5 5");
    assert_eq!(pos.owner(sq("A4")), Some(B));
    assert_eq!(pos.owner(sq("A5")), Some(A));
    assert!(!game.is_legal("A4R".parse().unwrap()));
    let mut g = game.clone();
    assert!(g.check("A4R".parse().unwrap()).is_err());
    // A game is in progress: no next game until it is finished.
    assert!(m.next_game(A).is_err());
    assert!(m.finish_game(&g).is_err(), "not over yet");
    // A1R: A2..A5 and QB get a stone; relay B1 round to QA; A1 is empty: A
    // captures A2. Then B may play A4, the square B bought.
    g.play("A1R".parse().unwrap()).unwrap();
    assert_eq!(ring(&g), "(Q1) 0 0 6 6 1 (Q1) 0 6 6 6 6");
    assert!(g.legal_moves().contains(&"A4R".parse().unwrap()));
    assert!(!g.legal_moves().iter().any(|mv| mv.square == sq("A5")));
}

#[test]
fn q7_match_carries_holdings_and_ends_when_a_player_has_no_quan() {
    let rules = Rules::default();
    let mut m = Match::new(rules).unwrap();
    assert_eq!(m.holdings()[0].stones, 25);
    let (game, sales) = m.next_game(A).unwrap();
    assert!(sales.is_empty());
    assert_eq!(game, fresh(rules));
    // Play A5R: A captures QB's quan at once; then finish by hand with a position
    // where A takes QA as well: use the game as played to the end at random.
    let mut g = game;
    use rand_core::SeedableRng;
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(11);
    g.play_out(&mut rng, 100_000);
    assert!(g.is_over());
    m.finish_game(&g).unwrap();
    let s = g.score();
    let h = m.holdings();
    for p in [A, B] {
        let i = p.index();
        assert_eq!(
            h[i].stones,
            i64::from(s.captured[i]) + i64::from(s.collected[i]) + i64::from(s.loans[i])
        );
    }
    let quan: u32 = h.iter().map(|h| h.quan).sum();
    assert_eq!(
        quan, 2,
        "captured quan and quan left on the board come back"
    );
    match m.outcome() {
        Some(o) => {
            let (MatchEnd::NoQuan(p) | MatchEnd::CannotFill(p)) = o.end;
            assert!(h[p.index()].quan == 0 || h[p.index()].stones < 5);
            assert!(m.next_game(A).is_err());
        }
        None => assert!(h.iter().all(|h| h.quan >= 1 && h.stones >= 5)),
    }
}

#[test]
fn q7_match_ends_when_a_player_cannot_fill_a_square() {
    let holdings = [
        o_an_quan::Holding { stones: 4, quan: 1 },
        o_an_quan::Holding {
            stones: 96,
            quan: 1,
        },
    ];
    let m = Match::with_holdings(Rules::default(), &holdings).unwrap();
    let o = m.outcome().unwrap();
    assert_eq!(o.end, MatchEnd::CannotFill(A));
    assert_eq!(o.leaders.iter().collect::<Vec<_>>(), [B]);
}

#[test]
fn q8_turn_order_runs_round_the_ring() {
    let mut g = fresh(Rules::default().with_players(4));
    let mut order = vec![g.to_move()];
    for _ in 0..4 {
        let mv = g.legal_moves()[0];
        g.play(mv).unwrap();
        order.push(g.to_move());
    }
    assert_eq!(order, [A, B, C, Player::D, A]);
    let g = game(
        Rules::default(),
        Setup {
            to_move: B,
            ..Setup::default()
        },
    );
    assert_eq!(g.to_move(), B);
}

#[test]
fn q9_third_repetition_ends_the_game() {
    // With young quan protecting the empty-handed quan squares, each player can
    // shuttle one stone between squares 2 and 3 of their row for ever.
    let rules = Rules::default().with_young_quan(Some(5));
    let mut g = game(rules, at("(Q) 0 1 0 0 0 (Q) 0 1 0 0 0", A));
    assert_eq!(g.occurrences(), 1);
    let cycle = ["A2R", "B2R", "A3L", "B3L"];
    for mv in cycle {
        play(&mut g, mv);
    }
    assert_eq!(g.occurrences(), 2);
    assert!(!g.is_over());
    for (k, mv) in cycle.iter().enumerate() {
        let t = play(&mut g, mv);
        assert_eq!(t.report.game_over.is_some(), k == 3);
    }
    assert_eq!(g.outcome().unwrap().reason(), End::Repetition);
    assert_eq!(g.move_count(), 8);
    // Collected: each player's single stone.
    assert_eq!(g.score().total(A), 1);
    assert!(g.outcome().unwrap().is_draw());
    // Undo brings the game back, and the count with it.
    g.undo().unwrap();
    assert!(!g.is_over());
    assert_eq!(ring(&g), "(Q) 0 1 0 0 0 (Q) 0 0 1 0 0");
    assert_eq!(g.occurrences(), 2);
}

#[test]
fn q9_the_setups_history_counts_towards_repetition() {
    // The cycle of the test above, stored after one round and resumed: the game
    // from the stored setup counts the first round and ends at the same move.
    let rules = Rules::default().with_young_quan(Some(5));
    let mut g = game(rules, at("(Q) 0 1 0 0 0 (Q) 0 1 0 0 0", A));
    let cycle = ["A2R", "B2R", "A3L", "B3L"];
    for mv in cycle {
        play(&mut g, mv);
    }
    let setup = g.position_setup().unwrap();
    assert_eq!(setup.history.len(), 4, "one position per earlier turn");
    assert_eq!(
        setup.history[0],
        *game(rules, at("(Q) 0 1 0 0 0 (Q) 0 1 0 0 0", A)).position()
    );
    let mut resumed = game(rules, setup.clone());
    assert_eq!(resumed.occurrences(), 2);
    for (k, mv) in cycle.iter().enumerate() {
        let t = play(&mut resumed, mv);
        assert_eq!(t.report.game_over.is_some(), k == 3);
        play(&mut g, mv);
        assert_eq!(resumed.position(), g.position());
    }
    assert_eq!(resumed.outcome().unwrap().reason(), End::Repetition);
    assert_eq!(resumed.outcome(), g.outcome());
    assert_eq!(resumed.occurrences(), 3);
    assert_eq!(g.occurrences(), 3);
    // Without the history the same moves are a first repetition only.
    let mut forgetful = game(
        rules,
        Setup {
            history: vec![],
            ..setup
        },
    );
    for mv in cycle {
        play(&mut forgetful, mv);
    }
    assert!(!forgetful.is_over());
    assert_eq!(forgetful.occurrences(), 2);
}

#[test]
fn q9_move_limit_ends_the_game() {
    let mut g = fresh(Rules::default().with_move_limit(Some(3)));
    for _ in 0..3 {
        let mv = g.legal_moves()[0];
        g.play(mv).unwrap();
    }
    assert_eq!(g.outcome().unwrap().reason(), End::MoveLimit);
    assert!(
        Rules::default()
            .with_move_limit(Some(0))
            .validate()
            .is_err()
    );
    // The limit counts the moves before a stored setup too (its history).
    let rules = Rules::default().with_move_limit(Some(3));
    let mut g = fresh(rules);
    for _ in 0..2 {
        let mv = g.legal_moves()[0];
        g.play(mv).unwrap();
    }
    let mut resumed = game(rules, g.position_setup().unwrap());
    let mv = resumed.legal_moves()[0];
    assert_eq!(resumed.play(mv).unwrap().game_over, Some(End::MoveLimit));
}

#[test]
fn q10_presets() {
    assert_eq!(Rules::default(), Rules::source());
    assert_eq!(Rules::default().refill_per_square(), 5);
    assert_eq!(Rules::common().refill_per_square(), 1);
    assert_eq!(Rules::common().with_refill_per_square(5), Rules::default());
    assert_eq!(Rules::preset("COMMON"), Ok(Rules::common()));
    assert_eq!(Rules::preset("source"), Ok(Rules::default()));
    assert_eq!(
        Rules::preset("nope"),
        Err(o_an_quan::RulesError::UnknownPreset("nope".into()))
    );
    assert!(Rules::preset("default").is_err(), "only the names listed");
    // Every name listed loads, is its constructor's rules, and validates.
    assert_eq!(Rules::PRESETS, ["source", "common"]);
    for (&name, rules) in Rules::PRESETS
        .iter()
        .zip([Rules::source(), Rules::common()])
    {
        assert_eq!(Rules::preset(name), Ok(rules));
        assert_eq!(Rules::preset(&name.to_uppercase()), Ok(rules));
        assert!(rules.validate().is_ok());
    }
    let r = Rules::default();
    assert_eq!(
        (r.players(), r.row_len(), r.start_stones(), r.quan_value()),
        (2, 5, 5, 10)
    );
    assert_eq!(r.end_rule(), EndRule::QuanCaptured);
    assert!(r.quan_square_gap());
    assert_eq!(r.young_quan(), None);
    assert_eq!(r.move_limit(), None);
    assert_eq!(r.sale_price(), 25);
}

#[test]
fn notation_round_trips_and_directions() {
    for text in ["A1R", "B5L", "D12R", "C3L"] {
        let mv: o_an_quan::Move = text.parse().unwrap();
        assert_eq!(mv.to_string(), text);
    }
    for (text, dir) in [
        ("a3 right", Direction::Right),
        ("A3ccw", Direction::Right),
        ("A3>", Direction::Right),
        ("a3 counter-clockwise", Direction::Right),
        ("A3 cw", Direction::Left),
        ("A3<", Direction::Left),
        ("A3 left", Direction::Left),
    ] {
        assert_eq!(
            text.parse::<o_an_quan::Move>().unwrap().direction,
            dir,
            "{text}"
        );
    }
    assert!(Direction::Left.is_clockwise());
    for bad in [
        "", "A", "A0R", "A13R", "QAR", "E1R", "A1", "A1X", "1R", "A1RR",
    ] {
        assert!(bad.parse::<o_an_quan::Move>().is_err(), "{bad}");
    }
    let g = game(
        Rules::default(),
        Setup {
            to_move: B,
            ..Setup::default()
        },
    );
    assert_eq!(g.parse_move("2L").unwrap().to_string(), "B2L");
    assert!(g.parse_move("0L").is_err());
    for s in ["QA", "QD", "A1", "D12"] {
        assert_eq!(sq(s).to_string(), s);
    }
}

/// Q1: the board as it lies on the ground (B's row on top, read from B's side; A's
/// row below; `QA` left, `QB` right), every cell as wide as the widest count.
#[test]
fn q1_the_picture_is_as_wide_as_the_widest_count() {
    let g = game(Rules::default(), at("(Q) 13 0 0 0 0 (Q) 1 1 1 1 1", A));
    assert_eq!(
        g.board().to_string(),
        concat!(
            "       B5  B4  B3  B2  B1\n",
            "     [ 1][ 1][ 1][ 1][ 1]\n",
            "(Q  )                    (Q  )\n",
            "     [13][ 0][ 0][ 0][ 0]\n",
            "       A1  A2  A3  A4  A5\n",
        )
    );
    let g = game(Rules::default(), at("(Q) 100 0 0 0 0 (Q) 1 1 1 1 1", A));
    assert_eq!(
        g.board().to_string(),
        concat!(
            "         B5   B4   B3   B2   B1\n",
            "      [  1][  1][  1][  1][  1]\n",
            "(Q   )                         (Q   )\n",
            "      [100][  0][  0][  0][  0]\n",
            "         A1   A2   A3   A4   A5\n",
        )
    );
}

/// Q7: a set of players (a match's leaders) prints as its letters, comma-separated.
#[test]
fn q7_a_set_of_players_prints_as_its_letters() {
    assert_eq!(o_an_quan::Players::only(B).to_string(), "B");
    assert_eq!(o_an_quan::Players::only(A).with(C).to_string(), "A, C");
    assert_eq!(
        o_an_quan::Players::only(C).with(A).with(B).to_string(),
        "A, B, C"
    );
}
