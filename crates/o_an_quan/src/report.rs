//! What a move did, in sum: the [`Report`] that every play returns, and why the
//! sowing stopped.

use core::fmt;

use crate::moves::Move;
use crate::player::Player;
use crate::score::End;
use crate::sowing::Sown;

/// Why the sowing of a move stopped (ruling Q3, Q6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Stop {
    /// The square after the last stone is a quan square (no capture).
    QuanSquare,
    /// Two empty squares in a row after the last stone or after a capture.
    TwoEmpty,
    /// The square after a capture holds something, so the chain is over.
    Occupied,
    /// The square after a capture is an empty quan square and the rules do not let
    /// it count as a gap (Q3 option).
    QuanGap,
    /// The next capture would take a young quan, which the rules protect (Q6).
    YoungQuan,
}

impl fmt::Display for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Stop::QuanSquare => "a quan square is next",
            Stop::TwoEmpty => "two empty squares",
            Stop::Occupied => "the square after the capture holds something",
            Stop::QuanGap => "an empty quan square after the capture",
            Stop::YoungQuan => "a young quan",
        })
    }
}

/// What a move did, in sum, with what followed it: the next player's refill and
/// loan (Q4), or the end (Q5, Q9). Returned by [`Game::play`](crate::Game::play)
/// and [`Game::play_traced`](crate::Game::play_traced), without any allocation.
///
/// ```
/// use o_an_quan::{Game, Rules, Setup};
/// let mut game = Game::new(Rules::default(), Setup::default())?;
/// let report = game.play("A5R".parse()?)?;
/// assert_eq!(report.to_string(), "A plays A5R: 10 stones sown, 1 relay, captures 1 stone and 1 quan");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Report {
    /// Who moved.
    pub player: Player,
    /// The move.
    pub mv: Move,
    /// Squares picked up: 1 for the move itself plus one per relay.
    pub pick_ups: u32,
    /// Stones dropped.
    pub sown: u32,
    /// Squares captured.
    pub captures: u32,
    /// Small stones captured.
    pub stones_captured: u32,
    /// Quan captured.
    pub quan_captured: u32,
    /// Why the sowing stopped.
    pub stop: Stop,
    /// Whether the next player had to refill (Q4).
    pub refill: bool,
    /// Stones the next player borrowed for it.
    pub borrowed: u32,
    /// Why the game ended, if this move ended it.
    pub game_over: Option<End>,
}

impl Report {
    pub(crate) fn from_sown(player: Player, mv: Move, s: Sown) -> Report {
        Report {
            player,
            mv,
            pick_ups: s.pick_ups,
            sown: s.sown,
            captures: s.captures,
            stones_captured: s.stones,
            quan_captured: s.quan,
            stop: s.stop,
            refill: false,
            borrowed: 0,
            game_over: None,
        }
    }
}

impl fmt::Display for Report {
    /// `A plays A5R: 10 stones sown, 1 relay, captures 1 stone and 1 quan`, then
    /// the refill, loan or end that followed.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let plural = |n: u32| if n == 1 { "" } else { "s" };
        let relays = self.pick_ups.saturating_sub(1);
        write!(
            f,
            "{} plays {}: {} stone{} sown, {relays} relay{}",
            self.player,
            self.mv,
            self.sown,
            plural(self.sown),
            plural(relays)
        )?;
        if self.captures > 0 {
            write!(
                f,
                ", captures {} stone{}",
                self.stones_captured,
                plural(self.stones_captured)
            )?;
            if self.quan_captured > 0 {
                write!(f, " and {} quan", self.quan_captured)?;
            }
        }
        if self.borrowed > 0 {
            write!(f, "; the next player borrows {} to refill", self.borrowed)?;
        } else if self.refill {
            write!(f, "; the next player refills")?;
        }
        if let Some(end) = self.game_over {
            write!(f, "; game over: {end}")?;
        }
        Ok(())
    }
}
