//! A step as a self-contained HTML card, for Jupyter's `_repr_html_`: the board before the
//! step with its pencil marks and the step drawn on it ([`super::board_svg`]), with the
//! step's sentence under it; and a board's pencil marks alone. Inline styles only, a white
//! card of its own so it reads in light and dark notebook themes; no script, and no user
//! text (only digits and our own words).

use super::board_svg::{board_svg, palette, SIZE};
use crate::steps::{Pencil, Step};

/// The card's own `style`: a white card, whatever the page's theme.
pub fn card_style() -> String {
    format!(
        "display:inline-block;vertical-align:top;margin:0.5em 0.5em 0.5em 0;padding:8px;background:{};color:{};\
         border-radius:4px;text-align:left;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif",
        palette::BACKGROUND,
        palette::TEXT
    )
}

/// A line of text under a board, as wide as the board.
pub fn caption(class: &str, text: &str) -> String {
    format!(
        "<div class=\"{class}\" style=\"max-width:{SIZE}px;margin-top:6px;font-size:14px;line-height:1.4;color:{}\">{text}</div>",
        palette::TEXT
    )
}

/// The step on the board it applies to.
pub fn step_table(before: &Pencil, step: &Step) -> String {
    format!(
        "<div class=\"valid-sudoku-step\" style=\"{}\">{}{}</div>",
        card_style(),
        board_svg(before, Some(step)),
        caption("valid-sudoku-summary", &step.describe())
    )
}

/// A board's pencil marks: its digits, and each empty cell's candidates.
pub fn marks_card(p: &Pencil, text: &str) -> String {
    format!(
        "<div class=\"valid-sudoku-marks\" style=\"{}\">{}{}</div>",
        card_style(),
        board_svg(p, None),
        caption("valid-sudoku-summary", text)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Grid, CELLS};
    use crate::steps::{next_step, ALL_TECHNIQUES};

    #[test]
    fn a_step_shows_its_placement_marks_and_sentence() {
        let line = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        let grid = crate::parse::grid_from_text(line).unwrap_or(Grid::EMPTY);
        let pencil = Pencil::from_grid(&grid);
        let step = next_step(&pencil, ALL_TECHNIQUES, true).expect("a step");
        let html = step_table(&pencil, &step);
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
        assert_eq!(html.matches("class=\"node\"").count(), 0);
    }

    #[test]
    fn a_chain_is_drawn_node_by_node_and_link_by_link() {
        let line = "48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5....";
        let grid = crate::parse::grid_from_text(line).unwrap_or(Grid::EMPTY);
        let mut p = Pencil::from_grid(&grid);
        let wing = loop {
            let Some(step) = next_step(&p, ALL_TECHNIQUES, true) else { panic!("no xy-wing on the path") };
            if step.technique == crate::steps::Technique::XyWing {
                break step;
            }
            p.apply(&step);
        };
        let html = step_table(&p, &wing);
        // Six nodes of one cell each; strong, weak, strong, weak, strong.
        assert_eq!(html.matches("class=\"node\"").count(), 6);
        assert_eq!(html.matches("class=\"link strong\"").count(), 3);
        assert_eq!(html.matches("class=\"link weak\"").count(), 2);
        assert_eq!(html.matches("stroke-dasharray").count(), 2);
        assert_eq!(html.matches("class=\"eliminated\"").count(), wing.eliminations.len());
    }
}
