//! Large outputs in huge pages where the system lends them on request (Linux's transparent
//! huge pages in `madvise` mode, as numpy asks for its own large arrays). A batch's output is
//! fresh memory, so without them every 4 KiB page of it costs a fault when first written: a
//! 160 MB array took forty thousand, a third of `random_isomorph_many`'s time.

/// Bytes in one huge page on x86-64 and AArch64 with 4 KiB pages.
#[cfg(target_os = "linux")]
const HUGE_PAGE: usize = 2 << 20;

/// Asks the system to back the whole huge pages inside `out`'s capacity with huge pages. Only
/// a hint: it changes no byte, and where the system refuses, nothing changes.
pub fn advise_huge_pages<T>(out: &mut Vec<T>) {
    #[cfg(target_os = "linux")]
    {
        let bytes = out.capacity().saturating_mul(std::mem::size_of::<T>());
        let start = out.as_mut_ptr() as usize;
        let first = start.saturating_add(HUGE_PAGE - 1) & !(HUGE_PAGE - 1);
        let end = start.saturating_add(bytes) & !(HUGE_PAGE - 1);
        if first < end {
            // SAFETY: [first, end) lies inside the allocation `out` owns (page-aligned, as
            // madvise needs). MADV_HUGEPAGE only changes how the kernel backs those pages,
            // never what they hold, so no value or reference is affected; a failure is
            // harmless, so its result is not read.
            unsafe { libc::madvise(first as *mut libc::c_void, end - first, libc::MADV_HUGEPAGE) };
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = out;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn advice_changes_no_byte_of_small_or_large_outputs() {
        for count in [0usize, 1, 1000, 5 << 20, (9 << 20) + 17] {
            let mut out: Vec<u8> = Vec::with_capacity(count);
            out.extend((0..count).map(|i| (i * 7) as u8));
            advise_huge_pages(&mut out);
            assert!(out.iter().enumerate().all(|(i, &b)| b == (i * 7) as u8), "{count}");
            let mut empty: Vec<[u8; 81]> = Vec::with_capacity(count / 81);
            advise_huge_pages(&mut empty);
            empty.resize(count / 81, [3; 81]);
            assert!(empty.iter().all(|row| row.iter().all(|&b| b == 3)));
        }
    }
}
