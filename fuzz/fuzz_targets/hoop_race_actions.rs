//! Arbitrary rules values (valid or not), a position, and arbitrary throws and
//! moves: nothing panics, a refused action changes nothing, horses are conserved,
//! and text (stations, throws, moves, JSON games) parses or is refused cleanly.
#![no_main]

use hoop_race::{
    Action, Exit, Game, Horse, Move, Place, Player, Route, Rules, Setup, Shortcuts, Station, Throw,
    ThrowModel,
};
use libfuzzer_sys::fuzz_target;
use tabletop::rng::SplitMix64;
use tabletop_fuzz::Bytes;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = core::str::from_utf8(data) {
        if let Ok(s) = text.parse::<Station>() {
            assert_eq!(s.to_string().parse::<Station>(), Ok(s));
        }
        if let Ok(m) = text.parse::<Move>() {
            assert_eq!(m.to_string().parse::<Move>(), Ok(m));
        }
        if let Ok(a) = text.parse::<Action>() {
            assert_eq!(a.to_string().parse::<Action>(), Ok(a));
        }
        let _ = text.parse::<Throw>();
        let _ = Rules::preset(text);
        if let Ok(game) = serde_json::from_str::<Game>(text) {
            let back: Game = serde_json::from_str(&serde_json::to_string(&game).expect("serialises"))
                .expect("reads back");
            assert!(back == game);
        }
    }
    let mut b = Bytes(data);
    let model = if b.next() & 1 == 0 {
        ThrowModel::Sticks {
            white_num: u32::from(b.next()),
            white_den: u32::from(b.next()),
        }
    } else {
        ThrowModel::Table {
            weights: [b.next(), b.next(), b.next(), b.next(), b.next(), b.next()].map(u32::from),
        }
    };
    let flags = b.next();
    let rules = Rules::default()
        .with_players(b.next() % 6)
        .with_horses(Some(b.next() % 10).filter(|&h| h != 9))
        .with_horses_to_win(Some(b.next() % 10).filter(|&h| h != 9))
        .with_shortcuts(if flags & 1 == 0 { Shortcuts::Source } else { Shortcuts::YutNori })
        .with_exit(if flags & 2 == 0 { Exit::Reach } else { Exit::Pass })
        .with_back_do(flags & 4 != 0)
        .with_bonus_on_rethrow(flags & 8 != 0)
        .with_play_for_places(flags & 16 != 0)
        .with_throw_model(model);
    if rules.validate().is_err() {
        assert!(Game::new(rules, Setup::default()).is_err());
        return;
    }
    let seat = |byte: u8| Player::all(4).nth(usize::from(byte % 4)).expect("4 seats");
    let mut game = if flags & 32 == 0 {
        Game::new(rules, Setup::default()).expect("valid rules")
    } else {
        let mut places = Vec::new();
        for _ in 0..(b.next() % 6) {
            let h = Horse::new(seat(b.next()), b.next() % 9);
            let route = Route::ALL[usize::from(b.next() % 4)];
            let place = match b.next() % 3 {
                0 => Place::Waiting,
                1 => Place::Out,
                _ => Place::On { route, step: b.next() % 22 },
            };
            places.push((h, place));
        }
        let order = (flags & 64 == 0).then(|| Player::all(rules.players()).rev().collect());
        match Game::new(rules, Setup { order, places }) {
            Ok(g) => g,
            Err(_) => return,
        }
    };
    let total = rules.players() * rules.horses();
    let mut rng_state = 0x9E37_79B9_7F4A_7C15u64;
    while b.len() >= 2 {
        let op = b.next();
        let before = game.clone();
        match op % 4 {
            0 => {
                let t = [Throw::BACK_DO, Throw::points(1 + op / 4 % 5).unwrap_or(Throw::BACK_DO)]
                    [usize::from(b.next() & 1)];
                if game.throw(t).is_err() {
                    assert!(game == before);
                }
            }
            1 => {
                let h = Horse::new(seat(b.next()), op / 4 % 9);
                let t = Throw::ALL[usize::from(op / 36 % 6)];
                let mv = Move::new(h, t);
                match game.play(mv) {
                    Ok(_) => {}
                    Err(_) => assert!(game == before),
                }
            }
            2 => {
                if let Some(&mv) = game.legal_moves().first() {
                    game.play(mv).expect("a listed move is legal");
                }
            }
            _ => {
                // A generator seeded from the bytes so far, for the random
                // helpers: each playout's seed follows from the last one's and
                // the next byte.
                rng_state = rng_state.rotate_left(8) ^ u64::from(b.next());
                let mut rng = SplitMix64::new(rng_state);
                game.play_out(&mut rng, usize::from(op / 4));
            }
        }
        let mut count = 0;
        for p in Player::all(rules.players()) {
            count += game.horses(p).count();
        }
        assert_eq!(count, total);
        let _ = game.to_string();
        let _ = game.score();
    }
    // The record replays to the same game.
    let replayed = game.record().replay().expect("a game's own record replays");
    assert!(replayed == game);
});
