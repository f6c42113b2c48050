//! Live analysis for GUIs (Lizzie, Sabaki, KaTrain's GTP mode, …), in the forms
//! Leela Zero and KataGo defined: `lz-analyze` and `kata-analyze` search the
//! position until the next command arrives and write a line of statistics every
//! interval; `lz-genmove_analyze` and `kata-genmove_analyze` are `genmove` with
//! those lines while it thinks, ending with `play MOVE`.
//!
//! ```text
//! lz-analyze [COLOR] [INTERVAL] [interval CS] [minmoves N] [maxmoves N]
//! kata-analyze [COLOR] [INTERVAL] [... as lz-analyze] [ownership true|false]
//! ```
//! INTERVAL is in centiseconds (default 100). Each report line holds one
//! `info` group per move, most visited first: `move`, `visits`, `winrate`
//! (`lz`: 10,000 times the winning chance; `kata`: a fraction), `prior`, `lcb`,
//! `order`, `pv`, and in KataGo's form also `utility`, `scoreMean` and
//! `scoreLead` (the mean score margin at the playouts' ends), all from the
//! side to move's point of view. `ownership true` adds `ownership` and one
//! number a point (−1 to 1 for the side to move, from A19's row to T1's), by
//! go_core's estimate.

use std::format;
use std::io::{self, Write};
use std::string::{String, ToString};
use std::time::Duration;
use std::vec::Vec;

use go_core::{Color, Move};

use super::Engine;
use crate::bot::{Budget, Report};
use crate::games::go::GoState;
use crate::interface::State;
use crate::turn::Turn;

/// Moves a principal variation shows at most.
const PV_MOVES: usize = 12;

/// Nodes an analysis grows its tree to at most (a few hundred MB); after that
/// it reports without searching on.
const MAX_NODES: usize = 4_000_000;

/// Playouts of the ownership estimate written with each report.
const OWNERSHIP_PLAYOUTS: usize = 40;

/// One analysis command as a GUI sends it.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// KataGo's form (`kata-…`) rather than Leela Zero's (`lz-…`).
    pub kata: bool,
    /// `…genmove_analyze`: think for a move and play it, reporting meanwhile.
    pub genmove: bool,
    /// The colour to analyse for (default: the side to move).
    pub color: Option<Color>,
    /// Time between reports.
    pub interval: Duration,
    /// Report at least this many moves (those not searched with 0 visits).
    pub min_moves: usize,
    /// Report at most this many moves.
    pub max_moves: Option<usize>,
    /// Add the estimated ownership of every point (KataGo's form).
    pub ownership: bool,
}

impl Analysis {
    /// The analysis that `command` with `args` asks for; `None` when the command
    /// is no analysis command.
    ///
    /// # Errors
    /// `syntax error` for arguments the command does not take.
    pub fn parse(command: &str, args: &[&str]) -> Option<Result<Analysis, String>> {
        let (kata, genmove) = match command {
            "lz-analyze" => (false, false),
            "kata-analyze" => (true, false),
            "lz-genmove_analyze" => (false, true),
            "kata-genmove_analyze" => (true, true),
            _ => return None,
        };
        let mut a = Analysis {
            kata,
            genmove,
            color: None,
            interval: Duration::from_secs(1),
            min_moves: 0,
            max_moves: None,
            ownership: false,
        };
        let bad = || Some(Err("syntax error".to_string()));
        let mut rest = args;
        if let Some(c) = rest.first().and_then(|w| w.parse::<Color>().ok()) {
            a.color = Some(c);
            rest = &rest[1..];
        }
        if let Some(cs) = rest.first().and_then(|w| w.parse::<u64>().ok()) {
            a.interval = Duration::from_millis(cs * 10);
            rest = &rest[1..];
        }
        while let [key, value, tail @ ..] = rest {
            match *key {
                "interval" => match value.parse::<u64>() {
                    Ok(cs) => a.interval = Duration::from_millis(cs * 10),
                    Err(_) => return bad(),
                },
                "minmoves" => match value.parse() {
                    Ok(n) => a.min_moves = n,
                    Err(_) => return bad(),
                },
                "maxmoves" => match value.parse() {
                    Ok(n) => a.max_moves = Some(n),
                    Err(_) => return bad(),
                },
                "ownership" if kata => match *value {
                    "true" => a.ownership = true,
                    "false" => a.ownership = false,
                    _ => return bad(),
                },
                // Leela Zero's move filters: accepted, not applied (KataGo too
                // leaves them out).
                "allow" | "avoid" => {}
                _ => return bad(),
            }
            rest = tail;
        }
        if !rest.is_empty() {
            return bad();
        }
        // A GUI may poll as fast as it likes; a report needs some search.
        a.interval = a.interval.max(Duration::from_millis(10));
        Some(Ok(a))
    }
}

impl Engine {
    /// Runs `analysis`, writing GTP's response to `out` as it goes: `=ID` and a
    /// newline at once, then a report line every interval; an `…analyze`
    /// command searches until `stop` answers true (asked between searches: the
    /// program's check for another command on its input), then ends the
    /// response with an empty line; a `…genmove_analyze` thinks for the move's
    /// time, plays the move and ends with `play MOVE`.
    ///
    /// # Errors
    /// Only `out`'s errors.
    pub fn analyze(
        &mut self,
        id: Option<u64>,
        analysis: &Analysis,
        out: &mut dyn Write,
        mut stop: impl FnMut() -> bool,
    ) -> io::Result<()> {
        let id = id.map(|i| i.to_string()).unwrap_or_default();
        if let Some(c) = analysis.color
            && c != self.game.to_move()
        {
            if analysis.genmove {
                if let Err(e) = self.turn_to(c) {
                    return write!(out, "?{id} {e}\n\n").and_then(|()| out.flush());
                }
            } else if self.game.consecutive_passes() > 0 || self.as_mover(c).is_none() {
                return write!(out, "?{id} it is not {c}'s turn\n\n").and_then(|()| out.flush());
            }
        }
        writeln!(out, "={id}")?;
        out.flush()?;
        if self.game.is_over() {
            if analysis.genmove {
                write!(out, "play pass\n\n")?;
            } else {
                while !stop() {
                    std::thread::sleep(analysis.interval);
                }
                writeln!(out)?;
            }
            return out.flush();
        }
        if analysis.genmove {
            return self.genmove_analyze(analysis, out);
        }
        // Analysing for the other colour: its position after a pass.
        let saved = analysis
            .color
            .filter(|&c| c != self.game.to_move())
            .and_then(|c| {
                self.as_mover(c)
                    .map(|g| core::mem::replace(&mut self.game, g))
            });
        let result = self.analyze_until(analysis, out, &mut stop);
        if let Some(g) = saved {
            self.game = g;
        }
        result?;
        writeln!(out)?;
        out.flush()
    }

    fn analyze_until(
        &mut self,
        analysis: &Analysis,
        out: &mut dyn Write,
        stop: &mut dyn FnMut() -> bool,
    ) -> io::Result<()> {
        let slice = Budget {
            playouts: None,
            nodes: Some(MAX_NODES),
            time: Some(analysis.interval),
        };
        let reuse = self.thinking.reuse_tree;
        self.thinking.reuse_tree = true;
        let mut result = Ok(());
        while !stop() {
            let (state, report) = self.search(slice, false, false);
            if report.nodes >= MAX_NODES {
                std::thread::sleep(analysis.interval);
            }
            if let Err(e) = self.write_report(analysis, &state, &report, out) {
                result = Err(e);
                break;
            }
        }
        self.thinking.reuse_tree = reuse;
        result
    }

    fn genmove_analyze(&mut self, analysis: &Analysis, out: &mut dyn Write) -> io::Result<()> {
        let budget = self.move_budget();
        let mv = if let Some(play_on) = self.play_on(budget) {
            // The move's budget in slices of the interval, a report after each.
            let reuse = self.thinking.reuse_tree;
            self.thinking.reuse_tree = true;
            let start = std::time::Instant::now();
            let mut done = 0u64;
            let (state, report) = loop {
                let slice = match (budget.playouts, budget.time) {
                    (Some(n), _) => Budget::playouts((n - done).min((n / 10).max(1)).max(1)),
                    (None, Some(t)) => {
                        Budget::time(analysis.interval.min(t.saturating_sub(start.elapsed())))
                    }
                    (None, None) => budget,
                };
                let (state, report) = self.search(slice, false, play_on);
                done += report.playouts;
                self.write_report(analysis, &state, &report, out)?;
                let spent = match (budget.playouts, budget.time) {
                    (Some(n), _) => done >= n,
                    (None, Some(t)) => start.elapsed() >= t,
                    (None, None) => true,
                };
                if spent || report.playouts == 0 {
                    break (state, report);
                }
            };
            self.thinking.reuse_tree = reuse;
            self.decide(&state, &report, play_on)
        } else {
            Move::Pass
        };
        let played = if mv == Move::Resign {
            Ok(())
        } else {
            self.game.play(mv).map(|_| ())
        };
        match played {
            Ok(()) => write!(out, "play {mv}\n\n")?,
            Err(e) => write!(out, "? {e}\n\n")?,
        }
        out.flush()
    }

    /// One report line: an `info` group per move, then the ownership if asked.
    fn write_report(
        &self,
        analysis: &Analysis,
        state: &GoState,
        report: &Report,
        out: &mut dyn Write,
    ) -> io::Result<()> {
        let turn = state.current_player();
        if turn == Turn::Terminal {
            return Ok(());
        }
        let mut line = String::new();
        let mut listed: Vec<u32> = Vec::new();
        let total: f64 = report.children.iter().map(|c| f64::from(c.visits)).sum();
        let most = analysis.max_moves.unwrap_or(usize::MAX);
        for (order, c) in report
            .children
            .iter()
            .filter(|c| c.visits > 0)
            .take(most)
            .enumerate()
        {
            listed.push(c.action);
            let pv: Vec<String> = self
                .searcher
                .principal_variation(c.action, PV_MOVES)
                .iter()
                .map(|&a| state.action_to_string(Turn::Player(0), a))
                .collect();
            self.write_info(
                analysis,
                &mut line,
                order,
                c,
                total,
                &state.action_to_string(turn, c.action),
                &pv,
            );
        }
        // Up to `minmoves`, legal moves not searched, with no visits.
        let mut order = listed.len();
        for a in state.legal_actions() {
            if order >= analysis.min_moves.min(most) {
                break;
            }
            if !listed.contains(&a) {
                let c = crate::bot::ChildStats {
                    action: a,
                    visits: 0,
                    value: 0.0,
                    win: 0.0,
                    margin: 0.0,
                };
                let mv = state.action_to_string(turn, a);
                self.write_info(
                    analysis,
                    &mut line,
                    order,
                    &c,
                    total,
                    &mv,
                    core::slice::from_ref(&mv),
                );
                order += 1;
            }
        }
        if analysis.kata && analysis.ownership {
            line.push_str(" ownership");
            for x in self.ownership() {
                line.push_str(&format!(" {x:.3}"));
            }
        }
        writeln!(out, "{}", line.trim_start())?;
        out.flush()
    }

    #[allow(clippy::too_many_arguments)]
    fn write_info(
        &self,
        analysis: &Analysis,
        line: &mut String,
        order: usize,
        c: &crate::bot::ChildStats,
        total: f64,
        mv: &str,
        pv: &[String],
    ) {
        let n = f64::from(c.visits);
        let winrate = ((c.win + 1.0) / 2.0).clamp(0.0, 1.0);
        // A lower confidence bound of the winning chance (normal, 1.96 σ).
        let lcb = if n > 0.0 {
            (winrate - 1.96 * (winrate * (1.0 - winrate) / n).sqrt()).clamp(0.0, 1.0)
        } else {
            0.0
        };
        let prior = if total > 0.0 { n / total } else { 0.0 };
        let pv = pv.join(" ");
        if analysis.kata {
            line.push_str(&format!(
                " info move {mv} visits {} utility {:.6} winrate {winrate:.6} scoreMean {:.3} scoreLead {:.3} prior {prior:.6} lcb {lcb:.6} order {order} pv {pv}",
                c.visits, c.value, c.margin, c.margin
            ));
        } else {
            let per = |x: f64| (x * 10_000.0).round() as u32;
            line.push_str(&format!(
                " info move {mv} visits {} winrate {} prior {} lcb {} order {order} pv {pv}",
                c.visits,
                per(winrate),
                per(prior),
                per(lcb)
            ));
        }
    }

    /// The ownership of every point for the side to move, from the top row to
    /// the bottom, each row from A: go_core's estimate.
    fn ownership(&self) -> Vec<f32> {
        let mut rng = crate::rng::SplitMix64::new(self.thinking.seed ^ 0x0a1e);
        let estimate = self.game.estimate_dead(&mut rng, OWNERSHIP_PLAYOUTS);
        let b = self.game.board();
        let (w, h) = (usize::from(b.width()), usize::from(b.height()));
        let sign = if self.game.to_move() == Color::Black {
            1.0
        } else {
            -1.0
        };
        let mut out = Vec::with_capacity(w * h);
        // The estimate lists points from A1 row by row upwards.
        for row in (0..h).rev() {
            for col in 0..w {
                out.push(
                    sign * estimate
                        .ownership
                        .get(row * w + col)
                        .copied()
                        .unwrap_or(0.0),
                );
            }
        }
        out
    }
}
