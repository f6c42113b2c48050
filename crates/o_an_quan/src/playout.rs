//! Random play, for Monte Carlo bots, experiments, tests and benchmarks.

use rand_core::Rng;

use crate::game::{Game, bits};
use crate::moves::{Direction, Move};

/// A uniform integer in `0..n` (`n > 0`), exact (Lemire's multiply-and-reject).
pub(crate) fn below<R: Rng + ?Sized>(rng: &mut R, n: u32) -> u32 {
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
    /// A move drawn uniformly from the legal moves; `None` once the game is over.
    /// No heap allocation.
    ///
    /// ```
    /// use o_an_quan::{Game, Rules};
    /// use rand_core::SeedableRng;
    /// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(7);
    /// let mut game = Game::new(Rules::default())?;
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
        let pos = self.position();
        let owned = pos.owned[pos.to_move.index()];
        let counts = &pos.board.counts;
        let full: u32 = bits(owned).map(|i| u32::from(counts[i] > 0)).sum();
        let r = below(rng, 2 * full);
        // The (r / 2)-th non-empty square, found in one pass of fixed length over
        // the row (a loop whose length varied mispredicted on every move).
        let target = r >> 1;
        let mut seen = 0;
        let mut chosen = 0;
        for i in bits(owned) {
            let non_empty = counts[i] > 0;
            chosen = if non_empty && seen == target {
                i
            } else {
                chosen
            };
            seen += u32::from(non_empty);
        }
        let direction = if r & 1 == 0 {
            Direction::Left
        } else {
            Direction::Right
        };
        Some((chosen, direction))
    }

    /// Plays uniformly random moves until the game ends or `max_moves` more have
    /// been played; returns how many were played.
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
