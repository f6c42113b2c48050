//! A player's view (ruling W11): their own cards, everything face up, and counts of
//! the face-down piles; nothing hidden from them, in memory or serialised.

use alloc::vec::Vec;

use crate::cards::Card;
use crate::game::{Awaiting, Game, Outcome, Player};

/// What one player may see.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct View {
    /// Whose view.
    pub player: Player,
    /// What the game waits for.
    pub awaiting: Awaiting,
    /// Whether phase II has begun.
    pub phase_two: bool,
    /// Phase I: my hand.
    pub hand: Vec<Card>,
    /// Phase I: cards in the opponent's hand.
    pub opponent_hand: u8,
    /// Phase I: the card led to the current trick (face up), if any.
    pub trick: Option<Card>,
    /// Phase I: cards in the pot (0 in phase II).
    pub pot: u8,
    /// Phase I: cards taken this hand, Player 1's first (0 in phase II).
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
    /// Phase II: whether the defender has laid a soldier, and which if it is mine.
    pub laid: Option<Option<Card>>,
    /// My reserve (mine to know), bottom first.
    pub reserve: Vec<Card>,
    /// The opponent's reserve (count).
    pub opponent_reserve: u8,
    /// Each player's holdings (won fronts, face up), Player 1's first.
    pub holdings: [Vec<Card>; 2],
    /// The graveyard's face-up cards.
    pub graveyard: Vec<Card>,
    /// The graveyard's face-down cards (count: the buried tök VIII).
    pub graveyard_face_down: u8,
    /// The result, once over.
    pub outcome: Option<Outcome>,
}

impl View {
    pub(crate) fn new(g: &Game, me: Player) -> View {
        let (i, o) = (me.index(), me.other().index());
        let laid = g.face_down.map(|c| (g.defender == me).then_some(c));
        View {
            player: me,
            awaiting: g.awaiting(),
            phase_two: g.phase_two,
            hand: g.hands[i].iter().collect(),
            opponent_hand: g.hands[o].len() as u8,
            trick: g.trick,
            pot: g.pot,
            taken: g.taken,
            soldier_pile: (g.deal().soldiers.len() as u8).saturating_sub(g.next_soldier),
            soldiers: g.soldiers[i].iter().collect(),
            opponent_soldiers: g.soldiers[o].len() as u8,
            tok_viii: g.phase_one_location,
            front: g.front.map(|c| (c, g.defender)),
            laid,
            reserve: g.reserves[i].iter().collect(),
            opponent_reserve: g.reserves[o].len() as u8,
            holdings: [
                g.holdings[0].iter().collect(),
                g.holdings[1].iter().collect(),
            ],
            graveyard: g.graveyard_up.iter().collect(),
            graveyard_face_down: g.graveyard_down.len() as u8,
            outcome: g.outcome,
        }
    }
}

impl core::fmt::Display for View {
    /// The table as this player sees it: hand or front, own soldiers and reserve,
    /// holdings, graveyard, and counts of what is hidden.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let list = |cards: &[Card]| {
            if cards.is_empty() {
                alloc::string::String::from("none")
            } else {
                cards
                    .iter()
                    .map(|c| alloc::format!("{c}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            }
        };
        writeln!(f, "{} ({:?})", self.player, self.awaiting)?;
        if !self.phase_two {
            writeln!(
                f,
                "hand: {}; opponent holds {}",
                list(&self.hand),
                self.opponent_hand
            )?;
            if let Some(t) = self.trick {
                writeln!(f, "led: {t}")?;
            }
            writeln!(
                f,
                "pot {}; taken {} / {}; soldier pile {}",
                self.pot, self.taken[0], self.taken[1], self.soldier_pile
            )?;
        } else if let Some((front, defender)) = self.front {
            writeln!(f, "front: {front}, defended by {defender}")?;
        }
        writeln!(
            f,
            "soldiers: {}; opponent has {}",
            list(&self.soldiers),
            self.opponent_soldiers
        )?;
        writeln!(
            f,
            "reserve: {}; opponent's reserve {}",
            list(&self.reserve),
            self.opponent_reserve
        )?;
        writeln!(
            f,
            "holdings: {} | {}",
            list(&self.holdings[0]),
            list(&self.holdings[1])
        )?;
        writeln!(
            f,
            "graveyard: {} face up, {} face down",
            self.graveyard.len(),
            self.graveyard_face_down
        )
    }
}
