//! Counting (ruling G8): area (Tromp–Taylor) and territory scoring, komi, dead
//! stones named by the caller, seki, and results such as `B+3.5`, `W+R`, `0`.

#[cfg(feature = "serde")]
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use crate::board::{BLACK, Board, EDGE, EMPTY, WHITE};
use crate::error::{ParseError, ScoreError};
use crate::game::Game;
use crate::moves::Move;
use crate::outcome::End;
use crate::player::Color;
use crate::point::Point;
use crate::rules::{Komi, Scoring, Tax, parse_half_points, write_half_points};

/// How a game was won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Margin {
    /// By this many half-points (7 = 3.5 points).
    HalfPoints(u32),
    /// By resignation (`R`).
    Resignation,
    /// On time (`T`), as SGF records say.
    Time,
    /// By forfeit (`F`), as SGF records say.
    Forfeit,
    /// By an unstated margin (SGF `B+`).
    Unknown,
}

/// The result of a game, written as in SGF's `RE`: `B+3.5`, `W+R`, `0` (draw);
/// serde uses the same strings.
///
/// ```
/// use go_core::{Color, GameResult, Margin};
/// let r: GameResult = "W+R".parse()?;
/// assert_eq!(r, GameResult::Win { winner: Color::White, margin: Margin::Resignation });
/// assert_eq!("B+3.5".parse::<GameResult>()?.to_string(), "B+3.5");
/// assert_eq!("Draw".parse::<GameResult>()?.to_string(), "0");
/// # Ok::<(), go_core::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(into = "String", try_from = "String"))]
pub enum GameResult {
    /// A win.
    Win {
        /// The winner.
        winner: Color,
        /// By how much.
        margin: Margin,
    },
    /// A draw (jigo).
    Draw,
}

impl GameResult {
    /// The winner, `None` for a draw.
    pub fn winner(&self) -> Option<Color> {
        match self {
            GameResult::Win { winner, .. } => Some(*winner),
            GameResult::Draw => None,
        }
    }

    /// The result of a count: `black_minus_white` in half-points, komi included.
    pub fn from_half_points(black_minus_white: i64) -> GameResult {
        let margin =
            Margin::HalfPoints(black_minus_white.unsigned_abs().min(u32::MAX as u64) as u32);
        match black_minus_white {
            0 => GameResult::Draw,
            d if d > 0 => GameResult::Win {
                winner: Color::Black,
                margin,
            },
            _ => GameResult::Win {
                winner: Color::White,
                margin,
            },
        }
    }
}

#[cfg(feature = "serde")]
impl From<GameResult> for String {
    fn from(r: GameResult) -> String {
        alloc::format!("{r}")
    }
}

#[cfg(feature = "serde")]
impl TryFrom<String> for GameResult {
    type Error = ParseError;
    fn try_from(s: String) -> Result<GameResult, ParseError> {
        s.parse()
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameResult::Draw => f.write_str("0"),
            GameResult::Win { winner, margin } => {
                write!(f, "{}+", winner.letter())?;
                match margin {
                    Margin::HalfPoints(h) => write_half_points(f, (*h).min(i32::MAX as u32) as i32),
                    Margin::Resignation => f.write_str("R"),
                    Margin::Time => f.write_str("T"),
                    Margin::Forfeit => f.write_str("F"),
                    Margin::Unknown => Ok(()),
                }
            }
        }
    }
}

impl FromStr for GameResult {
    type Err = ParseError;

    /// Reads `B+3.5`, `W+R`, `W+Resign`, `B+T`, `B+Time`, `W+F`, `W+Forfeit`, `B+`,
    /// `0`, `Draw`, `Jigo` (case-insensitive words).
    fn from_str(s: &str) -> Result<GameResult, ParseError> {
        let s = s.trim();
        if s == "0" || s.eq_ignore_ascii_case("draw") || s.eq_ignore_ascii_case("jigo") {
            return Ok(GameResult::Draw);
        }
        let (who, rest) = s.split_once('+').ok_or(ParseError::GameResult)?;
        let winner: Color = who.parse().map_err(|_| ParseError::GameResult)?;
        let word = |w: &str| rest.eq_ignore_ascii_case(w);
        let margin = if rest.is_empty() {
            Margin::Unknown
        } else if word("r") || word("resign") {
            Margin::Resignation
        } else if word("t") || word("time") {
            Margin::Time
        } else if word("f") || word("forfeit") {
            Margin::Forfeit
        } else {
            match parse_half_points(rest) {
                Some(h) if h >= 0 => Margin::HalfPoints(h as u32),
                _ => return Err(ParseError::GameResult),
            }
        };
        Ok(GameResult::Win { winner, margin })
    }
}

/// The count of a position (ruling G8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Score {
    /// The scoring method used.
    pub scoring: Scoring,
    /// Living stones on the board, per colour (index `Color::index`).
    pub stones: [u32; 2],
    /// Empty points that count for each colour.
    pub territory: [u32; 2],
    /// Prisoners held by each colour, dead stones included (counted under territory
    /// scoring only).
    pub prisoners: [u32; 2],
    /// Empty points that count for nobody (dame and, under a seki tax, points of
    /// groups in seki).
    pub neutral: u32,
    /// The group tax of the rules ([`Rules::tax`](crate::Rules::tax)).
    pub tax: Tax,
    /// Under [`Tax::All`], each colour's independent living groups, two points
    /// each off its total; zero otherwise.
    pub taxed_groups: [u32; 2],
    /// The komi.
    pub komi: Komi,
    /// Who took the button (the first to pass) when the rules have one
    /// ([`Rules::button`](crate::Rules::button)): half a point for them.
    pub button: Option<Color>,
    /// Points White receives for Black's handicap stones
    /// ([`Rules::handicap_bonus`](crate::Rules::handicap_bonus)).
    pub handicap_bonus: u32,
}

impl Score {
    /// A colour's total before komi: stones and territory (area scoring) or
    /// territory and prisoners (territory scoring), less two points for each of
    /// its groups under [`Tax::All`].
    pub fn points(&self, c: Color) -> i64 {
        let i = c.index();
        let counted = match self.scoring {
            Scoring::Area => self.stones[i] + self.territory[i],
            Scoring::Territory => self.territory[i] + self.prisoners[i],
        };
        i64::from(counted) - 2 * i64::from(self.taxed_groups[i])
    }

    /// Black's total minus White's, minus komi, the handicap bonus and the
    /// button's half point as they fall, in half-points.
    pub fn margin_half_points(&self) -> i64 {
        let button = match self.button {
            Some(Color::Black) => 1,
            Some(Color::White) => -1,
            None => 0,
        };
        2 * (self.points(Color::Black) - self.points(Color::White))
            - i64::from(self.komi.halves())
            - 2 * i64::from(self.handicap_bonus)
            + button
    }

    /// The result of this count.
    pub fn result(&self) -> GameResult {
        GameResult::from_half_points(self.margin_half_points())
    }
}

impl Game {
    /// Counts the board as it stands, every stone alive (Tromp–Taylor's way: play
    /// the game out so that dead stones are captured): the running score while the
    /// game goes on, the final one once it is over by passes.
    pub fn score(&self) -> Score {
        count(self, self.board().clone(), [0; 2])
    }

    /// Counts with the stones of the chains through the `dead` points removed first
    /// (the players' agreement in a human game). Under territory scoring each dead
    /// stone is a prisoner for the other side.
    ///
    /// # Errors
    /// [`ScoreError::NoStone`] for a dead point that holds no stone or is off the
    /// board.
    pub fn score_with_dead(&self, dead: &[Point]) -> Result<Score, ScoreError> {
        let (cleared, extra) = self.without_dead(dead)?;
        Ok(count(self, cleared, extra))
    }

    /// The board with the chains through the `dead` points removed, and the
    /// prisoners that gives each colour.
    fn without_dead(&self, dead: &[Point]) -> Result<(Board, [u32; 2]), ScoreError> {
        let board = self.board();
        let mut remove = vec![false; board.cell_count()];
        let mut extra = [0u32; 2];
        for &p in dead {
            let Some(c) = board.get(p) else {
                return Err(ScoreError::NoStone { point: p });
            };
            for s in board.chain(p) {
                let i = board.index(s);
                if !remove[i] {
                    remove[i] = true;
                    extra[c.opponent().index()] += 1;
                }
            }
        }
        let alive: Vec<(Point, Color)> = board
            .stones()
            .filter(|(p, _)| !remove[board.index(*p)])
            .collect();
        let cleared =
            Board::with_stones(board.width(), board.height(), &alive).unwrap_or_else(|_| {
                unreachable!("removing chains leaves every other chain its liberties")
            });
        Ok((cleared, extra))
    }

    /// The stones in seki once the chains through the `dead` points are removed:
    /// the living chains that the count treats as seki (a chain next to empty
    /// points that reach both colours, with at most one eye of its own of at
    /// most three points; see [`Scoring::Territory`]), in board order.
    ///
    /// # Errors
    /// As [`Game::score_with_dead`].
    pub fn seki_stones(&self, dead: &[Point]) -> Result<Vec<Point>, ScoreError> {
        let cleared = self.without_dead(dead)?.0;
        let seki = Regions::of(&cleared).seki_chains(&cleared);
        Ok(cleared
            .points()
            .filter(|&p| seki[cleared.index(p)])
            .collect())
    }

    /// The result as SGF writes it: `W+R`/`B+R` after a resignation, the count
    /// after two passes ([`Game::score`]), `None` while the game goes on. Its
    /// winner is that of [`Game::outcome`].
    pub fn result(&self) -> Option<GameResult> {
        Some(match self.end()? {
            End::Resignation => GameResult::Win {
                winner: self.to_move(), // the player after the one who resigned
                margin: Margin::Resignation,
            },
            End::TwoPasses => self.score().result(),
        })
    }
}

/// Counts `board` (dead stones already removed; `dead` = prisoners they give).
fn count(game: &Game, board: Board, dead: [u32; 2]) -> Score {
    let scoring = game.rules().scoring();
    let (board, dead) = match scoring {
        Scoring::Territory => without_pass_dead(board, game.rules().suicide(), dead),
        Scoring::Area => (board, dead),
    };
    let tax = game.rules().tax();
    let regions = Regions::of(&board);
    // Under a seki tax the empty points of groups in seki are nobody's;
    // without one they count like any other surrounded point.
    let seki = match tax {
        Tax::Seki | Tax::All => regions.seki_chains(&board),
        Tax::None => Vec::new(),
    };
    let mut score = Score {
        scoring,
        stones: [
            board.count(Color::Black) as u32,
            board.count(Color::White) as u32,
        ],
        territory: [0; 2],
        prisoners: [
            game.prisoners(Color::Black) + dead[0],
            game.prisoners(Color::White) + dead[1],
        ],
        neutral: 0,
        tax,
        taxed_groups: [0; 2],
        komi: game.rules().komi(),
        button: game
            .rules()
            .button()
            .then(|| {
                game.moves()
                    .find(|&(_, mv)| mv == Move::Pass)
                    .map(|(c, _)| c)
            })
            .flatten(),
        handicap_bonus: game
            .rules()
            .handicap_bonus()
            .points(handicap_stones(game.setup())),
    };
    let mut beside_seki = vec![false; regions.list.len()];
    if !seki.is_empty() {
        for p in board.points() {
            let i = board.index(p);
            let r = regions.id[i];
            if r != usize::MAX && board.neighbours(i).iter().any(|&q| seki[q]) {
                beside_seki[r] = true;
            }
        }
    }
    for (region, &beside_seki) in regions.list.iter().zip(&beside_seki) {
        match (region.touches, beside_seki) {
            ([true, false], false) => score.territory[0] += region.size,
            ([false, true], false) => score.territory[1] += region.size,
            _ => score.neutral += region.size,
        }
    }
    if tax == Tax::All {
        score.taxed_groups = independent_groups(&board, &regions, &seki, &beside_seki);
    }
    score
}

/// Each colour's independent living groups, for [`Tax::All`]: the connected parts
/// of its area (its stones and the empty regions that reach only it) that hold no
/// chain in seki and no region beside one. KataGo counts its "independent life
/// regions" the same way once the dame are filled (it treats any area touching an
/// unfilled dame point, or holding a stone in atari, as seki; here seki is
/// [`Game::seki_stones`]'s, which leaves a group with eyes of its own independent
/// even beside unfilled dame).
fn independent_groups(
    board: &Board,
    regions: &Regions,
    seki: &[bool],
    beside_seki: &[bool],
) -> [u32; 2] {
    let owners = owners_with(board, regions);
    let owner = |i: usize| match owners[i] {
        BLACK => Some(0),
        WHITE => Some(1),
        _ => None,
    };
    let mut seen = vec![false; board.cell_count()];
    let mut stack = Vec::new();
    let mut groups = [0u32; 2];
    for p in board.points() {
        let start = board.index(p);
        let Some(colour) = owner(start) else { continue };
        if seen[start] {
            continue;
        }
        seen[start] = true;
        stack.push(start);
        let mut in_seki = false;
        while let Some(i) = stack.pop() {
            let r = regions.id[i];
            in_seki |= seki.get(i).copied().unwrap_or(false)
                || (r != usize::MAX && beside_seki.get(r).copied().unwrap_or(false));
            for q in board.neighbours(i) {
                if !seen[q] && owner(q) == Some(colour) {
                    seen[q] = true;
                    stack.push(q);
                }
            }
        }
        if !in_seki {
            groups[colour] += 1;
        }
    }
    groups
}

/// Territory scoring counts pass-alive areas as KataGo does: stones standing in
/// the opponent's pass-alive territory ([`Board::pass_alive`]) are dead whether
/// or not the caller named them — nothing their owner plays can make them live —
/// so they are taken off as prisoners and their points are territory. (Area
/// scoring, the source's count of the board as it stands, leaves them.)
fn without_pass_dead(
    board: Board,
    suicide: crate::rules::Suicide,
    mut dead: [u32; 2],
) -> (Board, [u32; 2]) {
    let mut remove = vec![false; board.cell_count()];
    let mut any = false;
    for owner in Color::all() {
        for p in board.pass_alive(owner, suicide).territory {
            if board.get(p) == Some(owner.opponent()) {
                remove[board.index(p)] = true;
                dead[owner.index()] += 1;
                any = true;
            }
        }
    }
    if !any {
        return (board, dead);
    }
    let alive: Vec<(Point, Color)> = board
        .stones()
        .filter(|(p, _)| !remove[board.index(*p)])
        .collect();
    let cleared = Board::with_stones(board.width(), board.height(), &alive).unwrap_or_else(|_| {
        unreachable!("taking stones off leaves every other chain its liberties")
    });
    (cleared, dead)
}

/// The handicap stones of a setup: its black stones when it holds no white stone
/// and White moves first (a handicap game), otherwise none.
pub(crate) fn handicap_stones(setup: &crate::setup::Setup) -> u32 {
    let black_only = setup.stones.iter().all(|(_, c)| *c == Color::Black);
    if black_only && setup.to_move == Color::White {
        setup.stones.len() as u32
    } else {
        0
    }
}

/// The owner of every cell of `board` by area counting: the colour of its stone,
/// or for an empty point the one colour its region reaches (`BLACK` or
/// `WHITE`); `EMPTY` for neutral points, `EDGE` off the board.
pub(crate) fn area_owners(board: &Board) -> Vec<u8> {
    owners_with(board, &Regions::of(board))
}

/// [`area_owners`] from regions already found.
fn owners_with(board: &Board, regions: &Regions) -> Vec<u8> {
    (0..board.cell_count())
        .map(|i| match board.color_at(i) {
            EMPTY => match regions.list[regions.id[i]].touches {
                [true, false] => BLACK,
                [false, true] => WHITE,
                _ => EMPTY,
            },
            c => c,
        })
        .collect()
}

/// One connected region of empty points and the colours that border it.
struct Region {
    size: u32,
    /// Borders a Black / White stone.
    touches: [bool; 2],
}

/// The empty regions of a board, with each empty cell's region.
struct Regions {
    list: Vec<Region>,
    /// Region index of each empty cell (`usize::MAX` elsewhere).
    id: Vec<usize>,
}

impl Regions {
    fn of(board: &Board) -> Regions {
        let mut id = vec![usize::MAX; board.cell_count()];
        let mut list = Vec::new();
        let mut stack = Vec::new();
        for p in board.points() {
            let start = board.index(p);
            if board.color_at(start) != EMPTY || id[start] != usize::MAX {
                continue;
            }
            let r = list.len();
            let mut region = Region {
                size: 0,
                touches: [false; 2],
            };
            id[start] = r;
            stack.push(start);
            while let Some(i) = stack.pop() {
                region.size += 1;
                for q in board.neighbours(i) {
                    match board.color_at(q) {
                        EMPTY if id[q] == usize::MAX => {
                            id[q] = r;
                            stack.push(q);
                        }
                        EMPTY | EDGE => {}
                        c => region.touches[(c - 1) as usize] = true,
                    }
                }
            }
            list.push(region);
        }
        Regions { list, id }
    }

    /// Cells of chains in seki. A living chain (dead stones are already gone) that
    /// borders a neutral region — empty points reaching both colours — yet has at
    /// most one eye of its own, of at most three points, cannot be alive by itself:
    /// it lives only because neither side can approach the shared points, which is
    /// seki. A chain with two eyes, or with a larger area of its own, is alive
    /// independently, so unfilled dame beside it does not make it seki.
    fn seki_chains(&self, board: &Board) -> Vec<bool> {
        let mut seki = vec![false; board.cell_count()];
        let mut done = vec![false; board.cell_count()];
        for p in board.points() {
            let i = board.index(p);
            if board.color_at(i) == EMPTY || board.color_at(i) == EDGE || done[i] {
                continue;
            }
            let colour = (board.color_at(i) - 1) as usize;
            let mut neutral = false;
            let mut own: [Option<usize>; 2] = [None; 2];
            let mut own_count = 0;
            let mut own_size = 0;
            for s in board.chain_cells(i) {
                done[s] = true;
                for q in board.neighbours(s) {
                    let r = self.id[q];
                    if r == usize::MAX {
                        continue;
                    }
                    let region = &self.list[r];
                    if region.touches == [true, true] {
                        neutral = true;
                    } else if region.touches[colour] && !own.contains(&Some(r)) {
                        if own_count < 2 {
                            own[own_count] = Some(r);
                        }
                        own_count += 1;
                        own_size += region.size;
                    }
                }
            }
            if neutral && own_count <= 1 && own_size <= 3 {
                for s in board.chain_cells(i) {
                    seki[s] = true;
                }
            }
        }
        seki
    }
}
