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

use crate::board::LANES;
use crate::event::{Observer, RawEvent};
use crate::history::keys;
use crate::position::Position;
use crate::report::Stop;
use crate::runs::{EXPAND, KEY_SUMS, PICKED, RING, RUN_LANES, RUNS, Run, WIDE};

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
    /// the player to move) towards the ring order (`right`) or against it, keeping
    /// `hash` (the repetition hash, see [`keys`]) and `filled` (the ring bits of the
    /// squares holding stones) up to date.
    pub(crate) fn sow<O: Observer>(
        &mut self,
        rules: Capturing,
        start: usize,
        right: bool,
        hash: &mut u64,
        filled: &mut u64,
        obs: &mut O,
    ) -> Sown {
        let len = usize::from(self.board.len);
        // Worked on in registers, stored once.
        let (mut h, mut f) = (*hash, *filled);
        // Nobody watching (`play`, playouts): hands smaller than the ring sown
        // whole, the direction a value rather than a branch (it is a coin toss in
        // random play). Otherwise (traces, rings over 32 squares) stone by stone,
        // the direction a compile-time constant.
        let sown = if O::QUIET && len == RING {
            self.sow_with(WholeRuns::new(right), rules, start, &mut h, &mut f, obs)
        } else if O::QUIET && len <= WIDE {
            let walk = ComputedRuns(Stride::new(len, right));
            self.sow_with(walk, rules, start, &mut h, &mut f, obs)
        } else if right {
            let walk = StoneByStone::<true>(len);
            self.sow_with(walk, rules, start, &mut h, &mut f, obs)
        } else {
            let walk = StoneByStone::<false>(len);
            self.sow_with(walk, rules, start, &mut h, &mut f, obs)
        };
        (*hash, *filled) = (h, f);
        sown
    }

    /// The move, walking the ring with `walk`.
    #[inline(always)]
    fn sow_with<W: Walk, O: Observer>(
        &mut self,
        walk: W,
        rules: Capturing,
        start: usize,
        hash: &mut u64,
        filled: &mut u64,
        obs: &mut O,
    ) -> Sown {
        let step = |i: usize| walk.step(i);

        let mover = self.to_move.index();
        let mut r = Sown::none();
        let mut from = start & MASK;
        let counts = &mut self.board.counts;
        let mut ahead = None;
        loop {
            let hand = ahead.unwrap_or_else(|| counts[from]);
            r.pick_ups += 1;
            r.sown += u32::from(hand);
            let (next, next_count) = walk.sow_hand(counts, from, hand, hash, filled, obs);
            if self.board.quan_squares >> next & 1 == 1 {
                return r.stopped(Stop::QuanSquare, next, obs);
            }
            if *filled >> next & 1 == 1 {
                from = next; // relay: pick up the next square and sow on
                ahead = next_count;
                continue;
            }
            // The next square is an empty small square: capture what follows it,
            // then every further square that comes after a single empty one.
            let quan = &mut self.board.quan;
            let holds = |filled: u64, quan: u64, i: usize| (filled | quan) >> i & 1 == 1;
            let mut target = step(next);
            if !holds(*filled, *quan, target) {
                return r.stopped(Stop::TwoEmpty, target, obs);
            }
            loop {
                let stones = counts[target];
                let has_quan = *quan >> target & 1 == 1;
                if has_quan && stones < rules.young_quan {
                    return r.stopped(Stop::YoungQuan, target, obs);
                }
                counts[target] = 0;
                *filled &= !(1 << target);
                *quan &= !(1 << target);
                self.stores[mover] += stones;
                self.quan_taken[mover] += u8::from(has_quan);
                let s = u64::from(stones);
                *hash = hash
                    .wrapping_sub(s.wrapping_mul(keys::SQUARE[target]))
                    .wrapping_add(s.wrapping_mul(keys::STORE[mover]));
                if has_quan {
                    *hash = hash
                        .wrapping_sub(keys::QUAN[target])
                        .wrapping_add(keys::TAKEN[mover]);
                }
                obs.event(RawEvent::Capture(target, stones, has_quan));
                r.captures += 1;
                r.stones += u32::from(stones);
                r.quan += u32::from(has_quan);
                let gap = step(target);
                if holds(*filled, *quan, gap) {
                    return r.stopped(Stop::Occupied, gap, obs);
                }
                if !rules.quan_gap && self.board.quan_squares >> gap & 1 == 1 {
                    return r.stopped(Stop::QuanGap, gap, obs);
                }
                target = step(gap);
                if !holds(*filled, *quan, target) {
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

/// Ring indices are masked with this before indexing (the arrays have [`LANES`]
/// entries), which lets the compiler drop bounds checks.
const MASK: usize = LANES - 1;

/// How a move goes round the ring: the next square, and a whole hand sown.
trait Walk: Copy {
    /// The square after `i`.
    fn step(self, i: usize) -> usize;

    /// Picks up the `hand` stones of `from` and drops them one per square after it
    /// in one go, keeping `hash` and `filled` up to date, if this walk can (nobody
    /// watches, and the hand is smaller than the ring): the square after the last
    /// stone's, and the stones it holds now if the walk read them.
    #[inline(always)]
    fn sow_whole(
        self,
        _counts: &mut [u16; LANES],
        _from: usize,
        _hand: u16,
        _hash: &mut u64,
        _filled: &mut u64,
    ) -> Option<(usize, Option<u16>)> {
        None
    }

    /// [`Walk::sow_whole`] where it can, else stone by stone.
    #[inline(always)]
    fn sow_hand<O: Observer>(
        self,
        counts: &mut [u16; LANES],
        from: usize,
        hand: u16,
        hash: &mut u64,
        filled: &mut u64,
        obs: &mut O,
    ) -> (usize, Option<u16>) {
        match self.sow_whole(counts, from, hand, hash, filled) {
            Some(sown) => sown,
            None => sow_stones(self, counts, from, hand, hash, filled, obs),
        }
    }
}

/// [`Walk::sow_hand`] stone by stone.
#[inline(always)]
fn sow_stones<W: Walk, O: Observer>(
    walk: W,
    counts: &mut [u16; LANES],
    from: usize,
    hand: u16,
    hash: &mut u64,
    filled: &mut u64,
    obs: &mut O,
) -> (usize, Option<u16>) {
    counts[from] = 0;
    *filled &= !(1 << from);
    *hash = hash.wrapping_sub(u64::from(hand).wrapping_mul(keys::SQUARE[from]));
    obs.event(RawEvent::PickUp(from, hand));
    let mut i = from;
    let (mut h, mut f) = (*hash, *filled);
    for _ in 0..hand {
        i = walk.step(i);
        counts[i] += 1;
        f |= 1 << i;
        h = h.wrapping_add(keys::SQUARE[i]);
        obs.event(RawEvent::Drop(i));
    }
    (*hash, *filled) = (h, f);
    (walk.step(i), None)
}

/// Any ring, stone by stone, the direction fixed at compile time (towards the
/// ring order if `RIGHT`); the field is the ring's length.
///
/// Used for traced moves (every step is reported) and rings of more than 32
/// squares. Tried and dropped for it (docs/benchmarks.md): a masked vector pass
/// over the whole ring
/// (store-forwarding stalls, slower), and the first eight drops as unconditional
/// masked adds through a wrap table with the hash from a prefix-sum table (1.5 %
/// faster for 147 KB of tables).
#[derive(Clone, Copy)]
struct StoneByStone<const RIGHT: bool>(usize);

impl<const RIGHT: bool> Walk for StoneByStone<RIGHT> {
    #[inline(always)]
    fn step(self, i: usize) -> usize {
        let n = if RIGHT {
            if i + 1 == self.0 { 0 } else { i + 1 }
        } else if i == 0 {
            self.0 - 1
        } else {
            i - 1
        };
        n & MASK
    }
}

/// The direction as a value: a step adds 1 (towards the ring order) or
/// `len − 1`. For the quiet walks, where the direction is a coin toss in random
/// play and a branch on it would be mispredicted half the time.
#[derive(Clone, Copy)]
struct Stride {
    len: usize,
    /// 1 towards the ring order, else `len − 1`.
    stride: usize,
}

impl Stride {
    fn new(len: usize, right: bool) -> Stride {
        Stride {
            len,
            stride: if right { 1 } else { len - 1 },
        }
    }

    fn right(self) -> bool {
        self.stride == 1
    }

    /// `i` brought back onto the ring (`i < 2 × len`).
    #[inline(always)]
    fn wrap(self, i: usize) -> usize {
        if i >= self.len { i - self.len } else { i }
    }

    #[inline(always)]
    fn step(self, i: usize) -> usize {
        self.wrap(i + self.stride) & MASK
    }
}

/// A ring of [`RING`] squares, nobody watching the steps: hands of fewer than
/// [`RING`] stones are sown whole from the [`runs`](crate::runs) table, larger ones
/// stone by stone.
#[derive(Clone, Copy)]
struct WholeRuns {
    ring: Stride,
    /// The runs in this direction.
    runs: &'static [[Run; RING]; RUN_LANES],
}

impl WholeRuns {
    fn new(right: bool) -> WholeRuns {
        WholeRuns {
            ring: Stride::new(RING, right),
            runs: &RUNS[usize::from(right)],
        }
    }
}

impl Walk for WholeRuns {
    #[inline(always)]
    fn step(self, i: usize) -> usize {
        self.ring.step(i)
    }

    #[inline(always)]
    fn sow_whole(
        self,
        counts: &mut [u16; LANES],
        from: usize,
        hand: u16,
        hash: &mut u64,
        filled: &mut u64,
    ) -> Option<(usize, Option<u16>)> {
        if usize::from(hand) >= RING {
            return None;
        }
        let run = &self.runs[from & (RUN_LANES - 1)][usize::from(hand) % RING];
        let next = usize::from(run.next) & MASK;
        // Read before the run is added, so that the next pick-up need not wait for
        // the addition: the run never sows `next`, which is `from` (emptied) only
        // when the hand is one short of the ring.
        let next_count = if next == from { 0 } else { counts[next] };
        if let Some(lanes) = counts.first_chunk_mut::<RUN_LANES>() {
            for (count, add) in lanes.iter_mut().zip(run.add) {
                *count = count.wrapping_add(add);
            }
        }
        *hash = hash.wrapping_add(run.hash);
        *filled = *filled & !(1 << from) | run.filled;
        Some((next, Some(next_count)))
    }
}

/// A ring of at most [`WIDE`] squares other than [`RING`], nobody watching the
/// steps: hands smaller than the ring are sown whole, the run computed rather than
/// looked up (its squares as a bit set, expanded to lanes by [`EXPAND`]; the hash
/// change from prefix sums of the keys); larger hands stone by stone.
#[derive(Clone, Copy)]
struct ComputedRuns(Stride);

impl Walk for ComputedRuns {
    #[inline(always)]
    fn step(self, i: usize) -> usize {
        self.0.step(i)
    }

    #[inline(always)]
    fn sow_whole(
        self,
        counts: &mut [u16; LANES],
        from: usize,
        hand: u16,
        hash: &mut u64,
        filled: &mut u64,
    ) -> Option<(usize, Option<u16>)> {
        let n = usize::from(hand);
        if n >= self.0.len {
            return None;
        }
        // The run is the ring indices a, a + 1, ..., a + n − 1 (mod len), split
        // into [a, e1) and [0, e2) where it wraps. Selects, not branches: the
        // direction is a coin toss in random play.
        let (len, right) = (self.0.len, self.0.right());
        let a = self.0.wrap(from + if right { 1 } else { len - n });
        let next = self.0.wrap(a + if right { n } else { self.0.stride });
        let e1 = (a + n).min(len);
        let e2 = a + n - e1;
        let below = |k: usize| (1u64 << k) - 1;
        let bits = (below(e1) & !below(a)) | below(e2);
        *hash = hash
            .wrapping_add(KEY_SUMS[e1 & MASK])
            .wrapping_sub(KEY_SUMS[a & MASK])
            .wrapping_add(KEY_SUMS[e2 & MASK])
            .wrapping_sub(u64::from(hand).wrapping_mul(keys::SQUARE[from]));
        *filled = *filled & !(1 << from) | bits;
        let picked = &PICKED[from % WIDE];
        if let Some(lanes) = counts.first_chunk_mut::<WIDE>() {
            for (chunk, lanes) in lanes.chunks_exact_mut(8).enumerate() {
                let add = &EXPAND[(bits >> (8 * chunk)) as usize & 0xFF];
                for (k, lane) in lanes.iter_mut().enumerate() {
                    let minus = picked[8 * chunk + k] & hand;
                    *lane = lane.wrapping_add(add[k]).wrapping_sub(minus);
                }
            }
        }
        // (Unlike the table's runs, reading the next square's count here, before
        // or after the addition, measured slower.)
        Some((next & MASK, None))
    }
}
