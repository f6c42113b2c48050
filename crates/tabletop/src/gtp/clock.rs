//! GTP's clock: `time_settings` (main time, then Canadian byo-yomi of so many
//! stones in so much time), KGS's `kgs-time_settings` (none, absolute, Canadian,
//! or Japanese byo-yomi of so many periods of so much time each), `time_left`,
//! and the time a move may take.

use std::string::{String, ToString};
use std::time::Duration;

use go_core::Color;

use super::Engine;
use crate::bot::Budget;

/// The clock as the controller set it, and each colour's time left as
/// `time_left` last said.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(super) struct Clock {
    main: f64,
    byo_time: f64,
    /// Canadian: stones a period; Japanese: periods.
    byo_stones: u32,
    /// Japanese byo-yomi: every move in overtime may take a whole period (and
    /// `time_left`'s stones are the periods left, as KGS sends them).
    japanese: bool,
    /// Seconds and stones left per colour.
    left: [Option<(f64, u32)>; 2],
}

impl Engine {
    /// `time_settings main byo_yomi_time byo_yomi_stones`; no time at all is no
    /// clock (think as the engine is set to).
    pub(super) fn time_settings(&mut self, main: f64, byo: f64, stones: f64) -> Result<(), String> {
        // Finite times only: an infinite one is no time GTP can give.
        if ![main, byo, stones]
            .iter()
            .all(|t| t.is_finite() && *t >= 0.0)
        {
            return Err("syntax error".into());
        }
        self.clock = (main > 0.0 || byo > 0.0).then_some(Clock {
            main,
            byo_time: byo,
            byo_stones: stones as u32,
            japanese: false,
            left: [None; 2],
        });
        Ok(())
    }

    /// `kgs-time_settings none | absolute MAIN | canadian MAIN PERIOD STONES |
    /// byoyomi MAIN PERIOD PERIODS`.
    pub(super) fn kgs_time_settings(&mut self, args: &[&str]) -> Result<(), String> {
        let num = |k: usize| -> Result<f64, String> {
            args.get(k)
                .and_then(|a| a.parse::<f64>().ok())
                .filter(|t| t.is_finite() && *t >= 0.0)
                .ok_or_else(|| "syntax error".to_string())
        };
        match args.first().copied() {
            Some("none") if args.len() == 1 => {
                self.clock = None;
                Ok(())
            }
            Some("absolute") if args.len() == 2 => self.time_settings(num(1)?, 0.0, 0.0),
            Some("canadian") if args.len() == 4 => self.time_settings(num(1)?, num(2)?, num(3)?),
            Some("byoyomi") if args.len() == 4 => {
                self.time_settings(num(1)?, num(2)?, num(3)?)?;
                if let Some(c) = &mut self.clock {
                    c.japanese = true;
                }
                Ok(())
            }
            _ => Err("syntax error".into()),
        }
    }

    /// `time_left color time stones`.
    pub(super) fn time_left(&mut self, color: Color, time: f64, stones: u32) -> Result<(), String> {
        if !time.is_finite() {
            return Err("syntax error".into());
        }
        if let Some(clock) = &mut self.clock {
            clock.left[color.index()] = Some((time.max(0.0), stones));
        }
        Ok(())
    }

    /// The time for this move: in Canadian byo-yomi its period over its stones,
    /// in Japanese byo-yomi a period; in main time a share of what is left, as if
    /// a third of the empty points were still to be played, plus what one move of
    /// byo-yomi may take; else the engine's budget.
    pub(super) fn move_budget(&self) -> Budget {
        let Some(clock) = self.clock else {
            return self.thinking.budget;
        };
        let me = self.game.to_move().index();
        let (left, stones) = clock.left[me].unwrap_or((clock.main, 0));
        // What one move of byo-yomi may take.
        let byo = if clock.byo_stones == 0 {
            0.0
        } else if clock.japanese {
            clock.byo_time
        } else {
            clock.byo_time / f64::from(clock.byo_stones)
        };
        let seconds = if stones > 0 && clock.japanese {
            // In overtime: the period (the time left in it, if less).
            left.min(clock.byo_time).max(0.0)
        } else if stones > 0 {
            left / f64::from(stones)
        } else if left > 0.0 {
            let to_play = (self.game.board().empty_count() / 3).max(10) as f64;
            left / to_play + byo
        } else if byo > 0.0 {
            byo
        } else {
            0.05
        };
        // Keep a margin for the controller and the move's transmission.
        let seconds = (seconds * 0.9 - 0.02).max(0.01);
        // A time too long for a `Duration` (finite, but beyond 2^64 seconds) is no
        // limit: think as the engine is set to.
        Duration::try_from_secs_f64(seconds).map_or(self.thinking.budget, Budget::time)
    }
}

#[cfg(test)]
mod tests {
    use go_core::Rules;

    use crate::gtp::{Engine, Thinking};

    /// The seconds the next move of Black may take, after `lines`.
    fn black_seconds(e: &mut Engine, lines: &[&str]) -> f64 {
        for line in lines {
            let answer = e.handle_line(line).unwrap_or_default();
            assert!(answer.starts_with('='), "{line}: {answer}");
        }
        e.move_budget().time.expect("a clock").as_secs_f64()
    }

    /// Each clock form GUIs and servers send gives the move its share, less the
    /// margin kept for transmission (0.9 of it, less 0.02 s).
    #[test]
    fn every_clock_form_gives_a_move_its_time() {
        let mut e = Engine::new(Rules::default(), Thinking::default());
        let kept = |s: f64| s * 0.9 - 0.02;
        let close = |a: f64, b: f64| (a - b).abs() < 1e-9;
        // No clock: the engine's own budget.
        assert_eq!(e.move_budget(), Thinking::default().budget);
        // Canadian byo-yomi (GTP's time_settings and KGS's canadian): the
        // period's time left over its stones left.
        let s = black_seconds(
            &mut e,
            &["boardsize 9", "time_settings 0 30 5", "time_left b 24 4"],
        );
        assert!(close(s, kept(6.0)), "{s}");
        let s = black_seconds(
            &mut e,
            &["kgs-time_settings canadian 0 30 5", "time_left b 30 5"],
        );
        assert!(close(s, kept(6.0)), "{s}");
        // Japanese byo-yomi: a move in overtime may take its whole period, or
        // what is left of it.
        let s = black_seconds(
            &mut e,
            &["kgs-time_settings byoyomi 0 10 3", "time_left b 10 3"],
        );
        assert!(close(s, kept(10.0)), "{s}");
        let s = black_seconds(&mut e, &["time_left b 7 2"]);
        assert!(close(s, kept(7.0)), "{s}");
        // Main time: a share as if a third of the empty points (81 / 3 = 27)
        // were still to be played, plus one move's byo-yomi.
        let s = black_seconds(&mut e, &["kgs-time_settings absolute 270"]);
        assert!(close(s, kept(10.0)), "{s}");
        let s = black_seconds(
            &mut e,
            &["kgs-time_settings byoyomi 54 5 3", "time_left b 54 0"],
        );
        assert!(close(s, kept(2.0 + 5.0)), "{s}");
        // `none` takes the clock away; malformed settings are refused and keep it.
        assert_eq!(
            e.handle_line("kgs-time_settings none").unwrap_or_default(),
            "=\n\n"
        );
        assert_eq!(e.move_budget(), Thinking::default().budget);
        for bad in [
            "kgs-time_settings byoyomi 1 2",
            "kgs-time_settings fischer 1 2 3",
            "kgs-time_settings absolute -1",
        ] {
            assert_eq!(
                e.handle_line(bad).unwrap_or_default(),
                "? syntax error\n\n",
                "{bad}"
            );
        }
        assert_eq!(e.move_budget(), Thinking::default().budget);
    }
}
