//! A whole map from one 64-bit word, exactly uniform over the group: the cheap draw behind
//! `random_isomorph_many`, where a ChaCha stream per row cost more than mapping the row.
//!
//! The group has `N = 2 * 6^8 * 9!` elements (about 2^40.1), so Lemire's multiply-and-reject
//! turns a uniform word `w` into a uniform index `floor(w * N / 2^64)`, rejecting `w` when the
//! low half of `w * N` is below `2^64 mod N` (about 1 word in 15 million). The index is never
//! formed: multiplying by each radix in turn and keeping the low half gives its mixed-radix
//! digits one at a time (by induction, `w * r1 * ... * rk = X * 2^64 + low` where `X` is the
//! digits read in those radices), and the last low half is the low half of `w * N`.

use super::{Map, PERMS3};
use crate::bounds::Known;
use crate::grid::SIDE;

/// The orders of the nine lines of one direction: 6 for the groups times 6^3 within them.
const LINE_ORDERS: usize = 1296;

/// Digits of one draw, each a few factors of the group's order together so that the chain is
/// short: the transpose and the rows (2 * 6^4), the columns (6^4), then the relabelling's
/// Lehmer code: the images of 1-3 (9 * 8 * 7), then the order of the six digits left (6!).
pub(super) const RADICES: [u64; DIGITS] = [2 * LINE_ORDERS as u64, LINE_ORDERS as u64, FIRST_PICKS as u64, LAST_ORDERS as u64];
pub(super) const DIGITS: usize = 4;
/// Ways to choose the images of digits 1-3 in turn.
const FIRST_PICKS: usize = 9 * 8 * 7;
/// Orders of the six digits left.
const LAST_ORDERS: usize = 720;

/// The order of the group, the product of [`RADICES`].
const ORDER: u64 = 2 * 6u64.pow(8) * 362_880;
/// Words whose low half falls below this are rejected: `2^64 mod ORDER`.
const THRESHOLD: u64 = (u64::MAX % ORDER + 1) % ORDER;

/// The mixed-radix digits of `word`'s index in the group, or `None` for a rejected word.
#[inline]
pub(super) fn digits(word: u64) -> Option<[u32; DIGITS]> {
    // Written out (not a loop over an array): the digits stay in registers.
    #[inline(always)]
    fn step(low: &mut u64, radix: u64) -> u32 {
        let product = u128::from(*low) * u128::from(radix);
        *low = product as u64;
        (product >> 64) as u32
    }
    let mut low = word;
    let digits = [step(&mut low, RADICES[0]), step(&mut low, RADICES[1]), step(&mut low, RADICES[2]), step(&mut low, RADICES[3])];
    (low >= THRESHOLD).then_some(digits)
}

/// Order number `n` (below [`LINE_ORDERS`]) of nine lines: `n / 216` orders the groups, and
/// its three base-6 digits below order the lines within each group of the image.
const fn line_order(n: usize) -> [u8; SIDE] {
    let mut lines = [0u8; SIDE];
    let outer = PERMS3[n / 216];
    let mut band = 0;
    while band < 3 {
        let within = PERMS3[(n / [36, 6, 1][band]) % 6];
        let mut k = 0;
        while k < 3 {
            lines[band * 3 + k] = outer[band] * 3 + within[k];
            k += 1;
        }
        band += 1;
    }
    lines
}

/// Every [`line_order`], looked up (12 KB) rather than decoded per draw.
static LINES: [[u8; SIDE]; LINE_ORDERS] = {
    let mut table = [[0u8; SIDE]; LINE_ORDERS];
    let mut n = 0;
    while n < LINE_ORDERS {
        table[n] = line_order(n);
        n += 1;
    }
    table
};

/// Takes entry `pick` out of the nibble list `list`: the entry, and the list without it.
const fn take(list: u64, pick: u64) -> (u8, u64) {
    let shift = 4 * pick;
    let below = list & ((1 << shift) - 1);
    (((list >> shift) & 15) as u8, below | ((list >> (shift + 4)) << shift))
}

/// For each first three picks `n` (`n / 56`, `n / 7 % 8`, `n % 7`, the Lehmer code's first
/// digits): the images of 1, 2 and 3 in bits 32-55, and the six digits left, in increasing
/// order, a nibble each in bits 0-23.
static FIRST_THREE: [u64; FIRST_PICKS] = {
    let mut table = [0u64; FIRST_PICKS];
    let mut n = 0;
    while n < FIRST_PICKS {
        let mut left = 0x9_8765_4321;
        let mut images = 0u64;
        let picks = [n / 56, n / 7 % 8, n % 7];
        let mut k = 0;
        while k < 3 {
            let (digit, rest) = take(left, picks[k] as u64);
            images |= (digit as u64) << (8 * k);
            left = rest;
            k += 1;
        }
        table[n] = images << 32 | left;
        n += 1;
    }
    table
};

/// For each order number `n` of six things (the rest of the Lehmer code: picks `n / 120`,
/// `n / 24 % 5`, `n / 6 % 4`, `n / 2 % 3`, `n % 2`), which of the six left each of digits 4-9
/// goes to.
static LAST_SIX: [[u8; 6]; LAST_ORDERS] = {
    let mut table = [[0u8; 6]; LAST_ORDERS];
    let mut n = 0;
    while n < LAST_ORDERS {
        let mut left = 0x54_3210;
        let picks = [n / 120, n / 24 % 5, n / 6 % 4, n / 2 % 3, n % 2, 0];
        let mut k = 0;
        while k < 6 {
            let (position, rest) = take(left, picks[k] as u64);
            table[n][k] = position;
            left = rest;
            k += 1;
        }
        n += 1;
    }
    table
};

/// The map of a digit string from [`digits`] (each below its radix): each string gives a
/// different map.
#[inline]
pub(super) fn from_digits(d: &[u32; DIGITS]) -> Map {
    let line = |n: u32| LINES.get(n as usize % LINE_ORDERS).copied().known();
    let (transpose, rows, cols) = (d[0] >= LINE_ORDERS as u32, line(d[0]), line(d[1]));
    let first = FIRST_THREE.get(d[2] as usize).copied().known();
    let order = LAST_SIX.get(d[3] as usize).copied().known();
    let mut relabel = [0u8; SIDE + 1];
    relabel[1..4].copy_from_slice(&first.to_le_bytes()[4..7]);
    for (slot, &position) in relabel[4..].iter_mut().zip(&order) {
        *slot = ((first >> (4 * u32::from(position % 6))) & 15) as u8;
    }
    Map { rows, cols, transpose, relabel }
}

impl Map {
    /// The map of one uniform 64-bit word, or `None` for the rare word that would bias the draw
    /// (draw again from another word): every map of the group comes from the same number of
    /// accepted words.
    #[inline]
    pub fn from_word(word: u64) -> Option<Map> {
        digits(word).map(|d| from_digits(&d))
    }
}

#[cfg(test)]
#[path = "draw_tests.rs"]
mod tests;
