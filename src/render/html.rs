//! A board as a self-contained HTML table, for Jupyter's `_repr_html_`.
//!
//! Only inline `style` attributes, no `<style>` element and no script: notebooks sanitise or
//! share global stylesheets, and a table must look the same wherever it is pasted. The card,
//! the table and every row set their own text and background colours, so a dark notebook
//! theme cannot turn the digits dark-on-dark (inline styles beat its striped and hovered row
//! rules), and each cell overrides the rules notebooks set on cells themselves (right-aligned,
//! padded, borderless). No user text reaches the HTML (only digits and our own words),
//! so nothing needs escaping.

use std::fmt::Write;

use crate::bounds::Known;
use crate::conflicts::{conflicts, Conflict};
use crate::grid::{Grid, Unit, CELLS, SIDE};

/// The colours, chosen to read on a light card in both light and dark notebook themes: the
/// card sets its own background, so a dark theme never puts these on dark.
mod palette {
    pub const TEXT: &str = "#1b1b1b";
    pub const BACKGROUND: &str = "#ffffff";
    pub const THIN_LINE: &str = "#aaa";
    pub const BOX_LINE: &str = "#222";
    pub const LABEL: &str = "#6b6b6b";
    /// Digits a solver filled in, beside the puzzle's givens.
    pub const FILLED: &str = "#1f5fbf";
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
const FILLED_CLASS: &str = "filled";

/// How a cell is drawn.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mark {
    Plain,
    /// In a unit that holds a repeat, but not itself a repeated digit.
    InConflictUnit,
    /// Holds a repeated digit.
    Conflict,
}

/// Cell size in CSS pixels: fixed (by `<col>` widths and row heights), so the notebook's own
/// table rules cannot squeeze the digits against the borders.
const CELL_PX: usize = 34;

/// Longest list of conflicts shown one by one; longer ones are summarised digit by digit.
const LISTED: usize = 6;

/// Digits summarised one by one before the rest are counted as "and N more digits".
const SUMMARISED_DIGITS: usize = 5;

/// The board as HTML: the grid first, with row labels `r1`-`r9` and column labels `c1`-`c9`,
/// then the caption (what the board is, or its conflicts), so the grid is always at the top.
/// `puzzle`: the puzzle the board was solved from, if known; its givens are drawn in bold and
/// the digits filled in beside them in blue.
///
/// Light by construction (11-12 KB for most boards, where styling every cell in full took 30): colours and sizes are set once on the card, the table
/// and each row, and a cell carries only what notebooks' table rules would otherwise override
/// (padding, alignment, borders) and what marks it.
pub fn table(grid: &Grid, puzzle: Option<&Grid>) -> String {
    let found = conflicts(grid);
    let marks = marks(&found);
    let mut out = String::with_capacity(8 * 1024);
    let _ = write!(
        out,
        "<div class=\"valid-sudoku\" style=\"display:inline-block;margin:0.5em 0;padding:8px;background:{bg};color:{text};\
         border-radius:4px;text-align:left;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif\">\
         <table class=\"valid-sudoku-grid\" style=\"border-collapse:collapse;border-spacing:0;table-layout:fixed;margin:0;\
         background:{bg};color:{text};font-size:20px\"><colgroup><col style=\"width:22px\">",
        bg = palette::BACKGROUND,
        text = palette::TEXT,
    );
    for _ in 0..SIDE {
        let _ = write!(out, "<col style=\"width:{CELL_PX}px\">");
    }
    // Labels draw no border of their own, and `hidden` keeps the bands' box lines (below) off
    // them: only the edge they share with the grid is left to the grid's lines.
    let label = format!("padding:0;font-size:11px;font-weight:400;text-align:center;color:{};border:hidden", palette::LABEL);
    let _ = write!(out, "</colgroup><thead><tr style=\"background:{}\"><th style=\"{label}\"></th>", palette::BACKGROUND);
    for c in 0..SIDE {
        let _ = write!(out, "<th style=\"{label};border-bottom:0\">c{}</th>", c + 1);
    }
    out.push_str("</tr></thead>");
    for r in 0..SIDE {
        if r % 3 == 0 {
            // One body per band of boxes: its border is the band's box lines, drawn once.
            let _ =
                write!(out, "{}<tbody style=\"border:2px solid {}\">", if r == 0 { "" } else { "</tbody>" }, palette::BOX_LINE);
        }
        let _ = write!(
            out,
            "<tr style=\"height:{CELL_PX}px;background:{}\"><th style=\"{label};border-right:0\">r{}</th>",
            palette::BACKGROUND,
            r + 1
        );
        for c in 0..SIDE {
            let i = r * SIDE + c;
            let value = grid.cells()[i];
            let mark = marks.get(i).copied().known_or(Mark::Plain);
            let filled = puzzle.map(|p| p.cells()[i] == 0 && value != 0);
            cell(&mut out, r, c, value, mark, filled, &found);
        }
        out.push_str("</tr>");
    }
    out.push_str("</tbody></table>");
    out.push_str(&summary(grid, puzzle, &found));
    out.push_str("</div>");
    out
}

/// What the board is: an empty board, a puzzle, a solved grid (with its givens when known),
/// or the number of conflicts and each one's sentence; a long list is summarised.
fn summary(grid: &Grid, puzzle: Option<&Grid>, found: &[Conflict]) -> String {
    // As wide as the grid, so a long line wraps under it rather than widening the output.
    let style = format!("max-width:{}px;margin-top:6px;font-size:14px;line-height:1.4", 22 + SIDE * CELL_PX);
    if found.is_empty() {
        let givens = grid.givens();
        let what = match (givens, grid.is_complete(), puzzle) {
            (0, _, _) => "empty board".to_owned(),
            (_, true, Some(puzzle)) => format!(
                "solved grid: {} givens in bold, {} filled in <span style=\"color:{}\">blue</span>",
                puzzle.givens(),
                CELLS - puzzle.givens(),
                palette::FILLED
            ),
            (_, true, None) => "solved grid".to_owned(),
            (_, false, _) => format!("valid puzzle: {givens} givens, no digit repeats"),
        };
        return format!(
            "<div class=\"valid-sudoku-summary\" style=\"{style}\"><strong style=\"color:{}\">{what}</strong></div>",
            palette::VALID_TEXT
        );
    }
    let noun = if found.len() == 1 { "conflict" } else { "conflicts" };
    let mut out = format!(
        "<div class=\"valid-sudoku-summary\" style=\"{style}\"><strong style=\"color:{}\">invalid: {} {noun}</strong>\
         <ul style=\"margin:0.2em 0 0 0;padding-left:1.2em;text-align:left\">",
        palette::CONFLICT_TEXT,
        found.len()
    );
    let item = |out: &mut String, text: &str| {
        let _ = write!(out, "<li style=\"margin:0\">{text}</li>");
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

/// A conflict in people's numbering, as the labels give it: `digit 8 repeats in column 1 at
/// r1c1 and r4c1`, with each cell kept on one line.
fn sentence(conflict: &Conflict) -> String {
    let mut out = format!("digit {} repeats in {} {} at ", conflict.digit, conflict.unit.name(), conflict.index + 1);
    let last = conflict.cells.len().saturating_sub(1);
    for (i, (r, c)) in conflict.cells.iter().enumerate() {
        let separator = match i {
            0 => "",
            _ if i == last => " and ",
            _ => ", ",
        };
        let _ = write!(out, "{separator}<span style=\"white-space:nowrap\">r{}c{}</span>", r + 1, c + 1);
    }
    out
}

/// `a`, `a and b`, `a, b and c`.
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [only] => only.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
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

/// One `<td>`: heavier borders on box edges, colours by mark and by given / filled in, a
/// tooltip on conflicting cells. `filled`: whether a solver filled the cell in, when known.
fn cell(out: &mut String, r: usize, c: usize, value: u8, mark: Mark, filled: Option<bool>, found: &[Conflict]) {
    let (class, extra) = match (mark, filled) {
        (Mark::Conflict, _) => (
            CONFLICT_CLASS,
            format!(";font-weight:bold;color:{};background:{}", palette::CONFLICT_TEXT, palette::CONFLICT_BACKGROUND),
        ),
        (Mark::InConflictUnit, _) => (UNIT_CLASS, format!(";background:{}", palette::UNIT_BACKGROUND)),
        (Mark::Plain, Some(true)) => (FILLED_CLASS, format!(";color:{}", palette::FILLED)),
        (Mark::Plain, Some(false)) => ("", ";font-weight:bold".to_owned()),
        (Mark::Plain, None) => ("", String::new()),
    };
    out.push_str("<td");
    if !class.is_empty() {
        let _ = write!(out, " class=\"{class}\"");
    }
    if mark == Mark::Conflict {
        // The units only (the caption names the cells): all the cell's conflicts are of its
        // own digit, and a board of repeats stays light.
        let units: Vec<String> =
            found.iter().filter(|k| k.cells.contains(&(r, c))).map(|k| format!("{} {}", k.unit.name(), k.index + 1)).collect();
        let _ = write!(out, " title=\"digit {value} repeats in {}\"", and_list(&units));
    }
    let _ = write!(out, " style=\"padding:0;text-align:center;border:1px solid {}", palette::THIN_LINE);
    // Rows' box lines come from the bands' bodies; columns' are drawn here.
    if c.is_multiple_of(3) {
        let _ = write!(out, ";border-left:2px solid {}", palette::BOX_LINE);
    }
    if c == SIDE - 1 {
        let _ = write!(out, ";border-right:2px solid {}", palette::BOX_LINE);
    }
    let _ = write!(out, "{extra}\">");
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
#[path = "html_tests.rs"]
mod tests;
