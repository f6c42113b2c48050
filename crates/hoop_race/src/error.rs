//! The crate's error types, one per concern. Every public function that can fail
//! returns one of these; none panics on any input.

use alloc::string::String;

use thiserror::Error;

use crate::board::Place;
use crate::chance::Throw;
use crate::moves::{Action, Horse};
use crate::player::{Player, Side};

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
    /// Not an action.
    #[error("not an action (expected a throw such as 3 or back-do, or a move such as A2+3)")]
    Action,
    /// Not a side.
    #[error("not a side (expected a seat letter A-D, or A+C or B+D for a partnership)")]
    Side,
}

/// A rules value out of range, or an unknown preset.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum RulesError {
    /// No preset by this name ([`Rules::PRESETS`](crate::Rules::PRESETS) lists them).
    #[error("unknown rules preset {0:?} (expected source or yut_nori)")]
    UnknownPreset(String),
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

/// Why an action — a throw or a move — cannot be made now. Nothing changes then.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum IllegalMove {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// A throw is awaited — for the order of play (ruling H9), or the turn's, a
    /// re-throw or a bonus throw (ruling H6) —, not a move.
    #[error("a throw is awaited, not a move (rulings H6, H9)")]
    ThrowExpected,
    /// A move is awaited: the banked throws are spent before the next throw
    /// (ruling H6).
    #[error("a move is awaited, not a throw: the bank is spent first (ruling H6)")]
    MoveExpected,
    /// A back-do thrown while the rules do not play it.
    #[error("back-do is not played under these rules (ruling H11)")]
    BackDoOff,
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
    #[error("no {0} in the bank (ruling H6)")]
    NotBanked(Throw),
    /// The horse is already out.
    #[error("{0} is already out (ruling H4)")]
    HorseOut(Horse),
    /// Back-do cannot move a waiting horse.
    #[error("{0} is waiting to enter: back-do cannot move it (ruling H11)")]
    BackDoWaiting(Horse),
}

/// A game that cannot be set up or replayed.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum GameError {
    /// Invalid rules.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// An order of play that does not name every player of the game exactly once.
    #[error("the order of play must name every player of the game exactly once")]
    Order,
    /// A placed horse that is not in this game.
    #[error("there is no horse {0} in this game to place")]
    NoSuchHorse(Horse),
    /// A horse placed twice.
    #[error("{0} is placed twice")]
    PlacedTwice(Horse),
    /// A place the horse cannot stand on under these rules (see
    /// [`Place::is_consistent`]).
    #[error(
        "{horse} cannot stand on {place}: off its route, or a route not yet chosen there (rulings H3, H4, H11)"
    )]
    Place {
        /// The horse.
        horse: Horse,
        /// Its place.
        place: Place,
    },
    /// Two horses on one station that the rules would not leave there: one
    /// player's horses with different routes (they would be a team, ruling H7) or
    /// opponents (one would have caught the other, ruling H8).
    #[error("{horse} and {other} cannot share a station (rulings H7, H8)")]
    SharedStation {
        /// The horse.
        horse: Horse,
        /// The horse already there.
        other: Horse,
    },
    /// A side that has already brought out the horses it needs (ruling H10).
    #[error("side {0} has already won (ruling H10)")]
    AlreadyWon(Side),
    /// A recorded action that could not be made: `number` is its 0-based index in
    /// the record's moves, `mv` the action (here a throw or a move).
    #[error("move {number} ({mv}) refused: {error}")]
    Replay {
        /// 0-based index of the action in the record.
        number: usize,
        /// The action.
        mv: Action,
        /// Why it was refused.
        error: IllegalMove,
    },
}
