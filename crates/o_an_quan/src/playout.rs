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
        if self.is_over() {
            return None;
        }
        let pos = self.position();
        let counts = &pos.board.counts;
        let owned = pos.owned[pos.to_move.index()];
        let full = bits(owned).filter(|&i| counts[i] > 0).count() as u32;
        let r = below(rng, 2 * full);
        let i = bits(owned)
            .filter(|&i| counts[i] > 0)
            .nth((r >> 1) as usize)?;
        let direction = if r & 1 == 0 {
            Direction::Left
        } else {
            Direction::Right
        };
        Some(Move::new(pos.board.square(i), direction))
    }

    /// Plays uniformly random moves until the game ends or `max_moves` more have
    /// been played; returns how many were played.
    pub fn play_out<R: Rng + ?Sized>(&mut self, rng: &mut R, max_moves: usize) -> usize {
        let mut played = 0;
        while played < max_moves {
            let Some(mv) = self.random_move(rng) else {
                break;
            };
            if self.play(mv).is_err() {
                break; // cannot happen: the move was drawn from the legal ones
            }
            played += 1;
        }
        played
    }
}
