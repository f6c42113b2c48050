//! The rules values (rulings Q1, Q4–Q7, Q9, Q10): the ring's size, the stones, the
//! refill, the end rule and the options, with the two presets.

use crate::error::RulesError;

/// The most players (seats) a ring can have (ruling Q1: 2, 3 or 4).
pub const MAX_PLAYERS: usize = 4;
/// The most small squares in one player's row.
pub const MAX_ROW: usize = 12;
/// The most squares a ring can have: four rows of [`MAX_ROW`] and four quan squares.
pub const MAX_SQUARES: usize = MAX_PLAYERS * (MAX_ROW + 1);
/// The largest number of small stones a position may hold in all (board and stores),
/// so that no count can overflow.
pub const MAX_STONES: u32 = 30_000;
/// The largest stones-per-square value (start, refill, young-quan threshold).
pub const MAX_PER_SQUARE: u8 = 100;
/// The largest quan value and square price.
pub const MAX_VALUE: u16 = 1000;

/// When the game ends (ruling Q5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum EndRule {
    /// As soon as every quan has been captured (the source's rule: "both quan").
    QuanCaptured,
    /// Only when every quan square is empty: quan and small stones gone.
    QuanSquaresEmpty,
}

/// The rules of one game: the source's by default ([`Rules::default`]), the
/// widespread modern ones with [`Rules::common`], and every difference settable on
/// its own with the `with_*` methods. Values are checked by [`Rules::validate`],
/// which [`Game::new`](crate::Game::new) calls. The presets are also found by name
/// ([`Rules::preset`], [`Rules::PRESETS`]).
///
/// ```
/// use o_an_quan::{EndRule, Rules};
/// assert_eq!(Rules::preset("common")?, Rules::common());
/// let rules = Rules::common().with_players(3).with_young_quan(Some(5));
/// assert_eq!(rules.refill_per_square(), 1);
/// assert_eq!(rules.squares(), 18);
/// assert_eq!(rules.end_rule(), EndRule::QuanCaptured);
/// assert!(rules.validate().is_ok());
/// assert!(Rules::default().with_players(5).validate().is_err());
/// # Ok::<(), o_an_quan::RulesError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "RulesData", into = "RulesData"))]
pub struct Rules {
    players: u8,
    row: u8,
    stones: u8,
    quan_value: u16,
    refill: u8,
    end: EndRule,
    quan_gap: bool,
    young_quan: Option<u8>,
    move_limit: Option<u32>,
    sale_price: u16,
}

impl Default for Rules {
    /// The source's rules as ruled: 2 players, rows of 5, 5 stones per square, quan
    /// worth 10, refill 5 per square (Q4), the game ends when every quan is captured
    /// (Q5), an empty quan square counts as a gap in a capture chain (Q3), no young
    /// quan (Q6), no move limit (Q9), squares sold for 25 stones in a match (Q7).
    fn default() -> Rules {
        Rules::source()
    }
}

impl Rules {
    /// The source's rules (the same as [`Rules::default`]); preset `source`.
    pub const fn source() -> Rules {
        Rules {
            players: 2,
            row: 5,
            stones: 5,
            quan_value: 10,
            refill: 5,
            end: EndRule::QuanCaptured,
            quan_gap: true,
            young_quan: None,
            move_limit: None,
            sale_price: 25,
        }
    }

    /// The widespread modern rules (ruling Q10): as the source's, but a player whose
    /// squares are all empty refills them with **one** stone each; preset `common`.
    pub const fn common() -> Rules {
        Rules::source().with_refill_per_square(1)
    }

    /// Every preset's name, the default's first: each is also a constructor of
    /// the same name ([`Rules::source`], [`Rules::common`]).
    pub const PRESETS: &'static [&'static str] = &["source", "common"];

    /// The preset called `name`, one of [`Rules::PRESETS`]: matched by
    /// [`game_kit::same_name`] (case, spaces, `-` and `_` ignored).
    ///
    /// # Errors
    /// [`RulesError::UnknownPreset`] for any other name.
    pub fn preset(name: &str) -> Result<Rules, RulesError> {
        match game_kit::find_name(Rules::PRESETS, name) {
            Some(0) => Ok(Rules::source()),
            Some(1) => Ok(Rules::common()),
            _ => Err(RulesError::UnknownPreset(name.into())),
        }
    }

    /// The number of players (seats) round the ring: 2, 3 or 4 (Q1).
    pub const fn players(&self) -> usize {
        self.players as usize
    }

    /// Small squares in each player's row (Q1; 5 by default).
    pub const fn row_len(&self) -> usize {
        self.row as usize
    }

    /// All squares of the ring: each row and the quan square before it.
    pub const fn squares(&self) -> usize {
        self.players() * (self.row_len() + 1)
    }

    /// Small stones in each small square at the start (Q1; 5 by default).
    pub const fn start_stones(&self) -> u8 {
        self.stones
    }

    /// What a quan counts for, in small stones (Q1; 10 by default).
    pub const fn quan_value(&self) -> u16 {
        self.quan_value
    }

    /// Stones put into each own square by a refill (Q4; 5 by the source, 1 in
    /// [`Rules::common`]).
    pub const fn refill_per_square(&self) -> u8 {
        self.refill
    }

    /// When the game ends (Q5).
    pub const fn end_rule(&self) -> EndRule {
        self.end
    }

    /// Whether an empty quan square (no quan, no stones) counts as the empty square
    /// between two captures of a chain (Q3; true by default). The empty square right
    /// after the last stone must always be a small one: a quan square there ends the
    /// turn.
    pub const fn quan_square_gap(&self) -> bool {
        self.quan_gap
    }

    /// The young-quan ("quan non") threshold M (Q6): a quan square holding its quan
    /// and fewer than M stones cannot be captured. `None` (the default) turns the
    /// option off.
    pub const fn young_quan(&self) -> Option<u8> {
        self.young_quan
    }

    /// The move limit after which the game ends as in Q5 (Q9; none by default).
    pub const fn move_limit(&self) -> Option<u32> {
        self.move_limit
    }

    /// What a buyer pays for a square its owner cannot fill in a match (Q7; 25).
    pub const fn sale_price(&self) -> u16 {
        self.sale_price
    }

    /// Small stones in the whole set at the start: every small square filled.
    pub const fn total_stones(&self) -> u32 {
        self.players as u32 * self.row as u32 * self.stones as u32
    }

    /// The same rules for `players` players (2..=4).
    #[must_use]
    pub const fn with_players(mut self, players: u8) -> Rules {
        self.players = players;
        self
    }

    /// The same rules with `row` small squares per player (1..=12).
    #[must_use]
    pub const fn with_row_len(mut self, row: u8) -> Rules {
        self.row = row;
        self
    }

    /// The same rules with `stones` stones per small square at the start (1..=100).
    #[must_use]
    pub const fn with_start_stones(mut self, stones: u8) -> Rules {
        self.stones = stones;
        self
    }

    /// The same rules with another quan value (0..=1000).
    #[must_use]
    pub const fn with_quan_value(mut self, value: u16) -> Rules {
        self.quan_value = value;
        self
    }

    /// The same rules with `stones` stones per square in a refill (1..=100).
    #[must_use]
    pub const fn with_refill_per_square(mut self, stones: u8) -> Rules {
        self.refill = stones;
        self
    }

    /// The same rules with another end rule.
    #[must_use]
    pub const fn with_end_rule(mut self, end: EndRule) -> Rules {
        self.end = end;
        self
    }

    /// The same rules with empty quan squares counting, or not, as gaps in a capture
    /// chain.
    #[must_use]
    pub const fn with_quan_square_gap(mut self, gap: bool) -> Rules {
        self.quan_gap = gap;
        self
    }

    /// The same rules with the young-quan option on (`Some(M)`, 1..=100) or off.
    #[must_use]
    pub const fn with_young_quan(mut self, threshold: Option<u8>) -> Rules {
        self.young_quan = threshold;
        self
    }

    /// The same rules with a move limit (at least 1) or none.
    #[must_use]
    pub const fn with_move_limit(mut self, limit: Option<u32>) -> Rules {
        self.move_limit = limit;
        self
    }

    /// The same rules with another square price for match play (0..=1000).
    #[must_use]
    pub const fn with_sale_price(mut self, price: u16) -> Rules {
        self.sale_price = price;
        self
    }

    /// Checks every value.
    ///
    /// # Errors
    /// [`RulesError::Players`], [`RulesError::RowLength`], [`RulesError::PerSquare`]
    /// (start stones, refill or young-quan threshold out of 1..=100),
    /// [`RulesError::Value`] (quan value or price above 1000),
    /// [`RulesError::MoveLimit`] for a limit of 0.
    pub fn validate(&self) -> Result<(), RulesError> {
        if self.players < 2 || self.players as usize > MAX_PLAYERS {
            return Err(RulesError::Players(self.players));
        }
        if self.row == 0 || self.row as usize > MAX_ROW {
            return Err(RulesError::RowLength(self.row));
        }
        per_square("start stones", self.stones)?;
        per_square("refill", self.refill)?;
        if let Some(m) = self.young_quan {
            per_square("young-quan threshold", m)?;
        }
        if self.quan_value > MAX_VALUE {
            return Err(RulesError::Value {
                what: "quan value",
                value: self.quan_value,
            });
        }
        if self.sale_price > MAX_VALUE {
            return Err(RulesError::Value {
                what: "square price",
                value: self.sale_price,
            });
        }
        if let Some(0) = self.move_limit {
            return Err(RulesError::MoveLimit);
        }
        Ok(())
    }
}

fn per_square(what: &'static str, value: u8) -> Result<(), RulesError> {
    if value == 0 || value > MAX_PER_SQUARE {
        Err(RulesError::PerSquare { what, value })
    } else {
        Ok(())
    }
}

/// The serialised form of [`Rules`], checked on the way in.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct RulesData {
    players: u8,
    row: u8,
    start_stones: u8,
    quan_value: u16,
    refill_per_square: u8,
    end_rule: EndRule,
    quan_square_gap: bool,
    young_quan: Option<u8>,
    move_limit: Option<u32>,
    sale_price: u16,
}

#[cfg(feature = "serde")]
impl From<Rules> for RulesData {
    fn from(r: Rules) -> RulesData {
        RulesData {
            players: r.players,
            row: r.row,
            start_stones: r.stones,
            quan_value: r.quan_value,
            refill_per_square: r.refill,
            end_rule: r.end,
            quan_square_gap: r.quan_gap,
            young_quan: r.young_quan,
            move_limit: r.move_limit,
            sale_price: r.sale_price,
        }
    }
}

#[cfg(feature = "serde")]
impl TryFrom<RulesData> for Rules {
    type Error = RulesError;
    fn try_from(d: RulesData) -> Result<Rules, RulesError> {
        let rules = Rules {
            players: d.players,
            row: d.row,
            stones: d.start_stones,
            quan_value: d.quan_value,
            refill: d.refill_per_square,
            end: d.end_rule,
            quan_gap: d.quan_square_gap,
            young_quan: d.young_quan,
            move_limit: d.move_limit,
            sale_price: d.sale_price,
        };
        rules.validate()?;
        Ok(rules)
    }
}
