//! A board with its pencil marks as inline SVG, and a step drawn on it: the pattern's cells
//! and units shaded, the placed digit in green, removed candidates struck out in red, and a
//! chain's nodes ringed in their cells with its links between them, strong solid and weak
//! dashed. Rows and columns are labelled r1-r9 and c1-c9.
//!
//! SVG rather than a table: a chain's links cross cells, and their ends must meet the
//! candidates they join, which only a drawing with known coordinates can promise. The same
//! rules as the table views ([`super::html`]): attributes only (no `<style>`, no script), a
//! white card of its own, so it reads in light and dark themes, and no user text.

use std::fmt::Write;

use crate::bounds::Known;
use crate::grid::{CELLS, SIDE};
use crate::steps::geometry::{members, UNIT_CELLS};
use crate::steps::{Chain, Link, Pencil, Step};

pub mod palette {
    pub const TEXT: &str = "#1b1b1b";
    pub const MARK_TEXT: &str = "#5a5a5a";
    pub const BACKGROUND: &str = "#ffffff";
    pub const THIN_LINE: &str = "#a6a6a6";
    pub const BOX_LINE: &str = "#1b1b1b";
    pub const LABEL: &str = "#6b6b6b";
    /// Cells of the pattern's units.
    pub const UNIT_BACKGROUND: &str = "#eef3ff";
    /// The pattern's cells.
    pub const PATTERN_BACKGROUND: &str = "#fff0c2";
    /// A placed digit.
    pub const PLACED_BACKGROUND: &str = "#c9efd0";
    pub const PLACED_TEXT: &str = "#14532d";
    /// A candidate the step removes.
    pub const ELIMINATED_TEXT: &str = "#b00020";
    /// A chain's nodes and links.
    pub const CHAIN: &str = "#1f5fbf";
    pub const NODE_FILL: &str = "#cfe2ff";
}

/// A cell's side, and the room for the labels left of and above the grid, in pixels.
const CELL: usize = 42;
const MARGIN: usize = 20;
/// A pencil mark's spacing within its cell (three a row), and a node ring's radius.
const MARK: usize = 13;
const RING: f64 = 6.5;

/// The board's size with its labels, in pixels.
pub const SIZE: usize = MARGIN + SIDE * CELL + 2;

/// The centre of the pencil mark of digit `d` (1-9) in `cell`.
fn mark_centre(cell: usize, d: u8) -> (f64, f64) {
    let (r, c) = (cell / SIDE, cell % SIDE);
    let k = usize::from(d.saturating_sub(1));
    let x = MARGIN + c * CELL + (CELL - 2 * MARK) / 2 + (k % 3) * MARK;
    let y = MARGIN + r * CELL + (CELL - 2 * MARK) / 2 + (k / 3) * MARK;
    (x as f64, y as f64)
}

/// The board `p` (its digits, and its marks in empty cells) with `step` drawn on it, if any.
pub fn board_svg(p: &Pencil, step: Option<&Step>) -> String {
    let mut out = String::with_capacity(16 * 1024);
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"valid-sudoku-board\" width=\"{SIZE}\" height=\"{SIZE}\" \
         viewBox=\"0 0 {SIZE} {SIZE}\" font-family=\"system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif\" \
         style=\"display:block;background:{bg}\"><rect width=\"{SIZE}\" height=\"{SIZE}\" fill=\"{bg}\"/>",
        bg = palette::BACKGROUND
    );
    if let Some(step) = step {
        shading(&mut out, step);
    }
    grid_lines(&mut out);
    labels(&mut out);
    if let Some(chain) = step.and_then(|step| step.chain.as_deref()) {
        chain_drawing(&mut out, chain);
    }
    digits(&mut out, p, step);
    out.push_str("</svg>");
    out
}

/// The units, the pattern's cells and the placed cells, shaded in that order.
fn shading(out: &mut String, step: &Step) {
    let units = step.units.iter().fold(0u128, |m, &u| m | UNIT_CELLS.get(usize::from(u)).copied().known());
    let pattern = step.cells.iter().fold(0u128, |m, &c| m | 1u128.checked_shl(u32::from(c)).unwrap_or(0));
    let placed = step.placements.iter().fold(0u128, |m, &(c, _)| m | 1u128.checked_shl(u32::from(c)).unwrap_or(0));
    for cell in 0..CELLS {
        let fill = if placed >> cell & 1 == 1 {
            palette::PLACED_BACKGROUND
        } else if pattern >> cell & 1 == 1 {
            palette::PATTERN_BACKGROUND
        } else if units >> cell & 1 == 1 {
            palette::UNIT_BACKGROUND
        } else {
            continue;
        };
        let (x, y) = (MARGIN + (cell % SIDE) * CELL, MARGIN + (cell / SIDE) * CELL);
        let _ = write!(out, "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{fill}\"/>");
    }
}

fn grid_lines(out: &mut String) {
    let end = MARGIN + SIDE * CELL;
    for k in 0..=SIDE {
        let at = MARGIN + k * CELL;
        let (colour, width) = if k % 3 == 0 { (palette::BOX_LINE, 2) } else { (palette::THIN_LINE, 1) };
        let _ = write!(
            out,
            "<line x1=\"{at}\" y1=\"{MARGIN}\" x2=\"{at}\" y2=\"{end}\" stroke=\"{colour}\" stroke-width=\"{width}\"/>\
             <line x1=\"{MARGIN}\" y1=\"{at}\" x2=\"{end}\" y2=\"{at}\" stroke=\"{colour}\" stroke-width=\"{width}\"/>"
        );
    }
}

fn labels(out: &mut String) {
    let _ = write!(out, "<g class=\"labels\" font-size=\"11\" fill=\"{}\" text-anchor=\"middle\">", palette::LABEL);
    for k in 0..SIDE {
        let centre = MARGIN + k * CELL + CELL / 2;
        let _ =
            write!(out, "<text x=\"{centre}\" y=\"14\">c{}</text><text x=\"10\" y=\"{}\">r{}</text>", k + 1, centre + 4, k + 1);
    }
    out.push_str("</g>");
}

/// The chain's links, then its nodes' rings over them. A link joins the centres of its two
/// nodes (a group node's is the middle of its cells' marks), stopping short of the rings.
fn chain_drawing(out: &mut String, chain: &Chain) {
    let centre = |cells: u128, digit: u8| {
        let points: Vec<(f64, f64)> = members(cells).map(|cell| mark_centre(cell, digit)).collect();
        let n = points.len().max(1) as f64;
        (points.iter().map(|p| p.0).sum::<f64>() / n, points.iter().map(|p| p.1).sum::<f64>() / n)
    };
    let _ = write!(out, "<g class=\"chain\" stroke=\"{}\" stroke-width=\"1.8\" fill=\"none\">", palette::CHAIN);
    for (from, to, link) in chain.edges() {
        let (Some(a), Some(b)) = (chain.nodes.get(from), chain.nodes.get(to)) else { continue };
        let ((x1, y1), (x2, y2)) = (centre(a.cells, a.digit), centre(b.cells, b.digit));
        let length = ((x2 - x1).powi(2) + (y2 - y1).powi(2)).sqrt();
        // Two marks side by side in one cell: the rings meet, and the link is under them.
        let (dx, dy) = if length > 2.0 * RING { ((x2 - x1) / length * RING, (y2 - y1) / length * RING) } else { (0.0, 0.0) };
        let dash = if link == Link::Weak { " stroke-dasharray=\"4 3\"" } else { "" };
        let _ = write!(
            out,
            "<line class=\"link {}\" x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\"{dash}/>",
            link.name(),
            x1 + dx,
            y1 + dy,
            x2 - dx,
            y2 - dy
        );
    }
    for node in &chain.nodes {
        if node.cells.count_ones() > 1 {
            // A group node: one outline around its cells' marks, so that a link to its middle
            // reads as a link to all of them.
            let points: Vec<(f64, f64)> = members(node.cells).map(|cell| mark_centre(cell, node.digit)).collect();
            let (left, right) = points.iter().fold((f64::MAX, f64::MIN), |(lo, hi), p| (lo.min(p.0), hi.max(p.0)));
            let (top, bottom) = points.iter().fold((f64::MAX, f64::MIN), |(lo, hi), p| (lo.min(p.1), hi.max(p.1)));
            let pad = RING + 2.0;
            let _ = write!(
                out,
                "<rect class=\"group\" x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" rx=\"{pad}\" stroke-dasharray=\"1 2\"/>",
                left - pad,
                top - pad,
                right - left + 2.0 * pad,
                bottom - top + 2.0 * pad
            );
        }
        for cell in members(node.cells) {
            let (x, y) = mark_centre(cell, node.digit);
            let _ = write!(out, "<circle class=\"node\" cx=\"{x}\" cy=\"{y}\" r=\"{RING}\" fill=\"{}\"/>", palette::NODE_FILL);
        }
    }
    out.push_str("</g>");
}

/// Each filled cell's digit, the placed digits, and the marks of empty cells (those the step
/// removes in red, struck out).
fn digits(out: &mut String, p: &Pencil, step: Option<&Step>) {
    let _ = write!(out, "<g text-anchor=\"middle\" fill=\"{}\">", palette::TEXT);
    let mut marks = String::new();
    for cell in 0..CELLS {
        let (cx, cy) = (MARGIN + (cell % SIDE) * CELL + CELL / 2, MARGIN + (cell / SIDE) * CELL + CELL / 2);
        let value = p.values().get(cell).copied().known();
        let placed = step.and_then(|step| step.placements.iter().find(|&&(c, _)| usize::from(c) == cell)).map(|&(_, d)| d);
        if value != 0 {
            let _ = write!(out, "<text x=\"{cx}\" y=\"{}\" font-size=\"24\">{value}</text>", cy + 8);
        } else if let Some(digit) = placed {
            let _ = write!(
                out,
                "<text class=\"placed\" x=\"{cx}\" y=\"{}\" font-size=\"24\" font-weight=\"bold\" fill=\"{}\">{digit}</text>",
                cy + 8,
                palette::PLACED_TEXT
            );
        } else {
            for d in (1..=9u8).filter(|d| p.mask(cell) >> (d - 1) & 1 == 1) {
                let (x, y) = mark_centre(cell, d);
                let removed = step.is_some_and(|step| step.eliminations.contains(&(cell as u8, d)));
                if removed {
                    let _ = write!(
                        marks,
                        "<text class=\"eliminated\" x=\"{x}\" y=\"{}\" font-weight=\"bold\" fill=\"{red}\">{d}</text>\
                         <line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{red}\" stroke-width=\"1.5\"/>",
                        y + 3.5,
                        x - 5.0,
                        y + 4.0,
                        x + 5.0,
                        y - 4.0,
                        red = palette::ELIMINATED_TEXT
                    );
                } else {
                    let _ = write!(marks, "<text x=\"{x}\" y=\"{}\">{d}</text>", y + 3.5);
                }
            }
        }
    }
    let _ = write!(out, "<g class=\"marks\" font-size=\"10\" fill=\"{}\">{marks}</g></g>", palette::MARK_TEXT);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pencil_from_line(line: &str) -> Pencil {
        Pencil::from_grid(&crate::parse::grid_from_text(line).unwrap_or(crate::grid::Grid::EMPTY))
    }

    #[test]
    fn marks_sit_three_a_row_inside_their_cell() {
        for cell in [0, 40, 80] {
            let (x0, y0) = ((MARGIN + (cell % SIDE) * CELL) as f64, (MARGIN + (cell / SIDE) * CELL) as f64);
            for d in 1..=9 {
                let (x, y) = mark_centre(cell, d);
                assert!(x - RING > x0 && x + RING < x0 + CELL as f64 && y - RING > y0 && y + RING < y0 + CELL as f64);
            }
        }
        assert_eq!(mark_centre(0, 1).1, mark_centre(0, 3).1);
        assert_eq!(mark_centre(0, 1).0, mark_centre(0, 7).0);
    }

    #[test]
    fn a_board_has_labels_digits_and_marks() {
        let p = pencil_from_line("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79");
        let svg = board_svg(&p, None);
        for k in 1..=9 {
            assert!(svg.contains(&format!(">r{k}</text>")) && svg.contains(&format!(">c{k}</text>")));
        }
        let marks: usize = (0..CELLS).filter(|&c| p.values()[c] == 0).map(|c| p.mask(c).count_ones() as usize).sum();
        let body = svg.split("class=\"marks\"").nth(1).unwrap_or("");
        assert_eq!(body.matches("<text").count(), marks);
        assert!(!svg.contains("<script") && !svg.contains("<style"));
    }
}
