//! The two players (seats). There are no partnerships, so no `Side`: a player wins
//! or loses alone.

use core::fmt;
use core::str::FromStr;

use crate::error::ParseError;

/// A player: the two seats. Prints as `player 1`, `player 2`; parses that, `1`,
/// `2`, `one` or `two` (any case); serialises as `"one"`, `"two"`.
///
/// ```
/// use tarokk_war::Player;
/// assert_eq!(Player::all(2).collect::<Vec<_>>(), [Player::One, Player::Two]);
/// assert_eq!(Player::One.to_string(), "player 1");
/// assert_eq!("player 2".parse::<Player>()?, Player::Two);
/// # Ok::<(), tarokk_war::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Player {
    /// Player 1 (index 0).
    One,
    /// Player 2 (index 1).
    Two,
}

impl Player {
    /// The first `n` seats in seat order (both for `n >= 2`).
    pub fn all(n: usize) -> impl Iterator<Item = Player> {
        [Player::One, Player::Two].into_iter().take(n)
    }

    /// The player with `index` (0 or 1); `None` for any other number.
    pub const fn new(index: usize) -> Option<Player> {
        match index {
            0 => Some(Player::One),
            1 => Some(Player::Two),
            _ => None,
        }
    }

    /// The other player.
    pub const fn other(self) -> Player {
        match self {
            Player::One => Player::Two,
            Player::Two => Player::One,
        }
    }

    /// 0 for player 1, 1 for player 2.
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::One => "player 1",
            Player::Two => "player 2",
        })
    }
}

impl FromStr for Player {
    type Err = ParseError;

    /// `player 1`, `1`, `one` (and the same for 2), any case.
    fn from_str(text: &str) -> Result<Player, ParseError> {
        let t = text.trim();
        let rest = t
            .get(..6)
            .filter(|p| p.eq_ignore_ascii_case("player"))
            .and_then(|_| t.get(6..))
            .map_or(t, str::trim_start);
        match rest {
            "1" => Ok(Player::One),
            "2" => Ok(Player::Two),
            r if r.eq_ignore_ascii_case("one") => Ok(Player::One),
            r if r.eq_ignore_ascii_case("two") => Ok(Player::Two),
            _ => Err(ParseError::Player(t.into())),
        }
    }
}
