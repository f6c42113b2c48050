//! Nothing but tests: see `tests/referee.rs`. The referee binary they drive is the
//! workspace's `examples/referee` (built by `cargo test --workspace`).
