//! Superko (ruling G6): the positions a move would repeat, found by hash and
//! verified board against board, so that a hash collision never refuses a legal
//! move.

use crate::board::{self, EMPTY, Effect, MAX_CELLS};
use crate::game::Game;
use crate::moves::Move;
use crate::player::Color;
use crate::rules::KoRule;
use crate::zobrist;

/// A board hash with the side to move folded in.
#[inline]
pub(super) fn side_key(hash: u64, to_move: Color) -> u64 {
    match to_move {
        Color::Black => hash,
        Color::White => hash ^ zobrist::WHITE_TO_MOVE,
    }
}

impl Game {
    /// The key of a position in the superko table: the board hash, with the side
    /// to move folded in under situational superko.
    #[inline]
    pub(crate) fn key_for(&self, hash: u64, to_move: Color) -> u64 {
        match self.rules.ko() {
            KoRule::SituationalSuperko => side_key(hash, to_move),
            _ => hash,
        }
    }

    /// The colour to move in position `i` (moves strictly alternate).
    #[inline]
    pub(super) fn to_move_at(&self, i: usize) -> Color {
        if i.is_multiple_of(2) {
            self.setup.to_move
        } else {
            self.setup.to_move.opponent()
        }
    }

    /// A position that a move would repeat under the superko rule in force,
    /// verified board against board: the earliest such when the table is searched,
    /// the present position for a lone stone's suicide.
    #[inline]
    pub(super) fn repeated_position(&self, code: u8, e: &Effect) -> Option<usize> {
        if !e.suicide && self.stones_on_board() + 1 - u32::from(e.captured) > self.max_stones {
            return None;
        }
        if e.suicide && e.lone_suicide() && self.rules.ko() == KoRule::PositionalSuperko {
            // A stone that dies alone leaves the board as it is now: no need to look.
            return Some(self.steps.len());
        }
        let next = self.to_move.opponent();
        let key = self.key_for(self.board.hash_after(code, e), next);
        if !self.positions.contains(key) {
            return None;
        }
        self.verify_repeat(code, e, key)
    }

    /// The earliest earlier position whose key is `key` and whose board (and
    /// player to move, under situational superko) equals the board after the move.
    #[cold]
    #[inline(never)]
    fn verify_repeat(&self, code: u8, e: &Effect, key: u64) -> Option<usize> {
        let next = self.to_move.opponent();
        let mut found: Option<usize> = None;
        let mut after: Option<[u8; MAX_CELLS]> = None;
        for j in self.positions.find(key) {
            if found.is_some_and(|f| f <= j) {
                continue;
            }
            if self.rules.ko() == KoRule::SituationalSuperko && self.to_move_at(j) != next {
                continue;
            }
            let after = after.get_or_insert_with(|| self.colors_after(code, e));
            if self.colors_at(j)[..] == after[..] {
                found = Some(j);
            }
        }
        found
    }

    /// Whether some position of this game has the key `key` (as
    /// [`Game::key_for`] makes it), the board `colors` (one entry per cell) and,
    /// under situational superko, `next` to move: a light playout from this
    /// game's position asks it of the positions before the playout.
    pub(crate) fn has_position(&self, key: u64, next: Color, colors: &[u8]) -> bool {
        if !self.positions.contains(key) {
            return false;
        }
        self.positions.find(key).any(|j| {
            (self.rules.ko() != KoRule::SituationalSuperko || self.to_move_at(j) == next)
                && self.colors_at(j)[..colors.len()] == *colors
        })
    }

    /// What a light playout from here needs of the game besides the board: the
    /// simple-ko cell (0 for none), the passes in a row, and the most stones any
    /// position so far had.
    pub(crate) fn playout_state(&self) -> (u16, u8, u32) {
        (self.ko, self.passes, self.max_stones)
    }

    #[inline]
    pub(super) fn stones_on_board(&self) -> u32 {
        (self.board.count(Color::Black) + self.board.count(Color::White)) as u32
    }

    /// The cell colours after playing `code` with effect `e`.
    fn colors_after(&self, code: u8, e: &Effect) -> [u8; MAX_CELLS] {
        let i = usize::from(e.cell);
        let mut out = [board::EDGE; MAX_CELLS];
        for (c, o) in out.iter_mut().enumerate().take(self.board.cell_count()) {
            *o = self.board.color_at(c);
        }
        out[i] = code;
        let mut heads = [usize::MAX; 4];
        for (n, q) in self.board.neighbours(i).into_iter().enumerate() {
            let cq = self.board.color_at(q);
            if cq != board::BLACK && cq != board::WHITE {
                continue;
            }
            let h = self.board.head(q);
            if heads.contains(&h) {
                continue;
            }
            heads[n] = h;
            let remove = if cq == code {
                e.suicide
            } else {
                self.board.in_atari_at(h, i)
            };
            if remove {
                for s in self.board.chain_cells(h) {
                    out[s] = EMPTY;
                }
            }
        }
        if e.suicide {
            out[i] = EMPTY;
        }
        out
    }

    /// The cell colours of position `j`, found by walking the history back.
    fn colors_at(&self, j: usize) -> [u8; MAX_CELLS] {
        let mut out = [board::EDGE; MAX_CELLS];
        for (c, o) in out.iter_mut().enumerate().take(self.board.cell_count()) {
            *o = self.board.color_at(c);
        }
        for s in self.steps[j..].iter().rev() {
            let Move::Play(p) = s.mv else { continue };
            let code = board::stone(s.color);
            let (opp, own) = self.removed_by(s).split_at(s.captured as usize);
            for &c in own {
                out[c as usize] = code;
            }
            out[self.board.index(p)] = EMPTY;
            for &c in opp {
                out[c as usize] = code ^ 3;
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use crate::board::BLACK;
    use crate::{Color, Game, Move, Point, Rules, Setup};

    #[test]
    fn has_position_compares_the_board_and_the_player_to_move() {
        // The key only says where to look: a board with a key of the game's but
        // other stones is not one of its positions (as after a hash collision),
        // nor, under situational superko, the same board with the other player to
        // move.
        for rules in [Rules::tromp_taylor(), Rules::new_zealand()] {
            let mut g = Game::new(rules, Setup::new(5, 5)).unwrap();
            g.play(Move::Play(Point::new(2, 2).unwrap())).unwrap();
            let next = g.to_move();
            let key = g.key_for(g.hash(), next);
            let now = &g.colors_at(g.steps.len())[..g.board.cell_count()];
            assert!(g.has_position(key, next, now));
            let empty = now.iter().position(|&c| c == crate::board::EMPTY).unwrap();
            let mut other = now.to_vec();
            other[empty] = BLACK;
            assert!(!g.has_position(key, next, &other));
            let situational = rules == Rules::new_zealand();
            assert_eq!(g.has_position(key, next.opponent(), now), !situational);
            assert_eq!(next, Color::White);
        }
    }
}
