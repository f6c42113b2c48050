//! The game the engine plays: its size, komi, handicap and moves, taking back,
//! and SGF in (`loadsgf`, the record's rules read as KataGo names them) and out
//! (`printsgf`, the rules written back the same way).

use std::format;
use std::string::{String, ToString};
use std::vec::Vec;

use go_core::sgf::SgfGame;
use go_core::{Color, Game, Komi, Move, Point, Rules, Setup};

use super::Engine;

impl Engine {
    /// A new empty board of `width` × `height`.
    pub(super) fn board_size(&mut self, width: u8, height: u8) -> Result<(), String> {
        let game = Game::new(self.rules, Setup::new(width, height))
            .map_err(|_| "unacceptable size".to_string())?;
        self.game = game;
        Ok(())
    }

    /// The komi, for this game and the next.
    pub(super) fn set_komi(&mut self, komi: Komi) -> Result<(), String> {
        self.rules = self.rules.with_komi(komi);
        self.game.set_komi(komi).map_err(|e| e.to_string())
    }

    /// A new game of the same size with `stones` placed and `to_move` to move.
    pub(super) fn reset(&mut self, stones: &[(Point, Color)], to_move: Color) {
        let (w, h) = (self.game.board().width(), self.game.board().height());
        let setup = Setup {
            stones: stones.to_vec(),
            to_move,
            ..Setup::new(w, h)
        };
        if let Ok(g) = Game::new(self.rules, setup) {
            self.game = g;
        }
    }

    pub(super) fn board_points(&self) -> usize {
        usize::from(self.game.board().width()) * usize::from(self.game.board().height())
    }

    fn board_empty(&self) -> bool {
        self.game.move_count() == 0 && self.game.board().empty_count() == self.board_points()
    }

    /// GTP's fixed handicap stones on an empty board; their points.
    pub(super) fn fixed_handicap(&mut self, n: u8) -> Result<String, String> {
        if !self.board_empty() {
            return Err("board not empty".into());
        }
        let b = self.game.board();
        let points = go_core::handicap::fixed_points(b.width(), b.height(), n)
            .map_err(|_| "invalid handicap".to_string())?;
        let stones: Vec<(Point, Color)> = points.iter().map(|&p| (p, Color::Black)).collect();
        self.reset(&stones, Color::White);
        Ok(super::join(&points))
    }

    /// Handicap stones where the controller says, on an empty board.
    pub(super) fn free_handicap(&mut self, points: &[Point]) -> Result<(), String> {
        if points.len() < 2 || !self.board_empty() {
            return Err("invalid handicap".into());
        }
        let setup = Setup {
            stones: points.iter().map(|&p| (p, Color::Black)).collect(),
            to_move: Color::White,
            ..Setup::new(self.game.board().width(), self.game.board().height())
        };
        self.game = Game::new(self.rules, setup).map_err(|_| "bad vertex list".to_string())?;
        Ok(())
    }

    /// The rules `kata-set-rules` names ([`Rules::from_katago`]: a name, KataGo's
    /// JSON or its rule string), the komi kept unless the JSON or the rule string
    /// gives one; the game so far replayed under them.
    pub(super) fn set_katago_rules(&mut self, text: &str) -> Result<(), String> {
        let named = Rules::from_katago(text).map_err(|e| e.to_string())?;
        // KataGo's JSON and rule string may carry a komi; a name does not.
        let t = text.trim_start();
        let komi_given = (t.starts_with('{') && t.contains("\"komi\""))
            || (!t.starts_with('{') && t.contains("komi") && Rules::preset(t).is_err());
        let rules = if komi_given {
            named
        } else {
            named.with_komi(self.game.rules().komi())
        };
        self.game = self.replayed_under(rules)?;
        self.rules = rules;
        Ok(())
    }

    /// The game as it stands, replayed under `rules` (its setup and moves), or why
    /// not.
    fn replayed_under(&self, rules: Rules) -> Result<Game, String> {
        let mut game = Game::new(rules, self.game.setup().clone()).map_err(|e| e.to_string())?;
        for (color, mv) in self.game.moves() {
            game.play_as(color, mv)
                .map_err(|e| format!("the game so far breaks those rules: {color} {mv}: {e}"))?;
        }
        Ok(game)
    }

    /// Makes `color` the side to move, recording a pass for the other side.
    pub(super) fn turn_to(&mut self, color: Color) -> Result<(), String> {
        if self.game.to_move() == color {
            return Ok(());
        }
        if self.game.consecutive_passes() > 0 {
            return Err(format!(
                "it is {}'s turn and a pass would end the game",
                self.game.to_move()
            ));
        }
        self.game
            .play(Move::Pass)
            .map(|_| ())
            .map_err(|e| e.to_string())
    }

    /// Plays `mv` for `color` (a pass put in for the other colour if needed).
    pub(super) fn play(&mut self, color: Color, mv: Move) -> Result<(), String> {
        // A refused move must change nothing, including the pass put in for turn.
        let saved = (self.game.to_move() != color).then(|| self.game.clone());
        self.turn_to(color)?;
        if let Err(e) = self.game.play(mv) {
            if let Some(g) = saved {
                self.game = g;
            }
            return Err(e.to_string());
        }
        Ok(())
    }

    /// The game as `color` to move (with a pass recorded for the other side when
    /// needed), for the legality queries.
    pub(super) fn as_mover(&self, color: Color) -> Option<Game> {
        let mut g = self.game.clone();
        if g.to_move() != color {
            g.play(Move::Pass).ok()?;
        }
        (!g.is_over()).then_some(g)
    }

    /// `loadsgf`: the file's main line up to (not including) move `upto`; the
    /// colour to move.
    pub(super) fn load_sgf_file(
        &mut self,
        path: &str,
        upto: Option<usize>,
    ) -> Result<String, String> {
        let bytes = std::fs::read(path).map_err(|_| "cannot load file".to_string())?;
        self.load_sgf(&bytes, upto)
            .map(|c| c.to_string())
            .map_err(|e| format!("cannot load file ({e})"))
    }

    /// Loads the main line of an SGF record given as bytes — decoded in the
    /// character set its `CA` names, so a Big5 or Shift_JIS character whose
    /// second byte is `\` is no escape — up to (not including) move `upto`
    /// (1-based, as GTP's `loadsgf` counts), under the rules its `RU` names
    /// ([`SgfGame::named_rules`]: the common names and KataGo's rule strings)
    /// and the komi its `KM` gives. A `RU` that names no rules known here is
    /// kept in a note and the engine's rules are played; without `RU`, the
    /// engine's rules. Returns the colour to move.
    pub fn load_sgf(&mut self, bytes: &[u8], upto: Option<usize>) -> Result<Color, String> {
        let mut record = SgfGame::read_bytes(bytes).map_err(|e| e.to_string())?;
        if let Some(n) = upto {
            record.moves.truncate(n.saturating_sub(1));
        }
        let rules = match (record.named_rules(), record.rules_name.as_deref()) {
            (Some(named), _) => named,
            (None, Some(text)) => {
                self.notes.push(format!(
                    "loadsgf: the record's rules RU[{text}] are not known here; playing {} instead (kata-set-rules to choose)",
                    self.rules.katago_name()
                ));
                self.rules
            }
            (None, None) => self.rules,
        };
        let rules = match record.komi {
            Some(k) => rules.with_komi(k),
            None => rules,
        };
        let game = record.replay(rules).map_err(|e| e.to_string())?;
        self.rules = *game.rules();
        self.game = game;
        Ok(self.game.to_move())
    }

    /// `printsgf`: the game as SGF, its rules in `RU` as KataGo names them.
    pub(super) fn sgf(&self) -> String {
        SgfGame::from_game(&self.game)
            .to_sgf()
            .trim_end()
            .to_string()
    }
}
