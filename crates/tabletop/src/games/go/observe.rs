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
        let Some(out) = out.get_mut(..4 * n) else {
            return;
        };
        let (stones, rest) = out.split_at_mut(2 * n);
        let (black, white) = stones.split_at_mut(n);
        let (empty, to_move) = rest.split_at_mut(n);
        // Points in the same order as the planes: row by row from A1.
        let w = usize::from(self.def.width);
        for (r, ((black, white), empty)) in black
            .chunks_exact_mut(w)
            .zip(white.chunks_exact_mut(w))
            .zip(empty.chunks_exact_mut(w))
            .enumerate()
        {
            let cells = black.iter_mut().zip(white.iter_mut().zip(empty.iter_mut()));
            for ((b, (wh, e)), c) in cells.zip(board.row_colors(r as u8)) {
                // Branch-free: 0 empty, 1 Black, 2 White.
                let code = c.map_or(0, |c| c.index() + 1);
                *b = f32::from(u8::from(code == 1));
                *wh = f32::from(u8::from(code == 2));
                *e = f32::from(u8::from(code == 0));
            }
        }
        to_move.fill(f32::from(u8::from(self.game.to_move() == Color::Black)));
    }
}
