//! What the search's early stop ([`Config::stop_early`]) saves under a time
//! budget and whether it changes the choice: `cargo run --release -p tabletop
//! --example early_stop -- GAME_STRING MILLISECONDS POSITIONS`.
//!
//! From positions of a random game (replayed as it ends), each with a decision
//! to make, it searches once with the early stop and once without, both for the
//! same time and with the same seed. Their playouts are one sequence, so the
//! search that ran the whole time is the other's continuation; where the early
//! stop fired, a search of exactly the full search's playouts (same seed)
//! tells whether the rest of the time would have changed the choice — which
//! happens only where the playouts still to come outran the estimate (a search
//! that speeds up, or a machine that does).

use std::time::Duration;

use tabletop::bot::{Budget, Config, Searcher};
use tabletop::rng::SplitMix64;
use tabletop::{Game, State};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let name = args.first().map_or("hoop_race", String::as_str);
    let ms: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(1000);
    let positions: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(20);
    let game = tabletop::load(name).unwrap();
    let mut rng = SplitMix64::new(11);
    let mut s = game.new_initial_state();
    let (mut searched, mut fired, mut same) = (0u64, 0u64, 0u64);
    let (mut early_ms, mut full_ms) = (0.0, 0.0);
    while searched < positions {
        if s.is_terminal() {
            s = game.new_initial_state();
        }
        if !s.is_chance_node() && s.legal_actions().len() > 1 {
            searched += 1;
            let config = Config::for_game(
                game.info().short_name,
                Budget::time(Duration::from_millis(ms)),
                searched,
            );
            let whole = Config {
                stop_early: false,
                ..config
            };
            let early = Searcher::new(config).search(&s);
            let full = Searcher::new(whole).search(&s);
            early_ms += early.elapsed.as_secs_f64() * 1000.0;
            full_ms += full.elapsed.as_secs_f64() * 1000.0;
            if early.playouts < full.playouts && early.elapsed < full.elapsed {
                fired += 1;
                let replay = Searcher::new(Config {
                    budget: Budget::playouts(full.playouts),
                    ..whole
                })
                .search(&s);
                if replay.action == early.action {
                    same += 1;
                }
            }
        }
        let a = if s.is_chance_node() {
            s.sample_chance(&mut rng)
        } else {
            s.random_action(&mut rng)
        };
        s.apply_action(a.unwrap()).unwrap();
    }
    println!(
        "{name} at {ms} ms: {searched} searches, {:.0} ms a search with the early stop \
         against {:.0} without ({:.0} % saved); it fired in {fired}, and the whole time \
         made the same choice in {same} of them",
        early_ms / searched as f64,
        full_ms / searched as f64,
        100.0 * (1.0 - early_ms / full_ms),
    );
}
