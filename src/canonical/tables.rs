//! Fixed tables of the search: the six orders of three things, and the 1,296 column maps.

use crate::grid::SIDE;

/// The six permutations of three things, the identity first.
pub const PERMS3: [[u8; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];

/// Column maps: 6 stack orders times 6^3 orders within the source stacks.
pub const COLUMN_MAPS: usize = 1296;

/// The number of column map `stack_order * 216 + within[0] * 36 + within[1] * 6 + within[2]`:
/// image stack `s` shows source stack `PERMS3[stack_order][s]`, whose columns appear in the
/// order `PERMS3[within[source stack]]`.
pub const fn column_map_index(stack_order: usize, within: [usize; 3]) -> u16 {
    (stack_order * 216 + within[0] * 36 + within[1] * 6 + within[2]) as u16
}

/// For each column map, the source column each image column shows.
pub static COLUMNS: [[u8; SIDE]; COLUMN_MAPS] = {
    let mut table = [[0u8; SIDE]; COLUMN_MAPS];
    let mut index = 0;
    while index < COLUMN_MAPS {
        let stack_order = index / 216;
        let within = [(index / 36) % 6, (index / 6) % 6, index % 6];
        let mut image = 0;
        while image < SIDE {
            let source_stack = PERMS3[stack_order][image / 3] as usize;
            table[index][image] = (source_stack * 3) as u8 + PERMS3[within[source_stack]][image % 3];
            image += 1;
        }
        index += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn column_maps_are_distinct_and_keep_stacks() {
        let mut seen = std::collections::HashSet::new();
        for (index, cols) in COLUMNS.iter().enumerate() {
            assert!(crate::canonical::Map::new(*cols, *cols, false, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]).is_some());
            assert!(seen.insert(*cols));
            let (order, within) = (index / 216, [(index / 36) % 6, (index / 6) % 6, index % 6]);
            assert_eq!(usize::from(column_map_index(order, within)), index);
        }
        assert_eq!(COLUMNS[0], [0, 1, 2, 3, 4, 5, 6, 7, 8]);
    }
}
