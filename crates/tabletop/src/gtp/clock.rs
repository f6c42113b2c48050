//! GTP's clock: `time_settings` (main time, then Canadian byo-yomi of so many
//! stones in so much time) and `time_left`, and the time a move may take.

use std::string::String;
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
    byo_stones: u32,
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
            left: [None; 2],
        });
        Ok(())
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

    /// The time for this move: in byo-yomi its period over its stones; in main
    /// time a share of what is left, as if a third of the empty points were still
    /// to be played; else the engine's budget.
    pub(super) fn move_budget(&self) -> Budget {
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
}
