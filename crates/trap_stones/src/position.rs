//! The public state of a game (rulings T4–T9, T11): stones, scarecrows, whose turn,
//! the pending stake and the outcome — everything but the traps. Shared by the
//! referee game, the views and each side's own game in the no-referee protocol.

use crate::board::{Bits, Cell, Geometry};
use crate::draws::Home;
use crate::error::IllegalMove;
use crate::movelist::{MoveList, ScarecrowCells, connected_and_distinct};
use crate::moves::Move;
use crate::player::{Player, Side};
use crate::report::{Event, StoneKind};
use crate::rules::{Rules, Stake};
use crate::score::{End, Outcome, StakeResult};
use crate::setup::Setup;
use crate::turn::Awaiting;

/// The public board and the turn: everything but the traps.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Position {
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
    /// A decided game waiting for the winner's stake decision: (winner, decider, end).
    pub(crate) pending: Option<(Side, Side, End)>,
    pub(crate) outcome: Option<Outcome>,
}

impl Position {
    /// The start of a game under `rules` with `setup` (both valid).
    pub(crate) fn new(rules: Rules, setup: &Setup) -> Position {
        let geo = Geometry::new(rules.width(), rules.height());
        let homes = setup.draws.homes(rules.corner_homes());
        Position {
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
            to_move: setup.draws.first,
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

    /// Whether `side` may put an ordinary stone on bit `i` (a board cell without
    /// its color), as `stone_cells(side).get(i)` but testing the cell's 8
    /// neighbours instead of growing the whole set.
    #[inline]
    fn stone_allowed(&self, side: Side, i: usize) -> bool {
        let s = side.index();
        if self.opened[s] {
            let anchors = &self.anchors[s];
            self.geo.shape().neighbours(i).any(|n| anchors.get(n))
        } else {
            self.home_bits[s].get(i)
        }
    }

    #[inline]
    pub(crate) fn legal(&self) -> MoveList {
        let shape = self.geo.shape();
        if self.outcome.is_some() {
            return MoveList::empty(shape);
        }
        let side = self.to_move;
        let s = side.index();
        let stones = self.stone_cells(side);
        if self.pending.is_some() {
            return MoveList {
                shape,
                stones,
                free: Bits::EMPTY,
                scarecrows: ScarecrowCells::None,
                va_bank: false,
                stake: true,
                decline: self.rules.stake() == Stake::Optional,
            };
        }
        let opened = self.opened[s];
        let free = if opened {
            self.geo.valid.and_not(&self.stones[s], self.geo.words)
        } else {
            Bits::EMPTY
        };
        let scarecrows = if !opened || self.scarecrows_left[s] == 0 {
            ScarecrowCells::None
        } else if self.rules.scarecrow_adjacent() {
            ScarecrowCells::Stones
        } else {
            ScarecrowCells::Free
        };
        MoveList {
            shape,
            stones,
            free,
            scarecrows,
            va_bank: opened,
            stake: false,
            decline: false,
        }
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
                if self.stone_allowed(side, i) {
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
                if self.rules.scarecrow_adjacent() && !self.stone_allowed(side, i) {
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
                if connected_and_distinct(&group) {
                    Ok(())
                } else {
                    Err(IllegalMove::VaBankShape)
                }
            }
        }
    }

    /// Puts a stone of `side` on bit `i`.
    fn place(&mut self, side: Side, i: usize, scarecrow: bool) {
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
    /// Each step goes to `observer`.
    #[inline]
    pub(crate) fn apply(&mut self, mv: Move, hit: Option<Cell>, observer: &mut impl FnMut(Event)) {
        let side = self.to_move;
        let player = self.player();
        let kind = Event::kind_of(&mv);
        // The trap owner: the mover's opponent, or in the stake decision the loser.
        let owner = match self.pending {
            Some((winner, _, _)) => winner.other(),
            None => side.other(),
        };
        for &cell in mv.cells() {
            self.place(side, self.geo.index(cell), kind == StoneKind::Scarecrow);
            observer(Event::Placed { player, cell, kind });
        }
        if let Some(cell) = hit {
            observer(Event::TrapHit { cell, owner });
        }
        let decided = match mv {
            Move::Stone(_) | Move::Scarecrow(_) => {
                self.turns += 1;
                let scarecrow = matches!(mv, Move::Scarecrow(_));
                hit.map(|cell| (side.other(), side, End::Trap { cell, scarecrow }))
            }
            Move::VaBank(_) => {
                self.turns += 1;
                let winner = if hit.is_some() { side } else { side.other() };
                Some((winner, side, End::VaBank { hit }))
            }
            Move::Stake(cell) => {
                let stake = match hit {
                    Some(c) => StakeResult::Won(c),
                    None => StakeResult::Missed(cell),
                };
                self.finish_pending(stake, observer);
                return;
            }
            Move::Decline => {
                if let Some((winner, _, _)) = self.pending {
                    observer(Event::StakeDeclined { winner });
                }
                self.finish_pending(StakeResult::Declined, observer);
                return;
            }
        };
        self.side_turns[side.index()] += 1;
        match decided {
            None => self.to_move = side.other(),
            Some((winner, decider, end)) => {
                let stake_offered =
                    self.rules.stake() != Stake::Off && !matches!(end, End::VaBank { .. });
                if stake_offered {
                    self.pending = Some((winner, decider, end));
                    self.to_move = winner;
                    if self.rules.stake() == Stake::Compulsory
                        && self.stone_cells(winner).is_empty(self.geo.words)
                    {
                        self.finish_pending(StakeResult::NoMove, observer);
                    } else {
                        observer(Event::StakeOffered { winner });
                    }
                } else {
                    let outcome = Outcome::new(
                        &self.rules,
                        Some(winner),
                        decider,
                        end,
                        self.turns,
                        StakeResult::NotOffered,
                    );
                    self.outcome = Some(outcome);
                    observer(Event::Over(outcome));
                }
            }
        }
    }

    fn finish_pending(&mut self, stake: StakeResult, observer: &mut impl FnMut(Event)) {
        if let Some((winner, decider, end)) = self.pending.take() {
            let winner = match stake {
                StakeResult::Missed(_) | StakeResult::NoMove => None,
                _ => Some(winner),
            };
            let outcome = Outcome::new(&self.rules, winner, decider, end, self.turns, stake);
            self.outcome = Some(outcome);
            observer(Event::Over(outcome));
        }
    }

    /// The seat to move (T11): the members of a side take its turns in rotation.
    pub(crate) fn player(&self) -> Player {
        let s = self.to_move.index();
        Player {
            side: self.to_move,
            // Team sizes are validated to be at least 1; `max` keeps the division total.
            member: (self.side_turns[s] % u32::from(self.members[s].max(1))) as u8,
        }
    }

    /// What the game waits for.
    pub(crate) fn awaiting(&self) -> Awaiting {
        if self.outcome.is_some() {
            Awaiting::Over
        } else if self.pending.is_some() {
            Awaiting::Stake(self.player())
        } else {
            Awaiting::Move(self.player())
        }
    }
}
