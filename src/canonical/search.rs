//! The fast exact search for the minlex form, row by row.
//!
//! Level `k` of the search holds every partial map (orientation, the source rows of image rows
//! 0..k, a column map, the relabelling so far) whose first `k` image rows are the smallest
//! possible; level `k + 1` tries each of them with each row that may come next and keeps those
//! whose new row is smallest. Every map left after row 9 gives the canonical form, so their
//! number (times the maps quotiented out, see [`super::structure`]) is the automorphism count.
//!
//! The column map is fixed only as far as the rows so far need it ([`super::lazy_columns`]),
//! except after a first row with a digit that holds all nine, which reads the same under every
//! column map; the row after it chooses the map ([`super::full_row`]).

use super::full_row::choose_by_second_row;
use super::lazy_columns::place_row;
use super::node::{beats, label_of, offer, push, Best, Columns, Node, OutOfMemory, Standing};
use super::structure::{transposed, Lines};
use super::Map;
use crate::bounds::Known;
use crate::grid::{CELLS, SIDE};

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
    /// The column maps skipped per map kept by keeping identical columns with a digit in
    /// source order (the open columns of [`Columns`] account for the empty ones).
    twin_columns: u64,
}

impl Orientation {
    fn new(cells: &[u8; CELLS]) -> Orientation {
        let mut rows = [[0u8; SIDE]; SIDE];
        for (row, chunk) in rows.iter_mut().zip(cells.chunks_exact(SIDE)) {
            row.copy_from_slice(chunk);
        }
        let col_lines = Lines::of_rows(&transposed(cells));
        let twin_columns = (0..SIDE)
            .filter(|&c| rows.iter().any(|row| row.get(c) != Some(&0)))
            .map(|c| u64::from(col_lines.same_before.get(c).map_or(0, |b| b.count_ones())) + 1)
            .product();
        Orientation { rows, row_lines: Lines::of_rows(cells), col_lines, twin_columns }
    }
}

/// The search, with its level buffers kept between boards (no allocation once warm).
#[derive(Default)]
pub struct Searcher {
    level: Vec<Node>,
    next: Vec<Node>,
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
            push(&mut self.level, Node::root(transpose))?;
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
            // A row holding all nine has no identical columns.
            let columns = if node.pending {
                orientation.col_lines.allowed_maps()
            } else {
                node.cols.completions() * orientation.twin_columns
            };
            automorphisms = automorphisms.saturating_add(columns * orientation.row_lines.skipped * unused_relabellings);
        }
        let map = self.level.first().map_or(Map::IDENTITY, |node| {
            let orientation = if node.transpose { &orientations[1] } else { &orientations[0] };
            map_of(node, orientation.rows.get(usize::from(node.anchor)))
        });
        Ok(Canonical { cells: form, automorphisms, map })
    }
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

fn expand_in_band(
    node: &Node,
    depth: usize,
    orientation: &Orientation,
    best: &mut Best,
    out: &mut Vec<Node>,
) -> Result<(), OutOfMemory> {
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
        let row = orientation.rows.get(source_row).copied().known();
        if node.cols.open == 0 && !node.pending {
            place_fixed(&row, child, best, out)?;
        } else if row.iter().all(|&v| v == 0) {
            // An empty row is the smallest there is: it ties or beats any best.
            let standing = if best.found && best.row != [0; SIDE] { Standing::Less } else { Standing::Equal };
            offer(best, [0; SIDE], standing, child, out)?;
        } else if node.pending {
            let first = orientation.rows.get(usize::from(node.anchor)).copied().known();
            choose_by_second_row(&first, &row, child, best, out)?;
        } else if node.cols == Columns::ALL_OPEN && holds_all_nine(&row) {
            let image = [1, 2, 3, 4, 5, 6, 7, 8, 9];
            let mut standing = Standing::Equal;
            if image.iter().enumerate().all(|(j, &label)| beats(best, j, label, &mut standing)) {
                offer(best, image, standing, Node { pending: true, anchor: source_row as u8, ..child }, out)?;
            }
        } else {
            place_row(&row, &orientation.col_lines.same_before, child, best, out)?;
        }
    }
    Ok(())
}

/// `row` under a node's whole column map: one child at most.
fn place_fixed(row: &[u8; SIDE], mut child: Node, best: &mut Best, out: &mut Vec<Node>) -> Result<(), OutOfMemory> {
    let mut image = [0u8; SIDE];
    let mut standing = Standing::Equal;
    let cols = child.cols.at;
    for (j, &col) in cols.iter().enumerate() {
        let v = row.get(usize::from(col)).copied().known();
        let label = label_of(&mut child, v);
        if !beats(best, j, label, &mut standing) {
            return Ok(());
        }
        image[j] = label;
    }
    offer(best, image, standing, child, out)
}

/// True when `row` holds each digit 1-9 once.
fn holds_all_nine(row: &[u8; SIDE]) -> bool {
    row.iter().fold(0u16, |seen, &v| seen | (1 << v)) == 0x3FE
}

/// The group map of a finished node.
fn map_of(node: &Node, anchor_row: Option<&[u8; SIDE]>) -> Map {
    // Open columns never mattered (they are empty in every row): any completion gives the form.
    let mut cols = node.cols.completed();
    let mut relabel = node.labels;
    let mut next = node.next_label;
    if node.pending {
        cols = [0, 1, 2, 3, 4, 5, 6, 7, 8];
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
