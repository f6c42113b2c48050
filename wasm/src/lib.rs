//! The five tabletop games for JavaScript, as WebAssembly: `TabletopGame` (one game
//! kept by the `tabletop` referee: moves, chance, per-player views, the search bot,
//! undo, save and restore, Go's SGF), `games()` (the catalogue) and
//! `randomPlayouts()` (for measuring speed). Built by `scripts/build-wasm` into an
//! npm package (`wasm/pkg`); `docs/web.md` shows it in a page.
//!
//! The Rust side is [`Table`] (plain Rust, tested natively); the JavaScript side
//! wraps it.

mod js;
mod speed;
mod table;

pub use js::{TabletopGame, games, random_playouts};
pub use speed::random_playouts as native_random_playouts;
pub use table::{Table, TableError, catalogue};
