//! The players: seats round the ring (rulings Q1, Q8), and sets of them.
//!
//! A **player** is a seat. Ô ăn quan has no partnerships: with more people, a team
//! acts as one player (Q8), so the crate has no separate side type.

use core::fmt;
use core::str::FromStr;

use crate::error::ParseError;
use crate::rules::MAX_PLAYERS;

/// A player, by seat round the ring: `A` moves first in a fresh game, then `B`, `C`,
/// `D` in the ring's direction (ruling Q8). Prints and parses as a letter.
///
/// ```
/// use o_an_quan::Player;
/// let seats: Vec<Player> = Player::all(3).collect();
/// assert_eq!(seats, [Player::A, Player::B, Player::C]);
/// assert_eq!("c".parse::<Player>()?, Player::C);
/// assert_eq!(Player::C.to_string(), "C");
/// # Ok::<(), o_an_quan::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "char", into = "char"))]
pub struct Player(pub(crate) u8);

impl Player {
    /// Seat A.
    pub const A: Player = Player(0);
    /// Seat B.
    pub const B: Player = Player(1);
    /// Seat C.
    pub const C: Player = Player(2);
    /// Seat D.
    pub const D: Player = Player(3);

    /// The player at seat `index` (0 = A), if there can be one.
    pub const fn new(index: usize) -> Option<Player> {
        if index < MAX_PLAYERS {
            Some(Player(index as u8))
        } else {
            None
        }
    }

    /// The first `n` seats in seat order (at most [`MAX_PLAYERS`]):
    /// `Player::all(rules.players())` are the players of a game.
    pub fn all(n: usize) -> impl DoubleEndedIterator<Item = Player> + ExactSizeIterator + Clone {
        (0..n.min(MAX_PLAYERS)).map(|i| Player(i as u8))
    }

    /// The seat number, 0 for A.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The next player in turn order among `players` (ruling Q8).
    pub const fn next(self, players: usize) -> Player {
        let n = self.0 as usize + 1;
        Player(if n >= players { 0 } else { n as u8 })
    }

    /// The seat letter.
    pub const fn letter(self) -> char {
        (b'A' + self.0) as char
    }
}

impl TryFrom<char> for Player {
    type Error = ParseError;
    /// The seat letter, either case.
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
    /// `A`..`D`, either case.
    fn from_str(s: &str) -> Result<Player, ParseError> {
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Player::try_from(c),
            _ => Err(ParseError::Player),
        }
    }
}

/// A set of players (seats), such as those sharing the highest score. Serialises
/// as the list of their letters.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Players(u8);

impl Players {
    /// Nobody.
    pub const NONE: Players = Players(0);

    /// The set holding `player` only.
    pub const fn only(player: Player) -> Players {
        Players(1 << player.0)
    }

    /// The set with `player` added.
    #[must_use]
    pub const fn with(self, player: Player) -> Players {
        Players(self.0 | 1 << player.0)
    }

    /// Whether `player` is in the set.
    pub const fn contains(self, player: Player) -> bool {
        self.0 >> player.0 & 1 == 1
    }

    /// How many players are in it.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether it is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The players, in seat order.
    pub fn iter(self) -> impl Iterator<Item = Player> {
        Player::all(MAX_PLAYERS).filter(move |&p| self.contains(p))
    }
}

impl FromIterator<Player> for Players {
    fn from_iter<I: IntoIterator<Item = Player>>(iter: I) -> Players {
        iter.into_iter().fold(Players::NONE, Players::with)
    }
}

impl fmt::Debug for Players {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl fmt::Display for Players {
    /// The letters, comma-separated: `A, C`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, p) in self.iter().enumerate() {
            if k > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Players {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Players {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Players, D::Error> {
        let list = alloc::vec::Vec::<Player>::deserialize(d)?;
        Ok(list.into_iter().collect())
    }
}
