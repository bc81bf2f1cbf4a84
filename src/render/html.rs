//! A board as a self-contained HTML table, for Jupyter's `_repr_html_`.
//!
//! Only inline `style` attributes, no `<style>` element and no script: notebooks sanitise or
//! share global stylesheets, and a table must look the same wherever it is pasted. Every cell
//! sets its own text and background colours, so a dark notebook theme cannot turn the digits
//! dark-on-dark, and Jupyter's own table rules (right-aligned, padded, striped rows) are
//! overridden cell by cell. No user text reaches the HTML (only digits and our own words),
//! so nothing needs escaping.

use std::fmt::Write;

use crate::conflicts::{conflicts, Conflict};
use crate::grid::{Grid, Unit, CELLS, SIDE};

/// The colours, chosen to read on a light card in both light and dark notebook themes.
mod palette {
    pub const TEXT: &str = "#1b1b1b";
    pub const BACKGROUND: &str = "#ffffff";
    pub const THIN_LINE: &str = "#a6a6a6";
    pub const BOX_LINE: &str = "#1b1b1b";
    /// Cells of a row, column or box that holds a repeat.
    pub const UNIT_BACKGROUND: &str = "#fff0c2";
    /// Cells holding a repeated digit.
    pub const CONFLICT_BACKGROUND: &str = "#f6a5a5";
    pub const CONFLICT_TEXT: &str = "#7d0000";
    pub const VALID_TEXT: &str = "#1d6b2c";
}

/// The `class` of each kind of cell; tests and user stylesheets can rely on these names.
const CONFLICT_CLASS: &str = "conflict";
const UNIT_CLASS: &str = "conflict-unit";

/// How a cell is drawn.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mark {
    Plain,
    /// In a unit that holds a repeat, but not itself a repeated digit.
    InConflictUnit,
    /// Holds a repeated digit.
    Conflict,
}

/// Cell size in CSS pixels: fixed, so the notebook's own table rules cannot squeeze the digits
/// against the borders.
const CELL_PX: usize = 36;

/// Longest list of conflicts shown one by one; longer ones are summarised digit by digit.
const LISTED: usize = 6;

/// Digits summarised one by one before the rest are counted as "and N more digits".
const SUMMARISED_DIGITS: usize = 5;

/// The board as HTML: the grid first, then "valid" or the conflicts below it, so the grid is
/// always at the top of the output however many conflicts there are.
pub fn table(grid: &Grid) -> String {
    let found = conflicts(grid);
    let marks = marks(&found);
    let mut out = String::with_capacity(16 * 1024);
    let _ = write!(
        out,
        "<div class=\"valid-sudoku\" style=\"display:inline-block;margin:0.5em 0;padding:8px;\
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
            let value = grid.cells().get(i).copied().unwrap_or(0);
            let mark = marks.get(i).copied().unwrap_or(Mark::Plain);
            cell(&mut out, r, c, value, mark, &found);
        }
        out.push_str("</tr>");
    }
    out.push_str("</tbody></table>");
    out.push_str(&summary(&found));
    out.push_str("</div>");
    out
}

/// "valid", or the number of conflicts and each one's sentence; a long list is summarised.
fn summary(found: &[Conflict]) -> String {
    // As wide as the grid, so a long line wraps under it rather than widening the output.
    let style = format!(
        "max-width:{}px;margin-top:6px;font-size:14px;line-height:1.4;color:{}",
        SIDE * CELL_PX,
        palette::TEXT
    );
    if found.is_empty() {
        return format!(
            "<div class=\"valid-sudoku-summary\" style=\"{style}\"><strong style=\"color:{}\">valid</strong></div>",
            palette::VALID_TEXT
        );
    }
    let noun = if found.len() == 1 { "conflict" } else { "conflicts" };
    let mut out = format!(
        "<div class=\"valid-sudoku-summary\" style=\"{style}\"><strong style=\"color:{}\">{} {noun}</strong>\
         <ul style=\"margin:0.2em 0 0 0;padding-left:1.2em;text-align:left\">",
        palette::CONFLICT_TEXT,
        found.len()
    );
    let item = |out: &mut String, text: &str| {
        let _ = write!(out, "<li style=\"margin:0;color:{}\">{text}</li>", palette::TEXT);
    };
    if found.len() <= LISTED {
        for conflict in found {
            item(&mut out, &sentence(conflict));
        }
    } else {
        let digits = digit_summaries(found);
        let shown = if digits.len() > LISTED { SUMMARISED_DIGITS } else { digits.len() };
        for line in digits.iter().take(shown) {
            item(&mut out, line);
        }
        if digits.len() > shown {
            item(&mut out, &format!("and {} more digits", digits.len() - shown));
        }
    }
    out.push_str("</ul></div>");
    out
}

/// A conflict's sentence, as `Display` writes it, with each `(row, col)` kept on one line.
fn sentence(conflict: &Conflict) -> String {
    let mut out = format!("digit {} repeats in {} {} at ", conflict.digit, conflict.unit.name(), conflict.index);
    let last = conflict.cells.len().saturating_sub(1);
    for (i, (r, c)) in conflict.cells.iter().enumerate() {
        let separator = match i {
            0 => "",
            _ if i == last => " and ",
            _ => ", ",
        };
        let _ = write!(out, "{separator}<span style=\"white-space:nowrap\">({r}, {c})</span>");
    }
    out
}

/// One line per repeated digit, in digit order: `digit 1 repeats in 27 units (9 rows, 9 columns,
/// 9 boxes)`, or the conflict's own sentence for a digit that repeats in one unit only.
fn digit_summaries(found: &[Conflict]) -> Vec<String> {
    let mut lines = Vec::new();
    for digit in 1..=9u8 {
        let count = |unit: Unit| found.iter().filter(|k| k.digit == digit && k.unit == unit).count();
        let counts = Unit::ALL.map(|unit| (unit, count(unit)));
        let total: usize = counts.iter().map(|(_, n)| n).sum();
        if total == 0 {
            continue;
        }
        if total == 1 {
            if let Some(only) = found.iter().find(|k| k.digit == digit) {
                lines.push(sentence(only));
            }
            continue;
        }
        let parts: Vec<String> = counts
            .iter()
            .filter(|(_, n)| *n > 0)
            .map(|(unit, n)| {
                let ending = if *n == 1 { "" } else { plural(*unit) };
                format!("<span style=\"white-space:nowrap\">{n} {}{ending}</span>", unit.name())
            })
            .collect();
        lines.push(format!("digit {digit} repeats in {total} units ({})", parts.join(", ")));
    }
    lines
}

/// The plural ending of a unit's name: rows, columns, boxes.
fn plural(unit: Unit) -> &'static str {
    match unit {
        Unit::Box => "es",
        Unit::Row | Unit::Column => "s",
    }
}

/// One `<td>`: borders heavier on box edges, colours by mark, a tooltip on conflicting cells.
fn cell(out: &mut String, r: usize, c: usize, value: u8, mark: Mark, found: &[Conflict]) {
    let edge = |on_box_edge: bool| {
        if on_box_edge {
            format!("2px solid {}", palette::BOX_LINE)
        } else {
            format!("1px solid {}", palette::THIN_LINE)
        }
    };
    let (class, background, color, weight) = match mark {
        Mark::Plain => ("", palette::BACKGROUND, palette::TEXT, "normal"),
        Mark::InConflictUnit => (UNIT_CLASS, palette::UNIT_BACKGROUND, palette::TEXT, "normal"),
        Mark::Conflict => (CONFLICT_CLASS, palette::CONFLICT_BACKGROUND, palette::CONFLICT_TEXT, "bold"),
    };
    out.push_str("<td");
    if !class.is_empty() {
        let _ = write!(out, " class=\"{class}\"");
    }
    if mark == Mark::Conflict {
        let reasons: Vec<String> =
            found.iter().filter(|k| k.cells.contains(&(r, c))).map(ToString::to_string).collect();
        let _ = write!(out, " title=\"{}\"", reasons.join("; "));
    }
    let _ = write!(
        out,
        " style=\"box-sizing:border-box;width:{CELL_PX}px;height:{CELL_PX}px;min-width:{CELL_PX}px;\
         max-width:{CELL_PX}px;padding:0;text-align:center;vertical-align:middle;white-space:nowrap;\
         font-size:20px;line-height:{CELL_PX}px;font-weight:{weight};color:{color};background:{background};\
         border-top:{};border-left:{};border-bottom:{};border-right:{}\">",
        edge(r.is_multiple_of(3)),
        edge(c.is_multiple_of(3)),
        edge(r % 3 == 2),
        edge(c % 3 == 2),
    );
    if value != 0 {
        out.push(char::from(b'0' + value));
    }
    out.push_str("</td>");
}

/// Each cell's mark: repeated digits first, then the rest of every unit that holds one.
fn marks(found: &[Conflict]) -> [Mark; CELLS] {
    let mut marks = [Mark::Plain; CELLS];
    for conflict in found {
        for k in 0..SIDE {
            let (r, c) = conflict.unit.cell(conflict.index, k);
            if let Some(mark) = marks.get_mut(r * SIDE + c) {
                if *mark == Mark::Plain {
                    *mark = Mark::InConflictUnit;
                }
            }
        }
    }
    for conflict in found {
        for &(r, c) in &conflict.cells {
            if let Some(mark) = marks.get_mut(r * SIDE + c) {
                *mark = Mark::Conflict;
            }
        }
    }
    marks
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::grid_from_text;

    const SEED_LINE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn invalid() -> Grid {
        grid_from_text(&format!("8{}", &SEED_LINE[1..])).expect("board")
    }

    #[test]
    fn eighty_one_cells_in_nine_rows() {
        let html = table(&invalid());
        assert_eq!(html.matches("<td").count(), CELLS);
        assert_eq!(html.matches("<tr>").count(), SIDE);
        assert!(html.starts_with("<div class=\"valid-sudoku\"") && html.ends_with("</div>"));
        // The grid comes first, the summary after it.
        assert!(html.find("<table").expect("grid") < html.find("valid-sudoku-summary").expect("summary"));
        assert!(!html.contains("<script") && !html.contains("<style"));
    }

    #[test]
    fn conflicting_cells_and_their_units_are_marked() {
        let html = table(&invalid());
        assert_eq!(html.matches("class=\"conflict\"").count(), 3); // (0,0), (3,0), (2,2)
        // Column 0 and box 0 hold conflicts: 9 + 9 - 3 shared cells, minus the 3 conflicting ones.
        assert_eq!(html.matches("class=\"conflict-unit\"").count(), 9 + 9 - 3 - 3);
        assert!(html.contains("<strong style=\"color:#7d0000\">2 conflicts</strong>"));
        assert!(html.contains(
            "<li style=\"margin:0;color:#1b1b1b\">digit 8 repeats in box 0 at <span style=\"white-space:nowrap\">(0, 0)</span> \
             and <span style=\"white-space:nowrap\">(2, 2)</span></li>"
        ));
        assert!(html.contains(
            "title=\"digit 8 repeats in column 0 at (0, 0) and (3, 0); digit 8 repeats in box 0 at (0, 0) and (2, 2)\""
        ));
    }

    #[test]
    fn a_valid_board_says_so() {
        let html = table(&grid_from_text(SEED_LINE).expect("seed"));
        assert!(html.contains(">valid</strong></div>"));
        assert!(!html.contains("class=\"conflict"));
        assert_eq!(table(&Grid::EMPTY).matches("<td").count(), CELLS);
    }

    #[test]
    fn one_conflict_is_singular() {
        let mut cells = [0u8; CELLS];
        cells[0] = 4;
        cells[4] = 4;
        let html = table(&Grid::from_values(cells).expect("digits"));
        assert!(html.contains(">1 conflict</strong>"));
        // Row 0 is the only unit with a repeat: its other 7 cells are tinted.
        assert_eq!(html.matches("class=\"conflict-unit\"").count(), 7);
    }

    #[test]
    fn long_lists_are_summarised_by_digit() {
        let ones = grid_from_text(&"1".repeat(CELLS)).expect("board");
        let html = table(&ones);
        assert!(html.contains(">27 conflicts</strong>"));
        assert_eq!(html.matches("<li").count(), 1);
        let nowrap = |text: &str| format!("<span style=\"white-space:nowrap\">{text}</span>");
        let line = format!("digit 1 repeats in 27 units ({}, {}, {})", nowrap("9 rows"), nowrap("9 columns"), nowrap("9 boxes"));
        assert!(html.contains(&format!(">{line}</li>")), "{html}");
        // Seven digits repeated, each once in row 0's neighbours: five lines, then the rest counted.
        let mut cells = [0u8; CELLS];
        for d in 1..=7u8 {
            let r = usize::from(d);
            cells[r * SIDE] = d;
            cells[r * SIDE + 4] = d;
        }
        let html = table(&Grid::from_values(cells).expect("digits"));
        assert!(html.contains(">7 conflicts</strong>"));
        assert!(html.contains(&format!(">digit 1 repeats in row 1 at {} and {}</li>", nowrap("(1, 0)"), nowrap("(1, 4)"))));
        assert!(html.contains(">and 2 more digits</li>"));
        assert_eq!(html.matches("<li").count(), 6);
    }

    #[test]
    fn every_cell_sets_both_of_its_colours() {
        let html = table(&invalid());
        for td in html.split("<td").skip(1) {
            assert!(td.contains(";color:#") && td.contains(";background:#"), "{td}");
        }
    }
}
