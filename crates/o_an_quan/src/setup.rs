//! The start of a game as plain data (rulings Q1, Q4, Q7, Q9): the position, the
//! loans not yet settled and the positions that started the earlier turns.

use alloc::vec::Vec;
use core::fmt;

use crate::board::Board;
use crate::error::SetupError;
use crate::player::Player;
use crate::position::Position;
use crate::rules::{MAX_PLAYERS, Rules};

/// A loan made for a refill (ruling Q4): `lender` gave `borrower` the `stones` they
/// lacked. Loans are settled at the end, in the score: subtracted from the
/// borrower's, added to the lender's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Loan {
    /// Who borrowed (and owes).
    pub borrower: Player,
    /// Who lent.
    pub lender: Player,
    /// How many small stones.
    pub stones: u16,
}

impl fmt::Display for Loan {
    /// `A owes B 22`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} owes {} {}", self.borrower, self.lender, self.stones)
    }
}

/// The start of a game, as plain data: the position (board, owners, captured
/// stones and quan, loans), the player to move, and the positions that started
/// the turns before it. [`Game::new`](crate::Game::new) checks it against the
/// rules.
///
/// - A fresh game: [`Setup::standard`] (or `Setup::default()` for the default
///   rules), A to move; the source lets rock–paper–scissors choose the first
///   player, so set [`to_move`](Setup::to_move) as it says.
/// - A puzzle or a study: [`Setup::new`] from a board, then set the fields.
/// - A game of a [`Match`](crate::Match) (Q7), where squares may have been sold to
///   another row's player: [`Match::next_game`](crate::Match::next_game) builds it.
/// - A game stored in the middle and resumed exactly:
///   [`Game::position_setup`](crate::Game::position_setup) gives the setup from
///   which a new game plays exactly as the old one would have gone on — the loans
///   with who owes whom, and the earlier turns' positions for the repetition rule
///   (Q9) and the move limit.
///
/// ```
/// use o_an_quan::{Game, Loan, Player, Rules, Setup};
/// // A has already borrowed 22 stones from B for a refill (Q4); B is to move.
/// let mut setup = Setup::new("(Q) 5 5 5 5 5 (Q) 0 0 0 1 3".parse()?, Player::B);
/// setup.stores = vec![0, 18];
/// setup.loans = vec![Loan { borrower: Player::A, lender: Player::B, stones: 22 }];
/// let game = Game::new(Rules::default(), setup)?;
/// assert_eq!(game.position().loans(Player::A), -22);
/// assert_eq!(game.score().total(Player::B), 18 + 22); // the board is collected at the end
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// With the `serde` feature a setup is stored with its board in ring notation
/// (`loans` and `history` may be left out when empty):
///
/// ```json
/// {"board": "(Q) 5 5 5 5 5 (Q) 5 5 5 5 5",
///  "owners": ["A", "A", "A", "A", "A", "B", "B", "B", "B", "B"],
///  "stores": [0, 0], "quan_taken": [0, 0], "loans": [], "to_move": "A", "history": []}
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Setup {
    /// The ring: the stones in each square and the quan still on it.
    pub board: Board,
    /// The owner of each small square, in ring order (`A1 … A5 B1 … B5 …`): each
    /// row's own seat, unless squares were sold in a match (Q7).
    pub owners: Vec<Player>,
    /// Each player's captured small stones (less those spent on refills), by seat.
    pub stores: Vec<u16>,
    /// The quan each player has captured, by seat.
    pub quan_taken: Vec<u8>,
    /// The loans not yet settled, in the order they were made (Q4). Each player's
    /// net balance ([`Position::loans`]) follows from them.
    #[cfg_attr(feature = "serde", serde(default))]
    pub loans: Vec<Loan>,
    /// The player to move. The turn starts as any turn does: with a refill if
    /// their squares are all empty (Q4).
    pub to_move: Player,
    /// The positions that started the turns before this one, in order, one per
    /// move played before it (Q9: a position that occurs a third time ends the
    /// game, and these count; the rules' move limit counts these turns too).
    /// Empty for a fresh game.
    #[cfg_attr(feature = "serde", serde(default))]
    pub history: Vec<Position>,
}

impl Default for Setup {
    /// The standard start under [`Rules::default`]: two players, rows of five
    /// squares of five stones, both quan on the ring, A to move.
    fn default() -> Setup {
        Setup::standard(&Rules::default())
    }
}

impl Setup {
    /// The standard start under `rules` (ruling Q1): every small square with the
    /// starting stones, every quan square with its quan, each row owned by its
    /// seat, nothing captured, A to move.
    pub fn standard(rules: &Rules) -> Setup {
        Setup::new(Board::new(rules), Player::A)
    }

    /// `board` with each row owned by its seat, nothing captured or lent, no
    /// history, and `to_move` to move.
    pub fn new(board: Board, to_move: Player) -> Setup {
        let n = board.players();
        let position = Position::new(board, to_move);
        Setup {
            owners: position.owners(),
            stores: alloc::vec![0; n],
            quan_taken: alloc::vec![0; n],
            loans: Vec::new(),
            to_move,
            history: Vec::new(),
            board: position.board,
        }
    }

    /// Checks the setup against `rules`, as [`Game::new`](crate::Game::new) does.
    ///
    /// # Errors
    /// [`SetupError::Shape`] if the board is not the rules' size;
    /// [`SetupError::Lengths`] unless `owners` has one entry per small square and
    /// `stores` and `quan_taken` one per player; [`SetupError::NoSuchPlayer`] for
    /// a player to move or owner who is not playing; [`SetupError::BadLoan`] for a
    /// loan of no stones or not between two players of the game;
    /// [`SetupError::Loans`] if the loans add up beyond what a balance holds;
    /// [`SetupError::TooManyStones`] beyond [`MAX_STONES`](crate::MAX_STONES);
    /// [`SetupError::QuanCount`] unless the quan on the ring and the quan taken
    /// make one per player; [`SetupError::NoSquares`] for a player owning no square;
    /// [`SetupError::History`] for an earlier position that is not one of this
    /// ring with these owners before the end.
    pub fn validate(&self, rules: &Rules) -> Result<(), SetupError> {
        self.position(rules).map(|_| ())
    }

    /// The position the setup describes, checked against `rules`.
    pub(crate) fn position(&self, rules: &Rules) -> Result<Position, SetupError> {
        let b = &self.board;
        let n = b.players();
        if n != rules.players() || b.row_len() != rules.row_len() {
            return Err(SetupError::Shape {
                players: n,
                row: b.row_len(),
            });
        }
        for (field, len) in [
            ("stores", self.stores.len()),
            ("quan_taken", self.quan_taken.len()),
        ] {
            if len != n {
                return Err(SetupError::Lengths {
                    field,
                    len,
                    expected: n,
                });
            }
        }
        if self.to_move.index() >= n {
            return Err(SetupError::NoSuchPlayer(self.to_move));
        }
        let mut pos = Position::new(self.board.clone(), self.to_move);
        pos.set_owners(&self.owners)?;
        pos.stores[..n].copy_from_slice(&self.stores);
        pos.quan_taken[..n].copy_from_slice(&self.quan_taken);
        let mut net = [0i64; MAX_PLAYERS];
        for &loan in &self.loans {
            let (b, l) = (loan.borrower.index(), loan.lender.index());
            if b >= n || l >= n || b == l || loan.stones == 0 {
                return Err(SetupError::BadLoan(loan));
            }
            net[b] -= i64::from(loan.stones);
            net[l] += i64::from(loan.stones);
            if net[b] < i64::from(i32::MIN) || net[l] > i64::from(i32::MAX) {
                return Err(SetupError::Loans);
            }
        }
        for (balance, &sum) in pos.loans.iter_mut().zip(&net) {
            *balance = sum as i32; // in range: checked above
        }
        pos.validate(rules)?;
        for (turn, earlier) in self.history.iter().enumerate() {
            let fits = earlier.validate(rules).is_ok()
                && earlier.owned == pos.owned
                && earlier.collected == [0; MAX_PLAYERS];
            if !fits {
                return Err(SetupError::History { turn });
            }
        }
        Ok(pos)
    }
}
