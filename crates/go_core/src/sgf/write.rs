//! Writing SGF: a game record as `FF[4]` text.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Write as _;

use super::SgfGame;
use crate::moves::Move;
use crate::player::Color;
use crate::point::Point;

impl SgfGame {
    /// The record as SGF text (`FF[4]`), one game, main line only.
    pub fn to_sgf(&self) -> String {
        let mut out = String::from("(;GM[1]FF[4]CA[UTF-8]AP[go_core:");
        out.push_str(env!("CARGO_PKG_VERSION"));
        out.push(']');
        let (width, height) = (self.setup.width, self.setup.height);
        if width == height {
            let _ = write!(out, "SZ[{width}]");
        } else {
            let _ = write!(out, "SZ[{width}:{height}]");
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
        for color in Color::all() {
            let points: Vec<Point> = self
                .setup
                .stones
                .iter()
                .filter(|(_, c)| *c == color)
                .map(|(p, _)| *p)
                .collect();
            if !points.is_empty() {
                out.push_str(if color == Color::Black { "AB" } else { "AW" });
                for p in points {
                    let _ = write!(out, "[{}]", p.to_sgf(height));
                }
            }
        }
        let needs_pl = self.moves.is_empty() || self.setup.to_move != Color::Black;
        if needs_pl {
            let _ = write!(out, "PL[{}]", self.setup.to_move.letter());
        }
        if let Some(c) = &self.comment {
            push_text(&mut out, "C", c);
        }
        for m in &self.moves {
            out.push_str("\n;");
            out.push(m.color.letter());
            match m.mv {
                Move::Play(p) => {
                    let _ = write!(out, "[{}]", p.to_sgf(height));
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
