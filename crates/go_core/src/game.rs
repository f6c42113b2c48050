//! A game of Go: the board, whose turn it is, the full history, and the rules that
//! decide which moves are legal (rulings G4–G6, G9).

use alloc::vec::Vec;
use core::fmt;

use crate::board::{self, Board, EMPTY, Effect, MAX_CELLS};
use crate::error::{GameError, IllegalMove, SetupError, UndoError};
use crate::moves::{Move, MoveList};
use crate::point::{Color, Point};
use crate::positions::PositionTable;
use crate::rules::{KoRule, Rules, Suicide};
use crate::zobrist;

/// One move of the history, with what it removed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Record {
    color: Color,
    mv: Move,
    /// Offset of this move's removed cells in `Game::removed`.
    start: u32,
    /// Opponent stones captured.
    captured: u32,
    /// Own stones removed by self-capture.
    self_captured: u32,
    /// The cell a simple-ko recapture is forbidden on after this move (0 = none).
    ko_after: u16,
}

/// What a move did, returned by [`Game::play`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MoveReport {
    /// Who moved.
    pub color: Color,
    /// The move.
    pub mv: Move,
    /// Opponent stones captured (the points: [`Game::last_captures`]).
    pub captured: u32,
    /// The mover's own stones removed by self-capture (G5).
    pub self_captured: u32,
    /// The game ended with this move (second pass in a row, or resignation).
    pub game_over: bool,
}

/// How a finished game ended, before counting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Outcome {
    /// Two passes in a row: the game is counted ([`Game::score`]).
    Passed,
    /// This colour resigned.
    Resigned(Color),
}

/// A game of Go under some [`Rules`].
///
/// ```
/// use go_core::{Game, Move, Rules, Color};
/// let mut game = Game::new(Rules::default(), 9, 9)?;
/// game.play("E5".parse()?)?;
/// game.play(Move::Pass)?;
/// assert_eq!(game.to_move(), Color::Black);
/// assert_eq!(game.board().get("E5".parse()?), Some(Color::Black));
/// game.undo()?;
/// assert_eq!(game.move_count(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Game {
    rules: Rules,
    board: Board,
    setup: Vec<(Point, Color)>,
    first: Color,
    to_move: Color,
    records: Vec<Record>,
    /// Cells removed by each move, opponents' first (see `Record::start`).
    removed: Vec<u16>,
    /// Superko index: key of position `i` → `i`, for every `i` in `0..=moves`.
    positions: PositionTable,
    /// Stones captured by each colour (index: `Color::index`).
    prisoners: [u32; 2],
    ko: u16,
    passes: u8,
    resigned: Option<Color>,
    /// The most stones any position so far had: a board with more is new, so the
    /// superko table need not be consulted.
    max_stones: u32,
}

impl Clone for Game {
    fn clone(&self) -> Game {
        Game {
            rules: self.rules,
            board: self.board.clone(),
            setup: self.setup.clone(),
            first: self.first,
            to_move: self.to_move,
            records: self.records.clone(),
            removed: self.removed.clone(),
            positions: self.positions.clone(),
            prisoners: self.prisoners,
            ko: self.ko,
            passes: self.passes,
            resigned: self.resigned,
            max_stones: self.max_stones,
        }
    }

    /// Reuses this game's buffers: the way to restart playouts from one position
    /// without allocating.
    fn clone_from(&mut self, source: &Game) {
        self.rules = source.rules;
        self.board.clone_from(&source.board);
        self.setup.clone_from(&source.setup);
        self.first = source.first;
        self.to_move = source.to_move;
        self.records.clone_from(&source.records);
        self.removed.clone_from(&source.removed);
        self.positions.clone_from(&source.positions);
        self.prisoners = source.prisoners;
        self.ko = source.ko;
        self.passes = source.passes;
        self.resigned = source.resigned;
        self.max_stones = source.max_stones;
    }
}

impl PartialEq for Game {
    /// Games are equal when they have the same rules, setup and moves (everything
    /// else follows from those).
    fn eq(&self, other: &Game) -> bool {
        self.rules == other.rules
            && self.board.width() == other.board.width()
            && self.board.height() == other.board.height()
            && self.setup == other.setup
            && self.first == other.first
            && self.records.len() == other.records.len()
            && self
                .records
                .iter()
                .zip(&other.records)
                .all(|(a, b)| a.mv == b.mv)
    }
}

impl Eq for Game {}

impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Game")
            .field("rules", &self.rules)
            .field("to_move", &self.to_move)
            .field(
                "moves",
                &self.records.iter().map(|r| r.mv).collect::<Vec<_>>(),
            )
            .field("board", &self.board)
            .finish()
    }
}

impl fmt::Display for Game {
    /// The board diagram, then whose turn it is and the prisoners.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.board)?;
        write!(
            f,
            "move {}, {} to play; prisoners: black {}, white {}",
            self.records.len(),
            self.to_move,
            self.prisoners[0],
            self.prisoners[1]
        )
    }
}

impl Game {
    /// An empty `width`×`height` board, Black to move.
    ///
    /// # Errors
    /// [`GameError::Rules`] when the rules do not validate; [`GameError::Setup`]
    /// for a size outside 1..=25.
    pub fn new(rules: Rules, width: u8, height: u8) -> Result<Game, GameError> {
        Game::with_setup(rules, width, height, &[], Color::Black)
    }

    /// A board with setup stones (handicap, a problem, a position) and the colour
    /// to move first. The setup position is position 0 of the superko history.
    ///
    /// # Errors
    /// As [`Game::new`], and [`SetupError`] for stones off the board, given twice,
    /// or in a chain without liberties.
    pub fn with_setup(
        rules: Rules,
        width: u8,
        height: u8,
        stones: &[(Point, Color)],
        to_move: Color,
    ) -> Result<Game, GameError> {
        rules.validate()?;
        let board = Board::with_stones(width, height, stones)?;
        let points = width as usize * height as usize;
        // Kept in point order, so equal setups compare equal however they were given.
        let mut setup = stones.to_vec();
        setup.sort_unstable_by_key(|&(p, _)| (p.row(), p.col()));
        let mut game = Game {
            rules,
            board,
            setup,
            first: to_move,
            to_move,
            records: Vec::with_capacity(points * 2),
            removed: Vec::with_capacity(points * 2),
            positions: PositionTable::with_capacity(points * 2),
            prisoners: [0; 2],
            ko: 0,
            passes: 0,
            resigned: None,
            max_stones: 0,
        };
        game.max_stones = game.stones_on_board();
        let key = game.key_for(game.board.zobrist(), to_move);
        game.positions.insert(key, 0);
        Ok(game)
    }

    /// A square board with the fixed handicap of GTP's `fixed_handicap` (G7); White
    /// moves first. `stones` 0 or 1 means no handicap (Black first).
    ///
    /// # Errors
    /// As [`Game::new`], and [`SetupError::Handicap`] when there is no fixed
    /// placement for that count on that board.
    pub fn with_handicap(rules: Rules, size: u8, stones: u8) -> Result<Game, GameError> {
        if stones <= 1 {
            return Game::new(rules, size, size);
        }
        let points = crate::setup::fixed_handicap_points(size, size, stones)?;
        let setup: Vec<(Point, Color)> = points.into_iter().map(|p| (p, Color::Black)).collect();
        Game::with_setup(rules, size, size, &setup, Color::White)
    }

    /// A game starting from a text diagram (see [`Board::from_diagram`]).
    ///
    /// ```
    /// use go_core::{Color, Game, Rules};
    /// let game = Game::from_diagram(Rules::default(), "
    ///     . O X .
    ///     O X . X
    ///     . O X .
    ///     . . . .
    /// ", Color::White)?;
    /// assert!(game.is_legal("C3".parse()?)); // White takes the ko
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`GameError::Parse`] for a malformed diagram, otherwise as
    /// [`Game::with_setup`].
    pub fn from_diagram(rules: Rules, diagram: &str, to_move: Color) -> Result<Game, GameError> {
        let b = Board::from_diagram(diagram)?;
        let stones: Vec<(Point, Color)> = b.stones().collect();
        Game::with_setup(rules, b.width(), b.height(), &stones, to_move)
    }

    // ----- reading the state -----

    /// The rules in force.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The board as it stands.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The colour to move.
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// The setup stones the game started with (handicap included), in board order
    /// (A1, B1, …).
    pub fn setup(&self) -> &[(Point, Color)] {
        &self.setup
    }

    /// The colour that moved first.
    pub fn first_to_move(&self) -> Color {
        self.first
    }

    /// The number of moves played (passes and a resignation included).
    pub fn move_count(&self) -> usize {
        self.records.len()
    }

    /// Every move played, in order, with its colour.
    pub fn moves(&self) -> impl ExactSizeIterator<Item = (Color, Move)> + '_ {
        self.records.iter().map(|r| (r.color, r.mv))
    }

    /// The last move played.
    pub fn last_move(&self) -> Option<(Color, Move)> {
        self.records.last().map(|r| (r.color, r.mv))
    }

    /// The stones removed by move `n` (1-based), captured opponents first, then any
    /// self-captured stones; empty for a bad `n`.
    pub fn captures_of(&self, n: usize) -> impl Iterator<Item = Point> + '_ {
        let cells: &[u16] = match n.checked_sub(1).and_then(|i| self.records.get(i)) {
            Some(r) => {
                let s = r.start as usize;
                self.removed
                    .get(s..s + (r.captured + r.self_captured) as usize)
                    .unwrap_or(&[])
            }
            None => &[],
        };
        cells.iter().map(|&c| self.board.point(c as usize))
    }

    /// The stones removed by the last move (see [`Game::captures_of`]).
    pub fn last_captures(&self) -> impl Iterator<Item = Point> + '_ {
        self.captures_of(self.records.len())
    }

    /// Stones captured so far by `c` (prisoners it holds), self-captures of the
    /// opponent included.
    pub fn prisoners(&self, c: Color) -> u32 {
        self.prisoners[c.index()]
    }

    /// The Zobrist hash of the board (stones only). See also
    /// [`Game::situational_hash`].
    pub fn hash(&self) -> u64 {
        self.board.zobrist()
    }

    /// The hash of the board and the player to move, for transposition tables.
    pub fn situational_hash(&self) -> u64 {
        side_key(self.board.zobrist(), self.to_move)
    }

    /// How the game ended, `None` while it goes on.
    pub fn outcome(&self) -> Option<Outcome> {
        match self.resigned {
            Some(c) => Some(Outcome::Resigned(c)),
            None if self.passes >= 2 => Some(Outcome::Passed),
            None => None,
        }
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// The number of passes at the end of the history (0, 1 or 2).
    pub fn consecutive_passes(&self) -> u8 {
        self.passes
    }

    /// The point where a simple-ko recapture is forbidden right now, if any (only
    /// under [`KoRule::Simple`]).
    pub fn ko_point(&self) -> Option<Point> {
        (self.ko != 0 && self.rules.ko() == KoRule::Simple)
            .then(|| self.board.point(self.ko as usize))
    }

    // ----- legality -----

    /// Checks a move for the side to move without playing it.
    ///
    /// # Errors
    /// The [`IllegalMove`] that says why the move is refused.
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        if self.is_over() {
            return Err(IllegalMove::GameOver);
        }
        match mv {
            Move::Pass | Move::Resign => Ok(()),
            Move::Play(p) => self.check_point(p).map(|_| ()),
        }
    }

    /// Whether a move is legal for the side to move.
    #[inline]
    pub fn is_legal(&self, mv: Move) -> bool {
        self.check(mv).is_ok()
    }

    /// The cell and effect of a stone at `p` for the side to move, or why not.
    fn check_point(&self, p: Point) -> Result<(usize, Effect), IllegalMove> {
        if !self.board.contains(p) {
            return Err(IllegalMove::OffBoard { point: p });
        }
        let i = self.board.index(p);
        if self.board.color_at(i) != EMPTY {
            return Err(IllegalMove::Occupied { point: p });
        }
        self.check_empty_cell(i).map(|e| (i, e))
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
                if let Some(j) = self.repeated_position(i, code, &e) {
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

    /// The key of a position in the superko table: the board hash, with the side
    /// to move folded in under situational superko.
    #[inline]
    fn key_for(&self, hash: u64, to_move: Color) -> u64 {
        match self.rules.ko() {
            KoRule::SituationalSuperko => side_key(hash, to_move),
            _ => hash,
        }
    }

    /// The colour to move in position `i` (moves strictly alternate).
    #[inline]
    fn to_move_at(&self, i: usize) -> Color {
        if i.is_multiple_of(2) {
            self.first
        } else {
            self.first.opponent()
        }
    }

    /// A position that a move would repeat under the superko rule in force,
    /// verified board against board: the earliest such when the table is searched,
    /// the present position for a lone stone's suicide.
    #[inline]
    fn repeated_position(&self, i: usize, code: u8, e: &Effect) -> Option<usize> {
        if !e.suicide && self.stones_on_board() + 1 - e.captured > self.max_stones {
            return None;
        }
        if e.suicide && e.lone_suicide() && self.rules.ko() == KoRule::PositionalSuperko {
            // A stone that dies alone leaves the board as it is now: no need to look.
            return Some(self.records.len());
        }
        let next = self.to_move.opponent();
        let key = self.key_for(self.board.hash_after(i, code, e), next);
        if !self.positions.contains(key) {
            return None;
        }
        self.verify_repeat(i, code, e, key)
    }

    /// The earliest earlier position whose key is `key` and whose board (and
    /// player to move, under situational superko) equals the board after the move.
    #[cold]
    #[inline(never)]
    fn verify_repeat(&self, i: usize, code: u8, e: &Effect, key: u64) -> Option<usize> {
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
            let after = after.get_or_insert_with(|| self.colors_after(i, code, e));
            if self.colors_at(j)[..] == after[..] {
                found = Some(j);
            }
        }
        found
    }

    #[inline]
    fn stones_on_board(&self) -> u32 {
        (self.board.count(Color::Black) + self.board.count(Color::White)) as u32
    }

    /// The cell colours after playing `code` at `i` with effect `e`.
    fn colors_after(&self, i: usize, code: u8, e: &Effect) -> [u8; MAX_CELLS] {
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
        for r in self.records[j..].iter().rev() {
            let Move::Play(p) = r.mv else { continue };
            let code = board::stone(r.color);
            let s = r.start as usize;
            let (opp, own) = self.removed[s..s + (r.captured + r.self_captured) as usize]
                .split_at(r.captured as usize);
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

    /// Every legal move of the side to move: the legal points in board order (A1,
    /// B1, …), then `Pass`. Empty when the game is over. Resignation is always legal
    /// and is not listed. No heap allocation.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        if self.is_over() {
            return list;
        }
        for p in self.board.points() {
            let i = self.board.index(p);
            if self.board.color_at(i) == EMPTY && self.check_empty_cell(i).is_ok() {
                list.push(Move::Play(p));
            }
        }
        list.push(Move::Pass);
        list
    }

    /// The effect of the side to move playing on the empty cell `i` when that is
    /// legal and does not fill one of its own eyes (for playouts).
    #[inline]
    pub(crate) fn playout_candidate(&self, i: usize) -> Option<Effect> {
        let code = board::stone(self.to_move);
        let around = self.board.around(i);
        if self.board.is_eye(i, code, around) {
            return None;
        }
        let e = self.board.effect_around(i, code, around);
        self.allows(i, code, &e).then_some(e)
    }

    /// [`Game::legal_effect`] without the reason: no error is built for the
    /// refused candidates of a playout.
    #[inline]
    fn allows(&self, i: usize, code: u8, e: &Effect) -> bool {
        if e.suicide && self.rules.suicide() == Suicide::Forbidden {
            return false;
        }
        match self.rules.ko() {
            KoRule::None => true,
            KoRule::Simple => i != self.ko as usize || self.ko == 0,
            KoRule::PositionalSuperko | KoRule::SituationalSuperko => {
                self.repeated_position(i, code, e).is_none()
            }
        }
    }

    // ----- playing -----

    /// Plays a move for the side to move.
    ///
    /// # Errors
    /// The [`IllegalMove`] saying why it is refused; the game is then unchanged.
    pub fn play(&mut self, mv: Move) -> Result<MoveReport, IllegalMove> {
        if self.is_over() {
            return Err(IllegalMove::GameOver);
        }
        let effect = match mv {
            Move::Play(p) => Some(self.check_point(p)?),
            Move::Pass | Move::Resign => None,
        };
        Ok(self.apply(mv, effect))
    }

    /// Plays a move for `color`, which must be the side to move.
    ///
    /// # Errors
    /// [`IllegalMove::OutOfTurn`] when `color` is not to move, otherwise as
    /// [`Game::play`].
    pub fn play_as(&mut self, color: Color, mv: Move) -> Result<MoveReport, IllegalMove> {
        if self.is_over() {
            return Err(IllegalMove::GameOver);
        }
        if color != self.to_move {
            return Err(IllegalMove::OutOfTurn {
                to_move: self.to_move,
            });
        }
        self.play(mv)
    }

    /// Plays a move already known to be legal; `cell` is its board cell and effect.
    #[inline]
    pub(crate) fn apply(&mut self, mv: Move, cell: Option<(usize, Effect)>) -> MoveReport {
        let color = self.to_move;
        let start = self.removed.len() as u32;
        let (mut captured, mut self_captured, mut ko_after) = (0, 0, 0u16);
        match (mv, cell) {
            (Move::Play(_), Some((i, e))) => {
                let code = board::stone(color);
                (captured, self_captured) = self.board.play_known(i, code, &e, &mut self.removed);
                self.passes = 0;
                // A lone stone that took exactly one stone: retaking at once would
                // repeat the board, which simple ko forbids.
                if e.lone && captured == 1 {
                    ko_after = self.removed[start as usize];
                }
            }
            (Move::Resign, _) => self.resigned = Some(color),
            _ => self.passes = self.passes.saturating_add(1),
        }
        self.prisoners[color.index()] += captured;
        self.prisoners[color.opponent().index()] += self_captured;
        self.ko = ko_after;
        self.records.push(Record {
            color,
            mv,
            start,
            captured,
            self_captured,
            ko_after,
        });
        self.to_move = color.opponent();
        if captured == 0 {
            // Only a move that removes nothing can set a new record of stones.
            self.max_stones = self.max_stones.max(self.stones_on_board());
        }
        let key = self.key_for(self.board.zobrist(), self.to_move);
        self.positions.insert(key, self.records.len());
        MoveReport {
            color,
            mv,
            captured,
            self_captured,
            game_over: self.passes >= 2 || self.resigned.is_some(),
        }
    }

    /// Undoes the last move.
    ///
    /// # Errors
    /// [`UndoError`] when no move has been played.
    pub fn undo(&mut self) -> Result<Move, UndoError> {
        let last = self.records.last().map(|r| r.mv);
        self.undo_many(1)?;
        last.ok_or(UndoError {
            asked: 1,
            played: 0,
        })
    }

    /// Undoes the last `count` moves, restoring the game exactly as it was (G9).
    ///
    /// Cost: the board and the superko table are rebuilt from the setup and the
    /// remaining moves replayed without legality checks — O(moves played), well
    /// under 100 ns a move. For tree search, cloning a game
    /// ([`Clone::clone_from`] reuses its buffers) is usually cheaper.
    ///
    /// # Errors
    /// [`UndoError`] when fewer than `count` moves were played; nothing changes.
    pub fn undo_many(&mut self, count: usize) -> Result<(), UndoError> {
        let played = self.records.len();
        if count > played {
            return Err(UndoError {
                asked: count,
                played,
            });
        }
        if count == 0 {
            return Ok(());
        }
        self.records.truncate(played - count);
        self.replay();
        Ok(())
    }

    /// Rebuilds the board, the superko table and the counters from the setup and
    /// `records`.
    fn replay(&mut self) {
        self.board = Board::with_stones(self.board.width(), self.board.height(), &self.setup)
            .unwrap_or_else(|_| unreachable!("the setup was validated when the game was made"));
        self.removed.clear();
        self.prisoners = [0; 2];
        self.passes = 0;
        self.resigned = None;
        self.ko = 0;
        self.max_stones = self.stones_on_board();
        self.positions.clear();
        self.positions
            .insert(self.key_for(self.board.zobrist(), self.first), 0);
        for n in 0..self.records.len() {
            let r = self.records[n];
            self.records[n].start = self.removed.len() as u32;
            match r.mv {
                Move::Play(p) => {
                    let i = self.board.index(p);
                    self.board.play(i, board::stone(r.color), &mut self.removed);
                    self.passes = 0;
                }
                Move::Pass => self.passes += 1,
                Move::Resign => self.resigned = Some(r.color),
            }
            self.prisoners[r.color.index()] += r.captured;
            self.prisoners[r.color.opponent().index()] += r.self_captured;
            self.ko = r.ko_after;
            self.max_stones = self.max_stones.max(self.stones_on_board());
            let key = self.key_for(self.board.zobrist(), r.color.opponent());
            self.positions.insert(key, n + 1);
        }
        self.to_move = self.to_move_at(self.records.len());
    }

    /// Replaces the setup of a game that has no moves yet (handicap placed after
    /// creation, GTP's `set_free_handicap`, SGF root `AB`/`AW`/`AE`).
    ///
    /// # Errors
    /// [`SetupError::AfterFirstMove`] once a move was played; otherwise as
    /// [`Game::with_setup`] (the game is then unchanged).
    pub fn set_setup(
        &mut self,
        stones: &[(Point, Color)],
        to_move: Color,
    ) -> Result<(), GameError> {
        if !self.records.is_empty() {
            return Err(SetupError::AfterFirstMove.into());
        }
        *self = Game::with_setup(
            self.rules,
            self.board.width(),
            self.board.height(),
            stones,
            to_move,
        )?;
        Ok(())
    }

    /// Changes the komi (GTP's `komi`, SGF's `KM`); it only affects counting.
    pub fn set_komi(&mut self, komi: crate::Komi) -> Result<(), crate::RulesError> {
        let rules = self.rules.with_komi(komi);
        rules.validate()?;
        self.rules = rules;
        Ok(())
    }
}

/// A board hash with the side to move folded in.
#[inline]
fn side_key(hash: u64, to_move: Color) -> u64 {
    match to_move {
        Color::Black => hash,
        Color::White => hash ^ zobrist::WHITE_TO_MOVE,
    }
}

#[cfg(feature = "serde")]
mod serde_impl {
    //! A game serialises as its record (rules, size, setup, first player, moves)
    //! and deserialises by replaying it, so a corrupt game is an error, never a
    //! broken invariant.
    use super::*;
    use alloc::string::ToString;
    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    #[derive(Serialize, Deserialize)]
    struct GameRecord {
        rules: Rules,
        width: u8,
        height: u8,
        setup: Vec<(Point, Color)>,
        first: Color,
        moves: Vec<Move>,
    }

    impl Serialize for Game {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            GameRecord {
                rules: self.rules,
                width: self.board.width(),
                height: self.board.height(),
                setup: self.setup.clone(),
                first: self.first,
                moves: self.records.iter().map(|r| r.mv).collect(),
            }
            .serialize(s)
        }
    }

    impl<'de> Deserialize<'de> for Game {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Game, D::Error> {
            let r = GameRecord::deserialize(d)?;
            let mut game = Game::with_setup(r.rules, r.width, r.height, &r.setup, r.first)
                .map_err(|e| D::Error::custom(e.to_string()))?;
            for (n, mv) in r.moves.into_iter().enumerate() {
                game.play(mv)
                    .map_err(|e| D::Error::custom(alloc::format!("move {}: {e}", n + 1)))?;
            }
            Ok(game)
        }
    }
}
