//! The symmetries a puzzle's pattern of givens may keep, and the orbits of cells they make:
//! the groups of cells that are given or removed together.

use crate::bounds::Known;
use crate::grid::{CELLS, SIDE};

/// A map of the board onto itself that the pattern of givens must be invariant under.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Symmetry {
    /// No constraint.
    #[default]
    None,
    /// Half a turn: (r, c) with (8-r, 8-c).
    Rot180,
    /// A quarter turn: (r, c) with (c, 8-r), and so with its half and three-quarter turns.
    Rot90,
    /// The main diagonal: (r, c) with (c, r).
    Diagonal,
    /// The other diagonal: (r, c) with (8-c, 8-r).
    Antidiagonal,
    /// Top to bottom: (r, c) with (8-r, c).
    Horizontal,
    /// Left to right: (r, c) with (r, 8-c).
    Vertical,
}

impl Symmetry {
    /// Every symmetry, in the order error messages list them.
    pub const ALL: [Symmetry; 7] = [
        Symmetry::None,
        Symmetry::Rot180,
        Symmetry::Rot90,
        Symmetry::Diagonal,
        Symmetry::Antidiagonal,
        Symmetry::Horizontal,
        Symmetry::Vertical,
    ];

    /// The name users pass: "none", "rot180", ...
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rot180 => "rot180",
            Symmetry::Rot90 => "rot90",
            Symmetry::Diagonal => "diagonal",
            Symmetry::Antidiagonal => "antidiagonal",
            Symmetry::Horizontal => "horizontal",
            Symmetry::Vertical => "vertical",
        }
    }

    /// The symmetry called `name`, the inverse of [`Symmetry::name`].
    pub fn from_name(name: &str) -> Option<Symmetry> {
        Symmetry::ALL.into_iter().find(|symmetry| symmetry.name() == name)
    }

    /// The image of `cell` under the map (for rot90, a quarter turn).
    pub const fn image(self, cell: usize) -> usize {
        let (r, c) = (cell / SIDE, cell % SIDE);
        let last = SIDE - 1;
        let (r, c) = match self {
            Symmetry::None => (r, c),
            Symmetry::Rot180 => (last - r, last - c),
            Symmetry::Rot90 => (c, last - r),
            Symmetry::Diagonal => (c, r),
            Symmetry::Antidiagonal => (last - c, last - r),
            Symmetry::Horizontal => (last - r, c),
            Symmetry::Vertical => (r, last - c),
        };
        r * SIDE + c
    }

    /// The orbits of the map's group: each cell in exactly one. Made once, when compiling.
    pub fn orbits(self) -> Orbits {
        ORBITS[self as usize]
    }

    /// [`Symmetry::orbits`], worked out.
    const fn orbits_of(self) -> Orbits {
        let mut orbits = Orbits { cells: [[0; 4]; CELLS], sizes: [0; CELLS], count: 0 };
        let mut seen = [false; CELLS];
        let mut start = 0;
        while start < CELLS {
            if !seen[start] {
                let slot = orbits.count;
                let mut cell = start;
                while !seen[cell] {
                    seen[cell] = true;
                    orbits.cells[slot][orbits.sizes[slot] as usize] = cell as u8;
                    orbits.sizes[slot] += 1;
                    cell = self.image(cell);
                }
                orbits.count += 1;
            }
            start += 1;
        }
        orbits
    }

    /// True when a pattern of exactly `clues` givens can keep this symmetry: only the quarter
    /// turn, whose orbits are of 4 cells but for the centre, rules counts out.
    pub fn allows(self, clues: usize) -> bool {
        self != Symmetry::Rot90 || clues % 4 <= 1
    }
}

/// The orbits of each symmetry, by its discriminant.
static ORBITS: [Orbits; 7] = {
    let mut table = [Symmetry::None.orbits_of(); 7];
    let mut k = 0;
    while k < Symmetry::ALL.len() {
        table[Symmetry::ALL[k] as usize] = Symmetry::ALL[k].orbits_of();
        k += 1;
    }
    table
};

/// The orbits of a symmetry: `count` groups of 1 to 4 cells.
#[derive(Clone, Copy, Debug)]
pub struct Orbits {
    cells: [[u8; 4]; CELLS],
    sizes: [u8; CELLS],
    count: usize,
}

impl Orbits {
    /// How many orbits there are.
    pub fn len(&self) -> usize {
        self.count
    }

    /// The cells of orbit `index` (empty past the last).
    pub fn get(&self, index: usize) -> &[u8] {
        match (self.cells.get(index), self.sizes.get(index)) {
            (Some(cells), Some(&size)) => cells.get(..usize::from(size)).known(),
            _ => &[],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for symmetry in Symmetry::ALL {
            assert_eq!(Symmetry::from_name(symmetry.name()), Some(symmetry));
        }
        assert_eq!(Symmetry::from_name("Rot180"), None);
    }

    #[test]
    fn orbits_partition_the_board_and_are_closed() {
        for symmetry in Symmetry::ALL {
            let orbits = symmetry.orbits();
            let mut seen = [0u8; CELLS];
            for k in 0..orbits.len() {
                let cells = orbits.get(k);
                for &cell in cells {
                    seen[usize::from(cell)] += 1;
                    assert!(cells.contains(&(symmetry.image(usize::from(cell)) as u8)));
                }
            }
            assert!(seen.iter().all(|&n| n == 1), "{symmetry:?}");
        }
        let sizes = |s: Symmetry| {
            let orbits = s.orbits();
            (0..orbits.len()).map(|k| orbits.get(k).len()).collect::<Vec<_>>()
        };
        assert_eq!(sizes(Symmetry::None).len(), 81);
        assert_eq!(sizes(Symmetry::Rot180).len(), 41);
        assert_eq!(sizes(Symmetry::Rot90).len(), 21);
        assert_eq!(sizes(Symmetry::Diagonal).len(), 45);
        assert_eq!(sizes(Symmetry::Horizontal).len(), 45);
        // (r, c) = (0, 1) goes to (1, 8) under a quarter turn, to (7, 8) under the antidiagonal.
        assert_eq!(Symmetry::Rot90.image(1), 17);
        assert_eq!(Symmetry::Antidiagonal.image(1), 71);
        assert!(Symmetry::Rot90.allows(21) && !Symmetry::Rot90.allows(22) && Symmetry::Rot180.allows(22));
    }
}
