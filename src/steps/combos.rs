//! Choosing `k` of a few items (at most 9) in lexicographic order, without allocating.

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

#[cfg(test)]
mod tests {
    use super::*;

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
