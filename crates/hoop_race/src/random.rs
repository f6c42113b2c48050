//! Random play: a game whose order of play is thrown by chance, throws drawn under
//! the rules' model, uniformly random moves, and whole playouts. Every draw goes
//! through [`below`].

use rand_core::Rng;

use crate::board::Place;
use crate::chance::{Throw, below};
use crate::error::{GameError, IllegalMove};
use crate::game::{Game, Quiet};
use crate::moves::{Horse, Move};
use crate::report::ThrowReport;
use crate::rules::{MAX_HORSES, Rules};
use crate::setup::Setup;

impl Game {
    /// A game whose setup is drawn by chance: the natural start
    /// ([`Setup::default`]: every horse waiting) with the ordering throws (ruling
    /// H9) drawn from `rng` under the rules' model. The throws stay in the record,
    /// so [`Game::replay`] of [`Game::record`] gives this game back; the first
    /// turn's throw is awaited.
    ///
    /// ```
    /// use hoop_race::{Awaiting, Game, Rules};
    /// use rand_core::SeedableRng;
    /// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(7);
    /// let game = Game::random(Rules::default(), &mut rng)?;
    /// assert!(!game.is_settling_order());
    /// assert_eq!(game.awaiting(), Awaiting::Chance);
    /// assert!(game.actions().len() >= 2); // at least one throw each
    /// # Ok::<(), hoop_race::GameError>(())
    /// ```
    ///
    /// # Errors
    /// [`GameError::Rules`] for invalid rules.
    pub fn random<R: Rng + ?Sized>(rules: Rules, rng: &mut R) -> Result<Game, GameError> {
        let mut game = Game::new(rules, Setup::default())?;
        while game.ordering.is_some() {
            let t = rules.throw_model().draw_valid(rules.back_do(), rng);
            game.throw_known(t);
        }
        Ok(game)
    }

    /// Draws a throw under the rules' model (one or more draws of [`below`], as
    /// [`ThrowModel::draw`](crate::ThrowModel::draw) says) and makes it.
    ///
    /// # Errors
    /// [`IllegalMove::GameOver`] or [`IllegalMove::MoveExpected`]; nothing changes
    /// and nothing is drawn then.
    pub fn throw_random<R: Rng + ?Sized>(
        &mut self,
        rng: &mut R,
    ) -> Result<ThrowReport, IllegalMove> {
        if self.over {
            return Err(IllegalMove::GameOver);
        }
        if self.ordering.is_none() && !self.throwing {
            return Err(IllegalMove::MoveExpected);
        }
        let t = self.rules.throw_model().draw(self.rules.back_do(), rng);
        self.throw(t)
    }

    /// A move drawn uniformly among [`Game::legal_moves`] (each listed move equally
    /// likely, one [`below`] draw); `None` exactly when the list is empty (a throw
    /// is awaited, or the game is over). No allocation: the moves are counted, not
    /// listed.
    pub fn random_move<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Move> {
        if self.over || self.ordering.is_some() || self.throwing {
            return None;
        }
        // The legal moves are (throw value, unit) pairs, back-do only for units on
        // the board, in the order legal_moves lists them: count them and pick one.
        let mut units = [0usize; 2 * MAX_HORSES];
        let n = self.units(&mut units);
        let on_board = units[..n]
            .iter()
            .filter(|&&s| self.herd.place(s) != Place::Waiting)
            .count();
        let per = |t: usize| if t == 5 { on_board } else { n };
        let total: usize = (0..6).filter(|&t| self.bank[t] > 0).map(per).sum();
        if total == 0 {
            return None;
        }
        let mut r = below(rng, total as u32) as usize;
        for (t, throw) in Throw::ALL.iter().enumerate() {
            if self.bank[t] == 0 {
                continue;
            }
            if r < per(t) {
                let slot = if t == 5 {
                    units[..n]
                        .iter()
                        .copied()
                        .filter(|&s| self.herd.place(s) != Place::Waiting)
                        .nth(r)?
                } else {
                    units[r]
                };
                return Some(Move::new(Horse::from_slot(slot), *throw));
            }
            r -= per(t);
        }
        None
    }

    /// Plays the game on with random throws and uniformly random moves
    /// ([`Game::random_move`]) until it ends or `max_actions` more throws and moves
    /// have been made; returns how many were made. The actions are recorded as
    /// any others.
    pub fn play_out<R: Rng + ?Sized>(&mut self, rng: &mut R, max_actions: usize) -> usize {
        let mut done = 0;
        while done < max_actions && !self.over {
            if self.ordering.is_some() || self.throwing {
                // The rules were validated when the game was made.
                let t = self
                    .rules
                    .throw_model()
                    .draw_valid(self.rules.back_do(), rng);
                self.throw_known(t);
            } else {
                let Some(mv) = self.random_move(rng) else {
                    break;
                };
                // Drawn from the legal moves: only the destination is needed.
                let from = self.herd.place(mv.horse.slot());
                let Some(to) = from.after(mv.throw.steps(), &self.rules) else {
                    break;
                };
                self.apply_known(mv, to, &mut Quiet);
            }
            done += 1;
        }
        done
    }
}
