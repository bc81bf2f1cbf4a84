//! Running the parts of a batch on several threads, with the first error in input order.
//!
//! Parts sit in a queue that every thread (the calling one included) takes from, so a thread
//! slowed by a busy core takes fewer parts instead of holding the others up. Once a part
//! fails, parts after it are skipped: only the earliest error is ever reported.

use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, PoisonError};
use std::time::Duration;

/// Every core this process may run on (its CPU affinity and cgroup quota included).
pub fn available_threads() -> usize {
    std::thread::available_parallelism().map_or(1, NonZeroUsize::get)
}

/// Parts per thread: small enough to balance load, large enough to cost nothing to hand out.
pub const PARTS_PER_THREAD: usize = 4;

/// How often the calling thread, its own parts done, calls `watch` while the others finish.
pub const WATCH_EVERY: Duration = Duration::from_millis(2);

/// Runs `work` on every part, on up to `threads` threads, and returns the results in part
/// order; a part after one whose result `failed` may be skipped (its result is `None`).
///
/// `threads <= 1` (or a single part) runs everything on the calling thread, spawning nothing.
/// A thread that cannot be spawned is simply not used.
pub fn run_parts<P, R>(
    parts: Vec<P>,
    threads: usize,
    work: impl Fn(P) -> R + Sync,
    failed: impl Fn(&R) -> bool + Sync,
) -> Vec<Option<R>>
where
    P: Send,
    R: Send,
{
    run_parts_watched(parts, threads, work, failed, || {})
}

/// [`run_parts`], with `watch` called on the calling thread every [`WATCH_EVERY`] once its own
/// parts are done and until every other thread is: the calling thread is the one that can
/// hear Ctrl-C in Python, so it keeps listening (and telling the others, through what `work`
/// reads) while they finish.
pub fn run_parts_watched<P, R>(
    parts: Vec<P>,
    threads: usize,
    work: impl Fn(P) -> R + Sync,
    failed: impl Fn(&R) -> bool + Sync,
    watch: impl Fn(),
) -> Vec<Option<R>>
where
    P: Send,
    R: Send,
{
    let count = parts.len();
    let queue: Vec<Mutex<Option<P>>> = parts.into_iter().map(|p| Mutex::new(Some(p))).collect();
    let results: Vec<Mutex<Option<R>>> = (0..count).map(|_| Mutex::new(None)).collect();
    let next = AtomicUsize::new(0);
    let first_failure = AtomicUsize::new(usize::MAX);
    let worker = || loop {
        let index = next.fetch_add(1, Ordering::Relaxed);
        if index >= count {
            break;
        }
        if index > first_failure.load(Ordering::Relaxed) {
            continue;
        }
        let part = queue.get(index).and_then(|slot| slot.lock().unwrap_or_else(PoisonError::into_inner).take());
        if let Some(part) = part {
            let result = work(part);
            if failed(&result) {
                first_failure.fetch_min(index, Ordering::Relaxed);
            }
            if let Some(slot) = results.get(index) {
                *slot.lock().unwrap_or_else(PoisonError::into_inner) = Some(result);
            }
        }
    };
    let helpers = threads.min(count).saturating_sub(1);
    if helpers == 0 {
        worker();
    } else {
        // Helpers still running: the calling thread waits on it, watching meanwhile.
        let running = (Mutex::new(0usize), Condvar::new());
        let helper = || {
            worker();
            let (count, changed) = &running;
            *count.lock().unwrap_or_else(PoisonError::into_inner) -= 1;
            changed.notify_all();
        };
        std::thread::scope(|scope| {
            for _ in 0..helpers {
                *running.0.lock().unwrap_or_else(PoisonError::into_inner) += 1;
                // A failed spawn leaves its share to the threads that did start.
                if std::thread::Builder::new().spawn_scoped(scope, helper).is_err() {
                    *running.0.lock().unwrap_or_else(PoisonError::into_inner) -= 1;
                }
            }
            worker();
            let (count, changed) = &running;
            let mut left = count.lock().unwrap_or_else(PoisonError::into_inner);
            while *left > 0 {
                left = changed.wait_timeout(left, WATCH_EVERY).unwrap_or_else(PoisonError::into_inner).0;
                drop(left);
                watch();
                left = count.lock().unwrap_or_else(PoisonError::into_inner);
            }
        });
    }
    results.into_iter().map(|slot| slot.into_inner().unwrap_or_else(PoisonError::into_inner)).collect()
}

/// How many parts to cut `items` into for `threads` threads: several per thread, each of at
/// least `min_part` items, and at least one.
pub fn part_count(items: usize, threads: usize, min_part: usize) -> usize {
    part_count_per_thread(items, threads, min_part, PARTS_PER_THREAD)
}

/// [`part_count`] with `per_thread` parts per thread.
pub fn part_count_per_thread(items: usize, threads: usize, min_part: usize, per_thread: usize) -> usize {
    if threads <= 1 {
        return 1;
    }
    let by_size = items / min_part.max(1);
    threads.saturating_mul(per_thread).min(by_size).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_back_in_part_order_for_any_thread_count() {
        for threads in [1, 2, 3, 8] {
            let parts: Vec<usize> = (0..50).collect();
            let results = run_parts(parts, threads, |p| p * p, |_| false);
            let expected: Vec<Option<usize>> = (0..50).map(|p| Some(p * p)).collect();
            assert_eq!(results, expected);
        }
    }

    #[test]
    fn parts_before_the_first_failure_always_finish() {
        for threads in [1, 2, 4] {
            let results = run_parts((0..40).collect(), threads, |p: i32| p, |&r| r == 17 || r == 30);
            for (index, result) in results.iter().enumerate().take(18) {
                assert_eq!(*result, Some(index as i32));
            }
        }
    }

    #[test]
    fn the_caller_watches_until_the_other_threads_are_done() {
        use std::sync::atomic::AtomicBool;
        let caller = std::thread::current().id();
        let (helper_started, stop) = (AtomicBool::new(false), AtomicBool::new(false));
        let watched = AtomicUsize::new(0);
        // The helper's part waits for a stop that only the caller's watch raises, so this
        // ends only if the caller, its own part done, keeps watching.
        let work = |part: usize| {
            // The caller's part waits for the helper to hold the other one.
            let until = if std::thread::current().id() == caller {
                &helper_started
            } else {
                helper_started.store(true, Ordering::Relaxed);
                &stop
            };
            while !until.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(1));
            }
            part
        };
        let watch = || {
            if watched.fetch_add(1, Ordering::Relaxed) == 3 {
                stop.store(true, Ordering::Relaxed);
            }
        };
        let results = run_parts_watched(vec![0, 1], 2, work, |_| false, watch);
        assert_eq!(results, [Some(0), Some(1)]);
        assert!(watched.load(Ordering::Relaxed) >= 4);
    }

    #[test]
    fn part_counts() {
        assert_eq!(part_count(1_000_000, 1, 8192), 1);
        assert_eq!(part_count(1_000_000, 2, 8192), 8);
        assert_eq!(part_count(10_000, 2, 8192), 1);
        assert_eq!(part_count(0, 2, 8192), 1);
        assert_eq!(part_count_per_thread(16_384, 2, 64, 16), 32);
        assert_eq!(part_count_per_thread(16_384, 1, 64, 16), 1);
        assert_eq!(part_count_per_thread(1_000, 2, 64, 16), 15);
        assert!(available_threads() >= 1);
    }
}
