//! A board built for light playouts alone: the same policy and the same rules as
//! [`Game::play_out`], with none of what a game keeps for its players (the history
//! for undo, reports, prisoners), so that a playout move costs as little as it
//! can.
//!
//! What makes it cheap:
//! - every cell knows how many of its four neighbours are black, white, empty and
//!   edge (four 4-bit counts in one `u16`, kept as stones come and go), so the eye
//!   test and "it has an empty neighbour" are one load;
//! - a stone with an empty neighbour is no suicide and never the simple-ko point:
//!   it is played at once, and only superko, judged on the board it made, can
//!   take it back (by replaying the playout: rare); other stones are judged before
//!   they are played;
//! - chains keep only a pseudo-liberty count (stone–empty adjacencies): a chain is
//!   captured when it falls to zero, and a point `p` is a chain's only liberty
//!   exactly when the count equals the number of `p`'s neighbours in the chain;
//! - superko (ruling G6) remembers the playout's positions in a table stamped per
//!   playout (nothing to clear), is consulted only when the move makes no more
//!   stones than some earlier position had, and a key found there is checked board
//!   against board (replaying the playout, or asking the game for its earlier
//!   positions), so a hash collision never refuses a legal move;
//! - a stone among opponent stones and the edge only, whose opponent chains all
//!   have more pseudo-liberties than it has opponent neighbours, takes nothing and
//!   dies alone, leaving the board as it was: where that is refused (positional
//!   superko, or suicide forbidden) it is refused from the counts, before its
//!   effect is computed (at the end of a game most candidates are such points,
//!   or eyes);
//! - placing a stone makes one pass over its neighbours: their counts, their
//!   chains' pseudo-liberties, whether an opponent chain fell to zero, and the
//!   friendly chain to join, all without branches (neighbour colours are coin
//!   flips to a branch predictor);
//! - the usual boards (9×9, 13×13, 19×19) get a kernel of their own, with the row
//!   stride a constant;
//! - the tables are arrays of 1,024 entries indexed by `cell & 1023`: in range by
//!   construction, without `unsafe` and without bounds checks.
//!
//! The empty-point list and the chains' circular lists change exactly as the
//! game's board changes them, so a [`LightPlayout`] and [`Game::play_out`] given
//! the same random numbers play the same moves (a test holds them to it).
//!
//! Two options give that up for speed ([`LightPlayout::set_ko`],
//! [`LightPlayout::set_draw`]): the playouts' own simple ko (no hashes kept: the
//! kernels come in a superko and a plain version, and a stone beside a friendly
//! one is played without judging its effect) and libego's scan draw.

use alloc::boxed::Box;
use alloc::vec::Vec;

use rand_core::Rng;

use crate::board::{self, BLACK, EDGE, EMPTY, MAX_CELLS, WHITE};
use crate::chance::below;
use crate::game::Game;
use crate::moves::Move;
use crate::player::Color;
use crate::rules::{KoRule, Suicide};
use crate::zobrist;

/// Entries of every cell table: a power of two at least [`MAX_CELLS`].
const CAP: usize = 1024;
const MASK: usize = CAP - 1;
const _: () = assert!(MAX_CELLS <= CAP && CAP == zobrist::PADDED);

/// Draws with replacement before the exhaustive draw (as [`Game::play_out`]).
const QUICK_TRIES: usize = 4;

/// Bit offsets of the four neighbour counts in [`Cell::around`]: black, white,
/// empty, edge (the colour codes 1, 2, 0, 3 give the black and white offsets as
/// `4 · (code − 1)`).
const EMPTY_SHIFT: u32 = 8;
const EDGE_SHIFT: u32 = 12;

/// The offset of `code`'s count (1 black, 2 white).
#[inline(always)]
const fn shift(code: u8) -> u32 {
    4 * (code as u32 - 1)
}

/// What a stone of `code` appearing on an empty neighbour does to a cell's
/// counts: one more of `code`, one empty fewer (wrapping arithmetic; a removal
/// subtracts it).
#[inline(always)]
const fn arrival(code: u8) -> u16 {
    (1u16 << shift(code)).wrapping_sub(1 << EMPTY_SHIFT)
}

/// The colour of a stone code (1 black, 2 white).
#[inline(always)]
const fn color_of(code: u8) -> Color {
    if code == BLACK {
        Color::Black
    } else {
        Color::White
    }
}

/// `f` of each of four values: `[T; 4]::map` written out, because the compiler
/// leaves that one out of line on the playout's hot path (a call a neighbour).
#[inline(always)]
fn map4<T: Copy, U>(a: [T; 4], f: impl Fn(T) -> U) -> [U; 4] {
    [f(a[0]), f(a[1]), f(a[2]), f(a[3])]
}

/// The four neighbours of cell `i` on a board of row stride `stride`, in the
/// tables' range.
#[inline(always)]
const fn neighbours_of(i: usize, stride: usize) -> [usize; 4] {
    [
        i.wrapping_sub(stride) & MASK,
        i.wrapping_sub(1) & MASK,
        (i + 1) & MASK,
        (i + stride) & MASK,
    ]
}

/// Whether a ko rule looks at earlier positions.
#[inline(always)]
const fn is_superko(rule: KoRule) -> bool {
    matches!(rule, KoRule::PositionalSuperko | KoRule::SituationalSuperko)
}

/// One cell: eight bytes, so a point and its row neighbours share a cache line.
#[derive(Clone, Copy, Debug, Default)]
struct Cell {
    color: u8,
    /// Neighbour counts by colour (see the `*_SHIFT` constants).
    around: u16,
    /// Head of the stone's chain; the cell itself when it holds no stone, so
    /// that its entry of the chain table, which nobody reads then, absorbs the
    /// updates a stone next to it makes (an entry of its own: neighbours'
    /// updates do not queue on one shared entry).
    head: u16,
    /// The next stone of the chain (a circular list).
    next: u16,
}

/// A chain's totals, at its head.
#[derive(Clone, Copy, Debug, Default)]
struct Chain {
    /// Pseudo-liberties: (stone, empty neighbour) adjacencies.
    libs: u16,
    size: u16,
    hash: u64,
}

/// The position of a playout: everything a move changes.
#[derive(Clone)]
struct Position {
    cells: [Cell; CAP],
    chains: [Chain; CAP],
    empty_at: [u16; CAP],
    empties: [u16; CAP],
    empty_count: usize,
    hash: u64,
    stones: [u32; 2],
    /// The cell a simple-ko recapture is forbidden on (0: none).
    ko: u16,
    passes: u8,
    /// The colour code of the side to move.
    mover: u8,
}

impl Default for Position {
    fn default() -> Position {
        Position {
            cells: [Cell::default(); CAP],
            chains: [Chain::default(); CAP],
            empty_at: [0; CAP],
            empties: [0; CAP],
            empty_count: 0,
            hash: 0,
            stones: [0; 2],
            ko: 0,
            passes: 0,
            mover: BLACK,
        }
    }
}

/// What a stone on an empty point would do, found without playing it.
#[derive(Clone, Copy, Debug, Default)]
struct Effect {
    /// Xor of the hashes of the chains it removes (captured, or its own in a
    /// suicide).
    removed_hash: u64,
    /// Opponent stones captured.
    captured: u32,
    /// Own stones removed with it (a suicide), the stone included.
    suicide: u32,
    /// No empty and no friendly neighbour (a lone stone's suicide leaves the
    /// board as it was).
    lone: bool,
}

/// The positions of the playout so far, for superko: key → move number, in a
/// table whose slots are stamped with the playout they belong to, so that a new
/// playout starts with an empty table without clearing it.
#[derive(Clone, Debug, Default)]
struct Seen {
    slots: Vec<Slot>,
    len: usize,
    stamp: u32,
}

#[derive(Clone, Copy, Debug, Default)]
struct Slot {
    key: u64,
    stamp: u32,
    index: u32,
}

impl Seen {
    /// Forgets every position (a new stamp; the slots are wiped only when the
    /// stamp wraps).
    fn clear(&mut self) {
        self.len = 0;
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.slots.fill(Slot::default());
            self.stamp = 1;
        }
    }

    /// Notes that position `index` has key `key`. The table is kept at most a
    /// quarter full: a probe that meets another entry is a mispredicted
    /// branch, and half full cost 2.5 % of a playout's time.
    #[inline]
    fn insert(&mut self, key: u64, index: u32) {
        if 4 * (self.len + 1) > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut s = key as usize & mask;
        while self.slots[s].stamp == self.stamp {
            s = (s + 1) & mask;
        }
        self.slots[s] = Slot {
            key,
            stamp: self.stamp,
            index,
        };
        self.len += 1;
    }

    /// The move numbers of the positions with key `key`.
    fn find(&self, key: u64) -> impl Iterator<Item = u32> + '_ {
        let mask = self.slots.len().wrapping_sub(1);
        let mut s = key as usize & mask;
        core::iter::from_fn(move || {
            while let Some(slot) = self.slots.get(s).filter(|x| x.stamp == self.stamp) {
                s = (s + 1) & mask;
                if slot.key == key {
                    return Some(slot.index);
                }
            }
            None
        })
    }

    #[inline]
    fn contains(&self, key: u64) -> bool {
        self.find(key).next().is_some()
    }

    /// Doubles the table (at least 64 slots), keeping this playout's entries.
    #[cold]
    fn grow(&mut self) {
        let old = core::mem::take(&mut self.slots);
        let size = (2 * old.len()).max(64);
        self.slots = alloc::vec![Slot::default(); size];
        self.len = 0;
        let stamp = self.stamp;
        self.stamp = 1;
        for slot in old.into_iter().filter(|s| s.stamp == stamp) {
            self.insert(slot.key, slot.index);
        }
    }
}

/// How a light playout draws its moves ([`LightPlayout::set_draw`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Draw {
    /// Uniformly among the acceptable moves: the moves [`Game::play_out`]
    /// plays for the same random numbers (the default).
    #[default]
    Uniform,
    /// As libego draws: from a uniformly random place in the list of empty
    /// points, the first acceptable point at or after it (wrapping round). One
    /// random number a move, and a rejected point costs one test; not uniform (a
    /// point after a run of unacceptable ones is likelier), and not
    /// [`Game::play_out`]'s moves.
    Scan,
}

/// Light playouts from one position of a [`Game`], on a board built for them:
/// the moves [`Game::play_out`] plays (a uniformly random legal move that fills
/// none of the mover's own eyes, under the game's rules, superko included), at a
/// fraction of the cost, for Monte Carlo search and benchmarks.
///
/// Make one from a game, then [`run`](LightPlayout::run) as many playouts from
/// that position as needed (each starts again from it, reusing the memory: no
/// allocation per move or per playout once the superko table has grown), and
/// read the result of each with [`area`](LightPlayout::area) or
/// [`winner`](LightPlayout::winner). [`set_start`](LightPlayout::set_start) moves
/// it to another position.
///
/// ```
/// use go_core::{Game, LightPlayout, Rules, Setup};
/// use rand_core::SeedableRng;
/// use rand_pcg::Pcg64Mcg;
/// let game = Game::new(Rules::chinese(), Setup::new(9, 9))?;
/// let mut playout = LightPlayout::new(&game);
/// let mut rng = Pcg64Mcg::seed_from_u64(7);
/// let mut black_wins = 0;
/// for _ in 0..100 {
///     let moves = playout.run(&mut rng, 1000);
///     assert!(moves > 0 && playout.is_over());
///     let [black, white] = playout.area();
///     assert!(black + white <= 81);
///     black_wins += usize::from(playout.winner() == Some(go_core::Color::Black));
/// }
/// assert!((20..80).contains(&black_wins)); // komi 7.5 against random play
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct LightPlayout {
    /// The game the playouts start from: its rules, and its earlier positions
    /// for superko.
    start_game: Game,
    start: Box<Position>,
    live: Box<Position>,
    seen: Seen,
    /// The exhaustive draw's positions in the empty-point list (kept here so
    /// that a draw does not clear a buffer).
    order: Box<[u16; CAP]>,
    /// The cells played so far in this playout (0 for a pass).
    moves: Vec<u16>,
    /// The most stones of any position of the game before the playout, and of
    /// the game and the playout so far.
    start_max_stones: u32,
    max_stones: u32,
    /// Cells in the tables of this board size, and the stride of a row.
    cell_count: usize,
    stride: usize,
    ko_rule: KoRule,
    suicide_allowed: bool,
    /// Whether a stone that would die alone, taking nothing, is refused: it
    /// leaves the board as it was, which positional superko forbids, and it is
    /// a suicide.
    lone_refused: bool,
    /// Xor-ed into the hash of a board to make its superko key, by the colour
    /// code to move: zero but for White under situational superko (a table,
    /// not a branch: the mover alternates).
    side_keys: [u64; 4],
    /// How moves are drawn.
    draw: Draw,
    /// The ko rule of the playouts, if not the game's.
    ko_override: Option<KoRule>,
}

impl core::fmt::Debug for LightPlayout {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("LightPlayout")
            .field("moves", &self.moves.len())
            .field("over", &self.is_over())
            .finish_non_exhaustive()
    }
}

impl LightPlayout {
    /// Playouts from the position of `game` (which may be over: every playout
    /// then plays no move).
    pub fn new(game: &Game) -> LightPlayout {
        let mut playout = LightPlayout {
            start_game: game.clone(),
            start: Box::default(),
            live: Box::default(),
            seen: Seen::default(),
            order: Box::new([0; CAP]),
            moves: Vec::new(),
            start_max_stones: 0,
            max_stones: 0,
            cell_count: 0,
            stride: 0,
            ko_rule: KoRule::None,
            suicide_allowed: false,
            lone_refused: true,
            side_keys: [0; 4],
            draw: Draw::Uniform,
            ko_override: None,
        };
        playout.set_start(game);
        playout
    }

    /// Starts later playouts from the position of `game` instead, reusing this
    /// one's memory; the position now is that of `game`.
    pub fn set_start(&mut self, game: &Game) {
        self.start_game.clone_from(game);
        let b = game.board();
        let n = b.cell_count();
        self.cell_count = n;
        self.stride = b.stride();
        self.ko_rule = self.ko_override.unwrap_or(game.rules().ko());
        self.suicide_allowed = game.rules().suicide() == Suicide::Allowed;
        self.side_keys = [0; 4];
        if self.ko_rule == KoRule::SituationalSuperko {
            self.side_keys[usize::from(WHITE)] = zobrist::WHITE_TO_MOVE;
        }
        // A stone that dies alone leaves the board as it was: refused where
        // suicide is, under positional superko, and under a playout ko rule of
        // its own (as libego's playouts refuse it), which would not stop the cycle.
        self.lone_refused = !self.suicide_allowed
            || self.ko_rule == KoRule::PositionalSuperko
            || self.ko_override.is_some();
        let (ko, passes, max_stones) = game.playout_state();
        self.start_max_stones = max_stones;
        let p = &mut *self.start;
        for i in 0..n {
            let color = b.color_at(i);
            let stone = color == BLACK || color == WHITE;
            p.cells[i] = Cell {
                color,
                around: 0,
                head: if stone { b.head(i) } else { i } as u16,
                next: if stone { b.next_in_chain(i) as u16 } else { 0 },
            };
            p.chains[i] = Chain::default();
            if stone && b.head(i) == i {
                let (libs, size, hash) = b.chain_totals(i);
                p.chains[i] = Chain { libs, size, hash };
            }
        }
        for i in 0..n {
            if p.cells[i].color == EDGE {
                continue;
            }
            let mut around = 0u16;
            for q in [i - self.stride, i - 1, i + 1, i + self.stride] {
                around += match p.cells[q].color {
                    EMPTY => 1 << EMPTY_SHIFT,
                    EDGE => 1 << EDGE_SHIFT,
                    code => 1 << shift(code),
                };
            }
            p.cells[i].around = around;
        }
        let empties = b.empty_cells();
        p.empty_count = empties.len();
        for (k, &i) in empties.iter().enumerate() {
            p.empties[k] = i;
            p.empty_at[usize::from(i)] = k as u16;
        }
        p.hash = b.zobrist();
        p.stones = [b.count(Color::Black) as u32, b.count(Color::White) as u32];
        p.ko = ko;
        p.passes = if game.is_over() { 2 } else { passes };
        p.mover = board::stone(game.to_move());
        self.restart();
    }

    /// Draws the playouts' moves as `draw` says (by default [`Draw::Uniform`]).
    pub fn set_draw(&mut self, draw: Draw) {
        self.draw = draw;
    }

    /// Plays the playouts under the ko rule `ko` instead of the game's (`None`:
    /// the game's again), from the same start position: simple ko is cheaper
    /// than superko (no table of positions), as libego's and many Monte Carlo
    /// programs' playouts are. A stone that would die alone is then refused
    /// (it repeats the board, which a simple ko rule would not stop), as libego's
    /// playouts refuse it; a suicide of several stones follows the game's rules.
    ///
    /// ```
    /// use go_core::{Draw, Game, KoRule, LightPlayout, Rules, Setup};
    /// use rand_core::SeedableRng;
    /// let game = Game::new(Rules::chinese_ogs(), Setup::new(9, 9))?;
    /// let mut playout = LightPlayout::new(&game);
    /// playout.set_ko(Some(KoRule::Simple));
    /// playout.set_draw(Draw::Scan);
    /// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(1);
    /// assert!(playout.run(&mut rng, 1000) > 0 && playout.is_over());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_ko(&mut self, ko: Option<KoRule>) {
        self.ko_override = ko;
        let game = self.start_game.clone();
        self.set_start(&game);
    }

    /// Back to the start position, for a new playout.
    fn restart(&mut self) {
        let n = self.cell_count;
        let (s, l) = (&*self.start, &mut *self.live);
        l.cells[..n].copy_from_slice(&s.cells[..n]);
        l.chains[..n].copy_from_slice(&s.chains[..n]);
        l.empty_at[..n].copy_from_slice(&s.empty_at[..n]);
        l.empties[..s.empty_count].copy_from_slice(&s.empties[..s.empty_count]);
        l.empty_count = s.empty_count;
        l.hash = s.hash;
        l.stones = s.stones;
        l.ko = s.ko;
        l.passes = s.passes;
        l.mover = s.mover;
        self.moves.clear();
        self.seen.clear();
        self.max_stones = self.start_max_stones;
    }

    /// Plays a light playout from the start position: until the game ends (two
    /// passes in a row) or `max_moves` moves have been played. Returns the number
    /// of moves played (passes included). Under the default draw and the game's
    /// own ko rule, the moves are those [`Game::play_out`] would play from the
    /// same position with the same random numbers.
    pub fn run<R: Rng + ?Sized>(&mut self, rng: &mut R, max_moves: usize) -> usize {
        self.restart();
        // The usual boards get a kernel of their own, the stride a constant.
        // Without superko no hash is kept: a kernel of its own as well.
        match (self.stride, is_superko(self.ko_rule)) {
            (10, true) => self.play_out::<10, true, R>(rng, max_moves),
            (14, true) => self.play_out::<14, true, R>(rng, max_moves),
            (20, true) => self.play_out::<20, true, R>(rng, max_moves),
            (_, true) => self.play_out::<0, true, R>(rng, max_moves),
            (10, false) => self.play_out::<10, false, R>(rng, max_moves),
            (14, false) => self.play_out::<14, false, R>(rng, max_moves),
            (20, false) => self.play_out::<20, false, R>(rng, max_moves),
            (_, false) => self.play_out::<0, false, R>(rng, max_moves),
        }
    }

    /// [`LightPlayout::run`] from the start position, for the row stride `S`
    /// (0: the board's, read at run time), under superko (`SUPERKO`, the ko
    /// rule's: positions hashed and remembered) or not.
    fn play_out<const S: usize, const SUPERKO: bool, R: Rng + ?Sized>(
        &mut self,
        rng: &mut R,
        max_moves: usize,
    ) -> usize {
        let mut played = 0;
        while played < max_moves && self.live.passes < 2 {
            if !self.draw_and_play::<S, SUPERKO, R>(rng) {
                self.pass();
            }
            played += 1;
        }
        played
    }

    /// The row stride: `S`, or the board's when `S` is 0.
    #[inline(always)]
    fn stride<const S: usize>(&self) -> usize {
        if S == 0 { self.stride } else { S }
    }

    /// Whether the last playout ended the game (two passes in a row).
    pub fn is_over(&self) -> bool {
        self.live.passes >= 2
    }

    /// The colour to move in the position the last playout reached.
    pub fn to_move(&self) -> Color {
        color_of(self.live.mover)
    }

    /// The moves of the last playout, in order.
    pub fn moves(&self) -> impl ExactSizeIterator<Item = Move> + '_ {
        let b = self.start_game.board();
        self.moves.iter().map(move |&i| match i {
            0 => Move::Pass,
            i => Move::Play(b.point(usize::from(i))),
        })
    }

    /// The stone on a point of the position the last playout reached.
    pub fn get(&self, p: crate::Point) -> Option<Color> {
        let b = self.start_game.board();
        if !b.contains(p) {
            return None;
        }
        match self.live.cells[b.index(p) & MASK].color {
            BLACK => Some(Color::Black),
            WHITE => Some(Color::White),
            _ => None,
        }
    }

    /// Area (Tromp–Taylor) of each colour in the position the last playout
    /// reached, `[black, white]`: its stones, and the empty points from which
    /// only its stones can be reached. Every stone counts as alive, which is how
    /// a finished light playout is scored (no dead stones are left: no move fills
    /// an eye, and every other point gets filled).
    pub fn area(&self) -> [u32; 2] {
        let l = &*self.live;
        let mut area = l.stones;
        // Each empty region once: flood fill from every empty point not yet seen,
        // noting which colours it reaches.
        let mut seen = [false; CAP];
        let mut stack = [0u16; CAP];
        for &start in &l.empties[..l.empty_count] {
            let start = usize::from(start) & MASK;
            if seen[start] {
                continue;
            }
            seen[start] = true;
            let (mut size, mut reaches, mut top) = (0u32, 0u8, 1);
            stack[0] = start as u16;
            while top > 0 {
                top -= 1;
                let i = usize::from(stack[top]);
                size += 1;
                for q in self.neighbours::<0>(i) {
                    match l.cells[q].color {
                        EMPTY if !seen[q] => {
                            seen[q] = true;
                            stack[top] = q as u16;
                            top += 1;
                        }
                        c @ (BLACK | WHITE) => reaches |= c,
                        _ => {}
                    }
                }
            }
            match reaches {
                BLACK => area[0] += size,
                WHITE => area[1] += size,
                _ => {}
            }
        }
        area
    }

    /// The winner of the position the last playout reached by area, the game's
    /// komi and White's handicap bonus (its rules' count under area scoring
    /// without group tax or button, which [`Game::score`] gives the same
    /// board); `None` for a draw.
    pub fn winner(&self) -> Option<Color> {
        let [black, white] = self.area();
        let rules = self.start_game.rules();
        let bonus = rules
            .handicap_bonus()
            .points(crate::score::handicap_stones(self.start_game.setup()));
        let margin = 2 * (i64::from(black) - i64::from(white))
            - i64::from(rules.komi().halves())
            - 2 * i64::from(bonus);
        match margin {
            m if m > 0 => Some(Color::Black),
            m if m < 0 => Some(Color::White),
            _ => None,
        }
    }

    // ----- the playout policy -----

    /// Plays a uniformly drawn playout candidate; `false` when there is none
    /// (the side passes). The candidates are drawn as the game draws them.
    #[inline(always)]
    fn draw_and_play<const S: usize, const SUPERKO: bool, R: Rng + ?Sized>(
        &mut self,
        rng: &mut R,
    ) -> bool {
        let n = self.live.empty_count;
        if n == 0 {
            return false;
        }
        if self.draw == Draw::Scan {
            return self.scan_and_play::<S, SUPERKO, R>(rng, n);
        }
        for _ in 0..QUICK_TRIES {
            let k = below(rng, n as u32) as usize;
            if self.try_play::<S, SUPERKO>(k) {
                return true;
            }
        }
        self.draw_without_replacement::<S, SUPERKO, R>(rng, n)
    }

    /// Plays a uniformly drawn acceptable one of the first `n` empty points
    /// (the same draws as the game's): a rejected position is swapped out of
    /// range, so each acceptable one is equally likely to come first.
    #[inline(never)]
    fn draw_without_replacement<const S: usize, const SUPERKO: bool, R: Rng + ?Sized>(
        &mut self,
        rng: &mut R,
        n: usize,
    ) -> bool {
        let mut n = n.min(CAP);
        for (k, p) in self.order[..n].iter_mut().enumerate() {
            *p = k as u16;
        }
        while n > 0 {
            let k = below(rng, n as u32) as usize & MASK;
            if self.try_play::<S, SUPERKO>(usize::from(self.order[k])) {
                return true;
            }
            n -= 1;
            self.order.swap(k, n & MASK);
        }
        false
    }

    /// [`Draw::Scan`]: the first acceptable one of the first `n` empty points
    /// from a random place on.
    #[inline(never)]
    fn scan_and_play<const S: usize, const SUPERKO: bool, R: Rng + ?Sized>(
        &mut self,
        rng: &mut R,
        n: usize,
    ) -> bool {
        let n = n.min(CAP);
        let from = below(rng, n as u32) as usize;
        let mut k = from;
        loop {
            if self.try_play::<S, SUPERKO>(k) {
                return true;
            }
            k += 1;
            k = if k == n { 0 } else { k };
            if k == from {
                return false;
            }
        }
    }

    #[inline(always)]
    fn neighbours<const S: usize>(&self, i: usize) -> [usize; 4] {
        neighbours_of(i, self.stride::<S>())
    }

    /// Plays the mover's stone on the empty point at position `k` of the
    /// empty-point list when it fills none of the mover's eyes and the rules
    /// allow it; returns whether it did.
    ///
    /// A stone with an empty neighbour is no suicide and never the simple-ko
    /// point, so only superko can refuse it, and a board that repeats is rare:
    /// such a stone is played at once and the board it makes looked up after
    /// (undone, by replaying the playout, in the rare case it repeats). Any other
    /// stone is judged before it is played.
    #[inline(always)]
    fn try_play<const S: usize, const SUPERKO: bool>(&mut self, k: usize) -> bool {
        let l = &*self.live;
        let i = usize::from(l.empties[k & MASK]) & MASK;
        let code = l.mover;
        let around = u32::from(l.cells[i].around);
        let own = (around >> shift(code)) & 15;
        let empty = (around >> EMPTY_SHIFT) & 15;
        let edge = around >> EDGE_SHIFT;
        if empty > 0 {
            // No eye of the mover's (it has an empty neighbour).
            let before = self.max_stones;
            self.play::<S, SUPERKO, true>(k, i);
            if SUPERKO && self.repeats_now(before) {
                self.undo_last();
                return false;
            }
            self.record();
            return true;
        }
        if own + edge == 4 && self.is_eye::<S>(i, code) {
            return false;
        }
        if own > 0 && self.suicide_allowed && !SUPERKO {
            // Beside a friendly stone: never the simple-ko point (the stone a
            // ko took stood alone among the taker's), and whatever it does,
            // suicide included, is allowed: played without judging its effect.
            self.play::<S, SUPERKO, false>(k, i);
            self.record();
            return true;
        }
        if own == 0 && self.lone_refused && !self.may_capture::<S>(i, code, 4 - edge) {
            // Among opponent stones and the edge, taking nothing: it would die
            // alone (the game's last moves are mostly such points).
            return false;
        }
        self.try_play_surrounded::<S, SUPERKO>(k, i, code, around)
    }

    /// [`LightPlayout::try_play`] for a point without an empty neighbour (its
    /// neighbour counts `around`), out of line: it needs the effect, and the
    /// path of the common stones is shorter without it.
    #[inline(never)]
    fn try_play_surrounded<const S: usize, const SUPERKO: bool>(
        &mut self,
        k: usize,
        i: usize,
        code: u8,
        around: u32,
    ) -> bool {
        let l = &*self.live;
        let e = self.effect::<S>(i, code, around);
        if e.suicide > 0 && (!self.suicide_allowed || (e.lone && self.lone_refused)) {
            return false;
        }
        let allowed = match self.ko_rule {
            KoRule::None => true,
            KoRule::Simple => i != usize::from(l.ko) || l.ko == 0,
            KoRule::PositionalSuperko | KoRule::SituationalSuperko => self.superko_allows(i, &e),
        };
        if allowed {
            self.play::<S, SUPERKO, false>(k, i);
            self.record();
        }
        allowed
    }

    /// Whether the empty cell `i`, all of whose neighbours are `code`'s stones
    /// or the edge, is an eye of `code`: the opponent holds fewer than two of its
    /// diagonal points, and none when it is on the edge (as the game's playouts
    /// judge it).
    #[inline(always)]
    fn is_eye<const S: usize>(&self, i: usize, code: u8) -> bool {
        let s = self.stride::<S>();
        let c = &self.live.cells;
        let (mut opponents, mut edges) = (0, 0);
        for q in [i - s - 1, i - s + 1, i + s - 1, i + s + 1] {
            let color = c[q & MASK].color;
            opponents += u32::from(color == code ^ 3);
            edges += u32::from(color == EDGE);
        }
        opponents == 0 || (edges == 0 && opponents == 1)
    }

    /// Whether a stone of `code` on the empty cell `i`, which has `opponents`
    /// opponent neighbours, may capture: some neighbouring opponent chain has
    /// no more pseudo-liberties than that (each of its pseudo-liberties at `i`
    /// is one of those neighbours). `false` is exact; `true` asks
    /// [`LightPlayout::effect`].
    #[inline(always)]
    fn may_capture<const S: usize>(&self, i: usize, code: u8, opponents: u32) -> bool {
        let l = &*self.live;
        let low = map4(self.neighbours::<S>(i), |q| {
            let c = l.cells[q];
            (c.color == code ^ 3)
                & (u32::from(l.chains[usize::from(c.head) & MASK].libs) <= opponents)
        });
        low[0] | low[1] | low[2] | low[3]
    }

    /// What a stone of `code` on the empty cell `i` (neighbour counts `around`)
    /// would do: captures, suicide, and the hashes of what it removes. Asked
    /// for the points without an empty neighbour.
    #[inline(always)]
    fn effect<const S: usize>(&self, i: usize, code: u8, around: u32) -> Effect {
        let l = &*self.live;
        let nbrs = self.neighbours::<S>(i);
        let heads = map4(nbrs, |q| l.cells[q].head);
        let colors = map4(nbrs, |q| l.cells[q].color);
        let libs = map4(heads, |h| l.chains[usize::from(h) & MASK].libs);
        // The number of `i`'s neighbours in each neighbour's chain, and which
        // neighbours are the first of their chain (each chain counted once).
        let same = |a: usize, b: usize| u16::from(heads[a] == heads[b]);
        let (s01, s02, s03) = (same(0, 1), same(0, 2), same(0, 3));
        let (s12, s13, s23) = (same(1, 2), same(1, 3), same(2, 3));
        let touching = [
            1 + s01 + s02 + s03,
            1 + s01 + s12 + s13,
            1 + s02 + s12 + s23,
            1 + s03 + s13 + s23,
        ];
        let first = 1
            | u32::from(s01 == 0) << 1
            | u32::from(s02 + s12 == 0) << 2
            | u32::from(s03 + s13 + s23 == 0) << 3;
        // Bit n of each mask says it of neighbour n, without branches
        // (neighbour colours are unpredictable): its chain has every
        // pseudo-liberty at `i`, it is the opponent's, it is the mover's.
        let (mut atari, mut theirs, mut mine) = (0u32, 0u32, 0u32);
        for n in 0..4 {
            atari |= u32::from(libs[n] == touching[n]) << n;
            theirs |= u32::from(colors[n] == code ^ 3) << n;
            mine |= u32::from(colors[n] == code) << n;
        }
        let mut e = Effect {
            lone: (around >> shift(code)) & 15 == 0,
            ..Effect::default()
        };
        // The chains taken, then (nothing taken and every friendly chain in
        // atari at `i`: a suicide) the mover's chains that die with the stone.
        let taken = atari & first & theirs;
        let (dying, size) = if taken != 0 {
            (taken, 0)
        } else if mine & !atari == 0 {
            (atari & first & mine, 1)
        } else {
            return e;
        };
        let (mut total, mut hash, mut m) = (size, 0u64, dying);
        while m != 0 {
            let chain = &l.chains[usize::from(heads[m.trailing_zeros() as usize & 3]) & MASK];
            total += u32::from(chain.size);
            hash ^= chain.hash;
            m &= m - 1;
        }
        if taken != 0 {
            e.captured = total;
        } else {
            e.suicide = total;
        }
        e.removed_hash = hash;
        e
    }

    // ----- superko -----

    /// Whether superko lets the mover play on the empty cell `i` with effect `e`.
    #[inline]
    fn superko_allows(&self, i: usize, e: &Effect) -> bool {
        let l = &*self.live;
        let stones = l.stones[0] + l.stones[1];
        // The stones of the board the move makes (`e.suicide` counts the new
        // stone): more than any earlier board had, and it is new.
        let after = stones + 1 - e.captured - e.suicide;
        if after > self.max_stones {
            return true;
        }
        if e.suicide > 0 && e.lone && self.ko_rule == KoRule::PositionalSuperko {
            // A stone that dies alone leaves the board as it is.
            return false;
        }
        if i == usize::from(l.ko) && e.captured == 1 {
            // Retaking a ko at once, taking back only the stone that took: the
            // board of two moves ago, with the same side to move.
            return false;
        }
        let code = l.mover;
        let placed = if e.suicide > 0 {
            0
        } else {
            zobrist::STONE[usize::from(code - 1) & 1][i & MASK]
        };
        let next = color_of(code ^ 3);
        let key = self.key(l.hash ^ placed ^ e.removed_hash, code ^ 3);
        let in_playout = self.seen.contains(key);
        if !in_playout && after > self.start_max_stones {
            return true;
        }
        !self.repeats(i, e, key, next, in_playout)
    }

    /// Whether the board after the mover's stone on `i` (effect `e`) is, board
    /// against board, one of a position of the playout with key `key` or of the
    /// game before it (with `next` to move, under situational superko).
    #[cold]
    #[inline(never)]
    fn repeats(&self, i: usize, e: &Effect, key: u64, next: Color, in_playout: bool) -> bool {
        self.known_position(&self.colors_after(i, e), key, next, in_playout)
    }

    /// Whether `board` (cell colours), with key `key` and `next` to move, is one
    /// of the positions of the game before the playout or (when `in_playout`:
    /// the key is in the playout's table) of the playout so far.
    fn known_position(&self, board: &[u8], key: u64, next: Color, in_playout: bool) -> bool {
        if self.start_game.has_position(key, next, board) {
            return true;
        }
        if !in_playout {
            return false;
        }
        let situational = self.ko_rule == KoRule::SituationalSuperko;
        let first_mover = self.start.mover;
        self.seen.find(key).any(|j| {
            // Position `j` (after `j` playout moves) has the start's mover to
            // move when `j` is even.
            let mover_at_j = if j % 2 == 0 {
                first_mover
            } else {
                first_mover ^ 3
            };
            (!situational || mover_at_j == board::stone(next))
                && self.colors_after_moves(j as usize)[..] == *board
        })
    }

    /// The cell colours after the mover's stone on `i` with effect `e`.
    fn colors_after(&self, i: usize, e: &Effect) -> Vec<u8> {
        let l = &*self.live;
        let code = l.mover;
        let mut out: Vec<u8> = l.cells[..self.cell_count].iter().map(|c| c.color).collect();
        out[i] = code;
        for q in self.neighbours::<0>(i) {
            let c = l.cells[q];
            let dies = if c.color == code {
                e.suicide > 0
            } else {
                c.color == code ^ 3 && {
                    let h = c.head;
                    let touching = self
                        .neighbours::<0>(i)
                        .iter()
                        .filter(|&&r| l.cells[r].head == h)
                        .count() as u16;
                    l.chains[usize::from(h) & MASK].libs == touching
                }
            };
            if dies {
                let h = usize::from(c.head) & MASK;
                let mut s = h;
                loop {
                    out[s] = EMPTY;
                    s = usize::from(l.cells[s].next) & MASK;
                    if s == h {
                        break;
                    }
                }
            }
        }
        if e.suicide > 0 {
            out[i] = EMPTY;
        }
        out
    }

    /// The cell colours after the first `j` moves of this playout, replayed on
    /// the game's board.
    fn colors_after_moves(&self, j: usize) -> Vec<u8> {
        let mut board = self.start_game.board().clone();
        let mut removed = Vec::new();
        let mut code = self.start.mover;
        for &cell in &self.moves[..j] {
            if cell != 0 {
                board.play(usize::from(cell), code, &mut removed);
            }
            code ^= 3;
        }
        (0..self.cell_count).map(|c| board.color_at(c)).collect()
    }

    // ----- moves -----

    fn pass(&mut self) {
        let l = &mut *self.live;
        l.passes += 1;
        l.ko = 0;
        l.mover ^= 3;
        self.moves.push(0);
        self.record();
    }

    /// The superko key of a board with hash `hash` and the colour code `mover`
    /// to move: the game's key (`Game::key_for`), from the rules read once.
    #[inline(always)]
    fn key(&self, hash: u64, mover: u8) -> u64 {
        hash ^ self.side_keys[usize::from(mover) & 3]
    }

    /// Notes the position just reached for superko.
    #[inline(always)]
    fn record(&mut self) {
        if !is_superko(self.ko_rule) {
            return;
        }
        let key = self.key(self.live.hash, self.live.mover);
        self.seen.insert(key, self.moves.len() as u32);
    }

    /// Plays the mover's stone on the empty cell `i`, at position `k` of the
    /// empty-point list: captures without liberties are removed, then the
    /// stone's own chain if it has none (a suicide the caller allowed).
    /// `BREATHES`: the caller knows `i` has an empty neighbour (no suicide, no
    /// ko to set), and the code for those is shorter.
    #[inline(always)]
    fn play<const S: usize, const SUPERKO: bool, const BREATHES: bool>(
        &mut self,
        k: usize,
        i: usize,
    ) {
        let code = self.live.mover;
        let around = u32::from(self.live.cells[i].around);
        // No empty and no friendly neighbour: a capture of one stone sets a ko.
        let lone =
            !BREATHES && (around >> EMPTY_SHIFT) & 15 == 0 && (around >> shift(code)) & 15 == 0;
        let captures = self.add_stone::<S, SUPERKO>(i, k, code);
        let mut captured = 0;
        let mut ko = 0;
        {
            // Captures are rare: one branch, well predicted.
            if captures {
                for q in self.neighbours::<S>(i) {
                    let c = self.live.cells[q];
                    if c.color == code ^ 3 && self.live.chains[usize::from(c.head) & MASK].libs == 0
                    {
                        ko = c.head;
                        captured += self.remove_chain::<S, SUPERKO>(usize::from(c.head) & MASK);
                    }
                }
            }
        }
        let h = usize::from(self.live.cells[i].head) & MASK;
        if !BREATHES && self.live.chains[h].libs == 0 {
            self.remove_chain::<S, SUPERKO>(h);
        }
        let l = &mut *self.live;
        // A lone stone that took exactly one stone: retaking at once would repeat
        // the board, which simple ko forbids.
        l.ko = if lone && captured == 1 { ko } else { 0 };
        l.passes = 0;
        l.mover ^= 3;
        if SUPERKO && captured == 0 {
            self.max_stones = self.max_stones.max(l.stones[0] + l.stones[1]);
        }
        self.moves.push(i as u16);
    }

    /// Whether the board just made (by a stone with an empty neighbour, when no
    /// earlier board had more than `before` stones) repeats an earlier one:
    /// looked up by key, then checked board against board.
    #[inline(always)]
    fn repeats_now(&self, before: u32) -> bool {
        let l = &*self.live;
        let stones = l.stones[0] + l.stones[1];
        if stones > before {
            return false;
        }
        let key = self.key(l.hash, l.mover);
        let in_playout = self.seen.contains(key);
        if !in_playout && stones > self.start_max_stones {
            return false;
        }
        let next = color_of(l.mover);
        self.board_repeats(key, next, in_playout)
    }

    /// [`LightPlayout::repeats_now`] once a key was found.
    #[cold]
    #[inline(never)]
    fn board_repeats(&self, key: u64, next: Color, in_playout: bool) -> bool {
        let now: Vec<u8> = self.live.cells[..self.cell_count]
            .iter()
            .map(|c| c.color)
            .collect();
        self.known_position(&now, key, next, in_playout)
    }

    /// Takes back the last move, by playing the playout again without it (the
    /// board keeps no history; a repetition found after the move is rare).
    #[cold]
    #[inline(never)]
    fn undo_last(&mut self) {
        let mut moves = core::mem::take(&mut self.moves);
        moves.pop();
        self.restart();
        for &cell in &moves {
            if cell == 0 {
                self.pass();
            } else {
                let i = usize::from(cell) & MASK;
                let k = usize::from(self.live.empty_at[i]);
                self.play::<0, true, false>(k, i);
                self.record();
            }
        }
    }

    /// Puts a stone of `code` on the empty cell `i` (position `at` of the
    /// empty-point list), joining friendly chains as the game's board does (the
    /// largest, first of equal sizes, takes the stone, then the others); returns
    /// whether an opponent chain next to it lost its last pseudo-liberty.
    #[inline(always)]
    fn add_stone<const S: usize, const SUPERKO: bool>(
        &mut self,
        i: usize,
        at: usize,
        code: u8,
    ) -> bool {
        let nbrs = self.neighbours::<S>(i);
        let key = zobrist::STONE[usize::from(code - 1) & 1][i & MASK];
        let l = &mut *self.live;
        // Out of the empty-point list: the last entry takes its place.
        l.empty_count -= 1;
        let last = l.empties[l.empty_count & MASK];
        l.empties[at & MASK] = last;
        l.empty_at[usize::from(last) & MASK] = at as u16;
        if SUPERKO {
            l.hash ^= key;
        }
        l.stones[usize::from(code - 1) & 1] += 1;
        // Each neighbour counts one empty fewer and one `code` more, and each
        // neighbouring chain loses the pseudo-liberty `i` (a neighbour that is no
        // stone is its own head, whose junk entry absorbs the subtraction).
        // An opponent chain is captured when this takes its last one (a chain
        // next to `i` twice has two pseudo-liberties there, so the count
        // reaches zero only at the last subtraction), found here without
        // branches, while the cell and the count are at hand.
        let delta = arrival(code);
        let mut captures = false;
        // The friendly chain the stone joins (the largest, first of equal
        // sizes) and whether there are others, found in the same pass, also
        // without branches (neighbour colours are unpredictable); a neighbour
        // that is no friendly stone reads some chain's size and selects
        // nothing.
        let (mut big, mut big_size, mut first, mut others) = (0usize, 0u16, 0u16, false);
        for q in nbrs {
            let c = &mut l.cells[q];
            c.around = c.around.wrapping_add(delta);
            let (color, head) = (c.color, c.head);
            let h = usize::from(head) & MASK;
            let chain = &mut l.chains[h];
            let libs = chain.libs.wrapping_sub(1);
            chain.libs = libs;
            captures |= (color == code ^ 3) & (libs == 0);
            let own = color == code;
            let better = own & (chain.size > big_size);
            big = if better { h } else { big };
            big_size = if better { chain.size } else { big_size };
            others |= own & (first != 0) & (head != first);
            first = if own & (first == 0) { head } else { first };
        }
        let libs = (u32::from(l.cells[i].around) >> EMPTY_SHIFT) as u16 & 15;
        if big == 0 {
            l.cells[i].color = code;
            l.cells[i].head = i as u16;
            l.cells[i].next = i as u16;
            l.chains[i] = Chain {
                libs,
                size: 1,
                hash: if SUPERKO { key } else { 0 },
            };
            return captures;
        }
        l.cells[i].color = code;
        l.cells[i].head = big as u16;
        l.cells[i].next = l.cells[big].next;
        l.cells[big].next = i as u16;
        let chain = &mut l.chains[big];
        chain.size += 1;
        chain.libs = chain.libs.wrapping_add(libs);
        if SUPERKO {
            chain.hash ^= key;
        }
        if others {
            for q in nbrs {
                let c = self.live.cells[q];
                if c.color == code && usize::from(c.head) != big {
                    self.merge::<SUPERKO>(big, usize::from(c.head) & MASK);
                }
            }
        }
        captures
    }

    /// Brings the chain headed at `small` into the one headed at `big`.
    fn merge<const SUPERKO: bool>(&mut self, big: usize, small: usize) {
        let l = &mut *self.live;
        let mut s = small;
        loop {
            let c = &mut l.cells[s];
            c.head = big as u16;
            s = usize::from(c.next) & MASK;
            if s == small {
                break;
            }
        }
        let (bn, sn) = (l.cells[big].next, l.cells[small].next);
        l.cells[big].next = sn;
        l.cells[small].next = bn;
        let sm = l.chains[small];
        let bg = &mut l.chains[big];
        bg.size += sm.size;
        bg.libs = bg.libs.wrapping_add(sm.libs);
        if SUPERKO {
            bg.hash ^= sm.hash;
        }
    }

    /// Removes the chain headed at `head`; returns its size.
    fn remove_chain<const S: usize, const SUPERKO: bool>(&mut self, head: usize) -> u32 {
        let stride = self.stride::<S>();
        let l = &mut *self.live;
        let code = l.cells[head].color;
        let chain = l.chains[head];
        if SUPERKO {
            l.hash ^= chain.hash;
        }
        l.stones[usize::from(code.wrapping_sub(1)) & 1] -= u32::from(chain.size);
        let delta = arrival(code).wrapping_neg();
        let mut s = head;
        loop {
            let next = usize::from(l.cells[s].next) & MASK;
            l.cells[s].color = EMPTY;
            l.cells[s].head = s as u16;
            l.empty_at[s] = l.empty_count as u16;
            l.empties[l.empty_count & MASK] = s as u16;
            l.empty_count += 1;
            // Each neighbour counts one empty more; each chain next to it gains
            // a pseudo-liberty (stones of this chain not yet removed add to its
            // dying head, the cells without a stone to their junk entries).
            for q in neighbours_of(s, stride) {
                let c = &mut l.cells[q];
                c.around = c.around.wrapping_add(delta);
                let h = usize::from(c.head) & MASK;
                l.chains[h].libs = l.chains[h].libs.wrapping_add(1);
            }
            s = next;
            if s == head {
                break;
            }
        }
        u32::from(chain.size)
    }
}

#[cfg(test)]
mod tests;
