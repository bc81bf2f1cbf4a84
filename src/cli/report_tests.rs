//! The report in every mode: places, conflicts, solutions and summaries.

use super::*;
use crate::conflicts::conflicts;
use crate::parse::grid_from_text;

const SEED: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fn second_example() -> Vec<Conflict> {
    let board = grid_from_text(&format!("8{}", &SEED[1..])).unwrap_or_default();
    conflicts(&board)
}

fn written(mode: Mode, act: impl FnOnce(&mut Report<&mut Vec<u8>>) -> io::Result<()>) -> String {
    let mut out = Vec::new();
    let mut report = Report::new(&mut out, mode);
    act(&mut report).unwrap_or_default();
    String::from_utf8_lossy(&out).into_owned()
}

#[test]
fn text_names_the_place_and_every_conflict() {
    let source = Source::new("boards.txt".into());
    let text = written(Mode::Text, |r| {
        r.valid(&source, at(1))?;
        r.invalid(&source, at(2), &second_example())?;
        r.summary(Tally { boards: 2, invalid: 1, ..Tally::default() }, Task::Check)
    });
    assert_eq!(
        text,
        "boards.txt:2: digit 8 repeats in column 1 at r1c1 and r4c1; \
         digit 8 repeats in box 1 at r1c1 and r3c3\n2 boards: 1 valid, 1 invalid\n"
    );
}

#[test]
fn json_lines_describe_every_board() {
    let source = Source::new("odd \"name\".txt".into());
    let text = written(Mode::Json, |r| {
        r.valid(&source, at(1))?;
        r.invalid(&source, at(2), &second_example())?;
        r.summary(Tally { boards: 2, invalid: 1, ..Tally::default() }, Task::Check)
    });
    assert_eq!(
        text,
        "{\"source\":\"odd \\\"name\\\".txt\",\"line\":1,\"valid\":true,\"conflicts\":[]}\n\
         {\"source\":\"odd \\\"name\\\".txt\",\"line\":2,\"valid\":false,\"conflicts\":[\
         {\"unit\":\"column\",\"index\":0,\"digit\":8,\"cells\":[[0,0],[3,0]]},\
         {\"unit\":\"box\",\"index\":0,\"digit\":8,\"cells\":[[0,0],[2,2]]}]}\n"
    );
    for line in text.lines() {
        assert!(serde_json::from_str::<serde::de::IgnoredAny>(line).is_ok(), "{line}");
    }
}

fn at(line: usize) -> Origin {
    Origin { line, index: None }
}

#[test]
fn boards_of_a_json_list_are_named_by_index_too() {
    let source = Source::new("many.json".into());
    let third = Origin { line: 1, index: Some(2) };
    let text = written(Mode::Text, |r| r.invalid(&source, third, &second_example()));
    assert!(text.starts_with("many.json:1: boards[2]: digit 8 repeats in column 1"), "{text}");
    let json = written(Mode::Json, |r| {
        r.valid(&source, Origin { line: 1, index: Some(0) })?;
        r.invalid(&source, third, &second_example())
    });
    assert!(json.starts_with("{\"source\":\"many.json\",\"line\":1,\"index\":0,\"valid\":true,\"conflicts\":[]}\n"));
    assert!(json.contains("\n{\"source\":\"many.json\",\"line\":1,\"index\":2,\"valid\":false,\"conflicts\":[{"));
}

#[test]
fn answers_about_solutions() {
    let source = Source::new("p.txt".into());
    let solution = grid_from_text(&"123456789".repeat(9)).unwrap_or_default();
    let text = written(Mode::Text, |r| {
        r.answered(&source, at(1), &[], Found::Count(1))?;
        r.answered(&source, at(2), &[], Found::Count(0))?;
        r.answered(&source, at(3), &[], Found::Count(2))?;
        r.answered(&source, at(4), &second_example(), Found::Count(0))?;
        r.answered(&source, at(5), &[], Found::Solution(Some(solution)))?;
        r.answered(&source, Origin { line: 6, index: Some(0) }, &[], Found::Solution(None))
    });
    assert_eq!(
        text,
        format!(
            "p.txt:2: no solution\np.txt:3: more than one solution\n\
             p.txt:4: no solution (digit 8 repeats in column 1 at r1c1 and r4c1; \
             digit 8 repeats in box 1 at r1c1 and r3c3)\n{}\np.txt:6: boards[0]: no solution\n",
            "123456789".repeat(9)
        )
    );
    let json = written(Mode::Json, |r| {
        r.answered(&source, at(1), &[], Found::Count(2))?;
        r.answered(&source, at(2), &[], Found::Solution(None))?;
        r.answered(&source, at(3), &[], Found::Solution(Some(solution)))
    });
    assert_eq!(
        json,
        format!(
            "{{\"source\":\"p.txt\",\"line\":1,\"valid\":true,\"conflicts\":[],\"solutions\":2}}\n\
             {{\"source\":\"p.txt\",\"line\":2,\"valid\":true,\"conflicts\":[],\"solution\":null}}\n\
             {{\"source\":\"p.txt\",\"line\":3,\"valid\":true,\"conflicts\":[],\"solution\":\"{}\"}}\n",
            "123456789".repeat(9)
        )
    );
    assert_eq!(written(Mode::Quiet, |r| r.answered(&source, at(2), &[], Found::Count(0))), "");
}

#[test]
fn quiet_writes_nothing() {
    let source = Source::new("-".into());
    let text = written(Mode::Quiet, |r| {
        r.invalid(&source, at(2), &second_example())?;
        r.summary(Tally { boards: 1, invalid: 1, ..Tally::default() }, Task::Check)
    });
    assert_eq!(text, "");
}

#[test]
fn summary_counts() {
    assert_eq!(Tally { boards: 10000, invalid: 2, ..Tally::default() }.summary(), "10000 boards: 9998 valid, 2 invalid");
    assert_eq!(Tally { boards: 1, ..Tally::default() }.summary(), "1 board: 1 valid, 0 invalid");
    let unique = Tally { boards: 5, invalid: 1, unsolvable: 2, multiple: 1, ..Tally::default() };
    assert_eq!(unique.unique_summary(), "5 boards: 2 with one solution, 2 with no solution, 1 with more than one solution");
    assert!(unique.any_failed(Task::Unique) && unique.any_failed(Task::Solve) && unique.any_failed(Task::Check));
    let solved = Tally { boards: 5, multiple: 1, ..Tally::default() };
    assert!(solved.any_failed(Task::Unique) && !solved.any_failed(Task::Solve) && !solved.any_failed(Task::Check));
    assert_eq!(Tally::default().summary(), "0 boards: 0 valid, 0 invalid");
    let graded = Tally { boards: 6, unsolvable: 1, multiple: 1, levels: [2, 0, 0, 0, 1, 1, 0], ..Tally::default() };
    assert_eq!(
        graded.grade_summary(),
        "6 boards: 2 easy, 1 extreme, 1 forcing, 1 with no solution, 1 with more than one solution"
    );
}
