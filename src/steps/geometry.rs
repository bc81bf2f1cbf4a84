//! Precomputed masks of the board's geometry: each unit and each cell's peers as an 81-bit
//! set of cells (bit `9 * row + col` of a `u128`).

use crate::bounds::Known;
use crate::grid::{box_of, CELLS, SIDE};

/// A set of cells: bit `9 * row + col`.
pub type Cells = u128;

/// Units are numbered rows 0-8, columns 9-17, boxes 18-26.
pub const UNITS: usize = 27;

/// Every unit, as a set of units (bit `u` for unit `u`).
pub const ALL_UNITS: u32 = (1 << UNITS) - 1;

/// The cells of each unit.
const UNIT_TABLE: [Cells; UNITS] = {
    let mut table = [0u128; UNITS];
    let mut i = 0;
    while i < CELLS {
        let (r, c) = (i / SIDE, i % SIDE);
        table[r] |= 1 << i;
        table[SIDE + c] |= 1 << i;
        table[2 * SIDE + box_of(r, c)] |= 1 << i;
        i += 1;
    }
    table
};

/// Each cell's row, column and box, as unit numbers.
pub const UNITS_OF_TABLE: [[u8; 3]; CELLS] = {
    let mut table = [[0u8; 3]; CELLS];
    let mut i = 0;
    while i < CELLS {
        let (r, c) = (i / SIDE, i % SIDE);
        table[i] = [r as u8, (SIDE + c) as u8, (2 * SIDE + box_of(r, c)) as u8];
        i += 1;
    }
    table
};

/// The 20 cells that share a unit with each cell (the cell itself excluded).
const PEER_TABLE: [Cells; CELLS] = {
    let mut table = [0u128; CELLS];
    let mut i = 0;
    while i < CELLS {
        let u = UNITS_OF_TABLE[i];
        table[i] = (UNIT_TABLE[u[0] as usize] | UNIT_TABLE[u[1] as usize] | UNIT_TABLE[u[2] as usize]) & !(1 << i);
        i += 1;
    }
    table
};

/// The cells of each unit, in reading order.
const UNIT_MEMBER_TABLE: [[u8; SIDE]; UNITS] = {
    let mut table = [[0u8; SIDE]; UNITS];
    let mut unit = 0;
    while unit < UNITS {
        let mut k = 0;
        let mut i = 0;
        while i < CELLS {
            if UNIT_TABLE[unit] >> i & 1 == 1 {
                table[unit][k] = i as u8;
                k += 1;
            }
            i += 1;
        }
        unit += 1;
    }
    table
};

// Statics, not consts: a const array indexed at run time can be rebuilt on the stack at each
// use, and these are read in every technique's inner loops.
/// The cells of each unit.
pub static UNIT_CELLS: [Cells; UNITS] = UNIT_TABLE;
/// Each cell's row, column and box, as unit numbers.
pub static UNITS_OF: [[u8; 3]; CELLS] = UNITS_OF_TABLE;
/// The 20 peers of each cell.
pub static PEERS: [Cells; CELLS] = PEER_TABLE;
/// The nine cells of each unit, in reading order.
pub static UNIT_MEMBERS: [[u8; SIDE]; UNITS] = UNIT_MEMBER_TABLE;

/// For nine columns (a 9-bit mask), the three stacks (bits 0-2) holding some of them.
const STACKS_OF_COLUMNS: [u8; 512] = {
    let mut table = [0u8; 512];
    let mut cols = 0;
    while cols < 512 {
        let mut stack = 0;
        while stack < 3 {
            if cols >> (3 * stack) & 7 != 0 {
                table[cols] |= 1 << stack;
            }
            stack += 1;
        }
        cols += 1;
    }
    table
};
static STACKS_OF: [u8; 512] = STACKS_OF_COLUMNS;

/// The units (bit `u`) holding some of `cells`: a path calls this for every step, so it
/// reads the board a band (27 bits, one shift of the `u128`) at a time, its rows nine bits
/// of that, and the boxes of a band from its columns by one table look-up.
pub fn units_meeting(cells: Cells) -> u32 {
    let (mut rows, mut cols, mut boxes) = (0u32, 0u32, 0u32);
    for band in 0..3 {
        let bits = (cells >> (27 * band)) as u32 & 0x7ff_ffff;
        let (r0, r1, r2) = (bits & 0x1ff, bits >> 9 & 0x1ff, bits >> 18);
        rows |= (u32::from(r0 != 0) | u32::from(r1 != 0) << 1 | u32::from(r2 != 0) << 2) << (3 * band);
        let band_cols = r0 | r1 | r2;
        cols |= band_cols;
        boxes |= u32::from(STACKS_OF[band_cols as usize & 0x1ff]) << (3 * band);
    }
    rows | cols << 9 | boxes << 18
}

/// Which of a unit's nine cells (in reading order, bit `i` for the `i`-th) are in `cells`:
/// a row is nine bits of the board, a box three runs of three, and a column's bits, nine
/// apart, are gathered by one multiplication (each lands at its own place, no two on one).
pub fn unit_positions(cells: Cells, unit: usize) -> u16 {
    const COLUMN: Cells = {
        let mut column = 0;
        let mut row = 0;
        while row < 9 {
            column |= 1 << (9 * row);
            row += 1;
        }
        column
    };
    // Bit 9i of a column lands at 64 + i: a factor with bits 64 - 8i.
    const GATHER: Cells = {
        let mut factor = 0;
        let mut i = 0;
        while i < 9 {
            factor |= 1 << (64 - 8 * i);
            i += 1;
        }
        factor
    };
    match unit {
        0..=8 => (cells >> (9 * unit)) as u16 & 0x1ff,
        9..=17 => (((cells >> (unit - 9)) & COLUMN).wrapping_mul(GATHER) >> 64) as u16 & 0x1ff,
        18..=26 => {
            let corner = 27 * ((unit - 18) / 3) + 3 * ((unit - 18) % 3);
            let run = |r: usize| (cells >> (corner + 9 * r)) as u16 & 7;
            run(0) | (run(1) << 3) | (run(2) << 6)
        }
        _ => 0,
    }
}

/// The one cell of a set with exactly one member.
pub fn first(cells: Cells) -> usize {
    cells.trailing_zeros() as usize
}

/// The members of a set of cells, in increasing order.
pub fn members(mut cells: Cells) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if cells == 0 {
            return None;
        }
        let cell = cells.trailing_zeros() as usize;
        cells &= cells - 1;
        Some(cell)
    })
}

/// The digits (0-8) of a 9-bit mask, in increasing order.
pub fn digits_of(mut mask: u16) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let digit = mask.trailing_zeros() as usize;
        mask &= mask - 1;
        Some(digit)
    })
}

/// True when two distinct cells share a unit.
pub fn sees(a: usize, b: usize) -> bool {
    PEERS.get(a).is_some_and(|peers| peers >> b & 1 == 1)
}

/// The cells of a unit in the order a person reads them.
pub fn unit_members(unit: usize) -> impl Iterator<Item = usize> {
    members(UNIT_CELLS.get(unit).copied().known())
}

/// A unit's name for people: "row 3", "column 5", "box 2" (1-based).
pub fn unit_name(unit: usize) -> String {
    match unit / SIDE {
        0 => format!("row {}", unit + 1),
        1 => format!("column {}", unit - SIDE + 1),
        _ => format!("box {}", unit - 2 * SIDE + 1),
    }
}

/// A cell in the community's notation, `r1c1`..`r9c9`.
pub fn cell_name(cell: usize) -> String {
    format!("r{}c{}", cell / SIDE + 1, cell % SIDE + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_have_nine_cells_and_cells_twenty_peers() {
        assert!(UNIT_CELLS.iter().all(|u| u.count_ones() == 9));
        assert!(PEERS.iter().all(|p| p.count_ones() == 20));
        assert!(!sees(0, 80) && sees(0, 8) && sees(0, 72) && sees(0, 20));
        assert_eq!(cell_name(80), "r9c9");
        assert_eq!(unit_name(26), "box 9");
        assert_eq!(unit_name(9), "column 1");
        for (unit, cells) in UNIT_MEMBERS.iter().enumerate() {
            assert_eq!(cells.iter().map(|&c| c as usize).collect::<Vec<_>>(), members(UNIT_CELLS[unit]).collect::<Vec<_>>());
        }
    }

    #[test]
    fn units_meeting_are_the_units_of_each_cell() {
        let mut rng = crate::rng::Rng::new(17);
        for _ in 0..2000 {
            // Sparse and dense sets of cells.
            let mut cells: Cells = 0;
            for _ in 0..rng.below(12) {
                cells |= 1 << rng.below(81);
            }
            let slow = members(cells).fold(0u32, |m, cell| UNITS_OF[cell].iter().fold(m, |m, &u| m | 1 << u));
            assert_eq!(units_meeting(cells), slow, "{cells:x}");
        }
        assert_eq!(units_meeting((1 << 81) - 1), ALL_UNITS);
    }

    #[test]
    fn unit_positions_are_the_units_members_in_cells() {
        let mut rng = crate::rng::Rng::new(19);
        for _ in 0..500 {
            let cells: Cells = (0..rng.below(60)).fold(0, |m, _| m | 1 << rng.below(81));
            for unit in 0..UNITS {
                let slow = UNIT_MEMBERS[unit].iter().enumerate().fold(0u16, |m, (i, &c)| m | u16::from(cells >> c & 1 == 1) << i);
                assert_eq!(unit_positions(cells, unit), slow, "{cells:x} {unit}");
            }
        }
        assert!((0..UNITS).all(|unit| unit_positions((1 << 81) - 1, unit) == 0x1ff));
    }
}
