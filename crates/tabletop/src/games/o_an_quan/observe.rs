//! What a player sees of Ô ăn quan (everything): the board as text, and as
//! numbers — for every square in ring order its stones, whether its quan is
//! still there and its owner; then each player's captured stones, captured quan
//! and net loans; then who is to move.

use alloc::string::{String, ToString};
use core::fmt::Write;

use super::OAnQuanState;

impl OAnQuanState {
    /// The board and the player to move, as text.
    pub(super) fn picture(&self) -> String {
        let mut s = self.game.board().to_string();
        let _ = writeln!(s, "{} to move", self.game.to_move());
        s
    }

    /// The moves so far in notation: the information state.
    pub(super) fn moves_text(&self) -> String {
        let mut s = String::new();
        for (k, mv) in self.game.moves().iter().enumerate() {
            if k > 0 {
                s.push(' ');
            }
            let _ = write!(s, "{mv}");
        }
        s
    }

    /// The observation's numbers, written into `out`.
    pub(super) fn write_observation(&self, out: &mut [f32]) {
        out.fill(0.0);
        let players = self.def.rules.players();
        let board = self.game.board();
        let position = self.game.position();
        let per = 2 + players;
        for (k, &sq) in self.def.squares.iter().enumerate() {
            let base = k * per;
            if let Some(x) = out.get_mut(base) {
                *x = f32::from(board.stones(sq));
            }
            if let Some(x) = out.get_mut(base + 1) {
                *x = f32::from(u8::from(board.has_quan(sq)));
            }
            if let Some(owner) = position.owner(sq)
                && let Some(x) = out.get_mut(base + 2 + owner.index())
            {
                *x = 1.0;
            }
        }
        let mut k = self.def.squares.len() * per;
        let score = self.game.score();
        for p in 0..players {
            for v in [
                f32::from(score.captured[p]),
                f32::from(score.quan[p]),
                score.loans[p] as f32,
            ] {
                if let Some(x) = out.get_mut(k) {
                    *x = v;
                }
                k += 1;
            }
        }
        if let Some(x) = out.get_mut(k + self.game.to_move().index()) {
            *x = 1.0;
        }
    }
}
