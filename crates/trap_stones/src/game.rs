//! The referee game (rulings T4–T11): it knows both sides' traps, checks and plays
//! moves, decides the result and the score.

use alloc::vec::Vec;
use core::fmt;

use rand_core::Rng;

use crate::board::{Bits, Cell};
use crate::draws::{Color, Home};
use crate::error::{GameError, IllegalMove};
use crate::movelist::MoveList;
use crate::moves::Move;
use crate::picture::Picture;
use crate::player::{Player, Side};
use crate::position::Position;
use crate::record::Record;
use crate::report::{Event, Report};
use crate::rules::Rules;
use crate::score::{Outcome, Score};
use crate::setup::Setup;
use crate::turn::Awaiting;
use crate::view::View;

/// The referee game: it knows both sides' traps (ruling T10).
///
/// ```
/// use trap_stones::{Cell, Color, Draws, Game, Rules, Setup, Side, Traps};
/// fn main() -> Result<(), Box<dyn std::error::Error>> {
///     let c = |s: &str| s.parse::<Cell>();
///     // Side 1 moves first; dark axis stone (North–South), light side stone
///     // (the first player opens from the South).
///     let draws = Draws { first: Side::One, axis: Color::Dark, side: Color::Light };
///     let setup = Setup::new(draws, [Traps::new(&[c("e6")?])?, Traps::new(&[c("e4")?])?]);
///     let mut game = Game::new(Rules::default(), setup)?;
///     game.play("e1".parse()?)?; // side 1 opens on the South edge
///     game.play("e9".parse()?)?; // side 2 on the North edge
///     assert!(game.check("e3".parse()?).is_err()); // not next to e1
///     for mv in ["e2", "e8", "e3", "e7"] {
///         game.play(mv.parse()?)?;
///     }
///     let report = game.play("e4".parse()?)?; // side 1 steps on side 2's trap
///     let outcome = report.outcome.ok_or("the game is over")?;
///     assert_eq!(outcome.winner(), Some(Side::Two));
///     println!("{outcome}"); // side 2 wins 93 points (a stone on the trap at e4; no stake)
///     Ok(())
/// }
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Game {
    pub(crate) position: Position,
    setup: Setup,
    traps: [Bits; 2],
    moves: Vec<Move>,
}

impl Game {
    /// A game under `rules` with `setup`.
    ///
    /// # Errors
    /// [`GameError::Rules`] for invalid rules ([`Rules::validate`]);
    /// [`GameError::Setup`] for a setup they do not allow ([`Setup::validate`]).
    pub fn new(rules: Rules, setup: Setup) -> Result<Game, GameError> {
        rules.validate()?;
        setup.validate(&rules)?;
        let position = Position::new(rules, &setup);
        let traps = [
            setup.traps[0].bits(&position.geo),
            setup.traps[1].bits(&position.geo),
        ];
        Ok(Game {
            position,
            setup,
            traps,
            moves: Vec::new(),
        })
    }

    /// A game with a random setup ([`Setup::random`]: the three draws and the
    /// traps).
    ///
    /// # Errors
    /// [`GameError::Rules`] for invalid rules.
    pub fn random<R: Rng + ?Sized>(rules: Rules, rng: &mut R) -> Result<Game, GameError> {
        rules.validate()?;
        Game::new(rules, Setup::random(&rules, rng))
    }

    /// The game after `moves` from the start.
    ///
    /// # Errors
    /// As [`Game::new`], and [`GameError::Replay`] for the first move refused (its
    /// 0-based index in `moves`, the move and why).
    pub fn replay(rules: Rules, setup: Setup, moves: &[Move]) -> Result<Game, GameError> {
        let mut g = Game::new(rules, setup)?;
        for (number, &mv) in moves.iter().enumerate() {
            g.play(mv)
                .map_err(|error| GameError::Replay { number, mv, error })?;
        }
        Ok(g)
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.position.rules
    }

    /// The setup (with both sides' traps: the referee's knowledge).
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The stored game: rules, setup and the moves so far.
    pub fn record(&self) -> Record {
        Record {
            rules: self.position.rules,
            setup: self.setup,
            moves: self.moves.clone(),
        }
    }

    /// The moves played.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Every seat of the game (T11): each member of each side, in seat order
    /// ([`Player::index`]).
    pub fn players(&self) -> impl Iterator<Item = Player> + '_ {
        let most = self.setup.members[0].max(self.setup.members[1]);
        Player::all(2 * most as usize).filter(|p| p.member < self.setup.members[p.side.index()])
    }

    /// Where each side opens, side 1's first (T2).
    pub fn homes(&self) -> [Home; 2] {
        self.position.homes
    }

    /// The color each side plays (T2).
    pub fn color(&self, side: Side) -> Color {
        self.position.homes[side.index()].color()
    }

    /// The seat whose decision is next: the side and its member (T11); during the
    /// stake decision, the winner's. Once the game is over there is no next
    /// decision ([`Game::awaiting`] says [`Awaiting::Over`]) and the seat named is
    /// of no consequence.
    pub fn to_move(&self) -> Player {
        self.position.player()
    }

    /// What the game waits for: a move, the winner's stake decision (T9), or
    /// nothing once it is over.
    pub fn awaiting(&self) -> Awaiting {
        self.position.awaiting()
    }

    /// Turns played by both sides (the stake move not counted, T8).
    pub fn turns(&self) -> u32 {
        self.position.turns
    }

    /// Whether `side` has a stone on `cell`.
    pub fn has_stone(&self, side: Side, cell: Cell) -> bool {
        let p = &self.position;
        p.geo.contains(cell) && p.stones[side.index()].get(p.geo.index(cell))
    }

    /// Whether `side`'s stone on `cell` is a scarecrow.
    pub fn is_scarecrow(&self, side: Side, cell: Cell) -> bool {
        let p = &self.position;
        p.geo.contains(cell) && p.scarecrow_bits[side.index()].get(p.geo.index(cell))
    }

    /// Scarecrows `side` has left.
    pub fn scarecrows_left(&self, side: Side) -> u8 {
        self.position.scarecrows_left[side.index()]
    }

    /// The legal moves of the seat to move, va-bank declarations included: see
    /// [`MoveList`] (bit sets, no allocation).
    #[inline]
    pub fn legal_moves(&self) -> MoveList {
        self.position.legal()
    }

    /// Checks `mv` without playing it.
    ///
    /// # Errors
    /// The [`IllegalMove`] that says why it cannot be played: [`IllegalMove::GameOver`],
    /// [`IllegalMove::OffBoard`], [`IllegalMove::Occupied`], [`IllegalMove::NotHome`],
    /// [`IllegalMove::FirstMoveOrdinary`], [`IllegalMove::NotAdjacent`],
    /// [`IllegalMove::NoScarecrows`], [`IllegalMove::VaBankShape`],
    /// [`IllegalMove::StakeExpected`], [`IllegalMove::NoStake`] or
    /// [`IllegalMove::StakeCompulsory`].
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        self.position.check(mv)
    }

    /// Whether `mv` may be played now: `check(mv).is_ok()`.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.position.check(mv).is_ok()
    }

    /// Plays `mv` (the seat to move's): a stone on an opponent trap loses (T7), a
    /// va-bank wins or loses at once (T6), the stake move doubles or draws (T9).
    ///
    /// # Errors
    /// As [`Game::check`]; nothing changes then.
    #[inline]
    pub fn play(&mut self, mv: Move) -> Result<Report, IllegalMove> {
        self.play_traced(mv, &mut |_| {})
    }

    /// Plays `mv` as [`Game::play`] does, giving each step to `observer` as it
    /// happens: each stone placed, the trap hit, the stake offered or declined, the
    /// end. Returns the same report.
    ///
    /// # Errors
    /// As [`Game::check`]; nothing changes then and `observer` hears nothing.
    #[inline]
    pub fn play_traced(
        &mut self,
        mv: Move,
        observer: &mut impl FnMut(Event),
    ) -> Result<Report, IllegalMove> {
        self.position.check(mv)?;
        let player = self.position.player();
        // The traps a stone of this move may hit: the opponent's, or in the stake
        // decision the loser's.
        let loser = match self.position.pending {
            Some((winner, _, _)) => winner.other(),
            None => player.side.other(),
        };
        let traps = &self.traps[loser.index()];
        let geo = &self.position.geo;
        let hit = mv
            .cells()
            .iter()
            .copied()
            .find(|&c| traps.get(geo.index(c)));
        self.position.apply(mv, hit, observer);
        self.moves.push(mv);
        Ok(Report {
            player,
            mv,
            hit,
            stake_offered: self.position.pending.is_some(),
            outcome: self.position.outcome,
        })
    }

    /// How the game ended, once it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.position.outcome
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.position.outcome.is_some()
    }

    /// The score: 0–0 while the game goes on (T8 scores only the end), the final
    /// score once it is over.
    pub fn score(&self) -> Score {
        self.position
            .outcome
            .map_or(Score::default(), |o| o.score())
    }

    /// The view of `player`'s side (ruling T10; every member of a side sees the
    /// same): the public board and the side's own traps while the game goes on,
    /// every trap once it is over.
    pub fn view(&self, player: Player) -> View {
        View::new(&self.position, player.side, &self.setup.traps)
    }

    /// Draws the board with both sides' traps (the referee's picture).
    pub fn referee_picture(&self) -> impl fmt::Display + '_ {
        let p = &self.position;
        Picture {
            geo: &p.geo,
            homes: p.homes,
            stones: &p.stones,
            scarecrows: &p.scarecrow_bits,
            traps: self.traps[0].or(&self.traps[1], p.geo.words),
        }
    }
}

impl fmt::Display for Game {
    /// The public board (no traps): North at the top, `x` dark, `o` light,
    /// capitals for scarecrows, `*` a cell with both colors.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = &self.position;
        let picture = Picture {
            geo: &p.geo,
            homes: p.homes,
            stones: &p.stones,
            scarecrows: &p.scarecrow_bits,
            traps: Bits::EMPTY,
        };
        fmt::Display::fmt(&picture, f)
    }
}
