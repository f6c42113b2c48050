//! The setup (rulings T2, T3, T11): the draws, both sides' traps and the team
//! sizes: everything decided before the first move.

use rand_core::Rng;

use crate::board::{Cell, Geometry};
use crate::chance::below;
use crate::draws::Draws;
use crate::error::SetupError;
use crate::player::MAX_MEMBERS;
use crate::rules::Rules;
use crate::traps::{MAX_TRAPS, Traps, check_cells, check_traps};

/// Everything decided before the first move: the three draws (T2), both sides'
/// traps (the referee knows both, T10) and the team sizes (T11). Plain data,
/// checked by [`Setup::validate`] and [`Game::new`](crate::Game::new).
///
/// Serialised as `{"draws": {"first": "one", "axis": "dark", "side": "light"},
/// "traps": [["c7"], ["e3"]], "members": [1, 1]}`; `members` may be left out (one
/// member per side).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Setup {
    /// The three draws.
    pub draws: Draws,
    /// The traps, side 1's first.
    pub traps: [Traps; 2],
    /// Members of each side's team (1 to [`MAX_MEMBERS`]; 1 for a single player).
    #[cfg_attr(feature = "serde", serde(default = "one_each"))]
    pub members: [u8; 2],
}

#[cfg(feature = "serde")]
fn one_each() -> [u8; 2] {
    [1, 1]
}

impl Setup {
    /// A setup with one member per side.
    pub const fn new(draws: Draws, traps: [Traps; 2]) -> Setup {
        Setup {
            draws,
            traps,
            members: [1, 1],
        }
    }

    /// Random draws ([`Draws::random`]) and traps valid under `rules` (T3), one
    /// member per side. Each side's traps are cells drawn uniformly with
    /// [`below`](crate::below) (side 1's first), redrawn until they are valid.
    /// (Rules out of range are brought into it first: such a setup is then
    /// refused with the rules by [`Game::new`](crate::Game::new).)
    pub fn random<R: Rng + ?Sized>(rules: &Rules, rng: &mut R) -> Setup {
        let draws = Draws::random(rng);
        let g = Geometry::new(rules.width(), rules.height());
        let k = rules.traps().clamp(1, MAX_TRAPS);
        let rules = &rules.with_size(g.width, g.height).with_traps(k as u8);
        let homes = draws.homes(rules.corner_homes());
        let mut lay = |opponent| loop {
            let mut chosen = [Cell::A1; MAX_TRAPS];
            let mut n = 0;
            while n < k {
                let i = below(rng, u32::from(g.width) * u32::from(g.height));
                let (col, row) = (
                    (i % u32::from(g.width)) as u8,
                    (i / u32::from(g.width)) as u8,
                );
                let cell = g.cell(g.index_of(col, row));
                if !chosen[..n].contains(&cell) {
                    chosen[n] = cell;
                    n += 1;
                }
            }
            if let Ok(t) = Traps::new(&chosen[..k])
                && check_traps(rules, &g, &t, opponent).is_ok()
            {
                break t;
            }
        };
        let one = lay(homes[1]);
        let two = lay(homes[0]);
        Setup::new(draws, [one, two])
    }

    /// Checks traps chosen one at a time, before the whole set is known: whether
    /// `cells` may be the first traps of `side` under `rules` once the draws are
    /// `draws` — on the board, distinct, no more than the rules' count, and not
    /// covering every cell the opponent may open on (T3). A choice that passes can
    /// always be completed to a valid set, so a side choosing its traps in secret one
    /// by one (as the `tabletop` interface has it) never reaches a dead end.
    ///
    /// ```
    /// use trap_stones::{Cell, Color, Draws, Rules, Setup, Side};
    /// let rules = Rules::default().with_corner_homes(true);
    /// let draws = Draws { first: Side::One, axis: Color::Dark, side: Color::Dark };
    /// // The corner variant: side 1 starts in the north-west corner, side 2 in the
    /// // south-east corner, so side 1 may not lay a trap on i1.
    /// let c = |s: &str| s.parse::<Cell>().unwrap();
    /// assert!(Setup::check_traps_so_far(&rules, &draws, Side::One, &[c("e5")]).is_ok());
    /// assert!(Setup::check_traps_so_far(&rules, &draws, Side::One, &[c("i1")]).is_err());
    /// ```
    ///
    /// # Errors
    /// [`SetupError::TrapCount`] for more cells than the rules' count,
    /// [`SetupError::OffBoard`], [`SetupError::Duplicate`], [`SetupError::ForcedWin`].
    pub fn check_traps_so_far(
        rules: &Rules,
        draws: &Draws,
        side: crate::player::Side,
        cells: &[Cell],
    ) -> Result<(), SetupError> {
        if cells.len() > rules.traps() {
            return Err(SetupError::TrapCount {
                expected: rules.traps(),
                found: cells.len(),
            });
        }
        let g = Geometry::new(rules.width(), rules.height());
        let homes = draws.homes(rules.corner_homes());
        check_cells(&g, cells, homes[side.other().index()])
    }

    /// Checks the setup against the rules (T3; team sizes).
    ///
    /// # Errors
    /// [`SetupError::TrapCount`] unless each side has the rules' number of traps;
    /// [`SetupError::OffBoard`]; [`SetupError::Duplicate`];
    /// [`SetupError::ForcedWin`] for traps covering every cell the opponent may open
    /// on (their corner, or their whole home edge); [`SetupError::Members`] outside
    /// 1 to [`MAX_MEMBERS`].
    pub fn validate(&self, rules: &Rules) -> Result<(), SetupError> {
        let g = Geometry::new(rules.width(), rules.height());
        let homes = self.draws.homes(rules.corner_homes());
        for side in 0..2 {
            check_traps(rules, &g, &self.traps[side], homes[1 - side])?;
            if !(1..=MAX_MEMBERS).contains(&self.members[side]) {
                return Err(SetupError::Members(self.members[side]));
            }
        }
        Ok(())
    }
}
