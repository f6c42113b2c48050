//! The repetition count (ruling Q9): how often a turn's starting position has
//! occurred. The hash table ([`History`](crate::history::History)) finds the
//! candidates; they are confirmed by comparing the positions themselves, those of
//! the setup's history as stored, those of this game by replaying its record.

use alloc::vec::Vec;

use crate::game::Game;
use crate::history::{mix, raw_hash};
use crate::position::Position;
use crate::setup::Setup;

impl Game {
    /// The repetition hash of the position as the game keeps it, move by move
    /// (`None` once the game is over: the stones collected at the end are not
    /// counted in). A test helper, not part of the API: fuzzing and tests compare
    /// it with [`Position::repetition_hash`], computed from scratch.
    #[doc(hidden)]
    pub fn running_repetition_hash(&self) -> Option<u64> {
        (!self.is_over()).then(|| mix(self.raw))
    }

    /// The repetition hash recorded for turn `turn` (counting the setup's history
    /// first), `None` past the last turn started. A test helper, not part of the
    /// API: compare with [`Position::repetition_hash`] of the position that
    /// started that turn.
    #[doc(hidden)]
    pub fn turn_repetition_hash(&self, turn: usize) -> Option<u64> {
        self.history.hash(turn)
    }

    /// How many times the position at the start of the latest turn has occurred
    /// at the start of a turn, this one included (Q9), counting the setup's
    /// history; 0 if no turn has started.
    pub fn occurrences(&self) -> u32 {
        let Some(turn) = self.history.len().checked_sub(1) else {
            return 0;
        };
        let prior = self.setup.history.len();
        if turn < prior {
            return 1 + self.earlier_equal(turn, &self.setup.history[turn]);
        }
        if turn - prior == self.moves.len() && !self.is_over() {
            return 1 + self.earlier_equal(turn, &self.pos);
        }
        // The game is over (its rows collected): the turn's position again.
        let mut scratch = self.scratch();
        scratch.restart();
        for &mv in &self.moves[..turn - prior] {
            scratch.play_known(mv, &mut ());
        }
        1 + self.earlier_equal(turn, &scratch.pos)
    }

    /// How many turns before `turn` started from `target`, the position that
    /// started `turn`. Only turns with an equal hash are compared: those of the
    /// setup's history as stored, those of this game by replaying the record.
    pub(crate) fn earlier_equal(&self, turn: usize, target: &Position) -> u32 {
        let Some(hash) = self.history.hash(turn) else {
            return 0;
        };
        let same_hash = |t: usize| self.history.hash(t) == Some(hash);
        if !(0..turn).any(same_hash) {
            return 0;
        }
        let prior = &self.setup.history;
        let mut count = 0;
        for (t, earlier) in prior.iter().enumerate().take(turn) {
            if same_hash(t) && earlier == target {
                count += 1;
            }
        }
        if turn > prior.len() {
            let mut scratch = self.scratch();
            scratch.restart();
            for t in prior.len()..turn {
                if same_hash(t) && scratch.pos == *target {
                    count += 1;
                }
                scratch.play_known(self.moves[t - prior.len()], &mut ());
            }
        }
        count
    }

    /// This game before its start (to be [restarted](Game::restart)), recording
    /// nothing (no repetition count, no setup records): for replaying the record.
    pub(crate) fn scratch(&self) -> Game {
        Game {
            rules: self.rules,
            capturing: self.capturing,
            // Only the position is replayed: the setup's records stay behind.
            setup: Setup {
                board: self.start.board.clone(),
                owners: Vec::new(),
                stores: Vec::new(),
                quan_taken: Vec::new(),
                loans: Vec::new(),
                to_move: self.start.to_move,
                history: Vec::new(),
            },
            start: self.start.clone(),
            start_marks: self.start_marks,
            names: self.names,
            move_limit: self.move_limit,
            pos: self.start.clone(),
            moves: Vec::new(),
            history: crate::history::History::default(),
            outcome: None,
            track: false,
            raw: 0,
            filled: 0,
        }
    }
}

impl Position {
    /// The repetition hash of this position (ruling Q9), computed from scratch
    /// from the ring, the stores, the quan taken, the loans and the player to
    /// move. A test helper, not part of the API: the game keeps the same hash
    /// move by move ([`Game::running_repetition_hash`]).
    #[doc(hidden)]
    pub fn repetition_hash(&self) -> u64 {
        mix(raw_hash(self))
    }
}
