//! A measuring driver for the scoring kernels, run as a benchmark (not a test):
//! `cargo bench --features drivers --bench drivers -- solutions_against_the_validator`.

use super::kernel_tests::pairs;
use super::solution_chunk;
use crate::batch;
use crate::grid::CELLS;

/// `cargo bench --features drivers --bench drivers -- solutions_against_the_validator` prints `solution_chunk`'s pairs per second beside the batch
/// validator's boards per second on the candidates alone, both in the driver's 1,024-board
/// chunks (`PAIRS` sets the number of pairs; the default is out of cache).
pub fn solutions_against_the_validator() {
    let count = std::env::var("PAIRS").ok().and_then(|v| v.parse().ok()).unwrap_or(1 << 20);
    let (p, c) = pairs(count, 0x5EED);
    let best = |run: &mut dyn FnMut()| {
        (0..7)
            .map(|_| {
                let start = std::time::Instant::now();
                run();
                start.elapsed().as_secs_f64()
            })
            .fold(f64::INFINITY, f64::min)
    };
    let chunk = batch::run::CHUNK;
    let mut out = vec![false; count];
    let valid = best(&mut || {
        for (flags, c) in out.chunks_mut(chunk).zip(c.chunks(chunk * CELLS)) {
            batch::validate_chunk(c, flags);
        }
    });
    let solutions = best(&mut || {
        for ((flags, p), c) in out.chunks_mut(chunk).zip(p.chunks(chunk * CELLS)).zip(c.chunks(chunk * CELLS)) {
            std::hint::black_box(solution_chunk(&[p, c], flags));
        }
    });
    let rate = |time: f64| count as f64 / time / 1e6;
    println!("validator ({:?}): {:.0} M boards/s", batch::kernel(), rate(valid));
    println!("solution_chunk: {:.0} M pairs/s, {:.2}x the validator", rate(solutions), valid / solutions);
}
