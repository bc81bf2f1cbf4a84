//! The column map chosen by the second row, when the first row with a digit holds all nine.
//!
//! Such a row reads `123456789` under every column map, so choosing the map on it would tie
//! 1,296 ways (every complete grid does this). The map stays pending instead, and the next
//! row chooses it: position by position, each image column takes a source column, and the
//! label of that cell is one more than the image position of the column where its digit sits
//! in the first row. If that column has no place yet, giving it the earliest free one is the
//! only way to keep the cell smallest, so it is placed there at once.

use super::lazy_columns::Columns;
use super::search::{beats, offer, Best, Node, OutOfMemory, Standing};
use crate::grid::SIDE;

const NONE: u8 = u8::MAX;

/// A partial column map, filled image position by position (and ahead, by forced placements).
#[derive(Clone, Copy)]
struct Partial {
    /// For each image stack, its source stack.
    source_stack: [u8; 3],
    /// For each source stack, its image stack.
    image_stack: [u8; 3],
    /// For each image position, its source column.
    column_at: [u8; SIDE],
    /// For each source column, its image position.
    position_of: [u8; SIDE],
    image: [u8; SIDE],
}

impl Partial {
    fn place(&mut self, column: u8, position: u8) {
        if let (Some(at), Some(of)) = (self.column_at.get_mut(usize::from(position)), self.position_of.get_mut(usize::from(column))) {
            *at = column;
            *of = position;
        }
    }

    /// The earliest position source column `column` can still take (it has none yet): the
    /// first free slot of its stack's image stack, or of the first image stack not given one.
    fn earliest(&mut self, column: u8) -> u8 {
        let stack = usize::from(column / 3);
        let mut image = self.image_stack.get(stack).copied().unwrap_or(NONE);
        if image == NONE {
            image = self.source_stack.iter().position(|&s| s == NONE).unwrap_or(2) as u8;
            self.link(stack as u8, image);
        }
        let first = image * 3;
        (first..first + 3).find(|&p| self.column_at.get(usize::from(p)) == Some(&NONE)).unwrap_or(first)
    }

    fn link(&mut self, source: u8, image: u8) {
        if let (Some(s), Some(i)) = (self.source_stack.get_mut(usize::from(image)), self.image_stack.get_mut(usize::from(source))) {
            *s = source;
            *i = image;
        }
    }
}

/// Every column map under which `row` (after `first`, which holds all nine digits) is
/// smallest, as children of `node`, against and into `best`.
pub(super) fn choose_by_second_row(first: &[u8; SIDE], row: &[u8; SIDE], node: Node, best: &mut Best, out: &mut Vec<Node>) -> Result<(), OutOfMemory> {
    // Where each cell's digit sits in the first row (NONE for an empty cell).
    let mut partner = [NONE; SIDE];
    for (slot, &v) in partner.iter_mut().zip(row) {
        if v != 0 {
            *slot = first.iter().position(|&d| d == v).map_or(NONE, |p| p as u8);
        }
    }
    let start = Partial { source_stack: [NONE; 3], image_stack: [NONE; 3], column_at: [NONE; SIDE], position_of: [NONE; SIDE], image: [0; SIDE] };
    let search = Search { first, partner };
    search.position(0, start, Standing::Equal, node, best, out)
}

struct Search<'a> {
    first: &'a [u8; SIDE],
    partner: [u8; SIDE],
}

impl Search<'_> {
    fn position(&self, j: usize, partial: Partial, mut standing: Standing, node: Node, best: &mut Best, out: &mut Vec<Node>) -> Result<(), OutOfMemory> {
        if j == SIDE {
            return self.leaf(&partial, standing, node, best, out);
        }
        let placed = partial.column_at.get(j).copied().unwrap_or(NONE);
        if placed != NONE {
            return self.try_column(j, placed, partial, standing, node, best, out);
        }
        let image_stack = j / 3;
        let stacks: [u8; 3] = match partial.source_stack.get(image_stack).copied() {
            Some(NONE) | None => [0, 1, 2],
            Some(stack) => [stack, NONE, NONE],
        };
        for stack in stacks {
            if stack == NONE || (partial.source_stack.get(image_stack) == Some(&NONE) && partial.image_stack.get(usize::from(stack)) != Some(&NONE)) {
                continue;
            }
            let mut linked = partial;
            linked.link(stack, image_stack as u8);
            for column in stack * 3..stack * 3 + 3 {
                if linked.position_of.get(usize::from(column)) != Some(&NONE) {
                    continue;
                }
                let generation = best.generation;
                self.try_column(j, column, linked, standing, node, best, out)?;
                // A smaller row found below extends this prefix, so the prefix now ties with it.
                if best.generation != generation {
                    standing = Standing::Equal;
                }
            }
        }
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    fn try_column(&self, j: usize, column: u8, mut partial: Partial, mut standing: Standing, node: Node, best: &mut Best, out: &mut Vec<Node>) -> Result<(), OutOfMemory> {
        partial.place(column, j as u8);
        let partner = self.partner.get(usize::from(column)).copied().unwrap_or(NONE);
        let label = if partner == NONE {
            0
        } else {
            let mut at = partial.position_of.get(usize::from(partner)).copied().unwrap_or(NONE);
            if at == NONE {
                at = partial.earliest(partner);
                partial.place(partner, at);
            }
            at + 1
        };
        if !beats(best, j, label, &mut standing) {
            return Ok(());
        }
        if let Some(slot) = partial.image.get_mut(j) {
            *slot = label;
        }
        self.position(j + 1, partial, standing, node, best, out)
    }

    fn leaf(&self, partial: &Partial, standing: Standing, mut node: Node, best: &mut Best, out: &mut Vec<Node>) -> Result<(), OutOfMemory> {
        node.cols = Columns::fixed(partial.column_at, partial.source_stack);
        node.pending = false;
        // The first row's digits are labelled by their image positions.
        for (position, &column) in partial.column_at.iter().enumerate() {
            if let Some(&digit) = self.first.get(usize::from(column)) {
                if let Some(label) = node.labels.get_mut(usize::from(digit)) {
                    *label = position as u8 + 1;
                }
            }
        }
        node.next_label = SIDE as u8 + 1;
        offer(best, partial.image, standing, node, out)
    }
}
