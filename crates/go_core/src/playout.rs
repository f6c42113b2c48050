//! Light playouts, for Monte Carlo bots, tests and benchmarks: a uniformly random
//! legal move that does not fill one of the mover's own eyes.

use rand_core::Rng;

use crate::board::{Effect, MAX_CELLS};
use crate::chance::below;
use crate::game::Game;
use crate::moves::Move;
use crate::report::Report;

/// Draws with replacement before falling back to an exhaustive draw.
const QUICK_TRIES: usize = 4;
/// Empty points up to which the exhaustive draw uses a small buffer (a 13×13
/// board has 169 points).
const SMALL_BOARD: usize = 192;

impl Game {
    /// The light-playout policy: a move drawn uniformly from the legal moves of the
    /// side to move that do not fill its own eye (an empty point whose neighbours
    /// are all its stones, with at most one opponent stone on the diagonals, none
    /// at the edge); `Pass` when there is none; `None` when the game is over. Every
    /// candidate is checked in full, superko included. No heap allocation. This is
    /// not [`Game::random_move`] (uniform over every legal move): it never fills an
    /// eye, so random games end, by passes, with living groups on the board.
    ///
    /// ```
    /// use go_core::{Game, Rules, Setup};
    /// use rand_pcg::Pcg64Mcg;
    /// use rand_core::SeedableRng;
    /// let mut rng = Pcg64Mcg::seed_from_u64(7);
    /// let mut game = Game::new(Rules::default(), Setup::new(9, 9))?;
    /// while let Some(mv) = game.playout_move(&mut rng) {
    ///     game.play(mv)?;
    /// }
    /// assert!(game.outcome().is_some());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn playout_move<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Move> {
        if self.is_over() {
            return None;
        }
        Some(match self.random_candidate(rng) {
            Some(e) => Move::Play(self.board().point(usize::from(e.cell))),
            None => Move::Pass,
        })
    }

    /// The effect of a uniformly drawn playout move, `None` for a pass.
    #[inline(always)]
    fn random_candidate<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Effect> {
        if self.is_over() {
            return None;
        }
        let n = self.board().empty_count();
        if n == 0 {
            return None;
        }
        // Most empty points are acceptable: draw with replacement a few times
        // (rejection sampling, uniform among the acceptable points)...
        for _ in 0..QUICK_TRIES {
            let found = self.playout_candidate(below(rng, n as u32) as usize);
            if found.is_some() {
                return found;
            }
        }
        // ...then draw without replacement (positions in the empty-point list, on
        // the stack, no more than the board needs: filling them is part of the
        // cost).
        if n <= SMALL_BOARD {
            self.draw_without_replacement::<SMALL_BOARD, R>(rng, n)
        } else {
            self.draw_without_replacement::<MAX_CELLS, R>(rng, n)
        }
    }

    /// A uniformly drawn acceptable one of the first `n` (at most `N`) empty
    /// points: a rejected position is swapped out of range, so each acceptable one
    /// is equally likely to come first.
    fn draw_without_replacement<const N: usize, R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        n: usize,
    ) -> Option<Effect> {
        let mut positions = [0u16; N];
        let mut n = n.min(N);
        for (k, p) in positions[..n].iter_mut().enumerate() {
            *p = k as u16;
        }
        while n > 0 {
            let k = below(rng, n as u32) as usize;
            let found = self.playout_candidate(positions[k] as usize);
            if found.is_some() {
                return found;
            }
            n -= 1;
            positions.swap(k, n);
        }
        None
    }

    /// Plays [`Game::playout_move`] until the game ends or `max_moves` more moves
    /// have been played; returns the number of moves played. The same moves as
    /// playing `playout_move` one at a time, without checking them twice.
    pub fn play_out<R: Rng + ?Sized>(&mut self, rng: &mut R, max_moves: usize) -> usize {
        let mut played = 0;
        while played < max_moves && !self.is_over() {
            // The candidate was checked in full: apply it without checking again.
            let _: Report = match self.random_candidate(rng) {
                Some(e) => {
                    let mv = Move::Play(self.board().point(usize::from(e.cell)));
                    self.apply(mv, Some(e))
                }
                None => self.apply(Move::Pass, None),
            };
            played += 1;
        }
        played
    }
}
