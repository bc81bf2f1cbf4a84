//! Prefetching the blocks a SIMD kernel reads next, a third at a time: shared by the batch
//! validators (`avx2`, `avx512`, driven by `kernel`) and the solution kernels
//! (`crate::score`), in a file of its own so that none of them imports another in a loop.

/// Asks for `bytes` to be brought into cache ahead of use (SSE, which every x86-64 has).
///
/// The hardware prefetcher alone falls behind on the kernels' access pattern (strided loads
/// across a block): from DRAM the AVX2 kernel ran at a third of its in-cache speed.
#[inline]
fn prefetch(bytes: &[u8]) {
    for line in bytes.chunks(64) {
        // SAFETY: a prefetch is a hint; it never faults, and the address is inside `bytes`.
        unsafe { std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(line.as_ptr().cast()) };
    }
}

/// The bytes of a block to come, prefetched a third at a time: one third before each of a
/// kernel's three 32-byte windows. Asked for at once, a block's 41 cache lines (81 for a pair
/// of boards) fill the core's queue of misses and stall the loads of the block at hand; so
/// spread, the AVX2 validator ran about a tenth faster from DRAM, and the solution kernel (which
/// was faster with no prefetch at all than with one at once) about a fifth
/// (`benches/bench_batch.py`, `benches/bench_scoring.py`, this AMD EPYC).
pub(crate) struct Thirds<'a>(std::slice::Chunks<'a, u8>);

impl<'a> Thirds<'a> {
    pub(crate) fn new(bytes: &'a [u8]) -> Self {
        Self(bytes.chunks(bytes.len().div_ceil(3).next_multiple_of(64).max(64)))
    }

    /// Prefetches the next third; nothing once all three are asked for.
    #[inline]
    pub(crate) fn fetch_third(&mut self) {
        prefetch(self.0.next().unwrap_or_default());
    }
}

#[cfg(test)]
mod tests {
    use super::Thirds;

    #[test]
    fn thirds_cover_every_line_of_a_block_in_three_steps() {
        for len in [0usize, 1, 63, 64, 65, 2592, 2624, 5184] {
            let bytes = vec![0u8; len];
            let parts: Vec<&[u8]> = Thirds::new(&bytes).0.collect();
            assert!(parts.len() <= 3, "{len}: {} parts", parts.len());
            assert_eq!(parts.iter().map(|part| part.len()).sum::<usize>(), len);
            assert!(parts.iter().rev().skip(1).all(|part| part.len() % 64 == 0), "{len}: whole lines but the last");
        }
        let mut thirds = Thirds::new(&[0u8; 10]);
        for _ in 0..5 {
            thirds.fetch_third();
        }
    }
}
