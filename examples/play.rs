//! Play any of the five games against the search bots in the terminal, through
//! the `tabletop` interface.
//!
//! ```text
//! cargo run --release --example play -- GAME [--rules PRESET] [--seat N] [--level L] [--seed N]
//! ```
//! GAME is a name (`go` plays 9×9 there; `o_an_quan`, `hoop_race`, `trap_stones`,
//! `tarokk_war`) or a game string (`go(board_size=13,komi=6.5)`). You take seat N
//! (default 0); the bots take the others at level L (1–10, default 3). You see
//! only what your seat may see, and make your own hidden decisions (your traps,
//! your face-down soldiers) without the bots seeing them. Type a move in the game's
//! notation, or `moves` for the legal ones, `undo` to take back your last move and
//! the replies to it, `help`, `quit`. Chance (throws, deals, draws) is drawn from
//! the seed. A bad or illegal move gets a message and the game goes on.

use std::io::{BufRead, Write};

use rand_core::SeedableRng;
use tabletop::bot::{Config, Level, Searcher};
use tabletop::rng::SplitMix64;
use tabletop::{AnyGame, AnyState, Game, Param, Params, State, Turn};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut name: Option<String> = None;
    let (mut rules, mut seat, mut level, mut seed) = (None::<String>, 0usize, 3u8, 1u64);
    let mut k = 0;
    while k < args.len() {
        let value = || {
            args.get(k + 1)
                .cloned()
                .unwrap_or_else(|| usage(&format!("{} takes a value", args[k])))
        };
        match args[k].as_str() {
            "--rules" => rules = Some(value()),
            "--seat" => {
                seat = value()
                    .parse()
                    .unwrap_or_else(|_| usage("--seat takes a seat number"))
            }
            "--level" => {
                level = value()
                    .parse()
                    .unwrap_or_else(|_| usage("--level takes 1 to 10"))
            }
            "--seed" => {
                seed = value()
                    .parse()
                    .unwrap_or_else(|_| usage("--seed takes a whole number"))
            }
            g if name.is_none() && !g.starts_with('-') => {
                name = Some(g.to_string());
                k += 1;
                continue;
            }
            other => usage(&format!("unexpected argument {other}")),
        }
        k += 2;
    }
    let name = name.unwrap_or_else(|| usage("which game?"));
    let (game_name, mut params) =
        Params::parse_game_string(&name).unwrap_or_else(|e| usage(&e.to_string()));
    if game_name == "go" && params.get("board_size").is_none() {
        params.set("board_size", Param::Int(9));
    }
    if let Some(r) = rules {
        params.set("rules", Param::Str(r));
    }
    let game = tabletop::load_with(&game_name, &params).unwrap_or_else(|e| usage(&e.to_string()));
    let players = game.info().num_players;
    if seat >= players {
        usage(&format!("this game has seats 0 to {}", players - 1));
    }
    println!(
        "{}: you are player {seat}; the bots play level {level}. Type a move, or moves, undo, help, quit.",
        game.info().game_string()
    );
    let mut table = Table::new(game, seat, Level::new(level), seed);
    let stdin = std::io::stdin();
    let mut input = stdin.lock().lines();
    loop {
        for line in table.others() {
            println!("{line}");
        }
        if table.state.is_terminal() {
            println!("\n{}", table.state.observation_string(seat));
            let r = table.state.returns();
            let verdict = match r[seat] {
                x if x > 0.0 => "You win",
                x if x < 0.0 => "You lose",
                _ => "A draw",
            };
            println!(
                "{verdict}: returns {:?}, scores {:?}",
                r.to_vec(),
                table.state.scores().to_vec()
            );
            return;
        }
        println!("\n{}", table.state.observation_string(seat));
        print!("your move> ");
        let _ = std::io::stdout().flush();
        let Some(Ok(line)) = input.next() else {
            println!();
            return;
        };
        let line = line.trim();
        match line {
            "" => {}
            "quit" | "exit" => {
                println!("bye");
                return;
            }
            "help" => println!(
                "Type a move in the game's notation. Commands: moves (the legal ones), undo, help, quit."
            ),
            "moves" => {
                let turn = table.state.current_player();
                let moves: Vec<String> = table
                    .state
                    .legal_actions()
                    .iter()
                    .map(|&a| table.state.action_to_string(turn, a))
                    .collect();
                println!("legal moves: {}", moves.join(" "));
            }
            "undo" => match table.undo() {
                Ok(()) => println!("took back your last move"),
                Err(e) => println!("can't undo: {e}"),
            },
            text => match table.state.string_to_action(text) {
                Err(e) => println!("can't play \"{text}\": {e}"),
                Ok(a) => {
                    let name = table
                        .state
                        .action_to_string(table.state.current_player(), a);
                    match table.state.apply_action(a) {
                        Ok(()) => println!("you play {name}"),
                        Err(e) => println!("can't play \"{text}\": {e}"),
                    }
                }
            },
        }
    }
}

/// The game at the table: the human's seat against the bots, chance from a seed.
struct Table {
    game: AnyGame,
    state: AnyState,
    seat: usize,
    bots: Vec<Searcher>,
    rng: SplitMix64,
}

impl Table {
    fn new(game: AnyGame, seat: usize, level: Level, seed: u64) -> Table {
        let info = game.info();
        let bots = (0..info.num_players)
            .map(|p| {
                Searcher::new(Config::for_game(
                    info.short_name,
                    level.budget(),
                    seed + p as u64,
                ))
            })
            .collect();
        Table {
            state: game.new_initial_state(),
            game,
            seat,
            bots,
            rng: SplitMix64::seed_from_u64(seed),
        }
    }

    /// Lets chance and the bots act until the human is to move or the game ends;
    /// returns what the human saw of it.
    fn others(&mut self) -> Vec<String> {
        let mut seen = Vec::new();
        loop {
            let turn = self.state.current_player();
            let action = match turn {
                Turn::Terminal => break,
                Turn::Player(p) if p == self.seat => break,
                Turn::Chance => self.state.sample_chance(&mut self.rng),
                Turn::Player(p) => self.bots[p].search(&self.state).action,
            };
            let Some(action) = action else { break };
            let said = self.state.action_seen_by(action, self.seat);
            if self.state.apply_action(action).is_err() {
                break;
            }
            match (turn, said) {
                (Turn::Chance, Some(s)) => seen.push(format!("chance: {s}")),
                (Turn::Player(p), Some(s)) => seen.push(format!("player {p} plays {s}")),
                (Turn::Player(p), None) => seen.push(format!("player {p} decided in secret")),
                _ => {}
            }
        }
        seen
    }

    /// Takes back the human's last decision and everything after it.
    fn undo(&mut self) -> Result<(), String> {
        let history = self.state.history().to_vec();
        let mut probe = self.game.new_initial_state();
        let mut last = None;
        for (k, &a) in history.iter().enumerate() {
            if probe.current_player() == Turn::Player(self.seat) {
                last = Some(k);
            }
            probe.apply_action(a).map_err(|e| e.to_string())?;
        }
        let last = last.ok_or("you have not moved yet")?;
        let mut state = self.game.new_initial_state();
        for &a in &history[..last] {
            state.apply_action(a).map_err(|e| e.to_string())?;
        }
        self.state = state;
        Ok(())
    }
}

fn usage(problem: &str) -> ! {
    eprintln!(
        "play: {problem}\nusage: play GAME [--rules PRESET] [--seat N] [--level L] [--seed N]"
    );
    std::process::exit(2);
}
