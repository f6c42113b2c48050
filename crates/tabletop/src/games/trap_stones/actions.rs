//! Trap stones' moves as action ids, with `N` = width × height cells numbered
//! row by row from a1: `[0, N)` a trap on a cell, `[N, 2N)` an ordinary stone
//! (ruling T4), `[2N, 3N)` a scarecrow (T5), `[3N, 4N)` the winner's extra stone
//! when staking the win (T9), `4N` declining the stake, and from `4N + 1` every
//! va-bank group (T6) in increasing order of its cells.

use alloc::collections::BTreeSet;
use alloc::vec::Vec;

use trap_stones::{Cell, Group, Move, MoveList};

use super::Def;
use crate::action::{Action, ActionList};

/// No cell: pads the cell numbers of groups of fewer than four cells.
pub(super) const PAD: u16 = u16::MAX;

/// Words of a bit set over the cells of the largest board (26 × 26).
const CELL_WORDS: usize = (26 * 26usize).div_ceil(64);

impl Def {
    pub(super) fn cells(&self) -> u32 {
        u32::from(self.width) * u32::from(self.height)
    }

    pub(super) fn cell(&self, n: u32) -> Option<Cell> {
        if n >= self.cells() {
            return None;
        }
        let w = u32::from(self.width);
        Cell::new((n % w) as u8, (n / w) as u8)
    }

    pub(super) fn number(&self, c: Cell) -> u32 {
        u32::from(c.row()) * u32::from(self.width) + u32::from(c.col())
    }

    /// The action of a move of the game.
    pub(super) fn action(&self, mv: Move) -> Option<Action> {
        let n = self.cells();
        Some(match mv {
            Move::Stone(c) => n + self.number(c),
            Move::Scarecrow(c) => 2 * n + self.number(c),
            Move::Stake(c) => 3 * n + self.number(c),
            Move::Decline => 4 * n,
            Move::VaBank(g) => {
                let mut key = [PAD; 4];
                for (k, &c) in g.cells().iter().enumerate().take(4) {
                    key[k] = self.number(c) as u16;
                }
                key.sort_unstable();
                4 * n + 1 + self.groups.binary_search(&key).ok()? as u32
            }
        })
    }

    /// The actions of the moves in `list`, in increasing order, into `out`: the
    /// placed moves (stones or stake moves, `decline`, scarecrows) from the list,
    /// then the va-bank groups by a test of each precomputed group's cells
    /// ([`MoveList::va_bank_allows`]) — already in action order, and without
    /// enumerating the groups and searching each one's action (thousands of
    /// moves, listed at every new node of a search).
    pub(super) fn list_moves(&self, list: &MoveList, out: &mut ActionList) {
        let placed = out.len();
        for mv in list.iter() {
            if matches!(mv, Move::VaBank(_)) {
                break;
            }
            if let Some(a) = self.action(mv) {
                out.push(a);
            }
        }
        out[placed..].sort_unstable();
        if !list.va_bank_open() {
            return;
        }
        // One bit per cell number: whether a group may hold it.
        let mut allowed = [0u64; CELL_WORDS];
        for n in 0..self.cells() {
            if let Some(c) = self.cell(n)
                && list.va_bank_allows(c)
            {
                allowed[(n / 64) as usize] |= 1 << (n % 64);
            }
        }
        let holds = |k: u16| k == PAD || allowed[usize::from(k / 64)] >> (k % 64) & 1 == 1;
        let first = 4 * self.cells() + 1;
        for (i, key) in self.groups.iter().enumerate() {
            if key.iter().all(|&k| holds(k)) {
                out.push(first + i as u32);
            }
        }
    }

    /// The move of a play action (`None` for a trap action or out of range).
    pub(super) fn play_move(&self, action: Action) -> Option<Move> {
        let n = self.cells();
        let (kind, rest) = (action / n, action % n);
        Some(match kind {
            0 => return None,
            1 => Move::Stone(self.cell(rest)?),
            2 => Move::Scarecrow(self.cell(rest)?),
            3 => Move::Stake(self.cell(rest)?),
            _ if action == 4 * n => Move::Decline,
            _ => {
                let key = self.groups.get((action - 4 * n - 1) as usize)?;
                let mut cells = [Cell::new(0, 0)?; 4];
                let mut len = 0;
                for &k in key.iter().filter(|&&k| k != PAD) {
                    cells[len] = self.cell(u32::from(k))?;
                    len += 1;
                }
                Move::VaBank(Group::new(&cells[..len]).ok()?)
            }
        })
    }
}

/// Every 8-connected set of 1 to 4 cells of a `w` × `h` board, as sorted cell
/// numbers padded with `PAD`, in increasing order.
pub(super) fn all_groups(w: u16, h: u16) -> Vec<[u16; 4]> {
    let n = w * h;
    let neighbours = |c: u16| {
        let (x, y) = ((c % w) as i32, (c / w) as i32);
        let mut out = [PAD; 8];
        let mut k = 0;
        for dy in -1..=1 {
            for dx in -1..=1 {
                let (nx, ny) = (x + dx, y + dy);
                if (dx, dy) != (0, 0)
                    && nx >= 0
                    && ny >= 0
                    && nx < i32::from(w)
                    && ny < i32::from(h)
                {
                    out[k] = (ny * i32::from(w) + nx) as u16;
                    k += 1;
                }
            }
        }
        out
    };
    let mut all: BTreeSet<[u16; 4]> = BTreeSet::new();
    let mut frontier: Vec<[u16; 4]> = (0..n).map(|c| [c, PAD, PAD, PAD]).collect();
    all.extend(frontier.iter().copied());
    for size in 1..4 {
        let mut next = Vec::new();
        for g in &frontier {
            for &c in &g[..size] {
                for nb in neighbours(c).into_iter().filter(|&x| x != PAD) {
                    if g[..size].contains(&nb) {
                        continue;
                    }
                    let mut bigger = *g;
                    bigger[size] = nb;
                    bigger.sort_unstable();
                    if all.insert(bigger) {
                        next.push(bigger);
                    }
                }
            }
        }
        frontier = next;
    }
    all.into_iter().collect()
}
