//! A game: set up, moves checked and played, the record, undo and restart.

use alloc::vec::Vec;
use core::fmt;

use crate::board::{Board, LANES};
use crate::error::{GameError, IllegalMove, ParseError, UndoError};
use crate::event::{Event, Named, Observer};
use crate::history::{History, keys, mix, raw_hash};
use crate::moves::{Direction, Move, MoveList};
use crate::player::Player;
use crate::position::Position;
use crate::report::Report;
use crate::rules::Rules;
use crate::score::{Outcome, Score};
use crate::setup::Setup;
use crate::sowing::{Capturing, Sown};
use crate::square::Square;

/// A game of Ô ăn quan under some [`Rules`], from a [`Setup`]: the standard start,
/// or any position.
///
/// The player to move always has a legal move while the game runs: an empty row is
/// refilled at the start of its owner's turn (Q4), or the game ends.
///
/// ```
/// use o_an_quan::{Game, Rules, Setup};
/// let mut game = Game::new(Rules::default(), Setup::default())?;
/// let report = game.play("A5R".parse()?)?;     // A empties A5 to the right,
/// assert_eq!(report.pick_ups, 2);               // relays from B5,
/// assert_eq!(report.quan_captured, 1);          // and captures QB's quan
/// assert_eq!(game.to_move().to_string(), "B");
/// game.undo()?;
/// assert_eq!(game, Game::new(Rules::default(), Setup::default())?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Game {
    pub(crate) rules: Rules,
    pub(crate) capturing: Capturing,
    pub(crate) setup: Setup,
    /// The setup's position, for restarts.
    pub(crate) start: Position,
    /// `raw` and `filled` of the start position, for restarts.
    pub(crate) start_marks: (u64, u64),
    /// The names of the ring's squares, by ring index.
    pub(crate) names: &'static [Square; LANES],
    /// Moves this game may play before the move limit ends it (Q9; the setup's
    /// earlier turns count), `usize::MAX` if there is no limit.
    pub(crate) move_limit: usize,
    pub(crate) pos: Position,
    pub(crate) moves: Vec<Move>,
    /// The hashes of the positions that started each turn, the setup's history
    /// first (Q9).
    pub(crate) history: History,
    pub(crate) outcome: Option<Outcome>,
    /// Whether turns are recorded for the repetition rule (off only in the scratch
    /// games that verify a repetition by replaying the record).
    pub(crate) track: bool,
    /// The repetition hash of the position, kept up to date move by move.
    pub(crate) raw: u64,
    /// The ring bits of the squares holding stones, kept up to date move by move
    /// (the random move and the empty-row test read it instead of the counts).
    pub(crate) filled: u64,
}

impl Game {
    /// A game under `rules` from `setup`. The first turn starts as any turn does:
    /// the player to move refills an empty row (Q4), and the game may already be
    /// over.
    ///
    /// # Errors
    /// [`GameError::Rules`] for invalid rules ([`Rules::validate`]);
    /// [`GameError::Setup`] for a setup that does not fit them
    /// ([`Setup::validate`]).
    pub fn new(rules: Rules, setup: Setup) -> Result<Game, GameError> {
        rules.validate()?;
        let start = setup.position(&rules)?;
        let limit = rules.move_limit().map_or(usize::MAX, |n| n as usize);
        let mut game = Game {
            rules,
            capturing: Capturing {
                young_quan: rules.young_quan().map_or(0, u16::from),
                quan_gap: rules.quan_square_gap(),
            },
            start_marks: (raw_hash(&start), start.board.filled()),
            names: Square::names(start.board.row),
            move_limit: limit.saturating_sub(setup.history.len()),
            pos: start.clone(),
            start,
            moves: Vec::new(),
            history: History::default(),
            outcome: None,
            track: true,
            raw: 0,
            filled: 0,
            setup,
        };
        game.restart();
        Ok(game)
    }

    /// The game that `moves` make from `setup`.
    ///
    /// # Errors
    /// As [`Game::new`], and [`GameError::Replay`] for the first move refused,
    /// with its index in `moves` (0-based) and why.
    pub fn replay(rules: Rules, setup: Setup, moves: &[Move]) -> Result<Game, GameError> {
        let mut game = Game::new(rules, setup)?;
        for (number, &mv) in moves.iter().enumerate() {
            game.play(mv)
                .map_err(|error| GameError::Replay { number, mv, error })?;
        }
        Ok(game)
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The setup the game started from.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The ring now.
    pub fn board(&self) -> &Board {
        &self.pos.board
    }

    /// Whose turn it is (after the game ends: who would have been next).
    pub fn to_move(&self) -> Player {
        self.pos.to_move
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// How many moves have been played.
    pub fn move_count(&self) -> usize {
        self.moves.len()
    }

    /// How the game ended, if it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// The score now (Q5): final once the game is over, before that what each
    /// player has captured (the stones in their squares are collected only at the end).
    pub fn score(&self) -> Score {
        Score::of(&self.pos, self.rules.quan_value())
    }

    /// Reads a move in full notation (`A3R`) or short notation relative to the
    /// player to move (`3R` is the third square of the mover's own row).
    ///
    /// # Errors
    /// [`ParseError::Move`] if it is neither.
    pub fn parse_move(&self, text: &str) -> Result<Move, ParseError> {
        if let Ok(mv) = text.parse() {
            return Ok(mv);
        }
        let t = text.trim();
        let split = t
            .find(|c: char| !c.is_ascii_digit())
            .ok_or(ParseError::Move)?;
        let n: u8 = t[..split].parse().map_err(|_| ParseError::Move)?;
        let direction: Direction = t[split..].parse().map_err(|_| ParseError::Move)?;
        if n == 0 {
            return Err(ParseError::Move);
        }
        Ok(Move::new(Square::small(self.pos.to_move, n), direction))
    }

    /// Checks that `mv` can be played now.
    ///
    /// # Errors
    /// [`IllegalMove::GameOver`], [`IllegalMove::NoSuchSquare`],
    /// [`IllegalMove::QuanSquare`], [`IllegalMove::NotYourSquare`] or
    /// [`IllegalMove::EmptySquare`], in that order of precedence.
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        self.start_index(mv).map(|_| ())
    }

    /// Whether `mv` can be played now: `check(mv).is_ok()`.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.start_index(mv).is_ok()
    }

    fn start_index(&self, mv: Move) -> Result<usize, IllegalMove> {
        if self.outcome.is_some() {
            return Err(IllegalMove::GameOver);
        }
        let sq = mv.square;
        let i = self
            .pos
            .board
            .index(sq)
            .ok_or(IllegalMove::NoSuchSquare(sq))?;
        if sq.is_quan() {
            return Err(IllegalMove::QuanSquare(sq));
        }
        let player = self.pos.to_move;
        if self.pos.owned[player.index()] >> i & 1 == 0 {
            let owner = self.pos.owner_at(i).unwrap_or(player);
            return Err(IllegalMove::NotYourSquare {
                square: sq,
                owner,
                player,
            });
        }
        if self.pos.board.counts[i] == 0 {
            return Err(IllegalMove::EmptySquare(sq));
        }
        Ok(i)
    }

    /// Every legal move: for each non-empty square of the mover, in ring order,
    /// `Left` then `Right`. Empty once the game is over. No heap allocation.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        if self.outcome.is_some() {
            return list;
        }
        for i in bits(self.pos.owned[self.pos.to_move.index()] & self.filled) {
            let sq = self.pos.board.square(i);
            for direction in Direction::ALL {
                // Never full: a player owns at most every small square.
                let _ = list.try_push(Move::new(sq, direction));
            }
        }
        list
    }

    /// Plays `mv`: sowing, relays and captures (Q2, Q3), then the end check (Q5) or
    /// the next player's turn with any refill (Q4) and the repetition count (Q9).
    /// No heap allocation beyond the game record.
    ///
    /// # Errors
    /// As [`Game::check`]; the game is then unchanged.
    pub fn play(&mut self, mv: Move) -> Result<Report, IllegalMove> {
        let start = self.start_index(mv)?;
        Ok(self.play_index(start, mv.direction, &mut ()))
    }

    /// Plays `mv` as [`Game::play`] does, giving each step to `observer` as it
    /// happens: every pick-up, drop and capture, where the sowing stopped, then the
    /// next player's loan and refill, or the end and the stones collected (see
    /// [`Event`]). Returns the same report as `play`. No heap allocation beyond
    /// the game record.
    ///
    /// ```
    /// use o_an_quan::{Event, Game, Rules, Setup};
    /// let mut game = Game::new(Rules::default(), Setup::default())?;
    /// let mut events = Vec::new();
    /// let report = game.play_traced("A1R".parse()?, &mut |event| events.push(event))?;
    /// assert_eq!(events[0], Event::PickUp { square: "A1".parse()?, stones: 5 });
    /// let drops = events.iter().filter(|e| matches!(e, Event::Drop { .. })).count();
    /// assert_eq!(drops as u32, report.sown);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`Game::check`]; the game is then unchanged and the observer not called.
    pub fn play_traced(
        &mut self,
        mv: Move,
        observer: &mut impl FnMut(Event),
    ) -> Result<Report, IllegalMove> {
        let start = self.start_index(mv)?;
        let mut named = Named {
            row: self.pos.board.row,
            observer,
        };
        Ok(self.play_index(start, mv.direction, &mut named))
    }

    /// Plays the move from ring square `start`, known to be legal.
    pub(crate) fn play_index<O: Observer>(
        &mut self,
        start: usize,
        direction: Direction,
        obs: &mut O,
    ) -> Report {
        let player = self.pos.to_move;
        let mv = Move::new(self.names[start & (LANES - 1)], direction);
        let sown = self.pos.sow(
            self.capturing,
            start,
            direction == Direction::Right,
            &mut self.raw,
            &mut self.filled,
            obs,
        );
        self.moves.push(mv);
        let mut report = Report::from_sown(player, mv, sown);
        if !self.check_end(&mut report, obs) {
            let next = player.next(self.pos.board.players());
            self.pos.to_move = next;
            self.raw = self
                .raw
                .wrapping_sub(keys::TO_MOVE[player.index()])
                .wrapping_add(keys::TO_MOVE[next.index()]);
            self.begin_turn(&mut report, obs);
        }
        report
    }

    /// Takes back the last move.
    ///
    /// # Errors
    /// [`UndoError::TooFew`] if no move has been played.
    pub fn undo(&mut self) -> Result<Move, UndoError> {
        let last = *self.moves.last().ok_or(UndoError::TooFew { played: 0 })?;
        self.undo_many(1)?;
        Ok(last)
    }

    /// Takes back the last `count` moves (all or nothing).
    ///
    /// # Errors
    /// [`UndoError::TooFew`] if fewer have been played; nothing changes then.
    pub fn undo_many(&mut self, count: usize) -> Result<(), UndoError> {
        let played = self.moves.len();
        if count > played {
            return Err(UndoError::TooFew { played });
        }
        if count == 0 {
            return Ok(());
        }
        self.rewind(played - count);
        Ok(())
    }

    /// Goes back to the start of this game's turn `turn` (after `turn` of its
    /// moves) by replaying the record up to it.
    pub(crate) fn rewind(&mut self, turn: usize) {
        let moves = core::mem::take(&mut self.moves);
        self.restart();
        for &mv in &moves[..turn] {
            self.play_known(mv, &mut ());
        }
    }

    /// Plays a move of the record, known to be legal.
    pub(crate) fn play_known<O: Observer>(&mut self, mv: Move, obs: &mut O) {
        let i = self.pos.board.index(mv.square).unwrap_or(0);
        self.play_index(i, mv.direction, obs);
    }

    /// Starts this game again from its setup, keeping its memory (for playout
    /// loops).
    pub fn restart(&mut self) {
        self.restart_observed(&mut ());
    }

    /// [`Game::restart`], the first turn's steps (a refill, a loan) given to `obs`.
    #[inline(always)]
    pub(crate) fn restart_observed<O: Observer>(&mut self, obs: &mut O) {
        self.pos.clone_from(&self.start);
        (self.raw, self.filled) = self.start_marks;
        self.moves.clear();
        self.history.clear();
        if self.track && !self.setup.history.is_empty() {
            for earlier in &self.setup.history {
                self.history.record(mix(raw_hash(earlier)));
            }
        }
        self.outcome = None;
        let mut report = Report::from_sown(
            self.pos.to_move,
            Move::new(Square::small(self.pos.to_move, 1), Direction::Left),
            Sown::none(),
        );
        if !self.check_end(&mut report, obs) {
            self.begin_turn(&mut report, obs);
        }
    }
}

/// The ring indices of the set bits of `mask`, lowest first.
pub(crate) fn bits(mut mask: u64) -> impl Iterator<Item = usize> {
    core::iter::from_fn(move || {
        if mask == 0 {
            None
        } else {
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            Some(i)
        }
    })
}

impl Clone for Game {
    fn clone(&self) -> Game {
        Game {
            rules: self.rules,
            capturing: self.capturing,
            setup: self.setup.clone(),
            start: self.start.clone(),
            start_marks: self.start_marks,
            names: self.names,
            move_limit: self.move_limit,
            pos: self.pos.clone(),
            moves: self.moves.clone(),
            history: self.history.clone(),
            outcome: self.outcome,
            track: self.track,
            raw: self.raw,
            filled: self.filled,
        }
    }

    /// Reuses this game's memory (for playout loops).
    fn clone_from(&mut self, source: &Game) {
        self.rules = source.rules;
        self.capturing = source.capturing;
        self.setup.clone_from(&source.setup);
        self.start.clone_from(&source.start);
        self.start_marks = source.start_marks;
        self.names = source.names;
        self.move_limit = source.move_limit;
        self.pos.clone_from(&source.pos);
        self.moves.clone_from(&source.moves);
        self.history.clone_from(&source.history);
        self.outcome = source.outcome;
        self.track = source.track;
        self.raw = source.raw;
        self.filled = source.filled;
    }
}

impl PartialEq for Game {
    /// Same rules, same setup, same moves (and so the same everything).
    fn eq(&self, other: &Game) -> bool {
        self.rules == other.rules && self.moves == other.moves && self.setup == other.setup
    }
}

impl Eq for Game {}

impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Game")
            .field("rules", &self.rules)
            .field("position", &self.pos)
            .field("moves", &self.moves.len())
            .field("outcome", &self.outcome)
            .finish()
    }
}

impl fmt::Display for Game {
    /// The position's picture and lines, then the result once the game is over.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.pos)?;
        if let Some(o) = self.outcome {
            writeln!(f, "{o}: {}", self.score())?;
        }
        Ok(())
    }
}
