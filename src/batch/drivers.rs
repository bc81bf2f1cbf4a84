//! A measuring driver for the validation kernels, run as a benchmark (not a test):
//! `cargo bench --features drivers --bench drivers -- kernels_against_a_read_pass`.

use super::kernel::{validate_blocks, Kernel};
use super::kernel_tests::boards;
use crate::cpu;
use crate::grid::CELLS;

/// `cargo bench --features drivers --bench drivers -- kernels_against_a_read_pass` prints each kernel's boards per second beside a plain read pass
/// over the same boards (the memory-read bound), and the fraction.
pub fn kernels_against_a_read_pass() {
    let count = std::env::var("BOARDS").ok().and_then(|v| v.parse().ok()).unwrap_or(1 << 20);
    let bytes = boards(count, CELLS, false, &mut 0x5EED);
    let repeats = (1 << 24) / count;
    let best = |run: &mut dyn FnMut()| {
        (0..repeats.max(7))
            .map(|_| {
                let start = std::time::Instant::now();
                run();
                start.elapsed().as_secs_f64()
            })
            .fold(f64::INFINITY, f64::min)
    };
    let read = best(&mut || {
        let words = bytes.chunks_exact(8).fold(0u64, |acc, w| acc | u64::from_le_bytes(w.try_into().unwrap_or_default()));
        std::hint::black_box(words);
    });
    println!("read pass: {:.0} M boards/s", count as f64 / read / 1e6);
    let mut kernels = vec![Kernel::Avx2];
    if cpu::avx512_detected() {
        kernels.push(Kernel::Avx512);
    }
    let mut out = vec![false; count];
    for kernel in kernels {
        let time = best(&mut || {
            for (flags, chunk) in out.chunks_mut(1024).zip(bytes.chunks(1024 * CELLS)) {
                std::hint::black_box(validate_blocks::<false>(kernel, chunk, CELLS, flags));
            }
        });
        println!("{kernel:?}: {:.0} M boards/s, {:.0}% of the read pass", count as f64 / time / 1e6, read / time * 100.0);
    }
}
