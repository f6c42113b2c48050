//! A dead-stone estimate for a finished game, as Go programs' score estimators
//! make one: play the position out many times with the heavy playout policy (it
//! answers ataris and plays the usual shapes, so groups live and die more as in
//! play than with uniform moves) and see who ends up owning each point. It is an estimate, not a rule: a human
//! game is counted with the players' agreed list ([`Game::score_with_dead`]),
//! which this helps a program propose. Benson's pass-alive chains are never
//! called dead.

use alloc::vec;
use alloc::vec::Vec;

use rand_core::Rng;

use crate::board::{BLACK, WHITE};
use crate::game::Game;
use crate::heavy::HeavyPolicy;
use crate::player::Color;
use crate::point::Point;
use crate::rules::KoRule;
use crate::score::area_owners;
use crate::setup::Setup;

/// The share of playouts, either way of an even split, within which a chain's
/// status is reported as uncertain.
const DOUBT: f32 = 0.3;

/// What [`Game::estimate_dead`] finds.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DeadEstimate {
    /// The stones of the chains judged dead (their colour owned their points in
    /// fewer than half of the playouts, and Benson's algorithm does not find them
    /// pass-alive), in board order.
    pub dead: Vec<Point>,
    /// The stones of the chains whose colour owned their points in between 20 %
    /// and 80 % of the playouts: the estimate's doubtful calls, dead or alive, in
    /// board order.
    pub uncertain: Vec<Point>,
    /// Per point in board order (A1, B1, …): the share of playouts in which Black
    /// owned it minus the share in which White did, from −1 to 1.
    pub ownership: Vec<f32>,
    /// The playouts made.
    pub playouts: usize,
}

impl Game {
    /// Estimates the dead stones of the position by `playouts` heavy playouts
    /// ([`HeavyPolicy::default`]) from it (the side to move first; simple ko in
    /// the playouts, the game's suicide rule; each to the end). A chain is dead when its colour owns its
    /// points (by area counting at the playouts' ends) in fewer than half of
    /// them, unless it is pass-alive ([`Board::pass_alive`](crate::Board::pass_alive)).
    /// Chains owned by their colour in 20–80 % of the playouts are also listed
    /// as uncertain. Reproducible for a seed; no estimate (nothing dead) with
    /// `playouts = 0`. On the 251 finished real games of the project's test
    /// collection with a scored result, counting with this estimate (100
    /// playouts) gives the recorded winner in 90 % of them and the recorded
    /// margin too in 48 % (`docs/go_core.md` lists why the others differ).
    ///
    /// ```
    /// use go_core::{Color, Game, Rules, Setup};
    /// use rand_core::SeedableRng;
    /// // Black's wall has eyes along the bottom; White's stone inside cannot live.
    /// let setup = Setup::from_diagram("
    ///     X X X X X X X
    ///     X . . . . . X
    ///     X . . O . . X
    ///     X . . . . . X
    ///     X X X X X X X
    ///     X . X . X . X
    /// ", Color::Black)?;
    /// let game = Game::new(Rules::chinese(), setup)?;
    /// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(1);
    /// let estimate = game.estimate_dead(&mut rng, 100);
    /// assert_eq!(estimate.dead, ["D4".parse()?]);
    /// assert!(estimate.uncertain.is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn estimate_dead<R: Rng + ?Sized>(&self, rng: &mut R, playouts: usize) -> DeadEstimate {
        self.estimate_dead_while(rng, playouts, |_| true)
    }

    /// [`Game::estimate_dead`] with a say in how many playouts it makes: at most
    /// `most`, and each only while `more(made)` answers true (asked before every
    /// playout with the number made so far), for a caller with a clock.
    /// [`DeadEstimate::playouts`] says how many were made; with none, nothing is
    /// dead.
    ///
    /// ```
    /// use go_core::{Game, Rules, Setup};
    /// use rand_core::SeedableRng;
    /// let game = Game::new(Rules::chinese(), Setup::new(9, 9))?;
    /// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(1);
    /// let estimate = game.estimate_dead_while(&mut rng, 100, |made| made < 10);
    /// assert_eq!(estimate.playouts, 10);
    /// # Ok::<(), go_core::GameError>(())
    /// ```
    pub fn estimate_dead_while<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        most: usize,
        mut more: impl FnMut(usize) -> bool,
    ) -> DeadEstimate {
        let board = self.board();
        let points: Vec<Point> = board.points().collect();
        let mut estimate = DeadEstimate {
            ownership: vec![0.0; points.len()],
            ..DeadEstimate::default()
        };
        let setup = Setup {
            stones: board.stones().collect(),
            to_move: self.to_move(),
            ..Setup::new(board.width(), board.height())
        };
        let rules = self.rules().with_ko(KoRule::Simple);
        let Ok(start) = Game::new(rules, setup) else {
            return estimate;
        };
        let mut playouts = 0;
        // Black's and White's ownership counts per cell.
        let mut owned = vec![[0u32; 2]; board.cell_count()];
        let cap = 4 * points.len() + 100;
        let policy = HeavyPolicy::default();
        let mut game = start.clone();
        while playouts < most && more(playouts) {
            playouts += 1;
            game.clone_from(&start);
            game.heavy_play_out(rng, cap, &policy);
            for (i, owner) in area_owners(game.board()).into_iter().enumerate() {
                match owner {
                    BLACK => owned[i][0] += 1,
                    WHITE => owned[i][1] += 1,
                    _ => {}
                }
            }
        }
        estimate.playouts = playouts;
        if playouts == 0 {
            return estimate;
        }
        let n = playouts as f32;
        for (k, &p) in points.iter().enumerate() {
            let [b, w] = owned[board.index(p)];
            estimate.ownership[k] = (b as f32 - w as f32) / n;
        }
        // Each chain's share: its colour's ownership of its points, on average.
        let suicide = self.rules().suicide();
        let alive = [Color::Black, Color::White].map(|c| board.pass_alive(c, suicide).stones);
        let mut done = vec![false; board.cell_count()];
        for &p in &points {
            let i = board.index(p);
            let Some(color) = board.get(p) else { continue };
            if done[i] {
                continue;
            }
            let chain: Vec<Point> = board.chain(p).collect();
            let mut own = 0.0f32;
            for &s in &chain {
                let c = board.index(s);
                done[c] = true;
                own += owned[c][color.index()] as f32;
            }
            let share = own / (n * chain.len() as f32);
            let pass_alive = alive[color.index()].contains(&p);
            if share < 0.5 && !pass_alive {
                estimate.dead.extend(&chain);
            }
            if (share - 0.5).abs() < DOUBT && !pass_alive {
                estimate.uncertain.extend(&chain);
            }
        }
        let order = |p: &Point| (p.row(), p.col());
        estimate.dead.sort_by_key(order);
        estimate.uncertain.sort_by_key(order);
        estimate
    }
}
