//! The search bot against the uniform random player, seats alternated:
//!
//! ```text
//! cargo run --release -p tabletop --example bot_vs_random -- GAME_STRING \
//!     [--games N] [--from-game K] [--playouts N | --ms N] [--seed S] [--stop-early 0|1] \
//!     [--out FILE] [--quiet]
//! ```
//!
//! GAME_STRING is the interface's (`go(board_size=9,rules=chinese)`,
//! `hoop_race(rules=yut_nori)`); game k seats the bot at `k mod players`, the
//! random player (`State::random_action`, uniform among the legal moves) everywhere
//! else, chance drawn by its exact probabilities. The budget is per move, one
//! thread (default 1,000 ms). The last line is the summary that `docs/bots.md`
//! quotes: wins, draws and losses, the win rate with its 95 % Wilson interval, and
//! the bot's mean playouts and time a searched move (a forced move, one legal
//! action, is played without a search; a search ends once its choice cannot
//! change, unless `--stop-early 0`, which spends every move's whole budget, as the
//! 1 s matches of `docs/bots.md` did). `--out FILE` appends one line per game
//! (`game K seat S return R moves M forced F playouts P ms T`) and resumes: games
//! already in the file are counted, not replayed. `--from-game K` plays only games K to
//! N − 1 (each game's seat and seed depend on its number alone), so one match can be
//! split over processes, a file each: their lines together are the whole match.

use std::fs::OpenOptions;
use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use rand_core::SeedableRng;
use tabletop::bot::{Budget, Config, Searcher};
use tabletop::rng::SplitMix64;
use tabletop::{Game, State, Turn};

fn main() {
    let mut args = std::env::args().skip(1);
    let name = args
        .next()
        .unwrap_or_else(|| usage("a game string is needed"));
    let (mut games, mut first, mut budget, mut seed, mut quiet) = (200usize, 0, None, 0u64, false);
    let mut stop_early = true;
    let mut out: Option<PathBuf> = None;
    while let Some(a) = args.next() {
        if a == "--out" {
            out = Some(
                args.next()
                    .unwrap_or_else(|| usage("--out takes a file"))
                    .into(),
            );
            continue;
        }
        let mut value = || -> u64 {
            args.next()
                .and_then(|v| v.parse().ok())
                .unwrap_or_else(|| usage(&format!("{a} takes a whole number")))
        };
        match a.as_str() {
            "--games" => games = value() as usize,
            "--from-game" => first = value() as usize,
            "--playouts" => budget = Some(Budget::playouts(value().max(1))),
            "--ms" => budget = Some(Budget::time(Duration::from_millis(value().max(1)))),
            "--seed" => seed = value(),
            "--stop-early" => stop_early = value() > 0,
            "--quiet" => quiet = true,
            _ => usage(&format!("unexpected argument {a}")),
        }
    }
    let budget = budget.unwrap_or(Budget::time(Duration::from_millis(1000)));
    let game = tabletop::load(&name).unwrap_or_else(|e| usage(&e.to_string()));
    let n = game.info().num_players;
    // Games already in the record file are counted, not replayed: an interrupted
    // match resumes where it stopped.
    let mut done: Vec<Record> = match &out {
        Some(path) => std::fs::read_to_string(path)
            .unwrap_or_default()
            .lines()
            .filter_map(Record::parse)
            .filter(|r| (first..games).contains(&r.game))
            .collect(),
        None => Vec::new(),
    };
    let mut file = out.as_ref().map(|path| {
        OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .unwrap_or_else(|e| usage(&format!("cannot write {}: {e}", path.display())))
    });
    for k in first..games {
        if done.iter().any(|r| r.game == k) {
            continue;
        }
        let bot_seat = k % n;
        let game_seed = seed.wrapping_mul(1_000_003).wrapping_add(k as u64);
        let mut rng = SplitMix64::seed_from_u64(game_seed);
        let config = Config {
            stop_early,
            ..Config::for_game(game.info().short_name, budget, game_seed)
        };
        let mut searcher = Searcher::new(config);
        let mut s = game.new_initial_state();
        let mut record = Record {
            game: k,
            seat: bot_seat,
            ret: 0.0,
            moves: 0,
            forced: 0,
            playouts: 0,
            ms: 0.0,
        };
        while !s.is_terminal() {
            let a = match s.current_player() {
                Turn::Chance => s.sample_chance(&mut rng),
                Turn::Player(p) if p == bot_seat => {
                    let start = Instant::now();
                    let report = searcher.search(&s);
                    record.ms += start.elapsed().as_secs_f64() * 1000.0;
                    record.moves += 1;
                    record.forced += u64::from(report.children.is_empty());
                    record.playouts += report.playouts;
                    report.action
                }
                _ => s.random_action(&mut rng),
            }
            .expect("a state that is not terminal has an action");
            s.apply_action(a).expect("the action was legal");
        }
        record.ret = s.returns()[bot_seat];
        if !quiet {
            println!(
                "game {k}: bot seat {bot_seat} return {} scores {:?}",
                record.ret,
                s.scores()
            );
        }
        if let Some(f) = &mut file {
            writeln!(f, "{}", record.line())
                .unwrap_or_else(|e| usage(&format!("cannot write the record: {e}")));
        }
        done.push(record);
    }
    summary(&name, &done);
}

/// One game of the match, as a line of its record file:
/// `game K seat S return R moves M forced F playouts P ms T`.
struct Record {
    /// The game's number (its seed and the bot's seat follow from it).
    game: usize,
    /// The bot's seat.
    seat: usize,
    /// The bot's return.
    ret: f64,
    /// The bot's turns.
    moves: u64,
    /// Of them, turns with one legal action (answered without a search).
    forced: u64,
    /// Playouts over the game.
    playouts: u64,
    /// Milliseconds the bot took over the game.
    ms: f64,
}

impl Record {
    fn line(&self) -> String {
        format!(
            "game {} seat {} return {} moves {} forced {} playouts {} ms {:.0}",
            self.game, self.seat, self.ret, self.moves, self.forced, self.playouts, self.ms
        )
    }

    /// The record of a line written by [`Record::line`], `None` for anything else.
    fn parse(line: &str) -> Option<Record> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let field = |key: &str| -> Option<&str> {
            let i = words.iter().position(|w| *w == key)?;
            words.get(i + 1).copied()
        };
        Some(Record {
            game: field("game")?.parse().ok()?,
            seat: field("seat")?.parse().ok()?,
            ret: field("return")?.parse().ok()?,
            moves: field("moves")?.parse().ok()?,
            forced: field("forced")?.parse().ok()?,
            playouts: field("playouts")?.parse().ok()?,
            ms: field("ms")?.parse().ok()?,
        })
    }
}

/// Prints the match's summary line, the one `docs/bots.md` quotes.
fn summary(name: &str, games: &[Record]) {
    let wins = games.iter().filter(|r| r.ret > 0.0).count();
    let draws = games.iter().filter(|r| r.ret == 0.0).count();
    let moves: u64 = games.iter().map(|r| r.moves).sum();
    let forced: u64 = games.iter().map(|r| r.forced).sum();
    let searched = (moves - forced).max(1) as f64;
    let playouts: u64 = games.iter().map(|r| r.playouts).sum();
    let ms: f64 = games.iter().map(|r| r.ms).sum();
    let n = games.len();
    let (lo, hi) = wilson(wins, n);
    println!(
        "{name}: {wins} wins, {draws} draws, {} losses of {n}: {:.1} % [{:.1}, {:.1}] (95 % Wilson); \
         {:.0} playouts and {:.0} ms a searched bot move; {forced} of {moves} bot moves forced",
        n - wins - draws,
        100.0 * wins as f64 / n.max(1) as f64,
        100.0 * lo,
        100.0 * hi,
        playouts as f64 / searched,
        ms / searched,
    );
}

/// The 95 % Wilson score interval of `k` successes in `n` trials.
fn wilson(k: usize, n: usize) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (n, p, z) = (n as f64, k as f64 / n as f64, 1.959_964);
    let centre = p + z * z / (2.0 * n);
    let margin = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    let denominator = 1.0 + z * z / n;
    (
        ((centre - margin) / denominator).max(0.0),
        ((centre + margin) / denominator).min(1.0),
    )
}

fn usage(problem: &str) -> ! {
    eprintln!(
        "bot_vs_random: {problem}\nusage: bot_vs_random GAME_STRING [--games N] [--from-game K] [--playouts N | --ms N] [--seed S] [--stop-early 0|1] [--out FILE] [--quiet]"
    );
    std::process::exit(2)
}
