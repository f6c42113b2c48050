//! The search bot against the uniform random player, seats alternated:
//!
//! ```text
//! cargo run --release -p tabletop --example bot_vs_random -- GAME_STRING \
//!     [--games N] [--playouts N | --ms N] [--seed S] [--quiet]
//! ```
//!
//! GAME_STRING is the interface's (`go(board_size=9,rules=chinese)`,
//! `hoop_race(rules=yut_nori)`); game k seats the bot at `k mod players`, the
//! random player (`State::random_action`, uniform among the legal moves) everywhere
//! else, chance drawn by its exact probabilities. The budget is per move, one
//! thread (default 1,000 ms). The last line is the summary that `docs/bots.md`
//! quotes: wins, draws and losses, the win rate with its 95 % Wilson interval, and
//! the bot's mean playouts and time a move.

use std::time::{Duration, Instant};

use rand_core::SeedableRng;
use tabletop::bot::{Budget, Config, Searcher};
use tabletop::rng::SplitMix64;
use tabletop::{Game, State, Turn};

fn main() {
    let mut args = std::env::args().skip(1);
    let name = args
        .next()
        .unwrap_or_else(|| usage("a game string is needed"));
    let (mut games, mut budget, mut seed, mut quiet) = (200usize, None, 0u64, false);
    while let Some(a) = args.next() {
        let mut value = || -> u64 {
            args.next()
                .and_then(|v| v.parse().ok())
                .unwrap_or_else(|| usage(&format!("{a} takes a whole number")))
        };
        match a.as_str() {
            "--games" => games = value() as usize,
            "--playouts" => budget = Some(Budget::playouts(value().max(1))),
            "--ms" => budget = Some(Budget::time(Duration::from_millis(value().max(1)))),
            "--seed" => seed = value(),
            "--quiet" => quiet = true,
            _ => usage(&format!("unexpected argument {a}")),
        }
    }
    let budget = budget.unwrap_or(Budget::time(Duration::from_millis(1000)));
    let game = tabletop::load(&name).unwrap_or_else(|e| usage(&e.to_string()));
    let n = game.info().num_players;
    let (mut wins, mut draws) = (0usize, 0usize);
    let (mut bot_moves, mut bot_playouts, mut bot_time) = (0u64, 0u64, Duration::ZERO);
    for k in 0..games {
        let bot_seat = k % n;
        let game_seed = seed.wrapping_mul(1_000_003).wrapping_add(k as u64);
        let mut rng = SplitMix64::seed_from_u64(game_seed);
        let config = Config::for_game(game.info().short_name, budget, game_seed);
        let mut searcher = Searcher::new(config);
        let mut s = game.new_initial_state();
        while !s.is_terminal() {
            let a = match s.current_player() {
                Turn::Chance => s.sample_chance(&mut rng),
                Turn::Player(p) if p == bot_seat => {
                    let start = Instant::now();
                    let report = searcher.search(&s);
                    bot_time += start.elapsed();
                    bot_moves += 1;
                    bot_playouts += report.playouts;
                    report.action
                }
                _ => s.random_action(&mut rng),
            }
            .expect("a state that is not terminal has an action");
            s.apply_action(a).expect("the action was legal");
        }
        let r = s.returns()[bot_seat];
        if r > 0.0 {
            wins += 1;
        } else if r == 0.0 {
            draws += 1;
        }
        if !quiet {
            println!(
                "game {k}: bot seat {bot_seat} return {r} scores {:?}",
                s.scores()
            );
        }
    }
    let (lo, hi) = wilson(wins, games);
    let moves = bot_moves.max(1);
    println!(
        "{name}: {wins} wins, {draws} draws, {} losses of {games}: {:.1} % [{:.1}, {:.1}] (95 % Wilson); \
         {:.0} playouts and {:.0} ms a bot move",
        games - wins - draws,
        100.0 * wins as f64 / games.max(1) as f64,
        100.0 * lo,
        100.0 * hi,
        bot_playouts as f64 / moves as f64,
        bot_time.as_secs_f64() * 1000.0 / moves as f64,
    );
}

/// The 95 % Wilson score interval of `k` successes in `n` trials.
fn wilson(k: usize, n: usize) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (n, p, z) = (n as f64, k as f64 / n as f64, 1.959_964);
    let centre = p + z * z / (2.0 * n);
    let margin = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    let denominator = 1.0 + z * z / n;
    (
        ((centre - margin) / denominator).max(0.0),
        ((centre + margin) / denominator).min(1.0),
    )
}

fn usage(problem: &str) -> ! {
    eprintln!(
        "bot_vs_random: {problem}\nusage: bot_vs_random GAME_STRING [--games N] [--playouts N | --ms N] [--seed S] [--quiet]"
    );
    std::process::exit(2)
}
