//! Nothing but the package's root: the benchmarks are the files beside it, one per
//! crate (`cargo bench -p tabletop-benches --bench NAME`).
