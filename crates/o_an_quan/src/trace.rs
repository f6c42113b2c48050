//! What a move did, step by step (for animation) and in sum (for programs).

use alloc::vec::Vec;

use crate::board::{Player, Square};
use crate::moves::Move;
use crate::score::EndReason;

/// Why the sowing of a move stopped (ruling Q3, Q6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Stop {
    /// The square after the last stone is a quan square (no capture).
    QuanSquare,
    /// Two empty squares in a row after the last stone or after a capture.
    TwoEmpty,
    /// The square after a capture holds something, so the chain is over.
    Occupied,
    /// The square after a capture is an empty quan square and the rules do not let
    /// it count as a gap (Q3 option).
    QuanGap,
    /// The next capture would take a young quan, which the rules protect (Q6).
    YoungQuan,
}

/// One step of a move, in the order it happens.
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
        reason: EndReason,
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

/// What a move did, in sum. Returned by [`Game::play`](crate::Game::play) without
/// any allocation; [`Game::play_traced`](crate::Game::play_traced) adds the steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Report {
    /// Who moved.
    pub player: Player,
    /// The move.
    pub mv: Move,
    /// Squares picked up: 1 for the move itself plus one per relay.
    pub pick_ups: u32,
    /// Stones dropped.
    pub sown: u32,
    /// Squares captured.
    pub captures: u32,
    /// Small stones captured.
    pub stones_captured: u32,
    /// Quan captured.
    pub quan_captured: u32,
    /// Why the sowing stopped.
    pub stop: Stop,
    /// Whether the next player had to refill (Q4).
    pub refill: bool,
    /// Stones the next player borrowed for it.
    pub borrowed: u32,
    /// Why the game ended, if this move ended it.
    pub game_over: Option<EndReason>,
}

/// A move's report and every step, in order: enough to animate it.
///
/// ```
/// use o_an_quan::{Event, Game, Rules};
/// let mut game = Game::new(Rules::default())?;
/// let mv = game.parse_move("1R")?;
/// let trace = game.play_traced(mv)?;
/// assert_eq!(trace.events[0], Event::PickUp { square: "A1".parse()?, stones: 5 });
/// assert_eq!(trace.drops().count() as u32, trace.report.sown);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Trace {
    /// The move in sum.
    pub report: Report,
    /// Every step.
    pub events: Vec<Event>,
}

impl Trace {
    /// The squares stones were dropped into, in order.
    pub fn drops(&self) -> impl Iterator<Item = Square> + '_ {
        self.events.iter().filter_map(|e| match *e {
            Event::Drop { square } => Some(square),
            _ => None,
        })
    }

    /// The captures, in order: square, stones, whether a quan was taken.
    pub fn captures(&self) -> impl Iterator<Item = (Square, u16, bool)> + '_ {
        self.events.iter().filter_map(|e| match *e {
            Event::Capture {
                square,
                stones,
                quan,
            } => Some((square, stones, quan)),
            _ => None,
        })
    }
}

/// Receives the steps of a move as the engine makes them. The no-op observer `()`
/// compiles away; [`Recorder`] keeps [`Event`]s. Squares are ring indices here.
pub(crate) trait Observer {
    /// Whether the observer ignores every event (the engine may then skip steps).
    const QUIET: bool = false;
    fn event(&mut self, event: RawEvent);
}

/// An event with ring indices, turned into an [`Event`] by the recorder.
#[derive(Clone, Copy)]
pub(crate) enum RawEvent {
    PickUp(usize, u16),
    Drop(usize),
    Capture(usize, u16, bool),
    Stop(usize, Stop),
    Borrow(Player, Player, u16),
    Refill(Player, usize, u16),
    GameOver(EndReason),
    Collect(Player, usize, u16),
}

impl Observer for () {
    const QUIET: bool = true;
    #[inline(always)]
    fn event(&mut self, _: RawEvent) {}
}

/// Keeps the events of a move, squares named.
pub(crate) struct Recorder {
    /// Small squares per row, to name ring indices.
    pub(crate) row: u8,
    pub(crate) events: Vec<Event>,
}

impl Observer for Recorder {
    fn event(&mut self, raw: RawEvent) {
        let sq = |i: usize| Square::at_index(i, self.row);
        let event = match raw {
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
        };
        self.events.push(event);
    }
}
