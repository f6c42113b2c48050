//! Between two moves (rulings Q4, Q5, Q9): the end of the game, or the next
//! player's turn with its refill, loan and repetition count.

use crate::event::{Observer, RawEvent};
use crate::game::{Game, bits};
use crate::history::{mix, raw_hash};
use crate::player::Player;
use crate::report::Report;
use crate::rules::EndRule;
use crate::score::{End, Outcome};

impl Game {
    /// Ends the game if the end rule (Q5) or the move limit (Q9) says so.
    pub(crate) fn check_end<O: Observer>(&mut self, report: &mut Report, obs: &mut O) -> bool {
        let b = &self.pos.board;
        let quan_gone = b.quan == 0;
        let reason = match self.rules.end_rule() {
            EndRule::QuanCaptured if quan_gone => Some(End::QuanCaptured),
            EndRule::QuanSquaresEmpty if quan_gone && b.quan_squares & self.filled == 0 => {
                Some(End::QuanSquaresEmpty)
            }
            _ if self.moves.len() >= self.move_limit => Some(End::MoveLimit),
            _ => None,
        };
        match reason {
            Some(reason) => {
                self.finish(reason, report, obs);
                true
            }
            None => false,
        }
    }

    /// The start of a turn: refill an empty row, borrowing if need be (Q4), then
    /// count the position (Q9).
    pub(crate) fn begin_turn<O: Observer>(&mut self, report: &mut Report, obs: &mut O) {
        let player = self.pos.to_move;
        let p = player.index();
        let owned = self.pos.owned[p];
        // The row is empty if none of its squares is among the filled ones: one
        // bit test.
        if owned & self.filled == 0 {
            let per_square = u16::from(self.rules.refill_per_square());
            let need = per_square * owned.count_ones() as u16;
            let have = self.pos.stores[p];
            if have >= need {
                self.pos.stores[p] = have - need;
            } else {
                let short = need - have;
                let n = self.pos.board.players();
                let mut lender = player.next(n);
                while lender != player && self.pos.stores[lender.index()] < short {
                    lender = lender.next(n);
                }
                if lender == player {
                    self.finish(End::NoLender { borrower: player }, report, obs);
                    return;
                }
                let q = lender.index();
                self.pos.stores[q] -= short;
                self.pos.loans[q] = self.pos.loans[q].saturating_add(i32::from(short));
                self.pos.loans[p] = self.pos.loans[p].saturating_sub(i32::from(short));
                self.pos.stores[p] = 0;
                obs.event(RawEvent::Borrow(player, lender, short));
                report.borrowed = u32::from(short);
            }
            for i in bits(owned) {
                self.pos.board.counts[i] = per_square;
                obs.event(RawEvent::Refill(player, i, per_square));
            }
            report.refill = true;
            self.raw = raw_hash(&self.pos); // refills are rare: recount
            self.filled = self.pos.board.filled();
        }
        debug_assert_eq!(self.raw, raw_hash(&self.pos), "the running hash drifted");
        debug_assert_eq!(
            self.filled,
            self.pos.board.filled(),
            "the filled squares drifted"
        );
        if self.track
            && self.history.record(mix(self.raw))
            && self.earlier_equal(self.history.len() - 1, &self.pos) >= 2
        {
            self.finish(End::Repetition, report, obs);
        }
    }

    /// Ends the game: each player collects the stones left in their own squares,
    /// and the highest score wins (Q5).
    fn finish<O: Observer>(&mut self, reason: End, report: &mut Report, obs: &mut O) {
        obs.event(RawEvent::GameOver(reason));
        self.collect(obs);
        report.game_over = Some(reason);
        self.outcome = Some(Outcome::new(reason, self.score().leaders()));
    }

    /// Each player takes the stones left in their own squares (Q5). Once a game,
    /// and out of line: inlined in the playout loop, it made every move slower
    /// (docs/benchmarks.md).
    #[inline(never)]
    fn collect<O: Observer>(&mut self, obs: &mut O) {
        let n = self.pos.board.players();
        for (player, owned) in Player::all(n).zip(self.pos.owned) {
            let p = player.index();
            for i in bits(owned & self.filled) {
                let stones = core::mem::take(&mut self.pos.board.counts[i]);
                self.pos.collected[p] += stones;
                obs.event(RawEvent::Collect(player, i, stones));
            }
            self.filled &= !owned;
        }
        debug_assert_eq!(
            self.filled,
            self.pos.board.filled(),
            "the filled squares drifted"
        );
    }
}
