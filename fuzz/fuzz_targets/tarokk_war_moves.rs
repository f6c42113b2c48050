//! Arbitrary deck orders (valid or not) and move sequences, and arbitrary text as
//! cards, moves and JSON games: nothing panics, a refused move changes nothing,
//! the 32 cards stay accounted for, and views never show the other player's hand.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tabletop_fuzz::Bytes;
use tarokk_war::{Card, Game, HAND_CARDS, Move, Player, Rules, SOLDIERS, Setup};

fn card(b: &mut Bytes) -> Card {
    Card::from_index(b.next() % 34).unwrap_or(SOLDIERS[0])
}

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = core::str::from_utf8(data) {
        if let Ok(c) = text.parse::<Card>() {
            assert_eq!(c.to_string().parse::<Card>(), Ok(c));
            assert_eq!(c.name().parse::<Card>(), Ok(c));
        }
        let _ = text.parse::<Move>();
        if let Ok(g) = serde_json::from_str::<Game>(text) {
            let back: Game = serde_json::from_str(&serde_json::to_string(&g).expect("serialises"))
                .expect("reads back");
            assert_eq!(back, g);
        }
    }
    let mut b = Bytes(data);
    // A setup: mostly permutations from the bytes, sometimes anything at all.
    let mut soldiers = SOLDIERS;
    let mut hands = [HAND_CARDS; 10];
    let garbage = b.next() % 8 == 0;
    for i in (1..soldiers.len()).rev() {
        soldiers.swap(i, usize::from(b.next()) % (i + 1));
    }
    for h in &mut hands {
        for i in (1..6).rev() {
            h.swap(i, usize::from(b.next()) % (i + 1));
        }
    }
    if garbage {
        soldiers[usize::from(b.next()) % 19] = card(&mut b);
        hands[usize::from(b.next()) % 10][0] = card(&mut b);
    }
    let first = if b.next() & 1 == 0 { Player::One } else { Player::Two };
    let setup = Setup { first_dealer: first, soldiers, hands };
    let rules = Rules::default().with_location_value(b.next() & 1 == 1);
    let Ok(mut game) = Game::new(rules, setup) else {
        assert!(setup.validate().is_err());
        return;
    };
    while b.len() > 1 {
        let c = card(&mut b);
        let mv = match b.next() % 4 {
            0 => Move::Play(c),
            1 => Move::Defend(c),
            2 => Move::Attack(c),
            _ => match game.legal_moves().first() {
                Some(&m) => m,
                None => Move::Play(c),
            },
        };
        let before = game.clone();
        match game.play_traced(mv, &mut |e| {
            let _ = e.seen_by(Player::One);
        }) {
            Ok(_) => assert!(before.is_legal(mv)),
            Err(error) => {
                assert_eq!(before.check(mv), Err(error));
                assert_eq!(game, before);
            }
        }
        for viewer in [Player::One, Player::Two] {
            let v = game.view(viewer);
            for h in game.hand(viewer.other()) {
                assert!(!v.hand.contains(&h));
            }
        }
    }
});
