//! A stack of locations (a reserve or holdings), top last.

use crate::cards::Card;

/// At most the seven locations, bottom first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Stack {
    cards: [Option<Card>; 7],
    len: u8,
}

impl Stack {
    pub(crate) fn push(&mut self, c: Card) {
        if let Some(slot) = self.cards.get_mut(self.len as usize) {
            *slot = Some(c);
            self.len += 1;
        }
    }

    pub(crate) fn pop(&mut self) -> Option<Card> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        self.cards[self.len as usize].take()
    }

    /// Bottom first.
    pub(crate) fn iter(&self) -> impl Iterator<Item = Card> + '_ {
        self.cards[..self.len as usize].iter().flatten().copied()
    }

    pub(crate) fn len(&self) -> usize {
        self.len as usize
    }
}
