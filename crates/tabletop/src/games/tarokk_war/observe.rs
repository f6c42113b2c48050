//! What a player sees of tarokk war: the crate's view of the game (which holds
//! nothing the player may not see, ruling W11) as text and as numbers, and the
//! events so far as the player saw them (the information state).

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use tarokk_war::{Awaiting, Card, Event, Laid, Player};

use super::CARDS;
use super::TarokkWarState;
use super::deal::DEAL;

/// Card planes and numbers of the observation (see `write_observation`).
const CARD_PLANES: usize = 14;
const SCALARS: usize = 17;
/// The observation's length.
pub(super) const OBS: usize = CARD_PLANES * CARDS + SCALARS;

impl TarokkWarState {
    /// Every event of the game so far, from its setup, as `viewer` saw them (or
    /// all of them for `None`).
    pub(super) fn events(&self, viewer: Option<Player>) -> Vec<Event> {
        let mut out = Vec::new();
        let Some(g) = &self.game else { return out };
        let Ok(mut replay) = tarokk_war::Game::new(self.def.rules, *g.setup()) else {
            return out;
        };
        let mut keep = |e: Event| out.push(viewer.map_or(e, |v| e.seen_by(v)));
        replay.opening_events(&mut keep);
        for &mv in g.moves() {
            if replay.play_traced(mv, &mut keep).is_err() {
                break;
            }
        }
        out
    }

    /// The player's view as text.
    pub(super) fn picture(&self, player: usize) -> String {
        let Some(p) = Player::new(player) else {
            return String::new();
        };
        match &self.game {
            Some(g) => g.view(p).to_string(),
            None => format!(
                "dealing: {} of {DEAL} cards and coins dealt\n",
                self.dealt.len()
            ),
        }
    }

    /// Everything the player has seen: the first dealer and every event as the
    /// player saw it.
    pub(super) fn seen_text(&self, player: usize) -> String {
        let Some(p) = Player::new(player) else {
            return String::new();
        };
        let mut s = format!("player {}; ", player + 1);
        match self.dealt.first() {
            Some(&d) => s.push_str(&format!("first dealer {}", d + 1)),
            None => s.push_str("first dealer ?"),
        }
        if self.game.is_none() {
            s.push_str(&format!("; dealing {}", self.dealt.len()));
            return s;
        }
        for e in self.events(Some(p)) {
            s.push('\n');
            s.push_str(&serde_json::to_string(&e).unwrap_or_default());
        }
        s
    }

    /// The player's view as numbers, written into `out`.
    pub(super) fn write_observation(&self, player: usize, out: &mut [f32]) {
        out.fill(0.0);
        let (Some(g), Some(me)) = (&self.game, Player::new(player)) else {
            return;
        };
        let v = g.view(me);
        let mut put = |plane: usize, c: Card| {
            if let Some(x) = out.get_mut(plane * CARDS + c.index()) {
                *x = 1.0;
            }
        };
        for &c in &v.hand {
            put(0, c);
        }
        if let Some(c) = v.led {
            put(1, c);
        }
        for &c in &v.soldiers {
            put(5, c);
        }
        if let Some((c, _)) = v.front {
            put(6, c);
        }
        if let Laid::Known(c) = v.laid {
            put(7, c);
        }
        for &c in &v.reserve {
            put(8, c);
        }
        for &c in &v.holdings[me.index()] {
            put(9, c);
        }
        for &c in &v.holdings[me.other().index()] {
            put(10, c);
        }
        for &c in &v.graveyard {
            put(11, c);
        }
        if let Some((who, c)) = v.tok_viii {
            put(if who == me { 12 } else { 13 }, c);
        }
        // The pot and the taken cards are public in phase I: their counts.
        let s = CARD_PLANES * CARDS;
        let scalars = [
            f32::from(v.opponent_hand),
            f32::from(v.opponent_soldiers),
            f32::from(v.soldier_pile),
            f32::from(v.opponent_reserve),
            f32::from(v.graveyard_face_down),
            f32::from(v.hand_number),
            f32::from(u8::from(v.phase_two)),
            f32::from(u8::from(v.laid == Laid::FaceDown)),
            f32::from(u8::from(matches!(v.awaiting, Awaiting::Play(_)))),
            f32::from(u8::from(matches!(v.awaiting, Awaiting::Defend(_)))),
            f32::from(u8::from(matches!(v.awaiting, Awaiting::Attack(_)))),
            f32::from(u8::from(v.awaiting.player() == Some(me))),
            f32::from(u8::from(v.front.is_some_and(|(_, d)| d == me))),
            f32::from(v.pot),
            f32::from(v.taken[me.index()]),
            f32::from(v.taken[me.other().index()]),
            v.score.points[me.index()] as f32 - v.score.points[me.other().index()] as f32,
        ];
        if let Some(dst) = out.get_mut(s..s + SCALARS) {
            dst.copy_from_slice(&scalars);
        }
    }
}
