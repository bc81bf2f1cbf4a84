//! The sentence of a forcing chain or net: what its branches start from, what they show, and
//! each branch in Eureka notation, so a learner can follow one to its end.

use super::chain::{Broken, Chain, Forcing};
use super::geometry::{cell_name, members, unit_name, UNIT_CELLS};

/// How the board breaks, as a clause: "r4c1 has no candidate left".
pub fn broken_clause(broken: Broken) -> String {
    match broken {
        Broken::NoCandidate { cell } => format!("{} has no candidate left", cell_name(usize::from(cell))),
        Broken::NoPlace { unit, digit } => format!("{} has no place left for {digit}", unit_name(usize::from(unit))),
        Broken::Both { cell, digit } => format!("{} must be {digit} but cannot be", cell_name(usize::from(cell))),
    }
}

/// Items joined as people write them: "a", "a or b", "a, b or c".
fn either(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// The sentence of the step `name` whose net is `chain`, showing `forcing`, with the step's
/// outcome clause.
pub fn describe_net(name: &str, chain: &Chain, forcing: Forcing, outcome: &str) -> String {
    let branches = chain.eureka();
    let nested = match chain.nesting {
        0 => String::new(),
        1 => " (its branch also removes each candidate that a forcing net breaks)".to_string(),
        depth => format!(" (its branch also removes each candidate that nets {depth} deep break)"),
    };
    match forcing {
        Forcing::Contradiction(broken) => {
            let root = chain.nodes.first().map(|node| {
                let cell = members(node.cells).next().map(cell_name).unwrap_or_default();
                format!("{cell} were {}", node.digit)
            });
            format!("{name}: if {}, then {}{nested}: {branches}; so {outcome}", root.unwrap_or_default(), broken_clause(broken))
        }
        Forcing::Cell(cell) => {
            let digits: Vec<String> = chain
                .nodes
                .iter()
                .enumerate()
                .filter(|&(i, _)| chain.parents_of(i).is_empty())
                .map(|(_, node)| node.digit.to_string())
                .collect();
            format!("{name}: whichever of {} {} holds, {outcome}: {branches}", either(&digits), cell_name(usize::from(cell)))
        }
        Forcing::Unit { unit, digit } => {
            let cells: Vec<String> = chain
                .nodes
                .iter()
                .enumerate()
                .filter(|&(i, node)| {
                    chain.parents_of(i).is_empty() && node.cells & UNIT_CELLS.get(usize::from(unit)).copied().unwrap_or(0) != 0
                })
                .map(|(_, node)| members(node.cells).next().map(cell_name).unwrap_or_default())
                .collect();
            format!(
                "{name}: wherever {digit} goes in {} ({}), {outcome}: {branches}",
                unit_name(usize::from(unit)),
                either(&cells)
            )
        }
    }
}
