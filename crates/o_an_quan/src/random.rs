//! Random play, for Monte Carlo bots, experiments, tests and benchmarks: a
//! uniformly random legal move, and random playouts.

use rand_core::Rng;

use crate::chance::below;
use crate::game::{Game, bits};
use crate::moves::{Direction, Move};

/// The lowest ring index of `owned` if its squares follow each other, at most 16
/// of them (a row of at most [`MAX_ROW`](crate::MAX_ROW) = 12 always does).
#[inline(always)]
fn row_bits(owned: u64) -> Option<u32> {
    let low = owned.trailing_zeros();
    let row = owned.checked_shr(low).unwrap_or(0);
    (row != 0 && row & (row + 1) == 0 && row <= 0xFFFF).then_some(low)
}

/// `POPULATION[b]`: the set bits of byte `b` (the baseline x86-64 target has no
/// population-count instruction).
static POPULATION: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = (b as u32).count_ones() as u8;
        b += 1;
    }
    table
};

/// `SELECT[b][k]`: the position of the `k`-th set bit of byte `b`, lowest first.
static SELECT: [[u8; 8]; 256] = {
    let mut table = [[0u8; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let (mut k, mut bit) = (0, 0);
        while bit < 8 {
            if b >> bit & 1 == 1 {
                table[b][k] = bit as u8;
                k += 1;
            }
            bit += 1;
        }
        b += 1;
    }
    table
};

impl Game {
    /// A move drawn uniformly from the legal moves; `None` once the game is over
    /// (a running game always has one). It is `legal_moves()[below(rng, n)]`, `n`
    /// the number of legal moves (one draw of [`below`](crate::below)), found
    /// without building the list: no heap allocation.
    ///
    /// ```
    /// use o_an_quan::{Game, Rules, Setup};
    /// use rand_core::SeedableRng;
    /// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(7);
    /// let mut game = Game::new(Rules::default(), Setup::default())?;
    /// while let Some(mv) = game.random_move(&mut rng) {
    ///     game.play(mv)?;
    /// }
    /// println!("{game}");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn random_move<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Move> {
        let (i, direction) = self.random_index(rng)?;
        Some(Move::new(self.position().board.square(i), direction))
    }

    /// The ring square and direction of a uniformly drawn legal move.
    #[inline]
    fn random_index<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<(usize, Direction)> {
        if self.is_over() {
            return None;
        }
        let pos = &self.pos;
        let owned = pos.owned[pos.to_move.index()];
        let full = owned & self.filled;
        let (r, chosen) = match row_bits(owned) {
            // The row's squares follow each other (always, outside match play):
            // the (r / 2)-th filled one by table, without a loop.
            Some(low) => {
                let row = (full >> low) as usize;
                let (first, second) = (row & 0xFF, row >> 8 & 0xFF);
                let in_first = u32::from(POPULATION[first]);
                let r = below(rng, 2 * (in_first + u32::from(POPULATION[second])));
                let target = (r >> 1) as usize;
                let at = if target < in_first as usize {
                    usize::from(SELECT[first][target & 7])
                } else {
                    8 + usize::from(SELECT[second][(target - in_first as usize) & 7])
                };
                (r, low as usize + at)
            }
            // Otherwise one pass of fixed length over the squares owned.
            None => {
                let r = below(rng, 2 * bits(full).count() as u32);
                let target = r >> 1;
                let (mut seen, mut chosen) = (0, 0);
                for i in bits(owned) {
                    let filled = full >> i & 1 == 1;
                    chosen = if filled && seen == target { i } else { chosen };
                    seen += u32::from(filled);
                }
                (r, chosen)
            }
        };
        let direction = if r & 1 == 0 {
            Direction::Left
        } else {
            Direction::Right
        };
        Some((chosen, direction))
    }

    /// Plays uniformly random moves (as [`Game::random_move`] draws them) until the
    /// game ends or `max_moves` more have been played; returns how many were
    /// played. The playout loop of Monte Carlo bots: with [`Game::restart`], no
    /// allocation per move or per game.
    pub fn play_out<R: Rng + ?Sized>(&mut self, rng: &mut R, max_moves: usize) -> usize {
        let mut played = 0;
        while played < max_moves {
            let Some((i, direction)) = self.random_index(rng) else {
                break;
            };
            self.play_index(i, direction, &mut ());
            played += 1;
        }
        played
    }
}
