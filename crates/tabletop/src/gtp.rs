//! A GTP version 2 Go engine over `go_core` (ruling G11) whose `genmove` is the
//! interface's search ([`crate::bot`]): for Go GUIs (GoGui, Sabaki, …), servers
//! and match tools.
//!
//! Commands: `protocol_version`, `name`, `version`, `known_command`,
//! `list_commands`, `boardsize` (also `boardsize W H` for rectangles, an
//! extension), `clear_board`, `komi`, `play`, `genmove`, `undo`, `showboard`,
//! `final_score`, `fixed_handicap`, `set_free_handicap`, `loadsgf`, `printsgf`,
//! `time_settings`, `time_left`, `quit`, and GNU Go's `is_legal`, `all_legal`,
//! `list_stones`, `captures` and `final_status_list` (go_core's dead-stone
//! estimate, [`Game::estimate_dead`]).
//!
//! `genmove` searches for the time the clock allows (`time_settings`,
//! `time_left`), else for the engine's budget ([`Thinking`]); it resigns only
//! when asked to ([`Thinking::resign_below`]). GTP lets a controller send two
//! moves of one colour in a row; the engine then records a pass for the other
//! colour in between (refused when that pass would end the game). Errors answer
//! `? message`; no input ends the engine but `quit` or the end of input.

use std::fmt::Write as _;
use std::format;
use std::string::{String, ToString};
use std::time::Duration;
use std::vec::Vec;

use go_core::sgf::SgfGame;
use go_core::{
    Color, End, Game, HandicapBonus, KoRule, Komi, Move, Point, Rules, Scoring, Setup, Suicide, Tax,
};

use crate::bot::{Budget, Config, Searcher};
use crate::games::go::{Go, GoKnowledge};
use crate::interface::State;
use crate::turn::Turn;

/// The playouts of the dead-stone estimate behind `final_status_list`.
pub const STATUS_PLAYOUTS: usize = 100;

/// The commands this engine knows, as `list_commands` prints them.
pub const COMMANDS: [&str; 28] = [
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
];

/// How `genmove` thinks when no clock says otherwise, and when it gives up.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Thinking {
    /// The search's budget per move without a clock (a level's playouts, a fixed
    /// number of playouts or a time).
    pub budget: Budget,
    /// The search's seed (the same seed, budget and moves give the same play
    /// under a playout budget).
    pub seed: u64,
    /// Resign when the best move's expected result falls below this winning
    /// chance (0 to 1), after the opening; `None` never resigns.
    pub resign_below: Option<f64>,
    /// The search's UCT exploration constant, if not Go's default.
    pub exploration: Option<f64>,
    /// RAVE's equivalence parameter, if not Go's default; 0 turns RAVE off.
    pub rave: Option<f64>,
    /// The playouts' policy: go_core's heavy one (the default) or, when false,
    /// the light one (see [`crate::games::go`]).
    pub heavy_playouts: bool,
    /// Priors for the tree from Go knowledge ([`GoKnowledge`]; the default);
    /// when false none (every legal move, own eyes included, at no prior).
    pub knowledge: bool,
    /// The tree's growth ([`Config::expand_after`]), if not Go's default.
    pub expand_after: Option<Option<u32>>,
    /// First-play urgency ([`Config::first_play`]), if not Go's default.
    pub first_play: Option<f64>,
    /// Keep the tree from one move to the next ([`Config::reuse_tree`]).
    pub reuse_tree: bool,
    /// Pass judged by a cautious count (the default): after the opponent's pass,
    /// pass at once when the count with dead stones removed wins even if every
    /// point that is nobody's yet went to the opponent; otherwise never pass
    /// while another move was searched. Dead stones are judged by
    /// up to [`DEAD_STONE_PLAYOUTS`] heavy playouts, within the move's budget
    /// (see `Engine::safe_to_pass`).
    pub pass_check: bool,
    /// End a search once its choice cannot change ([`Config::stop_early`]; the
    /// default): time saved for later moves under a clock.
    pub stop_early: bool,
}

/// Playouts that judge which stones are dead ([`Thinking::pass_check`]), at most:
/// no more than the move's playout budget, and no longer than a quarter of its
/// time (at least [`MIN_DEAD_STONE_PLAYOUTS`]).
pub const DEAD_STONE_PLAYOUTS: usize = 200;

/// The fewest playouts that judge dead stones under a time budget.
pub const MIN_DEAD_STONE_PLAYOUTS: usize = 8;

impl Default for Thinking {
    fn default() -> Thinking {
        Thinking {
            budget: crate::bot::Level::new(6).budget(),
            seed: 1,
            resign_below: None,
            exploration: None,
            rave: None,
            heavy_playouts: true,
            knowledge: true,
            expand_after: None,
            first_play: None,
            reuse_tree: true,
            pass_check: true,
            stop_early: true,
        }
    }
}

/// GTP's clock (`time_settings main byo_yomi_time byo_yomi_stones`, and
/// `time_left` for each colour as the game goes).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Clock {
    main: f64,
    byo_time: f64,
    byo_stones: u32,
    /// Seconds and stones left per colour, as `time_left` last said.
    left: [Option<(f64, u32)>; 2],
}

/// A GTP engine: one game, its rules, and the search behind `genmove`.
pub struct Engine {
    rules: Rules,
    game: Game,
    thinking: Thinking,
    searcher: Searcher,
    /// The game as it was at the last search: the tree is kept only while the
    /// game goes on from it.
    searched: Option<Game>,
    clock: Option<Clock>,
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
    /// A 19×19 engine under `rules` that thinks as `thinking` says.
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
            thinking,
            clock: None,
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

    /// Handles one input line and returns the full response text (`=…\n\n` or
    /// `?…\n\n`), or `None` for a line that GTP ignores (empty, comment).
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
        let reply = self.run(command, &args);
        let id = id.map(|i| i.to_string()).unwrap_or_default();
        Some(match reply {
            Reply::Ok(text) if text.is_empty() => format!("={id}\n\n"),
            Reply::Ok(text) => format!("={id} {text}\n\n"),
            Reply::Err(text) => format!("?{id} {text}\n\n"),
        })
    }

    /// Runs one command.
    pub fn run(&mut self, command: &str, args: &[&str]) -> Reply {
        let ok = Reply::Ok;
        let err = |s: &str| Reply::Err(s.to_string());
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
            "boardsize" | "rectangular_boardsize" => {
                let sizes: Vec<Option<u8>> = args.iter().map(|a| a.parse().ok()).collect();
                let (w, h) = match sizes.as_slice() {
                    [Some(s)] => (*s, *s),
                    [Some(w), Some(h)] => (*w, *h),
                    _ => return err("syntax error"),
                };
                match Game::new(self.rules, Setup::new(w, h)) {
                    Ok(g) => {
                        self.game = g;
                        ok(String::new())
                    }
                    Err(_) => err("unacceptable size"),
                }
            }
            "clear_board" => {
                self.reset(&[], Color::Black);
                ok(String::new())
            }
            "komi" => match args
                .first()
                .and_then(|k| k.parse::<f64>().ok())
                .map(Komi::from_points)
            {
                Some(Ok(k)) => {
                    self.rules = self.rules.with_komi(k);
                    match self.game.set_komi(k) {
                        Ok(()) => ok(String::new()),
                        Err(e) => Reply::Err(e.to_string()),
                    }
                }
                Some(Err(_)) => err("komi must be a multiple of 0.5 between -1000 and 1000"),
                None => err("syntax error"),
            },
            "play" => {
                let (Some(color), Some(mv)) = (args.first(), args.get(1)) else {
                    return err("syntax error");
                };
                let (Ok(color), Ok(mv)) = (color.parse::<Color>(), mv.parse::<Move>()) else {
                    return err("syntax error");
                };
                match self.play(color, mv) {
                    Ok(()) => ok(String::new()),
                    Err(e) => Reply::Err(format!("illegal move ({e})")),
                }
            }
            "genmove" => {
                let Some(Ok(color)) = args.first().map(|c| c.parse::<Color>()) else {
                    return err("syntax error");
                };
                if self.game.is_over() {
                    return ok("pass".into());
                }
                if let Err(e) = self.turn_to(color) {
                    return Reply::Err(e);
                }
                let mv = self.think();
                match self.game.play(mv) {
                    Ok(_) => ok(mv.to_string()),
                    Err(e) => Reply::Err(e.to_string()),
                }
            }
            "time_settings" => {
                let nums: Vec<Option<f64>> = args.iter().map(|a| a.parse().ok()).collect();
                match nums.as_slice() {
                    // Finite times only: an infinite one is no time GTP can give.
                    [Some(main), Some(byo), Some(stones)]
                        if [main, byo, stones]
                            .iter()
                            .all(|t| t.is_finite() && **t >= 0.0) =>
                    {
                        self.clock = (*main > 0.0 || *byo > 0.0).then_some(Clock {
                            main: *main,
                            byo_time: *byo,
                            byo_stones: *stones as u32,
                            left: [None; 2],
                        });
                        ok(String::new())
                    }
                    _ => err("syntax error"),
                }
            }
            "time_left" => {
                let (Some(Ok(color)), Some(Ok(time)), Some(Ok(stones))) = (
                    args.first().map(|c| c.parse::<Color>()),
                    args.get(1).map(|t| t.parse::<f64>()),
                    args.get(2).map(|s| s.parse::<u32>()),
                ) else {
                    return err("syntax error");
                };
                if !time.is_finite() {
                    return err("syntax error");
                }
                if let Some(clock) = &mut self.clock {
                    clock.left[color.index()] = Some((time.max(0.0), stones));
                }
                ok(String::new())
            }
            "undo" => match self.game.undo() {
                Ok(_) => ok(String::new()),
                Err(_) => err("cannot undo"),
            },
            "showboard" => ok(format!(
                "\n{}\nrules: {}",
                self.game,
                kata_rules_json(self.game.rules())
            )),
            "kata-get-rules" => ok(kata_rules_json(self.game.rules())),
            "kata-set-rules" => match kata_rules(&args.join(" "), self.game.rules().komi()) {
                Ok(rules) => match self.replayed_under(rules) {
                    Ok(game) => {
                        self.rules = rules;
                        self.game = game;
                        ok(String::new())
                    }
                    Err(e) => Reply::Err(e),
                },
                Err(e) => Reply::Err(e),
            },
            "final_score" => {
                // A resignation decides; otherwise the count without the stones
                // `final_status_list dead` names, as GNU Go counts.
                let result = match self.game.result() {
                    Some(r)
                        if self
                            .game
                            .outcome()
                            .is_some_and(|o| o.reason() == End::Resignation) =>
                    {
                        r
                    }
                    _ => self
                        .game
                        .score_with_dead(&self.dead_stones())
                        .map_or_else(|_| self.game.score().result(), |s| s.result()),
                };
                ok(result.to_string())
            }
            "fixed_handicap" => {
                let Some(Ok(n)) = args.first().map(|n| n.parse::<u8>()) else {
                    return err("syntax error");
                };
                if self.game.move_count() > 0
                    || self.game.board().empty_count() != self.board_points()
                {
                    return err("board not empty");
                }
                let b = self.game.board();
                match go_core::handicap::fixed_points(b.width(), b.height(), n) {
                    Ok(points) => {
                        let stones: Vec<(Point, Color)> =
                            points.iter().map(|&p| (p, Color::Black)).collect();
                        self.reset(&stones, Color::White);
                        ok(join(&points))
                    }
                    Err(_) => err("invalid handicap"),
                }
            }
            "set_free_handicap" => {
                let points: Result<Vec<Point>, _> =
                    args.iter().map(|a| a.parse::<Point>()).collect();
                let Ok(points) = points else {
                    return err("syntax error");
                };
                if points.len() < 2
                    || self.game.move_count() > 0
                    || self.game.board().empty_count() != self.board_points()
                {
                    return err("invalid handicap");
                }
                let stones: Vec<(Point, Color)> =
                    points.iter().map(|&p| (p, Color::Black)).collect();
                let setup = Setup {
                    stones,
                    to_move: Color::White,
                    ..Setup::new(self.game.board().width(), self.game.board().height())
                };
                match Game::new(self.rules, setup) {
                    Ok(g) => {
                        self.game = g;
                        ok(String::new())
                    }
                    Err(_) => err("bad vertex list"),
                }
            }
            "loadsgf" => {
                let Some(path) = args.first() else {
                    return err("syntax error");
                };
                let upto: Option<usize> = match args.get(1).map(|n| n.parse::<usize>()) {
                    None => None,
                    Some(Ok(n)) => Some(n),
                    Some(Err(_)) => return err("syntax error"),
                };
                let Ok(bytes) = std::fs::read(path) else {
                    return err("cannot load file");
                };
                let text = String::from_utf8_lossy(&bytes);
                match self.load_sgf(&text, upto) {
                    Ok(color) => ok(color.to_string()),
                    Err(e) => Reply::Err(format!("cannot load file ({e})")),
                }
            }
            "printsgf" => ok(SgfGame::from_game(&self.game)
                .to_sgf()
                .trim_end()
                .to_string()),
            "is_legal" => match (
                args.first().map(|c| c.parse::<Color>()),
                args.get(1).map(|m| m.parse::<Move>()),
            ) {
                (Some(Ok(color)), Some(Ok(mv))) => {
                    let legal = self.as_mover(color).is_some_and(|g| g.is_legal(mv));
                    ok(if legal { "1" } else { "0" }.into())
                }
                _ => err("syntax error"),
            },
            "all_legal" => match args.first().map(|c| c.parse::<Color>()) {
                Some(Ok(color)) => {
                    let points: Vec<Point> = self
                        .as_mover(color)
                        .map(|g| g.legal_moves().iter().filter_map(|m| m.point()).collect())
                        .unwrap_or_default();
                    ok(join(&points))
                }
                _ => err("syntax error"),
            },
            "list_stones" => match args.first().map(|c| c.parse::<Color>()) {
                Some(Ok(color)) => {
                    let points: Vec<Point> = self
                        .game
                        .board()
                        .stones()
                        .filter(|&(_, c)| c == color)
                        .map(|(p, _)| p)
                        .collect();
                    ok(join(&points))
                }
                _ => err("syntax error"),
            },
            "final_status_list" => match args.first() {
                Some(&status @ ("dead" | "alive" | "seki")) => ok(self.final_status(status)),
                _ => err("syntax error"),
            },
            "captures" => match args.first().map(|c| c.parse::<Color>()) {
                Some(Ok(color)) => ok(self.game.prisoners(color).to_string()),
                _ => err("syntax error"),
            },
            "" => err("syntax error"),
            _ => err("unknown command"),
        }
    }

    /// The dead stones by go_core's estimate ([`Game::estimate_dead`],
    /// [`STATUS_PLAYOUTS`] playouts from the engine's seed: the same position
    /// always gets the same answer).
    fn dead_stones(&self) -> Vec<Point> {
        let mut rng = crate::rng::SplitMix64::new(self.thinking.seed);
        self.game.estimate_dead(&mut rng, STATUS_PLAYOUTS).dead
    }

    /// The stones of `status` (`dead`, `alive` or `seki`; disjoint, as GNU Go
    /// lists them), one chain a line: the dead ones by go_core's estimate
    /// ([`Game::estimate_dead`], [`STATUS_PLAYOUTS`] playouts from the engine's
    /// seed, so the same position always gets the same answer), seki by the
    /// count's rule once they are gone, alive the rest.
    fn final_status(&self, status: &str) -> String {
        let dead = self.dead_stones();
        let seki = self.game.seki_stones(&dead).unwrap_or_default();
        let board = self.game.board();
        let wanted = |p: &Point| match status {
            "dead" => dead.contains(p),
            "seki" => seki.contains(p),
            _ => !dead.contains(p) && !seki.contains(p),
        };
        let mut lines = Vec::new();
        let mut listed: Vec<Point> = Vec::new();
        for (p, _) in board.stones() {
            if wanted(&p) && !listed.contains(&p) {
                let chain: Vec<Point> = board.chain(p).collect();
                listed.extend(&chain);
                lines.push(join(&chain));
            }
        }
        lines.join("\n")
    }

    /// The engine's move: a search of the game as it stands, for as long as the
    /// clock allows (else the budget), or a resignation when it is asked to and the
    /// game is lost.
    fn think(&mut self) -> Move {
        let opponent_passed = matches!(self.game.last_move(), Some((_, Move::Pass)));
        let budget = self.move_budget();
        if self.thinking.pass_check && opponent_passed && self.safe_to_pass(budget) {
            return Move::Pass;
        }
        let state = Go::state_with_playouts(&self.game, self.thinking.heavy_playouts);
        let mut config = Config::for_game("go", budget, self.thinking.seed);
        if let Some(c) = self.thinking.exploration {
            config.exploration = c;
        }
        if let Some(k) = self.thinking.rave {
            config.rave = (k > 0.0).then_some(k);
        }
        if let Some(e) = self.thinking.expand_after {
            config.expand_after = e;
        }
        if let Some(f) = self.thinking.first_play {
            config.first_play = f;
        }
        config.reuse_tree = self.thinking.reuse_tree;
        config.stop_early = self.thinking.stop_early;
        self.searcher.set_config(config);
        // The tree is kept only along one game.
        let same_game = self.searched.as_ref().is_some_and(|g| {
            g.setup() == self.game.setup()
                && g.rules() == self.game.rules()
                && g.move_count() <= self.game.move_count()
                && self.game.moves().take(g.move_count()).eq(g.moves())
        });
        if !same_game {
            self.searcher.forget();
        }
        self.searched = Some(self.game.clone());
        let report = if self.thinking.knowledge {
            self.searcher
                .search_with(&state, &mut GoKnowledge::default())
        } else {
            self.searcher.search(&state)
        };
        let Some(mut action) = report.action else {
            return Move::Pass;
        };
        let pass = state.move_to_action(Move::Pass);
        if self.thinking.pass_check
            && Some(action) == pass
            && let Some(other) = report.children.iter().find(|c| Some(c.action) != pass)
            && !self.safe_to_pass(budget)
        {
            // Passing might leave the count lost: play on.
            action = other.action;
        }
        if let Some(p) = self.thinking.resign_below
            && self.game.move_count() >= self.board_points() / 4
            && (report.value + 1.0) / 2.0 < p
        {
            return Move::Resign;
        }
        state
            .action_to_move(action)
            .filter(|_| state.current_player() != Turn::Terminal)
            .unwrap_or(Move::Pass)
    }

    /// The time for this move: in byo-yomi its period over its stones; in main
    /// time a share of what is left, as if a third of the empty points were still
    /// to be played; else the engine's budget.
    fn move_budget(&self) -> Budget {
        let Some(clock) = self.clock else {
            return self.thinking.budget;
        };
        let me = self.game.to_move().index();
        let (left, stones) = clock.left[me].unwrap_or((clock.main, 0));
        let seconds = if stones > 0 {
            left / f64::from(stones)
        } else if left > 0.0 {
            let to_play = (self.game.board().empty_count() / 3).max(10) as f64;
            let byo = if clock.byo_stones > 0 {
                clock.byo_time / f64::from(clock.byo_stones)
            } else {
                0.0
            };
            left / to_play + byo
        } else if clock.byo_stones > 0 {
            clock.byo_time / f64::from(clock.byo_stones)
        } else {
            0.05
        };
        // Keep a margin for the controller and the move's transmission.
        let seconds = (seconds * 0.9 - 0.02).max(0.01);
        // A time too long for a `Duration` (finite, but beyond 2^64 seconds) is no
        // limit: think as the engine is set to.
        Duration::try_from_secs_f64(seconds).map_or(self.thinking.budget, Budget::time)
    }

    /// Whether the side to move wins the count with dead stones removed even if
    /// every point that counts for nobody (dame, open areas) went to the
    /// opponent. Dead stones as heavy playouts from the position judge them,
    /// cautiously for the side to move: its stones count as dead unless their
    /// points stay its own in 70 % of the playouts, the opponent's as alive
    /// unless theirs do in under 30 %. The playouts stay within `budget`: no more
    /// than its playouts, no longer than a quarter of its time (after
    /// [`MIN_DEAD_STONE_PLAYOUTS`]), at most [`DEAD_STONE_PLAYOUTS`].
    fn safe_to_pass(&self, budget: Budget) -> bool {
        use rand_core::SeedableRng;
        let start = std::time::Instant::now();
        let most = budget.playouts.map_or(DEAD_STONE_PLAYOUTS, |n| {
            usize::try_from(n).map_or(DEAD_STONE_PLAYOUTS, |n| n.clamp(1, DEAD_STONE_PLAYOUTS))
        });
        let time_share = budget.time.map(|t| t / 4);
        let board = self.game.board();
        let (w, h) = (usize::from(board.width()), usize::from(board.height()));
        let mut own = std::vec![0u32; w * h];
        let mut rng = crate::rng::SplitMix64::seed_from_u64(self.thinking.seed ^ 0x5eed);
        let policy = go_core::HeavyPolicy::default();
        let mut g = self.game.clone();
        let mut made = 0usize;
        while made < most {
            if made >= MIN_DEAD_STONE_PLAYOUTS && time_share.is_some_and(|t| start.elapsed() >= t) {
                break;
            }
            made += 1;
            g.clone_from(&self.game);
            g.heavy_play_out(&mut rng, 4 * w * h, &policy);
            let b = g.board();
            for p in b.points() {
                let owner = b.get(p).or_else(|| {
                    // An empty point: the colour of all its stone neighbours.
                    let (c, r) = (p.col(), p.row());
                    let mut colours = [
                        c.checked_sub(1).and_then(|c| Point::new(c, r)),
                        Point::new(c + 1, r),
                        r.checked_sub(1).and_then(|r| Point::new(c, r)),
                        Point::new(c, r + 1),
                    ]
                    .into_iter()
                    .flatten()
                    .filter_map(|q| b.get(q));
                    let first = colours.next()?;
                    colours.all(|c| c == first).then_some(first)
                });
                if let (Some(o), Some(c)) = (owner, board.get(p))
                    && o == c
                {
                    own[usize::from(p.row()) * w + usize::from(p.col())] += 1;
                }
            }
        }
        let me = self.game.to_move();
        let dead: Vec<Point> = board
            .stones()
            .filter(|&(p, c)| {
                let share =
                    f64::from(own[usize::from(p.row()) * w + usize::from(p.col())]) / made as f64;
                if c == me { share < 0.7 } else { share < 0.3 }
            })
            .map(|(p, _)| p)
            .collect();
        let Ok(score) = self.game.score_with_dead(&dead) else {
            return false;
        };
        let margin = match me {
            Color::Black => score.margin_half_points(),
            Color::White => -score.margin_half_points(),
        };
        margin > 2 * i64::from(score.neutral)
    }

    fn board_points(&self) -> usize {
        self.game.board().width() as usize * self.game.board().height() as usize
    }

    fn reset(&mut self, stones: &[(Point, Color)], to_move: Color) {
        let (w, h) = (self.game.board().width(), self.game.board().height());
        let setup = Setup {
            stones: stones.to_vec(),
            to_move,
            ..Setup::new(w, h)
        };
        if let Ok(g) = Game::new(self.rules, setup) {
            self.game = g;
        }
    }

    /// The game as it stands, replayed under `rules` (its setup and moves), or why
    /// not.
    fn replayed_under(&self, rules: Rules) -> Result<Game, String> {
        let mut game = Game::new(rules, self.game.setup().clone()).map_err(|e| e.to_string())?;
        for (color, mv) in self.game.moves() {
            game.play_as(color, mv)
                .map_err(|e| format!("the game so far breaks those rules: {color} {mv}: {e}"))?;
        }
        Ok(game)
    }

    /// Makes `color` the side to move, recording a pass for the other side.
    fn turn_to(&mut self, color: Color) -> Result<(), String> {
        if self.game.to_move() == color {
            return Ok(());
        }
        if self.game.consecutive_passes() > 0 {
            return Err(format!(
                "it is {}'s turn and a pass would end the game",
                self.game.to_move()
            ));
        }
        self.game
            .play(Move::Pass)
            .map(|_| ())
            .map_err(|e| e.to_string())
    }

    fn play(&mut self, color: Color, mv: Move) -> Result<(), String> {
        // A refused move must change nothing, including the pass put in for turn.
        let saved = (self.game.to_move() != color).then(|| self.game.clone());
        self.turn_to(color)?;
        if let Err(e) = self.game.play(mv) {
            if let Some(g) = saved {
                self.game = g;
            }
            return Err(e.to_string());
        }
        Ok(())
    }

    /// The game as `color` to move (with a pass recorded for the other side when
    /// needed), for the legality queries.
    fn as_mover(&self, color: Color) -> Option<Game> {
        let mut g = self.game.clone();
        if g.to_move() != color {
            g.play(Move::Pass).ok()?;
        }
        (!g.is_over()).then_some(g)
    }

    /// Loads the main line of an SGF text, up to (not including) move `upto`
    /// (1-based, as GTP's `loadsgf` counts); returns the colour to move.
    fn load_sgf(&mut self, text: &str, upto: Option<usize>) -> Result<Color, String> {
        let mut record = SgfGame::read(text).map_err(|e| e.to_string())?;
        if let Some(n) = upto {
            record.moves.truncate(n.saturating_sub(1));
        }
        let rules = match record.komi {
            Some(k) => self.rules.with_komi(k),
            None => self.rules,
        };
        let game = record.replay(rules).map_err(|e| e.to_string())?;
        self.rules = rules;
        self.game = game;
        Ok(self.game.to_move())
    }
}

/// The rules KataGo calls `name` (case, `-`, `_` and spaces ignored): go_core's
/// preset of that name (they are KataGo's field for field), or one of KataGo's
/// other spellings: `french` (AGA's fields), `ing` and `goe` (Tromp–Taylor's).
fn kata_named(name: &str) -> Option<Rules> {
    let name = squash(name);
    let name = match name.as_str() {
        "french" => "aga",
        "ing" | "goe" => "tromptaylor",
        other => other,
    };
    Rules::PRESETS
        .iter()
        .find(|p| squash(p) == name)
        .and_then(|p| Rules::preset(p).ok())
}

/// A rules name without case, `-`, `_` and spaces.
fn squash(s: &str) -> String {
    s.chars()
        .filter(|c| !matches!(c, '-' | '_' | ' '))
        .flat_map(char::to_lowercase)
        .collect()
}

/// The rules as KataGo's `kata-get-rules` writes them (JSON, KataGo's keys).
fn kata_rules_json(rules: &Rules) -> String {
    let ko = match rules.ko() {
        KoRule::Simple | KoRule::None => "SIMPLE",
        KoRule::PositionalSuperko => "POSITIONAL",
        KoRule::SituationalSuperko => "SITUATIONAL",
    };
    let scoring = match rules.scoring() {
        Scoring::Area => "AREA",
        Scoring::Territory => "TERRITORY",
    };
    let tax = match rules.tax() {
        Tax::None => "NONE",
        Tax::Seki => "SEKI",
        Tax::All => "ALL",
    };
    let bonus = match rules.handicap_bonus() {
        HandicapBonus::None => "0",
        HandicapBonus::StonesMinusOne => "N-1",
        HandicapBonus::Stones => "N",
    };
    format!(
        "{{\"friendlyPassOk\":false,\"hasButton\":{},\"ko\":\"{ko}\",\"komi\":{},\"scoring\":\"{scoring}\",\"suicide\":{},\"tax\":\"{tax}\",\"whiteHandicapBonus\":\"{bonus}\"}}",
        rules.button(),
        rules.komi(),
        rules.suicide() == Suicide::Allowed
    )
}

/// The rules `kata-set-rules` names: one of KataGo's names (case, `-`, `_` and
/// spaces ignored) or a JSON object with KataGo's keys `ko`, `scoring` (or
/// `score`), `tax` (by default `SEKI` under territory scoring, else `NONE`, as
/// KataGo reads it), `suicide`, `hasButton`, `whiteHandicapBonus`,
/// `friendlyPassOk`, `komi`. The komi is kept unless the JSON gives one.
fn kata_rules(text: &str, komi: Komi) -> Result<Rules, String> {
    let text = text.trim();
    if text.starts_with('{') {
        return kata_rules_from_json(text, komi);
    }
    kata_named(text)
        .map(|r| r.with_komi(komi))
        .ok_or_else(|| format!("unknown rules {text}"))
}

/// `kata-set-rules` with a JSON object (see [`kata_rules`]).
fn kata_rules_from_json(text: &str, komi: Komi) -> Result<Rules, String> {
    let bad = |what: &str| Err(format!("rules {what} not supported: {text}"));
    let map: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(text).map_err(|e| format!("bad rules JSON: {e}"))?;
    let mut rules = Rules::tromp_taylor().with_komi(komi);
    let mut tax = None;
    for (key, value) in &map {
        let word = value.as_str().map(str::to_ascii_uppercase);
        match (key.as_str(), word.as_deref(), value.as_bool()) {
            ("ko", Some("SIMPLE"), _) => rules = rules.with_ko(KoRule::Simple),
            ("ko", Some("POSITIONAL"), _) => rules = rules.with_ko(KoRule::PositionalSuperko),
            ("ko", Some("SITUATIONAL"), _) => rules = rules.with_ko(KoRule::SituationalSuperko),
            ("scoring" | "score", Some("AREA"), _) => rules = rules.with_scoring(Scoring::Area),
            ("scoring" | "score", Some("TERRITORY"), _) => {
                rules = rules.with_scoring(Scoring::Territory);
            }
            ("tax", Some("NONE"), _) => tax = Some(Tax::None),
            ("tax", Some("SEKI"), _) => tax = Some(Tax::Seki),
            ("tax", Some("ALL"), _) => tax = Some(Tax::All),
            ("suicide", _, Some(true)) => rules = rules.with_suicide(Suicide::Allowed),
            ("suicide", _, Some(false)) => rules = rules.with_suicide(Suicide::Forbidden),
            ("hasButton", _, Some(b)) => rules = rules.with_button(b),
            ("friendlyPassOk", _, Some(_)) => {}
            ("whiteHandicapBonus", Some("0"), _) => {
                rules = rules.with_handicap_bonus(HandicapBonus::None);
            }
            ("whiteHandicapBonus", Some("N-1"), _) => {
                rules = rules.with_handicap_bonus(HandicapBonus::StonesMinusOne);
            }
            ("whiteHandicapBonus", Some("N"), _) => {
                rules = rules.with_handicap_bonus(HandicapBonus::Stones);
            }
            ("komi", ..) => {
                let k = value.as_f64().map(Komi::from_points);
                match k {
                    Some(Ok(k)) => rules = rules.with_komi(k),
                    _ => return bad("komi"),
                }
            }
            _ => return bad(key),
        }
    }
    let tax = tax.unwrap_or(match rules.scoring() {
        Scoring::Territory => Tax::Seki,
        Scoring::Area => Tax::None,
    });
    rules = rules.with_tax(tax);
    rules.validate().map_err(|e| e.to_string())?;
    Ok(rules)
}

fn join(points: &[Point]) -> String {
    let mut s = String::new();
    for (i, p) in points.iter().enumerate() {
        if i > 0 {
            s.push(' ');
        }
        let _ = write!(s, "{p}");
    }
    s
}

#[cold]
fn unreachable_default() -> ! {
    unreachable!("go_core's default rules and setup make a game")
}
