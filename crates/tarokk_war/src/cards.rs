//! The 32-card Hungarian pack (ruling W1): suits, ranks, cards, their short ASCII
//! code (the notation) and Hungarian names, the three groups, and card sets as bits.

use core::fmt;
use core::str::FromStr;

use crate::error::ParseError;

/// A suit of the Hungarian (German-suited) pack.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Suit {
    /// Piros (hearts, red). Code `P`.
    Piros,
    /// Tök (bells). Code `T`.
    Tok,
    /// Zöld (leaves, green). Code `Z`.
    Zold,
    /// Makk (acorns). Code `M`.
    Makk,
}

/// A rank, lowest numeral first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Rank {
    /// VII. Code `7`.
    VII,
    /// VIII. Code `8`.
    VIII,
    /// IX. Code `9`.
    IX,
    /// X. Code `X`.
    X,
    /// Alsó (under). Code `U`.
    Also,
    /// Felső (over). Code `O`.
    Felso,
    /// Király (king). Code `K`.
    Kiraly,
    /// Ász (ace). Code `A`.
    Asz,
}

const SUITS: [(Suit, &str, char); 4] = [
    (Suit::Piros, "piros", 'P'),
    (Suit::Tok, "tok", 'T'),
    (Suit::Zold, "zold", 'Z'),
    (Suit::Makk, "makk", 'M'),
];

const RANKS: [(Rank, &str, char); 8] = [
    (Rank::VII, "vii", '7'),
    (Rank::VIII, "viii", '8'),
    (Rank::IX, "ix", '9'),
    (Rank::X, "x", 'X'),
    (Rank::Also, "also", 'U'),
    (Rank::Felso, "felso", 'O'),
    (Rank::Kiraly, "kiraly", 'K'),
    (Rank::Asz, "asz", 'A'),
];

/// A card. Its notation — in `Display`, serialised output and every response
/// — is the short ASCII code: suit `P T Z M` (piros, tök, zöld, makk) and rank
/// `7 8 9 X U O K A` (VII, VIII, IX, X, alsó, felső, király, ász), so `Z8` is the
/// zöld VIII and `TA` the tök ász. [`Card::name`] gives the Hungarian name
/// (`zöld VIII`). Parsing reads either, in any case, with or without accents, and
/// numerals as digits too (`z8`, `zold viii`, `Zöld 8`, `tök ász`).
///
/// ```
/// use tarokk_war::{Card, Rank, Suit};
/// let c: Card = "zold VIII".parse()?;
/// assert_eq!(c, Card::new(Suit::Zold, Rank::VIII));
/// assert_eq!(c.to_string(), "Z8");
/// assert_eq!(c.name(), "zöld VIII");
/// assert_eq!("tA".parse::<Card>()?, Card::new(Suit::Tok, Rank::Asz));
/// # Ok::<(), tarokk_war::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(try_from = "alloc::string::String", into = "alloc::string::String")
)]
pub struct Card(u8);

impl Card {
    /// The card of `suit` and `rank`.
    pub const fn new(suit: Suit, rank: Rank) -> Card {
        Card(suit as u8 * 8 + rank as u8)
    }

    /// The card with index `i` (0..32: suit × 8 + rank).
    pub const fn from_index(i: u8) -> Option<Card> {
        if i < 32 { Some(Card(i)) } else { None }
    }

    /// Its index, 0..32.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Its suit.
    pub const fn suit(self) -> Suit {
        SUITS[(self.0 / 8) as usize % 4].0
    }

    /// Its rank.
    pub const fn rank(self) -> Rank {
        RANKS[(self.0 % 8) as usize].0
    }

    /// Its numeral value for tricks (W3): VII = 7 … X = 10; 0 for picture cards.
    pub const fn numeral(self) -> u8 {
        match self.rank() {
            Rank::VII => 7,
            Rank::VIII => 8,
            Rank::IX => 9,
            Rank::X => 10,
            _ => 0,
        }
    }

    /// Its Hungarian name, such as `zöld VIII` or `tök ász` (lower-case suit and
    /// court rank, Roman numeral).
    pub const fn name(self) -> &'static str {
        NAMES[self.0 as usize % 32]
    }

    /// Every card, by index.
    pub fn all() -> impl Iterator<Item = Card> {
        (0..32).map(Card)
    }

    pub(crate) const fn bit(self) -> u32 {
        1 << self.0
    }
}

/// The zöld VIII, which wins a hand when played (W4).
pub const ZOLD_VIII: Card = Card::new(Suit::Zold, Rank::VIII);
/// The tök VIII: its drawer buries it and takes a location (W5).
pub const TOK_VIII: Card = Card::new(Suit::Tok, Rank::VIII);

const fn c(s: Suit, r: Rank) -> Card {
    Card::new(s, r)
}

/// The 19 soldiers, in the source's order (W1).
pub const SOLDIERS: [Card; 19] = [
    c(Suit::Piros, Rank::Felso),
    c(Suit::Tok, Rank::VIII),
    c(Suit::Makk, Rank::Kiraly),
    c(Suit::Tok, Rank::Kiraly),
    c(Suit::Piros, Rank::Asz),
    c(Suit::Tok, Rank::Felso),
    c(Suit::Zold, Rank::Kiraly),
    c(Suit::Zold, Rank::Asz),
    c(Suit::Zold, Rank::Felso),
    c(Suit::Piros, Rank::VIII),
    c(Suit::Zold, Rank::Also),
    c(Suit::Makk, Rank::Also),
    c(Suit::Makk, Rank::Asz),
    c(Suit::Tok, Rank::Asz),
    c(Suit::Piros, Rank::Kiraly),
    c(Suit::Piros, Rank::VII),
    c(Suit::Makk, Rank::Felso),
    c(Suit::Piros, Rank::Also),
    c(Suit::Tok, Rank::Also),
];

/// The 7 locations, in the pile's order, top first (W1, W5: never shuffled).
pub const LOCATIONS: [Card; 7] = [
    c(Suit::Piros, Rank::IX),
    c(Suit::Makk, Rank::X),
    c(Suit::Zold, Rank::VII),
    c(Suit::Makk, Rank::VIII),
    c(Suit::Tok, Rank::IX),
    c(Suit::Makk, Rank::VII),
    c(Suit::Piros, Rank::X),
];

/// The 6 hand cards of phase I (W1).
pub const HAND_CARDS: [Card; 6] = [
    c(Suit::Tok, Rank::VII),
    c(Suit::Tok, Rank::X),
    c(Suit::Zold, Rank::VIII),
    c(Suit::Zold, Rank::IX),
    c(Suit::Zold, Rank::X),
    c(Suit::Makk, Rank::IX),
];

impl fmt::Display for Card {
    /// The short code (`Z8`); see [`Card::name`] for the Hungarian name.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = SUITS[(self.0 / 8) as usize % 4];
        let r = RANKS[(self.0 % 8) as usize];
        let code = [s.2 as u8, r.2 as u8];
        f.pad(core::str::from_utf8(&code).map_err(|_| fmt::Error)?)
    }
}

impl FromStr for Card {
    type Err = ParseError;
    fn from_str(text: &str) -> Result<Card, ParseError> {
        let t = text.trim();
        // The short code: a suit letter and a rank character.
        let mut chars = t.chars();
        if let (Some(a), Some(b), None) = (chars.next(), chars.next(), chars.next()) {
            let suit = SUITS.iter().find(|s| s.2.eq_ignore_ascii_case(&a));
            let rank = RANKS.iter().find(|r| r.2.eq_ignore_ascii_case(&b));
            if let (Some(s), Some(r)) = (suit, rank) {
                return Ok(Card::new(s.0, r.0));
            }
        }
        // Hungarian words, accents optional.
        let mut words = t.split_whitespace();
        let (Some(sw), Some(rw), None) = (words.next(), words.next(), words.next()) else {
            return Err(ParseError::Card(t.into()));
        };
        let fold = |w: &str| -> alloc::string::String {
            w.chars()
                .map(|c| match c {
                    'ö' | 'Ö' | 'ő' | 'Ő' | 'ó' | 'Ó' => 'o',
                    'á' | 'Á' => 'a',
                    'é' | 'É' => 'e',
                    'í' | 'Í' => 'i',
                    'ü' | 'Ü' | 'ű' | 'Ű' | 'ú' | 'Ú' => 'u',
                    c => c.to_ascii_lowercase(),
                })
                .collect()
        };
        let (sw, rw) = (fold(sw), fold(rw));
        let suit = SUITS
            .iter()
            .find(|s| s.1 == sw)
            .ok_or_else(|| ParseError::Card(t.into()))?;
        let numeral = match rw.as_str() {
            "7" => Some(Rank::VII),
            "8" => Some(Rank::VIII),
            "9" => Some(Rank::IX),
            "10" => Some(Rank::X),
            _ => None,
        };
        let rank = RANKS
            .iter()
            .find(|r| r.1 == rw || numeral == Some(r.0))
            .ok_or_else(|| ParseError::Card(t.into()))?;
        Ok(Card::new(suit.0, rank.0))
    }
}

impl TryFrom<alloc::string::String> for Card {
    type Error = ParseError;
    fn try_from(s: alloc::string::String) -> Result<Card, ParseError> {
        s.parse()
    }
}

impl From<Card> for alloc::string::String {
    fn from(c: Card) -> alloc::string::String {
        alloc::format!("{c}")
    }
}

/// A set of cards as 32 bits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Cards(pub(crate) u32);

impl Cards {
    pub(crate) fn of(cards: &[Card]) -> Cards {
        Cards(cards.iter().fold(0, |m, c| m | c.bit()))
    }

    pub(crate) fn has(self, c: Card) -> bool {
        self.0 & c.bit() != 0
    }

    pub(crate) fn add(&mut self, c: Card) {
        self.0 |= c.bit();
    }

    pub(crate) fn remove(&mut self, c: Card) {
        self.0 &= !c.bit();
    }

    /// This set and `c`.
    pub(crate) const fn with(self, c: Card) -> Cards {
        Cards(self.0 | c.bit())
    }

    /// Both sets.
    pub(crate) const fn union(self, other: Cards) -> Cards {
        Cards(self.0 | other.0)
    }

    pub(crate) const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set holds four cards or more (without counting them all).
    pub(crate) const fn has_four(self) -> bool {
        let mut m = self.0;
        m &= m.wrapping_sub(1);
        m &= m.wrapping_sub(1);
        m &= m.wrapping_sub(1);
        m != 0
    }

    pub(crate) fn len(self) -> u32 {
        self.0.count_ones()
    }

    pub(crate) fn iter(self) -> impl Iterator<Item = Card> {
        let mut m = self.0;
        core::iter::from_fn(move || {
            if m == 0 {
                None
            } else {
                let i = m.trailing_zeros() as u8;
                m &= m - 1;
                Some(Card(i))
            }
        })
    }
}

/// The Hungarian names by index (suit × 8 + rank).
#[rustfmt::skip]
const NAMES: [&str; 32] = [
    "piros VII", "piros VIII", "piros IX", "piros X", "piros alsó", "piros felső", "piros király", "piros ász",
    "tök VII", "tök VIII", "tök IX", "tök X", "tök alsó", "tök felső", "tök király", "tök ász",
    "zöld VII", "zöld VIII", "zöld IX", "zöld X", "zöld alsó", "zöld felső", "zöld király", "zöld ász",
    "makk VII", "makk VIII", "makk IX", "makk X", "makk alsó", "makk felső", "makk király", "makk ász",
];

#[cfg(test)]
mod tests {
    use super::{Card, Cards, TOK_VIII, ZOLD_VIII};

    #[test]
    fn a_card_set_holds_each_card_once() {
        let (z8, t8, pa) = (ZOLD_VIII, TOK_VIII, Card(7));
        // A card listed, added or joined twice is in the set once.
        let set = Cards::of(&[z8, t8, z8]);
        assert_eq!(set, Cards::of(&[t8, z8]));
        assert_eq!(set.len(), 2);
        assert_eq!(set.with(z8), set);
        assert_eq!(set.union(Cards::of(&[t8, pa])), Cards::of(&[z8, t8, pa]));
        assert_eq!(set.union(set), set);
        let mut s = set;
        s.add(t8);
        assert_eq!(s, set);
        s.remove(t8);
        assert!(s.has(z8) && !s.has(t8));
        s.remove(t8);
        assert_eq!(s, Cards::of(&[z8]));
        assert!(!Cards::of(&[z8, t8, pa]).has_four());
        assert!(Cards::of(&[z8, t8, pa, Card(0)]).has_four());
        assert_eq!(
            Cards::of(&[pa, z8, t8])
                .iter()
                .collect::<alloc::vec::Vec<_>>(),
            [pa, t8, z8]
        );
    }
}
