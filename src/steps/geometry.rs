//! Precomputed masks of the board's geometry: each unit and each cell's peers as an 81-bit
//! set of cells (bit `9 * row + col` of a `u128`).

use crate::grid::{box_of, CELLS, SIDE};

/// A set of cells: bit `9 * row + col`.
pub type Cells = u128;

/// Units are numbered rows 0-8, columns 9-17, boxes 18-26.
pub const UNITS: usize = 27;

/// The cells of each unit.
pub const UNIT_CELLS: [Cells; UNITS] = {
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
pub const UNITS_OF: [[u8; 3]; CELLS] = {
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
pub const PEERS: [Cells; CELLS] = {
    let mut table = [0u128; CELLS];
    let mut i = 0;
    while i < CELLS {
        let u = UNITS_OF[i];
        table[i] = (UNIT_CELLS[u[0] as usize] | UNIT_CELLS[u[1] as usize] | UNIT_CELLS[u[2] as usize]) & !(1 << i);
        i += 1;
    }
    table
};

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
    members(UNIT_CELLS.get(unit).copied().unwrap_or(0))
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
    }
}
