//! The three draws of the setup (ruling T2): who moves first, the axis, and which
//! end of it each side starts from; and what they give each side, its home and its
//! color.

use rand_core::Rng;

use crate::board::{Bits, Cell, Geometry};
use crate::chance::below;
use crate::player::Side;

/// A stone's color, also the result of a draw (a dark or a light stone picked from
/// a fist).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Color {
    /// Dark stones: the North or West side.
    Dark,
    /// Light stones: the South or East side.
    Light,
}

/// Where a side opens: an edge row, or in the corner variant a corner cell (T2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Home {
    /// The North edge (the top row).
    North,
    /// The South edge (row 1).
    South,
    /// The East edge (the last column).
    East,
    /// The West edge (column a).
    West,
    /// The North-West corner.
    NorthWest,
    /// The North-East corner.
    NorthEast,
    /// The South-West corner (a1).
    SouthWest,
    /// The South-East corner.
    SouthEast,
}

impl Home {
    /// The color a side from here plays: light for South, East and the corners
    /// SE and NE; dark otherwise (T2).
    pub const fn color(self) -> Color {
        match self {
            Home::South | Home::East | Home::SouthEast | Home::NorthEast => Color::Light,
            _ => Color::Dark,
        }
    }

    /// Whether `cell` is in this home (an edge row or column, or a corner) on a
    /// board of `width` × `height`.
    ///
    /// ```
    /// use trap_stones::{Cell, Home};
    /// let a1: Cell = "a1".parse().unwrap();
    /// assert!(Home::South.contains(a1, 9, 9));
    /// assert!(Home::SouthWest.contains(a1, 9, 9));
    /// assert!(!Home::North.contains(a1, 9, 9));
    /// ```
    pub const fn contains(self, cell: Cell, width: u8, height: u8) -> bool {
        let (c, r) = (cell.col(), cell.row());
        if c >= width || r >= height {
            return false;
        }
        let (last_c, last_r) = (width - 1, height - 1);
        match self {
            Home::North => r == last_r,
            Home::South => r == 0,
            Home::East => c == last_c,
            Home::West => c == 0,
            Home::NorthWest => c == 0 && r == last_r,
            Home::NorthEast => c == last_c && r == last_r,
            Home::SouthWest => c == 0 && r == 0,
            Home::SouthEast => c == last_c && r == 0,
        }
    }

    /// The cells of this home on a board.
    pub(crate) fn bits(self, g: &Geometry) -> Bits {
        let (w, h) = (g.width, g.height);
        let mut b = Bits::EMPTY;
        let mut add = |c: u8, r: u8| b.set(g.index_of(c, r));
        match self {
            Home::North => (0..w).for_each(|c| add(c, h - 1)),
            Home::South => (0..w).for_each(|c| add(c, 0)),
            Home::East => (0..h).for_each(|r| add(w - 1, r)),
            Home::West => (0..h).for_each(|r| add(0, r)),
            Home::NorthWest => add(0, h - 1),
            Home::NorthEast => add(w - 1, h - 1),
            Home::SouthWest => add(0, 0),
            Home::SouthEast => add(w - 1, 0),
        }
        b
    }
}

/// The results of the three draws (T2), in the source's words, where "Player 1" is
/// the side draw 1 picks and "Player 2" the other:
/// 1. `first`: chance decides who is Player 1, the side that moves first;
/// 2. `axis`: the stone Player 2 picked from Player 1's fists (dark: North–South,
///    light: East–West);
/// 3. `side`: the stone Player 1 picked from Player 2's fists (light: Player 1
///    starts South or East; dark: North or West).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct Draws {
    /// Draw 1: the side that moves first (the source's Player 1).
    pub first: Side,
    /// Draw 2: the axis stone.
    pub axis: Color,
    /// Draw 3: the side stone.
    pub side: Color,
}

impl Draws {
    /// All three draws from a random generator, each outcome with probability ½
    /// (three [`below`](crate::below)`(rng, 2)`, in the order of the draws).
    pub fn random<R: Rng + ?Sized>(rng: &mut R) -> Draws {
        let first = if below(rng, 2) == 0 {
            Side::One
        } else {
            Side::Two
        };
        let mut color = || {
            if below(rng, 2) == 0 {
                Color::Dark
            } else {
                Color::Light
            }
        };
        let axis = color();
        let side = color();
        Draws { first, axis, side }
    }

    /// Where each side opens, side 1's first (T2). In the corner variant
    /// dark+dark puts Player 1 (the side moving first) at NW and Player 2 at SE,
    /// light+light Player 1 at NE and Player 2 at SW; every other case is the edge
    /// setup.
    pub const fn homes(&self, corners: bool) -> [Home; 2] {
        let [p1, p2] = match (corners, self.axis, self.side) {
            (true, Color::Dark, Color::Dark) => [Home::NorthWest, Home::SouthEast],
            (true, Color::Light, Color::Light) => [Home::NorthEast, Home::SouthWest],
            (_, Color::Dark, Color::Light) => [Home::South, Home::North],
            (_, Color::Dark, Color::Dark) => [Home::North, Home::South],
            (_, Color::Light, Color::Light) => [Home::East, Home::West],
            (_, Color::Light, Color::Dark) => [Home::West, Home::East],
        };
        match self.first {
            Side::One => [p1, p2],
            Side::Two => [p2, p1],
        }
    }
}
