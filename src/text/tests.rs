use super::*;
use crate::parse::grid_from_text;

const SEED_LINE: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// The seed board in the widely used display style, with a deliberately uneven spacing.
const SEED_DISPLAY: &str = "\
5 3 . |. 7 . |. . .
6 . . |1 9 5 |. . .
. 9 8 |. . . |. 6 .
------+------+------
8 . . |. 6 . |. . 3
4 . . |8 . 3 |. . 1
7 . . |. 2 . |. . 6
------+------+------
. 6 . |. . . |2 8 .
. . . |4 1 9 |. . 5
. . . |. 8 . |. 7 9
";

fn seed() -> Grid {
    grid_from_text(SEED_LINE).expect("the seed parses")
}

fn error_of(text: &str) -> (usize, Option<usize>, String) {
    let error = parse_board(text).expect_err("the text is malformed");
    (error.line, error.column, error.to_string())
}

#[test]
fn one_line_with_any_empty_symbol() {
    assert_eq!(parse_board(SEED_LINE), Ok(seed()));
    assert_eq!(parse_board(&SEED_LINE.replace('.', "0")), Ok(seed()));
    assert_eq!(parse_board(&SEED_LINE.replace('.', "_")), Ok(seed()));
}

#[test]
fn one_line_with_whitespace_comments_and_blank_lines_around() {
    for text in [
        format!("{SEED_LINE}\n"),
        format!("{SEED_LINE}  \t\r\n"),
        format!("{SEED_LINE} # the LeetCode example"),
        format!("{SEED_LINE}#no space needed"),
        format!("{SEED_LINE}\tfrom a tab-separated file"),
        format!("# a puzzle\n\n    {SEED_LINE}\n\n"),
    ] {
        assert_eq!(parse_board(&text), Ok(seed()), "{text:?}");
    }
}

#[test]
fn nine_plain_lines() {
    let rows: Vec<&str> = (0..9).map(|r| &SEED_LINE[r * 9..r * 9 + 9]).collect();
    assert_eq!(parse_board(&rows.join("\n")), Ok(seed()));
    assert_eq!(parse_board(&rows.join("\r\n")), Ok(seed()));
    assert_eq!(parse_board(&format!("\n\n{}\n\n", rows.join("\n\n"))), Ok(seed()));
}

#[test]
fn nine_lines_in_display_styles() {
    assert_eq!(parse_board(SEED_DISPLAY), Ok(seed()));
    let boxed = "\
+-------+-------+-------+
| 5 3 _ | _ 7 _ | _ _ _ |
| 6 _ _ | 1 9 5 | _ _ _ |   # comments anywhere
| _ 9 8 | _ _ _ | _ 6 _ |
+-------+-------+-------+
| 8 _ _ | _ 6 _ | _ _ 3 |
| 4 _ _ | 8 _ 3 | _ _ 1 |
| 7 _ _ | _ 2 _ | _ _ 6 |
+-------+-------+-------+
| _ 6 _ | _ _ _ | 2 8 _ |
| _ _ _ | 4 1 9 | _ _ 5 |
| _ _ _ | _ 8 _ | _ 7 9 |
+-------+-------+-------+";
    assert_eq!(parse_board(boxed), Ok(seed()));
    let indented: String = SEED_DISPLAY.lines().map(|line| format!("        {line}\n")).collect();
    assert_eq!(parse_board(&indented), Ok(seed()));
    let compact = "53.|.7.|...\n6..|195|...\n.98|...|.6.\n---+---+---\n8..|.6.|..3\n4..|8.3|..1\n\
                   7..|.2.|..6\n---+---+---\n.6.|...|28.\n...|419|..5\n...|.8.|.79";
    assert_eq!(parse_board(compact), Ok(seed()));
}

#[test]
fn bad_symbols_are_named_at_their_line_and_column() {
    let mut bad = SEED_LINE.to_string();
    bad.replace_range(22..23, "x");
    assert_eq!(
        error_of(&bad),
        (1, Some(23), "line 1, column 23: expected a digit '1'-'9' or an empty cell '.', '0' or '_', got 'x'".into())
    );
    assert_eq!(
        error_of(&format!("\n  {bad}")),
        (2, Some(25), "line 2, column 25: expected a digit '1'-'9' or an empty cell '.', '0' or '_', got 'x'".into())
    );
    let block = SEED_DISPLAY.replacen(". 9 8 |", ". 9 8 x", 1);
    assert_eq!(
        error_of(&block),
        (3, Some(7), "line 3, column 7: expected a digit '1'-'9' or an empty cell '.', '0' or '_', got 'x'".into())
    );
    // Columns count characters, not bytes; control characters are escaped.
    let accented = SEED_DISPLAY.replacen("6 . . |1", "6 é . |1", 1);
    assert_eq!(error_of(&accented).2, "line 2, column 3: expected a digit '1'-'9' or an empty cell '.', '0' or '_', got 'é'");
    let control = format!("\u{7}{}", &SEED_LINE[1..]);
    assert_eq!(error_of(&control).2, "line 1, column 1: expected a digit '1'-'9' or an empty cell '.', '0' or '_', got '\\x07'");
}

#[test]
fn one_line_counts() {
    assert_eq!(error_of(&SEED_LINE[..80]), (1, Some(81), "line 1, column 81: expected 81 cells, got 80".into()));
    assert_eq!(error_of(&format!("{SEED_LINE}12x")), (1, Some(82), "line 1, column 82: expected 81 cells, got 84".into()));
    assert_eq!(error_of("123"), (1, Some(4), "line 1, column 4: expected 81 cells, got 3".into()));
    // 81 characters with spaces for empty cells: a hint, not just a count.
    assert_eq!(
        error_of(&SEED_LINE.replace('.', " ")).2,
        "line 1, column 3: expected 81 cells, got 2 (spaces do not mark empty cells; use '.', '0' or '_')"
    );
    assert_eq!(error_of("  53..7...."), (1, Some(12), "line 1, column 12: expected 81 cells, got 9".into()));
}

#[test]
fn no_board_at_all() {
    let message = "line 1, column 1: expected a board (one line of 81 cells, or 9 rows of 9 cells), got no cells";
    for text in ["", "\n\n", "# only a comment\n", "------+------+------"] {
        assert_eq!(error_of(text), (1, Some(1), message.to_string()), "{text:?}");
    }
}

#[test]
fn block_row_counts() {
    let short = SEED_DISPLAY.replacen("4 . . |8 . 3 |. . 1", "4 . . |8 . 3 |. .", 1);
    assert_eq!(error_of(&short), (6, Some(18), "line 6, column 18: expected 9 cells, got 8".into()));
    let long = SEED_DISPLAY.replacen("4 . . |8 . 3 |. . 1", "4 . . |8 . 3 |. . 1 2 3", 1);
    assert_eq!(error_of(&long), (6, Some(21), "line 6, column 21: expected 9 cells, got 11".into()));
    let pipes_only = SEED_DISPLAY.replacen("4 . . |8 . 3 |. . 1", "  |  |", 1);
    assert_eq!(error_of(&pipes_only), (6, Some(3), "line 6, column 3: expected 9 cells, got 0".into()));
}

#[test]
fn block_line_counts() {
    let eight: Vec<&str> = SEED_DISPLAY.lines().take(10).collect();
    assert_eq!(error_of(&eight.join("\n")), (11, Some(1), "line 11, column 1: expected 9 rows, got 8".into()));
    let ten = format!("{SEED_DISPLAY}1 2 3 |. . . |. . .\n\n. . . |. . . |. . .\n");
    assert_eq!(error_of(&ten), (12, Some(1), "line 12, column 1: expected 9 rows, got 11".into()));
}

#[test]
fn many_one_line_boards_are_not_one_board() {
    let two = format!("{SEED_LINE}\n{SEED_LINE}\n");
    assert_eq!(
        error_of(&two),
        (2, Some(1), "line 2, column 1: expected nothing after the board on one line, got more text".into())
    );
    // A bad first board is reported first.
    let bad_then_more = format!("{}\n{SEED_LINE}\n", &SEED_LINE[..80]);
    assert_eq!(error_of(&bad_then_more).2, "line 1, column 81: expected 81 cells, got 80");
}

#[test]
fn cell_symbols() {
    assert_eq!(cell_value('_'), Some(0));
    assert_eq!(cell_value('0'), Some(0));
    assert_eq!(cell_value('.'), Some(0));
    assert_eq!(cell_value('7'), Some(7));
    assert_eq!(cell_value('x'), None);
    assert_eq!(cell_value('٣'), None);
}
