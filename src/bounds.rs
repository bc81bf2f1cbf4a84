//! Reads whose bound the code around them guarantees, where a plain index would put a panic
//! on a path Python input reaches.
//!
//! A miss is a bug here, never bad input: debug builds (`cargo test`, the fuzzers) fail at the
//! caller, so the bug is seen; release builds answer the fallback rather than take the
//! interpreter down. Where the bound is obvious from the types (a fixed-size array indexed by
//! a loop over its length), the code indexes plainly or iterates instead.

/// An `Option` that is `Some` unless the surrounding code has a bug.
pub(crate) trait Known<T> {
    /// The value, or `T::default()` after a failed `debug_assert!`.
    fn known(self) -> T
    where
        T: Default;

    /// The value, or `fallback` after a failed `debug_assert!`.
    fn known_or(self, fallback: T) -> T;
}

impl<T> Known<T> for Option<T> {
    #[inline]
    #[track_caller]
    fn known(self) -> T
    where
        T: Default,
    {
        self.known_or_else(T::default)
    }

    #[inline]
    #[track_caller]
    fn known_or(self, fallback: T) -> T {
        self.known_or_else(|| fallback)
    }
}

trait KnownOrElse<T> {
    fn known_or_else(self, fallback: impl FnOnce() -> T) -> T;
}

impl<T> KnownOrElse<T> for Option<T> {
    #[inline]
    #[track_caller]
    fn known_or_else(self, fallback: impl FnOnce() -> T) -> T {
        match self {
            Some(value) => value,
            None => {
                debug_assert!(false, "a read within a bound the caller guarantees missed");
                fallback()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Known;

    #[test]
    fn a_hit_is_the_value() {
        assert_eq!([1u8, 2, 3].get(1..).known(), &[2, 3]);
        assert_eq!([3u8, 7].get(1).copied().known_or(9), 7);
    }

    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "a read within a bound the caller guarantees missed")]
    fn a_miss_is_seen_in_debug_builds() {
        let _ = [1u8].get(5).copied().known();
    }

    #[test]
    #[cfg(not(debug_assertions))]
    fn a_miss_is_the_fallback_in_release_builds() {
        assert_eq!([1u8].get(5).copied().known_or(9), 9);
    }
}
