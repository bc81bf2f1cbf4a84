//! One step of a solving path: what a technique found, and the sentence that explains it.

use super::chain::Chain;
use super::geometry::{cell_name, digits_of, members, unit_name, Cells};
use super::list::List;
use super::table::Technique;
use crate::bounds::Known;

/// A technique's finding. Cells are 0-80 (row-major), digits 1-9, units 0-26 (rows, columns,
/// boxes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub technique: Technique,
    /// `(cell, digit)` pairs to write.
    pub placements: List<(u8, u8), 1>,
    /// `(cell, digit)` candidates to remove.
    pub eliminations: List<(u8, u8), 20>,
    /// The pattern's cells.
    pub cells: List<u8, 16>,
    /// The pattern's digits, as a mask (bit `d - 1`).
    pub digits: u16,
    /// The units the pattern lies in.
    pub units: List<u8, 9>,
    /// The chain a chain step reasons along; none for other steps. Boxed: a path makes a
    /// step for every digit it places and few of them are chains, so the others carry one
    /// pointer's room and no allocation.
    pub chain: Option<Box<Chain>>,
}

impl Step {
    /// A step with nothing in it yet.
    #[inline]
    pub fn new(technique: Technique) -> Step {
        Step {
            technique,
            placements: List::new(),
            eliminations: List::new(),
            cells: List::new(),
            digits: 0,
            units: List::new(),
            chain: None,
        }
    }

    /// Adds the pattern's cells.
    #[inline]
    pub fn with_cells(mut self, cells: Cells) -> Step {
        self.cells.extend(members(cells).map(|c| c as u8));
        self
    }

    /// Adds pattern cells in the given order (a chain's).
    #[inline]
    pub fn with_cell_list(mut self, cells: &[u8]) -> Step {
        self.cells.extend(cells.iter().copied());
        self
    }

    /// Adds the chain the step reasons along.
    #[inline]
    pub fn with_chain(mut self, chain: Chain) -> Step {
        self.chain = Some(Box::new(chain));
        self
    }

    /// Adds the pattern's digits (a mask of digit indexes 0-8).
    #[inline]
    pub fn with_digits(mut self, mask: u16) -> Step {
        self.digits |= mask;
        self
    }

    /// Adds the pattern's units.
    #[inline]
    pub fn with_units(mut self, units: &[usize]) -> Step {
        self.units.extend(units.iter().map(|&u| u as u8));
        self
    }

    /// Adds the removal of digit index `d` from each of `cells`.
    #[inline]
    pub fn eliminating(mut self, d: usize, cells: Cells) -> Step {
        self.eliminations.extend(members(cells).map(|c| (c as u8, d as u8 + 1)));
        self
    }

    /// Adds the placement of digit index `d` in `cell`.
    #[inline]
    pub fn placing(mut self, cell: usize, d: usize) -> Step {
        self.placements.push((cell as u8, d as u8 + 1));
        self
    }

    /// Sorts the eliminations by cell then digit, so every step reads the same way.
    #[inline]
    pub fn finish(mut self) -> Step {
        self.eliminations.sort_dedup();
        self
    }

    /// What the step adds to a score: its technique's weight, times the depth of a nested
    /// net's nesting, so that a deeper net weighs more than a shallower one.
    pub fn weight(&self) -> u32 {
        let nesting = self.chain.as_deref().map_or(1, |chain| u32::from(chain.nesting).max(1));
        self.technique.info().weight.saturating_mul(nesting)
    }

    /// A sentence a person understands, in `r1c1` notation, e.g.
    /// "Hidden Single: 5 can only go in r2c6 within box 2".
    pub fn describe(&self) -> String {
        let name = self.technique.title();
        let units = self.units.iter().map(|&u| unit_name(usize::from(u))).collect::<Vec<_>>().join(", ");
        let digits = digits_of(self.digits).map(|d| (d + 1).to_string()).collect::<Vec<_>>().join(", ");
        let cells = self.cells.iter().map(|&c| cell_name(usize::from(c))).collect::<Vec<_>>().join(", ");
        let outcome = self.outcome();
        if let Some((chain, forcing)) = self.chain.as_deref().and_then(|chain| Some((chain, chain.forcing?))) {
            return super::net_text::describe_net(name, chain, forcing, &outcome);
        }
        match self.technique {
            Technique::FullHouse => format!("{name}: {} is the last empty cell in {units}, so {outcome}", cells),
            Technique::HiddenSingle => {
                let (cell, digit) = self.placements.first().copied().known();
                format!("{name}: {digit} can only go in {} within {units}", cell_name(usize::from(cell)))
            }
            Technique::NakedSingle => {
                let (cell, digit) = self.placements.first().copied().known();
                format!("{name}: {} can only be {digit}", cell_name(usize::from(cell)))
            }
            Technique::Pointing | Technique::Claiming => {
                let (inside, line) = match self.units.as_slice() {
                    [a, b] => (unit_name(usize::from(*a)), unit_name(usize::from(*b))),
                    _ => (units.clone(), String::new()),
                };
                format!("{name}: in {inside}, {digits} lies only in {line}, so {outcome}")
            }
            _ if self.chain.is_some() => {
                let chain = self.chain.as_deref().map(Chain::eureka).unwrap_or_default();
                format!("{name}: {chain}: {outcome}")
            }
            _ if units.is_empty() => format!("{name} on {digits} in {cells}: {outcome}"),
            _ => format!("{name} on {digits} in {cells} ({units}): {outcome}"),
        }
    }

    /// What the step does, as a clause: "r1c2 is 5", "remove 3 from r1c2, r4c5".
    fn outcome(&self) -> String {
        let mut parts = Vec::new();
        for &(cell, digit) in &self.placements {
            parts.push(format!("{} is {digit}", cell_name(usize::from(cell))));
        }
        let mut digits: Vec<u8> = self.eliminations.iter().map(|&(_, d)| d).collect();
        digits.sort_unstable();
        digits.dedup();
        for digit in digits {
            let cells: Vec<String> =
                self.eliminations.iter().filter(|&&(_, d)| d == digit).map(|&(c, _)| cell_name(usize::from(c))).collect();
            parts.push(format!("remove {digit} from {}", cells.join(", ")));
        }
        parts.join("; ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_step_moves_without_a_memcpy_call() {
        // A path moves each step a few times; past 128 bytes each move is a call to memcpy.
        assert!(std::mem::size_of::<Step>() <= 128, "{}", std::mem::size_of::<Step>());
    }
}
