//! A side's view (ruling T10, amended): the public board and its own traps while the
//! game goes on; once it is over, every trap (the reveal). A view holds nothing
//! else, so serialising, printing or hashing it cannot leak what it does not hold.

use alloc::vec::Vec;
use core::fmt;

use crate::board::{Bits, Cell, Geometry};
use crate::draws::Home;
use crate::picture::Picture;
use crate::player::Side;
use crate::position::Position;
use crate::rules::Rules;
use crate::score::Outcome;
use crate::traps::Traps;
use crate::turn::Awaiting;

/// What one side (every member of it) may see.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct View {
    /// Whose view.
    pub side: Side,
    /// The rules.
    pub rules: Rules,
    /// Where each side opens, side 1's first.
    pub homes: [Home; 2],
    /// Each side's traps, side 1's first, as this side knows them: its own always,
    /// the opponent's only once the game is over (`None` before).
    pub traps: [Option<Traps>; 2],
    /// Each side's stones, scarecrows included, side 1's first.
    pub stones: [Vec<Cell>; 2],
    /// Each side's scarecrows.
    pub scarecrows: [Vec<Cell>; 2],
    /// Scarecrows each side has left.
    pub scarecrows_left: [u8; 2],
    /// What the game waits for, and from which seat.
    pub awaiting: Awaiting,
    /// Turns played.
    pub turns: u32,
    /// The result, once the game is over (public; with the va-bank stone that hit,
    /// if one did).
    pub outcome: Option<Outcome>,
}

impl View {
    /// The view of `side` of the game at `p` with these traps.
    pub(crate) fn new(p: &Position, side: Side, traps: &[Traps; 2]) -> View {
        let cells = |b: &Bits| {
            b.iter(p.geo.words)
                .map(|i| p.geo.cell(i))
                .collect::<Vec<_>>()
        };
        let over = p.outcome.is_some();
        let known = |s: Side| (s == side || over).then_some(traps[s.index()]);
        View {
            side,
            rules: p.rules,
            homes: p.homes,
            traps: [known(Side::One), known(Side::Two)],
            stones: [cells(&p.stones[0]), cells(&p.stones[1])],
            scarecrows: [cells(&p.scarecrow_bits[0]), cells(&p.scarecrow_bits[1])],
            scarecrows_left: p.scarecrows_left,
            awaiting: p.awaiting(),
            turns: p.turns,
            outcome: p.outcome,
        }
    }
}

impl fmt::Display for View {
    /// The board as this side sees it: the traps it knows marked `^` where no stone
    /// lies (its own; every trap once the game is over).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let geo = Geometry::new(self.rules.width(), self.rules.height());
        let bits = |cells: &[Cell]| {
            let mut b = Bits::EMPTY;
            for &c in cells.iter().filter(|&&c| geo.contains(c)) {
                b.set(geo.index(c));
            }
            b
        };
        let traps = self
            .traps
            .iter()
            .flatten()
            .fold(Bits::EMPTY, |b, t| b.or(&bits(t.cells()), geo.words));
        let picture = Picture {
            geo: &geo,
            homes: self.homes,
            stones: &[bits(&self.stones[0]), bits(&self.stones[1])],
            scarecrows: &[bits(&self.scarecrows[0]), bits(&self.scarecrows[1])],
            traps,
        };
        fmt::Display::fmt(&picture, f)
    }
}
