//! Cells and their notation (ruling T1), and the bitboards that make move
//! generation a few word operations.
//!
//! A board of `width × height` cells is kept as bits in rows of `width + 1`: the
//! extra, always-empty column keeps a shift by one from wrapping round a row, so
//! the 8 neighbours of every cell of a set are three shifts and a mask.

use core::fmt;
use core::str::FromStr;

use crate::error::ParseError;

/// The largest side of a board (ruling T1: 2..=26, letters a..z).
pub const MAX_SIDE: u8 = 26;

/// Words in a bitboard: 26 rows of 27 bits fit in 11 words of 64.
pub(crate) const WORDS: usize = 11;

/// A cell, named like `a1`: column letter from the West edge (a..z), row number from
/// the South edge (1..=26).
///
/// ```
/// use trap_stones::Cell;
///
/// fn main() -> Result<(), Box<dyn std::error::Error>> {
///     let c: Cell = "c4".parse()?;
///     assert_eq!((c.col(), c.row()), (2, 3));
///     println!("{c}"); // c4
///     Ok(())
/// }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "CellName", into = "CellName"))]
pub struct Cell {
    row: u8,
    col: u8,
}

impl Cell {
    /// The corner a1 (South-West).
    pub const A1: Cell = Cell { row: 0, col: 0 };

    /// The cell at column `col` and row `row` (0-based), if within 26 × 26.
    pub const fn new(col: u8, row: u8) -> Option<Cell> {
        if col < MAX_SIDE && row < MAX_SIDE {
            Some(Cell { row, col })
        } else {
            None
        }
    }

    /// 0-based column from the West edge.
    pub const fn col(self) -> u8 {
        self.col
    }

    /// 0-based row from the South edge.
    pub const fn row(self) -> u8 {
        self.row
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.col) as char, self.row + 1)
    }
}

impl FromStr for Cell {
    type Err = ParseError;
    /// A column letter (either case) and a row number 1..=26.
    fn from_str(s: &str) -> Result<Cell, ParseError> {
        let s = s.trim().as_bytes();
        let (&letter, digits) = s.split_first().ok_or(ParseError::Cell)?;
        if !letter.is_ascii_alphabetic() || digits.is_empty() || digits.len() > 2 {
            return Err(ParseError::Cell);
        }
        let mut row = 0u8;
        for d in digits {
            if !d.is_ascii_digit() {
                return Err(ParseError::Cell);
            }
            row = row * 10 + (d - b'0');
        }
        let col = letter.to_ascii_lowercase() - b'a';
        if row == 0 {
            return Err(ParseError::Cell);
        }
        Cell::new(col, row - 1).ok_or(ParseError::Cell)
    }
}

/// A cell's name, its serialised form.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
struct CellName(alloc::string::String);

#[cfg(feature = "serde")]
impl From<Cell> for CellName {
    fn from(c: Cell) -> CellName {
        CellName(alloc::string::ToString::to_string(&c))
    }
}

#[cfg(feature = "serde")]
impl TryFrom<CellName> for Cell {
    type Error = ParseError;
    fn try_from(n: CellName) -> Result<Cell, ParseError> {
        n.0.parse()
    }
}

/// A set of cells as bits (row-major, rows of `width + 1`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Bits(pub(crate) [u64; WORDS]);

impl Bits {
    pub(crate) const EMPTY: Bits = Bits([0; WORDS]);

    #[inline]
    pub(crate) fn get(&self, i: usize) -> bool {
        self.0[(i / 64) % WORDS] >> (i % 64) & 1 == 1
    }

    #[inline]
    pub(crate) fn set(&mut self, i: usize) {
        self.0[(i / 64) % WORDS] |= 1 << (i % 64);
    }

    #[inline]
    pub(crate) fn clear(&mut self, i: usize) {
        self.0[(i / 64) % WORDS] &= !(1 << (i % 64));
    }

    // The word-wise operations run over every word: a fixed-length loop the
    // compiler vectorises beats a loop over just the words in use (measured).
    #[inline]
    pub(crate) fn or(&self, o: &Bits, _words: usize) -> Bits {
        Bits(core::array::from_fn(|k| self.0[k] | o.0[k]))
    }

    #[inline]
    pub(crate) fn and_not(&self, o: &Bits, _words: usize) -> Bits {
        Bits(core::array::from_fn(|k| self.0[k] & !o.0[k]))
    }

    pub(crate) fn count(&self, words: usize) -> u32 {
        self.0[..words].iter().map(|w| w.count_ones()).sum()
    }

    pub(crate) fn is_empty(&self, words: usize) -> bool {
        self.0[..words].iter().all(|&w| w == 0)
    }

    /// The lowest set bit at `from` or above, among the first `words` words.
    #[inline]
    pub(crate) fn next_set(&self, from: usize, words: usize) -> Option<usize> {
        let mut k = from / 64;
        if k >= words {
            return None;
        }
        let mut w = self.0[k % WORDS] & (u64::MAX << (from % 64));
        loop {
            if w != 0 {
                return Some(k * 64 + w.trailing_zeros() as usize);
            }
            k += 1;
            if k >= words {
                return None;
            }
            w = self.0[k % WORDS];
        }
    }

    /// The `n`-th set bit (from 0), lowest first, among the first `words` words.
    pub(crate) fn nth_set(&self, mut n: u32, words: usize) -> Option<usize> {
        for (k, &w) in self.0[..words.min(WORDS)].iter().enumerate() {
            let c = w.count_ones();
            if n < c {
                let mut w = w;
                for _ in 0..n {
                    w &= w - 1;
                }
                return Some(k * 64 + w.trailing_zeros() as usize);
            }
            n -= c;
        }
        None
    }

    /// The set bits, lowest first.
    pub(crate) fn iter(&self, words: usize) -> impl Iterator<Item = usize> + '_ {
        self.0[..words].iter().enumerate().flat_map(|(k, &w)| {
            let mut w = w;
            core::iter::from_fn(move || {
                if w == 0 {
                    None
                } else {
                    let b = w.trailing_zeros() as usize;
                    w &= w - 1;
                    Some(k * 64 + b)
                }
            })
        })
    }
}

/// A board's sizes and bit layout, small enough to copy with every move list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Shape {
    pub(crate) width: u8,
    pub(crate) height: u8,
    stride: u8,
    pub(crate) words: u8,
}

impl Shape {
    pub(crate) fn contains(&self, cell: Cell) -> bool {
        cell.col < self.width && cell.row < self.height
    }

    pub(crate) fn index(&self, cell: Cell) -> usize {
        cell.row as usize * self.stride as usize + cell.col as usize
    }

    pub(crate) fn cell(&self, i: usize) -> Cell {
        Cell {
            row: (i / self.stride as usize) as u8,
            col: (i % self.stride as usize) as u8,
        }
    }

    /// The bits of the 8 neighbours of bit `i`, some of them off the board: the
    /// padding column (and the bounds `0..height × stride`) keep every one of them
    /// either a board cell or a bit that no set of board cells holds.
    #[inline]
    pub(crate) fn neighbours(&self, i: usize) -> impl Iterator<Item = usize> {
        let st = self.stride as usize;
        let end = self.height as usize * st;
        [
            i.wrapping_sub(st + 1),
            i.wrapping_sub(st),
            i.wrapping_sub(st - 1),
            i.wrapping_sub(1),
            i + 1,
            i + st - 1,
            i + st,
            i + st + 1,
        ]
        .into_iter()
        .filter(move |&n| n < end)
    }
}

/// A board's shape: sizes and the bit layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Geometry {
    pub(crate) width: u8,
    pub(crate) height: u8,
    stride: usize,
    pub(crate) words: usize,
    /// Every cell of the board.
    pub(crate) valid: Bits,
}

impl Geometry {
    /// The shape of a `width × height` board (both 2..=26; clamped).
    pub(crate) fn new(width: u8, height: u8) -> Geometry {
        let width = width.clamp(2, MAX_SIDE);
        let height = height.clamp(2, MAX_SIDE);
        let stride = width as usize + 1;
        let words = (height as usize * stride).div_ceil(64);
        let mut valid = Bits::EMPTY;
        for r in 0..height as usize {
            for c in 0..width as usize {
                valid.set(r * stride + c);
            }
        }
        Geometry {
            width,
            height,
            stride,
            words,
            valid,
        }
    }

    /// Whether `cell` is on the board.
    pub(crate) fn contains(&self, cell: Cell) -> bool {
        cell.col < self.width && cell.row < self.height
    }

    /// The bit of `cell` (which must be on the board).
    #[inline]
    pub(crate) fn index(&self, cell: Cell) -> usize {
        cell.row as usize * self.stride + cell.col as usize
    }

    /// The bit of the cell at column `col`, row `row` (both on the board).
    #[inline]
    pub(crate) fn index_of(&self, col: u8, row: u8) -> usize {
        row as usize * self.stride + col as usize
    }

    /// The cell of bit `i`.
    #[inline]
    pub(crate) fn cell(&self, i: usize) -> Cell {
        Cell {
            row: (i / self.stride) as u8,
            col: (i % self.stride) as u8,
        }
    }

    /// The set and every cell 8-adjacent to it, on the board: a pass that ORs each
    /// row with its left and right shifts, then a pass that ORs the rows above and
    /// below, over only the words in use (no full-width temporaries).
    #[inline]
    pub(crate) fn grow(&self, s: &Bits) -> Bits {
        let n = self.words;
        let mut across = *s;
        for k in 0..n {
            let w = s.0[k];
            let from_below = if k > 0 { s.0[k - 1] >> 63 } else { 0 };
            let from_above = if k + 1 < n { s.0[k + 1] << 63 } else { 0 };
            across.0[k] = w | (w << 1) | from_below | (w >> 1) | from_above;
        }
        let st = self.stride as u32;
        let mut out = across;
        for k in 0..n {
            let w = across.0[k];
            let up = (w << st)
                | if k > 0 {
                    across.0[k - 1] >> (64 - st)
                } else {
                    0
                };
            let down = (w >> st)
                | if k + 1 < n {
                    across.0[k + 1] << (64 - st)
                } else {
                    0
                };
            out.0[k] = (w | up | down) & self.valid.0[k];
        }
        out
    }

    /// The small part of the shape, for move lists.
    pub(crate) fn shape(&self) -> Shape {
        Shape {
            width: self.width,
            height: self.height,
            stride: self.stride as u8,
            words: self.words as u8,
        }
    }
}

#[cfg(test)]
mod tests {
    //! The bit sets and the board geometry against plain cell arithmetic, on every
    //! board size: boards of more than 64 bits spread over several words, which the
    //! small boards of the game tests never reach.

    use super::{Bits, Cell, Geometry, MAX_SIDE, WORDS};
    use alloc::vec::Vec;

    /// A small deterministic generator (xorshift64*): the tests need no crate.
    struct Rand(u64);

    impl Rand {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
        }
    }

    fn sizes() -> impl Iterator<Item = (u8, u8)> {
        (2..=MAX_SIDE).flat_map(|w| [2, 3, 7, 9, 13, 25, MAX_SIDE].map(move |h| (w, h)))
    }

    fn cells(g: &Geometry) -> Vec<Cell> {
        (0..g.height)
            .flat_map(|r| (0..g.width).map(move |c| Cell { row: r, col: c }))
            .collect()
    }

    /// A random set of the board's cells, about one in `density`.
    fn random_set(g: &Geometry, rng: &mut Rand, density: u64) -> Vec<Cell> {
        cells(g)
            .into_iter()
            .filter(|_| rng.next().is_multiple_of(density))
            .collect()
    }

    fn bits(g: &Geometry, set: &[Cell]) -> Bits {
        let mut b = Bits::EMPTY;
        for &c in set {
            b.set(g.index(c));
        }
        b
    }

    #[test]
    fn a_board_is_its_cells_and_its_bits_name_them() {
        for (w, h) in sizes() {
            let g = Geometry::new(w, h);
            assert_eq!((g.width, g.height), (w, h));
            let all = cells(&g);
            assert_eq!(g.valid, bits(&g, &all), "{w}x{h}");
            assert_eq!(g.valid.count(g.words), u32::from(w) * u32::from(h));
            assert_eq!(
                g.words,
                (usize::from(h) * (usize::from(w) + 1)).div_ceil(64)
            );
            assert!(g.words <= WORDS);
            let s = g.shape();
            for &c in &all {
                let i = g.index(c);
                assert_eq!(g.cell(i), c);
                assert_eq!(s.cell(i), c);
                assert_eq!(s.index(c), i);
                assert_eq!(g.index_of(c.col, c.row), i);
                assert!(g.contains(c) && s.contains(c));
            }
            for off in [
                Cell { row: h, col: 0 },
                Cell { row: 0, col: w },
                Cell { row: h - 1, col: w },
                Cell { row: h, col: w - 1 },
            ] {
                assert!(!g.contains(off) && !s.contains(off), "{off} on {w}x{h}");
            }
        }
        // Sizes out of range are clamped (T1: 2..=26).
        let g = Geometry::new(1, 30);
        assert_eq!((g.width, g.height), (2, MAX_SIDE));
    }

    #[test]
    fn growing_a_set_adds_its_eight_neighbours_on_the_board() {
        let mut rng = Rand(0x9E37_79B9_7F4A_7C15);
        for (w, h) in sizes() {
            let g = Geometry::new(w, h);
            let s = g.shape();
            for density in [3, 17, 200] {
                let set = random_set(&g, &mut rng, density);
                let mut expected = Bits::EMPTY;
                for &c in &set {
                    for (dc, dr) in [
                        (-1, -1),
                        (0, -1),
                        (1, -1),
                        (-1, 0),
                        (0, 0),
                        (1, 0),
                        (-1, 1),
                        (0, 1),
                        (1, 1),
                    ] {
                        let (col, row) = (i32::from(c.col) + dc, i32::from(c.row) + dr);
                        if (0..i32::from(w)).contains(&col) && (0..i32::from(h)).contains(&row) {
                            expected.set(g.index_of(col as u8, row as u8));
                        }
                    }
                }
                let b = bits(&g, &set);
                assert_eq!(g.grow(&b), expected, "{w}x{h}, {} cells", set.len());
                // The neighbours one at a time: on the board, the same cells.
                for &c in set.iter().take(8) {
                    let i = g.index(c);
                    let mut one = Bits::EMPTY;
                    one.set(i);
                    let mut around = Bits::EMPTY;
                    for n in s.neighbours(i) {
                        assert_ne!(n, i);
                        // Within the board's rows: a bit some set may hold.
                        assert!(n < usize::from(h) * (usize::from(w) + 1), "{n} from {c}");
                        around.set(n);
                    }
                    around.set(i);
                    assert_eq!(around.and_not(&Bits::EMPTY, g.words), around);
                    let on_board = Bits(core::array::from_fn(|k| around.0[k] & g.valid.0[k]));
                    assert_eq!(on_board, g.grow(&one), "{c} on {w}x{h}");
                }
            }
        }
    }

    /// The set and its 8 neighbours on the board, cell by cell.
    fn grown(g: &Geometry, set: &[Cell]) -> Bits {
        let mut expected = Bits::EMPTY;
        for &c in set {
            for dc in -1..=1 {
                for dr in -1..=1 {
                    let (col, row) = (i32::from(c.col) + dc, i32::from(c.row) + dr);
                    if (0..i32::from(g.width)).contains(&col)
                        && (0..i32::from(g.height)).contains(&row)
                    {
                        expected.set(g.index_of(col as u8, row as u8));
                    }
                }
            }
        }
        expected
    }

    #[test]
    fn growing_two_cells_whose_neighbourhoods_meet() {
        // Every pair of cells one or two apart (across, up, diagonally): their
        // neighbourhoods touch or overlap, inside a word and across words.
        for (w, h) in sizes() {
            let g = Geometry::new(w, h);
            for c in cells(&g) {
                for (dc, dr) in [
                    (1, 0),
                    (2, 0),
                    (0, 1),
                    (0, 2),
                    (1, 1),
                    (-1, 1),
                    (2, 2),
                    (-2, 2),
                ] {
                    let (col, row) = (i32::from(c.col) + dc, i32::from(c.row) + dr);
                    if col < 0 || col >= i32::from(w) || row >= i32::from(h) {
                        continue;
                    }
                    let pair = [
                        c,
                        Cell {
                            row: row as u8,
                            col: col as u8,
                        },
                    ];
                    assert_eq!(
                        g.grow(&bits(&g, &pair)),
                        grown(&g, &pair),
                        "{pair:?} on {w}x{h}"
                    );
                }
            }
        }
    }

    #[test]
    fn bit_sets_count_find_and_list_their_members() {
        let mut rng = Rand(12345);
        for (w, h) in sizes() {
            let g = Geometry::new(w, h);
            for density in [2, 9, 150] {
                let set = random_set(&g, &mut rng, density);
                let b = bits(&g, &set);
                let mut idx: Vec<usize> = set.iter().map(|&c| g.index(c)).collect();
                idx.sort_unstable();
                assert_eq!(b.count(g.words) as usize, idx.len());
                assert_eq!(b.is_empty(g.words), idx.is_empty());
                assert_eq!(b.iter(g.words).collect::<Vec<_>>(), idx);
                for (n, &i) in idx.iter().enumerate() {
                    assert!(b.get(i));
                    assert_eq!(b.nth_set(n as u32, g.words), Some(i));
                    assert_eq!(b.next_set(i, g.words), Some(i));
                    assert_eq!(b.next_set(i + 1, g.words), idx.get(n + 1).copied());
                }
                assert_eq!(b.nth_set(idx.len() as u32, g.words), None);
                assert_eq!(b.next_set(0, g.words), idx.first().copied());
                assert_eq!(b.next_set(g.words * 64, g.words), None);
                // Or, and-not, clear.
                let other = bits(&g, &random_set(&g, &mut rng, 4));
                let union = b.or(&other, g.words);
                let minus = union.and_not(&other, g.words);
                for i in 0..g.words * 64 {
                    assert_eq!(union.get(i), b.get(i) || other.get(i));
                    assert_eq!(minus.get(i), b.get(i) && !other.get(i));
                }
                let mut c = b;
                for &i in &idx {
                    c.clear(i);
                    c.clear(i);
                }
                assert!(c.is_empty(g.words));
                assert_eq!(c, Bits::EMPTY);
            }
        }
        // The last bit of the last word, and a word past the ones in use.
        let mut b = Bits::EMPTY;
        b.set(WORDS * 64 - 1);
        assert_eq!(b.count(WORDS), 1);
        assert_eq!(b.count(WORDS - 1), 0);
        assert!(b.is_empty(WORDS - 1) && !b.is_empty(WORDS));
        assert_eq!(b.next_set(0, WORDS), Some(WORDS * 64 - 1));
        assert_eq!(b.next_set(0, WORDS - 1), None);
        assert_eq!(b.nth_set(0, WORDS), Some(WORDS * 64 - 1));
        assert_eq!(b.nth_set(0, WORDS - 1), None);
    }
}
