//! A GTP version 2 Go engine over `go_core` (ruling G11) whose `genmove` is the
//! interface's search ([`crate::bot`]): for Go GUIs (GoGui, Sabaki, Lizzie,
//! KaTrain, …), servers and match tools.
//!
//! The commands are [`COMMANDS`]: GTP's own (`protocol_version` … `quit`), GNU
//! Go's (`is_legal`, `all_legal`, `list_stones`, `captures`,
//! `final_status_list`) and KataGo's rule commands (`kata-get-rules`,
//! `kata-set-rules`). One idea a file:
//!
//! - `commands`: the command table and each command's arguments;
//! - `board`: the game — sizes, komi, handicaps, moves, undo, SGF in and out
//!   with the rules as KataGo names them;
//! - `clock`: GTP's time controls and the time a move may take;
//! - `think`: `genmove`'s search, when it passes and when it resigns;
//! - `analyze`: live analysis for GUIs (`lz-analyze`, `kata-analyze` and their
//!   `genmove` forms);
//! - `status`: the count at the end and which stones are dead.
//!
//! GTP lets a controller send two moves of one colour in a row; the engine then
//! records a pass for the other colour in between (refused when that pass would
//! end the game). Errors answer `? message`; no input ends the engine but
//! `quit` or the end of input.

mod analyze;
mod board;
mod clock;
mod commands;
mod status;
mod think;

use std::format;
use std::string::{String, ToString};
use std::vec::Vec;

use go_core::{Game, Rules, Setup};

use crate::bot::{Config, Searcher};

pub use analyze::Analysis;
pub use commands::COMMANDS;
pub use status::STATUS_PLAYOUTS;
pub use think::{DEAD_STONE_PLAYOUTS, MIN_DEAD_STONE_PLAYOUTS, PLAY_ON_CHANCE, Thinking};

/// A GTP engine: one game, its rules, and the search behind `genmove`.
pub struct Engine {
    rules: Rules,
    game: Game,
    thinking: Thinking,
    searcher: Searcher,
    /// The game as it was at the last search: the tree is kept only while the
    /// game goes on from it.
    searched: Option<Game>,
    /// The move number at which the last search's tree holds no pass
    /// ([`GoKnowledge::no_pass_at`](crate::games::go::GoKnowledge::no_pass_at)):
    /// a tree grown otherwise is not kept.
    no_pass_at: Option<usize>,
    clock: Option<clock::Clock>,
    /// What the engine has to say besides its answers (an SGF's rules it could
    /// not read), for the program to print on standard error.
    notes: Vec<String>,
    /// The engine's moves in a row whose winning chance was below
    /// [`Thinking::resign_below`].
    low_turns: u32,
    quit: bool,
}

/// The answer to one command: success (`=`) or failure (`?`) with its text.
#[derive(Debug, PartialEq, Eq)]
pub enum Reply {
    /// `= text`
    Ok(String),
    /// `? text`
    Err(String),
}

impl Engine {
    /// A 19×19 engine under `rules` (or, if they are not valid, the default
    /// rules) that thinks as `thinking` says.
    pub fn new(rules: Rules, thinking: Thinking) -> Engine {
        let rules = if rules.validate().is_ok() {
            rules
        } else {
            Rules::default()
        };
        let game = Game::new(rules, Setup::default())
            .or_else(|_| Game::new(Rules::default(), Setup::default()));
        let game = match game {
            Ok(g) => g,
            // The default rules and setup are valid: go_core's tests say so.
            Err(_) => unreachable_default(),
        };
        Engine {
            rules,
            game,
            searcher: Searcher::new(Config::for_game("go", thinking.budget, thinking.seed)),
            searched: None,
            no_pass_at: None,
            thinking,
            clock: None,
            notes: Vec::new(),
            low_turns: 0,
            quit: false,
        }
    }

    /// The game as it stands.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Whether `quit` was received.
    pub fn has_quit(&self) -> bool {
        self.quit
    }

    /// What the engine noted since the last call, for standard error (GTP keeps
    /// standard output for answers): for example the rules of an SGF record it
    /// could not read, and which rules it plays instead.
    pub fn take_notes(&mut self) -> Vec<String> {
        core::mem::take(&mut self.notes)
    }

    /// Handles one input line and returns the full response text (`=…\n\n` or
    /// `?…\n\n`), or `None` for a line that GTP ignores (empty, comment). An
    /// analysis command ([`Analysis`]) answers with one report; a program that
    /// reads commands while the analysis goes on runs it with
    /// [`Engine::analyze`] instead.
    pub fn handle_line(&mut self, line: &str) -> Option<String> {
        // GTP: drop control characters but tab/newline, tabs become spaces, comments go.
        let cleaned: String = line
            .chars()
            .filter(|c| !c.is_control() || *c == '\t')
            .map(|c| if c == '\t' { ' ' } else { c })
            .collect();
        let cleaned = cleaned.split('#').next().unwrap_or("").trim();
        if cleaned.is_empty() {
            return None;
        }
        let mut words = cleaned.split_whitespace();
        let first = words.next()?;
        let (id, command) = match first.parse::<u64>() {
            Ok(id) => (Some(id), words.next().unwrap_or("")),
            Err(_) => (None, first),
        };
        let args: Vec<&str> = words.collect();
        if let Some(analysis) = Analysis::parse(command, &args) {
            // Without a stream to write to: one report, then the end of the
            // response (a program that streams calls `Engine::analyze`).
            let mut out = Vec::new();
            let result = match analysis {
                Ok(a) => {
                    let mut asked = false;
                    self.analyze(id, &a, &mut out, || core::mem::replace(&mut asked, true))
                }
                Err(e) => {
                    let id = id.map(|i| i.to_string()).unwrap_or_default();
                    return Some(format!("?{id} {e}\n\n"));
                }
            };
            return Some(match result {
                Ok(()) => String::from_utf8_lossy(&out).into_owned(),
                Err(e) => format!("? {e}\n\n"),
            });
        }
        let reply = self.run(command, &args);
        let id = id.map(|i| i.to_string()).unwrap_or_default();
        Some(match reply {
            Reply::Ok(text) if text.is_empty() => format!("={id}\n\n"),
            Reply::Ok(text) => format!("={id} {text}\n\n"),
            Reply::Err(text) => format!("?{id} {text}\n\n"),
        })
    }
}

/// Points as GTP lists them: separated by spaces.
fn join(points: &[go_core::Point]) -> String {
    let mut s = String::new();
    for (i, p) in points.iter().enumerate() {
        if i > 0 {
            s.push(' ');
        }
        s.push_str(&p.to_string());
    }
    s
}

#[cold]
fn unreachable_default() -> ! {
    unreachable!("go_core's default rules and setup make a game")
}
