//! The fast exact search for the minlex form, row by row.
//!
//! Level `k` of the search holds every partial map (orientation, the source rows of image rows
//! 0..k, a column map, the relabelling so far) whose first `k` image rows are the smallest
//! possible; level `k + 1` tries each of them with each row that may come next and keeps those
//! whose new row is smallest. Every map left after row 9 gives the canonical form, so their
//! number (times the maps quotiented out, see [`super::structure`]) is the automorphism count.
//!
//! While every image row so far is empty, the column map does not matter yet and stays free;
//! the first row with a digit chooses it, stack by stack, pruned against the best row found.

use super::structure::{transposed, Lines};
use super::tables::{column_map_index, COLUMNS, PERMS3};
use super::full_row::choose_by_second_row;
use super::Map;
use crate::grid::{CELLS, SIDE};

/// The column map of a partial map whose rows so far are all empty.
const FREE: u16 = u16::MAX;
/// The column map of a partial map whose first row with a digit holds all nine, and whose
/// later rows are empty: every column map gives the same rows so far ([`super::full_row`]).
const PENDING: u16 = u16::MAX - 1;

/// A partial map: the image rows chosen so far and how they look.
#[derive(Clone, Copy, Debug)]
pub(super) struct Node {
    transpose: bool,
    /// An index into [`COLUMNS`], or [`FREE`] or [`PENDING`].
    pub(super) columns: u16,
    /// With [`PENDING`], the source row that holds all nine digits.
    anchor: u8,
    /// Source bands (bits 0-2) not started yet.
    bands_left: u8,
    /// The band being filled.
    band: u8,
    /// Lines of `band` (bits 0-2) not used yet.
    rows_left: u8,
    /// The label of the next new digit.
    pub(super) next_label: u8,
    /// The label given to each source digit so far (0: not seen yet).
    pub(super) labels: [u8; SIDE + 1],
    /// The source row of each image row so far.
    rows: [u8; SIDE],
}

/// The memory for the search's levels would not grow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfMemory;

/// The canonical form of a board and what the search learnt on the way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Canonical {
    /// The form: 81 cell values, row-major, 0 for empty.
    pub cells: [u8; CELLS],
    /// How many maps of the group, relabelling included, send the board to itself.
    pub automorphisms: u64,
    /// One map that sends the board to its form.
    pub map: Map,
}

/// One orientation of the board, with its quotiented symmetries.
struct Orientation {
    rows: [[u8; SIDE]; SIDE],
    row_lines: Lines,
    col_lines: Lines,
}

impl Orientation {
    fn new(cells: &[u8; CELLS]) -> Orientation {
        let mut rows = [[0u8; SIDE]; SIDE];
        for (row, chunk) in rows.iter_mut().zip(cells.chunks_exact(SIDE)) {
            row.copy_from_slice(chunk);
        }
        Orientation { rows, row_lines: Lines::of_rows(cells), col_lines: Lines::of_rows(&transposed(cells)) }
    }
}

/// The best row of a level so far, and whether a candidate beats, ties or loses to it.
pub(super) struct Best {
    row: [u8; SIDE],
    found: bool,
    /// Counts the times `row` was replaced by a smaller one.
    pub(super) generation: u32,
}

/// The search, with its level buffers kept between boards (no allocation once warm).
#[derive(Default)]
pub struct Searcher {
    level: Vec<Node>,
    next: Vec<Node>,
}

/// Where a candidate row stands against the best so far, cell by cell.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Standing {
    Equal,
    Less,
}

impl Searcher {
    /// A searcher with empty buffers.
    pub fn new() -> Searcher {
        Searcher::default()
    }

    /// The canonical form of `cells` (values 0-9, row-major; a larger value is read as empty).
    pub fn canonical(&mut self, cells: &[u8; CELLS]) -> Result<Canonical, OutOfMemory> {
        let mut clean = *cells;
        for v in &mut clean {
            if *v > 9 {
                *v = 0;
            }
        }
        let orientations = [Orientation::new(&clean), Orientation::new(&transposed(&clean))];
        self.level.clear();
        for transpose in [false, true] {
            push(
                &mut self.level,
                Node { transpose, columns: FREE, anchor: 0, bands_left: 0b111, band: 0, rows_left: 0, next_label: 1, labels: [0; SIDE + 1], rows: [0; SIDE] },
            )?;
        }
        let mut form = [0u8; CELLS];
        for depth in 0..SIDE {
            let mut best = Best { row: [0; SIDE], found: false, generation: 0 };
            self.next.clear();
            for node in &self.level {
                let orientation = if node.transpose { &orientations[1] } else { &orientations[0] };
                expand(node, depth, orientation, &mut best, &mut self.next)?;
            }
            std::mem::swap(&mut self.level, &mut self.next);
            if let Some(slot) = form.get_mut(depth * SIDE..depth * SIDE + SIDE) {
                slot.copy_from_slice(&best.row);
            }
        }
        let distinct = {
            let mut seen = 0u16;
            for &v in &clean {
                seen |= 1 << v;
            }
            u64::from((seen & 0x3FE).count_ones())
        };
        let unused_relabellings: u64 = (1..=9 - distinct).product();
        let mut automorphisms = 0u64;
        for node in &self.level {
            let orientation = if node.transpose { &orientations[1] } else { &orientations[0] };
            let columns = if node.columns == FREE || node.columns == PENDING { orientation.col_lines.allowed_maps() } else { 1 };
            let skipped = orientation.row_lines.skipped * orientation.col_lines.skipped;
            automorphisms = automorphisms.saturating_add(columns * skipped * unused_relabellings);
        }
        let map = self.level.first().map_or(Map::IDENTITY, |node| {
            let orientation = if node.transpose { &orientations[1] } else { &orientations[0] };
            map_of(node, orientation.rows.get(usize::from(node.anchor)))
        });
        Ok(Canonical { cells: form, automorphisms, map })
    }
}

fn push(nodes: &mut Vec<Node>, node: Node) -> Result<(), OutOfMemory> {
    if nodes.len() == nodes.capacity() {
        nodes.try_reserve(nodes.len().max(64)).map_err(|_| OutOfMemory)?;
    }
    nodes.push(node);
    Ok(())
}

/// Tries `node` with every row that may come next, keeping the children whose row is best.
fn expand(node: &Node, depth: usize, orientation: &Orientation, best: &mut Best, out: &mut Vec<Node>) -> Result<(), OutOfMemory> {
    let lines = &orientation.row_lines;
    if node.rows_left == 0 {
        for band in 0..3u8 {
            if node.bands_left & (1 << band) == 0 || !lines.may_start(usize::from(band), node.bands_left) {
                continue;
            }
            let started = Node { bands_left: node.bands_left & !(1 << band), band, rows_left: 0b111, ..*node };
            expand_in_band(&started, depth, orientation, best, out)?;
        }
        Ok(())
    } else {
        expand_in_band(node, depth, orientation, best, out)
    }
}

fn expand_in_band(node: &Node, depth: usize, orientation: &Orientation, best: &mut Best, out: &mut Vec<Node>) -> Result<(), OutOfMemory> {
    let band = usize::from(node.band);
    for k in 0..3 {
        if node.rows_left & (1 << k) == 0 || !orientation.row_lines.may_follow(band, k, node.rows_left) {
            continue;
        }
        let source_row = band * 3 + k;
        let mut child = Node { rows_left: node.rows_left & !(1 << k), ..*node };
        if let Some(slot) = child.rows.get_mut(depth) {
            *slot = source_row as u8;
        }
        let row = orientation.rows.get(source_row).copied().unwrap_or([0; SIDE]);
        if (node.columns == FREE || node.columns == PENDING) && row.iter().all(|&v| v == 0) {
            // An empty row is the smallest there is: it ties or beats any best.
            let standing = if best.found && best.row != [0; SIDE] { Standing::Less } else { Standing::Equal };
            offer(best, [0; SIDE], standing, child, out)?;
        } else if node.columns == FREE && holds_all_nine(&row) {
            let image = [1, 2, 3, 4, 5, 6, 7, 8, 9];
            let mut standing = Standing::Equal;
            if image.iter().enumerate().all(|(j, &label)| beats(best, j, label, &mut standing)) {
                offer(best, image, standing, Node { columns: PENDING, anchor: source_row as u8, ..child }, out)?;
            }
        } else if node.columns == FREE {
            choose_columns(&row, orientation, child, best, out)?;
        } else if node.columns == PENDING {
            let first = orientation.rows.get(usize::from(node.anchor)).copied().unwrap_or([0; SIDE]);
            choose_by_second_row(&first, &row, child, best, out)?;
        } else {
            let cols = COLUMNS.get(usize::from(node.columns)).copied().unwrap_or([0; SIDE]);
            let mut image = [0u8; SIDE];
            let mut standing = Standing::Equal;
            let mut lost = false;
            for (j, &col) in cols.iter().enumerate() {
                let v = row.get(usize::from(col)).copied().unwrap_or(0);
                let label = label_of(&mut child, v);
                if !beats(best, j, label, &mut standing) {
                    lost = true;
                    break;
                }
                image[j] = label;
            }
            if !lost {
                offer(best, image, standing, child, out)?;
            }
        }
    }
    Ok(())
}

/// True when `row` holds each digit 1-9 once.
fn holds_all_nine(row: &[u8; SIDE]) -> bool {
    row.iter().fold(0u16, |seen, &v| seen | (1 << v)) == 0x3FE
}

/// The label of source digit `v` in `node`'s relabelling, giving it the next one if new.
#[inline(always)]
fn label_of(node: &mut Node, v: u8) -> u8 {
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
    let target = best.row.get(j).copied().unwrap_or(0);
    if label < target {
        *standing = Standing::Less;
        true
    } else {
        label == target
    }
}

/// Adds a child whose row `image` ties with or beats the best (as `standing` says).
pub(super) fn offer(best: &mut Best, image: [u8; SIDE], standing: Standing, child: Node, out: &mut Vec<Node>) -> Result<(), OutOfMemory> {
    if !best.found || standing == Standing::Less {
        best.row = image;
        best.found = true;
        best.generation = best.generation.wrapping_add(1);
        out.clear();
    }
    push(out, child)
}

/// The first row with a digit, under every column map the restriction allows: a search stack
/// by stack (image stack 0 first), pruned as soon as a prefix is above the best row.
fn choose_columns(row: &[u8; SIDE], orientation: &Orientation, child: Node, best: &mut Best, out: &mut Vec<Node>) -> Result<(), OutOfMemory> {
    let mut image = [0u8; SIDE];
    let mut stacks = [0usize; 3];
    let mut within = [0usize; 3];
    place_stack(0, 0b111, row, orientation, child, Standing::Equal, &mut image, &mut stacks, &mut within, best, out)
}

#[allow(clippy::too_many_arguments)]
fn place_stack(
    position: usize,
    unused: u8,
    row: &[u8; SIDE],
    orientation: &Orientation,
    node: Node,
    mut standing: Standing,
    image: &mut [u8; SIDE],
    stacks: &mut [usize; 3],
    within: &mut [usize; 3],
    best: &mut Best,
    out: &mut Vec<Node>,
) -> Result<(), OutOfMemory> {
    let cols = &orientation.col_lines;
    if position == 3 {
        let order = PERMS3.iter().position(|p| p.iter().zip(stacks.iter()).all(|(&a, &b)| usize::from(a) == b)).unwrap_or(0);
        let child = Node { columns: column_map_index(order, *within), ..node };
        return offer(best, *image, standing, child, out);
    }
    for stack in 0..3 {
        if unused & (1 << stack) == 0 || !cols.may_start(stack, unused) {
            continue;
        }
        let allowed = cols.orders.get(stack).copied().unwrap_or(0);
        for (p, perm) in PERMS3.iter().enumerate() {
            if allowed & (1 << p) == 0 {
                continue;
            }
            let mut trial = node;
            let mut trial_standing = standing;
            let mut lost = false;
            for (i, &k) in perm.iter().enumerate() {
                let j = position * 3 + i;
                let label = label_of(&mut trial, row.get(stack * 3 + usize::from(k)).copied().unwrap_or(0));
                if !beats(best, j, label, &mut trial_standing) {
                    lost = true;
                    break;
                }
                if let Some(slot) = image.get_mut(j) {
                    *slot = label;
                }
            }
            if lost {
                continue;
            }
            if let (Some(s), Some(w)) = (stacks.get_mut(position), within.get_mut(stack)) {
                *s = stack;
                *w = p;
            }
            let generation = best.generation;
            place_stack(position + 1, unused & !(1 << stack), row, orientation, trial, trial_standing, image, stacks, within, best, out)?;
            // A smaller row found below extends this prefix, so the prefix now ties with it.
            if best.generation != generation {
                standing = Standing::Equal;
            }
        }
    }
    Ok(())
}

/// The group map of a finished node.
fn map_of(node: &Node, anchor_row: Option<&[u8; SIDE]>) -> Map {
    // A free column map never mattered (every image row is empty): any one gives the form.
    let cols = COLUMNS.get(usize::from(node.columns)).copied().unwrap_or([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    let mut relabel = node.labels;
    let mut next = node.next_label;
    if node.columns == PENDING {
        // The identity column map: the anchor row's digits take their own positions.
        for (position, &digit) in anchor_row.into_iter().flatten().enumerate() {
            if let Some(label) = relabel.get_mut(usize::from(digit)) {
                *label = position as u8 + 1;
            }
        }
        next = SIDE as u8 + 1;
    }
    for slot in relabel.iter_mut().skip(1) {
        if *slot == 0 {
            *slot = next;
            next += 1;
        }
    }
    Map::new(node.rows, cols, node.transpose, relabel).unwrap_or(Map::IDENTITY)
}

