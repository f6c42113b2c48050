//! SGF (`FF[4]`) game records (ruling G10): a parser for whole collections that keeps
//! every node and variation, an [`SgfGame`] for the main line of a game (size,
//! komi, handicap, setup, moves, names, result, rules and comments), replay into a
//! [`Game`](crate::Game), and a writer. The reader is in `sgf/parse.rs`, the game
//! record in `sgf/record.rs`, the writer in `sgf/write.rs`.
//!
//! ```
//! use go_core::sgf::SgfGame;
//! use go_core::Rules;
//! let text = "(;GM[1]FF[4]SZ[9]KM[6.5]PB[Ann]PW[Bob];B[ee]C[tengen];W[cc];B[])";
//! let record = SgfGame::read(text)?;
//! assert_eq!(record.black_name.as_deref(), Some("Ann"));
//! assert_eq!(record.moves[0].comment.as_deref(), Some("tengen"));
//! let game = record.replay(Rules::default())?;
//! assert_eq!(game.move_count(), 3);
//! let again = SgfGame::read(&record.to_sgf())?;
//! assert_eq!(again.replay(Rules::default())?, game);
//! # Ok::<(), go_core::SgfError>(())
//! ```
//!
//! Malformed text is an [`SgfError`](crate::SgfError) with the byte offset of the problem; the parser
//! never recurses on the input's nesting, so no input can exhaust the stack.

#[cfg(feature = "charsets")]
mod charset;
mod parse;
mod record;
mod write;

#[cfg(feature = "charsets")]
pub use charset::decode;
pub use parse::{Collection, Node, Property, Reading};
pub use record::{SgfGame, SgfMove};
