//! What a player sees of the race (everything; future throws are chance, not
//! state): the board as text, and as numbers — per seat, its horses on each
//! place; the bank of throws; whether a throw or a move is due; the mover; and
//! whether the order of play is still being settled.

use alloc::string::{String, ToString};
use core::fmt::Write;

use hoop_race::{Awaiting, Place, Player, Route};

use super::HoopRaceState;

/// Places a horse can be: waiting, out, and each step of each route.
pub(super) const PLACES: usize = 2 + 20 + 16 + 11 + 16;

/// The index of a place among [`PLACES`].
fn place_index(p: Place) -> usize {
    match p {
        Place::Waiting => 0,
        Place::Out => 1,
        Place::On { route, step } => {
            let base = match route {
                Route::Circle => 2,
                Route::BToD => 22,
                Route::BToA => 38,
                Route::VToA => 49,
            };
            (base + usize::from(step).saturating_sub(1)).min(PLACES - 1)
        }
    }
}

impl HoopRaceState {
    /// The board, the bank and the turn, as text.
    pub(super) fn picture(&self) -> String {
        let mut s = self.game.to_string();
        if self.capped() && !self.game.is_over() {
            s.push_str("stopped at the action cap: a draw\n");
        }
        s
    }

    /// The record in notation: the information state (perfect information).
    pub(super) fn record_text(&self) -> String {
        // Perfect information: the record itself, in notation.
        let mut s = String::new();
        for (k, a) in self.game.actions().iter().enumerate() {
            if k > 0 {
                s.push(' ');
            }
            let _ = write!(s, "{a}");
        }
        s
    }

    /// The observation's numbers, written into `out`.
    pub(super) fn write_observation(&self, out: &mut [f32]) {
        out.fill(0.0);
        let players = self.def.rules.players();
        for p in Player::all(players) {
            for (_, place) in self.game.horses(p) {
                if let Some(x) = out.get_mut(p.index() * PLACES + place_index(place)) {
                    *x += 1.0;
                }
            }
        }
        let mut k = players * PLACES;
        for n in self.game.bank() {
            if let Some(x) = out.get_mut(k) {
                *x = f32::from(n);
            }
            k += 1;
        }
        let (chance, mover) = match self.game.awaiting() {
            Awaiting::Chance => (true, Some(self.game.to_move())),
            Awaiting::Move(p) => (false, Some(p)),
            Awaiting::Over => (false, None),
        };
        if let Some(x) = out.get_mut(k + usize::from(!chance)) {
            *x = f32::from(u8::from(mover.is_some()));
        }
        k += 2;
        if let Some(p) = mover
            && let Some(x) = out.get_mut(k + p.index())
        {
            *x = 1.0;
        }
        k += 4;
        if let Some(x) = out.get_mut(k) {
            *x = f32::from(u8::from(self.game.is_settling_order()));
        }
    }
}
