//! A player's view (ruling W11): their own cards, everything face up, and counts of
//! the face-down piles; nothing hidden from them, in memory or serialised.

use alloc::vec::Vec;

use crate::awaiting::Awaiting;
use crate::cards::Card;
use crate::game::Game;
use crate::outcome::{Outcome, Score};
use crate::player::Player;

/// The defender's soldier before the front, as one player sees it (W7, W11).
/// Serialised as `"none"`, `"face_down"` or `{"known": "PA"}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Laid {
    /// No soldier lies before the front (phase I, or the defender has not laid yet).
    None,
    /// The defender's soldier lies face down, hidden from this player (the attacker).
    FaceDown,
    /// The defender's soldier lies face down and this player, the defender, knows it.
    Known(Card),
}

/// What one player may see. Phase I's fields are empty or zero in phase II, phase
/// II's are empty or `None` in phase I. Prints as a picture of the table.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct View {
    /// Whose view.
    pub player: Player,
    /// What the game waits for.
    pub awaiting: Awaiting,
    /// Whether phase II has begun.
    pub phase_two: bool,
    /// Phase I: the hand being played, from 1 (the last hand's number in phase II).
    pub hand_number: u8,
    /// Phase I: my hand.
    pub hand: Vec<Card>,
    /// Phase I: cards in the opponent's hand.
    pub opponent_hand: u8,
    /// Phase I: the card led to the current trick (face up), if any.
    pub led: Option<Card>,
    /// Phase I: cards in the pot (0 in phase II).
    pub pot: u8,
    /// Phase I: cards taken this hand, player 1's first (0 in phase II).
    pub taken: [u8; 2],
    /// Soldiers left in the pile.
    pub soldier_pile: u8,
    /// My soldiers.
    pub soldiers: Vec<Card>,
    /// The opponent's soldiers (count).
    pub opponent_soldiers: u8,
    /// The location taken with the tök VIII in phase I (public), and by whom.
    pub tok_viii: Option<(Player, Card)>,
    /// Phase II: the front (face up) and its defender.
    pub front: Option<(Card, Player)>,
    /// Phase II: the defender's soldier before the front, as I see it.
    pub laid: Laid,
    /// My reserve (mine to know), bottom first.
    pub reserve: Vec<Card>,
    /// The opponent's reserve (count).
    pub opponent_reserve: u8,
    /// Each player's holdings (won fronts, face up), player 1's first, bottom first.
    pub holdings: [Vec<Card>; 2],
    /// The graveyard's face-up cards.
    pub graveyard: Vec<Card>,
    /// The graveyard's face-down cards (count: the buried tök VIII).
    pub graveyard_face_down: u8,
    /// The score as it stands (public: every location's owner is known, W6).
    pub score: Score,
    /// The result, once over.
    pub outcome: Option<Outcome>,
}

impl View {
    pub(crate) fn new(g: &Game, me: Player) -> View {
        let (i, o) = (me.index(), me.other().index());
        let laid = match g.face_down {
            None => Laid::None,
            Some(c) if g.defender == me => Laid::Known(c),
            Some(_) => Laid::FaceDown,
        };
        View {
            player: me,
            awaiting: g.awaiting(),
            phase_two: g.phase_two,
            hand_number: g.hand_number(),
            hand: g.hands[i].iter().collect(),
            opponent_hand: g.hands[o].len() as u8,
            led: g.led,
            pot: g.pot.len() as u8,
            taken: [g.taken[0].len() as u8, g.taken[1].len() as u8],
            soldier_pile: g.soldier_pile().len() as u8,
            soldiers: g.soldiers[i].iter().collect(),
            opponent_soldiers: g.soldiers[o].len() as u8,
            tok_viii: g.tok_viii_location(),
            front: g.front(),
            laid,
            reserve: g.reserves[i].iter().collect(),
            opponent_reserve: g.reserves[o].len() as u8,
            holdings: [
                g.holdings[0].iter().collect(),
                g.holdings[1].iter().collect(),
            ],
            graveyard: g.graveyard_up.iter().collect(),
            graveyard_face_down: g.graveyard_down.len() as u8,
            score: g.score(),
            outcome: g.outcome,
        }
    }
}
