//! Which instruction sets the validators may use on this machine, decided once.

use std::sync::OnceLock;

/// Set to a non-empty value other than `0` to make every validator take its portable path,
/// so tests can check that the SIMD and portable paths agree on the same machine.
pub const FORCE_PORTABLE_ENV: &str = "VALID_SUDOKU_FORCE_PORTABLE";

/// True when AVX2 code may run: the CPU has it and the portable path is not forced.
#[inline]
pub fn avx2_enabled() -> bool {
    static ENABLED: OnceLock<bool> = OnceLock::new();
    *ENABLED.get_or_init(|| !portable_forced() && avx2_detected())
}

fn portable_forced() -> bool {
    std::env::var_os(FORCE_PORTABLE_ENV).is_some_and(|v| !v.is_empty() && v != "0")
}

#[cfg(target_arch = "x86_64")]
fn avx2_detected() -> bool {
    std::arch::is_x86_feature_detected!("avx2")
}

#[cfg(not(target_arch = "x86_64"))]
fn avx2_detected() -> bool {
    false
}
