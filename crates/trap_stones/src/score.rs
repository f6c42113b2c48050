//! How a game ends and what it scores (rulings T7–T9).

use crate::board::Cell;
use crate::rules::Rules;
use crate::setup::Side;

/// How the game was decided (ruling T7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Ending {
    /// A stone landed on an opponent trap: its side lost.
    Trap {
        /// The trap.
        cell: Cell,
        /// Whether the stone was a scarecrow (doubles the winner's points, T8).
        scarecrow: bool,
    },
    /// Va-bank (T6): won if a stone hit a trap, lost otherwise.
    VaBank {
        /// The trap hit, if any.
        hit: Option<Cell>,
    },
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

impl core::fmt::Display for Ending {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Ending::Trap {
                cell,
                scarecrow: false,
            } => write!(f, "a stone on the trap at {cell}"),
            Ending::Trap {
                cell,
                scarecrow: true,
            } => write!(f, "a scarecrow on the trap at {cell}"),
            Ending::VaBank { hit: Some(cell) } => write!(f, "va-bank, hitting the trap at {cell}"),
            Ending::VaBank { hit: None } => f.write_str("va-bank, missing every trap"),
        }
    }
}

impl core::fmt::Display for StakeResult {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            StakeResult::NotOffered => f.write_str("no stake"),
            StakeResult::Declined => f.write_str("stake declined"),
            StakeResult::Won(c) => write!(f, "stake won on {c}"),
            StakeResult::Missed(c) => write!(f, "stake missed on {c}: a draw"),
            StakeResult::NoMove => f.write_str("compulsory stake impossible: a draw"),
        }
    }
}

/// A finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Outcome {
    /// The winner; `None` for a draw (T9).
    pub winner: Option<Side>,
    /// The side whose move decided the game: the one that hit a trap, or declared va-bank.
    pub decided_by: Side,
    /// How.
    pub ending: Ending,
    /// Turns played by both sides, the deciding one included (the stake move not counted).
    pub turns: u32,
    /// Double the stake.
    pub stake: StakeResult,
    /// Points, Player 1's first (T8).
    pub score: [u32; 2],
}

impl Outcome {
    /// The outcome of a decided game, scored under `rules` (T8): the winner gets
    /// `base − turns` (at least 0), doubled for a va-bank win, doubled if the loser
    /// hit a trap with a scarecrow, doubled for a won stake; the loser 0; a draw 0–0.
    pub(crate) fn new(
        rules: &Rules,
        winner: Option<Side>,
        decided_by: Side,
        ending: Ending,
        turns: u32,
        stake: StakeResult,
    ) -> Outcome {
        let mut score = [0u32; 2];
        if let Some(w) = winner {
            let mut points = u32::from(rules.base()).saturating_sub(turns);
            if matches!(ending, Ending::VaBank { hit: Some(_) }) {
                points *= 2;
            }
            if matches!(
                ending,
                Ending::Trap {
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
            ending,
            turns,
            stake,
            score,
        }
    }
}
