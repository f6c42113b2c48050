//! Random play of hoop race and yut nori: how often the side that moves first wins
//! and how long games last, for 2, 3 and 4 players. Prints the Markdown table in
//! docs/hoop_race.md.
//!
//! ```text
//! cargo run --release -p hoop_race --example hoop_race_odds -- [GAMES] [SEED]
//! ```
//! Defaults: 1,000,000 games per row, seed 1. The order of play is settled by
//! throws (ruling H9); throws come from fair sticks; moves are uniform among the
//! legal ones.

use hoop_race::{Action, Game, Rules, Setup};
use rand_core::SeedableRng;
use rand_pcg::Pcg64Mcg;

fn main() {
    let games: u64 = number_arg(0, 1_000_000);
    let seed: u64 = number_arg(1, 1);
    println!("{games} random games per row (seed {seed}).\n");
    println!(
        "| rules | players | first mover's side wins | fair share | throws + moves (mean) | moves (mean) | longest (actions) |"
    );
    println!("|---|---|---|---|---|---|---|");
    for (name, rules) in [
        ("source", Rules::default()),
        ("yut nori", Rules::yut_nori()),
    ] {
        for players in 2..=4u8 {
            let rules = rules.with_players(players);
            let mut rng = Pcg64Mcg::seed_from_u64(seed);
            let mut game = Game::new(rules, Setup::default()).expect("valid rules");
            let (mut first_wins, mut actions, mut moves, mut longest) = (0u64, 0u64, 0u64, 0usize);
            for _ in 0..games {
                game.restart();
                let n = game.play_out(&mut rng, 10_000_000);
                actions += n as u64;
                longest = longest.max(n);
                moves += game
                    .actions()
                    .iter()
                    .filter(|a| matches!(a, Action::Move(_)))
                    .count() as u64;
                let first = game.order().next().expect("a first player");
                let winner = game
                    .outcome()
                    .and_then(|o| o.winner())
                    .expect("random games end");
                if winner.members().any(|p| p == first) {
                    first_wins += 1;
                }
            }
            let sides = rules.sides() as f64;
            println!(
                "| {name} | {players} | {:.1} % | {:.1} % | {:.1} | {:.1} | {longest} |",
                100.0 * first_wins as f64 / games as f64,
                100.0 / sides,
                actions as f64 / games as f64,
                moves as f64 / games as f64,
            );
        }
    }
}

/// The `index`-th command-line argument parsed as a number, or `default`.
fn number_arg<T: std::str::FromStr>(index: usize, default: T) -> T {
    std::env::args()
        .nth(index + 1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(default)
}
