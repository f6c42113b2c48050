//! Random-vs-random results of Ô ăn quan by seat, for each player count and rules
//! option: how often each seat wins and how often the game is drawn, and how long
//! games last. Prints a Markdown table (the one in docs/o_an_quan.md).
//!
//! ```text
//! cargo run --release -p o_an_quan --example o_an_quan_odds -- [GAMES] [SEED]
//! ```
//! Defaults: 1,000,000 games per row, seed 1. Moves are uniform among the legal
//! ones; A moves first.

use o_an_quan::{EndRule, Game, Rules, Setup};
use rand_core::SeedableRng;
use rand_pcg::Pcg64Mcg;

fn main() {
    let games: u64 = number_arg(0, 1_000_000);
    let seed: u64 = number_arg(1, 1);
    let options: [(&str, Rules); 5] = [
        ("source (refill 5)", Rules::default()),
        ("common (refill 1)", Rules::common()),
        (
            "source + young quan 5",
            Rules::default().with_young_quan(Some(5)),
        ),
        (
            "common + young quan 5",
            Rules::common().with_young_quan(Some(5)),
        ),
        (
            "source, end when quan squares empty",
            Rules::default().with_end_rule(EndRule::QuanSquaresEmpty),
        ),
    ];
    println!("{games} random games per row (seed {seed}); A moves first.\n");
    println!(
        "| players | rules | A wins | B wins | C wins | D wins | draws | moves (mean) | longest |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    for players in 2..=4u8 {
        for (name, rules) in options {
            let rules = rules.with_players(players);
            let mut rng = Pcg64Mcg::seed_from_u64(seed);
            let mut game = Game::new(rules, Setup::standard(&rules)).expect("valid rules");
            let mut wins = [0u64; 4];
            let (mut draws, mut moves, mut longest) = (0u64, 0u64, 0usize);
            for _ in 0..games {
                game.restart();
                let n = game.play_out(&mut rng, 1_000_000);
                moves += n as u64;
                longest = longest.max(n);
                match game.outcome().and_then(|o| o.winner()) {
                    Some(w) => wins[w.index()] += 1,
                    None => draws += 1,
                }
            }
            let pct = |n: u64| format!("{:.1} %", 100.0 * n as f64 / games as f64);
            let seat = |p: usize| {
                if p < usize::from(players) {
                    pct(wins[p])
                } else {
                    "—".into()
                }
            };
            println!(
                "| {players} | {name} | {} | {} | {} | {} | {} | {:.1} | {longest} |",
                seat(0),
                seat(1),
                seat(2),
                seat(3),
                pct(draws),
                moves as f64 / games as f64
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
