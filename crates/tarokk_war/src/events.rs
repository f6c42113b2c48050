//! Events: each step of a move, as [`Game::play_traced`](crate::Game::play_traced)
//! gives them, and what each player may see of them (W11).

use core::fmt;

use crate::cards::Card;
use crate::outcome::Outcome;
use crate::player::Player;

/// How a hand of phase I was won (W4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum HandWin {
    /// By playing the zöld VIII before the opponent took four cards.
    #[cfg_attr(feature = "serde", serde(rename = "zold_viii"))]
    ZoldVIII,
    /// By taking four cards.
    FourCards,
}

impl fmt::Display for HandWin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            HandWin::ZoldVIII => "with the zöld VIII",
            HandWin::FourCards => "with four cards",
        })
    }
}

/// Something that happened. Events from [`Game::play_traced`](crate::Game::play_traced)
/// are the referee's (every card named); [`Event::seen_by`] gives what one player
/// may see (W11). Serialised externally tagged in snake_case:
/// `{"played": {"player": "one", "card": "Z8"}}`, `{"tok_viii": {…}}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Event {
    /// A hand is dealt: each player's three cards (hidden from the other).
    Dealt {
        /// The hand's number, from 1.
        hand: u8,
        /// Who dealt (and leads).
        dealer: Player,
        /// Player 1's cards, player 2's cards (`None`: hidden from the viewer).
        cards: [Option<[Card; 3]>; 2],
    },
    /// A card played to a trick (face up).
    Played {
        /// Who.
        player: Player,
        /// The card.
        card: Card,
    },
    /// Equal values: both cards go to the pot, the same leader leads again (W3).
    Pot {
        /// Cards in the pot now.
        cards: u8,
    },
    /// A trick taken, with the pot.
    Took {
        /// Who.
        player: Player,
        /// Cards taken.
        cards: u8,
    },
    /// A hand won (W4).
    HandWon {
        /// Who.
        player: Player,
        /// How.
        by: HandWin,
    },
    /// A soldier drawn (private to the drawer, W5).
    Drew {
        /// Who.
        player: Player,
        /// The soldier, for the drawer's eyes (`None`: hidden from the viewer).
        card: Option<Card>,
    },
    /// The tök VIII drawn: buried, and its drawer takes the top location (public,
    /// W5). Serialised as `tok_viii`.
    #[cfg_attr(feature = "serde", serde(rename = "tok_viii"))]
    TokVIII {
        /// Who.
        player: Player,
        /// The location taken.
        location: Card,
    },
    /// A front put up: a location face up, its defender named (W6, W9).
    Front {
        /// Who defends it.
        defender: Player,
        /// The location.
        location: Card,
    },
    /// The defender lays a soldier face down (hidden from the attacker until turned).
    Laid {
        /// The defender.
        player: Player,
        /// The soldier, for the defender's eyes (`None`: hidden from the viewer).
        card: Option<Card>,
    },
    /// A battle fought (W7): both soldiers face up now.
    Battle {
        /// The attacker's soldier.
        attacker: Card,
        /// The defender's soldier, turned.
        defender: Card,
        /// Who won.
        winner: Player,
    },
    /// The attacker's soldier took the front unopposed (W10).
    Unopposed {
        /// The attacker.
        player: Player,
        /// The soldier.
        card: Card,
    },
    /// A location changed hands or stayed (W9).
    Location {
        /// Who holds it now.
        holder: Player,
        /// Which.
        location: Card,
        /// Whether it was captured (else kept by its defender).
        captured: bool,
    },
    /// A player had to put up a front and owned no location (W9).
    Conquered {
        /// Who.
        player: Player,
    },
    /// The game is over.
    GameOver {
        /// The outcome.
        outcome: Outcome,
    },
}

impl Event {
    /// What `viewer` may see of this event (W11): the other player's dealt cards,
    /// drawn soldiers and face-down soldier are removed.
    #[must_use]
    pub fn seen_by(self, viewer: Player) -> Event {
        match self {
            Event::Dealt {
                hand,
                dealer,
                mut cards,
            } => {
                cards[viewer.other().index()] = None;
                Event::Dealt {
                    hand,
                    dealer,
                    cards,
                }
            }
            Event::Drew { player, .. } if player != viewer => Event::Drew { player, card: None },
            Event::Laid { player, .. } if player != viewer => Event::Laid { player, card: None },
            e => e,
        }
    }
}
