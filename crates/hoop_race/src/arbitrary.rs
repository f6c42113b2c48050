//! Typed fuzzing inputs (the `arbitrary` feature): `arbitrary::Arbitrary` for the
//! types an action is made of, always values the crate's own constructors make.
//!
//! [`Move`](crate::Move) and [`Action`](crate::Action) derive it (every horse with
//! every throw is a value [`Move::new`](crate::Move::new) makes; whether it is
//! legal is the game's question). [`Player`], [`Horse`] and [`Throw`] are written
//! here: a seat through [`Player::new`], a horse numbered below [`MAX_HORSES`]
//! (the numbers the notation names), a throw among [`Throw::ALL`] — never a raw
//! byte in a private field.

use arbitrary::{Arbitrary, Result, Unstructured};

use crate::chance::Throw;
use crate::moves::Horse;
use crate::player::Player;
use crate::rules::{MAX_HORSES, MAX_PLAYERS};

impl<'a> Arbitrary<'a> for Player {
    /// One of the [`MAX_PLAYERS`] seats, made by [`Player::new`].
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Player> {
        Player::new(u.int_in_range(0..=MAX_PLAYERS - 1)?).ok_or(arbitrary::Error::IncorrectFormat)
    }

    fn size_hint(_depth: usize) -> (usize, Option<usize>) {
        (1, Some(1))
    }
}

impl<'a> Arbitrary<'a> for Horse {
    /// A seat's horse numbered `0..MAX_HORSES` ([`Horse::new`]): `A1` to `D8`.
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Horse> {
        let owner = Player::arbitrary(u)?;
        let number = u.int_in_range(0..=MAX_HORSES as u8 - 1)?;
        Ok(Horse::new(owner, number))
    }

    fn size_hint(_depth: usize) -> (usize, Option<usize>) {
        (2, Some(2))
    }
}

impl<'a> Arbitrary<'a> for Throw {
    /// One of the six throw values, [`Throw::ALL`].
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Throw> {
        u.choose(&Throw::ALL).copied()
    }

    fn size_hint(_depth: usize) -> (usize, Option<usize>) {
        (1, Some(1))
    }
}
