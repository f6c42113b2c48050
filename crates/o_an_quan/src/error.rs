//! The crate's error types, one per concern. Every public function that can fail
//! returns one of these; none panics on any input.

use alloc::string::String;

use thiserror::Error;

use crate::moves::Move;
use crate::player::Player;
use crate::setup::Loan;
use crate::square::Square;

/// Text that could not be read as a player, square, direction, move or ring.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum ParseError {
    /// Not a seat letter `A`..`D`.
    #[error("not a player (expected a seat letter A, B, C or D)")]
    Player,
    /// Not a square such as `A3` or `QB`.
    #[error(
        "not a square (expected a seat letter and a number 1-12, such as A3, or Q and a seat letter, such as QB)"
    )]
    Square,
    /// Not a direction.
    #[error("not a direction (expected R, right, ccw, > or L, left, cw, <)")]
    Direction,
    /// Not a move such as `A3R` (or `3R` for the mover's own row).
    #[error("not a move (expected a small square and a direction, such as A3R or 3L)")]
    Move,
    /// Not a board in ring notation.
    #[error("not a ring: {0}")]
    Ring(RingProblem),
}

/// What is wrong with a board in ring notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum RingProblem {
    /// A character that is not a digit, `(`, `)`, `Q`, a separator or a space.
    #[error("unexpected character {0:?}")]
    Character(char),
    /// A `(` without its `)`.
    #[error("a quan square's ( is not closed")]
    Unclosed,
    /// A count that is not a number.
    #[error("a count is not a number")]
    Count,
    /// Not 2-4 rows of equal length 1..=12, each after a quan square.
    #[error("expected 2 to 4 rows of 1 to 12 small squares, each after a quan square in ()")]
    Shape,
    /// More stones than the ring may hold.
    #[error("more than 30000 stones")]
    TooManyStones,
}

/// Rules that cannot be played: a value out of range, or an unknown preset.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum RulesError {
    /// Not one of [`Rules::PRESETS`](crate::Rules::PRESETS).
    #[error("unknown rules preset {0:?} (expected source or common)")]
    UnknownPreset(String),
    /// Players must be 2, 3 or 4 (ruling Q1).
    #[error("{0} players: the ring is for 2, 3 or 4 (ruling Q1)")]
    Players(u8),
    /// Rows must have 1 to 12 small squares.
    #[error("rows of {0} squares: a row has 1 to 12 small squares")]
    RowLength(u8),
    /// A stones-per-square value out of 1..=100.
    #[error("{what} of {value} stones per square: must be 1 to 100")]
    PerSquare {
        /// Which value.
        what: &'static str,
        /// The value given.
        value: u8,
    },
    /// The quan value or square price above 1000.
    #[error("{what} of {value}: at most 1000")]
    Value {
        /// Which value.
        what: &'static str,
        /// The value given.
        value: u16,
    },
    /// A move limit of 0.
    #[error("a move limit must be at least 1")]
    MoveLimit,
}

/// A board, position or setup that cannot be played under the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum SetupError {
    /// The square is not on this ring.
    #[error("{0} is not on this ring")]
    NoSuchSquare(Square),
    /// A quan was put on a small square.
    #[error("{0} is not a quan square")]
    NotAQuanSquare(Square),
    /// The player is not playing on this ring.
    #[error("player {0} is not playing on this ring")]
    NoSuchPlayer(Player),
    /// More stones than [`MAX_STONES`](crate::MAX_STONES).
    #[error("{0} stones: at most 30000")]
    TooManyStones(u32),
    /// The ring is not the size the rules say.
    #[error("a ring of {players} rows of {row} does not match the rules")]
    Shape {
        /// Rows of the ring given.
        players: usize,
        /// Small squares per row of the ring given.
        row: usize,
    },
    /// A list with the wrong number of entries: one per player, or for `owners`
    /// one per small square.
    #[error("{field} lists {len} values where {expected} are needed")]
    Lengths {
        /// The field.
        field: &'static str,
        /// Entries given.
        len: usize,
        /// Entries needed.
        expected: usize,
    },
    /// Quan on the ring and quan taken must make one per player, on quan squares.
    #[error(
        "{on_board} quan on the ring and {taken} taken: there must be one per player, on quan squares"
    )]
    QuanCount {
        /// Quan on the ring.
        on_board: usize,
        /// Quan in players' hands.
        taken: usize,
    },
    /// A loan must be of at least one stone, between two players of the game (Q4).
    #[error("{0}: a loan is of one stone or more, between two players of the game (ruling Q4)")]
    BadLoan(Loan),
    /// Loans must balance (what is lent is borrowed) and fit a player's balance.
    #[error("the loans do not balance, or add up to more than a balance holds")]
    Loans,
    /// Every small square must have exactly one owner, and no quan square any.
    #[error("every small square needs exactly one owner")]
    Ownership,
    /// A player owns no square.
    #[error("player {0} owns no square")]
    NoSquares(Player),
    /// An earlier position of the setup's history that cannot have started a turn
    /// of this game: another ring, other owners, stones collected, or invalid.
    #[error("history entry {turn} is not a position of this game before its end (ruling Q9)")]
    History {
        /// Its index in the history, 0-based.
        turn: usize,
    },
}

/// Why a move cannot be played now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum IllegalMove {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The square is not on this ring.
    #[error("{0} is not on this ring")]
    NoSuchSquare(Square),
    /// Stones are never picked up from a quan square (ruling Q2).
    #[error("{0} is a quan square: stones are never picked up from it (ruling Q2)")]
    QuanSquare(Square),
    /// The square belongs to another player (ruling Q2).
    #[error("{square} belongs to {owner}, not to {player} who is to move (ruling Q2)")]
    NotYourSquare {
        /// The square.
        square: Square,
        /// Its owner.
        owner: Player,
        /// The player to move.
        player: Player,
    },
    /// The square holds no stone (ruling Q2).
    #[error("{0} is empty (ruling Q2)")]
    EmptySquare(Square),
}

/// Nothing to undo.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum UndoError {
    /// Fewer moves have been played than asked to undo.
    #[error("only {played} moves have been played")]
    TooFew {
        /// Moves played.
        played: usize,
    },
}

/// A game that cannot be set up or replayed.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum GameError {
    /// Invalid rules.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// A setup that does not fit the rules.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// A recorded move that is refused when replayed.
    #[error("move {number} ({mv}) refused: {error}")]
    Replay {
        /// Its index in the moves replayed, 0-based.
        number: usize,
        /// The move.
        mv: Move,
        /// Why it is refused.
        #[source]
        error: IllegalMove,
    },
}

/// A match that cannot go on as asked (ruling Q7).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum MatchError {
    /// The match is over.
    #[error("the match is over")]
    Over,
    /// A game of the match is still being played.
    #[error("the current game is not finished")]
    GameNotFinished,
    /// No game of the match is being played.
    #[error("no game is being played")]
    NoGame,
    /// The player is not in this match.
    #[error("player {0} is not in this match")]
    NoSuchPlayer(Player),
    /// Invalid rules.
    #[error(transparent)]
    Rules(#[from] RulesError),
}
