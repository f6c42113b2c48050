//! Every horse's place, with what the rules ask of it kept ready: who stands on each
//! station (a bit set of horses per station, so teams, joins and catches are a few
//! mask operations) and how many horses of each seat wait, run or are out.

use crate::board::{Place, Station};
use crate::rules::{MAX_HORSES, MAX_PLAYERS};

/// Horse slots: seat × [`MAX_HORSES`] + number.
pub(crate) const SLOTS: usize = MAX_PLAYERS * MAX_HORSES;

/// The horses of one game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Herd {
    places: [Place; SLOTS],
    /// Each horse's station index, [`NOWHERE`] when it is not on the board.
    stations: [u8; SLOTS],
    /// Bit set of the horses on each station.
    occupants: [u32; Station::COUNT],
    /// Bit sets of the waiting horses and of the horses on the board.
    waiting_mask: u32,
    running_mask: u32,
    waiting: [u8; MAX_PLAYERS],
    running: [u8; MAX_PLAYERS],
    out: [u8; MAX_PLAYERS],
}

/// The station of a horse that is not on the board.
pub(crate) const NOWHERE: u8 = u8::MAX;

/// The slots of `seat`'s horses.
pub(crate) const fn seat_mask(seat: usize) -> u32 {
    0xFF << (seat * MAX_HORSES)
}

impl Herd {
    /// `horses` waiting horses for each of `players` seats (the other slots out).
    pub(crate) fn new(players: usize, horses: usize) -> Herd {
        let mut h = Herd {
            places: [Place::Out; SLOTS],
            stations: [NOWHERE; SLOTS],
            occupants: [0; Station::COUNT],
            waiting_mask: 0,
            running_mask: 0,
            waiting: [0; MAX_PLAYERS],
            running: [0; MAX_PLAYERS],
            out: [0; MAX_PLAYERS],
        };
        for p in 0..players {
            for k in 0..horses {
                h.places[p * MAX_HORSES + k] = Place::Waiting;
                h.waiting_mask |= 1 << (p * MAX_HORSES + k);
            }
            h.waiting[p] = horses as u8;
        }
        h
    }

    #[inline]
    pub(crate) fn place(&self, slot: usize) -> Place {
        self.places[slot % SLOTS]
    }

    /// The horses on `station`.
    #[inline]
    pub(crate) fn on(&self, station: Station) -> u32 {
        self.occupants[station.index() % Station::COUNT]
    }

    pub(crate) fn waiting(&self, seat: usize) -> u8 {
        self.waiting[seat % MAX_PLAYERS]
    }

    pub(crate) fn running(&self, seat: usize) -> u8 {
        self.running[seat % MAX_PLAYERS]
    }

    pub(crate) fn out(&self, seat: usize) -> u8 {
        self.out[seat % MAX_PLAYERS]
    }

    /// Moves the horse in `slot` to `place`.
    #[inline]
    pub(crate) fn set(&mut self, slot: usize, place: Place) {
        let station = place.station().map_or(NOWHERE, |st| st.index() as u8);
        self.set_at(slot, place, station);
    }

    /// Moves the horse in `slot` to `place`, whose station index is `station`.
    #[inline]
    fn set_at(&mut self, slot: usize, place: Place, station: u8) {
        let slot = slot % SLOTS;
        let seat = slot / MAX_HORSES;
        let bit = 1u32 << slot;
        match self.places[slot] {
            Place::Waiting => {
                self.waiting[seat] -= 1;
                self.waiting_mask &= !bit;
            }
            Place::Out => self.out[seat] -= 1,
            Place::On { .. } => {
                self.running[seat] -= 1;
                self.running_mask &= !bit;
                let st = usize::from(self.stations[slot]) % Station::COUNT;
                self.occupants[st] &= !bit;
                self.stations[slot] = NOWHERE;
            }
        }
        match place {
            Place::Waiting => {
                self.waiting[seat] += 1;
                self.waiting_mask |= bit;
            }
            Place::Out => self.out[seat] += 1,
            Place::On { .. } => {
                self.running[seat] += 1;
                self.running_mask |= bit;
                if let Some(occupants) = self.occupants.get_mut(usize::from(station)) {
                    *occupants |= bit;
                    self.stations[slot] = station;
                }
            }
        }
        self.places[slot] = place;
    }

    /// Moves every horse in `mask` to `place`.
    pub(crate) fn set_all(&mut self, mut mask: u32, place: Place) {
        let station = place.station().map_or(NOWHERE, |st| st.index() as u8);
        while mask != 0 {
            let s = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            self.set_at(s, place, station);
        }
    }

    /// The waiting horses.
    pub(crate) fn waiting_mask(&self) -> u32 {
        self.waiting_mask
    }

    /// The horses on the board.
    pub(crate) fn running_mask(&self) -> u32 {
        self.running_mask
    }

    /// The station index of a horse on the board ([`NOWHERE`] otherwise).
    #[inline]
    pub(crate) fn station_of(&self, slot: usize) -> u8 {
        self.stations[slot % SLOTS]
    }

    /// The horses on the station with this index (none for [`NOWHERE`]).
    #[inline]
    pub(crate) fn on_index(&self, station: u8) -> u32 {
        self.occupants
            .get(usize::from(station))
            .copied()
            .unwrap_or(0)
    }
}
