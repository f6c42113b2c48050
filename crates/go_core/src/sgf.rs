//! SGF placeholder while the reader is written.
