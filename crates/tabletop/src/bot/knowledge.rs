//! What a game can tell the search about a position's actions before any playout:
//! priors (progressive bias by *equivalent experience*, as in MoGo, Fuego and
//! Pachi) and actions the tree leaves out.

use std::vec::Vec;

use crate::action::Action;
use crate::interface::State;

/// A prior for one action: `visits` imagined playouts whose mean return for the
/// player taking the action is `value` (−1..=1), added to the child's own
/// statistics (and to its RAVE statistics) when the search compares children.
/// Ten visits at 0 is an even prior; a good move gets a value near 1, a bad one
/// near −1.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Prior {
    /// Imagined playouts (0: none).
    pub visits: f32,
    /// Their mean return for the mover, −1..=1.
    pub value: f32,
    /// Whether RAVE credits this action when it is played later in a playout
    /// (false for moves whose value depends on when they are played, such as
    /// Go's pass).
    pub rave: bool,
}

impl Prior {
    /// No prior: the child's own statistics only.
    pub const NONE: Prior = Prior {
        visits: 0.0,
        value: 0.0,
        rave: true,
    };

    /// `visits` imagined playouts of mean return `value`.
    pub const fn new(visits: f32, value: f32) -> Prior {
        Prior {
            visits,
            value,
            rave: true,
        }
    }
}

/// A game's knowledge for the search's tree, used by
/// [`Searcher::search_with`](super::Searcher::search_with) when the tree is grown
/// a whole node at a time ([`Config::expand_after`](super::Config::expand_after)).
pub trait Knowledge<S: State> {
    /// For `actions`, the legal actions of the decision at `state` (sorted), one
    /// entry each in `out` (cleared first): its prior, or `None` to leave the
    /// action out of the tree (the search keeps at least one action: if every
    /// entry is `None` it keeps them all).
    fn priors(&mut self, state: &S, actions: &[Action], out: &mut Vec<Option<Prior>>);

    /// Whether a tree grown one child a visit (the default growth, without
    /// [`Config::expand_after`](super::Config::expand_after)) may try `action`
    /// at `state` at all: asked once for each legal action of a decision node
    /// at its first visit, so it is cheap (Go: not a stone in one's own eye).
    /// The search keeps every action if none is kept. By default every action.
    fn keep(&mut self, state: &S, action: Action) -> bool {
        let _ = (state, action);
        true
    }
}

/// No knowledge: every action in the tree, no prior.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoKnowledge;

impl<S: State> Knowledge<S> for NoKnowledge {
    fn priors(&mut self, _state: &S, actions: &[Action], out: &mut Vec<Option<Prior>>) {
        out.clear();
        out.resize(actions.len(), Some(Prior::NONE));
    }
}
