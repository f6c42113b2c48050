//! An upper bound on the win rate any player can have at trap stones against the
//! uniform random player (the opponent of the bot's matches in `docs/bots.md`),
//! from the first moves of the game alone, per rules preset:
//!
//! ```text
//! cargo run --release -p tabletop --example trap_stones_ceiling -- [PRESET…] [--check GAMES]
//! ```
//!
//! The argument. The random player's traps are a uniformly random set of its legal
//! trap cells, and nothing the bot sees says where they are until the game ends. So
//! each stone the bot puts on a cell that may hold one loses with probability
//! k / (cells that may still hold one), whatever the bot knows; its first stone
//! must go on its home edge (or corner), and it cannot pass. The random player's
//! first stone goes on its own home edge, uniformly: it loses at once if that cell
//! is one of the bot's traps. Its second move is drawn among thousands of legal
//! actions, nearly all va-bank declarations (6,706 groups of 1–4 cells on 9×9): it
//! wins at once if the group covers one of the bot's traps, and loses otherwise.
//! Counting only the losses in those first moves — the bot's first stone (and its
//! second when it moves first), and the random player's second move — and the bot
//! choosing its traps, knowing the draws, to make that loss smallest, gives a lower
//! bound on the bot's losses; one minus it bounds the win rate from above. The
//! program computes it exactly over every set of the bot's traps, from the legal
//! actions the interface gives, averaged over the eight equally likely draws and
//! both seats. `--check GAMES` plays that policy (the best traps, then the stones of
//! least risk) in the interface against random play and compares how often it loses
//! within those moves with the model.

use std::collections::HashMap;

use rand_core::SeedableRng;
use tabletop::games::trap_stones::TrapStones;
use tabletop::rng::SplitMix64;
use tabletop::{Action, AnyGame, Game, State, Turn, load};
use trap_stones::Move;

fn main() {
    let mut presets = Vec::new();
    let mut check = 0u64;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        if a == "--check" {
            check = args.next().and_then(|v| v.parse().ok()).unwrap_or(20_000);
        } else {
            presets.push(a);
        }
    }
    if presets.is_empty() {
        presets = ["source", "blitz", "blitz3", "corners"]
            .map(String::from)
            .to_vec();
    }
    for preset in presets {
        let Ok(AnyGame::TrapStones(game)) = load(&format!("trap_stones(rules={preset})")) else {
            eprintln!("trap_stones_ceiling: no preset {preset}");
            std::process::exit(2)
        };
        let mut loss = 0.0;
        let mut plans = Vec::new();
        for draws in 0..8u32 {
            for bot in 0..2usize {
                let plan = Plan::best(&game, draws, bot);
                loss += plan.loss / 16.0;
                plans.push(plan);
            }
        }
        println!(
            "trap_stones, preset {preset}: the bot loses at least {:.4} against random play, \
             so it wins at most {:.4} ({:.2} %)",
            loss,
            1.0 - loss,
            100.0 * (1.0 - loss)
        );
        let example = &plans[0];
        println!(
            "  e.g. draws 0, bot side 1: traps {:?}, loss {:.4}",
            example.trap_names, example.loss
        );
        if check > 0 {
            let mut rng = SplitMix64::seed_from_u64(11);
            let mut lost = 0u64;
            for k in 0..check {
                let plan = &plans[(k % 16) as usize];
                lost += u64::from(plan.lost_early(&game, &mut rng));
            }
            let rate = lost as f64 / check as f64;
            let se = (rate * (1.0 - rate) / check as f64).sqrt();
            println!(
                "  check: the plan, played {check} times in the interface, lost within those \
                 moves {:.4} ± {:.4} (2 s.e.); model {:.4}: {}",
                rate,
                2.0 * se,
                loss,
                if (rate - loss).abs() <= 3.0 * se {
                    "agree"
                } else {
                    "DISAGREE"
                }
            );
        }
    }
}

/// The bot's best opening against random play for one draw and seat, and its
/// chance of losing within the first moves.
struct Plan {
    draws: u32,
    bot: usize,
    /// The bot's traps, as trap actions (cell numbers).
    traps: Vec<Action>,
    trap_names: Vec<String>,
    loss: f64,
}

impl Plan {
    /// The state after the three draws (`draws`' bits, 0: the first outcome).
    fn after_draws<G: Game>(game: &G, draws: u32) -> G::State {
        let mut s = game.new_initial_state();
        for bit in 0..3 {
            let outcomes = s.legal_actions();
            s.apply_action(outcomes[((draws >> bit) & 1) as usize])
                .unwrap();
        }
        s
    }

    fn best(game: &TrapStones, draws: u32, bot: usize) -> Plan {
        let rules = game.rules();
        let width = u32::from(rules.width());
        let n = width * u32::from(rules.height());
        let k = rules.traps();
        let s = Plan::after_draws(game, draws);
        // Each side's legal trap cells (cell-wise: T3's rules are about cells).
        let mut legal_traps = [Vec::new(), Vec::new()];
        let mut t = s.clone();
        // Stand-in traps for the opening's legal moves, which do not depend on where
        // the traps are: the cells nearest the centre, away from the home edges
        // and corners the first stones go on.
        let centre = |c: &Action| {
            let (x, y) = ((c % width) as i64, (c / width) as i64);
            let (cx, cy) = (i64::from(rules.width()) / 2, i64::from(rules.height()) / 2);
            (x - cx).abs().max((y - cy).abs())
        };
        for side in legal_traps.iter_mut() {
            *side = t.legal_actions();
            let mut stand_ins = side.clone();
            stand_ins.sort_by_key(centre);
            for &a in &stand_ins[..k] {
                t.apply_action(a).unwrap();
            }
        }
        let random = 1 - bot;
        // Its traps are any k of these, uniformly.
        let random_trap_cells = legal_traps[random].len() as f64;
        let Turn::Player(first) = t.current_player() else {
            panic!("the first move is a player's")
        };
        let risk = |stone_cells: &[Action], placed: usize| -> f64 {
            // The chance that a stone on the least risky of these cells lands on
            // a trap, `placed` safe stones being down already on trap cells.
            if stone_cells.iter().any(|c| !legal_traps[random].contains(c)) {
                0.0
            } else {
                k as f64 / (random_trap_cells - placed as f64)
            }
        };
        // The bot's first stone, and (moving first) its second.
        let stone_cells = |s: &<TrapStones as Game>::State| -> Vec<Action> {
            s.legal_actions()
                .into_iter()
                .filter(|a| (n..3 * n).contains(a))
                .map(|a| a % n)
                .collect()
        };
        let mut opening = t.clone();
        let (q1, q2);
        let r1_state;
        if first == bot {
            let b1_cells = stone_cells(&opening);
            q1 = risk(&b1_cells, 0);
            let b1 = least_risky(&b1_cells, &legal_traps[random]);
            opening.apply_action(n + b1).unwrap();
            r1_state = opening.clone();
            let mut after_r1 = opening.clone();
            let r1 = after_r1.legal_actions()[0];
            after_r1.apply_action(r1).unwrap();
            let b2_cells = stone_cells(&after_r1);
            q2 = risk(&b2_cells, usize::from(legal_traps[random].contains(&b1)));
        } else {
            r1_state = opening.clone();
            let mut after_r1 = opening.clone();
            let r1 = after_r1.legal_actions()[0];
            after_r1.apply_action(r1).unwrap();
            q1 = risk(&stone_cells(&after_r1), 0);
            q2 = 0.0;
        }
        // The random player's first stones and, after each, the groups of its
        // va-bank declarations at its second move, by cell sets.
        let r1_moves = r1_state.legal_actions();
        let mut second: Vec<Second> = Vec::new();
        for &r1 in &r1_moves {
            let mut s2 = r1_state.clone();
            s2.apply_action(r1).unwrap();
            // The bot's stone in between does not change the random player's moves.
            let b = s2.legal_actions()[0];
            s2.apply_action(b).unwrap();
            let legal = s2.legal_actions();
            let mut counts = Counts::default();
            for &a in legal.iter().filter(|&&a| a > 4 * n) {
                // The group's cells, read back with the game crate's notation.
                let name = s2.action_to_string(Turn::Player(random), a);
                let Ok(Move::VaBank(g)) = name.parse::<Move>() else {
                    panic!("{name} is a va-bank declaration")
                };
                let group: Vec<u32> = g
                    .cells()
                    .iter()
                    .map(|c| u32::from(c.row()) * width + u32::from(c.col()))
                    .collect();
                counts.add(&group);
            }
            second.push(Second {
                r1_cell: r1 - n,
                legal: legal.len() as f64,
                counts,
            });
        }
        // Every set of k of the bot's legal trap cells.
        let mine = &legal_traps[bot];
        let mut best = (f64::MAX, Vec::new());
        let mut set = Vec::with_capacity(k);
        subsets(mine, k, 0, &mut set, &mut |traps| {
            let mut early_loss = 0.0;
            for sec in &second {
                if traps.contains(&sec.r1_cell) {
                    continue; // the random player's first stone lands on a trap
                }
                let h = sec.counts.covering(traps) / sec.legal;
                let after = if first == bot { q2 } else { q1 };
                early_loss += after + (1.0 - after) * h;
            }
            early_loss /= second.len() as f64;
            let loss = if first == bot {
                q1 + (1.0 - q1) * early_loss
            } else {
                early_loss
            };
            if loss < best.0 {
                best = (loss, traps.to_vec());
            }
        });
        let trap_names = best
            .1
            .iter()
            .map(|&a| s.action_to_string(Turn::Player(bot), a))
            .collect();
        Plan {
            draws,
            bot,
            traps: best.1,
            trap_names,
            loss: best.0,
        }
    }

    /// Plays the plan against random play in the interface: whether the bot lost
    /// within the moves the model counts.
    fn lost_early(&self, game: &TrapStones, rng: &mut SplitMix64) -> bool {
        let rules = game.rules();
        let n = u32::from(rules.width()) * u32::from(rules.height());
        let mut s = Plan::after_draws(game, self.draws);
        let random = 1 - self.bot;
        let mut bot_stones = 0;
        let mut random_moves = 0;
        let mut bot_first = false;
        let mut my_traps = self.traps.iter();
        while !s.is_terminal() {
            let Turn::Player(p) = s.current_player() else {
                let a = s.sample_chance(rng).unwrap();
                s.apply_action(a).unwrap();
                continue;
            };
            let a = if p == random {
                if s.history().len() > 3 + 2 * self.traps.len() {
                    random_moves += 1;
                }
                if random_moves > 2 {
                    return false; // past the moves counted
                }
                s.random_action(rng).unwrap()
            } else if let Some(&trap) = my_traps.next() {
                trap
            } else {
                bot_stones += 1;
                if bot_stones == 1 {
                    bot_first = random_moves == 0;
                }
                // The model counts the bot's first stone, and its second when it
                // moves first.
                if bot_stones > 1 + usize::from(bot_first) {
                    return false;
                }
                // The least risky stone: a cell the random player could not trap,
                // else the first legal stone.
                let legal = s.legal_actions();
                legal
                    .iter()
                    .copied()
                    .filter(|&a| a >= n && a < 3 * n)
                    .find(|&a| s.check(a).is_ok())
                    .unwrap_or(legal[0])
            };
            s.apply_action(a).unwrap();
        }
        s.returns()[self.bot] < 0.0
    }
}

/// The cell of `cells` least likely to hold a trap: one outside the random
/// player's trap cells if there is one.
fn least_risky(cells: &[Action], trap_cells: &[Action]) -> Action {
    cells
        .iter()
        .copied()
        .find(|c| !trap_cells.contains(c))
        .unwrap_or(cells[0])
}

/// The random player's second move after its first stone on `r1_cell`.
struct Second {
    r1_cell: Action,
    legal: f64,
    counts: Counts,
}

/// How many va-bank groups contain each cell, each pair and each triple of cells.
#[derive(Default)]
struct Counts {
    one: HashMap<u32, f64>,
    two: HashMap<(u32, u32), f64>,
    three: HashMap<(u32, u32, u32), f64>,
}

impl Counts {
    fn add(&mut self, group: &[u32]) {
        for (i, &a) in group.iter().enumerate() {
            *self.one.entry(a).or_default() += 1.0;
            for (j, &b) in group.iter().enumerate().skip(i + 1) {
                *self.two.entry(sorted2(a, b)).or_default() += 1.0;
                for &c in group.iter().skip(j + 1) {
                    *self.three.entry(sorted3(a, b, c)).or_default() += 1.0;
                }
            }
        }
    }

    /// The groups that contain at least one of `cells` (up to three), by
    /// inclusion and exclusion.
    fn covering(&self, cells: &[u32]) -> f64 {
        let one = |a| self.one.get(&a).copied().unwrap_or(0.0);
        let two = |a, b| self.two.get(&sorted2(a, b)).copied().unwrap_or(0.0);
        match *cells {
            [a] => one(a),
            [a, b] => one(a) + one(b) - two(a, b),
            [a, b, c] => {
                one(a) + one(b) + one(c) - two(a, b) - two(a, c) - two(b, c)
                    + self.three.get(&sorted3(a, b, c)).copied().unwrap_or(0.0)
            }
            _ => panic!("one to three traps"),
        }
    }
}

fn sorted2(a: u32, b: u32) -> (u32, u32) {
    (a.min(b), a.max(b))
}

fn sorted3(a: u32, b: u32, c: u32) -> (u32, u32, u32) {
    let mut v = [a, b, c];
    v.sort_unstable();
    (v[0], v[1], v[2])
}

/// Calls `f` with every `k`-subset of `items[from..]` appended to `set`.
fn subsets(items: &[u32], k: usize, from: usize, set: &mut Vec<u32>, f: &mut impl FnMut(&[u32])) {
    if set.len() == k {
        f(set);
        return;
    }
    for i in from..items.len() {
        set.push(items[i]);
        subsets(items, k, i + 1, set, f);
        set.pop();
    }
}
