//! A driver for measuring the generator's work, not a timed test:
//! `GEN_KIND=minimal GEN_N=200 cargo test --release --lib generate::measure_tests -- --ignored
//! --nocapture` prints the time per puzzle and a checksum of the puzzles (equal checksums: the
//! same seeded output); under `valgrind --tool=callgrind` the instruction count is the stable
//! measure. `GEN_KIND` is `minimal`, `grid`, `rot180` or a level's name.

use super::*;
use crate::rng::Rng;
use crate::steps::Level;
use std::time::Instant;

#[test]
#[ignore = "a measuring driver: run with --ignored"]
fn generate_seeded_items() {
    let kind = std::env::var("GEN_KIND").unwrap_or_else(|_| "minimal".to_owned());
    let n: u64 = std::env::var("GEN_N").ok().and_then(|n| n.parse().ok()).unwrap_or(100);
    let request = match kind.as_str() {
        "minimal" | "grid" => Request::default(),
        "rot180" => Request { symmetry: Symmetry::Rot180, ..Request::default() },
        level => Request { difficulty: Level::from_name(level), ..Request::default() },
    };
    let start = Instant::now();
    let (mut checksum, mut givens) = (0u64, 0usize);
    for item in 0..n {
        let mut rng = Rng::for_item(1, item);
        let grid = if kind == "grid" {
            random_grid(&mut rng, &mut || false).expect("never stopped")
        } else {
            generate(&request, &mut rng, &mut || false).expect("never stopped").puzzle
        };
        givens += grid.givens();
        for &value in grid.cells() {
            checksum = checksum.wrapping_mul(31).wrapping_add(u64::from(value));
        }
    }
    println!(
        "{kind}: {n} items, {:.2} µs each, {:.2} givens on average, checksum {checksum:016x}",
        start.elapsed().as_secs_f64() * 1e6 / n as f64,
        givens as f64 / n as f64
    );
}
