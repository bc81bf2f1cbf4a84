//! The column map chosen by the second row, when the first row with a digit holds all nine.
//!
//! Such a row reads `123456789` under every column map, so choosing the map on it would tie
//! 1,296 ways (every complete grid does this). The map stays pending instead, and the next
//! row chooses it: position by position, each image column takes a source column, and the
//! label of that cell is one more than the image position of the column where its digit sits
//! in the first row. If that column has no place yet, giving it the earliest free one is the
//! only way to keep the cell smallest, so it is placed there at once.
//!
//! A complete grid runs this 36 times (each ordered pair of rows of a band, both orientations),
//! and it was most of a grid's cost. So positions whose column an earlier partner placed are
//! read straight through, and only a free one branches, copying the small state whole (its
//! tables are 16 or 4 long and indexed through a mask, which keeps every index in bounds
//! without a check). And when both rows hold all nine digits, each in another stack than in
//! the first row (the rows of a complete grid's band), [`by_first_stack`] starts the search
//! from the few first stacks that can keep the row smallest, each checked on its fourth cell
//! first; tests hold it to the full search pair by pair.

use super::node::{offer, Best, Columns, Node, OutOfMemory, Standing};
use crate::bounds::Known;
use crate::grid::SIDE;

const NONE: u8 = u8::MAX;

/// A partial column map, filled image position by position (and ahead, by forced placements).
#[derive(Clone, Copy)]
struct Partial {
    /// For each image position (0-8), its source column.
    column_at: [u8; 16],
    /// For each source column (0-8), its image position.
    position_of: [u8; 16],
    /// For each image stack, its source stack.
    source_stack: [u8; 4],
    /// For each source stack, its image stack.
    image_stack: [u8; 4],
    /// Image positions with no source column yet (bits 0-8).
    free: u16,
    /// Image stacks with no source stack yet (bits 0-2).
    unlinked: u8,
}

impl Partial {
    const EMPTY: Partial = Partial {
        column_at: [NONE; 16],
        position_of: [NONE; 16],
        source_stack: [NONE; 4],
        image_stack: [NONE; 4],
        free: 0x1FF,
        unlinked: 0b111,
    };

    #[inline(always)]
    fn place(&mut self, column: u8, position: u8) {
        self.column_at[usize::from(position & 15)] = column;
        self.position_of[usize::from(column & 15)] = position;
        self.free &= !(1 << (position & 15));
    }

    #[inline(always)]
    fn link(&mut self, source: u8, image: u8) {
        self.source_stack[usize::from(image & 3)] = source;
        self.image_stack[usize::from(source & 3)] = image;
        self.unlinked &= !(1 << (image & 3));
    }

    /// The earliest position source column `column` can still take (it has none yet): the
    /// first free slot of its stack's image stack, or of the first image stack not given one.
    #[inline(always)]
    fn earliest(&mut self, column: u8) -> u8 {
        let stack = column / 3;
        let mut image = self.image_stack[usize::from(stack & 3)];
        if image == NONE {
            // Every image stack up to the current position's is linked, so one after it is free
            // (when none is, the board put a digit twice in a row: any stack gives a label
            // above the one the row already repeats, and 2 keeps it in range).
            image = if self.unlinked == 0 { 2 } else { self.unlinked.trailing_zeros() as u8 };
            self.link(stack, image);
        }
        let slots = (self.free >> (3 * u16::from(image & 3))) & 0b111;
        image * 3 + if slots == 0 { 0 } else { slots.trailing_zeros() as u8 }
    }
}

/// Every column map under which `row` (after `first`, which holds all nine digits) is
/// smallest, as children of `node`, against and into `best`.
pub(super) fn choose_by_second_row(
    first: &[u8; SIDE],
    row: &[u8; SIDE],
    node: Node,
    best: &mut Best,
    out: &mut Vec<Node>,
) -> Result<(), OutOfMemory> {
    let partner = partners(first, row);
    match crossing_stacks(&partner) {
        Some(stacks) => by_first_stack(first, partner, stacks, node, best, out),
        None => Search::new(first, partner, node, best, out).position(0, Partial::EMPTY, Standing::Equal),
    }
}

/// For each cell of `row`, the column of the first row that holds its digit (NONE for an
/// empty cell).
fn partners(first: &[u8; SIDE], row: &[u8; SIDE]) -> [u8; 16] {
    let mut column_of = [NONE; 16];
    for (c, &v) in first.iter().enumerate() {
        column_of[usize::from(v & 15)] = c as u8;
    }
    // Empty cells read column_of[0], which no digit of the first row sets.
    column_of[0] = NONE;
    let mut partner = [NONE; 16];
    for (c, &v) in row.iter().enumerate() {
        partner[c & 15] = column_of[usize::from(v & 15)];
    }
    partner
}

/// When `row` holds all nine digits and none in the stack of its first-row column (the second
/// row of a band of a complete grid), the stack of each column's partner.
fn crossing_stacks(partner: &[u8; 16]) -> Option<[u8; 16]> {
    let mut stacks = [0u8; 16];
    let mut seen = 0u16;
    let mut crossing = true;
    for c in 0..SIDE {
        let p = partner[c & 15];
        // NONE (an empty cell) sets no bit of 0-8, so the row fails the count below.
        seen |= 1u16.wrapping_shl(u32::from(p));
        stacks[c & 15] = p / 3;
        crossing &= p / 3 != c as u8 / 3;
    }
    (crossing && seen & 0x1FF == 0x1FF).then_some(stacks)
}

/// [`Search`] for a row that crosses stacks ([`crossing_stacks`]), started from its smallest
/// first image stacks only. Position 0 shows 4 whichever column goes there (its partner takes
/// the first place of the next image stack), and position 1 shows 5 exactly when its column's
/// partner shares that stack, which two of the three columns of every stack allow (three
/// columns, two other stacks); any other column there shows 7. So the maps that keep the row
/// smallest start with a stack whose first two columns' partners share a stack, and the
/// search starts from each such first stack, in the order the full search would meet them.
fn by_first_stack(
    first: &[u8; SIDE],
    partner: [u8; 16],
    stacks: [u8; 16],
    node: Node,
    best: &mut Best,
    out: &mut Vec<Node>,
) -> Result<(), OutOfMemory> {
    // Position 2 shows 6 when the stack's last column's partner shares the stack of the other
    // two (then every stack does: the band is pure), else 7; a best below that prefix wins.
    let pure = stacks[0] == stacks[1] && stacks[1] == stacks[2];
    let prefix = [4, 5, if pure { 6 } else { 7 }];
    if best.found && [best.row[0], best.row[1], best.row[2]] < prefix {
        return Ok(());
    }
    let mut search = Search::new(first, partner, node, best, out);
    search.image[..3].copy_from_slice(&prefix);
    for stack in 0..3u8 {
        let base = stack * 3;
        let column_stacks = [stacks[usize::from(base)], stacks[usize::from(base + 1)], stacks[usize::from(base + 2)]];
        // The orders of the stack's first two columns whose partners share a stack, in the
        // order the full search meets them: every order in a pure band, else the two of the
        // pair that leaves out the odd column.
        let orders: &[(u8, u8)] = if pure {
            &[(0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1)]
        } else if column_stacks[0] == column_stacks[1] {
            &[(0, 1), (1, 0)]
        } else if column_stacks[0] == column_stacks[2] {
            &[(0, 2), (2, 0)]
        } else {
            &[(1, 2), (2, 1)]
        };
        for &(k0, k1) in orders {
            let (c0, c1) = (base + k0, base + k1);
            let s0 = stacks[usize::from(c0 & 15)];
            let c2 = 9 * stack + 3 - c0 - c1;
            let (p0, p1, p2) = (partner[usize::from(c0 & 15)], partner[usize::from(c1 & 15)], partner[usize::from(c2 & 15)]);
            // Position 3 shows the partner of c0, whose own partner is in this stack (its
            // place, plus one) or in the third stack: placed first there (7) in a pure band,
            // after c2's partner (8) otherwise. A candidate above the best there is done.
            let again = partner[usize::from(p0 & 15)];
            let fourth = match again {
                _ if again / 3 != stack => {
                    if pure {
                        7
                    } else {
                        8
                    }
                }
                _ if again == c0 => 1,
                _ if again == c1 => 2,
                _ => 3,
            };
            let best = &search.best;
            let standing = match best
                .found
                .then(|| [best.row[0], best.row[1], best.row[2], best.row[3]].cmp(&[prefix[0], prefix[1], prefix[2], fourth]))
            {
                Some(std::cmp::Ordering::Less) => continue,
                Some(std::cmp::Ordering::Greater) if [best.row[0], best.row[1], best.row[2]] > prefix => Standing::Less,
                _ => Standing::Equal,
            };
            // The first three positions as the full search fills them: each partner at
            // the first free place of its stack's image stack.
            let mut start = Partial::EMPTY;
            start.link(stack, 0);
            start.place(c0, 0);
            start.place(c1, 1);
            start.place(c2, 2);
            start.link(s0, 1);
            start.place(p0, 3);
            start.place(p1, 4);
            if pure {
                start.place(p2, 5);
            } else {
                start.link(p2 / 3, 2);
                start.place(p2, 6);
            }
            search.position(3, start, standing)?;
        }
    }
    Ok(())
}

struct Search<'a> {
    first: &'a [u8; SIDE],
    partner: [u8; 16],
    node: Node,
    best: &'a mut Best,
    out: &'a mut Vec<Node>,
    /// The candidate row so far (positions before the current one).
    image: [u8; SIDE],
}

impl<'a> Search<'a> {
    fn new(first: &'a [u8; SIDE], partner: [u8; 16], node: Node, best: &'a mut Best, out: &'a mut Vec<Node>) -> Search<'a> {
        Search { first, partner, node, best, out, image: [0; SIDE] }
    }

    /// Image positions `j` onwards. Positions whose column is already placed (by an earlier
    /// cell's forced partner) are read straight through; only a free one branches.
    fn position(&mut self, mut j: usize, mut partial: Partial, mut standing: Standing) -> Result<(), OutOfMemory> {
        while j < SIDE {
            let placed = partial.column_at[j & 15];
            if placed == NONE {
                return self.branch(j, partial, standing);
            }
            if !self.label(j, placed, &mut partial, &mut standing) {
                return Ok(());
            }
            j += 1;
        }
        self.leaf(&partial, standing)
    }

    /// Free image position `j`: each source column its image stack may take there.
    fn branch(&mut self, j: usize, partial: Partial, mut standing: Standing) -> Result<(), OutOfMemory> {
        let image_stack = (j / 3) as u8;
        let linked = partial.source_stack[usize::from(image_stack & 3)];
        // The source stacks this image stack may take: its own, or any not linked yet.
        let sources: u8 = if linked != NONE {
            1 << (linked & 3)
        } else {
            (0..3u8).filter(|&s| partial.image_stack[usize::from(s)] == NONE).fold(0, |bits, s| bits | 1 << s)
        };
        for stack in 0..3u8 {
            if sources & (1 << stack) == 0 {
                continue;
            }
            let mut with_stack = partial;
            if linked == NONE {
                with_stack.link(stack, image_stack);
            }
            for column in stack * 3..stack * 3 + 3 {
                if with_stack.position_of[usize::from(column & 15)] != NONE {
                    continue;
                }
                let mut child = with_stack;
                child.place(column, j as u8);
                let mut trial = standing;
                if !self.label(j, column, &mut child, &mut trial) {
                    continue;
                }
                let generation = self.best.generation;
                self.position(j + 1, child, trial)?;
                // A smaller row found below extends this prefix, so the prefix now ties with it.
                if self.best.generation != generation {
                    standing = Standing::Equal;
                }
            }
        }
        Ok(())
    }

    /// The label of image cell `j`, which shows source column `column` (placed there): its
    /// digit's first-row column's position, placing that column first if it has none. False
    /// when the row so far is above the best; else records the label and updates `standing`.
    #[inline(always)]
    fn label(&mut self, j: usize, column: u8, partial: &mut Partial, standing: &mut Standing) -> bool {
        let partner = self.partner[usize::from(column & 15)];
        let label = if partner == NONE {
            0
        } else {
            let mut at = partial.position_of[usize::from(partner & 15)];
            if at == NONE {
                at = partial.earliest(partner);
                partial.place(partner, at);
            }
            at + 1
        };
        if self.best.found && *standing == Standing::Equal {
            let target = self.best.row.get(j).copied().known();
            if label > target {
                return false;
            }
            if label < target {
                *standing = Standing::Less;
            }
        }
        if let Some(slot) = self.image.get_mut(j) {
            *slot = label;
        }
        true
    }

    fn leaf(&mut self, partial: &Partial, standing: Standing) -> Result<(), OutOfMemory> {
        let mut at = [0u8; SIDE];
        at.copy_from_slice(&partial.column_at[..SIDE]);
        let mut node = self.node;
        node.cols = Columns::fixed(at, [partial.source_stack[0], partial.source_stack[1], partial.source_stack[2]]);
        node.pending = false;
        // The first row's digits are labelled by their image positions.
        for (position, &column) in at.iter().enumerate() {
            if let Some(&digit) = self.first.get(usize::from(column)) {
                if let Some(label) = node.labels.get_mut(usize::from(digit)) {
                    *label = position as u8 + 1;
                }
            }
        }
        node.next_label = SIDE as u8 + 1;
        offer(self.best, self.image, standing, node, self.out)
    }
}

#[cfg(test)]
#[path = "full_row_tests.rs"]
mod tests;
