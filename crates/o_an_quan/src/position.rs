//! A whole game position: the ring, who owns each small square, each player's
//! captured stones and quan, the loans (ruling Q4) and the player to move.

use core::fmt;

use crate::board::{Board, Player, Square};
use crate::error::PositionError;
use crate::rules::{MAX_PLAYERS, MAX_STONES, Rules};

/// Everything the rules need to go on from a moment of a game.
///
/// [`Position::start`] is the starting position; the `with_*` methods build any
/// other (for tests, puzzles, or the games of a [`Match`](crate::Match), where a
/// square may belong to another row's player after a sale, ruling Q7).
/// [`Game::from_position`](crate::Game::from_position) checks it against the rules.
///
/// ```
/// use o_an_quan::{Game, Player, Position, Rules};
/// // A's squares are empty, B has captured a quan: A must refill first (Q4).
/// let board = "(Q) 0 0 0 0 0 () 3 0 1 0 0".parse()?;
/// let position = Position::new(board, Player::A)
///     .with_store(Player::A, 30)
///     .with_quan_taken(Player::B, 1);
/// let game = Game::from_position(Rules::default(), position)?;
/// assert_eq!(game.position().store(Player::A), 5);
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
    /// The starting position of `rules`: the starting board (Q1), each row owned by
    /// its seat, nothing captured, A to move.
    pub fn start(rules: &Rules) -> Position {
        Position::new(Board::new(rules), Player::A)
    }

    /// `board` with each row owned by its seat, nothing captured or lent, and
    /// `to_move` to move.
    pub fn new(board: Board, to_move: Player) -> Position {
        let mut owned = [0u64; MAX_PLAYERS];
        let stride = board.row_len() + 1;
        for (p, mask) in owned.iter_mut().enumerate().take(board.players()) {
            *mask = ((1u64 << board.row_len()) - 1) << (p * stride + 1);
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

    /// The same position with `player`'s captured small stones set to `stones`.
    #[must_use]
    pub fn with_store(mut self, player: Player, stones: u16) -> Position {
        self.stores[player.index()] = stones;
        self
    }

    /// The same position with `player` having captured `quan` quan.
    #[must_use]
    pub fn with_quan_taken(mut self, player: Player, quan: u8) -> Position {
        self.quan_taken[player.index()] = quan;
        self
    }

    /// The same position with a loan of `stones` from `lender` to `borrower` added.
    #[must_use]
    pub fn with_loan(mut self, borrower: Player, lender: Player, stones: u16) -> Position {
        self.loans[borrower.index()] -= i32::from(stones);
        self.loans[lender.index()] += i32::from(stones);
        self
    }

    /// The same position with `player` to move.
    #[must_use]
    pub fn with_to_move(mut self, player: Player) -> Position {
        self.to_move = player;
        self
    }

    /// The same position with small square `square` owned by `player` (a square
    /// bought in a match, Q7).
    ///
    /// # Errors
    /// [`PositionError::NoSuchSquare`] for a square off the ring or a player who is
    /// not playing; [`PositionError::NotASmallSquare`] for a quan square.
    pub fn with_owner(mut self, square: Square, player: Player) -> Result<Position, PositionError> {
        let i = self
            .board
            .index(square)
            .ok_or(PositionError::NoSuchSquare(square))?;
        if square.is_quan() {
            return Err(PositionError::NotASmallSquare(square));
        }
        if player.index() >= self.board.players() {
            return Err(PositionError::NoSuchPlayer(player));
        }
        for mask in &mut self.owned {
            *mask &= !(1 << i);
        }
        self.owned[player.index()] |= 1 << i;
        Ok(self)
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
        (0..self.board.players())
            .find(|&p| self.owned[p] >> i & 1 == 1)
            .and_then(Player::new)
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

    /// Checks the position against `rules`.
    ///
    /// # Errors
    /// [`PositionError::Shape`] if the ring is not the rules' size;
    /// [`PositionError::TooManyStones`] beyond [`MAX_STONES`];
    /// [`PositionError::QuanCount`] unless the quan on the ring and the quan taken
    /// make one per player; [`PositionError::Loans`] unless loans balance;
    /// [`PositionError::Ownership`] unless every small square has exactly one owner;
    /// [`PositionError::NoSquares`] for a player owning none;
    /// [`PositionError::NoSuchPlayer`] for a player to move (or holding anything) who
    /// is not playing.
    pub fn validate(&self, rules: &Rules) -> Result<(), PositionError> {
        let b = &self.board;
        let n = b.players();
        if n != rules.players() || b.row_len() != rules.row_len() {
            return Err(PositionError::Shape {
                players: n,
                row: b.row_len(),
            });
        }
        if self.to_move.index() >= n {
            return Err(PositionError::NoSuchPlayer(self.to_move));
        }
        for p in n..MAX_PLAYERS {
            if self.stores[p] != 0
                || self.quan_taken[p] != 0
                || self.loans[p] != 0
                || self.owned[p] != 0
                || self.collected[p] != 0
            {
                return Err(PositionError::NoSuchPlayer(
                    Player::new(p).unwrap_or(Player::D),
                ));
            }
        }
        let total = self.small_stones();
        if total > MAX_STONES {
            return Err(PositionError::TooManyStones(total));
        }
        let taken: usize = self.quan_taken[..n].iter().map(|&q| q as usize).sum();
        if b.quan & !b.quan_squares != 0 || b.quan_count() + taken != n {
            return Err(PositionError::QuanCount {
                on_board: b.quan_count(),
                taken,
            });
        }
        if self.loans[..n].iter().map(|&l| i64::from(l)).sum::<i64>() != 0 {
            return Err(PositionError::Loans);
        }
        let small = ((1u64 << b.len()) - 1) & !b.quan_squares;
        let mut seen = 0u64;
        for (p, &mask) in self.owned[..n].iter().enumerate() {
            if mask & seen != 0 || mask & !small != 0 {
                return Err(PositionError::Ownership);
            }
            if mask == 0 {
                return Err(PositionError::NoSquares(
                    Player::new(p).unwrap_or(Player::A),
                ));
            }
            seen |= mask;
        }
        if seen != small {
            return Err(PositionError::Ownership);
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
        for p in 0..self.board.players() {
            let player = Player::new(p).unwrap_or(Player::A);
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
    board: alloc::string::String,
    /// The owner of each small square, in ring order.
    owners: alloc::vec::Vec<Player>,
    stores: alloc::vec::Vec<u16>,
    quan_taken: alloc::vec::Vec<u8>,
    loans: alloc::vec::Vec<i32>,
    collected: alloc::vec::Vec<u16>,
    to_move: Player,
}

#[cfg(feature = "serde")]
impl From<Position> for PositionData {
    fn from(p: Position) -> PositionData {
        use alloc::string::ToString;
        let n = p.board.players();
        let owners = (0..p.board.len())
            .filter(|&i| !p.board.is_quan_square(i))
            .map(|i| {
                (0..n)
                    .find(|&q| p.owned[q] >> i & 1 == 1)
                    .and_then(Player::new)
                    .unwrap_or(Player::A)
            })
            .collect();
        PositionData {
            board: p.board.ring().to_string(),
            owners,
            stores: p.stores[..n].to_vec(),
            quan_taken: p.quan_taken[..n].to_vec(),
            loans: p.loans[..n].to_vec(),
            collected: p.collected[..n].to_vec(),
            to_move: p.to_move,
        }
    }
}

#[cfg(feature = "serde")]
impl TryFrom<PositionData> for Position {
    type Error = PositionError;
    fn try_from(d: PositionData) -> Result<Position, PositionError> {
        let board: Board = d.board.parse().map_err(|_| PositionError::Encoding)?;
        let n = board.players();
        let small = board.len() - n;
        if d.owners.len() != small
            || d.stores.len() != n
            || d.quan_taken.len() != n
            || d.loans.len() != n
            || d.collected.len() != n
        {
            return Err(PositionError::Encoding);
        }
        let mut pos = Position::new(board, d.to_move);
        pos.owned = [0; MAX_PLAYERS];
        let mut k = 0;
        for i in 0..pos.board.len() {
            if !pos.board.is_quan_square(i) {
                let p = d.owners[k].index();
                if p >= n {
                    return Err(PositionError::NoSuchPlayer(d.owners[k]));
                }
                pos.owned[p] |= 1 << i;
                k += 1;
            }
        }
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
