//! The end of a game as GTP asks about it: `final_score` and
//! `final_status_list`, with dead stones by go_core's estimate.

use std::string::{String, ToString};
use std::vec::Vec;

use go_core::{End, Point};

use super::Engine;

/// The playouts of the dead-stone estimate behind `final_status_list`.
pub const STATUS_PLAYOUTS: usize = 100;

impl Engine {
    /// The dead stones by go_core's estimate ([`go_core::Game::estimate_dead`],
    /// [`STATUS_PLAYOUTS`] playouts from the engine's seed: the same position
    /// always gets the same answer).
    fn dead_stones(&self) -> Vec<Point> {
        let mut rng = crate::rng::SplitMix64::new(self.thinking.seed);
        self.game.estimate_dead(&mut rng, STATUS_PLAYOUTS).dead
    }

    /// A resignation decides; otherwise the count without the stones
    /// `final_status_list dead` names, as GNU Go counts.
    pub(super) fn final_score(&self) -> String {
        let result = match self.game.result() {
            Some(r)
                if self
                    .game
                    .outcome()
                    .is_some_and(|o| o.reason() == End::Resignation) =>
            {
                r
            }
            _ => self
                .game
                .score_with_dead(&self.dead_stones())
                .map_or_else(|_| self.game.score().result(), |s| s.result()),
        };
        result.to_string()
    }

    /// The stones of `status` (`dead`, `alive` or `seki`; disjoint, as GNU Go
    /// lists them), one chain a line: the dead ones by the estimate, seki by the
    /// count's rule once they are gone, alive the rest.
    pub(super) fn final_status(&self, status: &str) -> String {
        let dead = self.dead_stones();
        let seki = self.game.seki_stones(&dead).unwrap_or_default();
        let board = self.game.board();
        let wanted = |p: &Point| match status {
            "dead" => dead.contains(p),
            "seki" => seki.contains(p),
            _ => !dead.contains(p) && !seki.contains(p),
        };
        let mut lines = Vec::new();
        let mut listed: Vec<Point> = Vec::new();
        for (p, _) in board.stones() {
            if wanted(&p) && !listed.contains(&p) {
                let chain: Vec<Point> = board.chain(p).collect();
                listed.extend(&chain);
                lines.push(super::join(&chain));
            }
        }
        lines.join("\n")
    }
}
