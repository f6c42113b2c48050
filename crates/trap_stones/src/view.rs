//! A side's view (ruling T10): the public board and its own traps, nothing of the
//! opponent's. Serialising a view cannot leak what it does not hold.

use alloc::vec::Vec;
use core::fmt;

use crate::board::{Bits, Cell, Geometry};
use crate::game::Table;
use crate::rules::Rules;
use crate::score::Outcome;
use crate::setup::{Home, Side, Traps};

/// What one side may see.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct View {
    /// Whose view.
    pub side: Side,
    /// The rules.
    pub rules: Rules,
    /// Where each side opens, Player 1's first.
    pub homes: [Home; 2],
    /// This side's traps: the only traps in the view.
    pub own_traps: Traps,
    /// Each side's stones, scarecrows included, Player 1's first.
    pub stones: [Vec<Cell>; 2],
    /// Each side's scarecrows.
    pub scarecrows: [Vec<Cell>; 2],
    /// Scarecrows each side has left.
    pub scarecrows_left: [u8; 2],
    /// Whose turn it is.
    pub to_move: Side,
    /// Which member of that side's team (T11).
    pub member: u8,
    /// Turns played.
    pub turns: u32,
    /// Whether the winner is deciding on double the stake.
    pub stake_pending: bool,
    /// The result, once the game is over (public).
    pub outcome: Option<Outcome>,
}

impl View {
    pub(crate) fn new(t: &Table, side: Side, own_traps: Traps) -> View {
        let cells = |b: &Bits| {
            b.iter(t.geo.words)
                .map(|i| t.geo.cell(i))
                .collect::<Vec<_>>()
        };
        View {
            side,
            rules: t.rules,
            homes: t.homes,
            own_traps,
            stones: [cells(&t.stones[0]), cells(&t.stones[1])],
            scarecrows: [cells(&t.scarecrow_bits[0]), cells(&t.scarecrow_bits[1])],
            scarecrows_left: t.scarecrows_left,
            to_move: t.to_move,
            member: t.member(),
            turns: t.turns,
            stake_pending: t.pending.is_some(),
            outcome: t.outcome,
        }
    }
}

impl fmt::Display for View {
    /// The board as this side sees it: its traps marked `^` where no stone lies.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let setup = crate::Setup::new(
            crate::Draws {
                axis: crate::Colour::Dark,
                side: crate::Colour::Dark,
            },
            [self.own_traps, self.own_traps],
        );
        let mut t = Table::new(self.rules, &setup);
        t.homes = self.homes;
        let g: Geometry = t.geo;
        for s in 0..2 {
            for &c in &self.stones[s] {
                if g.contains(c) {
                    t.stones[s].set(g.index(c));
                }
            }
            for &c in &self.scarecrows[s] {
                if g.contains(c) {
                    t.scarecrow_bits[s].set(g.index(c));
                }
            }
        }
        t.draw(f, &self.own_traps.bits(&g))
    }
}
