//! Text diagrams of a board, both ways: reading one ([`Board::from_diagram`]) and
//! drawing one (`Display`).

use alloc::vec::Vec;
use core::fmt;

use super::{Board, stone};
use crate::error::{DiagramProblem, ParseError};
use crate::player::Color;
use crate::point::{MAX_SIDE, Point};

impl Board {
    /// A board from a text diagram, top row first: `.` `+` `,` for empty points,
    /// `X` `x` `#` `@` for Black, `O` `o` for White; spaces are ignored, blank lines
    /// skipped.
    ///
    /// # Errors
    /// [`ParseError::Diagram`] for an unknown character, ragged lines or a size
    /// outside 1..=25. A chain without liberties is not an error here (a diagram can
    /// show any arrangement); [`Game::new`](crate::Game::new) refuses it.
    pub fn from_diagram(text: &str) -> Result<Board, ParseError> {
        let rows = parse_diagram(text)?;
        let height = rows.len();
        let width = rows.first().map_or(0, Vec::len);
        let mut board = Board::new(width as u8, height as u8).map_err(|_| ParseError::Diagram {
            line: 1,
            problem: DiagramProblem::Size,
        })?;
        for (r, line) in rows.iter().enumerate() {
            for (col, &cell) in line.iter().enumerate() {
                if let Some(c) = cell {
                    let p = Point::new(col as u8, (height - 1 - r) as u8)
                        .unwrap_or_else(|| unreachable!());
                    let i = board.index(p);
                    board.place(i, stone(c));
                }
            }
        }
        Ok(board)
    }
}

/// A diagram's rows, top first, each a list of optional stones.
fn parse_diagram(text: &str) -> Result<Vec<Vec<Option<Color>>>, ParseError> {
    let mut rows: Vec<Vec<Option<Color>>> = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let n = rows.len() + 1;
        let mut row = Vec::new();
        for ch in line.chars().filter(|c| !c.is_whitespace()) {
            row.push(match ch {
                '.' | '+' | ',' => None,
                'X' | 'x' | '#' | '@' => Some(Color::Black),
                'O' | 'o' => Some(Color::White),
                other => {
                    return Err(ParseError::Diagram {
                        line: n,
                        problem: DiagramProblem::Character(other),
                    });
                }
            });
        }
        if let Some(first) = rows.first()
            && first.len() != row.len()
        {
            return Err(ParseError::Diagram {
                line: n,
                problem: DiagramProblem::Width {
                    expected: first.len(),
                    found: row.len(),
                },
            });
        }
        if row.len() > MAX_SIDE as usize || rows.len() >= MAX_SIDE as usize {
            return Err(ParseError::Diagram {
                line: n,
                problem: DiagramProblem::Size,
            });
        }
        rows.push(row);
    }
    Ok(rows)
}

impl fmt::Display for Board {
    /// A diagram with GTP coordinates: `X` Black, `O` White, `.` empty, `+` star
    /// points on the standard sizes.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letters = |f: &mut fmt::Formatter<'_>| -> fmt::Result {
            f.write_str("   ")?;
            for c in 0..self.width {
                let p = Point::new(c, 0).unwrap_or_else(|| unreachable!());
                write!(f, " {}", p.column_letter())?;
            }
            f.write_str("\n")
        };
        letters(f)?;
        let stars = crate::handicap::star_points(self.width, self.height);
        for r in (0..self.height).rev() {
            write!(f, "{:>3}", r + 1)?;
            for c in 0..self.width {
                let p = Point::new(c, r).unwrap_or_else(|| unreachable!());
                let ch = match self.get(p) {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None if stars.contains(&p) => '+',
                    None => '.',
                };
                write!(f, " {ch}")?;
            }
            writeln!(f, " {}", r + 1)?;
        }
        letters(f)
    }
}
