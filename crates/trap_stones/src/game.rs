//! The referee game (rulings T4–T9, T11): it knows both sides' traps, checks and
//! plays moves, decides the result and the score.

use alloc::vec::Vec;
use core::fmt;

use rand_core::Rng;

use crate::board::{Bits, Cell, Geometry};
use crate::error::{GameError, IllegalMove};
use crate::moves::{Group, LegalMoves, Move};
use crate::rules::{Rules, Stake};
use crate::score::{Ending, Outcome, StakeResult};
use crate::setup::{Colour, Home, Setup, Side};

/// A uniform integer in `0..n` (`n > 0`), exact (Lemire's multiply-and-reject).
pub(crate) fn below<R: Rng + ?Sized>(rng: &mut R, n: u32) -> u32 {
    let n = n.max(1);
    let mut m = u64::from(rng.next_u32()) * u64::from(n);
    if (m as u32) < n {
        let threshold = n.wrapping_neg() % n;
        while (m as u32) < threshold {
            m = u64::from(rng.next_u32()) * u64::from(n);
        }
    }
    (m >> 32) as u32
}

/// The public board and the turn: everything but the traps. Shared by the referee
/// game, the views and each side's own game in the no-referee protocol.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Table {
    pub(crate) rules: Rules,
    pub(crate) geo: Geometry,
    pub(crate) homes: [Home; 2],
    pub(crate) home_bits: [Bits; 2],
    pub(crate) stones: [Bits; 2],
    pub(crate) scarecrow_bits: [Bits; 2],
    /// Stones that let later stones be placed next to them (scarecrows unless the
    /// option says otherwise).
    pub(crate) anchors: [Bits; 2],
    pub(crate) scarecrows_left: [u8; 2],
    pub(crate) opened: [bool; 2],
    pub(crate) members: [u8; 2],
    pub(crate) to_move: Side,
    pub(crate) turns: u32,
    pub(crate) side_turns: [u32; 2],
    /// A decided game waiting for the winner's stake decision: (winner, decider, ending).
    pub(crate) pending: Option<(Side, Side, Ending)>,
    pub(crate) outcome: Option<Outcome>,
}

impl Table {
    pub(crate) fn new(rules: Rules, setup: &Setup) -> Table {
        let geo = Geometry::new(rules.width(), rules.height());
        let homes = setup.draws.homes(rules.corners());
        Table {
            rules,
            geo,
            homes,
            home_bits: [homes[0].bits(&geo), homes[1].bits(&geo)],
            stones: [Bits::EMPTY; 2],
            scarecrow_bits: [Bits::EMPTY; 2],
            anchors: [Bits::EMPTY; 2],
            scarecrows_left: [rules.scarecrows(); 2],
            opened: [false; 2],
            members: setup.members,
            to_move: Side::One,
            turns: 0,
            side_turns: [0; 2],
            pending: None,
            outcome: None,
        }
    }

    /// Cells where `side` may put an ordinary stone now (T4).
    #[inline]
    pub(crate) fn stone_cells(&self, side: Side) -> Bits {
        let s = side.index();
        let w = self.geo.words;
        if self.opened[s] {
            self.geo.grow(&self.anchors[s]).and_not(&self.stones[s], w)
        } else {
            self.home_bits[s].and_not(&self.stones[s], w)
        }
    }

    #[inline]
    pub(crate) fn legal(&self) -> LegalMoves {
        let mut l = LegalMoves {
            shape: self.geo.shape(),
            stones: Bits::EMPTY,
            scarecrows: Bits::EMPTY,
            va_bank: false,
            stake: false,
            decline: false,
        };
        if self.outcome.is_some() {
            return l;
        }
        let side = self.to_move;
        let s = side.index();
        l.stones = self.stone_cells(side);
        if self.pending.is_some() {
            l.stake = true;
            l.decline = self.rules.stake() == Stake::Optional;
            return l;
        }
        if self.opened[s] {
            l.va_bank = true;
            if self.scarecrows_left[s] > 0 {
                l.scarecrows = if self.rules.scarecrow_adjacent() {
                    l.stones
                } else {
                    self.geo.valid.and_not(&self.stones[s], self.geo.words)
                };
            }
        }
        l
    }

    fn cell_free(&self, side: Side, cell: Cell) -> Result<usize, IllegalMove> {
        if !self.geo.contains(cell) {
            return Err(IllegalMove::OffBoard(cell));
        }
        let i = self.geo.index(cell);
        if self.stones[side.index()].get(i) {
            return Err(IllegalMove::Occupied(cell));
        }
        Ok(i)
    }

    /// Checks `mv` for the side to move.
    pub(crate) fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        if self.outcome.is_some() {
            return Err(IllegalMove::GameOver);
        }
        let side = self.to_move;
        let s = side.index();
        let stake = self.pending.is_some();
        match mv {
            Move::Stake(_) | Move::Decline if !stake => Err(IllegalMove::NoStake),
            Move::Stone(_) | Move::Scarecrow(_) | Move::VaBank(_) if stake => {
                Err(IllegalMove::StakeExpected)
            }
            Move::Decline => {
                if self.rules.stake() == Stake::Compulsory {
                    Err(IllegalMove::StakeCompulsory)
                } else {
                    Ok(())
                }
            }
            Move::Stone(cell) | Move::Stake(cell) => {
                let i = self.cell_free(side, cell)?;
                if self.stone_cells(side).get(i) {
                    Ok(())
                } else if self.opened[s] {
                    Err(IllegalMove::NotAdjacent(cell))
                } else {
                    Err(IllegalMove::NotHome(cell))
                }
            }
            Move::Scarecrow(cell) => {
                if !self.opened[s] {
                    return Err(IllegalMove::FirstMoveOrdinary);
                }
                if self.scarecrows_left[s] == 0 {
                    return Err(IllegalMove::NoScarecrows);
                }
                let i = self.cell_free(side, cell)?;
                if self.rules.scarecrow_adjacent() && !self.stone_cells(side).get(i) {
                    return Err(IllegalMove::NotAdjacent(cell));
                }
                Ok(())
            }
            Move::VaBank(group) => {
                if !self.opened[s] {
                    return Err(IllegalMove::FirstMoveOrdinary);
                }
                for &c in group.cells() {
                    self.cell_free(side, c)?;
                }
                if connected_and_distinct(&self.geo, &group) {
                    Ok(())
                } else {
                    Err(IllegalMove::VaBankShape)
                }
            }
        }
    }

    /// Puts a stone of `side` on bit `i`.
    pub(crate) fn place(&mut self, side: Side, i: usize, scarecrow: bool) {
        let s = side.index();
        self.stones[s].set(i);
        if scarecrow {
            self.scarecrow_bits[s].set(i);
            self.scarecrows_left[s] = self.scarecrows_left[s].saturating_sub(1);
        }
        if !scarecrow || self.rules.scarecrows_anchor() {
            self.anchors[s].set(i);
        }
        self.opened[s] = true;
    }

    /// Plays a checked move; `hit` says which of its cells is on an opponent trap
    /// (from the referee's knowledge, or from the trap owner's announcement).
    pub(crate) fn apply(&mut self, mv: Move, hit: Option<Cell>) {
        let side = self.to_move;
        let decided = match mv {
            Move::Stone(cell) | Move::Scarecrow(cell) => {
                let scarecrow = matches!(mv, Move::Scarecrow(_));
                let i = self.geo.index(cell);
                self.place(side, i, scarecrow);
                self.turns += 1;
                hit.map(|cell| (side.other(), side, Ending::Trap { cell, scarecrow }))
            }
            Move::VaBank(group) => {
                for &c in group.cells() {
                    let i = self.geo.index(c);
                    self.place(side, i, false);
                }
                self.turns += 1;
                let winner = if hit.is_some() { side } else { side.other() };
                Some((winner, side, Ending::VaBank { hit }))
            }
            Move::Stake(cell) => {
                let i = self.geo.index(cell);
                self.place(side, i, false);
                let stake = match hit {
                    Some(c) => StakeResult::Won(c),
                    None => StakeResult::Missed(cell),
                };
                self.finish_pending(stake);
                return;
            }
            Move::Decline => {
                self.finish_pending(StakeResult::Declined);
                return;
            }
        };
        match decided {
            None => {
                self.side_turns[side.index()] += 1;
                self.to_move = side.other();
            }
            Some((winner, decider, ending)) => {
                self.side_turns[side.index()] += 1;
                let stake_offered =
                    self.rules.stake() != Stake::Off && !matches!(ending, Ending::VaBank { .. });
                if stake_offered {
                    self.pending = Some((winner, decider, ending));
                    self.to_move = winner;
                    if self.rules.stake() == Stake::Compulsory
                        && self.stone_cells(winner).is_empty(self.geo.words)
                    {
                        self.finish_pending(StakeResult::NoMove);
                    }
                } else {
                    self.outcome = Some(Outcome::new(
                        &self.rules,
                        Some(winner),
                        decider,
                        ending,
                        self.turns,
                        StakeResult::NotOffered,
                    ));
                }
            }
        }
    }

    fn finish_pending(&mut self, stake: StakeResult) {
        if let Some((winner, decider, ending)) = self.pending.take() {
            let winner = match stake {
                StakeResult::Missed(_) | StakeResult::NoMove => None,
                _ => Some(winner),
            };
            self.outcome = Some(Outcome::new(
                &self.rules,
                winner,
                decider,
                ending,
                self.turns,
                stake,
            ));
        }
    }

    /// The team member to move (T11): members take their side's turns in rotation.
    pub(crate) fn member(&self) -> u8 {
        let s = self.to_move.index();
        (self.side_turns[s] % u32::from(self.members[s].max(1))) as u8
    }

    /// Writes the board: North at the top, `x` dark, `o` light, capitals for
    /// scarecrows, `*` both colours, `^` a trap in `traps` on a cell with no stone.
    pub(crate) fn draw(&self, f: &mut fmt::Formatter<'_>, traps: &Bits) -> fmt::Result {
        let (w, h) = (self.geo.width, self.geo.height);
        let dark = self
            .homes
            .iter()
            .position(|h| h.colour() == Colour::Dark)
            .unwrap_or(0);
        let light = 1 - dark;
        write!(f, "   ")?;
        for c in 0..w {
            write!(f, " {}", (b'a' + c) as char)?;
        }
        writeln!(f)?;
        for r in (0..h).rev() {
            write!(f, "{:>3}", r + 1)?;
            for c in 0..w {
                let i = self.geo.index(Cell::new(c, r).unwrap_or(Cell::A1));
                let (d, l) = (self.stones[dark].get(i), self.stones[light].get(i));
                let ch = match (d, l) {
                    (true, true) => '*',
                    (true, false) if self.scarecrow_bits[dark].get(i) => 'X',
                    (true, false) => 'x',
                    (false, true) if self.scarecrow_bits[light].get(i) => 'O',
                    (false, true) => 'o',
                    (false, false) if traps.get(i) => '^',
                    (false, false) => '.',
                };
                write!(f, " {ch}")?;
            }
            writeln!(f, " {}", r + 1)?;
        }
        write!(f, "   ")?;
        for c in 0..w {
            write!(f, " {}", (b'a' + c) as char)?;
        }
        writeln!(f)
    }
}

/// Whether a va-bank group's cells are distinct and 8-connected (T6).
fn connected_and_distinct(g: &Geometry, group: &Group) -> bool {
    let cells = group.cells();
    for (k, c) in cells.iter().enumerate() {
        if cells[..k].contains(c) {
            return false;
        }
    }
    let mut reached = 1u8;
    let mut changed = true;
    while changed {
        changed = false;
        for (k, c) in cells.iter().enumerate() {
            if reached >> k & 1 == 1 {
                continue;
            }
            let touches = cells
                .iter()
                .enumerate()
                .any(|(j, d)| reached >> j & 1 == 1 && g.neighbours(*c).any(|n| n == *d));
            if touches {
                reached |= 1 << k;
                changed = true;
            }
        }
    }
    reached.count_ones() as usize == cells.len()
}

/// What a move did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Report {
    /// Who moved.
    pub side: Side,
    /// Which member of the side's team (0 for a single player, T11).
    pub member: u8,
    /// The move.
    pub mv: Move,
    /// The opponent trap hit, if any.
    pub hit: Option<Cell>,
    /// Whether the winner is now to decide on double the stake (T9).
    pub stake_offered: bool,
    /// The outcome, if the game is over.
    pub outcome: Option<Outcome>,
}

/// The referee game: it knows both sides' traps (ruling T10).
///
/// ```
/// use trap_stones::{Cell, Colour, Draws, Game, Move, Rules, Setup, Side, Traps};
/// let c = |s: &str| s.parse::<Cell>().unwrap();
/// // Draws: dark axis stone (North-South), light side stone (Player 1 South).
/// let draws = Draws { axis: Colour::Dark, side: Colour::Light };
/// let setup = Setup::new(draws, [Traps::new(&[c("e6")])?, Traps::new(&[c("e4")])?]);
/// let mut game = Game::new(Rules::default(), setup)?;
/// game.play("e1".parse()?)?;              // Player 1 opens on the South edge
/// game.play("e9".parse()?)?;              // Player 2 on the North edge
/// assert!(game.check("e3".parse()?).is_err()); // not next to e1
/// game.play("e2".parse()?)?;
/// game.play("e8".parse()?)?;
/// let r = game.play("e3".parse()?)?;
/// assert!(r.outcome.is_none());
/// game.play("e7".parse()?)?;
/// let r = game.play("e4".parse()?)?;      // Player 1 steps on Player 2's trap
/// let outcome = r.outcome.unwrap();
/// assert_eq!(outcome.winner, Some(Side::Two));
/// assert_eq!(outcome.score, [0, 100 - 7]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    pub(crate) table: Table,
    setup: Setup,
    traps: [Bits; 2],
    record: Vec<Move>,
}

impl Game {
    /// A game under `rules` with `setup`.
    ///
    /// # Errors
    /// [`GameError::Rules`] or [`GameError::Setup`].
    pub fn new(rules: Rules, setup: Setup) -> Result<Game, GameError> {
        rules.validate()?;
        setup.validate(&rules)?;
        let table = Table::new(rules, &setup);
        let traps = [
            setup.traps[0].bits(&table.geo),
            setup.traps[1].bits(&table.geo),
        ];
        Ok(Game {
            table,
            setup,
            traps,
            record: Vec::new(),
        })
    }

    /// A game with a random setup (draws and traps).
    ///
    /// # Errors
    /// [`GameError::Rules`] for invalid rules.
    pub fn random<R: Rng + ?Sized>(rules: Rules, rng: &mut R) -> Result<Game, GameError> {
        rules.validate()?;
        Game::new(rules, Setup::random(&rules, rng))
    }

    /// Replays `moves` from the start.
    ///
    /// # Errors
    /// As [`Game::new`], and [`GameError::Replay`] for the first illegal move.
    pub fn replay(rules: Rules, setup: Setup, moves: &[Move]) -> Result<Game, GameError> {
        let mut g = Game::new(rules, setup)?;
        for (k, &mv) in moves.iter().enumerate() {
            g.play(mv).map_err(|error| GameError::Replay {
                number: k + 1,
                error,
            })?;
        }
        Ok(g)
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.table.rules
    }

    /// The setup (with both sides' traps: the referee's knowledge).
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// Where each side opens, Player 1's first.
    pub fn homes(&self) -> [Home; 2] {
        self.table.homes
    }

    /// The colour each side plays (T2).
    pub fn colour(&self, side: Side) -> Colour {
        self.table.homes[side.index()].colour()
    }

    /// Whose turn it is (the winner's, during the stake decision).
    pub fn to_move(&self) -> Side {
        self.table.to_move
    }

    /// Which member of the side's team moves now (T11).
    pub fn member_to_move(&self) -> u8 {
        self.table.member()
    }

    /// Turns played by both sides.
    pub fn turns(&self) -> u32 {
        self.table.turns
    }

    /// The moves played.
    pub fn moves(&self) -> &[Move] {
        &self.record
    }

    /// Whether `side` has a stone on `cell`.
    pub fn has_stone(&self, side: Side, cell: Cell) -> bool {
        self.table.geo.contains(cell)
            && self.table.stones[side.index()].get(self.table.geo.index(cell))
    }

    /// Whether `side`'s stone on `cell` is a scarecrow.
    pub fn is_scarecrow(&self, side: Side, cell: Cell) -> bool {
        self.table.geo.contains(cell)
            && self.table.scarecrow_bits[side.index()].get(self.table.geo.index(cell))
    }

    /// Scarecrows `side` has left.
    pub fn scarecrows_left(&self, side: Side) -> u8 {
        self.table.scarecrows_left[side.index()]
    }

    /// How the game ended, once it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.table.outcome
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.table.outcome.is_some()
    }

    /// Whether the winner is deciding on double the stake (T9).
    pub fn stake_pending(&self) -> bool {
        self.table.pending.is_some()
    }

    /// The legal moves (no allocation): cells for stones and scarecrows, whether
    /// va-bank is open.
    #[inline]
    pub fn legal_moves(&self) -> LegalMoves {
        self.table.legal()
    }

    /// Checks `mv` without playing it.
    ///
    /// # Errors
    /// The [`IllegalMove`] that says why it cannot be played.
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        self.table.check(mv)
    }

    /// Plays `mv` (the side to move's): a stone on an opponent trap loses (T7), a
    /// va-bank wins or loses at once (T6), the stake move doubles or draws (T9).
    ///
    /// # Errors
    /// As [`Game::check`]; nothing changes then.
    pub fn play(&mut self, mv: Move) -> Result<Report, IllegalMove> {
        self.table.check(mv)?;
        let side = self.table.to_move;
        let member = self.table.member();
        let loser_traps = match self.table.pending {
            Some((winner, _, _)) => self.traps[winner.other().index()],
            None => self.traps[side.other().index()],
        };
        let hit = match mv {
            Move::Stone(c) | Move::Scarecrow(c) | Move::Stake(c) => {
                loser_traps.get(self.table.geo.index(c)).then_some(c)
            }
            Move::VaBank(g) => g
                .cells()
                .iter()
                .copied()
                .find(|&c| loser_traps.get(self.table.geo.index(c))),
            Move::Decline => None,
        };
        self.table.apply(mv, hit);
        self.record.push(mv);
        Ok(Report {
            side,
            member,
            mv,
            hit,
            stake_offered: self.table.pending.is_some(),
            outcome: self.table.outcome,
        })
    }

    /// The number of va-bank groups the side to move could declare now: connected
    /// groups of 1 to 4 cells with no stone of its colour (0 when va-bank is not
    /// open). Counted exactly (Redelmeier's enumeration), not listed.
    pub fn va_bank_count(&self) -> u64 {
        if !self.table.legal().va_bank {
            return 0;
        }
        let t = &self.table;
        let allowed = t
            .geo
            .valid
            .and_not(&t.stones[t.to_move.index()], t.geo.words);
        crate::vabank::count_groups(&t.geo, &allowed, 4)
    }

    /// A uniformly random listed move (stone, scarecrow, stake or decline), or a
    /// random one-stone va-bank when nothing else is possible; `None` once the game
    /// is over.
    pub fn random_move<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Move> {
        let legal = self.table.legal();
        let n = legal.len();
        if n == 0 {
            if !legal.va_bank {
                return None;
            }
            let t = &self.table;
            let free = t
                .geo
                .valid
                .and_not(&t.stones[t.to_move.index()], t.geo.words);
            let k = below(rng, free.count(t.geo.words).max(1)) as usize;
            let i = free.iter(t.geo.words).nth(k)?;
            return Group::new(&[t.geo.cell(i)]).ok().map(Move::VaBank);
        }
        let k = below(rng, n as u32) as usize;
        legal.iter().nth(k)
    }

    /// The view of `side` (ruling T10): the public board and its own traps only.
    pub fn view(&self, side: Side) -> crate::View {
        crate::View::new(&self.table, side, self.setup.traps[side.index()])
    }

    /// Draws the board with both sides' traps (the referee's picture).
    pub fn referee_picture(&self) -> impl fmt::Display + '_ {
        struct All<'a>(&'a Game);
        impl fmt::Display for All<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                let g = self.0;
                g.table
                    .draw(f, &g.traps[0].or(&g.traps[1], g.table.geo.words))
            }
        }
        All(self)
    }
}

impl fmt::Display for Game {
    /// The public board (no traps): North at the top, `x` dark, `o` light,
    /// capitals for scarecrows, `*` a cell with both colours.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.table.draw(f, &Bits::EMPTY)
    }
}

/// The serialised game: rules, setup and moves, replayed on the way in.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct GameData {
    rules: Rules,
    setup: Setup,
    moves: Vec<Move>,
}

#[cfg(feature = "serde")]
impl serde::Serialize for Game {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        GameData {
            rules: self.table.rules,
            setup: self.setup,
            moves: self.record.clone(),
        }
        .serialize(s)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Game {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Game, D::Error> {
        let data = GameData::deserialize(d)?;
        Game::replay(data.rules, data.setup, &data.moves).map_err(serde::de::Error::custom)
    }
}
