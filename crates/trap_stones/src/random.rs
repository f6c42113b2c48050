//! Random play: the uniform random move, and the playout policy that keeps random
//! games going (both draw through [`below`]).

use rand_core::Rng;

use crate::chance::below;
use crate::game::Game;
use crate::moves::{Group, Move};
use crate::vabank::Counts;

impl Game {
    /// A move drawn uniformly among [`Game::legal_moves`] — every listed move
    /// equally likely, va-bank declarations included — with one
    /// [`below`]`(rng, len)`: the `k`-th move of the list, found without listing
    /// the others. `None` once the game is over (then the list is empty).
    ///
    /// Va-bank declarations are most of the list once a side has opened (6,706 of
    /// 6,791 moves on the 9×9 board after each side's first stone), so uniformly
    /// random games end in a va-bank within a few turns; for long random games use
    /// [`Game::playout_move`].
    pub fn random_move<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Move> {
        let legal = self.position.legal();
        let placed = legal.placed_len();
        if !legal.va_bank {
            // No va-bank: the list is a few bit sets.
            return (placed > 0).then(|| legal.get(below(rng, placed) as usize))?;
        }
        // One counting pass keeps each root's count, to go straight to the k-th.
        let counts = Counts::new(&legal.shape, &legal.free);
        let n = placed + counts.total;
        if n == 0 {
            return None;
        }
        let k = below(rng, n);
        if k < placed {
            legal.get(k as usize)
        } else {
            counts
                .nth(&legal.shape, &legal.free, k - placed)
                .map(Move::VaBank)
        }
    }

    /// A random playout policy (not uniform over the legal moves, unlike
    /// [`Game::random_move`]): a move drawn uniformly among the ordinary stones,
    /// the scarecrows, and in the stake decision the stake moves and `decline`;
    /// va-bank only when nothing else is left (a walled-in side, ruling T7), then
    /// one stone on a uniformly drawn cell without the side's color. Each decision
    /// is one [`below`]. `None` once the game is over.
    ///
    /// This is what random playouts and the benchmarks use: games last until a
    /// trap is hit. (The example bot in `examples/support/bots.rs` adds va-bank
    /// by its odds.)
    #[inline]
    pub fn playout_move<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Move> {
        let legal = self.position.legal();
        let n = legal.placed_len();
        if n == 0 {
            if !legal.va_bank {
                return None;
            }
            let w = self.position.geo.words;
            let k = below(rng, legal.free.count(w));
            let i = legal.free.nth_set(k, w)?;
            return Some(Move::VaBank(Group::sorted(
                self.position.geo.cell(i),
                &[self.position.geo.cell(i)],
            )));
        }
        legal.get(below(rng, n) as usize)
    }
}
