//! The five tabletop games for JavaScript, as WebAssembly: `TabletopGame` (one game
//! kept by the `tabletop` referee: moves, chance, per-player views, the search bot,
//! undo, save and restore, Go's SGF), `games()` (the catalogue) and
//! `randomPlayouts()` (for measuring speed). Built by `scripts/build-wasm` into an
//! npm package (`wasm/pkg`); `docs/web.md` shows it in a page.
//!
//! The Rust side is [`Table`] (plain Rust: the referee's requests and answers as
//! JSON values); the JavaScript side wraps it. `wasm/tests/node.mjs` tests both
//! through the built package, `wasm/tests/types.ts` the TypeScript declarations,
//! `web/tests` the page in Chromium.

mod js;
mod speed;
mod table;

pub use js::{TabletopGame, games, random_playouts};
pub use speed::random_playouts as native_random_playouts;
pub use table::{Table, TableError, catalogue};
