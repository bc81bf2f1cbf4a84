//! A whole map from one 64-bit word, exactly uniform over the group: the cheap draw behind
//! `random_isomorphs_many`, where a ChaCha stream per row cost more than mapping the row.
//!
//! The group has `N = 2 * 6^8 * 9!` elements (about 2^40.1), so Lemire's multiply-and-reject
//! turns a uniform word `w` into a uniform index `floor(w * N / 2^64)`, rejecting `w` when the
//! low half of `w * N` is below `2^64 mod N` (about 1 word in 15 million). The index is never
//! formed: multiplying by each radix in turn and keeping the low half gives its mixed-radix
//! digits one at a time (by induction, `w * r1 * ... * rk = X * 2^64 + low` where `X` is the
//! digits read in those radices), and the last low half is the low half of `w * N`.

use super::{Map, PERMS3};
use crate::grid::SIDE;

/// Digits of one draw: the transpose (radix 2), then the order of the bands and within each
/// band, the same for the stacks (radix 6 each), then the relabelling's Lehmer code (radices
/// 9 down to 2).
pub(super) const RADICES: [u64; DIGITS] = [2, 6, 6, 6, 6, 6, 6, 6, 6, 9, 8, 7, 6, 5, 4, 3, 2];
pub(super) const DIGITS: usize = 17;

/// The order of the group, the product of [`RADICES`].
const ORDER: u64 = 2 * 6u64.pow(8) * 362_880;
/// Words whose low half falls below this are rejected: `2^64 mod ORDER`.
const THRESHOLD: u64 = (u64::MAX % ORDER + 1) % ORDER;

/// The mixed-radix digits of `word`'s index in the group, or `None` for a rejected word.
pub(super) fn digits(word: u64) -> Option<[u8; DIGITS]> {
    let mut digits = [0u8; DIGITS];
    let mut low = word;
    for (digit, &radix) in digits.iter_mut().zip(&RADICES) {
        let product = u128::from(low) * u128::from(radix);
        *digit = (product >> 64) as u8;
        low = product as u64;
    }
    (low >= THRESHOLD).then_some(digits)
}

/// Nine lines from four digits in 0-5 (see `lines_from`, the same layout).
fn lines(outer: u8, inner: [u8; 3]) -> [u8; SIDE] {
    let mut lines = [0u8; SIDE];
    let outer = PERMS3[usize::from(outer) % 6];
    for (band, (chunk, inner)) in lines.chunks_exact_mut(3).zip(inner).enumerate() {
        let within = PERMS3[usize::from(inner) % 6];
        for (slot, &w) in chunk.iter_mut().zip(&within) {
            *slot = outer[band] * 3 + w;
        }
    }
    lines
}

/// The map of a digit string from [`digits`]: each string gives a different map.
pub(super) fn from_digits(d: &[u8; DIGITS]) -> Map {
    let rows = lines(d[1], [d[2], d[3], d[4]]);
    let cols = lines(d[5], [d[6], d[7], d[8]]);
    // Digits 1-9 packed a nibble each; each pick takes one out and closes the gap.
    let mut left: u64 = 0x9_8765_4321;
    let mut relabel = [0u8; SIDE + 1];
    for (slot, &pick) in relabel[1..].iter_mut().zip(&d[9..]) {
        let shift = 4 * u32::from(pick);
        *slot = ((left >> shift) & 15) as u8;
        let below = left & ((1u64 << shift) - 1);
        left = below | ((left >> (shift + 4)) << shift);
    }
    relabel[SIDE] = (left & 15) as u8;
    Map { rows, cols, transpose: d[0] == 1, relabel }
}

impl Map {
    /// The map of one uniform 64-bit word, or `None` for the rare word that would bias the draw
    /// (draw again from another word): every map of the group comes from the same number of
    /// accepted words.
    pub fn from_word(word: u64) -> Option<Map> {
        digits(word).map(|d| from_digits(&d))
    }
}

#[cfg(test)]
#[path = "draw_tests.rs"]
mod tests;
