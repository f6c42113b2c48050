//! The main demonstration: a complete game of each of the five games between the
//! search bots, through the `tabletop` interface only — what each player sees at
//! the start, every move as the table saw it, the end from each player's side,
//! the returns and the scores.
//!
//! ```text
//! cargo run --release --example tour -- [--seed N] [--game NAME] [--level L]
//! ```
//! NAME is a game string (`go(board_size=9)`, `hoop_race(rules=yut_nori)`, …) or a
//! game's name; L the bots' level, 1 (fastest) to 10 (default 5: 3,200 playouts a
//! move). Same seed, same output.

use rand_core::SeedableRng;
use tabletop::bot::{Config, GameKnowledge, Level, Searcher};
use tabletop::rng::SplitMix64;
use tabletop::{AnyGame, Game, Information, State, Turn};

const GAMES: [&str; 5] = [
    "go(board_size=9,rules=chinese)",
    "o_an_quan",
    "hoop_race(rules=yut_nori)",
    "trap_stones",
    "tarokk_war",
];

fn main() {
    let mut seed = 1u64;
    let mut only: Option<String> = None;
    let mut level = 5u8;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let value = args
            .next()
            .unwrap_or_else(|| usage(&format!("{a} takes a value")));
        match a.as_str() {
            "--seed" => {
                seed = value
                    .parse()
                    .unwrap_or_else(|_| usage("--seed takes a whole number"))
            }
            "--level" => {
                level = value
                    .parse()
                    .unwrap_or_else(|_| usage("--level takes 1 to 10"))
            }
            "--game" => only = Some(value),
            _ => usage(&format!("unexpected argument {a}")),
        }
    }
    let list: Vec<String> = match &only {
        Some(name) => vec![
            GAMES
                .iter()
                .find(|g| g.split('(').next() == Some(name.as_str()))
                .map_or(name.clone(), |g| g.to_string()),
        ],
        None => GAMES.iter().map(|g| g.to_string()).collect(),
    };
    for name in list {
        let game = tabletop::load(&name).unwrap_or_else(|e| usage(&e.to_string()));
        tour(&game, seed, Level::new(level));
    }
}

fn tour(game: &AnyGame, seed: u64, level: Level) {
    let info = game.info();
    println!("=== {} ===", info.long_name);
    println!("{}", tabletop::suite::describe(info));
    let players = info.num_players;
    let mut rng = SplitMix64::seed_from_u64(seed);
    let mut bots: Vec<Searcher> = (0..players)
        .map(|p| {
            Searcher::new(Config::for_game(
                info.short_name,
                level.budget(),
                seed + p as u64,
            ))
        })
        .collect();
    let mut state = game.new_initial_state();
    let mut line = String::new();
    let mut shown_start = false;
    while !state.is_terminal() {
        let turn = state.current_player();
        if !shown_start && turn != Turn::Chance {
            println!(
                "\nWhat player 0 sees at the start:\n{}",
                state.observation_string(0)
            );
            shown_start = true;
        }
        let action = match turn {
            Turn::Chance => state.sample_chance(&mut rng),
            Turn::Player(p) => bots[p].search_with(&state, &mut GameKnowledge).action,
            Turn::Terminal => None,
        }
        .expect("a player or chance is to act");
        // The table's view: every move; for games with hidden information the
        // chance outcomes (dealt cards, hidden draws) are not read out.
        let said = match turn {
            Turn::Chance if info.information == Information::Imperfect => None,
            Turn::Chance => Some(format!("({})", state.action_to_string(turn, action))),
            Turn::Player(p) => {
                // As players write moves: the player's name, then the move.
                let seen = state
                    .action_seen_by(action, (p + 1) % players)
                    .unwrap_or_else(|| "(hidden)".into());
                let name = info.player_names.get(p).copied().unwrap_or("?");
                Some(format!("{name} {seen}"))
            }
            Turn::Terminal => None,
        };
        state
            .apply_action(action)
            .expect("the bots and chance act legally");
        if let Some(said) = said {
            if line.len() + said.len() > 90 {
                println!("{line}");
                line.clear();
            }
            line.push_str(&said);
            line.push(' ');
        }
    }
    println!("{line}");
    for p in 0..players {
        println!(
            "\nThe end as player {p} sees it:\n{}",
            state.observation_string(p)
        );
        if info.information == Information::Perfect {
            break;
        }
    }
    println!(
        "{} actions; returns {:?}; scores {:?}\n",
        state.history().len(),
        state.returns().to_vec(),
        state.scores().to_vec()
    );
}

fn usage(problem: &str) -> ! {
    eprintln!("tour: {problem}\nusage: tour [--seed N] [--game NAME] [--level L]");
    std::process::exit(2);
}
