//! The legal moves of the side to move (rulings T4–T6, T9), as bit sets: every
//! move, va-bank declarations included, without listing them in memory.

use crate::board::{Bits, Cell, Shape};
use crate::moves::{Group, Move};
use crate::vabank::{self, VaBankGroups};

/// Where a scarecrow may go (T5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum ScarecrowCells {
    /// Nowhere: none left, or the side's first move, or the stake decision.
    None,
    /// Where an ordinary stone may go (the option "scarecrows obey T4").
    Stones,
    /// Any cell without a stone of the side's color (the default).
    Free,
}

/// The legal moves of the side to move: exactly the moves [`Game::check`]
/// accepts, va-bank declarations included.
///
/// **Why not an `ArrayVec` of moves, as the other crates of the workspace have.**
/// A va-bank declaration (ruling T6) is any 8-connected group of 1 to 4 cells
/// without a stone of the side's color: thousands of moves on the 9×9 board (6,706
/// once each side has one stone), tens of thousands on larger ones (78,565 on
/// 26×26). So the list keeps the
/// bit sets it is made of (the cells for an ordinary stone, the cells without one's
/// color) and produces the moves from them: making one costs a few word operations
/// and no allocation, [`MoveList::len`] counts the va-bank groups exactly
/// (Redelmeier's enumeration), [`MoveList::iter`] lists every move, and
/// [`MoveList::get`] finds the `k`-th without listing the ones before it group by
/// group. It is `Copy` and holds nothing but public information.
///
/// Order: the ordinary stones (or, in the stake decision, the stake moves and then
/// `decline`) in cell order, then the scarecrows in cell order, then the va-bank
/// groups (see [`VaBankGroups`]).
///
/// [`Game::check`]: crate::Game::check
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MoveList {
    pub(crate) shape: Shape,
    /// Cells for an ordinary stone, or for the stake move.
    pub(crate) stones: Bits,
    /// Cells without a stone of the side's color (va-bank, free scarecrows).
    pub(crate) free: Bits,
    pub(crate) scarecrows: ScarecrowCells,
    pub(crate) va_bank: bool,
    pub(crate) stake: bool,
    pub(crate) decline: bool,
}

impl MoveList {
    /// A list with no move.
    pub(crate) fn empty(shape: Shape) -> MoveList {
        MoveList {
            shape,
            stones: Bits::EMPTY,
            free: Bits::EMPTY,
            scarecrows: ScarecrowCells::None,
            va_bank: false,
            stake: false,
            decline: false,
        }
    }

    fn words(&self) -> usize {
        self.shape.words as usize
    }

    fn scarecrow_bits(&self) -> &Bits {
        match self.scarecrows {
            ScarecrowCells::None => &Bits::EMPTY,
            ScarecrowCells::Stones => &self.stones,
            ScarecrowCells::Free => &self.free,
        }
    }

    fn cells<'a>(&'a self, bits: &'a Bits) -> impl Iterator<Item = Cell> + 'a {
        bits.iter(self.words()).map(|i| self.shape.cell(i))
    }

    /// Whether this is the winner's stake decision (T9): then the moves are the
    /// stake moves and, when the stake is optional, `decline`.
    pub fn is_stake(&self) -> bool {
        self.stake
    }

    /// Whether va-bank may be declared (T6: on any turn after the side's first,
    /// outside the stake decision).
    pub fn va_bank_open(&self) -> bool {
        self.va_bank
    }

    /// The cells where an ordinary stone (or, in the stake decision, the extra
    /// stone) may go, in cell order.
    pub fn stones(&self) -> impl Iterator<Item = Cell> + '_ {
        self.cells(&self.stones)
    }

    /// The cells where a scarecrow may go, in cell order.
    pub fn scarecrows(&self) -> impl Iterator<Item = Cell> + '_ {
        self.cells(self.scarecrow_bits())
    }

    /// Every va-bank group that may be declared, in the list's order (none when
    /// va-bank is not open).
    pub fn va_bank_groups(&self) -> VaBankGroups {
        let allowed = if self.va_bank { self.free } else { Bits::EMPTY };
        VaBankGroups::new(self.shape, allowed, None)
    }

    /// Whether a va-bank group may hold `cell`: va-bank is open and the cell has
    /// no stone of the side's colour (T6). A group is in the list exactly when
    /// it is 8-connected, of 1 to 4 cells, and every one of its cells is allowed
    /// here: a program that keeps every group of the board can list the
    /// declarations by this test, cell by cell, without enumerating them.
    ///
    /// ```
    /// use trap_stones::{Game, Move, Rules, Setup};
    /// # use trap_stones::{Draws, Traps, Side, Color};
    /// let rules = Rules::default();
    /// let draws = Draws { first: Side::One, axis: Color::Dark, side: Color::Light };
    /// let traps = [Traps::new(&["c7".parse()?])?, Traps::new(&["e3".parse()?])?];
    /// let mut game = Game::new(rules, Setup::new(draws, traps))?;
    /// // Before a side's second turn va-bank is not open.
    /// assert!(!game.legal_moves().va_bank_allows("e5".parse()?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn va_bank_allows(&self, cell: Cell) -> bool {
        self.va_bank && self.shape.contains(cell) && self.free.get(self.shape.index(cell))
    }

    /// How many va-bank groups may be declared: counted exactly (Redelmeier's
    /// enumeration), not listed.
    pub fn va_bank_count(&self) -> usize {
        if self.va_bank {
            vabank::count(&self.shape, &self.free) as usize
        } else {
            0
        }
    }

    /// The moves other than va-bank: ordinary stones (or stake moves and
    /// `decline`), then scarecrows.
    pub(crate) fn placed_len(&self) -> u32 {
        let w = self.words();
        self.stones.count(w) + u32::from(self.decline) + self.scarecrow_bits().count(w)
    }

    /// How many moves the list holds, va-bank declarations included.
    pub fn len(&self) -> usize {
        self.placed_len() as usize + self.va_bank_count()
    }

    /// Whether there is no legal move (the game is over).
    pub fn is_empty(&self) -> bool {
        let w = self.words();
        let no_va_bank = !self.va_bank || self.free.is_empty(w);
        self.stones.is_empty(w) && !self.decline && self.scarecrow_bits().is_empty(w) && no_va_bank
    }

    /// Every move, in the list's order.
    pub fn iter(&self) -> MoveIter {
        MoveIter {
            list: *self,
            phase: Phase::Stones,
            word: 0,
            bits: self.stones.0[0],
            groups: self.va_bank_groups(),
        }
    }

    /// The move at index `k` of the list (as `iter().nth(k)`), found without
    /// listing the va-bank groups of other roots; `None` past the end.
    pub fn get(&self, k: usize) -> Option<Move> {
        let w = self.words();
        let n_stones = self.stones.count(w) as usize;
        if k < n_stones {
            let i = self.stones.nth_set(k as u32, w)?;
            let c = self.shape.cell(i);
            return Some(if self.stake {
                Move::Stake(c)
            } else {
                Move::Stone(c)
            });
        }
        let mut k = k - n_stones;
        if self.decline {
            if k == 0 {
                return Some(Move::Decline);
            }
            k -= 1;
        }
        let scarecrows = self.scarecrow_bits();
        let n_scarecrows = scarecrows.count(w) as usize;
        if k < n_scarecrows {
            let i = scarecrows.nth_set(k as u32, w)?;
            return Some(Move::Scarecrow(self.shape.cell(i)));
        }
        let k = u32::try_from(k - n_scarecrows).ok()?;
        if !self.va_bank {
            return None;
        }
        vabank::nth(&self.shape, &self.free, k).map(Move::VaBank)
    }

    /// Whether `mv` is in the list: the same answer as
    /// [`Game::is_legal`](crate::Game::is_legal) for the position it was made in.
    pub fn contains(&self, mv: Move) -> bool {
        let on = |bits: &Bits, c: Cell| self.shape.contains(c) && bits.get(self.shape.index(c));
        match mv {
            Move::Stone(c) => !self.stake && on(&self.stones, c),
            Move::Stake(c) => self.stake && on(&self.stones, c),
            Move::Decline => self.decline,
            Move::Scarecrow(c) => on(self.scarecrow_bits(), c),
            Move::VaBank(g) => {
                self.va_bank
                    && g.cells().iter().all(|&c| on(&self.free, c))
                    && connected_and_distinct(&g)
            }
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Stones,
    Decline,
    Scarecrows,
    VaBank,
}

/// The moves of a [`MoveList`], in its order.
#[derive(Clone, Debug)]
pub struct MoveIter {
    list: MoveList,
    phase: Phase,
    /// The word of the current bit set being read, and its bits left.
    word: usize,
    bits: u64,
    groups: VaBankGroups,
}

impl MoveIter {
    /// The next cell of the bit set being read.
    fn next_cell(&mut self) -> Option<Cell> {
        let words = self.list.words();
        loop {
            if self.bits != 0 {
                let i = self.word * 64 + self.bits.trailing_zeros() as usize;
                self.bits &= self.bits - 1;
                return Some(self.list.shape.cell(i));
            }
            self.word += 1;
            if self.word >= words {
                return None;
            }
            self.bits = match self.phase {
                Phase::Stones => self.list.stones.0[self.word],
                _ => self.list.scarecrow_bits().0[self.word],
            };
        }
    }
}

impl Iterator for MoveIter {
    type Item = Move;
    fn next(&mut self) -> Option<Move> {
        loop {
            match self.phase {
                Phase::Stones => match self.next_cell() {
                    Some(c) if self.list.stake => return Some(Move::Stake(c)),
                    Some(c) => return Some(Move::Stone(c)),
                    None => self.phase = Phase::Decline,
                },
                Phase::Decline => {
                    self.phase = Phase::Scarecrows;
                    self.word = 0;
                    self.bits = self.list.scarecrow_bits().0[0];
                    if self.list.decline {
                        return Some(Move::Decline);
                    }
                }
                Phase::Scarecrows => match self.next_cell() {
                    Some(c) => return Some(Move::Scarecrow(c)),
                    None => self.phase = Phase::VaBank,
                },
                Phase::VaBank => return self.groups.next().map(Move::VaBank),
            }
        }
    }
}

impl core::iter::FusedIterator for MoveIter {}

impl IntoIterator for &MoveList {
    type Item = Move;
    type IntoIter = MoveIter;
    fn into_iter(self) -> MoveIter {
        self.iter()
    }
}

impl IntoIterator for MoveList {
    type Item = Move;
    type IntoIter = MoveIter;
    fn into_iter(self) -> MoveIter {
        self.iter()
    }
}

/// Whether a va-bank group's cells are distinct and 8-connected (T6).
pub(crate) fn connected_and_distinct(group: &Group) -> bool {
    let cells = group.cells();
    // The cells are sorted: equal ones are neighbours in the list.
    if cells.windows(2).any(|p| p[0] == p[1]) {
        return false;
    }
    let touch = |a: Cell, b: Cell| a.col().abs_diff(b.col()) <= 1 && a.row().abs_diff(b.row()) <= 1;
    let mut reached = 1u8;
    let mut changed = true;
    while changed {
        changed = false;
        for (k, &c) in cells.iter().enumerate() {
            if reached >> k & 1 == 0
                && cells
                    .iter()
                    .enumerate()
                    .any(|(j, &d)| reached >> j & 1 == 1 && touch(c, d))
            {
                reached |= 1 << k;
                changed = true;
            }
        }
    }
    reached.count_ones() as usize == cells.len()
}
