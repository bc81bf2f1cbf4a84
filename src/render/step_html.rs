//! A step as a self-contained HTML table, for Jupyter's `_repr_html_`: the board with pencil
//! marks, the pattern's cells highlighted, the eliminated candidates struck out and the
//! placement shown, with the step's sentence under it. The same rules as the board view
//! ([`super::html`]): inline styles only, every cell sets its own text and background
//! colours on a light card, so it reads in light and dark notebook themes; no script, and no
//! user text (only digits and our own words).

use std::fmt::Write;

use crate::grid::{CELLS, SIDE};
use crate::steps::geometry::UNIT_CELLS;
use crate::steps::{Pencil, Step};
use crate::bounds::Known;

mod palette {
    pub const TEXT: &str = "#1b1b1b";
    pub const MARK_TEXT: &str = "#5a5a5a";
    pub const BACKGROUND: &str = "#ffffff";
    pub const THIN_LINE: &str = "#a6a6a6";
    pub const BOX_LINE: &str = "#1b1b1b";
    /// Cells of the pattern's units.
    pub const UNIT_BACKGROUND: &str = "#eef3ff";
    /// The pattern's cells.
    pub const PATTERN_BACKGROUND: &str = "#fff0c2";
    /// A placed digit.
    pub const PLACED_BACKGROUND: &str = "#c9efd0";
    pub const PLACED_TEXT: &str = "#14532d";
    /// A candidate the step removes.
    pub const ELIMINATED_TEXT: &str = "#b00020";
}

const CELL_PX: usize = 42;

/// The step on the board it applies to.
pub fn step_table(before: &Pencil, step: &Step) -> String {
    let mut pattern = [false; CELLS];
    for &c in &step.cells {
        if let Some(slot) = pattern.get_mut(usize::from(c)) {
            *slot = true;
        }
    }
    let in_units = step.units.iter().fold(0u128, |m, &u| m | UNIT_CELLS.get(usize::from(u)).copied().known());
    let mut out = String::with_capacity(32 * 1024);
    let _ = write!(
        out,
        "<div class=\"valid-sudoku-step\" style=\"display:inline-block;margin:0.5em 0;padding:8px;\
         background:{bg};color:{text};border-radius:4px;text-align:left;\
         font-family:system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif\">\
         <table class=\"valid-sudoku-grid\" style=\"border-collapse:collapse;border-spacing:0;\
         table-layout:fixed;margin:0;border:2px solid {line};background:{bg};color:{text}\"><tbody>",
        line = palette::BOX_LINE,
        bg = palette::BACKGROUND,
        text = palette::TEXT,
    );
    for r in 0..SIDE {
        out.push_str("<tr>");
        for c in 0..SIDE {
            let i = r * SIDE + c;
            let placed = step.placements.iter().find(|&&(cell, _)| usize::from(cell) == i).map(|&(_, d)| d);
            let background = if placed.is_some() {
                palette::PLACED_BACKGROUND
            } else if pattern.get(i).copied().known() {
                palette::PATTERN_BACKGROUND
            } else if in_units >> i & 1 == 1 {
                palette::UNIT_BACKGROUND
            } else {
                palette::BACKGROUND
            };
            cell(&mut out, before, step, r, c, background, placed);
        }
        out.push_str("</tr>");
    }
    let _ = write!(
        out,
        "</tbody></table><div class=\"valid-sudoku-summary\" style=\"max-width:{}px;margin-top:6px;\
         font-size:14px;line-height:1.4;color:{}\">{}</div></div>",
        SIDE * CELL_PX,
        palette::TEXT,
        step.describe()
    );
    out
}

fn cell(out: &mut String, before: &Pencil, step: &Step, r: usize, c: usize, background: &str, placed: Option<u8>) {
    let i = r * SIDE + c;
    let edge = |on_box_edge: bool| {
        if on_box_edge {
            format!("2px solid {}", palette::BOX_LINE)
        } else {
            format!("1px solid {}", palette::THIN_LINE)
        }
    };
    let _ = write!(
        out,
        "<td style=\"box-sizing:border-box;width:{CELL_PX}px;height:{CELL_PX}px;min-width:{CELL_PX}px;\
         max-width:{CELL_PX}px;padding:0;text-align:center;vertical-align:middle;white-space:nowrap;\
         color:{};background:{background};border-top:{};border-left:{};border-bottom:{};border-right:{}\">",
        palette::TEXT,
        edge(r.is_multiple_of(3)),
        edge(c.is_multiple_of(3)),
        edge(r % 3 == 2),
        edge(c % 3 == 2),
    );
    let value = before.values().get(i).copied().known();
    if value != 0 {
        let _ = write!(out, "<span style=\"font-size:22px;color:{}\">{value}</span>", palette::TEXT);
    } else if let Some(digit) = placed {
        let _ = write!(
            out,
            "<span class=\"placed\" style=\"font-size:22px;font-weight:bold;color:{}\">{digit}</span>",
            palette::PLACED_TEXT
        );
    } else {
        // Pencil marks in a 3x3 layout, each digit in its own place.
        let _ = write!(out, "<div style=\"font-size:10px;line-height:13px;color:{}\">", palette::MARK_TEXT);
        for d in 1..=9u8 {
            let has = before.mask(i) >> (d - 1) & 1 == 1;
            let removed = step.eliminations.contains(&(i as u8, d));
            if removed {
                let _ = write!(
                    out,
                    "<span class=\"eliminated\" style=\"display:inline-block;width:12px;color:{};\
                     text-decoration:line-through;font-weight:bold\">{d}</span>",
                    palette::ELIMINATED_TEXT
                );
            } else if has {
                let _ = write!(out, "<span style=\"display:inline-block;width:12px\">{d}</span>");
            } else {
                out.push_str("<span style=\"display:inline-block;width:12px\">&nbsp;</span>");
            }
            if d % 3 == 0 && d < 9 {
                out.push_str("<br>");
            }
        }
        out.push_str("</div>");
    }
    out.push_str("</td>");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use crate::steps::{next_step, ALL_TECHNIQUES};

    #[test]
    fn a_step_shows_its_placement_marks_and_sentence() {
        let line = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        let grid = crate::parse::grid_from_text(line).unwrap_or(Grid::EMPTY);
        let pencil = Pencil::from_grid(&grid);
        let step = next_step(&pencil, ALL_TECHNIQUES, true).expect("a step");
        let html = step_table(&pencil, &step);
        assert_eq!(html.matches("<td").count(), 81);
        assert_eq!(html.matches("class=\"placed\"").count(), step.placements.len());
        assert!(html.contains(&step.describe()));
        assert!(!html.contains("<script") && !html.contains("<style"));
        let mut marks = [0x1ffu16; CELLS];
        for cell in [2usize, 9, 10, 11, 18, 19, 20] {
            marks[cell] &= !(1 << 3);
        }
        let marked = Pencil::with_marks(&Grid::EMPTY, &marks).unwrap_or(pencil);
        let step = crate::steps::find(crate::steps::Technique::Pointing, &marked).expect("4 points along row 1");
        let html = step_table(&marked, &step);
        assert_eq!(html.matches("class=\"eliminated\"").count(), 6);
    }
}
