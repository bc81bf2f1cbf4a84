//! The column map, fixed only as far as the rows placed so far need it.
//!
//! A source column that is empty in every image row so far shows 0 wherever it goes, so the
//! search leaves it open rather than trying each place for it. Fixing every column on the
//! first row with a digit tied a row with one digit on 144 column maps, and every later row
//! was then tried under each of them.
//!
//! Placing a row, each image position still open takes an open column that is empty in the
//! row if one is left (0 is the smallest cell there is, and which such column goes there does
//! not matter yet); otherwise it branches over the open columns with a digit. An image stack
//! still open stays open while an open source stack is empty in the row, and otherwise
//! branches over the open stacks with a digit. So the open columns after a row are exactly the
//! columns empty in every row so far; the maps a node stands for are its completions, and no
//! two nodes share one.

use super::node::{beats, label_of, offer, Best, Node, OutOfMemory, Standing, OPEN};
use crate::bounds::Known;
use crate::grid::SIDE;

/// Adds, as children of `node` (whose columns are not all placed), `row` under every way of
/// placing columns that keeps it smallest, against and into `best`. `twins` holds, for each
/// source column, the identical columns before it in its stack (bits 0-2): those keep their
/// source order, as [`super::structure`] quotients them.
pub(super) fn place_row(
    row: &[u8; SIDE],
    twins: &[u8; SIDE],
    node: Node,
    best: &mut Best,
    out: &mut Vec<Node>,
) -> Result<(), OutOfMemory> {
    let nonzero = row.iter().enumerate().fold(0u16, |bits, (c, &v)| if v != 0 { bits | 1 << c } else { bits });
    let cols = &node.cols;
    let empty_stacks = (0..3u8).filter(|&t| !cols.stack_placed(t) && nonzero >> (3 * t) & 0b111 == 0).count() as u8;
    let placing = Placing { row, nonzero, twins };
    let mut image = [0u8; SIDE];
    placing.stack(0, empty_stacks, node, Standing::Equal, &mut image, best, out)
}

struct Placing<'a> {
    row: &'a [u8; SIDE],
    /// The source columns with a digit in `row` (bits 0-8).
    nonzero: u16,
    twins: &'a [u8; SIDE],
}

impl Placing<'_> {
    /// Image stack `s` onwards. `empty_stacks` counts the open source stacks empty in the row
    /// that no open image stack before `s` stands for yet.
    #[allow(clippy::too_many_arguments)]
    fn stack(
        &self,
        s: usize,
        empty_stacks: u8,
        node: Node,
        mut standing: Standing,
        image: &mut [u8; SIDE],
        best: &mut Best,
        out: &mut Vec<Node>,
    ) -> Result<(), OutOfMemory> {
        let Some(&source) = node.cols.stack_at.get(s) else {
            return offer(best, *image, standing, node, out);
        };
        if source != OPEN {
            let empty = node.cols.open_empty(source, self.nonzero);
            return self.position(s * 3, empty, empty_stacks, node, standing, image, best, out);
        }
        if empty_stacks > 0 {
            for j in s * 3..s * 3 + 3 {
                if !beats(best, j, 0, &mut standing) {
                    return Ok(());
                }
                if let Some(slot) = image.get_mut(j) {
                    *slot = 0;
                }
            }
            return self.stack(s + 1, empty_stacks - 1, node, standing, image, best, out);
        }
        for t in 0..3u8 {
            // The open stacks empty in the row are spoken for by earlier open image stacks.
            if node.cols.stack_placed(t) || self.nonzero >> (3 * t) & 0b111 == 0 {
                continue;
            }
            let mut child = node;
            if let Some(slot) = child.cols.stack_at.get_mut(s) {
                *slot = t;
            }
            let empty = child.cols.open_empty(t, self.nonzero);
            let generation = best.generation;
            self.position(s * 3, empty, empty_stacks, child, standing, image, best, out)?;
            // A smaller row found below extends this prefix, so the prefix now ties with it.
            if best.generation != generation {
                standing = Standing::Equal;
            }
        }
        Ok(())
    }

    /// Image position `j` (of a placed stack) onwards; `empty` counts the open columns of its
    /// stack, empty in the row, that no open position before `j` stands for yet.
    #[allow(clippy::too_many_arguments)]
    fn position(
        &self,
        j: usize,
        empty: u8,
        empty_stacks: u8,
        node: Node,
        mut standing: Standing,
        image: &mut [u8; SIDE],
        best: &mut Best,
        out: &mut Vec<Node>,
    ) -> Result<(), OutOfMemory> {
        let at = node.cols.at.get(j).copied().known();
        if at != OPEN {
            let mut child = node;
            let label = label_of(&mut child, self.row.get(usize::from(at)).copied().known());
            if !beats(best, j, label, &mut standing) {
                return Ok(());
            }
            return self.next(j, label, empty, empty_stacks, child, standing, image, best, out);
        }
        if empty > 0 {
            if !beats(best, j, 0, &mut standing) {
                return Ok(());
            }
            return self.next(j, 0, empty - 1, empty_stacks, node, standing, image, best, out);
        }
        let source = node.cols.stack_at.get(j / 3).copied().known();
        let open_here = (node.cols.open >> (3 * source) & 0b111) as u8;
        for k in 0..3u8 {
            let column = source * 3 + k;
            let bit = 1u16 << column;
            let twins = self.twins.get(usize::from(column)).copied().known();
            if node.cols.open & bit == 0 || self.nonzero & bit == 0 || twins & open_here != 0 {
                continue;
            }
            let mut child = node;
            child.cols.open &= !bit;
            if let Some(slot) = child.cols.at.get_mut(j) {
                *slot = column;
            }
            let label = label_of(&mut child, self.row.get(usize::from(column)).copied().known());
            let mut trial = standing;
            if !beats(best, j, label, &mut trial) {
                continue;
            }
            let generation = best.generation;
            self.next(j, label, empty, empty_stacks, child, trial, image, best, out)?;
            if best.generation != generation {
                standing = Standing::Equal;
            }
        }
        Ok(())
    }

    /// Writes `label` at `j` and goes on with the next position or stack.
    #[allow(clippy::too_many_arguments)]
    fn next(
        &self,
        j: usize,
        label: u8,
        empty: u8,
        empty_stacks: u8,
        node: Node,
        standing: Standing,
        image: &mut [u8; SIDE],
        best: &mut Best,
        out: &mut Vec<Node>,
    ) -> Result<(), OutOfMemory> {
        if let Some(slot) = image.get_mut(j) {
            *slot = label;
        }
        if (j + 1).is_multiple_of(3) {
            self.stack((j + 1) / 3, empty_stacks, node, standing, image, best, out)
        } else {
            self.position(j + 1, empty, empty_stacks, node, standing, image, best, out)
        }
    }
}
