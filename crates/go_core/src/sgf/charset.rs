//! Records in another character set than UTF-8 (feature `charsets`): the root's
//! `CA` names it, and the bytes are decoded before they are read. Every
//! character set the WHATWG Encoding Standard names is known (GB2312 and GBK,
//! GB18030, Big5, Shift_JIS, EUC-JP, EUC-KR, ISO-8859-x, windows-125x, KOI8-R,
//! …), by any of its labels, through `encoding_rs`.

use alloc::borrow::Cow;
use alloc::string::String;

use encoding_rs::{Encoding, UTF_8};

use super::parse::{Collection, Reading};
use super::record::SgfGame;
use crate::error::{SgfError, SgfErrorKind};

/// The text of an SGF record given as bytes: decoded from the character set the
/// first `CA` property names (UTF-8 when there is none). Malformed sequences
/// become U+FFFD, as the Encoding Standard decodes them.
///
/// # Errors
/// [`SgfErrorKind::UnknownCharset`] at the `CA` value when it names no character
/// set.
pub fn decode(bytes: &[u8]) -> Result<Cow<'_, str>, SgfError> {
    let encoding = match charset_label(bytes) {
        None => UTF_8,
        Some((offset, label)) => Encoding::for_label(label).ok_or(SgfError {
            offset,
            kind: SgfErrorKind::UnknownCharset,
        })?,
    };
    Ok(if encoding == UTF_8 {
        String::from_utf8_lossy(bytes)
    } else {
        encoding.decode_without_bom_handling(bytes).0
    })
}

/// The value of the first `CA` property, with its offset. Character sets that
/// SGF files use are ASCII-compatible, so the property can be found in the bytes
/// before they are decoded.
fn charset_label(bytes: &[u8]) -> Option<(usize, &[u8])> {
    let mut from = 0;
    while let Some(k) = bytes[from..].windows(2).position(|w| w == b"CA") {
        let at = from + k;
        from = at + 2;
        if at > 0 && bytes[at - 1].is_ascii_alphabetic() {
            continue;
        }
        let rest = &bytes[from..];
        let open = rest.iter().take_while(|b| b.is_ascii_whitespace()).count();
        if rest.get(open) != Some(&b'[') {
            continue;
        }
        let value = &rest[open + 1..];
        let end = value.iter().position(|&b| b == b']')?;
        let start = from + open + 1;
        return Some((start, value[..end].trim_ascii()));
    }
    None
}

impl SgfGame {
    /// [`SgfGame::read`] of a record given as bytes in the character set its `CA`
    /// names ([`decode`](super::decode)); error offsets are in the decoded text.
    ///
    /// ```
    /// use go_core::sgf::SgfGame;
    /// // "PB[Cho]" with Cho written in ISO-8859-1 as "Ch\xf4".
    /// let bytes = b"(;GM[1]FF[4]CA[ISO-8859-1]PB[Ch\xf4];B[pd])";
    /// let g = SgfGame::read_bytes(bytes)?;
    /// assert_eq!(g.black_name.as_deref(), Some("Ch\u{f4}"));
    /// # Ok::<(), go_core::SgfError>(())
    /// ```
    ///
    /// # Errors
    /// As [`decode`](super::decode) and [`SgfGame::read`].
    pub fn read_bytes(bytes: &[u8]) -> Result<SgfGame, SgfError> {
        SgfGame::read(&decode(bytes)?)
    }
}

impl Collection {
    /// [`Collection::parse`] of a collection given as bytes in the character set
    /// its first `CA` names ([`decode`](super::decode)).
    ///
    /// # Errors
    /// As [`decode`](super::decode) and [`Collection::parse`].
    pub fn parse_bytes(bytes: &[u8]) -> Result<Collection, SgfError> {
        Collection::parse_with(&decode(bytes)?, Reading::Lenient)
    }
}
