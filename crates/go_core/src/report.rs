//! What a move did: the [`Report`] that [`Game::play`](crate::Game::play) returns,
//! and the [`Event`]s that [`Game::play_traced`](crate::Game::play_traced) gives
//! step by step.

use crate::moves::Move;
use crate::outcome::End;
use crate::player::Color;
use crate::point::Point;

/// What a move did, returned by [`Game::play`](crate::Game::play).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Report {
    /// Who moved.
    pub color: Color,
    /// The move.
    pub mv: Move,
    /// Opponent stones captured (the points:
    /// [`Game::last_captures`](crate::Game::last_captures)).
    pub captured: u32,
    /// The mover's own stones removed by self-capture (G5).
    pub self_captured: u32,
    /// Why the game ended with this move (the second pass in a row, or a
    /// resignation); `None` while it goes on.
    pub end: Option<End>,
}

/// One step of a move, in the order it happens, given to the observer of
/// [`Game::play_traced`](crate::Game::play_traced).
///
/// A stone is placed, then each captured opponent stone is removed, then each of
/// the mover's own stones that self-capture removes (G5); or the player passes or
/// resigns; then, if the move ended the game, `GameOver`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Event {
    /// A stone put on an empty point.
    Place {
        /// Its colour (the mover's).
        color: Color,
        /// Where.
        point: Point,
    },
    /// An opponent stone captured and taken off the board.
    Capture {
        /// The captured stone's colour.
        color: Color,
        /// Where it stood.
        point: Point,
    },
    /// One of the mover's own stones taken off by self-capture (G5).
    SelfCapture {
        /// The stone's colour (the mover's).
        color: Color,
        /// Where it stood.
        point: Point,
    },
    /// The player passed.
    Pass {
        /// Who passed.
        color: Color,
    },
    /// The player resigned.
    Resign {
        /// Who resigned.
        color: Color,
    },
    /// The game is over.
    GameOver {
        /// Why.
        reason: End,
    },
}
