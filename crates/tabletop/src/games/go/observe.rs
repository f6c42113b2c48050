//! What a player sees of Go (everything): the board as text and as four planes
//! of `height × width` — Black's stones, White's stones, the empty points, and a
//! plane of ones when Black is to move.

use alloc::string::{String, ToString};
use core::fmt::Write;

use go_core::Color;

use super::GoState;

impl GoState {
    /// The board and the player to move, as text.
    pub(super) fn picture(&self) -> String {
        let mut s = self.game.board().to_string();
        let _ = writeln!(s, "{} to move", self.game.to_move());
        s
    }

    /// The moves so far in notation (`B E5 W pass`): Go's information state.
    pub(super) fn moves_text(&self) -> String {
        let mut s = String::new();
        for (k, (c, mv)) in self.game.moves().enumerate() {
            if k > 0 {
                s.push(' ');
            }
            let _ = write!(s, "{} {mv}", c.letter());
        }
        s
    }

    /// The four planes, written into `out`.
    pub(super) fn write_planes(&self, out: &mut [f32]) {
        let board = self.game.board();
        let n = usize::from(self.def.width) * usize::from(self.def.height);
        let w = usize::from(self.def.width);
        out.fill(0.0);
        for p in board.points() {
            let i = usize::from(p.row()) * w + usize::from(p.col());
            let plane = match board.get(p) {
                Some(Color::Black) => 0,
                Some(Color::White) => 1,
                None => 2,
            };
            if let Some(x) = out.get_mut(plane * n + i) {
                *x = 1.0;
            }
        }
        if self.game.to_move() == Color::Black
            && let Some(plane) = out.get_mut(3 * n..4 * n)
        {
            plane.fill(1.0);
        }
    }
}
