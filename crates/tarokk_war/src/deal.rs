//! Shuffles (ruling W2): the soldiers' order and the hand cards' order for every
//! hand, and the first dealer — given explicitly, or drawn from a random generator.

use rand_core::Rng;

use crate::cards::{Card, Cards, HAND_CARDS, SOLDIERS};
use crate::error::DealError;
use crate::game::Player;

/// Hands in phase I: 19 soldiers, two drawn per hand (one in the last).
pub const HANDS: usize = 10;

/// Every chance event of a game, fixed in advance so that any game replays
/// exactly: the first dealer, the soldier pile top first, and for each hand the six
/// hand cards in dealing order (the first three to the dealer's opponent, the last
/// three to the dealer).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Deal {
    /// Who deals (and so leads) the first hand.
    pub first_dealer: Player,
    /// The soldier pile, top first.
    pub soldiers: [Card; 19],
    /// The hand cards of each hand, in dealing order.
    pub hands: [[Card; 6]; HANDS],
}

impl Deal {
    /// A random deal: every shuffle uniform, the first dealer a coin toss.
    pub fn random<R: Rng + ?Sized>(rng: &mut R) -> Deal {
        let first_dealer = if rng.next_u32() & 1 == 0 {
            Player::One
        } else {
            Player::Two
        };
        let mut soldiers = SOLDIERS;
        shuffle(&mut soldiers, rng);
        let mut hands = [HAND_CARDS; HANDS];
        for h in &mut hands {
            shuffle(h, rng);
        }
        Deal {
            first_dealer,
            soldiers,
            hands,
        }
    }

    /// Checks that each shuffle is a permutation of its cards.
    ///
    /// # Errors
    /// [`DealError::Soldiers`] or [`DealError::Hand`] (with the hand's number).
    pub fn validate(&self) -> Result<(), DealError> {
        if Cards::of(&self.soldiers) != Cards::of(&SOLDIERS) {
            return Err(DealError::Soldiers);
        }
        for (k, h) in self.hands.iter().enumerate() {
            if Cards::of(h) != Cards::of(&HAND_CARDS) {
                return Err(DealError::Hand(k + 1));
            }
        }
        Ok(())
    }
}

/// Fisher–Yates with exact uniform draws.
fn shuffle<R: Rng + ?Sized, T>(items: &mut [T], rng: &mut R) {
    for i in (1..items.len()).rev() {
        let j = below(rng, i as u32 + 1) as usize;
        items.swap(i, j);
    }
}

/// A uniform integer in `0..n` (`n > 0`), exact (Lemire's multiply-and-reject).
pub(crate) fn below<R: Rng + ?Sized>(rng: &mut R, n: u32) -> u32 {
    let n = n.max(1);
    let mut m = u64::from(rng.next_u32()) * u64::from(n);
    if (m as u32) < n {
        let threshold = n.wrapping_neg() % n;
        while (m as u32) < threshold {
            m = u64::from(rng.next_u32()) * u64::from(n);
        }
    }
    (m >> 32) as u32
}
