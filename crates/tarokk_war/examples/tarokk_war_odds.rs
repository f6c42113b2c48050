//! How much phase I decides tarokk_war: the winner's share by the soldiers each
//! player took into phase II and by who drew the tök VIII (and so defended first
//! with a location in hand), under random play and under the bots' greedy phase-II
//! policy. Prints the Markdown tables in docs/tarokk_war.md.
//!
//! ```text
//! cargo run --release -p tarokk_war --example tarokk_war_odds -- [GAMES] [SEED]
//! ```

use rand_core::SeedableRng;
use rand_pcg::Pcg64Mcg;
use tarokk_war::{Game, Player, Rules};

fn main() {
    let games: u64 = number_arg(0, 1_000_000);
    let seed: u64 = number_arg(1, 1);
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
                    greedy_move(&g, &mut rng)
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

/// The `index`-th command-line argument parsed as a number, or `default`.
fn number_arg<T: std::str::FromStr>(index: usize, default: T) -> T {
    std::env::args()
        .nth(index + 1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(default)
}

/// The greedy policy of the odds table: win the trick cheaply, defend and attack
/// with the strongest soldiers.
fn greedy_move(game: &tarokk_war::Game, rng: &mut Pcg64Mcg) -> tarokk_war::Move {
    use tarokk_war::{Awaiting, Move, ZOLD_VIII};
    let rules = game.rules();
    let fallback = || {
        game.random_move(&mut rng.clone())
            .unwrap_or(Move::Play(ZOLD_VIII))
    };
    match game.awaiting() {
        Awaiting::Play(p) => {
            let hand: Vec<_> = game.hand(p).collect();
            if hand.contains(&ZOLD_VIII) {
                return Move::Play(ZOLD_VIII);
            }
            let led = game.led();
            let lowest = hand.iter().copied().min_by_key(|c| c.numeral());
            let card = match led {
                Some(l) => hand
                    .iter()
                    .copied()
                    .filter(|c| c.numeral() > l.numeral())
                    .min_by_key(|c| c.numeral())
                    .or(lowest),
                None => lowest,
            };
            card.map_or_else(fallback, Move::Play)
        }
        Awaiting::Defend(p) => {
            let threat = game.view(p).opponent_soldiers;
            let mine: Vec<_> = game.soldiers(p).collect();
            // With soldiers to spare, defend strongly; otherwise keep the best.
            let pick = if mine.len() as u8 >= threat {
                mine.iter().copied().max_by_key(|&c| rules.strength(c))
            } else {
                mine.iter().copied().min_by_key(|&c| rules.strength(c))
            };
            pick.map_or_else(fallback, Move::Defend)
        }
        Awaiting::Attack(p) => game
            .soldiers(p)
            .max_by_key(|&c| rules.strength(c))
            .map_or_else(fallback, Move::Attack),
        Awaiting::Over => fallback(),
    }
}
