//! A game: moves checked and played, turns passed on with refills and loans
//! (ruling Q4), the end (Q5, Q9), the record, undo.

use alloc::vec::Vec;
use core::fmt;

use crate::board::{Board, LANES, Player, Square};
use crate::error::{GameError, IllegalMove, ParseError, UndoError};
use crate::history::{History, keys, mix, raw_hash};
use crate::moves::{Direction, Move, MoveList};
use crate::position::Position;
use crate::rules::{EndRule, Rules};
use crate::score::{EndReason, Outcome, Score};
use crate::sowing::{Capturing, Sown};
use crate::trace::{Observer, RawEvent, Recorder, Report, Trace};

/// A game of Ô ăn quan under some [`Rules`], from the start or from any position.
///
/// The player to move always has a legal move while the game runs: an empty row is
/// refilled at the start of its owner's turn (Q4), or the game ends.
///
/// ```
/// use o_an_quan::{Game, Rules};
/// let mut game = Game::new(Rules::default())?;
/// let report = game.play("A5R".parse()?)?;     // A empties A5 to the right,
/// assert_eq!(report.pick_ups, 2);               // relays from B5,
/// assert_eq!(report.quan_captured, 1);          // and captures QB's quan
/// assert_eq!(game.to_move().to_string(), "B");
/// game.undo()?;
/// assert_eq!(game, Game::new(Rules::default())?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Game {
    rules: Rules,
    capturing: Capturing,
    start: Position,
    /// `raw` and `filled` of the start position, for restarts.
    start_marks: (u64, u64),
    /// The names of the ring's squares, by ring index.
    names: &'static [Square; LANES],
    /// The move limit (Q9), `usize::MAX` if none.
    move_limit: usize,
    pos: Position,
    moves: Vec<Move>,
    history: History,
    outcome: Option<Outcome>,
    /// Whether turns are recorded for the repetition rule (off only in the scratch
    /// games that verify a repetition by replaying the record).
    track: bool,
    /// The repetition hash of the position, kept up to date move by move.
    raw: u64,
    /// The ring bits of the squares holding stones, kept up to date move by move
    /// (the random move and the empty-row test read it instead of the counts).
    filled: u64,
}

impl Game {
    /// A new game from the starting position, A to move.
    ///
    /// # Errors
    /// [`GameError::Rules`] for invalid rules.
    pub fn new(rules: Rules) -> Result<Game, GameError> {
        Game::with_first_player(rules, Player::A)
    }

    /// A new game from the starting position, `first` to move (the source lets
    /// rock–paper–scissors decide).
    ///
    /// # Errors
    /// [`GameError::Rules`] for invalid rules; [`GameError::Position`] if `first`
    /// is not playing.
    pub fn with_first_player(rules: Rules, first: Player) -> Result<Game, GameError> {
        rules.validate()?;
        Game::from_position(rules, Position::start(&rules).with_to_move(first))
    }

    /// A game going on from `position`. The turn starts as any turn does: the
    /// player to move refills an empty row (Q4), and the game may already be over.
    ///
    /// # Errors
    /// [`GameError::Rules`] for invalid rules; [`GameError::Position`] for a position
    /// that does not fit them ([`Position::validate`]).
    pub fn from_position(rules: Rules, position: Position) -> Result<Game, GameError> {
        rules.validate()?;
        position.validate(&rules)?;
        let mut game = Game {
            rules,
            capturing: Capturing {
                young_quan: rules.young_quan().map_or(0, u16::from),
                quan_gap: rules.quan_square_gap(),
            },
            start: position.clone(),
            start_marks: (raw_hash(&position), position.board.filled()),
            names: Square::names(position.board.row),
            move_limit: rules.move_limit().map_or(usize::MAX, |n| n as usize),
            pos: position,
            moves: Vec::new(),
            history: History::default(),
            outcome: None,
            track: true,
            raw: 0,
            filled: 0,
        };
        game.raw = raw_hash(&game.pos);
        game.filled = game.pos.board.filled();
        let mut report = game.blank_report();
        if !game.check_end(&mut report, &mut ()) {
            game.begin_turn(&mut report, &mut ());
        }
        Ok(game)
    }

    /// Replays `moves` from `start`.
    ///
    /// # Errors
    /// As [`Game::from_position`], and [`GameError::Replay`] naming the first
    /// illegal move.
    pub fn replay(rules: Rules, start: Position, moves: &[Move]) -> Result<Game, GameError> {
        let mut game = Game::from_position(rules, start)?;
        for (k, &mv) in moves.iter().enumerate() {
            game.play(mv).map_err(|error| GameError::Replay {
                number: k + 1,
                mv,
                error,
            })?;
        }
        Ok(game)
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The ring now.
    pub fn board(&self) -> &Board {
        &self.pos.board
    }

    /// The position the game started from.
    pub fn start_position(&self) -> &Position {
        &self.start
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

    /// The ring bits of the squares holding stones.
    pub(crate) fn filled_squares(&self) -> u64 {
        self.filled
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

    /// How many times the position at the start of the latest turn has occurred
    /// at the start of a turn, this one included (Q9); 0 if no turn has started.
    pub fn occurrences(&self) -> u32 {
        match self.history.len().checked_sub(1) {
            Some(turn) => 1 + self.earlier_equal(turn),
            None => 0,
        }
    }

    /// How many turns before `turn` started from the same position as it, found by
    /// replaying the record and comparing positions (only turns with an equal hash
    /// are compared).
    fn earlier_equal(&self, turn: usize) -> u32 {
        let Some(hash) = self.history.hash(turn) else {
            return 0;
        };
        if (0..turn).all(|t| self.history.hash(t) != Some(hash)) {
            return 0;
        }
        let mut target = self.clone();
        if target.moves.len() > turn {
            target.rewind(turn);
        }
        let mut scratch = Game {
            rules: self.rules,
            capturing: self.capturing,
            start: self.start.clone(),
            start_marks: self.start_marks,
            names: self.names,
            move_limit: self.move_limit,
            pos: self.start.clone(),
            moves: Vec::new(),
            history: History::default(),
            outcome: None,
            track: false,
            raw: 0,
            filled: 0,
        };
        scratch.restart();
        let mut count = 0;
        for t in 0..turn {
            if self.history.hash(t) == Some(hash) && scratch.pos == target.pos {
                count += 1;
            }
            let i = scratch.pos.board.index(self.moves[t].square).unwrap_or(0);
            scratch.play_index(i, self.moves[t].direction, &mut ());
        }
        count
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

    /// Whether `mv` can be played now.
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
            let owner = self.pos.owner(sq).unwrap_or(player);
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
        let mut mask = self.pos.owned[self.pos.to_move.index()];
        while mask != 0 {
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            if self.pos.board.counts[i] > 0 {
                let sq = self.pos.board.square(i);
                list.push(Move::new(sq, Direction::Left));
                list.push(Move::new(sq, Direction::Right));
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
        self.play_observed(mv, &mut ())
    }

    /// Plays `mv` as [`Game::play`] does and returns every step as well.
    ///
    /// # Errors
    /// As [`Game::check`]; the game is then unchanged.
    pub fn play_traced(&mut self, mv: Move) -> Result<Trace, IllegalMove> {
        let mut rec = Recorder {
            row: self.pos.board.row,
            events: Vec::new(),
        };
        let report = self.play_observed(mv, &mut rec)?;
        Ok(Trace {
            report,
            events: rec.events,
        })
    }

    fn play_observed<O: Observer>(&mut self, mv: Move, obs: &mut O) -> Result<Report, IllegalMove> {
        let start = self.start_index(mv)?;
        Ok(self.play_index(start, mv.direction, obs))
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

    fn blank_report(&self) -> Report {
        Report::from_sown(
            self.pos.to_move,
            Move::new(Square::small(self.pos.to_move, 1), Direction::Left),
            Sown::none(),
        )
    }

    /// Ends the game if the end rule (Q5) or the move limit (Q9) says so.
    fn check_end<O: Observer>(&mut self, report: &mut Report, obs: &mut O) -> bool {
        let b = &self.pos.board;
        let quan_gone = b.quan == 0;
        let reason = match self.rules.end_rule() {
            EndRule::QuanCaptured if quan_gone => Some(EndReason::QuanCaptured),
            EndRule::QuanSquaresEmpty if quan_gone && b.quan_squares & self.filled == 0 => {
                Some(EndReason::QuanSquaresEmpty)
            }
            _ if self.moves.len() >= self.move_limit => Some(EndReason::MoveLimit),
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
    fn begin_turn<O: Observer>(&mut self, report: &mut Report, obs: &mut O) {
        let player = self.pos.to_move;
        let p = player.index();
        let owned = self.pos.owned[p];
        // A fold over the whole row rather than an early exit: the row's length is
        // fixed, so the loop never mispredicts.
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
                    self.finish(EndReason::NoLender { borrower: player }, report, obs);
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
            && self.earlier_equal(self.history.len() - 1) >= 2
        {
            self.finish(EndReason::Repetition, report, obs);
        }
    }

    /// Ends the game: each player collects the stones left in their own squares (Q5).
    fn finish<O: Observer>(&mut self, reason: EndReason, report: &mut Report, obs: &mut O) {
        obs.event(RawEvent::GameOver(reason));
        for p in 0..self.pos.board.players() {
            let player = Player::new(p).unwrap_or(Player::A);
            let owned = self.pos.owned[p];
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
        self.outcome = Some(Outcome {
            reason,
            leaders: self.score().leaders(),
        });
        report.game_over = Some(reason);
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

    /// Goes back to the start of turn `turn` by replaying the record up to it.
    fn rewind(&mut self, turn: usize) {
        let moves = core::mem::take(&mut self.moves);
        self.restart();
        for &mv in &moves[..turn] {
            let i = self.pos.board.index(mv.square).unwrap_or(0);
            self.play_index(i, mv.direction, &mut ());
        }
    }

    /// Starts this game again from its start position, keeping its memory (for
    /// playout loops).
    pub fn restart(&mut self) {
        self.pos.clone_from(&self.start);
        (self.raw, self.filled) = self.start_marks;
        self.moves.clear();
        self.history.clear();
        self.outcome = None;
        let mut report = self.blank_report();
        if !self.check_end(&mut report, &mut ()) {
            self.begin_turn(&mut report, &mut ());
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

impl Report {
    fn from_sown(player: Player, mv: Move, s: Sown) -> Report {
        Report {
            player,
            mv,
            pick_ups: s.pick_ups,
            sown: s.sown,
            captures: s.captures,
            stones_captured: s.stones,
            quan_captured: s.quan,
            stop: s.stop,
            refill: false,
            borrowed: 0,
            game_over: None,
        }
    }
}

impl Clone for Game {
    fn clone(&self) -> Game {
        Game {
            rules: self.rules,
            capturing: self.capturing,
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
    /// Same rules, same start, same moves (and so the same everything).
    fn eq(&self, other: &Game) -> bool {
        self.rules == other.rules && self.start == other.start && self.moves == other.moves
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
            let score = self.score();
            match o.winner() {
                Some(w) => writeln!(f, "{w} wins ({}): {score}", o.reason)?,
                None => writeln!(f, "draw ({}): {score}", o.reason)?,
            }
        }
        Ok(())
    }
}

/// The serialised form of a game: rules, start position and moves, replayed (and
/// so checked) on the way in.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct GameData {
    rules: Rules,
    start: Position,
    moves: Vec<Move>,
}

#[cfg(feature = "serde")]
impl serde::Serialize for Game {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        GameData {
            rules: self.rules,
            start: self.start.clone(),
            moves: self.moves.clone(),
        }
        .serialize(s)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Game {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Game, D::Error> {
        let data = GameData::deserialize(d)?;
        Game::replay(data.rules, data.start, &data.moves).map_err(serde::de::Error::custom)
    }
}
