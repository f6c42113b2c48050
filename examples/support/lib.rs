//! Shared code of the repository's example programs (not published): the GTP
//! engine behind `examples/go_gtp.rs`, kept here so the tests can drive it in
//! process as well as through a pipe.

#![deny(missing_docs)]

pub mod go_gtp;
