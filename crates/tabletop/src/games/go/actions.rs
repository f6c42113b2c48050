//! Go's moves as action ids: a stone on column `c`, row `r` (row 0 at the
//! bottom, as GTP's `A1`) is `r · width + c`; a pass is `width · height`.

use go_core::{Move, Point};

use super::GoState;
use crate::action::Action;

impl GoState {
    /// The pass's action: the one after the last point.
    pub(super) fn pass(&self) -> Action {
        u32::from(self.def.width) * u32::from(self.def.height)
    }

    /// The action of a move (`None` for a resignation or a point off the board).
    pub fn move_to_action(&self, mv: Move) -> Option<Action> {
        match mv {
            Move::Pass => Some(self.pass()),
            Move::Resign => None,
            Move::Play(p) => (p.col() < self.def.width && p.row() < self.def.height)
                .then(|| u32::from(p.row()) * u32::from(self.def.width) + u32::from(p.col())),
        }
    }

    /// The move of an action (`None` out of range).
    pub fn action_to_move(&self, a: Action) -> Option<Move> {
        let pass = self.pass();
        if a == pass {
            return Some(Move::Pass);
        }
        if a > pass {
            return None;
        }
        let w = u32::from(self.def.width);
        Point::new((a % w) as u8, (a / w) as u8).map(Move::Play)
    }
}
