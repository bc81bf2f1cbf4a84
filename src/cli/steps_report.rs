//! `steps`: each board's path of easiest steps, as numbered sentences or as a JSON object.

use std::io::{self, Write};

use super::{Mode, Report, Source};
use crate::cli::Origin;
use crate::conflicts::Conflict;
use crate::grid::SIDE;
use crate::steps::{geometry::members, Path, Step};

impl<W: Write> Report<W> {
    /// A board's path (`None` when it has no solution), its solutions counted up to 2: in text, `file:line:`, one numbered
    /// line per step and how the steps stopped; in JSON, one object.
    pub(super) fn stepped(
        &mut self,
        source: &Source,
        origin: Origin,
        conflicts: &[Conflict],
        count: u64,
        path: Option<&Path>,
    ) -> io::Result<()> {
        match (self.mode, path) {
            (Mode::Text, Some(path)) => {
                write!(self.out, "{}:{}:", source.name, origin.line)?;
                match origin.index {
                    Some(index) => writeln!(self.out, " boards[{index}]:")?,
                    None => writeln!(self.out)?,
                }
                for (i, step) in path.steps.iter().enumerate() {
                    writeln!(self.out, "  {}. {}", i + 1, step.describe())?;
                }
                writeln!(self.out, "  {}", stopped(path))
            }
            (Mode::Text, None) => self.no_solution(source, origin, conflicts),
            (Mode::Json, _) => {
                self.json_place(source, origin)?;
                let Some(path) = path else {
                    return writeln!(self.out, ",\"solutions\":0,\"steps\":[],\"stopped\":\"no solution\"}}");
                };
                // Counted up to 2, as `check --unique --json` counts them.
                write!(self.out, ",\"solutions\":{count},\"steps\":[")?;
                for (i, step) in path.steps.iter().enumerate() {
                    if i > 0 {
                        write!(self.out, ",")?;
                    }
                    json_step(&mut self.out, step)?;
                }
                writeln!(self.out, "],\"stopped\":\"{}\"}}", stopped(path))
            }
            (Mode::Quiet, _) => Ok(()),
        }
    }
}

/// How the steps stopped: every cell filled, or no technique applies.
fn stopped(path: &Path) -> &'static str {
    if path.solved {
        "solved"
    } else {
        "stuck"
    }
}

/// A step as a JSON object: its technique, sentence, and its facts counted from 0, as
/// Python's `Step._asdict()` has them.
fn json_step(out: &mut impl Write, step: &Step) -> io::Result<()> {
    let text = serde_json::to_string(&step.describe()).unwrap_or_else(|_| "\"\"".to_owned());
    write!(out, "{{\"technique\":\"{}\",\"text\":{text}", step.technique.name())?;
    let triples = |pairs: &[(u8, u8)]| {
        let items: Vec<String> = pairs
            .iter()
            .map(|&(cell, digit)| format!("[{},{},{digit}]", usize::from(cell) / SIDE, usize::from(cell) % SIDE))
            .collect();
        format!("[{}]", items.join(","))
    };
    write!(out, ",\"placements\":{},\"eliminations\":{}", triples(&step.placements), triples(&step.eliminations))?;
    let (nodes, links) = match step.chain.as_deref() {
        Some(chain) => (&chain.nodes[..], &chain.links[..]),
        None => (&[][..], &[][..]),
    };
    let nodes: Vec<String> = nodes
        .iter()
        .map(|node| {
            let cells: Vec<String> = members(node.cells).map(|c| format!("[{},{}]", c / SIDE, c % SIDE)).collect();
            format!("[[{}],{}]", cells.join(","), node.digit)
        })
        .collect();
    let links: Vec<String> = links.iter().map(|link| format!("\"{}\"", link.name())).collect();
    let parents: Vec<String> = match step.chain.as_deref() {
        Some(chain) => (0..chain.nodes.len())
            .map(|i| format!("[{}]", chain.parents_of(i).iter().map(u16::to_string).collect::<Vec<_>>().join(",")))
            .collect(),
        None => Vec::new(),
    };
    write!(out, ",\"nodes\":[{}],\"links\":[{}],\"parents\":[{}]}}", nodes.join(","), links.join(","), parents.join(","))
}
