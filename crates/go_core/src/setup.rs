//! The start of a game as plain data: board size, setup stones and the colour to
//! move first (rulings G1, G7).

use alloc::vec::Vec;

use crate::board::Board;
use crate::error::{ParseError, SetupError};
use crate::player::Color;
use crate::point::Point;

/// The start of a game: the board size, the stones on it before the first move
/// (handicap, a problem, a position) and the colour to move first. Plain data:
/// [`Game::new`](crate::Game::new) checks it (size 1..=25 each way, stones on the
/// board, no point given twice, every chain with a liberty).
///
/// `Setup::default()` is the usual start: 19×19, empty, Black to move.
/// [`handicap::fixed`](crate::handicap::fixed) builds a handicap setup and
/// [`Setup::from_diagram`] one from a picture.
///
/// ```
/// use go_core::{Color, Game, Rules, Setup};
/// let setup = Setup {
///     stones: vec![("D4".parse()?, Color::Black), ("F6".parse()?, Color::White)],
///     to_move: Color::White,
///     ..Setup::new(9, 9)
/// };
/// let game = Game::new(Rules::default(), setup)?;
/// assert_eq!(game.to_move(), Color::White);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Setup {
    /// Board width, 1..=25.
    pub width: u8,
    /// Board height, 1..=25.
    pub height: u8,
    /// The stones on the board before the first move.
    pub stones: Vec<(Point, Color)>,
    /// The colour that moves first.
    pub to_move: Color,
}

impl Default for Setup {
    /// 19×19, empty, Black to move.
    fn default() -> Setup {
        Setup::new(19, 19)
    }
}

impl Setup {
    /// An empty `width`×`height` board, Black to move (the size is checked by
    /// [`Game::new`](crate::Game::new)).
    pub const fn new(width: u8, height: u8) -> Setup {
        Setup {
            width,
            height,
            stones: Vec::new(),
            to_move: Color::Black,
        }
    }

    /// The position of a text diagram (see [`Board::from_diagram`]) with `to_move`
    /// to play.
    ///
    /// ```
    /// use go_core::{Color, Game, Rules, Setup};
    /// let setup = Setup::from_diagram("
    ///     . O X .
    ///     O X . X
    ///     . O X .
    ///     . . . .
    /// ", Color::White)?;
    /// let game = Game::new(Rules::default(), setup)?;
    /// assert!(game.is_legal("C3".parse()?)); // White takes the ko
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`ParseError::Diagram`] for an unknown character, ragged lines or a size
    /// outside 1..=25. A chain without liberties is not an error here;
    /// [`Game::new`](crate::Game::new) refuses it.
    pub fn from_diagram(text: &str, to_move: Color) -> Result<Setup, ParseError> {
        let board = Board::from_diagram(text)?;
        Ok(Setup {
            width: board.width(),
            height: board.height(),
            stones: board.stones().collect(),
            to_move,
        })
    }

    /// The board this setup describes, checked (ruling G1, G7).
    pub(crate) fn board(&self) -> Result<Board, SetupError> {
        Board::with_stones(self.width, self.height, &self.stones)
    }

    /// The same setup with its stones in board order (A1, B1, …, A2, …), the form
    /// a game keeps, so that equal positions compare equal however they were given.
    pub(crate) fn normalised(mut self) -> Setup {
        self.stones
            .sort_unstable_by_key(|&(p, _)| (p.row(), p.col()));
        self
    }
}
