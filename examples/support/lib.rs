//! Shared code of the repository's example programs (not published): the GTP
//! engine behind `examples/go_gtp.rs`, kept here so the tests can drive it in
//! process as well as through a pipe, and small helpers.

#![deny(missing_docs)]

pub mod bots;
pub mod go_gtp;
pub mod referee;

/// The `index`-th command-line argument (after the program name) parsed as a
/// number, or `default` when it is missing or not a number.
pub fn number_arg<T: std::str::FromStr>(index: usize, default: T) -> T {
    std::env::args()
        .nth(index + 1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(default)
}

/// Each item in its notation (moves, points, squares): `Display` into strings.
pub fn notation<T: std::fmt::Display>(items: &[T]) -> Vec<String> {
    items.iter().map(|m| m.to_string()).collect()
}
