//! A picture of the table as one player sees it: the `Display` of a [`View`].

use alloc::string::String;
use core::fmt;

use crate::cards::Card;
use crate::view::{Laid, View};

/// The cards' codes, comma-separated, or `none`.
fn list(cards: &[Card]) -> String {
    if cards.is_empty() {
        return String::from("none");
    }
    let mut s = String::new();
    for (k, c) in cards.iter().enumerate() {
        if k > 0 {
            s.push_str(", ");
        }
        s.push_str(&alloc::format!("{c}"));
    }
    s
}

impl fmt::Display for View {
    /// The table as this player sees it: hand or front, own soldiers and reserve,
    /// holdings, graveyard, and counts of what is hidden.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}'s view: {}", self.player, self.awaiting)?;
        if !self.phase_two {
            writeln!(
                f,
                "hand {}: {}; opponent holds {}",
                self.hand_number,
                list(&self.hand),
                self.opponent_hand
            )?;
            if let Some(t) = self.led {
                writeln!(f, "led: {t}")?;
            }
            writeln!(
                f,
                "pot {}; taken {} / {}; soldier pile {}",
                self.pot, self.taken[0], self.taken[1], self.soldier_pile
            )?;
        } else if let Some((front, defender)) = self.front {
            write!(f, "front: {front}, defended by {defender}")?;
            match self.laid {
                Laid::None => writeln!(f)?,
                Laid::FaceDown => writeln!(f, "; a soldier lies face down")?,
                Laid::Known(c) => writeln!(f, "; {c} lies face down")?,
            }
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
            "graveyard: {} face up, {} face down; score {}",
            self.graveyard.len(),
            self.graveyard_face_down,
            self.score
        )?;
        if let Some(o) = self.outcome {
            writeln!(f, "{o}")?;
        }
        Ok(())
    }
}
