//! The setup (rulings T2, T3, T11): the draws that give each side its home and
//! colour, the traps, and the team sizes.

use core::fmt;

use rand_core::Rng;

use crate::board::{Bits, Cell, Geometry};
use crate::error::SetupError;
use crate::rules::Rules;

/// A side: Player 1 (who moves first, ruling T2) or Player 2. With teams, a side's
/// members take its turns in rotation (T11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Side {
    /// Player 1: moves first.
    One,
    /// Player 2.
    Two,
}

impl Side {
    /// Both sides, Player 1 first.
    pub const BOTH: [Side; 2] = [Side::One, Side::Two];

    /// The other side.
    pub const fn other(self) -> Side {
        match self {
            Side::One => Side::Two,
            Side::Two => Side::One,
        }
    }

    /// 0 for Player 1, 1 for Player 2.
    pub const fn index(self) -> usize {
        match self {
            Side::One => 0,
            Side::Two => 1,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::One => "player 1",
            Side::Two => "player 2",
        })
    }
}

/// A stone's colour, also the result of a draw (a dark or a light stone picked from
/// a fist).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Colour {
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
    /// The colour a side from here plays: light for South, East and the corners
    /// SE and NE; dark otherwise (T2).
    pub const fn colour(self) -> Colour {
        match self {
            Home::South | Home::East | Home::SouthEast | Home::NorthEast => Colour::Light,
            _ => Colour::Dark,
        }
    }

    /// The cells of this home on a board.
    pub(crate) fn bits(self, g: &Geometry) -> Bits {
        let (w, h) = (g.width, g.height);
        let mut b = Bits::EMPTY;
        let mut add = |c: u8, r: u8| {
            if let Some(cell) = Cell::new(c, r) {
                b.set(g.index(cell));
            }
        };
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

/// The results of draws 2 and 3 (T2): the axis stone Player 2 picked from Player 1's
/// fists (dark: North–South, light: East–West) and the side stone Player 1 picked
/// (light: Player 1 starts South or East, dark: North or West). Draw 1 — who is
/// Player 1 — is the caller's: Player 1 is the side that moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Draws {
    /// Draw 2.
    pub axis: Colour,
    /// Draw 3.
    pub side: Colour,
}

impl Draws {
    /// Both draws from a random generator, each colour with probability ½.
    pub fn random<R: Rng + ?Sized>(rng: &mut R) -> Draws {
        let r = rng.next_u32();
        let pick = |bit: u32| {
            if r >> bit & 1 == 0 {
                Colour::Dark
            } else {
                Colour::Light
            }
        };
        Draws {
            axis: pick(0),
            side: pick(1),
        }
    }

    /// Where each side opens, Player 1 first (T2). In the corner variant dark+dark
    /// puts Player 1 at NW and Player 2 at SE, light+light Player 1 at NE and
    /// Player 2 at SW; every other case is the edge setup.
    pub const fn homes(&self, corners: bool) -> [Home; 2] {
        match (corners, self.axis, self.side) {
            (true, Colour::Dark, Colour::Dark) => [Home::NorthWest, Home::SouthEast],
            (true, Colour::Light, Colour::Light) => [Home::NorthEast, Home::SouthWest],
            (_, Colour::Dark, Colour::Light) => [Home::South, Home::North],
            (_, Colour::Dark, Colour::Dark) => [Home::North, Home::South],
            (_, Colour::Light, Colour::Light) => [Home::East, Home::West],
            (_, Colour::Light, Colour::Dark) => [Home::West, Home::East],
        }
    }
}

/// A side's traps (1 to 3 distinct cells, T3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(try_from = "alloc::vec::Vec<Cell>", into = "alloc::vec::Vec<Cell>")
)]
pub struct Traps {
    cells: [Cell; 3],
    len: u8,
}

impl Traps {
    /// Traps on `cells` (1 to 3; distinct and on the board is checked with the rules).
    ///
    /// # Errors
    /// [`SetupError::TrapCount`] for none or more than 3.
    pub fn new(cells: &[Cell]) -> Result<Traps, SetupError> {
        if cells.is_empty() || cells.len() > 3 {
            return Err(SetupError::TrapCount {
                expected: 1,
                found: cells.len(),
            });
        }
        let mut t = Traps {
            cells: [cells[0]; 3],
            len: cells.len() as u8,
        };
        t.cells[..cells.len()].copy_from_slice(cells);
        t.cells[..cells.len()].sort();
        // Unused slots repeat the first cell, so equal traps compare equal.
        let first = t.cells[0];
        t.cells[cells.len()..].fill(first);
        Ok(t)
    }

    /// The cells, sorted.
    pub fn cells(&self) -> &[Cell] {
        &self.cells[..self.len as usize]
    }

    pub(crate) fn bits(&self, g: &Geometry) -> Bits {
        let mut b = Bits::EMPTY;
        for &c in self.cells() {
            if g.contains(c) {
                b.set(g.index(c));
            }
        }
        b
    }
}

impl TryFrom<alloc::vec::Vec<Cell>> for Traps {
    type Error = SetupError;
    fn try_from(v: alloc::vec::Vec<Cell>) -> Result<Traps, SetupError> {
        Traps::new(&v)
    }
}

impl From<Traps> for alloc::vec::Vec<Cell> {
    fn from(t: Traps) -> alloc::vec::Vec<Cell> {
        t.cells().to_vec()
    }
}

/// Everything decided before the first move: the draws, both sides' traps (the
/// referee knows both, T10) and the team sizes (T11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Setup {
    /// Draws 2 and 3.
    pub draws: Draws,
    /// The traps, Player 1's first.
    pub traps: [Traps; 2],
    /// Members of each side's team (1..=8; 1 for a single player).
    pub members: [u8; 2],
}

impl Setup {
    /// A setup with one member per side.
    pub fn new(draws: Draws, traps: [Traps; 2]) -> Setup {
        Setup {
            draws,
            traps,
            members: [1, 1],
        }
    }

    /// Random draws and traps valid under `rules` (T3), one member per side.
    pub fn random<R: Rng + ?Sized>(rules: &Rules, rng: &mut R) -> Setup {
        let draws = Draws::random(rng);
        let g = Geometry::new(rules.width(), rules.height());
        let cells = u32::from(g.width) * u32::from(g.height);
        let homes = draws.homes(rules.corners());
        let mut traps = [FALLBACK; 2];
        for side in 0..2 {
            loop {
                let mut chosen = [Cell::A1; 3];
                let k = rules.traps();
                let mut n = 0;
                while n < k {
                    let i = crate::game::below(rng, cells);
                    let cell = Cell::new(
                        (i % u32::from(g.width)) as u8,
                        (i / u32::from(g.width)) as u8,
                    )
                    .unwrap_or(Cell::A1);
                    if !chosen[..n].contains(&cell) {
                        chosen[n] = cell;
                        n += 1;
                    }
                }
                let Ok(t) = Traps::new(&chosen[..k]) else {
                    continue;
                };
                if check_traps(rules, &g, &t, homes[1 - side]).is_ok() {
                    traps[side] = t;
                    break;
                }
            }
        }
        Setup::new(draws, traps)
    }

    /// Checks the setup against the rules (T3, T11).
    ///
    /// # Errors
    /// [`SetupError::TrapCount`] unless each side has the rules' number of traps;
    /// [`SetupError::OffBoard`]; [`SetupError::Duplicate`];
    /// [`SetupError::ForcedWin`] for traps covering every cell the opponent may open
    /// on (their corner, or their whole home edge); [`SetupError::Members`] outside
    /// 1..=8.
    pub fn validate(&self, rules: &Rules) -> Result<(), SetupError> {
        let g = Geometry::new(rules.width(), rules.height());
        let homes = self.draws.homes(rules.corners());
        for side in 0..2 {
            check_traps(rules, &g, &self.traps[side], homes[1 - side])?;
            if !(1..=8).contains(&self.members[side]) {
                return Err(SetupError::Members(self.members[side]));
            }
        }
        Ok(())
    }
}

const FALLBACK: Traps = Traps {
    cells: [Cell::A1; 3],
    len: 1,
};

impl Cell {
    /// The corner a1.
    pub const A1: Cell = match Cell::new(0, 0) {
        Some(c) => c,
        None => panic!("a1 is a cell"),
    };
}

/// Checks one side's traps against the rules and the opponent's home (T3).
pub(crate) fn check_traps(
    rules: &Rules,
    g: &Geometry,
    t: &Traps,
    opponent_home: Home,
) -> Result<(), SetupError> {
    if t.cells().len() != rules.traps() {
        return Err(SetupError::TrapCount {
            expected: rules.traps(),
            found: t.cells().len(),
        });
    }
    for (k, &c) in t.cells().iter().enumerate() {
        if !g.contains(c) {
            return Err(SetupError::OffBoard(c));
        }
        if t.cells()[..k].contains(&c) {
            return Err(SetupError::Duplicate(c));
        }
    }
    // Traps covering every cell the opponent may open on would win by force (T3).
    let home = opponent_home.bits(g);
    if home.and_not(&t.bits(g), g.words).is_empty(g.words) {
        return Err(SetupError::ForcedWin);
    }
    Ok(())
}
