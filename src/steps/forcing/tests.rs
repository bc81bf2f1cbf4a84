//! Forcing chains and nets on real puzzles and their isomorphs: every proper puzzle solved
//! by logic, every step sound, and every net a reader can check node by node.

use super::super::chain::{Broken, Chain, Forcing, Link};
use super::super::data_tests::{check_sound, data_lines};
use super::super::geometry::{members, sees, Cells, UNIT_CELLS};
use super::super::{solve_path, Pencil, Technique, ALL_TECHNIQUES};
use crate::canonical::Map;
use crate::grid::Grid;
use crate::parse::grid_from_text;
use crate::rng::Rng;

const HARD_SETS: [&str; 3] = ["norvig/sudoku-top95.txt", "norvig/sudoku-hardest.txt", "norvig/sudokus_hard.txt"];

#[test]
fn every_hard_puzzle_and_an_isomorph_of_each_is_solved_soundly_by_logic() {
    let mut rng = Rng::new(35);
    let mut puzzles = 0;
    for name in HARD_SETS {
        for line in data_lines(name) {
            let Ok(grid) = grid_from_text(&line) else { continue };
            let image = Map::random(&mut rng).apply(&grid);
            assert_eq!(check_sound(&grid), Some(true), "{line}");
            assert_eq!(check_sound(&image), Some(true), "{:?}", image.cells());
            puzzles += 1;
        }
    }
    assert!(puzzles > 400 || crate::test_data::test_data_dir().is_none(), "{puzzles}");
}

/// Every other puzzle of the data, and an isomorph of every tenth: logic solves each, and
/// every step agrees with the solution. Two threads, as the sets hold some 66,000 puzzles.
#[test]
fn every_puzzle_of_the_data_is_solved_soundly_by_logic() {
    let mut lines = Vec::new();
    for name in
        ["norvig/sudokus_17.txt", "norvig/sudoku10k.txt", "kaggle/puzzles-solutions-sample.csv", "norvig/sudoku-easy50.txt"]
    {
        lines.extend(data_lines(name));
    }
    let halves = lines.split_at(lines.len() / 2);
    let checked: usize = std::thread::scope(|scope| {
        let work = |part: &[String], seed: u64| {
            let mut rng = Rng::new(seed);
            let mut checked = 0;
            for (i, line) in part.iter().enumerate() {
                let Ok(grid) = grid_from_text(line) else { continue };
                assert_eq!(check_sound(&grid), Some(true), "{line}");
                if i % 10 == 0 {
                    let image = Map::random(&mut rng).apply(&grid);
                    assert_eq!(check_sound(&image), Some(true), "{:?}", image.cells());
                }
                checked += 1;
            }
            checked
        };
        let first = scope.spawn(move || work(halves.0, 1));
        let second = work(halves.1, 2);
        first.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)) + second
    });
    assert!(checked > 66_000 || crate::test_data::test_data_dir().is_none(), "{checked}");
}

/// True when `node` (a digit index in one cell) is true in the net: a branch's start and the
/// nodes a strong link leads to are, those a weak link leads to are not.
fn truth(chain: &Chain, i: usize) -> bool {
    i == 0 || chain.links.get(i - 1) == Some(&Link::Strong)
}

fn cell_of(chain: &Chain, i: usize) -> usize {
    members(chain.nodes[i].cells).next().unwrap_or(usize::MAX)
}

/// Checks each node of a forcing step's net against the board it was found on: a removal
/// follows a placement in its cell or a peer holding its digit (or, nested, the
/// assumption); a placement follows the removal of every other candidate of its cell, or of
/// every other place of its digit in a unit; the contradiction is what the ends show.
fn check_net(p: &Pencil, chain: &Chain, technique: Technique) {
    assert_eq!(chain.links.len() + 1, chain.nodes.len());
    assert_eq!(chain.parents.len(), chain.nodes.len());
    let start_candidates = |cell: usize| (0..9).filter(move |&d| p.cells_of(d) >> cell & 1 == 1);
    for i in 0..chain.nodes.len() {
        let node = chain.nodes[i];
        let (cell, d) = (cell_of(chain, i), usize::from(node.digit) - 1);
        assert_eq!(node.cells.count_ones(), 1);
        assert!(p.cells_of(d) >> cell & 1 == 1, "a node that is not a candidate");
        let parents: Vec<usize> = chain.parents_of(i).iter().map(|&j| usize::from(j)).collect();
        assert!(parents.iter().all(|&j| j < i), "a parent after its node");
        if parents.is_empty() {
            assert!(truth(chain, i), "a branch that starts false");
            continue;
        }
        if !truth(chain, i) {
            let [j] = parents[..] else { panic!("a removal with {} parents", parents.len()) };
            let (other, e) = (cell_of(chain, j), usize::from(chain.nodes[j].digit) - 1);
            assert!(truth(chain, j));
            let nested = technique == Technique::NestedForcingNet && chain.parents_of(j).is_empty();
            assert!(nested || (other == cell && e != d) || (e == d && sees(other, cell)), "{}", chain.eureka());
            continue;
        }
        assert!(parents.iter().all(|&j| !truth(chain, j)));
        let same_cell = parents.iter().all(|&j| cell_of(chain, j) == cell);
        let mut covered: Vec<usize> = parents.iter().map(|&j| usize::from(chain.nodes[j].digit) - 1).collect();
        covered.push(d);
        covered.sort_unstable();
        let naked = same_cell && covered == start_candidates(cell).collect::<Vec<_>>();
        let places: Cells = parents.iter().fold(1 << cell, |m, &j| m | chain.nodes[j].cells);
        let same_digit = parents.iter().all(|&j| usize::from(chain.nodes[j].digit) - 1 == d);
        let hidden = same_digit && UNIT_CELLS.iter().any(|&unit| unit & p.cells_of(d) == places && places & !unit == 0);
        assert!(naked || hidden, "node {i} of {}", chain.eureka());
    }
    let falses = |filter: &dyn Fn(usize, usize) -> bool| -> Cells {
        (0..chain.nodes.len())
            .filter(|&i| !truth(chain, i) && filter(cell_of(chain, i), usize::from(chain.nodes[i].digit) - 1))
            .fold(0, |m, i| m | chain.nodes[i].cells)
    };
    match chain.forcing {
        Some(Forcing::Contradiction(Broken::NoCandidate { cell })) => {
            let cell = usize::from(cell);
            for d in start_candidates(cell) {
                assert!(falses(&|c, e| c == cell && e == d) != 0, "{}", chain.eureka());
            }
        }
        Some(Forcing::Contradiction(Broken::NoPlace { unit, digit })) => {
            let (unit, d) = (UNIT_CELLS[usize::from(unit)], usize::from(digit) - 1);
            assert_eq!(falses(&|c, e| e == d && unit >> c & 1 == 1), p.cells_of(d) & unit, "{}", chain.eureka());
        }
        Some(Forcing::Contradiction(Broken::Both { cell, digit })) => {
            let (cell, d) = (usize::from(cell), usize::from(digit) - 1);
            assert!(falses(&|c, e| c == cell && e == d) != 0);
            assert!((0..chain.nodes.len()).any(|i| truth(chain, i) && i > 0 && cell_of(chain, i) == cell));
        }
        Some(Forcing::Cell(cell)) => {
            let roots: Vec<usize> = (0..chain.nodes.len()).filter(|&i| chain.parents_of(i).is_empty()).collect();
            assert!(roots.iter().all(|&i| cell_of(chain, i) == usize::from(cell)));
            assert_eq!(roots.len(), start_candidates(usize::from(cell)).count());
        }
        Some(Forcing::Unit { unit, digit }) => {
            let roots: Cells =
                (0..chain.nodes.len()).filter(|&i| chain.parents_of(i).is_empty()).fold(0, |m, i| m | chain.nodes[i].cells);
            assert_eq!(roots, p.cells_of(usize::from(digit) - 1) & UNIT_CELLS[usize::from(unit)]);
        }
        None => panic!("a forcing step without what it shows"),
    }
}

#[test]
fn every_net_of_the_hard_sets_checks_node_by_node() {
    let mut seen = [0usize; 3];
    for name in HARD_SETS {
        for line in data_lines(name).iter().take(120) {
            let Ok(grid) = grid_from_text(line) else { continue };
            let path = solve_path(Pencil::from_grid(&grid), ALL_TECHNIQUES, true);
            let mut p = Pencil::from_grid(&grid);
            for step in &path.steps {
                let rung = [Technique::ForcingChain, Technique::ForcingNet, Technique::NestedForcingNet]
                    .iter()
                    .position(|&t| t == step.technique);
                if let Some(rung) = rung {
                    let chain = step.chain.as_deref().unwrap_or_else(|| panic!("{} without a net", step.describe()));
                    check_net(&p, chain, step.technique);
                    assert_eq!(chain.nesting > 0, rung == 2);
                    seen[rung] += 1;
                }
                p.apply(step);
            }
        }
    }
    // Each rung was checked (without the data, none is reached).
    assert!(seen.iter().all(|&n| n > 20) || crate::test_data::test_data_dir().is_none(), "{seen:?}");
}

#[test]
fn a_forcing_step_reads_as_a_sentence_and_weighs_more_when_nested_deeper() {
    let mut seen = [0usize; 3];
    for line in data_lines("norvig/sudokus_hard.txt").iter().take(5) {
        let grid = grid_from_text(line).unwrap_or(Grid::EMPTY);
        let path = solve_path(Pencil::from_grid(&grid), ALL_TECHNIQUES, true);
        assert!(path.solved);
        for step in path.steps.iter().filter(|s| s.technique >= Technique::ForcingChain) {
            let text = step.describe();
            assert!(text.starts_with(&format!("{}: ", step.technique.title())), "{text}");
            let chain = step.chain.as_deref().map_or(String::new(), Chain::eureka);
            assert!(!chain.is_empty() && text.contains(&chain), "{text}");
            let opening = ["if r", "whichever of ", "wherever "];
            assert!(opening.iter().any(|o| text[step.technique.title().len() + 2..].starts_with(o)), "{text}");
            let nesting = step.chain.as_deref().map_or(0, |c| u32::from(c.nesting));
            assert_eq!(step.weight(), step.technique.info().weight * nesting.max(1));
            seen[usize::from(step.technique as u8 - Technique::ForcingChain as u8)] += 1;
        }
    }
    assert!(seen.iter().all(|&n| n > 0) || crate::test_data::test_data_dir().is_none(), "{seen:?}");
}
