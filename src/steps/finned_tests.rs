use super::super::testing::{only_in, pencil_with};
use super::*;

/// The first finned fish by its definition: every combination of lines with places in
/// order, every box, every cover.
fn first_fish_slowly(places: &[u16; 9], n: usize, rows: bool) -> Option<Fish> {
    let with_places: Vec<usize> = (0..9).filter(|&l| places[l] != 0).collect();
    first_combination(with_places.len(), n, &mut |pick| {
        let base = pick.iter().fold(0u16, |m, &i| m | 1 << with_places[i]);
        (0..9).find_map(|bx| {
            let (band, stack) = if rows { (bx / 3, bx % 3) } else { (bx % 3, bx / 3) };
            let stack_lines = 0b111u16 << (3 * stack);
            let in_box = |l: usize| l / 3 == band;
            let union = (0..9)
                .filter(|&l| base >> l & 1 == 1)
                .fold(0, |m, l| m | if in_box(l) { places[l] & !stack_lines } else { places[l] });
            let fins = (0..9).filter(|&l| base >> l & 1 == 1 && in_box(l)).fold(0, |m, l| m | places[l] & stack_lines);
            let targets = (0..9).filter(|&l| base >> l & 1 == 0 && in_box(l)).fold(0, |m, l| m | places[l] & stack_lines);
            let have = pop9(union);
            if have > n {
                return None;
            }
            (0..512u16)
                .filter(|&extra| extra & (union | !stack_lines) == 0 && pop9(extra) == n - have)
                .map(|extra| union | extra)
                // Lexicographic order of the extra lines' positions.
                .min_by_key(|&cover| {
                    let ok = cover & targets != 0 && fins & !cover != 0;
                    (!ok, digits_of(cover & !union).collect::<Vec<_>>())
                })
                .filter(|&cover| cover & targets != 0 && fins & !cover != 0)
                .map(|cover| Fish { base, bx, cover })
        })
    })
}

#[test]
fn first_fish_is_the_first_by_the_definition() {
    let mut rng = crate::rng::Rng::new(23);
    let mut found = 0;
    for round in 0..20000 {
        let density = 1 + round % 5;
        let places: [u16; 9] = std::array::from_fn(|_| (0..density).fold(0x1ff, |m, _| m & rng.below(512) as u16));
        // Size 4 takes the general paths (no table, the general search).
        for (n, rows) in [(2, true), (2, false), (3, true), (3, false), (4, true)] {
            let fish = first_fish(&places, n, rows);
            assert_eq!(fish, first_fish_slowly(&places, n, rows), "{places:?} {n} {rows}");
            found += usize::from(fish.is_some());
        }
    }
    // The random places hold fish often enough for the comparison to mean something.
    assert!(found > 20000, "{found}");
}

#[test]
fn nested_loops_visit_the_subsets_the_general_search_does() {
    let mut rng = crate::rng::Rng::new(29);
    for _ in 0..3000 {
        let pool = rng.below(512) as u16;
        let places: [u16; 9] = std::array::from_fn(|_| rng.below(512) as u16 & rng.below(512) as u16);
        let limit = 1 + rng.below(5) as usize;
        let outside = |line: usize| places[line];
        let viable = |union: u16| pop9(union) <= limit;
        for k in 1..5 {
            let (mut fast, mut deep) = (Vec::new(), Vec::new());
            let none: Option<()> = first_subset(pool, k, &outside, &viable, &mut |lines, union| {
                fast.push((lines, union));
                None
            });
            let _: Option<()> = first_subset_deep(pool, k, &outside, &viable, &mut |lines, union| {
                deep.push((lines, union));
                None
            });
            assert!(none.is_none());
            assert_eq!(fast, deep, "{pool:b} {places:?} {k}");
        }
    }
}

#[test]
fn finned_x_wing_clears_only_the_fin_box() {
    let mut marks = [0x1ffu16; 81];
    only_in(&mut marks, 4, 0, &[1, 7]);
    // Row 5: 5 in c2, c8 and a fin in c9 (box 6).
    only_in(&mut marks, 4, 4, &[1, 7, 8]);
    let step = finned(&pencil_with(&marks), 2, 0).expect("a finned x-wing on 5");
    // Column 8 in box 6, outside rows 1 and 5: r4c8, r6c8.
    assert_eq!(step.eliminations, vec![(34, 5), (52, 5)]);
    assert!(super::super::fish::basic(&pencil_with(&marks), 2, 0).is_none());
    assert!(finned(&pencil_with(&marks), 2, 1 << 4).is_none());
}

#[test]
fn finned_swordfish() {
    let mut marks = [0x1ffu16; 81];
    only_in(&mut marks, 0, 0, &[0, 4]);
    only_in(&mut marks, 0, 3, &[4, 8]);
    only_in(&mut marks, 0, 7, &[0, 8, 7]);
    let step = finned(&pencil_with(&marks), 3, 0).expect("a finned swordfish on 1");
    assert_eq!(step.technique, Technique::FinnedSwordfish);
    // Column 9 in box 9 outside row 8: r7c9, r9c9.
    assert_eq!(step.eliminations, vec![(62, 1), (80, 1)]);
}
