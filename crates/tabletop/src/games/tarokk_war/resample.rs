//! Resampling from a player's information state: what the player has not seen
//! (the soldiers the opponent drew, the undrawn pile, the hands not dealt yet,
//! the opponent's face-down soldier) drawn afresh.

use alloc::vec::Vec;

use rand_core::Rng;
use tarokk_war::{Card, Event, HAND_CARDS, HANDS, Move, Player, SOLDIERS, Setup, TOK_VIII};

use super::TarokkWarState;
use super::deal::deal_actions;
use crate::action::Action;
use crate::rng::below;

/// Shuffles `v` uniformly (Fisher–Yates with [`below`]).
fn shuffle<T, R: Rng + ?Sized>(v: &mut [T], rng: &mut R) {
    for i in (1..v.len()).rev() {
        let j = below(rng, (i + 1) as u32) as usize;
        v.swap(i, j);
    }
}

impl TarokkWarState {
    /// During the deal nobody has seen a card: a deal of the same length, the first
    /// dealer kept.
    pub(super) fn resample_deal<R: Rng + ?Sized>(&self, rng: &mut R) -> Self {
        let mut s = self.clone();
        let n = self.dealt.len();
        if n <= 1 {
            return s;
        }
        let mut soldiers: Vec<Action> = SOLDIERS.iter().map(|c| c.index() as Action).collect();
        shuffle(&mut soldiers, rng);
        let mut deal: Vec<Action> = alloc::vec![self.dealt[0]];
        deal.extend(soldiers);
        for _ in 0..HANDS {
            let mut hand: Vec<Action> = HAND_CARDS.iter().map(|c| c.index() as Action).collect();
            shuffle(&mut hand, rng);
            deal.extend(hand);
        }
        deal.truncate(n);
        s.dealt = deal.clone();
        s.history = deal;
        s
    }

    /// A game `me` cannot tell from this one: see the module docs.
    pub(super) fn resample_game<R: Rng + ?Sized>(
        &self,
        g: &tarokk_war::Game,
        me: Player,
        rng: &mut R,
    ) -> Option<Self> {
        let opp = me.other();
        let setup = *g.setup();
        // Who drew each pile position, in order.
        let mut drawers: Vec<Player> = Vec::new();
        for e in self.events(None) {
            if let Event::Drew { player, .. } = e {
                drawers.push(player);
            }
        }
        let drawn = drawers.len();
        let tok_at = setup.soldiers[..drawn].iter().position(|&c| c == TOK_VIII);
        // The opponent's drawn soldiers it has shown (laid face up, turned, or
        // taken unopposed): drawn, no longer held, not the face-down one.
        let held: Vec<Card> = g.soldiers(opp).collect();
        let face_down = match g.face_down() {
            Some(c) if g.front().is_some_and(|(_, d)| d == opp) => Some(c),
            _ => None,
        };
        let opp_cards: Vec<Card> = (0..drawn)
            .filter(|&i| drawers[i] == opp && Some(i) != tok_at)
            .map(|i| setup.soldiers[i])
            .collect();
        let shown: Vec<Card> = opp_cards
            .iter()
            .copied()
            .filter(|c| !held.contains(c) && Some(*c) != face_down)
            .collect();
        // The hidden pool: every soldier not mine, not the public tök VIII, not shown.
        let mine: Vec<Card> = (0..drawn)
            .filter(|&i| drawers[i] == me)
            .map(|i| setup.soldiers[i])
            .collect();
        let mut pool: Vec<Card> = SOLDIERS
            .iter()
            .copied()
            .filter(|c| {
                !(mine.contains(c) || shown.contains(c) || tok_at.is_some() && *c == TOK_VIII)
            })
            .collect();
        // The tök VIII, if undrawn, must stay undrawn (its draw would have been public).
        let tok_hidden = tok_at.is_none();
        pool.retain(|&c| !(tok_hidden && c == TOK_VIII));
        shuffle(&mut pool, rng);
        let opp_slots: Vec<usize> = (0..drawn)
            .filter(|&i| drawers[i] == opp && Some(i) != tok_at)
            .collect();
        let hidden_opp = opp_slots.len().checked_sub(shown.len())?;
        // Every list is put in an order the player can know before it is shuffled,
        // so that the draw depends on the player's view and the generator alone:
        // the shown cards in card order (not the order they were drawn in).
        let mut opp_new: Vec<Card> = shown.clone();
        opp_new.sort_unstable_by_key(|c| c.index());
        opp_new.extend(pool.drain(..hidden_opp.min(pool.len())));
        shuffle(&mut opp_new, rng);
        let mut rest = pool;
        if tok_hidden {
            rest.push(TOK_VIII);
        }
        shuffle(&mut rest, rng);
        let mut soldiers = setup.soldiers;
        for (slot, c) in opp_slots.iter().zip(&opp_new) {
            soldiers[*slot] = *c;
        }
        let undrawn: Vec<usize> = (drawn..19).collect();
        if undrawn.len() != rest.len() {
            return None;
        }
        for (slot, c) in undrawn.iter().zip(&rest) {
            soldiers[*slot] = *c;
        }
        // Hands not dealt yet: any order.
        let mut hands = setup.hands;
        let dealt_hands = usize::from(g.hand_number()).min(HANDS);
        if !g.in_phase_two() {
            for hand in hands.iter_mut().skip(dealt_hands) {
                hand.sort_unstable_by_key(|c| c.index());
                shuffle(hand, rng);
            }
        }
        let new_setup = Setup {
            soldiers,
            hands,
            ..setup
        };
        // The opponent's face-down soldier: any it still holds in this deal.
        let mut moves: Vec<Move> = g.moves().to_vec();
        if face_down.is_some() {
            let unused: Vec<Card> = opp_new
                .iter()
                .copied()
                .filter(|c| !shown.contains(c))
                .collect();
            let pick = *unused.get(below(rng, unused.len() as u32) as usize)?;
            if let Some(Move::Defend(c)) = moves.last_mut() {
                *c = pick;
            }
        }
        let game = tarokk_war::Game::replay(self.def.rules, new_setup, &moves).ok()?;
        let mut history = deal_actions(&new_setup);
        history.extend(moves.iter().map(|m| m.card().index() as Action));
        Some(TarokkWarState {
            def: self.def.clone(),
            dealt: deal_actions(&new_setup),
            game: Some(game),
            history,
        })
    }
}
