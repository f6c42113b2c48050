//! Resampling from a side's information state: the opponent's traps drawn
//! afresh, uniformly over cells without the side's stones, keeping the trap its
//! stone hit when it lost and the stake is being decided.

use alloc::vec::Vec;

use rand_core::Rng;
use trap_stones::{Awaiting, Cell, Move, Player, Setup};

use super::TrapStonesState;
use crate::action::Action;
use crate::rng::below;

impl TrapStonesState {
    /// A state the side of `player` cannot tell from this one: the opponent's
    /// traps drawn afresh among the sets consistent with what the side has seen.
    pub(super) fn resampled<R: Rng + ?Sized>(&self, player: usize, rng: &mut R) -> Self {
        let me = TrapStonesState::side(player);
        let them = me.other();
        let over = self.game.as_ref().is_some_and(trap_stones::Game::is_over);
        let hidden = self.traps[them.index()].len();
        if over || self.given || hidden == 0 {
            return self.clone();
        }
        let Some(draws) = self.draws() else {
            return self.clone();
        };
        // Cells the opponent's traps cannot be on: my stones (a stone on one ends
        // the game), except the one that hit when I lost and the stake is pending.
        let mut banned: Vec<Cell> = Vec::new();
        let mut required: Option<Cell> = None;
        if let Some(g) = &self.game {
            let view = g.view(Player::solo(me));
            banned.extend(view.stones[me.index()].iter().copied());
            if let Awaiting::Stake(p) = g.awaiting()
                && p.side == them
                && let Some(Move::Stone(c) | Move::Scarecrow(c)) = g.moves().last().copied()
            {
                required = Some(c);
            }
        }
        let n = self.def.cells();
        for _ in 0..10_000 {
            let mut cells: Vec<Cell> = required.into_iter().collect();
            while cells.len() < hidden {
                let Some(c) = self.def.cell(below(rng, n)) else {
                    break;
                };
                if !cells.contains(&c) && !banned.contains(&c) {
                    cells.push(c);
                }
            }
            cells.sort();
            if Setup::check_traps_so_far(&self.def.rules, &draws, them, &cells).is_err() {
                continue;
            }
            let mut s = self.clone();
            s.traps[them.index()] = cells;
            s.game = None;
            s.start_if_ready();
            if let (Some(g), Some(old)) = (&mut s.game, &self.game) {
                for &mv in old.moves() {
                    if g.play(mv).is_err() {
                        break;
                    }
                }
            }
            s.history = s.rebuilt_history();
            if s.game.as_ref().map(trap_stones::Game::moves)
                == self.game.as_ref().map(trap_stones::Game::moves)
            {
                return s;
            }
        }
        self.clone()
    }
}

impl TrapStonesState {
    /// The history for the draws, traps and moves held now (side 1's traps, then
    /// side 2's, each in the order chosen).
    fn rebuilt_history(&self) -> Vec<Action> {
        let mut h: Vec<Action> = self
            .draws
            .iter()
            .flatten()
            .map(|&d| Action::from(d))
            .collect();
        for side in &self.traps {
            h.extend(side.iter().map(|&c| self.def.number(c)));
        }
        if let Some(g) = &self.game {
            h.extend(g.moves().iter().filter_map(|&mv| self.def.action(mv)));
        }
        h
    }
}
