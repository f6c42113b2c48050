//! The ring of squares (ruling Q1): stone counts and quan, square by square.

use core::fmt;

use crate::error::SetupError;
use crate::player::Player;
use crate::ring::Ring;
use crate::rules::{MAX_PLAYERS, MAX_ROW, MAX_SQUARES, MAX_STONES, Rules};
use crate::square::Square;

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
///
/// With the `serde` feature a board is stored as its ring notation.
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
    /// [`SetupError::NoSuchSquare`] off this ring; [`SetupError::TooManyStones`]
    /// if the ring would hold more than [`MAX_STONES`].
    pub fn set_stones(&mut self, square: Square, stones: u16) -> Result<(), SetupError> {
        let i = self.index(square).ok_or(SetupError::NoSuchSquare(square))?;
        let total = self.small_stones() - u32::from(self.counts[i]) + u32::from(stones);
        if total > MAX_STONES {
            return Err(SetupError::TooManyStones(total));
        }
        self.counts[i] = stones;
        Ok(())
    }

    /// Puts a quan in quan square `square`, or takes it away.
    ///
    /// # Errors
    /// [`SetupError::NoSuchSquare`] off this ring; [`SetupError::NotAQuanSquare`]
    /// for a small square.
    pub fn set_quan(&mut self, square: Square, quan: bool) -> Result<(), SetupError> {
        let i = self.index(square).ok_or(SetupError::NoSuchSquare(square))?;
        if !square.is_quan() {
            return Err(SetupError::NotAQuanSquare(square));
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

    /// The ring bits of seat `p`'s row of small squares.
    pub(crate) fn row_mask(&self, p: usize) -> u64 {
        ((1u64 << self.row) - 1) << (p * (usize::from(self.row) + 1) + 1)
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
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({})", self.ring())
    }
}
