//! Each game's observation tensor laid out as its module documents it, entry by
//! entry, at known positions (the suite checks sizes and determinism; this
//! checks what the numbers say).

use tabletop::rng::SplitMix64;
use tabletop::{Game, State, Turn, load};

/// hoop_race (`games/hoop_race/observe.rs`): per seat 65 places (waiting, out,
/// then the four routes' steps), the bank of 6 throw kinds, whether a throw or a
/// move is due (2), the mover (4), and whether the order of play is still being
/// settled (1; ruling H9: each player throws before play).
#[cfg(feature = "hoop_race")]
#[test]
fn hoop_race_observation_layout() {
    use rand_core::SeedableRng;
    const PLACES: usize = 65;
    let game = load("hoop_race").unwrap();
    let n = game.info().observation_shape[0];
    assert_eq!(n, 2 * PLACES + 6 + 2 + 4 + 1);
    let mut state = game.new_initial_state();
    let mut out = vec![0.0f32; n];
    state.observation_tensor(0, &mut out);
    let horses = out[0];
    assert!(horses > 0.0, "every horse waiting");
    assert_eq!(out[PLACES], horses);
    let at = 2 * PLACES + 6;
    assert_eq!(out[at..at + 2], [1.0, 0.0], "a throw is due");
    assert_eq!(out[n - 1], 1.0, "the order of play is being settled (H9)");
    // Throw until the first move is due: the order is settled by then.
    let mut rng = SplitMix64::seed_from_u64(1);
    while state.current_player() == Turn::Chance {
        let a = state.sample_chance(&mut rng).unwrap();
        state.apply_action(a).unwrap();
    }
    let Turn::Player(mover) = state.current_player() else {
        panic!("the game ended before its first move");
    };
    state.observation_tensor(0, &mut out);
    assert_eq!(out[at..at + 2], [0.0, 1.0], "a move is due");
    let mut seats = [0.0; 4];
    seats[mover] = 1.0;
    assert_eq!(out[at + 2..at + 6], seats, "the mover");
    assert_eq!(out[n - 1], 0.0, "the order is settled");
    assert!(
        out[2 * PLACES..at].iter().sum::<f32>() >= 1.0,
        "a throw in the bank"
    );
    // A move takes a horse from waiting (place 0) to a step of the circle.
    let a = state.legal_actions()[0];
    state.apply_action(a).unwrap();
    state.observation_tensor(0, &mut out);
    let seat = &out[mover * PLACES..(mover + 1) * PLACES];
    assert_eq!(seat[0], horses - 1.0);
    assert_eq!(seat[2..].iter().sum::<f32>(), 1.0, "one horse on the board");
    // On through the game: at each move the mover's entry, for either seat.
    let mut movers = [false; 2];
    while !state.is_terminal() {
        if let Turn::Player(mover) = state.current_player() {
            state.observation_tensor(0, &mut out);
            let mut seats = [0.0; 4];
            seats[mover] = 1.0;
            assert_eq!(out[at..at + 6], [0.0, 1.0, seats[0], seats[1], 0.0, 0.0]);
            movers[mover] = true;
        }
        state.playout_step(&mut rng);
    }
    assert_eq!(movers, [true, true]);
}

/// o_an_quan (`games/o_an_quan/observe.rs`): per square in ring order its stones,
/// whether its quan is there and its owner (one per seat); then per seat its
/// captured stones, captured quan and loans; then the player to move.
#[cfg(feature = "o_an_quan")]
#[test]
fn o_an_quan_observation_layout() {
    for players in [2, 3] {
        let game = load(&format!("o_an_quan(players={players})")).unwrap();
        let (squares, per) = (6 * players, 2 + players);
        let n = game.info().observation_shape[0];
        assert_eq!(n, squares * per + 3 * players + players);
        let mut state = game.new_initial_state();
        let mut out = vec![0.0f32; n];
        state.observation_tensor(0, &mut out);
        let square = |out: &[f32], k: usize| out[k * per..(k + 1) * per].to_vec();
        let stones: f32 = (0..squares).map(|k| square(&out, k)[0]).sum();
        assert_eq!(
            stones,
            25.0 * players as f32,
            "5 stones on each small square"
        );
        let quan: Vec<usize> = (0..squares)
            .filter(|&k| square(&out, k)[1] == 1.0)
            .collect();
        assert_eq!(quan.len(), players, "a quan each");
        for k in 0..squares {
            let owners: f32 = square(&out, k)[2..].iter().sum();
            assert_eq!(
                owners,
                if quan.contains(&k) { 0.0 } else { 1.0 },
                "square {k}"
            );
        }
        let tail = squares * per;
        assert_eq!(
            out[tail..tail + 3 * players],
            vec![0.0; 3 * players],
            "nothing captured, no loans"
        );
        let mut seat = vec![0.0; players];
        seat[0] = 1.0;
        assert_eq!(out[n - players..], seat, "the first seat moves");
        let a = state.legal_actions()[0];
        state.apply_action(a).unwrap();
        state.observation_tensor(0, &mut out);
        seat.rotate_right(1);
        assert_eq!(out[n - players..], seat, "then the second");
    }
}

/// go (`games/go/observe.rs`): four planes of height × width, row by row from
/// A1 — Black's stones, White's stones, the empty points, and ones when Black
/// is to move.
#[cfg(feature = "go")]
#[test]
fn go_observation_planes() {
    let game = load("go(board_size=5,rules=chinese)").unwrap();
    assert_eq!(game.info().observation_shape, [4, 5, 5]);
    let n = 25;
    let mut state = game.new_initial_state();
    let mut out = vec![9.0f32; 4 * n];
    state.observation_tensor(0, &mut out);
    assert_eq!(out[..2 * n], [0.0; 50], "no stones");
    assert_eq!(out[2 * n..], [1.0; 50], "all empty, Black to move");
    for mv in ["C3", "B4"] {
        let a = state.string_to_action(mv).unwrap();
        state.apply_action(a).unwrap();
    }
    let (c3, b4) = (2 * 5 + 2, 3 * 5 + 1);
    state.observation_tensor(1, &mut out);
    for p in 0..n {
        let black = f32::from(u8::from(p == c3));
        let white = f32::from(u8::from(p == b4));
        assert_eq!([out[p], out[n + p]], [black, white], "point {p}");
        assert_eq!(out[2 * n + p], 1.0 - black - white, "point {p}");
    }
    assert_eq!(out[3 * n..], [1.0; 25], "Black to move");
    let a = state.string_to_action("pass").unwrap();
    state.apply_action(a).unwrap();
    state.observation_tensor(0, &mut out);
    assert_eq!(out[3 * n..], [0.0; 25], "White to move");
}

/// The observation strings: each game's picture of the position as its player
/// sees it, and the information state string, the record in the game's notation.
#[test]
fn observation_strings_picture_the_position() {
    use rand_core::SeedableRng;
    let play = |state: &mut tabletop::AnyState, moves: &[&str]| {
        for mv in moves {
            let a = state.string_to_action(mv).unwrap();
            state.apply_action(a).unwrap();
        }
    };
    #[cfg(feature = "go")]
    {
        let mut s = load("go(board_size=5)").unwrap().new_initial_state();
        assert!(s.observation_string(0).ends_with("black to move\n"));
        assert_eq!(s.information_state_string(0), "");
        play(&mut s, &["C3"]);
        let picture = s.observation_string(1);
        assert!(picture.contains("\n  3 . . X . . 3\n"), "{picture}");
        assert!(picture.ends_with("white to move\n"), "{picture}");
        assert_eq!(s.information_state_string(1), "B C3");
        play(&mut s, &["D4", "pass"]);
        assert_eq!(s.information_state_string(0), "B C3 W D4 B pass");
    }
    #[cfg(feature = "o_an_quan")]
    {
        let mut s = load("o_an_quan").unwrap().new_initial_state();
        let picture = s.observation_string(0);
        assert!(picture.contains("[ 5][ 5][ 5][ 5][ 5]"), "{picture}");
        assert!(picture.ends_with("A to move\n"), "{picture}");
        play(&mut s, &["A3R"]);
        assert!(s.observation_string(1).ends_with("B to move\n"));
        assert_eq!(s.information_state_string(0), "A3R");
        play(&mut s, &["B1L"]);
        assert_eq!(s.information_state_string(1), "A3R B1L");
    }
    // The chance games: seeded random steps; the record has one word an action.
    for (name, start) in [
        ("hoop_race", "A: 4 waiting, 0 out"),
        ("tarokk_war", "dealing"),
    ] {
        let Ok(game) = load(name) else { continue };
        let mut s = game.new_initial_state();
        assert!(s.observation_string(0).contains(start), "{name}");
        let first = s.information_state_string(0);
        if name == "hoop_race" {
            assert_eq!(first, "");
        } else {
            assert_eq!(first, "player 1; first dealer ?; dealing 0");
        }
        let mut rng = SplitMix64::seed_from_u64(2);
        for _ in 0..6 {
            s.playout_step(&mut rng);
        }
        let record = s.information_state_string(0);
        let words = record.split(' ').count();
        if name == "hoop_race" {
            assert_eq!(words, s.history().len(), "{record}");
        } else {
            assert!(
                record.contains(&format!("dealing {}", s.history().len())),
                "{record}"
            );
        }
    }
    // Hidden traps: each player sees its own only.
    #[cfg(feature = "trap_stones")]
    {
        let mut s = load("trap_stones(width=5,height=5)")
            .unwrap()
            .new_initial_state();
        let mut rng = SplitMix64::seed_from_u64(2);
        // Two draws and two traps: a bounded walk, so a picture without the
        // traps fails below rather than walking on forever.
        for _ in 0..20 {
            if s.observation_string(0).matches('^').count()
                + s.observation_string(1).matches('^').count()
                >= 2
            {
                break;
            }
            s.playout_step(&mut rng);
        }
        let [mine, theirs] = [0, 1].map(|p| s.observation_string(p));
        assert_eq!(
            (mine.matches('^').count(), theirs.matches('^').count()),
            (1, 1)
        );
        assert_ne!(mine, theirs);
    }
}

/// trap_stones (`games/trap_stones/observe.rs`): 13 planes of height × width —
/// stones (own, opponent), scarecrows (own, opponent), traps (own, and the
/// opponent's once shown: ruling T10), home cells (own, opponent), whose turn,
/// a stake pending, before the play, scarecrows left (own, opponent) as a
/// share of the rules' number; the information state names one's own traps.
#[cfg(feature = "trap_stones")]
#[test]
fn trap_stones_observation_planes() {
    use rand_core::SeedableRng;
    let (w, h) = (5, 4);
    let game = load("trap_stones(width=5,height=4)").unwrap();
    assert_eq!(game.info().observation_shape, [13, h, w]);
    let n = w * h;
    let plane = |out: &[f32], k: usize| out[k * n..(k + 1) * n].to_vec();
    let mut state = game.new_initial_state();
    let mut out = vec![0.0f32; 13 * n];
    state.observation_tensor(0, &mut out);
    assert_eq!(plane(&out, 10), vec![1.0; n], "before the play");
    // Plane 8: whose turn it is, before the play as during it (after the
    // chance draws, a player's choice).
    let mut before = state.clone();
    let mut walk = SplitMix64::seed_from_u64(4);
    let first = loop {
        if let Turn::Player(p) = before.current_player() {
            break p;
        }
        before.playout_step(&mut walk);
    };
    for (viewer, to_move) in [(first, 1.0), (1 - first, 0.0)] {
        before.observation_tensor(viewer, &mut out);
        assert_eq!(plane(&out, 10), vec![1.0; n], "still before the play");
        assert_eq!(plane(&out, 8), vec![to_move; n], "viewer {viewer}");
    }
    state.observation_tensor(0, &mut out);
    assert!(
        state
            .information_state_string(0)
            .starts_with("side 1; draws")
    );
    // Draws and traps, to the first stone.
    let mut rng = SplitMix64::seed_from_u64(4);
    let stones = |out: &[f32]| out[..2 * n].iter().sum::<f32>();
    while stones(&out) == 0.0 {
        state.playout_step(&mut rng);
        state.observation_tensor(0, &mut out);
    }
    for player in [0, 1] {
        state.observation_tensor(player, &mut out);
        assert_eq!(plane(&out, 10), vec![0.0; n], "the play has begun");
        let own = plane(&out, 4);
        assert_eq!(own.iter().sum::<f32>(), 1.0, "one trap of one's own");
        assert_eq!(plane(&out, 5), vec![0.0; n], "the opponent's hidden (T10)");
        let k = own.iter().position(|&x| x == 1.0).unwrap();
        let cell = format!("{}{}", char::from(b'a' + (k % w) as u8), k / w + 1);
        let info = state.information_state_string(player);
        assert!(
            info.contains(&format!("side {} traps {cell}", player + 1)),
            "{info}"
        );
        assert_eq!(stones(&out), 1.0, "the first stone");
        assert_eq!(plane(&out, 11), vec![1.0; n], "every scarecrow left");
        assert_eq!(plane(&out, 12), vec![1.0; n]);
    }
    // Planes 0–3 against the crate's view of each side, along random games:
    // stones (scarecrows are stones too), then scarecrows, one's own first.
    let count = |out: &[f32], k: usize| plane(out, k).iter().sum::<f32>() as usize;
    let mut scarecrows_seen = [false; 2];
    for seed in 0..20 {
        let mut state = game.new_initial_state();
        let mut rng = SplitMix64::seed_from_u64(seed);
        while !state.is_terminal() {
            state.playout_step(&mut rng);
            let tabletop::AnyState::TrapStones(s) = &state else {
                unreachable!("trap stones")
            };
            let Some(g) = s.game() else { continue };
            for (player, me) in trap_stones::Side::all().into_iter().enumerate() {
                let view = g.view(trap_stones::Player::solo(me));
                state.observation_tensor(player, &mut out);
                let (mine, theirs) = (me.index(), me.other().index());
                let want = [
                    view.stones[mine].len(),
                    view.stones[theirs].len(),
                    view.scarecrows[mine].len(),
                    view.scarecrows[theirs].len(),
                ];
                assert_eq!([0, 1, 2, 3].map(|k| count(&out, k)), want, "{player}");
                scarecrows_seen[player] |= want[3] > 0;
            }
        }
    }
    assert_eq!(
        scarecrows_seen, [true; 2],
        "each side saw an opponent's scarecrow"
    );
}

/// tarokk_war (`games/tarokk_war/observe.rs`): 14 card planes of the 32 cards
/// (the first: one's own hand) and 17 numbers, the last one's points minus the
/// opponent's; all zeros during the deal.
#[cfg(feature = "tarokk_war")]
#[test]
fn tarokk_war_observation_layout() {
    use rand_core::SeedableRng;
    let game = load("tarokk_war").unwrap();
    let n = 14 * 32 + 17;
    assert_eq!(game.info().observation_shape, [n]);
    let mut state = game.new_initial_state();
    let mut out = vec![9.0f32; n];
    state.observation_tensor(0, &mut out);
    assert_eq!(out, vec![0.0; n], "nothing seen during the deal");
    let mut rng = SplitMix64::seed_from_u64(5);
    let (mut hands_seen, mut scores_seen, mut tok_seen) = (false, false, [false; 2]);
    let mut face_down_seen = false;
    while !state.is_terminal() {
        if let Turn::Player(p) = state.current_player() {
            state.observation_tensor(p, &mut out);
            // The mover's hand plane is its hand, card by card.
            let tabletop::AnyState::TarokkWar(s) = &state else {
                unreachable!("tarokk war")
            };
            let me = tarokk_war::Player::new(p).unwrap();
            let mut hand = [0.0f32; 32];
            for c in s.game().unwrap().view(me).hand {
                hand[c.index()] = 1.0;
            }
            assert_eq!(out[..32], hand, "{:?}", state.history());
            hands_seen |= hand.contains(&1.0);
            let scores = state.scores();
            for viewer in [p, 1 - p] {
                state.observation_tensor(viewer, &mut out);
                let lead = (scores[viewer] - scores[1 - viewer]) as f32;
                assert_eq!(out[n - 1], lead, "{:?}", state.history());
                scores_seen |= lead != 0.0;
                // The location taken with the tök VIII (W5): plane 12 when the
                // viewer took it, 13 when the opponent did.
                if let Some((who, c)) = s.game().unwrap().tok_viii_location() {
                    let (mine, theirs) = (12 * 32 + c.index(), 13 * 32 + c.index());
                    let took = who.index() == viewer;
                    assert_eq!(
                        (out[mine], out[theirs]),
                        if took { (1.0, 0.0) } else { (0.0, 1.0) }
                    );
                    tok_seen[usize::from(took)] = true;
                }
                // Number 7: the defender's soldier lies face down, hidden from
                // the viewer (the attacker; the defender sees it on plane 7).
                let g = s.game().unwrap();
                let hidden = g.face_down().is_some()
                    && g.front()
                        .is_some_and(|(_, defender)| defender.index() != viewer);
                assert_eq!(out[14 * 32 + 7], f32::from(u8::from(hidden)));
                // Number 11: the viewer is to act; 12: the viewer defends the front.
                assert_eq!(out[14 * 32 + 11], f32::from(u8::from(viewer == p)));
                let defends = g
                    .front()
                    .is_some_and(|(_, defender)| defender.index() == viewer);
                assert_eq!(out[14 * 32 + 12], f32::from(u8::from(defends)));
                face_down_seen |= hidden;
            }
        }
        state.playout_step(&mut rng);
    }
    assert!(hands_seen && scores_seen && face_down_seen);
    assert_eq!(tok_seen, [true, true], "the tök VIII seen by both players");
    // Over: any action, a card or a number past the cards, is refused as such.
    for action in [0, 31, 32, 1000] {
        assert_eq!(state.check(action), Err(tabletop::ActionError::Terminal));
    }
}

/// trap_stones' information state (`seen_text`): the draws, each side's traps —
/// one's own by cell, the opponent's as "hidden xN" until shown (ruling T10),
/// then by cell — and the moves.
#[cfg(feature = "trap_stones")]
#[test]
fn trap_stones_information_state_hides_only_the_opponents_traps() {
    use rand_core::SeedableRng;
    let game = load("trap_stones(width=5,height=5)").unwrap();
    let start = game.new_initial_state();
    assert_eq!(
        [0, 1].map(|p| start.information_state_string(p)),
        [
            "side 1; draws; side 1 traps; side 2 traps hidden x0; moves",
            "side 2; draws; side 1 traps hidden x0; side 2 traps; moves",
        ]
    );
    let mut shown = 0;
    for seed in 0..20 {
        let mut s = game.new_initial_state();
        let mut rng = SplitMix64::seed_from_u64(seed);
        while !s.is_terminal() {
            s.playout_step(&mut rng);
            for p in [0, 1] {
                let text = s.information_state_string(p);
                let parts: Vec<&str> = text.split("; ").collect();
                let [own, other] = [p, 1 - p].map(|k| parts[2 + k]);
                assert!(!own.contains("hidden"), "{text}");
                // "side N traps", then "hidden xN" or the cells.
                let words: Vec<&str> = other.split(' ').skip(3).collect();
                let hidden = words.first() == Some(&"hidden");
                assert_eq!(words.len(), if hidden { 2 } else { 1 }, "{text}");
                shown += usize::from(!hidden);
            }
        }
    }
    assert!(shown > 0, "no trap shown in 20 games");
}
