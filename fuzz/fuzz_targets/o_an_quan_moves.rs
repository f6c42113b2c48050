//! Arbitrary rules values (valid or not), a position, and a sequence of moves,
//! traced plays, undos and random moves: nothing panics, a refused move changes
//! nothing, stones and quan are conserved, and a match goes on as far as it can.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tabletop_fuzz::Bytes;
use o_an_quan::{Board, Direction, Game, Loan, Match, Move, Player, Rules, Setup, Square};

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes(data);
    let rules = Rules::default()
        .with_players(b.next() % 6)
        .with_row_len(b.next() % 14)
        .with_start_stones(b.next() % 12)
        .with_refill_per_square(b.next() % 7)
        .with_quan_value(u16::from(b.next()) * 5)
        .with_quan_square_gap(b.next() & 1 == 1)
        .with_young_quan(Some(b.next() % 8).filter(|&m| m != 7))
        .with_move_limit(Some(u32::from(b.next())).filter(|&m| m != 255))
        .with_end_rule(if b.next() & 1 == 0 {
            o_an_quan::EndRule::QuanCaptured
        } else {
            o_an_quan::EndRule::QuanSquaresEmpty
        });
    if rules.validate().is_err() {
        assert!(Game::new(rules, Setup::standard(&rules)).is_err());
        assert!(Match::new(rules).is_err());
        return;
    }
    // Either the start, or a setup from the bytes (stones, quan, owners, stores,
    // loans), or the position of a game played from it (with its history).
    let mut game = if b.next() & 1 == 0 {
        Game::new(rules, Setup::standard(&rules)).expect("valid rules")
    } else {
        let mut board = Board::empty(rules.players(), rules.row_len());
        for sq in board.clone().squares() {
            let _ = board.set_stones(sq, u16::from(b.next() % 16));
            if sq.is_quan() {
                let _ = board.set_quan(sq, b.next() & 1 == 1);
            }
        }
        let seat = |k: u8| Player::all(4).nth(usize::from(k % 4)).expect("four seats");
        let mut setup = Setup::new(board, seat(b.next()));
        for p in 0..setup.stores.len() {
            setup.stores[p] = u16::from(b.next());
            setup.quan_taken[p] = b.next() % 3;
            let k = usize::from(b.next());
            let owner = seat(b.next());
            if let Some(o) = setup.owners.get_mut(k) {
                *o = owner;
            }
            if b.next() & 3 == 0 {
                let loan = Loan { borrower: seat(b.next()), lender: seat(b.next()), stones: u16::from(b.next()) };
                setup.loans.push(loan);
            }
        }
        match Game::new(rules, setup) {
            Ok(g) => g,
            Err(_) => return,
        }
    };
    let stones = game.position().small_stones();
    let quan = |g: &Game| {
        g.board().quan_count()
            + Player::all(g.rules().players())
                .map(|p| g.position().quan_taken(p) as usize)
                .sum::<usize>()
    };
    let quan_total = quan(&game);
    while b.len() >= 3 {
        let op = b.next();
        let side = Player::all(4).nth(usize::from(op >> 4 & 3)).expect("four seats");
        let square = if op & 1 == 1 {
            Square::quan(side)
        } else {
            Square::small(side, b.next() % 14)
        };
        let dir = if b.next() & 1 == 0 { Direction::Left } else { Direction::Right };
        let mv = Move::new(square, dir);
        match op >> 6 {
            0 => {
                let before = game.clone();
                if game.play(mv).is_err() {
                    assert_eq!(game, before);
                    assert_eq!(game.position(), before.position());
                } else {
                    assert!(before.legal_moves().contains(&mv));
                }
            }
            1 => {
                let mut drops = 0;
                if let Ok(report) = game.play_traced(mv, &mut |e| {
                    drops += u32::from(matches!(e, o_an_quan::Event::Drop { .. }))
                }) {
                    assert_eq!(drops, report.sown);
                }
            }
            2 => {
                if op & 2 == 0 {
                    let _ = game.undo();
                } else if let Some(setup) = game.position_setup() {
                    // Resumed from its position, the game plays on as before.
                    let mut resumed = Game::new(rules, setup).expect("a game's own position");
                    let mut original = game.clone();
                    if let Some(&next) = game.legal_moves().first() {
                        assert_eq!(resumed.play(next), original.play(next));
                        assert_eq!(resumed.position(), original.position());
                        assert_eq!(resumed.occurrences(), original.occurrences());
                    }
                }
            }
            _ => {
                let legal = game.legal_moves();
                if let Some(&first) = legal.first() {
                    game.play(first).expect("a listed move is legal");
                } else {
                    assert!(game.is_over());
                }
            }
        }
        assert_eq!(game.position().small_stones(), stones);
        assert_eq!(quan(&game), quan_total);
        let _ = game.to_string();
    }
    // A match under the same rules never panics and never runs on after its end.
    if let Ok(mut m) = Match::new(rules) {
        for g in 0..3 {
            let first = Player::all(rules.players()).nth(g % rules.players()).expect("a seat");
            let Ok((mut game, _)) = m.next_game(first) else { break };
            while let Some(&mv) = game.legal_moves().first() {
                game.play(mv).expect("legal");
                if game.move_count() > 2000 {
                    break;
                }
            }
            if game.is_over() {
                m.finish_game(&game).expect("the match's own finished game");
            } else {
                break;
            }
        }
    }
});
