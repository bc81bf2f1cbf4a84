//! One branch of a forcing chain or net: the board with one candidate assumed true, and what
//! follows from it by singles, until the board settles or breaks.
//!
//! The state is bitboards only (each digit's candidate cells and placed cells), so a branch
//! costs a few microseconds and a step can try every candidate of the board. What a branch
//! derived, and from what, is told to a [`Trace`]: the search runs with the empty trace, which
//! compiles away, and only the branches of the step it returns are run again with a
//! [`Facts`](super::facts::Facts) recorder to write the chain.

use super::super::chain::Broken;
use super::super::geometry::{members, units_meeting, Cells, PEERS, UNIT_CELLS};
use super::super::pencil::Pencil;

/// Which singles a branch may follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// Only the start board's strong links: a cell that had two candidates, a digit that had
    /// two places in a unit. Each derived digit then follows from one earlier node, and the
    /// branch is a chain (SE's and HoDoKu's "forcing chain").
    Static,
    /// Every single of the board as the branch changes it: a digit may follow from several
    /// earlier nodes together (a "forcing net", SE's "dynamic forcing chain").
    Dynamic,
}

/// Why a digit is placed in a branch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Why {
    /// The branch's assumption.
    Root,
    /// The last candidate of its cell.
    Naked,
    /// The last place of its digit in this unit.
    Hidden(u8),
}

/// What a branch tells as it goes. The empty trace `()` records nothing.
pub trait Trace {
    /// Digit index `d` is placed in `cell`.
    fn on(&mut self, cell: usize, d: usize, why: Why);
    /// Digit index `d` leaves the candidates of `cells`, because of the last digit placed.
    fn off(&mut self, cells: Cells, d: usize);
    /// Digit index `d` leaves `cell` because assuming it breaks the branch (a nested net).
    fn off_nested(&mut self, cell: usize, d: usize);
}

impl Trace for () {
    #[inline(always)]
    fn on(&mut self, _: usize, _: usize, _: Why) {}
    #[inline(always)]
    fn off(&mut self, _: Cells, _: usize) {}
    #[inline(always)]
    fn off_nested(&mut self, _: usize, _: usize) {}
}

/// What a branch's rules read of the board it started from.
#[derive(Clone, Copy, Debug)]
pub struct Start {
    /// The cells with exactly two candidates.
    bivalue: Cells,
    /// For each digit index, the units where it has exactly two places (bit per unit).
    bilocal: [u32; 9],
}

impl Start {
    pub fn of(p: &Pencil) -> Start {
        let cells = |d: usize| p.cells_of(d);
        let (mut once, mut twice, mut thrice) = (0 as Cells, 0 as Cells, 0 as Cells);
        for d in 0..9 {
            thrice |= twice & cells(d);
            twice |= once & cells(d);
            once |= cells(d);
        }
        let mut bilocal = [0u32; 9];
        for (d, units) in bilocal.iter_mut().enumerate() {
            for (u, &unit) in UNIT_CELLS.iter().enumerate() {
                if (cells(d) & unit).count_ones() == 2 {
                    *units |= 1 << u;
                }
            }
        }
        Start { bivalue: twice & !thrice, bilocal }
    }
}

/// A board in a branch: each digit index's candidate cells and placed cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Branch {
    pub digits: [Cells; 9],
    pub placed: [Cells; 9],
    pub empty: Cells,
    /// For each digit index, the cells that lost it since its units were last looked at
    /// for hidden singles: only their units can have gained one (or lost the last place),
    /// and looking at those alone makes a branch several times cheaper.
    dirty: [Cells; 9],
}

impl Branch {
    pub fn of(p: &Pencil) -> Branch {
        let mut placed = [0 as Cells; 9];
        for (cell, &value) in p.values().iter().enumerate() {
            if let Some(cells) = usize::from(value).checked_sub(1).and_then(|d| placed.get_mut(d)) {
                *cells |= 1 << cell;
            }
        }
        // Singles come before forcing steps, so the board has none left and each branch need
        // look only where its assumption changes it; a board that still has a hidden single
        // (techniques left out) gets a first look at everything.
        let digits: [Cells; 9] = std::array::from_fn(|d| p.cells_of(d));
        let pending =
            (0..9).any(|d| UNIT_CELLS.iter().any(|&unit| placed[d] & unit == 0 && (digits[d] & unit).count_ones() <= 1));
        Branch { digits, placed, empty: p.empty(), dirty: if pending { digits } else { [0; 9] } }
    }

    /// True when digit index `d` is still a candidate of `cell`.
    #[inline]
    pub fn has(&self, cell: usize, d: usize) -> bool {
        self.digits.get(d).is_some_and(|cells| cells >> cell & 1 == 1)
    }

    /// Places digit index `d` in `cell`, which must still hold it as a candidate.
    #[inline]
    pub fn place<T: Trace>(&mut self, cell: usize, d: usize, why: Why, trace: &mut T) -> Result<(), Broken> {
        if !self.has(cell, d) {
            trace.on(cell, d, why);
            return Err(Broken::Both { cell: cell as u8, digit: d as u8 + 1 });
        }
        trace.on(cell, d, why);
        let bit: Cells = 1 << cell;
        for e in 0..9 {
            if e != d && self.digits[e] & bit != 0 {
                trace.off(bit, e);
                self.digits[e] &= !bit;
                self.dirty[e] |= bit;
            }
        }
        let seen = self.digits[d] & PEERS[cell];
        if seen != 0 {
            trace.off(seen, d);
            self.dirty[d] |= seen;
        }
        self.digits[d] &= !(seen | bit);
        self.placed[d] |= bit;
        self.empty &= !bit;
        Ok(())
    }

    /// Removes digit index `d` from `cell` (a nested net ruled it out).
    pub fn remove_nested<T: Trace>(&mut self, cell: usize, d: usize, trace: &mut T) {
        if self.has(cell, d) {
            trace.off_nested(cell, d);
            self.digits[d] &= !(1 << cell);
            self.dirty[d] |= 1 << cell;
        }
    }

    /// Follows singles under `rule` until none is left, or until the board breaks; counts the
    /// digits it places in `placed`.
    pub fn settle<T: Trace>(&mut self, rule: Rule, start: &Start, trace: &mut T, placed: &mut u32) -> Result<(), Broken> {
        loop {
            let (mut once, mut twice) = (0 as Cells, 0 as Cells);
            for &cells in &self.digits {
                twice |= once & cells;
                once |= cells;
            }
            if let Some(cell) = members(self.empty & !once).next() {
                return Err(Broken::NoCandidate { cell: cell as u8 });
            }
            let mut naked = once & !twice & self.empty;
            if rule == Rule::Static {
                naked &= start.bivalue;
            }
            if naked != 0 {
                for cell in members(naked) {
                    let Some(d) = (0..9).find(|&d| self.has(cell, d)) else {
                        return Err(Broken::NoCandidate { cell: cell as u8 });
                    };
                    self.place(cell, d, Why::Naked, trace)?;
                    *placed += 1;
                }
                continue;
            }
            let mut any = false;
            for d in 0..9 {
                let dirty = std::mem::take(&mut self.dirty[d]);
                let mut units = if dirty == 0 { 0 } else { units_meeting(dirty) };
                while units != 0 {
                    let u = units.trailing_zeros() as usize;
                    units &= units - 1;
                    let Some(&unit) = UNIT_CELLS.get(u) else { break };
                    if self.placed[d] & unit != 0 {
                        continue;
                    }
                    let places = self.digits[d] & unit;
                    if places == 0 {
                        return Err(Broken::NoPlace { unit: u as u8, digit: d as u8 + 1 });
                    }
                    if places & (places - 1) == 0 && (rule == Rule::Dynamic || start.bilocal[d] >> u & 1 == 1) {
                        self.place(places.trailing_zeros() as usize, d, Why::Hidden(u as u8), trace)?;
                        *placed += 1;
                        any = true;
                    }
                }
            }
            if !any {
                return Ok(());
            }
        }
    }

    /// The branch where `cell` holds digit index `d`, settled; counts the digits placed (the
    /// assumption too) in `placed`.
    pub fn assume<T: Trace>(
        &self,
        (cell, d): (usize, usize),
        rule: Rule,
        start: &Start,
        trace: &mut T,
        placed: &mut u32,
    ) -> Result<Branch, Broken> {
        let mut branch = *self;
        *placed += 1;
        branch.place(cell, d, Why::Root, trace)?;
        branch.settle(rule, start, trace, placed)?;
        Ok(branch)
    }
}
