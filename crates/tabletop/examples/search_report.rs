//! One search from a game's start (or after some random moves), printed:
//! `cargo run --release -p tabletop --example search_report -- GAME_STRING [MILLISECONDS] [RANDOM_MOVES]`.

use std::time::Duration;

use rand_core::SeedableRng;
use tabletop::bot::{Budget, Config, Searcher};
use tabletop::rng::SplitMix64;
use tabletop::{Game, State, Turn};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let game = tabletop::load(args.first().map_or("go(board_size=9)", String::as_str)).unwrap();
    let ms: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(1000);
    let random_moves: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(0);
    let mut rng = SplitMix64::seed_from_u64(3);
    let mut s = game.new_initial_state();
    for _ in 0..random_moves {
        let a = match s.current_player() {
            Turn::Terminal => break,
            Turn::Chance => s.sample_chance(&mut rng),
            Turn::Player(_) => s.playout_action(&mut rng),
        };
        s.apply_action(a.unwrap()).unwrap();
    }
    while s.is_chance_node() {
        let a = s.sample_chance(&mut rng).unwrap();
        s.apply_action(a).unwrap();
    }
    println!("{}", s.observation_string(0));
    let config = Config::for_game(
        game.info().short_name,
        Budget::time(Duration::from_millis(ms)),
        1,
    );
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
