//! How a game ends and what it scores (rulings T6–T9).

use core::fmt;
use core::ops::Index;

use crate::board::Cell;
use crate::player::Side;
use crate::rules::Rules;

/// Why the game ended (rulings T6, T7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum End {
    /// A stone landed on an opponent trap: its side lost (T7).
    Trap {
        /// The trap.
        cell: Cell,
        /// Whether the stone was a scarecrow (doubles the winner's points, T8).
        scarecrow: bool,
    },
    /// Va-bank (T6): won if a stone of the group hit a trap, lost otherwise.
    VaBank {
        /// The stone of the group that hit an opponent trap (the first in cell
        /// order if several did), if any.
        hit: Option<Cell>,
    },
}

impl fmt::Display for End {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            End::Trap {
                cell,
                scarecrow: false,
            } => write!(f, "a stone on the trap at {cell}"),
            End::Trap {
                cell,
                scarecrow: true,
            } => write!(f, "a scarecrow on the trap at {cell}"),
            End::VaBank { hit: Some(cell) } => write!(f, "va-bank, hitting the trap at {cell}"),
            End::VaBank { hit: None } => f.write_str("va-bank, missing every trap"),
        }
    }
}

/// What became of double the stake (ruling T9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum StakeResult {
    /// Not offered (the option is off, or the game was decided by va-bank).
    NotOffered,
    /// The winner kept the win.
    Declined,
    /// The extra stone hit a loser's trap: the winner's points double.
    Won(Cell),
    /// The extra stone missed: the game is drawn.
    Missed(Cell),
    /// A compulsory stake with no possible extra move: the game is drawn.
    NoMove,
}

impl fmt::Display for StakeResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StakeResult::NotOffered => f.write_str("no stake"),
            StakeResult::Declined => f.write_str("stake declined"),
            StakeResult::Won(c) => write!(f, "stake won on {c}"),
            StakeResult::Missed(c) => write!(f, "stake missed on {c}: a draw"),
            StakeResult::NoMove => f.write_str("compulsory stake impossible: a draw"),
        }
    }
}

/// The points of each side, side 1's first (T8): 0–0 while the game goes on (the
/// points are only known at the end), the final score once it is over. Index it
/// with a [`Side`]. Serialised as `[0, 95]`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct Score(pub [u32; 2]);

impl Index<Side> for Score {
    type Output = u32;
    fn index(&self, side: Side) -> &u32 {
        &self.0[side.index()]
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}–{}", self.0[0], self.0[1])
    }
}

/// A finished game: who won ([`Outcome::winner`]), why it ended
/// ([`Outcome::reason`]), what became of the stake and the score.
///
/// Serialised as `{"winner": "two", "decided_by": "one", "reason": {"trap":
/// {"cell": "e3", "scarecrow": false}}, "turns": 5, "stake": "not_offered",
/// "score": [0, 95]}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Outcome {
    winner: Option<Side>,
    decided_by: Side,
    reason: End,
    turns: u32,
    stake: StakeResult,
    score: Score,
}

impl Outcome {
    /// The outcome of a decided game, scored under `rules` (T8): the winner gets
    /// `base − turns` (at least 0), doubled for a va-bank win, doubled if the loser
    /// hit a trap with a scarecrow, doubled for a won stake; the loser 0; a draw 0–0.
    pub(crate) fn new(
        rules: &Rules,
        winner: Option<Side>,
        decided_by: Side,
        reason: End,
        turns: u32,
        stake: StakeResult,
    ) -> Outcome {
        let mut score = [0u32; 2];
        if let Some(w) = winner {
            let mut points = u32::from(rules.base()).saturating_sub(turns);
            if matches!(reason, End::VaBank { hit: Some(_) }) {
                points *= 2;
            }
            if matches!(
                reason,
                End::Trap {
                    scarecrow: true,
                    ..
                }
            ) {
                points *= 2;
            }
            if matches!(stake, StakeResult::Won(_)) {
                points *= 2;
            }
            score[w.index()] = points;
        }
        Outcome {
            winner,
            decided_by,
            reason,
            turns,
            stake,
            score: Score(score),
        }
    }

    /// The winning side; `None` for a draw (T9).
    pub fn winner(&self) -> Option<Side> {
        self.winner
    }

    /// Why the game ended: the trap hit, or the va-bank.
    pub fn reason(&self) -> End {
        self.reason
    }

    /// The side whose move decided the game: the one that hit a trap, or declared
    /// va-bank.
    pub fn decided_by(&self) -> Side {
        self.decided_by
    }

    /// Turns played by both sides, the deciding one included (the stake move not
    /// counted, T8).
    pub fn turns(&self) -> u32 {
        self.turns
    }

    /// What became of double the stake (T9).
    pub fn stake(&self) -> StakeResult {
        self.stake
    }

    /// The final score (T8).
    pub fn score(&self) -> Score {
        self.score
    }
}

impl fmt::Display for Outcome {
    /// Such as `side 2 wins 95 points (a stone on the trap at e3; no stake)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner {
            Some(w) => write!(f, "{w} wins {} points", self.score[w])?,
            None => f.write_str("a draw")?,
        }
        write!(f, " ({}; {})", self.reason, self.stake)
    }
}
