//! What a move did: the report [`Game::play`](crate::Game::play) returns, and the
//! steps [`Game::play_traced`](crate::Game::play_traced) gives its observer.

use crate::board::Cell;
use crate::moves::Move;
use crate::player::{Player, Side};
use crate::score::Outcome;

/// What a move did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Report {
    /// Who moved: the side and the member of its team (T11).
    pub player: Player,
    /// The move.
    pub mv: Move,
    /// The stone that landed on an opponent trap, if any (for va-bank, the first
    /// in cell order of those that did).
    pub hit: Option<Cell>,
    /// Whether the winner is now to decide on double the stake (T9).
    pub stake_offered: bool,
    /// The outcome, if the game is over.
    pub outcome: Option<Outcome>,
}

/// What kind of stone a [`Event::Placed`] puts down.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum StoneKind {
    /// An ordinary stone (T4).
    Stone,
    /// A scarecrow (T5).
    Scarecrow,
    /// A stone of a va-bank group (T6).
    VaBank,
    /// The winner's extra stone (T9).
    Stake,
}

/// One step of a move, in order: the stones placed (one event each), the trap hit,
/// the stake offered or declined, the end. Nothing is allocated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Event {
    /// A stone of `player`'s side was put on `cell`.
    Placed {
        /// Who placed it.
        player: Player,
        /// Where.
        cell: Cell,
        /// What kind of stone.
        kind: StoneKind,
    },
    /// The stone on `cell` landed on a trap of `owner`.
    TrapHit {
        /// The trap.
        cell: Cell,
        /// Whose trap it is.
        owner: Side,
    },
    /// The winner may now stake the win on one more stone (T9).
    StakeOffered {
        /// The winning side.
        winner: Side,
    },
    /// The winner kept the win (T9).
    StakeDeclined {
        /// The winning side.
        winner: Side,
    },
    /// The game is over.
    Over(Outcome),
}

impl Event {
    /// The event of `mv`'s stones, for a move of `player`.
    pub(crate) fn kind_of(mv: &Move) -> StoneKind {
        match mv {
            Move::Scarecrow(_) => StoneKind::Scarecrow,
            Move::VaBank(_) => StoneKind::VaBank,
            Move::Stake(_) => StoneKind::Stake,
            Move::Stone(_) | Move::Decline => StoneKind::Stone,
        }
    }
}
