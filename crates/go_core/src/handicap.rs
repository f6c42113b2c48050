//! Before the first move (ruling G7): fixed handicap placements, star points and
//! nigiri.

use alloc::vec::Vec;

use rand_core::Rng;

use crate::chance::below;
use crate::error::SetupError;
use crate::player::Color;
use crate::point::{MAX_SIDE, Point};
use crate::setup::Setup;

/// The setup of a square `size`×`size` game with a fixed handicap of `stones`
/// black stones, placed as GTP's `fixed_handicap` places them ([`fixed_points`]),
/// White to move. `stones` 0 or 1 means no handicap: an empty board, Black to move.
///
/// ```
/// use go_core::{Color, Game, Rules, handicap};
/// let game = Game::new(Rules::chinese(), handicap::fixed(19, 4)?)?;
/// assert_eq!(game.to_move(), Color::White);
/// assert_eq!(game.board().count(Color::Black), 4);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`SetupError::BoardSize`] for a size outside 1..=25; [`SetupError::Handicap`]
/// when there is no fixed placement for that count on that board.
pub fn fixed(size: u8, stones: u8) -> Result<Setup, SetupError> {
    if !(1..=MAX_SIDE).contains(&size) {
        return Err(SetupError::BoardSize {
            width: size,
            height: size,
        });
    }
    if stones <= 1 {
        return Ok(Setup::new(size, size));
    }
    Ok(Setup {
        width: size,
        height: size,
        stones: fixed_points(size, size, stones)?
            .into_iter()
            .map(|p| (p, Color::Black))
            .collect(),
        to_move: Color::White,
    })
}

/// The fixed handicap points for `stones` stones on a `width`×`height` board, in the
/// order GTP's `fixed_handicap` lists them (GTP v2 §4.1.1): square boards 7..=25;
/// 2..=4 stones on even sizes and 7×7, 2..=9 on odd sizes from 9×9. The corner
/// points are on the third line below 13×13 and on the fourth from 13×13.
///
/// ```
/// use go_core::handicap;
/// let names: Vec<String> = handicap::fixed_points(19, 19, 5)?.iter().map(|p| p.to_string()).collect();
/// assert_eq!(names, ["D4", "Q16", "D16", "Q4", "K10"]);
/// # Ok::<(), go_core::SetupError>(())
/// ```
///
/// # Errors
/// [`SetupError::Handicap`] when there is no fixed placement for that count and size.
pub fn fixed_points(width: u8, height: u8, stones: u8) -> Result<Vec<Point>, SetupError> {
    let err = SetupError::Handicap {
        stones,
        width,
        height,
    };
    let size = width;
    if width != height || !(7..=25).contains(&size) || stones < 2 {
        return Err(err);
    }
    let max = if size.is_multiple_of(2) || size == 7 {
        4
    } else {
        9
    };
    if stones > max {
        return Err(err);
    }
    let line = if size < 13 { 2 } else { 3 };
    let at = [line, (size - 1) / 2, size - 1 - line];
    // (row, col) codes into `at`: 0 = low, 1 = middle, 2 = high.
    const PATTERN: [(usize, usize); 9] = [
        (0, 0),
        (2, 2),
        (2, 0),
        (0, 2),
        (1, 0),
        (1, 2),
        (0, 1),
        (2, 1),
        (1, 1),
    ];
    let codes: &[(usize, usize)] = match stones {
        2..=4 => &PATTERN[..stones as usize],
        5 => &[(0, 0), (2, 2), (2, 0), (0, 2), (1, 1)],
        6 => &PATTERN[..6],
        7 => &[(0, 0), (2, 2), (2, 0), (0, 2), (1, 0), (1, 2), (1, 1)],
        _ => &PATTERN[..stones as usize],
    };
    Ok(codes
        .iter()
        .filter_map(|&(r, c)| Point::new(at[c], at[r]))
        .collect())
}

/// The star points (hoshi) drawn on a board: the 9-stone handicap points on odd
/// square boards from 9×9 (the four corner points from 7×7 and on even boards);
/// none elsewhere.
pub fn star_points(width: u8, height: u8) -> Vec<Point> {
    let odd_max = if width == height && !width.is_multiple_of(2) && width >= 9 {
        9
    } else {
        4
    };
    fixed_points(width, height, odd_max).unwrap_or_default()
}

/// Odd or even: the guess in nigiri.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Parity {
    /// An odd number of stones.
    Odd,
    /// An even number of stones.
    Even,
}

/// Who takes Black after a nigiri.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum NigiriConvention {
    /// The source's wording: "if the second player guessed even and there are even
    /// stones, the player with the handful plays Black; otherwise he plays White",
    /// read as: a right guess gives the holder Black, a wrong one gives it to the
    /// guesser (ruling G7; see `docs/go_core.md`).
    Source,
    /// The usual tournament convention: a right guess gives the guesser Black.
    Traditional,
}

/// The colours decided by a nigiri.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Nigiri {
    /// The number of stones in the hand.
    pub stones: u32,
    /// The guess made.
    pub guess: Parity,
    /// The colour of the player who held the stones.
    pub holder: Color,
    /// The colour of the player who guessed.
    pub guesser: Color,
}

/// Decides colours from the stones in the hand and the guess (ruling G7).
///
/// ```
/// use go_core::handicap::{nigiri, NigiriConvention, Parity};
/// use go_core::Color;
/// // The source's example: the guess "even" is right, so the holder plays Black.
/// assert_eq!(nigiri(12, Parity::Even, NigiriConvention::Source).holder, Color::Black);
/// assert_eq!(nigiri(12, Parity::Even, NigiriConvention::Traditional).guesser, Color::Black);
/// ```
pub fn nigiri(stones: u32, guess: Parity, convention: NigiriConvention) -> Nigiri {
    let actual = if stones.is_multiple_of(2) {
        Parity::Even
    } else {
        Parity::Odd
    };
    let right = actual == guess;
    let holder_black = match convention {
        NigiriConvention::Source => right,
        NigiriConvention::Traditional => !right,
    };
    let holder = if holder_black {
        Color::Black
    } else {
        Color::White
    };
    Nigiri {
        stones,
        guess,
        holder,
        guesser: holder.opponent(),
    }
}

/// A nigiri with the handful (1..=40 stones) and the guess drawn from `rng`, both
/// with [`below`].
pub fn nigiri_random<R: Rng + ?Sized>(rng: &mut R, convention: NigiriConvention) -> Nigiri {
    let stones = below(rng, 40) + 1;
    let guess = if below(rng, 2) == 0 {
        Parity::Odd
    } else {
        Parity::Even
    };
    nigiri(stones, guess, convention)
}
