// Test helpers, also built for the measuring drivers (`--features drivers`), which use a few.
#![cfg_attr(not(test), allow(dead_code, unused_imports))]
use super::*;
use crate::batch::source::Values;
use crate::batch::BoardSource;
use crate::grid::{Unit, SIDE};

pub(super) const PUZZLE: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
pub(super) const SOLVED: &str = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

pub(super) fn grid(text: &str) -> Grid {
    let mut cells = [0u8; CELLS];
    for (cell, ch) in cells.iter_mut().zip(text.bytes()) {
        *cell = if ch == b'.' { 0 } else { ch - b'0' };
    }
    Grid::from_values(cells).expect("test boards hold digits")
}

/// The slow, obviously right rule.
pub(super) fn reference(puzzle: &Grid, candidate: &Grid) -> bool {
    let complete = candidate.cells().iter().all(|&v| v != 0);
    let keeps = puzzle.cells().iter().zip(candidate.cells()).all(|(&p, &c)| p == 0 || p == c);
    let no_repeat = Unit::ALL.iter().all(|&unit| {
        (0..SIDE).all(|index| {
            let mut seen = [false; 10];
            (0..SIDE).all(|k| {
                let (r, c) = unit.cell(index, k);
                let v = candidate.get(r, c).unwrap_or(0) as usize;
                let fresh = v == 0 || !seen[v];
                seen[v] = true;
                fresh
            })
        })
    });
    complete && keeps && no_repeat
}

fn with(base: &Grid, changes: &[(usize, u8)]) -> Grid {
    let mut cells = *base.cells();
    for &(cell, value) in changes {
        cells[cell] = value;
    }
    Grid::from_values(cells).expect("digits")
}

pub(super) fn xorshift(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// Pairs that are right or wrong in one small way, so that every check decides some of them.
pub(super) fn near_misses(count: usize, seed: u64) -> (Vec<u8>, Vec<u8>, Vec<u8>) {
    let (puzzle, solved) = (grid(PUZZLE), grid(SOLVED));
    let mut state = seed;
    let (mut puzzles, mut candidates, mut solutions) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..count {
        // A relabelling of digits keeps a solution a solution (of the relabelled puzzle).
        let mut labels: Vec<u8> = (1..=9).collect();
        for i in (1..9).rev() {
            labels.swap(i, xorshift(&mut state) as usize % (i + 1));
        }
        let relabel = |g: &Grid| g.cells().map(|v| if v == 0 { 0 } else { labels[v as usize - 1] });
        let p = relabel(&puzzle);
        let s = relabel(&solved);
        let mut c = s;
        let cell = xorshift(&mut state) as usize % CELLS;
        match xorshift(&mut state) % 7 {
            0 => {}
            1 => c[cell] = c[cell] % 9 + 1,
            2 => c[cell] = 0,
            3 => c.swap(cell, cell / SIDE * SIDE + (cell + 1) % SIDE),
            4 => c = *solved.cells(),
            5 => c = [5; CELLS],
            _ => {
                for v in c.iter_mut() {
                    if xorshift(&mut state).is_multiple_of(8) {
                        *v = (xorshift(&mut state) % 10) as u8;
                    }
                }
            }
        }
        puzzles.extend_from_slice(&p);
        candidates.extend_from_slice(&c);
        solutions.extend_from_slice(&s);
    }
    (puzzles, candidates, solutions)
}

fn boards(cells: &[u8]) -> Vec<Grid> {
    cells.chunks_exact(CELLS).map(|b| Grid::from_values(b.try_into().expect("81")).expect("digits")).collect()
}

#[test]
fn the_issue_s_small_mistakes_are_caught() {
    let (puzzle, solved) = (grid(PUZZLE), grid(SOLVED));
    assert!(is_solution(&puzzle, &solved));
    assert!(is_solution(&solved, &solved));
    assert!(is_solution(&Grid::EMPTY, &solved));
    // One cell changed (a given, and an empty one), one cell emptied.
    assert!(!is_solution(&puzzle, &with(&solved, &[(0, 6)])));
    assert!(!is_solution(&puzzle, &with(&solved, &[(2, 1)])));
    assert!(!is_solution(&puzzle, &with(&solved, &[(2, 0)])));
    // Two digits swapped within a row: rows stay valid, columns break.
    let swapped = with(&solved, &[(2, solved.cells()[3]), (3, solved.cells()[2])]);
    assert!(!is_solution(&puzzle, &swapped));
    assert!(!check::is_valid(&swapped));
    // A different valid grid that ignores the givens.
    let relabelled = Grid::from_values(solved.cells().map(|v| v % 9 + 1)).expect("digits");
    assert!(check::is_valid(&relabelled) && relabelled.is_complete());
    assert!(!is_solution(&puzzle, &relabelled));
    // Every unit sums to 45, yet digits repeat.
    let fives = Grid::from_values([5; CELLS]).expect("digits");
    assert!(!is_solution(&Grid::EMPTY, &fives));
    assert!(!is_solution(&Grid::EMPTY, &Grid::EMPTY));
}

#[test]
fn scores_say_why() {
    let (puzzle, solved) = (grid(PUZZLE), grid(SOLVED));
    let score = Score::of(&puzzle, &solved, Some(&solved));
    assert!(score.complete() && score.valid() && score.keeps_givens() && score.solved() && score.matches());
    assert_eq!(score.cell_accuracy(), 1.0);
    let emptied = with(&solved, &[(2, 0)]);
    let score = Score::of(&puzzle, &emptied, Some(&solved));
    assert!(!score.complete() && score.valid() && score.keeps_givens() && !score.solved() && !score.matches());
    assert_eq!(score.cell_accuracy(), 50.0 / 51.0);
    let overwritten = with(&solved, &[(0, 6), (2, 5)]);
    let score = Score::of(&puzzle, &overwritten, Some(&solved));
    assert!(score.complete() && !score.valid() && !score.keeps_givens());
    assert_eq!(score.cell_accuracy(), 50.0 / 51.0);
    let fives = Grid::from_values([5; CELLS]).expect("digits");
    let score = Score::of(&solved, &fives, Some(&solved));
    assert!(score.complete() && !score.valid() && !score.keeps_givens());
    assert_eq!(score.cell_accuracy(), 1.0, "no empty cell in the puzzle");
    let score = Score::of(&puzzle, &solved, None);
    assert!(score.solved() && !score.matches());
}

#[test]
fn agrees_with_the_reference_on_near_misses() {
    let (p, c, _) = near_misses(20_000, 0x5EED);
    let (puzzles, candidates) = (boards(&p), boards(&c));
    let mut seen = [0usize; 2];
    for (puzzle, candidate) in puzzles.iter().zip(&candidates) {
        let expected = reference(puzzle, candidate);
        assert_eq!(is_solution(puzzle, candidate), expected, "{puzzle:?} {candidate:?}");
        seen[usize::from(expected)] += 1;
    }
    assert!(seen[0] > 1000 && seen[1] > 1000, "{seen:?}");
}

#[test]
fn chunks_agree_with_one_pair_at_a_time() {
    for count in [0, 1, 31, 32, 33, 100, 1024, 2500] {
        let (p, c, s) = near_misses(count, 77 + count as u64);
        let (puzzles, candidates, solutions) = (boards(&p), boards(&c), boards(&s));
        let mut flags = vec![false; count];
        solution_chunk(&[&p, &c], &mut flags);
        let mut portable = vec![false; count];
        crate::batch::validate_chunk(&c, &mut portable);
        chunk::portable_keep_solved(&p, &c, &mut portable);
        let mut scores = vec![Score::default(); count];
        score_chunk(&[&p, &c, &s], &mut scores);
        let mut plain = vec![Score::default(); count];
        score_chunk(&[&p, &c], &mut plain);
        let mut valid = vec![false; count];
        crate::batch::validate_chunk(&c, &mut valid);
        let mut portable_scores = vec![Score::default(); count];
        chunk::portable_scores(&p, &c, Some(&s), &valid, &mut portable_scores);
        assert_eq!(portable_scores, scores);
        chunk::portable_scores(&p, &c, None, &valid, &mut portable_scores);
        assert_eq!(portable_scores, plain);
        for i in 0..count {
            let expected = is_solution(&puzzles[i], &candidates[i]);
            assert_eq!(flags[i], expected, "{count} boards, board {i}");
            assert_eq!(portable[i], expected);
            assert_eq!(scores[i], Score::of(&puzzles[i], &candidates[i], Some(&solutions[i])));
            assert_eq!(plain[i], Score::of(&puzzles[i], &candidates[i], None));
            assert_eq!(scores[i].solved(), expected);
        }
    }
}

#[test]
fn a_batch_spreads_into_columns_for_any_threads_and_blocks() {
    let count = 3000;
    let (p, c, s) = near_misses(count, 9);
    let (puzzles, candidates, solutions) = (boards(&p), boards(&c), boards(&s));
    let sources = [Values::new(&p, 0, false), Values::new(&c, 0, false), Values::new(&s, 0, false)];
    let sources: Vec<&dyn BoardSource> = sources.iter().map(|v| v as &dyn BoardSource).collect();
    for threads in [1, 2, 3] {
        for block in [1, 64, 1000, BLOCK] {
            let (mut complete, mut valid, mut keeps, mut solved, mut matches) =
                (vec![false; count], vec![false; count], vec![false; count], vec![false; count], vec![false; count]);
            let mut accuracy = vec![0.0; count];
            let mut columns = Columns {
                complete: &mut complete,
                valid: &mut valid,
                keeps_givens: &mut keeps,
                solved: &mut solved,
                matches: Some(&mut matches),
                cell_accuracy: Some(&mut accuracy),
            };
            let mut scratch = vec![Score::default(); block];
            let result = score_blocks(&mut columns, &mut scratch, |first, scores| {
                crate::batch::run(&sources, first, scores, threads, crate::batch::Cost::Light, score_chunk)
            });
            assert_eq!(result, Ok(()));
            for i in 0..count {
                let score = Score::of(&puzzles[i], &candidates[i], Some(&solutions[i]));
                assert_eq!(
                    (complete[i], valid[i], keeps[i], solved[i], matches[i]),
                    (score.complete(), score.valid(), score.keeps_givens(), score.solved(), score.matches())
                );
                assert_eq!(accuracy[i], score.cell_accuracy());
            }
        }
    }
}

#[test]
fn score_many_without_solutions_and_with_nothing() {
    let (p, c, _) = near_misses(500, 3);
    let sources = [Values::new(&p, 0, true), Values::new(&c, 0, true)];
    let sources: Vec<&dyn BoardSource> = sources.iter().map(|v| v as &dyn BoardSource).collect();
    let (mut a, mut b, mut k, mut d) = (vec![false; 500], vec![false; 500], vec![false; 500], vec![false; 500]);
    let mut columns =
        Columns { complete: &mut a, valid: &mut b, keeps_givens: &mut k, solved: &mut d, matches: None, cell_accuracy: None };
    assert_eq!(score_many(&sources, &mut columns, 2), Ok(()));
    let mut flags = vec![false; 500];
    assert_eq!(crate::batch::run_raw(&sources, 0, &mut flags, 2, crate::batch::Cost::Light, solution_chunk), Ok(()));
    assert_eq!(d, flags);
    let mut empty =
        Columns { complete: &mut [], valid: &mut [], keeps_givens: &mut [], solved: &mut [], matches: None, cell_accuracy: None };
    assert!(empty.is_empty());
    assert_eq!(score_many(&sources, &mut empty, 2), Ok(()));
}
