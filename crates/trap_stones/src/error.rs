//! The crate's error types, one per concern. Every public function that can fail
//! returns one of these; none panics on any input.

use alloc::string::String;

use thiserror::Error;

use crate::board::Cell;
use crate::moves::Move;
use crate::player::Side;

/// Text that could not be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum ParseError {
    /// Not a cell such as `c4`.
    #[error("not a cell (expected a column letter a-z and a row 1-26, such as c4)")]
    Cell,
    /// Not a move.
    #[error(
        "not a move (expected c3, *c3 for a scarecrow, !c3+d4 for va-bank, $c3 to stake, or decline)"
    )]
    Move,
    /// A va-bank group of the wrong size.
    #[error("a va-bank group has 1 to 4 stones, not {0} (ruling T6)")]
    GroupSize(usize),
    /// Not a side or a seat.
    #[error("not a side or a seat (expected side 1, side 2, or such as side 1, member 2)")]
    Player,
    /// Not a commitment (64 hex digits).
    #[error("not a commitment (expected 64 hexadecimal digits)")]
    Commitment,
}

/// A rules value out of range, or an unknown preset.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum RulesError {
    /// Not a name in [`Rules::PRESETS`](crate::Rules::PRESETS).
    #[error("unknown rules preset {0:?} (expected source, blitz, blitz3 or corners)")]
    UnknownPreset(String),
    /// Sides must be 2..=26 (ruling T1).
    #[error("a {width}×{height} board: each side must be 2 to 26 (ruling T1)")]
    Size {
        /// Width asked.
        width: u8,
        /// Height asked.
        height: u8,
    },
    /// 1 to 3 traps (ruling T3).
    #[error("{0} traps per side: 1 to 3 (ruling T3)")]
    Traps(u8),
    /// Too many scarecrows (above [`MAX_SCARECROWS`](crate::MAX_SCARECROWS), a
    /// limit of this crate).
    #[error("{0} scarecrows per side: this crate allows at most 20")]
    Scarecrows(u8),
    /// A base above [`MAX_BASE`](crate::MAX_BASE) (a limit of this crate).
    #[error("a score base of {0}: this crate allows at most 10000")]
    Base(u16),
}

/// A setup that cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum SetupError {
    /// A side's traps given as no cell or more than three (ruling T3).
    #[error("{0} trap cells: a side has 1 to 3 traps (ruling T3)")]
    TrapCells(usize),
    /// The wrong number of traps for the rules.
    #[error("{found} traps where the rules want {expected} (ruling T3)")]
    TrapCount {
        /// Traps per side under the rules.
        expected: usize,
        /// Traps given.
        found: usize,
    },
    /// A trap off the board.
    #[error("trap {0} is off the board")]
    OffBoard(Cell),
    /// Two traps on one cell.
    #[error("two traps on {0} (ruling T3)")]
    Duplicate(Cell),
    /// Traps on every cell the opponent may open on.
    #[error(
        "the traps cover every cell the opponent may open on: that would win by force (ruling T3)"
    )]
    ForcedWin,
    /// A team of the wrong size: 1 to [`MAX_MEMBERS`](crate::MAX_MEMBERS), a limit
    /// of this crate (ruling T11 sets none).
    #[error("a team of {0}: this crate allows 1 to 8 members")]
    Members(u8),
}

/// Why a move cannot be played now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum IllegalMove {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The cell is not on the board.
    #[error("{0} is not on the board")]
    OffBoard(Cell),
    /// The cell already holds a stone of the mover's color (ruling T4).
    #[error("{0} already holds a stone of this color (ruling T4)")]
    Occupied(Cell),
    /// A first move must be an ordinary stone on the home edge or corner (ruling T4).
    #[error(
        "{0} is not on this side's home edge or corner: the first stone goes there (ruling T4)"
    )]
    NotHome(Cell),
    /// The first move must be an ordinary stone (rulings T4–T6).
    #[error("the first move is an ordinary stone on the home edge or corner (ruling T4)")]
    FirstMoveOrdinary,
    /// An ordinary stone must touch a stone of its color (ruling T4).
    #[error("{0} has no stone of this color next to it (ruling T4)")]
    NotAdjacent(Cell),
    /// No scarecrows left (ruling T5).
    #[error("no scarecrows left (ruling T5)")]
    NoScarecrows,
    /// A va-bank group that is not one 8-connected group of distinct cells (T6).
    #[error(
        "a va-bank group must be 1 to 4 distinct cells joined through their 8 neighbours (ruling T6)"
    )]
    VaBankShape,
    /// Only the stake move or declining it is possible now (ruling T9).
    #[error("the winner must stake the win ($cell) or decline (ruling T9)")]
    StakeExpected,
    /// A stake move or declining outside the stake decision (ruling T9).
    #[error("there is no win to stake now (ruling T9)")]
    NoStake,
    /// Declining a compulsory stake (ruling T9).
    #[error("the stake is compulsory under these rules (ruling T9)")]
    StakeCompulsory,
}

/// A game that cannot be set up or replayed.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum GameError {
    /// Invalid rules.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// An invalid setup.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// A recorded move that cannot be replayed.
    #[error("move {number} ({mv}) refused: {error}")]
    Replay {
        /// The move's 0-based index in the moves replayed.
        number: usize,
        /// The move.
        mv: Move,
        /// Why it is illegal.
        #[source]
        error: IllegalMove,
    },
}

/// A breach of the no-referee protocol (ruling T10), naming the side at fault.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum Cheat {
    /// The revealed traps do not match the side's commitment.
    #[error("{0}'s revealed traps do not match their commitment")]
    RevealMismatch(Side),
    /// The revealed traps are not valid traps for the game.
    #[error("{side}'s revealed traps are invalid: {error}")]
    InvalidTraps {
        /// Who revealed them.
        side: Side,
        /// What is wrong.
        error: SetupError,
    },
    /// A side said the opponent's move missed, but it was on one of its traps.
    #[error("{side} announced a miss on {cell}, which is one of its traps")]
    FalseMiss {
        /// The side that lied.
        side: Side,
        /// The cell.
        cell: Cell,
    },
    /// A side said the opponent's move hit a trap, but none of its traps was hit.
    #[error("{0} announced a hit that no revealed trap explains")]
    FalseHit(Side),
    /// A side moved before announcing the result of the opponent's move.
    #[error("{0} did not announce the result of the opponent's move")]
    MissingAnnouncement(Side),
}

/// A step of the no-referee protocol made out of turn or with bad input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum ProtocolError {
    /// The move is illegal.
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
    /// A protocol breach by one side.
    #[error(transparent)]
    Cheat(#[from] Cheat),
    /// It is not this step's turn (for example, a move while an announcement is awaited).
    #[error("out of turn: {0}")]
    OutOfTurn(&'static str),
}
