//! The crate's error types, one per concern. Every public function that can fail
//! returns one of these; none panics on any input.

use alloc::string::String;

use thiserror::Error;

use crate::cards::Card;
use crate::moves::Move;

/// Text that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum ParseError {
    /// Not a card.
    #[error(
        "{0:?} is not a card (expected a code such as Z8 or TA, or a name such as \"zöld VIII\" or \"zold 8\")"
    )]
    Card(String),
    /// Not a move.
    #[error("{0:?} is not a move (expected a card such as TX, \"lay PA\" or \"attack MK\")")]
    Move(String),
    /// Not a player.
    #[error("{0:?} is not a player (expected \"player 1\", \"player 2\", 1, 2, one or two)")]
    Player(String),
}

/// An invalid rules value.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum RulesError {
    /// A strength table that is not a tiering of the 18 phase-II soldiers (W8).
    #[error("a strength table must hold each of the 18 phase-II soldiers exactly once (ruling W8)")]
    Strength,
    /// A name that is not one of [`Rules::PRESETS`](crate::Rules::PRESETS).
    #[error("no preset is called {0:?} (the presets: source, numeral_scoring)")]
    UnknownPreset(String),
}

/// A setup whose shuffles are not permutations of their cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum SetupError {
    /// The soldier pile is not the 19 soldiers.
    #[error("the soldier pile must hold the 19 soldiers, each once (ruling W1)")]
    Soldiers,
    /// A hand's cards (the index into `hands`, from 0) are not the 6 hand cards.
    #[error("hands[{0}] must deal the 6 hand cards, each once (ruling W1)")]
    Hand(usize),
}

/// Why a move cannot be made now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum IllegalMove {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The card is not in the mover's hand (phase I) or soldiers (phase II).
    #[error("{0} is not yours to play")]
    NotHeld(Card),
    /// Phase II: the defender lays first (W7).
    #[error("the defender lays a soldier first (ruling W7)")]
    DefenderFirst,
    /// Phase II: the defender has laid; the attacker lays next (W7).
    #[error("the defender has laid a soldier: the attacker lays next (ruling W7)")]
    AttackerNext,
    /// Phase I takes card plays; phase II takes soldier choices (W12).
    #[error("that kind of move belongs to the other phase (ruling W12)")]
    WrongPhase,
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
        /// Its index in the moves replayed, from 0.
        number: usize,
        /// The move.
        mv: Move,
        /// Why it was refused (part of the message, so not also a `source`).
        error: IllegalMove,
    },
}
