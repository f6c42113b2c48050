//! Heavy playouts, for Monte Carlo tree search that plays well: the light policy
//! corrected by the local tactics of MoGo, Fuego and Pachi, answering the
//! opponent's last move ([`HeavyPolicy`] says what it does), and the same
//! knowledge per move for a search's priors ([`MoveHints`]).

use rand_core::Rng;

use crate::board::{self, BLACK, Board, EDGE, EMPTY, Effect, WHITE};
use crate::chance::below;
use crate::game::Game;
use crate::moves::Move;
use crate::point::Point;
use crate::report::Report;

/// The settings of the heavy playout policy ([`Game::heavy_playout_move`]).
///
/// A move of the heavy policy, in order:
/// 1. **Atari** (tried on [`atari`](HeavyPolicy::atari) percent of the moves),
///    around the last move (its stone and its four neighbours, the chains that
///    move changed): a chain of the opponent in atari is captured; a chain of
///    the mover in atari is saved, by extending on its last liberty when that
///    gives it two liberties or more (captures counted), or by capturing an
///    opponent chain next to it that is in atari itself. One of these moves, at
///    random.
/// 2. **Patterns** ([`patterns`](HeavyPolicy::patterns) percent): an empty
///    neighbour of the last move (of the eight) whose 3×3 surroundings match one
///    of MoGo's patterns ([`PATTERNS`]: hane, cuts, edge moves) for the mover,
///    at random among those that match.
/// 3. Otherwise the light policy's move: uniform among the legal moves that
///    fill none of the mover's own eyes ([`Game::playout_move`]).
///
/// Moves of steps 2 and 3 that would put a chain of
/// [`self_atari_stones`](HeavyPolicy::self_atari_stones) stones or more in
/// atari (one liberty after the move, nothing captured) are refused; when no
/// other move is left the mover passes (which keeps sekis alive in playouts).
/// Every move is legal (superko included) and fills no own eye, as in the light
/// policy. No heap allocation.
///
/// Atari is O(1) to see: the board keeps each chain's pseudo-liberties with
/// their sum and sum of squares, and they are all one point exactly when
/// `sum² = count · squares`. The liberties a chain would have after a move are
/// counted by walking its stones, up to two, only for the few moves whose own
/// neighbourhood does not settle it.
///
/// [`HeavyPolicy::default`] turns every heuristic on.
///
/// ```
/// use go_core::{Game, HeavyPolicy, Rules, Setup};
/// use rand_core::SeedableRng;
/// use rand_pcg::Pcg64Mcg;
/// let mut rng = Pcg64Mcg::seed_from_u64(7);
/// let mut game = Game::new(Rules::chinese(), Setup::new(9, 9))?;
/// game.heavy_play_out(&mut rng, 1000, &HeavyPolicy::default());
/// assert!(game.outcome().is_some());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HeavyPolicy {
    /// Percent of moves on which the atari step (capture and save around the
    /// last move) is tried: 0 never, 100 always.
    pub atari: u8,
    /// Percent of moves on which the pattern step is tried.
    pub patterns: u8,
    /// Pattern and random moves that leave a chain of at least this many stones
    /// (the new stone with the chains it joins) in atari without capturing are
    /// refused; 0 allows every self-atari. 2 (the default) lets single stones be
    /// thrown in (nakade, ko threats) and keeps larger chains out of atari.
    pub self_atari_stones: u16,
}

impl Default for HeavyPolicy {
    fn default() -> HeavyPolicy {
        HeavyPolicy {
            atari: 100,
            patterns: 100,
            self_atari_stones: 2,
        }
    }
}

impl HeavyPolicy {
    /// No heuristic: exactly the light policy's moves ([`Game::playout_move`]'s,
    /// for the same generator).
    pub const LIGHT: HeavyPolicy = HeavyPolicy {
        atari: 0,
        patterns: 0,
        self_atari_stones: 0,
    };
}

/// MoGo's 3×3 patterns (Gelly, Wang, Munos, Teytaud 2006, *Modification of UCT
/// with patterns in Monte-Carlo Go*, and Pachi's reading of them), each a move
/// at the centre for the player `X`, rows from top to bottom: `X` the mover's
/// stone, `O` the opponent's, `.` empty, `#` off the board, `x` anything but the
/// mover's stone, `o` anything but the opponent's, `?` anything. Each matches in
/// its eight rotations and reflections.
pub const PATTERNS: [&str; 11] = [
    // Hane: enclosing, non-cutting, magari, thin.
    "XOX...???",
    "XO....?.?",
    "XO?X..?.?",
    "XOO...?.?",
    // Cut 1 (an unprotected cut) and cut 2 (the de).
    "XO?O.o?o?",
    "?X?O.Oooo",
    // Edge: chase, block a side cut, block a side connection, sagari, cut.
    "X.?O.?###",
    "OX?X.O###",
    "?X?x.O###",
    "?XOx.x###",
    "?OXX.O###",
];

/// The value of a neighbour in a pattern code: 0 empty, 1 the mover, 2 the
/// opponent, 3 off the board (the board's own cell codes when Black moves).
const fn allowed(ch: u8) -> u8 {
    match ch {
        b'.' => 1 << 0,
        b'X' => 1 << 1,
        b'O' => 1 << 2,
        b'#' => 1 << 3,
        b'x' => 0b1101,
        b'o' => 0b1011,
        b'?' => 0b1111,
        _ => 0,
    }
}

/// The place of grid square `g` (0..9, row by row, 4 the centre) in a code.
const fn slot(g: usize) -> usize {
    if g < 4 { g } else { g - 1 }
}

/// Grid square `g` moved by symmetry `t` (0..8) of the square.
const fn transform(g: usize, t: usize) -> usize {
    let (x, y) = ((g % 3) as i32 - 1, (g / 3) as i32 - 1);
    let (x, y) = match t {
        0 => (x, y),
        1 => (-x, y),
        2 => (x, -y),
        3 => (-x, -y),
        4 => (y, x),
        5 => (-y, x),
        6 => (y, -x),
        _ => (-y, -x),
    };
    ((y + 1) * 3 + x + 1) as usize
}

/// One bit per neighbourhood code (two bits per neighbour, see [`allowed`])
/// that matches a pattern, for Black to move.
static TABLE: [u64; 1024] = table();

const fn table() -> [u64; 1024] {
    let mut bits = [0u64; 1024];
    let mut p = 0;
    while p < PATTERNS.len() {
        let text = PATTERNS[p].as_bytes();
        assert!(
            text.len() == 9 && text[4] == b'.',
            "a pattern is nine squares, the centre empty"
        );
        let mut t = 0;
        while t < 8 {
            let mut masks = [0u8; 8];
            let mut g = 0;
            while g < 9 {
                if g != 4 {
                    masks[slot(transform(g, t))] = allowed(text[g]);
                }
                g += 1;
            }
            // Every code the masks allow, by an odometer over the eight slots.
            let mut vals = [0u8; 8];
            let mut k = 0;
            while k < 8 {
                vals[k] = first_from(masks[k], 0);
                k += 1;
            }
            loop {
                let mut code = 0usize;
                let mut k = 0;
                while k < 8 {
                    code |= (vals[k] as usize) << (2 * k);
                    k += 1;
                }
                bits[code / 64] |= 1 << (code % 64);
                let mut k = 0;
                loop {
                    if k == 8 {
                        break;
                    }
                    let next = first_from(masks[k], vals[k] + 1);
                    if next < 4 {
                        vals[k] = next;
                        break;
                    }
                    vals[k] = first_from(masks[k], 0);
                    k += 1;
                }
                if k == 8 {
                    break;
                }
            }
            t += 1;
        }
        p += 1;
    }
    bits
}

/// The first value from `v` on (0..4) that `mask` allows; 4 when none.
const fn first_from(mask: u8, mut v: u8) -> u8 {
    while v < 4 {
        if mask & (1 << v) != 0 {
            return v;
        }
        v += 1;
    }
    4
}

/// Draws with replacement in the random step before the exhaustive draw.
const QUICK_TRIES: usize = 4;
/// Candidate moves of one heuristic step, at most.
const MAX_CANDIDATES: usize = 32;

/// A few candidate cells, on the stack.
struct Candidates {
    cells: [u16; MAX_CANDIDATES],
    len: usize,
}

impl Candidates {
    fn new() -> Candidates {
        Candidates {
            cells: [0; MAX_CANDIDATES],
            len: 0,
        }
    }

    fn push(&mut self, cell: usize) {
        if self.len < MAX_CANDIDATES {
            self.cells[self.len] = cell as u16;
            self.len += 1;
        }
    }
}

/// Whether `rate` percent says yes (no draw for 0 and 100).
fn chance<R: Rng + ?Sized>(rng: &mut R, rate: u8) -> bool {
    rate >= 100 || (rate > 0 && below(rng, 100) < u32::from(rate))
}

impl Board {
    /// The 3×3 neighbourhood of cell `i` as a pattern code for `code` to move.
    fn pattern_code(&self, i: usize, code: u8) -> usize {
        let s = self.stride();
        // Grid squares row by row; the board's cell `i + s` is the row above,
        // the patterns' symmetries make the orientation irrelevant.
        let cells = [
            i - s - 1,
            i - s,
            i - s + 1,
            i - 1,
            i + 1,
            i + s - 1,
            i + s,
            i + s + 1,
        ];
        let mut x = 0usize;
        for (k, &c) in cells.iter().enumerate() {
            x |= usize::from(self.color_at(c)) << (2 * k);
        }
        if code == WHITE {
            // Swap the two bits of every neighbour: Black and White trade places.
            x = ((x & 0x5555) << 1) | ((x >> 1) & 0x5555);
        }
        x
    }

    /// Whether a move of `code` on the empty cell `i` matches one of
    /// [`PATTERNS`].
    pub(crate) fn matches_pattern(&self, i: usize, code: u8) -> bool {
        let x = self.pattern_code(i, code);
        TABLE[x / 64] >> (x % 64) & 1 == 1
    }

    /// Whether the empty cell `i` is an eye of `code` as the light policy sees
    /// it: every neighbour that colour or off the board, and fewer than two
    /// opponent diagonals (none on the edge).
    pub(crate) fn is_own_eye(&self, i: usize, code: u8) -> bool {
        if self
            .neighbours(i)
            .iter()
            .any(|&q| self.color_at(q) & code != code)
        {
            return false;
        }
        let s = self.stride();
        let (mut opponents, mut edges) = (0, 0);
        for q in [i - s - 1, i - s + 1, i + s - 1, i + s + 1] {
            match self.color_at(q) {
                EDGE => edges += 1,
                c if c == code ^ 3 => opponents += 1,
                _ => {}
            }
        }
        opponents == 0 || (edges == 0 && opponents < 2)
    }

    /// The distinct liberties (counted up to `limit`, at most 3) of the chain a
    /// stone of `code` on the empty cell `i` would make, counting the points its
    /// captures free, and that chain's stones (exact only when fewer than
    /// `limit` liberties are found).
    pub(crate) fn liberties_after(&self, i: usize, code: u8, limit: usize) -> (usize, usize) {
        let limit = limit.min(3);
        let mut libs = [0usize; 3];
        let mut n = 0;
        let add = |libs: &mut [usize; 3], n: &mut usize, q: usize| {
            if q != i && !libs[..*n].contains(&q) {
                libs[*n] = q;
                *n += 1;
            }
        };
        for q in self.neighbours(i) {
            if self.color_at(q) == EMPTY {
                add(&mut libs, &mut n, q);
                if n >= limit {
                    return (n, 1);
                }
            }
        }
        let mut size = 1;
        let mut seen = [usize::MAX; 4];
        for (k, q) in self.neighbours(i).into_iter().enumerate() {
            let c = self.color_at(q);
            if c != BLACK && c != WHITE {
                continue;
            }
            let h = self.head(q);
            if seen[..k].contains(&h) {
                continue;
            }
            seen[k] = h;
            if c == code {
                size += self.chain_size(h);
                if let Some(p) = self.atari_point(h) {
                    add(&mut libs, &mut n, p);
                } else {
                    // Two liberties or more: find them on the stones.
                    'walk: for s in self.chain_cells(h) {
                        for r in self.neighbours(s) {
                            if self.color_at(r) == EMPTY {
                                add(&mut libs, &mut n, r);
                                if n >= limit {
                                    break 'walk;
                                }
                            }
                        }
                    }
                }
            } else if self.atari_point(h) == Some(i) {
                // Captured: its stone next to `i` becomes a liberty.
                add(&mut libs, &mut n, q);
            }
            if n >= limit {
                return (n, size);
            }
        }
        (n, size)
    }
}

impl Game {
    /// The heavy-playout policy: the light policy's move corrected by local
    /// tactics answering the last move (capture and save chains in atari, MoGo's
    /// 3×3 patterns, no self-atari of larger chains), as `policy` says; see
    /// [`HeavyPolicy`] for the order. Every move is
    /// legal, superko included, and fills none of the mover's own eyes; `Pass`
    /// when no acceptable move is left; `None` when the game is over. No heap
    /// allocation. For the light policy, benchmarked against other engines, see
    /// [`Game::playout_move`].
    ///
    /// ```
    /// use go_core::{Color, Game, HeavyPolicy, Move, Rules, Setup};
    /// use rand_core::SeedableRng;
    /// use rand_pcg::Pcg64Mcg;
    /// let mut game = Game::new(Rules::chinese(), Setup::from_diagram("
    ///     . . . . .
    ///     O O . . .
    ///     X X . . .
    ///     O X . O .
    ///     . O O . .
    /// ", Color::White)?)?;
    /// // White's C3 puts Black's A3 B3 B2 in atari at C2, where it cannot
    /// // escape; White's A2 is in atari itself: Black saves the chain by
    /// // taking it.
    /// game.play("C3".parse()?)?;
    /// let mut rng = Pcg64Mcg::seed_from_u64(1);
    /// let mv = game.heavy_playout_move(&mut rng, &HeavyPolicy::default());
    /// assert_eq!(mv, Some(Move::Play("A1".parse()?)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn heavy_playout_move<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        policy: &HeavyPolicy,
    ) -> Option<Move> {
        if self.is_over() {
            return None;
        }
        Some(match self.heavy_candidate(rng, policy) {
            Some(e) => Move::Play(self.board().point(usize::from(e.cell))),
            None => Move::Pass,
        })
    }

    /// Plays [`Game::heavy_playout_move`] until the game ends or `max_moves`
    /// more moves have been played; returns the number of moves played. The same
    /// moves as playing `heavy_playout_move` one at a time, without checking
    /// them twice.
    pub fn heavy_play_out<R: Rng + ?Sized>(
        &mut self,
        rng: &mut R,
        max_moves: usize,
        policy: &HeavyPolicy,
    ) -> usize {
        let mut played = 0;
        while played < max_moves && !self.is_over() {
            let _: Report = match self.heavy_candidate(rng, policy) {
                Some(e) => {
                    let mv = Move::Play(self.board().point(usize::from(e.cell)));
                    self.apply(mv, Some(e))
                }
                None => self.apply(Move::Pass, None),
            };
            played += 1;
        }
        played
    }

    /// The effect of the heavy policy's move, `None` for a pass.
    fn heavy_candidate<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        policy: &HeavyPolicy,
    ) -> Option<Effect> {
        let code = board::stone(self.to_move());
        if let Some((_, Move::Play(p))) = self.last_move() {
            let last = self.board().index(p);
            if chance(rng, policy.atari)
                && let Some(e) = self.atari_reply(rng, last, code)
            {
                return Some(e);
            }
            if chance(rng, policy.patterns)
                && let Some(e) = self.pattern_reply(rng, last, code, policy)
            {
                return Some(e);
            }
        }
        self.heavy_random(rng, code, policy)
    }

    /// The atari step: capture an opponent chain in atari, or save one of the
    /// mover's, around the last move's cell `last`.
    fn atari_reply<R: Rng + ?Sized>(&self, rng: &mut R, last: usize, code: u8) -> Option<Effect> {
        let mut cands = Candidates::new();
        self.atari_candidates(last, code, true, &mut cands);
        self.pick(rng, &mut cands, code, None)
    }

    /// The atari step's candidates around the last move's cell `last` (its stone
    /// and its four neighbours): with `captures` the last liberty of each
    /// opponent chain in atari; for each of the mover's chains in atari its last
    /// liberty when a stone there has two liberties or more, and the last
    /// liberty of each opponent chain in atari next to it.
    fn atari_candidates(&self, last: usize, code: u8, captures: bool, cands: &mut Candidates) {
        let b = self.board();
        let s = b.stride();
        // The last stone and its four neighbours: the chains the last move
        // changed.
        let around = [last, last - s, last - 1, last + 1, last + s];
        let mut heads = [usize::MAX; 5];
        for (k, &q) in around.iter().enumerate() {
            let c = b.color_at(q);
            if c != BLACK && c != WHITE {
                continue;
            }
            let h = b.head(q);
            if heads[..k].contains(&h) {
                continue;
            }
            heads[k] = h;
            let Some(lib) = b.atari_point(h) else {
                continue;
            };
            if c != code {
                if captures {
                    cands.push(lib);
                }
                continue;
            }
            // The mover's chain in atari: extend if that gains liberties...
            if b.liberties_after(lib, code, 2).0 >= 2 {
                cands.push(lib);
            }
            // ...or capture an attacker that is in atari itself.
            for stone in b.chain_cells(h) {
                for r in b.neighbours(stone) {
                    if b.color_at(r) == code ^ 3
                        && let Some(l) = b.atari_point(b.head(r))
                    {
                        cands.push(l);
                    }
                }
            }
        }
    }

    /// The pattern step: an empty neighbour of `last` that matches a pattern.
    fn pattern_reply<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        last: usize,
        code: u8,
        policy: &HeavyPolicy,
    ) -> Option<Effect> {
        let b = self.board();
        let s = b.stride();
        let mut cands = Candidates::new();
        for q in [
            last - s - 1,
            last - s,
            last - s + 1,
            last - 1,
            last + 1,
            last + s - 1,
            last + s,
            last + s + 1,
        ] {
            if b.color_at(q) == EMPTY && b.matches_pattern(q, code) {
                cands.push(q);
            }
        }
        self.pick(rng, &mut cands, code, Some(policy))
    }

    /// A candidate drawn at random that is legal, fills no own eye and (with a
    /// policy) is no refused self-atari; the refused ones are dropped.
    fn pick<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        cands: &mut Candidates,
        code: u8,
        policy: Option<&HeavyPolicy>,
    ) -> Option<Effect> {
        let b = self.board();
        while cands.len > 0 {
            let k = below(rng, cands.len as u32) as usize;
            let i = usize::from(cands.cells[k]);
            cands.len -= 1;
            cands.cells[k] = cands.cells[cands.len];
            if b.color_at(i) != EMPTY || b.is_own_eye(i, code) {
                continue;
            }
            let e = b.effect(i, code);
            if self.allows(code, &e) && policy.is_none_or(|p| !self.bad_self_atari(&e, code, p)) {
                return Some(e);
            }
        }
        None
    }

    /// Whether the move of effect `e` is a self-atari the policy refuses.
    #[inline]
    fn bad_self_atari(&self, e: &Effect, code: u8, policy: &HeavyPolicy) -> bool {
        if policy.self_atari_stones == 0 || e.captured > 0 {
            return false;
        }
        let b = self.board();
        let i = usize::from(e.cell);
        // Two empty neighbours are two liberties: the common case, settled here.
        let empty = b
            .neighbours(i)
            .iter()
            .filter(|&&q| b.color_at(q) == EMPTY)
            .count();
        if empty >= 2 {
            return false;
        }
        let (libs, size) = b.liberties_after(i, code, 2);
        libs < 2 && size >= usize::from(policy.self_atari_stones)
    }

    /// The random step: uniform among the legal moves that fill no own eye and
    /// are no refused self-atari (rejection sampling, then a draw without
    /// replacement, as the light policy).
    fn heavy_random<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        code: u8,
        policy: &HeavyPolicy,
    ) -> Option<Effect> {
        let b = self.board();
        let n = b.empty_count();
        if n == 0 {
            return None;
        }
        let accept = |e: &Effect| self.allows(code, e) && !self.bad_self_atari(e, code, policy);
        for _ in 0..QUICK_TRIES {
            let found = b.playout_effect(below(rng, n as u32) as usize, code, accept);
            if found.is_some() {
                return found;
            }
        }
        let mut positions = [0u16; crate::board::MAX_CELLS];
        let mut n = n.min(positions.len());
        for (k, p) in positions[..n].iter_mut().enumerate() {
            *p = k as u16;
        }
        while n > 0 {
            let k = below(rng, n as u32) as usize;
            let found = b.playout_effect(usize::from(positions[k]), code, accept);
            if found.is_some() {
                return found;
            }
            n -= 1;
            positions.swap(k, n);
        }
        None
    }
}

/// What the heavy policy's heuristics say about one move of the side to move,
/// for a search's priors ([`Game::move_hints`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveHints {
    /// Opponent stones the move captures.
    pub captures: u16,
    /// It saves a chain of the mover in atari next to the last move (the atari
    /// step's extension or capture of an attacker).
    pub saves: bool,
    /// It puts an opponent chain in atari (one liberty left, on a point the
    /// opponent may still play).
    pub ataris: bool,
    /// It matches one of [`PATTERNS`] next to the last move.
    pub pattern: bool,
    /// Stones of the mover's chain left in atari by the move without capturing
    /// (0 when it keeps two liberties or more).
    pub self_atari: u16,
    /// It fills one of the mover's own eyes (as the light policy sees them).
    pub own_eye: bool,
    /// Its distance to the last move (the larger of the row and column
    /// distances; `u8::MAX` after a pass or at the start).
    pub distance: u8,
    /// Its line from the nearest edge: 1 on the first line.
    pub line: u8,
}

impl Game {
    /// Whether a stone of the side to move on `p` would fill one of its own eyes
    /// as the playout policies see them: every neighbour of `p` that colour or
    /// the edge, and fewer than two opponent stones on its diagonals (none when
    /// `p` is on the edge). `false` for a point off the board or not empty. A
    /// search leaves such moves out of its tree, as its playouts do.
    ///
    /// ```
    /// use go_core::{Color, Game, Rules, Setup};
    /// let game = Game::new(Rules::chinese(), Setup::from_diagram("
    ///     . X . . .
    ///     X X . . .
    ///     . . . . .
    ///     . . . O .
    ///     . . . . .
    /// ", Color::Black)?)?;
    /// assert!(game.fills_own_eye("A5".parse()?));
    /// assert!(!game.fills_own_eye("C3".parse()?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn fills_own_eye(&self, p: Point) -> bool {
        let b = self.board();
        if p.col() >= b.width() || p.row() >= b.height() || b.get(p).is_some() {
            return false;
        }
        b.is_own_eye(b.index(p), board::stone(self.to_move()))
    }

    /// The heavy policy's view of a stone of the side to move on `p`, for a
    /// search's priors; `None` unless the move is legal.
    ///
    /// ```
    /// use go_core::{Color, Game, Rules, Setup};
    /// let mut game = Game::new(Rules::chinese(), Setup::from_diagram("
    ///     . . . . .
    ///     . . . . .
    ///     . . X . .
    ///     . X O X .
    ///     . . . . .
    /// ", Color::Black)?)?;
    /// let hints = game.move_hints("C1".parse()?).unwrap();
    /// assert_eq!(hints.captures, 1);
    /// assert_eq!(hints.line, 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn move_hints(&self, p: Point) -> Option<MoveHints> {
        let e = self.check_point(p).ok()?;
        let b = self.board();
        let code = board::stone(self.to_move());
        let i = usize::from(e.cell);
        let mut h = MoveHints {
            captures: e.captured,
            own_eye: b.is_own_eye(i, code),
            line: 1 + p
                .col()
                .min(p.row())
                .min(b.width() - 1 - p.col())
                .min(b.height() - 1 - p.row()),
            distance: u8::MAX,
            ..MoveHints::default()
        };
        if e.captured == 0 {
            let (libs, size) = b.liberties_after(i, code, 2);
            if libs < 2 {
                h.self_atari = size as u16;
            }
        }
        // An opponent chain next to `p` with two liberties, one of them `p`.
        for q in b.neighbours(i) {
            if b.color_at(q) == code ^ 3 {
                let head = b.head(q);
                if b.atari_point(head).is_none() && opponent_libs_without(b, head, i) == 1 {
                    h.ataris = true;
                }
            }
        }
        if let Some((_, Move::Play(last))) = self.last_move() {
            let dc = last.col().abs_diff(p.col());
            let dr = last.row().abs_diff(p.row());
            h.distance = dc.max(dr);
            if h.distance == 1 {
                h.pattern = b.matches_pattern(i, code);
            }
            let mut cands = Candidates::new();
            self.atari_candidates(b.index(last), code, false, &mut cands);
            h.saves = cands.cells[..cands.len].contains(&(i as u16));
        }
        Some(h)
    }
}

/// The distinct liberties of the chain headed at `head` other than `i`, up to 2.
fn opponent_libs_without(b: &Board, head: usize, i: usize) -> usize {
    let mut libs = [usize::MAX; 2];
    let mut n = 0;
    for s in b.chain_cells(head) {
        for q in b.neighbours(s) {
            if q != i && b.color_at(q) == EMPTY && !libs[..n].contains(&q) {
                libs[n] = q;
                n += 1;
                if n == 2 {
                    return n;
                }
            }
        }
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::player::Color;

    /// A 7×7 board holding the 3×3 `pattern` (wildcards left empty) seen through
    /// symmetry `t`, its centre on the edge where the pattern's `#` squares are
    /// off the board; the centre's cell.
    fn board_with(pattern: &str, t: usize, swap: bool) -> (Board, usize) {
        let text = pattern.as_bytes();
        let mut squares = [b'?'; 9];
        for g in 0..9 {
            squares[transform(g, t)] = text[g];
        }
        // Where the off-board squares are, the centre is on that edge.
        let (mut cx, mut cy) = (3i32, 3i32);
        for (g, &ch) in squares.iter().enumerate() {
            if ch == b'#' {
                let (dx, dy) = ((g % 3) as i32 - 1, (g / 3) as i32 - 1);
                // Off the board: centre + d is -1 or 7 along the edge's axis.
                if dx != 0 && squares[3 + g % 3] == b'#' {
                    cx = if dx < 0 { 0 } else { 6 };
                }
                if dy != 0 && squares[3 * (g / 3) + 1] == b'#' {
                    cy = if dy < 0 { 0 } else { 6 };
                }
            }
        }
        let mut stones = alloc::vec::Vec::new();
        for (g, &ch) in squares.iter().enumerate() {
            let (dx, dy) = ((g % 3) as i32 - 1, (g / 3) as i32 - 1);
            let color = match (ch, swap) {
                (b'X', false) | (b'O', true) => Color::Black,
                (b'X', true) | (b'O', false) => Color::White,
                _ => continue,
            };
            let p = Point::new((cx + dx) as u8, (cy + dy) as u8).unwrap();
            stones.push((p, color));
        }
        let board = Board::with_stones(7, 7, &stones).unwrap();
        let centre = board.index(Point::new(cx as u8, cy as u8).unwrap());
        (board, centre)
    }

    #[test]
    fn every_pattern_matches_in_every_orientation_for_both_colours() {
        for pattern in PATTERNS {
            for t in 0..8 {
                let (b, i) = board_with(pattern, t, false);
                assert!(b.matches_pattern(i, BLACK), "{pattern} {t} black\n{b}");
                let (b, i) = board_with(pattern, t, true);
                assert!(b.matches_pattern(i, WHITE), "{pattern} {t} white\n{b}");
            }
        }
    }

    #[test]
    fn patterns_need_their_stones() {
        let empty = Board::new(7, 7).unwrap();
        let centre = empty.index(Point::new(3, 3).unwrap());
        assert!(!empty.matches_pattern(centre, BLACK));
        // A hane for Black is no hane for White.
        let (b, i) = board_with(PATTERNS[0], 0, false);
        assert!(!b.matches_pattern(i, WHITE));
        // Cut 1 with the cut protected (an opponent stone across) is no cut.
        let (b, i) = board_with("XO?O.O???", 0, false);
        assert!(!b.matches_pattern(i, BLACK), "{b}");
        // A stone of the mover's alone next to the point matches nothing.
        let (b, i) = board_with("?X???????", 0, false);
        assert!(!b.matches_pattern(i, BLACK));
    }

    #[test]
    fn the_table_holds_what_the_patterns_allow() {
        let ones: u32 = TABLE.iter().map(|w| w.count_ones()).sum();
        assert!(ones > 100 && ones < 65536 / 4, "{ones} codes match");
    }

    #[test]
    fn liberties_after_a_move_count_merges_and_captures() {
        let b = Board::from_diagram(
            "
            . . . . .
            . O O . .
            O X X O .
            . O X . .
            . . O . .
            ",
        )
        .unwrap();
        let at = |s: &str| b.index(s.parse().unwrap());
        // Black's chain B3 C3 C2 is in atari at D2: D2 joins it and brings D1
        // and E2 (D3 is White's, with liberties).
        assert_eq!(b.liberties_after(at("D2"), BLACK, 3), (2, 4));
        // A1 for Black: A2 and B1 are empty, two liberties at once.
        assert_eq!(b.liberties_after(at("A1"), BLACK, 2).0, 2);
        // White D2 has E2 and D1, joins D3 (D4, E3) and captures the Black chain:
        // three at least.
        assert_eq!(b.liberties_after(at("D2"), WHITE, 3).0, 3);
        assert_eq!(b.liberties_after(at("D2"), WHITE, 2).0, 2);
        // Black A2 captures nothing (A3 White has A4) and has A1 only.
        assert_eq!(b.liberties_after(at("A2"), BLACK, 3), (1, 1));
    }
}
