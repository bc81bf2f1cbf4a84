use super::*;
use crate::grid::CELLS;
use crate::rng::Rng;

/// The digits of `floor(word * ORDER / 2^64)`, by division from the last radix: the definition
/// that the multiply chain computes.
fn digits_by_division(word: u64) -> Option<[u32; DIGITS]> {
    let product = u128::from(word) * u128::from(ORDER);
    if (product as u64) < THRESHOLD {
        return None;
    }
    let mut index = (product >> 64) as u64;
    let mut digits = [0u32; DIGITS];
    for (digit, &radix) in digits.iter_mut().zip(&RADICES).rev() {
        *digit = (index % radix) as u32;
        index /= radix;
    }
    assert_eq!(index, 0);
    Some(digits)
}

#[test]
fn the_chain_gives_the_index_digits() {
    assert_eq!(RADICES.iter().product::<u64>(), ORDER);
    assert_eq!(u128::from(ORDER), u128::from(super::super::GEOMETRIES) * u128::from(super::super::RELABELLINGS));
    assert_eq!((1u128 << 64) % u128::from(ORDER), u128::from(THRESHOLD));
    let mut rng = Rng::new(8);
    let edges = [0, 1, THRESHOLD.wrapping_sub(1), THRESHOLD, u64::MAX / 2, u64::MAX - 1, u64::MAX];
    let words = edges.into_iter().chain((0..100_000).map(|_| rng.next_u64()));
    for word in words {
        assert_eq!(digits(word), digits_by_division(word), "word {word}");
    }
    // Word 0 is rejected (low half 0); the largest word gives the last element.
    assert_eq!(digits(0), None);
    let last: Vec<u32> = RADICES.iter().map(|&r| (r - 1) as u32).collect();
    assert_eq!(digits(u64::MAX).map(|d| d.to_vec()), Some(last));
}

#[test]
fn every_digit_string_gives_its_own_map_in_the_group() {
    // All 9! relabellings under one geometry.
    let mut relabels = std::collections::HashSet::new();
    let mut d = [0u32; DIGITS];
    for mut n in 0..362_880u32 {
        for (digit, &radix) in d[2..].iter_mut().zip(&RADICES[2..]).rev() {
            *digit = n % radix as u32;
            n /= radix as u32;
        }
        let map = from_digits(&d);
        assert!(Map::new(map.rows, map.cols, map.transpose, map.relabel).is_some());
        relabels.insert(map.relabel);
    }
    assert_eq!(relabels.len(), 362_880);
    // Every 5th of the 2 * 6^8 geometries under the identity relabelling.
    let mut geometries = std::collections::HashSet::new();
    let mut d = [0u32; DIGITS];
    for g in (0..2 * 6u32.pow(8)).step_by(5) {
        let mut n = g;
        for (digit, &radix) in d[..2].iter_mut().zip(&RADICES[..2]).rev() {
            *digit = n % radix as u32;
            n /= radix as u32;
        }
        let map = from_digits(&d);
        assert!(Map::new(map.rows, map.cols, map.transpose, map.relabel).is_some());
        let cells: [u8; CELLS] = map.source_cells();
        geometries.insert(cells);
    }
    assert_eq!(geometries.len(), (2 * 6u32.pow(8)).div_ceil(5) as usize);
}

/// Pearson's statistic of `counts` against equal expected counts.
fn chi_square(counts: &[u32]) -> f64 {
    let total: u32 = counts.iter().sum();
    let expected = f64::from(total) / counts.len() as f64;
    counts.iter().map(|&n| (f64::from(n) - expected).powi(2) / expected).sum()
}

#[test]
fn small_marginals_are_uniform() {
    let mut words = Rng::batch_words(5, 0);
    let mut transposed = [0u32; 2];
    let mut first_row = [0u32; SIDE];
    let mut last_col = [0u32; SIDE];
    let mut one_goes_to = [0u32; SIDE];
    let mut nine_goes_to = [0u32; SIDE];
    // Where source cell r1c1 lands: 81 classes, coupling rows, columns and the transpose.
    let mut corner_lands = [0u32; CELLS];
    let draws = 162_000;
    for _ in 0..draws {
        let Some(map) = Map::from_word(words.next_u64()) else { continue };
        transposed[usize::from(map.transpose)] += 1;
        first_row[usize::from(map.rows[0])] += 1;
        last_col[usize::from(map.cols[8])] += 1;
        one_goes_to[usize::from(map.relabel[1] - 1)] += 1;
        nine_goes_to[usize::from(map.relabel[9] - 1)] += 1;
        let sources = map.source_cells();
        let landing = sources.iter().position(|&s| s == 0).unwrap();
        corner_lands[landing] += 1;
    }
    // Critical values at p = 1e-6: 23.9 (1 degree of freedom), 41.3 (8), 147 (80).
    assert!(chi_square(&transposed) < 23.9, "{transposed:?}");
    for counts in [first_row, last_col, one_goes_to, nine_goes_to] {
        assert!(chi_square(&counts) < 41.3, "{counts:?}");
    }
    assert!(chi_square(&corner_lands) < 147.0, "{corner_lands:?}");
}
