//! Counting set bits cheaply. The wheels are built for baseline x86-64, which has no POPCNT
//! instruction, so `count_ones` is a dozen instructions on a 9-bit mask and two dozen on a
//! board of cells; the techniques count bits in their innermost loops.

/// The set bits of each 9-bit mask.
static POP9: [u8; 512] = {
    let mut table = [0u8; 512];
    let mut i = 0;
    while i < 512 {
        table[i] = (i as u32).count_ones() as u8;
        i += 1;
    }
    table
};

/// The number of set bits of a mask of digits or lines (nine bits; higher bits must be 0).
#[inline]
pub fn pop9(mask: u16) -> usize {
    usize::from(POP9[usize::from(mask & 0x1ff)])
}

/// True when `cells` has at most `n` set bits: the lowest bit cleared `n` times, fewer steps
/// than counting them all for the small `n` the techniques ask about.
#[inline]
pub fn at_most(mut cells: u128, n: usize) -> bool {
    for _ in 0..n {
        cells &= cells.wrapping_sub(1);
    }
    cells == 0
}

/// True when `cells` has exactly two set bits.
#[inline]
pub fn two(cells: u128) -> bool {
    let rest = cells & cells.wrapping_sub(1);
    rest != 0 && rest & rest.wrapping_sub(1) == 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    #[test]
    fn counts_agree_with_count_ones() {
        for mask in 0..512u16 {
            assert_eq!(pop9(mask), mask.count_ones() as usize);
        }
        let mut rng = Rng::new(9);
        for _ in 0..5000 {
            // Sparse sets, where the small counts are.
            let mut cells = 0u128;
            for _ in 0..rng.below(7) {
                cells |= 1 << rng.below(128);
            }
            for n in 0..6 {
                assert_eq!(at_most(cells, n), cells.count_ones() as usize <= n, "{cells:x} {n}");
            }
            assert_eq!(two(cells), cells.count_ones() == 2, "{cells:x}");
        }
        assert!(two(1 << 127 | 1) && !two(0) && !two(1 << 80) && at_most(0, 0) && !at_most(u128::MAX, 4));
    }
}
