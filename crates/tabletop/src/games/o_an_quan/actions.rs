//! Ô ăn quan's moves as action ids: every square of the ring in ring order (the
//! board's [`o_an_quan::Board::squares`], quan squares included though never
//! playable) times the two directions: square `k` to the mover's left is `2k`,
//! to the right `2k + 1`.

use o_an_quan::{Direction, Move};

use super::OAnQuanState;
use crate::action::Action;

impl OAnQuanState {
    /// The action of a move.
    pub fn move_to_action(&self, mv: Move) -> Option<Action> {
        // Ring order: each seat's quan square, then its row (ruling Q1's layout).
        let per_seat = self.def.rules.row_len() + 1;
        let k = mv.square.side().index() * per_seat + usize::from(mv.square.number().unwrap_or(0));
        let k = if self.def.squares.get(k) == Some(&mv.square) {
            k
        } else {
            self.def.squares.iter().position(|&s| s == mv.square)?
        } as Action;
        Some(2 * k + Action::from(mv.direction == Direction::Right))
    }

    /// The move of an action.
    pub fn action_to_move(&self, a: Action) -> Option<Move> {
        let square = *self.def.squares.get((a / 2) as usize)?;
        let direction = if a.is_multiple_of(2) {
            Direction::Left
        } else {
            Direction::Right
        };
        Some(Move { square, direction })
    }
}
