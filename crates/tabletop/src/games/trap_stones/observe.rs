//! What a side sees of trap stones: its own traps, every stone and scarecrow,
//! the opponent's traps only once the game is over (ruling T10); as text, as
//! its information state (the draws, the traps it knows, the moves) and as 13
//! planes of `height × width`: own and opponent stones, own and opponent
//! scarecrows, own traps, opponent traps (once shown), own and opponent home
//! cells, whose turn, a stake pending, before the play, and each side's
//! scarecrows left.

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt::Write;

use trap_stones::{Awaiting, Cell, Player, Side};

use super::TrapStonesState;
use crate::turn::Turn;

impl TrapStonesState {
    /// The side's traps as it knows them: its own (chosen so far), and the
    /// opponent's once the game is over.
    pub(super) fn known_traps(&self, me: Side) -> [Vec<Cell>; 2] {
        if let Some(g) = &self.game {
            let view = g.view(Player::solo(me));
            return [0, 1].map(|s| {
                view.traps[s]
                    .map(|t| t.cells().to_vec())
                    .unwrap_or_default()
            });
        }
        let mut out = [Vec::new(), Vec::new()];
        out[me.index()] = self.traps[me.index()].clone();
        out
    }

    /// The side's view as text.
    pub(super) fn picture(&self, player: usize) -> String {
        let me = TrapStonesState::side(player);
        match &self.game {
            Some(g) => g.view(Player::solo(me)).to_string(),
            None => {
                let mut s = String::new();
                match self.draws() {
                    Some(d) => {
                        let _ = writeln!(
                            s,
                            "draws: {} moves first, axis stone {:?}, side stone {:?}",
                            d.first, d.axis, d.side
                        );
                    }
                    None => {
                        let _ = writeln!(
                            s,
                            "draws: {} of 3 made",
                            self.draws.iter().flatten().count()
                        );
                    }
                }
                let mine = &self.traps[me.index()];
                let _ = write!(s, "my traps:");
                for c in mine {
                    let _ = write!(s, " {c}");
                }
                let _ = writeln!(
                    s,
                    "\nopponent traps chosen: {}",
                    self.traps[me.other().index()].len()
                );
                s
            }
        }
    }

    /// Everything the side has seen, as text.
    pub(super) fn seen_text(&self, player: usize) -> String {
        let me = TrapStonesState::side(player);
        let mut s = String::new();
        let _ = write!(s, "side {}; draws", player + 1);
        for d in self.draws.iter().flatten() {
            let _ = write!(s, " {d}");
        }
        let known = self.known_traps(me);
        for (k, side) in Side::all().into_iter().enumerate() {
            let _ = write!(s, "; {side} traps");
            if known[k].is_empty() && k != me.index() {
                let n = if self.game.is_some() {
                    self.def.rules.traps()
                } else {
                    self.traps[k].len()
                };
                let _ = write!(s, " hidden x{n}");
            }
            for c in &known[k] {
                let _ = write!(s, " {c}");
            }
        }
        let _ = write!(s, "; moves");
        if let Some(g) = &self.game {
            for mv in g.moves() {
                let _ = write!(s, " {mv}");
            }
        }
        s
    }

    /// The side's view as planes, written into `out`.
    pub(super) fn write_observation(&self, player: usize, out: &mut [f32]) {
        out.fill(0.0);
        let me = TrapStonesState::side(player);
        let n = self.def.cells() as usize;
        let plane = |p: usize, c: Cell, out: &mut [f32]| {
            if let Some(x) = out.get_mut(p * n + self.def.number(c) as usize) {
                *x = 1.0;
            }
        };
        let fill = |p: usize, v: f32, out: &mut [f32]| {
            if let Some(s) = out.get_mut(p * n..(p + 1) * n) {
                s.fill(v);
            }
        };
        let known = self.known_traps(me);
        for &c in &known[me.index()] {
            plane(4, c, out);
        }
        for &c in &known[me.other().index()] {
            plane(5, c, out);
        }
        if let Some(d) = self.draws() {
            let homes = d.homes(self.def.rules.corner_homes());
            for (k, home) in [(6, homes[me.index()]), (7, homes[me.other().index()])] {
                for c in (0..n as u32).filter_map(|i| self.def.cell(i)) {
                    if home.contains(c, self.def.rules.width(), self.def.rules.height()) {
                        plane(k, c, out);
                    }
                }
            }
        }
        match &self.game {
            Some(g) => {
                let view = g.view(Player::solo(me));
                for (k, side) in [(0, me), (1, me.other())] {
                    for &c in &view.stones[side.index()] {
                        plane(k, c, out);
                    }
                    for &c in &view.scarecrows[side.index()] {
                        plane(k + 2, c, out);
                    }
                }
                let to_me =
                    matches!(g.awaiting(), Awaiting::Move(p) | Awaiting::Stake(p) if p.side == me);
                fill(8, f32::from(u8::from(to_me)), out);
                fill(
                    9,
                    f32::from(u8::from(matches!(g.awaiting(), Awaiting::Stake(_)))),
                    out,
                );
                let max = f32::from(self.def.rules.scarecrows().max(1));
                fill(11, f32::from(view.scarecrows_left[me.index()]) / max, out);
                fill(
                    12,
                    f32::from(view.scarecrows_left[me.other().index()]) / max,
                    out,
                );
            }
            None => {
                fill(
                    8,
                    f32::from(u8::from(self.turn_phase() == Turn::Player(player))),
                    out,
                );
                fill(10, 1.0, out);
            }
        }
    }
}
