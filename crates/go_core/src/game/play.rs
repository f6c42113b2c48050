//! Playing a move (rulings G4, G5): the checked `play`, the traced variant that
//! describes each step, and the apply step shared with playouts.

use crate::board::{self, Effect};
use crate::error::IllegalMove;
use crate::game::{Game, Step};
use crate::moves::Move;
use crate::player::Color;
use crate::report::{Event, Report};

impl Game {
    /// Plays a move for the side to move. Atomic: a refused move changes nothing.
    ///
    /// ```
    /// use go_core::{Color, Game, Rules, Setup};
    /// let mut game = Game::new(Rules::default(), Setup::from_diagram("
    ///     . . .
    ///     O . .
    ///     X . .
    /// ", Color::White)?)?;
    /// let report = game.play("B1".parse()?)?;
    /// assert_eq!(report.captured, 1);
    /// assert!(game.play("B1".parse()?).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// The [`IllegalMove`] saying why it is refused (as [`Game::check`]); the game
    /// is then unchanged.
    pub fn play(&mut self, mv: Move) -> Result<Report, IllegalMove> {
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
    pub fn play_as(&mut self, color: Color, mv: Move) -> Result<Report, IllegalMove> {
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

    /// [`Game::play`], giving each step of the move to `observer` as it is done: the
    /// stone placed, each captured stone, each self-captured stone, a pass or a
    /// resignation, and the end of the game (see [`Event`]). No allocation; the
    /// game and the report are those of [`Game::play`]. A refused move gives no
    /// event.
    ///
    /// ```
    /// use go_core::{Color, Event, Game, Rules, Setup};
    /// let mut game = Game::new(Rules::default(), Setup::from_diagram("
    ///     . . .
    ///     O . .
    ///     X . .
    /// ", Color::White)?)?;
    /// let mut captured = Vec::new();
    /// game.play_traced("B1".parse()?, &mut |event| {
    ///     if let Event::Capture { point, .. } = event {
    ///         captured.push(point.to_string());
    ///     }
    /// })?;
    /// assert_eq!(captured, ["A1"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`Game::play`].
    pub fn play_traced(
        &mut self,
        mv: Move,
        observer: &mut impl FnMut(Event),
    ) -> Result<Report, IllegalMove> {
        let report = self.play(mv)?;
        self.trace_last(&report, observer);
        Ok(report)
    }

    /// Gives the steps of the last move, which `report` describes, to `observer`.
    fn trace_last(&self, report: &Report, observer: &mut impl FnMut(Event)) {
        let color = report.color;
        match report.mv {
            Move::Play(point) => {
                observer(Event::Place { color, point });
                let removed = self.steps.last().map_or(&[][..], |s| self.removed_by(s));
                let (opponents, own) =
                    removed.split_at((report.captured as usize).min(removed.len()));
                for &c in opponents {
                    observer(Event::Capture {
                        color: color.opponent(),
                        point: self.board.point(c as usize),
                    });
                }
                for &c in own {
                    observer(Event::SelfCapture {
                        color,
                        point: self.board.point(c as usize),
                    });
                }
            }
            Move::Pass => observer(Event::Pass { color }),
            Move::Resign => observer(Event::Resign { color }),
        }
        if let Some(reason) = report.end {
            observer(Event::GameOver { reason });
        }
    }

    /// Plays a move already known to be legal; `effect` is a stone's effect.
    #[inline]
    pub(crate) fn apply(&mut self, mv: Move, effect: Option<Effect>) -> Report {
        let color = self.to_move;
        let start = self.removed.len() as u32;
        let (mut captured, mut self_captured, mut ko_after) = (0, 0, 0u16);
        match (mv, effect) {
            (Move::Play(_), Some(e)) => {
                let code = board::stone(color);
                (captured, self_captured) = self.board.play_known(code, &e, &mut self.removed);
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
        self.steps.push(Step {
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
        self.positions.insert(key, self.steps.len());
        Report {
            color,
            mv,
            captured,
            self_captured,
            end: self.end(),
        }
    }
}
