//! Players and sides: a [`Player`] is a seat (`A` to `D`); a [`Side`] is the party
//! that wins or loses together — a player, or with four players a partnership of the
//! players sitting opposite (A+C against B+D; ruling H6).

use alloc::string::{String, ToString};
use core::fmt;
use core::str::FromStr;

use crate::error::ParseError;
use crate::rules::MAX_PLAYERS;

/// A player by seat: `A`, `B`, `C`, `D`. With four players A and C are partners
/// against B and D (they sit opposite; ruling H6).
///
/// Prints and parses as its seat letter (either case); serialises as that letter.
///
/// ```
/// use hoop_race::Player;
/// let seats: Vec<String> = Player::all(3).map(|p| p.to_string()).collect();
/// assert_eq!(seats, ["A", "B", "C"]);
/// assert_eq!("c".parse::<Player>()?, Player::C);
/// # Ok::<(), hoop_race::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "String", into = "String"))]
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

    /// Every seat, in seat order.
    pub(crate) const SEATS: [Player; MAX_PLAYERS] = [Player::A, Player::B, Player::C, Player::D];

    /// The player at seat `index` (0 = A); `None` beyond D.
    pub const fn new(index: usize) -> Option<Player> {
        if index < MAX_PLAYERS {
            Some(Player(index as u8))
        } else {
            None
        }
    }

    /// The first `n` seats in seat order (A, B, …; at most the four seats).
    pub fn all(n: usize) -> impl DoubleEndedIterator<Item = Player> + ExactSizeIterator + use<> {
        (0..n.min(MAX_PLAYERS) as u8).map(Player)
    }

    /// The player at `seat`, an index the crate keeps below [`MAX_PLAYERS`]
    /// (horse slots, the order of play); taken modulo the seats.
    pub(crate) const fn seat(seat: usize) -> Player {
        Player((seat % MAX_PLAYERS) as u8)
    }

    /// The seat number (A = 0).
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The seat letter.
    pub const fn letter(self) -> char {
        (b'A' + self.0) as char
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl FromStr for Player {
    type Err = ParseError;
    /// A seat letter, either case, surrounding spaces ignored.
    fn from_str(s: &str) -> Result<Player, ParseError> {
        let mut chars = s.trim().chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Player::try_from(c),
            _ => Err(ParseError::Player),
        }
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

impl TryFrom<String> for Player {
    type Error = ParseError;
    fn try_from(s: String) -> Result<Player, ParseError> {
        s.parse()
    }
}

impl From<Player> for String {
    fn from(p: Player) -> String {
        p.to_string()
    }
}

/// A side: the party that wins or loses together (ruling H10) — a player, or with
/// four players a partnership (A+C or B+D).
///
/// Prints and parses as `A` … `D` or `A+C`, `B+D` (`C+A`, `D+B` are read too);
/// serialises as that text.
///
/// ```
/// use hoop_race::{Player, Side};
/// let sides: Vec<String> = Side::all(4).map(|s| s.to_string()).collect();
/// assert_eq!(sides, ["A+C", "B+D"]);
/// assert_eq!(Side::of(Player::C, 4).to_string(), "A+C");
/// assert_eq!(Side::of(Player::C, 3).to_string(), "C");
/// assert_eq!("b+d".parse::<Side>()?, Side::of(Player::D, 4));
/// # Ok::<(), hoop_race::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "String", into = "String"))]
pub struct Side {
    /// The side's number: the seat, or 0 for A+C and 1 for B+D.
    index: u8,
    /// Whether it is a partnership.
    pair: bool,
}

impl Side {
    /// Side number `index` of a game of `players` players: the seat, or with four
    /// players 0 for A+C and 1 for B+D (taken modulo the sides).
    pub(crate) const fn new(index: usize, players: usize) -> Side {
        if players == MAX_PLAYERS {
            Side {
                index: (index % 2) as u8,
                pair: true,
            }
        } else {
            Side {
                index: (index % MAX_PLAYERS) as u8,
                pair: false,
            }
        }
    }

    /// The sides of a game of `players` players, in order: each player, or with four
    /// players A+C then B+D.
    pub fn all(
        players: usize,
    ) -> impl DoubleEndedIterator<Item = Side> + ExactSizeIterator + use<> {
        let sides = if players == MAX_PLAYERS {
            2
        } else {
            players.min(MAX_PLAYERS)
        };
        (0..sides).map(move |k| Side::new(k, players))
    }

    /// The side `player` plays for in a game of `players` players.
    pub const fn of(player: Player, players: usize) -> Side {
        Side::new(player.index(), players)
    }

    /// Its number: the seat, or 0 for A+C and 1 for B+D.
    pub const fn index(self) -> usize {
        self.index as usize
    }

    /// Whether it is a partnership of two players.
    pub const fn is_partnership(self) -> bool {
        self.pair
    }

    /// Its players, in seat order.
    pub fn members(self) -> impl Iterator<Item = Player> {
        let partner = self.pair.then_some(Player::seat(self.index as usize + 2));
        core::iter::once(Player::seat(self.index as usize)).chain(partner)
    }

    /// Whether `player` plays for this side.
    pub fn contains(self, player: Player) -> bool {
        self.members().any(|p| p == player)
    }
}

impl fmt::Display for Side {
    /// `A`, or `A+C` for a partnership.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, p) in self.members().enumerate() {
            if k > 0 {
                f.write_str("+")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

impl FromStr for Side {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Side, ParseError> {
        let s = s.trim();
        match s.split_once('+') {
            None => s
                .parse::<Player>()
                .map(|p| Side::new(p.index(), 2))
                .map_err(|_| ParseError::Side),
            Some((a, b)) => {
                let a: Player = a.parse().map_err(|_| ParseError::Side)?;
                let b: Player = b.parse().map_err(|_| ParseError::Side)?;
                if (a.index() + 2) % MAX_PLAYERS == b.index() {
                    Ok(Side::new(a.index(), MAX_PLAYERS))
                } else {
                    Err(ParseError::Side)
                }
            }
        }
    }
}

impl TryFrom<String> for Side {
    type Error = ParseError;
    fn try_from(s: String) -> Result<Side, ParseError> {
        s.parse()
    }
}

impl From<Side> for String {
    fn from(s: Side) -> String {
        s.to_string()
    }
}
