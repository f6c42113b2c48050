//! What a throw or a move did: the reports [`Game::throw`](crate::Game::throw) and
//! [`Game::play`](crate::Game::play) return, and the step-by-step [`Event`]s of
//! [`Game::play_traced`](crate::Game::play_traced).

use crate::board::Place;
use crate::chance::Throw;
use crate::game::Awaiting;
use crate::moves::{Horse, Move};
use crate::player::{Player, Side};
use crate::score::End;

/// What a throw did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ThrowReport {
    /// Who threw.
    pub player: Player,
    /// The throw.
    pub throw: Throw,
    /// Whether it was a throw for the order of play (H9).
    pub for_order: bool,
    /// Throws dropped because no horse could use them (H6: only back-do, no horse on
    /// the board); the turn then passes.
    pub voided: u16,
    /// What the game waits for now.
    pub next: Awaiting,
}

/// What a move did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Report {
    /// Who moved.
    pub player: Player,
    /// The move.
    pub mv: Move,
    /// Where the horse (and its team) was.
    pub from: Place,
    /// Where it is now (its route says which way it goes on).
    pub to: Place,
    /// Horses moved: the team.
    pub moved: u8,
    /// The mover's horses it joined on arrival (H7).
    pub joined: u8,
    /// The opponents' horses caught (H8), as a bit set of horse slots (seat × 8 +
    /// number); [`Report::caught`] lists them.
    pub caught_mask: u32,
    /// Horses brought out by this move.
    pub exited: u8,
    /// Whether the capture earned a bonus throw (H6).
    pub bonus: bool,
    /// Throws dropped after the move because no horse could use them.
    pub voided: u16,
    /// The side that brought out its last needed horse with this move.
    pub finished: Option<Side>,
    /// Playing for places (H10): the finished side's horses still on the board,
    /// taken off at once, as a bit set like `caught_mask`; [`Report::taken_off`]
    /// lists them.
    pub taken_off_mask: u32,
    /// What the game waits for now.
    pub next: Awaiting,
}

impl Report {
    /// The horses caught, sent back to wait.
    pub fn caught(&self) -> impl Iterator<Item = Horse> + use<> {
        horses(self.caught_mask)
    }

    /// The horses taken off the board because their side finished (H10, playing
    /// for places): they count as waiting in the score and never move again.
    pub fn taken_off(&self) -> impl Iterator<Item = Horse> + use<> {
        horses(self.taken_off_mask)
    }
}

/// The horses of a bit set of slots, in slot order.
pub(crate) fn horses(mut mask: u32) -> impl Iterator<Item = Horse> {
    core::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let slot = mask.trailing_zeros() as usize;
        mask &= mask - 1;
        Some(Horse::from_slot(slot))
    })
}

/// One step of a move, as [`Game::play_traced`](crate::Game::play_traced) gives it
/// to its observer, in this order: the moving team's horses (`Moved` or
/// `Exited`), the horses it joins, the horses it catches, then the side's finish,
/// its horses taken off, and what follows — the game's end, a bonus throw, or void
/// throws dropped. Plain data, no allocation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Event {
    /// A horse of the moving team goes from one place on to another on the board.
    Moved {
        /// The horse.
        horse: Horse,
        /// Where it was (waiting for a horse entering, H2).
        from: Place,
        /// Where it is now.
        to: Place,
    },
    /// A horse of the moving team is brought out (H4).
    Exited {
        /// The horse.
        horse: Horse,
        /// Where it was.
        from: Place,
    },
    /// One of the mover's horses standing where the team arrives joins it, taking
    /// the arriving route (H7).
    Joined {
        /// The horse.
        horse: Horse,
        /// Where it was (the same station).
        from: Place,
        /// Its place in the team.
        to: Place,
    },
    /// An opponent's horse caught and sent back to wait (H8).
    Caught {
        /// The horse.
        horse: Horse,
        /// Where it was.
        from: Place,
    },
    /// A side brought out the last horse it needed (H10).
    Finished {
        /// The side.
        side: Side,
    },
    /// Playing for places: a finished side's horse still on the board is taken off
    /// (H10, as amended).
    TakenOff {
        /// The horse.
        horse: Horse,
        /// Where it was.
        from: Place,
    },
    /// The capture earned a bonus throw for the player (H6).
    BonusThrow {
        /// Who throws it.
        player: Player,
    },
    /// Banked throws no horse can use, dropped; the turn passes (H6).
    Voided {
        /// The throw.
        throw: Throw,
        /// How many of it were dropped.
        count: u16,
    },
    /// The game is over.
    Ended {
        /// Why.
        reason: End,
    },
}

/// What a move did, before it is reported.
pub(crate) struct Effects {
    pub(crate) moved: u8,
    pub(crate) joined: u8,
    pub(crate) caught: u32,
    pub(crate) exited: u8,
    pub(crate) bonus: bool,
    pub(crate) voided: u16,
    pub(crate) finished: Option<Side>,
    pub(crate) taken_off: u32,
}
