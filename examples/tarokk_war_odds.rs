//! How much phase I decides tarokk_war: the winner's share by the soldiers each
//! player took into phase II and by who drew the tök VIII (and so defended first
//! with a location in hand), under random play and under the bots' greedy phase-II
//! policy. Prints the Markdown tables in docs/tarokk_war.md.
//!
//! ```text
//! cargo run --release --example tarokk_war_odds -- [GAMES] [SEED]
//! ```

use rand_core::SeedableRng;
use rand_pcg::Pcg64Mcg;
use tarokk_war::{Game, Player, Rules};

fn main() {
    let games: u64 = tabletop_examples::number_arg(0, 1_000_000);
    let seed: u64 = tabletop_examples::number_arg(1, 1);
    println!("{games} games per policy (seed {seed}); phase I is random in both.\n");
    for (name, greedy) in [("random", false), ("greedy phase II", true)] {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        // By soldier difference (player 1 minus player 2, -9..=9): [games, p1 wins, draws].
        let mut by_diff = [[0u64; 3]; 19];
        // By who drew the tök VIII: [games, that player wins, draws].
        let mut tok = [0u64; 3];
        let mut conquests = 0u64;
        for _ in 0..games {
            let mut g = Game::random(Rules::default(), &mut rng).expect("valid rules");
            while !g.in_phase_two() {
                let mv = g.random_move(&mut rng).expect("phase I moves");
                g.play(mv).expect("legal");
            }
            let diff =
                g.soldiers(Player::One).count() as i32 - g.soldiers(Player::Two).count() as i32;
            let drawer = g
                .tok_viii_location()
                .map(|(p, _)| p)
                .expect("someone drew it");
            while !g.is_over() {
                let mv = if greedy {
                    tabletop_examples::bots::tarokk_war(&g, &mut rng)
                } else {
                    g.random_move(&mut rng).expect("a move")
                };
                g.play(mv).expect("legal");
            }
            let o = g.outcome().expect("over");
            let row = &mut by_diff[(diff + 9).clamp(0, 18) as usize];
            row[0] += 1;
            tok[0] += 1;
            match o.winner() {
                Some(Player::One) => row[1] += 1,
                None => {
                    row[2] += 1;
                    tok[2] += 1;
                }
                _ => {}
            }
            if o.winner() == Some(drawer) {
                tok[1] += 1;
            }
            conquests += u64::from(o.conquered().is_some());
        }
        let pct = |a: u64, b: u64| 100.0 * a as f64 / b.max(1) as f64;
        println!("### {name}\n");
        println!("| soldiers P1 − P2 | games | P1 wins | draws |");
        println!("|---|---|---|---|");
        for (k, row) in by_diff.iter().enumerate() {
            if row[0] * 1000 >= games {
                println!(
                    "| {:+} | {:.1} % | {:.1} % | {:.1} % |",
                    k as i32 - 9,
                    pct(row[0], games),
                    pct(row[1], row[0]),
                    pct(row[2], row[0])
                );
            }
        }
        println!(
            "\nThe tök VIII's drawer wins {:.1} % (draws {:.1} %); {:.1} % of games end in a conquest.\n",
            pct(tok[1], tok[0]),
            pct(tok[2], tok[0]),
            pct(conquests, games)
        );
    }
}
