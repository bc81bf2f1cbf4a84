//! A short list kept inline: a step's placements, eliminations, cells and units. A path makes
//! a step for every digit it places, and four heap allocations each cost more than finding a
//! single; a list longer than its inline room moves to the heap, so no length is refused.

use std::fmt;
use std::ops::Deref;

/// Up to `N` items inline, more on the heap. The heap list is boxed so that a list takes
/// one pointer's room beside its inline items, and a whole [`Step`](super::Step) stays small
/// enough to be moved without a call to `memcpy`.
#[derive(Clone)]
pub enum List<T: Copy + Default, const N: usize> {
    Inline(u8, [T; N]),
    #[allow(clippy::box_collection)]
    Heap(Box<Vec<T>>),
}

impl<T: Copy + Default, const N: usize> List<T, N> {
    #[inline]
    pub fn new() -> Self {
        List::Inline(0, [T::default(); N])
    }

    #[inline]
    pub fn push(&mut self, item: T) {
        match self {
            List::Inline(len, items) => match items.get_mut(usize::from(*len)) {
                Some(slot) if usize::from(*len) < usize::from(u8::MAX) => {
                    *slot = item;
                    *len += 1;
                }
                _ => self.spill(item),
            },
            List::Heap(items) => items.push(item),
        }
    }

    /// Moves a full inline list to the heap, with `item` after its items: rare, so kept out
    /// of line, and `push` stays small enough to inline where a step is built.
    #[cold]
    #[inline(never)]
    fn spill(&mut self, item: T) {
        let mut spilled = Vec::with_capacity(2 * N + 1);
        spilled.extend_from_slice(self.as_slice());
        spilled.push(item);
        *self = List::Heap(Box::new(spilled));
    }

    #[inline]
    pub fn as_slice(&self) -> &[T] {
        match self {
            List::Inline(len, items) => &items[..usize::from(*len).min(N)],
            List::Heap(items) => items.as_slice(),
        }
    }

    fn as_mut_slice(&mut self) -> &mut [T] {
        match self {
            List::Inline(len, items) => &mut items[..usize::from(*len).min(N)],
            List::Heap(items) => items.as_mut_slice(),
        }
    }

    /// Keeps the first `len` items.
    fn truncate(&mut self, keep: usize) {
        match self {
            List::Inline(len, _) => *len = (*len).min(u8::try_from(keep).unwrap_or(u8::MAX)),
            List::Heap(items) => items.truncate(keep),
        }
    }
}

impl<T: Copy + Default + Ord, const N: usize> List<T, N> {
    /// Sorts the items and drops repeats.
    pub fn sort_dedup(&mut self) {
        let items = self.as_mut_slice();
        items.sort_unstable();
        let mut kept = 0;
        for i in 0..items.len() {
            if kept == 0 || items[i] != items[kept - 1] {
                items[kept] = items[i];
                kept += 1;
            }
        }
        self.truncate(kept);
    }
}

impl<T: Copy + Default, const N: usize> Default for List<T, N> {
    fn default() -> Self {
        List::new()
    }
}

impl<T: Copy + Default, const N: usize> Deref for List<T, N> {
    type Target = [T];
    #[inline]
    fn deref(&self) -> &[T] {
        self.as_slice()
    }
}

impl<'a, T: Copy + Default, const N: usize> IntoIterator for &'a List<T, N> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl<T: Copy + Default, const N: usize> Extend<T> for List<T, N> {
    #[inline]
    fn extend<I: IntoIterator<Item = T>>(&mut self, items: I) {
        for item in items {
            self.push(item);
        }
    }
}

impl<T: Copy + Default, const N: usize> FromIterator<T> for List<T, N> {
    fn from_iter<I: IntoIterator<Item = T>>(items: I) -> Self {
        let mut list = List::new();
        list.extend(items);
        list
    }
}

impl<T: Copy + Default + PartialEq, const N: usize> PartialEq for List<T, N> {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<T: Copy + Default + Eq, const N: usize> Eq for List<T, N> {}

impl<T: Copy + Default + PartialEq, const N: usize> PartialEq<Vec<T>> for List<T, N> {
    fn eq(&self, other: &Vec<T>) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<T: Copy + Default + fmt::Debug, const N: usize> fmt::Debug for List<T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spills_past_its_room_and_reads_the_same() {
        for n in 0..40usize {
            let items: Vec<u8> = (0..n).map(|i| (i * 7 % 11) as u8).collect();
            let list: List<u8, 4> = items.iter().copied().collect();
            assert_eq!(list, items);
            let mut sorted = list.clone();
            sorted.sort_dedup();
            let mut expected = items.clone();
            expected.sort_unstable();
            expected.dedup();
            assert_eq!(sorted, expected);
            assert_eq!(format!("{sorted:?}"), format!("{expected:?}"));
        }
    }
}
