//! Arbitrary rules values, setups (draws, traps, teams) and move sequences, for the
//! referee game and for two sides playing without a referee: nothing panics, a
//! refused move changes nothing, honest sides agree with the referee, and text
//! (cells, moves, commitments, JSON games) parses or is refused cleanly.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tabletop_fuzz::Bytes;
use trap_stones::{
    Cell, Color, Commitment, Draws, Game, Group, Move, Player, Rules, Secret, Setup, Side,
    SideGame, Stake, Traps,
};

fn cell(b: &mut Bytes) -> Cell {
    Cell::new(b.next() % 28, b.next() % 28).unwrap_or(Cell::A1)
}

fn color(bit: u8) -> Color {
    if bit & 1 == 0 { Color::Dark } else { Color::Light }
}

fn mv(b: &mut Bytes) -> Move {
    match b.next() % 5 {
        0 => Move::Stone(cell(b)),
        1 => Move::Scarecrow(cell(b)),
        2 => {
            let n = 1 + usize::from(b.next() % 5);
            let cells: Vec<Cell> = (0..n).map(|_| cell(b)).collect();
            Group::new(&cells).map(Move::VaBank).unwrap_or(Move::Decline)
        }
        3 => Move::Stake(cell(b)),
        _ => Move::Decline,
    }
}

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = core::str::from_utf8(data) {
        if let Ok(c) = text.parse::<Cell>() {
            assert_eq!(c.to_string().parse::<Cell>(), Ok(c));
        }
        if let Ok(m) = text.parse::<Move>() {
            assert_eq!(m.to_string().parse::<Move>(), Ok(m));
        }
        let _ = text.parse::<Commitment>();
        let _ = Rules::preset(text);
        if let Ok(g) = serde_json::from_str::<Game>(text) {
            let back: Game = serde_json::from_str(&serde_json::to_string(&g).expect("serialises"))
                .expect("reads back");
            assert_eq!(back, g);
        }
    }
    let mut b = Bytes(data);
    let flags = b.next();
    let rules = Rules::default()
        .with_size(b.next() % 30, b.next() % 30)
        .with_traps(b.next() % 5)
        .with_corner_homes(flags & 1 != 0)
        .with_scarecrows(b.next() % 25)
        .with_scarecrow_adjacent(flags & 2 != 0)
        .with_scarecrows_anchor(flags & 4 != 0)
        .with_base(u16::from(b.next()) * 50)
        .with_stake([Stake::Off, Stake::Optional, Stake::Compulsory][usize::from(flags >> 3) % 3]);
    let first = if flags >> 7 == 0 { Side::One } else { Side::Two };
    let draws = Draws { first, axis: color(flags >> 5), side: color(flags >> 6) };
    let traps = |b: &mut Bytes| {
        let n = 1 + usize::from(b.next() % 3);
        let cells: Vec<Cell> = (0..n).map(|_| cell(b)).collect();
        Traps::new(&cells)
    };
    let (Ok(t1), Ok(t2)) = (traps(&mut b), traps(&mut b)) else { return };
    let mut setup = Setup::new(draws, [t1, t2]);
    setup.members = [b.next() % 10, b.next() % 10];
    let Ok(mut game) = Game::new(rules, setup) else {
        assert!(rules.validate().is_err() || setup.validate(&rules).is_err());
        return;
    };
    let (s1, s2) = (Secret::with_salt(t1, [1; 32]), Secret::with_salt(t2, [2; 32]));
    let mut a = SideGame::new(rules, draws, Side::One, s1, s2.commitment()).expect("valid traps");
    let mut c = SideGame::new(rules, draws, Side::Two, s2, s1.commitment()).expect("valid traps");
    while b.len() > 1 {
        let m = mv(&mut b);
        let before = game.clone();
        assert_eq!(game.legal_moves().contains(m), game.check(m).is_ok());
        match game.play(m) {
            Ok(_) => {
                let (mover, other) = if a.to_move().side == Side::One { (&mut a, &mut c) } else { (&mut c, &mut a) };
                mover.play(m).expect("the referee accepted it");
                if m == Move::Decline {
                    other.opponent_move(m).expect("the referee accepted it");
                } else {
                    let said = other.opponent_move(m).expect("the referee accepted it");
                    mover.announcement(said).expect("an honest announcement");
                }
                assert_eq!(a.outcome(), game.outcome());
                assert_eq!(c.outcome(), game.outcome());
            }
            Err(_) => assert_eq!(game, before),
        }
        let _ = game.legal_moves().is_empty();
        let _ = game.to_string();
        let _ = game.view(Player::solo(Side::Two)).to_string();
    }
    if game.is_over() {
        assert_eq!(a.verify(&s2.reveal()), Ok(()));
        assert_eq!(c.verify(&s1.reveal()), Ok(()));
    }
    if data.len() < 64 {
        let legal = game.legal_moves();
        let n = legal.len();
        assert_eq!(legal.va_bank_groups().count(), legal.va_bank_count());
        if n > 0 {
            let k = usize::from(b.next()) * n / 256;
            let mv = legal.get(k).expect("k < len");
            assert!(game.check(mv).is_ok(), "listed {mv} refused");
        }
    }
});
