//! The score and the outcome (rulings W9, W10).

use core::fmt;

use crate::player::Player;

/// The points each player owns now (W10): one per location (or its numeral, with
/// [`Rules::with_location_value`](crate::Rules::with_location_value)) in their
/// reserve, their holdings and the front they defend. Running during the game,
/// final once it is over. Serialised as `[points of player 1, points of player 2]`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct Score {
    /// Points by player index.
    pub points: [u32; 2],
}

impl Score {
    /// `player`'s points.
    pub const fn of(&self, player: Player) -> u32 {
        self.points[player.index()]
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}–{}", self.points[0], self.points[1])
    }
}

/// Why the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum End {
    /// A player had to put up a front and owned no location: conquered, they lose
    /// at once (W9).
    Conquest,
    /// The attacker had no soldier left: the points decide, equal points a draw
    /// (W10).
    OutOfSoldiers,
}

/// How the game ended: the winner (`None` for a draw), why, and the final score.
///
/// ```
/// use rand_core::SeedableRng;
/// use tarokk_war::{End, Game, Rules};
/// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(3);
/// let mut game = Game::random(Rules::default(), &mut rng)?;
/// while let Some(mv) = game.random_move(&mut rng) {
///     game.play(mv)?;
/// }
/// let outcome = game.outcome().expect("over");
/// if outcome.reason() == End::Conquest {
///     assert!(outcome.winner().is_some());
/// }
/// println!("{outcome}");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Outcome {
    winner: Option<Player>,
    reason: End,
    score: Score,
}

impl Outcome {
    pub(crate) const fn new(winner: Option<Player>, reason: End, score: Score) -> Outcome {
        Outcome {
            winner,
            reason,
            score,
        }
    }

    /// The winner; `None` for a draw.
    pub const fn winner(&self) -> Option<Player> {
        self.winner
    }

    /// Why the game ended.
    pub const fn reason(&self) -> End {
        self.reason
    }

    /// The final score.
    pub const fn score(&self) -> Score {
        self.score
    }

    /// The player conquered (lost every location), if that ended the game (W9).
    pub const fn conquered(&self) -> Option<Player> {
        match (self.reason, self.winner) {
            (End::Conquest, Some(w)) => Some(w.other()),
            _ => None,
        }
    }
}

impl fmt::Display for Outcome {
    /// `player 1 wins 7–0 (conquest)`, `a draw 3–3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner {
            Some(w) => write!(f, "{w} wins {}", self.score)?,
            None => write!(f, "a draw {}", self.score)?,
        }
        match self.reason {
            End::Conquest => f.write_str(" (conquest)"),
            End::OutOfSoldiers => f.write_str(" (on points)"),
        }
    }
}
