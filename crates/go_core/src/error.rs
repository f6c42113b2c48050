//! The crate's error types, one per concern. Every public function that can fail
//! returns one of these; none panics on any input.

use alloc::string::String;

use thiserror::Error;

use crate::moves::Move;
use crate::player::Color;
use crate::point::Point;

/// Text that could not be read as a colour, point, move, komi, result or diagram.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum ParseError {
    /// Not `b`, `black`, `w` or `white`.
    #[error("not a colour (expected b, black, w or white)")]
    Color,
    /// Not a GTP point such as `D4` (column `A`..`Z` without `I`, row 1..=25).
    #[error("not a GTP point (expected a column letter A-Z without I, then a row 1-25)")]
    GtpPoint,
    /// Not an SGF point such as `dd` inside the board.
    #[error("not an SGF point on this board (expected two letters a-y)")]
    SgfPoint,
    /// Not a move: a GTP point, `pass` or `resign`.
    #[error("not a move (expected a point such as D4, pass or resign)")]
    Move,
    /// Not a komi: a finite multiple of 0.5.
    #[error("not a komi (expected a number that is a multiple of 0.5, such as 6.5)")]
    Komi,
    /// Not a game result such as `B+3.5`, `W+R` or `0`.
    #[error("not a game result (expected B+3.5, W+R, 0 or similar)")]
    GameResult,
    /// A diagram line that is not like the others or holds an unknown character.
    #[error("diagram line {line}: {problem}")]
    Diagram {
        /// 1-based line number among the diagram's non-blank lines.
        line: usize,
        /// What is wrong with it.
        problem: DiagramProblem,
    },
}

/// What is wrong with a line of a text diagram.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum DiagramProblem {
    /// A character other than `.`, `+`, `,`, `X`, `x`, `#`, `@`, `O`, `o` or a space.
    #[error("unknown character {0:?} (use . or + for empty, X for black, O for white)")]
    Character(char),
    /// A different number of points from the first line.
    #[error("has {found} points but the first line has {expected}")]
    Width {
        /// Points in the first line.
        expected: usize,
        /// Points in this line.
        found: usize,
    },
    /// More than 25 points across or down, or no points at all.
    #[error("the diagram must be 1 to 25 points wide and high")]
    Size,
}

/// A rules value that is out of range, a combination that cannot be played, or an
/// unknown preset name.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum RulesError {
    /// Not one of [`Rules::PRESETS`](crate::Rules::PRESETS).
    #[error(
        "unknown rules preset {0:?} (expected tromp_taylor, chinese, chinese_ogs, chinese_kgs, japanese, korean, aga, bga, new_zealand, stone_scoring, ancient_territory or aga_button)"
    )]
    UnknownPreset(String),
    /// Text that names no rules as KataGo reads them
    /// ([`Rules::from_katago`](crate::Rules::from_katago)).
    #[error("unknown rules {text:?}: {why}")]
    UnknownRules {
        /// The text.
        text: String,
        /// What in it could not be read.
        why: String,
    },
    /// Komi must be a multiple of 0.5 with magnitude at most 1000 (ruling G2).
    #[error("komi {halves} half-points is out of range (at most 1000 points either way)")]
    KomiOutOfRange {
        /// The komi asked for, in half-points.
        halves: i32,
    },
    /// Komi must be a finite multiple of 0.5.
    #[error("komi must be a finite multiple of 0.5")]
    KomiNotHalfPoint,
    /// With no ko rule and suicide allowed, a single-stone suicide is a null move
    /// that recreates the position forever; such a game can never be forced to end,
    /// so the combination is refused (ruling G3, see `docs/go_core.md`).
    #[error("no ko rule together with suicide allowed lets a single-stone suicide repeat forever")]
    EndlessSuicide,
}

/// A board or setup that cannot be built.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum SetupError {
    /// Width and height must each be 1..=25 (ruling G1).
    #[error("board size {width}x{height} is outside 1..=25 on a side")]
    BoardSize {
        /// Width asked for.
        width: u8,
        /// Height asked for.
        height: u8,
    },
    /// A setup point outside the board.
    #[error("{point} is off the {width}x{height} board")]
    OffBoard {
        /// The point.
        point: Point,
        /// Board width.
        width: u8,
        /// Board height.
        height: u8,
    },
    /// A setup whose chain at this point has no liberty (not a legal position).
    #[error("the chain at {point} has no liberty, so the position is not legal")]
    NoLiberties {
        /// A stone of the chain.
        point: Point,
    },
    /// The same point given twice in a setup.
    #[error("{point} is given twice in the setup")]
    Duplicate {
        /// The point.
        point: Point,
    },
    /// Fixed handicap is 2..=9 stones (fewer on small boards), on 7x7 or larger odd
    /// square boards up to 25x25 as GTP places them (ruling G7).
    #[error("no fixed handicap of {stones} stones on a {width}x{height} board")]
    Handicap {
        /// Stones asked for.
        stones: u8,
        /// Board width.
        width: u8,
        /// Board height.
        height: u8,
    },
    /// Setup and handicap go on the board before the first move.
    #[error("the game has moves already: setup and handicap come before the first move")]
    AfterFirstMove,
}

/// Why a move is refused (ruling G4). A refused move leaves the game unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum IllegalMove {
    /// The game has ended (two passes or a resignation).
    #[error("the game is over")]
    GameOver,
    /// The move was made for the colour that is not to move.
    #[error("it is {to_move}'s turn")]
    OutOfTurn {
        /// The colour to move.
        to_move: Color,
    },
    /// The point is not on this board.
    #[error("{point} is off the board")]
    OffBoard {
        /// The point.
        point: Point,
    },
    /// The point already holds a stone.
    #[error("{point} is occupied")]
    Occupied {
        /// The point.
        point: Point,
    },
    /// The move would capture the mover's own stones, which these rules forbid (G3).
    #[error("{point} is suicide, which these rules forbid")]
    Suicide {
        /// The point.
        point: Point,
    },
    /// The move retakes a ko immediately (simple ko rule, G3).
    #[error("{point} retakes the ko immediately")]
    Ko {
        /// The point.
        point: Point,
    },
    /// The board after the move would repeat an earlier board (positional superko,
    /// G6). `repeats` is a number of moves after which that board stood (0 = the
    /// starting position): the earliest, except for a lone stone's suicide, which
    /// names the present position.
    #[error("{point} repeats the board after move {repeats} (positional superko)")]
    PositionalSuperko {
        /// The point.
        point: Point,
        /// The move number of the earlier board.
        repeats: usize,
    },
    /// The board after the move, with the same player to move, would repeat an
    /// earlier one (situational superko, G6).
    #[error(
        "{point} repeats the board and player to move after move {repeats} (situational superko)"
    )]
    SituationalSuperko {
        /// The point.
        point: Point,
        /// The move number of the earlier position.
        repeats: usize,
    },
}

/// Undo asked for more moves than were played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
#[error("cannot undo {asked} moves: only {played} were played")]
pub struct UndoError {
    /// Moves asked to undo.
    pub asked: usize,
    /// Moves played.
    pub played: usize,
}

/// A dead-stone list that does not fit the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum ScoreError {
    /// A point named as dead that holds no stone (or is off the board).
    #[error("{point} is named dead but holds no stone")]
    NoStone {
        /// The point.
        point: Point,
    },
}

/// Malformed or unplayable SGF, with the byte offset where it went wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
#[error("SGF error at byte {offset}: {kind}")]
pub struct SgfError {
    /// Byte offset into the input (for replay errors, of the offending property).
    pub offset: usize,
    /// What went wrong.
    pub kind: SgfErrorKind,
}

/// What went wrong in an SGF text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum SgfErrorKind {
    /// The collection holds no game tree.
    #[error("no game tree (expected '(')")]
    NoGameTree,
    /// A character that cannot stand here.
    #[error("unexpected character {0:?}")]
    Unexpected(char),
    /// The text ended inside a tree, node or value.
    #[error("unexpected end of input")]
    UnexpectedEnd,
    /// A property without any value.
    #[error("property without a value")]
    MissingValue,
    /// The game is not Go (`GM` other than 1).
    #[error("not a Go game (GM is not 1)")]
    NotGo,
    /// A size (`SZ`) that is not 1..=25 or `W:H` within it.
    #[error("bad board size")]
    BadSize,
    /// A point that is not on the board.
    #[error("bad point")]
    BadPoint,
    /// A number (`KM`, `HA`) that cannot be read.
    #[error("bad number")]
    BadNumber,
    /// Setup stones that do not form a legal position.
    #[error("bad setup: {0}")]
    Setup(SetupError),
    /// A move of the main line that the rules refuse.
    #[error("illegal move: {0}")]
    Illegal(IllegalMove),
    /// Nesting deeper than the reader allows (guards the stack).
    #[error("variations nested too deeply")]
    TooDeep,
    /// A move (`B`, `W`) with more than one value, read strictly.
    #[error("more than one value for a move")]
    TooManyValues,
    /// A character set (`CA`) that no encoding is known by.
    #[error("unknown character set (CA)")]
    UnknownCharset,
}

/// A game that cannot be created or replayed: bad rules, a bad setup, or a move of
/// the replayed list that the rules refuse.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum GameError {
    /// The rules do not validate.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// The board size or setup is not possible.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// Move `number` (0-based) of a replayed list is refused.
    #[error("move {number} ({mv}) refused: {error}")]
    Replay {
        /// Index of the refused move in the list, from 0.
        number: usize,
        /// The move.
        mv: Move,
        /// Why the rules refuse it.
        error: IllegalMove,
    },
}
