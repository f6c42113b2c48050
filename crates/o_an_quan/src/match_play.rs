//! Match play (ruling Q7): holdings carried from game to game, squares sold when
//! their owner cannot fill them, and the end of the match.

use alloc::vec::Vec;

use crate::board::Board;
use crate::error::{GameError, MatchError};
use crate::game::Game;
use crate::player::{Player, Players};
use crate::rules::{MAX_PLAYERS, Rules};
use crate::setup::Setup;
use crate::square::Square;

/// What a player holds between games: small stones (negative if their debts exceed
/// them) and quan.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Holding {
    /// Small stones.
    pub stones: i64,
    /// Quan.
    pub quan: u32,
}

impl Holding {
    /// Stones plus the quan at `quan_value` each: what decides a match.
    pub fn value(&self, quan_value: u16) -> i64 {
        self.stones + i64::from(self.quan) * i64::from(quan_value)
    }
}

/// A square sold before a game because its owner could not fill it (Q7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Sale {
    /// The square.
    pub square: Square,
    /// Its owner by seat, who could not fill it.
    pub seller: Player,
    /// Who bought it, filled it and plays it this game.
    pub buyer: Player,
    /// What the buyer paid the seller.
    pub price: u16,
}

/// Why a match ended (Q7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum MatchEnd {
    /// This player holds no quan to set out.
    NoQuan(Player),
    /// This player cannot fill a single square.
    CannotFill(Player),
}

/// How a match came out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MatchOutcome {
    /// Why it ended.
    pub end: MatchEnd,
    /// The players holding the most (stones, quan at their value).
    pub leaders: Players,
}

/// A match: a series of games, each starting from the players' holdings after the
/// one before (ruling Q7).
///
/// Before each game every player fills the squares of their row with the rules'
/// starting stones each, from their left, as far as their stones go, and sets out
/// one quan; what they do not set out waits beside the board. A square its owner
/// cannot fill is sold, for the rules' [`sale_price`](Rules::sale_price), to the
/// first player after the owner in turn order who can pay for it and fill it; the
/// buyer plays it for that game. A square nobody buys stays its owner's, empty.
/// After a game each player holds what was beside the board plus their score
/// ([`Score::total`](crate::Score::total) without the quan, which are counted as
/// pieces), and a quan still on the board goes back to the player who set it out;
/// stones left in quan squares are lost to the match (they count for nobody, Q5).
/// The match ends when a player holds no quan or cannot fill a square.
///
/// ```
/// use o_an_quan::{Match, Player, Rules};
/// use rand_core::SeedableRng;
/// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(3);
/// let mut m = Match::new(Rules::default())?;
/// while m.outcome().is_none() && m.games_played() < 50 {
///     // The players take turns to start.
///     let first = if m.games_played() % 2 == 0 { Player::A } else { Player::B };
///     let (mut game, _sales) = m.next_game(first)?;
///     game.play_out(&mut rng, 10_000);
///     m.finish_game(&game)?;
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    rules: Rules,
    holdings: [Holding; MAX_PLAYERS],
    /// While a game is played: what each player left beside the board, and the
    /// setup the game started from.
    playing: Option<([Holding; MAX_PLAYERS], Setup)>,
    games: u32,
    outcome: Option<MatchOutcome>,
}

impl Match {
    /// A match under `rules`: each player starts holding a full row of stones and one
    /// quan.
    ///
    /// # Errors
    /// [`MatchError::Rules`] for invalid rules.
    pub fn new(rules: Rules) -> Result<Match, MatchError> {
        rules.validate()?;
        let mut holdings = [Holding::default(); MAX_PLAYERS];
        for h in &mut holdings[..rules.players()] {
            h.stones = i64::from(rules.start_stones()) * rules.row_len() as i64;
            h.quan = 1;
        }
        Ok(Match::from_holdings(rules, holdings))
    }

    /// A match going on from given holdings (entries beyond the rules' players are
    /// ignored).
    ///
    /// # Errors
    /// [`MatchError::Rules`] for invalid rules.
    pub fn with_holdings(rules: Rules, holdings: &[Holding]) -> Result<Match, MatchError> {
        rules.validate()?;
        let mut h = [Holding::default(); MAX_PLAYERS];
        for (d, s) in h.iter_mut().zip(holdings).take(rules.players()) {
            *d = *s;
        }
        Ok(Match::from_holdings(rules, h))
    }

    fn from_holdings(rules: Rules, holdings: [Holding; MAX_PLAYERS]) -> Match {
        let mut m = Match {
            rules,
            holdings,
            playing: None,
            games: 0,
            outcome: None,
        };
        m.outcome = m.end();
        m
    }

    /// The rules of every game.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// What each player holds between games (during a game: before it).
    pub fn holdings(&self) -> &[Holding] {
        &self.holdings[..self.rules.players()]
    }

    /// Games finished so far.
    pub fn games_played(&self) -> usize {
        self.games as usize
    }

    /// How the match ended, once it has.
    pub fn outcome(&self) -> Option<MatchOutcome> {
        self.outcome
    }

    /// Sets up the next game with `first` to move, and returns it with the squares
    /// sold for it.
    ///
    /// # Errors
    /// [`MatchError::Over`] once the match is over; [`MatchError::GameNotFinished`]
    /// while a game is being played; [`MatchError::NoSuchPlayer`] for a player not
    /// in the match.
    pub fn next_game(&mut self, first: Player) -> Result<(Game, Vec<Sale>), MatchError> {
        if self.outcome.is_some() {
            return Err(MatchError::Over);
        }
        if self.playing.is_some() {
            return Err(MatchError::GameNotFinished);
        }
        let n = self.rules.players();
        if first.index() >= n {
            return Err(MatchError::NoSuchPlayer(first));
        }
        let per_square = i64::from(self.rules.start_stones());
        let row = self.rules.row_len();
        let mut board = Board::empty(n, row);
        let stride = row + 1;
        let mut beside = self.holdings;
        let mut filled = [0usize; MAX_PLAYERS];
        for p in 0..n {
            let can = (beside[p].stones / per_square).clamp(0, row as i64) as usize;
            filled[p] = can;
            beside[p].stones -= can as i64 * per_square;
            beside[p].quan -= 1; // one quan set out (the match is over if none)
            board.quan |= 1 << (p * stride);
            for k in 1..=can {
                board.counts[p * stride + k] = per_square as u16;
            }
        }
        let mut setup = Setup::new(board, first);
        let mut sales = Vec::new();
        let price = i64::from(self.rules.sale_price());
        for seller in Player::all(n) {
            let p = seller.index();
            for k in filled[p] + 1..=row {
                // The first player after the seller in turn order who can pay.
                let buyer = core::iter::successors(Some(seller.next(n)), |b| Some(b.next(n)))
                    .take(n - 1)
                    .find(|b| beside[b.index()].stones >= price + per_square);
                let Some(buyer) = buyer else { continue };
                let q = buyer.index();
                beside[q].stones -= price + per_square;
                beside[p].stones += price;
                let square = Square::small(seller, k as u8);
                setup.board.counts[p * stride + k] = per_square as u16;
                // Owners are listed by small square in ring order: row by row.
                setup.owners[p * row + k - 1] = buyer;
                sales.push(Sale {
                    square,
                    seller,
                    buyer,
                    price: self.rules.sale_price(),
                });
            }
        }
        let game = Game::new(self.rules, setup.clone()).map_err(|e| match e {
            GameError::Rules(r) => MatchError::Rules(r),
            // The setup is built to fit the rules; nothing else can go wrong.
            _ => MatchError::NoGame,
        })?;
        self.playing = Some((beside, setup));
        Ok((game, sales))
    }

    /// Takes the result of the finished current game into the holdings and decides
    /// whether the match goes on.
    ///
    /// # Errors
    /// [`MatchError::NoGame`] if no game was set up or `game` is not the one set up
    /// by [`Match::next_game`]; [`MatchError::GameNotFinished`] if it is not over.
    pub fn finish_game(&mut self, game: &Game) -> Result<(), MatchError> {
        let Some((beside, start)) = &self.playing else {
            return Err(MatchError::NoGame);
        };
        if game.setup() != start || game.rules() != &self.rules {
            return Err(MatchError::NoGame);
        }
        if !game.is_over() {
            return Err(MatchError::GameNotFinished);
        }
        let pos = game.position();
        let score = game.score();
        let stride = self.rules.row_len() + 1;
        let mut holdings = *beside;
        for (p, h) in holdings.iter_mut().enumerate().take(self.rules.players()) {
            h.stones += i64::from(score.captured[p])
                + i64::from(score.collected[p])
                + i64::from(score.loans[p]);
            h.quan += u32::from(score.quan[p]);
            if pos.board.quan >> (p * stride) & 1 == 1 {
                h.quan += 1; // an uncaptured quan goes back to whoever set it out
            }
        }
        self.holdings = holdings;
        self.playing = None;
        self.games += 1;
        self.outcome = self.end();
        Ok(())
    }

    /// The end of the match, if the holdings say so.
    fn end(&self) -> Option<MatchOutcome> {
        let n = self.rules.players();
        let per_square = i64::from(self.rules.start_stones());
        let end = Player::all(n).find_map(|player| {
            let p = player.index();
            if self.holdings[p].quan == 0 {
                Some(MatchEnd::NoQuan(player))
            } else if self.holdings[p].stones < per_square {
                Some(MatchEnd::CannotFill(player))
            } else {
                None
            }
        })?;
        let value = |p: Player| self.holdings[p.index()].value(self.rules.quan_value());
        let best = Player::all(n).map(value).max().unwrap_or(0);
        let leaders = Player::all(n).filter(|&p| value(p) == best).collect();
        Some(MatchOutcome { end, leaders })
    }
}
