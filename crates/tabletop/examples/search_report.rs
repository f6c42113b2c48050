//! One search from a position, printed: `cargo run --release -p tabletop --example
//! search_report -- GAME_STRING MILLISECONDS [MOVE ...]` (moves in the game's
//! notation). `RAVE=K`, `EXPLORE=C` and `EXPAND=N` (0: one child a visit)
//! override the game's settings. It also
//! times raw playouts from the same position (the interface's `play_out`) for as
//! long as the search ran: the search's playouts a second against those.

use std::time::Duration;

use tabletop::bot::{Budget, Config, GameKnowledge, Searcher};
use tabletop::{Game, State};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let game = tabletop::load(args.first().map_or("go(board_size=9)", String::as_str)).unwrap();
    let ms: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(1000);
    let mut s = game.new_initial_state();
    for mv in args.iter().skip(2) {
        let a = s.string_to_action(mv).unwrap();
        s.apply_action(a).unwrap();
    }
    // Chance first (throws, the deal, the draws): drawn, up to a decision.
    let mut chance = tabletop::rng::SplitMix64::new(1);
    while s.is_chance_node() {
        let a = s.sample_chance(&mut chance).unwrap();
        s.apply_action(a).unwrap();
    }
    println!("{}", s.observation_string(0));
    let mut config = Config::for_game(
        game.info().short_name,
        Budget::time(Duration::from_millis(ms)),
        1,
    );
    if let Some(k) = std::env::var("RAVE")
        .ok()
        .and_then(|v| v.parse::<f64>().ok())
    {
        config.rave = (k > 0.0).then_some(k);
    }
    if let Some(c) = std::env::var("EXPLORE")
        .ok()
        .and_then(|v| v.parse::<f64>().ok())
    {
        config.exploration = c;
    }
    if let Some(n) = std::env::var("EXPAND")
        .ok()
        .and_then(|v| v.parse::<u32>().ok())
    {
        config.expand_after = (n > 0).then_some(n);
    }
    let report = Searcher::new(config).search_with(&s, &mut GameKnowledge);
    let turn = s.current_player();
    println!(
        "{} playouts, {} nodes, {} steps in {:?}: {:.0} playouts/s, {:.0} steps/s",
        report.playouts,
        report.nodes,
        report.steps,
        report.elapsed,
        report.playouts as f64 / report.elapsed.as_secs_f64(),
        report.steps as f64 / report.elapsed.as_secs_f64()
    );
    // The raw playout speed from the same position, through the interface, for as
    // long: the search's overhead is the ratio.
    let mut rng = tabletop::rng::SplitMix64::new(7);
    let start = std::time::Instant::now();
    let mut raw = 0u64;
    let mut scratch = s.clone();
    while start.elapsed() < report.elapsed {
        scratch.clone_from(&s);
        scratch.play_out(&mut rng, usize::MAX);
        raw += 1;
    }
    let raw_rate = raw as f64 / start.elapsed().as_secs_f64();
    let search_rate = report.playouts as f64 / report.elapsed.as_secs_f64();
    println!(
        "raw playouts from here: {raw_rate:.0}/s; the search makes {:.0} % of that",
        100.0 * search_rate / raw_rate
    );
    for c in report.children.iter().take(10) {
        println!(
            "  {:>6} visits  utility {:+.3}  win {:+.3}  margin {:+.1}  {}",
            c.visits,
            c.value,
            c.win,
            c.margin,
            s.action_to_string(turn, c.action)
        );
    }
}
