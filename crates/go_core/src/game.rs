//! A game of Go: the board, whose turn it is, the full history, and the rules that
//! decide which moves are legal (rulings G4–G6, G9). Legality is in
//! `game/legality.rs`, superko in `game/superko.rs`, playing a move in
//! `game/play.rs`.

mod legality;
mod play;
mod superko;

use alloc::vec::Vec;
use core::fmt;

use crate::board::{self, Board};
use crate::error::{GameError, UndoError};
use crate::moves::Move;
use crate::outcome::{End, Outcome};
use crate::player::Color;
use crate::point::Point;
use crate::positions::PositionTable;
use crate::rules::{KoRule, Rules};
use crate::setup::Setup;

/// One move of the history, with what it removed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Step {
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

/// A game of Go under some [`Rules`], from a [`Setup`].
///
/// ```
/// use go_core::{Color, Game, Move, Rules, Setup};
/// let mut game = Game::new(Rules::default(), Setup::new(9, 9))?;
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
    /// The setup, its stones in board order.
    setup: Setup,
    board: Board,
    to_move: Color,
    steps: Vec<Step>,
    /// Cells removed by each move, opponents' first (see `Step::start`).
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
            setup: self.setup.clone(),
            board: self.board.clone(),
            to_move: self.to_move,
            steps: self.steps.clone(),
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
        self.setup.clone_from(&source.setup);
        self.board.clone_from(&source.board);
        self.to_move = source.to_move;
        self.steps.clone_from(&source.steps);
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
            && self.setup == other.setup
            && self.steps.len() == other.steps.len()
            && self
                .steps
                .iter()
                .zip(&other.steps)
                .all(|(a, b)| a.mv == b.mv)
    }
}

impl Eq for Game {}

impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Game")
            .field("rules", &self.rules)
            .field("setup", &self.setup)
            .field("to_move", &self.to_move)
            .field(
                "moves",
                &self.steps.iter().map(|s| s.mv).collect::<Vec<_>>(),
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
            self.steps.len(),
            self.to_move,
            self.prisoners[0],
            self.prisoners[1]
        )
    }
}

impl Game {
    /// A game from `setup` under `rules`. The setup position is position 0 of the
    /// superko history.
    ///
    /// ```
    /// use go_core::{Game, Rules, Setup, SetupError, GameError};
    /// let game = Game::new(Rules::japanese(), Setup::new(13, 13))?;
    /// assert_eq!(game.board().empty_count(), 169);
    /// assert_eq!(
    ///     Game::new(Rules::default(), Setup::new(26, 9)),
    ///     Err(GameError::Setup(SetupError::BoardSize { width: 26, height: 9 }))
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`GameError::Rules`] when the rules do not validate; [`GameError::Setup`]
    /// with [`SetupError::BoardSize`](crate::SetupError::BoardSize) for a size
    /// outside 1..=25, [`SetupError::OffBoard`](crate::SetupError::OffBoard) and
    /// [`SetupError::Duplicate`](crate::SetupError::Duplicate) for stones off the
    /// board or given twice, [`SetupError::NoLiberties`](crate::SetupError::NoLiberties)
    /// for a chain without liberties.
    pub fn new(rules: Rules, setup: Setup) -> Result<Game, GameError> {
        rules.validate()?;
        let board = setup.board()?;
        let setup = setup.normalised();
        let points = setup.width as usize * setup.height as usize;
        let mut game = Game {
            rules,
            board,
            to_move: setup.to_move,
            setup,
            steps: Vec::with_capacity(points * 2),
            removed: Vec::with_capacity(points * 2),
            positions: PositionTable::with_capacity(points * 2),
            prisoners: [0; 2],
            ko: 0,
            passes: 0,
            resigned: None,
            max_stones: 0,
        };
        game.max_stones = game.stones_on_board();
        let key = game.key_for(game.board.zobrist(), game.to_move);
        game.positions.insert(key, 0);
        Ok(game)
    }

    /// The game after playing `moves` from `setup` under `rules`, every move
    /// checked.
    ///
    /// ```
    /// use go_core::{Game, GameError, IllegalMove, Move, Rules, Setup};
    /// let moves: Vec<Move> = ["E5", "D4", "E5"].iter().map(|m| m.parse()).collect::<Result<_, _>>()?;
    /// let err = Game::replay(Rules::default(), Setup::new(9, 9), &moves).unwrap_err();
    /// assert_eq!(
    ///     err,
    ///     GameError::Replay {
    ///         number: 2,
    ///         mv: moves[2],
    ///         error: IllegalMove::Occupied { point: "E5".parse()? },
    ///     }
    /// );
    /// let game = Game::replay(Rules::default(), Setup::new(9, 9), &moves[..2])?;
    /// assert_eq!(game.move_count(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`Game::new`]; [`GameError::Replay`] with the index (from 0) of the
    /// first move the rules refuse, the move, and the [`IllegalMove`](crate::IllegalMove)
    /// that says why.
    pub fn replay(rules: Rules, setup: Setup, moves: &[Move]) -> Result<Game, GameError> {
        let mut game = Game::new(rules, setup)?;
        for (number, &mv) in moves.iter().enumerate() {
            game.play(mv)
                .map_err(|error| GameError::Replay { number, mv, error })?;
        }
        Ok(game)
    }

    // ----- reading the state -----

    /// The rules in force.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The setup the game started from, its stones in board order (A1, B1, …, A2,
    /// …).
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The board as it stands.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The colour to move.
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// The number of moves played (passes and a resignation included).
    pub fn move_count(&self) -> usize {
        self.steps.len()
    }

    /// Every move played, in order, with its colour.
    pub fn moves(&self) -> impl ExactSizeIterator<Item = (Color, Move)> + '_ {
        self.steps.iter().map(|s| (s.color, s.mv))
    }

    /// The last move played.
    pub fn last_move(&self) -> Option<(Color, Move)> {
        self.steps.last().map(|s| (s.color, s.mv))
    }

    /// The stones removed by move `n` (1-based), captured opponents first, then any
    /// self-captured stones; empty for a bad `n`.
    pub fn captures_of(&self, n: usize) -> impl Iterator<Item = Point> + '_ {
        let cells: &[u16] = match n.checked_sub(1).and_then(|i| self.steps.get(i)) {
            Some(s) => self.removed_by(s),
            None => &[],
        };
        cells.iter().map(|&c| self.board.point(c as usize))
    }

    /// The cells removed by the move of `step`, opponents' first.
    fn removed_by(&self, step: &Step) -> &[u16] {
        let s = step.start as usize;
        self.removed
            .get(s..s + (step.captured + step.self_captured) as usize)
            .unwrap_or(&[])
    }

    /// The stones removed by the last move (see [`Game::captures_of`]).
    pub fn last_captures(&self) -> impl Iterator<Item = Point> + '_ {
        self.captures_of(self.steps.len())
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
        superko::side_key(self.board.zobrist(), self.to_move)
    }

    /// Why the game ended, `None` while it goes on.
    pub(crate) fn end(&self) -> Option<End> {
        if self.resigned.is_some() {
            Some(End::Resignation)
        } else if self.passes >= 2 {
            Some(End::TwoPasses)
        } else {
            None
        }
    }

    /// How the game ended, `None` while it goes on: after a resignation the other
    /// colour wins; after two passes the count of the board as it stands decides
    /// ([`Game::score`]: every stone alive, komi included; `None` winner for a
    /// draw).
    ///
    /// ```
    /// use go_core::{Color, End, Game, Move, Rules, Setup};
    /// let mut game = Game::new(Rules::chinese(), Setup::new(9, 9))?;
    /// assert_eq!(game.outcome(), None);
    /// game.play(Move::Pass)?;
    /// game.play(Move::Pass)?;
    /// let outcome = game.outcome().expect("two passes end the game");
    /// assert_eq!(outcome.reason(), End::TwoPasses);
    /// assert_eq!(outcome.winner(), Some(Color::White)); // komi 7.5
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn outcome(&self) -> Option<Outcome> {
        Some(match self.end()? {
            End::Resignation => Outcome::new(self.resigned.map(Color::opponent), End::Resignation),
            End::TwoPasses => Outcome::new(self.score().result().winner(), End::TwoPasses),
        })
    }

    /// Whether the game has ended.
    #[inline]
    pub fn is_over(&self) -> bool {
        self.resigned.is_some() || self.passes >= 2
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

    // ----- undo -----

    /// Undoes the last move.
    ///
    /// # Errors
    /// [`UndoError`] when no move has been played.
    pub fn undo(&mut self) -> Result<Move, UndoError> {
        let last = self.steps.last().map(|s| s.mv);
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
        let played = self.steps.len();
        if count > played {
            return Err(UndoError {
                asked: count,
                played,
            });
        }
        if count == 0 {
            return Ok(());
        }
        self.steps.truncate(played - count);
        self.rebuild();
        Ok(())
    }

    /// Rebuilds the board, the superko table and the counters from the setup and
    /// `steps`.
    fn rebuild(&mut self) {
        self.board = self
            .setup
            .board()
            .unwrap_or_else(|_| unreachable!("the setup was validated when the game was made"));
        self.removed.clear();
        self.prisoners = [0; 2];
        self.passes = 0;
        self.resigned = None;
        self.ko = 0;
        self.max_stones = self.stones_on_board();
        self.positions.clear();
        self.positions
            .insert(self.key_for(self.board.zobrist(), self.setup.to_move), 0);
        for n in 0..self.steps.len() {
            let s = self.steps[n];
            self.steps[n].start = self.removed.len() as u32;
            match s.mv {
                Move::Play(p) => {
                    let i = self.board.index(p);
                    self.board.play(i, board::stone(s.color), &mut self.removed);
                    self.passes = 0;
                }
                Move::Pass => self.passes += 1,
                Move::Resign => self.resigned = Some(s.color),
            }
            self.prisoners[s.color.index()] += s.captured;
            self.prisoners[s.color.opponent().index()] += s.self_captured;
            self.ko = s.ko_after;
            self.max_stones = self.max_stones.max(self.stones_on_board());
            let key = self.key_for(self.board.zobrist(), s.color.opponent());
            self.positions.insert(key, n + 1);
        }
        self.to_move = self.to_move_at(self.steps.len());
    }

    /// Changes the komi (GTP's `komi`, SGF's `KM`); it only affects counting.
    ///
    /// # Errors
    /// [`RulesError::KomiOutOfRange`](crate::RulesError::KomiOutOfRange) for a komi
    /// beyond ±1000 (the game is then unchanged).
    pub fn set_komi(&mut self, komi: crate::Komi) -> Result<(), crate::RulesError> {
        let rules = self.rules.with_komi(komi);
        rules.validate()?;
        self.rules = rules;
        Ok(())
    }
}
