//! Random play: a uniformly random legal move.

use rand_core::Rng;

use crate::awaiting::Awaiting;
use crate::cards::{Card, Cards};
use crate::chance::below;
use crate::game::Game;
use crate::moves::Move;

impl Game {
    /// A legal move drawn uniformly among [`Game::legal_moves`] with one
    /// [`below`]`(rng, len)`: the draw `k` gives the list's `k`-th move. `None` once
    /// the game is over (there is no other position without a move).
    pub fn random_move<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Move> {
        // Drawn straight from the bit set of the cards that may be moved, whose
        // order (by card index) is the list's.
        let (held, kind): (Cards, fn(Card) -> Move) = match self.awaiting() {
            Awaiting::Play(p) => (self.hands[p.index()], Move::Play),
            Awaiting::Defend(p) => (self.soldiers[p.index()], Move::Defend),
            Awaiting::Attack(p) => (self.soldiers[p.index()], Move::Attack),
            Awaiting::Over => return None,
        };
        let mut bits = held.0;
        for _ in 0..below(rng, held.len()) {
            bits &= bits - 1;
        }
        Card::from_index(bits.trailing_zeros() as u8).map(kind)
    }

    /// Plays uniformly random moves (as [`Game::random_move`] draws them) until
    /// the game ends or `max_moves` more have been played; returns how many were
    /// played. The playout loop of Monte Carlo bots: the same moves as playing
    /// `random_move` one at a time, applied without checking them again (they are
    /// drawn among the legal ones) and without building reports.
    ///
    /// ```
    /// use rand_core::SeedableRng;
    /// use tarokk_war::{Game, Rules};
    /// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(3);
    /// let mut game = Game::random(Rules::default(), &mut rng)?;
    /// let played = game.play_out(&mut rng, usize::MAX);
    /// assert!(game.is_over());
    /// assert_eq!(game.moves().len(), played);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play_out<R: Rng + ?Sized>(&mut self, rng: &mut R, max_moves: usize) -> usize {
        let mut played = 0;
        while played < max_moves {
            let Some(mv) = self.random_move(rng) else {
                break;
            };
            debug_assert!(self.check(mv).is_ok(), "a drawn move is legal");
            self.apply(mv, &mut |_| {});
            played += 1;
        }
        played
    }
}
