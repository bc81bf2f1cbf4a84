//! A chain as data: the nodes a chain step reasons through, in order, and the link between
//! each two in a row, so that a step can be read, written in Eureka notation and drawn.
//!
//! A node is a digit in one cell, or in a group of cells of one unit taken together (true
//! when the digit is in one of them). A strong link says at least one of its two nodes is
//! true, a weak link that at most one is.
//!
//! A chain is the straight case of a forcing net, a tree of branches. To grow it into one,
//! give each node the index of the node it follows (`parents`, with `links[i]` the link
//! from node `i + 1`'s parent to it): a chain is then the tree whose every node follows the
//! one before, so today's data, text and pictures stay what they are for it.

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

/// A chain: `links[i]` joins `nodes[i]` and `nodes[i + 1]`. Made only by the steps that
/// reason along one, so most steps carry none (and no allocation).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Chain {
    pub nodes: Vec<Node>,
    pub links: Vec<Link>,
}

impl Chain {
    /// A chain of one node.
    pub fn from(node: Node) -> Chain {
        Chain { nodes: vec![node], links: Vec::new() }
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

    /// The chain in Eureka notation, e.g. `(1)r3c9=(1)r1c9-(1)r1c6=(1)r2c4`.
    pub fn eureka(&self) -> String {
        let mut text = String::new();
        for (i, node) in self.nodes.iter().enumerate() {
            if let Some(link) = i.checked_sub(1).and_then(|j| self.links.get(j)) {
                text.push(link.sign());
            }
            text.push_str(&node.eureka());
        }
        text
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
