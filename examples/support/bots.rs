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
        _ => game.random_move(rng),
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

/// A trap_stones bot: grows towards the opponent's home (the far side of the board,
/// where the opponent must come), now and then drops a scarecrow, and declares
/// va-bank only when walled in; declines a stake (the expected score says so).
pub fn trap_stones(game: &trap_stones::Game, rng: &mut Pcg64Mcg) -> trap_stones::Move {
    use trap_stones::{Home, Move};
    let legal = game.legal_moves();
    if legal.stake {
        return if legal.decline {
            Move::Decline
        } else {
            legal.stones().next().map_or(Move::Decline, Move::Stake)
        };
    }
    let me = game.to_move();
    let (w, h) = (
        i32::from(game.rules().width()),
        i32::from(game.rules().height()),
    );
    // How far a cell is from this side's home: higher is deeper into enemy land.
    let depth = |c: trap_stones::Cell| -> i32 {
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
        return game.random_move(rng).unwrap_or(Move::Decline);
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
            let led = game.view(p).trick;
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
