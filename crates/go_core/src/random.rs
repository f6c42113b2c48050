//! Random play: a move drawn uniformly from the legal moves.

use rand_core::Rng;

use crate::chance::below;
use crate::game::Game;
use crate::moves::Move;

impl Game {
    /// A move drawn uniformly from [`Game::legal_moves`] (every listed move, the
    /// pass included, equally likely; one [`below`](crate::below) draw); `None`
    /// when the game is over. For the faster light-playout policy that spares the
    /// mover's own eyes, see [`Game::playout_move`].
    ///
    /// ```
    /// use go_core::{Game, Rules, Setup};
    /// use rand_core::SeedableRng;
    /// use rand_pcg::Pcg64Mcg;
    /// let mut rng = Pcg64Mcg::seed_from_u64(7);
    /// let mut game = Game::new(Rules::default(), Setup::new(5, 5))?;
    /// while let Some(mv) = game.random_move(&mut rng) {
    ///     game.play(mv)?;
    /// }
    /// assert!(game.is_over());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn random_move<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Move> {
        let moves = self.legal_moves();
        if moves.is_empty() {
            return None;
        }
        moves.get(below(rng, moves.len() as u32) as usize).copied()
    }
}
