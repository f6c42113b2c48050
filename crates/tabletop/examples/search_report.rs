//! One search from a position, printed: `cargo run --release -p tabletop --example
//! search_report -- GAME_STRING MILLISECONDS [MOVE ...]` (moves in the game's
//! notation). `RAVE=K` and `EXPLORE=C` override the game's settings.

use std::time::Duration;

use tabletop::bot::{Budget, Config, Searcher};
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
    let report = Searcher::new(config).search(&s);
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
    for c in report.children.iter().take(10) {
        println!(
            "  {:>6} visits {:+.3}  {}",
            c.visits,
            c.value,
            s.action_to_string(turn, c.action)
        );
    }
}
