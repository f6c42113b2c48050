//! The end of a game and its score (ruling Q5).

use core::fmt;

use crate::board::Player;
use crate::position::Position;
use crate::rules::MAX_PLAYERS;

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum EndReason {
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

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EndReason::QuanCaptured => f.write_str("every quan captured"),
            EndReason::QuanSquaresEmpty => f.write_str("every quan square empty"),
            EndReason::NoLender { borrower } => {
                write!(f, "{borrower} could not refill and nobody could lend")
            }
            EndReason::Repetition => f.write_str("a position occurred a third time"),
            EndReason::MoveLimit => f.write_str("the move limit was reached"),
        }
    }
}

/// A set of players (seats), as a bit set.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Players(u8);

impl Players {
    /// Nobody.
    pub const NONE: Players = Players(0);

    /// The set holding `player` only.
    pub const fn only(player: Player) -> Players {
        Players(1 << player.index())
    }

    /// The set with `player` added.
    #[must_use]
    pub const fn with(self, player: Player) -> Players {
        Players(self.0 | 1 << player.index())
    }

    /// Whether `player` is in the set.
    pub const fn contains(self, player: Player) -> bool {
        self.0 >> player.index() & 1 == 1
    }

    /// How many players are in it.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether it is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The players, in seat order.
    pub fn iter(self) -> impl Iterator<Item = Player> {
        (0..MAX_PLAYERS)
            .filter(move |&p| self.0 >> p & 1 == 1)
            .filter_map(Player::new)
    }
}

impl fmt::Debug for Players {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// How a finished game came out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Outcome {
    /// Why it ended.
    pub reason: EndReason,
    /// The players with the highest score: one winner, or those who drew.
    pub leaders: Players,
}

impl Outcome {
    /// The winner, unless the game is drawn.
    pub fn winner(&self) -> Option<Player> {
        if self.leaders.len() == 1 {
            self.leaders.iter().next()
        } else {
            None
        }
    }

    /// Whether the highest score is shared.
    pub fn is_draw(&self) -> bool {
        self.leaders.len() != 1
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
        players
            .filter(|&p| self.total(p) == best)
            .fold(Players::NONE, Players::with)
    }
}

impl fmt::Display for Score {
    /// `A 37, B 33`: each player's total.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, p) in (0..self.players).filter_map(Player::new).enumerate() {
            if k > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{p} {}", self.total(p))?;
        }
        Ok(())
    }
}
