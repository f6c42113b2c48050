//! Players, horses, moves and their notation, and the fixed-capacity move list.

use core::fmt;
use core::ops::Deref;
use core::str::FromStr;

use crate::chance::Throw;
use crate::error::ParseError;
use crate::rules::{MAX_HORSES, MAX_PLAYERS};

/// A player by seat: `A`, `B`, `C`, `D`. With four players A and C are partners
/// against B and D (they sit opposite; ruling H6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "char", into = "char"))]
pub struct Player(u8);

impl Player {
    /// Seat A.
    pub const A: Player = Player(0);
    /// Seat B.
    pub const B: Player = Player(1);
    /// Seat C.
    pub const C: Player = Player(2);
    /// Seat D.
    pub const D: Player = Player(3);

    /// The player at seat `index` (0 = A).
    pub const fn new(index: usize) -> Option<Player> {
        if index < MAX_PLAYERS {
            Some(Player(index as u8))
        } else {
            None
        }
    }

    /// The seat number.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The seat letter.
    pub const fn letter(self) -> char {
        (b'A' + self.0) as char
    }
}

impl TryFrom<char> for Player {
    type Error = ParseError;
    fn try_from(c: char) -> Result<Player, ParseError> {
        match c.to_ascii_uppercase() {
            c @ 'A'..='D' => Ok(Player(c as u8 - b'A')),
            _ => Err(ParseError::Player),
        }
    }
}

impl From<Player> for char {
    fn from(p: Player) -> char {
        p.letter()
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl FromStr for Player {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Player, ParseError> {
        let mut chars = s.trim().chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Player::try_from(c),
            _ => Err(ParseError::Player),
        }
    }
}

/// A horse: its owner and its number, `A1`..`D8`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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
            owner: Player((slot / MAX_HORSES) as u8),
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
/// throw and the yut names (`A2 mo`).
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

/// The most moves a position can offer: six throw values for each horse of a
/// player and a partner.
pub const MAX_MOVES: usize = 6 * 2 * MAX_HORSES;

/// Legal moves in a fixed-capacity array (no heap allocation); dereferences to a slice.
#[derive(Clone, Copy)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: u8,
}

impl MoveList {
    pub(crate) const fn new() -> MoveList {
        MoveList {
            moves: [Move::new(Horse::new(Player::A, 0), Throw::BACK_DO); MAX_MOVES],
            len: 0,
        }
    }

    pub(crate) fn push(&mut self, mv: Move) {
        if let Some(slot) = self.moves.get_mut(self.len as usize) {
            *slot = mv;
            self.len += 1;
        }
    }
}

impl Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len as usize]
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl PartialEq for MoveList {
    fn eq(&self, other: &MoveList) -> bool {
        **self == **other
    }
}

impl Eq for MoveList {}
