//! Simple bots for the examples: enough play to show each game's rules at work.

use rand_core::Rng;
use rand_pcg::Pcg64Mcg;

/// A bot that takes the largest capture on offer, else plays a random move that
/// does not fill its own eye.
pub fn go(game: &go_core::Game, rng: &mut Pcg64Mcg) -> go_core::Move {
    let mut best: Option<(u32, go_core::Move)> = None;
    for &mv in game.legal_moves().iter() {
        if mv == go_core::Move::Pass {
            continue;
        }
        let mut trial = game.clone();
        if let Ok(r) = trial.play(mv)
            && r.captured > 0
            && r.self_captured == 0
            && best.is_none_or(|(n, _)| r.captured > n)
        {
            best = Some((r.captured, mv));
        }
    }
    match best {
        Some((_, mv)) if !rng.next_u32().is_multiple_of(4) => mv,
        _ => game
            .playout_move(rng)
            .expect("the bot moves in a running game"),
    }
}

/// A bot that takes the move capturing the most (quan at their value), at random
/// among equals, and a random move one time in four.
pub fn o_an_quan(game: &o_an_quan::Game, rng: &mut Pcg64Mcg) -> o_an_quan::Move {
    let value = i64::from(game.rules().quan_value());
    let mut best: Vec<o_an_quan::Move> = Vec::new();
    let mut best_gain = -1;
    for &mv in game.legal_moves().iter() {
        let mut trial = game.clone();
        let r = trial.play(mv).expect("a legal move");
        let gain = i64::from(r.stones_captured) + value * i64::from(r.quan_captured);
        if gain > best_gain {
            best_gain = gain;
            best.clear();
        }
        if gain == best_gain {
            best.push(mv);
        }
    }
    if rng.next_u32().is_multiple_of(4) || best.is_empty() {
        return game.random_move(rng).expect("a running game has a move");
    }
    best[rng.next_u32() as usize % best.len()]
}

/// A bot that catches when it can, else brings a horse out, else takes a move that
/// lands on a shortcut, else moves at random.
pub fn hoop_race(game: &hoop_race::Game, rng: &mut Pcg64Mcg) -> hoop_race::Move {
    let mut best: Option<(u32, hoop_race::Move)> = None;
    for &mv in game.legal_moves().iter() {
        let mut trial = game.clone();
        let Ok(r) = trial.play(mv) else { continue };
        let shortcut = matches!(r.to, hoop_race::Place::On { route, .. } if route != hoop_race::Route::Circle)
            && !matches!(r.from, hoop_race::Place::On { route, .. } if route != hoop_race::Route::Circle);
        let value =
            100 * r.caught().count() as u32 + 10 * u32::from(r.exited) + u32::from(shortcut);
        if value > 0 && best.is_none_or(|(v, _)| value > v) {
            best = Some((value, mv));
        }
    }
    match best {
        Some((_, mv)) => mv,
        None => game.random_move(rng).expect("a move is awaited"),
    }
}

/// The chance that a side to move wins a game of attrition where each move is a
/// stone on a cell not yet proved safe: `mine` and `theirs` such cells left for each
/// side, `k` opponent traps among them (uniform). Each turn the mover survives with
/// probability 1 − k/mine and hands the turn over with one cell fewer.
fn attrition(
    mine: u32,
    theirs: u32,
    k: u32,
    memo: &mut std::collections::HashMap<(u32, u32), f64>,
) -> f64 {
    if mine <= k {
        return 0.0; // every unknown cell is a trap
    }
    if let Some(&p) = memo.get(&(mine, theirs)) {
        return p;
    }
    let survive = 1.0 - f64::from(k) / f64::from(mine);
    let p = survive * (1.0 - attrition(theirs, mine - 1, k, memo));
    memo.insert((mine, theirs), p);
    p
}

/// The chance that a va-bank group of `n` stones on unknown cells hits one of `k`
/// traps among `u` unknown cells: 1 − C(u−k, n) / C(u, n).
fn va_bank_odds(u: u32, k: u32, n: u32) -> f64 {
    let mut miss = 1.0;
    for i in 0..n.min(u) {
        miss *= f64::from(u.saturating_sub(k + i)) / f64::from(u - i);
    }
    1.0 - miss
}

/// A trap_stones bot. It counts the cells its own stones have proved safe (they
/// did not end the game), so every other cell hides the opponent's traps with equal
/// chance; it compares declaring va-bank now (four stones: the odds above) with
/// playing the war of attrition on (the recursion above), and declares when
/// va-bank is better. Otherwise it grows towards the opponent's home, away from
/// its own edge where traps are laid for it, drops a scarecrow now and then, and
/// declines a stake (the expected score says so, docs/trap_stones.md).
pub fn trap_stones(game: &trap_stones::Game, rng: &mut Pcg64Mcg) -> trap_stones::Move {
    use trap_stones::{Cell, Group, Home, Move, Side};
    let legal = game.legal_moves();
    if legal.is_stake() {
        return if legal.contains(Move::Decline) {
            Move::Decline
        } else {
            legal.stones().next().map_or(Move::Decline, Move::Stake)
        };
    }
    let me = game.to_move().side;
    let (w, h) = (
        i32::from(game.rules().width()),
        i32::from(game.rules().height()),
    );
    let cells = (w * h) as u32;
    let k = game.rules().traps() as u32;
    let mine_known = |side: Side| {
        (0..h)
            .flat_map(|r| (0..w).map(move |c| (c, r)))
            .filter(|&(c, r)| Cell::new(c as u8, r as u8).is_some_and(|x| game.has_stone(side, x)))
            .count() as u32
    };
    let (u_me, u_them) = (cells - mine_known(me), cells - mine_known(me.other()));
    // Va-bank when the odds favour it.
    if legal.va_bank_open() && u_me > k {
        let p_va_bank = va_bank_odds(u_me, k, 4);
        let p_on = if legal.stones().next().is_none() && legal.scarecrows().next().is_none() {
            0.0
        } else {
            attrition(u_me, u_them, k, &mut std::collections::HashMap::new())
        };
        if p_va_bank > p_on {
            // Four unknown cells joined together, grown from a random unknown cell.
            let unknown: Vec<Cell> = (0..h)
                .flat_map(|r| (0..w).map(move |c| (c, r)))
                .filter_map(|(c, r)| Cell::new(c as u8, r as u8))
                .filter(|&x| !game.has_stone(me, x))
                .collect();
            let start = unknown[rng.next_u32() as usize % unknown.len()];
            let mut group = vec![start];
            for &x in &unknown {
                if group.len() == 4 {
                    break;
                }
                let touches = group.iter().any(|g: &Cell| {
                    (i32::from(g.col()) - i32::from(x.col())).abs() <= 1
                        && (i32::from(g.row()) - i32::from(x.row())).abs() <= 1
                });
                if touches && !group.contains(&x) {
                    group.push(x);
                }
            }
            if let Ok(g) = Group::new(&group) {
                let mv = Move::VaBank(g);
                if game.check(mv).is_ok() {
                    return mv;
                }
            }
        }
    }
    // How far a cell is from this side's home: higher is deeper into enemy land.
    let depth = |c: Cell| -> i32 {
        let (x, y) = (i32::from(c.col()), i32::from(c.row()));
        match game.homes()[me.index()] {
            Home::South => y,
            Home::North => h - 1 - y,
            Home::West => x,
            Home::East => w - 1 - x,
            Home::SouthWest => x + y,
            Home::SouthEast => (w - 1 - x) + y,
            Home::NorthWest => x + (h - 1 - y),
            Home::NorthEast => (w - 1 - x) + (h - 1 - y),
        }
    };
    let stones: Vec<_> = legal.stones().collect();
    if stones.is_empty() {
        return game.playout_move(rng).unwrap_or(Move::Decline);
    }
    if game.scarecrows_left(me) > 0 && rng.next_u32().is_multiple_of(12) {
        let scarecrows: Vec<_> = legal.scarecrows().collect();
        if let Some(&c) = scarecrows.get(rng.next_u32() as usize % scarecrows.len().max(1)) {
            return Move::Scarecrow(c);
        }
    }
    if rng.next_u32().is_multiple_of(3) {
        return Move::Stone(stones[rng.next_u32() as usize % stones.len()]);
    }
    let best = stones.iter().map(|&c| depth(c)).max().unwrap_or(0);
    let deepest: Vec<_> = stones
        .iter()
        .copied()
        .filter(|&c| depth(c) == best)
        .collect();
    Move::Stone(deepest[rng.next_u32() as usize % deepest.len()])
}

/// A tarokk_war bot. Phase I: plays the zöld VIII at once, else the lowest card
/// that takes the trick when following, else its lowest card. Phase II (greedy):
/// the defender lays its strongest soldier while it has as many as the attacker,
/// else its weakest; the attacker, who cannot see the face-down card, lays its
/// strongest.
pub fn tarokk_war(game: &tarokk_war::Game, rng: &mut Pcg64Mcg) -> tarokk_war::Move {
    use tarokk_war::{Awaiting, Move, ZOLD_VIII};
    let rules = game.rules();
    let fallback = || {
        game.random_move(&mut rng.clone())
            .unwrap_or(Move::Play(ZOLD_VIII))
    };
    match game.awaiting() {
        Awaiting::Play(p) => {
            let hand: Vec<_> = game.hand(p).collect();
            if hand.contains(&ZOLD_VIII) {
                return Move::Play(ZOLD_VIII);
            }
            let led = game.led();
            let lowest = hand.iter().copied().min_by_key(|c| c.numeral());
            let card = match led {
                Some(l) => hand
                    .iter()
                    .copied()
                    .filter(|c| c.numeral() > l.numeral())
                    .min_by_key(|c| c.numeral())
                    .or(lowest),
                None => lowest,
            };
            card.map_or_else(fallback, Move::Play)
        }
        Awaiting::Defend(p) => {
            let threat = game.view(p).opponent_soldiers;
            let mine: Vec<_> = game.soldiers(p).collect();
            // With soldiers to spare, defend strongly; otherwise keep the best.
            let pick = if mine.len() as u8 >= threat {
                mine.iter().copied().max_by_key(|&c| rules.strength(c))
            } else {
                mine.iter().copied().min_by_key(|&c| rules.strength(c))
            };
            pick.map_or_else(fallback, Move::Defend)
        }
        Awaiting::Attack(p) => game
            .soldiers(p)
            .max_by_key(|&c| rules.strength(c))
            .map_or_else(fallback, Move::Attack),
        Awaiting::Over => fallback(),
    }
}
