//! The steps of a move, one by one (for animation): the [`Event`]s that
//! [`Game::play_traced`](crate::Game::play_traced) hands to its observer, and the
//! engine's side of it.

use core::fmt;

use crate::player::Player;
use crate::report::Stop;
use crate::score::End;
use crate::square::Square;

/// One step of a move, in the order it happens, as
/// [`Game::play_traced`](crate::Game::play_traced) gives them to its observer:
/// the pick-ups, drops, captures and the stop of the sowing (Q2, Q3), then the next
/// player's loan and refill (Q4), or the end and the collection (Q5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Event {
    /// All the stones of a small square taken into the hand: the move's own square
    /// first, then each relay square (Q2, Q3).
    PickUp {
        /// The square emptied.
        square: Square,
        /// How many stones it held.
        stones: u16,
    },
    /// One stone dropped into a square.
    Drop {
        /// Where it fell.
        square: Square,
    },
    /// A square captured by the mover: its stones and, if it held one, its quan (Q3).
    Capture {
        /// The square emptied.
        square: Square,
        /// Small stones taken.
        stones: u16,
        /// Whether the square's quan was taken with them.
        quan: bool,
    },
    /// The sowing ended here.
    Stop {
        /// The square that ended it (the next square, or the one after a capture).
        at: Square,
        /// Why.
        reason: Stop,
    },
    /// The next player lent stones for a refill (Q4): settled at the end.
    Borrow {
        /// Who borrowed.
        borrower: Player,
        /// Who lent.
        lender: Player,
        /// How many.
        stones: u16,
    },
    /// Stones put into an empty own square at the start of a player's turn (Q4).
    Refill {
        /// Whose turn it is.
        player: Player,
        /// The square filled.
        square: Square,
        /// How many stones.
        stones: u16,
    },
    /// The game is over (Q5, Q9).
    GameOver {
        /// Why.
        reason: End,
    },
    /// At the end, a player takes the stones left in one of their squares (Q5).
    Collect {
        /// Who takes them.
        player: Player,
        /// From where.
        square: Square,
        /// How many.
        stones: u16,
    },
}

/// Receives the steps of a move as the engine makes them. The no-op observer `()`
/// compiles away; [`Named`] hands [`Event`]s to a caller's closure. Squares are
/// ring indices here.
pub(crate) trait Observer {
    /// Whether the observer ignores every event (the engine may then skip steps).
    const QUIET: bool = false;
    fn event(&mut self, event: RawEvent);
}

/// An event with ring indices, turned into an [`Event`] by [`Named`].
#[derive(Clone, Copy)]
pub(crate) enum RawEvent {
    PickUp(usize, u16),
    Drop(usize),
    Capture(usize, u16, bool),
    Stop(usize, Stop),
    Borrow(Player, Player, u16),
    Refill(Player, usize, u16),
    GameOver(End),
    Collect(Player, usize, u16),
}

impl Observer for () {
    const QUIET: bool = true;
    #[inline(always)]
    fn event(&mut self, _: RawEvent) {}
}

/// Names the squares of each step and hands it to the caller's observer.
pub(crate) struct Named<'a, F> {
    /// Small squares per row, to name ring indices.
    pub(crate) row: u8,
    pub(crate) observer: &'a mut F,
}

impl<F: FnMut(Event)> Observer for Named<'_, F> {
    fn event(&mut self, raw: RawEvent) {
        (self.observer)(raw.named(self.row));
    }
}

impl RawEvent {
    /// The event with its squares named on a ring with rows of `row`.
    fn named(self, row: u8) -> Event {
        let sq = |i: usize| Square::at_index(i, row);
        match self {
            RawEvent::PickUp(i, stones) => Event::PickUp {
                square: sq(i),
                stones,
            },
            RawEvent::Drop(i) => Event::Drop { square: sq(i) },
            RawEvent::Capture(i, stones, quan) => Event::Capture {
                square: sq(i),
                stones,
                quan,
            },
            RawEvent::Stop(i, reason) => Event::Stop { at: sq(i), reason },
            RawEvent::Borrow(borrower, lender, stones) => Event::Borrow {
                borrower,
                lender,
                stones,
            },
            RawEvent::Refill(player, i, stones) => Event::Refill {
                player,
                square: sq(i),
                stones,
            },
            RawEvent::GameOver(reason) => Event::GameOver { reason },
            RawEvent::Collect(player, i, stones) => Event::Collect {
                player,
                square: sq(i),
                stones,
            },
        }
    }
}

impl fmt::Display for Event {
    /// `pick up A5 (5)`, `drop QB`, `capture QB (1 + quan)`, `stop at B1: the next
    /// square holds stones`, `A borrows 22 from B`, `A refills A1 (5)`, `game over:
    /// every quan captured`, `B collects B5 (4)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Event::PickUp { square, stones } => write!(f, "pick up {square} ({stones})"),
            Event::Drop { square } => write!(f, "drop {square}"),
            Event::Capture {
                square,
                stones,
                quan,
            } => write!(
                f,
                "capture {square} ({stones}{})",
                if quan { " + quan" } else { "" }
            ),
            Event::Stop { at, reason } => write!(f, "stop at {at}: {reason}"),
            Event::Borrow {
                borrower,
                lender,
                stones,
            } => write!(f, "{borrower} borrows {stones} from {lender}"),
            Event::Refill {
                player,
                square,
                stones,
            } => write!(f, "{player} refills {square} ({stones})"),
            Event::GameOver { reason } => write!(f, "game over: {reason}"),
            Event::Collect {
                player,
                square,
                stones,
            } => write!(f, "{player} collects {square} ({stones})"),
        }
    }
}
