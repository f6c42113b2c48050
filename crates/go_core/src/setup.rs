//! Before the first move (ruling G7): fixed handicap placement, star points and
//! nigiri.

use alloc::vec::Vec;

use rand_core::Rng;

use crate::error::SetupError;
use crate::point::{Color, Point};

/// The fixed handicap points for `stones` stones on a `width`×`height` board, in the
/// order GTP's `fixed_handicap` lists them (GTP v2 §4.1.1): square boards 7..=25;
/// 2..=4 stones on even sizes and 7×7, 2..=9 on odd sizes from 9×9. The corner
/// points are on the third line below 13×13 and on the fourth from 13×13.
///
/// ```
/// use go_core::setup::fixed_handicap_points;
/// let names: Vec<String> = fixed_handicap_points(19, 19, 5)?.iter().map(|p| p.to_string()).collect();
/// assert_eq!(names, ["D4", "Q16", "D16", "Q4", "K10"]);
/// # Ok::<(), go_core::SetupError>(())
/// ```
///
/// # Errors
/// [`SetupError::Handicap`] when there is no fixed placement for that count and size.
pub fn fixed_handicap_points(width: u8, height: u8, stones: u8) -> Result<Vec<Point>, SetupError> {
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
    fixed_handicap_points(width, height, odd_max).unwrap_or_default()
}

/// Odd or even: the guess in nigiri.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Parity {
    /// An odd number of stones.
    Odd,
    /// An even number of stones.
    Even,
}

/// Who takes Black after a nigiri.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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
/// use go_core::setup::{nigiri, NigiriConvention, Parity};
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

/// A nigiri with the handful (1..=40 stones) and the guess drawn from `rng`.
pub fn nigiri_random<R: Rng + ?Sized>(rng: &mut R, convention: NigiriConvention) -> Nigiri {
    let stones = crate::playout::below(rng, 40) + 1;
    let guess = if rng.next_u32() & 1 == 0 {
        Parity::Odd
    } else {
        Parity::Even
    };
    nigiri(stones, guess, convention)
}
