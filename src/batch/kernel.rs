//! Which validator runs: AVX-512 where the CPU has it (F and BW), else AVX2 where it has that,
//! else the portable one, chosen once; and one SIMD block of the chosen one.

use crate::cpu;

#[cfg(target_arch = "x86_64")]
use super::thirds::Thirds;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kernel {
    /// 64 boards per step in 512-bit registers (x86-64 with AVX-512F and AVX-512BW).
    Avx512,
    /// 32 boards per step in 256-bit registers (x86-64 with AVX2).
    Avx2,
    /// One board per step in general-purpose registers; any CPU.
    Portable,
}

impl Kernel {
    pub fn name(self) -> &'static str {
        match self {
            Kernel::Avx512 => "avx512",
            Kernel::Avx2 => "avx2",
            Kernel::Portable => "portable",
        }
    }
}

/// The validator this process uses. AVX2 or not is the single-board validators' choice
/// (`crate::cpu`), so `VALID_SUDOKU_FORCE_PORTABLE` switches every path at once;
/// `VALID_SUDOKU_FORCE_AVX2` keeps the batch validators on AVX2.
pub fn kernel() -> Kernel {
    if cpu::avx512_enabled() {
        Kernel::Avx512
    } else if cpu::avx2_enabled() {
        Kernel::Avx2
    } else {
        Kernel::Portable
    }
}

/// How many blocks ahead of the one validated to prefetch, in thirds ([`Thirds`]): AVX2, and
/// AVX-512. On an AMD EPYC with AVX-512 (`batch::kernel_tests::kernels_against_a_read_pass`,
/// 1 M boards from DRAM), the AVX-512 kernel ran a fifth slower with its block prefetched at
/// once than spread; two blocks ahead measured faster than one, three or four.
#[cfg(target_arch = "x86_64")]
const AHEAD: usize = 3;
#[cfg(target_arch = "x86_64")]
const AHEAD_WIDE: usize = 2;

#[cfg(target_arch = "x86_64")]
/// Validates the boards of `flags` (a whole number of 32-board blocks; board `k` at
/// `k * stride` in `bytes`) with `kernel`'s SIMD blocks: 64 at a time with AVX-512, the last
/// 32 with AVX2. Returns false when `kernel` is portable, `bytes` is too short, or some byte is
/// outside the encoding's alphabet (values 0-9, or with `SYMBOLS` puzzle symbols); `flags` are
/// then meaningless.
pub fn validate_blocks<const SYMBOLS: bool>(kernel: Kernel, bytes: &[u8], stride: usize, flags: &mut [bool]) -> bool {
    use super::avx512;
    let wide = if kernel == Kernel::Avx512 { flags.len() / avx512::LANES * avx512::LANES } else { 0 };
    let (wide_flags, narrow_flags) = flags.split_at_mut(wide);
    for (block, flags) in wide_flags.chunks_exact_mut(avx512::LANES).enumerate() {
        let Ok(flags) = <&mut [bool; avx512::LANES]>::try_from(flags) else { return false };
        // Empty past the end of `bytes`: the block checks its length (below), and there is
        // nothing to prefetch beyond the last block.
        let here = bytes.get(block * avx512::LANES * stride..).unwrap_or_default();
        let ahead = AHEAD_WIDE * avx512::LANES * stride;
        let next = Thirds::new(here.get(ahead..ahead + avx512::LANES * stride).unwrap_or_default());
        // SAFETY: the kernel is Avx512 (`wide` is zero otherwise) only where
        // `is_x86_feature_detected!` found AVX-512F, AVX-512BW and AVX2. The block checks that
        // `here` holds it before reading.
        if !unsafe { avx512::validate_block::<SYMBOLS>(here, stride, flags, next) } {
            return false;
        }
    }
    if kernel == Kernel::Portable {
        return false;
    }
    // Empty when short, which the AVX2 blocks check as the wide ones do.
    let bytes = bytes.get(wide * stride..).unwrap_or_default();
    // SAFETY: the kernel is Avx2 or Avx512 (checked above), chosen only where
    // `is_x86_feature_detected!("avx2")` said so.
    unsafe { avx2_blocks::<SYMBOLS>(bytes, stride, narrow_flags) }
}

/// [`validate_blocks`]' AVX2 steps, in a function of their own compiled for AVX2, so that
/// the block inlines into the loop (no call and no `vzeroupper` per block).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn avx2_blocks<const SYMBOLS: bool>(bytes: &[u8], stride: usize, flags: &mut [bool]) -> bool {
    use super::avx2;
    for (block, flags) in flags.chunks_mut(avx2::LANES).enumerate() {
        let Ok(flags) = <&mut [bool; avx2::LANES]>::try_from(flags) else { return false };
        // Empty past the end, as above.
        let here = bytes.get(block * avx2::LANES * stride..).unwrap_or_default();
        let ahead = AHEAD * avx2::LANES * stride;
        let next = Thirds::new(here.get(ahead..ahead + avx2::LANES * stride).unwrap_or_default());
        // The block checks `here`'s length first.
        if !avx2::validate_block::<SYMBOLS>(here, stride, flags, next) {
            return false;
        }
    }
    true
}
