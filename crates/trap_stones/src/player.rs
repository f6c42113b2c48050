//! Who plays (rulings T2, T11): the two sides that win or lose, and the seats
//! (a side and one of its team's members) that take the side's turns.

use core::fmt;
use core::str::FromStr;

use crate::error::ParseError;

/// The largest team a side may have (a limit of this crate: ruling T11 sets none).
pub const MAX_MEMBERS: u8 = 8;

/// A side: one of the two parties that win or lose together (ruling T11: a single
/// player, or a team whose members take the side's turns in rotation).
///
/// The sides are named in the order a [`Setup`](crate::Setup) lists them (its
/// traps, its team sizes); which of them moves first — the source's "Player 1" — is
/// draw 1 of the setup ([`Draws::first`](crate::Draws::first), ruling T2).
///
/// Notation: `side 1`, `side 2` (also parsed: `1`, `2`, `one`, `two`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Side {
    /// The side listed first.
    One,
    /// The side listed second.
    Two,
}

impl Side {
    /// Both sides, in order: `for side in Side::all()`.
    pub const fn all() -> [Side; 2] {
        [Side::One, Side::Two]
    }

    /// The other side.
    pub const fn other(self) -> Side {
        match self {
            Side::One => Side::Two,
            Side::Two => Side::One,
        }
    }

    /// 0 for side 1, 1 for side 2: the index into every per-side array of the crate.
    pub const fn index(self) -> usize {
        match self {
            Side::One => 0,
            Side::Two => 1,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::One => "side 1",
            Side::Two => "side 2",
        })
    }
}

impl FromStr for Side {
    type Err = ParseError;
    /// `side 1`, `side 2`, `1`, `2`, `one` or `two`, in any case.
    fn from_str(s: &str) -> Result<Side, ParseError> {
        let s = s.trim();
        let s = s
            .get(..5)
            .filter(|head| head.eq_ignore_ascii_case("side "))
            .and_then(|_| s.get(5..))
            .unwrap_or(s)
            .trim();
        if s == "1" || s.eq_ignore_ascii_case("one") {
            Ok(Side::One)
        } else if s == "2" || s.eq_ignore_ascii_case("two") {
            Ok(Side::Two)
        } else {
            Err(ParseError::Player)
        }
    }
}

/// A seat: a side and one member of its team (ruling T11; member 0 for a side
/// played by one person). The members of a side take its turns in rotation;
/// [`Game::to_move`](crate::Game::to_move) names the seat whose turn it is.
///
/// Seats are numbered member by member, the two sides alternating: index 0 is side
/// 1's first member, 1 side 2's first member, 2 side 1's second member, and so on,
/// so that [`Player::all(2)`](Player::all) are the two players of a game without
/// teams. [`Game::players`](crate::Game::players) lists the seats of a game whose
/// teams differ in size.
///
/// Notation: `side 1, member 1` (also parsed: `side 1 member 1`; `side 1` alone is
/// its first member).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Player {
    /// The side.
    pub side: Side,
    /// The member of the side's team, from 0.
    pub member: u8,
}

impl Player {
    /// The first member of `side`: the player of a side without a team.
    pub const fn solo(side: Side) -> Player {
        Player { side, member: 0 }
    }

    /// The seat with index `index` (see [`Player::index`]), if a side may have
    /// that many members.
    pub const fn new(index: usize) -> Option<Player> {
        let side = if index.is_multiple_of(2) {
            Side::One
        } else {
            Side::Two
        };
        let member = index / 2;
        if member < MAX_MEMBERS as usize {
            Some(Player {
                side,
                member: member as u8,
            })
        } else {
            None
        }
    }

    /// The first `n` seats in seat order (at most 2 × [`MAX_MEMBERS`]).
    pub fn all(n: usize) -> impl Iterator<Item = Player> {
        (0..n.min(2 * MAX_MEMBERS as usize)).map(|i| Player {
            side: if i.is_multiple_of(2) {
                Side::One
            } else {
                Side::Two
            },
            member: (i / 2) as u8,
        })
    }

    /// The seat's index: `2 × member + side index`.
    pub const fn index(self) -> usize {
        2 * self.member as usize + self.side.index()
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}, member {}", self.side, u16::from(self.member) + 1)
    }
}

impl FromStr for Player {
    type Err = ParseError;
    /// A side (see [`Side`]'s notation), optionally followed by `, member N` or
    /// ` member N` with N from 1.
    fn from_str(s: &str) -> Result<Player, ParseError> {
        let s = s.trim();
        let lower = |i: usize| {
            s.get(i..i + 6)
                .is_some_and(|w| w.eq_ignore_ascii_case("member"))
        };
        let at = (0..s.len()).find(|&i| lower(i));
        let Some(at) = at else {
            return Ok(Player::solo(s.parse()?));
        };
        let side: Side = s
            .get(..at)
            .ok_or(ParseError::Player)?
            .trim_end()
            .trim_end_matches(',')
            .parse()?;
        let n: u8 = s
            .get(at + 6..)
            .ok_or(ParseError::Player)?
            .trim()
            .parse()
            .map_err(|_| ParseError::Player)?;
        if n == 0 || n > MAX_MEMBERS {
            return Err(ParseError::Player);
        }
        Ok(Player {
            side,
            member: n - 1,
        })
    }
}
