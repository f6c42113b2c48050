//! The search bot against the uniform random player: `cargo run --release -p
//! tabletop --example bot_vs_random -- GAME_STRING [GAMES] [PLAYOUTS]`.

use rand_core::SeedableRng;
use tabletop::bot::{Budget, Config, Searcher};
use tabletop::rng::SplitMix64;
use tabletop::{Game, State, Turn};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let game = tabletop::load(args.first().map_or("go(board_size=9)", String::as_str)).unwrap();
    let games: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(10);
    let playouts: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(1000);
    let n = game.info().num_players;
    let mut wins = 0.0;
    for k in 0..games {
        let bot_seat = k % n;
        let mut rng = SplitMix64::seed_from_u64(k as u64);
        let config = Config::for_game(game.info().short_name, Budget::playouts(playouts), k as u64);
        let mut searcher = Searcher::new(config);
        let mut s = game.new_initial_state();
        while !s.is_terminal() {
            let a = match s.current_player() {
                Turn::Chance => s.sample_chance(&mut rng),
                Turn::Player(p) if p == bot_seat => searcher.search(&s).action,
                _ => s.random_action(&mut rng),
            }
            .unwrap();
            s.apply_action(a).unwrap();
        }
        let r = s.returns()[bot_seat];
        if r > 0.0 {
            wins += 1.0;
        } else if r == 0.0 {
            wins += 0.5;
        }
        println!(
            "game {k}: bot seat {bot_seat} return {r} scores {:?}",
            s.scores()
        );
    }
    println!("bot: {wins}/{games}");
}
