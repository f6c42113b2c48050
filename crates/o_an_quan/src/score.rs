//! The end of a game and its score (ruling Q5).

use core::fmt;

use crate::player::{Player, Players};
use crate::position::Position;
use crate::rules::MAX_PLAYERS;

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum End {
    /// Every quan has been captured (Q5, the source's rule).
    QuanCaptured,
    /// Every quan square is empty (Q5, the option).
    QuanSquaresEmpty,
    /// A player had to refill, could not, and nobody could lend them enough (Q4).
    NoLender {
        /// The player who could not refill.
        borrower: Player,
    },
    /// A position occurred for the third time at the start of a turn (Q9).
    Repetition,
    /// The rules' move limit was reached (Q9).
    MoveLimit,
}

impl fmt::Display for End {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            End::QuanCaptured => f.write_str("every quan captured"),
            End::QuanSquaresEmpty => f.write_str("every quan square empty"),
            End::NoLender { borrower } => {
                write!(f, "{borrower} could not refill and nobody could lend")
            }
            End::Repetition => f.write_str("a position occurred a third time"),
            End::MoveLimit => f.write_str("the move limit was reached"),
        }
    }
}

/// How a finished game came out: why it ended, and the players with the highest
/// score (ruling Q5) — one winner, or those who share it in a draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Outcome {
    reason: End,
    leaders: Players,
}

impl Outcome {
    pub(crate) fn new(reason: End, leaders: Players) -> Outcome {
        Outcome { reason, leaders }
    }

    /// The winner; `None` for a draw.
    pub fn winner(&self) -> Option<Player> {
        if self.leaders.len() == 1 {
            self.leaders.iter().next()
        } else {
            None
        }
    }

    /// Why the game ended.
    pub fn reason(&self) -> End {
        self.reason
    }

    /// The players with the highest score: the winner alone, or those who drew.
    pub fn leaders(&self) -> Players {
        self.leaders
    }

    /// Whether the highest score is shared.
    pub fn is_draw(&self) -> bool {
        self.leaders.len() != 1
    }
}

impl fmt::Display for Outcome {
    /// `A wins (every quan captured)` or `draw between A, B (a position occurred a
    /// third time)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner() {
            Some(w) => write!(f, "{w} wins ({})", self.reason),
            None => write!(f, "draw between {} ({})", self.leaders, self.reason),
        }
    }
}

/// The score of each player (ruling Q5): captured stones, plus the quan value for
/// each captured quan, plus the stones collected from their own squares at the
/// end, plus stones lent, minus stones borrowed. It may be negative.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Score {
    /// Players in the game; entries beyond are zero.
    pub players: usize,
    /// What a quan counts for.
    pub quan_value: u16,
    /// Captured small stones, less those spent on refills.
    pub captured: [u16; MAX_PLAYERS],
    /// Captured quan.
    pub quan: [u8; MAX_PLAYERS],
    /// Stones taken from own squares at the end (0 before the end).
    pub collected: [u16; MAX_PLAYERS],
    /// Net loans: positive lent, negative borrowed.
    pub loans: [i32; MAX_PLAYERS],
}

impl Score {
    pub(crate) fn of(pos: &Position, quan_value: u16) -> Score {
        Score {
            players: pos.board.players(),
            quan_value,
            captured: pos.stores,
            quan: pos.quan_taken,
            collected: pos.collected,
            loans: pos.loans,
        }
    }

    /// `player`'s total.
    pub fn total(&self, player: Player) -> i64 {
        let p = player.index();
        if p >= self.players {
            return 0;
        }
        i64::from(self.captured[p])
            + i64::from(self.quan[p]) * i64::from(self.quan_value)
            + i64::from(self.collected[p])
            + i64::from(self.loans[p])
    }

    /// The players with the highest total.
    pub fn leaders(&self) -> Players {
        let players = (0..self.players).filter_map(Player::new);
        let best = players.clone().map(|p| self.total(p)).max().unwrap_or(0);
        players.filter(|&p| self.total(p) == best).collect()
    }
}

impl fmt::Display for Score {
    /// `A 37, B 33`: each player's total.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, p) in Player::all(self.players).enumerate() {
            if k > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{p} {}", self.total(p))?;
        }
        Ok(())
    }
}
