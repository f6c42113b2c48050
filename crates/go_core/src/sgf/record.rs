//! The game record of SGF: a game's main line with its game information
//! ([`SgfGame`]), read in one pass or from a [`Collection`], and played into a
//! [`Game`].

use alloc::borrow::Cow;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::parse::{Collection, Property, Reader, Reading, Token};
use crate::error::{GameError, SetupError, SgfError, SgfErrorKind};
use crate::game::Game;
use crate::moves::Move;
use crate::player::Color;
use crate::point::{MAX_SIDE, Point};
use crate::rules::{Komi, Rules, parse_half_points};
use crate::score::GameResult;
use crate::setup::Setup;

/// One move of a record's main line, with its comment.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SgfMove {
    /// Who moved.
    pub color: Color,
    /// The move (`Pass` for `[]` and, on boards up to 19×19, `[tt]`).
    pub mv: Move,
    /// The node's comment (`C`).
    pub comment: Option<String>,
    /// Byte offset of the move's property in the input (0 for records built in code).
    pub offset: usize,
}

/// The main line of one SGF game, with its game information.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SgfGame {
    /// The start of the game: the size (`SZ`, default 19), the setup stones (`AB`,
    /// `AW`, less `AE`, before the first move, in the order given) and the colour
    /// that moves first (the first move's colour, else `PL`, else White when there
    /// is a handicap, else Black).
    pub setup: Setup,
    /// Komi (`KM`), if given: the komi the game was played with. That is the
    /// value written, except in records of the Fox Go server (`AP[YuanYu]` or
    /// `AP[foxwq…]`), which write komi by their own conventions, read as
    /// KaTrain and Sabaki read them: `KM[0]` in a game without handicap stones
    /// is 6.5, `KM[375]` under Chinese rules is 7.5 (3¾ stones), other values of
    /// 100 or more are hundredths (`KM[650]` is 6.5, `KM[750]` 7.5), and a game
    /// with handicap stones (`HA` ≥ 1 and `AB`) has 0.5. The text as written is
    /// then kept in [`SgfGame::komi_written`].
    pub komi: Option<Komi>,
    /// `KM` as written when [`SgfGame::komi`] reads it otherwise (a Fox record's
    /// convention); `None` when the komi is the value written.
    pub komi_written: Option<String>,
    /// Handicap (`HA`), if given.
    pub handicap: Option<u8>,
    /// The rules as written (`RU`).
    pub rules_name: Option<String>,
    /// The main line's moves.
    pub moves: Vec<SgfMove>,
    /// Black's name (`PB`).
    pub black_name: Option<String>,
    /// White's name (`PW`).
    pub white_name: Option<String>,
    /// The result as written (`RE`): may be `B+3.5`, `W+R`, `0`, `Void`, `?`…
    pub result: Option<String>,
    /// The comment of the root node (`C`).
    pub comment: Option<String>,
    /// Every other root property (`DT`, `EV`, `GN`, `BR`, …), kept for writing back.
    pub other: Vec<Property>,
}

impl SgfGame {
    /// An empty record for a board, Black to move first.
    pub fn new(width: u8, height: u8) -> SgfGame {
        SgfGame {
            setup: Setup::new(width, height),
            komi: None,
            komi_written: None,
            handicap: None,
            rules_name: None,
            moves: Vec::new(),
            black_name: None,
            white_name: None,
            result: None,
            comment: None,
            other: Vec::new(),
        }
    }

    /// Reads the first game of an SGF text, leniently ([`Reading::Lenient`]: an
    /// unescaped `]` inside a comment is kept; the rest of the text must be well
    /// formed). Only the first game's main line is kept, read in one pass without
    /// building the tree: the fast way to load records.
    ///
    /// # Errors
    /// [`SgfError`] for malformed text or game information (see
    /// [`SgfGame::from_collection`]).
    pub fn read(text: &str) -> Result<SgfGame, SgfError> {
        SgfGame::read_with(text, Reading::Lenient)
    }

    /// [`SgfGame::read`] as `reading` says ([`Reading::Strict`]: the SGF grammar
    /// only).
    ///
    /// # Errors
    /// As [`SgfGame::read`].
    pub fn read_with(text: &str, reading: Reading) -> Result<SgfGame, SgfError> {
        let mut reader = MainLineReader {
            strict: reading == Reading::Strict,
            ..MainLineReader::default()
        };
        Reader::new(text, reading).walk(|event| reader.event(event))?;
        reader.flush()?;
        reader.builder.map(RecordBuilder::finish).ok_or(SgfError {
            offset: 0,
            kind: SgfErrorKind::NoGameTree,
        })
    }

    /// Reads every game of an SGF collection.
    ///
    /// # Errors
    /// As [`SgfGame::read`], for the first game that fails.
    pub fn read_all(text: &str) -> Result<Vec<SgfGame>, SgfError> {
        let c = Collection::parse(text)?;
        c.roots
            .iter()
            .map(|&r| SgfGame::from_collection(&c, r))
            .collect()
    }

    /// The main line of the game tree rooted at `root`. Other variations are
    /// skipped (they stay in the [`Collection`]).
    ///
    /// # Errors
    /// [`SgfErrorKind::NotGo`] for `GM` other than 1; [`SgfErrorKind::BadSize`],
    /// [`SgfErrorKind::BadNumber`], [`SgfErrorKind::BadPoint`] for values that
    /// cannot be read; [`SetupError::AfterFirstMove`] for setup stones after the
    /// first move.
    pub fn from_collection(c: &Collection, root: usize) -> Result<SgfGame, SgfError> {
        if c.nodes.get(root).is_none() {
            return Err(SgfError {
                offset: 0,
                kind: SgfErrorKind::NoGameTree,
            });
        }
        let mut builder = RecordBuilder::default();
        for node in c.main_line(root) {
            let props = || {
                node.properties
                    .iter()
                    .map(|p| (p.id.as_str(), p.offset, &p.values[..]))
            };
            builder.node(props)?;
        }
        Ok(builder.finish())
    }

    /// The rules that the record's `RU` names ([`SgfGame::named_rules`]), with its
    /// komi; `Rules::tromp_taylor()` with its komi when `RU` is absent or names no
    /// rules known here — a fallback the caller can see with
    /// [`SgfGame::named_rules`] (`None`), while [`SgfGame::rules_name`] keeps the
    /// text.
    pub fn rules_hint(&self) -> Rules {
        let base = self.named_rules().unwrap_or_else(Rules::tromp_taylor);
        let komi = self.komi.unwrap_or(base.komi());
        let rules = base.with_komi(komi);
        if rules.validate().is_ok() {
            rules
        } else {
            base
        }
    }

    /// The rules that the record's `RU` names, as programs write it: every name
    /// KataGo reads ([`Rules::from_katago`]: the presets, `French`, `Ing`, `GOE`,
    /// and the short forms `CN`, `JP`, `KR`, `NZ`, `TT`; case, spaces, `-` and
    /// `_` ignored; a trailing comment after `;` or `,` too), KataGo's own rule
    /// string (`koPOSITIONALscoreAREAtaxNONEsui1`, as KataGo writes `RU`) and its
    /// JSON. The komi is the preset's or KataGo's default; [`SgfGame::rules_hint`]
    /// takes the record's `KM` instead. `None` when there is no `RU` or it names
    /// none of them: the caller sees that, and [`SgfGame::rules_name`] keeps the
    /// text.
    ///
    /// ```
    /// use go_core::Rules;
    /// use go_core::sgf::SgfGame;
    /// let named = |ru: &str| SgfGame::read(&format!("(;GM[1]RU[{ru}])")).unwrap().named_rules();
    /// assert_eq!(named("Japanese"), Some(Rules::japanese()));
    /// assert_eq!(named("chinese_kgs"), Some(Rules::chinese_kgs()));
    /// assert_eq!(named("New Zealand"), Some(Rules::new_zealand()));
    /// assert_eq!(named("Stone-Scoring"), Some(Rules::stone_scoring()));
    /// assert_eq!(named("AGA; with time"), Some(Rules::aga()));
    /// let kata = named("koSITUATIONALscoreAREAtaxNONEsui0whbN-1fpok1").unwrap();
    /// assert_eq!(kata.with_komi(Rules::aga().komi()), Rules::aga());
    /// assert_eq!(named("Fischer"), None);
    /// ```
    pub fn named_rules(&self) -> Option<Rules> {
        let text = self.rules_name.as_deref()?.trim();
        if text.starts_with('{') {
            return Rules::from_katago(text).ok();
        }
        Rules::from_katago(text.split([';', ',']).next().unwrap_or("")).ok()
    }

    /// Plays the record's main line under `rules` (its komi replaced by the
    /// record's `KM` when given, unless that is beyond ±1000 points, as only a
    /// `komi` field set by hand can be: reading refuses such a `KM`). A colour
    /// that moves twice in a row is read as if the other colour passed in
    /// between, as some editors write records.
    ///
    /// # Errors
    /// [`SgfErrorKind::Setup`] for setup stones that are not a legal position;
    /// [`SgfErrorKind::Illegal`] with the offset of the first illegal move.
    pub fn replay(&self, rules: Rules) -> Result<Game, SgfError> {
        let rules = match self.komi {
            Some(k) if rules.with_komi(k).validate().is_ok() => rules.with_komi(k),
            _ => rules,
        };
        let mut game = Game::new(rules, self.setup.clone()).map_err(|e| SgfError {
            offset: 0,
            kind: match e {
                GameError::Setup(s) => SgfErrorKind::Setup(s),
                _ => SgfErrorKind::BadSize,
            },
        })?;
        for m in &self.moves {
            let illegal = |e| SgfError {
                offset: m.offset,
                kind: SgfErrorKind::Illegal(e),
            };
            if m.color != game.to_move() && !game.is_over() {
                game.play(Move::Pass).map_err(illegal)?;
            }
            game.play_as(m.color, m.mv).map_err(illegal)?;
        }
        Ok(game)
    }

    /// A record of a game: size, komi, the rules as KataGo names them
    /// ([`Rules::katago_name`], read back by [`SgfGame::named_rules`]), setup,
    /// moves and, when the game is over, the result.
    pub fn from_game(game: &Game) -> SgfGame {
        let mut rec = SgfGame::new(game.setup().width, game.setup().height);
        rec.komi = Some(game.rules().komi());
        rec.rules_name = Some(game.rules().katago_name());
        rec.setup = game.setup().clone();
        let stones = &rec.setup.stones;
        let black_setup = stones.iter().filter(|(_, c)| *c == Color::Black).count();
        if black_setup >= 2 && black_setup == stones.len() && rec.setup.to_move == Color::White {
            rec.handicap = Some(black_setup as u8);
        }
        rec.moves = game
            .moves()
            .filter(|(_, mv)| *mv != Move::Resign)
            .map(|(color, mv)| SgfMove {
                color,
                mv,
                comment: None,
                offset: 0,
            })
            .collect();
        rec.result = game.result().map(|r: GameResult| r.to_string());
        rec
    }
}

/// Builds a [`SgfGame`] from the main line's nodes, one node at a time.
/// The komi of a Fox Go server record whose `KM` reads `written` (see
/// [`SgfGame::komi`]).
fn fox_komi(written: Komi, rec: &SgfGame) -> Komi {
    let handicap_stones = rec.handicap.is_some_and(|h| h >= 1)
        && rec.setup.stones.iter().any(|(_, c)| *c == Color::Black);
    let chinese = rec
        .rules_name
        .as_deref()
        .is_some_and(|r| r.to_ascii_lowercase().contains("chinese"));
    let halves = written.halves();
    if handicap_stones {
        Komi::from_halves(1)
    } else if halves == 0 {
        Komi::from_halves(13)
    } else if chinese && halves == 750 {
        Komi::from_halves(15)
    } else if halves >= 200 {
        // Hundredths of a point (100 points or more is no real komi), to the
        // nearest half point.
        Komi::from_halves((halves + 50) / 100)
    } else {
        written
    }
}

struct RecordBuilder {
    rec: SgfGame,
    depth: usize,
    player: Option<Color>,
    /// Setup colour per point (row-major on a 25×25 grid), `None` = empty.
    setup: Vec<Option<Color>>,
    setup_order: Vec<Point>,
    /// The root's `AP` (the program that wrote the record).
    application: Option<String>,
    /// The root's `KM` as written.
    komi_text: Option<String>,
    /// Strict reading: a move with more than one value is an error (leniently,
    /// the first value is the move).
    strict: bool,
}

impl Default for RecordBuilder {
    fn default() -> Self {
        RecordBuilder {
            rec: SgfGame::new(19, 19),
            depth: 0,
            player: None,
            setup: alloc::vec![None; MAX_SIDE as usize * MAX_SIDE as usize],
            setup_order: Vec::new(),
            application: None,
            komi_text: None,
            strict: false,
        }
    }
}

impl RecordBuilder {
    /// Reads one node's properties (`id`, offset, values), which `props` yields
    /// (twice for the root node: its size is needed before its stones).
    fn node<'p, V: AsRef<str> + 'p, I: Iterator<Item = (&'p str, usize, &'p [V])>>(
        &mut self,
        props: impl Fn() -> I,
    ) -> Result<(), SgfError> {
        if self.depth == 0
            && let Some((_, offset, values)) = props().find(|(id, _, _)| *id == "SZ")
        {
            let v = values.first().map_or("", AsRef::as_ref);
            let (w, h) = parse_size(v).ok_or(SgfError {
                offset,
                kind: SgfErrorKind::BadSize,
            })?;
            (self.rec.setup.width, self.rec.setup.height) = (w, h);
        }
        let mut comment = None;
        for (id, offset, values) in props() {
            if let Some(c) = self.property(id, offset, values)? {
                comment = Some(c);
            }
        }
        match self.rec.moves.last_mut() {
            Some(m) if comment.is_some() && m.comment.is_none() && self.depth > 0 => {
                m.comment = comment
            }
            _ if self.depth == 0 => self.rec.comment = comment,
            _ => {}
        }
        self.depth += 1;
        Ok(())
    }

    /// Reads one property; returns the node's comment when it is `C`.
    fn property<V: AsRef<str>>(
        &mut self,
        id: &str,
        offset: usize,
        values: &[V],
    ) -> Result<Option<String>, SgfError> {
        let err = |kind| SgfError { offset, kind };
        let v = values.first().map_or("", AsRef::as_ref);
        let (width, height) = (self.rec.setup.width, self.rec.setup.height);
        let rec = &mut self.rec;
        match id {
            "B" | "W" => {
                let color = if id == "B" {
                    Color::Black
                } else {
                    Color::White
                };
                if self.strict && values.len() > 1 {
                    return Err(err(SgfErrorKind::TooManyValues));
                }
                // Strictly, a move is exactly its letters (leniently, spaces
                // around them are dropped).
                if self.strict && v.trim() != v {
                    return Err(err(SgfErrorKind::BadPoint));
                }
                let mv = parse_move(v, width, height).ok_or(err(SgfErrorKind::BadPoint))?;
                rec.moves.push(SgfMove {
                    color,
                    mv,
                    comment: None,
                    offset,
                });
            }
            "AB" | "AW" | "AE" => {
                if !rec.moves.is_empty() {
                    return Err(err(SgfErrorKind::Setup(SetupError::AfterFirstMove)));
                }
                let color = match id {
                    "AB" => Some(Color::Black),
                    "AW" => Some(Color::White),
                    _ => None,
                };
                // An empty value (`AB[]`, as some programs write) lists no point.
                for value in values.iter().filter(|v| !v.as_ref().trim().is_empty()) {
                    let points = parse_point_list(value.as_ref(), height)
                        .ok_or(err(SgfErrorKind::BadPoint))?;
                    for pt in points {
                        if !(pt.col() < width && pt.row() < height) {
                            return Err(err(SgfErrorKind::BadPoint));
                        }
                        let slot = pt.row() as usize * MAX_SIDE as usize + pt.col() as usize;
                        if self.setup[slot].is_none() && color.is_some() {
                            self.setup_order.push(pt);
                        }
                        self.setup[slot] = color;
                    }
                }
            }
            "C" => return Ok(Some(v.to_string())),
            "PL" if self.depth == 0 || rec.moves.is_empty() => {
                self.player = Some(v.parse().map_err(|_| err(SgfErrorKind::BadNumber))?);
            }
            _ if self.depth > 0 => {}
            "GM" => {
                if v.trim() != "1" {
                    return Err(err(SgfErrorKind::NotGo));
                }
            }
            "SZ" | "FF" | "CA" => {}
            "AP" => self.application = Some(v.to_string()),
            "KM" => {
                self.komi_text = Some(v.to_string());
                let halves = parse_half_points(v).ok_or(err(SgfErrorKind::BadNumber))?;
                let komi = Komi::from_halves(halves);
                Rules::default()
                    .with_komi(komi)
                    .validate()
                    .map_err(|_| err(SgfErrorKind::BadNumber))?;
                rec.komi = Some(komi);
            }
            "HA" => {
                rec.handicap = Some(v.trim().parse().map_err(|_| err(SgfErrorKind::BadNumber))?);
            }
            "RU" => rec.rules_name = Some(v.to_string()),
            "PB" => rec.black_name = Some(v.to_string()),
            "PW" => rec.white_name = Some(v.to_string()),
            "RE" => rec.result = Some(v.to_string()),
            _ => rec.other.push(Property {
                id: id.to_string(),
                values: values.iter().map(|v| v.as_ref().to_string()).collect(),
                offset,
            }),
        }
        Ok(None)
    }

    fn finish(mut self) -> SgfGame {
        // Each point once, where it was first set, with its last colour: a
        // point emptied (`AE`) and set again is listed twice in `setup_order`.
        let mut setup = core::mem::take(&mut self.setup);
        self.rec.setup.stones = self
            .setup_order
            .iter()
            .filter_map(|&pt| {
                let slot = pt.row() as usize * MAX_SIDE as usize + pt.col() as usize;
                setup[slot].take().map(|c| (pt, c))
            })
            .collect();
        let handicapped =
            self.rec.handicap.is_some_and(|h| h >= 2) && !self.rec.setup.stones.is_empty();
        self.rec.setup.to_move = self
            .rec
            .moves
            .first()
            .map(|m| m.color)
            .or(self.player)
            .unwrap_or(if handicapped {
                Color::White
            } else {
                Color::Black
            });
        let fox = self.application.as_deref().is_some_and(|ap| {
            ap.eq_ignore_ascii_case("YuanYu") || ap.to_ascii_lowercase().contains("foxwq")
        });
        if fox && let (Some(written), Some(text)) = (self.rec.komi, self.komi_text) {
            let read = fox_komi(written, &self.rec);
            if read != written {
                self.rec.komi = Some(read);
                self.rec.komi_written = Some(text);
            }
        }
        self.rec
    }
}

/// Follows the main line of the first game tree through the reader's events,
/// buffering one node's properties at a time (the buffers are reused).
#[derive(Default)]
struct MainLineReader<'a> {
    builder: Option<RecordBuilder>,
    /// Strict reading (see `RecordBuilder::strict`).
    strict: bool,
    /// For each open tree: whether it is on the main line, and whether a child
    /// tree of it has started.
    levels: Vec<(bool, bool)>,
    first_tree_done: bool,
    in_node: bool,
    props: Vec<(Cow<'a, str>, usize, usize)>,
    values: Vec<Cow<'a, str>>,
}

impl<'a> MainLineReader<'a> {
    fn event(&mut self, event: Token<'a>) -> Result<(), SgfError> {
        match event {
            Token::TreeStart => {
                self.flush()?;
                let main = match self.levels.last_mut() {
                    None => !self.first_tree_done,
                    Some((parent_main, had_child)) => {
                        let main = *parent_main && !*had_child;
                        *had_child = true;
                        main
                    }
                };
                self.levels.push((main, false));
            }
            Token::TreeEnd => {
                self.flush()?;
                self.levels.pop();
                if self.levels.is_empty() {
                    self.first_tree_done = true;
                }
            }
            Token::Node(_) => {
                self.flush()?;
                // A node after a child tree is a later variation of the tree's
                // last node, so it is off the main line.
                self.in_node = self
                    .levels
                    .last()
                    .is_some_and(|&(main, had_child)| main && !had_child);
            }
            Token::Property(id, offset) if self.in_node => {
                self.props.push((id, offset, self.values.len()))
            }
            Token::Value(v) if self.in_node => self.values.push(v),
            Token::Property(..) | Token::Value(_) => {}
        }
        Ok(())
    }

    /// Hands the buffered node to the builder.
    fn flush(&mut self) -> Result<(), SgfError> {
        if !self.in_node {
            return Ok(());
        }
        self.in_node = false;
        let strict = self.strict;
        let builder = self.builder.get_or_insert_with(|| RecordBuilder {
            strict,
            ..RecordBuilder::default()
        });
        let (props, values) = (&self.props, &self.values);
        let result = builder.node(|| {
            props
                .iter()
                .enumerate()
                .map(move |(k, (id, offset, start))| {
                    let end = props.get(k + 1).map_or(values.len(), |p| p.2);
                    (id.as_ref(), *offset, &values[*start..end])
                })
        });
        self.props.clear();
        self.values.clear();
        result
    }
}

/// `SZ`: `19` or `W:H`, each 1..=25.
fn parse_size(v: &str) -> Option<(u8, u8)> {
    let side = |s: &str| {
        s.trim()
            .parse::<u8>()
            .ok()
            .filter(|n| (1..=MAX_SIDE).contains(n))
    };
    match v.split_once(':') {
        Some((w, h)) => Some((side(w)?, side(h)?)),
        None => side(v).map(|s| (s, s)),
    }
}

/// A move value: a point, or a pass (`[]`, or `[tt]` on boards up to 19×19).
fn parse_move(v: &str, width: u8, height: u8) -> Option<Move> {
    let v = v.trim();
    if v.is_empty() || (v == "tt" && width <= 19 && height <= 19) {
        return Some(Move::Pass);
    }
    let p = Point::from_sgf(v, height).ok()?;
    (p.col() < width).then_some(Move::Play(p))
}

/// A point or a compressed rectangle `aa:cc`.
fn parse_point_list(v: &str, height: u8) -> Option<Vec<Point>> {
    let v = v.trim();
    match v.split_once(':') {
        None => Some(alloc::vec![Point::from_sgf(v, height).ok()?]),
        Some((a, b)) => {
            let (a, b) = (
                Point::from_sgf(a, height).ok()?,
                Point::from_sgf(b, height).ok()?,
            );
            let (c0, c1) = (a.col().min(b.col()), a.col().max(b.col()));
            let (r0, r1) = (a.row().min(b.row()), a.row().max(b.row()));
            Some(
                (r0..=r1)
                    .flat_map(|r| (c0..=c1).filter_map(move |c| Point::new(c, r)))
                    .collect(),
            )
        }
    }
}
