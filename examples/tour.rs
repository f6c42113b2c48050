//! The tour: one complete game of each rules crate between simple bots, with the
//! board at a few moments, the notable events and the final score.
//!
//! ```text
//! cargo run --release --example tour -- [--seed N] [--game NAME]
//! ```
//! The same seed gives the same output. Games: go.

use std::time::Instant;

use go_core::{Color, Game, Move, Rules};
use rand_core::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// Plays one game's tour from a seed.
type Tour = fn(u64) -> Summary;

/// One line per game for the closing summary.
struct Summary {
    game: &'static str,
    line: String,
}

fn main() {
    let mut seed = 2026u64;
    let mut only: Option<String> = None;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match (a.as_str(), args.next()) {
            ("--seed", Some(n)) => {
                seed = n
                    .parse()
                    .unwrap_or_else(|_| usage("--seed takes a whole number"))
            }
            ("--game", Some(g)) => only = Some(g),
            _ => usage(&format!("unexpected argument {a}")),
        }
    }
    let games: [(&str, Tour); 1] = [("go", go_tour)];
    if let Some(name) = &only
        && !games.iter().any(|(g, _)| g == name)
    {
        usage(&format!("unknown game {name}"));
    }
    let start = Instant::now();
    let mut summaries = Vec::new();
    for (name, tour) in games {
        if only.as_deref().is_none_or(|o| o == name) {
            summaries.push(tour(seed));
        }
    }
    println!("== summary (seed {seed}) ==");
    for s in &summaries {
        println!("{:<12} {}", s.game, s.line);
    }
    eprintln!("({:.2} s)", start.elapsed().as_secs_f64());
}

fn usage(problem: &str) -> ! {
    eprintln!("tour: {problem}\nusage: tour [--seed N] [--game go]");
    std::process::exit(2);
}

/// A bot that takes the largest capture on offer, else plays a random move that
/// does not fill its own eye.
fn go_bot(game: &Game, rng: &mut Pcg64Mcg) -> Move {
    let mut best: Option<(u32, Move)> = None;
    for &mv in game.legal_moves().iter() {
        if mv == Move::Pass {
            continue;
        }
        let mut trial = game.clone();
        if let Ok(r) = trial.play(mv)
            && r.captured > 0
            && r.self_captured == 0
            && best.is_none_or(|(n, _)| r.captured > n)
        {
            best = Some((r.captured, mv));
        }
    }
    match best {
        Some((_, mv)) if !rng.next_u32().is_multiple_of(4) => mv,
        _ => game.random_move(rng),
    }
}

fn go_tour(seed: u64) -> Summary {
    let rules = Rules::default();
    println!(
        "== go_core: Go on 9x9, Tromp–Taylor rules (the source's), komi {} ==",
        rules.komi()
    );
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut game = Game::new(rules, 9, 9).expect("a 9x9 game");
    let mut captures = 0;
    let mut biggest = 0;
    let mut ko_moments = 0;
    while !game.is_over() && game.move_count() < 400 {
        let mv = go_bot(&game, &mut rng);
        let report = game.play(mv).expect("the bot plays legal moves");
        let n = game.move_count();
        if report.captured > 0 || report.self_captured > 0 {
            captures += 1;
            biggest = biggest.max(report.captured);
            let points: Vec<String> = game.last_captures().map(|p| p.to_string()).collect();
            let what = if report.self_captured > 0 {
                "self-captures"
            } else {
                "captures"
            };
            println!(
                "  move {n:>3}: {} {} {what} {} ({})",
                report.color,
                mv,
                points.len(),
                points.join(" ")
            );
        }
        // Ko: a recapture that superko refuses repeats an earlier board (a lone
        // suicide would only repeat the current one).
        if game.board().points().any(|p| {
            matches!(game.check(Move::Play(p)), Err(go_core::IllegalMove::PositionalSuperko { repeats, .. }) if repeats < n)
        }) {
            ko_moments += 1;
        }
        if n == 30 || n == 60 {
            println!("after move {n}:\n{}", game.board());
        }
    }
    let score = game.score();
    println!(
        "final position after {} moves:\n{}",
        game.move_count(),
        game.board()
    );
    println!(
        "  area: black {} (stones {} + territory {}), white {} (stones {} + territory {}), komi {}",
        score.points(Color::Black),
        score.stones[0],
        score.territory[0],
        score.points(Color::White),
        score.stones[1],
        score.territory[1],
        score.komi
    );
    let result = game
        .result()
        .map(|r| r.to_string())
        .unwrap_or_else(|| "unfinished".into());
    println!("  result: {result}\n");
    Summary {
        game: "go_core",
        line: format!(
            "{} moves, {captures} captures (largest {biggest}), prisoners B {} W {}, {ko_moments} positions with a ko recapture barred by superko, result {result}",
            game.move_count(),
            game.prisoners(Color::Black),
            game.prisoners(Color::White)
        ),
    }
}
