//! The deal as chance nodes (ruling W2), card by card as OpenSpiel's card games
//! deal: the first dealer (outcomes 0 and 1), the soldier pile from the top (19
//! nodes; outcome = the card's index), then each hand's six cards in dealing
//! order (10 hands × 6 nodes).

use alloc::vec::Vec;

use tarokk_war::{Card, HAND_CARDS, HANDS, Player, SOLDIERS, Setup};

use super::TarokkWarState;
use crate::action::Action;

/// Chance nodes of a whole deal: the first dealer, 19 soldiers, 10 hands of 6.
pub(super) const DEAL: usize = 1 + 19 + 6 * HANDS;

/// The chance outcomes that deal `setup`.
pub(super) fn deal_actions(setup: &Setup) -> Vec<Action> {
    let mut v = Vec::with_capacity(DEAL);
    v.push(setup.first_dealer.index() as Action);
    v.extend(setup.soldiers.iter().map(|c| c.index() as Action));
    for h in &setup.hands {
        v.extend(h.iter().map(|c| c.index() as Action));
    }
    v
}

/// The soldiers' and the hand cards' bit sets over card indices.
const SOLDIER_MASK: u32 = mask_of(&SOLDIERS);
const HAND_MASK: u32 = mask_of(&HAND_CARDS);

const fn mask_of(cards: &[Card]) -> u32 {
    let mut m = 0u32;
    let mut i = 0;
    while i < cards.len() {
        m |= 1 << cards[i].index();
        i += 1;
    }
    m
}

/// The set bits of `m`, lowest first.
pub(super) fn bits(mut m: u32) -> impl Iterator<Item = Action> {
    core::iter::from_fn(move || {
        if m == 0 {
            return None;
        }
        let b = m.trailing_zeros();
        m &= m - 1;
        Some(b)
    })
}

pub(super) fn card(a: Action) -> Option<Card> {
    u8::try_from(a).ok().and_then(Card::from_index)
}

impl TarokkWarState {
    /// The outcomes still possible at the current deal node, as a bit set over
    /// the action ids (the first dealer: 0 and 1; then card indices).
    pub(super) fn deal_mask(&self) -> u32 {
        let k = self.dealt.len();
        if k == 0 {
            return 0b11;
        }
        let (pool, used) = if k <= 19 {
            (SOLDIER_MASK, &self.dealt[1..])
        } else {
            let hand = (k - 20) / 6;
            (HAND_MASK, &self.dealt[20 + hand * 6..])
        };
        used.iter().fold(pool, |m, &a| m & !(1u32 << (a % 32)))
    }

    /// The outcomes still possible at the current deal node, in increasing order.
    pub(super) fn deal_outcomes(&self) -> Vec<Action> {
        bits(self.deal_mask()).collect()
    }

    /// The setup, once the deal is complete.
    pub(super) fn setup_of(dealt: &[Action]) -> Option<Setup> {
        if dealt.len() != DEAL {
            return None;
        }
        let first_dealer = Player::new(dealt[0] as usize)?;
        let mut soldiers = SOLDIERS;
        for (slot, &a) in soldiers.iter_mut().zip(&dealt[1..20]) {
            *slot = card(a)?;
        }
        let mut hands = [HAND_CARDS; HANDS];
        for (h, hand) in hands.iter_mut().enumerate() {
            for (slot, &a) in hand.iter_mut().zip(&dealt[20 + h * 6..26 + h * 6]) {
                *slot = card(a)?;
            }
        }
        Some(Setup {
            first_dealer,
            soldiers,
            hands,
        })
    }
}
