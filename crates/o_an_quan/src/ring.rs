//! The ring notation of a board (`(Q) 5 5 5 5 5 (Q) 5 5 5 5 5`): written by
//! [`Board::ring`], read by `FromStr`, and the board's serialised form.

use core::fmt;
use core::str::FromStr;

use crate::board::Board;
use crate::error::{ParseError, RingProblem};
use crate::rules::{MAX_PLAYERS, MAX_ROW, MAX_SQUARES, MAX_STONES};

/// The ring notation of a board, from [`Board::ring`].
#[derive(Clone, Copy, Debug)]
pub struct Ring<'a>(pub(crate) &'a Board);

impl fmt::Display for Ring<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let b = self.0;
        for i in 0..b.len() {
            if i > 0 {
                f.write_str(" ")?;
            }
            if b.is_quan_square(i) {
                f.write_str("(")?;
                if b.quan >> i & 1 == 1 {
                    f.write_str("Q")?;
                }
                if b.counts[i] > 0 {
                    write!(f, "{}", b.counts[i])?;
                }
                f.write_str(")")?;
            } else {
                write!(f, "{}", b.counts[i])?;
            }
        }
        Ok(())
    }
}

impl FromStr for Board {
    type Err = ParseError;
    /// Reads the ring notation (see [`Board`]): 2 to 4 rows of equal length 1..=12,
    /// each after its quan square, the first token a quan square. Commas and `|` may
    /// separate tokens.
    fn from_str(s: &str) -> Result<Board, ParseError> {
        let err = |problem| Err(ParseError::Ring(problem));
        // First pass: the tokens, as (is_quan, has_quan, stones).
        let mut cells: [(bool, bool, u16); MAX_SQUARES] = [(false, false, 0); MAX_SQUARES];
        let mut n = 0;
        let bytes = s.as_bytes();
        let mut k = 0;
        while k < bytes.len() {
            let c = bytes[k];
            if c.is_ascii_whitespace() || c == b',' || c == b'|' {
                k += 1;
                continue;
            }
            if n == MAX_SQUARES {
                return err(RingProblem::Shape);
            }
            if c == b'(' {
                let close = match bytes[k..].iter().position(|&b| b == b')') {
                    Some(p) => k + p,
                    None => return err(RingProblem::Unclosed),
                };
                let inner = s[k + 1..close].trim();
                let (quan, digits) = match inner.strip_prefix(['Q', 'q']) {
                    Some(rest) => (true, rest.trim()),
                    None => (false, inner),
                };
                let stones = if digits.is_empty() {
                    0
                } else {
                    parse_count(digits)?
                };
                cells[n] = (true, quan, stones);
                k = close + 1;
            } else if c.is_ascii_digit() {
                let end = bytes[k..]
                    .iter()
                    .position(|b| !b.is_ascii_digit())
                    .map_or(bytes.len(), |p| k + p);
                cells[n] = (false, false, parse_count(&s[k..end])?);
                k = end;
            } else {
                return err(RingProblem::Character(s[k..].chars().next().unwrap_or('?')));
            }
            n += 1;
        }
        let quans = cells[..n].iter().filter(|c| c.0).count();
        if n == 0 || !cells[0].0 || !(2..=MAX_PLAYERS).contains(&quans) || n % quans != 0 {
            return err(RingProblem::Shape);
        }
        let row = n / quans - 1;
        if row == 0 || row > MAX_ROW {
            return err(RingProblem::Shape);
        }
        let mut board = Board::empty(quans, row);
        let mut total = 0u32;
        for (i, &(is_quan, quan, stones)) in cells[..n].iter().enumerate() {
            if is_quan != board.is_quan_square(i) {
                return err(RingProblem::Shape);
            }
            if quan {
                board.quan |= 1 << i;
            }
            board.counts[i] = stones;
            total += u32::from(stones);
        }
        if total > MAX_STONES {
            return err(RingProblem::TooManyStones);
        }
        Ok(board)
    }
}

fn parse_count(digits: &str) -> Result<u16, ParseError> {
    match digits.parse::<u32>() {
        Ok(v) if v <= MAX_STONES => Ok(v as u16),
        Ok(_) => Err(ParseError::Ring(RingProblem::TooManyStones)),
        Err(_) => Err(ParseError::Ring(RingProblem::Count)),
    }
}

/// A board is stored as its ring notation.
#[cfg(feature = "serde")]
impl serde::Serialize for Board {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&self.ring())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Board {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Board, D::Error> {
        let text = alloc::string::String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}
