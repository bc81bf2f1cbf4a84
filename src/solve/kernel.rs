//! The steps of propagation that some CPUs do in fewer instructions, behind one small trait:
//! the search is generic over it, so the copy compiled for AVX2 and BMI2
//! (`search::search_bmi2`) uses BMI2's bit extraction and AVX2's eight lanes, and the portable
//! copy never does.
//!
//! A kernel is a value, not only a type: [`Avx2Bmi2`] can be made only where the CPU has AVX2
//! and BMI2, so its safe methods are sound wherever they are called. Tests check each kernel against
//! [`Portable`] on every input shape (and the two searches against each other).

use super::clear;
use super::tables::ROW_TRIADS;
use crate::grid::SIDE;

/// One step of propagation, done one way or another; every kernel gives the same answers.
pub trait Kernel: Copy {
    /// The triads (bit `3 * row + box`) in which a band mask (27 bits) has a cell.
    fn band_triads(self, mask: u32) -> usize;

    /// [`Kernel::band_triads`] of two band masks at once, in the halves of one word (bits
    /// 0-26 and 32-58).
    fn band_triads_pair(self, pair: u64) -> [usize; 2];

    /// The nine bits of each half of a word (bits 0-8 and 32-40) packed together, bits 0-17:
    /// two bands' occupied columns, folded in one word, as one mask.
    fn pack_halves(self, word: u64) -> u32;

    /// [`Kernel::pack_halves`] undone: bits 0-8 of `bits` to bits 0-8, bits 9-17 to bits
    /// 32-40.
    fn unpack_halves(self, bits: u32) -> u64;

    /// The column triads of one stack (bit `3 * band + column`, column 0-2 within the stack)
    /// from a digit's occupied columns band by band (`cols`, bit `9 * band + column`).
    fn stack_triads(self, cols: u32, stack: usize) -> usize;

    /// [`clear::clear_cells`]: takes `cells` out of every digit's masks but `digit`'s.
    fn clear_cells(self, digits: &mut [[u32; 3]; SIDE], cells: [u32; 3], digit: usize) -> u32;
}

/// The base instruction set: table lookups and shifts.
#[derive(Clone, Copy, Debug)]
pub struct Portable;

impl Kernel for Portable {
    #[inline(always)]
    fn band_triads(self, mask: u32) -> usize {
        usize::from(ROW_TRIADS[(mask & 0x1FF) as usize])
            | usize::from(ROW_TRIADS[((mask >> 9) & 0x1FF) as usize]) << 3
            | usize::from(ROW_TRIADS[((mask >> 18) & 0x1FF) as usize]) << 6 & 0x1FF
    }

    #[inline(always)]
    fn band_triads_pair(self, pair: u64) -> [usize; 2] {
        [self.band_triads(pair as u32), self.band_triads((pair >> 32) as u32)]
    }

    #[inline(always)]
    fn pack_halves(self, word: u64) -> u32 {
        (word as u32 & 0x1FF) | ((word >> 23) as u32 & (0x1FF << 9))
    }

    #[inline(always)]
    fn unpack_halves(self, bits: u32) -> u64 {
        u64::from(bits & 0x1FF) | u64::from(bits >> 9 & 0x1FF) << 32
    }

    #[inline(always)]
    fn stack_triads(self, cols: u32, stack: usize) -> usize {
        let t = cols >> (3 * stack) & 0o007_007_007;
        ((t | t >> 6 | t >> 12) & 0x1FF) as usize
    }

    #[inline(always)]
    fn clear_cells(self, digits: &mut [[u32; 3]; SIDE], cells: [u32; 3], digit: usize) -> u32 {
        clear::clear_cells(digits, cells, digit)
    }
}

/// AVX2 and BMI2: a triad matrix is nine scattered bits of a mask, gathered by one `pext`; the
/// steps over all 27 masks take eight a register.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy, Debug)]
pub struct Avx2Bmi2(());

#[cfg(target_arch = "x86_64")]
impl Avx2Bmi2 {
    /// The kernel, where the CPU has AVX2 and BMI2 (for tests: the search also honours the
    /// variable that forces portable code, see `search::bmi2_available`).
    #[cfg(test)]
    pub fn detected() -> Option<Avx2Bmi2> {
        (crate::cpu::avx2_detected() && std::arch::is_x86_feature_detected!("bmi2")).then_some(Avx2Bmi2(()))
    }

    /// The kernel, unchecked.
    ///
    /// # Safety
    /// The CPU must have AVX2 and BMI2.
    #[inline(always)]
    pub unsafe fn new_unchecked() -> Avx2Bmi2 {
        Avx2Bmi2(())
    }
}

#[cfg(target_arch = "x86_64")]
impl Kernel for Avx2Bmi2 {
    #[inline(always)]
    fn band_triads(self, mask: u32) -> usize {
        // A triad's three cells folded onto its first, bit `9 * row + 3 * box`.
        let folded = mask | mask >> 1 | mask >> 2;
        // SAFETY: an `Avx2Bmi2` exists only where the CPU has AVX2 and BMI2 (see its
        // constructors).
        unsafe { pext(folded, 0o111_111_111) as usize }
    }

    #[inline(always)]
    fn band_triads_pair(self, pair: u64) -> [usize; 2] {
        // As in `band_triads`, both halves at once: the folds carry band 1's cells into band
        // 0's bits 27-31 only, which the extraction skips.
        let folded = pair | pair >> 1 | pair >> 2;
        // SAFETY: as in `band_triads`.
        let triads = unsafe { pext64(folded, 0o111_111_111 << 32 | 0o111_111_111) } as usize;
        [triads & 0x1FF, triads >> 9]
    }

    #[inline(always)]
    fn pack_halves(self, word: u64) -> u32 {
        // SAFETY: as in `band_triads`.
        unsafe { pext64(word, HALVES) as u32 }
    }

    #[inline(always)]
    fn unpack_halves(self, bits: u32) -> u64 {
        // SAFETY: as in `band_triads`.
        unsafe { pdep64(u64::from(bits), HALVES) }
    }

    #[inline(always)]
    fn stack_triads(self, cols: u32, stack: usize) -> usize {
        // SAFETY: as in `band_triads`.
        unsafe { pext(cols, 0o007_007_007 << (3 * stack)) as usize }
    }

    #[inline(always)]
    fn clear_cells(self, digits: &mut [[u32; 3]; SIDE], cells: [u32; 3], digit: usize) -> u32 {
        // SAFETY: as in `band_triads`.
        unsafe { clear::clear_cells_avx2(digits, cells, digit) }
    }
}

/// BMI2's parallel bit extract, inlined where the caller is compiled for BMI2.
///
/// # Safety
/// The CPU must have BMI2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2")]
#[inline]
unsafe fn pext(x: u32, mask: u32) -> u32 {
    std::arch::x86_64::_pext_u32(x, mask)
}

/// The bits [`Kernel::pack_halves`] keeps.
#[cfg(target_arch = "x86_64")]
const HALVES: u64 = 0x1FF << 32 | 0x1FF;

/// BMI2's parallel bit deposit on 64 bits.
///
/// # Safety
/// The CPU must have BMI2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2")]
#[inline]
unsafe fn pdep64(x: u64, mask: u64) -> u64 {
    std::arch::x86_64::_pdep_u64(x, mask)
}

/// [`pext`] on 64 bits.
///
/// # Safety
/// The CPU must have BMI2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2")]
#[inline]
unsafe fn pext64(x: u64, mask: u64) -> u64 {
    std::arch::x86_64::_pext_u64(x, mask)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_avx2_bmi2_kernel_agrees_with_the_portable_one() {
        let Some(bmi2) = Avx2Bmi2::detected() else {
            eprintln!("no AVX2 and BMI2 on this CPU: that kernel is not tested here");
            return;
        };
        // Every row value beside varied others, then random masks of every density.
        for a in 0..512u32 {
            for b in [0, 1, 0o123, 0o400, 0o777, a ^ 0o525] {
                for m in [a | b << 9 | (a ^ b) << 18, b | a << 9, a << 18 | b, a | a << 9 | a << 18] {
                    assert_eq!(bmi2.band_triads(m), Portable.band_triads(m), "{m:#o}");
                    for stack in 0..3 {
                        assert_eq!(bmi2.stack_triads(m, stack), Portable.stack_triads(m, stack), "{m:#o} {stack}");
                    }
                    for pair in [u64::from(m) | u64::from(a) << 32, u64::from(b) | u64::from(m) << 32] {
                        assert_eq!(bmi2.band_triads_pair(pair), Portable.band_triads_pair(pair), "{pair:#o}");
                        assert_eq!(bmi2.pack_halves(pair), Portable.pack_halves(pair), "{pair:#o}");
                    }
                    assert_eq!(bmi2.unpack_halves(m), Portable.unpack_halves(m), "{m:#o}");
                }
            }
        }
        let mut rng = Rng::new(22);
        for _ in 0..100_000 {
            let m = (rng.next_u64() & rng.next_u64() >> 7) as u32 & ((1 << 27) - 1);
            assert_eq!(bmi2.band_triads(m), Portable.band_triads(m), "{m:#o}");
            let pair = rng.next_u64() & rng.next_u64() >> 3 & (0x7FF_FFFF << 32 | 0x7FF_FFFF);
            assert_eq!(bmi2.band_triads_pair(pair), Portable.band_triads_pair(pair), "{pair:#o}");
            for stack in 0..3 {
                assert_eq!(bmi2.stack_triads(m, stack), Portable.stack_triads(m, stack), "{m:#o} {stack}");
            }
        }
    }
}
