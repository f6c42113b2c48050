//! Typed fuzzing inputs (the `arbitrary` feature): `arbitrary::Arbitrary` for the
//! types a move is made of, always values the crate's own constructors make.
//!
//! [`Direction`](crate::Direction) and [`Move`](crate::Move) derive it (every
//! variant and every pair of a square and a direction is a value [`Move::new`]
//! makes; whether the square is the mover's is the game's question). [`Player`]
//! and [`Square`] are written here: a seat through [`Player::new`], a square
//! through [`Square::quan`] or [`Square::small`] with a number the notation names
//! (1 to [`MAX_ROW`]), never a raw byte in a private field.
//!
//! [`Move::new`]: crate::Move::new

use arbitrary::{Arbitrary, Result, Unstructured};

use crate::player::Player;
use crate::rules::{MAX_PLAYERS, MAX_ROW};
use crate::square::Square;

impl<'a> Arbitrary<'a> for Player {
    /// One of the [`MAX_PLAYERS`] seats, made by [`Player::new`].
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Player> {
        Player::new(u.int_in_range(0..=MAX_PLAYERS - 1)?).ok_or(arbitrary::Error::IncorrectFormat)
    }

    fn size_hint(_depth: usize) -> (usize, Option<usize>) {
        (1, Some(1))
    }
}

impl<'a> Arbitrary<'a> for Square {
    /// A seat's quan square ([`Square::quan`]) or one of its small squares
    /// 1..=[`MAX_ROW`] ([`Square::small`]): every name the notation has.
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Square> {
        let side = Player::arbitrary(u)?;
        let n = u.int_in_range(0..=MAX_ROW as u8)?;
        Ok(if n == 0 {
            Square::quan(side)
        } else {
            Square::small(side, n)
        })
    }

    fn size_hint(_depth: usize) -> (usize, Option<usize>) {
        (2, Some(2))
    }
}
