//! Benson's algorithm: the chains of one colour that no sequence of opponent
//! moves can capture even if their owner always passes (*pass-alive*, or
//! unconditionally alive), and the regions they enclose in which the opponent
//! could never live (D. B. Benson, "Life in the game of Go", Information Sciences
//! 10, 1976; the pass-alive area of KataGo's rules).
//!
//! For a colour C: a *region* is a maximal connected set of points holding no C
//! stone (empty points and opponent stones). A region is *vital* to a C chain
//! when every empty point of the region is a liberty of that chain — and, when
//! the rules let a multi-stone chain take its own last liberty (suicide allowed),
//! every opponent stone of the region too, since the opponent can empty those
//! points itself (KataGo's rules make the same distinction). Start with
//! every C chain and every region; then repeat until nothing changes: drop each
//! chain with fewer than two vital regions among the regions left, and drop each
//! region that borders a dropped chain. The chains left are pass-alive, exactly
//! (Benson's theorem). The regions left that are vital to one of them are
//! pass-alive territory: every empty point there touches a pass-alive chain, so
//! the opponent can make no eye of its own there, and its stones there are dead.

use alloc::vec;
use alloc::vec::Vec;

use crate::board::{Board, EDGE, EMPTY, stone};
use crate::player::Color;
use crate::point::Point;
use crate::rules::Suicide;

/// The pass-alive chains of one colour and the territory they enclose
/// ([`Board::pass_alive`]).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct PassAlive {
    /// The stones of the pass-alive chains, in board order.
    pub stones: Vec<Point>,
    /// The points of the regions vital to a pass-alive chain (empty points and
    /// the opponent's stones, which are dead there), in board order.
    pub territory: Vec<Point>,
}

/// One region of points without a stone of the colour examined.
struct Region {
    /// Chain heads of the colour that border it.
    borders: Vec<usize>,
    /// Chain heads to which it is vital.
    vital_to: Vec<usize>,
    alive: bool,
}

impl Board {
    /// Benson's pass-alive chains of `color` and the territory they enclose, under
    /// the `suicide` rule (see `docs/go_core.md`). Exact: a chain listed can never
    /// be captured while its owner passes, and a chain not listed could be, by
    /// some sequence of opponent moves (Benson's theorem). Where suicide is
    /// allowed the opponent can remove its own stones, so an eye holding them
    /// counts only if those points too are the chain's neighbours.
    ///
    /// ```
    /// use go_core::{Board, Color, Suicide};
    /// // One eye: capturable once White fills the outside and then the eye.
    /// let board = Board::from_diagram("
    ///     . . . . .
    ///     . X X X .
    ///     . X . X .
    ///     . X X X .
    ///     . . . . .
    /// ")?;
    /// assert!(board.pass_alive(Color::Black, Suicide::Forbidden).stones.is_empty());
    /// // Two eyes: alive even if Black never plays again.
    /// let board = Board::from_diagram("
    ///     . . . . . . .
    ///     . X X X X X .
    ///     . X . X . X .
    ///     . X X X X X .
    ///     . . . . . . .
    /// ")?;
    /// let alive = board.pass_alive(Color::Black, Suicide::Forbidden);
    /// assert_eq!(alive.stones.len(), 13);
    /// assert_eq!(alive.territory, ["C3".parse()?, "E3".parse()?]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn pass_alive(&self, color: Color, suicide: Suicide) -> PassAlive {
        let code = stone(color);
        let n = self.cell_count();
        // The regions, and each cell's region.
        let mut region_of = vec![usize::MAX; n];
        let mut regions: Vec<Region> = Vec::new();
        let mut stack = Vec::new();
        // The points of a region that must be liberties for it to be vital.
        let mut must_touch = Vec::new();
        for p in self.points() {
            let start = self.index(p);
            if self.color_at(start) == code || region_of[start] != usize::MAX {
                continue;
            }
            let r = regions.len();
            let mut borders = Vec::new();
            must_touch.clear();
            region_of[start] = r;
            stack.push(start);
            while let Some(i) = stack.pop() {
                if self.color_at(i) == EMPTY || suicide == Suicide::Allowed {
                    must_touch.push(i);
                }
                for q in self.neighbours(i) {
                    match self.color_at(q) {
                        EDGE => {}
                        c if c == code => {
                            let h = self.head(q);
                            if !borders.contains(&h) {
                                borders.push(h);
                            }
                        }
                        _ if region_of[q] == usize::MAX => {
                            region_of[q] = r;
                            stack.push(q);
                        }
                        _ => {}
                    }
                }
            }
            // Vital to a bordering chain when each of those points is next to it.
            let vital_to = borders
                .iter()
                .copied()
                .filter(|&h| {
                    must_touch.iter().all(|&e| {
                        self.neighbours(e)
                            .iter()
                            .any(|&q| self.color_at(q) == code && self.head(q) == h)
                    })
                })
                .collect();
            regions.push(Region {
                borders,
                vital_to,
                alive: true,
            });
        }
        // The chains, by head, all candidates at first.
        let mut chains: Vec<usize> = self
            .points()
            .map(|p| self.index(p))
            .filter(|&i| self.color_at(i) == code && self.head(i) == i)
            .collect();
        loop {
            let before = chains.len();
            chains.retain(|&h| {
                regions
                    .iter()
                    .filter(|r| r.alive && r.vital_to.contains(&h))
                    .take(2)
                    .count()
                    == 2
            });
            if chains.len() == before {
                break;
            }
            for r in &mut regions {
                if r.alive && r.borders.iter().any(|h| !chains.contains(h)) {
                    r.alive = false;
                }
            }
        }
        let mut out = PassAlive::default();
        for p in self.points() {
            let i = self.index(p);
            if self.color_at(i) == code {
                if chains.contains(&self.head(i)) {
                    out.stones.push(p);
                }
            } else {
                let r = &regions[region_of[i]];
                if r.alive && r.vital_to.iter().any(|h| chains.contains(h)) {
                    out.territory.push(p);
                }
            }
        }
        out
    }
}
