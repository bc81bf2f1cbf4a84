//! The JSON reader on every board form, its places and indexes, and its errors.

use super::read_json;
use crate::cli::{BoardCells, Failure, Origin};
use crate::grid::CELLS;
use crate::symbols::cells_from_symbols;

const SEED: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// The seed as classic JSON: a list of 9 lists of 9 one-character strings.
fn classic(line: &str) -> String {
    let rows: Vec<String> = line
        .as_bytes()
        .chunks(9)
        .map(|row| {
            let cells: Vec<String> = row.iter().map(|&b| format!("\"{}\"", char::from(b))).collect();
            format!("[{}]", cells.join(","))
        })
        .collect();
    format!("[{}]", rows.join(","))
}

fn boards(text: &str) -> Result<Vec<(usize, BoardCells)>, String> {
    placed(text).map(|found| found.into_iter().map(|(origin, cells)| (origin.line, cells)).collect())
}

fn placed(text: &str) -> Result<Vec<(Origin, BoardCells)>, String> {
    let mut found = Vec::new();
    let mut sink = |origin: Origin, cells: &BoardCells| {
        found.push((origin, *cells));
        Ok(())
    };
    match read_json(text.as_bytes(), &mut sink) {
        Ok(()) => Ok(found),
        Err(Failure::Input(error)) => Err(error.to_string()),
        Err(other) => Err(format!("{other:?}")),
    }
}

fn seed_cells() -> BoardCells {
    cells_from_symbols(SEED.as_bytes()).unwrap_or([0; CELLS])
}

#[test]
fn one_classic_board() {
    assert_eq!(boards(&classic(SEED)), Ok(vec![(1, seed_cells())]));
    assert_eq!(boards(&format!("\n\n  {}\n", classic(SEED))), Ok(vec![(3, seed_cells())]));
}

#[test]
fn every_board_form_and_cell_form() {
    let rows: Vec<String> = SEED.as_bytes().chunks(9).map(|r| format!("\"{}\"", String::from_utf8_lossy(r))).collect();
    let string_rows = format!("[{}]", rows.join(","));
    assert_eq!(boards(&string_rows), Ok(vec![(1, seed_cells())]));
    let ints = SEED.replace('.', "0");
    let int_rows: Vec<String> = ints
        .as_bytes()
        .chunks(9)
        .map(|r| format!("[{}]", r.iter().map(|b| char::from(*b).to_string()).collect::<Vec<_>>().join(", ")))
        .collect();
    assert_eq!(boards(&format!("[{}]", int_rows.join(","))), Ok(vec![(1, seed_cells())]));
    assert_eq!(boards(&format!("\"{SEED}\"")), Ok(vec![(1, seed_cells())]));
    assert_eq!(boards(&format!("[\"{SEED}\"]")), Ok(vec![(1, seed_cells())]));
}

#[test]
fn a_list_of_boards_streams_each_with_its_line() {
    let text = format!("[\n{},\n\"{SEED}\",\n  {}\n]", classic(SEED), classic(SEED));
    let lines: Vec<usize> = boards(&text).unwrap_or_default().iter().map(|b| b.0).collect();
    assert_eq!(lines, [2, 3, 4]);
    assert_eq!(boards("[]"), Ok(vec![]));
    assert_eq!(boards(" [ ] "), Ok(vec![]));
}

#[test]
fn errors_point_at_the_wrong_value() {
    let bad = classic(SEED).replacen("\"7\"", "\"x\"", 1);
    // [["5","3",".",".","x"  -> the quote of "x" is at column 19.
    assert_eq!(boards(&bad), Err("line 1, column 19: expected a digit '1'-'9' or an empty cell '.', '0' or '_', got 'x'".into()));
    let twelve = classic(SEED).replacen("\"7\"", "12", 1);
    assert_eq!(boards(&twelve), Err("line 1, column 19: expected a value 0-9, got 12".into()));
    let null = classic(SEED).replacen("\"7\"", "null", 1);
    assert_eq!(
        boards(&null),
        Err("line 1, column 19: expected a cell (a digit, '.', '0' or '_', or an int 0-9), got null".into())
    );
    let short_row = classic(SEED).replacen("\"5\",", "", 1);
    assert_eq!(boards(&short_row), Err("line 1, column 34: expected 9 cells, got 8".into()));
    let flat = format!("[\n  \"{}x\"\n]", &SEED[..80]);
    assert_eq!(
        boards(&flat),
        Err("line 2, column 84: boards[0]: expected a digit '1'-'9' or an empty cell '.', '0' or '_', got 'x'".into())
    );
    assert_eq!(boards("{\"a\": 1}"), Err("line 1, column 1: expected a board or a list of boards, got an object".into()));
    assert_eq!(boards("[1, 2]"), Err("line 1, column 2: expected a board or a row, got 1".into()));
    assert_eq!(boards("[[1, 2]]"), Err("line 1, column 7: expected 9 cells, got 2".into()));
    assert_eq!(boards("[true]"), Err("line 1, column 2: expected a board or a row, got true".into()));
}

#[test]
fn counts_are_checked_both_ways() {
    let eight_rows = classic(SEED).replacen("[\"5\",\"3\",\".\",\".\",\"7\",\".\",\".\",\".\",\".\"],", "", 1);
    assert_eq!(boards(&eight_rows), Err(format!("line 1, column {}: expected 9 rows, got 8", eight_rows.len())));
    let ten_rows = format!("[{},[]]", &classic(SEED)[1..classic(SEED).len() - 1]);
    assert_eq!(boards(&ten_rows), Err(format!("line 1, column {}: expected 9 rows, got 10", ten_rows.len() - 2)));
    let list = format!("[{}, [\"123456789\"]]", classic(SEED));
    assert_eq!(boards(&list), Err(format!("line 1, column {}: boards[1]: expected 9 rows, got 1", list.len() - 1)));
}

#[test]
fn syntax_errors_keep_serde_json_positions() {
    assert_eq!(boards("[[\"5\" \"3\"]]"), Err("line 1, column 7: invalid JSON: expected `,` or `]`".into()));
    assert_eq!(boards("[\n"), Err("line 2, column 1: invalid JSON: EOF while parsing a list".into()));
    assert_eq!(
        boards(&format!("{} x", classic(SEED))),
        Err(format!("line 1, column {}: invalid JSON: trailing characters", classic(SEED).len() + 2))
    );
}

#[test]
fn a_sink_failure_stops_the_list() {
    let text = format!("[\"{SEED}\", \"{SEED}\"]");
    let mut calls = 0;
    let mut sink = |_: Origin, _: &BoardCells| {
        calls += 1;
        Err(Failure::Interrupted)
    };
    assert!(matches!(read_json(text.as_bytes(), &mut sink), Err(Failure::Interrupted)));
    assert_eq!(calls, 1);
}

#[test]
fn boards_of_a_list_carry_their_index_and_errors_name_it() {
    let text = format!("[{}, \"{SEED}\", {}]", classic(SEED), classic(SEED));
    let origins: Vec<Origin> = placed(&text).unwrap_or_default().iter().map(|b| b.0).collect();
    let at = |index| Origin { line: 1, index: Some(index) };
    assert_eq!(origins, [at(0), at(1), at(2)]);
    // One board is not in a list, whatever its form.
    assert_eq!(placed(&classic(SEED)).map(|b| b[0].0), Ok(Origin { line: 1, index: None }));
    assert_eq!(placed(&format!("\"{SEED}\"")).map(|b| b[0].0), Ok(Origin { line: 1, index: None }));
    let bad_third = format!("[\"{SEED}\", \"{SEED}\", {}]", classic(SEED).replacen("\"7\"", "12", 1));
    let column = 1 + 2 * (SEED.len() + 4) + 19;
    assert_eq!(boards(&bad_third), Err(format!("line 1, column {column}: boards[2]: expected a value 0-9, got 12")));
    // The first board of a list is known as such from its first row on.
    let bad_first = format!("[{}]", classic(SEED).replacen("\"3\"", "10", 1));
    assert_eq!(boards(&bad_first), Err("line 1, column 8: boards[0]: expected a value 0-9, got 10".into()));
    let syntax = format!("[\"{SEED}\", [\"123456789\" \"2\"]]");
    assert_eq!(boards(&syntax), Err(format!("line 1, column {}: boards[1]: invalid JSON: expected `,` or `]`", SEED.len() + 19)));
}

#[test]
fn one_81_character_string_is_a_board() {
    assert_eq!(boards(&format!("\n  \"{SEED}\"\n")), Ok(vec![(2, seed_cells())]));
    let short = format!("\"{}\"", &SEED[..80]);
    assert_eq!(boards(&short), Err("line 1, column 82: expected 81 cells, got 80".into()));
}

#[test]
fn numbers_are_shown_as_written() {
    let huge = classic(SEED).replacen("\"7\"", "18446744073709551616", 1);
    assert_eq!(boards(&huge), Err("line 1, column 19: expected a value 0-9, got 18446744073709551616".into()));
    let negative = classic(SEED).replacen("\"7\"", "-98446744073709551616", 1);
    assert_eq!(boards(&negative), Err("line 1, column 19: expected a value 0-9, got -98446744073709551616".into()));
    let fraction = classic(SEED).replacen("\"7\"", "7.0", 1);
    assert_eq!(
        boards(&fraction),
        Err("line 1, column 19: expected a cell (a digit, '.', '0' or '_', or an int 0-9), got 7.0".into())
    );
    assert_eq!(boards("[1e3]"), Err("line 1, column 2: expected a board or a row, got 1e3".into()));
}
