//! Chains: simple colouring (the conjugate pairs of one digit, two-coloured), and alternating
//! inference chains found by breadth-first search: the X-chain (one digit, conjugate pairs),
//! the XY-chain (bivalue cells) and the AIC (both, with weak links inside cells too).
//!
//! A chain `a = b - c = ... = z` that starts and ends with a strong link proves `a` or `z`:
//! if `a` is false, every strong link makes the next node true and every weak link the one
//! after it false, down to `z`. So a candidate weakly linked to both ends is false.

use super::chain::{Chain, Node};
use super::chain_ends::{Levels, Removed};
use super::geometry::{digits_of, first, members, Cells, PEERS};
use super::links::{conjugates_of, links_of, links_with_kept, weak_onward, Kept, Kinds, Strong, NODES};
use super::pencil::Pencil;
use super::step::Step;
use super::table::Technique;

/// The longest chain searched, in nodes: longer ones are no hint a person can follow, and
/// the bound keeps the search small.
const MAX_NODES: usize = 16;

/// Buffers the chain techniques reuse from one search to the next: a path keeps one, so its
/// steps do not allocate and clear them again.
#[derive(Default)]
pub struct Buffers {
    links: Option<Strong>,
    /// Every digit's conjugate pairs: a path changes few digits a step, so the others' pairs
    /// are kept.
    conjugates: Kept,
    work: Option<Work>,
}

thread_local! {
    /// A finished path's buffers, for the next path on the same thread: making them (some
    /// 20 kB, most of it filled) cost a hard path as much as a few of its steps.
    static SPARE: std::cell::RefCell<Buffers> = std::cell::RefCell::default();
}

impl Buffers {
    /// The buffers a finished path on this thread gave back, or new ones. Their contents are
    /// as a search leaves them, which is what the next search expects: every node's link
    /// count 0 but those `linked` names, every state unreached but those `queue` holds.
    pub fn reused() -> Buffers {
        SPARE.try_with(|spare| spare.take()).unwrap_or_default()
    }

    /// Gives the buffers back for the next path on this thread.
    pub fn give_back(self) {
        let _ = SPARE.try_with(|spare| spare.replace(self));
    }
}

/// Simple colouring on the digits not in `skip` (a mask of digit indexes).
pub fn simple_colouring(p: &Pencil, skip: u16, buffers: &mut Buffers) -> Option<Step> {
    for d in (0..9).filter(|d| skip >> d & 1 == 0) {
        let strong = conjugates_of(&mut buffers.conjugates, p, d);
        let mut seen: Cells = 0;
        for start in members(strong.linked[d]) {
            if seen >> start & 1 == 1 {
                continue;
            }
            // Two-colour the cluster of `start`.
            // A stack on the stack: each cell goes on it once, when it is coloured.
            let mut colours: [Cells; 2] = [1 << start, 0];
            // Each cell's parent in the colouring, for the chain between two of its cells.
            let mut parent = [start as u8; 81];
            let mut stack = [(0u8, 0u8); 81];
            stack[0] = (start as u8, 0);
            let mut pending = 1usize;
            while let Some(&(cell, colour)) = pending.checked_sub(1).and_then(|top| stack.get(top)) {
                pending -= 1;
                let (cell, colour) = (usize::from(cell), usize::from(colour));
                for &next in strong.of(9 * cell + d) {
                    let next = usize::from(next) / 9;
                    if (colours[0] | colours[1]) >> next & 1 == 0 {
                        colours[1 - colour] |= 1 << next;
                        if let Some(up) = parent.get_mut(next) {
                            *up = cell as u8;
                        }
                        if let Some(slot) = stack.get_mut(pending) {
                            *slot = (next as u8, 1 - colour as u8);
                            pending += 1;
                        }
                    }
                }
            }
            let cluster = colours[0] | colours[1];
            seen |= cluster;
            let step = |a: usize, z: usize| {
                let chain = Chain::alternating(tree_path(&parent, start, a, z).into_iter().map(|c| Node::cell(c, d)));
                Step::new(Technique::SimpleColouring).with_cells(cluster).with_digits(1 << d).with_chain(chain)
            };
            // A colour with two cells that see each other is false: every cell of it loses d.
            for colour in colours {
                if let Some(a) = members(colour).find(|&c| PEERS[c] & colour != 0) {
                    return Some(step(a, first(PEERS[a] & colour)).eliminating(d, colour).finish());
                }
            }
            // A cell seeing both colours loses d: one of the colours is true.
            let sight = |colour: Cells| members(colour).fold(0, |m, c| m | PEERS[c]);
            let targets = p.cells_of(d) & !cluster & sight(colours[0]) & sight(colours[1]);
            if targets != 0 {
                let (a, z) = colour_ends(colours, targets);
                return Some(step(a, z).eliminating(d, targets).finish());
            }
        }
    }
    None
}

/// The cells from `a` to `z` in the tree of `parent` (rooted at `root`).
fn tree_path(parent: &[u8; 81], root: usize, a: usize, z: usize) -> Vec<usize> {
    let up = |from: usize| {
        let mut cells = vec![from];
        let mut at = from;
        // A tree of at most 81 cells: the bound only guards against a broken one.
        while at != root && cells.len() <= 81 {
            at = parent.get(at).map_or(root, |&p| usize::from(p));
            cells.push(at);
        }
        cells
    };
    let (from_a, mut from_z) = (up(a), up(z));
    // Down to the cells the two share, keeping the last one they share (where they meet).
    let mut meet = root;
    let mut from_a = from_a;
    while let (Some(&x), Some(&y)) = (from_a.last(), from_z.last()) {
        if x != y {
            break;
        }
        meet = x;
        from_a.pop();
        from_z.pop();
    }
    from_a.push(meet);
    from_a.extend(from_z.into_iter().rev());
    from_a
}

/// The two ends, one of each colour, that the most of `targets` see: the first such pair.
fn colour_ends(colours: [Cells; 2], targets: Cells) -> (usize, usize) {
    let mut best = (0, first(colours[0]), first(colours[1]));
    for a in members(colours[0] & members(targets).fold(0, |m, t| m | PEERS[t])) {
        for z in members(colours[1]) {
            let seen = (targets & PEERS[a] & PEERS[z]).count_ones();
            if seen > best.0 {
                best = (seen, a, z);
            }
        }
    }
    (best.1, best.2)
}

/// An X-chain on a digit not in `skip`.
pub fn x_chain(p: &Pencil, skip: u16, buffers: &mut Buffers) -> Option<Step> {
    let kinds = |d| Kinds { conjugate: true, bivalue: false, in_cell: false, one_digit: Some(d) };
    let Buffers { conjugates, work, .. } = buffers;
    (0..9).filter(|d| skip >> d & 1 == 0).find_map(|d| {
        let strong = conjugates_of(conjugates, p, d);
        chain(p, Technique::XChain, kinds(d), strong, work.get_or_insert_with(Work::new))
    })
}

pub fn xy_chain(p: &Pencil, buffers: &mut Buffers) -> Option<Step> {
    let kinds = Kinds { conjugate: false, bivalue: true, in_cell: false, one_digit: None };
    let Buffers { links, work, .. } = buffers;
    chain(p, Technique::XyChain, kinds, links_of(links, p, kinds), work.get_or_insert_with(Work::new))
}

pub fn aic(p: &Pencil, buffers: &mut Buffers) -> Option<Step> {
    let kinds = Kinds { conjugate: true, bivalue: true, in_cell: true, one_digit: None };
    let Buffers { links, conjugates, work } = buffers;
    chain(p, Technique::Aic, kinds, links_with_kept(links, conjugates, p, kinds), work.get_or_insert_with(Work::new))
}

/// Every candidate the AICs of `p` remove, each chain of at most [`MAX_NODES`] nodes, as one
/// step: what [`aic`] removes one chain (the shortest) at a time, found in one walk from each
/// start. On a board with too many linked nodes to walk so, what [`aic`] removes.
pub fn all_aic_removals(p: &Pencil, buffers: &mut Buffers) -> Option<Step> {
    let kinds = Kinds { conjugate: true, bivalue: true, in_cell: true, one_digit: None };
    let Buffers { links, conjugates, work } = buffers;
    let strong = links_with_kept(links, conjugates, p, kinds);
    let levels = &mut work.get_or_insert_with(Work::new).levels;
    if !levels.build(p, strong, kinds) {
        return aic(p, buffers);
    }
    // Each cell's digits to remove: many chains remove the same candidates.
    let mut gone = [0u16; 81];
    for a in 0..levels.numbered() {
        levels.removals(p, a, MAX_NODES, &mut |removed| {
            for (cell, d) in removed.candidates() {
                if let Some(digits) = gone.get_mut(cell) {
                    *digits |= 1 << d;
                }
            }
        });
    }
    let mut step = Step::new(Technique::Aic);
    for (cell, &digits) in gone.iter().enumerate() {
        for d in digits_of(digits) {
            step = step.eliminating(d, 1 << cell);
        }
    }
    (!step.eliminations.is_empty()).then(|| step.finish())
}

/// Room for every search state (2 * node + 1 when the node was reached by a strong link,
/// fewer than 2 * [`NODES`]), as a power of two: an index masked by `STATES - 1` is within
/// the arrays without a check, and no state is ever near the mask.
const STATES: usize = 2048;
const _: () = assert!(2 * NODES <= STATES);

/// The searches' scratch space, made once for all the searches of a path (or of one call).
struct Work {
    /// Each state's parent state, `u16::MAX` when not reached.
    parent: Box<[u16; STATES]>,
    /// The states of the last search, in the order reached (the first `queued`).
    queue: Box<[u16; STATES]>,
    queued: usize,
    /// Each linked node's weak links onward ([`weak_onward`], in its order), listed once per
    /// chain technique rather than at each visit of each search: `weak_span[node]` is the
    /// node's range of `weak`. Only linked nodes are reached by a strong link, so only their
    /// spans are kept up to date.
    weak: Vec<u16>,
    weak_span: Vec<(u32, u32)>,
    levels: Levels,
}

impl Work {
    fn new() -> Work {
        Work {
            parent: Box::new([u16::MAX; STATES]),
            queue: Box::new([0; STATES]),
            queued: 0,
            weak: Vec::with_capacity(8 * NODES),
            weak_span: vec![(0, 0); NODES],
            levels: Levels::new(),
        }
    }

    /// Lists the weak links onward of every node of `strong`.
    fn list_weak(&mut self, p: &Pencil, strong: &Strong, kinds: Kinds) {
        let Work { weak, weak_span, .. } = self;
        weak.clear();
        for d in kinds.digits() {
            for cell in members(strong.linked[d]) {
                let node = 9 * cell + d;
                let from = weak.len() as u32;
                weak_onward(p, strong, kinds, node, &mut |n| weak.push(n as u16));
                if let Some(span) = weak_span.get_mut(node) {
                    *span = (from, weak.len() as u32);
                }
            }
        }
    }
}

/// A chain's nodes, and the candidates it removes.
type Found = (Vec<u16>, Removed);

/// The shortest chain (up to [`MAX_NODES`]) of the allowed links that removes something,
/// trying each start in turn: breadth-first over (node, arrived by a strong link?).
fn chain(p: &Pencil, technique: Technique, kinds: Kinds, strong: &Strong, work: &mut Work) -> Option<Step> {
    chain_told(p, technique, kinds, strong, work, true)
}

/// [`chain`], with each start's search first told by [`Levels::finds`] when `tell` (and the
/// board has few enough linked nodes), else run from every start: the same chain either way.
fn chain_told(p: &Pencil, technique: Technique, kinds: Kinds, strong: &Strong, work: &mut Work, tell: bool) -> Option<Step> {
    let mut best: Option<(usize, Found)> = None;
    let told = tell && work.levels.build(p, strong, kinds);
    // Weak links listed before the first search only: when told, few starts are searched.
    let mut listed = false;
    let mut number = 0;
    for d in kinds.digits() {
        for cell in members(strong.linked[d]) {
            let start = 9 * cell + d;
            number += 1;
            // Only a shorter chain replaces the best, and chains have an even number of nodes:
            // searching to the next odd depth would only expand weak links that end nothing.
            let limit = best.as_ref().map_or(MAX_NODES, |(len, _)| len - 2);
            // Most searches find nothing: the search itself runs only to name the chain.
            if told && !work.levels.finds(p, number - 1, limit) {
                continue;
            }
            if !listed {
                work.list_weak(p, strong, kinds);
                listed = true;
            }
            if let Some(found) = search(p, strong, start, limit, work) {
                let shortest = found.0.len() <= 4;
                best = Some((found.0.len(), found));
                if shortest {
                    break;
                }
            }
        }
        if best.as_ref().is_some_and(|(len, _)| *len <= 4) {
            break;
        }
    }
    let (_, (path, found)) = best?;
    let chain = Chain::alternating(path.iter().map(|&n| Node::cell(usize::from(n) / 9, usize::from(n) % 9)));
    let mut step = Step::new(technique).with_cell_list(&chain.cells()).with_chain(chain);
    for &node in &path {
        step = step.with_digits(1 << (node % 9));
    }
    for (cell, d) in found.candidates() {
        step = step.eliminating(d, 1 << cell);
    }
    Some(step.finish())
}

/// Breadth-first search from `start` for a chain of at most `limit` nodes that ends with a
/// strong link and removes a candidate; the chain's nodes and what it removes.
fn search(p: &Pencil, strong: &Strong, start: usize, limit: usize, work: &mut Work) -> Option<Found> {
    const MASK: usize = STATES - 1;
    let Work { parent, queue, queued, weak, weak_span, .. } = work;
    for &state in queue.iter().take(*queued) {
        parent[usize::from(state) & MASK] = u16::MAX;
    }
    let origin = 2 * start;
    if origin >= 2 * NODES {
        *queued = 0;
        return None;
    }
    queue[0] = origin as u16;
    parent[origin] = start as u16;
    let (mut head, mut tail) = (0, 1);
    // Breadth-first: the states of one depth lie together in the queue, those of depth `len`
    // (nodes in the chain so far) up to `level_end`.
    let (mut len, mut level_end) = (1, 1);
    let mut found = None;
    'search: while head < tail {
        if head == level_end {
            len += 1;
            level_end = tail;
        }
        // Every state still queued is at least as deep: none goes on.
        if len >= limit {
            break;
        }
        let state = usize::from(queue[head & MASK]);
        head += 1;
        let node = state / 2;
        // After a strong link a weak one (arriving in state 2n), after a weak one a strong.
        let (onward, arrival): (&[u16], usize) = if state % 2 == 1 {
            let (from, to) = weak_span.get(node).copied().unwrap_or((0, 0));
            (weak.get(from as usize..to as usize).unwrap_or(&[]), 0)
        } else {
            (strong.of(node), 1)
        };
        for &n in onward {
            let to = 2 * usize::from(n) + arrival;
            if to >= 2 * NODES || parent[to & MASK] != u16::MAX {
                continue;
            }
            parent[to & MASK] = state as u16;
            queue[tail & MASK] = to as u16;
            tail += 1;
            // A chain ends with a strong link, after at least two of them.
            if arrival == 1 && len + 1 >= 4 {
                let end = to / 2;
                let removed = Removed::between(p, start, end);
                if !removed.is_empty() {
                    let mut path = vec![end as u16];
                    let mut at = to;
                    while at != origin {
                        at = usize::from(parent[at & MASK]);
                        path.push((at / 2) as u16);
                    }
                    path.reverse();
                    found = Some((path, removed));
                    break 'search;
                }
            }
        }
    }
    *queued = tail.min(STATES);
    found
}

#[cfg(test)]
#[path = "chains_tests.rs"]
mod tests;
