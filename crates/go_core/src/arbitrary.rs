//! Typed fuzzing inputs (the `arbitrary` feature): `arbitrary::Arbitrary` for the
//! types a move is made of, always values the crate's own constructors make.
//!
//! [`Color`](crate::Color) and [`Move`](crate::Move) derive it (every variant is a
//! valid value); [`Point`] is written here, through [`Point::new`], so that a
//! generated point never holds a column or row the notation cannot name. Whether a
//! point lies on a given board is the board's question, as for any point.

use arbitrary::{Arbitrary, Result, Unstructured};

use crate::point::{MAX_SIDE, Point};

impl<'a> Arbitrary<'a> for Point {
    /// A point with column and row below [`MAX_SIDE`], made by [`Point::new`].
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Point> {
        let col = u.int_in_range(0..=MAX_SIDE - 1)?;
        let row = u.int_in_range(0..=MAX_SIDE - 1)?;
        Point::new(col, row).ok_or(arbitrary::Error::IncorrectFormat)
    }

    fn size_hint(_depth: usize) -> (usize, Option<usize>) {
        (2, Some(2))
    }
}
