//! A driver for measuring the generator's work, not a timed test:
//! `GEN_KIND=minimal GEN_N=200 cargo bench --features drivers --bench drivers --
//! generate_seeded_items` prints the time
//! per puzzle and a checksum of the puzzles (equal checksums: the same seeded output); under `valgrind --tool=callgrind` the instruction count is the stable
//! measure. `GEN_KIND` is `minimal`, `grid`, `rot180` or a level's name.

use super::*;
use crate::rng::Rng;
use crate::steps::Level;
use std::time::Instant;

pub fn generate_seeded_items() {
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

/// `GEN_N=10000 cargo bench --features drivers --bench drivers -- forcing_share` prints how many results of removal to the end need forcing chains or nets, for
/// random orders and for the transversal orders that `difficulty="forcing"` uses, four of
/// each on every grid, and how their givens lie: the share of results with a row without
/// givens, and the mean count of givens.
pub fn forcing_share() {
    use super::descend::shuffled_orbits;
    use super::removal::remove_orbits_with;
    use super::transversals::transversal_orbits;
    use super::unavoidable::Unavoidable;
    use crate::grid::CELLS;
    use crate::steps::logic_level;

    let n: u64 = std::env::var("GEN_N").ok().and_then(|n| n.parse().ok()).unwrap_or(1000);
    let orbits = Symmetry::None.orbits();
    for transversal in [false, true] {
        let (mut results, mut forcing, mut empty_row, mut givens) = (0usize, 0usize, 0usize, 0usize);
        for item in 0..n {
            let mut rng = Rng::for_item(2, item);
            let solution = random_grid(&mut rng, &mut || false).expect("never stopped");
            let sets = Unavoidable::of(&solution);
            for _ in 0..4 {
                let mut store = [0u8; CELLS];
                let order = if transversal {
                    transversal_orbits(&mut store, &orbits, &mut rng)
                } else {
                    shuffled_orbits(&mut store, orbits.len(), &mut rng)
                };
                let mut puzzle = solution;
                remove_orbits_with(&sets, &mut puzzle, &solution, &orbits, order, 0, &mut || false).expect("never stopped");
                results += 1;
                forcing += usize::from(logic_level(&puzzle) >= Level::Forcing);
                empty_row += usize::from(puzzle.cells().chunks(9).any(|row| row.iter().all(|&v| v == 0)));
                givens += puzzle.givens();
            }
        }
        let share = |k: usize| 100.0 * k as f64 / results as f64;
        println!(
            "{} orders: {results} results, {:.2}% need forcing chains or nets, {:.1}% have a row without givens, {:.2} givens on average",
            if transversal { "transversal" } else { "random" },
            share(forcing),
            share(empty_row),
            givens as f64 / results as f64
        );
    }
}
