//! A moment of a game: the ring, who owns each small square, each player's
//! captured stones and quan, the net loans (ruling Q4) and the player to move —
//! what the repetition rule (Q9) compares.

use core::fmt;

use crate::board::Board;
use crate::error::SetupError;
use crate::player::Player;
use crate::rules::{MAX_PLAYERS, MAX_STONES, Rules};
use crate::square::Square;

/// A game's position at one moment: what [`Game::position`](crate::Game::position)
/// shows, and what the repetition rule (Q9) counts at the start of each turn (the
/// earlier ones are a [`Setup`](crate::Setup)'s `history`). Two positions are equal
/// when the board, the owners, the stores, the quan taken, the net loans, the
/// stones collected and the player to move are.
///
/// Loans appear here as each player's net balance, which is what the score and
/// the repetition rule read; who lent to whom is the game's ledger
/// ([`Game::loans`](crate::Game::loans)).
///
/// ```
/// use o_an_quan::{Game, Player, Rules, Setup};
/// // A's squares are empty, B has captured a quan: A must refill first (Q4).
/// let mut setup = Setup::new("(Q) 0 0 0 0 0 () 3 0 1 0 0".parse()?, Player::A);
/// setup.stores = vec![30, 0];
/// setup.quan_taken = vec![0, 1];
/// let game = Game::new(Rules::default(), setup)?;
/// assert_eq!(game.position().store(Player::A), 5);
/// assert_eq!(game.position().board().ring().to_string(), "(Q) 5 5 5 5 5 () 3 0 1 0 0");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(try_from = "PositionData", into = "PositionData")
)]
pub struct Position {
    pub(crate) board: Board,
    /// Ring bits of each player's small squares.
    pub(crate) owned: [u64; MAX_PLAYERS],
    /// Captured small stones, less those spent on refills.
    pub(crate) stores: [u16; MAX_PLAYERS],
    /// Captured quan.
    pub(crate) quan_taken: [u8; MAX_PLAYERS],
    /// Net loans: positive for stones lent, negative for stones borrowed.
    pub(crate) loans: [i32; MAX_PLAYERS],
    /// Stones taken from own squares when the game ended (Q5); zero until then.
    pub(crate) collected: [u16; MAX_PLAYERS],
    pub(crate) to_move: Player,
}

impl Position {
    /// `board` with each row owned by its seat, nothing captured or lent, and
    /// `to_move` to move.
    pub(crate) fn new(board: Board, to_move: Player) -> Position {
        let mut owned = [0u64; MAX_PLAYERS];
        for (p, mask) in owned.iter_mut().enumerate().take(board.players()) {
            *mask = board.row_mask(p);
        }
        Position {
            board,
            owned,
            stores: [0; MAX_PLAYERS],
            quan_taken: [0; MAX_PLAYERS],
            loans: [0; MAX_PLAYERS],
            collected: [0; MAX_PLAYERS],
            to_move,
        }
    }

    /// The ring.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Whose turn it is.
    pub fn to_move(&self) -> Player {
        self.to_move
    }

    /// `player`'s captured small stones, less those spent on refills.
    pub fn store(&self, player: Player) -> u16 {
        self.stores.get(player.index()).copied().unwrap_or(0)
    }

    /// The quan `player` has captured.
    pub fn quan_taken(&self, player: Player) -> u8 {
        self.quan_taken.get(player.index()).copied().unwrap_or(0)
    }

    /// `player`'s net loans: positive for stones lent, negative for borrowed (Q4).
    pub fn loans(&self, player: Player) -> i32 {
        self.loans.get(player.index()).copied().unwrap_or(0)
    }

    /// Stones `player` took from their own squares when the game ended (Q5).
    pub fn collected(&self, player: Player) -> u16 {
        self.collected.get(player.index()).copied().unwrap_or(0)
    }

    /// Who owns small square `square` (`None` for a quan square or one off the ring).
    pub fn owner(&self, square: Square) -> Option<Player> {
        let i = self.board.index(square)?;
        self.owner_at(i)
    }

    /// The owner of ring square `i`, if it is a small square.
    pub(crate) fn owner_at(&self, i: usize) -> Option<Player> {
        Player::all(self.board.players()).find(|p| self.owned[p.index()] >> i & 1 == 1)
    }

    /// The small squares `player` owns, in ring order.
    pub fn squares_of(&self, player: Player) -> impl Iterator<Item = Square> + '_ {
        let mask = self.owned.get(player.index()).copied().unwrap_or(0);
        (0..self.board.len())
            .filter(move |&i| mask >> i & 1 == 1)
            .map(|i| self.board.square(i))
    }

    /// Small stones on the ring, in stores and collected: constant through a game.
    pub fn small_stones(&self) -> u32 {
        let n = self.board.players();
        self.board.small_stones()
            + self.stores[..n].iter().map(|&s| u32::from(s)).sum::<u32>()
            + self.collected[..n]
                .iter()
                .map(|&s| u32::from(s))
                .sum::<u32>()
    }

    /// The owner of each small square, in ring order (the form setups and the
    /// serialised position use).
    pub(crate) fn owners(&self) -> alloc::vec::Vec<Player> {
        (0..self.board.len())
            .filter(|&i| !self.board.is_quan_square(i))
            .filter_map(|i| self.owner_at(i))
            .collect()
    }

    /// Gives the small squares of the ring to `owners`, in ring order.
    ///
    /// # Errors
    /// [`SetupError::Lengths`] unless there is one owner per small square;
    /// [`SetupError::NoSuchPlayer`] for an owner who is not playing.
    pub(crate) fn set_owners(&mut self, owners: &[Player]) -> Result<(), SetupError> {
        let n = self.board.players();
        let small = self.board.len() - n;
        if owners.len() != small {
            return Err(SetupError::Lengths {
                field: "owners",
                len: owners.len(),
                expected: small,
            });
        }
        self.owned = [0; MAX_PLAYERS];
        let squares = (0..self.board.len()).filter(|&i| !self.board.is_quan_square(i));
        for (i, &owner) in squares.zip(owners) {
            if owner.index() >= n {
                return Err(SetupError::NoSuchPlayer(owner));
            }
            self.owned[owner.index()] |= 1 << i;
        }
        Ok(())
    }

    /// Checks the position against `rules`: the ring's size, the player to move,
    /// nothing held by a seat that is not playing, the stones, one quan per player
    /// (on the ring or taken), balanced loans, and every small square owned by
    /// exactly one player, each of whom owns one at least.
    pub(crate) fn validate(&self, rules: &Rules) -> Result<(), SetupError> {
        let b = &self.board;
        let n = b.players();
        if n != rules.players() || b.row_len() != rules.row_len() {
            return Err(SetupError::Shape {
                players: n,
                row: b.row_len(),
            });
        }
        if self.to_move.index() >= n {
            return Err(SetupError::NoSuchPlayer(self.to_move));
        }
        for p in Player::all(MAX_PLAYERS).skip(n) {
            let i = p.index();
            if self.stores[i] != 0
                || self.quan_taken[i] != 0
                || self.loans[i] != 0
                || self.owned[i] != 0
                || self.collected[i] != 0
            {
                return Err(SetupError::NoSuchPlayer(p));
            }
        }
        let total = self.small_stones();
        if total > MAX_STONES {
            return Err(SetupError::TooManyStones(total));
        }
        let taken: usize = self.quan_taken[..n].iter().map(|&q| q as usize).sum();
        if b.quan & !b.quan_squares != 0 || b.quan_count() + taken != n {
            return Err(SetupError::QuanCount {
                on_board: b.quan_count(),
                taken,
            });
        }
        if self.loans[..n].iter().map(|&l| i64::from(l)).sum::<i64>() != 0 {
            return Err(SetupError::Loans);
        }
        let small = ((1u64 << b.len()) - 1) & !b.quan_squares;
        let mut seen = 0u64;
        for p in Player::all(n) {
            let mask = self.owned[p.index()];
            if mask & seen != 0 || mask & !small != 0 {
                return Err(SetupError::Ownership);
            }
            if mask == 0 {
                return Err(SetupError::NoSquares(p));
            }
            seen |= mask;
        }
        if seen != small {
            return Err(SetupError::Ownership);
        }
        Ok(())
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.board.players();
        f.debug_struct("Position")
            .field("board", &self.board)
            .field("to_move", &self.to_move)
            .field("stores", &&self.stores[..n])
            .field("quan_taken", &&self.quan_taken[..n])
            .field("loans", &&self.loans[..n])
            .field("collected", &&self.collected[..n])
            .field("owned", &&self.owned[..n])
            .finish()
    }
}

impl fmt::Display for Position {
    /// The board's picture, then a line per player: captured stones and quan,
    /// loans, stones collected at the end, and who is to move.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.board)?;
        for player in Player::all(self.board.players()) {
            let p = player.index();
            write!(
                f,
                "{player}: captured {} stones, {} quan",
                self.stores[p], self.quan_taken[p]
            )?;
            match self.loans[p] {
                0 => {}
                l if l > 0 => write!(f, ", lent {l}")?,
                l => write!(f, ", owes {}", -l)?,
            }
            if self.collected[p] > 0 {
                write!(f, ", collected {}", self.collected[p])?;
            }
            if player == self.to_move {
                write!(f, "  <- to move")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// The serialised form of a [`Position`], checked on the way in.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct PositionData {
    /// The ring notation of the board.
    board: Board,
    /// The owner of each small square, in ring order.
    owners: alloc::vec::Vec<Player>,
    stores: alloc::vec::Vec<u16>,
    quan_taken: alloc::vec::Vec<u8>,
    /// Net loans.
    loans: alloc::vec::Vec<i32>,
    collected: alloc::vec::Vec<u16>,
    to_move: Player,
}

#[cfg(feature = "serde")]
impl From<Position> for PositionData {
    fn from(p: Position) -> PositionData {
        let n = p.board.players();
        PositionData {
            owners: p.owners(),
            stores: p.stores[..n].to_vec(),
            quan_taken: p.quan_taken[..n].to_vec(),
            loans: p.loans[..n].to_vec(),
            collected: p.collected[..n].to_vec(),
            to_move: p.to_move,
            board: p.board,
        }
    }
}

#[cfg(feature = "serde")]
impl TryFrom<PositionData> for Position {
    type Error = SetupError;
    fn try_from(d: PositionData) -> Result<Position, SetupError> {
        let n = d.board.players();
        for (field, len) in [
            ("stores", d.stores.len()),
            ("quan_taken", d.quan_taken.len()),
            ("loans", d.loans.len()),
            ("collected", d.collected.len()),
        ] {
            if len != n {
                return Err(SetupError::Lengths {
                    field,
                    len,
                    expected: n,
                });
            }
        }
        let mut pos = Position::new(d.board, d.to_move);
        pos.set_owners(&d.owners)?;
        pos.stores[..n].copy_from_slice(&d.stores);
        pos.quan_taken[..n].copy_from_slice(&d.quan_taken);
        pos.loans[..n].copy_from_slice(&d.loans);
        pos.collected[..n].copy_from_slice(&d.collected);
        // The rules are not known here: check everything that does not need them.
        let rules = Rules::default()
            .with_players(n as u8)
            .with_row_len(pos.board.row_len() as u8);
        pos.validate(&rules)?;
        Ok(pos)
    }
}
