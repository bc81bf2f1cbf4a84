//! The six orders of three things, which number the orders of a band's rows or a stack's columns.

/// The six permutations of three things, the identity first.
pub const PERMS3: [[u8; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
