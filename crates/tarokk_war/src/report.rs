//! What a move did: the [`Report`] that [`Game::play`](crate::Game::play) returns.

use crate::cards::Card;
use crate::events::{Event, HandWin};
use crate::player::Player;

/// A trick taken (W3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Trick {
    /// Who took it.
    pub taker: Player,
    /// The cards taken, the pot included.
    pub cards: u8,
}

/// A hand won (W4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct HandWon {
    /// Who won it.
    pub winner: Player,
    /// How.
    pub by: HandWin,
}

/// A battle fought (W7); both soldiers are face up now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Battle {
    /// The attacker's soldier.
    pub attacker: Card,
    /// The defender's soldier, turned.
    pub defender: Card,
    /// Who won.
    pub winner: Player,
}

/// What a move did, summed up from its [`Event`]s (the referee's knowledge: the
/// soldiers drawn are counted, not named). [`Game::play`](crate::Game::play) and
/// [`Game::play_traced`](crate::Game::play_traced) return the same report.
///
/// ```
/// use rand_core::SeedableRng;
/// use tarokk_war::{Game, Rules};
/// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(5);
/// let mut game = Game::random(Rules::default(), &mut rng)?;
/// let mut hands = 0;
/// while let Some(mv) = game.random_move(&mut rng) {
///     let report = game.play(mv)?;
///     if let Some(won) = report.hand {
///         hands += 1;
///         println!("{} won hand {hands} {}", won.winner, won.by);
///     }
/// }
/// assert_eq!(hands, 10);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Report {
    /// Who moved.
    pub player: Player,
    /// Phase I: equal values sent the trick to the pot, which holds this many cards
    /// now (W3).
    pub pot: Option<u8>,
    /// Phase I: the trick this move completed and who took it (W3).
    pub trick: Option<Trick>,
    /// Phase I: the hand this move won (W4).
    pub hand: Option<HandWon>,
    /// Soldiers drawn after the hand (W5), the tök VIII included.
    pub drawn: u8,
    /// Phase II: the battle this move fought (W7).
    pub battle: Option<Battle>,
    /// Phase II: unopposed captures that followed (W10).
    pub unopposed: u8,
    /// Locations that changed hands (W9), unopposed captures included.
    pub captured: u8,
    /// Whether the move ended the game ([`Game::outcome`](crate::Game::outcome) says
    /// how; so does the [`Event::GameOver`] event).
    pub over: bool,
}

impl Report {
    pub(crate) const fn new(player: Player) -> Report {
        Report {
            player,
            pot: None,
            trick: None,
            hand: None,
            drawn: 0,
            battle: None,
            unopposed: 0,
            captured: 0,
            over: false,
        }
    }

    /// Takes one event of the move into account.
    #[inline(always)]
    pub(crate) fn note(&mut self, event: &Event) {
        match *event {
            Event::Pot { cards } => self.pot = Some(cards),
            Event::Took { player, cards } => {
                self.trick = Some(Trick {
                    taker: player,
                    cards,
                });
            }
            Event::HandWon { player, by } => {
                self.hand = Some(HandWon { winner: player, by });
            }
            Event::Drew { .. } => self.drawn += 1,
            Event::Battle {
                attacker,
                defender,
                winner,
            } => {
                self.battle = Some(Battle {
                    attacker,
                    defender,
                    winner,
                });
            }
            Event::Unopposed { .. } => self.unopposed += 1,
            Event::Location { captured, .. } => self.captured += u8::from(captured),
            Event::GameOver { .. } => self.over = true,
            Event::Dealt { .. }
            | Event::Played { .. }
            | Event::TokVIII { .. }
            | Event::Front { .. }
            | Event::Laid { .. }
            | Event::Conquered { .. } => {}
        }
    }
}
