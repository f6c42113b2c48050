//! The 29 stations and the four routes (rulings H1–H4, H11): names in Cyrillic and
//! Latin, where a horse is, and where a throw takes it.

use alloc::string::{String, ToString};
use core::fmt;
use core::str::FromStr;

use crate::error::ParseError;
use crate::rules::{Exit, Rules, Shortcuts};

/// One of the 29 stations (ruling H1). The outer circle runs counter-clockwise from
/// А: А = 0, 1..4, Б = 5, 6..9, В = 10, 11..14, Д = 15, 16..19. The diameter Б–Г–Д
/// has b1, b2, Г, d1, d2; the diameter В–Г–А has v1, v2, Г, a1, a2.
///
/// Prints in Latin (`A`, `B`, `V`, `G`, `D`, `7`, `b1`); [`Station::cyrillic`] gives
/// the Cyrillic form (`А`, `Б`, `В`, `Г`, `Д`, `7`, `б1`). Parses either, in either
/// case, and `5`, `10`, `15` for Б, В, Д. Serialised as the Latin name.
///
/// ```
/// use hoop_race::Station;
/// let b: Station = "Б".parse()?;
/// assert_eq!(b, Station::B);
/// assert_eq!(b.to_string(), "B");
/// assert_eq!("в1".parse::<Station>()?.to_string(), "v1");
/// assert_eq!(Station::G.cyrillic(), "Г");
/// # Ok::<(), hoop_race::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "String", into = "String"))]
pub struct Station(u8);

/// Names of the stations that have letters, by index: Latin, Cyrillic.
const LETTERED: [(u8, &str, &str); 13] = [
    (0, "A", "А"),
    (5, "B", "Б"),
    (10, "V", "В"),
    (15, "D", "Д"),
    (20, "b1", "б1"),
    (21, "b2", "б2"),
    (22, "G", "Г"),
    (23, "d1", "д1"),
    (24, "d2", "д2"),
    (25, "v1", "в1"),
    (26, "v2", "в2"),
    (27, "a1", "а1"),
    (28, "a2", "а2"),
];

const NUMBERS: [&str; 20] = [
    "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15", "16",
    "17", "18", "19",
];

impl Station {
    /// The number of stations.
    pub const COUNT: usize = 29;
    /// А: start and exit.
    pub const A: Station = Station(0);
    /// Б: the first big circle (outer 5).
    pub const B: Station = Station(5);
    /// В: the second big circle (outer 10).
    pub const V: Station = Station(10);
    /// Д: the third big circle (outer 15).
    pub const D: Station = Station(15);
    /// Г: the centre.
    pub const G: Station = Station(22);

    /// The station with index `i` (0..29; see the type's docs).
    pub const fn new(i: u8) -> Option<Station> {
        if (i as usize) < Station::COUNT {
            Some(Station(i))
        } else {
            None
        }
    }

    /// Its index.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Whether it is one of the big circles А, Б, В, Г, Д.
    pub const fn is_big(self) -> bool {
        matches!(self.0, 0 | 5 | 10 | 15 | 22)
    }

    /// Every station, by index.
    pub fn all() -> impl Iterator<Item = Station> {
        (0..Station::COUNT as u8).map(Station)
    }

    /// The Latin name.
    pub fn latin(self) -> &'static str {
        self.names().0
    }

    /// The Cyrillic name.
    pub fn cyrillic(self) -> &'static str {
        self.names().1
    }

    fn names(self) -> (&'static str, &'static str) {
        match LETTERED.iter().find(|(i, _, _)| *i == self.0) {
            Some(&(_, l, c)) => (l, c),
            None => {
                let n = NUMBERS[(self.0 as usize).min(19)];
                (n, n)
            }
        }
    }
}

impl TryFrom<u8> for Station {
    type Error = ParseError;
    fn try_from(i: u8) -> Result<Station, ParseError> {
        Station::new(i).ok_or(ParseError::Station)
    }
}

impl From<Station> for u8 {
    fn from(s: Station) -> u8 {
        s.0
    }
}

impl TryFrom<String> for Station {
    type Error = ParseError;
    fn try_from(s: String) -> Result<Station, ParseError> {
        s.parse()
    }
}

impl From<Station> for String {
    fn from(s: Station) -> String {
        s.to_string()
    }
}

impl fmt::Display for Station {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.latin())
    }
}

impl FromStr for Station {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Station, ParseError> {
        let s = s.trim();
        for &(i, latin, cyrillic) in &LETTERED {
            if s.eq_ignore_ascii_case(latin) || eq_cyrillic(s, cyrillic) {
                return Ok(Station(i));
            }
        }
        match s.parse::<u8>() {
            Ok(n) if n < 20 => Ok(Station(n)),
            _ => Err(ParseError::Station),
        }
    }
}

/// Case-insensitive comparison for the few Cyrillic letters used.
fn eq_cyrillic(s: &str, name: &str) -> bool {
    let fold = |c: char| match c {
        'а' => 'А',
        'б' => 'Б',
        'в' => 'В',
        'г' => 'Г',
        'д' => 'Д',
        c => c,
    };
    s.chars().map(fold).eq(name.chars().map(fold))
}

/// The way a horse goes round (rulings H3, H11). A horse's place is a route and
/// how far along it the horse is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Route {
    /// Round the circle: А, 1 … 19, А (20 steps).
    Circle,
    /// Б→Г→Д, then round the circle: А … Б, b1, b2, Г, d1, d2, Д, 16 … 19, А (16 steps).
    BToD,
    /// Б→Г→А: А … Б, b1, b2, Г, a1, a2, А (11 steps).
    BToA,
    /// В→Г→А: А … В, v1, v2, Г, a1, a2, А (16 steps).
    VToA,
}

const CIRCLE: [u8; 21] = [
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 0,
];
const B_TO_D: [u8; 17] = [0, 1, 2, 3, 4, 5, 20, 21, 22, 23, 24, 15, 16, 17, 18, 19, 0];
const B_TO_A: [u8; 12] = [0, 1, 2, 3, 4, 5, 20, 21, 22, 27, 28, 0];
const V_TO_A: [u8; 17] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 25, 26, 22, 27, 28, 0];

impl Route {
    /// Every route.
    pub const ALL: [Route; 4] = [Route::Circle, Route::BToD, Route::BToA, Route::VToA];

    /// The stations in order, from А at step 0 to А at the last step.
    pub const fn stations(self) -> &'static [u8] {
        match self {
            Route::Circle => &CIRCLE,
            Route::BToD => &B_TO_D,
            Route::BToA => &B_TO_A,
            Route::VToA => &V_TO_A,
        }
    }

    /// The last step (А, where the route ends).
    pub const fn end(self) -> u8 {
        self.stations().len() as u8 - 1
    }

    /// The station at `step` (clamped to the route).
    pub fn station(self, step: u8) -> Station {
        let s = self.stations();
        Station(s[(step as usize).min(s.len() - 1)])
    }

    /// The route as its big stations, for reports: `circle`, `Б-Г-Д`, `Б-Г-А`, `В-Г-А`.
    pub const fn name(self) -> &'static str {
        match self {
            Route::Circle => "circle",
            Route::BToD => "B-G-D",
            Route::BToA => "B-G-A",
            Route::VToA => "V-G-A",
        }
    }
}

/// Where a horse is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Place {
    /// Waiting to enter (at the start, or sent back by a catch).
    Waiting,
    /// On the board, `step` stations along `route` (1..=the route's end; at the end
    /// it stands on А).
    On {
        /// Its route.
        route: Route,
        /// How far along it.
        step: u8,
    },
    /// Brought out: finished.
    Out,
}

impl Place {
    /// The station it stands on, if it is on the board.
    pub fn station(self) -> Option<Station> {
        match self {
            Place::On { route, step } => Some(route.station(step)),
            _ => None,
        }
    }

    /// Points still needed to bring it out (ruling H10's progress measure): the rest
    /// of its route (and one more where the exit must pass А); a waiting horse needs
    /// the whole circle; at least 1 for any horse not out.
    pub fn remaining(self, exit: Exit) -> u32 {
        let pass = u32::from(exit == Exit::Pass);
        match self {
            Place::Waiting => 20 + pass,
            Place::On { route, step } => {
                (u32::from(route.end()).saturating_sub(u32::from(step)) + pass).max(1)
            }
            Place::Out => 0,
        }
    }

    /// Whether a horse can stand here under `rules`: a step of its route (the end,
    /// on А, only where exit needs passing А, H4), and a route whose choices the
    /// horse has reached (H3, H11): a diameter route only from its corner on (Б for
    /// Б→Г→Д and Б→Г→А, В for В→Г→А), never the circle on Б or В (a stop there
    /// always turns), and under yut nori's shortcuts no Б→Г→А before Г (the choice
    /// at Г is made there) and no Б→Г→Д on Г (a stop on Г turns to А). Waiting and
    /// out always can. [`Game::new`](crate::Game::new) refuses a [`Setup`](crate::Setup)
    /// that places a horse anywhere else.
    pub fn is_consistent(self, rules: &Rules) -> bool {
        let Place::On { route, step } = self else {
            return true;
        };
        let last = match rules.exit() {
            Exit::Reach => route.end() - 1,
            Exit::Pass => route.end(),
        };
        if step == 0 || step > last {
            return false;
        }
        let yut = rules.shortcuts() == Shortcuts::YutNori;
        match route {
            Route::Circle => step != 5 && step != 10,
            Route::BToD => step >= 5 && !(yut && step == 8),
            Route::BToA => step >= 5 && !(yut && step < 8),
            Route::VToA => step >= 10,
        }
    }

    /// Where `steps` (1..=5 forward, −1 back-do) take a horse from here under
    /// `rules`, with the shortcuts taken where it stops (H2–H4, H11). `None` when the
    /// move is impossible (a waiting horse cannot go back, nor can one that is out)
    /// or `steps` is no throw's (0, or beyond 5 or −1).
    pub fn after(self, steps: i8, rules: &Rules) -> Option<Place> {
        if !(steps == -1 || (1..=5).contains(&steps)) {
            return None;
        }
        match self {
            Place::Out => None,
            Place::Waiting => {
                if steps < 0 {
                    return None;
                }
                // Entering (H2): n stations from А on the circle; a 5 lands on Б,
                // whose route is Б→Г→Д under both rules (H3, H11).
                let step = steps as u8;
                Some(land(Route::Circle, step, rules, true))
            }
            Place::On { route, step } => {
                if steps < 0 {
                    return Some(back(route, step, rules));
                }
                let to = u32::from(step) + steps as u32;
                let end = u32::from(route.end());
                let out = match rules.exit() {
                    Exit::Reach => to >= end,
                    Exit::Pass => to > end,
                };
                if out {
                    Some(Place::Out)
                } else if to == end {
                    Some(Place::On {
                        route,
                        step: route.end(),
                    })
                } else {
                    Some(land(route, to as u8, rules, false))
                }
            }
        }
    }
}

/// Where a back-do takes a horse standing at `step` of `route` (ruling H11, as
/// amended): one station back along its route. A route choice made at the station
/// it backs off (Б, В, or Г under yut nori's Г rule) is undone, to be made again
/// when the horse next reaches that station; the station it stops on applies its
/// stop rule as any stop does. From station 1 it lands on А at the end of its
/// route: out at once where reaching А exits (H4), standing on А otherwise.
fn back(route: Route, step: u8, rules: &Rules) -> Place {
    if step <= 1 {
        return match rules.exit() {
            Exit::Reach => Place::Out,
            Exit::Pass => Place::On {
                route,
                step: route.end(),
            },
        };
    }
    let leaving = route.station(step).0;
    let route = match (leaving, route, rules.shortcuts()) {
        // Off Б or В onto the circle station before it: the choice there is undone.
        (5, Route::BToD | Route::BToA, _) | (10, Route::VToA, _) => Route::Circle,
        // Off Г onto b2 under yut nori: the choice at Г is made again (stopping on Г
        // turns to А, passing it goes on to Д, which is what Б→Г→Д says from b2).
        (22, Route::BToA, Shortcuts::YutNori) => Route::BToD,
        (_, route, _) => route,
    };
    land(route, step - 1, rules, false)
}

/// The place a horse stopping at `step` of `route` ends on, after the shortcut of
/// the station it stops on (H3; H11 under yut nori's shortcuts).
fn land(route: Route, step: u8, rules: &Rules, entering: bool) -> Place {
    let station = route.station(step).0;
    let route = match (rules.shortcuts(), route, station) {
        // Б on the circle: the diameter.
        (Shortcuts::Source, Route::Circle, 5) if entering => Route::BToD,
        (Shortcuts::Source, Route::Circle, 5) => Route::BToA,
        (Shortcuts::YutNori, Route::Circle, 5) => Route::BToD,
        // Back on Б along a diameter (back-do): the rule of Б again.
        (Shortcuts::Source, Route::BToD | Route::BToA, 5) => Route::BToA,
        (Shortcuts::YutNori, Route::BToD | Route::BToA, 5) => Route::BToD,
        // В on the circle (both rules).
        (_, Route::Circle, 10) => Route::VToA,
        // Yut nori: stopping exactly on Г turns towards А.
        (Shortcuts::YutNori, Route::BToD, 22) => Route::BToA,
        (_, r, _) => r,
    };
    Place::On { route, step }
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Waiting => f.write_str("waiting"),
            Place::Out => f.write_str("out"),
            Place::On { route, step } => {
                write!(f, "{} ({})", route.station(*step), route.name())
            }
        }
    }
}

/// Where each station is drawn: (row, column) of an 11 × 11 grid, row 0 on top;
/// А bottom right, Б top right, В top left, Д bottom left, Г in the middle.
pub(crate) fn grid(station: Station) -> (usize, usize) {
    // Coordinates on a 0..=30 square, y upwards; the outer circle's stations every
    // 6, the diameters' every 5.
    let (x, y) = match station.0 {
        0 => (30, 0),
        k @ 1..=5 => (30, 6 * k),
        k @ 6..=10 => (30 - 6 * (k - 5), 30),
        k @ 11..=15 => (0, 30 - 6 * (k - 10)),
        k @ 16..=19 => (6 * (k - 15), 0),
        20 => (25, 25),
        21 => (20, 20),
        22 => (15, 15),
        23 => (10, 10),
        24 => (5, 5),
        25 => (5, 25),
        26 => (10, 20),
        27 => (20, 10),
        _ => (25, 5),
    };
    const AXIS: [u8; 11] = [0, 5, 6, 10, 12, 15, 18, 20, 24, 25, 30];
    let at = |v: u8| AXIS.iter().position(|&a| a == v).unwrap_or(0);
    (10 - at(y), at(x))
}
