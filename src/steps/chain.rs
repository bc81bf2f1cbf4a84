//! A chain as data: the nodes a chain step reasons through, in order, and the link between
//! each two in a row, so that a step can be read, written in Eureka notation and drawn.
//!
//! A node is a digit in one cell, or in a group of cells of one unit taken together (true
//! when the digit is in one of them). A strong link says at least one of its two nodes is
//! true, a weak link that at most one is.
//!
//! A chain is the straight case of a forcing net. In a net each node lists the earlier nodes
//! it follows from (`parents`): a digit placed because its cell lost every other candidate
//! follows from all those removals at once. A node that follows from none starts a branch:
//! the assumption of a forcing chain, or one of the alternatives (a cell's candidates, a
//! digit's places in a unit) whose branches all reach the same conclusion. `links[i]` is
//! still the link into node `i + 1`: strong when the node is true as its parents stand (a
//! digit placed), weak when it is false (a candidate removed), and strong for the start of
//! a branch, one of alternatives of which at least one holds. A plain chain keeps `parents`
//! empty, meaning that each node follows the one before, so its data, text and pictures are
//! what they were.

use super::geometry::{members, Cells};
use crate::grid::SIDE;

/// How two nodes in a row of a chain are linked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Link {
    /// At least one of the two nodes is true.
    Strong,
    /// At most one of the two nodes is true.
    Weak,
}

impl Link {
    /// The name Python and JSON use: `"strong"` or `"weak"`.
    pub fn name(self) -> &'static str {
        match self {
            Link::Strong => "strong",
            Link::Weak => "weak",
        }
    }

    /// The link's sign in Eureka notation.
    fn sign(self) -> char {
        match self {
            Link::Strong => '=',
            Link::Weak => '-',
        }
    }
}

/// A digit (1-9) in a cell, or in a group of cells of one unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Node {
    pub cells: Cells,
    pub digit: u8,
}

impl Node {
    /// Digit index `d` (0-8) in `cell`.
    pub fn cell(cell: usize, d: usize) -> Node {
        Node { cells: 1 << cell, digit: d as u8 + 1 }
    }

    /// Digit index `d` (0-8) in the group `cells`.
    pub fn group(cells: Cells, d: usize) -> Node {
        debug_assert!(cells != 0, "a node without a cell");
        Node { cells, digit: d as u8 + 1 }
    }

    /// The node in Eureka notation: `(1)r3c9`, a group on one row `(1)r1c23`, on one
    /// column `(1)r12c3`.
    pub fn eureka(&self) -> String {
        let rows: String = members(self.cells).map(|c| c / SIDE + 1).fold(String::new(), |mut s, r| {
            if !s.contains(char::from(b'0' + r as u8)) {
                s.push(char::from(b'0' + r as u8));
            }
            s
        });
        let cols: String = members(self.cells).map(|c| c % SIDE + 1).fold(String::new(), |mut s, c| {
            if !s.contains(char::from(b'0' + c as u8)) {
                s.push(char::from(b'0' + c as u8));
            }
            s
        });
        if rows.len() == 1 || cols.len() == 1 {
            return format!("({})r{rows}c{cols}", self.digit);
        }
        // Not a line: no group a chain step makes, but written cell by cell all the same.
        debug_assert!(false, "a group node off one line: {:x}", self.cells);
        let cells: Vec<String> = members(self.cells).map(|c| format!("r{}c{}", c / SIDE + 1, c % SIDE + 1)).collect();
        format!("({})[{}]", self.digit, cells.join(","))
    }
}

/// How a board breaks in a branch of a forcing chain or net that cannot hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Broken {
    /// An empty cell (0-80) left with no candidate.
    NoCandidate { cell: u8 },
    /// A unit (0-26) left with no place for a digit (1-9) it has not placed.
    NoPlace { unit: u8, digit: u8 },
    /// A digit (1-9) that must go in a cell where it was already ruled out.
    Both { cell: u8, digit: u8 },
}

/// What a forcing chain or net shows, and so what its branches start from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Forcing {
    /// One assumption (node 0) whose branch breaks the board this way.
    Contradiction(Broken),
    /// Every candidate of a cell (0-80) leads to the conclusion.
    Cell(u8),
    /// Every place of a digit (1-9) in a unit (0-26) leads to the conclusion.
    Unit { unit: u8, digit: u8 },
}

/// A chain: `links[i]` joins `nodes[i]` and `nodes[i + 1]`, or, in a forcing net, the node
/// `nodes[i + 1]` to its `parents` (see the module's comment). Made only by the steps that
/// reason along one, so most steps carry none (and no allocation).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Chain {
    pub nodes: Vec<Node>,
    pub links: Vec<Link>,
    /// For each node of a net, the earlier nodes it follows from; empty for a plain chain.
    pub parents: Vec<Vec<u16>>,
    /// What a forcing chain or net shows; `None` for a plain chain.
    pub forcing: Option<Forcing>,
    /// How deep the nets inside a nested forcing net's branch go (1 when they are forcing
    /// nets); 0 for every other chain.
    pub nesting: u8,
}

impl Chain {
    /// A chain of one node.
    pub fn from(node: Node) -> Chain {
        Chain { nodes: vec![node], ..Chain::default() }
    }

    /// The chain with `node` added at the end by `link`.
    pub fn then(mut self, link: Link, node: Node) -> Chain {
        self.links.push(link);
        self.nodes.push(node);
        self
    }

    /// Nodes joined by links that alternate, the first one strong: an alternating inference
    /// chain's.
    pub fn alternating(nodes: impl IntoIterator<Item = Node>) -> Chain {
        let mut nodes = nodes.into_iter();
        let Some(first) = nodes.next() else { return Chain::default() };
        nodes
            .enumerate()
            .fold(Chain::from(first), |chain, (i, node)| chain.then(if i % 2 == 0 { Link::Strong } else { Link::Weak }, node))
    }

    /// The chain in Eureka notation, e.g. `(1)r3c9=(1)r1c9-(1)r1c6=(1)r2c4`. A net is
    /// written branch by branch, each from its start to one of its ends along each node's
    /// last parent, separated by `; `.
    pub fn eureka(&self) -> String {
        if !self.parents.is_empty() {
            return self.branches().iter().map(|path| self.eureka_of(path)).collect::<Vec<_>>().join("; ");
        }
        let all: Vec<usize> = (0..self.nodes.len()).collect();
        self.eureka_of(&all)
    }

    /// The paths from a branch's start to each node no other node follows, along each node's
    /// last parent (the one it was found from).
    pub fn branches(&self) -> Vec<Vec<usize>> {
        let mut followed = vec![false; self.nodes.len()];
        for i in 0..self.nodes.len() {
            for parent in self.parents_of(i) {
                if let Some(flag) = followed.get_mut(usize::from(parent)) {
                    *flag = true;
                }
            }
        }
        let mut paths = Vec::new();
        for (end, _) in followed.iter().enumerate().filter(|(_, &f)| !f) {
            let mut path = vec![end];
            let mut at = end;
            // Parents come before their node, so the walk ends.
            while let Some(&parent) = self.parents_of(at).iter().max() {
                debug_assert!(usize::from(parent) < at, "a parent after its node");
                at = usize::from(parent).min(at.saturating_sub(1));
                path.push(at);
            }
            path.reverse();
            paths.push(path);
        }
        paths
    }

    /// The nodes `path` in Eureka notation, each joined to the one before by its own link.
    fn eureka_of(&self, path: &[usize]) -> String {
        let mut text = String::new();
        for (k, &i) in path.iter().enumerate() {
            if k > 0 {
                if let Some(link) = i.checked_sub(1).and_then(|j| self.links.get(j)) {
                    text.push(link.sign());
                }
            }
            if let Some(node) = self.nodes.get(i) {
                text.push_str(&node.eureka());
            }
        }
        text
    }

    /// The nodes node `i` follows from: in a plain chain, the one before it.
    pub fn parents_of(&self, i: usize) -> Vec<u16> {
        match self.parents.get(i) {
            Some(parents) => parents.clone(),
            None if self.parents.is_empty() && i > 0 && i < self.nodes.len() => vec![(i - 1) as u16],
            None => Vec::new(),
        }
    }

    /// Every link as drawn: `(from, to, link)` for each node `to` and each node it follows.
    pub fn edges(&self) -> Vec<(usize, usize, Link)> {
        let mut edges = Vec::new();
        for (i, &link) in self.links.iter().enumerate() {
            for parent in self.parents_of(i + 1) {
                edges.push((usize::from(parent), i + 1, link));
            }
        }
        edges
    }

    /// The chain's cells, each once, in the order the chain first reaches them.
    pub fn cells(&self) -> Vec<u8> {
        let mut seen: Cells = 0;
        let mut cells = Vec::new();
        for node in &self.nodes {
            for cell in members(node.cells & !seen) {
                cells.push(cell as u8);
            }
            seen |= node.cells;
        }
        cells
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eureka_writes_cells_groups_and_links() {
        let chain = Chain::alternating([Node::cell(26, 0), Node::cell(8, 0), Node::group(1 << 5 | 1 << 4, 0), Node::cell(12, 0)]);
        assert_eq!(chain.links, vec![Link::Strong, Link::Weak, Link::Strong]);
        assert_eq!(chain.eureka(), "(1)r3c9=(1)r1c9-(1)r1c56=(1)r2c4");
        assert_eq!(Node::group(1 << 2 | 1 << 11 | 1 << 20, 4).eureka(), "(5)r123c3");
        assert_eq!(chain.cells(), vec![26, 8, 4, 5, 12]);
        assert_eq!(Chain::alternating([]), Chain::default());
    }
}
