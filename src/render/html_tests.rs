use super::*;
use crate::parse::grid_from_text;

const SEED_LINE: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const SOLVED: &str = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

fn invalid() -> Grid {
    grid_from_text(&format!("8{}", &SEED_LINE[1..])).expect("board")
}

#[test]
fn eighty_one_cells_in_nine_labelled_rows() {
    let html = table(&invalid(), None);
    assert_eq!(html.matches("<td").count(), CELLS);
    assert_eq!(html.matches("<tr").count(), SIDE + 1);
    assert_eq!(html.matches("<tbody style=\"border:2px solid #222\">").count(), 3);
    assert_eq!(html.matches("</tbody>").count(), 3);
    assert!(html.starts_with("<div class=\"valid-sudoku\"") && html.ends_with("</div>"));
    for k in 1..=9 {
        assert!(html.contains(&format!(">r{k}</th>")) && html.contains(&format!(">c{k}</th>")), "{k}");
    }
    // The grid comes first, the summary after it.
    assert!(html.find("<table").expect("grid") < html.find("valid-sudoku-summary").expect("summary"));
    assert!(!html.contains("<script") && !html.contains("<style"));
}

#[test]
fn light_enough() {
    for html in [table(&invalid(), None), table(&grid_from_text(SOLVED).expect("grid"), grid_from_text(SEED_LINE).ok().as_ref())]
    {
        assert!(html.len() < 13 * 1024, "{}", html.len());
    }
}

#[test]
fn conflicting_cells_and_their_units_are_marked_in_people_numbering() {
    let html = table(&invalid(), None);
    assert_eq!(html.matches("class=\"conflict\"").count(), 3); // r1c1, r4c1, r3c3
                                                               // Column 1 and box 1 hold conflicts: 9 + 9 - 3 shared cells, minus the 3 conflicting ones.
    assert_eq!(html.matches("class=\"conflict-unit\"").count(), 9 + 9 - 3 - 3);
    assert!(html.contains("<strong style=\"color:#7d0000\">invalid: 2 conflicts</strong>"));
    assert!(html.contains(
        "<li style=\"margin:0\">digit 8 repeats in box 1 at <span style=\"white-space:nowrap\">r1c1</span> \
         and <span style=\"white-space:nowrap\">r3c3</span></li>"
    ));
    assert!(html.contains("title=\"digit 8 repeats in column 1 and box 1\""));
    assert!(table(&grid_from_text(&"1".repeat(CELLS)).expect("ones"), None)
        .contains("title=\"digit 1 repeats in row 9, column 9 and box 9\""));
}

#[test]
fn the_caption_says_what_the_board_is() {
    let caption = |grid: &Grid, puzzle: Option<&Grid>| {
        let html = table(grid, puzzle);
        let start = html.find("valid-sudoku-summary").expect("summary");
        html[start..].to_owned()
    };
    let seed = grid_from_text(SEED_LINE).expect("seed");
    let solved = grid_from_text(SOLVED).expect("solved");
    assert!(caption(&Grid::EMPTY, None).contains(">empty board</strong>"));
    assert!(caption(&seed, None).contains(">valid puzzle: 30 givens, no digit repeats</strong>"));
    assert!(caption(&solved, None).contains(">solved grid</strong>"));
    assert!(caption(&solved, Some(&seed))
        .contains(">solved grid: 30 givens in bold, 51 filled in <span style=\"color:#1f5fbf\">blue</span></strong>"));
    assert!(!table(&Grid::EMPTY, None).contains("class=\"conflict"));
}

#[test]
fn filled_in_digits_are_drawn_apart_from_givens() {
    let seed = grid_from_text(SEED_LINE).expect("seed");
    let html = table(&grid_from_text(SOLVED).expect("solved"), Some(&seed));
    assert_eq!(html.matches("class=\"filled\"").count(), 51);
    assert_eq!(html.matches(";font-weight:bold\">").count(), 30);
    assert!(!table(&seed, None).contains("class=\"filled\""));
}

#[test]
fn one_conflict_is_singular() {
    let mut cells = [0u8; CELLS];
    cells[0] = 4;
    cells[4] = 4;
    let html = table(&Grid::from_values(cells).expect("digits"), None);
    assert!(html.contains(">invalid: 1 conflict</strong>"));
    // Row 1 is the only unit with a repeat: its other 7 cells are tinted.
    assert_eq!(html.matches("class=\"conflict-unit\"").count(), 7);
}

#[test]
fn long_lists_are_summarised_by_digit() {
    let ones = grid_from_text(&"1".repeat(CELLS)).expect("board");
    let html = table(&ones, None);
    assert!(html.contains(">invalid: 27 conflicts</strong>"));
    assert_eq!(html.matches("<li").count(), 1);
    let nowrap = |text: &str| format!("<span style=\"white-space:nowrap\">{text}</span>");
    let line = format!("digit 1 repeats in 27 units ({}, {}, {})", nowrap("9 rows"), nowrap("9 columns"), nowrap("9 boxes"));
    assert!(html.contains(&format!(">{line}</li>")), "{html}");
    let mut cells = [0u8; CELLS];
    for d in 1..=7u8 {
        let r = usize::from(d);
        cells[r * SIDE] = d;
        cells[r * SIDE + 4] = d;
    }
    let html = table(&Grid::from_values(cells).expect("digits"), None);
    assert!(html.contains(">invalid: 7 conflicts</strong>"));
    assert!(html.contains(&format!(">digit 1 repeats in row 2 at {} and {}</li>", nowrap("r2c1"), nowrap("r2c5"))));
    assert!(html.contains(">and 2 more digits</li>"));
    assert_eq!(html.matches("<li").count(), 6);
}

#[test]
fn every_row_and_the_card_set_both_colours() {
    let html = table(&invalid(), None);
    for tr in html.split("<tr").skip(1) {
        assert!(tr.starts_with(" style=\"") && tr.contains("background:#ffffff"), "{tr}");
    }
    assert!(html.starts_with(
        "<div class=\"valid-sudoku\" style=\"display:inline-block;margin:0.5em 0;padding:8px;background:#ffffff;color:#1b1b1b"
    ));
    for td in html.split("<td").skip(1) {
        assert!(td.contains("padding:0;text-align:center;border:1px solid #aaa"), "{td}");
    }
}
