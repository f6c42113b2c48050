//! SGF (`FF[4]`) game records (ruling G10): a parser for whole collections that keeps
//! every node and variation, a [`GameRecord`] for the main line of a game (size,
//! komi, handicap, setup, moves, names, result, rules and comments), replay into a
//! [`Game`], and a writer.
//!
//! ```
//! use go_core::sgf::GameRecord;
//! use go_core::Rules;
//! let text = "(;GM[1]FF[4]SZ[9]KM[6.5]PB[Ann]PW[Bob];B[ee]C[tengen];W[cc];B[])";
//! let record = GameRecord::read(text)?;
//! assert_eq!(record.black_name.as_deref(), Some("Ann"));
//! assert_eq!(record.moves[0].comment.as_deref(), Some("tengen"));
//! let game = record.replay(Rules::default())?;
//! assert_eq!(game.move_count(), 3);
//! let again = GameRecord::read(&record.to_sgf())?;
//! assert_eq!(again.replay(Rules::default())?, game);
//! # Ok::<(), go_core::SgfError>(())
//! ```
//!
//! Malformed text is an [`SgfError`] with the byte offset of the problem; the parser
//! never recurses on the input's nesting, so no input can exhaust the stack.

use alloc::borrow::Cow;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt::Write as _;

use crate::error::{SetupError, SgfError, SgfErrorKind};
use crate::game::Game;
use crate::moves::Move;
use crate::point::{Color, MAX_SIDE, Point};
use crate::rules::{Komi, Rules, parse_half_points};
use crate::score::GameResult;

/// One property: an identifier and its values, unescaped.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Property {
    /// The identifier, such as `B`, `AB`, `KM` (upper-case letters only; `FF[3]`
    /// lower-case letters are dropped, so `AddBlack` reads as `AB`).
    pub id: String,
    /// The values, with SGF escapes removed.
    pub values: Vec<String>,
    /// Byte offset of the identifier in the input.
    pub offset: usize,
}

/// One node: its properties and the indices of its children in the collection.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Node {
    /// Properties in input order.
    pub properties: Vec<Property>,
    /// Children, the main line first.
    pub children: Vec<usize>,
    /// Byte offset of the node's `;`.
    pub offset: usize,
}

impl Node {
    /// The first value of property `id`.
    pub fn get(&self, id: &str) -> Option<&str> {
        self.property(id)
            .and_then(|p| p.values.first())
            .map(String::as_str)
    }

    /// The property `id`.
    pub fn property(&self, id: &str) -> Option<&Property> {
        self.properties.iter().find(|p| p.id == id)
    }
}

/// A parsed SGF collection: every game tree, node and variation. Nodes live in one
/// arena and refer to their children by index.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Collection {
    /// All nodes.
    pub nodes: Vec<Node>,
    /// The root node of each game tree.
    pub roots: Vec<usize>,
}

impl Collection {
    /// Parses SGF text. Anything before the first `(` is skipped.
    ///
    /// # Errors
    /// [`SgfError`] with the offset of the first problem.
    pub fn parse(text: &str) -> Result<Collection, SgfError> {
        let mut out = Collection::default();
        // Each open tree remembers the node its first node hangs from.
        let mut stack: Vec<Option<usize>> = Vec::new();
        let mut current: Option<usize> = None;
        Reader::new(text).walk(|event| {
            match event {
                Event::TreeStart => stack.push(current),
                Event::TreeEnd => current = stack.pop().flatten(),
                Event::Node(offset) => {
                    let idx = out.nodes.len();
                    out.nodes.push(Node {
                        offset,
                        ..Node::default()
                    });
                    match current {
                        Some(parent) => out.nodes[parent].children.push(idx),
                        None => out.roots.push(idx),
                    }
                    current = Some(idx);
                }
                Event::Property(id, offset) => {
                    if let Some(node) = current.and_then(|c| out.nodes.get_mut(c)) {
                        node.properties.push(Property {
                            id: id.into_owned(),
                            values: Vec::new(),
                            offset,
                        });
                    }
                }
                Event::Value(v) => {
                    if let Some(p) = current
                        .and_then(|c| out.nodes.get_mut(c))
                        .and_then(|n| n.properties.last_mut())
                    {
                        p.values.push(v.into_owned());
                    }
                }
            }
            Ok(())
        })?;
        Ok(out)
    }

    /// The main line of the tree rooted at `root`: the root, its first child, that
    /// child's first child, and so on.
    pub fn main_line(&self, root: usize) -> impl Iterator<Item = &Node> + '_ {
        let mut next = self.nodes.get(root);
        core::iter::from_fn(move || {
            let node = next?;
            next = node.children.first().and_then(|&c| self.nodes.get(c));
            Some(node)
        })
    }
}

/// What the reader meets, in input order.
enum Event<'a> {
    /// `(`
    TreeStart,
    /// `)`
    TreeEnd,
    /// `;` at this offset
    Node(usize),
    /// A property identifier (upper-case letters only) at this offset.
    Property(Cow<'a, str>, usize),
    /// A value of the last property, unescaped (borrowed when it had no escape).
    Value(Cow<'a, str>),
}

/// Byte-level SGF reader: walks a whole collection once, without recursion and
/// without allocating for values that hold no escape.
struct Reader<'a> {
    text: &'a [u8],
    src: &'a str,
    pos: usize,
}

impl<'a> Reader<'a> {
    fn new(src: &'a str) -> Reader<'a> {
        Reader {
            text: src.as_bytes(),
            src,
            pos: 0,
        }
    }

    fn err(&self, kind: SgfErrorKind) -> SgfError {
        SgfError {
            offset: self.pos,
            kind,
        }
    }

    fn skip_ws(&mut self) {
        while self.pos < self.text.len() && self.text[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
    }

    fn peek(&self) -> Option<u8> {
        self.text.get(self.pos).copied()
    }

    fn unexpected(&self) -> SgfError {
        match self.src.get(self.pos..).and_then(|s| s.chars().next()) {
            Some(c) => self.err(SgfErrorKind::Unexpected(c)),
            None => self.err(SgfErrorKind::UnexpectedEnd),
        }
    }

    /// Collection = GameTree+; GameTree = `(` Node+ GameTree* `)`.
    fn walk(
        mut self,
        mut f: impl FnMut(Event<'a>) -> Result<(), SgfError>,
    ) -> Result<(), SgfError> {
        match self.text.iter().position(|&b| b == b'(') {
            Some(p) => self.pos = p,
            None => return Err(self.err(SgfErrorKind::NoGameTree)),
        }
        let mut depth = 0usize;
        loop {
            self.skip_ws();
            match self.peek() {
                None if depth == 0 => return Ok(()),
                Some(b'(') => {
                    if depth >= 100_000 {
                        return Err(self.err(SgfErrorKind::TooDeep));
                    }
                    depth += 1;
                    self.pos += 1;
                    f(Event::TreeStart)?;
                    self.skip_ws();
                    if self.peek() != Some(b';') {
                        return Err(self.unexpected());
                    }
                }
                Some(b')') if depth > 0 => {
                    depth -= 1;
                    self.pos += 1;
                    f(Event::TreeEnd)?;
                }
                Some(b';') if depth > 0 => {
                    f(Event::Node(self.pos))?;
                    self.pos += 1;
                    self.properties(&mut f)?;
                }
                _ => return Err(self.unexpected()),
            }
        }
    }

    fn properties(
        &mut self,
        f: &mut impl FnMut(Event<'a>) -> Result<(), SgfError>,
    ) -> Result<(), SgfError> {
        loop {
            self.skip_ws();
            match self.peek() {
                Some(c) if c.is_ascii_alphabetic() => {
                    let offset = self.pos;
                    while self.peek().is_some_and(|c| c.is_ascii_alphabetic()) {
                        self.pos += 1;
                    }
                    let raw = &self.src[offset..self.pos];
                    let id = if raw.bytes().all(|b| b.is_ascii_uppercase()) {
                        Cow::Borrowed(raw)
                    } else {
                        Cow::Owned(raw.chars().filter(char::is_ascii_uppercase).collect())
                    };
                    f(Event::Property(id, offset))?;
                    let mut values = 0;
                    loop {
                        self.skip_ws();
                        if self.peek() != Some(b'[') {
                            break;
                        }
                        let v = self.value()?;
                        f(Event::Value(v))?;
                        values += 1;
                    }
                    if values == 0 {
                        return Err(SgfError {
                            offset,
                            kind: SgfErrorKind::MissingValue,
                        });
                    }
                }
                Some(b';' | b'(' | b')') | None => return Ok(()),
                _ => return Err(self.unexpected()),
            }
        }
    }

    /// A bracketed value; `\` escapes the next character and `\` + newline is a
    /// soft line break (removed).
    fn value(&mut self) -> Result<Cow<'a, str>, SgfError> {
        self.pos += 1; // '['
        let start = self.pos;
        let mut owned: Option<String> = None;
        let mut run = start;
        loop {
            match self.peek() {
                None => {
                    return Err(SgfError {
                        offset: start - 1,
                        kind: SgfErrorKind::UnexpectedEnd,
                    });
                }
                Some(b']') => {
                    let tail = &self.src[run..self.pos];
                    self.pos += 1;
                    return Ok(match owned {
                        None => Cow::Borrowed(tail),
                        Some(mut s) => {
                            s.push_str(tail);
                            Cow::Owned(s)
                        }
                    });
                }
                Some(b'\\') => {
                    let out = owned.get_or_insert_with(String::new);
                    out.push_str(&self.src[run..self.pos]);
                    self.pos += 1;
                    match self.peek() {
                        None => {}
                        Some(b'\r' | b'\n') => {
                            let first = self.text[self.pos];
                            self.pos += 1;
                            if matches!(self.peek(), Some(c @ (b'\r' | b'\n')) if c != first) {
                                self.pos += 1;
                            }
                        }
                        Some(_) => {
                            // Copy one whole character (it may be multi-byte).
                            let ch = self.src[self.pos..].chars().next().unwrap_or('\\');
                            out.push(ch);
                            self.pos += ch.len_utf8();
                        }
                    }
                    run = self.pos;
                }
                Some(_) => self.pos += 1,
            }
        }
    }
}

/// One move of a record's main line, with its comment.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RecordedMove {
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
pub struct GameRecord {
    /// Board width (`SZ`, default 19).
    pub width: u8,
    /// Board height.
    pub height: u8,
    /// Komi (`KM`), if given.
    pub komi: Option<Komi>,
    /// Handicap (`HA`), if given.
    pub handicap: Option<u8>,
    /// The rules as written (`RU`).
    pub rules_name: Option<String>,
    /// Setup stones (`AB`, `AW`, less `AE`) placed before the first move.
    pub setup: Vec<(Point, Color)>,
    /// The colour that moves first: the first move's colour, else `PL`, else White
    /// when there is a handicap, else Black.
    pub first: Color,
    /// The main line's moves.
    pub moves: Vec<RecordedMove>,
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

impl GameRecord {
    /// An empty record for a board.
    pub fn new(width: u8, height: u8) -> GameRecord {
        GameRecord {
            width,
            height,
            komi: None,
            handicap: None,
            rules_name: None,
            setup: Vec::new(),
            first: Color::Black,
            moves: Vec::new(),
            black_name: None,
            white_name: None,
            result: None,
            comment: None,
            other: Vec::new(),
        }
    }

    /// Reads the first game of an SGF text (the whole text must be well formed).
    /// Only the first game's main line is kept, read in one pass without building
    /// the tree: the fast way to load records.
    ///
    /// # Errors
    /// [`SgfError`] for malformed text or game information (see
    /// [`GameRecord::from_collection`]).
    pub fn read(text: &str) -> Result<GameRecord, SgfError> {
        let mut reader = MainLineReader::default();
        Reader::new(text).walk(|event| reader.event(event))?;
        reader.flush()?;
        reader.builder.map(RecordBuilder::finish).ok_or(SgfError {
            offset: 0,
            kind: SgfErrorKind::NoGameTree,
        })
    }

    /// Reads every game of an SGF collection.
    ///
    /// # Errors
    /// As [`GameRecord::read`], for the first game that fails.
    pub fn read_all(text: &str) -> Result<Vec<GameRecord>, SgfError> {
        let c = Collection::parse(text)?;
        c.roots
            .iter()
            .map(|&r| GameRecord::from_collection(&c, r))
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
    pub fn from_collection(c: &Collection, root: usize) -> Result<GameRecord, SgfError> {
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

    /// The rules that the record's `RU` names (Chinese, Japanese, AGA, NZ,
    /// Tromp–Taylor; anything else gives `Rules::default()`), with its komi.
    pub fn rules_hint(&self) -> Rules {
        let name = self.rules_name.as_deref().unwrap_or("").trim();
        let lower = |s: &str| name.eq_ignore_ascii_case(s);
        let base = if lower("chinese") || lower("cn") {
            Rules::chinese()
        } else if lower("japanese") || lower("jp") {
            Rules::japanese()
        } else if lower("aga") {
            Rules::aga()
        } else if lower("nz") || lower("new zealand") {
            Rules::new_zealand()
        } else {
            Rules::tromp_taylor()
        };
        let komi = self.komi.unwrap_or(base.komi());
        let rules = base.with_komi(komi);
        if rules.validate().is_ok() {
            rules
        } else {
            base
        }
    }

    /// Plays the record's main line under `rules` (its komi replaced by the
    /// record's `KM` when given). A colour that moves twice in a row is read as if
    /// the other colour passed in between, as some editors write records.
    ///
    /// # Errors
    /// [`SgfErrorKind::Setup`] for setup stones that are not a legal position;
    /// [`SgfErrorKind::Illegal`] with the offset of the first illegal move.
    pub fn replay(&self, rules: Rules) -> Result<Game, SgfError> {
        let rules = match self.komi {
            Some(k) if rules.with_komi(k).validate().is_ok() => rules.with_komi(k),
            _ => rules,
        };
        let mut game = Game::with_setup(rules, self.width, self.height, &self.setup, self.first)
            .map_err(|e| SgfError {
                offset: 0,
                kind: match e {
                    crate::GameError::Setup(s) => SgfErrorKind::Setup(s),
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

    /// A record of a game: size, komi, rules name (for the presets), setup, moves
    /// and, when the game is over, the result.
    pub fn from_game(game: &Game) -> GameRecord {
        let b = game.board();
        let mut rec = GameRecord::new(b.width(), b.height());
        rec.komi = Some(game.rules().komi());
        rec.rules_name = preset_name(game.rules()).map(ToString::to_string);
        rec.setup = game.setup().to_vec();
        let black_setup = rec.setup.iter().filter(|(_, c)| *c == Color::Black).count();
        if black_setup >= 2
            && black_setup == rec.setup.len()
            && game.first_to_move() == Color::White
        {
            rec.handicap = Some(black_setup as u8);
        }
        rec.first = game.first_to_move();
        rec.moves = game
            .moves()
            .filter(|(_, mv)| *mv != Move::Resign)
            .map(|(color, mv)| RecordedMove {
                color,
                mv,
                comment: None,
                offset: 0,
            })
            .collect();
        rec.result = game.result().map(|r: GameResult| r.to_string());
        rec
    }

    /// The record as SGF text (`FF[4]`), one game, main line only.
    pub fn to_sgf(&self) -> String {
        let mut out = String::from("(;GM[1]FF[4]CA[UTF-8]AP[go_core:");
        out.push_str(env!("CARGO_PKG_VERSION"));
        out.push(']');
        if self.width == self.height {
            let _ = write!(out, "SZ[{}]", self.width);
        } else {
            let _ = write!(out, "SZ[{}:{}]", self.width, self.height);
        }
        if let Some(k) = self.komi {
            let _ = write!(out, "KM[{k}]");
        }
        if let Some(h) = self.handicap {
            let _ = write!(out, "HA[{h}]");
        }
        let text_props = [
            ("RU", &self.rules_name),
            ("PB", &self.black_name),
            ("PW", &self.white_name),
            ("RE", &self.result),
        ];
        for (id, value) in text_props {
            if let Some(v) = value {
                push_text(&mut out, id, v);
            }
        }
        for p in &self.other {
            out.push_str(&p.id);
            for v in &p.values {
                out.push('[');
                escape_into(&mut out, v);
                out.push(']');
            }
        }
        for color in [Color::Black, Color::White] {
            let points: Vec<Point> = self
                .setup
                .iter()
                .filter(|(_, c)| *c == color)
                .map(|(p, _)| *p)
                .collect();
            if !points.is_empty() {
                out.push_str(if color == Color::Black { "AB" } else { "AW" });
                for p in points {
                    let _ = write!(out, "[{}]", p.to_sgf(self.height));
                }
            }
        }
        let needs_pl = self.moves.is_empty() || self.first != Color::Black;
        if needs_pl {
            let _ = write!(out, "PL[{}]", self.first.letter());
        }
        if let Some(c) = &self.comment {
            push_text(&mut out, "C", c);
        }
        for m in &self.moves {
            out.push_str("\n;");
            out.push(m.color.letter());
            match m.mv {
                Move::Play(p) => {
                    let _ = write!(out, "[{}]", p.to_sgf(self.height));
                }
                _ => out.push_str("[]"),
            }
            if let Some(c) = &m.comment {
                push_text(&mut out, "C", c);
            }
        }
        out.push_str(")\n");
        out
    }
}

/// Builds a [`GameRecord`] from the main line's nodes, one node at a time.
struct RecordBuilder {
    rec: GameRecord,
    depth: usize,
    player: Option<Color>,
    /// Setup colour per point (row-major on a 25×25 grid), `None` = empty.
    setup: Vec<Option<Color>>,
    setup_order: Vec<Point>,
}

impl Default for RecordBuilder {
    fn default() -> Self {
        RecordBuilder {
            rec: GameRecord::new(19, 19),
            depth: 0,
            player: None,
            setup: alloc::vec![None; MAX_SIDE as usize * MAX_SIDE as usize],
            setup_order: Vec::new(),
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
            (self.rec.width, self.rec.height) = (w, h);
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
        let (width, height) = (self.rec.width, self.rec.height);
        let rec = &mut self.rec;
        match id {
            "B" | "W" => {
                let color = if id == "B" {
                    Color::Black
                } else {
                    Color::White
                };
                let mv = parse_move(v, width, height).ok_or(err(SgfErrorKind::BadPoint))?;
                rec.moves.push(RecordedMove {
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
                for value in values {
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
            "SZ" | "FF" | "CA" | "AP" => {}
            "KM" => {
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

    fn finish(mut self) -> GameRecord {
        let setup = &self.setup;
        self.rec.setup = self
            .setup_order
            .iter()
            .filter_map(|&pt| {
                setup[pt.row() as usize * MAX_SIDE as usize + pt.col() as usize].map(|c| (pt, c))
            })
            .collect();
        let handicapped = self.rec.handicap.is_some_and(|h| h >= 2) && !self.rec.setup.is_empty();
        self.rec.first = self
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
        self.rec
    }
}

/// Follows the main line of the first game tree through the reader's events,
/// buffering one node's properties at a time (the buffers are reused).
#[derive(Default)]
struct MainLineReader<'a> {
    builder: Option<RecordBuilder>,
    /// For each open tree: whether it is on the main line, and whether a child
    /// tree of it has started.
    levels: Vec<(bool, bool)>,
    first_tree_done: bool,
    in_node: bool,
    props: Vec<(Cow<'a, str>, usize, usize)>,
    values: Vec<Cow<'a, str>>,
}

impl<'a> MainLineReader<'a> {
    fn event(&mut self, event: Event<'a>) -> Result<(), SgfError> {
        match event {
            Event::TreeStart => {
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
            Event::TreeEnd => {
                self.flush()?;
                self.levels.pop();
                if self.levels.is_empty() {
                    self.first_tree_done = true;
                }
            }
            Event::Node(_) => {
                self.flush()?;
                // A node after a child tree is a later variation of the tree's
                // last node, so it is off the main line.
                self.in_node = self
                    .levels
                    .last()
                    .is_some_and(|&(main, had_child)| main && !had_child);
            }
            Event::Property(id, offset) if self.in_node => {
                self.props.push((id, offset, self.values.len()))
            }
            Event::Value(v) if self.in_node => self.values.push(v),
            Event::Property(..) | Event::Value(_) => {}
        }
        Ok(())
    }

    /// Hands the buffered node to the builder.
    fn flush(&mut self) -> Result<(), SgfError> {
        if !self.in_node {
            return Ok(());
        }
        self.in_node = false;
        let builder = self.builder.get_or_insert_with(RecordBuilder::default);
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

fn push_text(out: &mut String, id: &str, value: &str) {
    out.push_str(id);
    out.push('[');
    escape_into(out, value);
    out.push(']');
}

fn escape_into(out: &mut String, value: &str) {
    for ch in value.chars() {
        if ch == ']' || ch == '\\' {
            out.push('\\');
        }
        out.push(ch);
    }
}

/// The SGF `RU` name of a preset, `None` for other settings.
fn preset_name(rules: &Rules) -> Option<&'static str> {
    let same = |p: Rules| {
        p.ko() == rules.ko() && p.suicide() == rules.suicide() && p.scoring() == rules.scoring()
    };
    [
        (Rules::tromp_taylor(), "Tromp-Taylor"),
        (Rules::chinese(), "Chinese"),
        (Rules::japanese(), "Japanese"),
        (Rules::aga(), "AGA"),
        (Rules::new_zealand(), "NZ"),
    ]
    .into_iter()
    .find(|(p, _)| same(*p))
    .map(|(_, name)| name)
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
