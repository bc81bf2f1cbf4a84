//! The finned X-wing and swordfish on one digit: `n` base lines whose places outside one box
//! lie in `n` cross lines; the cross-line cells of that box outside the base lose the digit,
//! since either a fin (a place in the box off the cover) is true and sees them, or the fish
//! without fins is.
//!
//! The finding is the first in the order of digits, then base lines as rows before columns,
//! then the base lines' combination (lexicographic), the fin box, the cover. The search goes
//! box by box: with the box fixed, each line brings a fixed mask of places the cover must
//! hold, so a line with more than `n` is in no fish with that box, and a combination is
//! dropped as soon as its union passes `n`. Most boxes are dropped at once: a box needs the
//! digit on two of its base lines, one for a fin and one for a target. The first finding of
//! each box is kept when it comes before the best so far.

use super::bits::pop9;
use super::combos::first_combination;
use super::fish::{line_places, lines_cells, unit_list};
use super::geometry::{digits_of, UNIT_CELLS};
use super::pencil::Pencil;
use super::step::Step;
use super::table::Technique;
use crate::bounds::Known;

/// A finned fish of size `n` (2 or 3) on the digits not in `skip` (a mask of digit indexes).
pub fn finned(p: &Pencil, n: usize, skip: u16) -> Option<Step> {
    let technique = if n == 2 { Technique::FinnedXWing } else { Technique::FinnedSwordfish };
    for d in (0..9).filter(|d| skip >> d & 1 == 0) {
        for rows in [true, false] {
            let Some(Fish { base, bx, cover }) = first_fish(&line_places(p, d, rows), n, rows) else { continue };
            let base_cells = lines_cells(base, rows);
            let targets = p.cells_of(d) & UNIT_CELLS[18 + bx] & lines_cells(cover, !rows) & !base_cells;
            let mut units = unit_list(base, rows);
            units.extend(unit_list(cover, !rows));
            units.push(18 + bx);
            return Some(
                Step::new(technique)
                    .with_cells(p.cells_of(d) & base_cells)
                    .with_digits(1 << d)
                    .with_units(&units)
                    .eliminating(d, targets)
                    .finish(),
            );
        }
    }
    None
}

/// A finned fish: its base lines and cover (9-bit masks of line numbers) and fin box.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Fish {
    base: u16,
    bx: usize,
    cover: u16,
}

/// The first finned fish of size `n` on one digit whose places on the base lines are
/// `places`, in the order of base combinations, then boxes, then covers.
fn first_fish(places: &[u16; 9], n: usize, rows: bool) -> Option<Fish> {
    let places = places.map(|m| m & 0x1ff);
    // A base line off the box's band has all its places in the cover: `few`, the lines
    // with places and at most `n` of them. Any base line has its places off the box's
    // stack in the cover's lines off it, fewer than `n` since the cover holds a target's
    // line, in the stack: `under[stack]`. `touching[stack]`: the lines with places in it.
    // Each kept as three 9-bit masks, stack `s` at bit `9 * s`, filled a line at a time.
    let under_table = match n {
        2 => Some(&UNDER_STACKS[0]),
        3 => Some(&UNDER_STACKS[1]),
        _ => None,
    };
    let (mut few, mut under_all, mut touching_all) = (0u16, 0u32, 0u32);
    for (line, &mask) in places.iter().enumerate() {
        if mask == 0 {
            continue;
        }
        let mask = usize::from(mask & 0x1ff);
        few |= u16::from(pop9(mask as u16) <= n) << line;
        let under_one = under_table.map_or_else(|| under_stacks(mask, n), |table| table[mask]);
        under_all |= under_one << line;
        touching_all |= TOUCHED_STACKS[mask] << line;
    }
    let under: [u16; 3] = std::array::from_fn(|stack| (under_all >> (9 * stack)) as u16 & 0x1ff);
    let touching: [u16; 3] = std::array::from_fn(|stack| (touching_all >> (9 * stack)) as u16 & 0x1ff);
    // The boxes that can hold a fin and a target: two lines of the band have places in
    // the box, one of them able to be a base line (a fin's line is one, a target's not),
    // and `n` lines can be base lines.
    let mut boxes = 0u16;
    for band in 0..3 {
        let band_lines = 0b111 << (3 * band);
        for stack in 0..3 {
            let holders = touching[stack] & band_lines;
            let pool = under[stack] & (few | band_lines);
            if pop9(holders) >= 2 && holders & under[stack] != 0 && pop9(pool) >= n {
                boxes |= 1 << if rows { 3 * band + stack } else { 3 * stack + band };
            }
        }
    }
    // The best so far and its base's rank among combinations (a smaller rank comes first).
    let mut best: Option<(u32, Fish)> = None;
    while boxes != 0 {
        let bx = boxes.trailing_zeros() as usize;
        boxes &= boxes - 1;
        // The box's band (base lines it crosses) and stack (cross lines it crosses).
        let (band, stack) = if rows { (bx / 3, bx % 3) } else { (bx % 3, bx / 3) };
        let stack_lines = 0b111u16 << (3 * stack);
        let band_lines = 0b111u16 << (3 * band);
        let inside = |line: usize| places.get(line).map_or(0, |&m| m & stack_lines);
        let (Some(&under), Some(&touching)) = (under.get(stack), touching.get(stack)) else { continue };
        let holders = touching & band_lines;
        let bound = best.map_or(u32::MAX, |(rank, _)| rank);
        // What each line would bring the cover: its places, off the stack for the band's
        // lines; once per box, not at every union of the search.
        let outsides: [u16; 9] =
            std::array::from_fn(|line| places[line] & !(stack_lines & 0u16.wrapping_sub(band_lines >> line & 1)));
        let outside = |line: usize| outsides.get(line).copied().known();
        let viable = |union: u16| pop9(union) <= n && pop9(union & !stack_lines) < n;
        let found = first_subset(under & (few | band_lines), n, &outside, &viable, &mut |base, union| {
            // A fin's line is a base line, a target's is not.
            if base & holders == 0 || holders & !base == 0 {
                return None;
            }
            let rank = super::geometry::digits_of(base).fold(0u32, |r, line| r << 4 | line as u32);
            if rank >= bound {
                // Every later combination of this box ranks after the best too.
                return Some(None);
            }
            let (fins, targets) = (0..9).filter(|l| holders >> l & 1 == 1).fold((0, 0), |(f, t), l| {
                if base >> l & 1 == 1 {
                    (f | inside(l), t)
                } else {
                    (f, t | inside(l))
                }
            });
            if targets == 0 || fins & !union == 0 {
                return None;
            }
            let spare = stack_lines & !union;
            let extra = choose(spare, n - pop9(union), &mut |extra| {
                let cover = union | extra;
                (cover & targets != 0 && fins & !cover != 0).then_some(extra)
            });
            extra.map(|extra| Some((rank, Fish { base, bx, cover: union | extra })))
        });
        if let Some(Some(found)) = found {
            best = Some(found);
        }
    }
    best.map(|(_, fish)| fish)
}

/// Calls `visit(lines, union)` with each set of `k` members of `pool` (a 9-bit mask of
/// lines), in lexicographic order, whose union of `outside(line)` passes `viable` at each
/// prefix (it must fail every superset of a union it fails), until it returns `Some`.
/// Nested loops for the sizes searched (a finned fish's search is mostly this loop's
/// overhead), the general search otherwise.
fn first_subset<T>(
    pool: u16,
    k: usize,
    outside: &impl Fn(usize) -> u16,
    viable: &impl Fn(u16) -> bool,
    visit: &mut impl FnMut(u16, u16) -> Option<T>,
) -> Option<T> {
    // The lines of `mask` above `line`.
    let above = |mask: u16, line: usize| mask & !((2u16 << line) - 1);
    match k {
        2 => {
            for a in digits_of(pool) {
                let first = outside(a);
                if !viable(first) {
                    continue;
                }
                for b in digits_of(above(pool, a)) {
                    let union = first | outside(b);
                    if viable(union) {
                        if let Some(found) = visit(1 << a | 1 << b, union) {
                            return Some(found);
                        }
                    }
                }
            }
            None
        }
        3 => {
            for a in digits_of(pool) {
                let first = outside(a);
                if !viable(first) {
                    continue;
                }
                for b in digits_of(above(pool, a)) {
                    let second = first | outside(b);
                    if !viable(second) {
                        continue;
                    }
                    for c in digits_of(above(pool, b)) {
                        let union = second | outside(c);
                        if viable(union) {
                            if let Some(found) = visit(1 << a | 1 << b | 1 << c, union) {
                                return Some(found);
                            }
                        }
                    }
                }
            }
            None
        }
        _ => first_subset_deep(pool, k, outside, viable, visit),
    }
}

/// [`first_subset`] for any size, depth first with a stack.
fn first_subset_deep<T>(
    pool: u16,
    k: usize,
    outside: &impl Fn(usize) -> u16,
    viable: &impl Fn(u16) -> bool,
    visit: &mut impl FnMut(u16, u16) -> Option<T>,
) -> Option<T> {
    if k == 0 || k > 9 {
        return None;
    }
    // `left[depth]`: the lines still to try at `depth`; `picked` and `unions` before it.
    let mut left = [0u16; 9];
    let mut picked = [0u16; 9];
    let mut unions = [0u16; 9];
    left[0] = pool;
    let mut depth = 0;
    loop {
        let rest = *left.get(depth)?;
        // Leave room for the lines still to pick.
        if pop9(rest) < k - depth {
            if depth == 0 {
                return None;
            }
            depth -= 1;
            continue;
        }
        let line = rest.trailing_zeros() as usize;
        let rest = rest & (rest - 1);
        *left.get_mut(depth)? = rest;
        let union = *unions.get(depth)? | outside(line);
        if !viable(union) {
            continue;
        }
        let lines = *picked.get(depth)? | 1 << line;
        if depth + 1 == k {
            if let Some(found) = visit(lines, union) {
                return Some(found);
            }
            continue;
        }
        depth += 1;
        *left.get_mut(depth)? = rest;
        *picked.get_mut(depth)? = lines;
        *unions.get_mut(depth)? = union;
    }
}

/// For a line's places (a 9-bit mask over the cross lines): bit `9 * stack` set for each
/// stack with fewer than `n` of them off it.
const fn under_stacks(mask: usize, n: usize) -> u32 {
    let mut stacks = 0;
    let mut stack = 0;
    while stack < 3 {
        if ((mask & !(0b111 << (3 * stack))).count_ones() as usize) < n {
            stacks |= 1 << (9 * stack);
        }
        stack += 1;
    }
    stacks
}

/// [`under_stacks`] of every mask, for the sizes searched (2 and 3).
static UNDER_STACKS: [[u32; 512]; 2] = {
    let mut tables = [[0u32; 512]; 2];
    let mut mask = 0;
    while mask < 512 {
        tables[0][mask] = under_stacks(mask, 2);
        tables[1][mask] = under_stacks(mask, 3);
        mask += 1;
    }
    tables
};

/// For each 9-bit mask of cross lines: bit `9 * stack` set for each stack it has bits in.
static TOUCHED_STACKS: [u32; 512] = {
    let mut table = [0u32; 512];
    let mut mask = 0;
    while mask < 512 {
        let mut stack = 0;
        while stack < 3 {
            if mask & 0b111 << (3 * stack) != 0 {
                table[mask] |= 1 << (9 * stack);
            }
            stack += 1;
        }
        mask += 1;
    }
    table
};

/// Calls `visit` with each way to pick `k` members of `spare` (a 9-bit mask), in
/// lexicographic order of their positions, until it returns `Some`.
fn choose<T>(spare: u16, k: usize, visit: &mut impl FnMut(u16) -> Option<T>) -> Option<T> {
    if k == 0 {
        return visit(0);
    }
    let mut bits = [0usize; 9];
    let mut count = 0;
    for (slot, bit) in bits.iter_mut().zip(digits_of(spare)) {
        *slot = bit;
        count += 1;
    }
    first_combination(count, k, &mut |pick| visit(pick.iter().fold(0u16, |m, &i| m | 1 << bits[i])))
}

#[cfg(test)]
#[path = "finned_tests.rs"]
mod tests;
