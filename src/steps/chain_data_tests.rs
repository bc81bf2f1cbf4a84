//! Chain data checked against the board before the step, on every board of the paths of the
//! hard data sets and with every chain technique tried on each: each strong link is a
//! conjugate pair (of cells or of groups) or a bivalue cell, each weak link a real weak link,
//! and what the step removes is weakly linked to both ends (or, for simple colouring, what
//! the colours of the cluster say).

use super::chain::{Chain, Link, Node};
use super::data_tests::data_lines;
use super::finder::find;
use super::geometry::{members, Cells, PEERS, UNIT_CELLS};
use super::{solve_path, Pencil, Step, Technique, ALL_TECHNIQUES, TECHNIQUES};
use crate::parse::grid_from_text;

/// The techniques whose steps carry a chain.
const CHAINED: [Technique; 9] = [
    Technique::Skyscraper,
    Technique::TwoStringKite,
    Technique::XyWing,
    Technique::WWing,
    Technique::EmptyRectangle,
    Technique::SimpleColouring,
    Technique::XChain,
    Technique::XyChain,
    Technique::Aic,
];

/// The node holds its digit in each of its cells, all in one unit.
fn check_node(p: &Pencil, node: &Node) -> Result<(), String> {
    let d = usize::from(node.digit).wrapping_sub(1);
    if d >= 9 || node.cells == 0 || node.cells & !p.cells_of(d) != 0 {
        return Err(format!("node {} is not candidates of the board", node.eureka()));
    }
    if !UNIT_CELLS.iter().any(|&unit| node.cells & !unit == 0) {
        return Err(format!("group {} is not in one unit", node.eureka()));
    }
    Ok(())
}

/// The one cell of a node of one cell.
fn single(node: &Node) -> Option<usize> {
    (node.cells.count_ones() == 1).then(|| node.cells.trailing_zeros() as usize)
}

/// Every cell of `a` sees every cell of `b`.
fn all_see(a: Cells, b: Cells) -> bool {
    members(a).all(|c| b & !PEERS[c] == 0)
}

fn strong(p: &Pencil, a: &Node, b: &Node) -> bool {
    if a.digit == b.digit {
        // The digit's only places in some unit are the two nodes' cells.
        let both = a.cells | b.cells;
        let d = usize::from(a.digit) - 1;
        a.cells & b.cells == 0 && UNIT_CELLS.iter().any(|&unit| both & !unit == 0 && p.cells_of(d) & unit == both)
    } else {
        // A bivalue cell's two digits.
        single(a).is_some_and(|cell| single(b) == Some(cell) && p.mask(cell) == 1 << (a.digit - 1) | 1 << (b.digit - 1))
    }
}

fn weak(a: &Node, b: &Node) -> bool {
    if a.digit == b.digit {
        a.cells & b.cells == 0 && all_see(a.cells, b.cells)
    } else {
        single(a).is_some_and(|cell| single(b) == Some(cell))
    }
}

/// The candidate `(cell, digit)` is weakly linked to `end`.
fn sees_end(cell: usize, digit: u8, end: &Node) -> bool {
    weak(&Node { cells: 1 << cell, digit }, end)
}

/// The two colours of the conjugate pairs of digit index `d` on `p` that hold `cell`.
fn colours(p: &Pencil, d: usize, cell: usize) -> [Cells; 2] {
    let mut colours: [Cells; 2] = [1 << cell, 0];
    let mut todo = vec![(cell, 0)];
    while let Some((at, colour)) = todo.pop() {
        for unit in UNIT_CELLS.iter().filter(|&&unit| unit >> at & 1 == 1) {
            let places = p.cells_of(d) & unit;
            if places.count_ones() == 2 {
                let other = (places & !(1 << at)).trailing_zeros() as usize;
                if (colours[0] | colours[1]) >> other & 1 == 0 {
                    colours[1 - colour] |= 1 << other;
                    todo.push((other, 1 - colour));
                }
            }
        }
    }
    colours
}

/// The chain of `step`, found on `p`, is true of `p` and explains what the step removes.
fn check(p: &Pencil, step: &Step) -> Result<(), String> {
    let chain: &Chain = step.chain.as_deref().ok_or("no chain")?;
    let (nodes, links) = (&chain.nodes, &chain.links);
    if nodes.len() < 2 || links.len() + 1 != nodes.len() {
        return Err("nodes and links do not match".into());
    }
    for (i, node) in nodes.iter().enumerate() {
        check_node(p, node)?;
        if nodes[..i].contains(node) {
            return Err(format!("{} twice", node.eureka()));
        }
    }
    for (i, link) in links.iter().enumerate() {
        let (a, b) = (&nodes[i], &nodes[i + 1]);
        let true_link = match link {
            Link::Strong => strong(p, a, b),
            Link::Weak => weak(a, b),
        };
        if !true_link {
            return Err(format!(
                "{}{}{} is no {} link",
                a.eureka(),
                if *link == Link::Strong { '=' } else { '-' },
                b.eureka(),
                link.name()
            ));
        }
    }
    let (first, last) = (&nodes[0], &nodes[nodes.len() - 1]);
    if links.first() != Some(&Link::Strong) {
        return Err("the chain does not start with a strong link".into());
    }
    if step.eliminations.is_empty() || !step.placements.is_empty() {
        return Err("a chain step only removes candidates".into());
    }
    let d = usize::from(first.digit) - 1;
    let cell = first.cells.trailing_zeros() as usize;
    let ends_see_each_other = sees_end(cell, first.digit, last);
    if step.technique == Technique::SimpleColouring && links.len() % 2 == 0 {
        // A colour wrap: the ends share a colour and see each other, so it is false.
        let [same, _] = colours(p, d, cell);
        let removed: Cells = step.eliminations.iter().fold(0, |m, &(c, _)| m | 1 << c);
        return if ends_see_each_other && last.cells & !same == 0 && removed == same {
            Ok(())
        } else {
            Err("a colour wrap that removes other than the ends' colour".into())
        };
    }
    if links.last() != Some(&Link::Strong) {
        return Err("the chain does not end with a strong link".into());
    }
    for &(c, digit) in &step.eliminations {
        // A node of the chain itself may go too: when it sees both ends, it is false all
        // the same (the chain holds whatever that node is).
        let c = usize::from(c);
        if sees_end(c, digit, first) && sees_end(c, digit, last) {
            continue;
        }
        // Simple colouring removes at once every candidate that sees both colours.
        let [a, b] = colours(p, d, cell);
        if step.technique == Technique::SimpleColouring && PEERS[c] & a != 0 && PEERS[c] & b != 0 && usize::from(digit) == d + 1 {
            continue;
        }
        return Err(format!("r{}c{} {digit} is not weakly linked to both ends", c / 9 + 1, c % 9 + 1));
    }
    Ok(())
}

#[test]
fn chain_data_is_true_of_the_board_before_the_step() {
    let mut checked = [0usize; TECHNIQUES.len()];
    for name in ["norvig/sudoku-top95.txt", "norvig/sudoku-hardest.txt", "norvig/sudokus_hard.txt"] {
        // Paths now go to the end of every puzzle, and a third of sudokus_hard holds more
        // chains than the suite has time to try every technique on at every step.
        for line in data_lines(name).iter().take(125) {
            let Ok(grid) = grid_from_text(line) else { continue };
            let path = solve_path(Pencil::from_grid(&grid), ALL_TECHNIQUES, true);
            let mut p = Pencil::from_grid(&grid);
            for step in &path.steps {
                // Every chain technique on this board, not only the one the path took.
                for technique in CHAINED {
                    if let Some(found) = find(technique, &p) {
                        if let Err(why) = check(&p, &found) {
                            panic!("{}: {why} on {line}", found.describe());
                        }
                        checked[technique as usize] += 1;
                    }
                }
                // Forcing chains and nets carry a net, checked node by node in forcing/tests.rs.
                let chained = CHAINED.contains(&step.technique) || step.technique >= Technique::ForcingChain;
                assert_eq!(step.chain.is_some(), chained, "{}", step.describe());
                p.apply(step);
            }
        }
    }
    eprintln!("chains checked: {:?}", CHAINED.map(|t| (t.name(), checked[t as usize])));
    if checked.iter().any(|&n| n != 0) {
        // With the data, every chain technique was met and checked.
        for technique in CHAINED {
            assert!(checked[technique as usize] > 0, "no {} checked", technique.name());
        }
    }
}

/// The checks refuse a chain that is not true of the board.
#[test]
fn a_false_chain_is_refused() {
    use super::testing::{keep, pencil_with};
    let mut marks = [0x1ffu16; 81];
    keep(&mut marks, 0, 1, &[9, 13]);
    keep(&mut marks, 0, 5, &[45, 50]);
    let p = pencil_with(&marks);
    let step = find(Technique::Skyscraper, &p).expect("a skyscraper on 1");
    assert_eq!(check(&p, &step), Ok(()));
    let mut broken = step.clone();
    if let Some(chain) = broken.chain.as_deref_mut() {
        chain.links[1] = Link::Strong;
    }
    assert!(check(&p, &broken).is_err());
    let mut wrong_end = step.clone();
    if let Some(chain) = wrong_end.chain.as_deref_mut() {
        chain.nodes[3] = Node::cell(49, 0);
    }
    assert!(check(&p, &wrong_end).is_err());
    let mut far = step;
    far.eliminations.push((80, 1));
    assert!(check(&p, &far).is_err());
}
