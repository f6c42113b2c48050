//! The picture of a board (ruling T1's notation): North at the top, `x` dark, `o`
//! light, capitals for scarecrows, `*` a cell holding both colors, `^` a trap shown
//! on a cell with no stone.

use core::fmt;

use crate::board::{Bits, Geometry};
use crate::draws::{Color, Home};

/// What a picture shows: the stones and scarecrows of each side, side 1's first,
/// and the traps to mark.
pub(crate) struct Picture<'a> {
    pub(crate) geo: &'a Geometry,
    pub(crate) homes: [Home; 2],
    pub(crate) stones: &'a [Bits; 2],
    pub(crate) scarecrows: &'a [Bits; 2],
    pub(crate) traps: Bits,
}

impl fmt::Display for Picture<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (w, h) = (self.geo.width, self.geo.height);
        // The homes give one side each color (T2).
        let (dark, light) = if self.homes[0].color() == Color::Dark {
            (0, 1)
        } else {
            (1, 0)
        };
        let letters = |f: &mut fmt::Formatter<'_>| {
            write!(f, "   ")?;
            for c in 0..w {
                write!(f, " {}", (b'a' + c) as char)?;
            }
            writeln!(f)
        };
        letters(f)?;
        for r in (0..h).rev() {
            write!(f, "{:>3}", r + 1)?;
            for c in 0..w {
                let i = self.geo.index_of(c, r);
                let (d, l) = (self.stones[dark].get(i), self.stones[light].get(i));
                let ch = match (d, l) {
                    (true, true) => '*',
                    (true, false) if self.scarecrows[dark].get(i) => 'X',
                    (true, false) => 'x',
                    (false, true) if self.scarecrows[light].get(i) => 'O',
                    (false, true) => 'o',
                    (false, false) if self.traps.get(i) => '^',
                    (false, false) => '.',
                };
                write!(f, " {ch}")?;
            }
            writeln!(f, " {}", r + 1)?;
        }
        letters(f)
    }
}
