//! Which instruction sets the validators may use on this machine, decided once.

use std::sync::OnceLock;

/// Set to a non-empty value other than `0` to make every validator take its portable path,
/// so tests can check that the SIMD and portable paths agree on the same machine.
pub const FORCE_PORTABLE_ENV: &str = "VALID_SUDOKU_FORCE_PORTABLE";

/// Set to a non-empty value other than `0` to keep the batch validators on AVX2 where the CPU
/// also has AVX-512, so tests can check the AVX2 kernels on such a machine too.
pub const FORCE_AVX2_ENV: &str = "VALID_SUDOKU_FORCE_AVX2";

/// True when AVX-512 code (F and BW) may run: AVX2 may ([`avx2_enabled`]), the CPU has
/// AVX-512F and AVX-512BW, and AVX2 is not forced.
#[inline]
pub fn avx512_enabled() -> bool {
    static ENABLED: OnceLock<bool> = OnceLock::new();
    *ENABLED.get_or_init(|| avx2_enabled() && !flag_set(FORCE_AVX2_ENV) && avx512_detected())
}

/// True when the CPU has AVX-512F and AVX-512BW, whatever the environment says: for tests,
/// which run every kernel the machine can.
#[cfg(target_arch = "x86_64")]
pub fn avx512_detected() -> bool {
    std::arch::is_x86_feature_detected!("avx512f") && std::arch::is_x86_feature_detected!("avx512bw") && avx2_detected()
}

#[cfg(not(target_arch = "x86_64"))]
pub fn avx512_detected() -> bool {
    false
}

/// True when AVX-512 VBMI code (byte shuffles across a whole register) may run: AVX-512 may
/// ([`avx512_enabled`]) and the CPU has VBMI.
#[inline]
pub fn vbmi_enabled() -> bool {
    static ENABLED: OnceLock<bool> = OnceLock::new();
    *ENABLED.get_or_init(|| avx512_enabled() && vbmi_detected())
}

/// True when the CPU has AVX-512F, BW and VBMI, whatever the environment says (for tests).
#[cfg(target_arch = "x86_64")]
pub fn vbmi_detected() -> bool {
    avx512_detected() && std::arch::is_x86_feature_detected!("avx512vbmi")
}

#[cfg(not(target_arch = "x86_64"))]
pub fn vbmi_detected() -> bool {
    false
}

/// True when AVX2 code may run: the CPU has it and the portable path is not forced.
#[inline]
pub fn avx2_enabled() -> bool {
    static ENABLED: OnceLock<bool> = OnceLock::new();
    *ENABLED.get_or_init(|| !portable_forced() && avx2_detected())
}

fn portable_forced() -> bool {
    flag_set(FORCE_PORTABLE_ENV)
}

fn flag_set(name: &str) -> bool {
    std::env::var_os(name).is_some_and(|v| !v.is_empty() && v != "0")
}

/// True when the CPU has AVX2, whatever the environment says (for tests).
#[cfg(target_arch = "x86_64")]
pub fn avx2_detected() -> bool {
    std::arch::is_x86_feature_detected!("avx2")
}

#[cfg(not(target_arch = "x86_64"))]
pub fn avx2_detected() -> bool {
    false
}
