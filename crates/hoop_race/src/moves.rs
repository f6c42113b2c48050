//! Horses, moves and actions (a throw or a move) with their notation, and the
//! fixed-capacity move list.

use alloc::string::{String, ToString};
use core::fmt;
use core::str::FromStr;

use crate::chance::Throw;
use crate::error::ParseError;
use crate::player::Player;
use crate::rules::MAX_HORSES;

/// A horse: its owner and its number, `A1`..`D8` (serialised as that text).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "String", into = "String"))]
pub struct Horse {
    /// The owner.
    pub owner: Player,
    /// 0-based number; printed 1-based.
    pub number: u8,
}

impl Horse {
    /// Horse `number` (0-based) of `owner`.
    pub const fn new(owner: Player, number: u8) -> Horse {
        Horse { owner, number }
    }

    /// Its index in a game's horse table.
    pub(crate) const fn slot(self) -> usize {
        self.owner.index() * MAX_HORSES + self.number as usize
    }

    pub(crate) const fn from_slot(slot: usize) -> Horse {
        Horse {
            owner: Player::seat(slot / MAX_HORSES),
            number: (slot % MAX_HORSES) as u8,
        }
    }
}

impl fmt::Display for Horse {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.owner, self.number + 1)
    }
}

impl FromStr for Horse {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Horse, ParseError> {
        let s = s.trim();
        let mut chars = s.chars();
        let owner = chars
            .next()
            .and_then(|c| Player::try_from(c).ok())
            .ok_or(ParseError::Horse)?;
        match chars.as_str().parse::<u8>() {
            Ok(n) if (1..=MAX_HORSES as u8).contains(&n) => Ok(Horse::new(owner, n - 1)),
            _ => Err(ParseError::Horse),
        }
    }
}

/// A move (ruling H6): one banked throw spent on one horse — and with it the
/// horse's whole team, or a waiting horse entering.
///
/// Notation: the horse, then the throw: `A2+3` (A's second horse, 3 stations),
/// `A2-1` or `A2 back-do` (back-do). Parsing also takes a space or `:` before the
/// throw and the yut names (`A2 mo`). Serialised as its notation.
///
/// ```
/// use hoop_race::{Horse, Move, Player, Throw};
/// let mv: Move = "b1+5".parse()?;
/// assert_eq!(mv, Move::new(Horse::new(Player::B, 0), Throw::points(5).unwrap()));
/// assert_eq!(mv.to_string(), "B1+5");
/// assert_eq!("A2 back-do".parse::<Move>()?.to_string(), "A2-1");
/// # Ok::<(), hoop_race::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "String", into = "String"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct Move {
    /// The horse moved (any horse of a team moves the team).
    pub horse: Horse,
    /// The throw spent.
    pub throw: Throw,
}

impl Move {
    /// `throw` spent on `horse`.
    pub const fn new(horse: Horse, throw: Throw) -> Move {
        Move { horse, throw }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.throw.is_back_do() {
            write!(f, "{}-1", self.horse)
        } else {
            write!(f, "{}+{}", self.horse, self.throw.steps())
        }
    }
}

impl FromStr for Move {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Move, ParseError> {
        let s = s.trim();
        let digits_end = s
            .char_indices()
            .skip(1)
            .find(|(_, c)| !c.is_ascii_digit())
            .map_or(s.len(), |(i, _)| i);
        let horse: Horse = s[..digits_end].parse().map_err(|_| ParseError::Move)?;
        let rest = s[digits_end..].trim_start();
        let rest = rest
            .strip_prefix('+')
            .or_else(|| rest.strip_prefix(':'))
            .unwrap_or(rest);
        let throw: Throw = rest.parse().map_err(|_| ParseError::Move)?;
        Ok(Move { horse, throw })
    }
}

impl TryFrom<String> for Horse {
    type Error = ParseError;
    fn try_from(s: String) -> Result<Horse, ParseError> {
        s.parse()
    }
}

impl From<Horse> for String {
    fn from(h: Horse) -> String {
        h.to_string()
    }
}

impl TryFrom<String> for Move {
    type Error = ParseError;
    fn try_from(s: String) -> Result<Move, ParseError> {
        s.parse()
    }
}

impl From<Move> for String {
    fn from(m: Move) -> String {
        m.to_string()
    }
}

/// One step of a game's record: a throw (chance) or a move (a decision). Chance is
/// input: a game is its rules, its setup and its actions, in order.
///
/// Notation: a throw's (`3`, `back-do`) or a move's (`A1+3`); a move always starts
/// with a horse, a throw never does. Serialised as that text.
///
/// ```
/// use hoop_race::{Action, Throw};
/// let a: Action = "mo".parse()?;
/// assert_eq!(a, Action::Throw(Throw::points(5).unwrap()));
/// assert_eq!(a.to_string(), "5");
/// assert_eq!("A1+3".parse::<Action>()?.to_string(), "A1+3");
/// # Ok::<(), hoop_race::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "String", into = "String"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Action {
    /// A throw (for the order of play or in a turn).
    Throw(Throw),
    /// A move.
    Move(Move),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Throw(t) => write!(f, "{t}"),
            Action::Move(m) => write!(f, "{m}"),
        }
    }
}

impl FromStr for Action {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Action, ParseError> {
        if let Ok(m) = s.parse::<Move>() {
            return Ok(Action::Move(m));
        }
        s.parse::<Throw>()
            .map(Action::Throw)
            .map_err(|_| ParseError::Action)
    }
}

impl TryFrom<String> for Action {
    type Error = ParseError;
    fn try_from(s: String) -> Result<Action, ParseError> {
        s.parse()
    }
}

impl From<Action> for String {
    fn from(a: Action) -> String {
        a.to_string()
    }
}

impl From<Throw> for Action {
    fn from(t: Throw) -> Action {
        Action::Throw(t)
    }
}

impl From<Move> for Action {
    fn from(m: Move) -> Action {
        Action::Move(m)
    }
}

/// The most moves a position can offer: each of the six throw values (1–5 and
/// back-do) banked, times the units that can move — the player's and, with four
/// players, the partner's (two seats) — each seat offering at most [`MAX_HORSES`]
/// units, since a unit (a team on the board or the first waiting horse) holds at
/// least one of the seat's horses.
pub const MAX_MOVES: usize = 6 * 2 * MAX_HORSES;

/// Legal moves in a fixed-capacity array (no heap allocation); dereferences to a
/// slice of moves.
pub type MoveList = arrayvec::ArrayVec<Move, MAX_MOVES>;
