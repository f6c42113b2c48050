//! The SGF reader: a byte-level tokenizer that walks a whole collection once,
//! without recursion, and the [`Collection`] tree built from it (every game tree,
//! node and variation).

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

use crate::error::{SgfError, SgfErrorKind};

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

/// How the reader treats text that breaks the SGF grammar the way programs in
/// the wild write it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Reading {
    /// As programs write SGF: a `]` inside a value that is not followed by what
    /// may follow a value — another value, a property (letters, then `[`), a
    /// node, a tree's start or end, or the end of the text — is part of the value
    /// (an unescaped `]` in a comment, as some editors write); a move (`B`, `W`)
    /// given more than one value is its first value, spaces around a move's
    /// letters are dropped, and text before the first game tree is skipped.
    #[default]
    Lenient,
    /// The SGF grammar only: the first unescaped `]` ends a value, a move with
    /// more than one value is an error
    /// ([`SgfErrorKind::TooManyValues`](crate::SgfErrorKind::TooManyValues)), and
    /// so is a move with spaces around its letters or an escape (`\`) in it, and
    /// text other than white space before the first game tree.
    Strict,
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
    /// Parses SGF text, leniently ([`Reading::Lenient`]). Anything before the
    /// first `(` is skipped.
    ///
    /// # Errors
    /// [`SgfError`] with the offset of the first problem.
    pub fn parse(text: &str) -> Result<Collection, SgfError> {
        Collection::parse_with(text, Reading::Lenient)
    }

    /// Parses SGF text as `reading` says.
    ///
    /// ```
    /// use go_core::sgf::{Collection, Reading};
    /// let text = "(;GM[1]C[see [1] above])";
    /// let c = Collection::parse(text)?;
    /// assert_eq!(c.nodes[0].get("C"), Some("see [1] above"));
    /// assert!(Collection::parse_with(text, Reading::Strict).is_err());
    /// # Ok::<(), go_core::SgfError>(())
    /// ```
    ///
    /// # Errors
    /// As [`Collection::parse`].
    pub fn parse_with(text: &str, reading: Reading) -> Result<Collection, SgfError> {
        let mut out = Collection::default();
        // Each open tree remembers the node its first node hangs from.
        let mut stack: Vec<Option<usize>> = Vec::new();
        let mut current: Option<usize> = None;
        Reader::new(text, reading).walk(|event| {
            match event {
                Token::TreeStart => stack.push(current),
                Token::TreeEnd => current = stack.pop().flatten(),
                Token::Node(offset) => {
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
                Token::Property(id, offset) => {
                    if let Some(node) = current.and_then(|c| out.nodes.get_mut(c)) {
                        node.properties.push(Property {
                            id: id.into_owned(),
                            values: Vec::new(),
                            offset,
                        });
                    }
                }
                Token::Value(v) => {
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
pub(super) enum Token<'a> {
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
pub(super) struct Reader<'a> {
    text: &'a [u8],
    src: &'a str,
    pos: usize,
    reading: Reading,
}

impl<'a> Reader<'a> {
    pub(super) fn new(src: &'a str, reading: Reading) -> Reader<'a> {
        Reader {
            text: src.as_bytes(),
            src,
            pos: 0,
            reading,
        }
    }

    /// Whether a `]` just before `at` ends its value: always when strict; when
    /// lenient, if what follows may follow a value.
    fn closes_value(&self, at: usize) -> bool {
        if self.reading == Reading::Strict {
            return true;
        }
        let rest = &self.text[at..];
        let mut i = rest.iter().take_while(|b| b.is_ascii_whitespace()).count();
        match rest.get(i) {
            None | Some(b'[' | b';' | b'(' | b')') => true,
            Some(c) if c.is_ascii_alphabetic() => {
                i += rest[i..]
                    .iter()
                    .take_while(|b| b.is_ascii_alphabetic())
                    .count();
                i += rest[i..]
                    .iter()
                    .take_while(|b| b.is_ascii_whitespace())
                    .count();
                rest.get(i) == Some(&b'[')
            }
            Some(_) => false,
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
    pub(super) fn walk(
        mut self,
        mut f: impl FnMut(Token<'a>) -> Result<(), SgfError>,
    ) -> Result<(), SgfError> {
        match self.text.iter().position(|&b| b == b'(') {
            Some(p) => {
                // Strictly, only white space (and a byte-order mark) may come
                // before the collection; leniently, anything (a mail header, a
                // web page's text).
                let before = self.src[..p].trim_start_matches('\u{feff}');
                if self.reading == Reading::Strict && !before.trim().is_empty() {
                    self.pos = before.len() - before.trim_start().len() + (p - before.len());
                    return Err(self.unexpected());
                }
                self.pos = p;
            }
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
                    f(Token::TreeStart)?;
                    self.skip_ws();
                    if self.peek() != Some(b';') {
                        return Err(self.unexpected());
                    }
                }
                Some(b')') if depth > 0 => {
                    depth -= 1;
                    self.pos += 1;
                    f(Token::TreeEnd)?;
                }
                Some(b';') if depth > 0 => {
                    f(Token::Node(self.pos))?;
                    self.pos += 1;
                    self.properties(&mut f)?;
                }
                _ => return Err(self.unexpected()),
            }
        }
    }

    fn properties(
        &mut self,
        f: &mut impl FnMut(Token<'a>) -> Result<(), SgfError>,
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
                    // Strictly, a move is a point or nothing: no escapes in it.
                    let escapes =
                        self.reading == Reading::Lenient || !matches!(id.as_ref(), "B" | "W");
                    f(Token::Property(id, offset))?;
                    let mut values = 0;
                    loop {
                        self.skip_ws();
                        if self.peek() != Some(b'[') {
                            break;
                        }
                        let v = self.value(escapes)?;
                        f(Token::Value(v))?;
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
    /// soft line break (removed) — unless `escapes` is false (a move read
    /// strictly), where a `\` is an error.
    fn value(&mut self, escapes: bool) -> Result<Cow<'a, str>, SgfError> {
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
                Some(b']') if !self.closes_value(self.pos + 1) => self.pos += 1,
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
                Some(b'\\') if !escapes => {
                    return Err(SgfError {
                        offset: self.pos,
                        kind: SgfErrorKind::BadPoint,
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
