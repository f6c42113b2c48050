//! Settling the order of play by throws (ruling H9): everyone throws once; higher
//! throws go first; tied players throw again among themselves until settled.

use crate::player::Player;
use crate::rules::MAX_PLAYERS;

/// The order of play while throws settle it.
///
/// *Reading* of H9: a back-do counts −1, below every other throw; tied groups
/// throw in the order reached so far, and within a group in that order too.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Ordering {
    /// Players in the order known so far; tied groups are contiguous.
    seq: [Player; MAX_PLAYERS],
    /// Group of each position, named by the position where the group starts; a
    /// group of one is settled.
    group: [u8; MAX_PLAYERS],
    /// This round's throws by position (`None`: not thrown yet).
    throws: [Option<i8>; MAX_PLAYERS],
}

impl Ordering {
    /// Nobody has thrown: the players in seat order, one group.
    pub(crate) fn new(players: usize) -> Ordering {
        let mut group = [0; MAX_PLAYERS];
        for (k, g) in group.iter_mut().enumerate().skip(players) {
            *g = 100 + k as u8; // unused positions: never thrown for
        }
        Ordering {
            seq: Player::SEATS,
            group,
            throws: [None; MAX_PLAYERS],
        }
    }

    /// The order known so far (settled once [`Ordering::next`] is `None`).
    pub(crate) fn seq(&self) -> [Player; MAX_PLAYERS] {
        self.seq
    }

    fn members(&self, pos: usize, players: usize) -> usize {
        (0..players)
            .filter(|&k| self.group[k] == self.group[pos])
            .count()
    }

    /// The position that throws next, if the order is not settled.
    pub(crate) fn next(&self, players: usize) -> Option<usize> {
        (0..players).find(|&k| self.members(k, players) > 1 && self.throws[k].is_none())
    }

    /// The player who throws next (the first player once the order is settled).
    pub(crate) fn next_player(&self, players: usize) -> Player {
        self.seq[self.next(players).unwrap_or(0)]
    }

    /// Records a throw of `points` by the next thrower; when its group has all
    /// thrown, reorders the group by decreasing points and splits the ties.
    /// Returns whether the order is now settled. No allocation.
    pub(crate) fn record(&mut self, points: i8, players: usize) -> bool {
        let Some(pos) = self.next(players) else {
            return true;
        };
        self.throws[pos] = Some(points);
        let g = self.group[pos];
        let mut positions = [0usize; MAX_PLAYERS];
        let mut entries = [(0i8, Player::A); MAX_PLAYERS];
        let mut n = 0;
        for k in 0..players {
            if self.group[k] != g {
                continue;
            }
            let Some(t) = self.throws[k] else {
                return false; // the group has not all thrown
            };
            positions[n] = k;
            entries[n] = (t, self.seq[k]);
            n += 1;
        }
        // Stable (insertion) sort by decreasing throws: equal throws keep their
        // order (they throw again anyway).
        for i in 1..n {
            let mut j = i;
            while j > 0 && entries[j - 1].0 < entries[j].0 {
                entries.swap(j - 1, j);
                j -= 1;
            }
        }
        let mut last: Option<i8> = None;
        let mut start = 0;
        for (&k, &(points, player)) in positions[..n].iter().zip(&entries[..n]) {
            if last != Some(points) {
                start = k as u8; // a new group starts here
                last = Some(points);
            }
            self.seq[k] = player;
            self.group[k] = start;
            self.throws[k] = None;
        }
        self.next(players).is_none()
    }
}
