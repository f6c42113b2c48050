//! Two settings of the search bot against each other, seats alternated: for
//! measuring what a setting is worth (threads at the same playouts, the score
//! weight, the tree's growth):
//!
//! ```text
//! cargo run --release -p tabletop --example bot_vs_bot -- GAME_STRING \
//!     [--games N] [--seed S] [--a KEY=VALUE,...] [--b KEY=VALUE,...]
//! ```
//!
//! Each side starts from the game's settings (`Config::for_game`) with a budget
//! of 1,000 playouts, changed by its `KEY=VALUE` list: `playouts`, `ms`,
//! `threads`, `expand` (0: one child a visit), `rave` (0: off), `explore`,
//! `score` (the score weight), `scale`, `fpu`. Game k seats A at `k mod
//! players` and B everywhere else; chance is drawn from the game's seed. The last
//! line is A's result: wins, draws, losses, the win rate with its 95 % Wilson
//! interval, and each side's mean playouts and milliseconds a searched move.

use std::time::Duration;

use rand_core::SeedableRng;
use tabletop::bot::{Budget, Config, GameKnowledge, Searcher};
use tabletop::rng::SplitMix64;
use tabletop::{Game, State, Turn};

/// One side's settings, and what it spent.
struct Side {
    config: Config,
    searches: u64,
    playouts: u64,
    time: Duration,
}

fn main() {
    let mut args = std::env::args().skip(1);
    let name = args
        .next()
        .unwrap_or_else(|| usage("a game string is needed"));
    let game = tabletop::load(&name).unwrap_or_else(|e| usage(&e.to_string()));
    let base = Config::for_game(game.info().short_name, Budget::playouts(1000), 0);
    let (mut games, mut seed) = (100usize, 0u64);
    let mut sides = [base, base].map(|config| Side {
        config,
        searches: 0,
        playouts: 0,
        time: Duration::ZERO,
    });
    while let Some(a) = args.next() {
        let value = args
            .next()
            .unwrap_or_else(|| usage(&format!("{a} takes a value")));
        match a.as_str() {
            "--games" => games = value.parse().unwrap_or_else(|_| usage("--games N")),
            "--seed" => seed = value.parse().unwrap_or_else(|_| usage("--seed S")),
            "--a" => set(&mut sides[0].config, &value),
            "--b" => set(&mut sides[1].config, &value),
            _ => usage(&format!("unexpected argument {a}")),
        }
    }
    let players = game.info().num_players;
    let (mut wins, mut draws, mut losses) = (0u32, 0u32, 0u32);
    for k in 0..games {
        let seat_a = k % players;
        let game_seed = seed.wrapping_add(k as u64);
        let mut bots: Vec<(usize, Searcher)> = (0..players)
            .map(|p| {
                let side = usize::from(p != seat_a);
                let config = Config {
                    seed: game_seed.wrapping_mul(31).wrapping_add(p as u64),
                    ..sides[side].config
                };
                (side, Searcher::new(config))
            })
            .collect();
        let mut chance = SplitMix64::seed_from_u64(game_seed);
        let mut state = game.new_initial_state();
        while !state.is_terminal() {
            let action = match state.current_player() {
                Turn::Chance => state.sample_chance(&mut chance),
                Turn::Player(p) => {
                    let (side, bot) = &mut bots[p];
                    let report = bot.search_with(&state, &mut GameKnowledge);
                    if report.playouts > 0 {
                        let s = &mut sides[*side];
                        s.searches += 1;
                        s.playouts += report.playouts;
                        s.time += report.elapsed;
                    }
                    report.action
                }
                Turn::Terminal => None,
            }
            .expect("a player or chance acts");
            state.apply_action(action).expect("the bots act legally");
        }
        let r = state.returns()[seat_a];
        let best_other = (0..players)
            .filter(|&p| p != seat_a)
            .map(|p| state.returns()[p])
            .fold(f64::NEG_INFINITY, f64::max);
        match r.partial_cmp(&best_other) {
            Some(std::cmp::Ordering::Greater) => wins += 1,
            Some(std::cmp::Ordering::Less) => losses += 1,
            _ => draws += 1,
        }
        eprintln!(
            "game {k}: A at seat {seat_a}, returns {:?}, scores {:?}",
            state.returns().to_vec(),
            state.scores().to_vec()
        );
    }
    let n = f64::from(wins + draws + losses);
    let p = (f64::from(wins) + f64::from(draws) / 2.0) / n;
    let (lo, hi) = wilson(p, n);
    let mean = |s: &Side| {
        let k = s.searches.max(1) as f64;
        (s.playouts as f64 / k, s.time.as_secs_f64() * 1000.0 / k)
    };
    let (pa, ma) = mean(&sides[0]);
    let (pb, mb) = mean(&sides[1]);
    println!(
        "A: {wins} won, {draws} drawn, {losses} lost of {n}: {:.1} % [{:.1}, {:.1}]; \
         A {pa:.0} playouts {ma:.1} ms a move, B {pb:.0} playouts {mb:.1} ms a move",
        100.0 * p,
        100.0 * lo,
        100.0 * hi
    );
}

/// Changes `config` by a `KEY=VALUE,...` list.
fn set(config: &mut Config, list: &str) {
    for pair in list.split(',').filter(|p| !p.is_empty()) {
        let (key, value) = pair
            .split_once('=')
            .unwrap_or_else(|| usage(&format!("{pair}: KEY=VALUE")));
        let x: f64 = value
            .parse()
            .unwrap_or_else(|_| usage(&format!("{pair}: a number")));
        match key {
            "playouts" => config.budget = Budget::playouts(x.max(1.0) as u64),
            "ms" => config.budget = Budget::time(Duration::from_secs_f64(x.max(1.0) / 1000.0)),
            "threads" => config.threads = x.max(1.0) as usize,
            "expand" => config.expand_after = (x >= 1.0).then_some(x as u32),
            "rave" => config.rave = (x > 0.0).then_some(x),
            "explore" => config.exploration = x,
            "score" => config.score_weight = x,
            "scale" => config.score_scale = x,
            "fpu" => config.first_play = x,
            _ => usage(&format!("unknown setting {key}")),
        }
    }
}

/// The 95 % Wilson score interval of a proportion `p` of `n`.
fn wilson(p: f64, n: f64) -> (f64, f64) {
    let z = 1.96f64;
    let d = 1.0 + z * z / n;
    let c = (p + z * z / (2.0 * n)) / d;
    let h = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / d;
    (c - h, c + h)
}

fn usage(problem: &str) -> ! {
    eprintln!(
        "bot_vs_bot: {problem}\nusage: bot_vs_bot GAME_STRING [--games N] [--seed S] [--a KEY=VALUE,...] [--b KEY=VALUE,...]"
    );
    std::process::exit(2);
}
