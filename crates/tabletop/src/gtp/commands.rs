//! The command table: every command the engine knows, its arguments read, and
//! the method that answers it.

use std::format;
use std::string::{String, ToString};
use std::vec::Vec;

use go_core::{Color, Komi, Move, Point};

use super::{Engine, Reply};

/// The commands this engine knows, as `list_commands` prints them.
pub const COMMANDS: [&str; 34] = [
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "boardsize",
    "rectangular_boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "undo",
    "showboard",
    "final_score",
    "final_status_list",
    "fixed_handicap",
    "set_free_handicap",
    "loadsgf",
    "printsgf",
    "time_settings",
    "time_left",
    "quit",
    "is_legal",
    "all_legal",
    "list_stones",
    "captures",
    "kata-get-rules",
    "kata-set-rules",
    "kgs-time_settings",
    "lz-analyze",
    "kata-analyze",
    "lz-genmove_analyze",
    "kata-genmove_analyze",
    "stop",
];

fn syntax() -> Reply {
    Reply::Err("syntax error".into())
}

fn done(r: Result<(), String>) -> Reply {
    match r {
        Ok(()) => Reply::Ok(String::new()),
        Err(e) => Reply::Err(e),
    }
}

fn answer(r: Result<String, String>) -> Reply {
    match r {
        Ok(text) => Reply::Ok(text),
        Err(e) => Reply::Err(e),
    }
}

fn color(arg: Option<&&str>) -> Option<Color> {
    arg?.parse().ok()
}

impl Engine {
    /// Runs one command.
    pub fn run(&mut self, command: &str, args: &[&str]) -> Reply {
        let ok = Reply::Ok;
        match command {
            "protocol_version" => ok("2".into()),
            "name" => ok("go_core".into()),
            "version" => ok(env!("CARGO_PKG_VERSION").into()),
            "known_command" => ok(args
                .first()
                .is_some_and(|c| COMMANDS.contains(c))
                .to_string()),
            "list_commands" => ok(COMMANDS.join("\n")),
            "quit" => {
                self.quit = true;
                ok(String::new())
            }
            // Ends an analysis (the program sees the command arrive and stops
            // it); on its own, nothing to do.
            "stop" => ok(String::new()),
            "boardsize" | "rectangular_boardsize" => {
                let sizes: Vec<Option<u8>> = args.iter().map(|a| a.parse().ok()).collect();
                match sizes.as_slice() {
                    [Some(s)] => done(self.board_size(*s, *s)),
                    [Some(w), Some(h)] => done(self.board_size(*w, *h)),
                    _ => syntax(),
                }
            }
            "clear_board" => {
                self.reset(&[], Color::Black);
                ok(String::new())
            }
            "komi" => match args.first().and_then(|k| k.parse::<f64>().ok()) {
                Some(k) => match Komi::from_points(k) {
                    Ok(k) => done(self.set_komi(k)),
                    Err(_) => {
                        Reply::Err("komi must be a multiple of 0.5 between -1000 and 1000".into())
                    }
                },
                None => syntax(),
            },
            "play" => match (color(args.first()), args.get(1).map(|m| m.parse::<Move>())) {
                (Some(c), Some(Ok(mv))) => match self.play(c, mv) {
                    Ok(()) => ok(String::new()),
                    Err(e) => Reply::Err(format!("illegal move ({e})")),
                },
                _ => syntax(),
            },
            "genmove" => match color(args.first()) {
                Some(c) => answer(self.genmove(c)),
                None => syntax(),
            },
            "undo" => match self.game.undo() {
                Ok(_) => ok(String::new()),
                Err(_) => Reply::Err("cannot undo".into()),
            },
            "showboard" => ok(format!(
                "\n{}\nrules: {}",
                self.game,
                self.game.rules().katago_json()
            )),
            "final_score" => ok(self.final_score()),
            "final_status_list" => match args.first() {
                Some(&status @ ("dead" | "alive" | "seki")) => ok(self.final_status(status)),
                _ => syntax(),
            },
            "fixed_handicap" => match args.first().map(|n| n.parse::<u8>()) {
                Some(Ok(n)) => answer(self.fixed_handicap(n)),
                _ => syntax(),
            },
            "set_free_handicap" => {
                let points: Result<Vec<Point>, _> =
                    args.iter().map(|a| a.parse::<Point>()).collect();
                match points {
                    Ok(points) => done(self.free_handicap(&points)),
                    Err(_) => syntax(),
                }
            }
            "loadsgf" => {
                let Some(path) = args.first() else {
                    return syntax();
                };
                let upto = match args.get(1).map(|n| n.parse::<usize>()) {
                    None => None,
                    Some(Ok(n)) => Some(n),
                    Some(Err(_)) => return syntax(),
                };
                answer(self.load_sgf_file(path, upto))
            }
            "printsgf" => ok(self.sgf()),
            "time_settings" => {
                let nums: Vec<Option<f64>> = args.iter().map(|a| a.parse().ok()).collect();
                match nums.as_slice() {
                    [Some(main), Some(byo), Some(stones)] => {
                        done(self.time_settings(*main, *byo, *stones))
                    }
                    _ => syntax(),
                }
            }
            "time_left" => match (
                color(args.first()),
                args.get(1).map(|t| t.parse::<f64>()),
                args.get(2).map(|s| s.parse::<u32>()),
            ) {
                (Some(c), Some(Ok(time)), Some(Ok(stones))) => {
                    done(self.time_left(c, time, stones))
                }
                _ => syntax(),
            },
            "is_legal" => match (color(args.first()), args.get(1).map(|m| m.parse::<Move>())) {
                (Some(c), Some(Ok(mv))) => {
                    let legal = self.as_mover(c).is_some_and(|g| g.is_legal(mv));
                    ok(if legal { "1" } else { "0" }.into())
                }
                _ => syntax(),
            },
            "all_legal" => match color(args.first()) {
                Some(c) => {
                    let points: Vec<Point> = self
                        .as_mover(c)
                        .map(|g| g.legal_moves().iter().filter_map(|m| m.point()).collect())
                        .unwrap_or_default();
                    ok(super::join(&points))
                }
                None => syntax(),
            },
            "list_stones" => match color(args.first()) {
                Some(c) => {
                    let points: Vec<Point> = self
                        .game
                        .board()
                        .stones()
                        .filter(|&(_, s)| s == c)
                        .map(|(p, _)| p)
                        .collect();
                    ok(super::join(&points))
                }
                None => syntax(),
            },
            "captures" => match color(args.first()) {
                Some(c) => ok(self.game.prisoners(c).to_string()),
                None => syntax(),
            },
            "kgs-time_settings" => done(self.kgs_time_settings(args)),
            "kata-get-rules" => ok(self.game.rules().katago_json()),
            "kata-set-rules" => done(self.set_katago_rules(&args.join(" "))),
            "" => syntax(),
            _ => Reply::Err("unknown command".into()),
        }
    }
}
