//! Light random play, for Monte Carlo bots, tests and benchmarks: a uniformly random
//! legal move that does not fill one of the mover's own eyes.

use rand_core::Rng;

use crate::board::MAX_CELLS;
use crate::game::{Game, MoveReport};
use crate::moves::Move;

/// A uniform integer in `0..n` (`n > 0`), exact (Lemire's multiply-and-reject).
pub(crate) fn below<R: Rng + ?Sized>(rng: &mut R, n: u32) -> u32 {
    debug_assert!(n > 0);
    let n = n.max(1);
    let mut m = u64::from(rng.next_u32()) * u64::from(n);
    if (m as u32) < n {
        let threshold = n.wrapping_neg() % n;
        while (m as u32) < threshold {
            m = u64::from(rng.next_u32()) * u64::from(n);
        }
    }
    (m >> 32) as u32
}

impl Game {
    /// A move drawn uniformly from the legal moves of the side to move that do not
    /// fill its own eye (an empty point whose neighbours are all its stones, with at
    /// most one opponent stone on the diagonals, none at the edge); `Pass` when
    /// there is none, or when the game is over. Every candidate is checked in full,
    /// superko included. No heap allocation.
    ///
    /// ```
    /// use go_core::{Game, Move, Rules};
    /// use rand_pcg::Pcg64Mcg;
    /// use rand_core::SeedableRng;
    /// let mut rng = Pcg64Mcg::seed_from_u64(7);
    /// let mut game = Game::new(Rules::default(), 9, 9)?;
    /// while !game.is_over() {
    ///     let mv = game.random_move(&mut rng);
    ///     game.play(mv)?;
    /// }
    /// assert!(game.result().is_some());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn random_move<R: Rng + ?Sized>(&self, rng: &mut R) -> Move {
        if self.is_over() {
            return Move::Pass;
        }
        let empties = self.board().empty_cells();
        let mut candidates = [0u16; MAX_CELLS];
        let mut n = empties.len();
        candidates[..n].copy_from_slice(empties);
        // Draw without replacement: a rejected candidate is swapped out of range,
        // so each acceptable point is equally likely to be the first accepted.
        while n > 0 {
            let k = below(rng, n as u32) as usize;
            let cell = candidates[k] as usize;
            if self.is_playout_candidate(cell) {
                return Move::Play(self.board().point(cell));
            }
            n -= 1;
            candidates.swap(k, n);
        }
        Move::Pass
    }

    /// Plays [`Game::random_move`] until the game ends or `max_moves` more moves
    /// have been played; returns the number of moves played.
    pub fn play_out<R: Rng + ?Sized>(&mut self, rng: &mut R, max_moves: usize) -> usize {
        let mut played = 0;
        while played < max_moves && !self.is_over() {
            let mv = self.random_move(rng);
            let report: Result<MoveReport, _> = self.play(mv);
            if report.is_err() {
                break;
            }
            played += 1;
        }
        played
    }
}
