//! Measuring drivers for the canonical search and the maps, run as benchmarks (not tests):
//! `cargo bench --features drivers --bench drivers -- canonical_throughput` (or
//! `grid_throughput`, `isomorph_throughput`).

use super::tests::{grid_from, symmetric_grid};
use super::{Map, Searcher};
use crate::grid::{Grid, CELLS};
use crate::rng::Rng;
use crate::solve::solve;

/// Throughput by hand: `cargo bench --features drivers --bench drivers -- canonical_throughput`.
pub fn canonical_throughput() {
    let boards: Vec<[u8; CELLS]> =
        crate::test_data::test_data_boards("norvig/sudokus_17.txt").iter().map(|l| grid_from(l)).collect();
    let mut searcher = Searcher::new();
    let start = std::time::Instant::now();
    let mut forms = std::collections::HashSet::new();
    for b in &boards {
        forms.insert(searcher.canonical(b).unwrap().cells);
    }
    let secs = start.elapsed().as_secs_f64();
    eprintln!("{} boards, {} forms, {:.0}/s", boards.len(), forms.len(), boards.len() as f64 / secs);
    let grids: Vec<[u8; CELLS]> =
        boards.iter().take(5000).map(|b| *solve(&Grid::from_values(*b).unwrap()).unwrap().cells()).collect();
    let start = std::time::Instant::now();
    for g in &grids {
        searcher.canonical(g).unwrap();
    }
    eprintln!("grids {:.0}/s", grids.len() as f64 / start.elapsed().as_secs_f64());
}

/// Complete-grid throughput by hand (also a small callgrind target): the Kaggle sample's
/// solutions, `cargo bench --features drivers --bench drivers -- grid_throughput`; `GRIDS=n` takes
/// the first n.
pub fn grid_throughput() {
    let Some(text) = crate::test_data::test_data_text("kaggle/puzzles-solutions-sample.csv") else { return };
    let limit = std::env::var("GRIDS").ok().and_then(|n| n.parse().ok()).unwrap_or(usize::MAX);
    let grids: Vec<[u8; CELLS]> = text.lines().skip(1).filter_map(|l| l.split(',').nth(1)).map(grid_from).take(limit).collect();
    let mut searcher = Searcher::new();
    let start = std::time::Instant::now();
    let mut automorphisms = 0;
    for g in &grids {
        automorphisms += searcher.canonical(g).unwrap().automorphisms;
    }
    eprintln!(
        "{} grids, {automorphisms} automorphisms, {:.0}/s",
        grids.len(),
        grids.len() as f64 / start.elapsed().as_secs_f64()
    );
}

/// Isomorph cost by hand: `cargo bench --features drivers --bench drivers -- isomorph_throughput`.
/// Prints nanoseconds per row for each way to draw a map and to apply one.
pub fn isomorph_throughput() {
    let board = symmetric_grid();
    let n = 2_000_000u64;
    let mut sum = 0u64;
    let per_row = |start: std::time::Instant| start.elapsed().as_secs_f64() * 1e9 / n as f64;
    let start = std::time::Instant::now();
    for i in 0..n {
        sum += u64::from(Map::random(&mut Rng::for_item(7, i)).relabel()[1]);
    }
    let draw_stream = per_row(start);
    let start = std::time::Instant::now();
    let mut words = Rng::batch_words(7, 0);
    for _ in 0..n {
        sum += u64::from(Map::from_word(words.next_u64()).unwrap_or(Map::IDENTITY).relabel()[1]);
    }
    let draw_word = per_row(start);
    let map = Map::random(&mut Rng::new(1));
    let mut out = [0u8; CELLS];
    let start = std::time::Instant::now();
    for _ in 0..n {
        map.apply_cells_into(std::hint::black_box(&board), &mut out);
        sum += u64::from(out[3]);
    }
    let apply = per_row(start);
    let start = std::time::Instant::now();
    for _ in 0..n {
        std::hint::black_box(&map).apply_each_into([std::hint::black_box(&board)], [&mut out]);
        sum += u64::from(out[3]);
    }
    let apply_fast = per_row(start);
    let start = std::time::Instant::now();
    let mut words = Rng::batch_words(7, 0);
    for _ in 0..n {
        let map = Map::from_word(words.next_u64()).unwrap_or(Map::IDENTITY);
        map.apply_each_into([std::hint::black_box(&board)], [&mut out]);
        sum += u64::from(out[3]);
    }
    let row = per_row(start);
    eprintln!(
        "ns per row: draw {draw_stream:.1} (stream per item), {draw_word:.1} (word per item); \
         apply {apply:.1} (reference), {apply_fast:.1} (fast); word draw + fast apply {row:.1} ({sum})"
    );
}
