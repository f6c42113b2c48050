//! The stored game: its [`Record`] (rules, setup, moves), read back only by
//! replaying it, and the setup that resumes a game where it stands.

use alloc::vec::Vec;

use crate::error::GameError;
use crate::event::{Observer, RawEvent};
use crate::game::Game;
use crate::moves::Move;
use crate::position::Position;
use crate::rules::Rules;
use crate::setup::{Loan, Setup};

/// A game as stored: its rules, its setup and the moves played. A record becomes a
/// game only by [replaying](Record::replay) it, so a stored game can never be
/// inconsistent. With the `serde` feature a [`Game`] is stored as its record.
///
/// ```
/// use o_an_quan::{Game, Record, Rules, Setup};
/// let mut game = Game::new(Rules::common(), Setup::default())?;
/// game.play("A1L".parse()?)?;
/// let record: Record = game.record();
/// assert_eq!(record.moves[0].to_string(), "A1L");
/// assert_eq!(record.replay()?, game);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Record {
    /// The rules.
    pub rules: Rules,
    /// Where the game started.
    pub setup: Setup,
    /// The moves played, in order.
    pub moves: Vec<Move>,
}

impl Record {
    /// The game this record describes: [`Game::replay`].
    ///
    /// # Errors
    /// As [`Game::replay`]: [`GameError::Rules`], [`GameError::Setup`], or
    /// [`GameError::Replay`] for the first move refused.
    pub fn replay(&self) -> Result<Game, GameError> {
        Game::replay(self.rules, self.setup.clone(), &self.moves)
    }
}

impl Game {
    /// The game's record: rules, setup and the moves played so far.
    pub fn record(&self) -> Record {
        Record {
            rules: self.rules,
            setup: self.setup.clone(),
            moves: self.moves.clone(),
        }
    }

    /// Every loan not yet settled, in the order made (Q4): the setup's, then
    /// those of this game (once the game is over, they are settled in the score).
    /// Who owes whom; [`Position::loans`](crate::Position::loans) has each player's
    /// balance. Found by replaying the record (the moves keep only the balances).
    pub fn loans(&self) -> Vec<Loan> {
        self.replay_record(None)
    }

    /// The game as it stands, as a setup: the position now, every loan not yet
    /// settled with who owes whom (Q4), and the positions that started the earlier
    /// turns (the setup's history, then this game's), which the repetition rule
    /// and the move limit count (Q9). A game from it (under the same rules) plays
    /// on exactly as this one does: the same moves are legal, the same moves lead
    /// to the same positions, reports and end. `None` once the game is over.
    ///
    /// ```
    /// use o_an_quan::{Game, Rules, Setup};
    /// let rules = Rules::default();
    /// let mut game = Game::new(rules, Setup::default())?;
    /// game.play("A2R".parse()?)?;
    /// let setup = game.position_setup().expect("the game goes on");
    /// assert_eq!(setup.history.len(), 1); // the start, before A2R
    /// let mut resumed = Game::new(rules, setup)?;
    /// assert_eq!(resumed.position(), game.position());
    /// assert_eq!(resumed.play("B3L".parse()?)?, game.play("B3L".parse()?)?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn position_setup(&self) -> Option<Setup> {
        if self.is_over() {
            return None;
        }
        let mut history = Vec::with_capacity(self.setup.history.len() + self.moves.len());
        history.extend_from_slice(&self.setup.history);
        let loans = self.replay_record(Some(&mut history));
        let pos = &self.pos;
        let n = pos.board.players();
        Some(Setup {
            board: pos.board.clone(),
            owners: pos.owners(),
            stores: pos.stores[..n].to_vec(),
            quan_taken: pos.quan_taken[..n].to_vec(),
            loans,
            to_move: pos.to_move,
            history,
        })
    }

    /// Replays the record on a scratch game: returns the loans (the setup's and
    /// those made since), and pushes the position that started each of this
    /// game's turns onto `turns`.
    fn replay_record(&self, mut turns: Option<&mut Vec<Position>>) -> Vec<Loan> {
        let mut ledger = Ledger(self.setup.loans.clone());
        let mut scratch = self.scratch();
        scratch.restart_observed(&mut ledger);
        for &mv in &self.moves {
            if let Some(turns) = turns.as_deref_mut() {
                turns.push(scratch.pos.clone());
            }
            scratch.play_known(mv, &mut ledger);
        }
        ledger.0
    }
}

/// Keeps the loans of the steps it is given.
struct Ledger(Vec<Loan>);

impl Observer for Ledger {
    fn event(&mut self, event: RawEvent) {
        if let RawEvent::Borrow(borrower, lender, stones) = event {
            self.0.push(Loan {
                borrower,
                lender,
                stones,
            });
        }
    }
}

/// The serialised form of a game, borrowed: the same fields as [`Record`].
#[cfg(feature = "serde")]
#[derive(serde::Serialize)]
struct RecordRef<'a> {
    rules: &'a Rules,
    setup: &'a Setup,
    moves: &'a [Move],
}

/// A game is stored as its [`Record`].
#[cfg(feature = "serde")]
impl serde::Serialize for Game {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        RecordRef {
            rules: &self.rules,
            setup: &self.setup,
            moves: &self.moves,
        }
        .serialize(s)
    }
}

/// A game is read as a [`Record`] and replayed: a record that does not replay is
/// an error.
#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Game {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Game, D::Error> {
        Record::deserialize(d)?
            .replay()
            .map_err(serde::de::Error::custom)
    }
}
