//! The sowing engine (rulings Q2, Q3, Q6): one move's pick-ups, drops, relays and
//! capture chain, on a [`Position`], reporting each step to an [`Observer`].
//!
//! Relays need no cycle guard (Q3): stones sown into a quan square stay there for
//! the rest of the move (quan squares are never picked up and a capture ends the
//! move), so at most as many sowings as there are stones can pass a quan square;
//! between two such sowings every sowing stays inside one row and each relay
//! square lies further along it than the last, so at most a row's worth of relays
//! can follow each other. A move therefore has at most
//! `(stones + 1) × (row + 1)` pick-ups; `tests/properties.rs` checks the bound.

use crate::position::Position;
use crate::rules::MAX_SQUARES;
use crate::trace::{Observer, RawEvent, Stop};

/// The move in sum, before the turn is passed on.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Sown {
    pub(crate) pick_ups: u32,
    pub(crate) sown: u32,
    pub(crate) captures: u32,
    pub(crate) stones: u32,
    pub(crate) quan: u32,
    pub(crate) stop: Stop,
}

/// The rules values the engine reads on every move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Capturing {
    /// A quan square holding its quan and fewer stones than this cannot be
    /// captured (Q6); 0 when the option is off.
    pub(crate) young_quan: u16,
    /// Whether an empty quan square counts as a gap in a capture chain (Q3).
    pub(crate) quan_gap: bool,
}

impl Position {
    /// Plays the move that empties ring square `start` (a non-empty small square of
    /// the player to move) towards the ring order (`right`) or against it.
    pub(crate) fn sow<O: Observer>(
        &mut self,
        rules: Capturing,
        start: usize,
        right: bool,
        obs: &mut O,
    ) -> Sown {
        let len = self.board.len as usize;
        let step = |i: usize| {
            if right {
                if i + 1 == len { 0 } else { i + 1 }
            } else if i == 0 {
                len - 1
            } else {
                i - 1
            }
        };
        let mover = self.to_move.index();
        let mut r = Sown::none();
        let mut from = start;
        loop {
            let hand = self.board.counts[from];
            self.board.counts[from] = 0;
            obs.event(RawEvent::PickUp(from, hand));
            r.pick_ups += 1;
            r.sown += u32::from(hand);
            let last = drop_stones(&mut self.board.counts, len, from, hand, right, obs);
            let next = step(last);
            if self.board.is_quan_square(next) {
                return r.stopped(Stop::QuanSquare, next, obs);
            }
            if self.board.counts[next] > 0 {
                from = next; // relay: pick up the next square and sow on
                continue;
            }
            // The next square is an empty small square: capture what follows it,
            // then every further square that comes after a single empty one.
            let mut target = step(next);
            if !self.board.holds(target) {
                return r.stopped(Stop::TwoEmpty, target, obs);
            }
            loop {
                let stones = self.board.counts[target];
                let quan = self.board.quan >> target & 1 == 1;
                if quan && stones < rules.young_quan {
                    return r.stopped(Stop::YoungQuan, target, obs);
                }
                self.board.counts[target] = 0;
                self.board.quan &= !(1 << target);
                self.stores[mover] += stones;
                self.quan_taken[mover] += u8::from(quan);
                obs.event(RawEvent::Capture(target, stones, quan));
                r.captures += 1;
                r.stones += u32::from(stones);
                r.quan += u32::from(quan);
                let gap = step(target);
                if self.board.holds(gap) {
                    return r.stopped(Stop::Occupied, gap, obs);
                }
                if !rules.quan_gap && self.board.is_quan_square(gap) {
                    return r.stopped(Stop::QuanGap, gap, obs);
                }
                target = step(gap);
                if !self.board.holds(target) {
                    return r.stopped(Stop::TwoEmpty, target, obs);
                }
            }
        }
    }
}

impl Sown {
    /// Nothing sown (a turn that starts without a move).
    pub(crate) const fn none() -> Sown {
        Sown {
            pick_ups: 0,
            sown: 0,
            captures: 0,
            stones: 0,
            quan: 0,
            stop: Stop::QuanSquare,
        }
    }

    fn stopped<O: Observer>(mut self, why: Stop, at: usize, obs: &mut O) -> Sown {
        obs.event(RawEvent::Stop(at, why));
        self.stop = why;
        self
    }
}

/// Drops `hand` stones one per square after `from`, returns the square of the last.
/// Without an observer that wants every stone, whole laps of the ring and the
/// remaining stretch are added as slices.
#[inline]
fn drop_stones<O: Observer>(
    counts: &mut [u16; MAX_SQUARES],
    len: usize,
    from: usize,
    hand: u16,
    right: bool,
    obs: &mut O,
) -> usize {
    if O::STEPS {
        let mut i = from;
        for _ in 0..hand {
            i = if right {
                if i + 1 == len { 0 } else { i + 1 }
            } else if i == 0 {
                len - 1
            } else {
                i - 1
            };
            counts[i] += 1;
            obs.event(RawEvent::Drop(i));
        }
        return i;
    }
    let hand = hand as usize;
    let (laps, rest) = (hand / len, hand % len);
    if laps > 0 {
        for c in &mut counts[..len] {
            *c += laps as u16;
        }
    }
    if right {
        let end = from + rest;
        if end < len {
            add_one(&mut counts[from + 1..=end]);
            end
        } else {
            add_one(&mut counts[from + 1..len]);
            add_one(&mut counts[..=end - len]);
            end - len
        }
    } else if rest <= from {
        add_one(&mut counts[from - rest..from]);
        from - rest
    } else {
        add_one(&mut counts[..from]);
        let wrapped = len - (rest - from);
        add_one(&mut counts[wrapped..len]);
        wrapped
    }
}

#[inline(always)]
fn add_one(counts: &mut [u16]) {
    for c in counts {
        *c += 1;
    }
}
