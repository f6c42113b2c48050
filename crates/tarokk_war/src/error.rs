//! The crate's error types. Every public function that can fail returns one of
//! these; none panics on any input.

use thiserror::Error;

use crate::cards::Card;

/// Text that could not be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum ParseError {
    /// Not a card.
    #[error(
        "not a card (expected a suit and a rank such as \"zöld VIII\", \"zold 8\" or the code Z8)"
    )]
    Card,
    /// Not a move.
    #[error("not a move (expected a card, such as \"tök X\" or TX)")]
    Move,
}

/// An invalid rules value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum RulesError {
    /// A strength table that is not a tiering of the 18 phase-II soldiers (W8).
    #[error("a strength table must hold each of the 18 phase-II soldiers exactly once (ruling W8)")]
    Strength,
}

/// A deal whose shuffles are not permutations of their cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum DealError {
    /// The soldier pile is not the 19 soldiers.
    #[error("the soldier pile must hold the 19 soldiers, each once (ruling W1)")]
    Soldiers,
    /// A hand's cards are not the 6 hand cards.
    #[error("hand {0} must deal the 6 hand cards, each once (ruling W1)")]
    Hand(usize),
}

/// Why a move cannot be made now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum IllegalMove {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The card is not in the player's hand (phase I) or soldiers (phase II).
    #[error("{0} is not yours to play")]
    NotHeld(Card),
    /// Phase II: the defender lays first (W7).
    #[error("the defender lays a soldier first (ruling W7)")]
    DefenderFirst,
    /// Phase I takes card plays; phase II takes soldier choices (W12).
    #[error("that kind of move belongs to the other phase (ruling W12)")]
    WrongPhase,
}

/// A game that cannot be set up or replayed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum GameError {
    /// Invalid rules.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// An invalid deal.
    #[error(transparent)]
    Deal(#[from] DealError),
    /// A recorded move that cannot be replayed.
    #[error("move {number} ({mv}): {error}")]
    Replay {
        /// 1-based number.
        number: usize,
        /// The move.
        mv: crate::Move,
        /// Why.
        error: IllegalMove,
    },
}
