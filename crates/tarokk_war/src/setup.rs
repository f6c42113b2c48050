//! The setup (ruling W2): every shuffle of a game — the first dealer, the soldiers'
//! order and the hand cards' order for every hand — given explicitly or drawn from
//! a random generator.

use rand_core::Rng;

use crate::cards::{Card, Cards, HAND_CARDS, SOLDIERS};
use crate::chance::{below, shuffle};
use crate::error::SetupError;
use crate::player::Player;

/// Hands in phase I: 19 soldiers, two drawn per hand (one in the last).
pub const HANDS: usize = 10;

/// The start of a game: every chance event, fixed in advance so that any game
/// replays exactly — the first dealer, the soldier pile top first, and for each hand
/// the six hand cards in dealing order (the first three to the dealer's opponent,
/// the last three to the dealer). Plain data; [`Game::new`](crate::Game::new)
/// checks it. There is no `Default`: a card game has no natural deal, only
/// shuffles ([`Setup::random`]).
///
/// Serialised with the cards' codes:
/// `{"first_dealer": "one", "soldiers": ["PO", "T8", …], "hands": [["T7", "TX", "ZX", "Z8", "Z9", "M9"], …]}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Setup {
    /// Who deals (and so leads) the first hand.
    pub first_dealer: Player,
    /// The soldier pile, top first: a permutation of [`SOLDIERS`].
    pub soldiers: [Card; 19],
    /// The hand cards of each hand, in dealing order: permutations of [`HAND_CARDS`].
    pub hands: [[Card; 6]; HANDS],
}

impl Setup {
    /// A random setup: the first dealer a fair coin, every shuffle uniform, all
    /// drawn with [`below`] (the coin first, then the soldiers, then the hands).
    pub fn random<R: Rng + ?Sized>(rng: &mut R) -> Setup {
        let first_dealer = if below(rng, 2) == 0 {
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
        Setup {
            first_dealer,
            soldiers,
            hands,
        }
    }

    /// Checks that each shuffle is a permutation of its cards (W1).
    ///
    /// # Errors
    /// [`SetupError::Soldiers`] if the pile is not the 19 soldiers, or
    /// [`SetupError::Hand`] (with the index into `hands`) if a hand is not the six
    /// hand cards.
    pub fn validate(&self) -> Result<(), SetupError> {
        if Cards::of(&self.soldiers) != Cards::of(&SOLDIERS) {
            return Err(SetupError::Soldiers);
        }
        for (k, h) in self.hands.iter().enumerate() {
            if Cards::of(h) != Cards::of(&HAND_CARDS) {
                return Err(SetupError::Hand(k));
            }
        }
        Ok(())
    }
}
