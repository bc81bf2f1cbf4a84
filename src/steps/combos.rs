//! Choosing `k` of a few items (at most 9) in lexicographic order, without allocating.

use std::ops::BitOr;

/// Calls `visit` with each `k`-subset of `0..n` (indexes, increasing) until it returns `Some`.
pub fn first_combination<T>(n: usize, k: usize, visit: &mut impl FnMut(&[usize]) -> Option<T>) -> Option<T> {
    if k == 0 || k > n || n > 9 {
        return None;
    }
    let mut pick = [0usize; 9];
    for (i, slot) in pick.iter_mut().enumerate().take(k) {
        *slot = i;
    }
    loop {
        if let Some(found) = visit(&pick[..k]) {
            return Some(found);
        }
        // The rightmost index that can still move right.
        let mut i = k;
        loop {
            if i == 0 {
                return None;
            }
            i -= 1;
            if pick[i] < n - k + i {
                break;
            }
        }
        pick[i] += 1;
        for j in i + 1..k {
            pick[j] = pick[j - 1] + 1;
        }
    }
}

/// [`first_combination`] over items that each bring a mask, for a `visit` that can only
/// succeed when the union of the picked masks passes `viable`: visits the same subsets in the
/// same order, less those that some prefix's union already rules out, with their union.
/// `viable` must never pass a union after failing one of its parts (unions only grow, so
/// the subsets skipped are ones `visit` would have refused).
pub fn first_viable_combination<M, T>(
    masks: &[M],
    k: usize,
    viable: &impl Fn(M) -> bool,
    visit: &mut impl FnMut(&[usize], M) -> Option<T>,
) -> Option<T>
where
    M: Copy + Default + BitOr<Output = M>,
{
    if k == 0 || k > masks.len() || masks.len() > 9 {
        return None;
    }
    // Depth-first over the picks, as a loop: `pick[depth]` is the index tried at `depth`,
    // `unions[depth]` the union of the picks before it. The same order as recursion, with
    // `visit` and `viable` inlined into one loop (a path runs this for every unit it scans).
    let n = masks.len();
    let mut pick = [0usize; 9];
    let mut unions = [M::default(); 9];
    let mut depth = 0;
    loop {
        let index = *pick.get(depth)?;
        // Leave room for the items still to pick.
        if index + (k - depth) > n {
            if depth == 0 {
                return None;
            }
            depth -= 1;
            *pick.get_mut(depth)? += 1;
            continue;
        }
        let joined = *unions.get(depth)? | *masks.get(index)?;
        if !viable(joined) {
            *pick.get_mut(depth)? += 1;
        } else if depth + 1 == k {
            if let Some(found) = visit(pick.get(..k)?, joined) {
                return Some(found);
            }
            *pick.get_mut(depth)? += 1;
        } else {
            depth += 1;
            *pick.get_mut(depth)? = index + 1;
            *unions.get_mut(depth)? = joined;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn viable_combinations_are_the_full_ones_that_pass_in_order() {
        let mut seed = 7u64;
        for _ in 0..300 {
            let mut masks = [0u16; 9];
            let n = (seed % 10) as usize;
            for mask in masks.iter_mut() {
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                *mask = ((seed >> 33) as u16) & ((seed >> 20) as u16) & 0x1ff;
            }
            for k in 0..=5 {
                let limit = k + (seed % 3) as usize;
                let viable = |m: u16| m.count_ones() as usize <= limit;
                let mut all = Vec::new();
                let none: Option<()> = first_combination(n, k, &mut |pick| {
                    let union = pick.iter().fold(0, |m, &i| m | masks[i]);
                    if viable(union) {
                        all.push((pick.to_vec(), union));
                    }
                    None
                });
                let mut pruned = Vec::new();
                let _: Option<()> = first_viable_combination(&masks[..n], k, &viable, &mut |pick, union| {
                    pruned.push((pick.to_vec(), union));
                    None
                });
                assert!(none.is_none());
                assert_eq!(all, pruned);
            }
        }
    }

    #[test]
    fn visits_every_subset_once_in_order() {
        let mut seen = Vec::new();
        let none: Option<()> = first_combination(5, 3, &mut |pick| {
            seen.push(pick.to_vec());
            None
        });
        assert!(none.is_none());
        assert_eq!(seen.len(), 10);
        assert_eq!(seen[0], vec![0, 1, 2]);
        assert_eq!(seen[9], vec![2, 3, 4]);
        assert_eq!(first_combination(9, 4, &mut |pick| (pick == [5, 6, 7, 8]).then_some(1)), Some(1));
    }
}
