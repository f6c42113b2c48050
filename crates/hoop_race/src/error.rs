//! The crate's error types, one per concern. Every public function that can fail
//! returns one of these; none panics on any input.

use alloc::boxed::Box;

use thiserror::Error;

use crate::chance::Throw;
use crate::moves::{Horse, Player};

/// Text that could not be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum ParseError {
    /// Not a throw.
    #[error("not a throw (expected 1-5, -1 or back-do, or do, gae, geol, yut, mo, backdo)")]
    Throw,
    /// Not a station.
    #[error(
        "not a station (expected A, B, V, G, D or А, Б, В, Г, Д, a number 1-19, or b1, b2, d1, d2, v1, v2, a1, a2)"
    )]
    Station,
    /// Not a player.
    #[error("not a player (expected a seat letter A, B, C or D)")]
    Player,
    /// Not a horse.
    #[error("not a horse (expected a seat letter and a number 1-8, such as A2)")]
    Horse,
    /// Not a move.
    #[error("not a move (expected a horse and a throw, such as A2+3 or A2-1)")]
    Move,
    /// Not a rules preset.
    #[error("unknown rules preset (expected source or yut_nori)")]
    RulesName,
}

/// A rules value out of range.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum RulesError {
    /// 2, 3 or 4 players.
    #[error("{0} players: the game is for 2, 3 or 4")]
    Players(u8),
    /// 1 to 8 horses per player.
    #[error("{0} horses per player: 1 to 8")]
    Horses(u8),
    /// Horses to bring out: 1 to the side's horses.
    #[error("{asked} horses to bring out, but a side has {side_horses}")]
    HorsesToWin {
        /// Asked.
        asked: u8,
        /// A side's horses.
        side_horses: usize,
    },
    /// A stick's probability of white must be strictly between 0 and 1 (ruling H5).
    #[error(
        "a stick white with probability {num}/{den}: it must be between 0 and 1 exclusive, denominator at most 2^30 (ruling H5)"
    )]
    StickProbability {
        /// Numerator.
        num: u32,
        /// Denominator.
        den: u32,
    },
    /// A throw table with no weight, too much weight, or back-do weight while back-do is off.
    #[error(
        "a throw table needs a positive total weight up to 2^32, and no back-do weight unless back-do is played (ruling H5)"
    )]
    ThrowTable,
}

/// Why a throw cannot be made now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum IllegalThrow {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// A move is awaited: the bank must be spent first (ruling H6).
    #[error("a move is awaited, not a throw (ruling H6)")]
    MoveExpected,
    /// Back-do is not played under these rules.
    #[error("back-do is not played under these rules (ruling H11)")]
    BackDoOff,
}

/// Why a move cannot be made now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum IllegalMove {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// A throw is awaited (the turn's, a re-throw or a bonus throw; ruling H6).
    #[error("a throw is awaited, not a move (ruling H6)")]
    ThrowExpected,
    /// No such horse in this game.
    #[error("there is no horse {0} in this game")]
    NoSuchHorse(Horse),
    /// Not the player's horse, nor (with four players) the partner's.
    #[error("{horse} is neither {player}'s nor their partner's (ruling H6)")]
    NotYours {
        /// The horse.
        horse: Horse,
        /// The player to move.
        player: Player,
    },
    /// The throw is not in the bank.
    #[error("no {0} in the bank")]
    NotBanked(Throw),
    /// The horse is already out.
    #[error("{0} is already out")]
    HorseOut(Horse),
    /// Back-do cannot move a waiting horse.
    #[error("{0} is waiting to enter: back-do cannot move it (ruling H11)")]
    BackDoWaiting(Horse),
}

/// A game that cannot be set up or replayed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum GameError {
    /// Invalid rules.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// A position that cannot be set up: this horse is not in the game, off its
    /// route, on a station with horses it would have joined or caught, or its side
    /// has already won.
    #[error("the position cannot be set up: look at horse {0}")]
    Setup(Horse),
    /// An order of play that does not name every player exactly once.
    #[error("the order of play must name every player exactly once")]
    Order,
    /// A throw that could not be made.
    #[error(transparent)]
    Throw(#[from] IllegalThrow),
    /// A move that could not be made.
    #[error(transparent)]
    Move(#[from] IllegalMove),
    /// A recorded action that could not be replayed.
    #[error("action {number}: {reason}")]
    Replay {
        /// 1-based action number.
        number: usize,
        /// Why.
        reason: Box<GameError>,
    },
}
