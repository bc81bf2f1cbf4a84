//! What the search's levels are made of, shared by the row-by-row search (`search`), the
//! lazy column map (`lazy_columns`) and the choice by a second row (`full_row`): a partial
//! map ([`Node`]) with its partial column map ([`Columns`]), the best row of a level
//! ([`Best`]), and the steps every one of them takes to label a digit, compare a row and keep a
//! child. A file of its own, so that none of the three imports another in a loop.

use crate::bounds::Known;
use crate::grid::SIDE;

/// An image position or stack with no source yet.
pub(super) const OPEN: u8 = u8::MAX;

/// A partial column map.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Columns {
    /// The source column at each image position, or [`OPEN`].
    pub(super) at: [u8; SIDE],
    /// The source stack of each image stack, or [`OPEN`].
    pub(super) stack_at: [u8; 3],
    /// Source columns not placed yet (bits 0-8).
    pub(super) open: u16,
}

impl Columns {
    /// Nothing placed: every column map is still possible.
    pub(super) const ALL_OPEN: Columns = Columns { at: [OPEN; SIDE], stack_at: [OPEN; 3], open: 0x1FF };

    /// A whole column map: `at` for each image position, `stack_at` for each image stack.
    pub(super) fn fixed(at: [u8; SIDE], stack_at: [u8; 3]) -> Columns {
        Columns { at, stack_at, open: 0 }
    }

    pub(super) fn stack_placed(&self, stack: u8) -> bool {
        self.stack_at.contains(&stack)
    }

    /// Open columns of source stack `stack` that are empty in a row with digits at `nonzero`.
    pub(super) fn open_empty(&self, stack: u8, nonzero: u16) -> u8 {
        ((self.open & !nonzero) >> (3 * stack) & 0b111).count_ones() as u8
    }

    /// How many whole column maps complete this one: each open image stack takes any open
    /// source stack in any of its 6 orders, and the open positions of a placed stack take its
    /// open columns in any order.
    pub(super) fn completions(&self) -> u64 {
        let open_stacks = self.stack_at.iter().filter(|&&s| s == OPEN).count() as u32;
        let mut count = factorial(open_stacks) * 6u64.pow(open_stacks);
        for (positions, &source) in self.at.chunks_exact(3).zip(&self.stack_at) {
            if source != OPEN {
                count *= factorial(positions.iter().filter(|&&c| c == OPEN).count() as u32);
            }
        }
        count
    }

    /// One whole column map that completes this one: open stacks and positions take the
    /// unplaced sources in source order.
    pub(super) fn completed(&self) -> [u8; SIDE] {
        let mut stack_at = self.stack_at;
        let mut free_stacks = (0..3u8).filter(|&s| !self.stack_placed(s));
        for slot in stack_at.iter_mut().filter(|s| **s == OPEN) {
            *slot = free_stacks.next().unwrap_or(0);
        }
        let mut at = self.at;
        for (positions, &source) in at.chunks_exact_mut(3).zip(&stack_at) {
            let mut free = (source * 3..source * 3 + 3).filter(|&c| self.open & (1 << c) != 0);
            for slot in positions.iter_mut().filter(|c| **c == OPEN) {
                *slot = free.next().unwrap_or(0);
            }
        }
        at
    }
}

fn factorial(n: u32) -> u64 {
    (1..=u64::from(n)).product()
}

/// A partial map: the image rows chosen so far and how they look.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Node {
    pub(super) transpose: bool,
    /// The column map so far (with `pending`, meaningless).
    pub(super) cols: Columns,
    /// The first row with a digit holds all nine, and every row after it is empty: every
    /// column map gives the same rows so far.
    pub(super) pending: bool,
    /// With `pending`, the source row that holds all nine digits.
    pub(super) anchor: u8,
    /// Source bands (bits 0-2) not started yet.
    pub(super) bands_left: u8,
    /// The band being filled.
    pub(super) band: u8,
    /// Lines of `band` (bits 0-2) not used yet.
    pub(super) rows_left: u8,
    /// The label of the next new digit.
    pub(super) next_label: u8,
    /// The label given to each source digit so far (0: not seen yet).
    pub(super) labels: [u8; SIDE + 1],
    /// The source row of each image row so far.
    pub(super) rows: [u8; SIDE],
}

impl Node {
    /// No row chosen yet, in one orientation.
    pub(super) fn root(transpose: bool) -> Node {
        Node {
            transpose,
            cols: Columns::ALL_OPEN,
            pending: false,
            anchor: 0,
            bands_left: 0b111,
            band: 0,
            rows_left: 0,
            next_label: 1,
            labels: [0; SIDE + 1],
            rows: [0; SIDE],
        }
    }
}

/// The memory for the search's levels would not grow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfMemory;

/// The best row of a level so far, and whether a candidate beats, ties or loses to it.
pub(super) struct Best {
    pub(super) row: [u8; SIDE],
    pub(super) found: bool,
    /// Counts the times `row` was replaced by a smaller one.
    pub(super) generation: u32,
}

/// Where a candidate row stands against the best so far, cell by cell.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Standing {
    Equal,
    Less,
}

pub(super) fn push(nodes: &mut Vec<Node>, node: Node) -> Result<(), OutOfMemory> {
    if nodes.len() == nodes.capacity() {
        nodes.try_reserve(nodes.len().max(64)).map_err(|_| OutOfMemory)?;
    }
    nodes.push(node);
    Ok(())
}

/// The label of source digit `v` in `node`'s relabelling, giving it the next one if new.
#[inline(always)]
pub(super) fn label_of(node: &mut Node, v: u8) -> u8 {
    if v == 0 {
        return 0;
    }
    let slot = usize::from(v);
    match node.labels.get(slot).copied() {
        Some(0) => {
            let label = node.next_label;
            node.labels[slot] = label;
            node.next_label += 1;
            label
        }
        Some(label) => label,
        None => 0,
    }
}

/// Whether image cell `j` with `label` keeps the candidate at or below the best row; updates
/// `standing` once it is strictly below.
#[inline(always)]
pub(super) fn beats(best: &Best, j: usize, label: u8, standing: &mut Standing) -> bool {
    if !best.found || *standing == Standing::Less {
        return true;
    }
    let target = best.row.get(j).copied().known();
    if label < target {
        *standing = Standing::Less;
        true
    } else {
        label == target
    }
}

/// Adds a child whose row `image` ties with or beats the best (as `standing` says).
pub(super) fn offer(
    best: &mut Best,
    image: [u8; SIDE],
    standing: Standing,
    child: Node,
    out: &mut Vec<Node>,
) -> Result<(), OutOfMemory> {
    if !best.found || standing == Standing::Less {
        best.row = image;
        best.found = true;
        best.generation = best.generation.wrapping_add(1);
        out.clear();
    }
    push(out, child)
}
