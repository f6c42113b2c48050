//! Dense action ids, the lists that hold them, and the reasons an action is refused.

use alloc::string::String;
use alloc::vec::Vec;

/// A dense action id: a decision of the player to move, or a chance outcome at a
/// chance node. Decisions are in `0..num_distinct_actions`, chance outcomes in
/// `0..max_chance_outcomes` (the two spaces overlap: which one an id belongs to
/// depends on the node, as in OpenSpiel).
pub type Action = u32;

/// A reusable list of actions (legal actions are written into one, so a search or a
/// playout allocates once, not at every step).
pub type ActionList = Vec<Action>;

/// Why an action was refused. A refused action changes nothing.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ActionError {
    /// The game is over.
    #[error("the game is over")]
    Terminal,
    /// The id is outside the action space of this node (decisions:
    /// `num_distinct_actions`; chance: `max_chance_outcomes`).
    #[error("action {action} is outside the action space (0..{size})")]
    OutOfRange {
        /// The id.
        action: Action,
        /// The size of the space.
        size: usize,
    },
    /// The rules refuse it now; the message is the game crate's own, naming the
    /// ruling where it helps.
    #[error("{0}")]
    Illegal(String),
    /// A chance outcome that cannot happen here (probability 0).
    #[error("chance outcome {0} cannot happen here")]
    ImpossibleChance(Action),
}

/// Why a move in a game's notation could not be read as an action.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum NotationError {
    /// Not the game's notation; the message is the game crate's own.
    #[error("{0}")]
    Parse(String),
    /// A move in the notation that names no action of this game (for example a
    /// point off the board).
    #[error("{0} is not an action of this game")]
    NoSuchAction(String),
}
