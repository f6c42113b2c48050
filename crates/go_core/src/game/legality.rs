//! Which moves are legal (rulings G3–G6): the checks with their reasons, the list
//! of legal moves, and the quick yes/no of playout candidates.

use crate::board::{self, EMPTY, Effect, MAX_CELLS};
use crate::error::IllegalMove;
use crate::game::Game;
use crate::moves::{Move, MoveList};
use crate::point::Point;
use crate::rules::{KoRule, Suicide};
use crate::zobrist;

impl Game {
    /// Checks a move for the side to move without playing it. A resignation is
    /// legal whenever the game goes on.
    ///
    /// # Errors
    /// The [`IllegalMove`] that says why the move is refused:
    /// [`GameOver`](IllegalMove::GameOver), [`OffBoard`](IllegalMove::OffBoard),
    /// [`Occupied`](IllegalMove::Occupied), [`Suicide`](IllegalMove::Suicide),
    /// [`Ko`](IllegalMove::Ko),
    /// [`PositionalSuperko`](IllegalMove::PositionalSuperko),
    /// [`SituationalSuperko`](IllegalMove::SituationalSuperko).
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        if self.is_over() {
            return Err(IllegalMove::GameOver);
        }
        match mv {
            Move::Pass | Move::Resign => Ok(()),
            Move::Play(p) => self.check_point(p).map(|_| ()),
        }
    }

    /// Whether a move is legal for the side to move (`check(mv).is_ok()`).
    #[inline]
    pub fn is_legal(&self, mv: Move) -> bool {
        self.check(mv).is_ok()
    }

    /// The effect of a stone at `p` for the side to move, or why not.
    pub(crate) fn check_point(&self, p: Point) -> Result<Effect, IllegalMove> {
        if !self.board.contains(p) {
            return Err(IllegalMove::OffBoard { point: p });
        }
        let i = self.board.index(p);
        if self.board.color_at(i) != EMPTY {
            return Err(IllegalMove::Occupied { point: p });
        }
        self.check_empty_cell(i)
    }

    /// Legality of the side to move playing on the empty cell `i`.
    #[inline]
    fn check_empty_cell(&self, i: usize) -> Result<Effect, IllegalMove> {
        let code = board::stone(self.to_move);
        self.legal_effect(i, code, self.board.effect(i, code))
    }

    /// Whether a stone of `code` (the side to move) on the empty cell `i`, with
    /// effect `e`, passes the suicide and ko rules.
    #[inline]
    fn legal_effect(&self, i: usize, code: u8, e: Effect) -> Result<Effect, IllegalMove> {
        if e.suicide && self.rules.suicide() == Suicide::Forbidden {
            return Err(IllegalMove::Suicide {
                point: self.board.point(i),
            });
        }
        match self.rules.ko() {
            KoRule::None => {}
            KoRule::Simple => {
                if i == self.ko as usize && self.ko != 0 {
                    return Err(IllegalMove::Ko {
                        point: self.board.point(i),
                    });
                }
            }
            KoRule::PositionalSuperko | KoRule::SituationalSuperko => {
                if let Some(j) = self.repeated_position(code, &e) {
                    let point = self.board.point(i);
                    return Err(if self.rules.ko() == KoRule::PositionalSuperko {
                        IllegalMove::PositionalSuperko { point, repeats: j }
                    } else {
                        IllegalMove::SituationalSuperko { point, repeats: j }
                    });
                }
            }
        }
        Ok(e)
    }

    /// Every legal move of the side to move: the legal points in board order (A1,
    /// B1, …), then `Pass`. Empty when the game is over. A resignation, legal
    /// whenever the game goes on, is not listed: it is no move of the game tree
    /// (published move counts, GTP's `all_legal` and OpenSpiel leave it out), and a
    /// uniformly drawn move ([`Game::random_move`]) should not resign. No heap
    /// allocation.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        // At most one entry a point, then a pass: MAX_MOVES holds them all.
        self.for_each_legal_move(|mv| list.push(mv));
        list
    }

    /// Gives each move of [`Game::legal_moves`] to `f`, in the same order,
    /// without building the list: the way to copy them into a list of one's own
    /// (for instance as action numbers) without a second copy.
    ///
    /// ```
    /// use go_core::{Game, Move, Rules, Setup};
    /// let game = Game::new(Rules::default(), Setup::new(9, 9))?;
    /// let mut count = 0;
    /// game.for_each_legal_move(|mv| count += usize::from(mv != Move::Pass));
    /// assert_eq!(count, 81);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn for_each_legal_move(&self, mut f: impl FnMut(Move)) {
        if self.is_over() {
            return;
        }
        let code = board::stone(self.to_move);
        let superko = matches!(
            self.rules.ko(),
            KoRule::PositionalSuperko | KoRule::SituationalSuperko
        );
        // With superko, a stone that lives and takes nothing (see
        // `Board::adds_one_stone`: most of them) makes a board whose key is the
        // key of this one xor the stone's: legal unless an earlier board had as
        // many stones and that key is in the table (then checked in full); other
        // stones are checked in full. Without superko, the only refusals are
        // suicide (when forbidden) and the simple-ko point.
        let quiet_is_legal = !superko || self.stones_on_board() + 1 > self.max_stones;
        let key_after = self.key_for(self.board.zobrist(), self.to_move.opponent());
        let stone_keys = &zobrist::STONE[usize::from(code - 1) & 1];
        let suicide_allowed = self.rules.suicide() == Suicide::Allowed;
        let ko = match self.rules.ko() {
            KoRule::Simple => usize::from(self.ko),
            _ => 0, // cell 0 is an edge cell, never an empty point
        };
        // The legal cells, marked in a bit set and read back in cell order,
        // which is board order: only the empty points are looked at.
        let mut legal = [0u64; 16];
        const _: () = assert!(MAX_CELLS <= 16 * 64);
        let board = &self.board;
        for &cell in board.empty_cells() {
            let i = usize::from(cell);
            let ok = if superko {
                if board.adds_one_stone(i, code) {
                    quiet_is_legal
                        || !self
                            .positions
                            .contains(key_after ^ stone_keys[i & (zobrist::PADDED - 1)])
                        || self.check_empty_cell(i).is_ok()
                } else {
                    self.check_empty_cell(i).is_ok()
                }
            } else {
                i != ko && (suicide_allowed || board.breathes(i, code))
            };
            legal[(i / 64) & 15] |= u64::from(ok) << (i % 64);
        }
        for (w, &word) in legal
            .iter()
            .enumerate()
            .take(board.cell_count().div_ceil(64))
        {
            let mut bits = word;
            while bits != 0 {
                let i = w * 64 + bits.trailing_zeros() as usize;
                f(Move::Play(board.point(i)));
                bits &= bits - 1;
            }
        }
        f(Move::Pass);
    }

    /// The effect of the playout candidate at position `k` of the board's
    /// empty-point list, when the side to move may play there and it fills none of
    /// its own eyes (for playouts); `None` otherwise.
    #[inline]
    pub(crate) fn playout_candidate(&self, k: usize) -> Option<Effect> {
        let code = board::stone(self.to_move);
        self.board
            .playout_effect(k, code, move |e| self.allows(code, e))
    }

    /// [`Game::legal_effect`] without the reason: no error is built for the
    /// refused candidates of a playout.
    #[inline]
    pub(crate) fn allows(&self, code: u8, e: &Effect) -> bool {
        if e.suicide && self.rules.suicide() == Suicide::Forbidden {
            return false;
        }
        match self.rules.ko() {
            KoRule::None => true,
            KoRule::Simple => e.cell != self.ko || self.ko == 0,
            KoRule::PositionalSuperko | KoRule::SituationalSuperko => {
                self.repeated_position(code, e).is_none()
            }
        }
    }
}
