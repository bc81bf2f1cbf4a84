use super::*;
use crate::check::is_valid;
use crate::rng::Rng;
use crate::solve::count_solutions;

fn never() -> bool {
    false
}

fn make(request: Request, seed: u64) -> Puzzle {
    assert_eq!(request.check(), Ok(()));
    generate(&request, &mut Rng::new(seed), &mut never)
        .unwrap_or(Puzzle { puzzle: crate::grid::Grid::EMPTY, solution: crate::grid::Grid::EMPTY })
}

fn check_proper(found: &Puzzle) {
    assert_eq!(count_solutions(&found.puzzle, 2), 1);
    assert!(found.solution.is_complete() && is_valid(&found.solution));
    for (p, s) in found.puzzle.cells().iter().zip(found.solution.cells()) {
        assert!(*p == 0 || p == s);
    }
}

#[test]
fn plain_puzzles_are_proper_and_minimal() {
    for seed in 0..20 {
        let found = make(Request::default(), seed);
        check_proper(&found);
        assert_eq!(removal::is_minimal(&found.puzzle, &found.solution, &mut never), Ok(true));
    }
}

#[test]
fn clue_counts_are_exact() {
    for (seed, clues) in [(1, 81), (2, 80), (3, 60), (4, 40), (5, 30), (6, 26), (7, 24)] {
        let found = make(Request { clues: Some(clues), ..Request::default() }, seed);
        check_proper(&found);
        assert_eq!(found.puzzle.givens(), clues);
    }
}

#[test]
fn symmetric_patterns_hold() {
    for (seed, symmetry) in Symmetry::ALL.into_iter().enumerate() {
        for (request, name) in [
            (Request { symmetry, ..Request::default() }, "plain"),
            (Request { symmetry, minimal: true, ..Request::default() }, "minimal"),
            (Request { symmetry, clues: Some(33), ..Request::default() }, "33"),
        ] {
            if !symmetry.allows(33) && request.clues.is_some() {
                continue;
            }
            let found = make(request, seed as u64);
            check_proper(&found);
            let cells = found.puzzle.cells();
            for cell in 0..81 {
                assert_eq!(cells[cell] != 0, cells[symmetry.image(cell)] != 0, "{symmetry:?} {name}");
            }
            if request.minimal {
                assert_eq!(removal::is_minimal(&found.puzzle, &found.solution, &mut never), Ok(true));
            }
        }
    }
}

#[test]
fn requests_are_checked() {
    let with = |clues, symmetry, minimal| Request { clues: Some(clues), symmetry, minimal, difficulty: None }.check();
    assert_eq!(with(16, Symmetry::None, false), Err(RequestError::Impossible(16)));
    assert_eq!(with(82, Symmetry::None, false), Err(RequestError::TooMany(82)));
    assert!(with(21, Symmetry::None, false).is_err());
    assert_eq!(with(22, Symmetry::None, false), Ok(()));
    assert!(with(22, Symmetry::Rot90, false).is_err());
    assert!(with(30, Symmetry::Rot90, false).is_err());
    assert_eq!(with(29, Symmetry::Rot90, false), Ok(()));
    assert!(with(31, Symmetry::None, true).is_err());
    let nested = Request { difficulty: Some(crate::steps::Level::Nested), ..Request::default() };
    assert_eq!(nested.check(), Err(RequestError::TooRare { clues: 0, level: crate::steps::Level::Nested }));
    let message = RequestError::Impossible(16).to_string();
    assert!(message.contains("McGuire, Tugemann and Civario, 2012"), "{message}");
}

#[test]
fn seeds_repeat_and_stopping_stops() {
    let request = Request { clues: Some(25), ..Request::default() };
    assert_eq!(make(request, 9), make(request, 9));
    assert_ne!(make(request, 9), make(request, 10));
    let mut calls = 0;
    let stopped = generate(&request, &mut Rng::new(1), &mut || {
        calls += 1;
        true
    });
    assert_eq!(stopped, Err(crate::solve::Stopped));
}

#[test]
fn a_difficulty_is_the_puzzle_grade() {
    use crate::steps::{logic_grade, Level};
    // Each level alone takes the removal toward it; with a symmetry its orbits; with a count or
    // minimal=True the draws that grade each puzzle. Nested is refused (see requests_are_checked).
    for level in Level::ALL.into_iter().filter(|&level| level < Level::Nested) {
        for (seed, symmetry, clues, minimal) in [
            (1, Symmetry::None, None, false),
            (2, Symmetry::None, None, false),
            (3, Symmetry::Rot180, None, false),
            (4, Symmetry::None, None, true),
            (5, Symmetry::None, Some(26), false),
        ] {
            if level >= Level::Forcing && (minimal || clues.is_some()) {
                continue;
            }
            let request = Request { difficulty: Some(level), symmetry, clues, minimal };
            let found = make(request, seed);
            check_proper(&found);
            assert_eq!(logic_grade(&found.puzzle).level, level, "{request:?}");
            assert_eq!(make(request, seed), found, "{request:?}");
            let cells = found.puzzle.cells();
            assert!((0..81).all(|cell| (cells[cell] != 0) == (cells[symmetry.image(cell)] != 0)));
            if let Some(clues) = clues {
                assert_eq!(found.puzzle.givens(), clues);
            }
            if minimal {
                assert_eq!(removal::is_minimal(&found.puzzle, &found.solution, &mut never), Ok(true));
            }
        }
    }
    assert_eq!(level_of("extreme", "difficulty", ""), Ok(Level::Extreme));
    assert_eq!(
        level_of("nope", "difficulty", " or None"),
        Err("difficulty: expected one of 'easy', 'medium', 'hard', 'expert', 'extreme', 'forcing', 'nested' or None, got 'nope'"
            .to_string())
    );
}

#[test]
fn removal_toward_a_level_reports_the_grade_of_what_it_leaves() {
    use crate::steps::{logic_grade, Level};
    let orbits = Symmetry::None.orbits();
    let mut seen = [0usize; 6];
    for seed in 0..60u64 {
        let level = Level::ALL[(seed % 6) as usize];
        let mut rng = Rng::new(seed);
        let Ok(solution) = random_grid(&mut rng, &mut never) else { panic!("stopped") };
        let mut store = [0u8; 81];
        let order = descend::shuffled_orbits(&mut store, orbits.len(), &mut rng);
        let mut puzzle = solution;
        let reached = level::remove_within(&mut puzzle, &solution, &orbits, order, level, &mut never);
        assert_eq!(count_solutions(&puzzle, 2), 1);
        assert_eq!(reached, Ok(logic_grade(&puzzle).level));
        assert!(reached.is_ok_and(|reached| reached <= level));
        seen[usize::from(reached.map_or(0, |r| r.code()))] += 1;
    }
    assert!(seen.iter().filter(|&&n| n > 0).count() >= 4, "{seen:?}");
}

#[test]
fn what_propagation_solves_is_at_most_medium() {
    // The forcing filter's premise: settling (singles, pointing, claiming) is within the
    // techniques up to medium, so a puzzle it solves is never graded harder.
    let mut solved = 0;
    for seed in 0..150 {
        let found = make(Request::default(), seed);
        if crate::solve::Partial::new(&found.puzzle).is_solved() {
            solved += 1;
            assert!(crate::steps::logic_level(&found.puzzle) <= crate::steps::Level::Medium, "{:?}", found.puzzle);
        }
    }
    // Minimal puzzles are about half of them: the branch above was taken.
    assert!(solved > 30, "{solved}");
}
