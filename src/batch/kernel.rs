//! Which validator runs: AVX2 where the CPU has it, the portable one elsewhere, chosen once.

use std::sync::OnceLock;

/// Set to `1` to force the portable validator even where AVX2 is available. Read once, at the
/// first batch call of the process. A test-only switch: it exists so that the test suite and
/// the benchmark can compare the two paths on one machine.
pub const FORCE_PORTABLE_VAR: &str = "VALID_SUDOKU_FORCE_PORTABLE";

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kernel {
    /// 32 boards per step in 256-bit registers (x86-64 with AVX2).
    Avx2,
    /// One board per step in general-purpose registers; any CPU.
    Portable,
}

impl Kernel {
    pub fn name(self) -> &'static str {
        match self {
            Kernel::Avx2 => "avx2",
            Kernel::Portable => "portable",
        }
    }
}

/// The validator this process uses.
pub fn kernel() -> Kernel {
    static CHOSEN: OnceLock<Kernel> = OnceLock::new();
    *CHOSEN.get_or_init(|| {
        let forced = std::env::var_os(FORCE_PORTABLE_VAR).is_some_and(|value| value == "1");
        if !forced && has_avx2() {
            Kernel::Avx2
        } else {
            Kernel::Portable
        }
    })
}

#[cfg(target_arch = "x86_64")]
fn has_avx2() -> bool {
    std::arch::is_x86_feature_detected!("avx2")
}

#[cfg(not(target_arch = "x86_64"))]
fn has_avx2() -> bool {
    false
}
