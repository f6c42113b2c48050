//! Moves (ruling W12) and their notation; the legal-move list.

use core::fmt;
use core::str::FromStr;

use crate::cards::Card;
use crate::error::ParseError;

/// A decision (ruling W12): in phase I the card played to a trick; in phase II
/// the defender's face-down soldier, then the attacker's face-up one.
///
/// Notation (`Display`, `FromStr`, serialised as this string): the card's code for
/// a play (`Z8`), `lay CARD` for the defender's soldier (`lay PA`), `attack CARD`
/// for the attacker's (`attack MK`). Parsing takes any card notation
/// ([`Card`]); a bare card reads as a play ([`Game::parse_move`](crate::Game::parse_move)
/// reads it as the kind the game awaits).
///
/// ```
/// use tarokk_war::Move;
/// let mv: Move = "lay piros ász".parse()?;
/// assert_eq!(mv.to_string(), "lay PA");
/// assert_eq!("Z8".parse::<Move>()?.to_string(), "Z8");
/// # Ok::<(), tarokk_war::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(try_from = "alloc::string::String", into = "alloc::string::String")
)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Move {
    /// Phase I: play a hand card to the trick (W3).
    Play(Card),
    /// Phase II: the defender lays a soldier face down (W7).
    Defend(Card),
    /// Phase II: the attacker lays a soldier face up (W7).
    Attack(Card),
}

impl Move {
    /// The card moved.
    pub const fn card(self) -> Card {
        match self {
            Move::Play(c) | Move::Defend(c) | Move::Attack(c) => c,
        }
    }

    /// Every move of the move space: the 32 cards in each of the three kinds (96
    /// moves; the legal ones are among them).
    pub fn all() -> impl Iterator<Item = Move> {
        Card::all().flat_map(|c| [Move::Play(c), Move::Defend(c), Move::Attack(c)])
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Play(c) => write!(f, "{c}"),
            Move::Defend(c) => write!(f, "lay {c}"),
            Move::Attack(c) => write!(f, "attack {c}"),
        }
    }
}

impl FromStr for Move {
    type Err = ParseError;

    /// `lay CARD` or `attack CARD`, or a bare card for a phase-I play.
    fn from_str(text: &str) -> Result<Move, ParseError> {
        let s = text.trim();
        let after = |word: &str| {
            s.get(..word.len())
                .filter(|h| h.eq_ignore_ascii_case(word))
                .and_then(|_| s.get(word.len()..))
        };
        let card = |t: &str| t.parse::<Card>().map_err(|_| ParseError::Move(s.into()));
        if let Some(rest) = after("lay ") {
            Ok(Move::Defend(card(rest)?))
        } else if let Some(rest) = after("attack ") {
            Ok(Move::Attack(card(rest)?))
        } else {
            Ok(Move::Play(card(s)?))
        }
    }
}

impl TryFrom<alloc::string::String> for Move {
    type Error = ParseError;
    fn try_from(s: alloc::string::String) -> Result<Move, ParseError> {
        s.parse()
    }
}

impl From<Move> for alloc::string::String {
    fn from(mv: Move) -> alloc::string::String {
        alloc::format!("{mv}")
    }
}

/// The most legal moves a position can have: 10. In phase I the mover holds at
/// most 3 hand cards; in phase II at most their soldiers, and a player draws at
/// most one soldier a hand, in ten hands (W5).
pub const MAX_MOVES: usize = 10;

/// The legal moves: a fixed-capacity array (no heap), dereferencing to a slice.
pub type MoveList = arrayvec::ArrayVec<Move, MAX_MOVES>;
