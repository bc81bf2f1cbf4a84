use super::super::testing::{keep, pencil_with};
use super::*;

#[test]
fn colouring_trap_removes_a_digit_seeing_both_colours() {
    let mut marks = [0x1ffu16; 81];
    // 7: r1c1 = r1c5 (row 1) = r6c5 (column 5) = r6c1 (row 6): colours {r1c1, r6c5} and
    // {r1c5, r6c1}; the rest of column 1 sees r1c1 and r6c1.
    keep(&mut marks, 6, 0, &[0, 4]);
    keep(&mut marks, 6, 13, &[4, 49]);
    keep(&mut marks, 6, 5, &[49, 45]);
    let step = simple_colouring(&pencil_with(&marks), 0, &mut Buffers::default()).expect("a colour trap on 7");
    assert_eq!(step.eliminations, [9u8, 18, 27, 36, 54, 63, 72].iter().map(|&c| (c, 7)).collect::<Vec<_>>());
    // Between a cell of each colour that every removed cell sees, r1c1 and r6c1.
    assert_eq!(step.chain.as_deref().map(Chain::eureka).as_deref(), Some("(7)r1c1=(7)r1c5-(7)r6c5=(7)r6c1"));
}

#[test]
fn colouring_wrap_removes_a_colour_that_sees_itself() {
    let mut marks = [0x1ffu16; 81];
    // 8: r1c1 = r1c5 (row 1) = r5c5 (column 5) = r5c2 (row 5) = r2c2 (column 2): r1c1,
    // r5c5 and r2c2 share a colour, and r1c1 sees r2c2, so that colour is false.
    keep(&mut marks, 7, 0, &[0, 4]);
    keep(&mut marks, 7, 13, &[4, 40]);
    keep(&mut marks, 7, 4, &[40, 37]);
    keep(&mut marks, 7, 10, &[37, 10]);
    let step = simple_colouring(&pencil_with(&marks), 0, &mut Buffers::default()).expect("a colour wrap on 8");
    assert_eq!(step.eliminations, vec![(0, 8), (10, 8), (40, 8)]);
    // Between the two cells of the colour that see each other.
    assert_eq!(step.chain.as_deref().map(Chain::eureka).as_deref(), Some("(8)r1c1=(8)r1c5-(8)r5c5=(8)r5c2-(8)r2c2"));
}

#[test]
fn x_chain_of_three_strong_links() {
    let mut marks = [0x1ffu16; 81];
    // 9: r1c1 = r1c5 (row 1) - r3c6 (box 2) = r8c6 (column 6) ... ends r1c1 and r8c6:
    // r8c1 sees both.
    keep(&mut marks, 8, 0, &[0, 4]);
    keep(&mut marks, 8, 14, &[23, 68]);
    let step = x_chain(&pencil_with(&marks), 0, &mut Buffers::default()).expect("an x-chain on 9");
    assert!(step.eliminations.contains(&(63, 9)));
    assert!(step.cells.len() >= 4);
}

#[test]
fn xy_chain_through_bivalue_cells() {
    let mut marks = [0x1ffu16; 81];
    // r1c1 {1,2} - r1c9 {2,3} - r9c9 {3,1}: 1 leaves r9c1 (sees r1c1 and r9c9).
    marks[0] = 0b011;
    marks[8] = 0b110;
    marks[80] = 0b101;
    let step = xy_chain(&pencil_with(&marks), &mut Buffers::default()).expect("an xy-chain");
    assert_eq!(step.eliminations, vec![(72, 1)]);
    assert_eq!(step.cells, vec![0, 8, 80]);
    let chain = step.chain.as_deref().map(Chain::eureka);
    assert_eq!(chain.as_deref(), Some("(1)r1c1=(2)r1c1-(2)r1c9=(3)r1c9-(3)r9c9=(1)r9c9"));
    assert_eq!(step.describe(), "XY-Chain: (1)r1c1=(2)r1c1-(2)r1c9=(3)r1c9-(3)r9c9=(1)r9c9: remove 1 from r9c1");
}

/// The chains found with each search told first are those found searching every start,
/// on boards of up to four candidates a cell (few enough linked nodes to be told).
#[test]
fn told_searches_find_the_chains_of_every_search() {
    let mut rng = crate::rng::Rng::new(5);
    let (mut told, mut found) = (0, 0);
    for _ in 0..1500 {
        // Some cells without marks, so that some boards have no chain.
        let bare = rng.below(90);
        let marks: [u16; 81] = std::array::from_fn(|_| {
            if rng.below(100) < bare {
                0
            } else {
                (0..1 + rng.below(4)).fold(0, |m, _| m | 1 << rng.below(9))
            }
        });
        let p = pencil_with(&marks);
        let all = Kinds { conjugate: true, bivalue: true, in_cell: true, one_digit: None };
        let xy = Kinds { conjugate: false, bivalue: true, in_cell: false, one_digit: None };
        let x = |d| Kinds { conjugate: true, bivalue: false, in_cell: false, one_digit: Some(d) };
        let cases = [(Technique::Aic, all), (Technique::XyChain, xy), (Technique::XChain, x(rng.index(9)))];
        for (technique, kinds) in cases {
            let strong = Strong::build(&p, kinds);
            let mut work = Work::new();
            told += usize::from(work.levels.build(&p, &strong, kinds));
            let fast = chain_told(&p, technique, kinds, &strong, &mut work, true);
            found += usize::from(fast.is_some());
            assert_eq!(fast, chain_told(&p, technique, kinds, &strong, &mut Work::new(), false));
        }
    }
    assert!(told > 3000 && (1000..4000).contains(&found), "{told} boards told, {found} chains");
}

/// All the AIC removals at once hold what the AIC technique removes first, and are
/// found exactly when it finds a chain; on boards with up to four candidates a cell
/// (walked all at once) and on fuller ones (too many nodes: the technique's own chain).
#[test]
fn all_aic_removals_hold_the_first_chains_and_only_then() {
    let mut rng = crate::rng::Rng::new(8);
    let (mut found, mut more) = (0, 0);
    for round in 0..1500 {
        let bare = rng.below(90);
        let most = if round % 10 == 0 { 9 } else { 4 };
        let marks: [u16; 81] = std::array::from_fn(|_| {
            if rng.below(100) < bare {
                0
            } else {
                (0..1 + rng.below(most)).fold(0, |m, _| m | 1 << rng.below(9))
            }
        });
        let p = pencil_with(&marks);
        let first = aic(&p, &mut Buffers::default());
        let all = all_aic_removals(&p, &mut Buffers::default());
        assert_eq!(first.is_some(), all.is_some());
        if let (Some(first), Some(all)) = (first, all) {
            assert!(first.eliminations.iter().all(|e| all.eliminations.contains(e)), "{first:?} {all:?}");
            found += 1;
            more += usize::from(all.eliminations.len() > first.eliminations.len());
        }
    }
    assert!(found > 300 && more > 100, "{found} found, {more} with more");
}

#[test]
fn aic_mixes_cells_and_units() {
    let mut marks = [0x1ffu16; 81];
    // 1(r1c1) = 2(r1c1) - 2(r5c1) = 2(r5c9) - 1(r5c9) = 1(r9c9): r9c1 loses 1.
    marks[0] = 0b011;
    keep(&mut marks, 1, 4, &[36, 44]);
    keep(&mut marks, 0, 17, &[44, 80]);
    let step = aic(&pencil_with(&marks), &mut Buffers::default()).expect("an aic");
    assert!(step.eliminations.contains(&(72, 1)));
    assert!(
        x_chain(&pencil_with(&marks), 0, &mut Buffers::default()).is_none()
            && xy_chain(&pencil_with(&marks), &mut Buffers::default()).is_none()
    );
}
