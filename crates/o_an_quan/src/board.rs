//! The ring of squares (ruling Q1): players (seats), square names, stone counts and
//! quan, with the ring notation and the picture drawn by `Display`.

use core::fmt;
use core::str::FromStr;

use crate::error::{ParseError, PositionError, RingProblem};
use crate::rules::{MAX_PLAYERS, MAX_ROW, MAX_SQUARES, MAX_STONES, Rules};

/// A player, by seat round the ring: `A` moves first in a fresh game, then `B`, `C`,
/// `D` in the ring's direction (ruling Q8). Prints and parses as a letter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "char", into = "char"))]
pub struct Player(u8);

impl Player {
    /// Seat A.
    pub const A: Player = Player(0);
    /// Seat B.
    pub const B: Player = Player(1);
    /// Seat C.
    pub const C: Player = Player(2);
    /// Seat D.
    pub const D: Player = Player(3);

    /// The player at seat `index` (0 = A), if there can be one.
    pub const fn new(index: usize) -> Option<Player> {
        if index < MAX_PLAYERS {
            Some(Player(index as u8))
        } else {
            None
        }
    }

    /// The seat number, 0 for A.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The next player in turn order among `players` (ruling Q8).
    pub const fn next(self, players: usize) -> Player {
        let n = self.0 as usize + 1;
        Player(if n >= players { 0 } else { n as u8 })
    }

    /// The seat letter.
    pub const fn letter(self) -> char {
        (b'A' + self.0) as char
    }
}

impl TryFrom<char> for Player {
    type Error = ParseError;
    /// The seat letter, either case.
    fn try_from(c: char) -> Result<Player, ParseError> {
        match c.to_ascii_uppercase() {
            c @ 'A'..='D' => Ok(Player(c as u8 - b'A')),
            _ => Err(ParseError::Player),
        }
    }
}

impl From<Player> for char {
    fn from(p: Player) -> char {
        p.letter()
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl FromStr for Player {
    type Err = ParseError;
    /// `A`..`D`, either case.
    fn from_str(s: &str) -> Result<Player, ParseError> {
        match s.as_bytes() {
            [c] => match c.to_ascii_uppercase() {
                c @ b'A'..=b'D' => Ok(Player(c - b'A')),
                _ => Err(ParseError::Player),
            },
            _ => Err(ParseError::Player),
        }
    }
}

/// A square of the ring, named by the row it belongs to: `A1`..`A5` are seat A's
/// small squares counted from A's left; `QA` is the quan square at the left end of
/// A's row (the right end of the previous row). Going round the ring in ring order
/// — `QA A1 … A5 QB B1 … B5 …` — is going to each player's right, which is
/// counter-clockwise seen from above.
///
/// ```
/// use o_an_quan::{Player, Square};
/// let s: Square = "b3".parse()?;
/// assert_eq!(s, Square::small(Player::B, 3));
/// assert_eq!(s.to_string(), "B3");
/// assert_eq!("QA".parse::<Square>()?, Square::quan(Player::A));
/// # Ok::<(), o_an_quan::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "SquareName", into = "SquareName"))]
pub struct Square {
    side: u8,
    pos: u8,
}

impl Square {
    /// The quan square at the left end of `side`'s row.
    pub const fn quan(side: Player) -> Square {
        Square {
            side: side.0,
            pos: 0,
        }
    }

    /// Small square `n` (1-based, from the left of the player sitting at it) of
    /// `side`'s row. Whether it exists depends on the rules' row length.
    pub const fn small(side: Player, n: u8) -> Square {
        Square {
            side: side.0,
            pos: n,
        }
    }

    /// The row (or, for a quan square, the row it starts).
    pub const fn side(self) -> Player {
        Player(self.side)
    }

    /// The position in the row, 1-based; `None` for a quan square.
    pub const fn number(self) -> Option<u8> {
        if self.pos == 0 { None } else { Some(self.pos) }
    }

    /// Whether this is a quan square.
    pub const fn is_quan(self) -> bool {
        self.pos == 0
    }

    /// The square at ring index `i` of a ring with rows of `row`.
    /// (A table lookup: a division here was a measurable part of a playout move.)
    /// Out-of-range arguments give some square (masked, not checked: the table is
    /// sized in powers of two).
    pub(crate) const fn at_index(i: usize, row: u8) -> Square {
        Square::names(row)[i & (LANES - 1)]
    }

    /// The squares of a ring with rows of `row`, by ring index.
    pub(crate) const fn names(row: u8) -> &'static [Square; LANES] {
        &SQUARES[row as usize & (SQUARE_ROWS - 1)]
    }
}

/// Rows of [`SQUARES`]: a power of two above [`MAX_ROW`].
const SQUARE_ROWS: usize = (MAX_ROW + 1).next_power_of_two();

/// `SQUARES[row][i]`: the square at ring index `i` of a ring with rows of `row`.
static SQUARES: [[Square; LANES]; SQUARE_ROWS] = {
    let mut table = [[Square { side: 0, pos: 0 }; LANES]; SQUARE_ROWS];
    let mut row = 1;
    while row < SQUARE_ROWS {
        let mut i = 0;
        while i < LANES {
            let stride = row + 1;
            table[row][i] = Square {
                side: (i / stride) as u8,
                pos: (i % stride) as u8,
            };
            i += 1;
        }
        row += 1;
    }
    table
};

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.pos == 0 {
            write!(f, "Q{}", Player(self.side))
        } else {
            write!(f, "{}{}", Player(self.side), self.pos)
        }
    }
}

impl FromStr for Square {
    type Err = ParseError;
    /// `A1`…`D12` or `QA`…`QD`, either case.
    fn from_str(s: &str) -> Result<Square, ParseError> {
        let b = s.as_bytes();
        match b {
            [q, side] if q.eq_ignore_ascii_case(&b'Q') => Ok(Square {
                side: seat(*side)?,
                pos: 0,
            }),
            [side, digits @ ..] if !digits.is_empty() && digits.len() <= 2 => {
                let side = seat(*side)?;
                let mut n = 0u8;
                for d in digits {
                    if !d.is_ascii_digit() {
                        return Err(ParseError::Square);
                    }
                    n = n * 10 + (d - b'0');
                }
                if n == 0 || n as usize > MAX_ROW {
                    return Err(ParseError::Square);
                }
                Ok(Square { side, pos: n })
            }
            _ => Err(ParseError::Square),
        }
    }
}

fn seat(c: u8) -> Result<u8, ParseError> {
    match c.to_ascii_uppercase() {
        c @ b'A'..=b'D' => Ok(c - b'A'),
        _ => Err(ParseError::Square),
    }
}

/// A square's name, its serialised form.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
struct SquareName(alloc::string::String);

#[cfg(feature = "serde")]
impl TryFrom<SquareName> for Square {
    type Error = ParseError;
    fn try_from(s: SquareName) -> Result<Square, ParseError> {
        s.0.parse()
    }
}

#[cfg(feature = "serde")]
impl From<Square> for SquareName {
    fn from(s: Square) -> SquareName {
        SquareName(alloc::string::ToString::to_string(&s))
    }
}

/// Entries of the counts array: the power of two above [`MAX_SQUARES`], so that a
/// masked ring index needs no bounds check.
pub(crate) const LANES: usize = MAX_SQUARES.next_power_of_two();

/// The ring: how many stones lie in each square and which quan squares still hold
/// their quan. Square names are as in [`Square`]; inside the crate squares are ring
/// indices `0..len`, index `side × (row + 1) + position`.
///
/// `Display` draws the board as it lies on the ground (the two rows facing each
/// other with the quan squares at the ends; four players as a square; three as the
/// triangle's sides in ring order). [`Board::ring`] and `FromStr` use the ring
/// notation: squares in ring order from `QA`, quan squares in parentheses (`(Q)` a
/// quan alone, `(Q3)` a quan and 3 stones, `(3)` stones only, `()` empty), small
/// squares as numbers:
///
/// ```
/// use o_an_quan::{Board, Player, Rules, Square};
/// let board = Board::new(&Rules::default());
/// assert_eq!(board.ring().to_string(), "(Q) 5 5 5 5 5 (Q) 5 5 5 5 5");
/// let b: Board = "(Q) 1 0 3 0 0 () 0 0 0 0 2".parse()?;
/// assert_eq!(b.stones(Square::small(Player::A, 3)), 3);
/// assert!(!b.has_quan(Square::quan(Player::B)));
/// print!("{b}");
/// # Ok::<(), o_an_quan::ParseError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    pub(crate) players: u8,
    pub(crate) row: u8,
    pub(crate) len: u8,
    /// Stones per ring square; entries from `len` up are always zero.
    pub(crate) counts: [u16; LANES],
    /// Ring bits of the quan squares still holding their quan.
    pub(crate) quan: u64,
    /// Ring bits of all quan squares (fixed by the geometry).
    pub(crate) quan_squares: u64,
}

impl Board {
    /// The starting board of `rules` (ruling Q1): every small square with the
    /// starting stones, every quan square with its quan. The rules should be valid
    /// ([`Rules::validate`]); out-of-range sizes are clamped.
    pub fn new(rules: &Rules) -> Board {
        let mut b = Board::empty(rules.players(), rules.row_len());
        for i in 0..b.len() {
            if b.quan_squares >> i & 1 == 0 {
                b.counts[i] = rules.start_stones() as u16;
            }
        }
        b.quan = b.quan_squares;
        b
    }

    /// An empty ring for `players` players with rows of `row` (clamped to 2..=4 and
    /// 1..=12): no stones, no quan.
    pub fn empty(players: usize, row: usize) -> Board {
        let players = players.clamp(2, MAX_PLAYERS);
        let row = row.clamp(1, MAX_ROW);
        let len = players * (row + 1);
        let mut quan_squares = 0u64;
        for p in 0..players {
            quan_squares |= 1 << (p * (row + 1));
        }
        Board {
            players: players as u8,
            row: row as u8,
            len: len as u8,
            counts: [0; LANES],
            quan: 0,
            quan_squares,
        }
    }

    /// Players round the ring.
    pub fn players(&self) -> usize {
        self.players as usize
    }

    /// Small squares per row.
    pub fn row_len(&self) -> usize {
        self.row as usize
    }

    /// Squares in the ring.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Always false: a ring has at least four squares. (Here for `len`'s sake.)
    pub fn is_empty(&self) -> bool {
        false
    }

    /// Whether `square` is on this ring.
    pub fn contains(&self, square: Square) -> bool {
        self.index(square).is_some()
    }

    /// Small stones lying in `square` (0 for a square not on this ring).
    pub fn stones(&self, square: Square) -> u16 {
        self.index(square).map_or(0, |i| self.counts[i])
    }

    /// Whether `square` is a quan square still holding its quan.
    pub fn has_quan(&self, square: Square) -> bool {
        self.index(square).is_some_and(|i| self.quan >> i & 1 == 1)
    }

    /// All squares in ring order, from `QA`.
    pub fn squares(&self) -> impl ExactSizeIterator<Item = Square> + '_ {
        (0..self.len()).map(|i| self.square(i))
    }

    /// The small squares of `side`'s row, from its left.
    pub fn row(&self, side: Player) -> impl ExactSizeIterator<Item = Square> + use<> {
        (1..=self.row).map(move |n| Square::small(side, n))
    }

    /// Small stones on the whole ring, quan squares included.
    pub fn small_stones(&self) -> u32 {
        self.counts[..self.len()]
            .iter()
            .map(|&c| u32::from(c))
            .sum()
    }

    /// Quan still on the ring.
    pub fn quan_count(&self) -> usize {
        self.quan.count_ones() as usize
    }

    /// Puts `stones` small stones in `square`.
    ///
    /// # Errors
    /// [`PositionError::NoSuchSquare`] off this ring; [`PositionError::TooManyStones`]
    /// if the ring would hold more than [`MAX_STONES`].
    pub fn set_stones(&mut self, square: Square, stones: u16) -> Result<(), PositionError> {
        let i = self
            .index(square)
            .ok_or(PositionError::NoSuchSquare(square))?;
        let total = self.small_stones() - u32::from(self.counts[i]) + u32::from(stones);
        if total > MAX_STONES {
            return Err(PositionError::TooManyStones(total));
        }
        self.counts[i] = stones;
        Ok(())
    }

    /// Puts a quan in quan square `square`, or takes it away.
    ///
    /// # Errors
    /// [`PositionError::NoSuchSquare`] off this ring; [`PositionError::NotAQuanSquare`]
    /// for a small square.
    pub fn set_quan(&mut self, square: Square, quan: bool) -> Result<(), PositionError> {
        let i = self
            .index(square)
            .ok_or(PositionError::NoSuchSquare(square))?;
        if !square.is_quan() {
            return Err(PositionError::NotAQuanSquare(square));
        }
        if quan {
            self.quan |= 1 << i;
        } else {
            self.quan &= !(1 << i);
        }
        Ok(())
    }

    /// The board in ring notation (see [`Board`]).
    pub fn ring(&self) -> Ring<'_> {
        Ring(self)
    }

    /// The ring index of `square`, if it is on this ring.
    pub(crate) fn index(&self, square: Square) -> Option<usize> {
        if square.side < self.players && square.pos <= self.row {
            Some(square.side as usize * (self.row as usize + 1) + square.pos as usize)
        } else {
            None
        }
    }

    /// The ring bits of the squares holding stones.
    pub(crate) fn filled(&self) -> u64 {
        (0..self.len()).fold(0, |bits, i| bits | u64::from(self.counts[i] > 0) << i)
    }

    /// The square at ring index `i` (`i < len`).
    #[inline]
    pub(crate) fn square(&self, i: usize) -> Square {
        Square::at_index(i, self.row)
    }

    pub(crate) fn is_quan_square(&self, i: usize) -> bool {
        self.quan_squares >> i & 1 == 1
    }

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

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({})", self.ring())
    }
}

/// The ring notation of a board, from [`Board::ring`].
#[derive(Clone, Copy, Debug)]
pub struct Ring<'a>(&'a Board);

impl fmt::Display for Ring<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let b = self.0;
        for i in 0..b.len() {
            if i > 0 {
                f.write_str(" ")?;
            }
            if b.is_quan_square(i) {
                f.write_str("(")?;
                if b.quan >> i & 1 == 1 {
                    f.write_str("Q")?;
                }
                if b.counts[i] > 0 {
                    write!(f, "{}", b.counts[i])?;
                }
                f.write_str(")")?;
            } else {
                write!(f, "{}", b.counts[i])?;
            }
        }
        Ok(())
    }
}

impl FromStr for Board {
    type Err = ParseError;
    /// Reads the ring notation (see [`Board`]): 2 to 4 rows of equal length 1..=12,
    /// each after its quan square, the first token a quan square. Commas and `|` may
    /// separate tokens.
    fn from_str(s: &str) -> Result<Board, ParseError> {
        let err = |problem| Err(ParseError::Ring(problem));
        // First pass: the tokens, as (is_quan, has_quan, stones).
        let mut cells: [(bool, bool, u16); MAX_SQUARES] = [(false, false, 0); MAX_SQUARES];
        let mut n = 0;
        let bytes = s.as_bytes();
        let mut k = 0;
        while k < bytes.len() {
            let c = bytes[k];
            if c.is_ascii_whitespace() || c == b',' || c == b'|' {
                k += 1;
                continue;
            }
            if n == MAX_SQUARES {
                return err(RingProblem::Shape);
            }
            if c == b'(' {
                let close = match bytes[k..].iter().position(|&b| b == b')') {
                    Some(p) => k + p,
                    None => return err(RingProblem::Unclosed),
                };
                let inner = s[k + 1..close].trim();
                let (quan, digits) = match inner.strip_prefix(['Q', 'q']) {
                    Some(rest) => (true, rest.trim()),
                    None => (false, inner),
                };
                let stones = if digits.is_empty() {
                    0
                } else {
                    parse_count(digits)?
                };
                cells[n] = (true, quan, stones);
                k = close + 1;
            } else if c.is_ascii_digit() {
                let end = bytes[k..]
                    .iter()
                    .position(|b| !b.is_ascii_digit())
                    .map_or(bytes.len(), |p| k + p);
                cells[n] = (false, false, parse_count(&s[k..end])?);
                k = end;
            } else {
                return err(RingProblem::Character(s[k..].chars().next().unwrap_or('?')));
            }
            n += 1;
        }
        let quans = cells[..n].iter().filter(|c| c.0).count();
        if n == 0 || !cells[0].0 || !(2..=MAX_PLAYERS).contains(&quans) || n % quans != 0 {
            return err(RingProblem::Shape);
        }
        let row = n / quans - 1;
        if row == 0 || row > MAX_ROW {
            return err(RingProblem::Shape);
        }
        let mut board = Board::empty(quans, row);
        let mut total = 0u32;
        for (i, &(is_quan, quan, stones)) in cells[..n].iter().enumerate() {
            if is_quan != board.is_quan_square(i) {
                return err(RingProblem::Shape);
            }
            if quan {
                board.quan |= 1 << i;
            }
            board.counts[i] = stones;
            total += u32::from(stones);
        }
        if total > MAX_STONES {
            return err(RingProblem::TooManyStones);
        }
        Ok(board)
    }
}

fn parse_count(digits: &str) -> Result<u16, ParseError> {
    match digits.parse::<u32>() {
        Ok(v) if v <= MAX_STONES => Ok(v as u16),
        Ok(_) => Err(ParseError::Ring(RingProblem::TooManyStones)),
        Err(_) => Err(ParseError::Ring(RingProblem::Count)),
    }
}

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
                for p in 0..self.players as usize {
                    let q = p * stride;
                    write!(f, "{:>4} ", square_text(self.square(q), &mut [0u8; 4]))?;
                    cells.quan(f, q)?;
                    for n in 1..=row {
                        cells.small(f, q + n)?;
                    }
                    writeln!(f, "  {}1..{}{} ->", Player(p as u8), Player(p as u8), row)?;
                }
                Ok(())
            }
        }
    }
}
