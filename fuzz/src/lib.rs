//! Helpers shared by the fuzz targets.

/// Reads an input one byte at a time, zero once it runs out.
pub struct Bytes<'a>(pub &'a [u8]);

impl Bytes<'_> {
    /// The next byte, or 0.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> u8 {
        match self.0.split_first() {
            Some((&b, rest)) => {
                self.0 = rest;
                b
            }
            None => 0,
        }
    }

    /// Bytes left.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether none are left.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// The `k`-th element of `list` (taken modulo its length), `None` when it is
/// empty.
pub fn pick<T: Copy>(list: &[T], k: usize) -> Option<T> {
    (!list.is_empty()).then(|| list[k % list.len()])
}
