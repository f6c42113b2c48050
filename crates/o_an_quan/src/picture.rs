//! The picture of a board, drawn by `Display` as the board lies on the ground.

use core::fmt;

use crate::board::Board;
use crate::player::Player;
use crate::square::Square;

/// Writes `width`-wide cells: `[ 5]` for a small square, `(Q 3)` for a quan square.
struct Cells<'a> {
    board: &'a Board,
    width: usize,
}

impl Cells<'_> {
    fn small(&self, f: &mut fmt::Formatter<'_>, i: usize) -> fmt::Result {
        write!(f, "[{:>w$}]", self.board.counts[i], w = self.width)
    }

    fn quan(&self, f: &mut fmt::Formatter<'_>, i: usize) -> fmt::Result {
        let mark = if self.board.quan >> i & 1 == 1 {
            'Q'
        } else {
            ' '
        };
        let c = self.board.counts[i];
        if c > 0 {
            write!(f, "({mark}{c:>w$})", w = self.width)
        } else {
            write!(f, "({mark}{:>w$})", "", w = self.width)
        }
    }

    /// Blank space as wide as a quan cell.
    fn quan_gap(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:w$}", "", w = self.width + 3)
    }

    fn label(&self, f: &mut fmt::Formatter<'_>, s: Square) -> fmt::Result {
        let mut buf = [0u8; 4];
        let text = square_text(s, &mut buf);
        write!(f, "{text:>w$}", w = self.width + 2)
    }
}

fn square_text(s: Square, buf: &mut [u8; 4]) -> &str {
    let mut n = 0;
    if s.is_quan() {
        buf[0] = b'Q';
        n = 1;
    }
    buf[n] = b'A' + s.side;
    n += 1;
    if s.pos >= 10 {
        buf[n] = b'0' + s.pos / 10;
        n += 1;
    }
    if s.pos > 0 {
        buf[n] = b'0' + s.pos % 10;
        n += 1;
    }
    core::str::from_utf8(&buf[..n]).unwrap_or("?")
}

impl Board {
    /// Width of the widest count, at least 2, for the pictures.
    fn cell_width(&self) -> usize {
        let max = self.counts[..self.len()].iter().copied().max().unwrap_or(0);
        let mut w = 1;
        let mut m = max / 10;
        while m > 0 {
            w += 1;
            m /= 10;
        }
        w.max(2)
    }
}

impl fmt::Display for Board {
    /// The board as it lies on the ground. Two players: B's row on top (read from
    /// B's side, so B1 is on the right), A's row below, `QA` on the left and `QB` on
    /// the right. Four players: a square with A at the bottom, B on the right, C on
    /// top and D on the left. Three players: the triangle's sides in ring order.
    /// Quan squares show `Q` while they hold their quan, then their stones.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cells = Cells {
            board: self,
            width: self.cell_width(),
        };
        let row = self.row as usize;
        let stride = row + 1;
        let a = |n: usize| n; // index of A's square n (quan at 0)
        match self.players {
            2 => {
                let b = |n: usize| stride + n;
                cells.quan_gap(f)?;
                for n in (1..=row).rev() {
                    cells.label(f, self.square(b(n)))?;
                }
                writeln!(f)?;
                cells.quan_gap(f)?;
                for n in (1..=row).rev() {
                    cells.small(f, b(n))?;
                }
                writeln!(f)?;
                cells.quan(f, a(0))?;
                write!(f, "{:w$}", "", w = row * (cells.width + 2))?;
                cells.quan(f, b(0))?;
                writeln!(f)?;
                cells.quan_gap(f)?;
                for n in 1..=row {
                    cells.small(f, a(n))?;
                }
                writeln!(f)?;
                cells.quan_gap(f)?;
                for n in 1..=row {
                    cells.label(f, self.square(a(n)))?;
                }
                writeln!(f)
            }
            4 => {
                let side = |p: usize, n: usize| p * stride + n;
                let margin = 4; // room for a side label such as "D12 "
                let pad = |f: &mut fmt::Formatter<'_>| write!(f, "{:margin$}", "");
                pad(f)?;
                cells.quan_gap(f)?;
                for n in (1..=row).rev() {
                    cells.label(f, self.square(side(2, n)))?;
                }
                writeln!(f)?;
                pad(f)?;
                cells.quan(f, side(3, 0))?;
                for n in (1..=row).rev() {
                    cells.small(f, side(2, n))?;
                }
                cells.quan(f, side(2, 0))?;
                writeln!(f)?;
                for k in 1..=row {
                    // D runs down the left side from D1; B up the right side to B1.
                    let d = side(3, k);
                    let b = side(1, row + 1 - k);
                    let mut buf = [0u8; 4];
                    write!(f, "{:<margin$}", square_text(self.square(d), &mut buf))?;
                    write!(f, " ")?;
                    cells.small(f, d)?;
                    write!(f, "{:w$}", "", w = row * (cells.width + 2))?;
                    cells.small(f, b)?;
                    write!(f, "  {}", square_text(self.square(b), &mut buf))?;
                    writeln!(f)?;
                }
                pad(f)?;
                cells.quan(f, a(0))?;
                for n in 1..=row {
                    cells.small(f, a(n))?;
                }
                cells.quan(f, side(1, 0))?;
                writeln!(f)?;
                pad(f)?;
                cells.quan_gap(f)?;
                for n in 1..=row {
                    cells.label(f, self.square(a(n)))?;
                }
                writeln!(f)
            }
            _ => {
                for p in Player::all(self.players()) {
                    let q = p.index() * stride;
                    write!(f, "{:>4} ", square_text(self.square(q), &mut [0u8; 4]))?;
                    cells.quan(f, q)?;
                    for n in 1..=row {
                        cells.small(f, q + n)?;
                    }
                    writeln!(f, "  {p}1..{p}{row} ->")?;
                }
                Ok(())
            }
        }
    }
}
