//! The board: stones, chains and their liberties, kept incrementally so that a move,
//! its captures and its legality cost a few neighbour look-ups.
//!
//! Layout: a one-dimensional array of cells with a border. A row is `width + 1`
//! cells long (its first cell is the border shared by the right edge of the row
//! below and the left edge of this one), with a border row below and above and one
//! cell more at the end, so every point's four neighbours (`±1`, `±stride`) and four
//! diagonals (`±stride ± 1`) are inside the array.
//!
//! Chains: every stone knows its chain's head and the next stone of the chain (a
//! circular list). The head holds the chain's size, Zobrist hash and its
//! *pseudo-liberties*: the count, sum and sum of squares of (stone, empty neighbour)
//! adjacencies. A chain has no liberty when the count is 0; all its pseudo-liberties
//! are one point `p` (atari at `p`) exactly when `sum == count·p` and
//! `sum² == count·squares` — so capture and atari tests are O(1) without liberty
//! sets.

mod cells;
mod diagram;

use alloc::vec::Vec;
use core::fmt;

use crate::error::SetupError;
use crate::player::Color;
use crate::point::{MAX_SIDE, Point};
use crate::zobrist;

/// The most cells any board uses: (25 + 1) × (25 + 2) + 1.
pub(crate) const MAX_CELLS: usize = (MAX_SIDE as usize + 1) * (MAX_SIDE as usize + 2) + 1;

pub(crate) const EMPTY: u8 = 0;
pub(crate) const BLACK: u8 = 1;
pub(crate) const WHITE: u8 = 2;
pub(crate) const EDGE: u8 = 3;

/// The cell code of a colour's stone.
#[inline]
pub(crate) const fn stone(c: Color) -> u8 {
    match c {
        Color::Black => BLACK,
        Color::White => WHITE,
    }
}

/// Each byte of `x` that is zero becomes 0x80, every other byte 0 (bytes hold cell
/// colours 0..=3, so the subtraction never borrows across bytes).
#[inline]
const fn zero_bytes(x: u32) -> u32 {
    !((x | 0x8080_8080).wrapping_sub(0x0101_0101) | x) & 0x8080_8080
}

/// `2^20 / stride`, rounded up: `(i * reciprocal(s)) >> 20 == i / s` for every
/// cell index `i < MAX_CELLS` and stride `s` in 2..=26 (checked by a unit test).
#[inline]
const fn reciprocal(stride: usize) -> usize {
    (1 << 20) / stride + 1
}

/// `byte` repeated in the four bytes of a word.
#[inline]
const fn splat(byte: u8) -> u32 {
    byte as u32 * 0x0101_0101
}

#[inline]
fn key(code: u8, cell: usize) -> u64 {
    zobrist::STONE[(code - 1) as usize][cell]
}

/// One cell: its content, and for a stone its chain links. Eight bytes, so that a
/// point's neighbourhood sits in one or two cache lines.
#[derive(Clone, Copy, Debug, Default)]
struct Cell {
    color: u8,
    head: u16,
    next: u16,
    /// Index of this cell in the empty-point list while it is empty.
    empty_at: u16,
}

/// A chain's totals, kept at the index of its head.
#[derive(Clone, Copy, Debug, Default)]
struct Chain {
    libs: u16,
    size: u16,
    lib_sum: u32,
    lib_sq: u32,
    hash: u64,
}

/// What a move at a point would do, found without playing it.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Effect {
    /// Xor of the hashes of the chains the move removes: the captured opponent
    /// chains, or for a suicide the mover's chains that die with the new stone.
    pub removed_hash: u64,
    /// Opponent stones it captures (at most 624).
    pub captured: u16,
    /// The cell of the move.
    pub cell: u16,
    /// The position of that cell in the board's empty-point list when the effect
    /// was found: how [`Board::play_known`] finds the cell again, through that
    /// list's bounds check, without trusting `cell` (`board/cells.rs`).
    pub at: u16,
    /// The move leaves its own chain without liberties.
    pub suicide: bool,
    /// The new stone has no empty and no friendly neighbour (for simple ko).
    pub lone: bool,
    /// The new stone has a friendly neighbour (chains will merge).
    pub friendly: bool,
}

impl Effect {
    /// A suicide of the new stone alone (no friendly neighbour dies with it), which
    /// leaves the board exactly as it was.
    #[inline]
    pub fn lone_suicide(&self) -> bool {
        self.suicide && self.lone
    }
}

/// A Go board: stones only, no history. Read it through [`crate::Game::board`].
///
/// ```
/// use go_core::{Board, Color, Point};
/// let board = Board::from_diagram("
///     . X O
///     X O .
///     . . .
/// ")?;
/// assert_eq!((board.width(), board.height()), (3, 3));
/// assert_eq!(board.get("B3".parse()?), Some(Color::Black));
/// assert_eq!(board.liberties("C3".parse()?), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Board {
    width: u8,
    height: u8,
    stride: usize,
    /// [`reciprocal`] of the stride, kept (computing it is a division).
    recip: usize,
    /// The number of cells `i` with `stride + 1 <= i < cells.len() - stride - 1`:
    /// those whose every cell within one step is in the tables (`board/cells.rs`).
    span: usize,
    hash: u64,
    stones: [u16; 2],
    /// One cell per point and per edge cell of the frame (`board/cells.rs`).
    cells: Vec<Cell>,
    /// Chain totals, kept at each chain's head; as long as `cells`.
    chains: Vec<Chain>,
    empties: Vec<u16>,
}

impl Clone for Board {
    fn clone(&self) -> Board {
        Board {
            width: self.width,
            height: self.height,
            stride: self.stride,
            recip: self.recip,
            span: self.span,
            hash: self.hash,
            stones: self.stones,
            cells: self.cells.clone(),
            chains: self.chains.clone(),
            empties: self.empties.clone(),
        }
    }

    fn clone_from(&mut self, source: &Board) {
        self.width = source.width;
        self.height = source.height;
        self.stride = source.stride;
        self.recip = source.recip;
        self.span = source.span;
        self.hash = source.hash;
        self.stones = source.stones;
        self.cells.clone_from(&source.cells);
        self.chains.clone_from(&source.chains);
        self.empties.clone_from(&source.empties);
    }
}

impl PartialEq for Board {
    /// Boards are equal when they have the same size and the same stones.
    fn eq(&self, other: &Board) -> bool {
        self.width == other.width
            && self.height == other.height
            && self
                .cells
                .iter()
                .zip(other.cells.iter())
                .all(|(a, b)| a.color == b.color)
    }
}

impl Eq for Board {}

impl core::hash::Hash for Board {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.width.hash(state);
        self.height.hash(state);
        self.hash.hash(state);
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board {}x{}\n{self}", self.width, self.height)
    }
}

impl Board {
    /// An empty board.
    ///
    /// # Errors
    /// [`SetupError::BoardSize`] unless both sides are 1..=25.
    pub fn new(width: u8, height: u8) -> Result<Board, SetupError> {
        if !(1..=MAX_SIDE).contains(&width) || !(1..=MAX_SIDE).contains(&height) {
            return Err(SetupError::BoardSize { width, height });
        }
        let stride = width as usize + 1;
        let n = stride * (height as usize + 2) + 1;
        debug_assert!(n <= MAX_CELLS);
        let mut board = Board {
            width,
            height,
            stride,
            recip: reciprocal(stride),
            span: n - 2 * (stride + 1),
            hash: 0,
            stones: [0; 2],
            cells: alloc::vec![
                Cell {
                    color: EDGE,
                    ..Cell::default()
                };
                n
            ],
            chains: alloc::vec![Chain::default(); n],
            empties: alloc::vec![0; width as usize * height as usize],
        };
        // The points, row by row: cells `(row + 1) · stride + 1 ..` of each row,
        // written in place (a board is made for every game replayed).
        let w = width as usize;
        for (row, empties) in board.empties.chunks_exact_mut(w).enumerate() {
            let first = (row + 1) * stride + 1;
            let at = row * w;
            for (col, (cell, e)) in board.cells[first..first + w]
                .iter_mut()
                .zip(empties)
                .enumerate()
            {
                cell.color = EMPTY;
                cell.empty_at = (at + col) as u16;
                *e = (first + col) as u16;
            }
        }
        Ok(board)
    }

    /// A board with the given stones.
    ///
    /// # Errors
    /// [`SetupError::BoardSize`], [`SetupError::OffBoard`], [`SetupError::Duplicate`],
    /// and [`SetupError::NoLiberties`] when a chain has no liberty.
    pub fn with_stones(
        width: u8,
        height: u8,
        stones: &[(Point, Color)],
    ) -> Result<Board, SetupError> {
        let mut board = Board::new(width, height)?;
        for &(p, c) in stones {
            if !board.contains(p) {
                return Err(SetupError::OffBoard {
                    point: p,
                    width,
                    height,
                });
            }
            let i = board.index(p);
            if board.cells[i].color != EMPTY {
                return Err(SetupError::Duplicate { point: p });
            }
            board.place(i, stone(c));
        }
        if !stones.is_empty() {
            // Only a placed stone can be without a liberty.
            board.check_liberties()?;
        }
        Ok(board)
    }

    /// Width in points.
    #[inline]
    pub fn width(&self) -> u8 {
        self.width
    }

    /// Height in points.
    #[inline]
    pub fn height(&self) -> u8 {
        self.height
    }

    /// Whether the point lies on this board.
    #[inline]
    pub fn contains(&self, p: Point) -> bool {
        p.col() < self.width && p.row() < self.height
    }

    /// The stone on a point, `None` when empty or off the board.
    pub fn get(&self, p: Point) -> Option<Color> {
        if !self.contains(p) {
            return None;
        }
        match self.cells[self.index(p)].color {
            BLACK => Some(Color::Black),
            WHITE => Some(Color::White),
            _ => None,
        }
    }

    /// The number of stones of a colour on the board.
    pub fn count(&self, c: Color) -> usize {
        self.stones[c.index()] as usize
    }

    /// The number of empty points.
    pub fn empty_count(&self) -> usize {
        self.empties.len()
    }

    /// Every point of the board, row by row from the bottom left (A1, B1, …).
    pub fn points(&self) -> impl Iterator<Item = Point> + '_ {
        let w = self.width;
        (0..self.height).flat_map(move |r| (0..w).filter_map(move |c| Point::new(c, r)))
    }

    /// The stone on every point, in [`Board::points`] order (A1, B1, …, row by
    /// row from the bottom): `None` for an empty point. For a program that reads
    /// the whole board (a tensor, a picture) faster than point by point.
    ///
    /// ```
    /// use go_core::{Board, Color};
    /// let board = Board::with_stones(3, 2, &[("B1".parse()?, Color::Black)])?;
    /// let colors: Vec<Option<Color>> = board.colors().collect();
    /// assert_eq!(colors, [None, Some(Color::Black), None, None, None, None]);
    /// let top: Vec<Option<Color>> = board.row_colors(1).collect();
    /// assert_eq!(top, [None, None, None]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn colors(&self) -> impl Iterator<Item = Option<Color>> + '_ {
        (0..self.height).flat_map(move |r| self.row_colors(r))
    }

    /// The stones of row `row` (0 at the bottom) from column A: a row of
    /// [`Board::colors`]; nothing for a row off the board.
    pub fn row_colors(&self, row: u8) -> impl ExactSizeIterator<Item = Option<Color>> + '_ {
        let w = usize::from(self.width);
        let start = (usize::from(row) + 1) * self.stride + 1;
        let cells = if row < self.height {
            &self.cells[start..start + w]
        } else {
            &self.cells[..0]
        };
        cells.iter().map(|c| match c.color {
            BLACK => Some(Color::Black),
            WHITE => Some(Color::White),
            _ => None,
        })
    }

    /// Every stone on the board, with its colour, in [`Board::points`] order.
    pub fn stones(&self) -> impl Iterator<Item = (Point, Color)> + '_ {
        self.points().filter_map(|p| self.get(p).map(|c| (p, c)))
    }

    /// The stones of the chain through `p` (empty when `p` holds no stone).
    pub fn chain(&self, p: Point) -> impl Iterator<Item = Point> + '_ {
        let start = self.get(p).map(|_| self.index(p));
        start
            .into_iter()
            .flat_map(move |i| self.chain_cells(i))
            .map(move |c| self.point(c))
    }

    /// The number of distinct liberties of the chain through `p` (0 for an empty
    /// point). Exact; costs one walk of the chain.
    pub fn liberties(&self, p: Point) -> usize {
        let mut seen = [0u64; MAX_CELLS.div_ceil(64)];
        let mut count = 0;
        for s in self.chain(p) {
            let i = self.index(s);
            for q in self.neighbours(i) {
                if self.cells[q].color == EMPTY && seen[q / 64] & (1 << (q % 64)) == 0 {
                    seen[q / 64] |= 1 << (q % 64);
                    count += 1;
                }
            }
        }
        count
    }

    /// The Zobrist hash of the stones (not of whose turn it is). Equal boards of the
    /// same size have equal hashes; the keys are fixed, so hashes are stable across
    /// runs and platforms.
    #[inline]
    pub fn zobrist(&self) -> u64 {
        self.hash
    }

    // ----- crate-internal geometry -----

    #[inline]
    /// The cell of point `p`; cell 0 (an edge cell) for a point off this board,
    /// so that every index into the cell tables is in range (see `table`).
    pub(crate) fn index(&self, p: Point) -> usize {
        if self.contains(p) {
            (p.row() as usize + 1) * self.stride + p.col() as usize + 1
        } else {
            0
        }
    }

    /// The point of board cell `i` (`i / stride` by a reciprocal multiply: exact
    /// for every cell, see the unit test).
    #[inline]
    pub(crate) fn point(&self, i: usize) -> Point {
        let row = (i * self.recip) >> 20;
        let col = i - row * self.stride;
        // A cell of a point is 1..=width in its row, and its row 1..=height.
        Point::on_board((col - 1) as u8, (row - 1) as u8)
    }

    #[cfg(test)]
    fn point_by_division(&self, i: usize) -> Point {
        Point::new((i % self.stride - 1) as u8, (i / self.stride - 1) as u8)
            .unwrap_or_else(|| unreachable!())
    }

    #[inline]
    pub(crate) fn neighbours(&self, i: usize) -> [usize; 4] {
        [i - self.stride, i - 1, i + 1, i + self.stride]
    }

    #[inline]
    pub(crate) fn color_at(&self, i: usize) -> u8 {
        self.cells[i].color
    }

    pub(crate) fn cell_count(&self) -> usize {
        self.cells.len()
    }

    /// The cells of the chain headed at (or passing through) `i`.
    pub(crate) fn chain_cells(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        let mut cur = Some(i);
        core::iter::from_fn(move || {
            let c = cur?;
            let n = self.cells[c].next as usize;
            cur = if n == i { None } else { Some(n) };
            Some(c)
        })
    }

    #[inline]
    pub(crate) fn head(&self, i: usize) -> usize {
        self.cells[i].head as usize
    }

    /// The next stone of the chain through the stone at `i` (its circular list).
    pub(crate) fn next_in_chain(&self, i: usize) -> usize {
        self.cells[i].next as usize
    }

    /// The pseudo-liberty count, size and Zobrist hash of the chain headed at `h`.
    pub(crate) fn chain_totals(&self, h: usize) -> (u16, u16, u64) {
        let c = &self.chains[h];
        (c.libs, c.size, c.hash)
    }

    /// The empty-point list (cells), in its order.
    pub(crate) fn empty_cells(&self) -> &[u16] {
        &self.empties
    }

    // ----- chain bookkeeping (the hot path is in `board/cells.rs`) -----

    /// Whether the chain headed at `head` has all its liberties at `p`.
    pub(crate) fn in_atari_at(&self, head: usize, p: usize) -> bool {
        let c = &self.chains[head];
        let n = u64::from(c.libs);
        let p = p as u64;
        n > 0 && u64::from(c.lib_sum) == n * p && u64::from(c.lib_sq) == n * p * p
    }

    /// The one point all pseudo-liberties of the chain headed at `head` are on
    /// (the chain is in atari there), `None` when it has two liberties or more
    /// (or none). O(1), from the count, sum and sum of squares.
    #[inline]
    pub(crate) fn atari_point(&self, head: usize) -> Option<usize> {
        let c = &self.chains[head];
        let n = u64::from(c.libs);
        let sum = u64::from(c.lib_sum);
        // All equal exactly when sum² = n·squares (Cauchy–Schwarz); no
        // division unless they are.
        (n > 0 && sum * sum == n * u64::from(c.lib_sq)).then(|| (sum / n) as usize)
    }

    /// The number of stones of the chain headed at `head`.
    #[inline]
    pub(crate) fn chain_size(&self, head: usize) -> usize {
        usize::from(self.chains[head].size)
    }

    /// The length of a row of cells (width + 1): the cell above `i` is
    /// `i + stride`.
    #[inline]
    pub(crate) fn stride(&self) -> usize {
        self.stride
    }

    /// The hash of the board after a move of `code` with effect `e`.
    #[inline]
    pub(crate) fn hash_after(&self, code: u8, e: &Effect) -> u64 {
        if e.suicide {
            self.hash ^ e.removed_hash
        } else {
            self.hash ^ key(code, usize::from(e.cell)) ^ e.removed_hash
        }
    }

    /// Fails when some chain has no liberty.
    pub(crate) fn check_liberties(&self) -> Result<(), SetupError> {
        for (i, (c, chain)) in self.cells.iter().zip(&self.chains).enumerate() {
            if matches!(c.color, BLACK | WHITE) && c.head as usize == i && chain.libs == 0 {
                return Err(SetupError::NoLiberties {
                    point: self.point(i),
                });
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reciprocal_division_is_exact_for_every_cell_and_stride() {
        for stride in 2..=MAX_SIDE as usize + 1 {
            for i in 0..MAX_CELLS {
                assert_eq!((i * reciprocal(stride)) >> 20, i / stride, "{i} / {stride}");
            }
        }
        let b = Board::new(19, 13).unwrap();
        for p in b.points() {
            let i = b.index(p);
            assert_eq!(b.point(i), p);
            assert_eq!(b.point_by_division(i), p);
        }
    }
}
