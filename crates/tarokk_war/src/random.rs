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
}
