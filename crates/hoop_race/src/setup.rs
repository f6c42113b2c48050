//! The start of a game as plain data: the order of play and the horses placed.

use alloc::vec::Vec;

use crate::board::Place;
use crate::error::GameError;
use crate::herd::{Herd, seat_mask};
use crate::moves::Horse;
use crate::player::{Player, Side};
use crate::rules::{MAX_HORSES, MAX_PLAYERS, Rules};

/// The start of a game, checked by [`Game::new`](crate::Game::new).
///
/// - `order`: the order of play, each player of the game once; `None` to settle it
///   by throws inside the game (ruling H9: each player throws, higher throws go
///   first, ties throw again), which [`Game::random`](crate::Game::random) does
///   with a random generator.
/// - `places`: horses placed at the start (puzzles, analysis, tests); every other
///   horse waits to enter.
///
/// `Setup::default()` is the natural start: the order settled by throws, every
/// horse waiting.
///
/// ```
/// use hoop_race::{Game, Place, Player, Route, Rules, Setup};
/// let setup = Setup {
///     order: Some(vec![Player::B, Player::A]),
///     places: vec![("A1".parse()?, Place::On { route: Route::Circle, step: 3 })],
/// };
/// let game = Game::new(Rules::default(), setup)?;
/// assert_eq!(game.to_move(), Player::B);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields, default))]
pub struct Setup {
    /// The order of play, or `None` to settle it by throws (H9).
    pub order: Option<Vec<Player>>,
    /// Horses placed at the start, each at most once; the others wait.
    pub places: Vec<(Horse, Place)>,
}

impl Setup {
    /// The players of a game of `players` in seat order (A first), every horse
    /// waiting: no ordering throws.
    pub fn in_seat_order(players: usize) -> Setup {
        Setup {
            order: Some(Player::all(players).collect()),
            places: Vec::new(),
        }
    }

    /// Checks the setup against `rules` (assumed valid) and returns the horses'
    /// starting places and the order of play (`None`: to be settled by throws).
    pub(crate) fn start(
        &self,
        rules: &Rules,
    ) -> Result<(Herd, Option<[Player; MAX_PLAYERS]>), GameError> {
        let players = rules.players();
        if let Some(list) = &self.order {
            let mut seen = 0u8;
            for &p in list {
                if p.index() >= players || seen >> p.index() & 1 == 1 {
                    return Err(GameError::Order);
                }
                seen |= 1 << p.index();
            }
            if list.len() != players {
                return Err(GameError::Order);
            }
        }
        let mut placed = 0u32;
        for &(h, p) in &self.places {
            if h.owner.index() >= players || usize::from(h.number) >= rules.horses() {
                return Err(GameError::NoSuchHorse(h));
            }
            if placed >> h.slot() & 1 == 1 {
                return Err(GameError::PlacedTwice(h));
            }
            placed |= 1 << h.slot();
            if !p.is_consistent(rules) {
                return Err(GameError::Place { horse: h, place: p });
            }
        }
        let (herd, order) = self.start_unchecked(rules);
        // Horses sharing a station: one player's with one place (a team), or
        // partners'; never opponents'.
        let side = |seat: usize| Side::new(seat, players);
        let mut running = herd.running_mask();
        while running != 0 {
            let b = running.trailing_zeros() as usize;
            running &= running - 1;
            let (station, sb) = (herd.station_of(b), b / MAX_HORSES);
            let lower = herd.on_index(station) & ((1u32 << b) - 1);
            let lower_own = lower & seat_mask(sb);
            // A team: one place for all (compared with the seat's lowest horse there).
            if lower_own != 0 {
                let a = lower_own.trailing_zeros() as usize;
                if herd.place(a) != herd.place(b) {
                    return Err(GameError::SharedStation {
                        horse: Horse::from_slot(b),
                        other: Horse::from_slot(a),
                    });
                }
            }
            // One side only (compared with the station's lowest horse).
            if lower != 0 {
                let a = lower.trailing_zeros() as usize;
                if side(a / MAX_HORSES) != side(sb) {
                    return Err(GameError::SharedStation {
                        horse: Horse::from_slot(b),
                        other: Horse::from_slot(a),
                    });
                }
            }
        }
        for s in Side::all(players) {
            let out: usize = s.members().map(|p| usize::from(herd.out(p.index()))).sum();
            if out >= rules.horses_to_win() {
                return Err(GameError::AlreadyWon(s));
            }
        }
        Ok((herd, order))
    }

    /// The horses' starting places and the order of play, for a setup already
    /// checked by [`Setup::start`] (restarts).
    pub(crate) fn start_unchecked(&self, rules: &Rules) -> (Herd, Option<[Player; MAX_PLAYERS]>) {
        let mut herd = Herd::new(rules.players(), rules.horses());
        for &(h, p) in &self.places {
            herd.set(h.slot(), p);
        }
        let order = self.order.as_ref().map(|list| {
            let mut order = Player::SEATS;
            for (slot, &p) in order.iter_mut().zip(list) {
                *slot = p;
            }
            order
        });
        (herd, order)
    }
}
