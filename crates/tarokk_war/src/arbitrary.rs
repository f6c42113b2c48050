//! Typed fuzzing inputs (the `arbitrary` feature): `arbitrary::Arbitrary` for the
//! types a move is made of, always values the crate's own constructors make.
//!
//! [`Player`](crate::Player), [`Suit`](crate::Suit), [`Rank`](crate::Rank) and
//! [`Move`](crate::Move) derive it (every variant is valid; whether a move is legal
//! is the game's question). [`Card`] is written here, from a suit and a rank by
//! [`Card::new`], so that a generated card is always one of the 32.

use arbitrary::{Arbitrary, Result, Unstructured};

use crate::cards::{Card, Rank, Suit};

impl<'a> Arbitrary<'a> for Card {
    /// One of the 32 cards, made by [`Card::new`] from an arbitrary suit and rank.
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Card> {
        Ok(Card::new(Suit::arbitrary(u)?, Rank::arbitrary(u)?))
    }

    fn size_hint(depth: usize) -> (usize, Option<usize>) {
        arbitrary::size_hint::and(Suit::size_hint(depth), Rank::size_hint(depth))
    }
}
